"""Nothing raises outside the library's own errors, whatever the input (docs/errors.md).

Each test tries several members of one class of hostile input: paths no
file system holds, integers too large for a record, arguments of the wrong
type, constructors called wrong, actions altered after they were built, and
objects whose own methods raise. Every one gets a :class:`canasta.CanastaError`
of the documented kind, with a message that says what is wrong and where,
and leaves the game exactly as it was.
"""

from __future__ import annotations

import copy
import os
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from engine_helpers import snapshot
from hostile import Hostile, HostileText

import canasta
from canasta.errors import shown_value
from canasta.scenarios import load_scenarios
from canasta.simulation import load_records


class RaisingPath(os.PathLike[str]):
    """A path-like whose ``__fspath__`` raises."""

    def __fspath__(self) -> str:
        raise RuntimeError("fspath")


class NumberPath(os.PathLike[str]):
    """A path-like whose ``__fspath__`` gives no text."""

    def __fspath__(self) -> str:
        return 3  # type: ignore[return-value]


BAD_PATHS = [
    "a\0b.toml", "club\udc80.toml", "lone\ud800.json", "x" * 5000 + ".toml", "/dev/zero", ".", "", 42, None, b"bytes.toml",
    RaisingPath(), NumberPath(),
]  # fmt: skip
"""A NUL byte, a lone surrogate (two kinds), a name too long, a device, a directory, nothing, things that are no path, and path-likes that fail."""

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

TOO_LARGE = [2**63, -(2**63) - 1, 10**40, -(10**40), 10**5000, -(10**5000)]
"""Past 64 bits; the last two are too long even for ``str()`` (Python's 4,300-digit limit), so no message may format them."""


@pytest.mark.parametrize("seed", TOO_LARGE, ids=lambda n: f"{len(shown_value(n))}-char")
def test_a_seed_a_record_cannot_hold_is_refused_where_it_enters(seed: int) -> None:
    with pytest.raises(canasta.ArgumentError, match="seed"):
        canasta.Game("finnish", seed=seed)
    data = canasta.Game("finnish", seed=1).record().to_data()
    with pytest.raises(canasta.RecordError, match="seed"):
        canasta.GameRecord.from_data({**data, "seed": seed})
    position = canasta.Game("finnish", seed=1).position()
    with pytest.raises(canasta.PositionError, match="seed"):
        canasta.Game.from_position({**position, "seed": seed})


@pytest.mark.parametrize("turn_cap", [*TOO_LARGE, 0, -1], ids=lambda n: shown_value(n))
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


@pytest.mark.parametrize("players", [0, 1, 3, 7, -4, 10**30, 10**5000], ids=lambda n: shown_value(n))
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


class _RaisingMeta(type):
    """A metaclass whose comparisons raise: the library may only look a type up by identity."""

    def __eq__(cls, other: object) -> bool:
        raise RuntimeError("meta eq")

    __hash__ = type.__hash__


class HostileType(metaclass=_RaisingMeta):
    """An object of a type whose metaclass ``__eq__`` raises."""


def test_an_object_whose_type_compares_by_raising_is_a_notation_error() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    before = snapshot(g)
    assert isinstance(g.violation(HostileType()), canasta.NotationError)
    assert not g.can(HostileType())
    with pytest.raises(canasta.NotationError):
        g.apply(HostileType())  # type: ignore[arg-type]
    assert snapshot(g) == before


# ---------------------------------------------------------------------------
# python-chess's contract: a listed action is applied on trust, anything else is checked
# ---------------------------------------------------------------------------


def test_actions_are_frozen() -> None:
    """Frozen attrs classes are the protection: a field cannot be assigned (``object.__setattr__`` is outside the contract)."""
    for action in (canasta.Meld(rank="K", naturals=3), canasta.Discard(rank="7"), canasta.TakePile(naturals=2), canasta.AnswerGoOut(yes=True)):
        field = attrs.fields(type(action))[0].name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(action, field, None)


