"""``canasta compare A B [C ...]``: profiles on the same seeds, each metric side by side, differences paired by seed.

``--by-rule`` (two profiles) adds the effect of each single rule difference;
``--plot FILE.png`` draws the distributions of hand length and hand score
(matplotlib, the ``plot`` extra). Options as ``canasta simulate``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from . import CommandError, Subparsers
from .simulate_cmd import add_run_options, emit, progress_bar, run_kwargs


def register(commands: Subparsers) -> None:
    """Add ``canasta compare`` to the top-level parser."""
    p = commands.add_parser(
        "compare",
        help="play profiles on the same seeds and compare every metric, paired by seed",
        description="Play every profile on the same seeds (the same deals wherever the decks agree) and show each metric "
        "with its 95% confidence interval, and each profile's difference from the first with the interval of the paired difference.",
    )
    p.add_argument(
        "profiles", metavar="PROFILE", nargs="+", help="two or more bundled profile names or .toml files; the first is the baseline"
    )
    add_run_options(p)
    p.add_argument("--by-rule", action="store_true", help="for A and B: the effect of each single rule difference, largest first")
    p.add_argument("--plot", metavar="FILE.png", type=Path, help="draw hand length and hand score distributions into FILE.png")
    p.add_argument("--details", action="store_true", help="show every part of each side's score, not just its total")
    p.set_defaults(handler=run)


def _check_plot(path: Path) -> None:
    """Fail before the run, not after it: matplotlib must be installed and the folder must exist."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise CommandError("--plot needs matplotlib: pip install 'canasta[plot]'") from None
    if path.suffix.lower() != ".png":
        raise CommandError(f"--plot {path}: give a file name ending in .png")
    if not path.parent.is_dir():
        raise CommandError(f"--plot {path}: the folder {path.parent} does not exist")


def run(args: argparse.Namespace) -> int:
    """``canasta compare``: the comparison on stdout, and the plot when asked for."""
    from canasta.simulation import SimulationError, compare

    if len(args.profiles) < 2:
        raise CommandError(f"compare needs at least two profiles, got {len(args.profiles)}")
    if args.plot is not None:
        _check_plot(args.plot)
    try:
        with progress_bar(f"compare {' '.join(args.profiles)}") as update:
            result = compare(args.profiles, by_rule=args.by_rule, progress=update, **run_kwargs(args))
    except SimulationError as exc:
        raise CommandError(str(exc)) from None
    if args.plot is not None:
        from canasta.simulation.plot import plot_comparison

        plot_comparison(result, args.plot)
    emit(result, args.format, details=args.details)
    return 0
