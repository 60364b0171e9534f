"""Running profiles on seeds: the shared core of :func:`simulate` and :func:`canasta.compare`, and ``simulate`` itself.

A run plays ``count`` units per profile, unit ``i`` from the seed
``derive_seed(seed, i)`` (:mod:`canasta.simulation.runner`). The tasks of all
profiles go to one executor together, and each profile's units come back in
seed order.
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

import attrs

from canasta.core.arguments import check_players
from canasta.core.play import DEFAULT_TURN_CAP
from canasta.core.records import GameRecord
from canasta.core.table import TableRules
from canasta.errors import ArgumentError, SimulationError, is_instance, shown_text, shown_value
from canasta.variants import Variant, dumps_variant, load_variant
from canasta.variants.schema import PLAYER_COUNTS

from .outputs import cannot_write, file_path, reserved
from .parallel import Pool, Progress, open_pool, plan_chunks, run_tasks
from .players import BOTS, seat_bots
from .recordfile import write_records
from .results import Settings, SimulationResult, Timing
from .runner import Task, UnitOutcome
from .summary import sides_of, summarize

DEFAULT_HANDS = 1000
"""Hands played when neither ``hands`` nor ``games`` is given."""

DEFAULT_HAND_CAP = 50
"""The most hands a match may last in ``games`` mode. Random bots may never reach the target; the summary counts the matches cut off."""

MAX_UNITS = 1_000_000
"""The most hands or matches one run plays per profile: every unit's outcome is kept in memory (a few kB each) until the summary."""

MAX_HAND_CAP = 1_000
"""The highest ``hand_cap``: a match of random bots that never reaches the target must still end."""

SEED_LIMIT = 2**63
"""A run's seed lies in ``-SEED_LIMIT .. SEED_LIMIT - 1`` (a signed 64-bit number), so it prints, pickles and reads back from JSON anywhere."""

ProfileRef = Variant | str | Path
"""A profile: loaded, a bundled name, or the path of a TOML file."""


@attrs.frozen(kw_only=True)
class Entrant:
    """A profile ready to play: its label in reports, the profile, and the bot of every seat."""

    label: str
    variant: Variant
    seats: tuple[str, ...]


def load_profile(ref: ProfileRef) -> Variant:
    """A profile from a :class:`Variant`, a bundled name or a path; :class:`canasta.VariantError` if it does not load."""
    return ref if isinstance(ref, Variant) else load_variant(ref)


def bot_list(bots: str | Sequence[str]) -> tuple[str, ...]:
    """``"heuristic,random"`` or ``("heuristic", "random")`` as a tuple of names."""
    if not is_instance(bots, str) and (not is_instance(bots, Sequence) or not all(is_instance(n, str) for n in bots)):
        raise SimulationError(f"bots: expected names like 'heuristic,random' or ('heuristic', 'random'), got {shown_value(bots)}")
    texts = (
        shown_text(bots).split(",") if is_instance(bots, str) else [shown_text(n) for n in bots]
    )  # plain str: no method of a subclass runs
    names = tuple(n.strip() for n in texts)
    if not names or any(not n for n in names):
        raise SimulationError(f"bots: expected names separated by commas, like heuristic,random; got {shown_value(bots)}")
    return names


def entrant(variant: Variant, label: str, players: int, bots: tuple[str, ...]) -> Entrant:
    """Check that the profile has rules for ``players`` and seat the bots."""
    if players > max(PLAYER_COUNTS):  # no profile has rules for more; said before the number is ever printed in full
        counts = ", ".join(str(n) for n in variant.player_counts)
        raise SimulationError(f"profile {shown_value(variant.name)} has rules for {counts} players, not {shown_value(players)}")
    try:
        TableRules(variant, check_players(variant, players, "simulate"))
    except ArgumentError as exc:
        raise SimulationError(str(exc)) from None
    return Entrant(label=label, variant=variant, seats=seat_bots(bots, players, sides_of(variant, players)))


def _whole(name: str, value: object, least: int, most: int | None = None) -> int:
    """``value`` as a plain int if it is a whole number (not a bool) in ``least .. most``; else :class:`SimulationError` naming ``name``.

    An int subclass is read as the number it holds: its own methods (``__str__``, ``__lt__``, ...) never run.
    """
    if issubclass(type(value), bool) or not issubclass(type(value), int):
        raise SimulationError(f"{name}: expected a whole number, got {shown_value(value)}")
    number = int.__index__(value)  # type: ignore[arg-type]
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


def settings_for(players: int, hands: int | None, games: int | None, seed: int, bots: tuple[str, ...], hand_cap: int) -> Settings:
    """The run's settings; :class:`SimulationError` for a count below one or past its limit, or both ``hands`` and ``games``."""
    if hands is not None and games is not None:
        raise SimulationError("give hands or games, not both")
    mode, count = ("games", games) if games is not None else ("hands", hands if hands is not None else DEFAULT_HANDS)
    count = _whole(mode, count, 1, MAX_UNITS)
    hand_cap = _whole("hand cap", hand_cap, 1, MAX_HAND_CAP)
    players = _whole("players", players, 1)
    seed = _whole("seed", seed, -SEED_LIMIT, SEED_LIMIT - 1)
    return Settings(players=players, mode=mode, count=count, seed=seed, bots=bots, hand_cap=hand_cap)


def _seconds_per_unit(seats: Sequence[str], settings: Settings) -> float:
    hand = max(BOTS[name].seconds_per_hand for name in seats) * settings.players / 4
    return hand * (min(settings.hand_cap, 10) if settings.mode == "games" else 1)


