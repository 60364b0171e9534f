"""The screens of ``canasta play``: where the session writes, and where it reads the person's lines.

:class:`PlainScreen` reads lines from any text stream and writes plain text,
echoing each line after its prompt so a piped session reads as a transcript.
:class:`RichScreen` is used only in a terminal: the same words, with colour
and panels from ``rich`` (the ``cli`` extra, imported only there), and the
screen redrawn in place at every prompt instead of growing the scrollback.
Both write every line through :func:`~canasta.play.lines.printable`, so
nothing the person typed or a house profile holds can send a terminal an
escape sequence.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from . import text
from .lines import LINE_LIMIT, printable, read_line, shown_input

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

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        """Show a score breakdown under a title."""

    def ask(self, prompt: str) -> str:
        """Read one line (at most ``LINE_LIMIT + 1`` characters); raises :class:`EOFError` when nothing more can be read."""
        ...

    def pause(self) -> None:
        """Wait before the next hand (only a person at a terminal needs to)."""

    def close(self) -> None:
        """The session is over: leave the screen as the person should find it."""


class PlainScreen(Screen):
    """Plain text on any streams: what ``canasta play`` uses when standard input is not a terminal.

    ``stdin`` may be None (a closed standard input): the session then ends at once.
    """

    def __init__(self, stdin: TextIO | None, stdout: TextIO) -> None:
        self.stdin = stdin
        """Where the person's lines are read (None: a closed standard input)."""
        self.stdout = stdout
        """Where everything is written, as plain text."""

    @property
    def width(self) -> int:
        return text.WIDTH

    def say(self, line: str, style: str = "") -> None:
        self.stdout.write(printable(line) + "\n")

    def table(self, body: str) -> None:
        self.stdout.write("\n" + printable(body) + "\n")

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        self.stdout.write(printable(f"\n{title}\n{text.format_rows(rows)}") + "\n")

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        try:
            line = read_line(self.stdin)
        except EOFError:
            self.stdout.write("\n")
            raise
        self.stdout.write(shown_input(line) + "\n")
        return line

    def pause(self) -> None:
        return None

    def close(self) -> None:
        self.stdout.flush()


LOG_ITEMS = 400
"""Lines and score tables the terminal screen keeps for its redraw; only the newest that fit are shown."""


class RichScreen(Screen):
    """Colour and layout in a terminal; the words are those of :mod:`canasta.play.text`.

    At every prompt the screen is cleared and redrawn in place on the
    terminal's alternate screen: the table in a panel at the top, then as many
    of the latest lines (the other seats' actions, the numbered list, answers
    to commands) as fit, then the prompt. Nothing piles up in the scrollback;
    when the session ends the alternate screen is left and the last table and
    lines are printed once, where the person's shell continues. A transcript is
    what ``--plain`` is for.
    """

    def __init__(self, console: Console | None = None) -> None:
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
        self._table: RenderableType | None = None
        self._log: deque[RenderableType] = deque(maxlen=LOG_ITEMS)
        self._alternate = False

    @property
    def width(self) -> int:
        return max(20, self.console.width - 1)

    def say(self, line: str, style: str = "") -> None:
        self._log.append(self.console.render_str(printable(line), style=style, markup=False, highlight=True))

    def table(self, body: str) -> None:
        from rich.panel import Panel

        head, _, rest = printable(body).partition("\n")
        self._table = Panel(self.console.render_str(rest, markup=False), title=head, title_align="left")

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        from rich.table import Table

        grid = Table(title=printable(title), title_justify="left")
        for i, cell in enumerate(rows[0]):
            grid.add_column(printable(cell), justify="left" if i == 0 else "right")
        for row in rows[1:]:
            grid.add_row(*(printable(cell) for cell in row), style="bold" if row[0] in ("hand total", "match total") else None)
        self._log.append(grid)

    def ask(self, prompt: str) -> str:
        self._redraw()
        line = self.console.input(f"[bold cyan]{prompt}[/]")
        if len(line) > LINE_LIMIT:
            line = line[: LINE_LIMIT + 1]
        self.say(prompt + shown_input(line), "dim")
        return line

    def pause(self) -> None:
        self._redraw()
        self.console.input("[dim]press Enter for the next hand[/]")

    def close(self) -> None:
        if self._alternate:
            self.console.set_alt_screen(False)
            self._alternate = False
        self._draw(self.console.size.height - 1)

    def _redraw(self) -> None:
        """Clear the terminal (its alternate screen, which keeps no scrollback) and draw the table and the latest lines."""
        console = self.console
        if not self._alternate:
            self._alternate = console.set_alt_screen(True)
        console.clear()
        self._draw(console.size.height - 1)

    def _draw(self, height: int) -> None:
        """The table, then the newest lines that fit in ``height`` rows (at least 3)."""
        from rich.segment import Segments

        console = self.console
        options = console.options
        if self._table is not None:
            panel = console.render_lines(self._table, options, pad=False)
            console.print(Segments(_joined(panel)))
            height -= len(panel)
        room = max(3, height)
        shown: list[list[Segment]] = []
        for item in reversed(self._log):
            shown[:0] = console.render_lines(item, options, pad=False)
            if len(shown) >= room:
                break
        if shown:
            console.print(Segments(_joined(shown[-room:])))


def _joined(lines: Sequence[Sequence[Segment]]) -> list[Segment]:
    """Rendered lines as one run of segments, each line ended by a line break."""
    from rich.segment import Segment

    out: list[Segment] = []
    for line in lines:
        out.extend(line)
        out.append(Segment.line())
    return out


__all__ = ["LOG_ITEMS", "PlainScreen", "RichScreen", "Screen"]
