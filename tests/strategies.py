"""Hypothesis strategies for variant profiles.

``variants()`` draws complete, *valid* profiles of schema version 2: every field
gets a value in its schema range (read from the field metadata, so new fields
are covered) and every key of its type: each enum value, lists of ints and of
ranks, keyed tables by rank and by canasta kind, special hands with valid names
and patterns. The values that validation.py relates are drawn together so that
the profile passes :func:`canasta.variants.check_variant`: the same player
counts in every per-player key, enough cards in the deck for the hands, the
upcard and the reserve piles dealt aside, a red-three table of 2 x decks
entries, strictly increasing thresholds, meld limits that allow a meld, a
meld size limit that holds a canasta, ``W`` only in the per-rank keys that
take it, no rank both natural-only and wild in the opening only, the canasta
bonus of every kind that must be given, a reserve to take where going out
needs one.

Every profile ``variants()`` draws can also end a match: :func:`scoring_sources`
finds a way for some side to score a point at each of its player counts (a
profile under which no side ever can is refused by validation).
``scoring_edge_variants()`` draws profiles near that edge, with most of their
points taken away, and ``house_files()`` writes a valid profile as a house file
that ``extends`` a bundled one.

``mutated_profiles()`` draws valid TOML profile texts and then breaks them the
way people and editors do: a line deleted or duplicated, a value of the wrong
type, junk values or key names, a file cut short, random characters.
"""

from __future__ import annotations

import json
import math
import random
import re
import tomllib
import typing
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any, TypeVar, cast

import attrs
import tomli_w
from hypothesis import assume
from hypothesis import strategies as st

from canasta.variants import Variant, bundled_dir, dumps_variant, load_variant, variant_names
from canasta.variants.converter import unstructure_variant
from canasta.variants.enums import CanastaClass, CanastaKind, DeadRanks, MeldRank, ReserveTrigger, WildLimit
from canasta.variants.liveness import POINT_KEYS, scoring_sources
from canasta.variants.schema import (
    META_KEYS,
    PLAYER_COUNTS,
    BlackThreeRules,
    CanastaRules,
    CardPoints,
    ConcealedGoingOutRules,
    DealRules,
    DiscardPileRules,
    GoingOutRules,
    InitialMeldRules,
    MatchRules,
    MeldRules,
    PlayerCount,
    RankRules,
    RedThreeRules,
    ReserveRules,
    ScoringRules,
    SpecialHand,
    TurnRules,
    UpcardRules,
    key_type,
)

T = TypeVar("T")

INT64 = (-(2**63), 2**63 - 1)
"""TOML integers are 64-bit."""

# --- text ---------------------------------------------------------------------

# Any characters at all (tomli-w escapes what TOML does not allow raw),
# including U+2028 and U+0085, which str.splitlines() treats as line ends.
any_text = st.text(alphabet=st.characters(exclude_categories=["Cs"]), max_size=30) | st.sampled_from(
    ["", "a # not a comment", 'quote " and \\ backslash', "line\nbreak", "x\u2028y = 1 # z", "\x85", "name = 1"]
)

# A citation is a TOML comment: no control characters but the tab, no edge whitespace (comments are read back stripped).
citation_text = (
    st.text(alphabet=st.characters(exclude_categories=["Cs", "Cc"]) | st.just("\t"), min_size=1, max_size=30).map(str.strip).filter(bool)
)


# --- generic fields -------------------------------------------------------------


def _int_field(field: attrs.Attribute[Any]) -> st.SearchStrategy[int]:
    lo, hi = field.metadata.get("lo"), field.metadata.get("hi")
    return st.integers(INT64[0] if lo is None else lo, INT64[1] if hi is None else hi)


NATURAL_RANKS: tuple[MeldRank, ...] = tuple(r for r in MeldRank if r is not MeldRank.WILD)
"""The ranks of natural melds, 4 to A: the keys of the per-rank rules that cannot name the wild-card meld ``W``."""

NO_WILD_MELD: frozenset[tuple[type, str]] = frozenset(
    {(RankRules, "natural_only"), (RankRules, "wilds_only_in_opening"), (RankRules, "natural_canasta_bonus"), (RankRules, "hand_penalty")}
)
"""Per-rank keys where ``W`` (the wild-card meld) is refused by validation (``_family_problems``)."""

REQUIRED_KEYS: dict[tuple[type, str], tuple[Enum, ...]] = {
    (CanastaRules, "bonus"): (CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD),
}
"""Keyed tables that must hold some keys (``canastas.bonus``: natural, mixed and wild are always given)."""

SPECIAL_HAND_NAME = r"[a-z][a-z0-9_]{0,39}"
"""A special hand's name (validation.SPECIAL_HAND_NAME)."""

_group_size = st.integers(1, 4) | st.integers(1, 99)  # small groups often, so that short hands can match a pattern


