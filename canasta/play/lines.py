"""The person's input lines, read and checked before anything reads them as a command.

A line may come from a keyboard, a script or a stranger's file: it may be
endless, hold bytes that are not text in the stream's encoding, or hold
control characters (an escape sequence, a carriage return, a bidi override)
that would rewrite a terminal or a transcript when echoed. :func:`read_line`
reads at most :data:`LINE_LIMIT` characters of a line and drops the rest
unread into memory; :func:`line_problem` says why a line is refused, and
:func:`shown_input` is the line as it may be echoed. A refused line leaves the
game unchanged.
"""

from __future__ import annotations

import unicodedata
from typing import TextIO

from ..errors import escaped, printable

LINE_LIMIT = 10_000
"""The longest line read as a command, in characters; a longer one is refused (the longest action is some 20 characters, but a number of thousands of digits still gets "no such action")."""

_DROP_CHUNK = 65536
"""Characters read at a time while dropping the rest of an overlong line."""

_ECHOED = 200
"""A line longer than this is echoed cut short."""

_SHOWN = 80
"""Characters of a long line echoed before it is cut."""


class InputEnded(EOFError):
    """Nothing more can be read: the end of input, a closed stream, or a stream that is not text. The message says which."""


def read_line(stream: TextIO | None) -> str:
    """One line of ``stream`` without its line end, at most ``LINE_LIMIT + 1`` characters (longer means too long).

    The rest of an overlong line is read and dropped in chunks, never held.
    Raises :class:`InputEnded` at the end of input, for a closed stream and for
    one whose bytes cannot be decoded (a strict decoder drops what it had read).
    """
    if stream is None:
        raise InputEnded("standard input is closed")
    try:
        line = stream.readline(LINE_LIMIT + 1)
        if not line:
            raise InputEnded("end of input")
        if len(line) > LINE_LIMIT and not line.endswith("\n"):
            rest = line
            while rest and not rest.endswith("\n"):
                rest = stream.readline(_DROP_CHUNK)
    except UnicodeDecodeError as exc:
        raise InputEnded(f"standard input is not {exc.encoding} text") from None
    except (OSError, ValueError) as exc:
        raise InputEnded(f"standard input cannot be read ({type(exc).__name__})") from None
    return line.removesuffix("\n").removesuffix("\r")


def _undecoded(ch: str) -> bool:
    """A byte the decoder could not read, kept by the ``surrogateescape`` error handler (U+DC80 to U+DCFF)."""
    return "\udc80" <= ch <= "\udcff"


def _spaces(text: str) -> str:
    """Tabs and Unicode spaces (category Zs, e.g. a no-break space) as plain spaces."""
    if text.isascii():
        return text.replace("\t", " ")
    return "".join(" " if ch == "\t" or unicodedata.category(ch) == "Zs" else ch for ch in text)


def shown_input(line: str) -> str:
    """The line as it is echoed: printable, and cut after 80 characters when it is longer than 200."""
    if len(line) <= _ECHOED:
        return printable(line)
    length = f"over {LINE_LIMIT:,}" if len(line) > LINE_LIMIT else f"{len(line):,}"
    return f"{printable(line[:_SHOWN])}... ({length} characters)"


def line_problem(line: str) -> str | None:
    """Why the line cannot be a command, or None: too long, bytes that are not text, or a character that is not text."""
    if len(line) > LINE_LIMIT:
        return f"that line is longer than {LINE_LIMIT:,} characters, so it was not read; the game is unchanged"
    bad = [ch for ch in _spaces(line) if not ch.isprintable()]
    if not bad:
        return None
    shown = " ".join(dict.fromkeys(escaped(ch) for ch in bad[:8]))
    if any(_undecoded(ch) for ch in bad):
        return f"that line holds bytes that are not text in the input's encoding ({shown}), so it was not read; the game is unchanged"
    return f"that line holds control characters ({shown}), so it was not read; the game is unchanged"


def command_text(line: str) -> str:
    """A line checked by :func:`line_problem` as a command: words separated by single spaces."""
    return " ".join(_spaces(line).split())


__all__ = ["LINE_LIMIT", "InputEnded", "command_text", "line_problem", "printable", "read_line", "shown_input"]
