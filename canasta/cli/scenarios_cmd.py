"""``canasta scenarios run PATH...``: run rule-conformance scenario files against the engine.

By default it prints only the failures, then the closing line
``N passed, N failed``; ``-v`` also prints an ``ok`` line per passing scenario.
Exit codes: 0 when every scenario passed, 1 if any failed, 2 if any file was
malformed (each named on stderr with every problem, never a traceback).
"""

from __future__ import annotations

import argparse
import sys

from ..errors import printable
from . import USAGE_ERROR, CommandError, Subparsers, show_help, shown_lines


def register(commands: Subparsers) -> None:
    """Add ``canasta scenarios`` to the top-level parser."""
    parser = commands.add_parser(
        "scenarios",
        help="run rule-conformance scenario files",
        description="Run scenario files (a position plus steps with expected outcomes) against the engine.",
    )
    parser.set_defaults(handler=show_help(parser))
    sub = parser.add_subparsers(title="subcommands", metavar="SUBCOMMAND")
    p = sub.add_parser("run", help="run the scenarios in these files and folders")
    p.add_argument("paths", metavar="PATH", nargs="+", help="a scenario .toml file or a folder of them")
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("-v", "--verbose", action="store_true", help="print a line for every scenario, passed or failed")
    shown.add_argument("-q", "--quiet", action="store_true", help="print only failures and the closing line (the default)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from canasta.scenarios import format_failure, run_paths

    if any(not path for path in args.paths):
        raise CommandError("scenarios run: an empty path names no file or folder; give a scenario .toml file or a folder of them")
    summary = run_paths(args.paths)
    for exc in summary.malformed:
        where = exc.location or "scenario file"
        for problem in exc.problems:
            print(shown_lines(printable(f"{where}: {problem}")), file=sys.stderr)
    for result in summary.results:
        if not result.passed:
            print(printable(format_failure(result)))
        elif args.verbose:
            print(printable(f"ok   {result.scenario.name}: {result.scenario.title}"))
    print(f"{summary.passed} passed, {summary.failed} failed")
    if summary.malformed:
        print(f"{len(summary.malformed)} malformed file(s)", file=sys.stderr)
        return USAGE_ERROR
    return 1 if summary.failed else 0