@st.composite
def special_hand_patterns(draw: st.DrawFn) -> str:
    """A valid special-hand pattern: up to 11 groups of naturals (four to ace, decisions P67) (1 to 99 cards, two digits at most) and wild-card groups ``W1`` to ``W99``.

    Groups come in any order, separated by any run of spaces or tabs, sometimes zero-padded
    (``04``); at least one group. Most are short, so that a hand of a few cards can match.
    """
    naturals = draw(st.lists(_group_size, max_size=11))
    wilds = draw(st.lists(_group_size, min_size=0 if naturals else 1, max_size=2))
    groups = [f"{n:02d}" if n < 10 and draw(st.integers(0, 9)) == 0 else str(n) for n in naturals]
    groups += [f"W{w}" for w in wilds]
    groups = draw(st.permutations(groups))
    gaps = draw(st.lists(st.sampled_from([" ", " ", " ", "  ", "\t", " \t "]), min_size=len(groups) + 1, max_size=len(groups) + 1))
    edge = draw(st.integers(0, 7))  # now and then a pattern with whitespace at its ends
    text = "".join(gap + group for gap, group in zip(gaps, groups, strict=False))
    return (text + gaps[-1]) if edge == 0 else text if edge == 1 else text.strip()


def _special_hand_field(field: attrs.Attribute[Any]) -> st.SearchStrategy[Any] | None:
    if field.name == "name":
        return st.from_regex(SPECIAL_HAND_NAME, fullmatch=True)
    if field.name == "pattern":
        return special_hand_patterns()
    return None


