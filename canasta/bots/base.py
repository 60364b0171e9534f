"""The bot protocol, the random bot, and the checks every bot of the library makes of its arguments.

A bot sees what a player at the table sees (the OpenSpiel observer split):
:meth:`canasta.Game.view` of its seat, and the legal actions, which the view
also carries. It never sees another seat's cards or the stock.
"""

from __future__ import annotations

import hashlib
import operator
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from canasta.core.actions import Action, all_well_formed, malformed
from canasta.core.arguments import INT64, INT64_MAX, INT64_MIN, shown
from canasta.core.game import Game
from canasta.core.views import PlayerView
from canasta.errors import ArgumentError

if TYPE_CHECKING:
    from canasta.core.events import Event

_MASK64 = (1 << 64) - 1


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal`` (never empty) for the seat of ``view``."""
        ...


def bot_seed(seed: object, call: str) -> int | None:
    """A bot's seed: None, or an int from :data:`~canasta.core.arguments.INT64_MIN` to ``INT64_MAX``; else :class:`canasta.ArgumentError`.

    The one rule for every bot of the library. Anything with ``__index__``
    counts as an int (numpy integers too, through :func:`operator.index`); a
    bool does not (``seed=True`` is a mistake, not a seed), nor a float or a
    string. The range is the one a game's seed has (what a record holds), so
    distinct seeds can always give distinct play.
    """
    if seed is None:
        return None
    value: int | None = None
    if type(seed) is int:
        value = seed
    elif type(seed) is not bool:
        try:
            value = operator.index(seed)  # type: ignore[arg-type]
        except Exception:  # no __index__, or a stranger's that raises
            value = None
    if value is None:
        raise ArgumentError(f"{call}(seed=...): expected an int or None, got {shown(seed)}")
    if value not in INT64:
        raise ArgumentError(f"{call}(seed={shown(value)}): a seed is an int from {INT64_MIN} to {INT64_MAX}")
    return value


def check_choice(view: object, legal: object, call: str) -> Sequence[Action]:
    """``legal`` when ``view`` is a :class:`~canasta.core.views.PlayerView` and ``legal`` a non-empty list of actions.

    Else :class:`canasta.ArgumentError`, naming ``call``. Only the container is
    checked here; each bot checks the entries it reads (:func:`checked_entry`),
    and :meth:`canasta.Game.apply` refuses a choice that is not a legal action
    with the library's own errors.
    """
    if not issubclass(type(view), PlayerView):
        raise ArgumentError(f"{call}: expected the seat's view (game.view(seat)), got {shown(view)}")
    kind = type(legal)
    if kind is not list and kind is not tuple and (issubclass(kind, str) or not issubclass(kind, Sequence)):
        raise ArgumentError(f"{call}: expected the legal actions as a list or tuple, got {shown(legal)}")
    try:
        empty = not legal
    except Exception as exc:  # a stranger's Sequence whose __len__ raises
        raise ArgumentError(f"{call}: the legal actions {shown(legal)} cannot be read") from exc
    if empty:
        assert isinstance(view, PlayerView)
        raise ArgumentError(f"{call}: no legal actions to choose from for seat {view.seat} (phase {view.phase})")
    return legal  # type: ignore[return-value]


def checked_entry(legal: Sequence[Action], i: int, call: str) -> Action:
    """``legal[i]`` if it is an action (:func:`canasta.core.actions.malformed`); else :class:`canasta.ArgumentError`.

    No ``__eq__``, ``__hash__``, ``__str__`` or ``__repr__`` of a stranger's
    object runs: it is told apart by its type.
    """
    try:
        action = legal[i]
    except Exception as exc:  # a stranger's Sequence whose __getitem__ raises
        raise ArgumentError(f"{call}: legal[{i}] cannot be read from {shown(legal)}") from exc
    problem = malformed(action)
    if problem is not None:
        raise ArgumentError(f"{call}: legal[{i}] is not an action the engine lists: {problem}")
    return action


def checked_entries(legal: Sequence[Action], call: str) -> Sequence[Action]:
    """The entries of ``legal``, each an action; else the :class:`canasta.ArgumentError` of :func:`checked_entry` for the first that is not.

    A bot that reads every entry checks a list or tuple here in one pass
    (:func:`canasta.core.actions.all_well_formed`); any other sequence, and one
    that fails that pass, is read entry by entry (a tuple of what was checked is
    returned, so a stranger's sequence is read only once).
    """
    kind = type(legal)
    if (kind is list or kind is tuple) and all_well_formed(legal):
        return legal
    return tuple([checked_entry(legal, i, call) for i in range(len(legal))])


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from a tuple of parts, the same on every machine and Python (BLAKE2b, not ``hash()``).

    The one hash the library derives seeds with: a unit's match seed from the
    run seed and the unit's index (:mod:`canasta.simulation.runner`), a bot's
    from the unit seed and the seat (:func:`seat_seed`).
    """
    digest = hashlib.blake2b(":".join(str(p) for p in parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class RandomBot:
    """Uniform among the legal actions; seeded, so a match of random bots replays exactly.

    ``seed`` follows :func:`bot_seed`: None (a seed at random) or an int, numpy
    integers included; anything else raises :class:`canasta.ArgumentError`.
    Every seed gives its own sequence of choices (a negative seed is not
    played as its absolute value).
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = bot_seed(seed, "RandomBot")
        """The seed the bot was made with, as :func:`bot_seed` read it (None: a seed at random)."""
        self._rng = random.Random(self.seed & _MASK64 if self.seed is not None else None)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal``, drawn uniformly with the bot's own seeded generator.

        :class:`canasta.ArgumentError` if ``view`` is not a view, ``legal`` is
        not a non-empty list or tuple (see :func:`check_choice`), or the entry
        drawn is not a well-formed action (only that entry is read).
        """
        legal = check_choice(view, legal, "RandomBot.choose")
        return checked_entry(legal, self._rng.randrange(len(legal)), "RandomBot.choose")

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"


def play_turn(game: Game, bots: Sequence[Bot]) -> tuple[Event, ...]:
    """Let the bot of the seat to act choose from its own view, and apply the choice.

    ``bots`` is a list or tuple of one bot per seat (``bots[seat]`` plays
    ``seat``). A value that is not a :class:`canasta.Game`, a match that is
    over, and ``bots`` that are not one bot per seat with a ``choose`` method
    for the seat to act raise :class:`canasta.ArgumentError`. A choice that is
    not a legal action raises what :meth:`canasta.Game.apply` raises, and
    leaves the game as it was. An exception the bot's own ``choose`` raises
    reaches the caller unchanged: it is the bot's, not the library's.
    """
    if not issubclass(type(game), Game):
        raise ArgumentError(f"play_turn: expected a canasta.Game, got {shown(game)}")
    if game.is_over:
        raise ArgumentError("play_turn: the match is over; no seat is to act")
    kind = type(bots)
    if kind is not list and kind is not tuple and (issubclass(kind, str) or not issubclass(kind, Sequence)):
        raise ArgumentError(f"play_turn: expected a list of bots, one per seat, got {shown(bots)}")
    seat = game.current_player
    try:
        count = len(bots)
        choose = bots[seat].choose if count == game.players else None
    except Exception as exc:  # an entry without a choose method, or a stranger's __len__, __getitem__ or __getattr__ that raises
        raise ArgumentError(
            f"play_turn: seat {seat} is to act, but bots[{seat}] is no bot with a choose(view, legal) method; "
            f"give one bot per seat ({game.players}), got {shown(bots)}"
        ) from exc
    if count != game.players:
        raise ArgumentError(f"play_turn: give one bot per seat ({game.players}), got {count}: {shown(bots)}")
    if not callable(choose):
        raise ArgumentError(f"play_turn: bots[{seat}].choose is not a method, in {shown(bots)}")
    view = game.view(seat, public_state=wants_public_state(bots[seat]))
    return game.apply(choose(view, view.legal_actions))


def wants_public_state(bot: object) -> bool:
    """Whether ``bot`` asks for views that carry their public state (a ``wants_public_state`` attribute that is True).

    A bot that samples the cards it cannot see, such as :class:`~canasta.bots.SearchBot`, asks; the view is then
    built with ``game.view(seat, public_state=True)`` by :func:`play_turn`, the simulation and ``canasta play``.
    """
    try:
        return getattr(bot, "wants_public_state", False) is True
    except Exception:  # a stranger's __getattr__ that raises: no
        return False
