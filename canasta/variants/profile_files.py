"""Profile files: where the bundled profiles are, finding a profile a name or a path refers to, and reading its TOML.

Every problem is a :class:`~canasta.errors.Problem` of a :class:`VariantError`
naming the file: a missing file, one too large or not text, broken TOML (with
its line and column), nesting deeper than a profile ever needs.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import tomllib
import typing
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from canasta.errors import Problem, VariantError

from ..textfiles import MAX_KEY_PARTS, UnreadableFileError, long_dotted_key, path_label, read_text
from .shown import toml_string

MAX_PROFILE_BYTES = 256 * 1024
"""The largest profile file (or text) read: the bundled profiles are under 16 KiB, so anything larger is refused at once."""

_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_AT_END = "(at end of document)"

MAX_NESTING = 16
"""The deepest nesting of tables and arrays a profile may hold; no schema key is deeper than 4."""

@functools.cache
def bundled_dir() -> Path:
    """The folder holding the bundled profiles: inside the installed wheel, or the repository's ``variants/``.

    Found once per process: where the package is installed does not change while it runs.
    """
    packaged = Path(str(resources.files("canasta"))) / "_bundled"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "variants"


def variant_names() -> list[str]:
    """The names of the bundled profiles."""
    return sorted(p.stem for p in bundled_dir().glob("*.toml"))


def bundled_path(name: str) -> Path | None:
    """The file of a bundled profile, or None if there is no such profile."""
    folder = bundled_dir()
    file = f"{name}.toml"
    return folder / file if name and file in os.listdir(folder) else None  # exact names, also where the file system ignores case


def _toml_message(exc: Exception, text: str) -> str:
    """A TOMLDecodeError as "broken TOML at line L, column C: what"."""
    msg = str(exc)
    where = _POSITION.search(msg)
    if where:
        return f"broken TOML at line {where.group(1)}, column {where.group(2)}: {_POSITION.sub('', msg).strip()}"
    if _AT_END in msg:
        last = text.rsplit("\n", 1)[-1]
        return f"broken TOML at line {text.count(chr(10)) + 1}, column {len(last) + 1} (the end): {msg.replace(_AT_END, '').strip()}"
    return f"broken TOML: {msg}"


def _too_deep(data: Mapping[str, Any]) -> str | None:
    """The dotted path of the first value nested deeper than MAX_NESTING, if any (found without recursion)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        node, path, depth = stack.pop()
        if depth > MAX_NESTING:
            return path
        if isinstance(node, dict):
            stack += [(v, f"{path}.{k}" if path else str(k), depth + 1) for k, v in node.items()]
        elif isinstance(node, list):
            stack += [(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(node)]
    return None


def parse_profile(text: str, label: str) -> dict[str, Any]:
    """TOML text as data, or a VariantError: broken TOML, or nesting no profile needs."""
    line = long_dotted_key(text)
    if line is not None:
        message = f"broken TOML at line {line}: a dotted key of more than {MAX_KEY_PARTS} parts; no profile key has more than 4"
        raise VariantError([Problem(path="", source=label, message=message)])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantError([Problem(path="", source=label, message=_toml_message(exc, text))]) from None
    except RecursionError:  # tomllib recurses into nested arrays and inline tables
        raise VariantError([Problem(path="", source=label, message=f"broken TOML: nested more than {MAX_NESTING} levels deep")]) from None
    except ValueError as exc:  # an integer longer than Python's int/str conversion limit
        raise VariantError([Problem(path="", source=label, message=f"broken TOML: {exc}")]) from None
    deep = _too_deep(data)
    if deep is not None:
        raise VariantError([Problem(path=deep, source=label, message=f"nested more than {MAX_NESTING} levels deep; no profile key is")])
    return data


def read_profile_file(path: Path, label: str) -> str:
    """The text of a profile file, or a VariantError saying why it cannot be read.

    A missing ``finnish.toml`` whose stem is (close to) a bundled name hints at
    the bundled profile, which is named without ``.toml``.
    """
    try:
        return read_text(path, limit=MAX_PROFILE_BYTES)
    except UnreadableFileError as exc:
        if exc.reason == "no such file":
            return _not_found(path, label)
        raise VariantError([Problem(path="", source=label, message=f"cannot read {exc.label}: {exc.reason}")]) from None


def _not_found(path: Path, label: str) -> typing.NoReturn:
    message = f"file not found: {path_label(path)}"
    names = variant_names()
    if path.suffix == ".toml":
        if path.stem in names:
            message += f"; the bundled profile is named {toml_string(path.stem)}, without .toml"
        else:
            hint = difflib.get_close_matches(path.stem, names, n=1)
            if hint:
                message += f"; did you mean the bundled profile {toml_string(hint[0])}?"
    raise VariantError([Problem(path="", source=label, message=message)])


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        return False


def locate_profile(ref: str, base: Path | None) -> tuple[Path, str]:
    """The file a bundled name or a path refers to, with a label for messages."""
    bundled = bundled_path(ref) if "/" not in ref and "\\" not in ref and not ref.endswith(".toml") else None
    if bundled is not None:
        return bundled, ref
    path = Path(ref)
    if base is not None and not path.is_absolute():
        path = base / path
    if not _exists(path) and not ref.endswith(".toml") and "/" not in ref:
        names = variant_names()
        hint = difflib.get_close_matches(ref, names, n=1)
        guess = f"; did you mean {toml_string(hint[0])}?" if hint else ""
        shown = path_label(ref)
        raise VariantError([Problem(path="", source=shown, message=f"unknown variant {toml_string(shown)}{guess or '.'} Bundled: {', '.join(names)}")])
    return path, path_label(path)


__all__ = ["MAX_NESTING", "MAX_PROFILE_BYTES", "bundled_dir", "bundled_path", "locate_profile", "parse_profile", "read_profile_file", "variant_names"]