def _item_strategy(item: Any, cls: type, field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    """One entry of a list field."""
    if item is int:
        return _int_field(field)
    if isinstance(item, type) and issubclass(item, Enum):
        members = [m for m in item if not ((cls, field.name) in NO_WILD_MELD and m is MeldRank.WILD)]
        return st.sampled_from(members)
    if attrs.has(item):
        return section(item)
    raise NotImplementedError(f"no generic strategy for the entries of {cls.__name__}.{field.name}: {item}")


def _field_strategy(cls: type, field: attrs.Attribute[Any]) -> st.SearchStrategy[Any]:
    tp = typing.get_type_hints(cls)[field.name]
    if cls is SpecialHand and (special := _special_hand_field(field)) is not None:
        return special
    if tp is bool:
        return st.booleans()
    if tp is int:
        return _int_field(field)
    if tp is str:
        return any_text
    if isinstance(tp, type) and issubclass(tp, Enum):
        return st.sampled_from(list(tp))
    if attrs.has(tp):
        return section(tp)
    if typing.get_origin(tp) is tuple and typing.get_args(tp)[1:] == (Ellipsis,):
        item = typing.get_args(tp)[0]
        entries = _item_strategy(item, cls, field)
        # Empty (the classic rule) half the time, so that the family's rules mix with the classic ones.
        if attrs.has(item):  # a list of tables: special hands, each named once
            return st.just(()) | st.lists(entries, min_size=1, max_size=4, unique_by=lambda h: h.name).map(tuple)
        if isinstance(item, type) and issubclass(item, Enum):  # ranks: repeats are allowed (and read back as written)
            return st.just(()) | st.lists(entries, min_size=1, max_size=len(item) + 2).map(tuple)
        return st.just(()) | st.lists(entries, min_size=1, max_size=6).map(tuple)
    key = key_type(tp)
    if isinstance(key, type) and issubclass(key, Enum):
        keys = [m for m in key if not ((cls, field.name) in NO_WILD_MELD and m is MeldRank.WILD)]
        values = _int_field(field)
        required = REQUIRED_KEYS.get((cls, field.name), ())
        optional = [k for k in keys if k not in required]
        return st.builds(
            lambda fixed, more: {**fixed, **more},
            st.fixed_dictionaries({k: values for k in required}),
            st.just({}) | st.dictionaries(st.sampled_from(optional), values, max_size=len(optional)) if optional else st.just({}),
        )
    raise NotImplementedError(f"no generic strategy for {cls.__name__}.{field.name}: {tp}; draw it in strategies.variants()")


def section(cls: type[T], **fixed: st.SearchStrategy[Any]) -> st.SearchStrategy[T]:
    """One rule group, each field drawn from its type and range unless given in ``fixed``."""
    kwargs = {f.name: fixed[f.name] if f.name in fixed else _field_strategy(cls, f) for f in attrs.fields(cast(Any, cls))}
    return st.builds(cls, **kwargs)


# --- a whole valid profile ------------------------------------------------------------

SEATINGS = {
    n: [(s, out) for s in range(2, n + 1) for out in range(0, 5) if n - out >= s and (n - out) % s == 0 and (n - out) // s <= n // s]
    for n in PLAYER_COUNTS
}
"""The (sides, sitting_out) each player count can form: at least two sides, each playing with as many players (004 L11)."""


def _meld_ok(min_size: int, wild_limit: WildLimit, min_naturals: int, max_wilds: int, naturals: int, wilds: int) -> bool:
    if naturals < min_naturals or wilds > max_wilds or naturals + wilds < min_size:
        return False
    if wild_limit is WildLimit.HALF:
        return wilds <= naturals
    if wild_limit is WildLimit.FEWER:
        return wilds < naturals
    if wild_limit is WildLimit.TWO_PER_WILD:
        return naturals >= 2 * wilds
    return True


def _range_of(cls: type, name: str) -> st.SearchStrategy[int]:
    """The integers a field's schema range allows (its entries', for a list or a table by player count)."""
    return _int_field(attrs.fields_dict(cast(Any, cls))[name])


def variants(
    citations: bool = True, *, player_counts: st.SearchStrategy[set[int]] | None = None, scoring: bool = True
) -> st.SearchStrategy[Variant]:
    """A complete profile that passes check_variant, with citations on some of its keys.

    ``player_counts`` draws the player counts it supports (any non-empty set by
    default). With ``scoring`` (the default) some side can score a point at
    every one of them (:func:`scoring_sources`), so a match can end; without
    it, the profile may leave every side at 0 or below for ever, which
    validation refuses.
    """
    counts = st.sets(st.sampled_from(PLAYER_COUNTS), min_size=1) if player_counts is None else player_counts
    return _variants(citations, counts, scoring)


FIXED: dict[str, dict[str, st.SearchStrategy[Any]]] = {
    "match": {"hands": st.just(0) | _range_of(MatchRules, "hands")},  # played to the target half the time
}
"""Fields of the rule groups drawn field by field that are drawn otherwise than by their type alone."""


@st.composite
def _reserve(draw: st.DrawFn, room: int, counts: set[int]) -> ReserveRules:
    """Reserve piles: none, or up to four piles of 1 to 30 cards; piles dealt aside fit in ``room`` cards (the deck less the hands and the upcard).

    The piles are an array for every player count, or now and then the same piles as a table by player count; the discard
    may always empty the hand to reach a pile given on an empty hand where a meld may not (``reserve.by_discard``).
    """
    dealt = draw(st.booleans()) if room > 0 else False
    sizes: list[int] = []
    for _ in range(draw(st.integers(0, 4))):
        most = min(30, room - sum(sizes)) if dealt else 30
        if most < 1:
            break
        sizes.append(draw(st.integers(1, most) | st.just(most)))
    counted = st.booleans() if dealt and sizes else st.just(False)  # the cards of a pile never received lie aside only if dealt
    by_count = sizes and draw(st.booleans())
    piles: Any = {PlayerCount(n): tuple(sizes) for n in counts} if by_count else tuple(sizes)
    trigger = draw(st.sampled_from(ReserveTrigger))
    continues = draw(st.booleans())
    by_discard = st.booleans() if continues or trigger is not ReserveTrigger.EMPTY_HAND else st.just(True)
    return draw(
        section(
            ReserveRules,
            sizes=st.just(piles),
            dealt=st.just(dealt),
            untaken_cards_count=counted,
            trigger=st.just(trigger),
            turn_continues=st.just(continues),
            by_discard=by_discard,
        )
    )


@st.composite
def _ranks(draw: st.DrawFn) -> RankRules:
    """The per-rank rules: natural-only ranks and ranks that take wild cards only in the opening are natural ranks, none both."""
    natural_only = draw(st.just([]) | st.lists(st.sampled_from(NATURAL_RANKS), max_size=len(NATURAL_RANKS) + 2))
    rest = [r for r in NATURAL_RANKS if r not in natural_only]
    opening = st.just([]) | st.lists(st.sampled_from(rest), max_size=len(rest) + 2) if rest else st.just([])
    return draw(section(RankRules, natural_only=st.just(tuple(natural_only)), wilds_only_in_opening=opening.map(tuple)))


def _partitions(n: int, most: int | None = None) -> list[list[int]]:
    """Every way to write ``n`` as a sum of parts of at most ``most``, largest first."""
    most = n if most is None else most
    if n == 0:
        return [[]]
    return [[part, *rest] for part in range(min(n, most), 0, -1) for rest in _partitions(n - part, part)]


def shapes(total: int) -> list[str]:
    """The patterns of every shape a hand of ``total`` cards can take: its naturals grouped by rank, and its wild cards."""
    out = []
    for wilds in range(total + 1):
        for groups in _partitions(total - wilds):
            if len(groups) <= 11:  # four to ace: threes never match (core/special_hands.py)
                out.append(" ".join([*map(str, groups), *([f"W{wilds}"] if wilds else [])]))
    return out


@st.composite
def _showable_hands(draw: st.DrawFn, totals: Iterable[int]) -> tuple[SpecialHand, ...]:
    """Special hands for hands of these sizes (the hand after the draw), of every shape, so that play shows them."""
    patterns = sorted({pattern for total in totals for pattern in shapes(total)}, key=len)
    chosen = draw(st.lists(st.sampled_from(patterns), min_size=1, max_size=12, unique=True)) if len(patterns) > 12 else patterns
    points = _range_of(SpecialHand, "points")
    return tuple(SpecialHand(name=f"shape_{i}", pattern=p, points=draw(points)) for i, p in enumerate(chosen))


@st.composite
def _variants(draw: st.DrawFn, citations: bool, player_counts: st.SearchStrategy[set[int]], scoring: bool) -> Variant:
    counts = draw(player_counts)
    decks: dict[PlayerCount, int] = {}
    jokers: dict[PlayerCount, int] = {}
    hand_size: dict[PlayerCount, int] = {}
    sides: dict[PlayerCount, int] = {}
    sitting_out: dict[PlayerCount, int] = {}
    required: dict[PlayerCount, int] = {}
    table: dict[PlayerCount, tuple[int, ...]] = {}
    for n in sorted(counts):
        key = PlayerCount(n)
        decks[key] = draw(_range_of(DealRules, "decks"))
        jokers[key] = draw(_range_of(DealRules, "jokers"))
        sides[key], sitting_out[key] = draw(st.sampled_from(SEATINGS[n]))
    upcard = draw(section(UpcardRules))
    turn = draw(section(TurnRules))
    showable = draw(st.integers(0, 7)) == 0  # now and then short hands, and special hands of every shape they can take
    first = 1 if upcard.enabled else 0
    # The deck deals every hand that plays, the upcard and the reserve piles dealt aside (validation.check_variant).
    room = min(52 * decks[k] + jokers[k] - first - (k - sitting_out[k]) for k in decks)  # left after hands of one card
    reserve = draw(_reserve(room, counts))
    aside = sum(reserve.sizes_for(min(counts))) if reserve.dealt else 0  # the same piles for every count
    for n in sorted(counts):
        key = PlayerCount(n)
        most = min(30, (52 * decks[key] + jokers[key] - first - aside) // (n - sitting_out[key]))
        hand_size[key] = draw(st.integers(1, min(3, most)) if showable else st.integers(1, most) | st.just(most))
        required[key] = draw(st.integers(0, 12))
        entries = _range_of(RedThreeRules, "bonus_table")
        table[key] = tuple(draw(st.lists(entries, min_size=2 * decks[key], max_size=2 * decks[key])))
    deal = draw(
        section(
            DealRules,
            decks=st.just(decks),
            jokers=st.just(jokers),
            hand_size=st.just(hand_size),
            sides=st.just(sides),
            sitting_out=st.just(sitting_out),
        )
    )

    thresholds = draw(st.lists(_range_of(InitialMeldRules, "score_thresholds"), unique=True, max_size=5).map(sorted))
    bands = len(thresholds) + 1
    minimums = draw(st.lists(_range_of(InitialMeldRules, "minimums"), min_size=bands, max_size=bands))
    initial_meld = draw(section(InitialMeldRules, score_thresholds=st.just(tuple(thresholds)), minimums=st.just(tuple(minimums))))

    min_size = draw(st.integers(2, 7))
    most_naturals = 4 * min(decks.values())  # of one rank, in the fewest packs: more and no meld could ever be made
    canastas = draw(section(CanastaRules, size=st.integers(max(3, min_size), 14)))
    melds = draw(
        section(
            MeldRules,
            min_size=st.just(min_size),
            min_naturals=st.integers(1, min(min_size, most_naturals)),  # min_size naturals and no wild card is then a legal meld shape
            max_size=st.just(0) | st.integers(canastas.size, 14),  # no limit, or room for a canasta (and so for the smallest meld)
        )
    )
    pair_and_wild = _meld_ok(melds.min_size, melds.wild_limit, melds.min_naturals, melds.max_wilds, 2, 1)
    if canastas.several_per_rank:  # a canasta set aside takes no more cards, and its rank stays open (canastas.several_per_rank)
        canastas = attrs.evolve(canastas, naturals_added=False, wilds_added=False)
        melds = attrs.evolve(melds, dead_after_canasta=DeadRanks.NONE)
    discard_pile = draw(
        section(
            DiscardPileRules,
            wild_and_natural=st.booleans() if pair_and_wild else st.just(False),
            **({"own_canasta_rank_blocks": st.just(False)} if canastas.several_per_rank else {}),
        )
    )
    # The canastas needed to go out fit in the deck's cards besides its red threes (validation.check_variant).
    books = min((50 * decks[k] + jokers[k]) // canastas.size for k in decks)
    required = {k: min(r, books) for k, r in required.items()}
    kinds = draw(st.dictionaries(st.sampled_from(CanastaClass), st.integers(1, 3)).filter(lambda d: sum(d.values()) <= books))
    going_out = draw(
        section(
            GoingOutRules,
            canastas_required=st.just(required),
            canasta_kinds_required=st.just(kinds),
            reserve_taken=st.booleans() if reserve.sizes else st.just(False),
        )
    )
    red_threes = draw(section(RedThreeRules, bonus_table=st.just(table)))
    fewest_threes = 2 * min(decks.values())
    meld_min = draw(st.integers(2, min(8, fewest_threes)))
    black_threes = draw(section(BlackThreeRules, meld_min=st.just(meld_min), meld_max=st.integers(meld_min, 12)))

    hands = {"special_hands": _showable_hands([h + turn.stock_draw for h in hand_size.values()])} if showable else {}
    sections: dict[str, Any] = {
        "deal": deal,
        "upcard": upcard,
        "turn": turn,
        "scoring": draw(section(ScoringRules, **hands)),
        "initial_meld": initial_meld,
        "discard_pile": discard_pile,
        "melds": melds,
        "ranks": draw(_ranks()),
        "canastas": canastas,
        "going_out": going_out,
        "reserve": reserve,
        "red_threes": red_threes,
        "black_threes": black_threes,
    }
    hints = typing.get_type_hints(Variant)
    for field in attrs.fields(Variant):  # every other rule group, field by field (so a new group is covered too)
        if attrs.has(hints[field.name]) and field.name not in sections:
            sections[field.name] = draw(section(hints[field.name], **FIXED.get(field.name, {})))
    variant = Variant(
        schema_version=2,
        name=draw(any_text.filter(lambda s: bool(s.strip()))),
        title=draw(any_text),
        description=draw(any_text),
        sources=tuple(draw(st.lists(any_text, max_size=3))),
        **sections,
    )
    if scoring:
        assume(all(scoring_sources(variant, n) for n in counts))
    if not citations:
        return variant
    keys = citable_paths(variant)
    chosen = draw(st.lists(st.sampled_from(keys), unique=True, max_size=12))
    return attrs.evolve(variant, citations={k: draw(citation_text) for k in chosen})


# --- can a match end? ---------------------------------------------------------------

DEFAULT_SPECIAL_HAND = SpecialHand(name="seven_pairs", pattern="2 2 2 2 2 2 2", points=0)
"""Modern American's seven pairs (EBB §2.12): a special hand of 14 cards."""


def _hand_of(size: int) -> SpecialHand:
    if size == 14:
        return DEFAULT_SPECIAL_HAND
    groups = [4] * (size // 4) + ([size % 4] if size % 4 else [])
    return SpecialHand(name=f"hand_of_{size}", pattern=" ".join(str(g) for g in groups), points=0)


DEFAULT_SPECIAL_HANDS = tuple(_hand_of(size) for size in range(2, 32))
"""The special hands :func:`point_value` adds, with their points, to a profile that has none: one for every hand a player can
hold after a one-card draw (2 to 31 cards, groups of four of a rank), seven pairs among them, so that every profile's hands can
match one (decisions P67)."""


def point_value(key: str, value: int) -> Callable[[Variant], Variant]:
    """A change setting one key of :data:`POINT_KEYS` to ``value``, clamped into its range.

    Every entry of the red-three table; one kind of ``canastas.bonus`` (a kind the table
    does not list is added); every rank of ``ranks.natural_canasta_bonus`` and every
    special hand's points. A positive value given to an empty per-rank table gives it to
    every natural rank, and to a profile with no special hand adds
    :data:`DEFAULT_SPECIAL_HANDS`, so that the key can score.
    """
    group, _, name = key.rpartition(".")
    if key == "scoring.special_hands":
        owner, field = SpecialHand, "points"
    elif key == "ranks.natural_canasta_bonus":
        owner, field = RankRules, name
    elif group == "canastas.bonus":
        owner, field = CanastaRules, "bonus"
    else:
        owner = {"scoring.card_points": CardPoints, "going_out": GoingOutRules}.get(group)
        owner = owner or {"concealed_going_out": ConcealedGoingOutRules, "red_threes": RedThreeRules}[group]
        field = name
    meta = attrs.fields_dict(cast(Any, owner))[field].metadata
    lo, hi = meta.get("lo"), meta.get("hi")
    value = max(value, INT64[0] if lo is None else lo)
    value = min(value, INT64[1] if hi is None else hi)

    def change(v: Variant) -> Variant:
        if key == "red_threes.bonus_table":
            table = {k: tuple(value for _ in t) for k, t in v.red_threes.bonus_table.items()}
            return attrs.evolve(v, red_threes=attrs.evolve(v.red_threes, bonus_table=table))
        if key == "scoring.special_hands":
            hands = v.scoring.special_hands or (DEFAULT_SPECIAL_HANDS if value > 0 else ())
            hands = tuple(attrs.evolve(h, points=value) for h in hands)
            return attrs.evolve(v, scoring=attrs.evolve(v.scoring, special_hands=hands))
        if key == "ranks.natural_canasta_bonus":
            ranks = v.ranks.natural_canasta_bonus or (dict.fromkeys(NATURAL_RANKS, 0) if value > 0 else {})
            return attrs.evolve(v, ranks=attrs.evolve(v.ranks, natural_canasta_bonus=dict.fromkeys(ranks, value)))
        if group == "canastas.bonus":
            bonus = {**v.canastas.bonus, CanastaKind(name): value}
            return attrs.evolve(v, canastas=attrs.evolve(v.canastas, bonus=bonus))
        if group == "scoring.card_points":
            points = attrs.evolve(v.scoring.card_points, **{name: value})
            return attrs.evolve(v, scoring=attrs.evolve(v.scoring, card_points=points))
        return attrs.evolve(v, **{group: attrs.evolve(getattr(v, group), **{name: value})})

    return change


def without_points(v: Variant, keep: Iterable[str] = ()) -> Variant:
    """The profile with every key of :data:`POINT_KEYS` but ``keep`` set to 0 (as near 0 as its range allows)."""
    for key in POINT_KEYS:
        if key not in keep:
            v = point_value(key, 0)(v)
    return v


@st.composite
def scoring_edge_variants(draw: st.DrawFn) -> Variant:
    """A profile of valid shape with most of its points taken away: near the edge where no side can ever score.

    Up to two point keys keep a positive value; the opening minimums may rise
    to their top, concealed going out may be switched off. Some of these
    profiles can still end a match, the others validation must refuse.
    """
    v = draw(variants(citations=False, scoring=False))
    kept = draw(st.sets(st.sampled_from(POINT_KEYS), max_size=2))
    v = without_points(v, kept)
    for key in sorted(kept):
        v = point_value(key, draw(st.sampled_from([1, 5, 100, INT64[1]])))(v)
    if draw(st.booleans()):
        top = draw(st.sampled_from([1, 50, 10000]))
        by_hand = tuple(top for _ in v.initial_meld.minimums_by_hand)
        minimums = tuple(top for _ in v.initial_meld.minimums)
        v = attrs.evolve(v, initial_meld=attrs.evolve(v.initial_meld, minimums=minimums, minimums_by_hand=by_hand))
    if draw(st.booleans()):
        v = attrs.evolve(v, concealed_going_out=attrs.evolve(v.concealed_going_out, allowed=False))
    return v


# --- house files ---------------------------------------------------------------------------


def _zero_is_absent(cls: type = Variant, prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """The keyed tables where a key given 0 is dropped (``ranks.unfinished_penalty``): a house file writes 0 to undo its parent's."""
    out: set[tuple[str, ...]] = set()
    hints = typing.get_type_hints(cls)
    for f in attrs.fields(cast(Any, cls)):
        if attrs.has(hints[f.name]):
            out |= _zero_is_absent(hints[f.name], (*prefix, f.name))
        elif key_type(hints[f.name]) is not None and f.converter is not None:
            out.add((*prefix, f.name))
    return out


ZERO_IS_ABSENT: frozenset[tuple[str, ...]] = frozenset(_zero_is_absent())
"""Key paths of the keyed tables that drop a key given 0 (schema ``keyed(..., zero_is_absent=True)``), as tuples of names."""


def _changes(parent: Mapping[str, Any], child: Mapping[str, Any], path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """The leaves of ``child`` that differ from ``parent``'s, as (key path, value); a table the parent lacks is one leaf.

    A key of a table where 0 means absent (:data:`ZERO_IS_ABSENT`) that the parent gives and the child does not is written as 0.
    """
    out: list[tuple[tuple[str, ...], Any]] = []
    for key, value in child.items():
        old = parent.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            out += _changes(old, value, (*path, key))
        elif value != old:
            out.append(((*path, key), value))
    if path in ZERO_IS_ABSENT:
        out += [((*path, key), 0) for key in parent if key not in child]
    return out


def house_ready(v: Variant, parent: Variant) -> Variant:
    """``v`` with what a house file extending ``parent`` cannot take away put back: a house file merges keyed tables key by key.

    Every player count of the parent is listed with who sits out, and the keys the parent gives in the keyed tables where
    0 is a value of its own (``canastas.bonus``, ``ranks.natural_canasta_bonus``) keep the parent's values where ``v`` lacks them.
    """
    sitting_out = {PlayerCount(n): v.deal.sitting_out.get(PlayerCount(n), 0) for n in v.player_counts}
    v = attrs.evolve(v, deal=attrs.evolve(v.deal, sitting_out=sitting_out))
    bonus = {**parent.canastas.bonus, **v.canastas.bonus}
    by_rank = {**parent.ranks.natural_canasta_bonus, **v.ranks.natural_canasta_bonus}
    return attrs.evolve(v, canastas=attrs.evolve(v.canastas, bonus=bonus), ranks=attrs.evolve(v.ranks, natural_canasta_bonus=by_rank))


def _put(table: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    for part in path[:-1]:
        table = table.setdefault(part, {})
    table[path[-1]] = value


def house_text(parent_name: str, v: Variant) -> str:
    """``v`` as a house file: ``extends`` the bundled profile ``parent_name`` and gives every value that differs from it.

    ``v`` must list every player count of the parent: a house file can only add to a table by player count.
    """
    data = unstructure_variant(v)
    house: dict[str, Any] = {"extends": parent_name, **{key: data[key] for key in ("name", "title", "description", "sources")}}
    for path, value in _changes(unstructure_variant(load_variant(parent_name)), data):
        if path[0] not in META_KEYS:
            _put(house, path, value)
    return tomli_w.dumps(house)


@st.composite
def house_files(draw: st.DrawFn) -> tuple[dict[str, str], Variant]:
    """A valid profile written as house files, and that profile: what loading ``house.toml`` must give.

    ``house.toml`` says ``extends = "base.toml"``, which says ``extends`` a
    bundled profile; each rule the profile changes from the bundled one is
    written in one of the two files, drawn at random, so the loader's merge
    of tables key by key and of arrays whole is played at both levels. The
    profile lists every player count of its bundled parent (a house file can
    only add to a table by player count), says who sits out at each count and
    keeps the parent's keys of the keyed tables where 0 is a value
    (:func:`house_ready`); a key the parent gives in a table where 0 means
    absent is written as 0.
    """
    parent_name = draw(st.sampled_from(variant_names()))
    parent = load_variant(parent_name)
    need = set(parent.player_counts)
    v = house_ready(draw(variants(citations=False, player_counts=st.sets(st.sampled_from(PLAYER_COUNTS)).map(lambda s: s | need))), parent)
    data = unstructure_variant(v)
    changes = [(path, value) for path, value in _changes(unstructure_variant(parent), data) if path[0] not in META_KEYS]
    in_base = draw(st.lists(st.booleans(), min_size=len(changes), max_size=len(changes)))
    base: dict[str, Any] = {"extends": parent_name}
    house: dict[str, Any] = {"extends": "base.toml", **{key: data[key] for key in ("name", "title", "description", "sources")}}
    for (path, value), here in zip(changes, in_base, strict=True):
        _put(base if here else house, path, value)
    return {"base.toml": tomli_w.dumps(base), "house.toml": tomli_w.dumps(house)}, v


def _leaves(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value:  # an empty table is written as a value of its own: `key = {}`
            out += _leaves(value, f"{path}.")
        else:
            out.append(path)
    return out


def citable_paths(variant: Variant) -> list[str]:
    """The dotted keys a dump writes a line for: every value, and the table headers (those with a value of their own)."""
    leaves = _leaves(unstructure_variant(variant))
    tables = sorted({leaf.rpartition(".")[0] for leaf in leaves} - {""})
    return leaves + tables


# --- breaking valid TOML ---------------------------------------------------------------


def _bundled_texts() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(bundled_dir().glob("*.toml"))]


HOUSE = """\
extends = "regency"  # our club plays the Regency rules
name = "our-club"

[deal]
jokers = { 4 = 6 }

[initial_meld]
minimums = [25, 50, 90, 120]

[match]
target = 7500  # decided at the 2019 meeting
"""

BASE_TEXTS: list[str] = [dumps_variant(Variant()), HOUSE, *_bundled_texts()]
"""Valid profile texts to break: the generic dump, a house file and the bundled profiles (which exist once written)."""


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # JSON escapes are TOML escapes; a raw DEL makes it invalid TOML, also fine


def toml_literal(value: Any) -> str:
    """A value written as inline TOML."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_string(str(k))} = {toml_literal(v)}" for k, v in value.items()) + " }"
    return str(value)  # dates and times write themselves as TOML


_scalars = (
    st.integers(-(2**70), 2**70)
    | st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7, -1, 10**6])
    | st.booleans()
    | st.floats(allow_nan=True, allow_infinity=True)
    | any_text
    | st.sampled_from(["half", "halff", "draw", "regency", "4", "", "optional"])
    | st.dates()
    | st.datetimes()
    | st.times()
)
toml_values: st.SearchStrategy[Any] = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["2", "3", "4", "5", "6", "7", "0", "a", "x.y", "", "joker"]) | any_text, inner, max_size=4)
    ),
    max_leaves=8,
)
"""Any TOML value: every scalar type, arrays and inline tables, nested."""

junk_keys = (
    st.sampled_from(["jokerz", "target", "4", "extends", "citations", "schema_version", "min_size", "card_points", "deal"]) | any_text
)
junk_chars = st.text(alphabet="[]{}=\"'#.,\n\\ \t0123456789abcxyz_-+:\x00\x7f\u2028é", min_size=1, max_size=8)

Mutation = Callable[[st.DrawFn, str], str]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _uniform(draw: st.DrawFn) -> random.Random:
    """A seeded Random for uniform choices over a whole file: hypothesis's own integers favour the first lines."""
    return draw(st.randoms(use_true_random=False))


def _pick_line(draw: st.DrawFn, lines: list[str], pred: Callable[[str], bool] = lambda _: True) -> int | None:
    candidates = [i for i, line in enumerate(lines) if pred(line)]
    return _uniform(draw).choice(candidates) if candidates else None


def _is_key_line(line: str) -> bool:
    return "=" in line and not line.lstrip().startswith(("[", "#"))


def delete_line(draw: st.DrawFn, text: str) -> str:
    lines = _lines(text)
    i = _pick_line(draw, lines)
    return "\n".join(lines[:i] + lines[i + 1 :]) if i is not None else text


def duplicate_line(draw: st.DrawFn, text: str) -> str:
    lines = _lines(text)
    i = _pick_line(draw, lines)
    return "\n".join(lines[: i + 1] + lines[i:]) if i is not None else text


def swap_value(draw: st.DrawFn, text: str) -> str:
    """Give a key a value of any type: string, integer, boolean, float, array, table, date."""
    lines = _lines(text)
    i = _pick_line(draw, lines, _is_key_line)
    if i is None:
        return text
    key = lines[i].split("=", 1)[0]
    lines[i] = f"{key}= {toml_literal(draw(toml_values))}"
    return "\n".join(lines)


def junk_value(draw: st.DrawFn, text: str) -> str:
    lines = _lines(text)
    i = _pick_line(draw, lines, _is_key_line)
    if i is None:
        return text
    lines[i] = f"{lines[i].split('=', 1)[0]}= {draw(junk_chars)}"
    return "\n".join(lines)


def junk_key(draw: st.DrawFn, text: str) -> str:
    """Rename a key, or add a line with an unknown or misplaced key."""
    lines = _lines(text)
    name = draw(junk_keys)
    key = name if name and all(c.isascii() and (c.isalnum() or c in "_-") for c in name) else _toml_string(name)
    i = _pick_line(draw, lines, _is_key_line)
    if i is not None and draw(st.booleans()):
        lines[i] = f"{key} ={lines[i].split('=', 1)[1]}"
    else:
        at = _uniform(draw).randint(0, len(lines))
        lines.insert(at, f"{key} = {toml_literal(draw(toml_values))}")
    return "\n".join(lines)


def truncate(draw: st.DrawFn, text: str) -> str:
    return text[: _uniform(draw).randint(0, len(text))]


def insert_chars(draw: st.DrawFn, text: str) -> str:
    at = _uniform(draw).randint(0, len(text))
    return text[:at] + draw(junk_chars) + text[at:]


def set_extends(draw: st.DrawFn, text: str) -> str:
    """Point the file at a parent, good or bad (never at an arbitrary path on this machine)."""
    parent = draw(
        st.sampled_from(["regency", "regensy", "finnish", "rasche-house", "missing.toml", "sub/missing.toml", ""]) | st.integers()
    )
    return f"extends = {toml_literal(parent)}\n{text}"


_INT = re.compile(r"(?<![\w.\"'-])-?\d+(?![\w.\"'-])")


def nudge_int(draw: st.DrawFn, text: str) -> str:
    """Change one integer to a nearby, boundary or huge value: 0 sides, -1 jokers, 10**12 cards."""
    spots = [m for m in _INT.finditer(text)]
    if not spots:
        return text
    spot = _uniform(draw).choice(spots)
    old = int(spot.group())
    new = draw(st.integers(-2, 2 * abs(old) + 2) | st.sampled_from([0, -1, 1, 10**12, 2**63 - 1, -(2**63)]))
    return text[: spot.start()] + str(new) + text[spot.end() :]


_COUNT_KEY = re.compile(r"(?m)(?:^\s*|[{,]\s*)(\d)(?=\s*=)")


def junk_player_count(draw: st.DrawFn, text: str) -> str:
    """Key a per-player value by something that is not a player count, or by the same count twice."""
    spots = [m for m in _COUNT_KEY.finditer(text)]
    if not spots:
        return text
    spot = _uniform(draw).choice(spots)
    junk = draw(
        st.sampled_from(['"0"', '"1"', '"7"', '"04"', '"²"', '"٤"', "four", '"4.0"', '" 4"', '""', "2", "4", "5", "6"])
        | junk_keys.map(_toml_string)
    )
    return text[: spot.start(1)] + junk + text[spot.end(1) :]


MUTATIONS: list[Mutation] = [
    delete_line,
    duplicate_line,
    swap_value,
    junk_value,
    junk_key,
    truncate,
    insert_chars,
    set_extends,
    nudge_int,
    junk_player_count,
]


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """A valid profile text with one to three random edits of its text."""
    text = draw(st.sampled_from(BASE_TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        mutate = draw(st.sampled_from(MUTATIONS))
        text = mutate(draw, text)
    return text


def _slots(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key and array index in parsed TOML data, as paths."""
    out: list[tuple[Any, ...]] = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, value in items:
        out.append((*path, key))
        out += _slots(value, (*path, key))
    return out


@st.composite
def mutated_data(draw: st.DrawFn) -> str:
    """A valid profile parsed, changed as data, and written back as valid TOML.

    Each change replaces a value with any TOML value, nudges an integer, deletes
    a key or an array entry, renames a key, or moves a key to another table, so
    that every schema key meets every kind of bad value.
    """
    data = tomllib.loads(draw(st.sampled_from(BASE_TEXTS)))
    rnd = _uniform(draw)
    for _ in range(draw(st.integers(1, 4))):
        slots = _slots(data)
        if not slots:
            break
        *parent_path, key = rnd.choice(slots)
        parent: Any = data
        for part in parent_path:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "replace", "nudge", "delete", "rename", "move"]))
        if action == "replace":
            parent[key] = draw(toml_values)
        elif action == "nudge" and type(parent[key]) is int:
            old = parent[key]
            parent[key] = draw(st.integers(-2, 2 * abs(old) + 2) | st.sampled_from([0, -1, 10**12, 2**63 - 1]))
        elif action == "delete":
            del parent[key]
        elif action == "rename" and isinstance(parent, dict):
            parent[draw(junk_keys | st.sampled_from(["2", "3", "4", "5", "6", "7", "04", "²"]))] = parent.pop(key)
        elif action == "move" and isinstance(parent, dict):
            tables = [data, *(v for v in data.values() if isinstance(v, dict))]
            rnd.choice(tables)[key] = parent.pop(key)
    return tomli_w.dumps(data)


def mutated_profiles() -> st.SearchStrategy[str]:
    """Broken profile texts: edited as text (often no longer TOML), or edited as data (valid TOML, wrong profile)."""
    return mutated_texts() | mutated_data()


__all__ = [
    "BASE_TEXTS",
    "DEFAULT_SPECIAL_HAND",
    "DEFAULT_SPECIAL_HANDS",
    "MUTATIONS",
    "NATURAL_RANKS",
    "NO_WILD_MELD",
    "POINT_KEYS",
    "ZERO_IS_ABSENT",
    "citable_paths",
    "house_files",
    "house_ready",
    "house_text",
    "mutated_data",
    "mutated_profiles",
    "mutated_texts",
    "point_value",
    "scoring_edge_variants",
    "scoring_sources",
    "section",
    "shapes",
    "special_hand_patterns",
    "toml_literal",
    "toml_values",
    "variants",
    "without_points",
]
