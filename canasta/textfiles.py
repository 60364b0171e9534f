"""Reading the text files a user names (profiles, positions, records, scenarios), writing a user's files whole, and writing generated pages.

Every path the library opens goes through :func:`read_text`, so a path to a
device, a FIFO, a directory or a huge file is refused with a sentence instead
of hanging or filling memory, and a UTF-8 byte-order mark (Windows Notepad)
is read as the text it marks. A file the library writes for a user (a score
sheet, an export) goes through :func:`write_text`: whole or not at all, never
into a FIFO or a device.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import re
import secrets
import stat
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TextIO, cast

from .errors import DataError, is_instance, shown_text, shown_value

FORMATS = ("text", "markdown", "json")
"""The formats every report of the library is written in: a profile diff, a simulation, a comparison (``--format``)."""

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file the library reads: far above any profile, position, scenario file or game record."""


MAX_LABEL = 200
"""The longest path a message shows; a longer one is cut with ``...``."""


class FileProblem(OSError):
    """A file the library could not read or write. Callers turn it into their own error type.

    ``label`` is the path as messages show it (:func:`path_label`) and
    ``reason`` says why, without the path; ``str()`` gives ``label: reason``.
    """

    def __init__(self, label: str, reason: str) -> None:
        super().__init__(f"{label}: {reason}")
        self.label = label
        self.reason = reason


class UnreadableFileError(FileProblem):
    """A file could not be read as text."""


