"""Running profiles on seeds: the shared core of :func:`simulate` and :func:`canasta.compare`, and ``simulate`` itself.

A run plays ``count`` units per profile, unit ``i`` from the seed
``derive_seed(seed, i)`` (:mod:`canasta.simulation.runner`). The tasks of all
profiles go to one executor together, and each result is counted into its
profile's :class:`~canasta.simulation.summary.Summary` as it arrives, then
dropped, so a run's memory does not grow with its units unless it keeps
samples; the records of ``out`` are written as their chunks arrive.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager

import attrs

from canasta.bots.registry import BotFactory, bot_label, seconds_per_hand
from canasta.core.arguments import check_players
from canasta.core.records import GameRecord
from canasta.core.table import TableRules
from canasta.core.transitions import DEFAULT_TURN_CAP
from canasta.errors import ArgumentError, SimulationError, shown_value
from canasta.variants import Variant, dumps_variant, load_variant
from canasta.variants.schema import PLAYER_COUNTS

from .options import (
    MAX_HAND_CAP,
    MAX_UNITS,
    SEED_LIMIT,
    BotChoice,
    Mode,
    ProfileRef,
    Progress,
    RunOptions,
    bot_list,
    check_progress,
    check_samples,
    checked_mode,
    run_options,
    whole,
)
from .outputs import cannot_write, file_path, replaced, reserved
from .pairing import Pairing
from .parallel import Consume, Pool, open_pool, plan_chunks, stream_tasks
from .players import seat_bots
from .recordfile import RecordWriter, SeedOrder
from .results import Settings, SimulationResult, Timing
from .runner import ChunkResult, Task, UnitOutcome
from .summary import Summary, sides_of


@attrs.frozen(kw_only=True)
class Entrant:
    """A profile ready to play: its label in reports, the profile, and the bot of every seat."""

    label: str
    """Its label in reports: the profile's name, or what tells two profiles of one name apart."""
    variant: Variant
    """The profile."""
    seats: tuple[str | BotFactory, ...]
    """The bot of every seat: a registered name or a factory."""

    @property
    def bot_labels(self) -> tuple[str, ...]:
        """The bot of every seat as reports name it (:func:`canasta.bots.registry.bot_label`)."""
        return tuple(bot_label(b) for b in self.seats)


def load_profile(ref: ProfileRef) -> Variant:
    """A profile from a :class:`Variant`, a bundled name or a path; :class:`canasta.VariantError` if it does not load."""
    return ref if isinstance(ref, Variant) else load_variant(ref)


def entrant(variant: Variant, label: str, players: int, bots: Sequence[str | BotFactory]) -> Entrant:
    """Check that the profile has rules for ``players`` and seat the bots.

    :class:`SimulationError` for a player count the profile lacks; the bot
    registry's :class:`~canasta.ArgumentError` for an unknown bot name or a
    value that is no bot factory, the same error ``canasta play`` gives.
    """
    if players > max(PLAYER_COUNTS):  # no profile has rules for more; said before the number is ever printed in full
        counts = ", ".join(str(n) for n in variant.player_counts)
        raise SimulationError(f"profile {shown_value(variant.name)} has rules for {counts} players, not {shown_value(players)}")
    try:
        TableRules(variant, check_players(variant, players, "simulate"))
    except ArgumentError as exc:
        raise SimulationError(str(exc)) from None
    return Entrant(label=label, variant=variant, seats=seat_bots(bots, players, sides_of(variant, players)))


def settings_for(options: RunOptions) -> Settings:
    """The checked settings of a run, its bots still to be seated; :class:`SimulationError` for a count below one or past its limit."""
    mode = checked_mode(options.mode)
    count = whole(mode.value, options.count, 1, MAX_UNITS)
    hand_cap = whole("hand cap", options.hand_cap, 1, MAX_HAND_CAP)
    players = whole("players", options.players, 1)
    seed = whole("seed", options.seed, -SEED_LIMIT, SEED_LIMIT - 1)
    return Settings(players=players, mode=mode, count=count, seed=seed, bots=(), hand_cap=hand_cap)


