"""The error raised for a simulation that cannot run as asked."""

from __future__ import annotations


class SimulationError(ValueError):
    """Bad simulation input: an unknown bot, a player count a profile lacks, a hand count below one.

    The message says what is wrong and what to do instead; the command line
    prints it and exits with status 2.
    """
