"""Legality: the one place that decides whether an action is allowed.

:func:`check` returns ``None`` for a legal action or a
:data:`~canasta.core.refusals.Violation` naming the profile key that forbids
it and why (:mod:`canasta.core.refusals`). ``Game.can`` and ``Game.apply``
call it; :func:`canasta.core.listing.legal_actions` lists exactly the
candidates it accepts, using the same predicates: melding in
:mod:`canasta.core.meld_rules`, taking the pile in :mod:`canasta.core.pile_rules`,
going out in :mod:`canasta.core.going_out`, the rest of a turn here. Every
predicate is a pure function of the state and the proposed action; where a
rule asks what a sequence of plays would do (a binding yes: can the player
still go out?), the plays are made on a copy.
"""

from __future__ import annotations

from canasta.variants.enums import StockExhausted

from . import discards
from .actions import (
    TAKE_FORMS,
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    LayRedThree,
    Meld,
    Retract,
    ShowSpecialHand,
    TakePile,
    discard,
    meld,
    take,
)
from .cards import JOKER, THREE, TWO, WILD
from .going_out import NATURAL_RANKS, Step, going_out_plan, going_out_violation
from .meld_rules import meld_violation, opening_shortfall
from .pile_rules import pile_violation, take_violation
from .refusals import FIXED_SOURCES, Violation, refusal_source
from .special_hands import shown_violation
from .state import ANSWER, OVER, State, turn_canastas
from .state import DRAW as PHASE_DRAW
from .state import MELD as PHASE_MELD
from .transitions import do


def yes_binds(st: State, seat: int) -> bool:
    """After the partner's yes, whether a discard that does not go out is refused (002 UTGÅNG 2, 004 L175, decisions P26).

    It is, while the player can go out (:func:`going_out_now`: a plan played
    through the rules) by melding first: the plan's first meld is then a legal
    move that keeps the way out open, so a bound player is never left without one.
    """
    plan = going_out_now(st, seat)
    return plan is not None and bool(plan[0])


def discard_refusal(st: State, a: Discard) -> Violation | None:
    seat = st.current
    side = st.rules.side_of[seat]
    if not _held(st, seat, a.rank):
        return ("turn", "you do not hold that card")
    if st.pending:
        return ("initial_meld.pending_pile", "the pile waits until your opening reaches the minimum; meld more or retract")
    short = not st.opened[side] and st.turn_new  # an opening laid this turn that has not reached what opening needs
    if short and st.sizes[seat] > 1:
        return _short_opening(st, side)
    if st.rules.discard_restricted:
        found = discards.discard_violation(st, seat, WILD if a.rank == JOKER else a.rank)
        if found is not None:
            return found
    if st.sizes[seat] > 1:
        if st.asked == 2 and yes_binds(st, seat):
            return ("going_out.permission", "your partner answered yes, and you can go out, so you must")
        if st.ask_binds and yes_binds(st, seat):
            return ("going_out.ask_after_melding", "you melded before asking, so you must go out now that you can, whatever the answer")
        return None
    if st.rules.reserve_sizes and st.reserve_after_discard(seat):
        return _short_opening(st, side) if short else None  # the discard empties the hand, and a reserve pile refills it: no going out (HON rule 5)
    if st.rules.reserve_sizes and st.reserve_when_empty(seat):
        if short:  # the hand goes on from the reserve pile, so the opening must stand as for any other discard (001 §13 A)
            return _short_opening(st, side)
        if not st.rules.reserve_by_discard:  # "no walking": the pile is reached by melding the hand out (BGA, FEU; decisions P68)
            return ("reserve.by_discard", "your hand may not be emptied by the discard to reach your reserve pile: meld your last card instead")
        return None  # "walking": the discard empties the hand, and the pile comes after it, played from the next turn (BGA, FEU)
    canastas, naturals = st.canastas(side)
    return going_out_violation(st, seat, canastas, naturals, turn_canastas(st, side), st.opened[side])


def _short_opening(st: State, side: int) -> Violation:
    """Why an opening laid this turn does not yet open the side (:func:`~canasta.core.meld_rules.opening_shortfall`)."""
    return opening_shortfall(st, side, st.turn_points)


