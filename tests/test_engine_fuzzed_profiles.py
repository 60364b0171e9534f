"""No valid profile leads to a dead end: every reachable state offers its player a legal action.

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
  of its range; a list of ranks to no rank, each rank alone and every rank;
  a table keyed by rank or canasta kind to no key and each key at each end
  (and without it, where 0 is a value of its own); the special hands to none
  and at both ends of their points. An end that fails validation on its own
  is played together with the companion changes that make it valid (raise
  the canasta size with ``melds.min_naturals = 7``, add packs for
  ``black_threes.meld_min = 8``, raise ``melds.max_size`` with the canasta
  size, give a reserve pile where going out needs one); the ends no valid
  profile holds are listed, with the reason, in ``NEVER_VALID``.

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

The schema-2 fuzzing found five engine bugs, each fixed and kept as a
regression test at the end of the file: a pile take that laid a black bonus
three and left one card, a meld emptying the hand into a one-card reserve
pile (two dead ends), and three positions that did not load back (a reserve
pile become the stock, scores past the target in a match of ``match.hands``,
a hand emptied at the deal with the stock out).

The ``ci`` hypothesis profile (tests/conftest.py) runs it thoroughly: 400
examples a test, four hands a game, every sweep case on every bundled
profile with two seeds (at two player counts where the profile has them),
two position round trips a game; the default (120 examples, two hands, each
change of the sweep on one bundled profile with one seed, one round trip a
game) keeps the file to a few minutes.
"""

from __future__ import annotations

import enum
import random
import tempfile
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest
import tomli_w
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import (
    DEFAULT_SPECIAL_HAND,
    INT64,
    NO_WILD_MELD,
    POINT_KEYS,
    SEATINGS,
    ZERO_IS_ABSENT,
    house_files,
    scoring_sources,
    variants,
)

import canasta
from canasta.bots import HeuristicBot
from canasta.core.actions import ShowSpecialHand
from canasta.variants import check_variant
from canasta.variants.converter import unstructure_variant
from canasta.variants.enums import DealtRedThrees, MeldRank, ReserveTrigger
from canasta.variants.loading import rule_keys
from canasta.variants.reference import KeyInfo, keys
from canasta.variants.schema import META_KEYS, PlayerCount, Variant, key_type

THOROUGH = settings().max_examples >= settings.get_profile("ci").max_examples
"""Whether the loaded hypothesis profile asks for a thorough run (the ``ci`` profile of tests/conftest.py, or more)."""
EXAMPLES = 400 if THOROUGH else 120
"""Fuzzed profiles played per hypothesis test."""
HANDS = 4 if THOROUGH else 2
"""Hands played per fuzzed game."""
SWEEP_SEEDS = 1
"""Seeds each sweep case is played with, each at one player count (the changed one, else one drawn from the case). A thorough
run plays every case (about 2,400) where the default plays one base profile each; a second seed per case doubled the thorough
run's longest file, past CI's ten minutes for the whole suite, so both play one."""
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
            preferred = [a for a in legal if isinstance(a, canasta.TakePile | canasta.Meld | ShowSpecialHand)]
            if preferred and self.rng.random() < 0.9:
                return self.rng.choice(preferred)
        return self.rng.choice(legal)


def assert_position_round_trip(g: canasta.Game, turn_cap: int, as_toml: bool) -> bool:
    """At a turn start the position loads back (as a table, or written as TOML) to the same turn and the same legal actions.

    False if this is no turn start after all: melds before the draw (``initial_meld.from_hand_before_pile``) leave the draw
    phase mid-turn, which positions do not hold (their export refuses, as documented).
    """
    try:
        position = g.position()
    except canasta.PositionError as exc:
        if "mid-turn" in str(exc) and g.phase is canasta.Phase.DRAW:
            return False
        raise
    loaded = canasta.Game.from_position(tomli_w.dumps({"position": position}) if as_toml else position, turn_cap=turn_cap)
    assert (loaded.current_player, loaded.phase, loaded.hand_number, loaded.scores) == (
        g.current_player,
        g.phase,
        g.hand_number,
        g.scores,
    )
    assert loaded.legal_actions() == g.legal_actions(), "a loaded position offers other actions"
    assert loaded.position() == position, "a loaded position exports differently"
    return True


