"""Carrying out a legal action: moving cards, opening, canastas, turns, the end of a hand and of the match.

:func:`do` assumes :func:`canasta.core.legality.check` has accepted the
action; :class:`canasta.Game` always checks first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from canasta.variants.enums import ReserveTrigger

from .actions import Action, AnswerGoOut, AskGoOut, DeclinePile, Discard, Draw, LayRedThree, Meld, Retract, ShowSpecialHand, TakePile
from .canastas import RANK_MASK
from .cards import BLACK_THREE_CLUBS, BLACK_THREE_SPADES, CODES_AT, JOKER, RED_THREE_DIAMONDS, RED_THREE_HEARTS, THREE, TWO, WILD
from .dealing import deal_hand, lay_one_red_three, lay_red_threes, lay_taken_red_threes
from .events import (
    CanastaCompleted,
    CardDrawn,
    Discarded,
    Event,
    FreezeReason,
    GoOutAnswered,
    GoOutAsked,
    HandEnded,
    MatchEnded,
    Melded,
    OpeningRetracted,
    PenaltyApplied,
    PileBlocked,
    PileDeclined,
    PileFrozen,
    PileReleased,
    PileTaken,
    RedThreeLaid,
    ReserveLost,
    ReserveReceived,
    ReserveToStock,
    SideOpened,
    SpecialHandShown,
    Termination,
)
from .scoring import score_hand
from .state import ANSWER, DRAW, MELD, OVER, State, added, concealed_now, replaced, turn_canastas

if TYPE_CHECKING:
    from .table import TableRules

DEFAULT_TURN_CAP: Final = 400
"""Safety cap on turns per hand: a hand still running after this many turns ends as if the stock had run out.

