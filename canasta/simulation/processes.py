"""Local worker processes for a run: each fed one task at a time over a pipe, none ever left behind.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: its helper threads in
the parent race with a run that stops early. When its workers die with the run
(Ctrl-C or SIGTERM sent to the whole process group), CPython 3.11's pool can
print tracebacks from those threads (``InvalidStateError`` from failing a
future that was cancelled, ``EBADF`` from its queue feeder writing to a pipe
it closed), and a second signal inside its locks breaks them. This pool has
no thread in the parent: the parent sends each worker one task, waits on the
pipes and the processes' sentinels, and stopping is killing the processes.

A worker never outlives the run, nor its parent:

- it ignores Ctrl-C (the parent gets it and stops the run), and dies of SIGTERM
  or SIGHUP like any process (unless the parent ignores them, as under ``nohup``);
- the parent kills every worker when the run stops early for any reason, and
  ends them when it is done;
- if the parent itself dies (SIGKILL, the OOM killer, a signal it does not
  handle), Linux kills the worker at once (``PR_SET_PDEATHSIG``); elsewhere a
  thread of the worker notices that its parent changed and ends it. An idle
  worker also ends when its pipe closes, as it does when the parent dies.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from multiprocessing.connection import Connection, wait
from typing import Any

from canasta.errors import CanastaError, SimulationError, shown_text

from .runner import ChunkResult, Task, run_task

STOP_SIGNALS = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Held back while a worker starts, so none runs the parent's handlers (a fork inherits the signal mask and the handlers)."""

PARENT_CHECK_SECONDS = 0.5
"""Where the system cannot kill a worker with its parent, how often the worker looks whether its parent is still there."""

_PR_SET_PDEATHSIG = 1
"""``prctl`` option (linux/prctl.h): the signal this process gets when the thread that started it dies."""

Finished = Callable[[int, ChunkResult], None]
"""Called in the parent with a task's position in the list and its result, as each task finishes."""


def _context() -> Any:
    """Fork where the system has it and it is safe (Linux): a worker starts at once, with the engine already imported.

    Elsewhere spawn, as Python does by default there. Never the forkserver: a
    worker's parent must be this process, so that it dies with it.
    """
    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold the stop signals back in this thread while the block runs (POSIX); they arrive when it ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _die_with_parent() -> bool:
    """Ask Linux to kill this process when its parent dies; False where that cannot be asked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (ImportError, OSError, AttributeError):
        return False


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent is gone (a new process then adopts it)."""
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:
            os._exit(1)