def assert_scored_through_sources(g: canasta.Game, hand: int) -> None:
    """Every point a side scored in the hand came through a key :func:`scoring_sources` names (topics M)."""
    sources = set(scoring_sources(g.variant, g.players))
    for score in g.hand_scores[hand - 1]:
        _assert_score_sources(score, sources)


CANASTA_KEYS = frozenset({*(k for k in POINT_KEYS if k.startswith("canastas.")), "ranks.natural_canasta_bonus"})
CARD_KEYS = frozenset(k for k in POINT_KEYS if k.startswith("scoring.card_points."))


def _assert_score_sources(score: Any, sources: set[str]) -> None:
    """Each part of a side's score above 0 has a key among ``sources`` that pays it."""
    if score.melded > 0:
        assert sources & CARD_KEYS, score
    if score.canastas > 0:
        assert sources & CANASTA_KEYS, score
    if score.special_hand > 0:
        assert "scoring.special_hands" in sources, score
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
            round_trips -= assert_position_round_trip(g, turn_cap, as_toml=round_trips % 2 == 1)
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

_GROUPS = {hint: name for name, hint in typing.get_type_hints(Variant).items() if attrs.has(hint)}
NO_WILD_PATHS = frozenset(f"{_GROUPS[cls]}.{name}" for cls, name in NO_WILD_MELD)
"""The per-rank keys that may not name ``W``, the wild-card meld (validation ``_family_problems``)."""

Change = tuple[str, Any, int | None]
"""A target of the sweep: its label (an enum value, ``true``, ``lo``, ``hi``, ``empty``), the new value, and the player count it is for."""


def _ends(key: KeyInfo) -> tuple[int, int]:
    """The ends of a key's range; a key with no bound of its own is bounded by TOML's 64-bit integers.

    A list of tables (``scoring.special_hands``) has the range of its entries' points.
    """
    if _is_table_list(key.type):
        meta = attrs.fields_dict(typing.get_args(key.type)[0])["points"].metadata
        return (meta["lo"], meta["hi"])
    return (INT64[0] if key.lo is None else key.lo, INT64[1] if key.hi is None else key.hi)


def _is_per_players(tp: Any) -> bool:
    return key_type(tp) is PlayerCount


def _enum_key(tp: Any) -> type[enum.Enum] | None:
    """The enum a keyed table is keyed by (a rank, a canasta kind, a canasta class), or None."""
    key = key_type(tp)
    return key if isinstance(key, type) and issubclass(key, enum.Enum) else None


def _list_of(tp: Any) -> Any:
    """The entry type of a list field (``tuple[X, ...]``), or None."""
    return typing.get_args(tp)[0] if typing.get_origin(tp) is tuple and typing.get_args(tp)[1:] == (Ellipsis,) else None


def _is_table_list(tp: Any) -> bool:
    return attrs.has(_list_of(tp)) if _list_of(tp) is not None else False


def _zero_is_absent(key: KeyInfo) -> bool:
    return tuple(key.path.split(".")) in ZERO_IS_ABSENT


def _members(key: KeyInfo) -> list[enum.Enum]:
    """The values a list of enums may hold: every member, but ``W`` where the key takes only natural ranks."""
    return [m for m in _list_of(key.type) if not (key.path in NO_WILD_PATHS and m is MeldRank.WILD)]


def _run(lo: int, hi: int, size: int, at_top: bool) -> tuple[int, ...]:
    """``size`` strictly increasing integers from ``lo`` (or up to ``hi``): an end of the range for a list, kept increasing."""
    return tuple(range(hi - size + 1, hi + 1)) if at_top else tuple(range(lo, lo + size))


INCREASING = frozenset({"initial_meld.score_thresholds"})
"""Lists whose entries must increase strictly: their ends are runs from the end of the range; the others' are the end repeated."""


