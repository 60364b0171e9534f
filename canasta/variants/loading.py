"""Loading profiles: bundled names, files, ``extends`` chains and schema versions.

A house-rule file names its parent with ``extends = "<bundled name or relative
path>"`` and then gives only the keys that differ. Tables merge key by key, so
``[deal] hand_size = { 4 = 13 }`` changes the 4-player hand and keeps the
others; arrays replace the parent's array whole. Chains are followed up to
:data:`MAX_DEPTH` files; a cycle is an error.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from .citations import read_citations
from .converter import structure_variant
from .errors import Problem, VariantError
from .schema import SCHEMA_VERSION, Variant
from .validation import check_variant

MAX_DEPTH = 8
"""The longest ``extends`` chain, counting the file itself."""

RENAMED_KEYS: dict[int, dict[str, str]] = {}
"""Keys renamed by each schema version: ``{version: {old dotted key: new dotted key}}``.

Schema version 1 is the first, so nothing has been renamed yet. When a later
version renames a key, an older file that uses the old name gets a message
naming the new key and the version to set.
"""


def bundled_dir() -> Path:
    """The folder holding the bundled profiles: inside the installed wheel, or the repository's ``variants/``."""
    packaged = Path(str(resources.files("canasta"))) / "_bundled"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "variants"


def variant_names() -> list[str]:
    """The names of the bundled profiles."""
    return sorted(p.stem for p in bundled_dir().glob("*.toml"))


def bundled_path(name: str) -> Path | None:
    """The file of a bundled profile, or None if there is no such profile."""
    path = bundled_dir() / f"{name}.toml"
    return path if name in variant_names() else None


_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")


