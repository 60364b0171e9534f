"""What a table may enter: each count checked against the profile and the deck, each refusal an :class:`~canasta.EntryError` naming the rule.

A refusal names the profile key that decides it and that key's source
(:meth:`canasta.TableRules.cite`), like the engine's
:class:`~canasta.IllegalActionError`. The checks are sound, not complete:
what they refuse cannot happen with the profile's deck; a count they accept
may still be a miscount, which the table corrects (001 §35).
"""

from __future__ import annotations

from functools import reduce
from math import gcd
from typing import TYPE_CHECKING

import attrs

from canasta.core.canastas import CanastaKind
from canasta.core.cards import ACE, FOUR, TWO, WILD
from canasta.core.events import Termination
from canasta.core.penalties import Penalty
from canasta.core.table import meld_rank_index
from canasta.core.transitions import match_outcome
from canasta.errors import EntryError, shown_value

from .card_points import (
    WILD_KINDS,
    deck_points,
    least_in_hand,
    least_melded,
    least_natural_canastas,
    most_melded,
    natural_ranks,
    rank_cards_named,
    supply,
)
from .entries import GOING_OUT, Carried, HandEntry, PenaltyEntry, SideEntry, WarningEntry, meld_rank_of

if TYPE_CHECKING:
    from canasta.core.table import TableRules

NATURAL_RANKS = ACE - FOUR + 1
"""Ranks four to ace: the ranks of which a canasta of naturals and wild cards is made (000 KOMBINATION, 001 §11)."""


def refuse(rules: TableRules, key: str, reason: str) -> EntryError:
    """The refusal of an entry by the profile key ``key``, with its source (``001 §35 B`` style keys are their own source)."""
    source = rules.cite(key) if "." in key else key
    return EntryError(reason, rule=key, source=source)


def card_point_unit(rules: TableRules) -> int:
    """The step every card-point count is a multiple of: the greatest common divisor of the card values (5 under every bundled profile)."""
    return reduce(gcd, (v for v in rules.value if v), 0) or 1


def fewest_naturals(rules: TableRules) -> int:
    """The fewest natural cards a canasta of a natural rank can hold (001 §11 D, §15 A; topics F)."""
    size = rules.canasta_size
    return next((n for n in range(1, size + 1) if n >= rules.min_naturals and n + rules.wild_capacity(n) >= size), size)


