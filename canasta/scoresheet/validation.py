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

from canasta.core.canastas import CanastaKind
from canasta.core.cards import ACE, FOUR
from canasta.errors import EntryError, shown_value

from .entries import GOING_OUT, HandEntry, PenaltyEntry

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
    threes = 2 * rules.decks if rules.black_three_max >= size else 0
    natural = NATURAL_RANKS * (per_rank // size) + threes // size
    any_natural_rank = NATURAL_RANKS * (per_rank // fewest_naturals(rules)) + threes // size
    wild = (per_rank + rules.jokers) // size if rules.wild_canastas else 0
    return natural, any_natural_rank, wild


def check_hand(rules: TableRules, entry: HandEntry, hand: int) -> None:
    """Refuse a hand's count the profile or the deck does not allow (001 §34; 000 POÄNGRÄKNING); ``hand`` is its number."""
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
            if kind in (CanastaKind.WILD, CanastaKind.PURE_WILD) and not r.wild_canastas:
                raise refuse(
                    r, "canastas.wild_canastas", f"side {side}: a {kind.value} canasta, but {r.variant.name!r} has no wild-card canastas"
                )
        if s.red_threes_unplayed and not r.dealt_red_threes_wait:
            raise refuse(
                r,
                "turn.dealt_red_threes",
                f"side {side}: dealt red threes are laid at the deal under {r.variant.name!r}, so none waits unplayed",
            )
        if s.has_meld is False and (s.kinds or s.melded):
            raise refuse(r, "red_threes.plus_when", f"side {side}: has_meld is false, but the side has canastas or melded points")
        unit = card_point_unit(r)
        for name in ("melded", "in_hand"):
            if getattr(s, name) % unit:
                raise refuse(
                    r,
                    "scoring.card_points.two",
                    f"side {side}: {name} is {getattr(s, name)}, not a multiple of {unit} (every card is worth a multiple of {unit})",
                )
    _check_deck(r, entry)
    _check_ending(r, entry, hand)


def _check_deck(r: TableRules, entry: HandEntry) -> None:
    """More red threes or canastas than the deck holds (001 §2; 000 KORTEN)."""
    threes = sum(s.red_threes + s.red_threes_unplayed + s.red_threes_in_hand for s in entry.sides)
    if threes > 2 * r.decks:
        raise refuse(r, "deal.decks", f"{threes} red threes entered; {r.decks} packs hold {2 * r.decks}")
    natural, any_natural_rank, wild = canasta_bounds(r)
    counts = {kind: sum(s.canastas.get(kind, 0) for s in entry.sides) for kind in CanastaKind}
    if counts[CanastaKind.NATURAL] > natural:
        raise refuse(
            r, "deal.decks", f"{counts[CanastaKind.NATURAL]} natural canastas entered; the deck of {r.decks} packs makes at most {natural}"
        )
    if counts[CanastaKind.NATURAL] + counts[CanastaKind.MIXED] > any_natural_rank:
        made = counts[CanastaKind.NATURAL] + counts[CanastaKind.MIXED]
        raise refuse(
            r, "deal.decks", f"{made} natural and mixed canastas entered; the deck of {r.decks} packs makes at most {any_natural_rank}"
        )
    if counts[CanastaKind.WILD] + counts[CanastaKind.PURE_WILD] > wild:
        made = counts[CanastaKind.WILD] + counts[CanastaKind.PURE_WILD]
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
    """Who went out, and whether that side could (000 UTGÅNG 1, DIREKT UTGÅNG; 001 §18 B, §19 A)."""
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
    natural = sum(1 for kind in kinds if kind in (CanastaKind.NATURAL, CanastaKind.PURE_WILD))
    if natural < r.natural_canastas_required:
        has = "no natural canasta" if not natural else f"{natural} natural canasta(s) of the {r.natural_canastas_required} needed"
        raise refuse(r, "going_out.canasta_kinds_required", f"seat {seat} went out, but side {side} has {has}")


def check_penalty(rules: TableRules, entry: PenaltyEntry) -> None:
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


__all__ = ["canasta_bounds", "card_point_unit", "check_hand", "check_penalty", "fewest_naturals", "refuse"]
