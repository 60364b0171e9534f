"""The mutable state of a match in progress, kept so that a copy is cheap.

A hand is one list of counts, per rank (14 entries, jokers at ``WILD``) and then
per card code (53 entries from :data:`~canasta.core.cards.CODES_AT`), kept in
step; a side's melds are ``rank -> (naturals, twos, jokers, cards)`` tuples.
What changes every turn (the hands, the stock, the pile, the discards) is held
in lists that a copy copies. What play replaces rather than changes is shared by
every copy: the fields that change a few times a hand (the sides' opening,
scores, penalties and raised minimum, the red threes laid, the reserve piles,
the seats' first turn and first meld) are tuples replaced whole with
:func:`replaced` or :func:`added`; each side's melds a dict replaced by
:meth:`State.put_meld`, never changed in place; the turn's new melds and the
held-back pile tuples. A copy at four players makes ten objects (a search copies
thousands of states a decision). Only :mod:`canasta.core.transitions`,
:mod:`canasta.core.dealing` and a position being built change a state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final, TypeVar

from canasta.variants.enums import ReserveTrigger

from .canastas import RANK_MASK, counts_as_natural
from .cards import (
    BLACK_THREE_CLUBS,
    BLACK_THREE_SPADES,
    BLACK_THREES,
    CODES_AT,
    JOKER,
    N_CODES,
    RED_THREE_DIAMONDS,
    RED_THREE_HEARTS,
    THREE,
    TWO,
    WILD,
)
from .events import FreezeReason
from .scoring import HandScore
from .table import TableRules

# Phases, Final so that the compiled engine inlines them.
DRAW: Final = 0
"""Phase: the player must draw or take the pile."""
MELD: Final = 1
"""Phase: the player may meld, then discards."""
ANSWER: Final = 2
"""Phase: the partner answers "may I go out?"."""
OVER: Final = 3
"""Phase: the match is over."""

MeldTuple = tuple[int, int, int, tuple[int, ...]]
"""A meld: naturals, twos, jokers, and the card codes in it."""

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced: how a field held as a tuple changes."""
    return (*values[:index], value, *values[index + 1 :])


def added(values: tuple[int, ...], index: int, amount: int) -> tuple[int, ...]:
    """``values`` with ``amount`` added to the number at ``index`` (a side's penalties, raise or score)."""
    out = list(values)
    out[index] += amount
    return tuple(out)


