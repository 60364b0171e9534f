"""The profile reference: every dotted key with its type, default and docstring.

Field docstrings are written as attribute docstrings in :mod:`schema` (the
convention Sphinx reads); this module reads them back with :mod:`ast`, so the
JSON Schema descriptions, the CLI and the docs all quote one text.
"""

from __future__ import annotations

import ast
import inspect
import itertools
import typing
from functools import cache
from types import ModuleType
from typing import Any

import attrs

from . import schema
from .schema import Variant


@attrs.frozen(kw_only=True)
class KeyInfo:
    """One key of the profile schema."""

    path: str
    """Dotted key path, e.g. ``going_out.canastas_required``."""
    type: Any
    """The Python type annotation of the field."""
    default: Any
    """The schema default (the choices are recorded in docs/decisions.md), as Python data."""
    doc: str
    """What the key means and which sources set it."""
    lo: int | None = None
    hi: int | None = None
    procedural: bool = False
    """A procedure the engine does not play, recorded for apps and scorekeepers (who deals, who cuts; decisions P34)."""


@cache
def attribute_docs(module: ModuleType) -> dict[str, dict[str, str]]:
    """Attribute docstrings of every class in ``module``: {class: {attribute: doc}}.

    Reads the string that follows an assignment in a class body, annotated
    (schema fields) or not (enum members), the convention Sphinx reads too.
    """
    tree = ast.parse(inspect.getsource(module))
    out: dict[str, dict[str, str]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        docs: dict[str, str] = {}
        for stmt, nxt in itertools.pairwise(node.body):
            target = stmt.target if isinstance(stmt, ast.AnnAssign) else stmt.targets[0] if isinstance(stmt, ast.Assign) else None
            if isinstance(target, ast.Name) and isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant) and isinstance(nxt.value.value, str):
                docs[target.id] = inspect.cleandoc(nxt.value.value)
        out[node.name] = docs
    return out


def class_doc(cls: type) -> str:
    """The docstring of a schema class, cleaned."""
    return inspect.cleandoc(cls.__doc__ or "")


def keys(cls: type = Variant, prefix: str = "") -> list[KeyInfo]:
    """Every leaf key of the schema below ``cls``, in declaration order."""
    out: list[KeyInfo] = []
    hints = typing.get_type_hints(cls)
    docs = attribute_docs(schema).get(cls.__name__, {})
    for f in attrs.fields(cls):
        if f.name == "citations":
            continue
        tp = hints[f.name]
        path = f"{prefix}{f.name}"
        if attrs.has(tp):
            out += keys(tp, f"{path}.")
            continue
        default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default  # type: ignore[arg-type]
        meta = f.metadata
        info = KeyInfo(path=path, type=tp, default=default, doc=docs.get(f.name, ""), lo=meta.get("lo"), hi=meta.get("hi"), procedural=meta.get("procedural", False))
        out.append(info)
    return out


def key_doc(path: str) -> str:
    """The docstring of a dotted key; a per-player-count key like ``deal.hand_size.4`` gives its map's doc."""
    by_path = {k.path: k.doc for k in keys()}
    while path and path not in by_path:
        path = path.rpartition(".")[0]
    return by_path.get(path, "")
