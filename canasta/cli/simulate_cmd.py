"""``canasta simulate``: play many seeded hands or matches of one profile with bots, and summarize them.

Also the options, progress bar, plot and output shared with ``canasta compare``
(:mod:`canasta.cli.compare_cmd`). The progress bar (rich) goes to stderr and
only when stderr is a terminal; stdout holds nothing but the result, as
text (a rich table on a terminal, plain otherwise), Markdown or JSON: the
result object's own ``to_json()``. Every path the run writes (``--out``,
``--plot``) is checked before the run starts, so a long run never fails at
its end for a typo.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from . import CommandError, Subparsers, one_line, positive_number, whole_number

if TYPE_CHECKING:
    from canasta.simulation import ComparisonResult, SimulationResult
    from canasta.simulation.report import Block

FORMATS = ("text", "markdown", "json")


def add_run_options(p: argparse.ArgumentParser) -> None:
    """The options every simulation command takes: what to play, with whom, on what."""
    count = p.add_mutually_exclusive_group()
    count.add_argument(
        "--hands",
        type=positive_number,
        metavar="H",
        help="play H single hands, each from a score of zero (default: 1000, at most 1,000,000)",
    )
    count.add_argument("--games", type=positive_number, metavar="G", help="play G whole matches to the target instead (at most 1,000,000)")
    p.add_argument("--players", type=positive_number, default=4, metavar="N", help="players at the table (default: 4)")
    p.add_argument(
        "--bots",
        default="heuristic",
        metavar="NAMES",
        help="bots, comma-separated: one for everyone, one per side or one per seat, e.g. heuristic,random (default: heuristic)",
    )
    p.add_argument(
        "--seed",
        type=whole_number,
        default=0,
        metavar="S",
        help="seed of the run; hand or match i plays from a seed derived from (S, i) (default: 0)",
    )
    p.add_argument(
        "--hand-cap", type=positive_number, metavar="N", help="with --games, cut a match off after N hands (default: 50, at most 1,000)"
    )
    p.add_argument(
        "--workers",
        type=positive_number,
        metavar="W",
        help="local worker processes (default and most: every core; fewer when the work is small)",
    )
    p.add_argument(
        "--scheduler", metavar="ADDRESS", help="run on the Dask cluster whose scheduler is at ADDRESS, e.g. tcp://127.0.0.1:8786"
    )
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument(
        "--plot", metavar="FILE.png", help="draw the distributions of hand length and hand score into FILE.png (needs matplotlib)"
    )


def check_plot(path: str | None) -> None:
    """Fail before the run, not after it: matplotlib must be installed and the name must end in .png (the folder is checked by ``reserved``)."""
    from canasta.simulation.outputs import shown

    if path is None:
        return
    if not path.lower().endswith(".png"):
        raise CommandError(f"--plot {shown(path)}: give a file name ending in .png")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CommandError("--plot needs matplotlib: pip install 'canasta[plot]'") from None


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before the run, options that would lose work: one file for both the plot and the records, a hand cap without matches."""
    from canasta.simulation.outputs import same_file, shown

    out, plot = getattr(args, "out", None), args.plot
    if out is not None and plot is not None and same_file(out, plot):
        raise CommandError(f"--out {shown(out)} and --plot {shown(plot)} name the same file; give each its own")
    if args.hand_cap is not None and args.games is None:
        raise CommandError(
            f"--hand-cap {args.hand_cap}: only whole matches (--games) are cut off after a number of hands; --hands plays single hands"
        )


def quiet_cluster(args: argparse.Namespace) -> None:
    """With ``--scheduler``, keep distributed's log lines (and the tracebacks in them) off stderr until the process ends.

    The library lets them through again when its client closes; the command
    line prints its own one-line error instead, also for anything the client
    logs while Python shuts down.
    """
    if args.scheduler is not None:
        from canasta.simulation.cluster import silence_dask

        silence_dask()


