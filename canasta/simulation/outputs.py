"""Files a run writes when it ends (``--out`` records, ``--plot`` pictures), checked before it starts.

A run can take hours, so a path that cannot be written must fail first, not
after the work. :func:`reserved` opens the path for appending (which creates a
missing file and leaves an existing one as it is), so a missing folder, a
folder given as the file, a path through a file, a NUL byte, a read-only
place or a device that refuses every write (``/dev/full``) fails at once as a
:class:`SimulationError`. If the run then stops early
(an error, Ctrl-C), a file that :func:`reserved` created is removed again, so
no empty file is left behind.

The records of ``--out`` are written while the run lasts (:func:`replaced`),
into a temporary file beside the path that takes its place only when the run
ends well: a run that stops early leaves the file that was there as it was,
and never half a file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from canasta.errors import SimulationError, is_instance, shown_text, shown_value
from canasta.textfiles import UnwritableFileError, path_label
from canasta.textfiles import replaced as replaced_file

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


def file_path(path: object, what: str) -> str:
    """``path`` as a plain ``str``: what a ``str`` subclass holds, or what an ``os.PathLike`` gives; else :class:`SimulationError`."""
    if not is_instance(path, (str, os.PathLike)):
        raise SimulationError(f"cannot write {what} to {shown_value(path)}: expected a file path, got {type(path).__name__}")
    try:
        text = os.fspath(path)  # type: ignore[call-overload]
    except Exception:  # a stranger's __fspath__
        raise SimulationError(f"cannot write {what} to {shown_value(path)}: its __fspath__ gives no path") from None
    if not is_instance(text, str):
        raise SimulationError(f"cannot write {what} to {shown_value(path)}: expected a path as text, got {type(text).__name__}")
    return shown_text(text)


def same_file(a: PathLike, b: PathLike) -> bool:
    """Whether two paths name the same file: ``s.png``, ``./s.png``, a symbolic or hard link to it, or (once it exists) another case of its name."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one of them does not exist yet
        try:
            return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))
        except (OSError, ValueError):
            return False


@contextmanager
def reserved(path: PathLike | None, what: str) -> Iterator[None]:
    """Check that ``path`` can be written before the block runs; remove it again if the block fails and the file is new.

    ``what`` says what goes there in messages (``the records``, ``the plot``). None reserves nothing.
    """
    if path is None:
        yield
        return
    path = file_path(path, what)
    try:
        existed = os.path.lexists(path)
        mode = _mode(path)
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
        if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):  # opening a pipe would wait for a reader
            raise OSError(errno.EINVAL, "it is a pipe or a socket, not a file")
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            os.write(fd, b"")  # a device that refuses every write (/dev/full) says so now, not after the run
        finally:
            os.close(fd)
    except (OSError, ValueError) as exc:
        raise cannot_write(what, path, exc) from None
    try:
        yield
    except BaseException:
        if not existed:
            with contextlib.suppress(OSError):
                os.remove(path)
        raise


@contextmanager
def replaced(path: PathLike, what: str) -> Iterator[TextIO]:
    """A text stream (UTF-8) whose content becomes the file at ``path`` when the block ends well; if it fails, the file is as it was.

    The library's one writer of a user's file (:func:`canasta.textfiles.replaced`): a temporary file beside it, renamed
    over it at the end, its permissions kept; a character device (``/dev/null``) is written in place. An error opening,
    writing or renaming is a :class:`SimulationError` naming ``what``.
    """
    try:
        with replaced_file(path, devices=True) as stream:
            yield stream
    except UnwritableFileError as exc:
        raise SimulationError(f"cannot write {what} to {exc.label}: {exc.reason.removeprefix('cannot be written: ')}") from None
