"""The ``canasta`` entry point: builds the parser from the command modules and guards the command boundary.

Each command group lives in its own module with a ``register(subparsers)``
function that adds its parser and sets a ``handler(args) -> int`` default. To
add a group (scenarios, simulate, compare, play), write its module and append
its ``register`` to :data:`REGISTRARS`; nothing else here changes. Handlers
keep heavy imports inside themselves, so ``canasta --help`` stays fast.

Bad input never produces a traceback: :class:`canasta.VariantError`,
:class:`CommandError`, any other :class:`canasta.CanastaError` (a bad record, position or
scenario, an unsupported player count) and :class:`OSError` are caught here and printed to
stderr, one problem per line, with exit code 2. Anything else is a bug in
canasta and is allowed to show its traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from importlib import metadata

from ..errors import CanastaError, VariantError
from . import (
    USAGE_ERROR,
    CommandError,
    Subparsers,
    compare_cmd,
    play_cmd,
    print_problems,
    scenarios_cmd,
    show_help,
    simulate_cmd,
    variants_cmd,
)

Registrar = Callable[[Subparsers], None]
"""A command module's ``register`` function."""

REGISTRARS: tuple[Registrar, ...] = (
    variants_cmd.register,
    scenarios_cmd.register,
    simulate_cmd.register,
    compare_cmd.register,
    play_cmd.register,
)
"""The command groups, in the order ``canasta --help`` lists them."""


def _version() -> str:
    try:
        return metadata.version("canasta")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


def version_text() -> str:
    """``canasta 0.1.0 (compiled engine, mypyc)`` or ``canasta 0.1.0 (pure-Python engine)``: what ``--version`` prints."""
    from ..core import COMPILED

    build = "compiled engine, mypyc" if COMPILED else "pure-Python engine"
    return f"canasta {_version()} ({build})"


def build_parser() -> argparse.ArgumentParser:
    """The top-level ``canasta`` parser with every command group registered."""
    parser = argparse.ArgumentParser(
        prog="canasta",
        description="Canasta played by the rules of any federation, club or household: the rules are a TOML variant profile.",
    )
    parser.add_argument("--version", action="version", version=version_text(), help="print the version and which engine build runs, then exit")
    parser.set_defaults(handler=show_help(parser))
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for register in REGISTRARS:
        register(commands)
    return parser


def _exit_code(exc: SystemExit) -> int:
    """The exit code argparse asked for (0 after --help, 2 after a usage error)."""
    if exc.code is None:
        return 0
    return exc.code if isinstance(exc.code, int) else USAGE_ERROR


def _silence_stdout() -> None:
    """After a broken pipe (``canasta variants schema | head``), stop Python complaining when it flushes stdout at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout without a real file descriptor
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the ``canasta`` command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return _exit_code(exc)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except VariantError as exc:
        print_problems(exc.problems)
        return USAGE_ERROR
    except CommandError as exc:
        print(f"canasta: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except CanastaError as exc:
        print(f"canasta: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"canasta: {where}{exc.strerror or exc}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        return 130
