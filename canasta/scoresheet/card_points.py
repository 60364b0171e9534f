"""What a side's count is worth in cards: the least and the most card points its canastas and melds can hold, and what the deck holds.

A canasta is made of cards, and the profile says what each card is worth
(``scoring.card_points``; 001 §12, §34), how many cards a canasta takes
(``canastas.size``, ``melds.max_size``; 001 §15 A), how many wild cards a meld
may hold (``melds.min_naturals``, ``melds.wild_limit``, ``melds.max_wilds``;
001 §11 D) and which cards the deck has for the table's player count
(``deal.decks``, ``deal.jokers``; 001 §2). So a side's ``melded`` points have
a least and a most value, its ``in_hand`` points a least one, and the card
points of all sides together cannot pass what the deck holds. Everything here
is computed from those rules, for any profile: a side holds one meld of a rank
and one wild-card meld (001 §11 B; decisions P27), and a canasta's kind is
:meth:`canasta.TableRules.kind_of`, the engine's one classification.

The bounds are sound, not tight: what they refuse cannot be counted from the
deck; what they accept may still be a miscount, which the table corrects
(001 §35). :mod:`canasta.scoresheet.validation` turns them into refusals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product
from typing import TYPE_CHECKING

import attrs

from canasta.core.canastas import CanastaKind
from canasta.core.cards import ACE, FOUR, THREE, TWO, WILD
from canasta.core.table import meld_rank_index
from canasta.variants.schema import DealRules

if TYPE_CHECKING:
    from canasta.core.table import TableRules

    from .entries import SideEntry

WILD_KINDS = (CanastaKind.WILD, CanastaKind.PURE_WILD, CanastaKind.EVERY_JOKER)
"""The kinds of a canasta of wild cards only (004 opt b; Cuban RG, Modern American EBB §2.7)."""

MOST_CARDS = 52 * attrs.fields(DealRules).decks.metadata["hi"] + attrs.fields(DealRules).jokers.metadata["hi"]
"""The most cards any profile's deck may hold (``deal.decks`` and ``deal.jokers`` at their schema limits): no count of canastas or
of threes can pass it under any profile."""


def supply(rules: TableRules, rank: int) -> int:
    """The deck's cards of a rank index (001 §2): four a pack of the twos and of four to ace, two a pack of black threes, and the jokers
    (:data:`~canasta.core.cards.WILD`)."""
    if rank == WILD:
        return int(rules.jokers)
    return 2 * rules.decks if rank == THREE else 4 * rules.decks


def deck_points(rules: TableRules) -> int:
    """The card points of every card a side may count, melded or in hand: the whole deck but the red threes, and the black threes
    where they are bonus cards (001 §2, §34; ``black_threes.bonus_card``)."""
    v = rules.rank_value
    total = sum(supply(rules, rank) * v[rank] for rank in range(FOUR, ACE + 1))
    total += supply(rules, TWO) * v[TWO] + supply(rules, WILD) * v[WILD]
    return total if rules.black_bonus else total + supply(rules, THREE) * v[THREE]


def natural_ranks(rules: TableRules) -> tuple[int, ...]:
    """The rank indexes of which a side may make a canasta with naturals: four to ace, and the black threes where they may be melded
    in a canasta's number (``black_threes.meldable``, ``black_threes.meld_max``)."""
    threes = rules.black_threes_meldable and rules.black_three_max >= rules.canasta_size
    return ((THREE,) if threes else ()) + tuple(range(FOUR, ACE + 1))


