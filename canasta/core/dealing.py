"""Dealing a hand: shuffle from the seed, deal, turn the upcard, lay down dealt red threes.

Chance is explicit: hand ``h`` of a match with seed ``s`` is shuffled by
``random.Random(f"{s}:{h}")``, so a hand's deal depends only on the seed and
its number, and a record of the seed and the actions replays bit for bit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import BLACK_THREE_CLUBS, BLACK_THREE_SPADES, JOKER, RED_THREE_DIAMONDS, RED_THREE_HEARTS, THREE, TWO, build_deck
from .events import Event, FreezeReason, HandDealt, PileFrozen, RedThreeLaid, UpcardTurned
from .state import DRAW, State, replaced


def _lay(st: State, seat: int, card: int, events: list[Event], replace: bool) -> bool:
    """Lay one red three from the hand, replacing it from the stock when ``replace`` and the stock has a card.

    Returns True if the replacement was the last stock card and a red three:
    it is laid too, and the hand ends at once (000 TALONGENS SISTA KORT 1,
    001 §21 E, decisions P13).
    """
    side = st.rules.side_of[seat]
    st.remove_card(seat, card)
    st.red_threes = replaced(st.red_threes, side, (*st.red_threes[side], card))
    can_replace = replace and bool(st.stock)
    events.append(RedThreeLaid(seat=seat, card=card, replaced=can_replace))
    if not can_replace:
        return False
    drawn = st.stock.pop()
    st.add_card(seat, drawn)
    if not st.stock and st.is_bonus_card(drawn):
        st.remove_card(seat, drawn)
        st.red_threes = replaced(st.red_threes, side, (*st.red_threes[side], drawn))
        events.append(RedThreeLaid(seat=seat, card=drawn, replaced=False))
        return True
    return False


def lay_red_threes(st: State, seat: int, events: list[Event], *, replace: bool = True) -> bool:
    """Lay down every red three in a hand, replacing each from the stock, repeatedly (000 RÖDA TREOR 1-2, 001 §21 B-C).

    Returns True if the last stock card was a red three, which ends the hand
    at once (000 TALONGENS SISTA KORT 1, 001 §21 E, decisions P13).
    """
    while st.red_threes_in_hand(seat):
        if _lay(st, seat, RED_THREE_DIAMONDS if st.held(seat, RED_THREE_DIAMONDS) else RED_THREE_HEARTS, events, replace):
            return True
        if st.rules.black_bonus and _lay_black_threes(st, seat, events, replace):
            return True
    if st.rules.black_bonus:
        return _lay_black_threes(st, seat, events, replace)
    return False


def _lay_black_threes(st: State, seat: int, events: list[Event], replace: bool) -> bool:
    """Lay down the black threes of a hand where they are bonus cards (``black_threes.bonus_card``; Modern American EBB §2.8), then any red three a replacement brought."""
    while st.naturals_in_hand(seat, THREE):
        if _lay(st, seat, BLACK_THREE_CLUBS if st.held(seat, BLACK_THREE_CLUBS) else BLACK_THREE_SPADES, events, replace):
            return True
        if st.red_threes_in_hand(seat) and lay_red_threes(st, seat, events, replace=replace):
            return True
    return False


def lay_one_red_three(st: State, seat: int, events: list[Event]) -> bool:
    """The player lays down one red three he kept and draws its replacement, by choice (004 L160, L162; decisions P46).

    A replacement that is itself a red three stays in hand for him to lay or
    keep, unless it was the last stock card: then it is laid and the hand
    ends (decisions P13), which the return value says.
    """
    return _lay(st, seat, RED_THREE_DIAMONDS if st.held(seat, RED_THREE_DIAMONDS) else RED_THREE_HEARTS, events, True)


def lay_taken_red_threes(st: State, seat: int, cards: Sequence[int], events: list[Event]) -> None:
    """Lay down the red threes among cards taken with the pile, without replacement (000 RÖDA TREOR 3, 001 §21 D, 004 L166).

    Only those: red threes the player kept in hand stay there (004 L160). The
    cards are already in the hand.
    """
    if not st.rules.keep_red_threes:
        lay_red_threes(st, seat, events, replace=False)
        return
    for card in cards:
        if st.is_bonus_card(card):
            _lay(st, seat, card, events, False)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Exactly ``rng.shuffle(cards)``: the same draws from ``rng.getrandbits``, so the same deal from the same seed.

    CPython's ``Random.shuffle`` (Fisher-Yates over ``_randbelow``, the same
    from 3.11 on) is Python code; written here it is compiled with the engine,
    and a deal no longer spends most of its time in the shuffle. The tests
    compare it with ``Random.shuffle``.
    """
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


