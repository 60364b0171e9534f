"""Every engine event in words, as ``canasta play`` tells the person what happened.

:data:`NARRATORS` holds one function per :class:`~canasta.core.events.Event`
subclass: a reserve pile given, lost or turned into the stock, the pile
frozen, blocked by a black three or taken, a special hand shown, a hand or the
match ended. A test enumerates the subclasses, so an event the engine learns
to emit is not left unsaid. :func:`action_lines` puts an action's events on the
line of its text notation (``seat 1 (opponent): discard 7 (7H) - received
reserve pile 1 of 4 cards``), leaving out only what that text already says: a
meld's cards are its ``meld 6 n2 t1``, a draw's card is hidden from the other
seats. Everything is read from the person's view and the events, never from
hidden state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from canasta.core import render
from canasta.core.actions import Action, Discard, Draw, Meld, TakePile
from canasta.core.events import (
    CanastaCompleted,
    CardDrawn,
    Discarded,
    Event,
    FreezeReason,
    GoOutAnswered,
    GoOutAsked,
    HandDealt,
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
    UpcardTurned,
)
from canasta.core.phases import Phase
from canasta.core.views import PlayerView
from canasta.variants.enums import DeadRanks, ReserveTrigger


def seat_name(view: PlayerView, seat: int) -> str:
    """``you``, ``seat 2 (partner)`` or ``seat 1 (opponent)``: a seat as the person at ``view.seat`` hears it."""
    return render.seat_name(view, seat, person=True)


def side_name(view: PlayerView, side: int) -> str:
    """``side 0 (seats 0 2, yours)`` or ``side 1 (seats 1 3)``."""
    return render.side_name(view, side, person=True)


def _who(view: PlayerView, actor: int, seat: int) -> str:
    """Nothing when ``seat`` is the one whose line this is, else its name and a space."""
    return "" if seat == actor else f"{seat_name(view, seat)} "


def _three(card: Any) -> str:
    """``red three 3H`` or ``black three 3C`` (black threes are bonus cards where ``black_threes.bonus_card``)."""
    return f"{'black' if card.is_black_three else 'red'} three {card.text}"


def _hand_dealt(view: PlayerView, actor: int, e: HandDealt) -> str:
    first = seat_name(view, e.first_player)
    return f"hand {e.hand_number} dealt by {seat_name(view, e.dealer)}; {first} play{'' if first == 'you' else 's'} first"


def _upcard(view: PlayerView, actor: int, e: UpcardTurned) -> str:
    covered = f", {render.card_noun(e.card)}: another card is turned onto it" if e.covered else ""
    return f"upcard {e.card.text}{covered}"


def _drawn(view: PlayerView, actor: int, e: CardDrawn) -> str:
    if e.seat == view.seat:
        return f"{_who(view, actor, e.seat)}drew {e.card.text}"
    return f"{_who(view, actor, e.seat)}drew a card"


def _three_laid(view: PlayerView, actor: int, e: RedThreeLaid) -> str:
    return f"{_who(view, actor, e.seat)}laid {_three(e.card)}" + (" and drew a replacement" if e.replaced else "")


def _taken(view: PlayerView, actor: int, e: PileTaken) -> str:
    if e.top_only:
        return f"{_who(view, actor, e.seat)}took the top card {e.top_card.text}"
    held = ", held back until the opening stands" if e.pending else ""
    return f"{_who(view, actor, e.seat)}took the pile: {e.cards} cards, top {e.top_card.text}{held}"


def _released(view: PlayerView, actor: int, e: PileReleased) -> str:
    return f"the {e.cards} held-back pile cards went into {'your' if e.seat == view.seat else 'the'} hand"


_FROZE = {
    FreezeReason.WILD_DISCARD: "a wild card ({card}) was discarded onto it",
    FreezeReason.BLACK_THREE_DISCARD: "a black three ({card}) was discarded onto it",
    FreezeReason.UPCARD: "the upcard {card} freezes it",
    FreezeReason.ALWAYS: "it is always frozen under these rules",
    FreezeReason.POSITION: "the position set it frozen",
}
"""Why the pile froze, by :class:`~canasta.core.events.FreezeReason` (000 LÅST HÖG, 001 §14 B, §17 B)."""


def _frozen(view: PlayerView, actor: int, e: PileFrozen) -> str:
    return "the pile is now frozen: " + _FROZE[e.reason].format(card=e.card.text)


def _blocked(view: PlayerView, actor: int, e: PileBlocked) -> str:
    return f"{seat_name(view, e.seat)} may not take the pile next turn"


def _melded(view: PlayerView, actor: int, e: Melded) -> str:
    cards = e.naturals + e.twos + e.jokers
    rank = "wild cards" if e.rank.text == "W" else f"{e.rank.text}s"
    if e.new_meld:
        return f"{_who(view, actor, e.seat)}started a meld of {rank} with {render.count_text(cards)}"
    return f"{_who(view, actor, e.seat)}added {render.count_text(cards)} to the meld of {rank}"


def _opened(view: PlayerView, actor: int, e: SideOpened) -> str:
    return f"side {e.side} opened with {e.points} points (minimum {e.minimum})"


def _canasta(view: PlayerView, actor: int, e: CanastaCompleted) -> str:
    text = f"side {e.side} completed a {render.kind_text(e.kind)} canasta of {e.rank.text}"
    dead = view.rules.dead_ranks
    if dead is not DeadRanks.NONE and e.rank.text != "W":
        text += f": {e.rank.text} is now a dead rank for " + ("that side" if dead is DeadRanks.SIDE else "everyone")
    if view.rules.several_per_rank:
        text += f"; it is closed and set aside, and a new meld of {e.rank.text} may start (canastas.several_per_rank)"
    return text


def _retracted(view: PlayerView, actor: int, e: OpeningRetracted) -> str:
    return f"{_who(view, actor, e.seat)}took back the opening; the minimum is now {e.new_minimum}"


def _discarded(view: PlayerView, actor: int, e: Discarded) -> str:
    return f"({e.card.text})" if e.seat == actor else f"{seat_name(view, e.seat)} discarded {e.card.text}"


def _asked(view: PlayerView, actor: int, e: GoOutAsked) -> str:
    return f"{_who(view, actor, e.seat)}asked {seat_name(view, e.partner)} 'may I go out?'"


def _answered(view: PlayerView, actor: int, e: GoOutAnswered) -> str:
    return f"{_who(view, actor, e.seat)}answered {'yes: the asker must go out this turn' if e.yes else 'no: the asker may not go out this turn'}"


def _penalty(view: PlayerView, actor: int, e: PenaltyApplied) -> str:
    if e.minimum_raise and not e.points:
        return f"side {e.side}'s opening minimum rises by {e.minimum_raise} for the hand [{e.rule}]"
    return f"side {e.side} penalised {e.points} points [{e.rule}]"


def _pile_size(view: PlayerView, pile: int) -> str:
    sizes = view.rules.reserve_sizes
    return f"reserve pile {pile + 1} of {len(sizes)}" + (f" ({render.count_text(sizes[pile])})" if pile < len(sizes) else "")


def _reserve_received(view: PlayerView, actor: int, e: ReserveReceived) -> str:
    sizes = view.rules.reserve_sizes
    short = e.pile < len(sizes) and e.cards < sizes[e.pile]
    into = "your hand" if e.seat == view.seat else "the hand"
    if view.rules.reserve_trigger is ReserveTrigger.EMPTY_HAND:
        plays = "plays on from it" if view.phase is Phase.MELD and view.current_player == e.seat else "plays it from the next turn"
        into += f", the hand emptied: {'you ' + plays.replace('plays', 'play') if e.seat == view.seat else plays}"
    return f"{_who(view, actor, e.seat)}received {_pile_size(view, e.pile)} into {into}" + (
        f", only {e.cards}: the stock held no more" if short else ""
    )


def _reserve_lost(view: PlayerView, actor: int, e: ReserveLost) -> str:
    r = view.rules
    why = []
    if r.reserve_not_with_pile:
        why.append("none is given in a turn the pile was taken")
    if r.reserve_min_stock:
        why.append(f"none once the stock holds {r.reserve_min_stock} cards or fewer")
    reasons = f" ({'; '.join(why)})" if why else ""
    return f"{_who(view, actor, e.seat)}earned {_pile_size(view, e.pile)}, but it is lost{reasons}"


def _reserve_to_stock(view: PlayerView, actor: int, e: ReserveToStock) -> str:
    return f"the stock ran out: the reserve piles still aside, {render.count_text(e.cards)}, became the stock"


def _special_hand(view: PlayerView, actor: int, e: SpecialHandShown) -> str:
    return f"{_who(view, actor, e.seat)}showed the special hand {e.name}: {e.points} points for the side, and the hand ends"


def _declined(view: PlayerView, actor: int, e: PileDeclined) -> str:
    return f"{_who(view, actor, e.seat)}left the pile"


ENDINGS = {
    Termination.WENT_OUT: "{who} went out",
    Termination.WENT_OUT_CONCEALED: "{who} went out concealed",
    Termination.STOCK_EXHAUSTED: "the stock ran out",
    Termination.RED_THREE_LAST_CARD: "the last stock card was a three, laid down",
    Termination.TURN_CAP: "the turn limit was reached",
    Termination.SPECIAL_HAND: "{who} showed a special hand",
}
"""How a hand ended, by :class:`~canasta.core.events.Termination`; ``{who}`` is the seat that ended it."""


def hand_end_title(view: PlayerView, ended: HandEnded) -> str:
    """``hand 1 over: seat 2 (partner) went out``."""
    who = seat_name(view, ended.seat) if ended.seat is not None else "nobody"
    return f"hand {ended.hand_number} over: " + ENDINGS[ended.termination].format(who=who)


def match_result(view: PlayerView, ended: MatchEnded, hands: int) -> str:
    """The match's result from the person's side: who won, and the totals."""
    totals = ", ".join(f"side {s} {t}" for s, t in enumerate(ended.totals))
    if ended.winner is None:
        head = "a draw"
    elif ended.winner == view.side:
        head = f"your side wins ({side_name(view, ended.winner)})"
    else:
        head = f"{side_name(view, ended.winner)} wins; your side loses"
    return f"match over after {hands} hand{'s' if hands != 1 else ''}: {head}. Final scores: {totals}"


def _hand_ended(view: PlayerView, actor: int, e: HandEnded) -> str:
    return hand_end_title(view, e)


def _match_ended(view: PlayerView, actor: int, e: MatchEnded) -> str:
    return match_result(view, e, view.hand_number)


Narrator = Callable[[PlayerView, int, Any], str]
"""Words for one event: the person's view, the seat whose line it goes on, the event."""

