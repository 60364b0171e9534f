"""Simulation at scale: what a profile's rules do to play, measured over many seeded hands or matches.

:func:`simulate` plays one profile; :func:`compare` plays several on the same
seeds and reports paired differences, and with ``by_rule`` the effect of each
single rule difference. Both take the profiles positionally and everything
else by keyword, or as one :class:`RunOptions`; ``bots`` takes registered
names and a user's own bot factories. Both return attrs results that print as
their report (``print(result)``), with ``to_markdown()`` and ``to_json()``; they
run on local processes, any ``concurrent.futures.Executor`` or a Dask
cluster, and give the same result whatever runs them. See docs/simulation.md.
"""

from canasta.bots.registry import bot_factory, bot_names
from canasta.errors import SimulationError

from .compare import compare
from .experiment import simulate
from .metrics import Group, Unit
from .options import DEFAULT_BOTS, DEFAULT_HAND_CAP, DEFAULT_HANDS, BotChoice, Mode, RunOptions
from .recordfile import load_records
from .results import (
    ComparisonResult,
    ComparisonRow,
    MetricResult,
    RuleEffect,
    RuleEffects,
    Samples,
    Settings,
    SimulationResult,
    SkippedRule,
    SkipReason,
    Timing,
    UnknownMetric,
)
from .stats import Difference, Estimate

__all__ = [
    "DEFAULT_BOTS",
    "DEFAULT_HANDS",
    "DEFAULT_HAND_CAP",
    "BotChoice",
    "ComparisonResult",
    "ComparisonRow",
    "Difference",
    "Estimate",
    "Group",
    "MetricResult",
    "Mode",
    "RuleEffect",
    "RuleEffects",
    "RunOptions",
    "Samples",
    "Settings",
    "SimulationError",
    "SimulationResult",
    "SkipReason",
    "SkippedRule",
    "Timing",
    "Unit",
    "UnknownMetric",
    "bot_factory",
    "bot_names",
    "compare",
    "load_records",
    "simulate",
]
