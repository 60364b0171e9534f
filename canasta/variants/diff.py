"""The rule differences between two variant profiles, and their text, Markdown and JSON forms.

A federation comparing its rules with its neighbour's, or a club checking what
its house file really changes, wants every rule that differs, the value on each
side and the source each side cites for it. Values are compared as TOML data
(what :func:`~canasta.variants.converter.unstructure_variant` gives), so an enum
prints as the string written in the profile and a tuple as an array.

Rules that depend on the player count are split per count
(``going_out.canastas_required.4``), so a difference in the 4-player game is not
buried in a table that also lists the counts one profile does not support. A
count the profile does not list is ``None`` (absent) on that side. The
metadata keys (:data:`~canasta.variants.schema.META_KEYS`) describe a profile
rather than set a rule, and are left out.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from typing import Any, get_args, get_origin

import attrs

from canasta.errors import ArgumentError, shown_value
from canasta.textfiles import FORMATS

from .citations import citation_for
from .converter import unstructure_variant
from .reference import KeyInfo, keys
from .schema import META_KEYS, PlayerCount, Variant, key_order, key_type

__all__ = ["RuleDifference", "diff_variants", "format_diff"]
"""The public API. The helpers below without an underscore (value formatting, Markdown cells) are shared with
:mod:`canasta.variants.federations`."""

ABSENT = "(absent)"
"""How text and Markdown show a value a profile does not have (a player count it does not support)."""


@attrs.frozen(kw_only=True)
class RuleDifference:
    """One rule whose value differs between two profiles, with the source each side cites."""

    key: str
    """Dotted key; a per-player-count rule is split per count, e.g. ``going_out.canastas_required.4``."""
    a: Any
    """The value in profile a as TOML data (enums as their strings, tuples as lists); None when absent."""
    b: Any
    """The value in profile b, the same way."""
    a_source: str
    """The citation of the value in a; empty when a cites none or has no value."""
    b_source: str
    """The citation of the value in b, the same way."""
    doc: str
    """What the key means (:func:`canasta.variants.reference.key_doc`)."""


def is_per_players(tp: Any) -> bool:
    """Whether a field type is a mapping keyed by player count."""
    return get_origin(tp) in (Mapping, dict, typing.Mapping) and get_args(tp)[:1] == (PlayerCount,)


def is_keyed(tp: Any) -> bool:
    """Whether a field type is a table keyed by player count, rank or kind, compared key by key."""
    return key_type(tp) is not None


def _plain(value: Any) -> Any:
    """TOML data with enum members turned into their plain strings (StrEnum members still print as enums in repr)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _lookup(data: Mapping[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node


def _rule_keys() -> list[KeyInfo]:
    """Every rule key of the schema in declaration order: the metadata keys left out."""
    return [k for k in keys() if k.path not in META_KEYS]


def rule_values(variant: Variant) -> dict[str, Any]:
    """Every rule of a profile as ``{dotted key: TOML value}``, in schema order, per-player rules kept whole."""
    data = unstructure_variant(variant)
    return {k.path: _plain(_lookup(data, k.path)) for k in _rule_keys()}


def _split(key: KeyInfo, a: Any, b: Any) -> Iterator[tuple[str, Any, Any]]:
    """The (dotted key, a, b) pairs of one schema key: one per table key for a rule by player count, rank or kind."""
    if is_keyed(key.type) and isinstance(a, dict) and isinstance(b, dict):
        order = key_order(key.type)
        for k in sorted(set(a) | set(b), key=lambda k: (order.index(k) if k in order else len(order), k)):
            yield f"{key.path}.{k}", a.get(k), b.get(k)
    else:
        yield key.path, a, b


def diff_variants(a: Variant, b: Variant) -> list[RuleDifference]:
    """Every rule that differs between two profiles, in schema order, with both values and both citations.

    Per-player-count rules are compared count by count. Metadata (name, title,
    description, sources, schema version) and citations are not rules, so
    two profiles differing only there give an empty list. Anything but two
    :class:`Variant` objects raises :class:`canasta.ArgumentError` (load a
    name or a file with :func:`canasta.load_variant` first).
    """
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, Variant):
            raise ArgumentError(f"diff_variants({name}=...): expected a Variant (canasta.load_variant(name or file)), got {shown_value(value)}")
    values_a, values_b = rule_values(a), rule_values(b)
    out: list[RuleDifference] = []
    for key in _rule_keys():
        for path, va, vb in _split(key, values_a[key.path], values_b[key.path]):
            if va == vb and type(va) is type(vb):  # 1 == True in Python, but not in TOML
                continue
            out.append(
                RuleDifference(
                    key=path,
                    a=va,
                    b=vb,
                    a_source="" if va is None else citation_for(a.citations, path),
                    b_source="" if vb is None else citation_for(b.citations, path),
                    doc=key.doc,
                )
            )
    return out


# --- presentation ---------------------------------------------------------------------------------------------------------

_PARENS = re.compile(r"\s*\([^()]*\)")


def strip_parentheses(text: str) -> str:
    """Text with every parenthesised remark removed, nested ones included."""
    while True:
        stripped = _PARENS.sub("", text)
        if stripped == text:
            return stripped
        text = stripped


def summary(doc: str) -> str:
    """The first sentence of a key's doc without its parenthesised source list: a short line for tables."""
    plain = strip_parentheses(doc).replace(" ;", ";").replace(" ,", ",")
    first = re.split(r"(?<=[.!?])\s+(?=[A-Z`])", plain.strip(), maxsplit=1)[0]
    return first or doc


def format_value(value: Any) -> str:
    """A TOML value written the way a profile writes it (``true``, ``"half"``, ``[15, 50]``); ``(absent)`` for None."""
    if value is None:
        return ABSENT
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return format_value(value.value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {format_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def _cited(value: Any, source: str) -> str:
    return f"{format_value(value)}  [{source}]" if source else format_value(value)


def _count_line(n: int, a: Variant, b: Variant) -> str:
    if n == 0:
        return f"No differences: {a.name} and {b.name} set every rule the same."
    return f"{n} rule{'s differ' if n != 1 else ' differs'} between {a.name} and {b.name}."


def _text(diffs: Sequence[RuleDifference], a: Variant, b: Variant) -> str:
    lines = [f"a: {a.name}  ({a.title})", f"b: {b.name}  ({b.title})", ""]
    for d in diffs:
        lines += [d.key]
        if d.doc:
            lines += [f"    {summary(d.doc)}"]
        lines += [f"    a: {_cited(d.a, d.a_source)}", f"    b: {_cited(d.b, d.b_source)}", ""]
    lines.append(_count_line(len(diffs), a, b))
    return "\n".join(lines) + "\n"


def md_cell(text: str) -> str:
    """Text made safe for one Markdown table cell: pipes escaped, line breaks as ``<br>``, HTML brackets escaped."""
    return (
        text.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\r\n", "<br>")
        .replace("\n", "<br>")
    )


def md_code(text: str) -> str:
    """Inline code that survives backticks inside the text."""
    fence = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_value(value: Any, source: str) -> str:
    """A table cell: the value, with its citation in small type under it."""
    cell = md_cell(format_value(value))
    return f"{cell}<br><sub>{md_cell(source)}</sub>" if source else cell


def _markdown(diffs: Sequence[RuleDifference], a: Variant, b: Variant) -> str:
    lines = [
        f"## Rule differences: {md_code(a.name)} vs {md_code(b.name)}",
        "",
        f"- a: {md_code(a.name)}: {md_cell(a.title)}",
        f"- b: {md_code(b.name)}: {md_cell(b.title)}",
        "",
    ]
    if diffs:
        lines += [f"| rule | a: {md_cell(a.name)} | b: {md_cell(b.name)} |", "|---|---|---|"]
        for d in diffs:
            rule = md_code(d.key).replace("|", "\\|")
            if d.doc:
                rule += f"<br><sub>{md_cell(summary(d.doc))}</sub>"
            lines.append(f"| {rule} | {md_value(d.a, d.a_source)} | {md_value(d.b, d.b_source)} |")
        lines.append("")
    lines.append(_count_line(len(diffs), a, b))
    return "\n".join(lines) + "\n"


def _json(diffs: Sequence[RuleDifference], a: Variant, b: Variant) -> str:
    payload = {
        "a": a.name,
        "b": b.name,
        "differences": [
            {"key": d.key, "a": _plain(d.a), "b": _plain(d.b), "a_source": d.a_source, "b_source": d.b_source, "doc": d.doc} for d in diffs
        ],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


def format_diff(diffs: Sequence[RuleDifference], a: Variant, b: Variant, fmt: str = "text") -> str:
    """The differences between ``a`` and ``b`` as ``text``, ``markdown`` or ``json``; ValueError for another format.

    Text is for a terminal: a header naming both profiles, one block per rule
    (key, what it means, each value with its citation) and a count line.
    Markdown is a table for a web page or an issue. JSON is for programs:
    ``{"a": name, "b": name, "differences": [...]}``. Every form ends with a
    newline.
    """
    if fmt == "text":
        return _text(diffs, a, b)
    if fmt == "markdown":
        return _markdown(diffs, a, b)
    if fmt == "json":
        return _json(diffs, a, b)
    raise ArgumentError(f"unknown diff format {shown_value(fmt)}; use one of {', '.join(FORMATS)}")
