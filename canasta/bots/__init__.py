"""Bots: players that decide from one seat's view and the legal actions, never from hidden cards.

A bot is any object with ``choose(view, legal) -> Action`` (:class:`Bot`).
:class:`RandomBot` picks uniformly; :class:`HeuristicBot` plays sensibly
under any profile, reading the rules from ``view.variant``.
"""

from .base import Bot, RandomBot, play_turn
from .heuristic import HeuristicBot

__all__ = ["Bot", "HeuristicBot", "RandomBot", "play_turn"]