def targets(key: KeyInfo, variant: Variant) -> list[Change]:
    """The values the sweep gives ``key`` in ``variant``: every enum value, both truth values, both ends of the range.

    A table by player count takes each end at each player count the profile
    supports; a list takes no entries, and entries at each end of the range; a
    list of ranks takes no rank, each rank alone (labelled by its value) and
    every rank it may hold (``all``); a table keyed by an enum takes no key,
    and each key at each end (``A=lo``, ``natural=hi``) and, where 0 is a value
    of its own, without that key (``pure_wild=absent``); the special hands
    take none, and the profile's own (or seven pairs) at each end of their points.
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
    item = _list_of(tp)
    if item is not None and attrs.has(item):
        hands = current or (DEFAULT_SPECIAL_HAND,)
        return [("empty", (), None), *((end, tuple(attrs.evolve(h, points=v) for h in hands), None) for end, v in (("lo", lo), ("hi", hi)))]
    if isinstance(item, type) and issubclass(item, enum.Enum):
        return [("empty", (), None), *((m.value, (m,), None) for m in item), ("all", tuple(_members(key)), None)]
    if item is not None:
        size = max(1, len(current))
        if key.path in INCREASING:
            return [("empty", (), None), ("lo", _run(lo, hi, size, False), None), ("hi", _run(lo, hi, size, True), None)]
        return [("empty", (), None), ("lo", (lo,) * size, None), ("hi", (hi,) * size, None)]
    by = _enum_key(tp)
    if by is not None:
        out: list[Change] = [("empty", {}, None)]
        for k in by:
            out += [(f"{k.value}=lo", {**current, k: lo}, None), (f"{k.value}=hi", {**current, k: hi}, None)]
            if not _zero_is_absent(key):
                out.append((f"{k.value}=absent", {j: x for j, x in current.items() if j != k}, None))
        return out
    if _is_per_players(tp):
        value_type = typing.get_args(tp)[1]
        out = []
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
    if typing.get_origin(tp) is types.UnionType:  # reserve.sizes: an array for every player count, or a table of arrays by count
        by_count = current if isinstance(current, Mapping) else {PlayerCount(n): current for n in variant.player_counts}
        size = max([1, *(len(piles) for piles in by_count.values())])
        out = [("empty", (), None), ("lo", (lo,) * size, None), ("hi", (hi,) * size, None)]
        for n in variant.player_counts:
            count = PlayerCount(n)
            piles = max(1, len(by_count.get(count, ())))
            out += [("lo", {**by_count, count: (lo,) * piles}, n), ("hi", {**by_count, count: (hi,) * piles}, n)]
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
    empty = {"empty"} if not value else set()
    item = _list_of(tp)
    if item is not None and attrs.has(item):
        return empty | {label for label, end in (("lo", lo), ("hi", hi)) if any(h.points == end for h in value)}
    if isinstance(item, type) and issubclass(item, enum.Enum):
        return empty | {m.value for m in value} | ({"all"} if set(value) >= set(_members(key)) else set())
    by = _enum_key(tp)
    if by is not None:
        out = set(empty)
        for k in by:
            held = value.get(k, 0 if _zero_is_absent(key) else None)
            out |= {f"{k.value}={label}" for label, end in (("lo", lo), ("hi", hi)) if held == end}
            out |= {f"{k.value}=absent"} if k not in value and not _zero_is_absent(key) else set()
        return out
    if _is_per_players(tp):
        entries = [x for v in value.values() for x in (v if isinstance(v, tuple) else (v,))]
    elif isinstance(value, tuple):
        entries = list(value)
    elif isinstance(value, Mapping):  # reserve.sizes as a table of arrays by player count
        entries = [x for piles in value.values() for x in piles]
    else:
        entries = [value]
    out = {label for label, end in (("lo", lo), ("hi", hi)) if end in entries}
    return out | empty if isinstance(value, tuple) else out


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
    the opening minimums against the thresholds; schema 2's: the meld size
    limit against the canasta size, a rank both natural-only and wild in the
    opening only, a reserve to take where going out needs one, piles dealt
    aside where their untaken cards count, and the deck
    against the upcard and the reserve piles dealt aside. The caller checks
    the result.
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
    m, size = v.melds, v.canastas.size
    if m.max_size and m.max_size < size:  # a meld limit below the canasta size: no canasta could be made
        if free("melds.max_size"):
            set_("melds.max_size", size)
        else:
            set_("canastas.size", max(3, m.max_size))
            set_("melds.min_size", min(v.melds.min_size, v.canastas.size))
            set_("melds.min_naturals", min(v.melds.min_naturals, v.canastas.size))
    rk = v.ranks
    both = set(rk.natural_only) & set(rk.wilds_only_in_opening)
    if both:  # a rank both natural-only and wild in the opening only: the one not under test gives it up
        path = "ranks.wilds_only_in_opening" if free("ranks.wilds_only_in_opening") else "ranks.natural_only"
        set_(path, tuple(r for r in lookup(v, path) if r not in both))
    if v.going_out.reserve_taken and not v.reserve.sizes:
        set_(*(("going_out.reserve_taken", False) if free("going_out.reserve_taken") else ("reserve.sizes", (11,))))
    if v.reserve.untaken_cards_count and not (v.reserve.dealt and v.reserve.sizes):  # a pile's cards count only if dealt aside
        if free("reserve.untaken_cards_count"):
            set_("reserve.untaken_cards_count", False)
        else:
            set_("reserve.dealt", True)
            if not v.reserve.sizes:
                set_("reserve.sizes", (11,))
    r = v.reserve
    if not r.by_discard and not r.turn_continues and r.trigger is ReserveTrigger.EMPTY_HAND:  # a pile on an empty hand never reached
        set_(*(("reserve.by_discard", True) if free("reserve.by_discard") else ("reserve.turn_continues", True)))
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
        besides = (1 if v.upcard.enabled else 0) + (sum(v.reserve.sizes_for(n)) if v.reserve.dealt else 0)  # the upcard, piles dealt aside
        if playing * d.hand_size[count] + besides > 52 * d.decks[count] + d.jokers[count]:
            if free("deal.decks", n):
                set_("deal.decks", {**d.decks, count: 4})
            if free("deal.jokers", n):
                set_("deal.jokers", {**v.deal.jokers, count: 12})
            d = v.deal
            if free("deal.hand_size", n):
                room = (52 * d.decks[count] + d.jokers[count] - besides) // playing
                set_("deal.hand_size", {**d.hand_size, count: max(1, min(d.hand_size[count], room))})
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
            tried = replace(bundled, key.path, value)  # as the schema holds it: a keyed table drops a key given 0 where 0 is absent
            if lookup(tried, key.path) == lookup(bundled, key.path):
                continue
            changed = make_valid(tried, key.path, at)
            if (
                lookup(changed, key.path) != lookup(tried, key.path)
                or check_variant(changed)
                or not all(scoring_sources(changed, n) for n in changed.player_counts)
            ):
                continue
            companions = tuple(k.path for k in RULE_KEYS if k.path != key.path and lookup(changed, k.path) != lookup(bundled, k.path))
            yield SweepCase(base=name, key=key.path, label=label, at=at, variant=changed, companions=companions)


CASES: tuple[SweepCase, ...] = tuple(case for name in canasta.variant_names() for case in sweep(name))

_W_MELD = "W is the wild-card meld, which holds wild cards only: the key names natural ranks, 4 to A (validation._family_problems)"
_BONUS_KIND = "canastas.bonus always gives the bonus of natural, mixed and wild canastas (validation._family_problems)"
NEVER_VALID: dict[tuple[str, str], str] = {
    ("initial_meld.minimums", "empty"): "one minimum per band, and there is always at least one band (validation.py)",
    ("ranks.natural_only", "W"): _W_MELD,
    ("ranks.wilds_only_in_opening", "W"): _W_MELD,
    ("ranks.natural_canasta_bonus", "W=lo"): _W_MELD,
    ("ranks.natural_canasta_bonus", "W=hi"): _W_MELD,
    ("ranks.hand_penalty", "W=hi"): _W_MELD,  # W=lo is 0, which this table reads as no entry: every profile plays it
    ("canastas.bonus", "empty"): _BONUS_KIND,
    ("canastas.bonus", "natural=absent"): _BONUS_KIND,
    ("canastas.bonus", "mixed=absent"): _BONUS_KIND,
    ("canastas.bonus", "wild=absent"): _BONUS_KIND,
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


def _stable(text: str) -> int:
    return sum(ord(c) * (i + 1) for i, c in enumerate(text)) % 2**31  # stable across runs, unlike hash()


def _seeds(case: SweepCase) -> list[int]:
    base = _stable(case.id)
    return [base + 7919 * i for i in range(SWEEP_SEEDS)]


def _one_base_each(cases: Sequence[SweepCase]) -> tuple[SweepCase, ...]:
    """Every bundled profile as bundled, and each change (key, value, player count) on one of the profiles it applies to.

    The profile is drawn by the change, stably, so that the changes spread over every bundled profile.
    """
    groups: dict[tuple[str, str, int | None], list[SweepCase]] = {}
    for case in cases:
        groups.setdefault((case.key, case.label, case.at), []).append(case)
    out = [case for case in cases if not case.key]
    for (key, label, at), group in groups.items():
        if key:
            out.append(group[_stable(f"{key}={label}.{at}") % len(group)])
    return tuple(out)


PLAYED: tuple[SweepCase, ...] = CASES if THOROUGH else _one_base_each(CASES)
"""The sweep cases played: all of them in a thorough run, else each change on one bundled profile (about a ninth)."""


@pytest.mark.parametrize("case", PLAYED, ids=[c.id for c in PLAYED])
def test_each_single_rule_change_plays_without_a_dead_end(case: SweepCase) -> None:
    """Each case is played by greedy players, then by a HeuristicBot among greedy ones, which goes out and ends hands early."""
    counts = case.variant.player_counts
    for i, seed in enumerate(_seeds(case)):
        players = case.at or counts[(_stable(case.id) + i) % len(counts)]
        play(case.variant, players, seed + players, hands=2, kinds=("greedy",))
        play(case.variant, players, seed + players, hands=1, kinds=("heuristic", "greedy"), replay=THOROUGH)


# ---------------------------------------------------------------------------
# The bugs the fuzzing found, reproduced: each fixed, each kept as a regression test
# ---------------------------------------------------------------------------


def _first_bad_round_trip(v: Variant, players: int, seed: int, kinds: Sequence[str], hands: int = 1) -> str | None:
    """Play as :func:`play` does, exporting and loading back the position at every turn start; the first failure, or None."""
    g = canasta.Game(v, players=players, seed=seed)
    seats = [Seat(kinds[s % len(kinds)], seed * 8 + s) for s in range(players)]
    actions = 0
    while not g.is_over and g.hand_number <= hands:
        if g.phase is canasta.Phase.DRAW:
            try:
                canasta.Game.from_position(g.position())
            except canasta.PositionError as exc:
                return f"after {actions} actions: {exc}"
        g.apply(seats[g.current_player].choose(g, g.legal_actions()))
        actions += 1
    return None


def test_regression_a_reserve_pile_that_becomes_the_stock_exports_a_position_that_loads() -> None:
    """Regency, with one reserve pile of 10 cards dealt aside, given on an empty hand and becoming the stock when it runs out."""
    v = canasta.load_variant("regency")
    v = replace(v, "reserve", attrs.evolve(v.reserve, sizes=(10,), dealt=True, becomes_stock=True, trigger=ReserveTrigger.EMPTY_HAND))
    assert check_variant(v) == []
    found = _first_bad_round_trip(v, players=2, seed=3, kinds=("uniform",))
    assert found is None, found


def test_regression_a_match_of_n_hands_past_its_target_exports_a_position_that_loads() -> None:
    """Regency as a match of three hands with the target 50: the first turn of hand 2 starts with both sides past 50."""
    v = canasta.load_variant("regency")
    v = replace(v, "match", attrs.evolve(v.match, hands=3, target=50))
    assert check_variant(v) == []
    found = _first_bad_round_trip(v, players=2, seed=0, kinds=("heuristic",), hands=3)
    assert found is None, found


def test_regression_a_hand_left_empty_by_a_bonus_card_at_the_deal_exports_a_position_that_loads() -> None:
    """Two players, one pack and a joker, hands of one card, reserve piles of 30 and 20 dealt aside: the stock is empty after
    the deal (2 + 1 + 50 = 53 cards), and seat 0's card, a red three laid at the deal, is never replaced (seed 6)."""
    v = canasta.load_variant("regency")
    two = PlayerCount(2)
    v = replace(v, "deal", attrs.evolve(v.deal, decks={two: 1}, jokers={two: 1}, hand_size={two: 1}, sides={two: 2}, sitting_out={}))
    v = replace(v, "going_out.canastas_required", {two: 1})
    v = replace(v, "red_threes.bonus_table", {two: (100, 200)})
    v = replace(v, "black_threes.meld_min", 2)
    v = replace(v, "turn.dealt_red_threes", DealtRedThrees.AT_DEAL)
    v = replace(v, "reserve", attrs.evolve(v.reserve, sizes=(30, 20), dealt=True))
    assert check_variant(v) == []
    g = canasta.Game(v, players=2, seed=6)
    assert g.legal_actions()
    canasta.Game.from_position(g.position())


