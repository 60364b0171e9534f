"""The ``>>>`` examples in the public modules' docstrings run as tests (as PokerKit's CI runs its doctests)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["canasta.core.cards", "canasta.core.actions", "canasta.core.game"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
