"""The ``canasta`` command line, and the small pieces every command module shares.

:func:`canasta.cli.main.main` builds the parser from one module per command
group (variants, scenarios, simulate, compare, play); what ``simulate`` and ``compare`` share (their run
options, output formats, progress bar and report output) is :mod:`canasta.cli.options`. A command reports bad input by raising :class:`CommandError` or
:class:`canasta.VariantError`; ``main`` turns either into messages on stderr and
exit code 2, so a user never sees a traceback for a mistake of theirs. Every
message is printable and each of its lines at most :data:`LINE_LIMIT`
characters, whatever the user typed.

The package needs nothing beyond the library; ``rich`` (the ``cli`` extra) is
imported only inside the commands that use it, and only when installed.
"""

from __future__ import annotations

from . import startup  # noqa: F401 - first: Ctrl-C while the rest of the command line is imported ends it quietly

# isort: split
import argparse
import contextlib
import difflib
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO, TypeAlias

from ..errors import Problem, printable

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What a command module's ``register`` receives: the ``add_subparsers()`` object of its parent parser."""

USAGE_ERROR = 2
"""Exit code for bad input: a bad profile, a missing file, an unknown name, a bad option (argparse uses 2 too)."""


LINE_LIMIT = 1000
"""The most characters of one line of an error message: a value typed by the user is cut, never printed in full."""

_CHOICE = re.compile(r"invalid choice: '(?P<given>.*)' \(choose from (?P<choices>.*)\)$")
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (?P<given>.*)$")
_DEEPEST = "_canasta_parser"
"""The namespace attribute naming the innermost (sub)parser that parsed the command line."""


def _option_strings(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every option string of ``parser`` and of its subcommands' parsers."""
    for action in parser._actions:
        yield from action.option_strings
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _option_strings(sub)


def _commands(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """``parser`` and every parser of its subcommands, depth first."""
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):  # an alias maps to the same parser
                yield from _commands(sub)


def did_you_mean(parser: argparse.ArgumentParser, message: str) -> str:
    """``"; did you mean 'simulate'?"`` for an argparse error about a misspelt choice or option of ``parser``, else ``""``."""
    if match := _CHOICE.search(message):
        given, candidates = match["given"], re.findall(r"'([^']*)'", match["choices"])
    elif match := _UNRECOGNIZED.search(message):
        given = next((word.split("=", 1)[0] for word in match["given"].split() if word.startswith("--")), "")
        candidates = sorted(set(_option_strings(parser)))
    else:
        return ""
    close = difflib.get_close_matches(given.lower(), candidates, n=1) if given else []
    return f"; did you mean {close[0]!r}?" if close else ""


def unrecognized_hint(root: argparse.ArgumentParser, parser: argparse.ArgumentParser, extras: list[str]) -> str:
    """What to write instead of arguments that ``parser`` (a command of ``root``) does not take.

    An option of another command is said to be one (``compare`` has no
    ``--out``); a misspelt option gets the closest of this command's own; a
    word where the command takes none, when the command takes ``--variant``,
    is shown as ``--variant WORD``.
    """
    option = next((word.split("=", 1)[0] for word in extras if word.startswith("-") and word != "-"), None)
    own = sorted(set(_option_strings(parser)))
    name = parser.prog.split(" ", 1)[-1]
    if option is not None:
        elsewhere = [
            other.prog for other in _commands(root) if other is not parser and any(option in a.option_strings for a in other._actions)
        ]
        if elsewhere and option not in own:
            return f"; {name} has no {option} option (it is one of {', '.join(elsewhere)})"
        close = difflib.get_close_matches(option.lower(), own, n=1)
        return f"; did you mean {close[0]!r}?" if close else ""
    if "--variant" in own:
        return f"; to choose the profile, write --variant {extras[0]}"
    return ""


def one_line(text: str, limit: int = LINE_LIMIT) -> str:
    """``text`` as one printable line: every control character (a newline too) written as its escape, cut to ``limit`` characters."""
    shown = printable(text, newlines=False)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def shown_lines(text: str, limit: int = LINE_LIMIT) -> str:
    """A message of one or more lines for stderr: each line printable and cut to ``limit`` characters."""
    return "\n".join(one_line(line, limit) for line in text.split("\n"))


class Parser(argparse.ArgumentParser):
    """argparse's parser, with usage errors that are one printable line and name the closest command, choice or option.

    Arguments a subcommand does not take are reported by that subcommand (its
    usage, its options), not by the top-level parser as argparse does.
    """

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if not hasattr(parsed, _DEEPEST):  # the innermost parser returns first
            setattr(parsed, _DEEPEST, self)
        return parsed, extras

    def parse_args(self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None) -> argparse.Namespace:  # type: ignore[override]
        parsed, extras = self.parse_known_args(args, namespace)
        deepest = getattr(parsed, _DEEPEST, self)
        with contextlib.suppress(AttributeError):
            delattr(parsed, _DEEPEST)
        if extras:
            parser = deepest if isinstance(deepest, Parser) else self
            parser.fail(f"unrecognized arguments: {' '.join(extras)}" + unrecognized_hint(self, parser, extras))
        return parsed

    def error(self, message: str) -> NoReturn:
        hint = did_you_mean(self, message)
        if not hint and "arguments are required: --variant" in message:
            hint = "; name the profile with --variant, e.g. --variant finnish"
        self.fail(message + hint)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse's printing, except that help or a version that cannot be written to stdout (a full disk) is an error, not silence."""
        if file is not None and file is sys.stdout:
            if message:
                file.write(message)
            return
        super()._print_message(message, file)

    def fail(self, message: str) -> NoReturn:
        """Print the usage and ``message`` (escaped, cut to one line) to stderr, and exit with code 2."""
        self.print_usage(sys.stderr)
        self.exit(USAGE_ERROR, f"{self.prog}: error: {one_line(message)}\n")


def whole_number(text: str) -> int:
    """An argparse ``type``: a whole number as typed; argparse's own error (exit 2) for anything else, a number of thousands of digits too."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {one_line(repr(text), 30)}") from None


def positive_number(text: str) -> int:
    """An argparse ``type``: a whole number of at least 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1, got {value}")
    return value


class CommandError(Exception):
    """Bad input that is not a profile problem, e.g. an unknown output format. The message is shown as is."""


def print_problems(problems: Iterable[Problem], *, source: str = "", file: TextIO | None = None) -> None:
    """Print each problem on its own line, ``source: key.path: message``, to stderr by default.

    ``source`` fills in the file name for problems that do not carry one. What
    the user typed (a path, a name) may hold control characters; they are
    printed escaped.
    """
    out = file if file is not None else sys.stderr
    for problem in problems:
        shown = problem if problem.source or not source else Problem(path=problem.path, message=problem.message, source=source)
        print(shown_lines(printable(str(shown))), file=out)


def show_help(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """A handler for a command group called without a subcommand: print its help to stderr and fail."""

    def handler(_: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return USAGE_ERROR

    return handler
