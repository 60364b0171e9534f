"""Views: what one seat may see, and nothing more (the OpenSpiel observer idea).

A view holds what a player at the table knows: the seat's own hand, every meld
and red three on the table, the pile's top card, size, frozen state and this
hand's public discard history, the other players' hand sizes, the stock size,
the scores and opening minimums, the state of the turn in progress (the
provisional opening, a retract, a pile held back, the question to the
partner, a forced take at the end of the stock), the profile, and the legal
actions when the seat is the one to act. Other players' cards and the order
of the stock never appear in it.

Its recall is that of an attentive player: this hand's discards in order, and
the cards each player is known to hold because he took them with the pile in
view of the table and has not melded or discarded them since
(:attr:`PlayerView.known_cards`). A bot that searches samples the cards it
cannot see from :attr:`PlayerView.public_state` (:mod:`canasta.core.sampling`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .actions import Action
from .canastas import KIND_WORDS, CanastaKind
from .cards import Card, Rank
from .events import FreezeReason
from .phases import PHASE_OF_CODE, Phase, Question
from .table import TableRules

if TYPE_CHECKING:
    from canasta.variants import Variant

    from .state import State


@attrs.frozen(kw_only=True)
class MeldView:
    """A meld on the table, with its canasta status."""

    rank: Rank
    """The meld's rank (``3`` for black threes, ``W`` for the wild-card meld of 004 opt b)."""
    naturals: int
    twos: int
    jokers: int
    cards: tuple[Card, ...]
    """The cards in the meld, in the order they were laid."""
    is_canasta: bool
    """Seven cards or more (000 CANASTA 1, 001 §15 A; the profile's ``canastas.size``)."""
    is_natural: bool
    """No wild card in it (for a wild-card meld: only twos or only jokers, 004 opt b; :func:`~canasta.core.canastas.counts_as_natural`)."""
    to_canasta: int
    """Cards still needed to make it a canasta; 0 once it is one."""
    canasta_kind: CanastaKind | None = None
    """The kind of canasta it is, which decides its bonus (:class:`~canasta.core.canastas.CanastaKind`); None while it is a meld."""

    @property
    def size(self) -> int:
        """How many cards the meld holds."""
        return self.naturals + self.twos + self.jokers

    @property
    def kind(self) -> str:
        """The canasta in words, ``natural canasta``, ``mixed canasta``, ``pure wild canasta`` ... (its :attr:`canasta_kind`), or ``meld``."""
        if self.canasta_kind is None:
            return "meld"
        return f"{KIND_WORDS[self.canasta_kind]} canasta"


@attrs.frozen(kw_only=True)
class TurnView:
    """The turn in progress, as everyone at the table sees it."""

    seat: int
    """The player whose turn it is (the asker, while the partner answers)."""
    drew_from_stock: bool
    """The player drew from the stock this turn."""
    took_pile: bool
    """The player took the pile (or its top card) this turn."""
    pending_pile: int
    """Pile cards held back until this turn's opening reaches the minimum (004 L70, 001 §26 A); 0 if none."""
    opening_points: int
    """Points of this turn's provisional opening melds so far (001 §13); 0 once the side has opened."""
    opening_needed: int
    """Points the provisional opening still lacks to reach the side's minimum; 0 once the side has opened."""
    melded_ranks: tuple[Rank, ...]
    """Ranks of the melds the player started this turn."""
    added_to_old_meld: bool
    """The player added to a meld laid in an earlier turn (which rules out a concealed going out, 001 §19 A)."""
    retracted: bool
    """The player took back an unfinished opening this turn and may not try again (001 §27 A•2)."""
    question: Question
    """Where "may I go out?" stands this turn."""
    stock_empty: bool
    """The stock is empty: the player to draw takes the pile or declines it (000 TALONGENS SISTA KORT 2, 001 §24)."""
    take_forced: bool
    """At the end of the stock the profile forces this player to take the pile (001 §24, 004 L194): declining is not allowed.

    Shown only in the view of the player to draw: it depends on his hand, so another seat's view says False.
    """
    opened_now: bool = False
    """The player's side opened in this turn, so its melds are still part of the opening (Modern American's aces and rule of five)."""
    reserve_owed: bool = False
    """The player receives a reserve pile after his discard (``reserve``; Modern American's talon, WCA)."""


