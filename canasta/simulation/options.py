"""What a run plays and where it runs: :class:`RunOptions`, shared by :func:`canasta.simulate` and :func:`canasta.compare`.

Both functions take the profiles positionally and everything else by
keyword: either the keywords one by one (``hands=200, seed=3``) or one
:class:`RunOptions` as ``options=``, the keywords given beside it replacing
its fields. The options are checked when the run starts, and what was
played comes back as the result's :class:`~canasta.simulation.Settings`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path

import attrs

from canasta.bots.registry import BotFactory
from canasta.errors import SimulationError, is_instance, shown_text, shown_value, whole_number
from canasta.variants import Variant
from canasta.variants.enums import Choice

DEFAULT_HANDS = 1000
"""Hands played when neither ``hands`` nor ``games`` is given."""

DEFAULT_HAND_CAP = 50
"""The most hands a match may last in ``games`` mode. Random bots may never reach the target; the summary counts the matches cut off."""

DEFAULT_BOTS = "heuristic"
"""The bot of every seat when ``bots`` is not given."""

MAX_UNITS = 1_000_000
"""The most hands or matches one run plays per profile: every unit's outcome is kept in memory (a few kB each) until the summary."""

MAX_HAND_CAP = 1_000
"""The highest ``hand_cap``: a match of random bots that never reaches the target must still end."""

SEED_LIMIT = 2**63
"""A run's seed lies in ``-SEED_LIMIT .. SEED_LIMIT - 1`` (a signed 64-bit number), so it prints, pickles and reads back from JSON anywhere."""

ProfileRef = Variant | str | Path
"""A profile: loaded, a bundled name, or the path of a TOML file."""

BotChoice = str | BotFactory | Sequence[str | BotFactory]
"""The bots of a run: ``"heuristic,random"``, one factory (a bot class such as ``GreedyBot``), or a sequence of names and factories;
one for every seat, one per side or one per seat (:func:`canasta.simulation.players.seat_bots`)."""

Progress = Callable[[int, int], None]
"""Called with (units done, units in all) each time a task finishes."""


class Mode(Choice):
    """What one seed plays: a single hand from a score of zero, or a whole match to the target."""

    HANDS = "hands"
    """One hand of a fresh match, every side at a score of zero: what most comparisons need."""
    GAMES = "games"
    """A whole match to the target, cut off after ``hand_cap`` hands."""


def checked_mode(value: object) -> Mode:
    """``value`` as a :class:`Mode` (the member, or its value ``"hands"`` or ``"games"``); else :class:`SimulationError`."""
    if isinstance(value, Mode):
        return value
    if is_instance(value, str) and shown_text(value) in {m.value for m in Mode}:
        return Mode(shown_text(value))
    raise SimulationError(f"mode: expected Mode.HANDS or Mode.GAMES, got {shown_value(value)}")


@attrs.frozen(kw_only=True)
class RunOptions:
    """Everything a run takes besides its profiles: what to play, with whom, and where.

    One object serves :func:`canasta.simulate` and :func:`canasta.compare`::

        opts = RunOptions(count=500, seed=1, workers=2)
        canasta.simulate("finnish", options=opts)
        canasta.compare(["finnish", "dutch"], options=opts, seed=2)  # a keyword replaces that field

    The values are checked when a run starts (:class:`canasta.SimulationError`
    for one out of range or of the wrong kind), not here. ``hands=H`` and
    ``games=G`` of the two functions set :attr:`mode` and :attr:`count`.
    """

    players: int = 4
    """Players at the table; the profile must have rules for that many."""
    mode: Mode = Mode.HANDS
    """Single hands (:attr:`Mode.HANDS`) or whole matches (:attr:`Mode.GAMES`)."""
    count: int = DEFAULT_HANDS
    """How many hands or matches per profile, one per seed (at most :data:`MAX_UNITS`)."""
    bots: BotChoice = DEFAULT_BOTS
    """The bots: one for everyone, one per side or one per seat, as names (:func:`canasta.bots.registry.bot_names`) or factories.

    A factory (a bot class, or a function of a seed that returns a bot) is sent to the worker processes, so it must pickle:
    defined at the top level of a module, not a lambda or a class defined inside a function. Otherwise run with ``workers=1``
    or a thread pool as ``executor``."""
    seed: int = 0
    """The run's seed: unit ``i`` plays the match ``Game(profile, players, seed=derive_seed(seed, i))``."""
    hand_cap: int = DEFAULT_HAND_CAP
    """In ``games`` mode, the most hands a match may last before it is cut off (at most :data:`MAX_HAND_CAP`)."""
    workers: int | None = None
    """Local worker processes (default: every core; never more than the cores or the tasks)."""
    executor: Executor | None = None
    """Run the tasks on this ``concurrent.futures.Executor`` instead (a thread pool, a Dask ``Client.get_executor()``, ...); left open."""
    scheduler: str | None = None
    """Run on the Dask cluster whose scheduler is at this address instead, e.g. ``tcp://127.0.0.1:8786``."""
    chunk_size: int | None = None
    """Units per task (default: sized so that a task runs about a second); never changes the result."""
    progress: Progress | None = None
    """Called with (units done, units in all) as tasks finish, in the calling process."""
    samples: bool = True
    """Keep every unit's values, hand turns and hand scores in :attr:`SimulationResult.samples` (for plots and
    ``to_json(samples=True)``). They grow with the units; with False a run's memory
    stays bounded however many units it plays. Every statistic is the same either way."""


