"""The ``>>>`` examples in the package's docstrings run as tests (as PokerKit's CI runs its doctests).

The modules are found, not listed: every module of the package whose source
holds a ``>>>`` example is collected, so an example added anywhere runs. A
module whose optional dependency is missing (numpy for the encodings) is
skipped with the reason.
"""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "canasta"


def _modules_with_examples() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


MODULES = _modules_with_examples()


def test_the_examples_are_found() -> None:
    assert "canasta.core.game" in MODULES and "canasta.integrations" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as exc:  # an optional dependency of this module is not installed
        pytest.skip(f"{name} needs {exc.name}")
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