NARRATORS: dict[type[Event], Narrator] = {
    HandDealt: _hand_dealt,
    UpcardTurned: _upcard,
    CardDrawn: _drawn,
    RedThreeLaid: _three_laid,
    PileTaken: _taken,
    PileReleased: _released,
    PileFrozen: _frozen,
    PileBlocked: _blocked,
    Melded: _melded,
    SideOpened: _opened,
    CanastaCompleted: _canasta,
    OpeningRetracted: _retracted,
    Discarded: _discarded,
    GoOutAsked: _asked,
    GoOutAnswered: _answered,
    PenaltyApplied: _penalty,
    ReserveReceived: _reserve_received,
    ReserveLost: _reserve_lost,
    ReserveToStock: _reserve_to_stock,
    SpecialHandShown: _special_hand,
    PileDeclined: _declined,
    HandEnded: _hand_ended,
    MatchEnded: _match_ended,
}
"""The words of every event class the engine emits, by class."""


def narrate(view: PlayerView, actor: int, event: Event) -> str:
    """An event in words, as a note on the line of ``actor`` (the seat whose action caused it)."""
    for cls in type(event).__mro__:
        found = NARRATORS.get(cls)
        if found is not None:
            return found(view, actor, event)
    return type(event).__name__


def _said_by_action(action: Action | None, actor: int, event: Event) -> bool:
    """Whether the action's text already says the event: a meld's cards (``meld 6 n2 t1``), or those a take melds (the
    pile's note says them)."""
    return isinstance(event, Melded) and event.seat == actor and isinstance(action, Meld | TakePile)