A real hand of 2 to 6 players ends well before it: the stock holds at most
about 140 cards, and only the end-of-stock chain of pile take-ups can go on
without drawing. Ending such a runaway hand keeps every hand finite."""


# -- interned events ---------------------------------------------------------------
# Events are frozen, so the frequent ones are built once per distinct content and shared: building an
# attrs event costs more than the rest of a draw or a discard. Equality and text are unchanged.

_DRAWN: Final[dict[int, CardDrawn]] = {}
_DISCARDED: Final[dict[int, Discarded]] = {}
_BLOCKED: Final[dict[int, PileBlocked]] = {}
_MELDED: Final[dict[tuple[int, int, int, int, int, int, bool], Melded]] = {}
EVENT_CACHE_LIMIT: Final = 10_000
"""Melded events kept before that cache is emptied and refilled (a 4-player match meets a few hundred)."""


def _card_drawn(seat: int, card: int) -> CardDrawn:
    key = seat << 6 | card
    found = _DRAWN.get(key)
    if found is None:
        found = _DRAWN[key] = CardDrawn(seat=seat, card=card)
    return found


def _discarded(seat: int, card: int) -> Discarded:
    key = seat << 6 | card
    found = _DISCARDED.get(key)
    if found is None:
        found = _DISCARDED[key] = Discarded(seat=seat, card=card)
    return found


def _blocked(seat: int) -> PileBlocked:
    found = _BLOCKED.get(seat)
    if found is None:
        found = _BLOCKED[seat] = PileBlocked(seat=seat)
    return found


def _melded(seat: int, side: int, rank: int, naturals: int, twos: int, jokers: int, new_meld: bool) -> Melded:
    key = (seat, side, rank, naturals, twos, jokers, new_meld)
    found = _MELDED.get(key)
    if found is None:
        if len(_MELDED) >= EVENT_CACHE_LIMIT:
            _MELDED.clear()
        found = _MELDED[key] = Melded(seat=seat, side=side, rank=rank, naturals=naturals, twos=twos, jokers=jokers, new_meld=new_meld)
    return found


def do(st: State, action: Action, turn_cap: int = DEFAULT_TURN_CAP) -> list[Event]:
    """Apply a legal action and return the events it caused."""
    events: list[Event] = []
    if isinstance(action, Discard):
        _discard(st, action, events, turn_cap)
    elif isinstance(action, Draw):
        _draw(st, events)
    elif isinstance(action, Meld):
        _meld(st, action, events)
    elif isinstance(action, TakePile):
        _take(st, action, events)
    elif isinstance(action, AskGoOut):
        st.asked = 1
        st.asker = st.current
        st.ask_binds = st.rules.ask_after_melding_binds and bool(st.turn_new or st.turn_added_old or st.pile_taken_top >= 0)
        partner = st.rules.seating(st.hand_number).partner[st.current]
        events.append(GoOutAsked(seat=st.current, partner=partner))
        st.current = partner
        st.phase = ANSWER
    elif isinstance(action, AnswerGoOut):
        events.append(GoOutAnswered(seat=st.current, yes=action.yes))
        st.asked = 2 if action.yes else 3
        st.current = st.asker
        st.phase = MELD
    elif isinstance(action, Retract):
        _retract(st, events)
    elif isinstance(action, LayRedThree):
        if lay_one_red_three(st, st.current, events):
            end_hand(st, events, Termination.RED_THREE_LAST_CARD, st.current)
    elif isinstance(action, DeclinePile):
        events.append(PileDeclined(seat=st.current))
        end_hand(st, events, Termination.STOCK_EXHAUSTED, st.current)
    elif isinstance(action, ShowSpecialHand):
        points = next(h[3] for h in st.rules.special_hands if h[0] == action.name)
        st.special = (st.current, action.name, points)
        events.append(SpecialHandShown(seat=st.current, name=action.name, points=points))
        end_hand(st, events, Termination.SPECIAL_HAND, st.current)
    return events


def _draw(st: State, events: list[Event]) -> None:
    """Draw ``turn.stock_draw`` cards (what the stock holds, if fewer), laying down bonus cards as they come (000 RÖDA TREOR 2, 001 §21 C)."""
    seat = st.current
    st.drew_from_stock = True
    st.phase = MELD
    for _ in range(st.rules.stock_draw):
        if not st.stock:
            return
        card = st.stock.pop()
        row = st.counts[seat]
        row[CODES_AT + card] += 1
        row[WILD if card == JOKER else card >> 2] += 1
        st.sizes[seat] += 1
        events.append(_card_drawn(seat, card))
        if card in (RED_THREE_DIAMONDS, RED_THREE_HEARTS) or (card >> 2 == THREE and st.rules.black_bonus):
            if not st.stock:
                st.remove_card(seat, card)
                side = st.rules.side_of[seat]
                st.red_threes = replaced(st.red_threes, side, (*st.red_threes[side], card))
                events.append(RedThreeLaid(seat=seat, card=card, replaced=False))
                end_hand(st, events, Termination.RED_THREE_LAST_CARD, seat)
                return
            if not st.rules.keep_red_threes and lay_red_threes(st, seat, events):
                end_hand(st, events, Termination.RED_THREE_LAST_CARD, seat)
                return


def _add_to_meld(st: State, seat: int, rank: int, cards: list[int], naturals: int, twos: int, events: list[Event]) -> None:
    """Put cards on the side's meld of ``rank``, noting what this turn did (001 §11 B).

    ``cards`` holds ``naturals`` natural cards (black threes included), then ``twos`` twos, then jokers.
    """
    r = st.rules
    side = r.side_of[seat]
    melds = st.melds[side]
    old = melds.get(rank)
    jokers = len(cards) - naturals - twos
    if old is None:
        new = (naturals, twos, jokers, tuple(cards))
        st.turn_new += (rank,)
    else:
        new = (old[0] + naturals, old[1] + twos, old[2] + jokers, old[3] + tuple(cards))
        if rank not in st.turn_new:
            st.turn_added_old = True
    st.put_meld(side, rank, new)
    events.append(_melded(seat, side, rank, naturals, twos, jokers, old is None))
    size = r.canasta_size
    if new[0] + new[1] + new[2] >= size and (old is None or old[0] + old[1] + old[2] < size):
        events.append(CanastaCompleted(side=side, rank=rank, kind=r.kind_of(rank, new[1], new[2])))
        if r.reserve_sizes and r.reserve_trigger is ReserveTrigger.FIRST_CANASTA and st.canastas(side)[0] == 1:
            _reserve_earned(st, seat, events)
    if not st.opened[side]:
        value = r.value
        st.turn_points += sum(value[c] for c in cards)
        minimum = st.minimum(side)
        if st.turn_points >= minimum and (not r.natural_meld_size or natural_meld_laid(st, side)):
            st.opened = replaced(st.opened, side, True)
            st.opened_now = True
            events.append(SideOpened(side=side, points=st.turn_points, minimum=minimum))
            if st.pending:
                _release_pending(st, seat, events)
            if r.reserve_sizes and r.reserve_trigger is ReserveTrigger.OPENING:
                _reserve_earned(st, seat, events)


def _reserve_earned(st: State, seat: int, events: list[Event]) -> None:
    """The player's play earned him a reserve pile: given at once where the turn continues, else owed until his discard (``reserve``).

    A pile his play earns but the rules withhold (the stock too short, the pile taken that turn) is lost, not
    passed on: the next trigger earns the next pile (WCA, EBB §2.4: the second side's opener gets 3 cards).
    """
    r = st.rules
    if st.reserve_next >= len(r.reserve_sizes) or st.reserve_got[st.reserve_unit(seat)]:
        return
    if r.reserve_turn_continues:
        withheld = r.reserve_not_with_pile and st.pile_taken_top >= 0
        if st.reserve_available(seat) and not withheld and st.sizes[seat] + st.next_reserve_cards() >= 2:
            give_reserve(st, seat, events)
        else:
            lose_reserve(st, seat, events)
    else:
        st.reserve_owed = True


def lose_reserve(st: State, seat: int, events: list[Event]) -> None:
    """The reserve pile ``seat`` earned is withheld: it is lost to him and his side, and the next trigger earns the next one (WCA, EBB §2.4)."""
    index = st.reserve_next
    st.reserve_next = index + 1
    st.reserve_got = replaced(st.reserve_got, st.reserve_unit(seat), True)
    st.reserve_owed = False
    if st.rules.reserve_dealt and st.reserves:
        st.dead += st.reserves[0]
        st.reserves = st.reserves[1:]
    events.append(ReserveLost(seat=seat, pile=index))


def give_reserve(st: State, seat: int, events: list[Event]) -> None:
    """Give the next reserve pile to ``seat``, into his hand: dealt aside, or drawn from the stock (``reserve.dealt``; WCA, EBB §2.4).

    Bonus cards among them are laid down and replaced, as from a draw.
    """
    r = st.rules
    index = st.reserve_next
    st.reserve_next = index + 1
    st.reserve_got = replaced(st.reserve_got, st.reserve_unit(seat), True)
    st.reserve_owed = False
    cards: Sequence[int] = ()
    if r.reserve_dealt:
        if st.reserves:
            cards = st.reserves[0]
            st.reserves = st.reserves[1:]
    else:
        take = min(r.reserve_sizes[index], len(st.stock))
        cards = [st.stock.pop() for _ in range(take)]
    for card in cards:
        st.add_card(seat, card)
    events.append(ReserveReceived(seat=seat, cards=len(cards), pile=index))
    if any(st.is_bonus_card(c) for c in cards) and not r.keep_red_threes and lay_red_threes(st, seat, events):
        end_hand(st, events, Termination.RED_THREE_LAST_CARD, seat)


def natural_meld_laid(st: State, side: int) -> bool:
    """Whether this turn's melds include the natural meld an opening needs (``initial_meld.natural_meld_size``; Modern American's clean triple, WCA "INITIAL MELD")."""
    need = st.rules.natural_meld_size
    melds = st.melds[side]
    for key in st.turn_new:
        m = melds.get(key)
        rank = key & RANK_MASK
        if m is not None and rank != WILD and rank != THREE and m[0] >= need and m[1] + m[2] == 0:
            return True
    return False


def _emptied(st: State, seat: int, events: list[Event]) -> None:
    """The player's hand is empty after a meld or a take: he receives a reserve pile where one is due, or goes out (000 UTGÅNG, 001 §18)."""
    if st.reserve_to_play_on(seat):
        give_reserve(st, seat, events)
        return
    _went_out(st, seat, events)


