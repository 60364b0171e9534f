"""Stopping a command: Ctrl-C (SIGINT), SIGTERM and SIGHUP end it quietly, with exit code 130, 143 or 129.

While a command runs, each of these signals raises an exception in the main
thread (``KeyboardInterrupt`` for SIGINT, :class:`Stopped` for the others,
whose default would end the process on the spot), so the command's ``with``
blocks run and stop its worker processes on the way out.

Only the first signal raises. A second exception inside that clean-up could
break it half way (a lock released twice, a pool half shut down), so after
the first, another stop signal is only noted, and the same signal again ends
the process at once, as its default does (worker processes die with their
parent even then: :mod:`canasta.simulation.processes`). A signal that was
ignored when the command started (``nohup`` ignores SIGHUP, a background job
of a script SIGINT) stays ignored.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that stop a command quietly."""


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived while a command ran; like KeyboardInterrupt, not an error of the command (hence BaseException)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def exit_code(signum: int) -> int:
    """The exit code of a command stopped by ``signum``: 128 plus its number, as a shell reports a process killed by it."""
    return 128 + signum


def _noted(signum: int, frame: FrameType | None) -> None:
    """After the first stop signal: a different one changes nothing, the clean-up goes on."""


@contextmanager
def stop_signals() -> Iterator[None]:
    """While the block runs in the main thread, the stop signals raise as described above.

    The old handlers come back afterwards, unless a stop signal came: the
    process is then ending, and further stop signals must not cut its last
    steps short.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        came.append(signum)
        for other in STOP_SIGNALS:
            if signal.getsignal(other) is stop:
                signal.signal(other, _noted)
        signal.signal(signum, signal.SIG_DFL)  # the same signal again ends the process at once
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise Stopped(signum)

    old = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum, handler in old.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, stop)
    try:
        yield
    finally:
        if not came:
            for signum, handler in old.items():
                signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