def seconds_per_unit(entrants: Sequence[Entrant], settings: Settings) -> float:
    """A rough single-core cost of one unit of the slowest entrant, from its bots' cost of a hand; it sizes tasks, never results."""
    hand = max(seconds_per_hand(bot) for e in entrants for bot in e.seats) * settings.players / 4
    return hand * (min(settings.hand_cap, 10) if settings.mode is Mode.GAMES else 1)


@attrs.frozen(kw_only=True)
class Played:
    """What a run played: each entrant's :class:`Summary` in entrant order, their pairing with the first, and the tasks."""

    summaries: tuple[Summary, ...]
    """Each entrant's counts and tallies, complete."""
    pairing: Pairing | None
    """Each entrant's per-seed differences from the first, when the run was asked to pair them (``compare``)."""
    chunks: int
    """Tasks the run was cut into (for every entrant together)."""


def run_on_pool(
    entrants: Sequence[Entrant],
    settings: Settings,
    pool: Pool,
    options: RunOptions,
    *,
    record: bool = False,
    pair: bool = False,
    sink: Consume | None = None,
) -> Played:
    """Cut the run into tasks, every entrant on the same seeds, and run them on ``pool``, each result counted as it arrives.

    ``options.samples`` keeps every unit's values (:attr:`SimulationResult.samples`), ``pair`` tallies each entrant's
    per-seed differences from the first; otherwise no result is kept once it is counted. ``record`` has the workers keep
    every unit's actions, and ``sink`` is handed each result once it is counted (to write the records as they come).
    """
    chunks = plan_chunks(settings.count, pool.workers, seconds_per_unit(entrants, settings), options.chunk_size)
    tasks = [
        Task(
            profile=p,
            variant=e.variant,
            players=settings.players,
            bots=e.seats,
            seed=settings.seed,
            start=start,
            count=count,
            mode=settings.mode,
            hand_cap=settings.hand_cap,
            record=record,
        )
        for start, count in chunks
        for p, e in enumerate(entrants)
    ]
    summaries = tuple(Summary(e.variant, settings, samples=options.samples) for e in entrants)
    pairing = Pairing([[m.key for m in s.metrics] for s in summaries]) if pair else None

    def count(result: ChunkResult) -> None:
        columns = summaries[result.profile].add(result)
        if pairing is not None:
            pairing.add(result.profile, result.start, columns)
        if sink is not None:
            sink(result)

    stream_tasks(tasks, pool, count, options.progress)
    return Played(summaries=summaries, pairing=pairing, chunks=len(tasks))


def run_entrants(
    entrants: Sequence[Entrant],
    settings: Settings,
    options: RunOptions,
    *,
    record: bool = False,
    pair: bool = False,
    sink: Consume | None = None,
) -> tuple[Played, Pool, float]:
    """Open the pool the options name (an executor, a Dask scheduler, or local processes), sized to the work, and run every entrant
    on it (:func:`run_on_pool`); also return the pool and the wall seconds."""
    cost = seconds_per_unit(entrants, settings)
    if options.chunk_size is not None:
        options = attrs.evolve(options, chunk_size=whole("chunk size", options.chunk_size, 1))

    def tasks_for(workers: int) -> int:
        return len(plan_chunks(settings.count, workers, cost, options.chunk_size)) * len(entrants)

    began = time.perf_counter()
    with open_pool(options.workers, options.executor, options.scheduler, tasks_for=tasks_for) as pool:
        played = run_on_pool(entrants, settings, pool, options, record=record, pair=pair, sink=sink)
    return played, pool, time.perf_counter() - began