def _seat_of(event: Event) -> int | None:
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


def _describe(
    view: PlayerView, actor: int | None, action: Action | None, events: Sequence[Event], *, ended: bool = False
) -> tuple[list[str], dict[int, list[str]]]:
    """Notes on ``events``: the actor's own, and those of seats acting after the turn passed (threes laid at a turn's start).
    ``ended``: the hand ended after these events."""
    own: list[str] = []
    others: dict[int, list[str]] = {}
    passed = actor is None
    drawn = 0
    for event in events:
        seat = _seat_of(event)
        if isinstance(event, PileBlocked):
            if not ended:  # a block for a turn that never comes is not worth saying
                own.append(narrate(view, actor if actor is not None else -1, event))
            continue
        if passed and seat is not None and seat != actor:
            others.setdefault(seat, []).append(narrate(view, seat, event))
            continue
        if actor is not None and isinstance(event, CardDrawn) and event.seat == actor and event.seat != view.seat:
            drawn += 1
            continue
        if actor is not None and _said_by_action(action, actor, event):
            continue
        note = narrate(view, actor if actor is not None else -1, event)
        if isinstance(event, Discarded) and event.seat == actor:
            passed = True
            own.insert(0, note)
        else:
            own.append(note)
    if drawn and not (isinstance(action, Draw) and drawn == 1):
        own.insert(0, f"drew {render.count_text(drawn)}")
    return own, others


