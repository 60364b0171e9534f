"""Listing every legal action fast, for :func:`legal_actions`.

The lists come from precomputed, interned candidate tables, screened with the
limits :mod:`canasta.core.legality` applies; a candidate the screen cannot settle
(a meld leaving fewer than two cards, black threes, the last discard) goes through
the full check. ``benchmarks/check_equivalence.py`` and the tests compare these
lists with :func:`canasta.core.legality.check` over every candidate action.
"""

from __future__ import annotations

from typing import Final, TypeGuard

from .actions import ASK, DECLINE, DRAW, LAY, NO, RETRACT, TAKE_FORMS, YES, Action, Discard, TakePile, discard, show, take
from .cards import JOKER, THREE, TWO, WILD
from .discards import free_ranks
from .legality import decline_violation, discard_refusal, early_melds_open, lay_violation, yes_binds
from .meld_candidates import meld_candidates
from .pile_rules import form_violation, pile_violation, taker_violation
from .special_hands import shown_now
from .state import ANSWER, OVER, State
from .state import DRAW as PHASE_DRAW

_DISCARDS: Final[tuple[Discard, ...]] = tuple(discard(rank) for rank in range(13))
"""The interned discard of each rank index."""
_DISCARD_JOKER: Final = discard(JOKER)
_TAKES: Final[tuple[tuple[tuple[int, int, int, bool, TakePile], ...], tuple[tuple[int, int, int, bool, TakePile], ...]]] = (
    tuple((*form, False, take(*form, False)) for form in TAKE_FORMS),
    tuple((*form, top, take(*form, top)) for form in TAKE_FORMS for top in (False, True)),
)
"""The interned take-pile candidates in listing order: whole pile only, and whole pile or top card (000 ATT TA HÖGEN 3 b)."""


def _discard_candidates(st: State, seat: int, side: int) -> list[Action]:
    """Every legal discard. With two or more cards the same checks hold for every rank, so they run once."""
    counts = st.counts[seat]
    # the ranks held, in order; a loop, not itertools.compress, which the compiled build cannot inline
    held: list[Action] = [_DISCARDS[rank] for rank in range(13) if counts[rank]]
    if counts[THREE] and not st.naturals_in_hand(seat, THREE):
        del held[1 if counts[TWO] else 0]  # the threes held are red, never discarded; in rank order the three follows the two
    if counts[WILD]:
        held.append(_DISCARD_JOKER)
    if not held:
        return held
    if st.sizes[seat] == 1:
        return [d for d in held if isinstance(d, Discard) and discard_refusal(st, d) is None]
    if st.pending or (not st.opened[side] and st.turn_new):
        return []  # with two or more cards, discard_refusal refuses every rank for these two reasons
    if (st.asked == 2 or st.ask_binds) and yes_binds(st, seat):
        return []  # bound by the partner's yes, or by asking after melding (001 §23 B): only going out ends the turn
    if st.rules.discard_restricted:
        free = free_ranks(st, seat)
        return [_DISCARDS[rank] if rank != WILD else _DISCARD_JOKER for rank in sorted(free)]
    return held


def legal_actions(st: State) -> list[Action]:
    """Every legal action for the player to act now; equivalent choices appear once."""
    phase = st.phase
    if phase == OVER:
        return []
    if phase == ANSWER:
        return [YES, NO]
    seat = st.current
    r = st.rules
    side = r.side_of[seat]
    out: list[Action]
    if phase == PHASE_DRAW:
        out = [DRAW] if st.stock else []
        if r.from_hand_before_pile and st.turn_new and not st.opened[side]:
            out.append(RETRACT)  # an opening laid before the draw (the same conditions as _retract_violation)
        if st.pile and not st.retracted and pile_violation(st) is None:
            rank = st.pile[-1] >> 2
            existing = st.melds[side].get(rank)
            if taker_violation(st, seat, side, existing) is None:
                counts = st.counts[seat]
                held, twos, jokers = counts[rank], counts[TWO], counts[WILD]
                for n, t, j, top_only, a in _TAKES[r.take_top_card_only]:
                    # the first check of form_violation, inline: the player holds the cards of the form
                    if (
                        n <= held
                        and t <= twos
                        and j <= jokers
                        and form_violation(st, seat, side, rank, existing, n, t, j, top_only) is None
                    ):
                        out.append(a)
        if not st.stock and decline_violation(st) is None:
            out.append(DECLINE)
        if r.keep_red_threes and st.red_threes_in_hand(seat) and lay_violation(st) is None:
            out.append(LAY)
        if r.from_hand_before_pile and early_melds_open(st):
            out += meld_candidates(st, seat, side)
        return out
    out = meld_candidates(st, seat, side)
    out += _discard_candidates(st, seat, side)
    if r.special_hands:
        out += [show(name) for name in shown_now(st)]
    if (
        r.permission
        and not st.asked
        and (r.ask_after_melding or not (st.turn_new or st.turn_added_old or st.pile_taken_top >= 0))
        and (st.drew_from_stock or not r.permission_after_stock_draw)
        and st.sizes[seat] >= 2
    ):
        out.append(ASK)  # the same conditions as _ask_violation
    if not st.opened[side] and (st.turn_new or st.pending):
        out.append(RETRACT)  # the same conditions as _retract_violation
    if r.keep_red_threes and st.red_threes_in_hand(seat) and lay_violation(st) is None:
        out.append(LAY)
    return out


def is_listed(action: object, actions: list[Action]) -> TypeGuard[Action]:
    """Whether ``action`` is one of ``actions`` itself, the very object (python-chess's contract for ``Board.push``).

    Listed actions are interned, so an action taken from :func:`legal_actions` is found
    by identity, without calling ``__eq__`` on every action before it; an equal action
    built anew is not found, and :meth:`canasta.Game.apply` checks it in full instead.
    """
    for listed in actions:  # noqa: SIM110 - a loop, not any() over a generator: this runs on every action applied
        if listed is action:
            return True
    return False


__all__ = ["is_listed", "legal_actions"]