def test_regression_taking_a_pile_with_a_black_bonus_three_leaves_a_legal_action() -> None:
    """Regency with black threes as bonus cards, no going out with an unfinished meld of sixes and no one-card rule: seat 1
    holds JS, his side an unfinished meld of sixes and six tens; the pile is 3S under TD. Taking it lays 3S at once, puts TD
    on the tens, and leaves JS, which he may neither meld nor discard."""
    v = canasta.load_variant("regency")
    v = replace(v, "going_out.unfinished_melds_forbidden", (MeldRank.SIX,))
    v = replace(v, "discard_pile.one_card_rule", False)
    v = replace(v, "black_threes.bonus_card", True)
    assert check_variant(v) == []
    position = {
        "variant": unstructure_variant(v),
        "players": 2,
        "seat": 1,
        "phase": "draw",
        "hands": {"0": "4C 5D 7H 8S 9C JD KH", "1": "JS"},
        "sides": {"0": {"melds": ["QH QD QC"], "opened": True}, "1": {"melds": ["TH TS TH TS TC TC", "6H 6H 6D"], "opened": True}},
        "pile": {"cards": "3S TD"},
    }
    g = canasta.Game.from_position(position)
    if canasta.TakePile() in g.legal_actions():
        g.apply("take")
    assert g.legal_actions(), f"dead end after the take:\n{g}"


