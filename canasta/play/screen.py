"""The screens of ``canasta play``: where the session writes, and where it reads the person's lines.

:class:`PlainScreen` reads lines from any text stream and writes plain text,
echoing each line after its prompt so a piped session reads as a transcript.
:class:`RichScreen` is used only in a terminal: the same words, with colour
from ``rich`` (the ``cli`` extra, imported only there), redrawn in place at
every prompt instead of growing the scrollback, and fitted to the terminal
(80 columns by 24 rows will do): the scores, the target, the stock and the
pile always in view, and a page at a time of whatever does not fit, so that
nothing said scrolls by unseen. Both read the person's lines through
:class:`~canasta.play.lines.PersonLines` (line editing and history at a
terminal) and write every line through :func:`~canasta.play.lines.printable`,
so nothing the person typed or a house profile holds can send a terminal an
escape sequence.
"""

from __future__ import annotations

import shutil
import sys
from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from . import text
from .lines import LINE_LIMIT, PersonLines, Words, printable, shown_input

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.segment import Segment

class Screen(Protocol):
    """Where the session writes, and where it reads the person's commands."""

    @property
    def width(self) -> int:
        """Characters per line for the numbered list of actions."""
        ...

    def say(self, line: str, style: str = "") -> None:
        """Write a line (or several); ``style`` is a rich style, ignored in plain text."""

    def table(self, body: str) -> None:
        """Show the table."""

    @property
    def table_width(self) -> int | None:
        """The width to pack the table into (a side's melds side by side), or None for one meld a line."""
        ...

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        """Show a score breakdown under a title."""

    def ask(self, prompt: str) -> str:
        """Read one line (at most ``LINE_LIMIT + 1`` characters); raises :class:`EOFError` when nothing more can be read."""
        ...

    def pause(self, prompt: str = "press Enter for the next hand") -> None:
        """Wait until the person has read what is shown (only a person at a terminal needs to): before the next hand,
        or before a hand's score, under its final table; ``prompt`` says what comes next."""

    def close(self) -> None:
        """The session is over: leave the screen as the person should find it."""


class PlainScreen(Screen):
    """Plain text on any streams: what ``canasta play`` uses when standard input is not a terminal, or with ``--plain``.

    ``stdin`` may be None (a closed standard input): the session then ends at
    once. A line read from a pipe or a file is echoed after its prompt (so is
    one typed at a terminal whose output goes to a file, for the transcript);
    at a terminal the person sees what he types, edited with readline
    (:class:`~canasta.play.lines.PersonLines`), and ``words`` are what Tab completes.
    """

    def __init__(self, stdin: TextIO | None, stdout: TextIO, words: Words = ()) -> None:
        self.stdin = stdin
        """Where the person's lines are read (None: a closed standard input)."""
        self.stdout = stdout
        """Where everything is written, as plain text."""
        self.lines = PersonLines(stdin, stdout, words=words)
        """The person's lines: edited at a terminal, read as they come from a pipe."""
        self._echo = not self.lines.editing and not (_is_terminal(stdin) and _is_terminal(stdout))

    @property
    def width(self) -> int:
        if _is_terminal(self.stdout):
            return max(20, shutil.get_terminal_size((text.WIDTH + 1, 24)).columns - 1)
        return text.WIDTH

    @property
    def table_width(self) -> int | None:
        return None

    def say(self, line: str, style: str = "") -> None:
        self.stdout.write(printable(line) + "\n")

    def table(self, body: str) -> None:
        self.stdout.write("\n" + printable(body) + "\n")

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        self.stdout.write(printable(f"\n{title}\n{text.format_rows(rows)}") + "\n")

    def ask(self, prompt: str) -> str:
        try:
            line = self.lines.read(prompt)
        except EOFError:
            self.stdout.write("\n")
            raise
        if self._echo:
            self.stdout.write(shown_input(line) + "\n")
        return line

    def pause(self, prompt: str = "press Enter for the next hand") -> None:
        return None

    def close(self) -> None:
        self.lines.close()
        self.stdout.flush()


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):
        return False


LOG_ITEMS = 400
"""Lines and score tables the terminal screen keeps for its redraw; only the newest that fit are shown."""


MIN_LINES = 4
"""Rows the terminal screen keeps for the latest lines under the table; a table taller than that leaves is cut in the middle."""


