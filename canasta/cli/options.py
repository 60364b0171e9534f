"""What ``canasta simulate`` and ``canasta compare`` share: their run options, the checks made before a run, the progress bar and the output.

The options are read into one :class:`canasta.simulation.RunOptions`
(:func:`run_options`), so the commands call :func:`canasta.simulate` and
:func:`canasta.compare` with typed arguments. The progress bar (rich) goes to
stderr and only when stderr is a terminal; stdout holds nothing but the
result, as text (a rich table on a terminal, plain otherwise), Markdown or
JSON: the result object's own ``to_json()``. Every path the run writes
(``--out``, ``--plot``) is checked before the run starts, so a long run never
fails at its end for a typo.

The simulation package is imported only inside the functions that run a
command, so ``canasta --help`` stays quick.
"""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from canasta.textfiles import FORMATS

from . import CommandError, one_line, positive_number, whole_number
from .stopping import exit_code

if TYPE_CHECKING:
    from canasta.simulation import ComparisonResult, RunOptions, SimulationResult
    from canasta.simulation.options import Progress
    from canasta.simulation.report import Section

__all__ = [
    "FORMATS",
    "Interrupted",
    "add_run_options",
    "check_outputs",
    "check_plot",
    "draw",
    "emit",
    "progress_bar",
    "quiet_cluster",
    "run_options",
]


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


class Interrupted:
    """How far a run got, for the line Ctrl-C prints: ``canasta play`` and ``canasta score`` say they were interrupted, and so do the runs.

    :meth:`following` wraps the progress bar's callback (None when there is none) so the run reports to both.
    """

    def __init__(self, what: str, args: argparse.Namespace) -> None:
        self.what = what
        self.unit, self.units = ("match", "matches") if args.games is not None else ("hand", "hands")
        self.out: str | None = getattr(args, "out", None)
        self.done = 0
        self.total = 0

    def following(self, update: Progress | None) -> Progress:
        """A progress callback that notes how far the run got and passes it on to ``update``."""

        def progress(done: int, total: int) -> None:
            self.done, self.total = done, total
            if update is not None:
                update(done, total)

        return progress

    def say(self) -> int:
        """Print on stderr that the run was interrupted, how far it got and what is not written; the exit code of SIGINT."""
        from canasta.simulation.outputs import shown

        where = f"after {self.done:,} of {self.total:,} {self.units}" if self.total else f"before its first {self.unit}"
        lost = "nothing is reported" + (f" and {shown(self.out)} is not written" if self.out is not None else "")
        print(f"interrupted: the {self.what} stops here, {where}; {lost}", file=sys.stderr)
        return exit_code(signal.SIGINT)


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


def _rich_sections(sections: list[Section]) -> bool:
    """Draw report sections with rich on stdout; False if rich is not installed."""
    try:
        from rich.console import Console
        from rich.table import Table
        from rich.text import Text
    except ImportError:
        return False
    from canasta.simulation.report import Paragraph

    # Text, not str: a profile's name or title from a house file is shown as written, never read as rich markup.

    console = Console()
    for block in sections:
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

        sections = simulation_report(result) if isinstance(result, SimulationResult) else comparison_report(result, details=details)
        if _rich_sections(sections):
            return
    sys.stdout.write(render(result, fmt, details=details))


def run_options(args: argparse.Namespace, progress: Progress | None) -> RunOptions:
    """The run the shared options describe, as the :class:`~canasta.simulation.RunOptions` both commands pass on."""
    from canasta.simulation import DEFAULT_HAND_CAP, DEFAULT_HANDS, Mode, RunOptions

    hands: int | None = args.hands
    games: int | None = args.games
    hand_cap: int | None = args.hand_cap
    return RunOptions(
        players=args.players,
        mode=Mode.GAMES if games is not None else Mode.HANDS,
        count=games if games is not None else hands if hands is not None else DEFAULT_HANDS,
        bots=args.bots,
        seed=args.seed,
        hand_cap=DEFAULT_HAND_CAP if hand_cap is None else hand_cap,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=progress,
        samples=args.plot is not None,  # only a plot reads the per-unit samples; without them memory does not grow with the hands
    )
