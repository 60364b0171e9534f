"""Golden transcripts: text files written once from the code as it stands, which tests compare line for line.

A transcript says in readable lines what the code did (a view drawn, a bot's
decision, the events of an action, a simulation's JSON), so a difference names
what changed where a digest only said that something had. A test builds the
text anew and calls :func:`compare`; on a difference it fails with a unified
diff of the first differing lines and some context. Each test module that
owns transcripts writes them anew when run as a script (``python
tests/test_view_golden.py``), for a deliberate change only: review the diff
before committing it.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Any

import pytest

CONTEXT = 3
"""Unchanged lines shown around a difference."""
SPAN = 40
"""Lines after the first difference that the diff looks at: enough to see what changed, few enough to read."""
MOST = 6000
"""The most characters of diff a failure prints."""


def first_difference(expected: str, found: str, name: str) -> str:
    """A unified diff of ``expected`` and ``found`` from a little before their first differing line, with the file's line numbers."""
    old, new = expected.splitlines(keepends=True), found.splitlines(keepends=True)
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    start = max(0, at - CONTEXT)
    diff = difflib.unified_diff(old[start : at + SPAN], new[start : at + SPAN], f"{name} (golden)", f"{name} (now)", n=CONTEXT)

    def renumber(match: re.Match[str]) -> str:
        return f"-{int(match[1]) + start}{match[2] or ''} +{int(match[3]) + start}{match[4] or ''}"

    text = "".join(re.sub(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@", lambda m: f"@@ {renumber(m)} @@", line) for line in diff)
    tail = f"\n... ({len(old)} golden lines, {len(new)} now)" if max(len(old), len(new)) > at + SPAN else ""
    return f"first difference at line {at + 1}:\n{text[:MOST]}{tail}"


def compare(path: Path, found: str, what: str) -> None:
    """Fail, with the diff of the first differing lines, unless ``found`` is the text of the golden file ``path``."""
    if not path.is_file():
        pytest.fail(f"{what}: the golden file {path} is missing; write it by running the test module as a script")
    expected = path.read_text(encoding="utf-8")
    if found != expected:
        pytest.fail(f"{what}: {path.name} differs from its golden transcript, {first_difference(expected, found, path.name)}")


def write(path: Path, text: str) -> None:
    """Write a golden file (from a test module run as a script), saying where."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({len(text.encode('utf-8'))} bytes)")


def untimed(value: Any) -> Any:
    """Simulation JSON data without its ``timing`` entries, the one part that is not a function of the seeds."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k != "timing"}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value
