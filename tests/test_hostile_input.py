"""Nothing raises outside the library's own errors, whatever the input (issue 17, item 1; docs/errors.md).

Each test tries several members of one class of hostile input: paths no
file system holds, integers too large for a record, arguments of the wrong
type, constructors called wrong, actions altered after they were built, and
objects whose own methods raise. Every one gets a :class:`canasta.CanastaError`
of the documented kind, with a message that says what is wrong and where,
and leaves the game exactly as it was.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import snapshot

import canasta
from canasta.scenarios import load_scenarios
from canasta.simulation import load_records

BAD_PATHS = ["a\0b.toml", "club\udc80.toml", "lone\ud800.json", "x" * 5000 + ".toml", "/dev/zero", ".", "", 42, None, b"bytes.toml"]
"""A NUL byte, a lone surrogate (two kinds), a name too long, a device, a directory, nothing, and things that are no path."""

READERS: dict[str, tuple[Callable[[Any], object], type[canasta.CanastaError]]] = {
    "Game.from_position": (canasta.Game.from_position, canasta.PositionError),
    "GameRecord.load": (canasta.GameRecord.load, canasta.RecordError),
    "Game.replay": (canasta.Game.replay, canasta.RecordError),
    "load_scenarios": (load_scenarios, canasta.ScenarioError),
    "load_records": (load_records, canasta.RecordError),
    "load_variant": (canasta.load_variant, canasta.VariantError),
}


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("path", BAD_PATHS, ids=repr)
def test_every_reader_refuses_a_bad_path_with_its_own_error_naming_the_path(reader: str, path: Any) -> None:
    read, error = READERS[reader]
    with pytest.raises(canasta.CanastaError) as raised:
        read(path)
    text = str(raised.value)
    text.encode("utf-8")  # printable: no lone surrogate in the message
    assert "\0" not in text
    if isinstance(path, str) and path not in ("", ".") and len(path) < 100 and reader != "load_variant":
        assert isinstance(raised.value, error), (type(raised.value), text)
        assert path.replace("\0", "\\x00").encode("utf-8", "backslashreplace").decode() in text, text


@pytest.mark.parametrize("name", ["a\0b.toml", "lone\ud800.toml", "no-such-folder/record.json", "", 42])
def test_writing_a_record_to_a_bad_path_is_a_record_error(tmp_path: Path, name: Any) -> None:
    record = canasta.Game("finnish", seed=1).record()
    path = tmp_path / name if isinstance(name, str) and name else name
    with pytest.raises(canasta.RecordError, match="cannot be written"):
        record.save(path)
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------------
# Integers a record cannot hold, and arguments of the wrong type
# ---------------------------------------------------------------------------

TOO_LARGE = [2**63, -(2**63) - 1, 10**40, -(10**40)]


@pytest.mark.parametrize("seed", TOO_LARGE)
def test_a_seed_a_record_cannot_hold_is_refused_where_it_enters(seed: int) -> None:
    with pytest.raises(canasta.ArgumentError, match="seed"):
        canasta.Game("finnish", seed=seed)
    data = canasta.Game("finnish", seed=1).record().to_data()
    with pytest.raises(canasta.RecordError, match="seed"):
        canasta.GameRecord.from_data({**data, "seed": seed})
    position = canasta.Game("finnish", seed=1).position()
    with pytest.raises(canasta.PositionError, match="seed"):
        canasta.Game.from_position({**position, "seed": seed})


@pytest.mark.parametrize("turn_cap", [*TOO_LARGE, 0, -1])
def test_a_turn_cap_a_record_cannot_hold_is_refused_where_it_enters(turn_cap: int) -> None:
    with pytest.raises(canasta.ArgumentError, match="turn_cap"):
        canasta.Game("finnish", seed=1, turn_cap=turn_cap)
    position = canasta.Game("finnish", seed=1).position()
    with pytest.raises(canasta.ArgumentError, match="turn_cap"):
        canasta.Game.from_position(position, turn_cap=turn_cap)
    data = canasta.Game("finnish", seed=1).record().to_data()
    with pytest.raises(canasta.RecordError, match="turn_cap"):
        canasta.GameRecord.from_data({**data, "turn_cap": turn_cap})


def test_every_integer_a_game_records_fits_toml() -> None:
    for seed in (2**63 - 1, -(2**63)):
        text = canasta.Game("finnish", seed=seed, turn_cap=2**63 - 1).record().to_toml()
        assert canasta.Game.replay(canasta.GameRecord.from_toml(text)).seed == seed


@pytest.mark.parametrize("players", ["4", 4.0, None, [4], (4,), True, {"n": 4}, 4 + 0j])
def test_a_player_count_of_the_wrong_type_is_an_argument_error_showing_its_type(players: Any) -> None:
    with pytest.raises(canasta.ArgumentError) as raised:
        canasta.Game("finnish", players=players, seed=1)
    assert not isinstance(raised.value, canasta.UnsupportedPlayerCount)
    assert f"({type(players).__name__})" in str(raised.value), str(raised.value)


@pytest.mark.parametrize("players", [0, 1, 3, 7, -4, 10**30])
def test_a_player_count_without_rules_is_unsupported_and_says_which_counts_are(players: int) -> None:
    with pytest.raises(canasta.UnsupportedPlayerCount, match="has rules for 4 players, not"):
        canasta.Game("finnish", players=players, seed=1)


@pytest.mark.parametrize("seed", ["x", 1.5, True, b"7", [7]])
def test_a_seed_of_the_wrong_type_is_an_argument_error(seed: Any) -> None:
    with pytest.raises(canasta.ArgumentError, match=r"seed=\.\.\.\): expected an int or None"):
        canasta.Game("finnish", seed=seed)


@pytest.mark.parametrize("variant", [42, None, ["finnish"], b"finnish"])
def test_a_variant_of_the_wrong_type_is_an_argument_error(variant: Any) -> None:
    with pytest.raises(canasta.ArgumentError, match="variant"):
        canasta.Game(variant, seed=1)


# ---------------------------------------------------------------------------
# Actions built wrong, altered after they were built, or not actions at all
# ---------------------------------------------------------------------------

CONSTRUCTIONS: list[Callable[[], object]] = [
    lambda: canasta.Meld(),  # type: ignore[call-arg]
    lambda: canasta.Meld("K", 3),  # type: ignore[misc]
    lambda: canasta.Meld(rank="K", naturals=3, colour="red"),  # type: ignore[call-arg]
    lambda: canasta.Draw(1),  # type: ignore[call-arg]
    lambda: canasta.Draw(now=True),  # type: ignore[call-arg]
    lambda: canasta.Discard(),  # type: ignore[call-arg]
    lambda: canasta.Discard("7"),  # type: ignore[misc]
    lambda: canasta.AnswerGoOut(),  # type: ignore[call-arg]
    lambda: canasta.AnswerGoOut(True),  # type: ignore[misc]
    lambda: canasta.TakePile(2),  # type: ignore[misc]
    lambda: canasta.Action(),
]


@pytest.mark.parametrize("build", CONSTRUCTIONS)
def test_a_constructor_called_wrong_is_a_notation_error(build: Callable[[], object]) -> None:
    with pytest.raises(canasta.NotationError) as raised:
        build()
    assert "like" in str(raised.value) or "base class" in str(raised.value)


def test_actions_still_pickle_and_copy() -> None:
    import copy

    for action in (canasta.Meld(rank="K", naturals=3), canasta.Draw(), canasta.AnswerGoOut(yes=False), canasta.TakePile(naturals=2)):
        assert pickle.loads(pickle.dumps(action)) == action
        assert copy.deepcopy(action) == action


ALTERED: list[tuple[canasta.Action, str, object]] = [
    (canasta.AnswerGoOut(yes=True), "yes", "no"),
    (canasta.AnswerGoOut(yes=False), "yes", 1),
    (canasta.Meld(rank="K", naturals=3), "naturals", -1),
    (canasta.Meld(rank="K", naturals=3), "naturals", "3"),
    (canasta.Meld(rank="K", naturals=3), "rank", 11),
    (canasta.Meld(rank="K", naturals=3), "rank", None),
    (canasta.Meld(rank="K", naturals=3), "naturals", 0),
    (canasta.Discard(rank="7"), "rank", "7"),
    (canasta.Discard(rank="7"), "rank", canasta.Rank("W")),
    (canasta.TakePile(naturals=2), "top_only", "yes"),
    (canasta.TakePile(naturals=2), "twos", 10**9),
]


@pytest.mark.parametrize(("action", "field", "value"), ALTERED, ids=lambda x: repr(x) if not isinstance(x, canasta.Action) else type(x).__name__)
def test_an_action_altered_after_construction_is_refused_by_can_violation_and_apply(action: canasta.Action, field: str, value: object) -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    g.apply("ask")  # the partner is to answer, so an answer would be legal if well formed
    altered = pickle.loads(pickle.dumps(action))
    object.__setattr__(altered, field, value)
    before = snapshot(g)
    assert not g.can(altered)
    assert isinstance(g.violation(altered), canasta.NotationError)
    with pytest.raises(canasta.NotationError, match="altered"):
        g.apply(altered)
    assert snapshot(g) == before and [str(a) for a in g.actions] == ["draw", "ask"]


class Hostile:
    """An object whose every method a careless library might call raises."""

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __str__(self) -> str:
        raise RuntimeError("str")


class HostileText(str):
    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __str__(self) -> str:
        raise RuntimeError("str")


class HostileMeld(canasta.Meld):
    def __hash__(self) -> int:
        raise RuntimeError("hash")


@pytest.mark.parametrize(
    "value",
    [Hostile(), HostileText("draw"), HostileText("meld K"), object(), 42, None, b"draw", ["draw"], canasta.Draw],
    ids=["hostile", "hostile-text", "hostile-bad-text", "object", "int", "none", "bytes", "list", "class"],
)
def test_values_that_are_no_well_formed_action_are_notation_errors_and_change_nothing(value: object) -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    before = snapshot(g)
    error = g.violation(value)
    if isinstance(value, HostileText) and str.__str__(value) == "draw":
        assert error is None and g.can(value)
        g.apply(value)  # type: ignore[arg-type]
        assert [str(a) for a in g.actions] == ["draw"]
        return
    assert isinstance(error, canasta.NotationError), error
    assert not g.can(value)
    with pytest.raises(canasta.NotationError):
        g.apply(value)  # type: ignore[arg-type]
    assert snapshot(g) == before


def test_a_subclass_of_an_action_is_no_action() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    assert isinstance(g.violation(HostileMeld(rank="K", naturals=3)), canasta.NotationError)


def test_notation_and_argument_errors_pickle_for_worker_processes(tmp_path: Path) -> None:
    for error in (canasta.ArgumentError("x"), canasta.UnsupportedPlayerCount("y")):
        assert str(pickle.loads(pickle.dumps(error))) == str(error)
