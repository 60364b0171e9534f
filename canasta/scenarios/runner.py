"""Running scenarios against the engine and reporting what was expected and what happened."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from canasta.core.actions import parse_action
from canasta.core.cards import card_text
from canasta.core.events import HandEnded, MatchEnded
from canasta.core.game import Game
from canasta.core.views import MeldView
from canasta.errors import ArgumentError, CanastaError, NotationError, ScenarioError, shown_value
from canasta.textfiles import path_label

from .format import (
    MeldExpectation,
    Scenario,
    ScenarioFormatError,
    Step,
    given_paths,
    is_folder,
    load_scenarios,
    meld_expectations,
    scenario_files,
)


@attrs.frozen(kw_only=True)
class ScenarioResult:
    """The outcome of one scenario: passed, or the failures with what was expected and what happened."""

    scenario: Scenario
    failures: tuple[str, ...]

    @property
    def passed(self) -> bool:
        """Whether every step of the scenario did what it expected."""
        return not self.failures


@attrs.frozen(kw_only=True)
class RunSummary:
    """Every scenario run, and the files that could not be read (each a :class:`canasta.ScenarioError`)."""

    results: tuple[ScenarioResult, ...]
    malformed: tuple[ScenarioError, ...]

    @property
    def passed(self) -> int:
        """How many scenarios passed."""
        return sum(r.passed for r in self.results)

    @property
    def failed(self) -> int:
        """How many scenarios failed."""
        return len(self.results) - self.passed


class _Tracker:
    """What happened so far in a scenario: the last hand-end and match-end events."""

    def __init__(self) -> None:
        self.hand_end: HandEnded | None = None
        self.match_end: MatchEnded | None = None

    def note(self, events: tuple[Any, ...]) -> None:
        for e in events:
            if isinstance(e, HandEnded) and self.hand_end is None:
                self.hand_end = e
            elif isinstance(e, MatchEnded):
                self.match_end = e


def _cmp(failures: list[str], what: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        failures.append(f"{what}: expected {expected!r}, got {actual!r}")


def _check_state(game: Game, tracker: _Tracker, checks: Mapping[str, Any], where: str) -> list[str]:
    out: list[str] = []
    table = game.view(game.current_player)  # what the table shows; the scenario reads nothing hidden but hand sizes, which every seat sees
    legal = {str(a) for a in game.legal_actions()}
    for text in checks.get("legal_includes", []):
        if str(parse_action(text)) not in legal:
            out.append(f"{where}: expected {text!r} among the legal actions; legal: {', '.join(sorted(legal)) or 'none'}")
    for text in checks.get("legal_excludes", []):
        if str(parse_action(text)) in legal:
            out.append(f"{where}: expected {text!r} not to be legal, but it is")
    simple: dict[str, Callable[[], Any]] = {
        "current_player": lambda: game.current_player,
        "phase": lambda: game.phase,
        "pile_size": lambda: table.pile_size,
        "pile_top": lambda: card_text(table.pile_top) if table.pile_top is not None else None,
        "pile_frozen": lambda: table.pile_frozen,
        "stock_size": lambda: table.stock_size,
        "opened": lambda: list(table.opened),
        "totals": lambda: list(game.scores),
        "match_over": lambda: game.is_over,
        "hand_over": lambda: tracker.hand_end is not None,
        "termination": lambda: str(tracker.hand_end.termination) if tracker.hand_end else None,
        "winner": lambda: ("draw" if tracker.match_end.winner is None else tracker.match_end.winner) if tracker.match_end else None,
    }
    for key, get in simple.items():
        if key in checks:
            _cmp(out, f"{where}: {key}", checks[key], get())
    per_seat: dict[str, tuple[str, int, Callable[[int], Any]]] = {
        "hand_sizes": ("hand size of seat", game.players, lambda seat: table.hand_sizes[seat]),
        "minimums": ("opening minimum of side", game.sides, lambda side: table.opening_minimums[side]),
        "canastas": ("canastas of side", game.sides, lambda side: sum(m.canasta_kind is not None for m in table.melds[side])),
    }
    for key, (what, count, get_one) in per_seat.items():
        for number, value in checks.get(key, {}).items():
            if int(number) >= count:
                out.append(f"{where}: {key}: {number} is not a {what.split()[-1]} at this table (0 to {count - 1})")
            else:
                _cmp(out, f"{where}: {what} {number}", value, get_one(int(number)))
    for expected in meld_expectations(checks.get("melds", {}), where, []):  # load_scenarios has checked them
        out += _meld_failures(game, expected, where)
    if "score" in checks:
        if tracker.hand_end is None:
            out.append(f"{where}: expected a score breakdown, but the hand has not ended")
        else:
            for side, parts in checks["score"].items():
                if int(side) >= game.sides:
                    out.append(f"{where}: score: {side} is not a side at this table (0 to {game.sides - 1})")
                    continue
                got = tracker.hand_end.scores[int(side)]
                for part, value in parts.items():
                    _cmp(out, f"{where}: side {side} {part}", value, getattr(got, part, None))
    return out


def meld_text(meld: MeldView | None) -> str:
    """A meld as a failure shows it: its counts as in actions, its cards and wild cards, and what canasta it is.

    >>> meld_text(None)
    'no meld'
    """
    if meld is None:
        return "no meld"
    counts = " ".join(f"{letter}{n}" for letter, n in (("n", meld.naturals), ("t", meld.twos), ("j", meld.jokers)) if n)
    wilds = meld.twos + meld.jokers
    kind = f"a {meld.canasta_kind} canasta" if meld.canasta_kind is not None else "not a canasta"
    return f"{counts} ({meld.size} cards, {wilds or 'no'} wild card{'' if wilds == 1 else 's'}; {kind})"


def _meld_failures(game: Game, expected: MeldExpectation, where: str) -> list[str]:
    """How a side's meld of a rank differs from what the step expects of it (``melds``), or nothing."""
    if expected.side >= game.sides:
        return [f"{where}: melds: {expected.side} is not a side at this table (0 to {game.sides - 1})"]
    meld = next((m for m in game.view(game.current_player).melds[expected.side] if m.rank == expected.rank), None)
    what = f"{where}: side {expected.side}'s meld of {expected.rank}"
    if expected.absent:
        return [] if meld is None else [f"{what}: expected none, got {meld_text(meld)}"]
    if expected.exact is not None:
        n, t, j = expected.exact
        if meld is not None and (meld.naturals, meld.twos, meld.jokers) == (n, t, j):
            return []
        shown = " ".join(f"{letter}{c}" for letter, c in (("n", n), ("t", t), ("j", j)) if c)
        return [f"{what}: expected exactly {shown} ({n + t + j} cards, {t + j or 'no'} wild card{'' if t + j == 1 else 's'}), got {meld_text(meld)}"]
    if meld is None:
        return [f"{what}: expected {_parts_text(expected.parts)}, got no meld"]
    got: dict[str, object] = {
        "naturals": meld.naturals,
        "twos": meld.twos,
        "jokers": meld.jokers,
        "cards": meld.size,
        "wilds": meld.twos + meld.jokers,
        "canasta": meld.canasta_kind is not None,
    }
    wrong = [
        key
        for key, value in expected.parts.items()
        if (got[key] != value if key != "canasta" or isinstance(value, bool) else meld.canasta_kind != value)
    ]
    if not wrong:
        return []
    return [f"{what}: expected {_parts_text(expected.parts)}, got {meld_text(meld)}"]