def run_options(
    options: RunOptions | None,
    *,
    players: int | None = None,
    hands: int | None = None,
    games: int | None = None,
    bots: BotChoice | None = None,
    seed: int | None = None,
    hand_cap: int | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    samples: bool | None = None,
) -> RunOptions:
    """``options`` (default :class:`RunOptions()`) with each keyword that is not None put in its place.

    :class:`SimulationError` for ``options`` that is no :class:`RunOptions`, or both ``hands`` and ``games``.
    """
    if options is None:
        options = RunOptions()
    elif not isinstance(options, RunOptions):
        raise SimulationError(f"options: expected a canasta.simulation.RunOptions, got {shown_value(options)}")
    if hands is not None and games is not None:
        raise SimulationError("give hands or games, not both")
    mode, count = options.mode, options.count
    if hands is not None:
        mode, count = Mode.HANDS, hands
    elif games is not None:
        mode, count = Mode.GAMES, games
    return RunOptions(
        players=options.players if players is None else players,
        mode=mode,
        count=count,
        bots=options.bots if bots is None else bots,
        seed=options.seed if seed is None else seed,
        hand_cap=options.hand_cap if hand_cap is None else hand_cap,
        workers=options.workers if workers is None else workers,
        executor=options.executor if executor is None else executor,
        scheduler=options.scheduler if scheduler is None else scheduler,
        chunk_size=options.chunk_size if chunk_size is None else chunk_size,
        progress=options.progress if progress is None else progress,
        samples=options.samples if samples is None else samples,
    )


def whole(name: str, value: object, least: int, most: int | None = None) -> int:
    """``value`` as a plain int if it is a whole number in ``least .. most``; else :class:`SimulationError` naming ``name``.

    A whole number is what :func:`canasta.errors.whole_number` takes, as ``Game`` does: an int or another library's
    integer (numpy's ``int64``, ``uint8``, ...), never a bool nor a float. An int subclass is read as the number it
    holds: its own methods (``__str__``, ``__lt__``, ...) never run.
    """
    number = whole_number(value)
    if number is None:
        raise SimulationError(f"{name}: expected a whole number, got {shown_value(value)}")
    if number < least:
        raise SimulationError(f"{name}: expected at least {least:,}, got {shown_value(number)}")
    if most is not None and number > most:
        raise SimulationError(f"{name}: expected at most {most:,}, got {shown_value(number)}")
    return number


def check_progress(progress: Progress | None) -> Progress | None:
    """``progress`` if it is None or callable; else :class:`SimulationError`."""
    if progress is not None and not callable(progress):
        raise SimulationError(f"progress: expected None or a function called with (done, total), got {shown_value(progress)}")
    return progress


def check_samples(samples: object) -> bool:
    """``samples`` if it is True or False; else :class:`SimulationError`."""
    if not issubclass(type(samples), bool):
        raise SimulationError(f"samples: expected True or False, got {shown_value(samples)}")
    return bool(samples)


def bot_list(bots: object) -> tuple[str | BotFactory, ...]:
    """``"heuristic,random"``, one factory, or a sequence of names and factories, as a tuple; :class:`SimulationError` for anything else.

    Names are checked against the registry when the bots are seated.
    """
    if is_instance(bots, str):
        names = tuple(n.strip() for n in shown_text(bots).split(","))  # plain str: no method of a subclass runs
        if not names or any(not n for n in names):
            raise SimulationError(f"bots: expected names separated by commas, like heuristic,random; got {shown_value(bots)}")
        return names
    if callable(bots):
        return (bots,)
    if is_instance(bots, Sequence):
        items = list(bots)
        if items and all(is_instance(b, str) or callable(b) for b in items):
            out = tuple(shown_text(b).strip() if is_instance(b, str) else b for b in items)
            if any(b == "" for b in out):
                raise SimulationError(f"bots: a bot name cannot be empty; got {shown_value(bots)}")
            return out
    raise SimulationError(
        f"bots: expected names like 'heuristic,random' or ('heuristic', 'random'), or bot factories such as a Bot class; got {shown_value(bots)}"
    )
