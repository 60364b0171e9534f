"""``canasta variants``: list, show, validate, diff and schema of variant profiles.

Every command takes a bundled profile name or the path of a ``.toml`` file,
the same references :func:`canasta.load_variant` accepts. Problems with a
profile surface as :class:`canasta.VariantError`, which ``main`` prints one per
line with exit code 2; ``validate`` prints them itself so it can go on to the
next file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import UnsupportedPlayerCount, VariantError, printable, shown_value
from ..textfiles import FORMATS
from . import USAGE_ERROR, CommandError, Subparsers, print_problems, show_help, whole_number

if TYPE_CHECKING:
    from ..variants.schema import Variant

"""The output formats of ``canasta variants diff`` (those of :func:`canasta.variants.diff.format_diff`)."""


def register(commands: Subparsers) -> None:
    """Add ``canasta variants`` and its subcommands to the top-level parser."""
    parser = commands.add_parser(
        "variants",
        help="list, show, validate, compare and describe variant profiles",
        description="Work with variant profiles: the bundled federation profiles and your own house-rule files.",
    )
    parser.set_defaults(handler=show_help(parser))
    sub = parser.add_subparsers(title="subcommands", metavar="SUBCOMMAND")

    p = sub.add_parser("list", help="the bundled profiles with their titles and player counts")
    p.set_defaults(handler=run_list)

    p = sub.add_parser("show", help="print a fully resolved profile as TOML, with its citations")
    p.add_argument("profile", metavar="NAME_OR_FILE", help="a bundled profile name or a .toml file")
    p.set_defaults(handler=run_show)

    p = sub.add_parser("validate", help="check profiles and house-rule files, listing every problem")
    p.add_argument("files", metavar="FILE", nargs="+", help="a .toml file (or a bundled profile name)")
    p.set_defaults(handler=run_validate)

    p = sub.add_parser(
        "diff",
        help="every rule that differs between two profiles, the rules that change play first",
        description="List every rule that differs between two profiles, with the source each cites: a summary first, then "
        "the rules that change play (going out, the opening, the pile, ...), then penalties and procedure, then the metadata.",
    )
    p.add_argument("a", metavar="A", help="a bundled profile name or a .toml file")
    p.add_argument("b", metavar="B", help="a bundled profile name or a .toml file")
    p.add_argument(
        "--players",
        type=whole_number,
        metavar="N",
        help="only the rules as they stand for a table of N players (default: every player count both profiles have rules for)",
    )
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.set_defaults(handler=run_diff)

    p = sub.add_parser(
        "schema",
        help="the JSON Schema of profiles, for editor completion and validation",
        description="Print the draft-07 JSON Schema of variant profiles. Save it next to a house file and make "
        "'#:schema ./canasta-variant.schema.json' the file's first line for completion in Taplo / Even Better TOML.",
    )
    p.add_argument("-o", "--output", metavar="FILE", type=Path, help="write the schema to FILE (UTF-8) instead of stdout")
    p.set_defaults(handler=run_schema)


def player_counts_text(variant: Variant) -> str:
    """The supported player counts, e.g. ``2, 3, 4, 6``."""
    return ", ".join(str(n) for n in variant.player_counts)


def _print_plain(rows: Sequence[tuple[str, str, str]]) -> None:
    """One line per profile, in aligned columns: name, title, player counts."""
    name_w = max((len(r[0]) for r in rows), default=0)
    title_w = max((len(r[1]) for r in rows), default=0)
    for name, title, counts in rows:
        print(f"{name:<{name_w}}  {title:<{title_w}}  players {counts}")


def _print_rich(rows: Sequence[tuple[str, str, str]]) -> bool:
    """A rich table on a terminal, if rich (the ``cli`` extra) is installed; False if it is not."""
    try:
        from rich.console import Console
        from rich.table import Table
    except ImportError:
        return False
    table = Table("Name", "Title", "Players", title="Bundled variant profiles")
    for row in rows:
        table.add_row(*row)
    Console().print(table)
    return True


def run_list(_: argparse.Namespace) -> int:
    """``canasta variants list``: each bundled profile with its title and player counts.

    On a terminal with rich installed this is a table; otherwise (pipes,
    scripts, no rich) exactly one plain line per profile, stable for tools.
    """
    from ..variants import load_variant, variant_names

    rows: list[tuple[str, str, str]] = []
    failed = False
    for name in variant_names():
        try:
            variant = load_variant(name)
        except VariantError as exc:
            print_problems(exc.problems, source=name)
            failed = True
            continue
        rows.append((name, variant.title, player_counts_text(variant)))
    if not (sys.stdout.isatty() and _print_rich(rows)):
        _print_plain(rows)
    return USAGE_ERROR if failed else 0


def run_show(args: argparse.Namespace) -> int:
    """``canasta variants show``: the resolved profile as TOML that loads back to an equal profile."""
    from ..variants.dumping import dumps_variant
    from ..variants.loading import load_variant

    sys.stdout.write(dumps_variant(load_variant(args.profile)))
    return 0


def run_validate(args: argparse.Namespace) -> int:
    """``canasta variants validate``: an OK line per good file, every problem of each bad one; 2 if any is bad."""
    from ..variants.loading import load_variant

    failed = False
    for ref in args.files:
        try:
            variant = load_variant(ref)
        except VariantError as exc:
            print_problems(exc.problems, source=ref)
            failed = True
            continue
        print(f"OK {ref}: {variant.title} (players {player_counts_text(variant)})")
    return USAGE_ERROR if failed else 0


def run_diff(args: argparse.Namespace) -> int:
    """``canasta variants diff``: every rule that differs between A and B, with the sources on each side, the rules that change play first."""
    from ..variants.diff import diff_variants, format_diff
    from ..variants.loading import load_variant

    a, b = load_variant(args.a), load_variant(args.b)
    try:
        text = format_diff(diff_variants(a, b, players=args.players), a, b, fmt=args.format, players=args.players)
    except UnsupportedPlayerCount as exc:
        raise CommandError(f"--players {shown_value(args.players)}: {str(exc).partition(': ')[2]}") from None
    text = _json_printable(text) if args.format == "json" else printable(text)  # a name or a citation from a file may hold escapes
    print(text, end="" if text.endswith("\n") else "\n")
    return 0


def _json_printable(text: str) -> str:
    """JSON text with every character a terminal should not get (U+202E, U+0085, ...) written as its ``\\u`` escape: the same JSON.

    ``json.dumps`` escapes the control characters below U+0020 already; the line breaks between its lines are kept.
    """
    if text.isprintable():
        return text

    def escape(ch: str) -> str:
        if ch == "\n" or ch.isprintable():
            return ch
        code = ord(ch)
        if code > 0xFFFF:
            code -= 0x10000
            return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
        return f"\\u{code:04x}"

    return "".join(escape(ch) for ch in text)


def run_schema(args: argparse.Namespace) -> int:
    """``canasta variants schema``: the JSON Schema, indented by 2, on stdout or in a file."""
    from ..textfiles import UnwritableFileError, write_text
    from ..variants.jsonschema import variant_json_schema

    text = json.dumps(variant_json_schema(), indent=2, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        write_text(args.output, text)
    except UnwritableFileError as exc:  # a missing folder, a folder, a FIFO, a full disk, a NUL byte in the name
        raise CommandError(f"cannot write the schema to {exc.label}: {exc.reason.removeprefix('cannot be written: ')}") from None
    return 0
