"""The bots known by name, bots made from a seed, and the one seed rule for a bot in a seat.

Everything that seats a bot reads this module: the simulation
(:func:`canasta.simulate`, :func:`canasta.compare`, ``canasta simulate
--bots``), ``canasta play --bot`` and the help texts of both. A bot is named
(``"random"``, ``"heuristic"``: :data:`BOTS`) or given as a
:data:`BotFactory`, anything that makes a bot from a seed: a bot class such as
:class:`~canasta.bots.HeuristicBot` is one, and so is a user's own class or
function (docs/bots.md, "The bot protocol").

Names are matched exactly, as profile names are (``"Heuristic"`` is not a bot;
the error suggests ``'heuristic'``). An unknown name, or a value that is
neither a name nor a factory, raises :class:`canasta.ArgumentError` with the
closest name when one is close.

Every bot of a simulated hand or match (a *unit*) is made fresh from
:func:`seat_seed` of the unit's seed and its seat, and so is every bot of a
``canasta play`` match from the match seed: what a unit plays never depends on
the worker that ran it or on what ran before.
"""

from __future__ import annotations

import difflib
import inspect
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TypeAlias

import attrs

from canasta.errors import ArgumentError, is_instance, shown_text, shown_value

from .base import Bot, RandomBot, derive_seed
from .heuristic import HeuristicBot
from .search import SearchBot

BotFactory: TypeAlias = Callable[[int], Bot]
"""Makes a bot from a seed, an int (:func:`seat_seed`); a bot class whose ``__init__`` takes the seed is one, as is a
function. The library's bots also take None (a seed at random), but the registry always passes an int, so a
factory that needs one is a factory too."""


@attrs.frozen(kw_only=True)
class RegisteredBot:
    """A bot known by name: how to make one, and what a hand of it costs."""

    name: str
    """The name ``--bots``, ``--bot`` and ``bots=`` take, and reports show."""
    factory: BotFactory
    """Makes the bot from a seed."""
    seconds_per_hand: float
    """A single-core cost of a four-player hand with this bot in every seat (pure-Python engine, the test machine);
    it sizes chunks of simulation work, never results."""


SEARCH_LEVELS: Mapping[str, int] = MappingProxyType({"quick": 8, "normal": 40, "strong": 80})
"""The search bot's levels: playouts per decision (``canasta play --level``; the bots ``search-quick``, ``search``,
``search-strong``). What each costs and how strong it is: docs/bots.md, "The search bot"."""

SEARCH_CONFIDENCE: Mapping[str, float] = MappingProxyType({"quick": 3.0, "normal": 1.5, "strong": 1.5})
"""The gain, in standard errors, each level needs to leave the heuristic's choice (``SearchBot(confidence=...)``): at
``quick`` two candidates meet four samples each, on which a margin of 1.5 departed too often and lost (44% of 200
``finnish`` pairs), so it asks 3; the others compare four candidates on 10 and 20 samples (docs/bots.md)."""


def search_factory(level: str) -> BotFactory:
    """The factory of the search bot at ``level`` (:data:`SEARCH_LEVELS`, :data:`SEARCH_CONFIDENCE`), named ``SearchBot_<level>``."""
    playouts = SEARCH_LEVELS[level]
    confidence = SEARCH_CONFIDENCE[level]

    def make(seed: int) -> Bot:
        """A search bot of this level, seeded."""
        return SearchBot(seed, playouts=playouts, confidence=confidence)

    make.__qualname__ = make.__name__ = f"SearchBot_{level}"
    return make


BOTS: Mapping[str, RegisteredBot] = MappingProxyType(
    {
        "random": RegisteredBot(name="random", factory=RandomBot, seconds_per_hand=0.008),
        "heuristic": RegisteredBot(name="heuristic", factory=HeuristicBot, seconds_per_hand=0.010),
        "search-quick": RegisteredBot(name="search-quick", factory=search_factory("quick"), seconds_per_hand=2.0),
        "search": RegisteredBot(name="search", factory=search_factory("normal"), seconds_per_hand=16.0),
        "search-strong": RegisteredBot(name="search-strong", factory=search_factory("strong"), seconds_per_hand=32.0),
    }
)
"""The bots known by name, in the order help texts list them (read-only)."""

DEFAULT_SECONDS_PER_HAND = 0.02
"""The cost :func:`seconds_per_hand` assumes for a user's factory: twice the heuristic bot's, so work is cut in
chunks small enough to share out well even for a slower bot (it never changes a result)."""


def bot_names() -> tuple[str, ...]:
    """The registered names, in display order: ``('random', 'heuristic', 'search-quick', 'search', 'search-strong')``."""
    return tuple(BOTS)


def _unknown(name: str) -> ArgumentError:
    names = ", ".join(BOTS)
    close = difflib.get_close_matches(name.lower(), BOTS, n=1)
    if close:
        return ArgumentError(f"unknown bot {shown_value(name)}; did you mean {shown_value(close[0])}? Choose from {names}")
    return ArgumentError(f"unknown bot {shown_value(name)}; choose from {names}")


