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


def listed_of_each_kind() -> tuple[canasta.Game, dict[type, canasta.Action]]:
    """A game mid-turn whose legal list holds a meld, a discard and (after the draw of another) a take; with the listed objects."""
    for seed in range(200):
        g = canasta.Game("finnish", players=4, seed=seed)
        kinds = {type(a): a for a in g.legal_actions()}
        if canasta.TakePile not in kinds:
            continue
        g.apply("draw")
        kinds.update({type(a): a for a in g.legal_actions()})
        if canasta.Meld in kinds and canasta.Discard in kinds:
            return g, kinds
    raise AssertionError("no seed lists a take, a meld and a discard")


OTHER_VALUES: dict[str, list[object]] = {
    "naturals": [0, 1, 99, -1, "2", None, True, 10**5000, Hostile()],
    "twos": [5, -1, 1.0, Hostile()],
    "jokers": [4, "j", None],
    "top_only": [True, "yes", 1],
    "rank": [canasta.Rank("A"), canasta.Rank("W"), canasta.Rank("JK"), "7", 5, None, Hostile()],
    "yes": [False, "no", 1, None],
}
"""Values to alter each action field to: other well-formed values (a different legal or illegal action) and garbage."""


@pytest.mark.parametrize("kind", [canasta.Meld, canasta.Discard, canasta.TakePile])
def test_a_listed_action_altered_is_refused_restored_and_never_leaks_into_another_game(kind: type[canasta.Action]) -> None:
    """The engine's listed actions are shared by every game: altered, each is refused on the fast path too, and put back."""
    for field in attrs.fields(kind):
        for value in OTHER_VALUES[field.name]:
            g, listed = listed_of_each_kind()
            action = listed[kind]
            if getattr(action, field.name) is value:
                continue  # not an alteration
            text, legal_before, before = str(action), [str(a) for a in g.legal_actions()], snapshot(g)
            object.__setattr__(action, field.name, value)
            assert not g.can(action)  # checked, and put back
            object.__setattr__(action, field.name, value)
            assert isinstance(g.violation(action), canasta.NotationError)
            object.__setattr__(action, field.name, value)
            with pytest.raises(canasta.NotationError, match="altered after it was listed"):
                g.apply(action)
            assert snapshot(g) == before and str(action) == text
            assert [str(a) for a in g.legal_actions()] == legal_before
            fresh, _ = listed_of_each_kind()
            assert all(canasta.Game.can(fresh, a) for a in fresh.legal_actions())


def test_an_altered_answer_from_the_legal_list_is_refused() -> None:
    """The audit's case: ``yes`` altered to ``"no"`` was recorded as a yes (001 §23 A)."""
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    g.apply("ask")
    yes = next(a for a in g.legal_actions() if a == canasta.AnswerGoOut(yes=True))
    for value in ("no", False, 0):
        object.__setattr__(yes, "yes", value)
        before = snapshot(g)
        with pytest.raises(canasta.NotationError):
            g.apply(yes)
        assert snapshot(g) == before and yes.yes is True
    assert str(canasta.parse_action("yes")) == "yes"


def test_an_altered_parsed_action_is_never_handed_out_again() -> None:
    first = canasta.parse_action("discard 7")
    object.__setattr__(first, "rank", canasta.Rank("8"))
    again = canasta.parse_action("discard 7")
    assert again is not first and str(again) == "discard 7"
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    with pytest.raises(canasta.NotationError, match="altered after it was built"):
        g.apply(first)


def test_an_action_made_without_its_constructor_is_refused() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    g.apply("draw")
    for kind in (canasta.Meld, canasta.Discard, canasta.TakePile, canasta.AnswerGoOut):
        bare = object.__new__(kind)
        assert isinstance(g.violation(bare), canasta.NotationError)
        with pytest.raises(canasta.NotationError, match="constructor"):
            g.apply(bare)  # type: ignore[arg-type]


def test_copies_and_pickles_of_actions_are_built_by_the_constructor_and_accepted() -> None:
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
