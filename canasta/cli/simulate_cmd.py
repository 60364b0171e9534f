"""``canasta simulate``: play many seeded hands or matches of one profile with bots, and summarize them.

The options, checks, progress bar, plot and output it shares with ``canasta
compare`` are in :mod:`canasta.cli.options`.
"""

from __future__ import annotations

import argparse

from . import Subparsers
from .options import Interrupted, add_run_options, check_outputs, check_plot, draw, emit, progress_bar, quiet_cluster, run_options


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


def run(args: argparse.Namespace) -> int:
    """``canasta simulate``: the summary of one profile's run on stdout, and the plot when asked for."""
    from canasta.simulation import simulate
    from canasta.simulation.outputs import reserved

    check_plot(args.plot)
    check_outputs(args)
    quiet_cluster(args)
    interrupted = Interrupted("simulation", args)
    try:
        with reserved(args.plot, "the plot"):
            with progress_bar(f"simulate {args.variant}") as update:
                result = simulate(args.variant, options=run_options(args, interrupted.following(update)), out=args.out)
            if args.plot is not None:
                from canasta.simulation.plot import plot_simulation

                draw(plot_simulation, result, args.plot)
    except KeyboardInterrupt:  # Ctrl-C: the workers are stopped by now; say so, as canasta play and score do
        return interrupted.say()
    emit(result, args.format)
    return 0
