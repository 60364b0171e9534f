"""Scenario files: a position plus steps, each an action with its expected outcome.

A file holds one scenario at the top level, or several as ``[[scenario]]``
tables. Reading a file checks its shape and every action's text; a malformed
file raises :class:`ScenarioFormatError` naming the file and every problem.
The format is documented in ``docs/scenarios.md``.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from canasta.core.actions import parse_action
from canasta.core.errors import NotationError

CHECK_KEYS = (
    "legal_includes",
    "legal_excludes",
    "current_player",
    "phase",
    "pile_size",
    "pile_top",
    "pile_frozen",
    "stock_size",
    "hand_sizes",
    "opened",
    "minimums",
    "canastas",
    "hand_over",
    "termination",
    "score",
    "totals",
    "match_over",
    "winner",
)
"""The state expectations a step may carry (see docs/scenarios.md)."""

STEP_KEYS = ("action", "expect", "rule", "source", *CHECK_KEYS)
SCENARIO_KEYS = ("title", "rule", "matrix", "description", "position", "steps")


class ScenarioFormatError(ValueError):
    """A scenario file that cannot be read; names the file and every problem."""

    def __init__(self, path: str, problems: list[str]) -> None:
        self.path = path
        self.problems = tuple(problems)
        super().__init__(f"{path}: " + "; ".join(problems))


@attrs.frozen(kw_only=True)
class Step:
    """One step: an optional action, its expected outcome, and expectations about the state after it."""

    action: str | None
    expect: str
    """``ok`` or ``illegal``."""
    rule: str | None
    """For ``illegal``: the profile key the engine must name."""
    source: str | None
    """For ``illegal``: text the error's source citation must contain."""
    checks: Mapping[str, Any]


@attrs.frozen(kw_only=True)
class Scenario:
    """A titled test of one rule: a position and its steps."""

    title: str
    rule: str
    """The rule section tested, e.g. ``001 §14 C``."""
    matrix: tuple[str, ...]
    """The MATRIX rows this scenario covers, as ``"E: One-card rule"`` (section letter, then the row's parameter)."""
    position: Mapping[str, Any]
    steps: tuple[Step, ...]
    path: str
    index: int
    """The scenario's number within its file, from 1."""

    @property
    def name(self) -> str:
        return f"{self.path}#{self.index}"


def _unknown(table: Mapping[str, Any], allowed: tuple[str, ...], where: str, problems: list[str]) -> None:
    for key in table:
        if key not in allowed:
            hint = difflib.get_close_matches(key, allowed, n=1)
            problems.append(f"{where}: unknown key {key!r}" + (f"; did you mean {hint[0]!r}?" if hint else ""))


def _step(data: Any, where: str, problems: list[str]) -> Step | None:
    if not isinstance(data, dict):
        problems.append(f"{where}: a step is a table")
        return None
    _unknown(data, STEP_KEYS, where, problems)
    action = data.get("action")
    if action is not None:
        if not isinstance(action, str):
            problems.append(f"{where}.action: expected action text like 'meld K n3'")
            action = None
        else:
            try:
                parse_action(action)
            except NotationError as exc:
                problems.append(f"{where}.action: {exc}")
    expect = data.get("expect", "ok")
    if expect not in ("ok", "illegal"):
        problems.append(f"{where}.expect: {expect!r}; use ok or illegal")
    if expect == "illegal" and action is None:
        problems.append(f"{where}: expect = 'illegal' needs an action")
    for key in ("legal_includes", "legal_excludes"):
        for text in data.get(key, []) if isinstance(data.get(key, []), list) else [None]:
            try:
                parse_action(str(text)) if isinstance(text, str) else problems.append(f"{where}.{key}: expected a list of action texts")
            except NotationError as exc:
                problems.append(f"{where}.{key}: {exc}")
    rule, source = data.get("rule"), data.get("source")
    if rule is not None and not isinstance(rule, str):
        problems.append(f"{where}.rule: expected a profile key like 'discard_pile.one_card_rule'")
    checks = {k: v for k, v in data.items() if k in CHECK_KEYS}
    return Step(action=action, expect=str(expect), rule=rule if isinstance(rule, str) else None, source=source if isinstance(source, str) else None, checks=checks)


def _scenario(data: Any, path: str, index: int, problems: list[str]) -> Scenario | None:
    where = f"scenario {index}" if index else "scenario"
    if not isinstance(data, dict):
        problems.append(f"{where}: expected a table")
        return None
    _unknown(data, SCENARIO_KEYS, where, problems)
    title, rule = data.get("title"), data.get("rule")
    if not isinstance(title, str) or not title.strip():
        problems.append(f"{where}.title: missing; give a one-line title")
    if not isinstance(rule, str) or not rule.strip():
        problems.append(f"{where}.rule: missing; name the rule section tested, like '001 §14 C'")
    position = data.get("position")
    if not isinstance(position, dict):
        problems.append(f"{where}.position: missing; a scenario starts from a position table")
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list) or not raw_steps:
        problems.append(f"{where}.steps: give at least one [[steps]] table")
        raw_steps = []
    steps = [_step(s, f"{where}.steps[{i + 1}]", problems) for i, s in enumerate(raw_steps)]
    matrix = data.get("matrix", [])
    matrix = [matrix] if isinstance(matrix, str) else matrix
    if not isinstance(matrix, list) or any(not isinstance(m, str) for m in matrix):
        problems.append(f"{where}.matrix: expected a MATRIX row like 'E: One-card rule', or a list of them")
        matrix = []
    if problems:
        return None
    return Scenario(
        title=str(title),
        rule=str(rule),
        matrix=tuple(matrix),
        position=dict(position or {}),
        steps=tuple(s for s in steps if s is not None),
        path=path,
        index=index or 1,
    )


def load_scenarios(path: str | Path) -> list[Scenario]:
    """Every scenario in a file; raises ScenarioFormatError for a malformed file."""
    label = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ScenarioFormatError(label, [f"cannot read: {exc.strerror or exc}"]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioFormatError(label, [f"broken TOML: {exc}"]) from None
    problems: list[str] = []
    if "scenario" in data:
        if not isinstance(data["scenario"], list):
            raise ScenarioFormatError(label, ["write several scenarios as [[scenario]] tables"])
        _unknown(data, ("scenario",), "file", problems)
        found = [_scenario(s, label, i + 1, problems) for i, s in enumerate(data["scenario"])]
    else:
        found = [_scenario(data, label, 0, problems)]
    if problems:
        raise ScenarioFormatError(label, problems)
    return [s for s in found if s is not None]


def scenario_files(paths: list[str | Path]) -> list[Path]:
    """The ``.toml`` files among ``paths``, folders searched recursively, in a stable order."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(p.rglob("*.toml"))
        else:
            out.append(p)
    return out
