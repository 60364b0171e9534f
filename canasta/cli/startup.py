"""Ctrl-C while the command line is still being imported ends it as quietly as Ctrl-C during a command: exit code 130.

Imported first by :mod:`canasta.cli`, before the command modules, which take
a while to import. Until :func:`started` (called once :mod:`canasta.cli.main`
is imported), SIGINT exits with code 130 instead of raising KeyboardInterrupt
with a traceback; then Python's own handler is back, and
:func:`canasta.cli.main.main` installs its handling as its first step. Only
the default handler in the main thread is replaced: a program that set its own
keeps it.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(128 + signum)


_REPLACED = threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler
if _REPLACED:
    signal.signal(signal.SIGINT, _interrupted)


def started() -> None:
    """The command line is imported: Ctrl-C raises KeyboardInterrupt again, as before the import."""
    if _REPLACED and signal.getsignal(signal.SIGINT) is _interrupted:
        signal.signal(signal.SIGINT, signal.default_int_handler)