def _release_pending(st: State, seat: int, events: list[Event]) -> None:
    cards, st.pending = st.pending, ()
    for card in cards:
        st.add_card(seat, card)
    st.learn(seat, cards)
    st.pile_taken()
    events.append(PileReleased(seat=seat, cards=len(cards)))
    lay_taken_red_threes(st, seat, cards, events)


def _take(st: State, a: TakePile, events: list[Event]) -> None:
    seat = st.current
    side = st.rules.side_of[seat]
    top = st.pile.pop()
    rank = top >> 2
    cards = [top, *st.take_rank(seat, rank, a.naturals), *st.take_rank(seat, TWO, a.twos), *st.take_rank(seat, JOKER, a.jokers)]
    st.pile_taken_top = top
    st.phase = MELD
    if a.top_only:
        events.append(PileTaken(seat=seat, top_card=top, cards=1, top_only=True))
    else:
        # the cards under the top card that come with it: the whole pile, or its top discard_pile.take_count less the top card
        left = max(0, len(st.pile) - st.rules.take_count + 1)
        st.pile, rest = st.pile[:left], st.pile[left:]
        if st.opened[side]:
            st.pile_taken()
            for card in rest:
                st.add_card(seat, card)
            st.learn(seat, rest)
            events.append(PileTaken(seat=seat, top_card=top, cards=len(rest) + 1, top_only=False))
            lay_taken_red_threes(st, seat, rest, events)
        else:
            st.pending = tuple(rest)
            events.append(PileTaken(seat=seat, top_card=top, cards=len(rest) + 1, top_only=False, pending=True))
    _add_to_meld(st, seat, rank, cards, a.naturals + 1, a.twos, events)
    if st.sizes[seat] == 0 and not st.pending and st.phase == MELD:
        _emptied(st, seat, events)


