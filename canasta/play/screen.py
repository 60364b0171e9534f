"""The screens of ``canasta play`` and the loop that reads the person's commands.

:class:`PlainScreen` reads lines from any text stream and writes plain text,
echoing each command after its prompt so a piped session reads as a
transcript. :class:`RichScreen` is used only in a terminal: the same words,
with colour and panels from ``rich`` (the ``cli`` extra), imported only there.
:func:`run_session` plays a :class:`~canasta.play.session.Match` to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from canasta.core.actions import Action
from canasta.errors import IllegalActionError, NotationError

from . import text
from .session import Match, Report

if TYPE_CHECKING:
    from rich.console import Console

INTERRUPTED = 130
"""The exit code after Ctrl-C, as shells report a SIGINT."""


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
        """Read one command; raises :class:`EOFError` at the end of input."""
        ...

    def pause(self) -> None:
        """Wait before the next hand (only a person at a terminal needs to)."""


class PlainScreen(Screen):
    """Plain text on any streams: what ``canasta play`` uses when standard input is not a terminal."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin = stdin
        self.stdout = stdout

    @property
    def width(self) -> int:
        return text.WIDTH

    def say(self, line: str, style: str = "") -> None:
        self.stdout.write(line + "\n")

    def table(self, body: str) -> None:
        self.stdout.write("\n" + body + "\n")

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        self.stdout.write(f"\n{title}\n{text.format_rows(rows)}\n")

    def ask(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        self.stdout.write(line + "\n")
        return line

    def pause(self) -> None:
        return None


class RichScreen(Screen):
    """Colour and layout in a terminal; the words are those of :mod:`canasta.play.text`."""

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
                r"(?P<good>natural canasta|mixed canasta)",
                r"(?P<warn>frozen:|not opened)",
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

    @property
    def width(self) -> int:
        return max(20, self.console.width - 1)

    def say(self, line: str, style: str = "") -> None:
        self.console.print(line, style=style or None, highlight=True, markup=False)

    def table(self, body: str) -> None:
        from rich.panel import Panel

        head, _, rest = body.partition("\n")
        self.console.print(Panel(self.console.render_str(rest, markup=False), title=head.strip("= "), title_align="left"))

    def scores(self, title: str, rows: Sequence[Sequence[str]]) -> None:
        from rich.table import Table

        grid = Table(title=title, title_justify="left")
        for i, cell in enumerate(rows[0]):
            grid.add_column(cell, justify="left" if i == 0 else "right")
        for row in rows[1:]:
            grid.add_row(*row, style="bold" if row[0] in ("hand total", "match total") else None)
        self.console.print(grid)

    def ask(self, prompt: str) -> str:
        return self.console.input(f"[bold cyan]{prompt}[/]")

    def pause(self) -> None:
        self.console.input("[dim]press Enter for the next hand[/]")


def _where(match: Match) -> str:
    view = match.view()
    scores = ", ".join(f"side {s} {t}" for s, t in enumerate(view.scores))
    return f"in hand {view.hand_number}; scores before this hand: {scores}"


def _show_reports(match: Match, screen: Screen, reports: Sequence[Report]) -> None:
    """One line per action, then the score breakdown at the end of a hand and the result at the end of the match."""
    view = match.view()
    for report in reports:
        for line in text.action_lines(view, report.seat, report.action, report.events):
            screen.say(line, "dim" if report.seat != match.seat else "")
        ended = report.hand_ended
        if ended is not None:
            screen.scores(text.hand_end_title(view, ended), text.score_table(view, ended.scores, ended.totals))
        final = report.match_ended
        if final is not None:
            screen.say("")
            screen.say(text.match_result(view, final, match.game.hand_number), "bold")
        elif ended is not None:
            screen.pause()
            screen.say("")
            for line in text.deal_lines(view, report.events):
                screen.say(line)


def _explain(match: Match, screen: Screen, arg: str) -> None:
    """``? <action>``: why the action is illegal, with the rule key and its source section."""
    if not arg:
        screen.say("write ? followed by an action, e.g.  ? discard 7")
        return
    legal = match.view().legal_actions
    if arg.isdigit():
        number = int(arg)
        if 1 <= number <= len(legal):
            screen.say(f"{number} ({legal[number - 1]}) is legal now")
        else:
            screen.say(f"there is no action numbered {number}; the list runs from 1 to {len(legal)}")
        return
    found = match.explain(arg)
    if found is None:
        screen.say(f"{arg.strip()} is legal now")
    elif isinstance(found, NotationError):
        screen.say(f"cannot read that action: {found}", "red")
    else:
        screen.say(f"{found.action} is illegal: {found.reason}", "red")
        screen.say(f"  rule: {found.rule}   source: {found.source or 'the general rules of play'}")


def _hint(match: Match, screen: Screen) -> None:
    action = match.hint()
    if action is None:
        screen.say("no hint: the heuristic bot is not installed")
        return
    legal = match.view().legal_actions
    number = legal.index(action) + 1 if action in legal else 0
    screen.say(f"hint: {action}" + (f"   (number {number})" if number else ""), "green")


def _play(match: Match, screen: Screen, command: str) -> bool:
    """Play an action given by its number or text; True if it was played."""
    legal = match.view().legal_actions
    if command.isdigit():
        number = int(command)
        if not 1 <= number <= len(legal):
            screen.say(f"there is no action numbered {number}; choose 1 to {len(legal)}", "red")
            return False
        chosen: Action | str = legal[number - 1]
    else:
        chosen = command
    try:
        report = match.play(chosen)
    except NotationError as exc:
        screen.say(f"cannot read that: {exc}. Type help for the commands.", "red")
        return False
    except IllegalActionError as exc:
        screen.say(f"illegal: {exc.reason}  [rule {exc.rule}, {exc.source}]  (? {exc.action} explains; the game is unchanged)", "red")
        return False
    _show_reports(match, screen, [report])
    return True


def _turn(match: Match, screen: Screen) -> bool:
    """Show the table, then read commands until the person plays an action (True) or quits (False)."""
    view = match.view()
    screen.table(text.table_text(view, match.frozen_reason))
    screen.say(text.prompt_heading(view), "bold")
    screen.say(text.numbered(view.legal_actions, screen.width))
    while True:
        command = " ".join(screen.ask("> ").split())
        word = command.lower()
        if not command:
            continue
        if word in ("quit", "exit", "q"):
            screen.say(f"you left the match {_where(match)}")
            return False
        if word in ("help", "h"):
            screen.say(text.HELP)
        elif word == "rules":
            screen.say(text.rules_text(view.variant, view.players))
        elif word == "hint":
            _hint(match, screen)
        elif word == "table":
            screen.table(text.table_text(view, match.frozen_reason))
            screen.say(text.numbered(view.legal_actions, screen.width))
        elif word == "pile":
            screen.say(text.discards_text(view))
        elif command.startswith("?"):
            _explain(match, screen, command[1:].strip())
        elif _play(match, screen, command):
            return True


def run_session(match: Match, screen: Screen, intro: Sequence[str] = ()) -> int:
    """Play ``match`` to its end on ``screen``; the exit code (0 also after quit or the end of input, 130 after Ctrl-C)."""
    for line in intro:
        screen.say(line)
    try:
        while True:
            _show_reports(match, screen, match.advance())
            if match.is_over:
                return 0
            if not _turn(match, screen):
                return 0
    except EOFError:
        screen.say(f"end of input: the match stops here, {_where(match)}")
        return 0
    except KeyboardInterrupt:
        screen.say("")
        screen.say(f"interrupted: the match stops here, {_where(match)}")
        return INTERRUPTED


__all__ = ["INTERRUPTED", "PlainScreen", "RichScreen", "Screen", "run_session"]
