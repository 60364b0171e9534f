"""Reading the text files a user names (profiles, positions, records, scenarios), and writing generated pages.

Every path the library opens goes through :func:`read_text`, so a path to a
device, a FIFO, a directory or a huge file is refused with a sentence instead
of hanging or filling memory, and a UTF-8 byte-order mark (Windows Notepad)
is read as the text it marks.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

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
