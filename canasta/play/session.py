"""A match between one person and bots, with no input or output: the core of ``canasta play``.

:class:`Match` holds the :class:`~canasta.Game`, the person's seat and a bot
for every other seat. The bots decide from their own seat's view only (the
OpenSpiel observer split; docs/bots.md, "The bot protocol"), and so does
the hint. Each action applied is returned as a :class:`PlayedAction` (who
acted, what, and the events it caused), which the screen turns into one line
of text. Everything the screen shows of the table, why the pile is frozen
included, is read from the person's view.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from canasta.bots.base import Bot, wants_public_state
from canasta.core.actions import Action, parse_action
from canasta.core.cards import Card
from canasta.core.events import Event, HandEnded, MatchEnded
from canasta.core.game import Game
from canasta.core.refusals import FIXED_SOURCES
from canasta.core.views import PlayerView
from canasta.errors import ArgumentError, CanastaError, IllegalActionError, NotationError, shown_value

from .costs import Cost, action_costs


@attrs.frozen(kw_only=True)
class PlayedAction:
    """One action applied in a match: the seat that acted, the action, and the events it caused."""

    seat: int
    """The seat that acted."""
    action: Action
    """The action, as the engine applied it."""
    events: tuple[Event, ...]
    """The events it caused, in order, as :meth:`canasta.Game.apply` returned them."""
    table_at_end: PlayerView | None = None
    """Where the action ended a hand: the person's view of the table as that hand ended, before the next deal (phase
    ``over``); else None."""
    hands_at_end: tuple[tuple[Card, ...], ...] = ()
    """Where the action ended a hand: every seat's cards as it ended, in seat order (they are counted in the open)."""

    @property
    def hand_ended(self) -> HandEnded | None:
        """The end of a hand among the events, if the action ended one."""
        return next((e for e in self.events if isinstance(e, HandEnded)), None)

    @property
    def match_ended(self) -> MatchEnded | None:
        """The end of the match among the events, if the action ended it."""
        return next((e for e in self.events if isinstance(e, MatchEnded)), None)


def hand_as_it_ended(before: Game, action: Action, hand: int) -> Game | None:
    """The game as hand ``hand`` ended, before the next deal: ``action``, which ended it, played on a copy of the game
    ``before`` it whose match stops after that hand (``Game.copy(hands=...)``). The engine deals the next hand in the
    action that ends one, so the table as it stood is had this way. None if the copy does not end that hand so.
    """
    ended = before.copy(hands=hand)
    try:
        ended.apply(action)
    except CanastaError:  # pragma: no cover - the action was legal in the game itself
        return None
    return ended if ended.is_over and ended.hand_number == hand else None


class Match:
    """One person at ``seat`` against bots in every other seat.

    ``bots`` has one entry per seat, a bot for every seat but the person's,
    whose entry is ignored (None will do): for instance
    :func:`canasta.bots.registry.make_bots` of a registered name or a bot
    factory and the match seed, which seeds seat ``s`` with
    :func:`~canasta.bots.registry.seat_seed`, as ``canasta play --bot`` does.
    ``hint_bot`` answers :meth:`hint`; None means no hint is available. A
    seat that is not at the table, a list of bots of the wrong length, or a
    seat other than the person's without a bot raises
    :class:`canasta.ArgumentError`.
    """

    def __init__(self, game: Game, seat: int, bots: Sequence[Bot | None], hint_bot: Bot | None = None) -> None:
        players = game.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ArgumentError(f"Match(seat=...): {shown_value(seat)} is not a seat at this table of {players} (seats 0 to {players - 1})")
        if len(bots) != players:
            raise ArgumentError(f"Match(bots=...): {len(bots)} bots for {players} seats; give one per seat (the person's is ignored)")
        missing = [s for s, bot in enumerate(bots) if bot is None and s != seat]
        if missing:
            raise ArgumentError(f"Match(bots=...): no bot for seat {', '.join(map(str, missing))}; every seat but the person's needs one")
        self.game = game
        """The game being played; the match applies every action to it."""
        self.seat = seat
        """The person's seat."""
        self.bots = tuple(bots)
        """The bot of each seat (the person's entry is not used)."""
        self.hint_bot = hint_bot
        """The bot that answers :meth:`hint`, deciding from the person's view; None: no hint."""
        self._costs: tuple[int, dict[Action, list[Cost]]] | None = None

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.game.is_over

    @property
    def person_to_act(self) -> bool:
        """Whether the person is the one to act now."""
        return not self.game.is_over and self.game.current_player == self.seat

    def view(self) -> PlayerView:
        """The person's view: everything shown on the screen comes from it."""
        return self.game.view(self.seat)

    def advance(self) -> list[PlayedAction]:
        """Let the bots act until the person is to act or the match is over; one :class:`PlayedAction` per action."""
        played: list[PlayedAction] = []
        game = self.game
        while not game.is_over and game.current_player != self.seat:
            seat = game.current_player
            bot = self.bots[seat]
            assert bot is not None  # checked in __init__
            view = game.view(seat, public_state=wants_public_state(bot))
            action = bot.choose(view, view.legal_actions)
            played.append(self._played(seat, action))
        return played

    def _played(self, seat: int, action: Action) -> PlayedAction:
        """Apply ``action`` for ``seat``; where it ends a hand, with the table as that hand ended."""
        before = self.game.copy()
        events = self.game.apply(action)
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        if ended is None:
            return PlayedAction(seat=seat, action=action, events=events)
        at_end = self.game if any(isinstance(e, MatchEnded) for e in events) else hand_as_it_ended(before, action, ended.hand_number)
        if at_end is None:
            return PlayedAction(seat=seat, action=action, events=events)
        hands = tuple(at_end.view(s).hand for s in range(at_end.players))
        return PlayedAction(seat=seat, action=action, events=events, table_at_end=at_end.view(self.seat), hands_at_end=hands)

    def apply(self, action: Action | str) -> PlayedAction:
        """Apply the person's action (or its text), as :meth:`canasta.Game.apply` does.

        Raises :class:`~canasta.IllegalActionError` (an illegal action, or any
        action while a bot is to act: rule ``turn``) or
        :class:`~canasta.NotationError`, leaving the game unchanged.
        """
        if not self.person_to_act:
            who = "the match is over" if self.game.is_over else f"seat {self.game.current_player} is to act"
            raise IllegalActionError(action, "turn", FIXED_SOURCES["turn"], f"it is not your turn: {who}")
        act = parse_action(action) if isinstance(action, str) else action
        return self._played(self.seat, act)

    def explain(self, action: Action | str) -> IllegalActionError | NotationError | None:
        """Why ``action`` is illegal for the person now (the rule key and its source), or None if it is legal."""
        return self.game.violation(action)

    def costs(self) -> dict[Action, list[Cost]]:
        """What each of the person's legal actions costs (a penalty, a raised opening minimum), found by the engine on
        copies of the game (:func:`canasta.play.costs.action_costs`); empty when the person is not to act."""
        if not self.person_to_act:
            return {}
        key = len(self.game.actions)
        if self._costs is None or self._costs[0] != key:
            self._costs = (key, action_costs(self.game, self.seat))
        return self._costs[1]

    def hint(self) -> Action | None:
        """What the hint bot would play, deciding from the person's view only; None without a hint bot or a turn."""
        if self.hint_bot is None or not self.person_to_act:
            return None
        view = self.game.view(self.seat, public_state=wants_public_state(self.hint_bot))
        return self.hint_bot.choose(view, view.legal_actions)


__all__ = ["Match", "PlayedAction", "hand_as_it_ended"]