def draw(plot: Callable[[Any, str], None], result: object, path: str) -> None:
    """Write the plot (the plot functions say in one line when the file cannot be written)."""
    plot(result, path)


def register(commands: Subparsers) -> None:
    """Add ``canasta simulate`` to the top-level parser."""
    p = commands.add_parser(
        "simulate",
        help="play many hands or matches of a profile with bots and summarize them",
        description="Play seeded hands or matches of one profile with bots and report hand length, how hands ended, "
        "scores and their parts, canastas, balance between sides and wins, each with a 95% confidence interval.",
    )
    p.add_argument("--variant", required=True, metavar="NAME_OR_FILE", help="a bundled profile name or a .toml file")
    add_run_options(p)
    p.add_argument("--out", metavar="FILE", help="write every game's record to FILE (.toml, .json, or JSON Lines otherwise)")
    p.set_defaults(handler=run)


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A rich progress bar on stderr while the block runs, when stderr is a terminal and rich is installed; else None."""
    if not sys.stderr.isatty():
        yield None
        return
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
    except ImportError:
        yield None
        return
    columns = (
        TextColumn("{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(one_line(label, 60), total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _rich_blocks(blocks: list[Block]) -> bool:
    """Draw report blocks with rich on stdout; False if rich is not installed."""
    try:
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text
    except ImportError:
        return False
    from canasta.simulation.report import Paragraph

    # Text, not str: a profile's name or title from a house file is shown as written, never read as rich markup.

    console = Console()
    for block in blocks:
        if isinstance(block, Paragraph):
            for line in block.lines:
                console.print(line, markup=False, highlight=False)
            console.print()
            continue
        table = Table(title=Text(block.title), caption=Text("\n".join(block.notes)) if block.notes else None, caption_justify="left")
        for i, column in enumerate(block.columns):
            table.add_column(Text(column), justify="left" if i < block.left else "right", no_wrap=i >= block.left)
        for row in block.rows:
            if row.heading:
                table.add_section()
                table.add_row(Text(row.cells[0]), style="bold")
            else:
                table.add_row(*(Text(cell) for cell in row.cells))
        console.print(table)
        console.print()
    return True


def emit(result: SimulationResult | ComparisonResult, fmt: str, *, details: bool = False) -> None:
    """Print a result on stdout: JSON, Markdown, or text (rich tables on a terminal); ``details`` shows every score part of each side."""
    from canasta.simulation.report import comparison_report, render, simulation_report

    if fmt == "text" and sys.stdout.isatty():
        from canasta.simulation import SimulationResult

        blocks = simulation_report(result) if isinstance(result, SimulationResult) else comparison_report(result, details=details)
        if _rich_blocks(blocks):
            return
    sys.stdout.write(render(result, fmt, details=details))


def run_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of ``simulate``/``compare`` that the shared options give."""
    from canasta.simulation import DEFAULT_HAND_CAP

    return {
        "players": args.players,
        "hands": args.hands,
        "games": args.games,
        "bots": args.bots,
        "seed": args.seed,
        "workers": args.workers,
        "hand_cap": DEFAULT_HAND_CAP if args.hand_cap is None else args.hand_cap,
        "scheduler": args.scheduler,
    }


def run(args: argparse.Namespace) -> int:
    """``canasta simulate``: the summary of one profile's run on stdout, and the plot when asked for."""
    from canasta.simulation import simulate
    from canasta.simulation.outputs import reserved

    check_plot(args.plot)
    check_outputs(args)
    quiet_cluster(args)
    with reserved(args.plot, "the plot"):
        with progress_bar(f"simulate {args.variant}") as update:
            result = simulate(args.variant, out=args.out, progress=update, **run_kwargs(args))
        if args.plot is not None:
            from canasta.simulation.plot import plot_simulation

            draw(plot_simulation, result, args.plot)
    emit(result, args.format)
    return 0