def _registered(bot: object) -> str | None:
    """The registered name ``bot`` is or stands for (a name, or a registered factory such as the class HeuristicBot), else None."""
    if is_instance(bot, str):
        text = shown_text(bot)
        if text not in BOTS:
            raise _unknown(text)
        return text
    return next((name for name, entry in BOTS.items() if entry.factory is bot), None)


def _label(factory: object) -> str:
    for attribute in ("__qualname__", "__name__"):
        try:
            text = getattr(factory, attribute, None)
        except Exception:  # a stranger's __getattr__ that raises
            text = None
        if is_instance(text, str) and text:
            return shown_text(text)
    return type(factory).__qualname__


def _has_choose(value: object) -> bool:
    try:
        return callable(getattr(value, "choose", None))
    except Exception:  # a stranger's __getattr__ that raises
        return False


def _checked_factory(bot: object) -> BotFactory:
    """``bot`` if it can be a factory, checked without calling it; else :class:`canasta.ArgumentError`."""
    if not callable(bot):
        if _has_choose(bot):
            raise ArgumentError(
                f"bots: {shown_value(bot)} is a bot, not a bot factory; give its class, or a function that makes one from a seed"
            )
        raise ArgumentError(
            f"bots: expected a bot name ({', '.join(BOTS)}) or a bot factory (a class or function taking a seed), got {shown_value(bot)}"
        )
    label = _label(bot)
    if inspect.isclass(bot) and not _has_choose(bot):
        raise ArgumentError(f"bots: the class {label} has no choose(view, legal) method, so it makes no bot")
    try:
        signature = inspect.signature(bot)
    except Exception:  # a builtin, or a stranger's callable whose signature cannot be read: trusted
        return bot
    try:
        signature.bind(0)
    except TypeError:
        raise ArgumentError(
            f"bots: {label}{signature} cannot be called with a seed; a bot factory is called as factory(seed) for every seat"
        ) from None
    return bot


def bot_factory(bot: str | BotFactory) -> BotFactory:
    """The factory of a registered name, or ``bot`` itself when it is a factory.

    A factory is any callable taking a seed and returning an object with a
    ``choose(view, legal)`` method. It is checked as far as can be done without
    calling it: it must be callable with one argument, and a class must have a
    ``choose`` method. :class:`canasta.ArgumentError` for an unknown name (with
    the closest name: ``unknown bot 'heuristc'; did you mean 'heuristic'?``), a
    bot object instead of its factory, or anything else.
    """
    name = _registered(bot)
    if name is not None:
        return BOTS[name].factory
    return _checked_factory(bot)


def bot_label(bot: str | BotFactory) -> str:
    """The name reports show for ``bot``: its registered name (also for a registered factory such as
    :class:`~canasta.bots.HeuristicBot`), else the factory's ``__qualname__`` (``GreedyBot``)."""
    name = _registered(bot)
    if name is not None:
        return name
    return _label(_checked_factory(bot))


def seconds_per_hand(bot: str | BotFactory) -> float:
    """A rough single-core cost of a four-player hand of ``bot``, used only to size chunks of work.

    A registered bot's :attr:`RegisteredBot.seconds_per_hand`; a user's factory
    :data:`DEFAULT_SECONDS_PER_HAND`.
    """
    name = _registered(bot)
    if name is not None:
        return BOTS[name].seconds_per_hand
    _checked_factory(bot)
    return DEFAULT_SECONDS_PER_HAND


def seat_seed(unit_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of a unit (a simulated hand or match, or a ``canasta play`` match) with seed ``unit_seed``.

    ``derive_seed(unit_seed, "bot", seat)``: the one seed rule for a seated bot.
    """
    return derive_seed(unit_seed, "bot", seat)


def make_bots(bots: Sequence[str | BotFactory], unit_seed: int) -> list[Bot]:
    """Fresh bots for one unit, one per seat: seat ``s`` gets ``bot_factory(bots[s])(seat_seed(unit_seed, s))``.

    :class:`canasta.ArgumentError` for a name or factory :func:`bot_factory`
    refuses, or a factory that returns an object without a ``choose`` method.
    An exception the factory itself raises reaches the caller unchanged.
    """
    made: list[Bot] = []
    for seat, bot in enumerate(bots):
        one = bot_factory(bot)(seat_seed(unit_seed, seat))
        if not _has_choose(one):
            raise ArgumentError(f"bots: {bot_label(bot)}(seed) returned {shown_value(one)}, which has no choose(view, legal) method")
        made.append(one)
    return made


__all__ = [
    "BOTS",
    "DEFAULT_SECONDS_PER_HAND",
    "SEARCH_CONFIDENCE",
    "SEARCH_LEVELS",
    "BotFactory",
    "RegisteredBot",
    "bot_factory",
    "bot_label",
    "bot_names",
    "derive_seed",
    "make_bots",
    "search_factory",
    "seat_seed",
    "seconds_per_hand",
]