@pytest.mark.parametrize(
    ("trigger", "turn_continues", "hand", "melds", "meld"),
    [(ReserveTrigger.EMPTY_HAND, False, "5H 5S 5D", ["QH QD QC"], "meld 5 n3"), (ReserveTrigger.OPENING, True, "AH AS AD", [], "meld A n3")],
    ids=["empty hand, opened side", "opening, turn continues"],
)
def test_regression_a_meld_that_empties_the_hand_into_a_one_card_reserve_leaves_a_legal_action(
    trigger: ReserveTrigger, turn_continues: bool, hand: str, melds: list[str], meld: str
) -> None:
    """Regency with one reserve pile of one card, given at once: seat 3, whose side has no canasta, could once meld his whole
    hand after drawing (an empty hand, or the side's opening, gives the pile) and then hold the pile's one card, which he could
    neither meld nor discard. A pile given at once must bring cards enough to end the turn (decisions P65)."""
    v = canasta.load_variant("regency")
    v = replace(v, "reserve", attrs.evolve(v.reserve, sizes=(1,), trigger=trigger, turn_continues=turn_continues))
    assert check_variant(v) == []
    position = {
        "variant": unstructure_variant(v),
        "players": 4,
        "seat": 3,
        "phase": "meld",
        "drew": "stock",
        "melded": [1, 3] if melds else [],
        "hands": {"0": "4D 5C", "1": "JK 9S", "2": "KD 6H", "3": hand},
        "sides": {"0": {"melds": [], "opened": False}, "1": {"melds": melds, "opened": bool(melds)}},
        "pile": {"cards": "TH"},
        "reserve": {"given": 0, "received": []},  # with melds on the table, whether a hand was emptied is not on it
    }
    g = canasta.Game.from_position(position)
    # the pile's one card would leave him nothing to keep after a discard, and his side cannot go out: the meld is refused
    assert canasta.parse_action(meld) not in g.legal_actions()
    assert g.violation(meld) is not None
    assert g.legal_actions(), f"dead end:\n{g}"


