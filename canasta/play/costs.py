"""What an action will cost the person, found by the engine itself before the person commits.

Some legal actions are penalised: a discard that does not go out after the
partner's binding yes costs the side ``going_out.permission_penalty``
(001 §23 D), and taking back an unfinished opening raises the side's opening
minimum by ``penalties.insufficient_opening_raise`` (001 §27 A•2). Nothing
here restates those rules. Each legal action is played on a copy of the game
and the :class:`~canasta.core.events.PenaltyApplied` and
:class:`~canasta.core.events.OpeningRetracted` events it causes are read; a
penalty the engine learns to apply tomorrow is announced the same way.

Two costs are not caused by the action itself but by what follows it:

- ``ask``: if the partner answers yes, the player must go out. Whether he can
  this turn is the engine's own going-out search
  (:func:`canasta.core.legality.can_go_out`, the one that holds a player to a
  binding yes, 002 UTGÅNG 2, decisions P26); when it finds no way, the discard
  that ends his turn is penalised, and playing that discard on a copy gives the
  amount.
- after a yes, a meld that leaves the player no way out makes the same
  discard penalised; the same search says so.

Answering yes to the partner's question risks the penalty too (001 §23 D),
but whether the asker can go out depends on his hidden hand, so the answer's
cost is stated from the profile alone: the person learns nothing he may not see.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from canasta.core.actions import YES, Action, AnswerGoOut, AskGoOut, Discard, Retract
from canasta.core.events import Event, HandEnded, OpeningRetracted, PenaltyApplied
from canasta.core.game import Game
from canasta.core.views import Phase, PlayerView, Question
from canasta.variants.citations import citation_for
from canasta.variants.enums import Choice


class When(Choice):
    """When an action's cost falls due."""

    NOW = "now"
    """The action itself is penalised."""
    IF_YES = "if yes"
    """``ask``: penalised if the partner answers yes, since the player cannot go out this turn."""
    AT_DISCARD = "at the discard"
    """A meld after the partner's yes that leaves no way out: the discard that ends the turn is penalised."""
    IF_NOT_OUT = "if not out"
    """Answering yes: penalised if the asker then ends his turn without going out."""


@attrs.frozen(kw_only=True)
class Cost:
    """What playing an action costs a side, when, and the rule that says so (with its source section)."""

    side: int
    """The side that pays."""
    rule: str
    """The profile key of the rule, e.g. ``going_out.permission_penalty``."""
    source: str
    """The rule's source section, e.g. ``001 §23 D``."""
    when: When = When.NOW
    """When it falls due."""
    points: int = 0
    """A penalty in points (``going_out.permission_penalty``, 001 §23 D); 0 for a raised minimum."""
    minimum: tuple[int, int] | None = None
    """The side's opening minimum before and after the action (``penalties.insufficient_opening_raise``, 001 §27 A•2); else None."""


def _penalties(view: PlayerView, events: Iterable[Event], when: When) -> list[Cost]:
    """The costs among the events of one action: penalties applied, and a raised opening minimum."""
    found: list[Cost] = []
    citations = view.variant.citations
    for event in events:
        if isinstance(event, HandEnded):
            break
        if isinstance(event, PenaltyApplied) and event.points:
            found.append(Cost(side=event.side, rule=event.rule, source=citation_for(citations, event.rule), when=when, points=event.points))
        elif isinstance(event, OpeningRetracted):
            before = view.opening_minimums[view.side]
            if event.new_minimum > before:
                rule = "penalties.insufficient_opening_raise"
                found.append(
                    Cost(side=view.side, rule=rule, source=citation_for(citations, rule), when=when, minimum=(before, event.new_minimum))
                )
    return found


def _discard_penalty(trial: Game, seat: int, when: When) -> list[Cost]:
    """What the engine charges for a discard that does not go out, played on a copy at ``seat``'s turn.

    With an unfinished opening no discard is legal until it is taken back, so
    the retract is played first (001 §27 A•2) and its own cost left out: it is
    announced on the retract itself.
    """
    view = trial.view(seat)
    for action in view.legal_actions:
        if isinstance(action, Discard):
            return _penalties(view, trial.copy().apply(action), when)
    retract = next((a for a in view.legal_actions if isinstance(a, Retract)), None)
    if retract is not None:
        after = trial.copy()
        after.apply(retract)
        view = after.view(seat)
        for action in view.legal_actions:
            if isinstance(action, Discard):
                return _penalties(view, after.copy().apply(action), when)
    return []


def _still_turn(game: Game, seat: int, hand: int) -> bool:
    return not game.is_over and game.hand_number == hand and game.current_player == seat and game.phase is Phase.MELD


def action_costs(game: Game, seat: int) -> dict[Action, list[Cost]]:
    """Every legal action of ``seat`` (the player to act) that costs a side something, with its costs."""
    view = game.view(seat)
    costs: dict[Action, list[Cost]] = {}
    if not view.legal_actions:
        return costs
    bound = view.phase is Phase.MELD and view.turn.question is Question.YES
    out_before = bound and game.can_go_out()
    hand = game.hand_number
    for action in view.legal_actions:
        trial = game.copy()
        found = _penalties(view, trial.apply(action), When.NOW)
        if isinstance(action, AskGoOut):
            found += _ask_cost(trial, seat, hand)
        elif isinstance(action, AnswerGoOut) and action.yes:
            found += _answer_cost(view)
        elif out_before and not found and _still_turn(trial, seat, hand) and not trial.can_go_out():
            found += _discard_penalty(trial, seat, When.AT_DISCARD)
        if found:
            costs[action] = found
    return costs


def _ask_cost(trial: Game, seat: int, hand: int) -> list[Cost]:
    """After ``ask`` (played on ``trial``): the cost if the partner answers yes and the player cannot go out (001 §23 D)."""
    if trial.is_over or trial.phase is not Phase.ANSWER:
        return []
    trial.apply(YES)
    if not _still_turn(trial, seat, hand) or trial.can_go_out():
        return []
    return _discard_penalty(trial, seat, When.IF_YES)


def _answer_cost(view: PlayerView) -> list[Cost]:
    """Answering yes: the asker's side is penalised if he then does not go out (001 §23 D); stated from the profile only."""
    points = view.variant.going_out.permission_penalty
    if not points:
        return []
    rule = "going_out.permission_penalty"
    return [Cost(side=view.side, rule=rule, source=citation_for(view.variant.citations, rule), when=When.IF_NOT_OUT, points=points)]


__all__ = ["Cost", "When", "action_costs"]
