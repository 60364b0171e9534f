"""canasta: Canasta played by the rules of any federation, club or household.

The rules are data: a TOML variant profile. See the README for the API.

The public names are imported when first used (PEP 562): ``canasta.Game``
and ``from canasta import Game`` work as always, while ``import canasta``
alone loads nothing of the engine, so a program (the command line among
them) starts quickly and handles Ctrl-C from its first step. Which module
each name comes from is written once, in the stub ``canasta/__init__.pyi``,
which type checkers read as well (the lazy loading of SPEC 1, scientific
Python's ``lazy_loader.attach_stub``).
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

_BLOCK = re.compile(r"^from (\.[\w.]*) import \(\n(.*?)^\)", re.M | re.S)
_NAME = re.compile(r"^    (\w+) as (\w+),$", re.M)


def _read_stub() -> dict[str, str]:
    """Each public name and the module it comes from, read from ``__init__.pyi``."""
    text = Path(__file__).with_suffix(".pyi").read_text(encoding="utf-8")
    homes: dict[str, str] = {}
    for module, body in _BLOCK.findall(text):
        for name, alias in _NAME.findall(body):
            if name != alias or name in homes:
                raise ImportError(f"canasta/__init__.pyi: {name} must be listed once, as {name} as {name}")
            homes[name] = "canasta" + module
    return homes


_HOME_OF = _read_stub()
"""The module each public name comes from, imported when one of its names is first used."""

__all__ = sorted(_HOME_OF)


def __getattr__(name: str) -> Any:
    """Import a public name's module the first time the name is used, and keep the name here."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'canasta' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
