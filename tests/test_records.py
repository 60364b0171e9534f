"""Game records: reading them strictly, saying where a bad one is wrong, and locating a replay that breaks."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

import canasta
from canasta.core.transitions import DEFAULT_TURN_CAP
from canasta.errors import CanastaError, RecordError, ReplayError

GameRecord = canasta.GameRecord


def played(actions: int = 300, seed: int = 3) -> canasta.Game:
    """A Finnish match after ``actions`` random legal actions (fewer if it ends)."""
    game = canasta.Game("finnish", seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def record() -> GameRecord:
    return played().record()


def error_of(data: Any) -> RecordError:
    with pytest.raises(RecordError) as info:
        GameRecord.from_data(data)
    return info.value


# ---------------------------------------------------------------------------
# Files and text
# ---------------------------------------------------------------------------


def test_save_and_load_round_trip_toml_and_json(record: GameRecord, tmp_path: Path) -> None:
    for name in ("game.toml", "game.json", "game.record"):
        path = tmp_path / name
        record.save(path)
        loaded = GameRecord.load(path)
        assert loaded == record and loaded.file == str(path)
    assert json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))["seed"] == record.seed
    assert GameRecord.loads(record.to_json()) == GameRecord.loads(record.to_toml()) == record


def test_a_truncated_record_says_the_file_and_line(record: GameRecord, tmp_path: Path) -> None:
    text = record.to_toml()
    path = tmp_path / "cut.toml"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(RecordError) as info:
        GameRecord.load(path)
    error = info.value
    assert error.file == str(path) and error.line is not None and error.line > 1 and error.column is not None
    assert str(error).startswith(f"{path}, line {error.line}, column {error.column}: not a game record: broken TOML")


def test_broken_json_says_the_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text('{"players": 4,\n "seed": ', encoding="utf-8")
    with pytest.raises(RecordError) as info:
        GameRecord.load(path)
    assert (info.value.line, info.value.column) == (2, 10) and "broken JSON" in str(info.value)


def test_an_empty_file_names_every_missing_key(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text("", encoding="utf-8")
    with pytest.raises(RecordError) as info:
        GameRecord.load(path)
    assert str(info.value) == f"{path}: not a game record: missing keys variant, players, seed, actions"
    assert str(error_of({"players": 4})) == "not a game record: missing keys variant, seed, actions"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_unreadable_paths_are_record_errors(tmp_path: Path) -> None:
    for path, reason in (("/dev/zero", "not a regular file"), (str(tmp_path), "is a directory"), (str(tmp_path / "no.toml"), "no such file")):
        with pytest.raises(RecordError) as info:
            GameRecord.load(path)
        assert info.value.file == path and reason in str(info.value)


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("seed", 1.5, "seed: expected a 64-bit integer (TOML holds no larger), got 1.5 (float)"),
        ("seed", True, "seed: expected a 64-bit integer (TOML holds no larger), got True (bool)"),
        ("seed", 2**63, "seed: expected a 64-bit integer (TOML holds no larger), got 9223372036854775808"),
        ("seed", -(2**63) - 1, "seed: expected a 64-bit integer (TOML holds no larger), got -9223372036854775809"),
        ("turn_cap", 0, "turn_cap: expected a whole number of turns of at least 1 (64-bit), got 0"),
        ("turn_cap", -3, "turn_cap: expected a whole number of turns of at least 1 (64-bit), got -3"),
        ("turn_cap", 2**63, "turn_cap: expected a whole number of turns of at least 1 (64-bit), got 9223372036854775808"),
        ("players", "4", "players: expected a number of players from 2 to 6, got '4'"),
        ("players", 4.0, "players: expected a number of players from 2 to 6, got 4.0 (float)"),
        ("players", 10**40, "players: expected a number of players from 2 to 6, got a 41-digit number"),
        ("actions", "draw", "actions: expected a list of action texts like 'draw', got 'draw'"),
        ("variant", 7, "variant: expected the profile as TOML text, got 7"),
        ("position", "AS", "position: expected a position table, got 'AS'"),
    ],
)
def test_each_bad_value_is_a_problem_with_its_key(record: GameRecord, key: str, value: Any, expected: str) -> None:
    assert error_of({**record.to_data(), key: value}).problems == (expected,)


def test_a_number_too_long_to_print_is_shown_by_its_length(record: GameRecord) -> None:
    for key in ("seed", "turn_cap", "players"):
        (problem,) = error_of({**record.to_data(), key: 10**5000}).problems
        assert problem.startswith(f"{key}: expected") and problem.endswith("got a number of over 4,000 digits")


def test_every_problem_is_listed_at_once(record: GameRecord) -> None:
    error = error_of({**record.to_data(), "seed": 1.5, "actions": ["draw", 5], "colour": "red"})
    assert error.problems == (
        "colour: unknown key; a record holds variant, players, seed, actions, turn_cap, rules_version, hands, position, penalties",
        "seed: expected a 64-bit integer (TOML holds no larger), got 1.5 (float)",
        "actions[1]: expected action text like 'meld K n3', got 5",
    )
    assert str(error).startswith("not a game record (3 problems):\n  - colour")


def test_a_record_built_in_python_is_checked_too() -> None:
    with pytest.raises(RecordError, match="turn_cap: expected a whole number"):
        GameRecord(variant="x", players=4, seed=1, turn_cap=0, actions=())


def test_the_default_turn_cap_is_the_engines(record: GameRecord) -> None:
    data = record.to_data()
    del data["turn_cap"]
    assert GameRecord.from_data(data).turn_cap == DEFAULT_TURN_CAP
    assert GameRecord(variant="x", players=4, seed=1, actions=()).turn_cap == DEFAULT_TURN_CAP


def test_a_table_that_is_not_a_record() -> None:
    assert error_of([1, 2]).problems == ("expected a table with keys variant, players, seed, actions, got list",)


# ---------------------------------------------------------------------------
# Replays
# ---------------------------------------------------------------------------


def test_a_tampered_action_is_located_by_number_hand_and_seat(record: GameRecord, tmp_path: Path) -> None:
    game = canasta.Game.replay(record, record.actions[:150])
    hand, seat = game.hand_number, game.current_player
    assert not game.can("meld K n3")
    actions = list(record.actions)
    actions[150] = "meld K n3"
    path = tmp_path / "tampered.toml"
    attrs.evolve(record, actions=tuple(actions)).save(path)
    with pytest.raises(ReplayError) as info:
        canasta.Game.replay(GameRecord.load(path))
    error = info.value
    assert (error.index, error.total, error.hand_number, error.seat, error.action) == (150, len(actions), hand, seat, "meld K n3")
    assert isinstance(error.error, canasta.IllegalActionError) and error.__cause__ is error.error
    assert str(error).startswith(f"{path}: action 151 of {len(actions):,} (hand {hand}, seat {seat}): 'meld K n3': ")
    assert error.error.reason in str(error) and isinstance(error, RecordError)


def test_unreadable_action_text_in_a_record_is_a_replay_error(record: GameRecord) -> None:
    bad = attrs.evolve(record, actions=("meld K n²",))
    with pytest.raises(ReplayError) as info:
        canasta.Game.replay(bad)
    assert isinstance(info.value.error, canasta.NotationError)
    assert str(info.value).startswith("action 1 of 1 (hand 1, seat ")


def test_thousands_are_grouped_in_the_action_number() -> None:
    error = ReplayError(index=1233, total=2000, hand_number=3, seat=2, action="meld K n3", error=canasta.NotationError("x"))
    assert str(error) == "action 1,234 of 2,000 (hand 3, seat 2): 'meld K n3': x"


def test_a_record_whose_profile_or_players_cannot_be_set_up(record: GameRecord) -> None:
    with pytest.raises(RecordError) as info:
        canasta.Game.replay(attrs.evolve(record, variant="[deal\n"))
    assert info.value.problems[0].startswith("variant: ") and not isinstance(info.value, ReplayError)
    with pytest.raises(RecordError, match="players: profile 'finnish' has rules for"):
        canasta.Game.replay(attrs.evolve(record, players=3))
    with pytest.raises(RecordError, match=r"position\.players"):
        canasta.Game.replay(attrs.evolve(record, position={"variant": "finnish", "players": 3}))


def test_every_record_error_is_a_canasta_error_and_a_value_error(record: GameRecord) -> None:
    for cls in (RecordError, ReplayError):
        assert issubclass(cls, CanastaError) and issubclass(cls, ValueError)
    with pytest.raises(ValueError):
        GameRecord.from_json('{"players": 4}')


def test_replay_accepts_a_record_its_data_its_text_or_its_file(record: GameRecord, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record.save(path)
    expected = canasta.Game.replay(record).record()
    for given in (record.to_data(), record.to_toml(), record.to_json(), path, str(path)):
        assert canasta.Game.replay(given).record() == expected
    with pytest.raises(RecordError, match="expected a GameRecord"):
        canasta.Game.replay(42)  # type: ignore[arg-type]
    if os.path.exists("/dev/zero"):
        with pytest.raises(RecordError, match="not a regular file"):
            canasta.Game.replay("/dev/zero")


def test_a_record_is_saved_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``save`` writes through the library's one writer: a failure leaves the old file and no temporary file, and a FIFO or a
    device is refused before anything is opened (a FIFO would block, ``/dev/zero`` would swallow the record)."""
    g = canasta.Game("finnish", players=4, seed=2)
    g.apply(g.legal_actions()[0])
    target = tmp_path / "match.toml"
    g.record().save(target)
    before = target.read_text(encoding="utf-8")
    g.apply(g.legal_actions()[0])

    def fail(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(canasta.RecordError, match="No space left on device"):
        g.record().save(target)
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match.toml"]
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        with pytest.raises(canasta.RecordError, match="cannot be written"):
            g.record().save(path)
    g.record().save(tmp_path / "match.json")
    assert canasta.GameRecord.load(tmp_path / "match.json") == g.record()
