"""A person's or a file's text as each export of a score sheet writes it: safe for a terminal, a browser and a spreadsheet.

A name, a note, who entered and when, a house profile's title and sources
come from whoever wrote the sheet's file, and may hold anything: an escape
sequence (``\\x1b]0;title\\x07`` sets a terminal's title), a carriage return,
a bidi override (U+202E), markup, a formula. Every format first makes the
text printable (:func:`canasta.errors.printable`, the one rule for it), then
escapes what the format reads: :func:`one_line` for text, :func:`markdown_text`,
:func:`html_text`, :func:`csv_cell` (OWASP, "CSV Injection"), and
:func:`json_text`, which keeps every character.
"""

from __future__ import annotations

import html
import json

from canasta.errors import printable


def one_line(text: str) -> str:
    """Text on one printable line (:func:`canasta.errors.printable`, a line break as ``\\n``): the text, Markdown and HTML formats."""
    return printable(text, newlines=False)


_MARKDOWN_SPECIAL = frozenset("\\`*_~[]<>|&#")


def markdown_text(text: str) -> str:
    """Text in Markdown: :func:`one_line`, then every character Markdown reads (``|``, ``*``, ``<``, ...) escaped with a backslash."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else ch for ch in one_line(text))


def html_text(text: object) -> str:
    """Text in HTML: :func:`one_line`, then HTML-escaped, quotes too."""
    return html.escape(one_line(str(text)), quote=True)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell begins that a spreadsheet reads as a formula (OWASP, "CSV Injection"): a text cell that begins so is begun with ``'``."""


def csv_text(text: str) -> str:
    """Text as a CSV cell holds it: printable (:func:`canasta.errors.printable`; line breaks kept, the cell is quoted), and begun
    with a single quote where it begins like a formula (:data:`FORMULA_STARTS`), also after spaces, which a spreadsheet may trim:
    ``=1+1`` is written ``'=1+1``, which Excel and LibreOffice show as the text it is."""
    shown = printable(text)
    return "'" + shown if shown.lstrip().startswith(FORMULA_STARTS) else shown


def csv_cell(value: int | str | None) -> str:
    """One CSV cell: a number as it is (a score of -200 stays a number), and anything else quoted (RFC 4180): text
    (:func:`csv_text`), so that no separator of any locale (``,``, ``;``, a tab) and no quote in it starts another cell, and
    None as an empty quoted cell. So a cell below the header is bare exactly when it is a number, as ``csv.QUOTE_NONNUMERIC``
    reads it."""
    if isinstance(value, int):
        return str(value)
    return '"' + csv_text("" if value is None else value).replace('"', '""') + '"'


def _json_escape(ch: str) -> str:
    """A character as JSON's ``\\u`` escape (a pair of them past U+FFFF), which every JSON reader decodes back to it."""
    code = ord(ch)
    if code > 0xFFFF:
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def json_text(data: object) -> str:
    """``data`` as indented JSON with each character that is not printable written as its ``\\u`` escape (json itself escapes only
    those below U+0020): a terminal shows it as it is, and a JSON reader gets every character back."""
    text = json.dumps(data, indent=2, ensure_ascii=False)
    return "".join(ch if ch == "\n" or ch.isprintable() else _json_escape(ch) for ch in text)


__all__ = ["FORMULA_STARTS", "csv_cell", "csv_text", "html_text", "json_text", "markdown_text", "one_line"]
