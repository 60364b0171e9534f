"""Files a run writes when it ends (``--out`` records, ``--plot`` pictures), checked before it starts.

A run can take hours, so a path that cannot be written must fail first, not
after the work. :func:`reserved` opens the path for appending (which creates a
missing file and leaves an existing one as it is), so a missing folder, a
folder given as the file, a path through a file, a NUL byte or a read-only
place fails at once as a :class:`SimulationError`. If the run then stops early
(an error, Ctrl-C), a file that :func:`reserved` created is removed again, so
no empty file is left behind. The writer itself opens the path only at the end.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager

from canasta.errors import SimulationError
from canasta.textfiles import path_label

PathLike = str | os.PathLike[str]
"""A file name as the callers accept it."""


def shown(path: PathLike) -> str:
    """A path for a message: as typed, or escaped where it holds a NUL, a control character or a lone surrogate."""
    return path_label(path)


def cannot_write(what: str, path: PathLike, exc: OSError | ValueError) -> SimulationError:
    """The error for a path that cannot be written, with the system's reason: ``cannot write the records to x: ...``."""
    if isinstance(exc, UnicodeError):
        reason = "the name cannot be written in this file system's encoding"
    elif isinstance(exc, ValueError):
        reason = "a path cannot hold a NUL byte" if "null" in str(exc) else str(exc)
    else:
        reason = exc.strerror or str(exc)
    return SimulationError(f"cannot write {what} to {shown(path)}: {reason}")


def _mode(path: PathLike) -> int:
    """The file's mode bits, 0 when there is nothing there yet."""
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return 0


@contextmanager
def reserved(path: PathLike | None, what: str) -> Iterator[None]:
    """Check that ``path`` can be written before the block runs; remove it again if the block fails and the file is new.

    ``what`` says what goes there in messages (``the records``, ``the plot``). None reserves nothing.
    """
    if path is None:
        yield
        return
    if not isinstance(path, str | os.PathLike):
        raise SimulationError(f"cannot write {what} to {path!r}: expected a file path, got {type(path).__name__}")
    try:
        existed = os.path.lexists(path)
        mode = _mode(path)
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):  # opening a pipe would wait for a reader
            raise OSError(errno.EINVAL, "it is a pipe or a socket, not a file")
        with open(path, "a", encoding="utf-8"):
            pass
    except (OSError, ValueError) as exc:
        raise cannot_write(what, path, exc) from None
    try:
        yield
    except BaseException:
        if not existed:
            with contextlib.suppress(OSError):
                os.remove(path)
        raise
