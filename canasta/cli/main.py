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

Stopping is no error either: Ctrl-C (SIGINT) ends a command with exit code
130, SIGTERM with 143 and SIGHUP with 129, silently, from the moment
:func:`main` starts (:mod:`canasta.cli.stopping`): a simulation stops its
worker processes on the way out instead of leaving them behind. Output that
cannot be written (a full disk, ``> /dev/full``) is an error too: its reason
on stderr and exit code 2, also for ``--help`` and ``--version``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from ..errors import CanastaError, VariantError, printable
from . import (
    USAGE_ERROR,
    CommandError,
    Parser,
    Subparsers,
    compare_cmd,
    play_cmd,
    print_problems,
    scenarios_cmd,
    score_cmd,
    show_help,
    shown_lines,
    simulate_cmd,
    variants_cmd,
)
from .startup import started
from .stopping import Stopped, exit_code, stop_signals

Registrar = Callable[[Subparsers], None]
"""A command module's ``register`` function."""

REGISTRARS: tuple[Registrar, ...] = (
    variants_cmd.register,
    scenarios_cmd.register,
    simulate_cmd.register,
    compare_cmd.register,
    play_cmd.register,
    score_cmd.register,
)
"""The command groups, in the order ``canasta --help`` lists them."""


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("canasta")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "unknown"


def version_text() -> str:
    """``canasta 0.1.0 (compiled engine, mypyc)`` or ``canasta 0.1.0 (pure-Python engine)``: what ``--version`` prints."""
    from ..core import COMPILED

    build = "compiled engine, mypyc" if COMPILED else "pure-Python engine"
    return f"canasta {_version()} ({build})"


class _VersionAction(argparse.Action):
    """``--version``: print :func:`version_text` and exit; the engine is imported only when it is asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None
    ) -> None:
        print(version_text())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The top-level ``canasta`` parser with every command group registered."""
    parser = Parser(
        prog="canasta",
        description="Canasta played by the rules of any federation, club or household: the rules are a TOML variant profile.",
    )
    parser.add_argument("--version", action=_VersionAction, help="print the version and which engine build runs, then exit")
    parser.set_defaults(handler=show_help(parser))
    commands = cast(Subparsers, parser.add_subparsers(title="commands", metavar="COMMAND"))  # its parsers are Parsers too
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


@contextmanager
def _usable_streams() -> Iterator[None]:
    """stdout and stderr that take any text: a closed one (``canasta ... >&-``) writes nowhere, and a console that
    cannot encode a character (``−``, ``±``, ``§`` on a Latin-1 terminal) gets its escape instead of an error."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process
    changed = []
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
            try:
                stream.reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                continue
            changed.append(stream)
    try:
        yield
    finally:
        for stream in changed:
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(errors="strict")


def main(argv: list[str] | None = None) -> int:
    """Run the ``canasta`` command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    with stop_signals():
        try:
            with _usable_streams():
                return _main(argv)
        except KeyboardInterrupt:
            return exit_code(signal.SIGINT)
        except Stopped as stop:
            return exit_code(stop.signum)


def _flush_stdout() -> None:
    """Write out what the command printed, so a full disk is this command's error, not a complaint at exit."""
    try:
        sys.stdout.flush()
    except OSError:
        _silence_stdout()  # what could not be written is dropped, so the flush at exit does not fail again
        raise


def _drop_unwritable_stdout() -> None:
    """After an error: if stdout cannot take what is buffered for it, drop that, so Python does not complain at exit."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _silence_stdout()


def _main(argv: list[str] | None) -> int:
    try:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version, or a usage error argparse has printed
            code = _exit_code(exc)
        else:
            handler: Callable[[argparse.Namespace], int] = args.handler
            code = handler(args)
        _flush_stdout()
        return code
    except VariantError as exc:
        print_problems(exc.problems)
        return USAGE_ERROR
    except (CommandError, CanastaError) as exc:
        print(shown_lines(printable(f"canasta: {exc}")), file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except OSError as exc:
        _drop_unwritable_stdout()
        where = f"{exc.filename}: " if exc.filename else ""
        print(shown_lines(printable(f"canasta: {where}{exc.strerror or exc}")), file=sys.stderr)
        return USAGE_ERROR


started()
