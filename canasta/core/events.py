"""Typed events: what an action caused, so a card-room app can animate without diffing states.

:meth:`canasta.Game.apply` returns a tuple of these. Cards are :class:`~canasta.core.cards.Card`
and ranks :class:`~canasta.core.cards.Rank` (ints that print as ``KS`` and ``K``);
``seat`` is a seat number, ``side`` a side number (seat mod the number of sides).
"""

from __future__ import annotations

import attrs

from canasta.variants.enums import Choice

from .canastas import CanastaKind
from .cards import Card, Rank
from .scoring import HandScore


def _card(code: int) -> Card:
    return Card.from_code(code)


def _rank(index: int) -> Rank:
    return Rank.from_index(index)


class Termination(Choice):
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
    SPECIAL_HAND = "special_hand"
    """A player showed a special hand, which ends the hand (``scoring.special_hands``; Modern American EBB §2.12)."""


class FreezeReason(Choice):
    """Why the pile is frozen: what froze it (000 ATT TA HÖGEN 5, LÅST HÖG, 001 §14 B, §17 B; decisions P16, P18)."""

    UPCARD = "upcard"
    """The upcard turned at the deal froze it: a wild card or a red three, or a black three where the profile says so (000 HUR SPELET BÖRJAR 1.3, 001 §6 B)."""
    WILD_DISCARD = "wild card discarded"
    """A two or a joker was discarded (000 LÅST HÖG 2, 001 §17 B)."""
    BLACK_THREE_DISCARD = "black three discarded"
    """A black three was discarded, under a profile where that freezes the pile (003 L62 literal; decisions P16)."""
    POSITION = "set by the position"
    """The position the game started from says the pile is frozen (docs/scenarios.md); what froze it is not known."""
    ALWAYS = "always frozen"
    """The rules keep the pile frozen at all times (``discard_pile.always_frozen``; Modern American EBB §2.3, Cuban RG)."""


@attrs.frozen(kw_only=True)
class Event:
    """Base class of every event."""


@attrs.frozen(kw_only=True)
class HandDealt(Event):
    """A new hand was shuffled and dealt (000 GIVNING, 001 §5-§7)."""

    hand_number: int
    dealer: int
    first_player: int
    """The seat that plays first: the dealer's left (001 §9)."""


@attrs.frozen(kw_only=True)
class UpcardTurned(Event):
    """A card turned up from the stock onto the pile at the deal; ``covered`` if another card must go on it (000 HUR SPELET BÖRJAR 1.2-1.4)."""

    card: Card = attrs.field(converter=_card)
    covered: bool
    """Another upcard is turned onto it (a wild card or red three, 000 HUR SPELET BÖRJAR 1.2)."""
    freezes: bool
    """It freezes the pile (000 HUR SPELET BÖRJAR 1.3, 001 §10)."""


@attrs.frozen(kw_only=True)
class CardDrawn(Event):
    """A player drew the top card of the stock (001 §9); only in the events, never in another seat's view."""

    seat: int
    card: Card = attrs.field(converter=_card)


@attrs.frozen(kw_only=True)
class RedThreeLaid(Event):
    """A red three laid down; ``replaced`` if a replacement is drawn (000 RÖDA TREOR 1-3, 001 §21 B-D)."""

    seat: int
    card: Card = attrs.field(converter=_card)
    replaced: bool


@attrs.frozen(kw_only=True)
class PileTaken(Event):
    """A player took the discard pile, or only its top card (001 §14, 000 ATT TA HÖGEN 3 b)."""

    seat: int
    top_card: Card = attrs.field(converter=_card)
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
    """The pile froze: only a natural pair takes it now (000 ATT TA HÖGEN 5, 001 §14 B)."""

    reason: FreezeReason
    """What froze it; a ``StrEnum``, so it also equals its text, e.g. ``wild card discarded``."""
    card: Card = attrs.field(converter=_card)
    """The card that froze it: the upcard, or the wild card or black three discarded."""


@attrs.frozen(kw_only=True)
class PileBlocked(Event):
    """The next player may not take the pile this turn (000 SVARTA TREOR 1, 001 §20 B)."""

    seat: int