def _parts_text(parts: Mapping[str, object]) -> str:
    return ", ".join(f"{key} = {str(value).lower() if isinstance(value, bool) else value}" for key, value in parts.items())


def renamed_rule(rule: str) -> tuple[str, ...]:
    """The rule keys a schema-1 scenario's ``rule`` names under today's schema (``going_out.natural_canasta_required`` is now
    ``going_out.canasta_kinds_required.natural``): a scenario written before a key was replaced still passes (:mod:`canasta.variants.upgrade`)."""
    from canasta.variants.upgrade import old_keys

    return old_keys(1).get(rule, ())


def _run_step(game: Game, tracker: _Tracker, step: Step, where: str) -> list[str]:
    out: list[str] = []
    if step.action is not None:
        error = game.violation(step.action)
        if isinstance(error, NotationError):  # load_scenarios reads every action text, so only a changed parser gets here
            return [f"{where}: {error}"]
        if step.expect == "illegal":
            if error is None:
                legal = ", ".join(sorted(str(a) for a in game.legal_actions()))
                return [f"{where}: expected {step.action!r} to be illegal ({step.rule or 'any rule'}), but it is legal; legal: {legal}"]
            if step.rule is not None and error.rule != step.rule and error.rule not in renamed_rule(step.rule):
                out.append(f"{where}: expected {step.action!r} to be illegal by {step.rule}, but the engine names {error.rule} ({error.source}): {error.reason}")
            if step.source is not None and step.source not in error.source:
                out.append(f"{where}: expected the citation to contain {step.source!r}, got {error.source!r}")
        else:
            if error is not None:
                return [f"{where}: expected {step.action!r} to be legal, but it is illegal: {error}"]
            tracker.note(game.apply(step.action))
    return out + _check_state(game, tracker, step.checks, where)


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run one scenario. A position the engine rejects is a failure, with the engine's message.

    Any :class:`canasta.CanastaError` raised along the way (a bad profile or
    position, an unexpected illegal action) becomes a failure of this scenario.
    """
    if not isinstance(scenario, Scenario):
        raise ArgumentError(f"run_scenario(...): expected a Scenario from load_scenarios, got {shown_value(scenario)}")
    base = Path(scenario.path).parent
    try:
        game = Game.from_position(scenario.position, base=base)
    except CanastaError as exc:
        return ScenarioResult(scenario=scenario, failures=(f"the position cannot be set up: {exc}",))
    tracker = _Tracker()
    failures: list[str] = []
    for i, step in enumerate(scenario.steps, 1):
        where = f"step {i}" + (f" ({step.action})" if step.action else "")
        try:
            found = _run_step(game, tracker, step, where)
        except CanastaError as exc:
            found = [f"{where}: {exc}"]
        failures += found
        if found:
            break
    return ScenarioResult(scenario=scenario, failures=tuple(failures))


def run_paths(paths: Sequence[str | os.PathLike[str]]) -> RunSummary:
    """Run every scenario in these files and folders; a file that cannot be read is listed in ``malformed``.

    So is a folder that holds no ``.toml`` file at all: a mistyped or empty folder
    must not pass as "0 passed, 0 failed".
    """
    results: list[ScenarioResult] = []
    malformed: list[ScenarioError] = []
    given = given_paths(paths, "run_paths")
    readable: list[Path] = []
    for path in given:
        problem = _folder_problem(path)
        if problem is not None:
            malformed.append(ScenarioFormatError(path_label(path), [problem]))
        else:
            readable.append(path)
    for path in scenario_files(readable):
        try:
            scenarios = load_scenarios(path)
        except ScenarioError as exc:
            malformed.append(exc)
            continue
        results += [run_scenario(s) for s in scenarios]
    return RunSummary(results=tuple(results), malformed=tuple(malformed))


def _folder_problem(path: Path) -> str | None:
    """Why a path given to :func:`run_paths` yields no scenario to run, or None: an empty name, an unreadable or empty folder."""
    if not is_folder(path):
        return None  # a file: load_scenarios says what is wrong with it, if anything
    try:
        with os.scandir(path):
            pass
    except OSError as exc:
        return f"cannot read this folder: {exc.strerror or exc}"
    if not scenario_files([path]):
        return "no scenario files (*.toml) in this folder or below it"
    return None


def format_failure(result: ScenarioResult) -> str:
    """A failure as the runner prints it: title, rule, file, and what was expected and what happened."""
    if not isinstance(result, ScenarioResult):
        raise ArgumentError(f"format_failure(...): expected a ScenarioResult from run_scenario, got {shown_value(result)}")
    s = result.scenario
    lines = [f"FAIL {s.name}: {s.title} [{s.rule}]"]
    lines += [f"  {f}" for f in result.failures]
    return "\n".join(lines)