def decline_violation(st: State) -> Violation | None:
    if st.stock:
        return ("end_of_stock", "the pile may be left only once the stock is empty; draw instead")
    if st.turn_new and not st.opened[st.rules.side_of[st.current]]:
        # An opening laid before the draw (initial_meld.from_hand_before_pile) stands only with the pile taken: leaving the
        # pile would end the hand with melds of a side that never opened on the table (EBB §2.3, §2.6).
        return ("initial_meld.from_hand_before_pile", "take the pile to complete your opening, or take the opening back (retract)")
    mode = st.rules.end_mode
    if mode is StockExhausted.OPTIONAL_PICKUP or st.retracted:
        return None
    # A take for an opening that the hand cannot complete is refused (opening_reach_violation), so it is never forced (004 L194).
    takes = [f for f in TAKE_FORMS if take_violation(st, take(*f)) is None]
    if not takes:
        return None
    if mode is StockExhausted.FORCED_IF_LEGAL:
        return ("end_of_stock.mode", "at the end of the stock you must take the pile when you can")
    top = st.pile[-1]
    if not st.frozen and (top >> 2) in st.melds[st.rules.side_of[st.current]]:
        return ("end_of_stock.mode", "at the end of the stock you must take the pile when its top card fits your side's meld")
    return None


def _ask_violation(st: State) -> Violation | None:
    r = st.rules
    if not r.permission:
        return ("going_out.permission", "asking the partner is not part of these rules or this table has no partners")
    if st.asked:
        return ("going_out.permission", "you have already asked this turn")
    if not r.ask_after_melding and (st.turn_new or st.turn_added_old or st.pile_taken_top >= 0):
        return ("going_out.ask_after_melding", "ask before melding anything")
    if r.permission_after_stock_draw and not st.drew_from_stock:
        return ("going_out.permission", "ask only after drawing from the stock")
    if st.sizes[st.current] < 2:
        return ("going_out.permission", "with one card you could not keep a card if the answer were no: go out or play on without asking")
    return None


def lay_violation(st: State) -> Violation | None:
    """Whether the player may lay down a red three he kept (004 L160, L162; decisions P46).

    Only where laying is a choice, on his own turn, holding one. With the stock
    empty no replacement comes, so the lay must not leave him stranded: in the
    draw phase it keeps a card, after the draw two, or one that goes out.
    """
    seat = st.current
    if not st.rules.keep_red_threes:
        return ("red_threes.may_keep_in_hand", "red threes are laid down automatically under these rules")
    if not st.red_threes_in_hand(seat):
        return ("red_threes.may_keep_in_hand", "you hold no red three to lay down")
    if st.stock:
        return None
    reds = st.red_threes_in_hand(seat)
    ordinary = st.sizes[seat] - reds
    if st.phase == PHASE_DRAW:
        if reds > 1 or ordinary:
            return None
        return ("red_threes.may_keep_in_hand", "the stock is empty, so no replacement comes: laying your last card would leave you no hand")
    if ordinary >= (1 if reds > 1 else 2):
        return None
    if ordinary == 0:
        return ("red_threes.may_keep_in_hand", "the stock is empty, so no replacement comes: you would keep no card to discard")
    side = st.rules.side_of[seat]
    canastas, naturals = st.canastas(side)
    found = going_out_violation(st, seat, canastas, naturals, turn_canastas(st, side), st.opened[side])
    if found is None:
        return None
    return (found[0], f"the stock is empty, so no replacement comes, and the one card left would have to go out: {found[1]}")


def _retract_violation(st: State) -> Violation | None:
    side = st.rules.side_of[st.current]
    if st.opened[side] or not (st.turn_new or st.pending):
        return ("initial_meld.retract", "there is no unfinished opening to take back")
    return None


def _held(st: State, seat: int, rank: int) -> int:
    """How many cards of ``rank`` (a rank index; 52 for a joker) the seat could discard: black threes only, of the threes."""
    if rank == JOKER:
        return st.counts[seat][WILD]
    if rank == THREE:
        return st.naturals_in_hand(seat, THREE)
    return st.counts[seat][rank] if 0 <= rank <= 12 else 0


def _unheld_violation(st: State, action: Action) -> Violation | None:
    """Before the draw, a discard or meld of cards the player does not hold: say so, not only that he must draw first.

    Both are refused either way; the cards named are the more useful reason.
    """
    seat = st.current
    counts = st.counts[seat]
    if isinstance(action, Discard):
        return None if _held(st, seat, action.rank) else ("turn", "you do not hold that card")
    if isinstance(action, Meld) and 0 <= action.rank <= WILD and action.rank != JOKER:
        naturals = 0 if action.rank == WILD else st.naturals_in_hand(seat, action.rank)
        if action.naturals > naturals or action.twos > counts[TWO] or action.jokers > counts[WILD]:
            return ("melds", "you do not hold those cards")
    return None


def early_melds_open(st: State) -> bool:
    """Whether the player may meld before drawing, to open from his hand and then take the pile (``initial_meld.from_hand_before_pile``; EBB §2.3, §2.6).

    Only while his side has not opened, and only when the pile could then be
    taken: its top card natural and not dead, and a natural pair of its rank
    in his hand. Drawing from the stock stays open to him all along.
    """
    seat = st.current
    side = st.rules.side_of[seat]
    if st.opened[side] or st.retracted or not st.pile or pile_violation(st) is not None:
        return False
    return st.naturals_in_hand(seat, st.pile[-1] >> 2) >= 2