@attrs.frozen(kw_only=True)
class Melded(Event):
    """Cards went onto a side's meld of one rank (001 §11); also the top card and its partners when taking the pile."""

    seat: int
    side: int
    rank: Rank = attrs.field(converter=_rank)
    naturals: int
    twos: int
    jokers: int
    new_meld: bool
    """The meld was started by this action."""


@attrs.frozen(kw_only=True)
class SideOpened(Event):
    """A side's initial meld reached its minimum (001 §13, 000 FÖRSTA UTLÄGGET)."""

    side: int
    points: int
    """Points of the opening melds (cards from the pile other than the top card do not count, 001 §13 C)."""
    minimum: int


@attrs.frozen(kw_only=True)
class CanastaCompleted(Event):
    """A meld reached canasta size (000 CANASTA 1, 001 §15 A)."""

    side: int
    rank: Rank = attrs.field(converter=_rank)
    kind: CanastaKind
    """What kind of canasta it is, and so which bonus it earns (000 CANASTA 2-3, 001 §15 B, 004 opt b)."""

    @property
    def natural(self) -> bool:
        """No wild card in it (for the wild-card meld, wild cards of one kind): the natural bonus applies (000 CANASTA 2, 001 §15 B)."""
        return self.kind is CanastaKind.NATURAL or self.kind is CanastaKind.PURE_WILD


@attrs.frozen(kw_only=True)
class OpeningRetracted(Event):
    """An unfinished opening was taken back (001 §27 A•2); the side's minimum may rise (001 §27 A)."""

    seat: int
    cards: int
    """The player's hand size afterwards."""
    new_minimum: int


@attrs.frozen(kw_only=True)
class Discarded(Event):
    """A player discarded onto the pile, ending the turn (001 §9)."""

    seat: int
    card: Card = attrs.field(converter=_card)


@attrs.frozen(kw_only=True)
class GoOutAsked(Event):
    """A player asked the partner "may I go out?" (000 UTGÅNG 1, 001 §23 A)."""

    seat: int
    partner: int


@attrs.frozen(kw_only=True)
class GoOutAnswered(Event):
    """The partner answered; the answer binds (002 UTGÅNG 2, 001 §23 A)."""

    seat: int
    yes: bool


@attrs.frozen(kw_only=True)
class PenaltyApplied(Event):
    """A side was penalised (001 §23 D, §27 A; a director's penalty, :meth:`canasta.Game.penalize`); ``rule`` is the profile key."""

    side: int
    points: int
    """The points the side loses in this hand's score."""
    rule: str
    minimum_raise: int = 0
    """How much the side's opening minimum rose for the hand instead (001 §27 A); 0 for a penalty in points."""


@attrs.frozen(kw_only=True)
class ReserveReceived(Event):
    """A player received a reserve pile into his hand (``reserve``; Modern American's talon, WCA, EBB §2.4)."""

    seat: int
    cards: int
    """How many cards the pile held."""
    pile: int
    """Which pile of ``reserve.sizes`` it was, counting from 0."""


@attrs.frozen(kw_only=True)
class ReserveLost(Event):
    """A reserve pile the player earned was withheld, and is lost: he took the pile that turn, or the stock was too short (WCA, EBB §2.4)."""

    seat: int
    pile: int
    """Which pile of ``reserve.sizes`` it was, counting from 0."""


@attrs.frozen(kw_only=True)
class ReserveToStock(Event):
    """The stock ran out and the reserve piles still aside became the stock (``reserve.becomes_stock``; Buraco's morto)."""

    cards: int


@attrs.frozen(kw_only=True)
class SpecialHandShown(Event):
    """A player showed a special hand, which ends the hand (``scoring.special_hands``; Modern American EBB §2.12)."""

    seat: int
    name: str
    points: int
    """The side's whole score for the hand."""


@attrs.frozen(kw_only=True)
class PileDeclined(Event):
    """At the end of the stock the player left the pile; the hand ends (000 TALONGENS SISTA KORT 2, 001 §24 B)."""

    seat: int


@attrs.frozen(kw_only=True)
class HandEnded(Event):
    """A hand ended and was scored (001 §34)."""

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
    """A side reached the target (001 §1, §34 A); the match is over."""

    winner: int | None
    """The winning side, or None for a draw."""
    totals: tuple[int, ...]
