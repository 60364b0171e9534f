"""Running tasks here, on local worker processes, on any ``concurrent.futures.Executor``, or on a Dask cluster.

Work is cut into chunks of consecutive seeds so that each task runs for about
a second or more (:data:`TARGET_SECONDS`), and at most about
:data:`MOST_SECONDS`: short enough to balance the load, show progress and keep
a task's result small, long enough that sending a task costs little. Each
result is handed to the caller as soon as it arrives (:func:`stream_tasks`)
and dropped: the run's statistics are exact sums that do not depend on the
order of the chunks (:mod:`canasta.simulation.tally`), so the outcome never
depends on the number of workers, the chunk size, or the order in which
tasks finish.

Memory stays bounded on every side. Local processes and the calling process
run one task per worker at a time. An executor gets at most
:data:`IN_FLIGHT_PER_WORKER` tasks per worker at once, and each future is let
go as soon as its result is handed on: a Dask worker keeps a task's result
for as long as the client holds its future, so holding every future to the
end of the run kept every result of the run in the workers' memory.

Local worker processes (:mod:`canasta.simulation.processes`) never outlive the
run nor the process that started them. An executor or a cluster that fails
during the run (a task cancelled, a pool broken, a scheduler gone, no worker
left) ends it with one :class:`SimulationError`; an error of a task itself is
raised as it is.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, CancelledError, Executor, Future, wait
from contextlib import contextmanager

import attrs

from canasta.errors import SimulationError, shown_text, shown_value, whole_number

from .cluster import close, connect, quiet_dask, watch
from .options import Progress
from .processes import Workers
from .runner import ChunkResult, Task, run_task

TARGET_SECONDS = 1.0
"""The least a task should run, by the cost estimate of its bots: a run estimated at more than this uses more than one worker."""

MOST_SECONDS = 10.0
"""The most a task should run, by the same estimate (unless :data:`TARGET_SECONDS` needs more): a task's result, held by the
worker until it is sent and by the client until it is counted, grows with its units, so a long run is cut into many tasks."""

CHUNKS_PER_WORKER = 4
"""Aim for at least this many tasks per worker, when there is enough work, so a slow chunk does not idle the others."""

IN_FLIGHT_PER_WORKER = 2
"""Tasks given to an executor at once, per worker: one to play and one waiting, so no worker idles while a result travels."""

WATCH_SECONDS = 1.0
"""While no task of an executor finishes, how often to look whether it can still finish them (a Dask cluster's health)."""


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
    """Split units ``0 .. count-1`` into (start, count) chunks: at least about a second each, about four per worker, at most about ten seconds."""
    if count < 1:
        return []
    if chunk_size is None:
        cost = max(seconds_per_unit, 1e-9)
        least = max(1, math.ceil(TARGET_SECONDS / cost))
        most = max(least, math.floor(MOST_SECONDS / cost))
        chunk_size = max(least, min(most, math.ceil(count / (CHUNKS_PER_WORKER * max(workers, 1)))))
    if chunk_size < 1:
        raise SimulationError(f"chunk size must be at least 1, got {chunk_size}")
    return [(start, min(chunk_size, count - start)) for start in range(0, count, chunk_size)]


@attrs.frozen(kw_only=True)
class Pool:
    """Where tasks run, its worker count and a name for reports.

    ``processes`` for local worker processes, else ``executor`` (None with no
    processes either: here, one task after another). ``watch`` is called while
    no task of the executor finishes, and raises when it never will.
    """

    executor: Executor | None
    """The executor the tasks go to; None for local processes or the calling process."""
    workers: int
    """How many workers run tasks at once (reported in :class:`~canasta.simulation.Timing`)."""
    name: str
    """``in-process``, ``processes``, ``dask`` or the executor's class name."""
    processes: Workers | None = None
    """The local worker processes, when the run has them."""
    watch: Callable[[], None] | None = None
    """Called while no task of the executor finishes; raises when it never will (a Dask cluster gone)."""


def _check_workers(workers: object) -> int | None:
    """``workers`` as a plain int of at least 1 (an int or another library's integer, :func:`canasta.errors.whole_number`), or None."""
    if workers is None:
        return None
    number = whole_number(workers)
    if number is None or number < 1:
        raise SimulationError(f"workers must be a whole number of at least 1, got {shown_value(workers)}")
    return number


@contextmanager
def open_pool(
    workers: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    *,
    tasks_for: Callable[[int], int] | None = None,
) -> Iterator[Pool]:
    """The pool to run on, closed afterwards if this function opened it.

    ``executor`` is used as given (and left open); ``scheduler`` connects a
    Dask client to that address and uses ``Client.get_executor()``; otherwise
    ``workers`` local processes (default: every local core), or none at all
    for one worker. Local processes are capped by the cores and, when
    ``tasks_for`` says how many tasks a run on that many workers makes, by
    the tasks: a run of three tasks starts at most three processes.
    """
    if executor is not None and scheduler is not None:
        raise SimulationError("give an executor or a scheduler address, not both")
    requested = _check_workers(workers)
    if executor is not None:
        if not isinstance(executor, Executor):
            raise SimulationError(
                f"executor: expected a concurrent.futures.Executor (a ProcessPoolExecutor, a Dask Client.get_executor(), ...), "
                f"got {shown_value(executor)} ({type(executor).__name__})"
            )
        yield Pool(executor=executor, workers=requested or local_cores(), name=type(executor).__name__)
        return
    if scheduler is not None:
        with quiet_dask():
            client, threads = connect(scheduler)
            try:
                yield Pool(executor=client.get_executor(), workers=threads, name="dask", watch=watch(client, scheduler))
            finally:
                close(client)
        return
    count = local_workers(requested)
    if tasks_for is not None:
        count = max(1, min(count, tasks_for(count)))
    if count == 1:
        yield Pool(executor=None, workers=1, name="in-process")
        return
    processes = Workers(count)
    try:
        yield Pool(executor=None, workers=count, name="processes", processes=processes)
    except BaseException:
        processes.kill()
        raise
    processes.close()


Consume = Callable[[ChunkResult], None]
"""Called in the calling process with each task's result as it arrives, in any order; the result is not kept after it returns."""


def stream_tasks(tasks: Sequence[Task], pool: Pool, consume: Consume, progress: Progress | None = None) -> None:
    """Run every task, handing each result to ``consume`` as it arrives (in any order) and keeping none of them."""
    total = sum(t.count for t in tasks)
    done = 0

    def finished(index: int, result: ChunkResult) -> None:
        nonlocal done
        consume(result)
        done += tasks[index].count
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(done, total)
    if pool.processes is not None:
        pool.processes.run(tasks, finished)
    elif pool.executor is None:
        for i, task in enumerate(tasks):
            finished(i, run_task(task))
    else:
        _run_on_executor(tasks, pool, pool.executor, finished)


def _run_on_executor(tasks: Sequence[Task], pool: Pool, executor: Executor, finished: Callable[[int, ChunkResult], None]) -> None:
    """Keep at most :data:`IN_FLIGHT_PER_WORKER` tasks per worker on the executor, in order, and let each future go once handled."""
    futures: dict[Future[ChunkResult], int] = {}
    limit = max(1, IN_FLIGHT_PER_WORKER * pool.workers)
    queued = iter(enumerate(tasks))
    try:
        while True:
            while len(futures) < limit:
                item = next(queued, None)
                if item is None:
                    break
                try:
                    futures[executor.submit(run_task, item[1])] = item[0]
                except Exception as exc:
                    raise _executor_failure(pool, "refused a task", exc) from None
            if not futures:
                break
            ready, pending = wait(futures, timeout=WATCH_SECONDS, return_when=FIRST_COMPLETED)
            if not ready:
                if any(future.cancelled() for future in pending):  # cancelled but never marked done: wait() would not return it
                    raise CancelledError
                if pool.watch is not None:
                    pool.watch()
            handled = sorted((futures.pop(future), future) for future in ready)  # let the futures go: a Dask worker
            del ready, pending  # frees a result once no client holds its future
            while handled:
                index, done = handled.pop(0)
                finished(index, done.result())
                del done
    except BaseException as exc:
        for future in futures:
            with contextlib.suppress(Exception):
                future.cancel()
        if isinstance(exc, CancelledError | BrokenExecutor) or (pool.name == "dask" and _from_dask(exc)):
            raise _executor_failure(pool, "failed during the run", exc) from None
        raise


def _executor_failure(pool: Pool, what: str, exc: BaseException) -> SimulationError:
    """One line for an executor or a cluster that cannot run the tasks: what it did, and why where it says."""
    if isinstance(exc, CancelledError):
        reason = "its tasks were cancelled" + ("; was the scheduler stopped?" if pool.name == "dask" else "; was the executor shut down?")
    else:
        reason = (shown_text(exc).splitlines() or [""])[0][:200] or "no reason given"
    who = "the Dask cluster" if pool.name == "dask" else f"the executor ({pool.name})"
    return SimulationError(f"{who} {what}: {reason} ({type(exc).__name__})")


def _from_dask(exc: BaseException) -> bool:
    """Whether an exception is the cluster's (a lost worker or scheduler), not the task's own: a connection error, one of
    Dask's own types, or any error raised inside Dask's code (distributed's executor can fail with a plain TypeError when
    a worker dies as its result arrives)."""
    if isinstance(exc, (OSError, TimeoutError)) or type(exc).__module__.split(".")[0] == "distributed":
        return True
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and f"{os.sep}distributed{os.sep}" in tb.tb_frame.f_code.co_filename
