"""No valid profile leads to a dead end (issue 17, item 2; DESIGN "No dead ends").

The playouts of ``test_engine_playouts`` run over the bundled profiles; here
they run over profiles no file ships:

* every *valid* profile hypothesis can draw (``strategies.variants``: every
  enum value, every range end), played by a mix of uniform, greedy and
  :class:`~canasta.bots.HeuristicBot` players;
* the same profiles written as house files (``extends`` a bundled profile,
  through a second file) and read by the loader, so the TOML, ``extends`` and
  merge path is played too;
* a sweep that changes one rule key of each bundled profile at a time, for
  every key of the schema, to each enum value, each truth value and both ends
  of its range; an end that fails validation on its own is played together
  with the companion changes that make it valid (raise the canasta size with
  ``melds.min_naturals = 7``, add packs for ``black_threes.meld_min = 8``).

Every state before the end of the match must offer the player to act a legal
action, and every hand must end. Along the way: at turn starts the exported
position loads back (also as TOML) with the same legal actions; the record
replays to the same scores; every point a side scores comes through a rule
that :func:`strategies.scoring_sources` says can score, the basis of the
match-liveness test (``test_engine_liveness``).

The sweep found ``going_out.final_discard = "required"`` letting a player meld
down to one card he could neither meld (the discard is required) nor discard
(going out needed a canasta he did not have); the last card must now be able
to go out as the discard (001 §16 B, §18 A).

The ``ci`` hypothesis profile (tests/conftest.py) runs it thoroughly: 400
examples a test, four hands a game, every player count and two seeds a sweep
case, two position round trips a game; the default (120 examples, two hands,
one player count and seed a case, one round trip a game) keeps the file
under a minute.
"""

from __future__ import annotations

import enum
import random
import tempfile
import typing
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import INT64, POINT_KEYS, SEATINGS, house_files, scoring_sources, variants

import canasta
from canasta.bots import HeuristicBot
from canasta.variants import check_variant
from canasta.variants.loading import rule_keys
from canasta.variants.reference import KeyInfo, keys
from canasta.variants.schema import META_KEYS, PlayerCount, Variant

THOROUGH = settings().max_examples >= 100
"""Whether the loaded hypothesis profile asks for a thorough run (the ``ci`` profile of tests/conftest.py)."""
EXAMPLES = 400 if THOROUGH else 120
"""Fuzzed profiles played per hypothesis test."""
HANDS = 4 if THOROUGH else 2
"""Hands played per fuzzed game."""
SWEEP_SEEDS = 2 if THOROUGH else 1
"""Seeds each sweep case is played with; a thorough run plays every player count, the default one (the changed one)."""
ROUND_TRIPS = 2 if THOROUGH else 1
"""Positions exported and loaded back per game, at turn starts drawn at random."""
ACTIONS_PER_HAND = 40_000
"""A hand still running after this many actions does not end: the turn cap ends every hand long before."""
KINDS = ("uniform", "greedy", "heuristic")
"""How a seat plays: uniformly among the legal actions; preferring takes and melds, which reach canastas, going out
and the end-of-hand corners; or as :class:`~canasta.bots.HeuristicBot`, which goes out as a player would."""
FUZZ = settings(
    max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
)


# ---------------------------------------------------------------------------
# Playing, with the checks made along the way
# ---------------------------------------------------------------------------


class Seat:
    """One seat's player: one of :data:`KINDS`, seeded."""

    def __init__(self, kind: str, seed: int) -> None:
        self.kind = kind
        self.rng = random.Random(seed)
        self.bot = HeuristicBot(seed=seed) if kind == "heuristic" else None

    def choose(self, g: canasta.Game, legal: Sequence[canasta.Action]) -> canasta.Action:
        if self.bot is not None:
            return self.bot.choose(g.view(g.current_player), legal)
        if self.kind == "greedy":
            preferred = [a for a in legal if isinstance(a, canasta.TakePile | canasta.Meld)]
            if preferred and self.rng.random() < 0.9:
                return self.rng.choice(preferred)
        return self.rng.choice(legal)


def assert_position_round_trip(g: canasta.Game, turn_cap: int, as_toml: bool) -> None:
    """At a turn start the position loads back (as a table, or written as TOML) to the same turn and the same legal actions."""
    position = g.position()
    loaded = canasta.Game.from_position(tomli_w.dumps({"position": position}) if as_toml else position, turn_cap=turn_cap)
    assert (loaded.current_player, loaded.phase, loaded.hand_number, loaded.scores) == (
        g.current_player,
        g.phase,
        g.hand_number,
        g.scores,
    )
    assert loaded.legal_actions() == g.legal_actions(), "a loaded position offers other actions"
    assert loaded.position() == position, "a loaded position exports differently"