class RichScreen(Screen):
    """Colour and layout in a terminal; the words are those of :mod:`canasta.play.text`.

    At every prompt the screen is cleared and redrawn in place on the
    terminal's alternate screen: the table at the top, packed to the
    terminal's width, its first lines (the scores and the target, the stock
    and the pile, frozen or not and why) always shown, then as many of the
    latest lines (the other seats' actions, the numbered list, answers to
    commands) as fit, then the prompt. Lines said since the last prompt that
    do not fit under the table are shown first, a page at a time under those
    first lines, each page waiting for Enter: the other seats' turns, the
    rules, the score of a hand. A table taller than the screen leaves room for
    is cut in the middle, its first lines and the hands kept. Nothing piles up
    in the scrollback; when the session ends the alternate screen is left and
    the last table and lines are printed once, where the person's shell
    continues. A transcript is what ``--plain`` is for.
    """

    def __init__(self, console: Console | None = None, words: Words = ()) -> None:
        from rich.console import Console
        from rich.highlighter import RegexHighlighter
        from rich.theme import Theme

        class CardHighlighter(RegexHighlighter):
            base_style = "card."
            highlights = [  # noqa: RUF012 (rich reads a class attribute)
                r"(?<![\w-])(?P<red>[2-9TJQKA][HD])(?![\w-])",
                r"(?<![\w-])(?P<black>[2-9TJQKA][CS])(?![\w-])",
                r"(?<![\w-])(?P<joker>JK)(?![\w-])",
                r"(?P<good>(?:natural|mixed|pure wild|wild) canasta)",
                r"(?P<warn>frozen:|not opened|^! )",
            ]

        theme = Theme(
            {
                "card.red": "bold red",
                "card.black": "bold",
                "card.joker": "bold magenta",
                "card.good": "green",
                "card.warn": "yellow",
            }
        )
        self.console = console or Console(highlighter=CardHighlighter(), theme=theme)
        """The rich console drawn on (a test may give its own)."""
        self.lines = PersonLines(sys.stdin, sys.stdout, words=words)
        """The person's lines, from standard input: edited with readline at a terminal."""
        self._table: list[str] = []
        self._log: deque[RenderableType] = deque(maxlen=LOG_ITEMS)
        self._fresh = 0
        self._table_new = False
        self._alternate = False

    @property
    def width(self) -> int:
        return max(20, self.console.width - 1)

    @property
    def table_width(self) -> int | None:
        return self.width

    def say(self, line: str, style: str = "") -> None:
        self._log.append(self.console.render_str(printable(line), style=style, markup=False, highlight=True))
        self._fresh += 1

    def table(self, body: str) -> None:
        self._table = printable(body).split("\n")
        self._table_new = True

    def table_again(self, body: str) -> None:
        """``table`` at the prompt: the whole table among the lines, paged if need be, since the one on top may be cut."""
        self.table(body)
        self.say(body)

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        from rich.table import Table

        grid = Table(title=printable(title), title_justify="left")
        for i, cell in enumerate(rows[0]):
            grid.add_column(printable(cell), justify="left" if i == 0 else "right")
        for row in rows[1:]:
            grid.add_row(*(printable(cell) for cell in row), style="bold" if row[0] in ("hand total", "match total") else None)
        self._log.append(grid)
        self._fresh += 1

    def ask(self, prompt: str) -> str:
        self._show(table=True)
        line = self._read(prompt)
        if len(line) > LINE_LIMIT:
            line = line[: LINE_LIMIT + 1]
        self.say(prompt + shown_input(line), "dim")
        return line

    def pause(self, prompt: str = "press Enter for the next hand") -> None:
        if self._show(table=self._table_new, last=prompt):
            self._read(prompt, style="dim")

    def close(self) -> None:
        self.lines.close()
        if self._alternate:
            self.console.set_alt_screen(False)
            self._alternate = False
        self._frame(self.console.size.height - 1)

    def _read(self, prompt: str, style: str = "bold cyan") -> str:
        """One line after ``prompt``: readline draws the prompt where it edits the line, else the console does."""
        if self.lines.editing:
            shown = self.console.render_str(printable(prompt), style=style)
            with self.console.capture() as captured:
                self.console.print(shown, end="")
            return self.lines.read(_invisible_escapes(captured.get()))
        self.console.print(self.console.render_str(printable(prompt), style=style), end="")
        self.console.file.flush()
        return self.lines.read("")

    def _rendered(self, item: RenderableType) -> list[list[Segment]]:
        return self.console.render_lines(item, self.console.options, pad=False)

    def _parts(self, height: int, least: int = MIN_LINES) -> tuple[list[list[Segment]], list[list[Segment]]]:
        """The table's first lines (the state, the scores, the target; the stock and the pile), and the rest of it,
        cut in the middle where it would leave fewer than ``least`` rows of ``height`` for the latest lines."""
        console = self.console
        head = self._rendered(console.render_str("\n".join(self._table[:1]), style="bold reverse", highlight=False))
        head += self._rendered(console.render_str("\n".join(self._table[1:2]), highlight=True))
        body = self._rendered(console.render_str("\n".join(self._table[2:]), highlight=True)) if len(self._table) > 2 else []
        room = height - len(head) - 1 - least
        if len(body) > room:
            keep = max(room - 1, 0)
            top = keep // 3
            tail = keep - top
            cut = len(body) - keep
            marker = self._rendered(
                console.render_str(f"  ... {cut} lines of the table not shown here: type table to see them all", style="dim")
            )
            body = body[:top] + marker + (body[-tail:] if tail else [])
        return head, body

    def _latest(self, count: int) -> list[list[Segment]]:
        """The rendered lines of the newest ``count`` items of the log."""
        shown: list[list[Segment]] = []
        for item in list(self._log)[-count:] if count else []:
            shown += self._rendered(item)
        return shown

    def _show(self, *, table: bool, last: str = "") -> bool:
        """Page through the lines said since the last prompt that do not fit under the table, then draw the frame.

        With ``table`` False (a pause under a table already seen, where it is not
        needed to answer) the last page asks ``last`` itself, and no frame
        follows: False then says the question was asked. True: the frame is
        drawn, for the caller to ask.
        """
        self._table_new = False
        console = self.console
        height = console.size.height - 1
        least = MIN_LINES if not last else 1  # under a pause, the table is what is to be read
        head, body = self._parts(height, least)
        room = height - len(head) - len(body) - 1
        fresh = self._latest(self._fresh)
        self._fresh = 0
        page = max(height - len(head) - 1, 1)
        start = 0
        while len(fresh) - start > room:
            self._clear()
            chunk = fresh[start : start + page]
            start += len(chunk)
            console.print(_segments([*head, self._rule(), *chunk]))
            left = len(fresh) - start
            if not left and not table:
                self._read(last, style="dim")
                return False
            self._read(f"-- {left} more lines: press Enter --" if left else "-- press Enter for the table --", style="dim reverse")
        self._clear()
        self._frame(height, least)
        return True

    def _rule(self) -> list[Segment]:
        from rich.segment import Segment

        return [Segment("\u2500" * self.width, self.console.get_style("dim"))]

    def _clear(self) -> None:
        """Clear the terminal: its alternate screen, which keeps no scrollback."""
        if not self._alternate:
            self._alternate = self.console.set_alt_screen(True)
        self.console.clear()

    def _frame(self, height: int, least: int = MIN_LINES) -> None:
        """The table, then the newest lines that fit in ``height`` rows."""
        head, body = self._parts(height, least) if self._table else ([], [])
        room = max(height - len(head) - len(body) - (1 if self._table else 0), 1)
        shown: list[list[Segment]] = []
        for item in reversed(self._log):
            shown[:0] = self._rendered(item)
            if len(shown) >= room:
                break
        rule = [self._rule()] if self._table else []
        self.console.print(_segments([*head, *body, *rule, *shown[-room:]]))


def _invisible_escapes(prompt: str) -> str:
    """A prompt with its escape sequences marked for readline (``\\x01 ... \\x02``), so it counts only what shows."""
    import re

    return re.sub(r"(\x1b\[[0-9;]*m)", "\x01\\1\x02", prompt)


def _segments(lines: Sequence[Sequence[Segment]]) -> object:
    from rich.segment import Segments

    return Segments(_joined(lines))


def _joined(lines: Sequence[Sequence[Segment]]) -> list[Segment]:
    """Rendered lines as one run of segments, each line ended by a line break."""
    from rich.segment import Segment

    out: list[Segment] = []
    for line in lines:
        out.extend(line)
        out.append(Segment.line())
    return out


__all__ = ["LOG_ITEMS", "MIN_LINES", "PlainScreen", "RichScreen", "Screen"]
