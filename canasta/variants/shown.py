"""A value in a message as a profile file writes it: TOML's words, never Python's.

A person who wrote ``bonus = true`` reads ``got a boolean (true)``, not
``True``; a string comes quoted as TOML quotes it (``'half'``, or
``"it's"`` with TOML's escapes), an array and a table as TOML writes them
inline (``[15, 50]``, ``{ 4 = 11 }``), an enum by the word the file gives
(``'must_go_out'``). Every problem of a
profile that shows a value shows it through :func:`shown_toml`, cut to a
length and built no further than that, so a huge or deeply nested value costs
no more than a short one. Characters a terminal should not get (escape
sequences, bidi overrides) are written as TOML escapes.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Mapping
from enum import Enum

from canasta.errors import shown_value

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def toml_string(text: str) -> str:
    """``text`` as TOML writes a string: a literal string (``'half'``) where it can be, else a basic string with escapes.

    A literal string holds no ``'`` and nothing unprintable; any other text is
    written in double quotes, with TOML's escape for every character that is not
    printable (``"\\u001b]0;x\\u0007"``), so that no message carries one to a terminal.
    """
    if "'" not in text and text.isprintable():
        return f"'{text}'"
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
    return f'"{"".join(out)}"'


def toml_key(key: object) -> str:
    """A table key as TOML writes it: bare when it can be, else quoted."""
    text = key.value if isinstance(key, Enum) else key
    text = str(text)
    return text if _BARE_KEY.fullmatch(text) else toml_string(text)


def _words(value: object, budget: int) -> str:
    """``value`` in TOML's words, built no further than about ``budget`` characters."""
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return shown_value(value) if abs(value) >= 10**30 else str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return toml_string(value[:budget])
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        parts: list[str] = []
        used = 1
        for item in value:
            if used > budget:
                parts.append("...")
                break
            parts.append(_words(item, budget - used))
            used += len(parts[-1]) + 2
        return f"[{', '.join(parts)}]"
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        parts = []
        used = 2
        for key, item in value.items():
            if used > budget:
                parts.append("...")
                break
            parts.append(f"{toml_key(key)} = {_words(item, budget - used)}")
            used += len(parts[-1]) + 2
        return f"{{ {', '.join(parts)} }}"
    return shown_value(value, budget)


def shown_toml(value: object, limit: int = 60) -> str:
    """``value`` as a profile file writes it (``true``, ``'half'``, ``[15, 50]``, ``{ 4 = 11 }``), cut to ``limit`` characters."""
    try:
        text = _words(value, limit + 1)
    except RecursionError:  # nested past any profile's depth
        text = "..."
    return text if len(text) <= limit else text[: limit - 3] + "..."


__all__ = ["shown_toml", "toml_key", "toml_string"]
