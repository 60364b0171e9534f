"""Rule-conformance scenarios: positions plus steps with expected outcomes, and their runner."""

from canasta.errors import ScenarioError

from .format import Scenario, ScenarioFormatError, Step, load_scenarios, scenario_files
from .runner import RunSummary, ScenarioResult, format_failure, run_paths, run_scenario

__all__ = [
    "RunSummary",
    "Scenario",
    "ScenarioError",
    "ScenarioFormatError",
    "ScenarioResult",
    "Step",
    "format_failure",
    "load_scenarios",
    "run_paths",
    "run_scenario",
    "scenario_files",
]
