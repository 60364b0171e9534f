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

_HEADER = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\-\s\"]+?)\s*\]\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-.\"]+)\s*=")


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
    for raw in text.splitlines():
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
    for raw in toml_text.splitlines():
        header = _HEADER.match(raw) if raw.startswith("[") else None
        if header:
            table = _dotted(header.group(1))
            if table in citations and table.count(".") >= 1:
                raw = f"{raw}  # {citations[table]}"
        else:
            key = _KEY.match(raw)
            if key:
                path = _dotted(key.group(1))
                full = f"{table}.{path}" if table else path
                if full in citations and "\n" not in citations[full]:
                    raw = f"{raw}  # {citations[full]}"
        lines.append(raw)
    return "\n".join(lines) + "\n"