def _settle(parent: int) -> None:
    """A worker's first steps: its own signal handling, tied to its parent's life, then the held signals let through."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name) and signal.getsignal(getattr(signal, name)) is not signal.SIG_IGN:  # nohup's SIGHUP stays ignored
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    tied = _die_with_parent()
    if os.getppid() != parent:  # the parent died before the tie was made
        os._exit(1)
    if not tied:
        threading.Thread(target=_watch_parent, args=(parent,), name="canasta-parent-watch", daemon=True).start()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def _portable(exc: BaseException) -> BaseException:
    """An exception the parent can receive: itself if it pickles, with the worker's traceback as a note unless it is the library's own."""
    if not isinstance(exc, CanastaError):
        with contextlib.suppress(Exception):
            exc.add_note("in a worker process:\n" + "".join(traceback.format_exception(exc)).rstrip())
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return RuntimeError(f"a worker process failed: {type(exc).__name__}: {shown_text(exc)}")
    return exc


def serve(conn: Connection, parent: int, inherited: Sequence[Connection] = ()) -> None:
    """A worker's life: play each task the parent sends and send back its result, until told to stop or the pipe closes.

    ``inherited`` are the parent's ends of the pipes, which a forked worker
    holds copies of: closed at once, so that the pipe closes when the parent dies.
    """
    for end in inherited:
        with contextlib.suppress(OSError):
            end.close()
    _settle(parent)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        index, task = job
        try:
            reply: tuple[int, bool, object] = (index, True, run_task(task))
        except Exception as exc:
            reply = (index, False, _portable(exc))
        try:
            conn.send(reply)
        except (OSError, ValueError):  # the parent is gone
            return
        except Exception as exc:  # the result did not pickle: a bug, reported as one
            with contextlib.suppress(Exception):
                conn.send((index, False, _portable(exc)))


def _death(process: Any) -> SimulationError:
    """The error for a worker that stopped while it had work."""
    code = process.exitcode
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        how = f"killed by {name}" + (", perhaps for lack of memory" if name == "SIGKILL" else "")
    else:
        how = f"exit code {code}" if code is not None else "its pipe closed"
    return SimulationError(f"a worker process stopped before its work was done ({how})")


class Workers:
    """``count`` worker processes, started at once; :meth:`run` plays tasks on them, :meth:`kill` or :meth:`close` ends them."""

    def __init__(self, count: int) -> None:
        self.processes: list[Any] = []
        self.conns: list[Connection] = []
        context = _context()
        forked = context.get_start_method() == "fork"
        try:
            for _ in range(count):
                here, there = context.Pipe()
                inherited = [*self.conns, here] if forked else []
                process = context.Process(target=serve, args=(there, os.getpid(), inherited), name="canasta-worker", daemon=True)
                with signals_held():  # a stop signal waits until this worker is on the lists, so that it is killed with the rest
                    process.start()
                    self.processes.append(process)
                    self.conns.append(here)
                    there.close()
        except BaseException:
            self.kill()
            raise

    def _send(self, slot: int, job: tuple[int, Task]) -> None:
        try:
            self.conns[slot].send(job)
        except (OSError, ValueError):
            self.processes[slot].join(timeout=1.0)
            raise _death(self.processes[slot]) from None

    def run(self, tasks: Sequence[Task], finished: Finished) -> None:
        """Play every task, one at a time per worker, calling ``finished`` in this process as each one ends.

        A task's own exception is raised here; a worker that dies raises :class:`SimulationError`.
        """
        waiting = deque(enumerate(tasks))
        busy: dict[int, int] = {}

        def feed(slot: int) -> None:
            if waiting:
                busy[slot] = waiting[0][0]
                self._send(slot, waiting.popleft())

        for slot in range(len(self.processes)):
            feed(slot)
        while busy:
            watched: dict[Any, int] = {}
            for slot in busy:
                watched[self.conns[slot]] = slot
                watched[self.processes[slot].sentinel] = slot
            for ready in wait(list(watched)):
                slot = watched[ready]
                if slot not in busy:
                    continue
                reply = self._receive(slot)
                if reply is None:
                    continue
                del busy[slot]
                index, ok, payload = reply
                if not ok:
                    raise payload
                finished(index, payload)
                feed(slot)

    def _receive(self, slot: int) -> tuple[int, bool, Any] | None:
        """The worker's reply if one is there; None if it is still at work; :class:`SimulationError` if it died."""
        conn = self.conns[slot]
        try:
            if not conn.poll():
                if self.processes[slot].is_alive():
                    return None
                raise EOFError
            reply: tuple[int, bool, Any] = conn.recv()
        except (EOFError, OSError):
            self.processes[slot].join(timeout=1.0)
            raise _death(self.processes[slot]) from None
        return reply

    def kill(self) -> None:
        """End every worker now, whatever it is doing."""
        for process in self.processes:
            with contextlib.suppress(Exception):
                process.kill()
        self._reap(1.0)

    def close(self) -> None:
        """Tell every worker to stop, and end any that does not."""
        for conn in self.conns:
            with contextlib.suppress(Exception):
                conn.send(None)
        deadline = time.monotonic() + 5.0
        for process in self.processes:
            with contextlib.suppress(Exception):
                process.join(timeout=max(0.0, deadline - time.monotonic()))
        self.kill()

    def _reap(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        for process in self.processes:
            with contextlib.suppress(Exception):
                process.join(timeout=max(0.0, deadline - time.monotonic()))
        for conn in self.conns:
            with contextlib.suppress(Exception):
                conn.close()
