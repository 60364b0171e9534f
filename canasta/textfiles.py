"""Reading the text files a user names (profiles, positions, records, scenarios), and writing generated pages.

Every path the library opens goes through :func:`read_text`, so a path to a
device, a FIFO, a directory or a huge file is refused with a sentence instead
of hanging or filling memory, and a UTF-8 byte-order mark (Windows Notepad)
is read as the text it marks.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import DataError

MAX_FILE_BYTES = 4 * 1024 * 1024
"""The largest file the library reads: far above any profile, position, scenario file or game record."""


class UnreadableFileError(OSError):
    """A file could not be read as text; the message says why. Callers turn it into their own error type."""


def read_text(path: str | os.PathLike[str], limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes, without a byte-order mark.

    Raises :class:`UnreadableFileError` for a missing file, a directory, a
    device or FIFO, a file over the limit, or bytes that are not UTF-8.
    """
    p = Path(path)
    try:
        info = os.stat(p)
    except FileNotFoundError:
        raise UnreadableFileError(f"{p}: no such file") from None
    except OSError as exc:
        raise UnreadableFileError(f"{p}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise UnreadableFileError(f"{p}: is a directory, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise UnreadableFileError(f"{p}: is not a regular file (a device, FIFO or socket is never read)")
    if info.st_size > limit:
        raise UnreadableFileError(f"{p}: is {info.st_size:,} bytes; files over {limit:,} bytes are refused")
    try:
        with open(p, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise UnreadableFileError(f"{p}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > limit:
        raise UnreadableFileError(f"{p}: grew past {limit:,} bytes while being read")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(f"{p}: is not UTF-8 text (byte {exc.start})") from None


def write_stdout_utf8(text: str) -> None:
    """Write ``text`` to standard output as UTF-8 with LF line ends, whatever the console's encoding.

    The generated docs pages (``python -m canasta.variants.federations > docs/federations.md``)
    must come out byte for byte the same on every platform.
    """
    sys.stdout.flush()
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()


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