def _read(path: Path, label: str) -> tuple[dict[str, Any], str]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise VariantError([Problem(path="", source=label, message=f"file not found: {path}")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise VariantError([Problem(path="", source=label, message=f"cannot read {path}: {exc}")]) from None
    try:
        return tomllib.loads(text), text
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        where = _POSITION.search(msg)
        if where:
            msg = f"broken TOML at line {where.group(1)}, column {where.group(2)}: {_POSITION.sub('', msg).strip()}"
        else:
            msg = f"broken TOML: {msg}"
        raise VariantError([Problem(path="", source=label, message=msg)]) from None


def _locate(ref: str, base: Path | None) -> tuple[Path, str]:
    """The file a bundled name or a path refers to, with a label for messages."""
    bundled = bundled_path(ref) if "/" not in ref and "\\" not in ref and not ref.endswith(".toml") else None
    if bundled is not None:
        return bundled, ref
    path = Path(ref)
    if base is not None and not path.is_absolute():
        path = base / path
    if not path.exists() and not ref.endswith(".toml") and "/" not in ref:
        names = variant_names()
        hint = difflib.get_close_matches(ref, names, n=1)
        guess = f"; did you mean {hint[0]!r}?" if hint else ""
        raise VariantError([Problem(path="", source=ref, message=f"unknown variant {ref!r}{guess} Bundled: {', '.join(names)}")])
    return path, str(path)


def _merge(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _version_problems(data: Mapping[str, Any], label: str) -> list[Problem]:
    version = data.get("schema_version", SCHEMA_VERSION)
    if type(version) is not int:
        return [Problem(path="schema_version", source=label, message=f"expected an integer, got {version!r}")]
    if version > SCHEMA_VERSION:
        return [
            Problem(
                path="schema_version",
                source=label,
                message=f"this file is written for schema version {version}, but this canasta reads versions up to {SCHEMA_VERSION}; upgrade canasta",
            )
        ]
    if version < 1:
        return [Problem(path="schema_version", source=label, message=f"{version} is not a schema version; the first is 1")]
    out = []
    for later in range(version + 1, SCHEMA_VERSION + 1):
        for old, new in RENAMED_KEYS.get(later, {}).items():
            node: Any = data
            for part in old.split("."):
                node = node.get(part) if isinstance(node, dict) else None
            if node is not None:
                out.append(
                    Problem(
                        path=old,
                        source=label,
                        message=f"renamed to {new!r} in schema version {later}; rename the key and set schema_version = {later}",
                    )
                )
    return out


def _resolve(ref: str, base: Path | None, chain: tuple[str, ...]) -> tuple[dict[str, Any], dict[str, str]]:
    path, label = _locate(ref, base)
    key = str(path.resolve())
    if key in chain:
        loop = " -> ".join([*(Path(c).name for c in chain[chain.index(key) :]), path.name])
        raise VariantError([Problem(path="extends", source=label, message=f"extends forms a cycle: {loop}")])
    if len(chain) >= MAX_DEPTH:
        raise VariantError([Problem(path="extends", source=label, message=f"extends chain is deeper than {MAX_DEPTH} files")])
    data, text = _read(path, label)
    problems = _version_problems(data, label)
    if problems:
        raise VariantError(problems)
    citations = read_citations(text)
    parent_ref = data.pop("extends", None)
    if "citations" in data:
        raise VariantError(
            [Problem(path="citations", source=label, message="unknown key; citations are written as TOML comments after each value")]
        )
    if parent_ref is None:
        data.setdefault("name", path.stem)
        return data, citations
    if type(parent_ref) is not str:
        raise VariantError(
            [
                Problem(
                    path="extends", source=label, message=f"expected the name of a bundled profile or a relative path, got {parent_ref!r}"
                )
            ]
        )
    parent, parent_citations = _resolve(parent_ref, path.parent, (*chain, key))
    merged = _merge(parent, data)
    merged.setdefault("name", path.stem)
    if "name" not in data:
        merged["name"] = path.stem
    if "title" not in data:
        merged["title"] = f"{parent.get('title', parent_ref)} with {path.stem} house rules"
    merged["schema_version"] = SCHEMA_VERSION
    own = {k: (c or label) for k, c in citations.items()}
    for dotted in _leaf_paths(data):
        own.setdefault(dotted, f"house rule ({path.name})")
    return merged, {**parent_citations, **own}


def _leaf_paths(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out += _leaf_paths(value, f"{path}.")
        else:
            out.append(path)
    return out


def _without(data: Mapping[str, Any], paths: list[str]) -> dict[str, Any]:
    """A copy of the data with the values at these paths removed, so the rest can still be checked."""
    out = _merge({}, data)
    for path in paths:
        parts = re.split(r"\.|\[", path)
        node: Any = out
        for part in parts[:-1]:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict) and parts[-1] in node:
            del node[parts[-1]]
        elif parts and parts[0] in out and len(parts) <= 2:
            del out[parts[0]]
    return out


def variant_from_data(data: Mapping[str, Any], citations: Mapping[str, str] | None = None, label: str = "") -> Variant:
    """Build and check a profile from resolved TOML data; raise VariantError listing every problem."""
    problems: list[Problem] = []
    result = structure_variant(data)
    for _ in range(8):
        if not isinstance(result, list):
            break
        problems += result
        data = _without(data, [p.path for p in result])
        result = structure_variant(data)
    if isinstance(result, list):
        problems += result
    else:
        bad = {p.path for p in problems}
        problems += [p for p in check_variant(result) if not any(p.path.startswith(b) or b.startswith(p.path) for b in bad)]
    if problems or isinstance(result, list):
        raise VariantError([attrs.evolve(p, source=label) for p in problems])
    return attrs.evolve(result, citations=dict(citations or {}))


def load_variant(name_or_path: str | Path) -> Variant:
    """Load a bundled profile by name, or a profile or house-rule file by path.

    Raises :class:`VariantError` listing every problem, each with its dotted key path.
    """
    ref = str(name_or_path)
    data, citations = _resolve(ref, None, ())
    return variant_from_data(data, citations, label=_locate(ref, None)[1])


def loads_variant(text: str, *, base: Path | None = None, label: str = "<string>") -> Variant:
    """Load a profile from TOML text; a relative ``extends`` is resolved against ``base``."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        where = _POSITION.search(str(exc))
        msg = f"broken TOML at line {where.group(1)}, column {where.group(2)}" if where else "broken TOML"
        raise VariantError([Problem(path="", source=label, message=f"{msg}: {_POSITION.sub('', str(exc)).strip()}")]) from None
    problems = _version_problems(data, label)
    if problems:
        raise VariantError(problems)
    if "citations" in data:
        raise VariantError(
            [Problem(path="citations", source=label, message="unknown key; citations are written as TOML comments after each value")]
        )
    citations = read_citations(text)
    parent_ref = data.pop("extends", None)
    if parent_ref is not None:
        if type(parent_ref) is not str:
            raise VariantError(
                [
                    Problem(
                        path="extends",
                        source=label,
                        message=f"expected the name of a bundled profile or a relative path, got {parent_ref!r}",
                    )
                ]
            )
        parent, parent_citations = _resolve(parent_ref, base, ())
        data = _merge(parent, data)
        citations = {**parent_citations, **citations}
    data["schema_version"] = SCHEMA_VERSION
    return variant_from_data(data, citations, label=label)
