"""Scenario files: a position plus steps, each an action with its expected outcome.

A file holds one scenario at the top level, or several as ``[[scenario]]``
tables. Reading a file checks its shape, every action's text and the shape of
every expectation; a malformed file raises :class:`ScenarioFormatError` (a
:class:`canasta.ScenarioError`) naming the file, the line of a TOML syntax
error, and every problem. The format is documented in ``docs/scenarios.md``,
the errors in ``docs/errors.md``.
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from canasta.core.actions import parse_action
from canasta.errors import ArgumentError, ScenarioError, is_instance, shown_text, shown_value
from canasta.textfiles import UnreadableFileError, path_label, read_text, toml_data

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


TABLE_CHECKS = {"hand_sizes": "seat", "minimums": "side", "canastas": "side", "score": "side"}
"""Expectations written as a table keyed by seat or side number, e.g. ``hand_sizes = { 0 = 3 }``."""


class ScenarioFormatError(ScenarioError):
    """A scenario file that cannot be read; ``path`` (also ``file``) names it, ``problems`` lists every problem.

    The name the runner has always raised; it is a :class:`canasta.ScenarioError`,
    so ``except canasta.ScenarioError`` (or ``CanastaError``, or ``ValueError``) catches it.
    """

    def __init__(self, path: str, problems: list[str], *, line: int | None = None, column: int | None = None) -> None:
        super().__init__(problems, file=path, line=line, column=column)

    @property
    def path(self) -> str:
        """The scenario file the error is in, or an empty string for text that came from no file."""
        return self.file or ""


def _toml_error(problems: list[str] | str, *, file: str | None = None, line: int | None = None, column: int | None = None) -> ScenarioFormatError:
    """The shape :func:`canasta.errors.toml_data` calls: a ScenarioFormatError with its place."""
    return ScenarioFormatError(file or "", [problems] if isinstance(problems, str) else problems, line=line, column=column)


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
    """The rule topics this scenario covers (``docs/rule-topics.md``), as ``"E: One-card rule"``: section letter, then the topic."""
    position: Mapping[str, Any]
    steps: tuple[Step, ...]
    path: str
    index: int
    """The scenario's number within its file, from 1."""

    @property
    def name(self) -> str:
        """The scenario's file and its index in the file, ``path#index``, as failures name it."""
        return f"{self.path}#{self.index}"


def _unknown(table: Mapping[str, Any], allowed: tuple[str, ...], where: str, problems: list[str]) -> None:
    for key in table:
        if key not in allowed:
            hint = difflib.get_close_matches(key, allowed, n=1)
            problems.append(f"{where}: unknown key {key!r}" + (f"; did you mean {hint[0]!r}?" if hint else ""))


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _action_problem(text: str) -> str | None:
    """Why an action text cannot be read, or None.

    Any :class:`ValueError` counts (a :class:`canasta.NotationError` is one):
    hostile text such as a Unicode digit or a 5,000-digit count makes the file
    malformed, never a crash.
    """
    try:
        parse_action(text)
    except ValueError as exc:
        return _short(str(exc))
    return None


def _check_shapes(data: Mapping[str, Any], where: str, problems: list[str]) -> None:
    """The expectations that the runner indexes must have the shape it reads; their values are compared as given."""
    for key in ("legal_includes", "legal_excludes"):
        texts = data.get(key, [])
        if not isinstance(texts, list) or any(not isinstance(t, str) for t in texts):
            problems.append(f"{where}.{key}: expected a list of action texts like [\"draw\", \"take n2\"]")
            continue
        for text in texts:
            found = _action_problem(text)
            if found is not None:
                problems.append(f"{where}.{key}: {found}")
    for key, kind in TABLE_CHECKS.items():
        if key not in data:
            continue
        table = data[key]
        if not isinstance(table, dict) or any(not (k.isascii() and k.isdigit() and len(k) <= 3) for k in table):
            problems.append(f"{where}.{key}: expected a table keyed by {kind} number, like {{ 0 = ... }}")
        elif key == "score" and any(not isinstance(v, dict) for v in table.values()):
            problems.append(f"{where}.score: expected a table of parts per side, like {{ 0 = {{ total = 580 }} }}")


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
            found = _action_problem(action)
            if found is not None:
                problems.append(f"{where}.action: {found}")
    expect = data.get("expect", "ok")
    if expect not in ("ok", "illegal"):
        problems.append(f"{where}.expect: {_short(repr(expect))}; use ok or illegal")
    if expect == "illegal" and action is None:
        problems.append(f"{where}: expect = 'illegal' needs an action")
    _check_shapes(data, where, problems)
    rule, source = data.get("rule"), data.get("source")
    if rule is not None and not isinstance(rule, str):
        problems.append(f"{where}.rule: expected a profile key like 'discard_pile.one_card_rule'")
    if source is not None and not isinstance(source, str):
        problems.append(f"{where}.source: expected text the citation contains, like '§14 C'")
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
        problems.append(f"{where}.matrix: expected a rule topic like 'E: One-card rule' (docs/rule-topics.md), or a list of them")
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
    """Every scenario in a file; raises ScenarioFormatError for a malformed file.

    The file is read with :func:`canasta.textfiles.read_text` (no directories,
    devices, FIFOs or files over 4 MiB), and broken TOML is reported with its line.
    """
    try:
        text = read_text(path)
    except UnreadableFileError as exc:
        raise ScenarioFormatError(exc.label, [f"cannot read: {exc.reason}"]) from None
    label = path_label(path)
    data = toml_data(text, _toml_error, label)
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


def given_paths(paths: object, call: str) -> list[Path]:
    """``paths`` as a list of paths: a list or tuple of ``str`` or path-like values; else :class:`canasta.ArgumentError`.

    One string is refused rather than read letter by letter as paths.
    """
    if is_instance(paths, (str, bytes, os.PathLike)) or not isinstance(paths, list | tuple):
        raise ArgumentError(f"{call}(...): expected a list of scenario files and folders, got {shown_value(paths)}")
    out: list[Path] = []
    items: Sequence[object] = paths
    for i, given in enumerate(items):
        try:
            if not is_instance(given, (str, os.PathLike)):
                raise TypeError(type(given).__name__)
            path = Path(cast("str | os.PathLike[str]", given))
            if not str(path) or not os.fspath(cast("str | os.PathLike[str]", given)):
                raise ValueError("an empty path names no file or folder")
            out.append(path)
        except Exception as exc:  # a path-like whose __fspath__ raises or returns no text
            raise ArgumentError(f"{call}(...): item {i} is not a file or folder path: {shown_value(given)} ({shown_text(exc)})") from None
    return out


def is_folder(path: Path) -> bool:
    """Whether ``path`` names a folder; False for anything the system cannot even look up (a name too long, a NUL byte)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def scenario_files(paths: Sequence[str | os.PathLike[str]]) -> list[Path]:
    """The ``.toml`` files among ``paths``, folders searched recursively, in a stable order."""
    out: list[Path] = []
    for p in given_paths(paths, "scenario_files"):
        if is_folder(p):
            out += sorted(p.rglob("*.toml"))
        else:
            out.append(p)
    return out
