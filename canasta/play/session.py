"""A match between one person and bots, with no input or output: the core of ``canasta play``.

:class:`Match` holds the :class:`~canasta.Game`, the person's seat and a bot
for every other seat. The bots decide from their own seat's view only (the
OpenSpiel observer split, DESIGN "Bots see what a player sees"), and so does
the hint. Each action applied is returned as a :class:`Report` (who acted,
what, and the events it caused), which the screen turns into one line of text.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

import attrs

from canasta.bots.base import Bot, RandomBot
from canasta.core.actions import Action, parse_action
from canasta.core.cards import Card
from canasta.core.events import (
    Discarded,
    Event,
    HandDealt,
    HandEnded,
    MatchEnded,
    PileFrozen,
    PileReleased,
    PileTaken,
    UpcardTurned,
)
from canasta.core.game import Game
from canasta.core.views import PlayerView
from canasta.errors import IllegalActionError, NotationError

from .costs import Cost, action_costs
from .text import frozen_reason_from_view

BOT_NAMES = ("heuristic", "random")
"""The bots ``--bot`` may name."""


def heuristic_bot_class() -> type | None:
    """:class:`canasta.bots.HeuristicBot` if this installation has it, else None (imported by name, only when needed)."""
    try:
        cls = importlib.import_module("canasta.bots.heuristic").HeuristicBot
    except (ImportError, AttributeError):
        return None
    return cls if isinstance(cls, type) else None


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed from the match seed and its seat, so a match with the same seed replays the same bots."""
    return random.Random(f"{game_seed}:bot:{seat}").getrandbits(63)


def make_bot(name: str, seed: int) -> tuple[Bot, str]:
    """A bot called ``name`` (``heuristic`` or ``random``) and the name of the bot actually made.

    When the heuristic bot is not installed, a random bot takes its place and the
    returned name says so.
    """
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(BOT_NAMES)}")
    if name == "heuristic":
        cls = heuristic_bot_class()
        if cls is not None:
            bot: Bot = cls(seed)
            return bot, "heuristic"
    return RandomBot(seed), "random"


@attrs.frozen(kw_only=True)
class Report:
    """One action applied: the seat that acted, the action, and the events it caused."""

    seat: int
    action: Action
    events: tuple[Event, ...]

    @property
    def hand_ended(self) -> HandEnded | None:
        """The end of a hand among the events, if the action ended one."""
        return next((e for e in self.events if isinstance(e, HandEnded)), None)

    @property
    def match_ended(self) -> MatchEnded | None:
        """The end of the match among the events, if the action ended it."""
        return next((e for e in self.events if isinstance(e, MatchEnded)), None)


class Match:
    """One person at ``seat`` against bots in every other seat.

    ``bots`` has one entry per seat; the person's entry is ignored. ``hint_bot``
    answers :meth:`hint`; None means no hint is available.
    """

    def __init__(self, game: Game, seat: int, bots: Sequence[Bot | None], hint_bot: Bot | None = None) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"seat {seat} is not at this table of {game.players} (seats 0 to {game.players - 1})")
        if len(bots) != game.players:
            raise ValueError(f"{len(bots)} bots for {game.players} seats")
        self.game = game
        self.seat = seat
        self.bots = tuple(bots)
        self.hint_bot = hint_bot
        self.frozen_reason: str | None = None
        """Why the pile is frozen, followed from the events (None when not known: the view is then read)."""
        self._last_discard: tuple[int, Card] | None = None
        self._last_upcard: Card | None = None
        self._costs: tuple[int, dict[Action, list[Cost]]] | None = None
        view = self.view()
        if view.pile_frozen:
            self.frozen_reason = frozen_reason_from_view(view)

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

    def advance(self) -> list[Report]:
        """Let the bots act until the person is to act or the match is over; one report per action."""
        reports: list[Report] = []
        game = self.game
        while not game.is_over and game.current_player != self.seat:
            seat = game.current_player
            bot = self.bots[seat]
            if bot is None:
                raise ValueError(f"seat {seat} has no bot")
            view = game.view(seat)
            action = bot.choose(view, view.legal_actions)
            reports.append(self._record(seat, action, game.apply(action)))
        return reports

    def play(self, action: Action | str) -> Report:
        """Apply the person's action (or its text); raises :class:`IllegalActionError` or :class:`NotationError`, leaving the game unchanged."""
        if not self.person_to_act:
            raise ValueError("it is not the person's turn")
        act = parse_action(action) if isinstance(action, str) else action
        return self._record(self.seat, act, self.game.apply(act))

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
        view = self.view()
        return self.hint_bot.choose(view, view.legal_actions)

    def _record(self, seat: int, action: Action, events: tuple[Event, ...]) -> Report:
        self._follow_pile(events)
        return Report(seat=seat, action=action, events=events)

    def _follow_pile(self, events: Sequence[Event]) -> None:
        """Keep :attr:`frozen_reason` in step with the pile (000 LÅST HÖG 2, 001 §17 B, 000 HUR SPELET BÖRJAR 1.3)."""
        for event in events:
            match event:
                case HandDealt():
                    self.frozen_reason = None
                    self._last_discard = None
                case UpcardTurned(card=card):
                    self._last_upcard = card
                case Discarded(seat=seat, card=card):
                    self._last_discard = (seat, card)
                case PileFrozen(reason=reason):
                    if reason == "upcard" and self._last_upcard is not None:
                        card = self._last_upcard
                        kind = "a wild card" if card.is_wild else "a red three" if card.is_red_three else "a black three"
                        self.frozen_reason = f"the upcard {card.text} is {kind}"
                    elif self._last_discard is not None:
                        seat, card = self._last_discard
                        who = "you" if seat == self.seat else f"seat {seat}"
                        kind = "wild card" if card.is_wild else "black three" if card.is_black_three else "card"
                        self.frozen_reason = f"{who} discarded the {kind} {card.text}"
                    else:
                        self.frozen_reason = reason
                case PileTaken(top_only=False, pending=False) | PileReleased():
                    self.frozen_reason = None


__all__ = ["BOT_NAMES", "Match", "Report", "bot_seed", "heuristic_bot_class", "make_bot"]
