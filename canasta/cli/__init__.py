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
import sys
from collections.abc import Callable, Iterable
from typing import TextIO, TypeAlias

from ..errors import Problem

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What a command module's ``register`` receives: the ``add_subparsers()`` object of its parent parser."""

USAGE_ERROR = 2
"""Exit code for bad input: a bad profile, a missing file, an unknown name, a bad option (argparse uses 2 too)."""


class CommandError(Exception):
    """Bad input that is not a profile problem, e.g. an unknown output format. The message is shown as is."""


def print_problems(problems: Iterable[Problem], *, source: str = "", file: TextIO | None = None) -> None:
    """Print each problem on its own line, ``source: key.path: message``, to stderr by default.

    ``source`` fills in the file name for problems that do not carry one.
    """
    out = file if file is not None else sys.stderr
    for problem in problems:
        shown = problem if problem.source or not source else Problem(path=problem.path, message=problem.message, source=source)
        print(shown, file=out)


def show_help(parser: argparse.ArgumentParser) -> Callable[[argparse.Namespace], int]:
    """A handler for a command group called without a subcommand: print its help to stderr and fail."""

    def handler(_: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return USAGE_ERROR

    return handler