def canasta_bounds(rules: TableRules) -> tuple[int, int, int]:
    """The most natural canastas, canastas of natural ranks and wild-card canastas the deck can make, all sides together.

    A natural canasta of a rank takes ``canastas.size`` of its ``4 * decks``
    cards (black threes, where they may make one, ``2 * decks``); a mixed one
    at least :func:`fewest_naturals`; a wild-card canasta ``canastas.size`` of
    the twos and jokers (004 opt b). A sound bound, not a tight one.
    """
    size = rules.canasta_size
    per_rank = 4 * rules.decks
    threes = 2 * rules.decks if rules.black_threes_meldable and rules.black_three_max >= size else 0
    natural = NATURAL_RANKS * (per_rank // size) + threes // size
    any_natural_rank = NATURAL_RANKS * (per_rank // fewest_naturals(rules)) + threes // size
    wild = (per_rank + rules.jokers) // size if rules.wild_canastas else 0
    return natural, any_natural_rank, wild


def special_points(rules: TableRules, name: str) -> int | None:
    """The points of the special hand ``name`` under the profile (``scoring.special_hands``), or None where it has none of that name."""
    return next((points for known, _, _, points in rules.special_hands if known == name), None)


def playing_seats(rules: TableRules, hand: int, side: int) -> int:
    """How many of a side's players play hand ``hand`` (the others sit out, 004 L11)."""
    return sum(1 for seat in rules.seating(hand).order if rules.side_of[seat] == side)


def check_hand(rules: TableRules, entry: HandEntry, hand: int, *, worth: bool = True) -> None:
    """Refuse a hand's count the profile or the deck does not allow (001 §34; 000 POÄNGRÄKNING); ``hand`` is its number.

    ``worth`` false leaves out what the counts are worth in cards (:func:`_check_points`): a hand of a file an earlier
    version of the library wrote, accepted when it was entered, replays as it did then.
    """
    r = rules
    if not isinstance(entry, HandEntry):
        raise refuse(r, "deal.sides", f"expected a HandEntry, got {shown_value(entry)}")
    if len(entry.sides) != r.sides:
        raise refuse(
            r,
            "deal.sides",
            f"the hand has {len(entry.sides)} side(s); {r.players} players under {r.variant.name!r} play in {r.sides} sides",
        )
    for side, s in enumerate(entry.sides):
        for name, key in (
            ("red_threes", "red_threes.bonus_table"),
            ("red_threes_unplayed", "red_threes.bonus_table"),
            ("red_threes_in_hand", "red_threes.unmelded_penalty"),
            ("melded", "scoring.card_points.two"),
            ("in_hand", "scoring.card_points.two"),
        ):
            if getattr(s, name) < 0:
                raise refuse(r, key, f"side {side}: {name} is {getattr(s, name)}; a count is never negative")
        for kind, n in s.canastas.items():
            if n < 0:
                raise refuse(r, "canastas.size", f"side {side}: {n} {kind.value} canastas; a count is never negative")
        _check_canasta_count(r, s, side)
        for kind in s.canastas:
            if kind in WILD_KINDS and not r.wild_canastas:
                raise refuse(
                    r, "canastas.wild_canastas", f"side {side}: a {kind.value} canasta, but {r.variant.name!r} has no wild-card canastas"
                )
            if kind not in r.bonus_by_kind:
                raise refuse(
                    r,
                    "canastas.bonus",
                    f"side {side}: a {kind.value} canasta, but {r.variant.name!r} does not tell that kind apart (canastas.bonus has no "
                    f"{kind.value}): count it as wild",
                )
        if s.red_threes_unplayed and not r.dealt_red_threes_wait:
            raise refuse(
                r,
                "turn.dealt_red_threes",
                f"side {side}: dealt red threes are laid at the deal under {r.variant.name!r}, so none waits unplayed",
            )
        if s.has_meld is False and (s.canasta_count or s.melded or s.unfinished):
            raise refuse(r, "red_threes.plus_when", f"side {side}: has_meld is false, but the side has canastas or melded points")
        _check_family(r, s, side, hand)
        unit = card_point_unit(r)
        for name in ("melded", "in_hand"):
            if getattr(s, name) % unit:
                raise refuse(
                    r,
                    "scoring.card_points.two",
                    f"side {side}: {name} {getattr(s, name)} is not a multiple of {unit} (every card is worth a multiple of {unit})",
                )
    _check_deck(r, entry)
    _check_ending(r, entry, hand)
    if worth:
        _check_points(r, entry, hand)


def _check_canasta_count(r: TableRules, s: SideEntry, side: int) -> None:
    """More canastas than the deck's cards could make, refused before anything is built from the count (001 §2, §15 A)."""
    cards = 52 * r.decks + r.jokers
    most = cards // r.canasta_size
    counts = [*s.canastas.values(), *s.rank_canastas.values()]
    if any(n > most for n in counts) or sum(n for n in counts if n > 0) > most:
        made = sum(n for n in counts if n > 0)
        raise refuse(r, "deal.decks", f"side {side}: {made} canastas entered; the deck's {cards} cards make at most {most} of {r.canasta_size}")


def _check_family(r: TableRules, s: SideEntry, side: int, hand: int) -> None:
    """The counts of schema 2's scoring rules: each refused where the profile lacks the rule, or where the count cannot be."""
    name = r.variant.name
    for rank, n in s.rank_canastas.items():
        index = meld_rank_index(rank)
        if n < 0:
            raise refuse(r, "ranks.natural_canasta_bonus", f"side {side}: {n} canastas of {rank.value}; a count is never negative")
        if index == WILD or r.rank_canasta_bonus[index] < 0:
            raise refuse(
                r,
                "ranks.natural_canasta_bonus",
                f"side {side}: a natural canasta of {rank.value} entered by its rank, but {name!r} gives "
                + (
                    f"a bonus of its own only to natural canastas of {_ranks_with(r.rank_canasta_bonus)}"
                    if any(b >= 0 for b in r.rank_canasta_bonus)
                    else "no rank of canasta a bonus of its own"
                )
                + ": count it with the natural canastas",
            )
    for field, key in (
        ("black_threes", "black_threes.bonus_card"),
        ("black_threes_in_hand", "black_threes.hand_penalty"),
        ("reserves_untaken", "reserve.untaken_penalty"),
    ):
        if getattr(s, field) < 0:
            raise refuse(r, key, f"side {side}: {field} is {getattr(s, field)}; a count is never negative")
    if s.black_threes and not r.black_bonus:
        raise refuse(
            r,
            "black_threes.bonus_card",
            f"side {side}: {s.black_threes} black three(s) laid as bonus cards, but {name!r} has no such bonus cards",
        )
    if len(set(s.unfinished)) != len(s.unfinished):
        raise refuse(
            r, "ranks.unfinished_penalty", f"side {side}: an unfinished meld entered twice for one rank; a side has one meld of a rank"
        )
    for rank in s.unfinished:
        index = meld_rank_index(rank)
        if index == WILD and not r.wild_canastas:
            raise refuse(r, "canastas.wild_canastas", f"side {side}: an unfinished wild-card meld, but {name!r} has no wild-card melds")
        if not r.unfinished_penalty[index]:
            raise refuse(
                r,
                "ranks.unfinished_penalty",
                f"side {side}: an unfinished meld of {rank.value}, but {name!r} puts no penalty on it"
                f"{'' if not any(r.unfinished_penalty) else ' (only on ' + _ranks_with(r.unfinished_penalty, 1) + ')'}: "
                "enter only the unfinished melds that cost a penalty",
            )
        if rank in s.rank_canastas:
            raise refuse(
                r,
                "ranks.unfinished_penalty",
                f"side {side}: a canasta and an unfinished meld of {rank.value}; a side has one meld of a rank",
            )
    players = playing_seats(r, hand, side)
    for rank in sorted(set(s.sets_in_hand), key=meld_rank_index):
        index = meld_rank_index(rank)
        if index == WILD or not r.hand_penalty[index]:
            raise refuse(
                r,
                "ranks.hand_penalty",
                f"side {side}: a set of {rank.value} held in hand, but {name!r} puts no penalty on holding it"
                f"{'' if not any(r.hand_penalty) else ' (only on ' + _ranks_with(r.hand_penalty, 1) + ')'}",
            )
        held = s.sets_in_hand.count(rank)
        if held > players:
            raise refuse(
                r,
                "ranks.hand_penalty_count",
                f"side {side}: {held} sets of {rank.value} held, but a set is counted once per player and {players} of the side's "
                f"players play hand {hand}",
            )
    if s.black_threes_in_hand:
        if r.black_bonus:
            raise refuse(
                r,
                "black_threes.bonus_card",
                f"side {side}: black threes are bonus cards under {name!r}: enter a three left in a hand with the red ones (red_threes_in_hand)",
            )
        if not r.black_three_hand_penalty:
            raise refuse(
                r,
                "black_threes.hand_penalty",
                f"side {side}: {name!r} puts no penalty on a black three left in a hand; its points are in the hand's points (in_hand)",
            )
    if s.reserves_untaken:
        if not r.reserve_untaken_penalty:
            raise refuse(r, "reserve.untaken_penalty", f"side {side}: {name!r} puts no penalty on a reserve pile never received")
        most = players if r.reserve_per_player else 1
        if s.reserves_untaken > most:
            unit = f"one per player, and {players} of the side's players play hand {hand}" if r.reserve_per_player else "one per side"
            raise refuse(r, "reserve.one_per", f"side {side}: {s.reserves_untaken} reserve piles never received; they are given {unit}")
    if s.special_hand is not None:
        if special_points(r, s.special_hand) is None:
            known = ", ".join(h[0] for h in r.special_hands)
            has = f"its special hands are {known}" if known else "it has no special hands"
            raise refuse(r, "scoring.special_hands", f"side {side}: {s.special_hand!r} is not a special hand of {name!r}; {has}")
        if attrs.evolve(s, special_hand=None, has_meld=None) != SideEntry() or s.has_meld:
            raise refuse(
                r,
                "scoring.special_hands",
                f"side {side}: a special hand's points replace the side's whole score (EBB §2.12): enter nothing else for side {side}",
            )


def _ranks_with(values: tuple[int, ...], least: int = 0) -> str:
    """The ranks of a per-rank table that have a value (at least ``least``), as the profile names them: ``7, A``."""
    return ", ".join(meld_rank_of(i).value for i, v in enumerate(values) if v >= least and (i >= FOUR))


def _check_deck(r: TableRules, entry: HandEntry) -> None:
    """More threes or canastas than the deck holds (001 §2; 000 KORTEN)."""
    threes = sum(s.red_threes + s.red_threes_unplayed + s.red_threes_in_hand for s in entry.sides)
    black = sum(s.black_threes for s in entry.sides)
    held_black = sum(s.black_threes_in_hand for s in entry.sides)
    if r.black_bonus:
        if black > 2 * r.decks:
            raise refuse(r, "deal.decks", f"{black} black threes entered; {r.decks} packs hold {2 * r.decks}")
        if threes + black > 4 * r.decks:
            raise refuse(r, "deal.decks", f"{threes + black} threes entered; {r.decks} packs hold {4 * r.decks}")
    else:
        if threes > 2 * r.decks:
            raise refuse(r, "deal.decks", f"{threes} red threes entered; {r.decks} packs hold {2 * r.decks}")
        if held_black > 2 * r.decks:
            raise refuse(r, "deal.decks", f"{held_black} black threes entered; {r.decks} packs hold {2 * r.decks}")
    natural, any_natural_rank, wild = canasta_bounds(r)
    counts = {kind: sum(s.canastas.get(kind, 0) for s in entry.sides) for kind in CanastaKind}
    counts[CanastaKind.NATURAL] += sum(sum(s.rank_canastas.values()) for s in entry.sides)
    per_rank = 4 * r.decks // r.canasta_size
    for rank in {rank for s in entry.sides for rank in s.rank_canastas}:
        made = sum(s.rank_canastas.get(rank, 0) for s in entry.sides)
        if made > per_rank:
            raise refuse(
                r, "deal.decks", f"{made} natural canastas of {rank.value} entered; the deck of {r.decks} packs makes at most {per_rank}"
            )
    if r.every_joker and counts[CanastaKind.EVERY_JOKER] > 1:
        raise refuse(
            r,
            "deal.jokers",
            f"{counts[CanastaKind.EVERY_JOKER]} every_joker canastas entered; each holds all {r.jokers} jokers of the deck",
        )
    if counts[CanastaKind.NATURAL] > natural:
        raise refuse(
            r, "deal.decks", f"{counts[CanastaKind.NATURAL]} natural canastas entered; the deck of {r.decks} packs makes at most {natural}"
        )
    if counts[CanastaKind.NATURAL] + counts[CanastaKind.MIXED] > any_natural_rank:
        made = counts[CanastaKind.NATURAL] + counts[CanastaKind.MIXED]
        raise refuse(
            r, "deal.decks", f"{made} natural and mixed canastas entered; the deck of {r.decks} packs makes at most {any_natural_rank}"
        )
    if sum(counts[kind] for kind in WILD_KINDS) > wild:
        made = sum(counts[kind] for kind in WILD_KINDS)
        raise refuse(r, "deal.jokers", f"{made} wild-card canastas entered; the deck's wild cards make at most {wild}")
    cards = 52 * r.decks + r.jokers - 2 * r.decks
    used = sum(counts.values()) * r.canasta_size
    if used > cards:
        raise refuse(
            r,
            "deal.decks",
            f"{sum(counts.values())} canastas of {r.canasta_size} cards need {used} cards; the deck has {cards} besides the red threes",
        )


def _check_ending(r: TableRules, entry: HandEntry, hand: int) -> None:
    """Who went out, and whether that side could (000 UTGÅNG 1, DIREKT UTGÅNG; 001 §18 B, §19 A); a special hand shown (EBB §2.12)."""
    shown = [side for side, s in enumerate(entry.sides) if s.special_hand is not None]
    if entry.ending is Termination.SPECIAL_HAND:
        if not r.special_hands:
            raise refuse(r, "scoring.special_hands", f"the hand ended {entry.ending.value!r}, but {r.variant.name!r} has no special hands")
        if len(shown) != 1:
            raise refuse(
                r, "scoring.special_hands", f"the hand ended {entry.ending.value!r}: say which side showed it (special_hand), one side only"
            )
    elif shown:
        raise refuse(
            r,
            "scoring.special_hands",
            f"side {shown[0]} showed a special hand, which ends the hand: the ending is {Termination.SPECIAL_HAND.value!r}, not {entry.ending.value!r}",
        )
    seat = entry.went_out
    if entry.ending in GOING_OUT and seat is None:
        raise refuse(r, "going_out.bonus", f"the hand ended {entry.ending.value!r}: say which seat went out (went_out)")
    if entry.ending not in GOING_OUT and seat is not None:
        raise refuse(r, "going_out.bonus", f"the hand ended {entry.ending.value!r}, so nobody went out; went_out must be None, not {seat}")
    if seat is None:
        return
    if not 0 <= seat < r.players:
        raise refuse(r, "deal.hand_size", f"seat {seat} is not at this table of {r.players} (seats 0 to {r.players - 1})")
    if seat in r.seating(hand).out:
        raise refuse(r, "deal.sitting_out", f"seat {seat} sits out hand {hand}, so it cannot go out")
    if entry.concealed and not r.concealed_allowed:
        raise refuse(r, "concealed_going_out.allowed", f"{r.variant.name!r} has no concealed going out")
    side = r.side_of[seat]
    s = entry.sides[side]
    kinds = s.kinds
    if len(kinds) < r.canastas_required:
        raise refuse(
            r,
            "going_out.canastas_required",
            f"seat {seat} went out, but side {side} has {len(kinds)} canasta(s) and needs {r.canastas_required}",
        )
    # A wild-card canasta of one kind counts as natural (decisions P29); where the profile does not tell that kind apart, a
    # wild one may be of one kind, so it is given the benefit of the doubt.
    one_kind = (
        (CanastaKind.NATURAL, CanastaKind.PURE_WILD) if r.pure_wild_kind else (CanastaKind.NATURAL, CanastaKind.PURE_WILD, CanastaKind.WILD)
    )
    natural = sum(1 for kind in kinds if kind in one_kind)
    if natural < r.natural_canastas_required:
        has = "no natural canasta" if not natural else f"{natural} natural canasta(s) of the {r.natural_canastas_required} needed"
        raise refuse(r, "going_out.canasta_kinds_required", f"seat {seat} went out, but side {side} has {has}")
    mixed = kinds.count(CanastaKind.MIXED)
    if mixed < r.mixed_canastas_required:
        raise refuse(
            r,
            "going_out.canasta_kinds_required",
            f"seat {seat} went out, but side {side} has {mixed} mixed canasta(s) of the {r.mixed_canastas_required} needed",
        )
    wild = sum(1 for kind in kinds if kind in WILD_KINDS)
    if wild < r.wild_canastas_required:
        raise refuse(
            r,
            "going_out.canasta_kinds_required",
            f"seat {seat} went out, but side {side} has {wild} wild-card canasta(s) of the {r.wild_canastas_required} needed",
        )
    forbidden = [rank.value for rank in s.unfinished if r.unfinished_forbidden[meld_rank_index(rank)]]
    if forbidden:
        raise refuse(
            r,
            "going_out.unfinished_melds_forbidden",
            f"seat {seat} went out, but side {side} has an unfinished meld of {', '.join(forbidden)}",
        )
    if r.reserve_taken_required and s.reserves_untaken >= (playing_seats(r, hand, side) if r.reserve_per_player else 1):
        raise refuse(r, "going_out.reserve_taken", f"seat {seat} went out, but side {side} never received its reserve pile")


def _described(s: SideEntry) -> str:
    """A side's canastas and penalised unfinished melds in words: ``2 natural canastas, an unfinished meld of 7``."""

    def counted(n: int, what: str) -> str:
        return f"{n} {what}" + ("s" if n != 1 else "")

    parts = [counted(n, f"{kind.value.replace('_', ' ')} canasta") for kind, n in s.canastas.items()]
    parts += [counted(n, "natural canasta") + f" of {rank.value}" for rank, n in s.rank_canastas.items()]
    parts += [f"an unfinished meld of {rank.value}" for rank in s.unfinished]
    return ", ".join(parts) or "no canasta"


def _check_one_meld_a_rank(r: TableRules, s: SideEntry, side: int) -> None:
    """A side holds one meld of a rank and one wild-card meld (001 §11 B; decisions P27), so its canastas need as many ranks.

    Under ``canastas.several_per_rank`` (Hand and Foot's books, NWP) a rank holds as many canastas as its cards make:
    then the canastas must fit in the deck's naturals and wild cards.
    """
    if r.several_per_rank:
        _check_books_fit(r, s, side)
        return
    wild = sum(s.canastas.get(kind, 0) for kind in WILD_KINDS)
    unfinished_wild = any(meld_rank_index(rank) == WILD for rank in s.unfinished)
    if wild + unfinished_wild > 1:
        raise refuse(
            r, "decisions P27", f"side {side}: {wild + unfinished_wild} wild-card melds ({_described(s)}); a side holds one wild-card meld"
        )
    for rank, n in s.rank_canastas.items():
        if n > 1:
            raise refuse(r, "decisions P27", f"side {side}: {n} canastas of {rank.value}; a side holds one meld of a rank")
    ranks = natural_ranks(r)
    melds = s.canastas.get(CanastaKind.NATURAL, 0) + s.canastas.get(CanastaKind.MIXED, 0) + sum(s.rank_canastas.values())
    melds += sum(1 for rank in s.unfinished if meld_rank_index(rank) != WILD)
    if melds > len(ranks):
        raise refuse(
            r,
            "decisions P27",
            f"side {side}: {melds} canastas and unfinished melds of natural ranks ({_described(s)}), but a side holds one meld of each "
            f"of the {len(ranks)} ranks it may make a canasta of",
        )


def _check_books_fit(r: TableRules, s: SideEntry, side: int) -> None:
    """Several canastas of a rank (``canastas.several_per_rank``): the side's canastas hold at least their naturals (a
    natural one all its cards, a mixed one all but ``melds.max_wilds``) and wild cards, which the deck must hold."""
    size, per_rank = r.canasta_size, 4 * r.decks
    for rank, n in s.rank_canastas.items():
        if n * size > per_rank:
            raise refuse(r, "canastas.several_per_rank", f"side {side}: {n} natural canastas of {rank.value} need {n * size} of its cards; {_deck_words(r)} hold {per_rank}")
    naturals = (s.canastas.get(CanastaKind.NATURAL, 0) + sum(s.rank_canastas.values())) * size
    naturals += s.canastas.get(CanastaKind.MIXED, 0) * max(1, size - r.max_wilds)
    if naturals > per_rank * len(natural_ranks(r)):
        raise refuse(r, "canastas.several_per_rank", f"side {side}: {_described(s)} need {naturals} natural cards; {_deck_words(r)} hold {per_rank * len(natural_ranks(r))}")
    wild = sum(s.canastas.get(kind, 0) for kind in WILD_KINDS) * size + s.canastas.get(CanastaKind.MIXED, 0)
    if wild > 4 * r.decks + r.jokers:
        raise refuse(r, "canastas.several_per_rank", f"side {side}: {_described(s)} need {wild} wild cards; {_deck_words(r)} hold {4 * r.decks + r.jokers}")


def _deck_words(r: TableRules) -> str:
    return f"the deck of {r.decks} packs and {r.jokers} jokers"


def _check_points(r: TableRules, entry: HandEntry, hand: int) -> None:
    """Each side's card points against what its count is worth, and all the sides' against the deck (001 §2, §11 B, §12, §15 A, §34).

    The points melded lie between the least and the most the side's canastas
    and melds can hold under the profile's canasta size, meld shapes and card
    values (:mod:`canasta.scoresheet.card_points`); the points in hand are at
    least the sets and black threes held; a side whose one player went out
    holds nothing; and the sides together hold no more cards of a rank, no more
    wild cards and no more card points than the deck has.
    """
    name = r.variant.name
    sides = [s for s in entry.sides if s.special_hand is None]
    total = deck_points(r)
    counted = sum(s.melded + s.in_hand for s in sides)
    if counted > total:
        raise refuse(
            r,
            "deal.decks",
            f"the sides entered {counted} card points melded and in hand, but {_deck_words(r)} holds {total} (red threes aside)",
        )
    went = None if entry.went_out is None else r.side_of[entry.went_out]
    for side, s in enumerate(entry.sides):
        if s.special_hand is not None:
            continue
        _check_one_meld_a_rank(r, s, side)
        least = least_melded(r, s)
        if least is None:
            raise refuse(r, "deal.jokers", f"side {side}: {_deck_words(r)} cannot make {_described(s)}: too few wild cards or ranks")
        key = "canastas.size" if s.canastas or s.rank_canastas else "melds.min_size"
        if s.melded < least:
            raise refuse(
                r,
                key,
                f"side {side}: {_described(s)} hold at least {least} card points under {name!r}, but melded is {s.melded}",
            )
        most = most_melded(r, s, went_out=side == went)
        if most is not None and s.melded > most:
            raise refuse(
                r,
                "canastas.size",
                f"side {side}: with {_described(s)}, its melds hold at most {most} card points under {name!r} (a meld that is no "
                f"canasta holds fewer than {r.canasta_size} cards), but melded is {s.melded}",
            )
        held = least_in_hand(r, s)
        if s.in_hand < held:
            raise refuse(
                r,
                "ranks.hand_penalty_count" if s.sets_in_hand else "black_threes.hand_penalty",
                f"side {side}: the sets and black threes held in hand are worth at least {held} card points, but the points left in hand "
                f"are {s.in_hand}",
            )
        if side == went and playing_seats(r, hand, side) == 1:
            left = s.in_hand or s.red_threes_in_hand or s.red_threes_unplayed or s.black_threes_in_hand or s.sets_in_hand
            if left:
                raise refuse(
                    r,
                    "deal.sides",
                    f"side {side} plays hand {hand} with one player, seat {entry.went_out}, who went out: no card is left in its hand, "
                    "so it enters nothing held in hand",
                )
    for rank, need in sorted(rank_cards_named(r, sides).items()):
        if need > supply(r, rank):
            shown = meld_rank_of(rank).value
            raise refuse(
                r,
                "deal.decks",
                f"the canastas, unfinished melds and sets entered by rank need {need} cards of {shown}; {_deck_words(r)} has {supply(r, rank)}",
            )
    pool = supply(r, TWO) + supply(r, WILD)
    wilds = sum(
        s.canastas.get(CanastaKind.MIXED, 0)
        + r.canasta_size * sum(s.canastas.get(kind, 0) for kind in WILD_KINDS)
        + r.min_size * any(meld_rank_index(rank) == WILD for rank in s.unfinished)
        for s in sides
    )
    if wilds > pool:
        raise refuse(
            r,
            "deal.jokers",
            f"the sides' mixed canastas (one wild card each at least) and wild-card melds need {wilds} wild cards; {_deck_words(r)} "
            f"has {pool}",
        )
    joint = least_natural_canastas(r, sides)
    if joint is None:
        wanted = sum(s.canastas.get(CanastaKind.NATURAL, 0) for s in sides)
        raise refuse(r, "deal.decks", f"{_deck_words(r)} cannot make the sides' {wanted} natural canastas beside the melds entered by rank")
    joint += sum(least_melded(r, s, plain_naturals=False) or 0 for s in sides)
    melded = sum(s.melded for s in sides)
    if melded < joint:
        raise refuse(
            r,
            "deal.decks",
            f"the sides' canastas and melds together hold at least {joint} card points, since {_deck_words(r)} has {supply(r, ACE)} "
            f"cards of each rank from 4 to A and a side holds one meld of a rank, but the sides melded {melded} in all",
        )


def check_penalty(rules: TableRules, entry: PenaltyEntry, *, worth: bool = True) -> None:
    """Refuse a penalty entry whose side or count the table cannot have (001 §22-§33; the profile's value is checked by the caller)."""
    r = rules
    if not 0 <= entry.side < r.sides:
        raise refuse(r, entry.penalty.value, f"side {entry.side} is not at this table of {r.sides} sides (0 to {r.sides - 1})")
    if entry.count < 1:
        raise refuse(r, entry.penalty.value, f"a penalty counts at least 1, not {entry.count}")
    if entry.count != 1 and not entry.penalty.per_card:
        raise refuse(
            r,
            entry.penalty.value,
            f"{entry.penalty.name.lower()} is not counted per card: enter it once per offence (count 1), not {entry.count}",
        )
    cards = 2 * r.decks if entry.penalty is Penalty.UNMELDED_RED_THREE else 52 * r.decks + r.jokers
    if worth and entry.count > cards:
        raise refuse(r, entry.penalty.value, f"{entry.count} cards, but {_deck_words(r)} holds {cards} such cards")


def check_warning(rules: TableRules, entry: WarningEntry, hand: int) -> None:
    """Refuse a warning to a side or a seat the table does not have in hand ``hand`` (001 §22 A)."""
    r = rules
    if not 0 <= entry.side < r.sides:
        raise refuse(r, entry.penalty.value, f"side {entry.side} is not at this table of {r.sides} sides (0 to {r.sides - 1})")
    seat = entry.seat
    if seat is not None:
        if not 0 <= seat < r.players:
            raise refuse(r, "deal.sides", f"seat {seat} is not at this table of {r.players} (seats 0 to {r.players - 1})")
        if r.side_of[seat] != entry.side:
            raise refuse(r, "deal.sides", f"seat {seat} plays for side {r.side_of[seat]}, not side {entry.side}")
        if seat in r.seating(hand).out:
            raise refuse(r, "deal.sitting_out", f"seat {seat} sits out hand {hand}")


def check_carried(rules: TableRules, entry: Carried) -> None:
    """Refuse totals carried in that the table cannot start from: one per side, and not a match already over (001 §1, §34 A)."""
    r = rules
    if len(entry.totals) != r.sides:
        raise refuse(
            r,
            "deal.sides",
            f"{len(entry.totals)} totals carried in; {r.players} players under {r.variant.name!r} play in {r.sides} sides, one total each",
        )
    if match_outcome(r, entry.totals, 0)[0]:
        raise refuse(
            r, "match.target", f"the totals carried in ({', '.join(map(str, entry.totals))}) already reach {r.target}: that match is over"
        )


__all__ = [
    "WILD_KINDS",
    "canasta_bounds",
    "card_point_unit",
    "check_carried",
    "check_hand",
    "check_penalty",
    "check_warning",
    "fewest_naturals",
    "playing_seats",
    "refuse",
    "special_points",
]