def _until_hand_end(events: Sequence[Event]) -> tuple[Sequence[Event], Sequence[Event]]:
    for i, event in enumerate(events):
        if isinstance(event, HandEnded | MatchEnded):
            return events[:i], [e for e in events[i:] if not isinstance(e, HandEnded | MatchEnded)]
    return events, ()


def action_lines(view: PlayerView, actor: int, action: Action, events: Sequence[Event]) -> list[str]:
    """One line for an action, in the text notation, with what it caused (``seat 1 (opponent): discard 7 (7H)``),
    then a line for each seat whose threes were laid as its turn began. Events after the end of a hand are left
    to :func:`deal_lines`, and the end itself to the score."""
    before = _until_hand_end(events)[0]
    own, others = _describe(view, actor, action, before, ended=len(before) < len(events))
    text = f"{seat_name(view, actor)}: {action}"
    if own and own[0].startswith("(") and isinstance(action, Discard):
        text += " " + own.pop(0)
    lines = [text + (" - " + "; ".join(own) if own else "")]
    lines.extend(f"{seat_name(view, seat)}: " + "; ".join(notes) for seat, notes in others.items())
    return lines


def deal_lines(view: PlayerView, events: Sequence[Event]) -> list[str]:
    """The next hand's deal, after a hand ended: who dealt, the upcard, and threes laid at once."""
    after = _until_hand_end(events)[1]
    own, others = _describe(view, None, None, after)
    lines = ["; ".join(own)] if own else []
    lines.extend(f"{seat_name(view, seat)}: " + "; ".join(notes) for seat, notes in others.items())
    return lines


__all__ = ["ENDINGS", "NARRATORS", "Narrator", "action_lines", "deal_lines", "hand_end_title", "match_result", "narrate"]
