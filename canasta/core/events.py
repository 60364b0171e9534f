"""Typed events: what an action caused, so a card-room app can animate without diffing states.

:meth:`canasta.Game.apply` returns a tuple of these. Cards are integer codes
(:mod:`canasta.core.cards`); ``seat`` is a seat number, ``side`` a side number.
"""

from __future__ import annotations

from enum import StrEnum

import attrs

from .scoring import HandScore


class Termination(StrEnum):
    """Why a hand ended (the python-chess ``Termination`` idea)."""

    WENT_OUT = "went_out"
    """A player melded his last card or discarded it (000 UTGÅNG, 001 §18)."""
    WENT_OUT_CONCEALED = "went_out_concealed"
    """A player went out melding his whole hand in one turn (000 DIREKT UTGÅNG, 001 §19)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock ran out and nobody took the pile (000 TALONGENS SISTA KORT 2, 001 §24)."""
    RED_THREE_LAST_CARD = "red_three_last_card"
    """The last stock card was a red three (000 TALONGENS SISTA KORT 1, 001 §21 E)."""
    TURN_CAP = "turn_cap"
    """The engine's safety cap on turns per hand; scored as if the stock had run out."""


@attrs.frozen(kw_only=True)
class Event:
    """Base class of every event."""


@attrs.frozen(kw_only=True)
class HandDealt(Event):
    hand_number: int
    dealer: int
    first_player: int


@attrs.frozen(kw_only=True)
class UpcardTurned(Event):
    """A card turned up from the stock onto the pile at the deal; ``covered`` if another card must go on it (000 HUR SPELET BÖRJAR 1.2-1.4)."""

    card: int
    covered: bool
    freezes: bool


@attrs.frozen(kw_only=True)
class CardDrawn(Event):
    seat: int
    card: int


@attrs.frozen(kw_only=True)
class RedThreeLaid(Event):
    """A red three laid down; ``replaced`` if a replacement is drawn (000 RÖDA TREOR 1-3, 001 §21 B-D)."""

    seat: int
    card: int
    replaced: bool


@attrs.frozen(kw_only=True)
class PileTaken(Event):
    seat: int
    top_card: int
    cards: int
    """How many cards the player took, the top card included."""
    top_only: bool
    pending: bool = False
    """The rest of the pile waits until the opening minimum is shown (004 L70, 001 §26 A)."""


@attrs.frozen(kw_only=True)
class PileReleased(Event):
    """The pile cards held back during an opening from the pile go into the hand."""

    seat: int
    cards: int


@attrs.frozen(kw_only=True)
class PileFrozen(Event):
    reason: str


@attrs.frozen(kw_only=True)
class PileBlocked(Event):
    """The next player may not take the pile this turn (000 SVARTA TREOR 1, 001 §20 B)."""

    seat: int


@attrs.frozen(kw_only=True)
class Melded(Event):
    seat: int
    side: int
    rank: int
    naturals: int
    twos: int
    jokers: int
    new_meld: bool


@attrs.frozen(kw_only=True)
class SideOpened(Event):
    side: int
    points: int
    minimum: int


@attrs.frozen(kw_only=True)
class CanastaCompleted(Event):
    side: int
    rank: int
    natural: bool


@attrs.frozen(kw_only=True)
class OpeningRetracted(Event):
    seat: int
    cards: int
    new_minimum: int


@attrs.frozen(kw_only=True)
class Discarded(Event):
    seat: int
    card: int


@attrs.frozen(kw_only=True)
class GoOutAsked(Event):
    seat: int
    partner: int


@attrs.frozen(kw_only=True)
class GoOutAnswered(Event):
    seat: int
    yes: bool


@attrs.frozen(kw_only=True)
class PenaltyApplied(Event):
    side: int
    points: int
    rule: str


@attrs.frozen(kw_only=True)
class PileDeclined(Event):
    seat: int


@attrs.frozen(kw_only=True)
class HandEnded(Event):
    hand_number: int
    termination: Termination
    seat: int | None
    """The player who went out, or who drew the last card; None for the turn cap."""
    scores: tuple[HandScore, ...]
    """The score breakdown of each side for this hand."""
    totals: tuple[int, ...]
    """Cumulative match totals after this hand."""


@attrs.frozen(kw_only=True)
class MatchEnded(Event):
    winner: int | None
    """The winning side, or None for a draw."""
    totals: tuple[int, ...]
