"""``canasta compare A B [C ...]``: profiles on the same seeds, each metric side by side, differences paired by seed.

``--by-rule`` (two profiles) adds the effect of each single rule difference;
``--plot FILE.png`` draws the distributions of hand length and hand score
(matplotlib, the ``plot`` extra). Options as ``canasta simulate``.
"""

from __future__ import annotations

import argparse

from . import CommandError, Subparsers
from .options import Interrupted, add_run_options, check_outputs, check_plot, draw, emit, progress_bar, quiet_cluster, run_options


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
    p.add_argument("--details", action="store_true", help="show every part of each side's score, not just its total")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """``canasta compare``: the comparison on stdout, and the plot when asked for."""
    from canasta.simulation import compare
    from canasta.simulation.outputs import reserved

    if len(args.profiles) < 2:
        raise CommandError(f"compare needs at least two profiles, got {len(args.profiles)}")
    check_plot(args.plot)
    check_outputs(args)
    quiet_cluster(args)
    interrupted = Interrupted("comparison", args)
    try:
        with reserved(args.plot, "the plot"):
            with progress_bar(f"compare {' '.join(args.profiles)}") as update:
                result = compare(args.profiles, options=run_options(args, interrupted.following(update)), by_rule=args.by_rule)
            if args.plot is not None:
                from canasta.simulation.plot import plot_comparison

                draw(plot_comparison, result, args.plot)
    except KeyboardInterrupt:  # Ctrl-C: the workers are stopped by now; say so, as canasta play and score do
        return interrupted.say()
    emit(result, args.format, details=args.details)
    return 0