def deal_hand(st: State, events: list[Event]) -> bool:
    """Deal the next hand of the match; returns True if it ended at once (a red three as the last card).

    The deal passes one seat to the left (001 §4, 004 L274) and the player
    after the dealer leads. Only the seats that play the hand get cards; a
    seat sitting out it (004 L11) holds none until its next hand.
    """
    r = st.rules
    n = r.players
    st.hand_number += 1
    st.dealer = (st.dealer + 1) % n
    seating = r.seating(st.hand_number)
    for seat in range(n):
        st.counts[seat] = [0] * len(st.counts[seat])
        st.sizes[seat] = 0
    st.melded_before = st.had_turn = (False,) * n
    st.known = ((),) * n
    st.melds = tuple([{} for _ in range(r.sides)])
    st.red_threes = ((),) * r.sides
    st.opened = (False,) * r.sides
    st.penalties = st.minimum_raise = (0,) * r.sides
    deck = build_deck(r.decks, r.jokers)
    shuffle(random.Random(f"{st.seed}:{st.hand_number}"), deck)
    st.stock = deck
    st.dead = ()
    st.pile = []
    st.unfreeze()
    st.history = []
    st.turns = 0
    turn = seating.turn_order(st.dealer)
    first = turn[0]
    events.append(HandDealt(hand_number=st.hand_number, dealer=st.dealer, first_player=first))
    for _ in range(r.hand_size):
        for seat in turn:
            st.add_card(seat, st.stock.pop())
    st.reserves = tuple([tuple([st.stock.pop() for _ in range(size)]) for size in r.reserve_sizes]) if r.reserve_dealt else ()
    st.reserve_next = 0
    st.reserve_got = (False,) * len(st.reserve_got)
    st.special = None
    if r.upcard_enabled:
        _turn_upcard(st, events)
    st.current = first
    st.had_turn = replaced(st.had_turn, first, True)
    st.phase = DRAW
    st.reset_turn()
    if r.keep_red_threes:
        return False  # each player lays his red threes by choice on his turn (004 L160, decisions P46)
    if r.deal_red_threes_at_once:
        return any(lay_red_threes(st, seat, events) for seat in turn)
    return lay_red_threes(st, first, events)


def _turn_upcard(st: State, events: list[Event]) -> None:
    """Turn up cards until a natural one is on top (000 HUR SPELET BÖRJAR 1.2-1.4, 001 §6 B, 003 L27, 004 L215)."""
    r = st.rules
    while st.stock:
        card = st.stock.pop()
        st.pile.append(card)
        st.history.append((-1, card))
        rank = JOKER if card == JOKER else card >> 2
        if rank in (JOKER, TWO):
            freezes = r.upcard_wild_freezes
        elif card in (RED_THREE_DIAMONDS, RED_THREE_HEARTS):
            freezes = r.upcard_red_three_freezes
        elif rank == THREE:
            freezes = r.upcard_black_three_freezes
        else:
            events.append(UpcardTurned(card=card, covered=False, freezes=False))
            return
        events.append(UpcardTurned(card=card, covered=True, freezes=freezes))
        if freezes and not st.frozen:
            st.freeze(FreezeReason.UPCARD, card)
            events.append(PileFrozen(reason=FreezeReason.UPCARD, card=card))