def test_a_listed_action_is_applied_on_trust_and_anything_else_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The action object from the current ``legal_actions()`` skips the check; an equal action built anew, and text, are checked."""
    from canasta.core import legality

    checked: list[str] = []
    real = legality.check

    def counting(st: Any, action: canasta.Action) -> Any:
        checked.append(str(action))
        return real(st, action)

    monkeypatch.setattr(legality, "check", counting)
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply(g.legal_actions()[0])  # the listed draw
    assert checked == []
    listed = next(a for a in g.legal_actions() if isinstance(a, canasta.Discard))
    built = canasta.Discard(rank=listed.rank)  # equal, but another object
    assert built == listed and built is not listed
    g.copy().apply(listed)
    assert checked == []
    g.copy().apply(built)
    assert checked == [str(listed)]
    g.apply(str(listed))
    assert checked == [str(listed)] * 2


def test_an_action_from_an_earlier_turn_is_checked_not_trusted() -> None:
    """An action object listed at an earlier turn, illegal now, raises IllegalActionError and leaves the game unchanged."""
    g = canasta.Game("finnish", players=4, seed=7)
    first = g.legal_actions()
    g.apply("draw")
    before = snapshot(g)
    for old in first:
        if g.can(old):
            continue
        with pytest.raises(canasta.IllegalActionError):
            g.apply(old)
        assert snapshot(g) == before
    assert not g.can(canasta.Draw())


def test_an_action_listed_by_another_game_is_checked_here() -> None:
    """Every game lists the same interned objects; one that this game does not list now is checked, not trusted."""
    a = canasta.Game("finnish", players=4, seed=7)
    b = canasta.Game("finnish", players=4, seed=8)
    b.apply("draw")
    before = snapshot(a)
    for action in b.legal_actions():
        if a.can(action):
            continue
        with pytest.raises(canasta.IllegalActionError):
            a.apply(action)
        assert snapshot(a) == before


def test_copies_and_pickles_of_actions_are_equal_actions_and_accepted() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    for action in g.legal_actions():
        for twin in (copy.copy(action), copy.deepcopy(action), pickle.loads(pickle.dumps(action))):
            assert twin == action and g.can(twin)


@pytest.mark.parametrize(
    "build",
    [
        lambda: canasta.GameRecord(),  # type: ignore[call-arg]
        lambda: canasta.GameRecord("v", 4, 1, ()),  # type: ignore[misc]
        lambda: canasta.GameRecord(variant="x", players=4, seed=1, actions=(), colour="red"),  # type: ignore[call-arg]
        lambda: canasta.GameRecord(variant="x", players=4, seed=1, actions=(), position={"hands": {0: "AS"}}),
        lambda: canasta.GameRecord(variant="x", players=4, seed=1, actions=(), position={"seed": 10**5000}),
        lambda: canasta.GameRecord(variant="x", players=4, seed=1, actions=(), position={"note": None}),
    ],
)
def test_a_record_built_wrong_is_a_record_error(build: Callable[[], object]) -> None:
    with pytest.raises(canasta.RecordError):
        build()


@pytest.mark.parametrize("build", [lambda: canasta.Rank(), lambda: canasta.Card(), lambda: canasta.Rank("K", "Q"), lambda: canasta.Card(code=3)])  # type: ignore[call-arg]
def test_a_card_or_rank_built_wrong_is_a_notation_error(build: Callable[[], object]) -> None:
    with pytest.raises(canasta.NotationError, match="like"):
        build()


@pytest.mark.parametrize("enum", [canasta.Phase, canasta.Question, canasta.Termination])
@pytest.mark.parametrize("value", ["x", 3, None, Hostile()], ids=["text", "int", "none", "hostile"])
def test_an_unknown_choice_of_an_enum_is_an_argument_error_listing_the_choices(enum: type[Any], value: object) -> None:
    with pytest.raises(canasta.ArgumentError, match="allowed"):
        enum(value)


def test_a_profile_changed_in_python_is_checked_like_a_file_before_it_plays() -> None:
    v = canasta.load_variant("finnish")
    for hand_size in ("x", 10**5, -1, None, 10**5000):
        bad = attrs.evolve(v, deal=attrs.evolve(v.deal, hand_size={4: hand_size}))
        with pytest.raises(canasta.VariantError, match=r"deal\.hand_size|no profile file can hold"):
            canasta.Game(bad, seed=1)
    good = attrs.evolve(v, deal=attrs.evolve(v.deal, hand_size={4: 13}))
    assert canasta.Game(good, seed=1).state.sizes[0] == 13


def test_a_subclass_of_an_action_is_no_action() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    assert isinstance(g.violation(HostileMeld(rank="K", naturals=3)), canasta.NotationError)


def test_notation_and_argument_errors_pickle_for_worker_processes(tmp_path: Path) -> None:
    for error in (canasta.ArgumentError("x"), canasta.UnsupportedPlayerCount("y")):
        assert str(pickle.loads(pickle.dumps(error))) == str(error)


# ---------------------------------------------------------------------------
# Every public function, given values of every kind
# ---------------------------------------------------------------------------

HOSTILE_VALUES: list[object] = [
    None, 0, -1, 2**70, 10**5000, -(10**5000), 1.5, float("nan"), "", "x", "\0", "\ud800", b"x", [], {}, object(), True, ("a",),
    Hostile(), HostileText("x"), HostileType(), RaisingPath(),
]  # fmt: skip


def _public_calls() -> dict[str, Callable[[object], object]]:
    g = canasta.Game("finnish", seed=1)
    record = g.record()
    position = g.position()
    return {
        "parse_action": canasta.parse_action,
        "parse_card": canasta.parse_card,
        "parse_rank": canasta.parse_rank,
        "rank_of": canasta.rank_of,
        "card_text": canasta.card_text,
        "rank_text": canasta.rank_text,
        "is_wild": canasta.is_wild,
        "is_natural": canasta.is_natural,
        "Card": canasta.Card,
        "Rank": canasta.Rank,
        "Game": canasta.Game,
        "Game(players=)": lambda v: canasta.Game("finnish", players=v),  # type: ignore[arg-type]
        "Game(seed=)": lambda v: canasta.Game("finnish", seed=v),  # type: ignore[arg-type]
        "Game(turn_cap=)": lambda v: canasta.Game("finnish", turn_cap=v),  # type: ignore[arg-type]
        "Game.view": g.view,
        "Game.side_of": g.side_of,
        "Game.apply": lambda v: g.copy().apply(v),  # type: ignore[arg-type]
        "Game.can": g.can,
        "Game.violation": g.violation,
        "Game.replay": canasta.Game.replay,
        "Game.replay(actions=)": lambda v: canasta.Game.replay(record, actions=v),  # type: ignore[arg-type]
        "Game.from_position": canasta.Game.from_position,
        "Game.from_position(turn_cap=)": lambda v: canasta.Game.from_position(position, turn_cap=v),  # type: ignore[arg-type]
        "GameRecord.from_data": canasta.GameRecord.from_data,
        "GameRecord.loads": canasta.GameRecord.loads,
        "GameRecord.from_toml": canasta.GameRecord.from_toml,
        "GameRecord.from_json": canasta.GameRecord.from_json,
        "GameRecord.load": canasta.GameRecord.load,
        "load_variant": canasta.load_variant,
        "loads_variant": canasta.loads_variant,
        "dumps_variant": canasta.dumps_variant,
        "check_variant": canasta.check_variant,
        "diff_variants": lambda v: canasta.diff_variants(canasta.load_variant("finnish"), v),  # type: ignore[arg-type]
        "simulate": lambda v: canasta.simulate(v, hands=1, bots="random", workers=1),  # type: ignore[arg-type]
        "simulate(hands=)": lambda v: canasta.simulate("finnish", hands=v, bots="random", workers=1) if type(v) is not int or v < 100 else None,  # type: ignore[arg-type]
        "simulate(seed=)": lambda v: canasta.simulate("finnish", hands=1, seed=v, bots="random", workers=1),  # type: ignore[arg-type]
        "simulate(players=)": lambda v: canasta.simulate("finnish", hands=1, players=v, bots="random", workers=1),  # type: ignore[arg-type]
        "simulate(bots=)": lambda v: canasta.simulate("finnish", hands=1, bots=v, workers=1),  # type: ignore[arg-type]
        "compare": lambda v: canasta.compare(["finnish", v], hands=1, bots="random", workers=1),  # type: ignore[list-item]
    }


@pytest.mark.parametrize("name", list(_public_calls()))
def test_every_public_function_raises_only_the_librarys_errors(name: str) -> None:
    call = _public_calls()[name]
    for value in HOSTILE_VALUES:
        try:
            call(value)
        except canasta.CanastaError as exc:
            str(exc).encode("utf-8")  # printable
        except Exception as exc:  # the property under test
            pytest.fail(f"{name}({shown_value(value, 40)}) raised {type(exc).__name__}: {exc}")