class State:
    """Everything about a match in progress. Seats count from 0; side of seat s is ``rules.side_of[s]``."""

    def __init__(self, rules: TableRules, seed: int, *, blank: bool = False) -> None:
        """A match before its first deal; ``blank=True`` sets only the rules and seed, for :meth:`copy` to fill in.

        (:meth:`copy` cannot skip ``__init__`` through ``State.__new__(State)``: the class compiled by mypyc
        does not allow it.)
        """
        self.rules = rules
        self.seed = seed
        if blank:
            return
        n, s = rules.players, rules.sides
        self.hand_number = 0
        self.dealer = (n - 2) % n
        self.current = 0
        self.phase = DRAW
        self.counts = [[0] * (CODES_AT + N_CODES) for _ in range(n)]
        """Each seat's hand: cards per rank (``counts[seat][rank]``), then per card code (``counts[seat][CODES_AT + code]``)."""
        self.sizes = [0] * n
        self.melds: tuple[dict[int, MeldTuple], ...] = tuple([{} for _ in range(s)])
        """Each side's melds by rank. A side's dict is never changed in place but replaced (:meth:`put_meld`), so copies share them."""
        self.red_threes: tuple[tuple[int, ...], ...] = ((),) * s
        self.stock: list[int] = []
        self.dead: tuple[int, ...] = ()
        """Cards set aside out of play by a position (never in a dealt hand)."""
        self.pile: list[int] = []
        self.frozen = False
        self.freeze_reason: FreezeReason | None = None
        """What froze the pile, while it is frozen (None otherwise)."""
        self.frozen_by = -1
        """The code of the card that froze the pile, while it is frozen and the card is known; else -1."""
        self.frozen_at = 0
        """Where the card that froze the pile lies in it, counted from the bottom (0), while it is frozen by a card; 0 where
        the card is not known (a position) or the pile is not frozen. A take of part of the pile (``discard_pile.take_count``)
        leaves the pile frozen while it still holds that place."""
        self.freezing_seat = -1
        """The seat whose discard froze the pile, while it is frozen by a discard; else -1 (an upcard, a position)."""
        self.history: list[tuple[int, int]] = []
        self.opened: tuple[bool, ...] = (False,) * s
        self.melded_before: tuple[bool, ...] = (False,) * n
        self.had_turn: tuple[bool, ...] = (False,) * n
        """Whether each seat's turn has come this hand (001 §21 G: red threes of a player who never had a turn)."""
        self.penalties: tuple[int, ...] = (0,) * s
        self.minimum_raise: tuple[int, ...] = (0,) * s
        self.scores: tuple[int, ...] = (0,) * s
        self.hand_scores: tuple[tuple[HandScore, ...], ...] = ()
        self.winner: int | None = None
        self.hand_limit = 0
        """The hands after which the match stops whatever the scores (``Game(hands=...)``, an option of the game, not a rule); 0 for none."""
        self.turns = 0
        self.reserves: tuple[tuple[int, ...], ...] = ()
        """Reserve piles dealt aside and not yet given, in the order they are given (``reserve.dealt``)."""
        self.reserve_next = 0
        """Which pile of ``reserve.sizes`` is given next."""
        self.reserve_got: tuple[bool, ...] = (False,) * (n if rules.reserve_per_player else s)
        """Whether each side (or player, ``reserve.one_per``) has received its reserve pile this hand."""
        self.special: tuple[int, str, int] | None = None
        """The special hand that ended this hand: (seat, name, points); None otherwise."""
        self.known: tuple[tuple[int, ...], ...] = ((),) * n
        """The cards each seat is known by every player to hold: taken into his hand from the discard pile (or an
        opening taken back), and not melded, laid or discarded since. Public knowledge, shown in every view
        (:attr:`canasta.core.views.PlayerView.known_cards`), and what a bot that samples the hidden cards keeps in place."""
        self.reset_turn()

    def freeze(self, reason: FreezeReason, card: int, seat: int = -1) -> None:
        """Freeze the pile, noting why, by which card (-1 when it is not known) and whose discard (-1 for none)."""
        self.frozen = True
        self.freeze_reason = reason
        self.frozen_by = card
        self.frozen_at = len(self.pile) - 1 if card >= 0 else 0  # the card froze it as it was put on top
        self.freezing_seat = seat

    def unfreeze(self) -> None:
        """The pile is no longer frozen: it was taken, or a new hand is dealt; where the rules keep it frozen, it stays so."""
        self.frozen = self.rules.always_frozen
        self.freeze_reason = FreezeReason.ALWAYS if self.frozen else None
        self.frozen_by = -1
        self.frozen_at = 0
        self.freezing_seat = -1

    def pile_taken(self) -> None:
        """Cards were taken from the top of the pile: it thaws unless the card that froze it is still in it (``discard_pile.take_count``; 000 LÅST HÖG 3)."""
        if not self.frozen or len(self.pile) <= self.frozen_at:
            self.unfreeze()

    def reset_turn(self) -> None:
        """Clear what belongs to one turn."""
        self.drew_from_stock = False
        self.turn_new: tuple[int, ...] = ()
        self.turn_added_old = False
        self.turn_points = 0
        self.pending: tuple[int, ...] = ()
        self.pile_taken_top = -1
        self.retracted = False
        self.asked = 0
        self.asker = -1
        self.ask_binds = False
        """The player asked after melding where he must then go out if he can, whatever the answer (001 §23 B)."""
        self.opened_now = False
        """The player's side opened in this turn: its melds are still part of the opening (Modern American's aces and rule of five)."""
        self.reserve_owed = False
        """The player receives a reserve pile after his discard (``reserve.turn_continues`` off; Modern American's talon)."""

    def copy(self) -> State:
        """An independent copy; the rules object is shared (it is never changed)."""
        new = State(self.rules, self.seed, blank=True)
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.current = self.current
        new.phase = self.phase
        new.counts = [c[:] for c in self.counts]
        new.sizes = self.sizes[:]
        new.melds = self.melds
        new.red_threes = self.red_threes
        new.stock = self.stock[:]
        new.dead = self.dead
        new.pile = self.pile[:]
        new.frozen = self.frozen
        new.freeze_reason = self.freeze_reason
        new.frozen_by = self.frozen_by
        new.frozen_at = self.frozen_at
        new.freezing_seat = self.freezing_seat
        new.history = self.history[:]
        new.opened = self.opened
        new.melded_before = self.melded_before
        new.had_turn = self.had_turn
        new.penalties = self.penalties
        new.minimum_raise = self.minimum_raise
        new.scores = self.scores
        new.hand_scores = self.hand_scores
        new.winner = self.winner
        new.hand_limit = self.hand_limit
        new.turns = self.turns
        new.drew_from_stock = self.drew_from_stock
        new.turn_new = self.turn_new
        new.turn_added_old = self.turn_added_old
        new.turn_points = self.turn_points
        new.pending = self.pending
        new.pile_taken_top = self.pile_taken_top
        new.retracted = self.retracted
        new.asked = self.asked
        new.ask_binds = self.ask_binds
        new.asker = self.asker
        new.opened_now = self.opened_now
        new.reserve_owed = self.reserve_owed
        new.reserves = self.reserves
        new.reserve_next = self.reserve_next
        new.reserve_got = self.reserve_got
        new.special = self.special
        new.known = self.known
        return new

    def public_copy(self, seat: int) -> State:
        """A copy holding only what ``seat`` may see: its own hand, the cards each other seat is known to hold
        (:attr:`known`), and the table; no stock, no reserve pile's cards, no cards out of play, and no seed (the
        seed deals the hands to come). The hand sizes, stock size and piles still to be given are kept by number
        only, in :attr:`sizes`, :attr:`stock` (filled with -1) and :attr:`reserves` (-1 each).

        What :mod:`canasta.core.sampling` fills with cards consistent with the view, for a bot that searches.
        """
        new = self.copy()
        new.seed = 0
        width = CODES_AT + N_CODES
        for other, cards in enumerate(self.known):
            if other == seat:
                continue
            row = [0] * width
            for card in cards:
                row[CODES_AT + card] += 1
                row[WILD if card == JOKER else card >> 2] += 1
            new.counts[other] = row
        new.stock = [-1] * len(self.stock)
        new.dead = (-1,) * len(self.dead)
        new.reserves = tuple([(-1,) * len(pile) for pile in self.reserves])
        return new

    def learn(self, seat: int, cards: Sequence[int]) -> None:
        """Note ``cards``, come into the hand of ``seat`` in view of every player, as known (:attr:`known`)."""
        if cards:
            self.known = replaced(self.known, seat, (*self.known[seat], *cards))

    def forget(self, seat: int, card: int) -> None:
        """``card`` left the hand of ``seat`` in view of every player: if it was one of his known cards, it is no longer."""
        held = self.known[seat]
        if card in held:
            i = held.index(card)
            self.known = replaced(self.known, seat, held[:i] + held[i + 1 :])

    def put_meld(self, side: int, rank: int, meld: MeldTuple) -> None:
        """Lay the side's meld of ``rank`` or make it this one, in a new dict for the side: the old one may be a copy's too.

        Under ``canastas.several_per_rank`` a meld this makes a canasta is closed and
        set aside under a key of its own (:func:`key_rank`), and the turn's new melds
        name it there, so that the side may start a new meld of the rank (NWP).
        """
        melds = dict(self.melds[side])
        if self.rules.several_per_rank and rank <= RANK_MASK and meld[0] + meld[1] + meld[2] >= self.rules.canasta_size:
            key = self.closed_key(side, rank)
            melds.pop(rank, None)
            melds[key] = meld
            if rank in self.turn_new:
                self.turn_new = tuple([key if k == rank else k for k in self.turn_new])
        else:
            melds[rank] = meld
        self.melds = replaced(self.melds, side, melds)

    def closed_key(self, side: int, rank: int) -> int:
        """The key the side's next canasta of ``rank`` closed and set aside takes (``canastas.several_per_rank``; :func:`key_rank`)."""
        melds = self.melds[side]
        key = rank + RANK_MASK + 1
        while key in melds:
            key += RANK_MASK + 1
        return key

    # -- cards in hands ------------------------------------------------------

    def add_card(self, seat: int, card: int) -> None:
        row = self.counts[seat]
        row[CODES_AT + card] += 1
        row[WILD if card == JOKER else card >> 2] += 1
        self.sizes[seat] += 1

    def remove_card(self, seat: int, card: int) -> None:
        if self.known[seat]:
            self.forget(seat, card)
        row = self.counts[seat]
        row[CODES_AT + card] -= 1
        row[WILD if card == JOKER else card >> 2] -= 1
        self.sizes[seat] -= 1

    def take_rank(self, seat: int, rank: int, count: int) -> list[int]:
        """Remove ``count`` cards of a rank from a hand (black threes only, for rank 3); return their codes.

        Codes are taken in a fixed suit order (see ``codes`` below), all of one code before the next.
        """
        if not count:
            return []
        hand = self.counts[seat]
        if rank in (WILD, JOKER):
            codes: tuple[int, ...] = (JOKER,)
            index = WILD
        elif rank == THREE:
            codes = BLACK_THREES
            index = THREE
        else:
            codes = (rank * 4 + 3, rank * 4 + 2, rank * 4 + 1, rank * 4)
            index = rank
        out: list[int] = []
        left = count
        for code in codes:
            held = hand[CODES_AT + code]
            if held:
                k = held if held < left else left
                out += [code] * k
                hand[CODES_AT + code] = held - k
                left -= k
                if not left:
                    break
        taken = count - left
        hand[index] -= taken
        self.sizes[seat] -= taken
        if self.known[seat]:
            for code in out:
                self.forget(seat, code)
        return out

    def naturals_in_hand(self, seat: int, rank: int) -> int:
        """Natural cards of a rank in a hand; for threes, the black ones."""
        if rank == THREE:
            hand = self.counts[seat]
            return hand[CODES_AT + BLACK_THREE_CLUBS] + hand[CODES_AT + BLACK_THREE_SPADES]
        return self.counts[seat][rank]

    def red_threes_in_hand(self, seat: int) -> int:
        hand = self.counts[seat]
        return hand[CODES_AT + RED_THREE_DIAMONDS] + hand[CODES_AT + RED_THREE_HEARTS]

    def held(self, seat: int, code: int) -> int:
        """How many cards of one code (a card of one suit and rank, or the joker) a hand holds."""
        return self.counts[seat][CODES_AT + code]

    def is_bonus_card(self, card: int) -> bool:
        """Whether a card is laid down and replaced on receipt: a red three, or a black three where they are bonus cards too (``black_threes.bonus_card``)."""
        return card in (RED_THREE_DIAMONDS, RED_THREE_HEARTS) or (self.rules.black_bonus and card >> 2 == THREE)

    def bonus_cards_in_hand(self, seat: int) -> int:
        """The bonus cards (red threes, and black ones where they are bonus cards) in a hand."""
        if self.rules.black_bonus:
            return self.counts[seat][THREE]
        hand = self.counts[seat]
        return hand[CODES_AT + RED_THREE_DIAMONDS] + hand[CODES_AT + RED_THREE_HEARTS]

    def reserve_unit(self, seat: int) -> int:
        """The index into ``reserve_got`` of a seat: the seat itself or its side (``reserve.one_per``)."""
        return seat if self.rules.reserve_per_player else self.rules.side_of[seat]

    def reserve_available(self, seat: int) -> bool:
        """Whether a reserve pile could be given to this seat now: one is left, his side (or he) has none, and the stock is long enough (``reserve``).

        Piles dealt aside with no ``min_stock`` do not wait on the stock: an empty stock still leaves them to give (Hand and Foot's foot, RVI, GOCC).
        """
        r = self.rules
        if self.reserve_next >= len(r.reserve_sizes) or self.reserve_got[self.reserve_unit(seat)]:
            return False
        if r.reserve_dealt and not r.reserve_min_stock:
            return bool(self.reserves)
        return len(self.stock) > r.reserve_min_stock

    def next_reserve_cards(self) -> int:
        """How many cards the next reserve pile would give: the pile dealt aside, or what the stock holds of its size."""
        if self.rules.reserve_dealt:
            return len(self.reserves[0]) if self.reserves else 0
        if self.reserve_next >= len(self.rules.reserve_sizes):
            return 0
        return min(self.rules.reserve_sizes[self.reserve_next], len(self.stock))

    def reserve_after_discard(self, seat: int) -> bool:
        """Whether ``seat`` receives a reserve pile after his discard: he is owed one, and it can still be given (``reserve``; HON rule 5)."""
        if not self.reserve_owed:
            return False
        return not (self.rules.reserve_not_with_pile and self.pile_taken_top >= 0) and self.reserve_available(seat)

    def reserve_when_empty(self, seat: int) -> bool:
        """Whether ``seat`` receives a reserve pile when his hand empties (``reserve.trigger = "empty_hand"``; Hand and Foot's foot)."""
        return bool(self.rules.reserve_sizes) and self.rules.reserve_trigger is ReserveTrigger.EMPTY_HAND and self.reserve_available(seat)

    def reserve_to_play_on(self, seat: int) -> bool:
        """Whether ``seat``, his hand emptied by a meld, receives a reserve pile and plays on: the turn continues with it
        (``reserve.turn_continues``), one is due and it brings two cards or more, one to keep and one to discard (a pile of
        one card would leave him no way to end the turn)."""
        return self.rules.reserve_turn_continues and self.reserve_when_empty(seat) and self.next_reserve_cards() >= 2

    def twos_in_hand(self, seat: int) -> int:
        return self.counts[seat][TWO]

    def jokers_in_hand(self, seat: int) -> int:
        return self.counts[seat][WILD]

    def hand_cards(self, seat: int) -> list[int]:
        """The codes of a hand, sorted."""
        hand = self.counts[seat]
        return [code for code in range(N_CODES) for _ in range(hand[CODES_AT + code])]

    def census(self) -> Counter[int]:
        """Every card of the deal by code: hands, melds, red threes, stock, pile, held-back pile, reserve piles and cards out of play.

        It always equals the deck (:func:`canasta.core.cards.build_deck`): the
        card-conservation invariant the tests and ``benchmarks/soak.py`` check.
        """
        out: Counter[int] = Counter()
        for hand in self.counts:
            for code in range(N_CODES):
                if hand[CODES_AT + code]:
                    out[code] += hand[CODES_AT + code]
        for side_melds in self.melds:
            for meld in side_melds.values():
                out.update(meld[3])
        for threes in self.red_threes:
            out.update(threes)
        out.update(self.stock)
        out.update(self.pile)
        out.update(self.pending)
        out.update(self.dead)
        for pile in self.reserves:
            out.update(pile)
        return out

    # -- sides -----------------------------------------------------------------

    def side(self, seat: int) -> int:
        return self.rules.side_of[seat]

    def is_canasta(self, meld: MeldTuple) -> bool:
        return meld[0] + meld[1] + meld[2] >= self.rules.canasta_size

    def canasta_classes(self, side: int) -> tuple[int, int, int, int]:
        """(canastas, natural, mixed, wild) of a side: natural counts a wild-card canasta of one kind (decisions P29)."""
        total = natural = mixed = wild = 0
        size = self.rules.canasta_size
        for key, (n, t, j, _) in self.melds[side].items():
            if n + t + j >= size:
                total += 1
                natural += counts_as_natural(key & RANK_MASK, t, j)
                if key & RANK_MASK == WILD:
                    wild += 1
                elif t + j:
                    mixed += 1
        return total, natural, mixed, wild

    def canastas(self, side: int) -> tuple[int, int]:
        """(canastas, natural canastas) of a side; a wild-card canasta of one kind counts as natural (decisions P29)."""
        total = natural = 0
        size = self.rules.canasta_size
        for key, (n, t, j, _) in self.melds[side].items():
            if n + t + j >= size:
                total += 1
                natural += counts_as_natural(key & RANK_MASK, t, j)
        return total, natural

    def is_dead(self, side: int, rank: int) -> bool:
        """Whether a completed canasta has closed ``rank`` to this side (``melds.dead_after_canasta``; Modern American's dead cards)."""
        r = self.rules
        if not r._ranks_die:
            return False
        size = r.canasta_size
        for s in range(len(self.melds)) if r._dead_for_everyone else (side,):
            m = self.melds[s].get(rank)
            if m is not None and m[0] + m[1] + m[2] >= size:
                return True
        return False

    def minimum(self, side: int) -> int:
        """The side's opening minimum this hand: by its score at the start of the hand (decisions P22), plus any raise (001 §27 A)."""
        return self.rules.opening_minimum(self.scores[side], self.hand_number) + self.minimum_raise[side]


def concealed_now(st: State, seat: int) -> bool:
    """Whether going out now would be concealed: nothing melded before this turn (000 DIREKT UTGÅNG 1, 001 §19 A•1)."""
    r = st.rules
    if not r.concealed_allowed or st.turn_added_old:
        return False
    if r.concealed_by_side:
        side = r.side_of[seat]
        return not any(rank not in st.turn_new for rank in st.melds[side])
    return not st.melded_before[seat]


def turn_canastas(st: State, side: int, extra_rank: int = -1, extra_is_canasta: bool = False) -> int:
    melds = st.melds[side]
    size = st.rules.canasta_size
    count = 0
    for rank in st.turn_new:
        if rank == extra_rank:
            continue
        m = melds[rank]
        if m[0] + m[1] + m[2] >= size:
            count += 1
    if extra_rank >= 0 and extra_is_canasta and (extra_rank in st.turn_new or extra_rank not in melds):
        count += 1
    return count

