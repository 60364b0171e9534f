"""The bot protocol, and the random bot.

A bot sees what a player at the table sees (the OpenSpiel observer split):
:meth:`canasta.Game.view` of its seat, and the legal actions, which the view
also carries. It never sees another seat's cards or the stock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from canasta.core.actions import Action
from canasta.errors import ArgumentError

if TYPE_CHECKING:
    from canasta.core.events import Event
    from canasta.core.game import Game
    from canasta.core.views import PlayerView


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal`` (never empty) for the seat of ``view``."""
        ...


class RandomBot:
    """Uniform among the legal actions; seeded, so a match of random bots replays exactly."""

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, drawn uniformly with the bot's own seeded generator; :class:`canasta.ArgumentError` if it is empty."""
        if not legal:
            raise ArgumentError(f"RandomBot.choose: no legal actions to choose from for seat {view.seat} (phase {view.phase})")
        return legal[self._rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


def play_turn(game: Game, bots: Sequence[Bot]) -> tuple[Event, ...]:
    """Let the bot of the seat to act choose from its own view, and apply the choice."""
    seat = game.current_player
    view = game.view(seat)
    action = bots[seat].choose(view, view.legal_actions)
    return game.apply(action)