def timing(summary: Summary, chunks: int, wall: float, pool: Pool) -> Timing:
    """How long one profile's units took."""
    return Timing(
        wall_seconds=wall,
        worker_seconds=summary.worker_seconds,
        hands=summary.hands,
        hands_per_second=summary.hands / wall if wall > 0 else 0.0,
        hands_per_core_second=summary.hands / summary.worker_seconds if summary.worker_seconds > 0 else 0.0,
        decisions_per_core_second=summary.decisions / summary.worker_seconds if summary.worker_seconds > 0 else 0.0,
        workers=pool.workers,
        chunks=chunks,
        executor=pool.name,
    )


def simulate(
    variant: ProfileRef,
    *,
    options: RunOptions | None = None,
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
    out: str | os.PathLike[str] | None = None,
) -> SimulationResult:
    """Play ``hands`` single hands (from a score of zero) or ``games`` whole matches of one profile, and summarize them.

    Everything after the profile is a keyword. The run is described by
    ``options`` (a :class:`~canasta.simulation.RunOptions`, shared with
    :func:`canasta.compare`), each keyword given here replacing its field:
    ``simulate("finnish", hands=200, seed=3)``. ``bots`` is one bot for everyone, one per side or one per
    seat, each a registered name (``"heuristic,random"``) or a bot factory
    such as a bot class. Work runs on ``executor`` if given (any
    ``concurrent.futures.Executor``, e.g. a Dask ``Client.get_executor()``),
    on the Dask scheduler at ``scheduler``, or else on ``workers`` local
    processes (default: every core). The result is the same whatever runs it.
    ``samples=False`` leaves out the per-unit :attr:`SimulationResult.samples`, so the
    run's memory does not grow with its hands; every estimate is the same.
    ``out`` writes every game's record (see :mod:`canasta.simulation.recordfile`), chunk by chunk as the
    run plays them, into a temporary file that becomes ``out`` when the run ends; a run that fails or is
    stopped leaves ``out`` as it was.
    :class:`canasta.SimulationError` for a run that cannot be played as asked.
    """
    opts = run_options(
        options,
        players=players,
        hands=hands,
        games=games,
        bots=bots,
        seed=seed,
        hand_cap=hand_cap,
        workers=workers,
        executor=executor,
        scheduler=scheduler,
        chunk_size=chunk_size,
        progress=progress,
        samples=samples,
    )
    check_progress(opts.progress)
    check_samples(opts.samples)
    v = load_profile(variant)
    seats = bot_list(opts.bots)
    settings = settings_for(opts)
    player = entrant(v, v.name, settings.players, seats)
    settings = attrs.evolve(settings, bots=player.bot_labels)
    path = None if out is None else file_path(out, "the records")
    with reserved(path, "the records"), _records_to(path, v, settings.players) as sink:  # a bad path fails before the run
        played, pool, wall = run_entrants([player], settings, opts, record=path is not None, sink=sink)
        (summary,) = played.summaries
        return summary.result(player.label, timing(summary, played.chunks, wall, pool))


@contextmanager
def _records_to(path: str | None, variant: Variant, players: int) -> Iterator[Consume | None]:
    """A sink that writes each chunk's records to ``path`` as it arrives, in seed order; the file is complete once the block ends well.

    None for no path. The records file holds no more than the chunks the run plays at once, whatever the number of units.
    """
    if path is None:
        yield None
        return
    text = dumps_variant(variant)

    def record(unit: UnitOutcome) -> GameRecord:
        return GameRecord(variant=text, players=players, seed=unit.seed, turn_cap=DEFAULT_TURN_CAP, actions=unit.actions or ())

    with replaced(path, "the records") as stream:
        writer = RecordWriter(stream, path)
        order = SeedOrder(writer, record)

        def sink(chunk: ChunkResult) -> None:
            try:
                order(chunk)
            except OSError as exc:  # a full disk, a file system gone
                raise cannot_write("the records", path, exc) from None

        yield sink
        try:
            writer.finish()
        except OSError as exc:
            raise cannot_write("the records", path, exc) from None
