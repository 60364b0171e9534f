"""Simulation at scale: what a profile's rules do to play, measured over many seeded hands or matches.

:func:`simulate` plays one profile; :func:`compare` plays several on the same
seeds and reports paired differences, and with ``by_rule`` the effect of each
single rule difference. Both return attrs results with ``to_json()``, run on
local processes, any ``concurrent.futures.Executor`` or a Dask cluster, and
give the same result whatever runs them. See docs/simulation.md.
"""

from canasta.errors import SimulationError

from .compare import compare
from .experiment import DEFAULT_HAND_CAP, DEFAULT_HANDS, simulate
from .players import bot_factory, bot_names
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
    Timing,
    UnknownMetric,
)
from .stats import Difference, Estimate

__all__ = [
    "DEFAULT_HANDS",
    "DEFAULT_HAND_CAP",
    "ComparisonResult",
    "ComparisonRow",
    "Difference",
    "Estimate",
    "MetricResult",
    "RuleEffect",
    "RuleEffects",
    "Samples",
    "Settings",
    "SimulationError",
    "SimulationResult",
    "SkippedRule",
    "Timing",
    "UnknownMetric",
    "bot_factory",
    "bot_names",
    "compare",
    "load_records",
    "simulate",
]
