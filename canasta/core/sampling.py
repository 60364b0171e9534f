"""Sampling the cards a seat cannot see: one engine state consistent with what the seat saw (a determinization).

A bot that searches plays its candidate actions forward on states like the
real one. It may not read the real one, so it samples one from its view:
:attr:`~canasta.core.views.PlayerView.public_state` holds everything the seat
sees (its hand, every card on the table, the discard pile, the cards each
other player is known to hold because he took them with the pile,
:attr:`~canasta.core.state.State.known`) and the hidden parts by number only;
:func:`sample_state` deals the unseen cards into them at random.

What the sample keeps, from the rules and the view alone:

* every other seat holds exactly as many cards as it does, its known cards
  among them;
* the stock, each reserve pile still dealt aside and the cards out of play
  have their sizes;
* no hand holds a card the rules would have laid down at once: a red three
  where laying it is not the player's choice (000 RÖDA TREOR 1-3, 001 §21 B-D),
  a black three where black threes are bonus cards (``black_threes.bonus_card``);
  such cards go to the stock, the reserve piles or out of play;
* the match's seed is drawn anew, so the hands to come are dealt at random too.

Two positions that differ only in what the seat cannot see give equal public
states and so equal samples from one random generator.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from canasta.errors import ArgumentError

from .cards import CODES_AT, JOKER, RED_THREES, THREE, WILD, build_deck
from .state import State
from .views import PlayerView


def unseen_cards(public: State) -> list[int]:
    """The cards of the deck that ``public`` (a :meth:`State.public_copy`) does not place, in code order: the deck less
    its census (:meth:`State.census`), whose hidden places hold -1."""
    rules = public.rules
    seen = public.census()
    del seen[-1]
    return sorted((Counter(build_deck(rules.decks, rules.jokers)) - seen).elements())


HandFilter = Callable[[State, int, int], bool]
"""Whether a sampled hand may take a card: ``(state, seat, card) -> bool``, asked with the seat's hand as dealt so far."""


def sample_state(view: PlayerView, rng: random.Random, plausible: HandFilter | None = None) -> State:
    """A state consistent with ``view``, its hidden cards dealt at random by ``rng`` (see the module docstring).

    ``plausible``, when given, is a model of the other players: a card it refuses for a hand is passed over for
    that hand (it goes to the next hand, the stock or a reserve pile), as long as enough cards are left for
    every hand; the cards each seat is known to hold are kept whatever it says. ``view`` must carry its public
    state (``game.view(seat, public_state=True)``); otherwise :class:`canasta.ArgumentError`. The view's own
    public state is never changed.
    """
    public = view.public_state
    if public is None:
        raise ArgumentError(
            "sample_state: the view carries no public_state; ask the game for it with game.view(seat, public_state=True)"
        )
    st = public.copy()
    rules = st.rules
    st.seed = rng.getrandbits(63)
    pool = unseen_cards(public)
    rng.shuffle(pool)
    keep = rules.keep_red_threes
    black_bonus = rules.black_bonus

    def may_hold(card: int) -> bool:
        if card in RED_THREES:
            return keep
        return not (black_bonus and card >> 2 == THREE)

    wanted = [0 if seat == view.seat else st.sizes[seat] - len(st.known[seat]) for seat in range(rules.players)]
    held = [c for c in pool if may_hold(c)]
    if sum(wanted) > len(held):
        raise ArgumentError(f"sample_state: the hands hold {sum(wanted)} unseen cards, but only {len(held)} could be in a hand")
    given: Counter[int] = Counter()
    for seat, count in enumerate(wanted):
        row = st.counts[seat]
        passed: list[int] = []
        while count:
            card = held.pop()
            if plausible is not None and len(held) >= count and not plausible(st, seat, card):
                passed.append(card)
                continue
            row[CODES_AT + card] += 1
            row[WILD if card == JOKER else card >> 2] += 1  # the sizes are the view's already
            given[card] += 1
            count -= 1
        held += reversed(passed)
    rest: list[int] = []
    for card in pool:
        if given[card]:
            given[card] -= 1
        else:
            rest.append(card)
    need = sum(len(p) for p in st.reserves) + len(st.stock) + len(st.dead)
    if need != len(rest):
        raise ArgumentError(f"sample_state: {len(rest)} unseen cards left for {need} places (stock, reserve piles, out of play)")
    piles: list[tuple[int, ...]] = []
    for pile in st.reserves:
        piles.append(tuple(rest[: len(pile)]))
        rest = rest[len(pile) :]
    st.reserves = tuple(piles)
    stock_size = len(st.stock)
    st.stock, rest = rest[:stock_size], rest[stock_size:]
    st.dead = tuple(rest)
    return st


__all__ = ["HandFilter", "sample_state", "unseen_cards"]