def _meld(st: State, a: Meld, events: list[Event]) -> None:
    seat = st.current
    hand = st.hand_number
    rank = a.rank
    take_rank = st.take_rank
    cards = [] if rank == WILD else take_rank(seat, rank, a.naturals)
    if a.twos:
        cards += take_rank(seat, TWO, a.twos)
    if a.jokers:
        cards += take_rank(seat, JOKER, a.jokers)
    _add_to_meld(st, seat, rank, cards, 0 if rank == WILD else a.naturals, a.twos, events)
    if st.sizes[seat] == 0 and st.phase != OVER and st.hand_number == hand:
        _emptied(st, seat, events)


def _discard(st: State, a: Discard, events: list[Event], turn_cap: int) -> None:
    seat = st.current
    number = st.hand_number
    rank = a.rank
    hand = st.counts[seat]
    if rank == JOKER:
        card = JOKER
        hand[WILD] -= 1
    else:
        if rank == THREE:
            card = BLACK_THREE_CLUBS if hand[CODES_AT + BLACK_THREE_CLUBS] else BLACK_THREE_SPADES
        else:
            card = rank * 4
            while not hand[CODES_AT + card]:
                card += 1
        hand[rank] -= 1
    hand[CODES_AT + card] -= 1
    st.sizes[seat] -= 1
    if st.known[seat]:
        st.forget(seat, card)
    st.pile.append(card)
    st.history.append((seat, card))
    events.append(_discarded(seat, card))
    r = st.rules
    nxt = r.seating(st.hand_number).next_seat[seat]
    if card == JOKER or card >> 2 == TWO:
        events.append(_blocked(nxt))
        if r.wild_discard_freezes and not st.frozen:
            st.freeze(FreezeReason.WILD_DISCARD, card, seat)
            events.append(PileFrozen(reason=FreezeReason.WILD_DISCARD, card=card))
    elif card in (BLACK_THREE_CLUBS, BLACK_THREE_SPADES):
        events.append(_blocked(nxt))
        if r.black_three_freezes_discard and not st.frozen:
            st.freeze(FreezeReason.BLACK_THREE_DISCARD, card, seat)
            events.append(PileFrozen(reason=FreezeReason.BLACK_THREE_DISCARD, card=card))
    if st.sizes[seat] == 0:
        if not (st.reserve_after_discard(seat) or st.reserve_when_empty(seat)):
            _went_out(st, seat, events)
            return
        give_reserve(st, seat, events)
        if st.hand_number != number:
            return
    elif st.reserve_owed:
        if st.reserve_after_discard(seat):
            give_reserve(st, seat, events)
            if st.hand_number != number:
                return
        else:
            lose_reserve(st, seat, events)
    if st.asked == 2 and r.permission_penalty:
        side = r.side_of[seat]
        st.penalties = added(st.penalties, side, r.permission_penalty)
        events.append(PenaltyApplied(side=side, points=r.permission_penalty, rule="going_out.permission_penalty"))
    if st.turn_new or st.turn_added_old or st.pile_taken_top >= 0:
        if not st.melded_before[seat]:
            st.melded_before = replaced(st.melded_before, seat, True)
        if not st.stock and st.pile_taken_top >= 0 and not st.drew_from_stock and not r.chain:
            end_hand(st, events, Termination.STOCK_EXHAUSTED, seat)
            return
    st.turns += 1
    if st.turns >= turn_cap:
        end_hand(st, events, Termination.TURN_CAP, None)
        return
    st.current = nxt
    if not st.had_turn[nxt]:
        st.had_turn = replaced(st.had_turn, nxt, True)
    st.phase = DRAW
    st.reset_turn()
    if not st.stock and st.reserves and r.reserve_becomes_stock:
        pile = list(st.reserves[0])  # the stock ran out: a pile still aside becomes the stock (Buraco's morto)
        st.reserves = st.reserves[1:]
        st.stock = pile
        st.reserve_next += 1
        events.append(ReserveToStock(cards=len(pile)))
    if (
        (st.red_threes_in_hand(nxt) or (r.black_bonus and st.counts[nxt][THREE]))
        and not r.keep_red_threes
        and lay_red_threes(st, nxt, events)
    ):
        end_hand(st, events, Termination.RED_THREE_LAST_CARD, nxt)


