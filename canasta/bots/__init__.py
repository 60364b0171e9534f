"""Bots: players that decide from one seat's view and the legal actions, never from hidden cards.

A bot is any object with ``choose(view, legal) -> Action`` (:class:`Bot`;
docs/bots.md, "The bot protocol"). :class:`RandomBot` picks uniformly;
:class:`HeuristicBot` plays sensibly under any profile, reading the rules from
``view.rules``; :class:`SearchBot` searches each decision by playouts on
states sampled from its view (:mod:`canasta.bots.search`). :mod:`canasta.bots.registry` knows the bots by name
(:func:`bot_names`) and makes them from a seed, a name or a user's
:data:`BotFactory` alike (:func:`bot_factory`), for the simulation and
``canasta play``.
"""

from .base import Bot, RandomBot, play_turn
from .heuristic import HeuristicBot
from .registry import BotFactory, bot_factory, bot_label, bot_names
from .search import SearchBot

__all__ = ["Bot", "BotFactory", "HeuristicBot", "RandomBot", "SearchBot", "bot_factory", "bot_label", "bot_names", "play_turn"]