OPENING_BEFORE_THE_DRAW = """\
extends = "swedish-official"
name = "opening before the draw"
title = ""
description = ""
sources = []

[deal.decks]
2 = 1
3 = 2
4 = 4
6 = 4

[deal.jokers]
2 = 10
3 = 0
6 = 0

[deal.hand_size]
2 = 30
3 = 30
4 = 30

[upcard]
enabled = false
wild_freezes = false

[initial_meld]
score_thresholds = [
    -1,
    0,
    1,
    2,
]
minimums = [
    0,
    0,
    0,
    0,
    0,
]
natural_meld_size = 5
pile_requires_natural_pair = false
from_hand_before_pile = true

[discard_pile]
take_top_card_only = false
wild_and_natural = false

[discards]
not_in_first_round = [
    "2",
    "3",
    "4",
]

[melds]
min_size = 5
min_naturals = 1

[ranks]
hand_penalty_count = 1

[canastas]
size = 5
naturals_added = false

[canastas.bonus]
natural = 0
mixed = 0
wild = 0

[going_out]
bonus = 0
permission = "not_used"

[going_out.canastas_required]
2 = 0
3 = 0
4 = 0
6 = 0

[concealed_going_out]
allowed = false
partner_canastas_count = false
bonus = 0

[reserve]
sizes = [
    30,
    30,
    30,
]

[red_threes]
sign_by_canastas = [
    1,
]

[red_threes.bonus_table]
2 = [
    0,
    1,
]
3 = [
    0,
    0,
    0,
    0,
]
4 = [
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
]
6 = [
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
]

[black_threes]
meld_min = 2
meld_max = 2

[scoring.card_points]
joker = 0
two = 0
ace = 0
eight_to_king = 0
four_to_seven = 1
black_three = 0

[match]
target = 50
"""
"""The house file the fuzzing drew (its base, an empty file extending swedish-official, folded in)."""


