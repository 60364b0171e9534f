"""Source citations read from a profile's TOML comments, and written back on dump.

Every value in a bundled profile carries a trailing comment naming its source
section (``canastas_required = { 4 = 2 }  # 002 UTGÅNG 1``). tomllib drops
comments, so this small scanner reads them: it tracks the current ``[table]``
header and records the comment that ends a ``key = value`` line. Values that
span several lines take the comment of their first line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_HEADER = re.compile(r"^\s*+\[([A-Za-z0-9_.\-\s\"]++)\]\s*+(?:#.*)?$")
"""A ``[table]`` header line. The quantifiers are possessive (Python 3.11), so a line of any length is matched in linear time."""
_PART = r'(?:[A-Za-z0-9_\-]++|"[^"\\]*+")'
_KEY = re.compile(rf"^\s*+({_PART}(?:\s*+\.\s*+{_PART})*+)\s*+=")
"""A ``key = value`` line: bare or quoted key parts joined by dots (not a string inside a multi-line array, like ``"a = b",``)."""


def _split_comment(line: str) -> tuple[str, str]:
    """Split a TOML line into code and trailing comment, respecting quoted strings."""
    quote = ""
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 2
                continue
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            return line[:i], line[i + 1 :].strip()
        i += 1
    return line, ""


def _dotted(text: str) -> str:
    return ".".join(part.strip().strip('"') for part in text.split("."))


def read_citations(text: str) -> dict[str, str]:
    """Map each dotted key that has a trailing comment to that comment."""
    out: dict[str, str] = {}
    table = ""
    for raw in _lines(text):
        code, comment = _split_comment(raw)
        header = _HEADER.match(raw) if raw.lstrip().startswith("[") else None
        if header:
            table = _dotted(header.group(1))
            if comment:
                out[table] = comment
            continue
        key = _KEY.match(code)
        if key and comment:
            path = _dotted(key.group(1))
            out[f"{table}.{path}" if table else path] = comment
    return out


def _lines(text: str) -> list[str]:
    """The lines of TOML text. Only LF (or CRLF) ends a TOML line; str.splitlines() would also split
    inside a string value at U+2028, U+0085 and the like, which TOML allows there."""
    return [line.removesuffix("\r") for line in text.split("\n")]


_NOT_IN_COMMENT = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
"""Control characters a TOML comment may not hold."""


def citation_for(citations: Mapping[str, str], path: str) -> str:
    """The citation of a dotted key, or of the nearest enclosing key that has one."""
    while path:
        if path in citations:
            return citations[path]
        path = path.rpartition(".")[0]
    return ""


def add_citations(toml_text: str, citations: Mapping[str, str]) -> str:
    """Append each key's citation as a trailing comment to TOML text written by tomli-w."""
    lines = []
    table = ""
    for raw in _lines(toml_text.rstrip("\n")):
        header = _HEADER.match(raw) if raw.startswith("[") else None
        if header:
            table = _dotted(header.group(1))
            full = table
        else:
            key = _KEY.match(raw)
            full = "" if key is None else f"{table}.{_dotted(key.group(1))}" if table else _dotted(key.group(1))
        cite = citations.get(full, "") if full else ""
        if cite and not _NOT_IN_COMMENT.search(cite):
            raw = f"{raw}  # {cite}"
        lines.append(raw)
    return "\n".join(lines) + "\n"
