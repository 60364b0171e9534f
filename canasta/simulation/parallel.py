"""Running tasks on local processes, any ``concurrent.futures.Executor``, or a Dask cluster.

Work is cut into chunks of consecutive seeds so that each task runs for about
a second or more (:data:`TARGET_SECONDS`): short enough to balance the load
and show progress, long enough that sending a task costs little. Results
are put back in seed order before anything is computed from them, so the
outcome never depends on the number of workers, the chunk size, or the order
in which tasks finish.

Local worker processes never outlive the run: they ignore Ctrl-C (the parent
gets it), and when the run stops early for any reason (Ctrl-C, SIGTERM turned
into an exception by the command line, an error) the parent kills them at once
instead of waiting for their chunks to finish.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import math
import os
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
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
"""How long to wait for a Dask scheduler to answer, or for its first worker, before giving up."""

STOP_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM})
"""Held back while worker processes are forked, so none starts with the parent's handlers (a fork inherits the signal mask)."""

Progress = Callable[[int, int], None]
"""Called with (units done, units in all) each time a task finishes."""


def local_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def local_workers(requested: int | None) -> int:
    """Local worker processes for a run: as many as asked (default: every core), but never more than the cores."""
    cores = local_cores()
    return cores if requested is None else max(1, min(requested, cores))


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


def _dask_failure(address: str, exc: BaseException) -> SimulationError:
    """One line saying why ``address`` is no usable Dask scheduler."""
    reason = (str(exc).splitlines() or [""])[0] or type(exc).__name__
    if isinstance(exc, (OSError, TimeoutError)):
        return SimulationError(f"cannot reach the Dask scheduler at {address}: {reason}")
    if isinstance(exc, (ValueError, TypeError)):
        return SimulationError(f"scheduler: {address!r} is not a Dask scheduler address: {reason}")
    # e.g. a web or SSH server: its first bytes read as a frame length of exabytes (MemoryError)
    return SimulationError(f"something answers at {address}, but not as a Dask scheduler ({type(exc).__name__})")


@contextmanager
def _quiet_dask() -> Iterator[None]:
    """Keep distributed's own log lines off stderr while connecting: the error says what went wrong, once."""
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _check_address(address: str) -> None:
    if not address.strip() or any(not c.isprintable() or c.isspace() for c in address):
        raise SimulationError(f"scheduler: {address!r} is not an address; give one like tcp://127.0.0.1:8786")


def _dask_pool(address: str) -> tuple[Any, Pool]:
    """A Dask client connected to ``address`` and its executor (``distributed`` is typed loosely, so it is held as Any)."""
    _check_address(address)
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationError("--scheduler needs Dask: pip install 'canasta[dask]'") from None
    with _quiet_dask():
        try:
            client = distributed.Client(address, timeout=DASK_TIMEOUT)
        except Exception as exc:  # whatever answers (or not) at that address, the user gets one line
            raise _dask_failure(address, exc) from None
        try:
            if not client.nthreads():
                client.wait_for_workers(1, timeout=DASK_TIMEOUT)
            workers = sum(client.nthreads().values()) or 1
            executor = client.get_executor()
        except Exception as exc:
            client.close()
            if isinstance(exc, TimeoutError):
                raise SimulationError(f"the Dask scheduler at {address} has no workers (none joined within {DASK_TIMEOUT})") from None
            raise _dask_failure(address, exc) from None
    return client, Pool(executor=executor, workers=workers, name="dask")


def _ignore_interrupts() -> None:
    """Worker start-up: Ctrl-C is the parent's to handle, SIGTERM stops the worker, and the held-back signals are let through."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back in this thread while the block runs (POSIX); they arrive when it ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _start_processes(count: int) -> ProcessPoolExecutor:
    """A process pool whose ``count`` workers are all started now, each ignoring Ctrl-C from its first instruction."""
    pool = ProcessPoolExecutor(max_workers=count, initializer=_ignore_interrupts)
    with _signals_held():
        pool.submit(int)  # starts the workers (all of them, with the fork start method) while the signals are held
    return pool


def _kill_processes(pool: ProcessPoolExecutor) -> None:
    """Stop a process pool now: kill its workers instead of waiting for their chunks, then let it clean up."""
    workers = list(dict(getattr(pool, "_processes", None) or {}).values())  # pid -> Process; private, so read defensively
    for process in workers:
        with contextlib.suppress(Exception):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        with contextlib.suppress(Exception):
            process.join(timeout=1.0)


@contextmanager
def open_pool(
    workers: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    *,
    tasks_for: Callable[[int], int] | None = None,
) -> Iterator[Pool]:
    """The executor to run on, closed afterwards if this function opened it.

    ``executor`` is used as given (and left open); ``scheduler`` connects a
    Dask client to that address and uses ``Client.get_executor()``; otherwise
    a process pool of ``workers`` processes (default: every local core), or
    no pool at all for one worker. Local processes are capped by the cores
    and, when ``tasks_for`` says how many tasks a run on that many workers
    makes, by the tasks: a run of three tasks starts at most three processes.
    """
    if executor is not None and scheduler is not None:
        raise SimulationError("give an executor or a scheduler address, not both")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise SimulationError(f"workers must be a whole number of at least 1, got {workers!r}")
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
    count = local_workers(workers)
    if tasks_for is not None:
        count = max(1, min(count, tasks_for(count)))
    if count == 1:
        yield Pool(executor=None, workers=1, name="in-process")
        return
    process_pool = _start_processes(count)
    try:
        yield Pool(executor=process_pool, workers=count, name="processes")
    except BaseException:
        _kill_processes(process_pool)
        raise
    process_pool.shutdown(wait=True)


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
    except BrokenProcessPool:
        raise SimulationError("a worker process stopped before its work was done (killed, or out of memory?)") from None
    except BaseException as exc:
        for future in futures:
            future.cancel()
        if pool.name == "dask" and _from_dask(exc):
            raise SimulationError(f"the Dask cluster failed during the run: {type(exc).__name__}: {exc}".rstrip(": ")) from None
        raise
    return [r for r in out if r is not None]


def _from_dask(exc: BaseException) -> bool:
    """Whether an exception is the cluster's (a lost worker or scheduler), not the task's own."""
    return isinstance(exc, (OSError, TimeoutError)) or type(exc).__module__.split(".")[0] == "distributed"
