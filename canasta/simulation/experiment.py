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

from canasta.core.play import DEFAULT_TURN_CAP
from canasta.core.records import GameRecord
from canasta.core.table import TableRules, UnsupportedPlayerCount
from canasta.errors import SimulationError
from canasta.variants import Variant, dumps_variant, load_variant

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
    names = tuple(n.strip() for n in (bots.split(",") if isinstance(bots, str) else bots))
    if not names or any(not n for n in names):
        raise SimulationError(f"bots: expected names separated by commas, like heuristic,random; got {bots!r}")
    return names


def entrant(variant: Variant, label: str, players: int, bots: tuple[str, ...]) -> Entrant:
    """Check that the profile has rules for ``players`` and seat the bots."""
    try:
        TableRules(variant, players)
    except UnsupportedPlayerCount as exc:
        raise SimulationError(str(exc)) from None
    return Entrant(label=label, variant=variant, seats=seat_bots(bots, players, sides_of(variant, players)))


def settings_for(players: int, hands: int | None, games: int | None, seed: int, bots: tuple[str, ...], hand_cap: int) -> Settings:
    """The run's settings; :class:`SimulationError` for counts below one or both of ``hands`` and ``games``."""
    if hands is not None and games is not None:
        raise SimulationError("give hands or games, not both")
    mode, count = ("games", games) if games is not None else ("hands", hands if hands is not None else DEFAULT_HANDS)
    if count < 1:
        raise SimulationError(f"{mode}: expected at least 1, got {count}")
    if hand_cap < 1:
        raise SimulationError(f"hand cap: expected at least 1 hand per match, got {hand_cap}")
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
    cost = max(_seconds_per_unit(e.seats, settings) for e in entrants)
    chunks = plan_chunks(settings.count, pool.workers, cost, chunk_size)
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
    v = load_profile(variant)
    settings = settings_for(players, hands, games, seed, bot_list(bots), hand_cap)
    player = entrant(v, v.name, players, settings.bots)
    settings = attrs.evolve(settings, bots=player.seats)
    stream = open(out, "w", encoding="utf-8") if out is not None else None  # noqa: SIM115 - opened first so a bad path fails before the run
    try:
        began = time.perf_counter()
        with open_pool(workers, executor, scheduler) as pool:
            (played,) = play([player], settings, pool, progress=progress, record=stream is not None, chunk_size=chunk_size)
        result = summarize(v, player.label, settings, played.units, timing(played, time.perf_counter() - began, pool))
        if stream is not None and out is not None:
            text = dumps_variant(v)
            records = [
                GameRecord(variant=text, players=players, seed=u.seed, turn_cap=DEFAULT_TURN_CAP, actions=u.actions or ())
                for u in played.units
            ]
            write_records(stream, out, records)
    finally:
        if stream is not None:
            stream.close()
    return result