@attrs.frozen(kw_only=True)
class Played:
    """One profile's units in seed order, and the worker seconds they took."""

    units: tuple[UnitOutcome, ...]
    worker_seconds: float
    chunks: int
    """Tasks the run was cut into (for every profile together)."""


def play(
    entrants: Sequence[Entrant],
    settings: Settings,
    pool: Pool,
    *,
    progress: Progress | None = None,
    record: bool = False,
    chunk_size: int | None = None,
) -> list[Played]:
    """Play every entrant on the same seeds; the units of each come back in seed order."""
    chunks = plan_chunks(settings.count, pool.workers, _cost(entrants, settings), chunk_size)
    tasks = [
        Task(
            profile=p,
            variant=e.variant,
            players=settings.players,
            bots=e.seats,
            seed=settings.seed,
            start=start,
            count=count,
            games=settings.mode == "games",
            hand_cap=settings.hand_cap,
            record=record,
        )
        for start, count in chunks
        for p, e in enumerate(entrants)
    ]
    results = run_tasks(tasks, pool, progress)
    return [
        Played(
            units=tuple(u for r in results if r.profile == p for u in r.units),
            worker_seconds=sum(r.seconds for r in results if r.profile == p),
            chunks=len(tasks),
        )
        for p in range(len(entrants))
    ]


def _cost(entrants: Sequence[Entrant], settings: Settings) -> float:
    return max(_seconds_per_unit(e.seats, settings) for e in entrants)


@attrs.frozen(kw_only=True)
class Where:
    """Where a run's tasks go: an executor, a Dask scheduler's address, or local processes (``workers``, default every core)."""

    workers: int | None = None
    executor: Executor | None = None
    scheduler: str | None = None
    chunk_size: int | None = None


def play_on(
    entrants: Sequence[Entrant], settings: Settings, where: Where, *, progress: Progress | None = None, record: bool = False
) -> tuple[list[Played], Pool, float]:
    """Open the pool ``where`` names, sized to the work, play every entrant on it; also return the pool and the wall seconds."""
    cost = _cost(entrants, settings)

    def tasks_for(workers: int) -> int:
        return len(plan_chunks(settings.count, workers, cost, where.chunk_size)) * len(entrants)

    if where.chunk_size is not None:
        where = attrs.evolve(where, chunk_size=_whole("chunk size", where.chunk_size, 1))
    began = time.perf_counter()
    with open_pool(where.workers, where.executor, where.scheduler, tasks_for=tasks_for) as pool:
        played = play(entrants, settings, pool, progress=progress, record=record, chunk_size=where.chunk_size)
    return played, pool, time.perf_counter() - began


def timing(played: Played, wall: float, pool: Pool) -> Timing:
    """How long one profile's units took."""
    hands = sum(len(u.hands) for u in played.units)
    decisions = sum(h.decisions for u in played.units for h in u.hands)
    return Timing(
        wall_seconds=wall,
        worker_seconds=played.worker_seconds,
        hands=hands,
        hands_per_second=hands / wall if wall > 0 else 0.0,
        hands_per_core_second=hands / played.worker_seconds if played.worker_seconds > 0 else 0.0,
        decisions_per_core_second=decisions / played.worker_seconds if played.worker_seconds > 0 else 0.0,
        workers=pool.workers,
        chunks=played.chunks,
        executor=pool.name,
    )


def simulate(
    variant: ProfileRef,
    players: int = 4,
    hands: int | None = None,
    games: int | None = None,
    bots: str | Sequence[str] = ("heuristic", "heuristic"),
    seed: int = 0,
    workers: int | None = None,
    executor: Executor | None = None,
    out: str | os.PathLike[str] | None = None,
    hand_cap: int = DEFAULT_HAND_CAP,
    *,
    scheduler: str | None = None,
    progress: Progress | None = None,
    chunk_size: int | None = None,
) -> SimulationResult:
    """Play ``hands`` single hands (from a score of zero) or ``games`` whole matches of one profile, and summarize them.

    ``bots`` names one bot for everyone, one per side or one per seat
    (``"heuristic,random"``). Work runs on ``executor`` if given (any
    ``concurrent.futures.Executor``, e.g. a Dask ``Client.get_executor()``),
    on the Dask scheduler at ``scheduler``, or else on ``workers`` local
    processes (default: every core). The result is the same whatever runs it.
    ``out`` writes every game's record (see :mod:`canasta.simulation.recordfile`).
    """
    progress = check_progress(progress)
    v = load_profile(variant)
    settings = settings_for(players, hands, games, seed, bot_list(bots), hand_cap)
    player = entrant(v, v.name, settings.players, settings.bots)
    settings = attrs.evolve(settings, bots=player.seats)
    where = Where(workers=workers, executor=executor, scheduler=scheduler, chunk_size=chunk_size)
    out = None if out is None else file_path(out, "the records")
    with reserved(out, "the records"):  # a path that cannot be written fails before the run
        (played,), pool, wall = play_on([player], settings, where, progress=progress, record=out is not None)
        result = summarize(v, player.label, settings, played.units, timing(played, wall, pool))
        if out is not None:
            text = dumps_variant(v)
            records = [
                GameRecord(variant=text, players=settings.players, seed=u.seed, turn_cap=DEFAULT_TURN_CAP, actions=u.actions or ())
                for u in played.units
            ]
            try:
                with open(out, "w", encoding="utf-8") as stream:
                    write_records(stream, out, records)
            except OSError as exc:
                raise cannot_write("the records", out, exc) from None
    return result