@attrs.frozen(kw_only=True)
class PlayerView:
    """One seat's view of the table: enough to decide, and nothing hidden.

    ``str(view)`` draws the table in plain text from this seat.
    """

    seat: int
    side: int
    players: int
    sides: int
    partners: tuple[int, ...]
    """This seat's partners (empty when every player plays alone)."""
    dealer: int
    hand_number: int
    turn_order: tuple[int, ...]
    """The seats that play this hand, in turn order from the player after the dealer; a seat sitting out the hand (004 L11) is not in it."""
    sitting_out: tuple[int, ...]
    """The seats that sit out this hand (five or six players, one member of a side of three, 004 L11); empty at most tables."""
    current_player: int
    """The seat to act."""
    phase: Phase
    hand: tuple[Card, ...]
    """This seat's own cards, sorted by code (so by rank, then suit)."""
    hand_sizes: tuple[int, ...]
    """Every seat's number of cards in hand."""
    melds: tuple[tuple[MeldView, ...], ...]
    """Each side's melds, by rank."""
    red_threes: tuple[tuple[Card, ...], ...]
    """Each side's red threes on the table."""
    opened: tuple[bool, ...]
    """Whether each side has made its initial meld this hand."""
    pile_top: Card | None
    pile_size: int
    pile_frozen: bool
    """Only a natural pair takes the pile (000 ATT TA HÖGEN 5, 001 §14 B); before its opening a side may need one anyway."""
    pile_frozen_by: FreezeReason | None
    """What froze the pile, while it is frozen (:class:`~canasta.core.events.FreezeReason`); None otherwise."""
    pile_freezing_card: Card | None
    """The card that froze the pile (the upcard, or the wild card or black three discarded), when it is frozen and known."""
    pile_freezing_seat: int | None
    """The seat whose discard froze the pile, when a discard froze it (000 LÅST HÖG 2, 001 §17 B); None for an upcard or a position."""
    discards: tuple[tuple[int, Card], ...]
    """Cards put on the pile this hand, in order, as (seat, card); seat -1 marks an upcard."""
    stock_size: int
    scores: tuple[int, ...]
    """Each side's cumulative score before this hand's result."""
    opening_minimums: tuple[int, ...]
    """Each side's opening minimum this hand (by its score, 001 §13 A, plus any raise, 001 §27 A)."""
    turn: TurnView
    legal_actions: tuple[Action, ...]
    """Every legal action, when this seat is the one to act; empty otherwise."""
    variant: Variant = attrs.field(repr=False, eq=False)
    """The profile: the rules every player knows."""
    rules: TableRules = attrs.field(repr=False, eq=False)
    """The rules at this table, resolved for its player count: the very object the engine plays by (read-only)."""
    dead_ranks: tuple[tuple[Rank, ...], ...] = ()
    """Each side's dead ranks: those a completed canasta has closed to it (``melds.dead_after_canasta``; Modern American CJ); empty tuples elsewhere."""
    reserve_piles: tuple[int, ...] = ()
    """The sizes of the reserve piles still to be given, in order (``reserve``; Modern American's talons); empty where there are none."""
    reserve_received: tuple[bool, ...] = ()
    """Whether each side (or each seat, ``reserve.one_per``) has received its reserve pile this hand; empty where there are none."""
    first_round: bool = False
    """The hand is in its first round of turns (``discards.not_in_first_round``; Cuban black threes)."""
    known_cards: tuple[tuple[Card, ...], ...] = ()
    """The cards each seat is known by the whole table to hold, by seat: taken into his hand with the discard pile
    (or an opening he took back, 001 §27 A•2) and not melded, laid or discarded since. This seat's entry is part of
    :attr:`hand`; a card that leaves a hand leaves its entry (a card of the same code first)."""
    public_state: State | None = attrs.field(default=None, repr=False, eq=False)
    """The table as this seat sees it, as an engine state (:meth:`canasta.core.state.State.public_copy`): this seat's
    hand, the other seats' :attr:`known_cards`, everything on the table; the stock, the reserve piles and the other
    cards in hand by number only. Never changed; :func:`canasta.core.sampling.sample_state` deals the cards this seat
    cannot see into a copy of it, for a bot that searches."""

    @property
    def to_act(self) -> bool:
        """Whether this seat is the one to act."""
        return self.current_player == self.seat and self.phase is not Phase.OVER

    def __str__(self) -> str:
        from .render import render_table

        return render_table(self)


__all__ = ["PHASE_OF_CODE", "MeldView", "Phase", "PlayerView", "Question", "TurnView"]