def rank_places(rules: TableRules) -> list[int]:
    """The natural ranks, each as many times as it may hold canastas: once (a side holds one meld of a rank, decisions P27), or
    under ``canastas.several_per_rank`` as many times as the deck's cards of the rank fill the fewest naturals a canasta needs
    (Hand and Foot's books, NWP). Each place is bounded by the whole supply of its rank, so the bounds stay bounds, looser."""
    if not rules.several_per_rank:
        return list(natural_ranks(rules))
    fewest = max(1, rules.canasta_size - rules.wild_cap)
    return [rank for rank in natural_ranks(rules) for _ in range(max(1, supply(rules, rank) // fewest))]


def _natural_canasta(rules: TableRules, rank: int) -> tuple[int, int] | None:
    """The fewest and the most naturals of a natural canasta of ``rank`` (001 §15 A, ``melds.max_size``); None where the deck makes none."""
    most = min(supply(rules, rank), rules.max_size)
    if most < rules.canasta_size or not rules.shape_ok(rank, rules.canasta_size, 0):
        return None
    return rules.canasta_size, most


def _mixed_naturals(rules: TableRules, rank: int, wilds: int) -> int | None:
    """The fewest naturals a mixed canasta of ``rank`` holding ``wilds`` wild cards needs (001 §11 D, §15 A); None where none can."""
    for naturals in range(max(1, rules.canasta_size - wilds), supply(rules, rank) + 1):
        if naturals + wilds > rules.max_size:
            return None
        if rules.shape_ok(rank, naturals, wilds):
            return naturals
    return None


def _mixed_options(rules: TableRules, rank: int) -> dict[int, int]:
    """Each number of wild cards a mixed canasta of ``rank`` may hold, with the fewest naturals it then needs."""
    pool = supply(rules, TWO) + supply(rules, WILD)
    options = {}
    for wilds in range(1, min(rules.wild_cap, pool) + 1):
        naturals = _mixed_naturals(rules, rank, wilds)
        if naturals is not None:
            options[wilds] = naturals
    return options


def _wild_points(rules: TableRules, count: int, twos: int, jokers: int, *, dearest: bool) -> int | None:
    """The points of the ``count`` cheapest (or dearest) wild cards among ``twos`` twos and ``jokers`` jokers; None if fewer remain."""
    if count > twos + jokers:
        return None
    cheap, dear = sorted(((rules.rank_value[TWO], twos), (rules.rank_value[WILD], jokers)))
    first, second = (dear, cheap) if dearest else (cheap, dear)
    taken = min(count, first[1])
    return taken * first[0] + (count - taken) * second[0]


def wild_meld_shapes(rules: TableRules, kind: CanastaKind | None, *, unfinished: bool = False) -> list[tuple[int, int]]:
    """The twos and jokers a side's wild-card meld may hold: a canasta of ``kind``, an unfinished meld (``unfinished``), or none."""
    twos, jokers = supply(rules, TWO), supply(rules, WILD)
    if kind is None and not unfinished:
        return [(0, 0)]
    if not rules.wild_canastas:
        return []
    size = rules.canasta_size
    shapes = []
    for t, j in product(range(twos + 1), range(jokers + 1)):
        cards = t + j
        if unfinished:
            if rules.min_size <= cards < size:
                shapes.append((t, j))
        elif size <= cards <= rules.max_size and rules.kind_of(WILD, t, j) is kind:
            shapes.append((t, j))
    return shapes


def canasta_points(rules: TableRules, kind: CanastaKind) -> tuple[int, int] | None:
    """The least and the most card points one canasta of ``kind`` holds under the profile, over every rank and make-up the deck allows
    (001 §15 A; topics G); None where the deck makes no canasta of that kind."""
    v = rules.rank_value
    values: list[int] = []
    if kind is CanastaKind.NATURAL:
        for rank in natural_ranks(rules):
            span = _natural_canasta(rules, rank)
            if span is not None:
                values += [span[0] * v[rank], span[1] * v[rank]]
    elif kind is CanastaKind.MIXED:
        twos, jokers = supply(rules, TWO), supply(rules, WILD)
        for rank in natural_ranks(rules):
            for wilds, naturals in _mixed_options(rules, rank).items():
                least = _wild_points(rules, wilds, twos, jokers, dearest=False)
                most_naturals = min(supply(rules, rank), rules.max_size - wilds)
                most = _wild_points(rules, wilds, twos, jokers, dearest=True)
                if least is not None and most is not None:
                    values += [naturals * v[rank] + least, most_naturals * v[rank] + most]
    else:
        values = [t * v[TWO] + j * v[WILD] for t, j in wild_meld_shapes(rules, kind)]
    return (min(values), max(values)) if values else None


def _plain_counts(s: SideEntry) -> tuple[int, int, CanastaKind | None]:
    """The side's natural canastas not counted by rank, its mixed ones, and the kind of its wild-card canasta (if any)."""
    wild = next((kind for kind in WILD_KINDS if s.canastas.get(kind)), None)
    return s.canastas.get(CanastaKind.NATURAL, 0), s.canastas.get(CanastaKind.MIXED, 0), wild


def _unfinished_naturals(rules: TableRules, rank: int) -> int:
    """The fewest naturals of an unfinished natural meld of ``rank`` (``melds.min_size``; 001 §11 A)."""
    return next((n for n in range(rules.min_size, rules.canasta_size) if rules.shape_ok(rank, n, 0)), rules.min_size)


def _pinned(rules: TableRules, s: SideEntry) -> tuple[int, set[int]]:
    """The least natural points of the melds the side names by rank (canastas counted by rank, penalised unfinished melds), and those ranks."""
    v = rules.rank_value
    cost = 0
    ranks: set[int] = set()
    for rank, n in s.rank_canastas.items():
        index = meld_rank_index(rank)
        cost += n * rules.canasta_size * v[index]
        ranks.add(index)
    for rank in s.unfinished:
        index = meld_rank_index(rank)
        if index != WILD:
            cost += _unfinished_naturals(rules, index) * v[index]
            ranks.add(index)
    return cost, ranks


def least_melded(rules: TableRules, s: SideEntry, *, plain_naturals: bool = True) -> int | None:
    """The fewest card points the side's canastas and penalised unfinished melds hold; None where the deck cannot make them.

    Each canasta of a natural rank is placed on a rank of its own (decisions
    P27), in the make-up that costs least with the wild cards the others take
    (the cheapest of the deck's), the wild-card meld in its cheapest make-up of
    the kind entered: the least over every placing. With ``plain_naturals``
    false the natural canastas not counted by rank are left out, and the other
    melds may use their ranks: the part that adds to the sides' joint bound
    (:func:`least_natural_canastas`).
    """
    v = rules.rank_value
    size = rules.canasta_size
    cost, pinned = _pinned(rules, s)
    naturals, mixed, wild_kind = _plain_counts(s)
    wanted = naturals if plain_naturals else 0
    twos, jokers = supply(rules, TWO), supply(rules, WILD)
    best: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}  # (natural canastas placed, mixed ones, their wild cards) -> fewest points
    for rank in rank_places(rules):
        if rank in pinned and not rules.several_per_rank:  # a pinned rank's other places stay open where a rank holds several canastas
            continue
        natural = _natural_canasta(rules, rank) is not None
        options = _mixed_options(rules, rank)
        step = dict(best)
        for (placed, mixes, used), points in best.items():
            if natural and placed < wanted:
                _keep(step, (placed + 1, mixes, used), points + size * v[rank])
            if mixes < mixed:
                for wilds, count in options.items():
                    if used + wilds <= twos + jokers:
                        _keep(step, (placed, mixes + 1, used + wilds), points + count * v[rank])
        best = step
    placed_all = {used: points for (placed, mixes, used), points in best.items() if placed == wanted and mixes == mixed}
    unfinished_wild = any(meld_rank_index(rank) == WILD for rank in s.unfinished)
    least: int | None = None
    for t, j in wild_meld_shapes(rules, wild_kind, unfinished=unfinished_wild and wild_kind is None):
        for used, points in placed_all.items():
            cheapest = _wild_points(rules, used, twos - t, jokers - j, dearest=False)
            if cheapest is not None:
                total = t * v[TWO] + j * v[WILD] + points + cheapest
                least = total if least is None else min(least, total)
    return None if least is None else cost + least


def _keep(best: dict[tuple[int, int, int], int], key: tuple[int, int, int], points: int) -> None:
    if points < best.get(key, points + 1):
        best[key] = points


def least_natural_canastas(rules: TableRules, sides: Sequence[SideEntry]) -> int | None:
    """The fewest card points the natural canastas not counted by rank of all ``sides`` hold together; None where the deck cannot make them.

    A rank holds as many natural canastas as its cards left by the melds named
    by rank make, one a side at most (001 §2, §15 A; decisions P27).
    """
    v = rules.rank_value
    used = dict.fromkeys(range(WILD + 1), 0)
    for s in sides:
        for rank, n in s.rank_canastas.items():
            used[meld_rank_index(rank)] += n * rules.canasta_size
        for rank in s.unfinished:
            index = meld_rank_index(rank)
            if index != WILD:
                used[index] += _unfinished_naturals(rules, index)
    slots: list[int] = []
    for index in natural_ranks(rules):
        if _natural_canasta(rules, index) is not None:
            room = max(0, supply(rules, index) - used[index]) // rules.canasta_size
            slots += [rules.canasta_size * v[index]] * (room if rules.several_per_rank else min(len(sides), room))
    wanted = sum(s.canastas.get(CanastaKind.NATURAL, 0) for s in sides)
    return None if wanted > len(slots) else sum(sorted(slots)[:wanted])


def _slots(naturals: int, limit: int, cap: int, value: int) -> list[int]:
    """What each wild card a meld may take displaces: nothing while the meld has room, else one of its ``naturals`` of ``value``."""
    count = max(0, min(cap, limit))
    free = max(0, limit - naturals)
    return [0] * min(free, count) + [value] * (count - min(free, count))


def most_melded(rules: TableRules, s: SideEntry, *, went_out: bool) -> int | None:
    """The most card points the side's melds can hold with the canastas it entered: an upper bound (001 §11, §15 A, §20 C); None
    where its canastas need more ranks than there are.

    A meld that is no canasta holds fewer than ``canastas.size`` cards; a
    canasta at most ``melds.max_size`` and the deck's cards of its rank; the
    deck's wild cards go where they are worth most; black threes are melded by
    the side that goes out (001 §20 C). The canastas of natural ranks are tried
    on every mix of rank values, and the best is kept.
    """
    v = rules.rank_value
    size = rules.canasta_size
    naturals, mixed, wild_kind = _plain_counts(s)
    pinned: dict[int, bool] = {meld_rank_index(rank): True for rank in s.rank_canastas}
    pinned |= {meld_rank_index(rank): False for rank in s.unfinished if meld_rank_index(rank) != WILD}
    base = sum(min(supply(rules, rank), rules.max_size if canasta else size - 1) * v[rank] for rank, canasta in pinned.items())
    twos, jokers = supply(rules, TWO), supply(rules, WILD)
    pool = sorted([v[TWO]] * twos + [v[WILD]] * jokers, reverse=True)
    slots: list[int] = []
    if rules.wild_canastas:
        slots = [0] * min(rules.max_size if wild_kind is not None else size - 1, len(pool))
    threes = went_out and rules.black_threes_meldable and rules.black_three_max > 0
    if threes and THREE not in natural_ranks(rules):
        base += min(rules.black_three_max, supply(rules, THREE)) * v[THREE]
    classes: dict[tuple[int, int], list[int]] = {}
    for rank in rank_places(rules):
        if (rank not in pinned or rules.several_per_rank) and (rank != THREE or threes):
            classes.setdefault((v[rank], supply(rules, rank)), []).append(rank)
    best: int | None = None
    for split in _splits(naturals + mixed, [len(ranks) for ranks in classes.values()]):
        points = base
        wild_slots = list(slots)
        for ((value, cards), ranks), canastas in zip(classes.items(), split, strict=True):
            for i in range(len(ranks)):
                limit = rules.max_size if i < canastas else size - 1
                held = min(cards, limit)
                points += held * value
                wild_slots += _slots(held, limit, rules.wild_cap, value)
        wild_slots.sort()
        points += sum(max(0, card - slot) for card, slot in zip(pool, wild_slots, strict=False))
        best = points if best is None else max(best, points)
    return best


def _splits(total: int, sizes: Sequence[int]) -> Iterable[tuple[int, ...]]:
    """Every way to place ``total`` canastas on groups of ranks of these sizes, no more than a group's size in it."""
    if not sizes:
        if total == 0:
            yield ()
        return
    for here in range(min(total, sizes[0]) + 1):
        for rest in _splits(total - here, sizes[1:]):
            yield (here, *rest)


def least_in_hand(rules: TableRules, s: SideEntry) -> int:
    """The fewest card points the side's hands hold: each set held (``ranks.hand_penalty_count`` cards of its rank) and each black three held."""
    v = rules.rank_value
    sets = sum(rules.hand_penalty_count * v[meld_rank_index(rank)] for rank in s.sets_in_hand)
    return sets + s.black_threes_in_hand * v[THREE]


def rank_cards_named(rules: TableRules, sides: Sequence[SideEntry]) -> dict[int, int]:
    """The fewest cards of each natural rank the melds and sets the sides name by rank need: canastas by rank, penalised unfinished melds,
    sets held in hand."""
    need: dict[int, int] = {}
    for s in sides:
        for rank, n in s.rank_canastas.items():
            index = meld_rank_index(rank)
            need[index] = need.get(index, 0) + n * rules.canasta_size
        for rank in s.unfinished:
            index = meld_rank_index(rank)
            if index != WILD:
                need[index] = need.get(index, 0) + _unfinished_naturals(rules, index)
        for rank in s.sets_in_hand:
            index = meld_rank_index(rank)
            need[index] = need.get(index, 0) + rules.hand_penalty_count
    return need


__all__ = [
    "MOST_CARDS",
    "WILD_KINDS",
    "canasta_points",
    "deck_points",
    "least_in_hand",
    "least_melded",
    "least_natural_canastas",
    "most_melded",
    "natural_ranks",
    "rank_cards_named",
    "supply",
    "wild_meld_shapes",
]
