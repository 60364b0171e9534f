"""The ``canasta`` command line, and the small pieces every command module shares.

:func:`canasta.cli.main.main` builds the parser from one module per command
group (``variants_cmd`` now; scenarios, simulate, compare and play later). A
command reports bad input by raising :class:`CommandError` or
:class:`canasta.VariantError`; ``main`` turns either into messages on stderr and
exit code 2, so a user never sees a traceback for a mistake of theirs.

The package needs nothing beyond the library; ``rich`` (the ``cli`` extra) is
imported only inside the commands that use it, and only when installed.
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import NoReturn, TextIO, TypeAlias

from ..errors import Problem

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What a command module's ``register`` receives: the ``add_subparsers()`` object of its parent parser."""

USAGE_ERROR = 2
"""Exit code for bad input: a bad profile, a missing file, an unknown name, a bad option (argparse uses 2 too)."""


_CHOICE = re.compile(r"invalid choice: '(?P<given>.*)' \(choose from (?P<choices>.*)\)$")
_UNRECOGNIZED = re.compile(r"unrecognized arguments: (?P<given>.*)$")


def _option_strings(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every option string of ``parser`` and of its subcommands' parsers."""
    for action in parser._actions:
        yield from action.option_strings
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _option_strings(sub)


def did_you_mean(parser: argparse.ArgumentParser, message: str) -> str:
    """``"; did you mean 'simulate'?"`` for an argparse error about a misspelt choice or option, else ``""``."""
    if match := _CHOICE.search(message):
        given, candidates = match["given"], re.findall(r"'([^']*)'", match["choices"])
    elif match := _UNRECOGNIZED.search(message):
        given = next((word.split("=", 1)[0] for word in match["given"].split() if word.startswith("--")), "")
        candidates = sorted(set(_option_strings(parser)))
    else:
        return ""
    close = difflib.get_close_matches(given.lower(), candidates, n=1) if given else []
    return f"; did you mean {close[0]!r}?" if close else ""


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors add the closest name to a misspelt command, choice or option."""

    def error(self, message: str) -> NoReturn:
        super().error(message + did_you_mean(self, message))


class CommandError(Exception):
    """Bad input that is not a profile problem, e.g. an unknown output format. The message is shown as is."""


def printable(text: str) -> str:
    """``text`` with every character a terminal should not get (a NUL, an escape, a lone surrogate) written as its escape."""
    return text if text.isprintable() else "".join(ch if ch.isprintable() or ch == "\n" else ascii(ch)[1:-1] for ch in text)


def print_problems(problems: Iterable[Problem], *, source: str = "", file: TextIO | None = None) -> None:
    """Print each problem on its own line, ``source: key.path: message``, to stderr by default.

    ``source`` fills in the file name for problems that do not carry one. What
    the user typed (a path, a name) may hold control characters; they are
    printed escaped.
    """
    out = file if file is not None else sys.stderr
    for problem in problems:
        shown = problem if problem.source or not source else Problem(path=problem.path, message=problem.message, source=source)
        print(printable(str(shown)), file=out)


def show_help(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """A handler for a command group called without a subcommand: print its help to stderr and fail."""

    def handler(_: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return USAGE_ERROR

    return handler
