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

from canasta.core.actions import Meld, parse_action
from canasta.core.cards import Rank, parse_rank
from canasta.errors import ArgumentError, NotationError, ScenarioError, is_instance, shown_text, shown_value
from canasta.textfiles import UnreadableFileError, path_label, read_text, toml_data
from canasta.variants.enums import CanastaKind

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
    "melds",
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


TABLE_CHECKS = {"hand_sizes": "seat", "minimums": "side", "canastas": "side", "melds": "side", "score": "side"}
"""Expectations written as a table keyed by seat or side number, e.g. ``hand_sizes = { 0 = 3 }``."""


MELD_PARTS = ("naturals", "twos", "jokers", "cards", "wilds", "canasta")
"""What a ``melds`` expectation may state of one meld in its table form (docs/scenarios.md)."""

CANASTA_KINDS = tuple(kind.value for kind in CanastaKind)
"""The canasta kinds a ``melds`` expectation may name (``canasta = "mixed"``)."""


@attrs.frozen(kw_only=True)
class MeldExpectation:
    """What a step expects of one side's meld of one rank: absent, exactly these counts, or any of its parts.

    ``exact`` holds (naturals, twos, jokers) for the string form (``"n6"``:
    six naturals and no wild card), ``parts`` the table form's stated parts,
    and ``absent`` is true for ``"none"``: the side has no meld of that rank.
    """

    side: int
    rank: Rank
    absent: bool = False
    exact: tuple[int, int, int] | None = None
    parts: Mapping[str, int | bool | str] = attrs.field(factory=dict)


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


def numbered(table: Any) -> bool:
    """Whether an expectation is a table keyed by seat or side number, as ``{ 0 = ... }``."""
    return isinstance(table, dict) and all(k.isascii() and k.isdigit() and len(k) <= 3 for k in table)


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
        if not numbered(table):
            problems.append(f"{where}.{key}: expected a table keyed by {kind} number, like {{ 0 = ... }}")
        elif key == "score" and any(not isinstance(v, dict) for v in table.values()):
            problems.append(f"{where}.score: expected a table of parts per side, like {{ 0 = {{ total = 580 }} }}")
        elif key == "melds":
            meld_expectations(table, where, problems)


def meld_expectations(table: Mapping[str, Any], where: str, problems: list[str]) -> list[MeldExpectation]:
    """The ``melds`` expectation of a step, read and checked: ``{ 0 = { "8" = "n6", K = { cards = 7, canasta = "mixed" } } }``.

    A rank is written as in actions (``8``, ``T`` or ``10``, ``K``, ``3`` for
    black threes, ``W`` for the wild-card meld). Its meld is stated exactly by
    the counts of action text (``"n5 t1 j1"``), as absent by ``"none"``, or in
    part by a table of ``naturals``, ``twos``, ``jokers``, ``cards``, ``wilds``
    and ``canasta`` (``true``, ``false`` or a kind: ``natural``, ``mixed``,
    ``wild``, ``pure_wild``, ``every_joker``). Every problem is named with its place.
    """
    out: list[MeldExpectation] = []
    for side_key, ranks in table.items():
        at = f"{where}.melds.{side_key}"  # a side number: checked by numbered()
        if not isinstance(ranks, dict):
            problems.append(f'{at}: expected a table of melds by rank, like {{ "8" = "n6" }}')
            continue
        for rank_key, value in ranks.items():
            place = f"{at}.{rank_key if rank_key.isascii() and rank_key.isalnum() and len(rank_key) <= 3 else _short(repr(rank_key), 40)}"
            rank = _meld_rank(rank_key, place, problems)
            if rank is None:
                continue
            found = _meld_value(int(side_key), rank, value, place, problems)
            if found is not None:
                out.append(found)
    return out


def _meld_rank(text: str, place: str, problems: list[str]) -> Rank | None:
    try:
        rank = parse_rank(text)
    except NotationError as exc:
        problems.append(f"{place}: {_short(str(exc))}")
        return None
    if rank in (Rank.TWO, Rank.JOKER):
        problems.append(f"{place}: twos and jokers are wild cards, melded with a rank or in the wild-card meld W; no meld has their rank")
        return None
    return rank


def _meld_value(side: int, rank: Rank, value: Any, place: str, problems: list[str]) -> MeldExpectation | None:
    if isinstance(value, str):
        if value.strip().lower() == "none":
            return MeldExpectation(side=side, rank=rank, absent=True)
        try:
            meld = parse_action(f"meld {rank} {value}")
        except NotationError:
            problems.append(f'{place}: {_short(repr(value))} is not a meld\'s contents; write its counts as in actions, like "n6" or "n5 t1 j1", or "none"')
            return None
        assert isinstance(meld, Meld)
        return MeldExpectation(side=side, rank=rank, exact=(meld.naturals, meld.twos, meld.jokers))
    if not isinstance(value, dict) or not value:
        problems.append(f'{place}: expected the meld\'s counts ("n6"), "none", or a table like {{ cards = 7, wilds = 1, canasta = "mixed" }}')
        return None
    parts: dict[str, int | bool | str] = {}
    count = len(problems)
    _unknown(value, MELD_PARTS, place, problems)
    for key, part in value.items():
        if key == "canasta":
            if not isinstance(part, bool) and part not in CANASTA_KINDS:
                problems.append(f"{place}.canasta: expected true, false or a kind ({', '.join(CANASTA_KINDS)}), got {_short(repr(part))}")
        elif key in MELD_PARTS and (type(part) is not int or not 0 <= part <= 999):
            problems.append(f"{place}.{key}: expected a number of cards from 0 to 999, got {_short(repr(part))}")
        parts[key] = part
    return MeldExpectation(side=side, rank=rank, parts=parts) if len(problems) == count else None


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