def assert_scored_through_sources(g: canasta.Game, hand: int) -> None:
    """Every point a side scored in the hand came through a key :func:`scoring_sources` names (topics M)."""
    sources = set(scoring_sources(g.variant, g.players))
    for score in g.hand_scores[hand - 1]:
        if score.melded > 0:
            assert sources & {k for k in POINT_KEYS if k.startswith("scoring.card_points.")}, score
        if score.canastas > 0:
            assert sources & {k for k in POINT_KEYS if k.startswith("canastas.")}, score
        if score.going_out > 0:
            assert sources & {"going_out.bonus", "concealed_going_out.bonus"}, score
        if score.red_threes > 0:
            assert "red_threes.bonus_table" in sources, score


def assert_record_replays(g: canasta.Game) -> None:
    """The record, written as TOML and replayed, reproduces the game: scores, hands, and the legal actions now."""
    again = canasta.Game.replay(g.record().to_toml())
    assert (again.scores, again.hand_scores, again.hand_number, again.is_over) == (g.scores, g.hand_scores, g.hand_number, g.is_over)
    assert again.is_over or again.legal_actions() == g.legal_actions()


def play(
    variant: Variant,
    players: int,
    seed: int,
    *,
    hands: int,
    kinds: Sequence[str] = ("greedy",),
    turn_cap: int = 400,
    round_trips: int = ROUND_TRIPS,
    replay: bool = True,
) -> canasta.Game:
    """Play ``hands`` hands (or to the end), checking a legal action in every state and an end to every hand.

    ``kinds`` gives each seat's player (:data:`KINDS`), repeated round the table.
    Up to ``round_trips`` turn starts, drawn at random, export their position
    and load it back; with ``replay`` the record is replayed at the end.
    """
    g = canasta.Game(variant, players=players, seed=seed, turn_cap=turn_cap)
    seats = [Seat(kinds[s % len(kinds)], seed * 8 + s) for s in range(players)]
    rng = random.Random(seed)
    in_hand = 0
    while not g.is_over and g.hand_number <= hands:
        legal = g.legal_actions()
        assert legal, f"dead end: seat {g.current_player}, phase {g.phase}, hand {g.hand_number}\n{g}"
        if round_trips and g.phase is canasta.Phase.DRAW and rng.random() < 1 / 16:
            assert_position_round_trip(g, turn_cap, as_toml=round_trips % 2 == 1)
            round_trips -= 1
        number = g.hand_number
        g.apply(seats[g.current_player].choose(g, legal))
        if g.hand_number != number or g.is_over:
            assert_scored_through_sources(g, number)
            in_hand = 0
        else:
            in_hand += 1
        assert in_hand < ACTIONS_PER_HAND, "a hand does not end"
    assert g.is_over or g.legal_actions()
    if replay:
        assert_record_replays(g)
    return g


players_kinds = st.lists(st.sampled_from(KINDS), min_size=1, max_size=3)


