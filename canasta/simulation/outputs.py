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
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from canasta.errors import SimulationError, is_instance, shown_text, shown_value
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

    The text goes to a temporary file in the same folder (``.NAME.XXXXXXXX.partial``, the path's link followed), which
    replaces the file in one rename at the end and keeps its permissions; it is removed if the block fails. A path that is
    no regular file (``/dev/null``, a terminal) is written directly, and so is a file in a folder where no other file can be
    made. An error opening or writing is a :class:`SimulationError` naming ``what``.
    """
    path = file_path(path, what)
    real = os.path.realpath(path)
    mode = _mode(real)
    temporary = _temporary_beside(real, mode) if mode == 0 or stat.S_ISREG(mode) else None
    try:
        stream = open(temporary if temporary is not None else path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    except (OSError, ValueError) as exc:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.remove(temporary)
        raise cannot_write(what, path, exc) from None
    try:
        yield stream
    except BaseException:  # the block's own error goes on as it is; the file is left as it was
        _discard(stream, temporary)
        raise
    try:
        stream.close()
        if temporary is not None:
            os.replace(temporary, real)
    except OSError as exc:
        _discard(stream, temporary)
        raise cannot_write(what, path, exc) from None


def _temporary_beside(real: str, mode: int) -> str | None:
    """A new empty file beside ``real``, with its permissions (a new file's where there is none yet); None where the folder takes no new file."""
    folder, name = os.path.split(real)
    candidate = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.partial")
    try:
        os.close(os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
    except (OSError, ValueError):
        return None
    try:
        if mode:
            os.chmod(candidate, stat.S_IMODE(mode))
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(candidate)
        return None
    return candidate


def _discard(stream: TextIO, temporary: str | None) -> None:
    """Close a stream whatever is left in its buffer, and remove the temporary file it wrote, if any."""
    with contextlib.suppress(OSError, ValueError):
        stream.close()
    if temporary is not None:
        with contextlib.suppress(OSError):
            os.remove(temporary)
