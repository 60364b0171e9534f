"""A JSON Schema (draft-07) for variant profiles and house-rule files, generated from the schema classes.

Editors that read JSON Schema for TOML (Taplo, Even Better TOML) use it to
complete keys, show each key's documentation and flag mistakes while a club
types its house file. The schema is walked from the attrs classes in
:mod:`schema`, so it can never drift from what the loader accepts: a new field
appears here with its docstring, default and range without any edit.

A house file gives only what differs from the profile it extends, so no key
is required on its own; but, as for the loader, a file without ``extends``
must give every rule key (:func:`canasta.variants.loading.rule_keys`), which
the root's ``anyOf`` says. Every object forbids unknown keys, as the loader
does (``forbid_extra_keys``).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, get_args, get_origin

import attrs

from . import schema
from .loading import rule_keys
from .reference import KeyInfo, attribute_docs, class_doc, keys
from .schema import PLAYER_COUNTS, SCHEMA_VERSION, PlayerCount, Variant, key_order, key_type

SCHEMA_ID = f"urn:canasta:variant-profile:v{SCHEMA_VERSION}"
"""The schema's ``$id``: a URN, since the schema is generated locally (``canasta variants schema``) rather than hosted."""

EXTENDS_DOC = (
    "The profile this file builds on: a bundled profile name (see `canasta variants list`) "
    "or a path relative to this file. Only the keys that differ need to be given; tables merge key by key, arrays replace whole. "
    "Required, unless the file is a complete profile that gives every rule key."
)
"""Description of the top-level ``extends`` key, which the loader handles before the schema classes see the data."""

_SKIPPED = frozenset({"citations"})
"""Fields that are not TOML keys: citations are read from comments, and the loader rejects a ``citations`` key."""




def _is_tuple(tp: Any) -> bool:
    """Whether a type is a homogeneous tuple, ``tuple[X, ...]`` (a TOML array)."""
    args = get_args(tp)
    return get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _json_value(value: Any) -> Any:
    """A default value as JSON data: enums as their strings, tuples as lists, player counts as string keys."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json_value(v) for v in value]
    if attrs.has(type(value)):
        return {f.name: _json_value(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        return {str(k): _json_value(v) for k, v in value.items()}
    return value


def _value_schema(tp: Any, lo: int | None, hi: int | None) -> dict[str, Any]:
    """The schema of one value of type ``tp``; ``lo``/``hi`` bound every integer inside it."""
    if get_origin(tp) in (types.UnionType, typing.Union):
        return {"anyOf": [_value_schema(arg, lo, hi) for arg in get_args(tp)]}  # reserve.sizes: an array, or a table of arrays by player count
    if key_type(tp) is PlayerCount:
        item = _value_schema(get_args(tp)[1], lo, hi)
        return {
            "type": "object",
            "properties": {str(n): {"description": f"With {n} players.", **item} for n in PLAYER_COUNTS},
            "additionalProperties": False,
        }
    if key_type(tp) is not None:
        item = _value_schema(get_args(tp)[1], lo, hi)
        return {"type": "object", "properties": {k: dict(item) for k in key_order(tp)}, "additionalProperties": False}
    if _is_tuple(tp) and attrs.has(get_args(tp)[0]):
        return {"type": "array", "items": _table_schema(get_args(tp)[0], "", {}, standalone=True)}
    if _is_tuple(tp):
        return {"type": "array", "items": _value_schema(get_args(tp)[0], lo, hi)}
    if isinstance(tp, type) and issubclass(tp, Enum):
        return {"type": "string", "enum": [m.value for m in tp]}
    if tp is bool:
        return {"type": "boolean"}
    if tp is int:
        out: dict[str, Any] = {"type": "integer"}
        if lo is not None:
            out["minimum"] = lo
        if hi is not None:
            out["maximum"] = hi
        return out
    if tp is str:
        return {"type": "string"}
    raise TypeError(f"no JSON Schema mapping for the profile type {tp!r}; extend canasta.variants.jsonschema")


def _leaf_schema(info: KeyInfo) -> dict[str, Any]:
    """The schema of a leaf key, with its description and default."""
    out = {"description": info.doc} if info.doc else {}
    out.update(_value_schema(info.type, info.lo, info.hi))
    out["default"] = _json_value(info.default)
    return out


def _table_schema(cls: type, prefix: str, leaves: Mapping[str, KeyInfo], *, standalone: bool = False) -> dict[str, Any]:
    """The schema of the TOML table an attrs class describes, recursing into nested tables.

    ``standalone``: a table in an array (a special hand), whose fields are read here rather than from ``leaves``.
    """
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {}
    docs = attribute_docs(schema).get(cls.__name__, {})
    for field in attrs.fields(cls):
        if field.name in _SKIPPED:
            continue
        tp = hints[field.name]
        path = f"{prefix}{field.name}"
        if attrs.has(tp):
            properties[field.name] = _table_schema(tp, f"{path}.", leaves)
        elif standalone:
            info = KeyInfo(path=path, type=tp, default=field.default, doc=docs.get(field.name, ""), lo=field.metadata.get("lo"), hi=field.metadata.get("hi"))
            properties[field.name] = _leaf_schema(info)
        else:
            properties[field.name] = _leaf_schema(leaves[path])
    out: dict[str, Any] = {}
    doc = class_doc(cls)
    if doc:
        out["description"] = doc
    out.update({"type": "object", "properties": properties, "additionalProperties": False})
    return out


def _complete(paths: tuple[str, ...]) -> dict[str, Any]:
    """The condition "every one of these dotted keys is given", as nested ``required`` lists."""
    tree: dict[str, Any] = {}
    for path in paths:
        node = tree
        for part in path.split("."):
            node = node.setdefault(part, {})

    def required(node: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"required": list(node)}
        nested = {name: required(child) for name, child in node.items() if child}
        if nested:
            out["properties"] = nested
        return out

    return required(tree)


def variant_json_schema() -> dict[str, Any]:
    """The draft-07 JSON Schema of a variant profile or house-rule file.

    Write it with ``canasta variants schema > canasta-variant.schema.json`` and
    point an editor at it with ``#:schema ./canasta-variant.schema.json`` as
    the first line of the TOML file.
    """
    leaves = {info.path: info for info in keys()}
    body = _table_schema(Variant, "", leaves)
    body["properties"] = {"extends": {"description": EXTENDS_DOC, "type": "string"}, **body["properties"]}
    body["anyOf"] = [{"required": ["extends"]}, _complete(rule_keys())]
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": SCHEMA_ID,
        "title": "Canasta variant profile",
        "description": (
            f"A canasta variant profile (schema version {SCHEMA_VERSION}), or a house-rule file that extends one. "
            "A house file names its parent with extends and gives only the keys that differ; "
            "a file without extends is a complete profile and gives every rule key."
        ),
        **{k: v for k, v in body.items() if k != "description"},
    }