def _early_meld_violation(st: State, a: Meld) -> Violation | None:
    """A meld before the draw (``initial_meld.from_hand_before_pile``): part of an opening from the hand that takes the pile after."""
    if not early_melds_open(st):
        side = st.rules.side_of[st.current]
        if st.opened[side]:
            return _unheld_violation(st, a) or ("turn", "draw from the stock or take the pile first")
        return _unheld_violation(st, a) or (
            "initial_meld.from_hand_before_pile",
            "you may meld before drawing only to open from your hand and then take the pile with a natural pair of its top card",
        )
    return meld_violation(st, a)


def check(st: State, action: Action) -> Violation | None:
    """None if ``action`` is legal for the player to act now; otherwise the rule that forbids it."""
    phase = st.phase
    if phase == OVER:
        return ("match.hands" if st.rules.match_hands else "match.target", "the match is over")
    if phase == ANSWER:
        if isinstance(action, AnswerGoOut):
            return None
        return ("going_out.permission", "the partner must first answer 'may I go out?'")
    if isinstance(action, AnswerGoOut):
        return ("going_out.permission", "nobody asked 'may I go out?'")
    if phase == PHASE_DRAW:
        if isinstance(action, Draw):
            return None if st.stock else ("end_of_stock", "the stock is empty: take the pile or decline it")
        if isinstance(action, TakePile):
            return take_violation(st, action)
        if isinstance(action, DeclinePile):
            return decline_violation(st)
        if isinstance(action, LayRedThree):
            return lay_violation(st)
        if st.rules.from_hand_before_pile:
            if isinstance(action, Meld):
                return _early_meld_violation(st, action)
            if isinstance(action, Retract) and st.turn_new:
                return _retract_violation(st)
        if isinstance(action, ShowSpecialHand) and st.rules.special_hands:
            return ("scoring.special_hands", "a special hand is shown after drawing from the stock, before melding anything")
        return _unheld_violation(st, action) or ("turn", "draw from the stock or take the pile first")
    if isinstance(action, Meld):
        return meld_violation(st, action)
    if isinstance(action, Discard):
        return discard_refusal(st, action)
    if isinstance(action, AskGoOut):
        return _ask_violation(st)
    if isinstance(action, Retract):
        return _retract_violation(st)
    if isinstance(action, (Draw, TakePile, DeclinePile)):
        return ("turn", "you have already drawn this turn")
    if isinstance(action, LayRedThree):
        return lay_violation(st)
    if isinstance(action, ShowSpecialHand):
        return shown_violation(st, action.name)
    return ("turn", f"{action!r} is not an action")




def can_go_out(st: State, seat: int) -> bool:
    """Whether ``seat`` (who has drawn) can meld his whole hand, keeping at most one card to discard (:func:`going_out_now`)."""
    return going_out_now(st, seat) is not None


def going_out_now(st: State, seat: int) -> tuple[list[Step], int | None] | None:
    """A way for ``seat`` (who has drawn) to go out now: the planner's plan (:func:`canasta.core.going_out.going_out_plan`)
    of melds and a last discard, played through on a copy of the state, step by step through the engine's legality, so
    it is never a plan the rules refuse; None if there is none."""
    side = st.side(seat)
    if not st.opened[side] or st.pending or st.red_threes_in_hand(seat):
        return None
    r = st.rules
    counts = list(st.counts[seat])
    counts[THREE] = st.naturals_in_hand(seat, THREE)
    melds = {rank: (m[0], m[1], m[2]) for rank, m in st.melds[side].items()}
    dead = frozenset(rank for rank in NATURAL_RANKS if st.is_dead(side, rank))
    found = going_out_plan(counts, melds, r, dead=dead, opening=st.opened_now, reserve_ok=not r.reserve_taken_required or st.reserve_got[st.reserve_unit(seat)])
    return found if found is not None and _plays(st, found) else None


def _plays(st: State, plan: tuple[list[Step], int | None]) -> bool:
    """Whether the plan's melds, then its discard, are each legal in turn and take the player out (checked on a copy)."""
    trial = st.copy()
    seat, hand = trial.current, trial.hand_number
    steps, last = plan
    actions: list[Action] = [meld(*step) for step in steps]
    if last is not None:
        actions.append(discard(JOKER if last == WILD else last))
    for action in actions:
        if trial.hand_number != hand or check(trial, action) is not None:
            return False
        do(trial, action)
    return trial.hand_number != hand or trial.phase != PHASE_MELD or not trial.sizes[seat]


__all__ = ["FIXED_SOURCES", "Violation", "can_go_out", "check", "decline_violation", "discard_refusal", "early_melds_open", "going_out_now", "lay_violation", "refusal_source", "yes_binds"]
