"""The person's input lines, read and checked before anything reads them as a command.

A line may come from a keyboard, a script or a stranger's file: it may be
endless, hold bytes that are not text in the stream's encoding, or hold
control characters (an escape sequence, a carriage return, a bidi override)
that would rewrite a terminal or a transcript when echoed. :func:`read_line`
reads at most :data:`LINE_LIMIT` characters of a line and drops the rest
unread into memory; :func:`line_problem` says why a line is refused, and
:func:`shown_input` is the line as it may be echoed. A refused line leaves the
game unchanged.

:class:`PersonLines` is where ``canasta play`` and ``canasta score`` read the
person's lines: at a terminal, with the line editing and the history of the
standard library's :mod:`readline` (where it exists), the history kept for
the session only; from a pipe or a file, with :func:`read_line` and its limit,
as before. Either way each line is then checked by :func:`line_problem`.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, TextIO

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


Words = Callable[[], Iterable[str]] | Iterable[str]
"""What the Tab key completes at a terminal: words, or a function giving them at each prompt."""


def _readline() -> ModuleType | None:
    """The standard library's readline, or None where it does not exist (Windows) or cannot load."""
    try:
        import readline
    except ImportError:
        return None
    return readline


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


def editing_possible(stdin: TextIO | None, stdout: TextIO) -> bool:
    """Whether lines read from ``stdin`` can be edited with readline: it exists, and ``stdin`` and ``stdout`` are the
    process's own standard streams, both a terminal (``input()`` edits only those)."""
    return (
        stdin is not None
        and stdin is sys.stdin
        and stdout is sys.stdout
        and _is_terminal(stdin)
        and _is_terminal(stdout)
        and _readline() is not None
    )


class PersonLines:
    """The person's lines, read one at a time: edited with readline at a terminal, else by :func:`read_line`.

    At a terminal (:func:`editing_possible`) the line can be edited (arrows,
    backspace, Ctrl-A, ...) and earlier lines recalled with the up arrow; the
    history holds this session's lines (those :func:`line_problem` accepts),
    and whatever history and completer the process had are put back by
    :meth:`close`. ``words`` are completed with the Tab key. Elsewhere (a pipe,
    a file, a closed standard input) :func:`read_line` reads, with its limit.
    """

    def __init__(self, stdin: TextIO | None, stdout: TextIO, *, words: Words = ()) -> None:
        self.stdin = stdin
        """Where the lines come from (None: a closed standard input)."""
        self.stdout = stdout
        """Where the prompt goes."""
        self.words: Words = words if callable(words) else tuple(words)
        """What Tab completes at a terminal, the whole line at once (commands, action texts), or a function giving it."""
        self._readline = _readline() if editing_possible(stdin, stdout) else None
        self._saved: list[str] = []
        self._completer: Any = None
        self._delims = ""
        self._matches: list[str] = []
        if self._readline is not None:
            rl = self._readline
            self._saved = [item for i in range(1, rl.get_current_history_length() + 1) if (item := rl.get_history_item(i)) is not None]
            self._completer = rl.get_completer()
            self._delims = rl.get_completer_delims()
            rl.clear_history()
            rl.set_auto_history(False)
            rl.set_completer(self._complete)
            rl.set_completer_delims("")
            self._tab(complete=True)

    @property
    def editing(self) -> bool:
        """Whether lines are read with readline's editing and history (else the terminal or pipe gives them as typed)."""
        return self._readline is not None

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:
            words = self.words() if callable(self.words) else self.words
            self._matches = [w for w in words if w.startswith(text)]
        return self._matches[state] if state < len(self._matches) else None

    def read(self, prompt: str) -> str:
        """Write ``prompt`` and read one line without its line end; raises :class:`InputEnded` when nothing more can be read.

        With readline the prompt is readline's (so it knows where the line
        starts); a prompt with escape sequences wraps each in ``\\x01 ... \\x02``.
        A line longer than :data:`LINE_LIMIT` is cut to ``LINE_LIMIT + 1``
        characters, which :func:`line_problem` refuses.
        """
        rl = self._readline
        if rl is None:
            self.stdout.write(prompt)
            self.stdout.flush()
            return read_line(self.stdin)
        try:
            line = input(prompt)
        except EOFError:
            raise InputEnded("end of input") from None
        except UnicodeDecodeError as exc:
            raise InputEnded(f"standard input is not {exc.encoding} text") from None
        line = line[: LINE_LIMIT + 1]
        if line.strip() and line_problem(line) is None:
            last = rl.get_history_item(rl.get_current_history_length())
            if line != last:
                rl.add_history(line)
        return line

    def close(self) -> None:
        """Put back the history and the completer the process had before the session."""
        rl = self._readline
        if rl is None:
            return
        self._readline = None
        rl.clear_history()
        for item in self._saved:
            rl.add_history(item)
        rl.set_completer(self._completer)
        rl.set_completer_delims(self._delims)
        rl.set_auto_history(True)
        self._tab(complete=self._completer is not None, rl=rl)

    def _tab(self, *, complete: bool, rl: Any = None) -> None:
        """Bind the Tab key to completion, or back to inserting itself, Python's own binding without a completer (an
        interactive interpreter's completer, rlcompleter, binds it to completion: it is left so)."""
        rl = rl or self._readline
        if "libedit" in (rl.__doc__ or ""):
            rl.parse_and_bind("bind ^I rl_complete" if complete else "bind ^I ed-insert")
        else:
            rl.parse_and_bind("tab: complete" if complete else "tab: self-insert")


__all__ = [
    "LINE_LIMIT",
    "InputEnded",
    "PersonLines",
    "Words",
    "command_text",
    "editing_possible",
    "line_problem",
    "printable",
    "read_line",
    "shown_input",
]
