"""Running tasks on local processes, any ``concurrent.futures.Executor``, or a Dask cluster.

Work is cut into chunks of consecutive seeds so that each task runs for about
a second or more (:data:`TARGET_SECONDS`): short enough to balance the load
and show progress, long enough that sending a task costs little. Results
are put back in seed order before anything is computed from them, so the
outcome never depends on the number of workers, the chunk size, or the order
in which tasks finish.
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

import attrs

from canasta.errors import SimulationError

from .runner import ChunkResult, Task, run_task

TARGET_SECONDS = 1.0
"""The least a task should run, by the rough cost estimate of its bots."""

CHUNKS_PER_WORKER = 4
"""Aim for at least this many tasks per worker, when there is enough work, so a slow chunk does not idle the others."""

DASK_TIMEOUT = "10s"
"""How long to wait for a Dask scheduler to answer before giving up."""

Progress = Callable[[int, int], None]
"""Called with (units done, units in all) each time a task finishes."""


def local_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def plan_chunks(count: int, workers: int, seconds_per_unit: float, chunk_size: int | None = None) -> list[tuple[int, int]]:
    """Split units ``0 .. count-1`` into (start, count) chunks: at least about a second each, about four per worker."""
    if count < 1:
        return []
    if chunk_size is None:
        least = max(1, math.ceil(TARGET_SECONDS / max(seconds_per_unit, 1e-9)))
        chunk_size = max(least, math.ceil(count / (CHUNKS_PER_WORKER * max(workers, 1))))
    if chunk_size < 1:
        raise SimulationError(f"chunk size must be at least 1, got {chunk_size}")
    return [(start, min(chunk_size, count - start)) for start in range(0, count, chunk_size)]


@attrs.frozen(kw_only=True)
class Pool:
    """Where tasks run: an executor (None to run them here, one after another), its worker count and a name for reports."""

    executor: Executor | None
    workers: int
    name: str


def _dask_pool(address: str) -> tuple[Any, Pool]:
    """A Dask client connected to ``address`` and its executor (``distributed`` is typed loosely, so it is held as Any)."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationError("--scheduler needs Dask: pip install 'canasta[dask]'") from None
    try:
        client = distributed.Client(address, timeout=DASK_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as exc:
        raise SimulationError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    workers = sum(client.nthreads().values()) or 1
    return client, Pool(executor=client.get_executor(), workers=workers, name="dask")


@contextmanager
def open_pool(workers: int | None = None, executor: Executor | None = None, scheduler: str | None = None) -> Iterator[Pool]:
    """The executor to run on, closed afterwards if this function opened it.

    ``executor`` is used as given (and left open); ``scheduler`` connects a
    Dask client to that address and uses ``Client.get_executor()``; otherwise
    a process pool of ``workers`` processes (default: every local core), or
    no pool at all for one worker.
    """
    if executor is not None and scheduler is not None:
        raise SimulationError("give an executor or a scheduler address, not both")
    if workers is not None and workers < 1:
        raise SimulationError(f"workers must be at least 1, got {workers}")
    if executor is not None:
        yield Pool(executor=executor, workers=workers or local_cores(), name=type(executor).__name__)
        return
    if scheduler is not None:
        client, pool = _dask_pool(scheduler)
        try:
            yield pool
        finally:
            client.close()
        return
    count = workers or local_cores()
    if count == 1:
        yield Pool(executor=None, workers=1, name="in-process")
        return
    process_pool = ProcessPoolExecutor(max_workers=count)
    try:
        yield Pool(executor=process_pool, workers=count, name="processes")
    finally:
        process_pool.shutdown(wait=True, cancel_futures=True)


def run_tasks(tasks: Sequence[Task], pool: Pool, progress: Progress | None = None) -> list[ChunkResult]:
    """Run every task and return the results in the order of ``tasks``, whatever order they finish in."""
    total = sum(t.count for t in tasks)
    done = 0
    if progress is not None:
        progress(done, total)
    if pool.executor is None:
        results = []
        for task in tasks:
            results.append(run_task(task))
            done += task.count
            if progress is not None:
                progress(done, total)
        return results
    futures: dict[Future[ChunkResult], int] = {}
    try:
        for i, task in enumerate(tasks):
            futures[pool.executor.submit(run_task, task)] = i
        out: list[ChunkResult | None] = [None] * len(tasks)
        for future in as_completed(futures):
            i = futures[future]
            out[i] = future.result()
            done += tasks[i].count
            if progress is not None:
                progress(done, total)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [r for r in out if r is not None]