@FUZZ
@given(variants(citations=False), st.data())
def test_every_valid_profile_plays_without_a_dead_end(variant: Variant, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(variant.player_counts), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    turn_cap = data.draw(st.sampled_from([1, 2, 30, 400]), label="turn_cap")
    kinds = data.draw(players_kinds, label="kinds")
    note(canasta.dumps_variant(variant))
    play(variant, players, seed, hands=HANDS, kinds=kinds, turn_cap=turn_cap)


@FUZZ
@given(house_files(), st.data())
def test_every_valid_house_file_loads_and_plays_without_a_dead_end(files: tuple[dict[str, str], Variant], data: st.DataObject) -> None:
    """The profile written as ``house.toml`` extends ``base.toml`` extends a bundled profile: loaded, it is the profile, and it plays."""
    texts, expected = files
    for name, text in texts.items():
        note(f"--- {name}\n{text}")
    with tempfile.TemporaryDirectory() as folder:
        for name, text in texts.items():
            (Path(folder) / name).write_text(text, encoding="utf-8")
        loaded = canasta.load_variant(Path(folder) / "house.toml")
        assert canasta.loads_variant(texts["house.toml"], base=Path(folder)) == loaded
    assert loaded == expected, canasta.format_diff(canasta.diff_variants(expected, loaded), expected, loaded)
    assert canasta.loads_variant(canasta.dumps_variant(loaded)) == loaded
    players = data.draw(st.sampled_from(loaded.player_counts), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    play(loaded, players, seed, hands=HANDS, kinds=data.draw(players_kinds, label="kinds"))


# ---------------------------------------------------------------------------
# One rule at a time, over every bundled profile and every key of the schema
# ---------------------------------------------------------------------------

RULE_KEYS: tuple[KeyInfo, ...] = tuple(k for k in keys() if k.path.partition(".")[0] not in META_KEYS)
"""Every rule key of the schema (canasta.variants.reference), read from the schema classes: a new key is swept too."""

Change = tuple[str, Any, int | None]
"""A target of the sweep: its label (an enum value, ``true``, ``lo``, ``hi``, ``empty``), the new value, and the player count it is for."""


def _ends(key: KeyInfo) -> tuple[int, int]:
    """The ends of a key's range; a key with no bound of its own is bounded by TOML's 64-bit integers."""
    return (INT64[0] if key.lo is None else key.lo, INT64[1] if key.hi is None else key.hi)


def _is_per_players(tp: Any) -> bool:
    return typing.get_origin(tp) is Mapping and typing.get_args(tp)[0] is PlayerCount


def _run(lo: int, hi: int, size: int, at_top: bool) -> tuple[int, ...]:
    """``size`` strictly increasing integers from ``lo`` (or up to ``hi``): an end of the range for a list, kept increasing."""
    return tuple(range(hi - size + 1, hi + 1)) if at_top else tuple(range(lo, lo + size))


def targets(key: KeyInfo, variant: Variant) -> list[Change]:
    """The values the sweep gives ``key`` in ``variant``: every enum value, both truth values, both ends of the range.

    A table by player count takes each end at each player count the profile
    supports; a list takes no entries, and entries at each end of the range.
    """
    tp = key.type
    current = lookup(variant, key.path)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return [(m.value, m, None) for m in tp]
    if tp is bool:
        return [("true", True, None), ("false", False, None)]
    lo, hi = _ends(key)
    if tp is int:
        return [("lo", lo, None), ("hi", hi, None)]
    if typing.get_origin(tp) is tuple and typing.get_args(tp)[1:] == (Ellipsis,):
        size = max(1, len(current))
        return [("empty", (), None), ("lo", _run(lo, hi, size, False), None), ("hi", _run(lo, hi, size, True), None)]
    if _is_per_players(tp):
        value_type = typing.get_args(tp)[1]
        out: list[Change] = []
        for n in variant.player_counts:
            count = PlayerCount(n)
            if value_type is int:
                out += [("lo", {**current, count: lo}, n), ("hi", {**current, count: hi}, n)]
            elif typing.get_origin(value_type) is tuple:
                size = len(current[count])
                out += [("lo", {**current, count: (lo,) * size}, n), ("hi", {**current, count: (hi,) * size}, n)]
            else:
                raise NotImplementedError(f"no sweep targets for {key.path}: a table of {value_type}")
        return out
    raise NotImplementedError(f"no sweep targets for {key.path}: {tp}; teach targets() and realized() this type")


def realized(key: KeyInfo, variant: Variant) -> set[str]:
    """The labels of :func:`targets` that ``variant`` plays for ``key``: which enum value, truth value or range end it holds."""
    tp = key.type
    value = lookup(variant, key.path)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return {value.value}
    if tp is bool:
        return {"true" if value else "false"}
    lo, hi = _ends(key)
    if _is_per_players(tp):
        entries = [x for v in value.values() for x in (v if isinstance(v, tuple) else (v,))]
    elif isinstance(value, tuple):
        entries = list(value)
    else:
        entries = [value]
    out = {label for label, end in (("lo", lo), ("hi", hi)) if end in entries}
    return out | ({"empty"} if value == () else set())


def lookup(variant: Any, path: str) -> Any:
    for part in path.split("."):
        variant = getattr(variant, part)
    return variant


def replace(variant: Any, path: str, value: Any) -> Any:
    """The profile with the value at a dotted key replaced, however deep the key."""
    head, _, rest = path.partition(".")
    return attrs.evolve(variant, **{head: replace(getattr(variant, head), rest, value) if rest else value})


def _meld_ok(v: Variant, naturals: int, wilds: int) -> bool:
    m = v.melds
    if naturals < m.min_naturals or wilds > m.max_wilds or naturals + wilds < m.min_size:
        return False
    if m.wild_limit.value == "half":
        return wilds <= naturals
    if m.wild_limit.value == "two_per_wild":
        return naturals >= 2 * wilds
    return True


def make_valid(v: Variant, key: str, at: int | None) -> Variant:
    """The profile with the companion changes that let the value at ``key`` (for ``at`` players) stand.

    Each rule validation relates to others (canasta/variants/validation.py) is
    mended by changing a value *other* than the one under test: the meld limits
    against each other and the canasta size, the pile taken with a natural and
    a wild card against the meld limits, black threes against the packs, the
    seating, the deck against the deal, the red-three table against the packs,
    the opening minimums against the thresholds. The caller checks the result.
    """

    def free(path: str, n: int | None = None) -> bool:
        return path != key or (at is not None and n is not None and n != at)

    def set_(path: str, value: Any) -> None:
        nonlocal v
        v = replace(v, path, value)

    m = v.melds
    if m.min_naturals > m.min_size:
        set_(*(("melds.min_size", m.min_naturals) if free("melds.min_size") else ("melds.min_naturals", m.min_size)))
    m, size = v.melds, v.canastas.size
    if max(m.min_size, m.min_naturals) > size:
        if free("canastas.size"):
            set_("canastas.size", max(m.min_size, m.min_naturals))
        else:
            set_("melds.min_size", min(m.min_size, size))
            set_("melds.min_naturals", min(m.min_naturals, size))
    if v.discard_pile.wild_and_natural and not _meld_ok(v, 2, 1):
        if free("discard_pile.wild_and_natural"):
            set_("discard_pile.wild_and_natural", False)
        else:
            for path, value in (("melds.min_size", min(v.melds.min_size, 3)), ("melds.min_naturals", min(v.melds.min_naturals, 2))):
                set_(path, value)
            set_("melds.max_wilds", max(v.melds.max_wilds, 1))
    b = v.black_threes
    if b.meld_min > b.meld_max:
        set_(*(("black_threes.meld_max", b.meld_min) if free("black_threes.meld_max") else ("black_threes.meld_min", b.meld_max)))
    for n in v.player_counts:
        count = PlayerCount(n)
        d = v.deal
        seating = (d.sides[count], d.sitting_out.get(count, 0))
        if seating not in SEATINGS[n]:
            fits = [s for s in SEATINGS[n] if (s[0] == seating[0] if not free("deal.sides", n) else s[1] == seating[1])]
            if fits:
                set_("deal.sides", {**d.sides, count: fits[0][0]})
                set_("deal.sitting_out", {**d.sitting_out, count: fits[0][1]})
        need_packs = -(-v.black_threes.meld_min // 2)
        if v.deal.decks[count] < need_packs:
            if free("deal.decks", n):
                set_("deal.decks", {**v.deal.decks, count: need_packs})
            elif free("black_threes.meld_min"):
                set_("black_threes.meld_min", max(2, 2 * v.deal.decks[count]))
        d = v.deal
        playing = n - d.sitting_out.get(count, 0)
        if playing * d.hand_size[count] + 1 > 52 * d.decks[count] + d.jokers[count]:
            if free("deal.decks", n):
                set_("deal.decks", {**d.decks, count: 4})
            if free("deal.jokers", n):
                set_("deal.jokers", {**v.deal.jokers, count: 12})
            d = v.deal
            if free("deal.hand_size", n):
                set_(
                    "deal.hand_size",
                    {**d.hand_size, count: min(d.hand_size[count], (52 * d.decks[count] + d.jokers[count] - 1) // playing)},
                )
        table, want = v.red_threes.bonus_table[count], 2 * v.deal.decks[count]
        if len(table) != want:
            fill = table[-1] if table else 0
            grown = table[:want] + (fill,) * (want - len(table)) if free("red_threes.bonus_table", n) else (fill,) * want
            set_("red_threes.bonus_table", {**v.red_threes.bonus_table, count: grown})
    im = v.initial_meld
    bands = len(im.score_thresholds) + 1
    if len(im.minimums) != bands:
        if free("initial_meld.minimums"):
            fill = im.minimums[-1] if im.minimums else 0
            set_("initial_meld.minimums", im.minimums[:bands] + (fill,) * (bands - len(im.minimums)))
        elif im.minimums:
            thresholds = im.score_thresholds[: len(im.minimums) - 1]
            top = thresholds[-1] if thresholds else -1
            set_("initial_meld.score_thresholds", thresholds + tuple(range(top + 1, top + len(im.minimums) - len(thresholds))))
    return v


@attrs.frozen(kw_only=True)
class SweepCase:
    """A profile of the sweep: a bundled profile with one key changed (and its companions), or as bundled."""

    base: str
    key: str
    label: str
    at: int | None
    variant: Variant
    companions: tuple[str, ...]

    @property
    def id(self) -> str:
        at = f".{self.at}" if self.at is not None else ""
        also = "".join(f"+{c}" for c in self.companions)
        return f"{self.base}:{self.key}{at}={self.label}{also}" if self.key else f"{self.base}:as bundled"


def sweep(name: str) -> Iterator[SweepCase]:
    """The bundled profile as it is, then each valid single-rule change of it (with the companions it needs)."""
    bundled = canasta.load_variant(name)
    yield SweepCase(base=name, key="", label="", at=None, variant=bundled, companions=())
    for key in RULE_KEYS:
        for label, value, at in targets(key, bundled):
            if value == lookup(bundled, key.path):
                continue
            changed = make_valid(replace(bundled, key.path, value), key.path, at)
            if (
                lookup(changed, key.path) != value
                or check_variant(changed)
                or not all(scoring_sources(changed, n) for n in changed.player_counts)
            ):
                continue
            companions = tuple(k.path for k in RULE_KEYS if k.path != key.path and lookup(changed, k.path) != lookup(bundled, k.path))
            yield SweepCase(base=name, key=key.path, label=label, at=at, variant=changed, companions=companions)


CASES: tuple[SweepCase, ...] = tuple(case for name in canasta.variant_names() for case in sweep(name))

NEVER_VALID: dict[tuple[str, str], str] = {
    ("initial_meld.minimums", "empty"): "one minimum per band, and there is always at least one band (validation.py)",
}
"""Range ends no valid profile can hold, and why; every other end of every key must be played by the sweep."""


def test_the_sweep_covers_every_rule_key() -> None:
    """The swept keys are the loader's rule keys (canasta/variants/loading.py), plus the tables by player count that may be empty."""
    swept = {k.path for k in RULE_KEYS}
    assert set(rule_keys()) <= swept
    assert all(isinstance(k.default, Mapping) and not k.default for k in RULE_KEYS if k.path not in rule_keys())
    bundled = canasta.load_variant("regency")
    assert all(targets(k, bundled) for k in RULE_KEYS)  # a key of a type targets() does not know raises NotImplementedError


def test_the_sweep_plays_every_end_of_every_key() -> None:
    """Each enum value, truth value and range end of every schema key is played by some profile of the sweep."""
    missing, stale = [], []
    for key in RULE_KEYS:
        played = set().union(*(realized(key, case.variant) for case in CASES))
        wanted = {label for label, _, _ in targets(key, canasta.load_variant("regency"))}
        missing += [f"{key.path}={label}" for label in sorted(wanted - played) if (key.path, label) not in NEVER_VALID]
        stale += [f"{key.path}={label}" for label in sorted(wanted & played) if (key.path, label) in NEVER_VALID]
    assert not missing, f"range ends the sweep never plays (mend them in make_valid, or say why in NEVER_VALID): {missing}"
    assert not stale, f"NEVER_VALID lists ends the sweep plays: {stale}"


def test_never_valid_ends_are_refused() -> None:
    """The ends listed as never valid fail validation on every bundled profile, companions or not."""
    by_path = {k.path: k for k in RULE_KEYS}
    for (path, label), why in NEVER_VALID.items():
        for name in canasta.variant_names():
            bundled = canasta.load_variant(name)
            for target, value, at in targets(by_path[path], bundled):
                if target == label:
                    assert check_variant(make_valid(replace(bundled, path, value), path, at)), (
                        f"{name}: {path}={label} is valid after all ({why})"
                    )


def _seeds(case: SweepCase) -> list[int]:
    base = sum(ord(c) * (i + 1) for i, c in enumerate(case.id)) % 2**31  # stable across runs, unlike hash()
    return [base + 7919 * i for i in range(SWEEP_SEEDS)]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_each_single_rule_change_plays_without_a_dead_end(case: SweepCase) -> None:
    """Each case is played by greedy players, then by a HeuristicBot among greedy ones, which goes out and ends hands early."""
    counts = case.variant.player_counts
    for seed in _seeds(case):
        for players in counts if THOROUGH else [case.at or counts[seed % len(counts)]]:
            play(case.variant, players, seed + players, hands=2, kinds=("greedy",))
            play(case.variant, players, seed + players, hands=1, kinds=("heuristic", "greedy"), replay=THOROUGH)