def path_label(path: object) -> str:
    """A path as a message shows it: printable, with a NUL, a control character or a lone surrogate escaped.

    A path may hold anything a caller passes; a message that carried a lone
    surrogate could not even be printed (``UnicodeEncodeError``), and a control
    character would reach the terminal. Never raises, whatever the value.
    """
    try:
        text = shown_text(os.fsdecode(cast("bytes | os.PathLike[str]", path))) if is_instance(path, (bytes, os.PathLike)) else shown_text(path)
    except Exception:  # a path-like whose __fspath__ raises
        text = f"<{type(path).__name__}>"
    if not text.isprintable():
        text = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 3] + "..."


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes, without a byte-order mark.

    The one reader of the files a user names: profiles, positions, records,
    scenario files and simulation record files all come through here. Raises
    :class:`UnreadableFileError` for anything that is not a path (a number,
    None), a path the system cannot hold (a NUL byte, a lone surrogate, a
    name too long), a missing file, a directory, a device or FIFO, a file
    over the limit, or bytes that are not UTF-8; never another exception.
    """
    if not is_instance(path, (str, os.PathLike)):
        raise UnreadableFileError(path_label(shown_value(path)), f"expected a file path, got {type(path).__name__}")
    try:
        label = path_label(path)
        p = Path(path)
    except Exception as exc:  # a path-like whose __fspath__ raises or returns no str
        raise UnreadableFileError(f"<{type(path).__name__}>", f"not a file path ({type(exc).__name__}: {path_label(shown_text(exc))})") from None
    if not label:
        raise UnreadableFileError("''", "an empty path names no file")
    if "\0" in str(p):
        raise UnreadableFileError(label, "a file path cannot hold a NUL byte")
    try:
        info = os.stat(p)
    except FileNotFoundError:
        raise UnreadableFileError(label, "no such file") from None
    except UnicodeEncodeError:
        raise UnreadableFileError(label, "a file path cannot hold a lone surrogate (no file name holds one)") from None
    except (OSError, ValueError) as exc:
        raise UnreadableFileError(label, f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFileError(label, "is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFileError(label, "is not a regular file (a device, FIFO or socket is never read)")
    if info.st_size > limit:
        raise UnreadableFileError(label, f"is {info.st_size:,} bytes; files over {limit:,} bytes are refused")
    try:
        with open(p, "rb") as handle:
            data = handle.read(limit + 1)
    except (OSError, ValueError) as exc:
        raise UnreadableFileError(label, f"cannot be read ({getattr(exc, 'strerror', None) or exc})") from None
    if len(data) > limit:
        raise UnreadableFileError(label, f"grew past {limit:,} bytes while being read")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(label, f"is not UTF-8 text (byte {exc.start})") from None


def read_data_file(path: str | os.PathLike[str], error: Callable[..., DataError], limit: int = MAX_FILE_BYTES) -> tuple[str, str]:
    """The text of a data file and its label, or ``error([reason], file=label)``: :func:`read_text` for a :class:`DataError` family."""
    try:
        return read_text(path, limit), path_label(path)
    except UnreadableFileError as exc:
        raise error([exc.reason], file=exc.label) from None


class UnwritableFileError(FileProblem):
    """A file could not be written; nothing was changed on disk."""


def _path_text(path: object, error: Callable[[str, str], OSError]) -> tuple[str, str]:
    """The text of a path a caller gave, read once (a stranger's ``__fspath__`` may answer differently each time), and its label."""
    if not is_instance(path, (str, os.PathLike)):
        raise error(path_label(shown_value(path)), f"expected a file path, got {type(path).__name__}")
    try:
        like = cast("os.PathLike[str]", path)
        ref: object = path if isinstance(path, str) else type(like).__fspath__(like)  # what os.fspath asks, once
    except Exception as exc:  # a path-like whose __fspath__ raises
        raise error(f"<{type(path).__name__}>", f"not a file path (its __fspath__ raised {type(exc).__name__})") from None
    if not issubclass(type(ref), str):
        raise error(f"<{type(path).__name__}>", f"not a file path (its __fspath__ gives {type(ref).__name__}, not text)")
    ref = str.__getitem__(cast(str, ref), slice(None))
    label = path_label(ref)
    if not ref:
        raise error("''", "an empty path names no file")
    if "\0" in ref:
        raise error(label, "a file path cannot hold a NUL byte")
    return ref, label


_NOT_REGULAR = "is not a regular file (a device, FIFO or socket is never written); write to a regular file or a new file in an existing folder"


def _writable_target(ref: str, label: str, devices: bool = False) -> tuple[str, int | None]:
    """Where to write ``ref`` (a symbolic link's file, which the link keeps naming) and the mode to keep (None: a new file;
    -1: a character device, written in place where ``devices`` allows it, e.g. ``/dev/null``).

    Checked with ``lstat`` and ``stat``, before anything is opened: a FIFO is never opened, so a write never blocks on one.
    """
    if not os.path.basename(ref):
        raise UnwritableFileError(label, "names a folder, not a file")
    try:
        info: os.stat_result | None = os.lstat(ref)
    except FileNotFoundError:
        info = None
    except UnicodeEncodeError:
        raise UnwritableFileError(label, "a file path cannot hold a lone surrogate (no file name holds one)") from None
    except (OSError, ValueError) as exc:
        raise UnwritableFileError(label, f"cannot be written ({getattr(exc, 'strerror', None) or exc})") from None
    target = ref
    if info is not None and stat.S_ISLNK(info.st_mode):
        target = os.path.realpath(ref)
        try:
            info = os.stat(target)
        except FileNotFoundError:
            raise UnwritableFileError(label, "is a symbolic link to a file that does not exist") from None
        except (OSError, ValueError) as exc:
            raise UnwritableFileError(label, f"cannot be written ({getattr(exc, 'strerror', None) or exc})") from None
    if info is None:
        folder = os.path.dirname(ref) or os.curdir
        try:
            is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
        except (OSError, ValueError):
            is_folder = False
        if not is_folder:
            raise UnwritableFileError(label, f"cannot be written: there is no folder {path_label(folder)}")
        return target, None
    if stat.S_ISDIR(info.st_mode):
        raise UnwritableFileError(label, "is a directory, not a file")
    if devices and stat.S_ISCHR(info.st_mode):
        return target, -1
    if not stat.S_ISREG(info.st_mode):
        raise UnwritableFileError(label, _NOT_REGULAR)
    if not os.access(target, os.W_OK):
        raise UnwritableFileError(label, "is read-only (the file's permissions do not let it be written)")
    return target, stat.S_IMODE(info.st_mode)


def _sync_folder(folder: str) -> None:
    """Make a rename in ``folder`` durable where the system allows it (POSIX); elsewhere, nothing to do."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_TEMPORARY_NAME = 180
"""The most characters of the target's name that a temporary file's name repeats: its name stays under any system's limit."""


def write_text(path: str | os.PathLike[str], text: str) -> str:
    """Write ``text`` as UTF-8 to ``path`` whole or not at all (:func:`replaced`); return the path's label (:func:`path_label`).

    The one writer of the files the library writes for a user in one piece (a
    score sheet, an export, a record, a schema). Raises
    :class:`UnwritableFileError`, never another exception; a text that UTF-8
    cannot hold (a lone surrogate) is refused before anything is opened.
    """
    ref, label = _path_text(path, UnwritableFileError)
    if not isinstance(text, str):
        raise UnwritableFileError(label, f"expected the text to write, got {type(text).__name__}")
    try:
        str.encode(text, "utf-8")
    except UnicodeEncodeError:
        raise UnwritableFileError(label, "the text holds a lone surrogate, which no UTF-8 file can hold") from None
    with _replaced(ref, label, devices=False) as stream:
        stream.write(text)
    return label


@contextlib.contextmanager
def replaced(path: object, *, devices: bool = False) -> Iterator[TextIO]:
    """A UTF-8 text stream whose content becomes the file at ``path`` when the block ends well; else the file is as it was.

    The one way the library writes a user's file: the text goes to a hidden
    temporary file in the same folder, which is flushed to disk (``fsync``) and
    renamed over the target (``os.replace``), so a full disk, an error or a
    killed process leaves the old file or the new one, never a part; if the
    block fails, the temporary file is removed and the block's error goes on.
    An existing file keeps its permissions; a symbolic link keeps naming its
    file, which is the one rewritten. Anything but a regular file or a new name
    in an existing folder (a FIFO, ``/dev/zero``, a directory, a read-only
    file) is refused before anything is opened, except a character device
    where ``devices`` allows it (``--out /dev/null``), which is written in
    place. An error opening, writing or renaming is :class:`UnwritableFileError`.
    """
    ref, label = _path_text(path, UnwritableFileError)
    with _replaced(ref, label, devices=devices) as stream:
        yield stream


class _Descriptor(io.RawIOBase):
    """A file descriptor written with ``os.write`` and closed with ``os.close``: the system's own calls, one per buffer."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def write(self, data: Any) -> int:
        return os.write(self.fd, data)

    def close(self) -> None:
        if not self.closed:
            try:
                os.close(self.fd)
            finally:
                super().close()


def _write_error(exc: BaseException, *, after_block: bool) -> bool:
    """Whether ``exc`` is the file system's refusal (a full disk, an I/O error), not the block's own error, which goes on as it is.

    Inside the block only an ``OSError`` can come from writing the stream; after it, closing and renaming may also raise
    ``ValueError``.
    """
    if isinstance(exc, UnwritableFileError):
        return False
    return isinstance(exc, OSError) or (after_block and isinstance(exc, ValueError))


@contextlib.contextmanager
def _replaced(ref: str, label: str, *, devices: bool) -> Iterator[TextIO]:
    target, mode = _writable_target(ref, label, devices)
    if mode == -1:
        try:
            stream = open(target, "w", encoding="utf-8", newline="")  # noqa: SIM115 - closed below
        except (OSError, ValueError) as exc:
            raise UnwritableFileError(label, f"cannot be written ({getattr(exc, 'strerror', None) or exc})") from None
        written = False
        try:
            yield stream
            written = True
            stream.close()
        except BaseException as exc:
            with contextlib.suppress(OSError, ValueError):
                stream.close()
            if _write_error(exc, after_block=written):
                raise UnwritableFileError(label, f"cannot be written ({getattr(exc, 'strerror', None) or exc})") from None
            raise
        return
    folder, name = os.path.split(target)
    folder = folder or os.curdir
    try:
        temporary, fd = _temporary(folder, name)
    except (OSError, ValueError) as exc:
        raise UnwritableFileError(label, f"cannot be written: no temporary file can be made beside it ({getattr(exc, 'strerror', None) or exc})") from None
    raw = _Descriptor(fd)
    stream = io.TextIOWrapper(io.BufferedWriter(raw), encoding="utf-8", newline="")
    written = False
    try:
        if mode is not None:
            os.chmod(temporary, mode)
        yield stream
        written = True
        stream.flush()
        os.fsync(stream.fileno())
        stream.close()
        os.replace(temporary, target)
    except BaseException as exc:
        raw.close()  # the descriptor itself, without the flush that closing the stream would try again
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if _write_error(exc, after_block=written):
            raise UnwritableFileError(label, f"cannot be written ({getattr(exc, 'strerror', None) or exc})") from None
        raise
    _sync_folder(folder)


def _temporary(folder: str, name: str) -> tuple[str, int]:
    """A new, hidden file beside the target, created exclusively (never an existing file or link), mode 0666 less the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        temporary = os.path.join(folder, f".{name[:_TEMPORARY_NAME]}.{secrets.token_hex(4)}.tmp")
        try:
            return temporary, os.open(temporary, flags, 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {path_label(folder)}")


def write_data_file(path: str | os.PathLike[str], text: str, error: Callable[..., DataError]) -> None:
    """:func:`write_text`, or ``error(["cannot be written: ..."], file=label)`` for a :class:`DataError` family."""
    try:
        write_text(path, text)
    except UnwritableFileError as exc:
        reason = exc.reason if exc.reason.startswith("cannot be written") else f"cannot be written: {exc.reason}"
        raise error([reason], file=exc.label) from None


def write_stdout_utf8(text: str) -> None:
    """Write ``text`` to standard output as UTF-8 with LF line ends, whatever the console's encoding.

    The generated docs pages (``python -m canasta.variants.federations > docs/federations.md``)
    must come out byte for byte the same on every platform.
    """
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()


MAX_KEY_PARTS = 64
"""The most parts a dotted TOML key may have (``a.b.c`` has three); no file the library reads needs more than a handful."""

_KEY_PART = re.compile(r"""\s*+(?:[A-Za-z0-9_\-]++|"[^"\\\n]*+"|'[^'\n]*+')\s*+""")


def long_dotted_key(text: str) -> int | None:
    """The line of the first dotted key of more than :data:`MAX_KEY_PARTS` parts in TOML text, or None.

    Python's TOML parser takes time in the square of a dotted key's length
    (``[a.a.a....]``: 64 KB took 3 s, 256 KB a minute), so the readers refuse
    such a key before parsing. Linear: the text is cut at its dots, and a run
    of pieces that are each a whole key part is counted. A run inside a
    string (sixty-four words joined by dots) is refused too; no text the
    library reads holds one.
    """
    run = 0
    line = 1
    for piece in text.split("."):
        if _KEY_PART.fullmatch(piece):
            run += 1
            if run >= MAX_KEY_PARTS:
                return line
        else:
            run = 0
        line += piece.count("\n")
    return None


_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
_AT_END = "(at end of document)"


def toml_data(text: str, error: Callable[..., DataError], file: str | None = None) -> dict[str, Any]:
    """Parse TOML text, or raise ``error(problem, file=, line=, column=)`` with the place the parser names.

    Python 3.11's TOMLDecodeError keeps its place only in the message
    (``(at line 3, column 7)`` or ``(at end of document)``); both become
    :attr:`DataError.line` and :attr:`DataError.column`. Nesting deep enough
    to exhaust the parser's recursion, and integers past Python's digit limit,
    are refused the same way.
    """
    deep = long_dotted_key(text)
    if deep is not None:
        raise error(f"broken TOML: a dotted key of more than {MAX_KEY_PARTS} parts; no file needs one", file=file, line=deep)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        at = _AT.search(msg)
        if at:
            raise error(f"broken TOML: {_AT.sub('', msg)}", file=file, line=int(at.group(1)), column=int(at.group(2))) from None
        if _AT_END in msg:
            last = text.rsplit("\n", 1)[-1]
            reason = msg.replace(_AT_END, "").strip()
            raise error(f"broken TOML: {reason} (it ends too soon)", file=file, line=text.count("\n") + 1, column=len(last) + 1) from None
        raise error(f"broken TOML: {msg}", file=file) from None
    except RecursionError:
        raise error("broken TOML: nested too deeply", file=file) from None
    except ValueError as exc:  # an integer longer than Python's int/str conversion limit
        raise error(f"broken TOML: {exc}", file=file) from None


TOML_INTEGERS = range(-(2**63), 2**63)
"""The integers TOML holds (toml.io, "Integer": 64-bit signed)."""

MAX_NESTING = 32
"""The deepest nesting of tables and arrays a record's data may have."""


def toml_problems(value: object, where: str, depth: int = 0) -> list[str]:
    """Why ``value`` could not be written as TOML and JSON and read back the same: every problem, with its key path.

    Plain data only: strings of real characters (no lone surrogate), booleans,
    64-bit integers, finite floats, lists and tables with string keys, nested
    at most :data:`MAX_NESTING` deep. Never raises, whatever the value holds.
    """
    try:
        return _toml_problems(value, where, depth)
    except Exception:  # a stranger's container whose iteration, keys or items raise
        return [f"{where}: {shown_value(value)} is not plain data (text, a number, true/false, a list or a table)"]


def _toml_problems(value: object, where: str, depth: int) -> list[str]:
    kind = type(value)
    if isinstance(value, str):  # a StrEnum member is written as its text
        try:
            str.encode(value, "utf-8")
        except UnicodeEncodeError:
            return [f"{where}: a string with a lone surrogate, which no TOML or JSON file can hold"]
        return []
    if kind is bool:
        return []
    if type(value) is int:
        return [] if value in TOML_INTEGERS else [f"{where}: {shown_value(value)} is outside the 64-bit integers, which is all TOML holds"]
    if type(value) is float:
        return [] if math.isfinite(value) else [f"{where}: {value!r} is not a finite number"]
    if depth >= MAX_NESTING:
        return [f"{where}: nested more than {MAX_NESTING} deep"]
    if type(value) is list or type(value) is tuple:
        return [p for i, item in enumerate(value) for p in _toml_problems(item, f"{where}[{i}]", depth + 1)]
    if type(value) is dict:
        problems: list[str] = []
        for key, item in value.items():
            if type(key) is not str:
                problems.append(f"{where}: the key {shown_value(key)} is not a string; TOML keys are strings")
            else:
                problems += _toml_problems(item, f"{where}.{key}", depth + 1)
        return problems
    return [f"{where}: {shown_value(value)} ({kind.__name__}) is not plain data (text, a number, true/false, a list or a table)"]


def json_data(text: str, error: Callable[..., DataError], file: str | None = None) -> Any:
    """Parse JSON text, or raise ``error`` with the line and column of the syntax error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"broken JSON: {exc.msg}", file=file, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise error("broken JSON: nested too deeply", file=file) from None
    except ValueError as exc:  # an integer longer than Python's int/str conversion limit
        raise error(f"broken JSON: {exc}", file=file) from None