def test_regression_an_opening_laid_before_the_draw_does_not_stand_when_the_pile_is_left() -> None:
    """An opening laid from the hand before the draw (``initial_meld.from_hand_before_pile``; EBB §2.3) that needs a natural meld of
    five, which one pack cannot give: at the end of the stock, seat 0 could lay it and leave the pile, and the hand ended with the
    melds of a side that never opened on the table, scoring their card points. Leaving the pile is refused until the opening is
    taken back (found by the compiled build's run of the fuzzed house files)."""
    v = canasta.loads_variant(OPENING_BEFORE_THE_DRAW)
    assert check_variant(v) == []
    play(v, 2, 0, hands=2, kinds=("uniform",), replay=False)  # checks every hand's points against the keys that may pay them
    g = canasta.Game(v, players=2, seed=0, turn_cap=400)
    seats = [Seat("uniform", s) for s in range(2)]
    refused = 0
    while not g.is_over and g.hand_number <= 2:
        legal = g.legal_actions()
        view = g.view(g.current_player)
        if g.phase is canasta.Phase.DRAW and view.stock_size == 0 and view.turn.melded_ranks and not view.opened[view.side]:
            assert canasta.DeclinePile() not in legal and canasta.Retract() in legal
            found = g.violation("decline")
            assert isinstance(found, canasta.IllegalActionError) and found.rule == "initial_meld.from_hand_before_pile"
            refused += 1
        g.apply(seats[g.current_player].choose(g, legal))
    assert refused, "the case was not reached"