def _retract(st: State, events: list[Event]) -> None:
    seat = st.current
    side = st.rules.side_of[seat]
    _take_back_opening(st, seat, side)
    st.retracted = True
    st.minimum_raise = added(st.minimum_raise, side, st.rules.minimum_raise)
    events.append(OpeningRetracted(seat=seat, cards=st.sizes[seat], new_minimum=st.minimum(side)))


def _take_back_opening(st: State, seat: int, side: int) -> None:
    """Return this turn's melds of a side that has not opened to ``seat``'s hand, and a pile taken for them to the table."""
    melds = dict(st.melds[side])
    top = st.pile_taken_top
    top_rank = top >> 2 if top >= 0 else -1
    for key in st.turn_new:
        cards = list(melds.pop(key)[3])
        if key & RANK_MASK == top_rank:
            cards.remove(top)
        for card in cards:
            st.add_card(seat, card)
        st.learn(seat, cards)
    st.melds = replaced(st.melds, side, melds)
    if st.pile_taken_top >= 0:
        st.pile = [*st.pile, *st.pending, st.pile_taken_top]  # what the take left, what it held back, its top card
        st.pending = ()
        st.phase = DRAW
        st.pile_taken_top = -1
    st.turn_new = ()
    st.turn_points = 0


def _went_out(st: State, seat: int, events: list[Event]) -> None:
    side = st.rules.side_of[seat]
    _canastas, _ = st.canastas(side)
    concealed = concealed_now(st, seat) and turn_canastas(st, side) >= 1
    if concealed and not st.rules.partner_canastas_count and turn_canastas(st, side) < st.rules.canastas_required:
        concealed = False
    end_hand(st, events, Termination.WENT_OUT_CONCEALED if concealed else Termination.WENT_OUT, seat)


def match_outcome(rules: TableRules, totals: Sequence[int], hands: int = 0, limit: int = 0) -> tuple[bool, int | None]:
    """Whether the match is over after ``hands`` hands with these totals, and the winning side (None for a draw; 001 §1, §34 A; decisions P23).

    The match ends at the end of the hand in which a side reaches
    ``match.target``, or, where ``match.hands`` fixes the number of hands,
    after that many (Hand and Foot); the higher total wins, and equal best
    totals are a draw. ``limit`` (``Game(hands=...)``, 0 for none) stops it
    after that many hands whatever the scores, the side ahead winning. The
    engine and the score sheet both decide by it.
    """
    if limit and hands >= limit:
        pass
    elif rules.match_hands:
        if hands < rules.match_hands:
            return False, None
    elif not any(total >= rules.target for total in totals):
        return False, None
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    return True, leaders[0] if len(leaders) == 1 else None


def end_hand(st: State, events: list[Event], how: Termination, seat: int | None) -> None:
    """Score the hand, then deal the next or end the match.

    A hand that ends in the middle of a turn whose opening does not yet stand (as when a red three is drawn as the stock's
    last card after melds laid before the draw, ``initial_meld.from_hand_before_pile``) never opened the side:
    those melds go back to the player's hand and count there, with no penalty (decisions P65).
    """
    went_out = seat if how in (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED) else None
    if went_out is None and st.turn_new and not st.opened[st.rules.side_of[st.current]]:
        _take_back_opening(st, st.current, st.rules.side_of[st.current])
    scores = score_hand(st, went_out, how is Termination.WENT_OUT_CONCEALED)
    for s in scores:
        st.scores = added(st.scores, s.side, s.total)
    st.hand_scores += (scores,)
    events.append(HandEnded(hand_number=st.hand_number, termination=how, seat=seat, scores=scores, totals=tuple(st.scores)))
    over, winner = match_outcome(st.rules, st.scores, st.hand_number, st.hand_limit)
    if over:
        st.winner = winner
        st.phase = OVER
        events.append(MatchEnded(winner=st.winner, totals=tuple(st.scores)))
        return
    if deal_hand(st, events):
        end_hand(st, events, Termination.RED_THREE_LAST_CARD, st.current)


__all__ = ["DEFAULT_TURN_CAP", "do"]
