"""The rule reference: every profile key with its meaning, type, allowed values, default and sources.

``docs/rules.md`` is generated from the schema (:mod:`canasta.variants.schema`,
its attribute docstrings and field bounds), the enums' member docstrings and
the bundled profiles' citations, so it can never drift from what the loader
accepts. Regenerate it after changing the schema or a profile::

    python -m canasta.variants.rule_reference > docs/rules.md

``tests/test_rule_reference.py`` fails while the file is out of date.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, get_args, get_origin

import attrs

from ..textfiles import write_stdout_utf8
from . import enums
from .citations import citation_for
from .diff import format_value, is_keyed, md_cell, md_code, rule_values
from .federations import PREFERRED_ORDER, cell_value
from .loading import load_variant
from .profile_files import variant_names
from .reference import KeyInfo, attribute_docs, class_doc, keys
from .schema import META_KEYS, SECTIONS, PlayerCount, Variant, key_order, key_type

__all__ = ["COMMAND", "key_anchor", "rule_reference_markdown", "type_text"]

COMMAND = "python -m canasta.variants.rule_reference > docs/rules.md"
"""The command that regenerates ``docs/rules.md``."""


def _bounds(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    if lo is not None:
        return f"at least {lo}"
    if hi is not None:
        return f"at most {hi}"
    return ""


def type_text(key: KeyInfo) -> str:
    """The type of a key in words, with its bounds: ``integer from 0 to 5``, ``list of integers``, ``one of the values below``."""

    def describe(tp: Any, plural: bool = False) -> str:
        if get_origin(tp) in (types.UnionType, typing.Union):
            return ", or ".join(describe(arg) for arg in get_args(tp))
        if key_type(tp) is PlayerCount:
            return f"a table by player count (keys 2 to 6), each value {describe(get_args(tp)[1])}"
        if is_keyed(tp):
            keys = key_order(tp)
            return f"a table keyed by {key_type(tp).__name__} ({', '.join(keys)}), each value {describe(get_args(tp)[1])}"
        if get_origin(tp) is tuple and attrs.has(get_args(tp)[0]):
            item = get_args(tp)[0]
            return f"an array of tables, each with {', '.join(f.name for f in attrs.fields(item))}"
        if get_origin(tp) is tuple:
            return f"a list of {describe(get_args(tp)[0], plural=True)}"
        if isinstance(tp, type) and issubclass(tp, Enum):
            return "one of the strings below" if not plural else "strings from the values below"
        if tp is bool:
            return "booleans" if plural else "a boolean (`true` or `false`)"
        if tp is str:
            return "strings" if plural else "a string"
        if tp is int:
            bounds = _bounds(key.lo, key.hi)
            word = "integers" if plural else "an integer"
            return f"{word} {bounds}" if bounds else word
        return str(tp)

    return describe(key.type)


def _enum_of(tp: Any) -> type[Enum] | None:
    """The enum a key's values come from, looking inside per-player maps and lists."""
    while get_origin(tp) in (Mapping, dict, tuple):
        tp = get_args(tp)[-1] if is_keyed(tp) else get_args(tp)[0]
    return tp if isinstance(tp, type) and issubclass(tp, Enum) else None


def key_anchor(path: str) -> str:
    """The HTML anchor of a key's heading as GitHub and MyST make it: ``going_out.canastas_required`` → ``going_outcanastas_required``."""
    return path.lower().replace(".", "")


def _default_text(key: KeyInfo) -> str:
    value = key.default
    if is_keyed(key.type) and isinstance(value, Mapping) and not value:
        return "an empty table (no player count)" if key_type(key.type) is PlayerCount else "an empty table"
    return md_code(format_value(value))


def _citations(variant: Variant, key: KeyInfo) -> str:
    """The full citation of a key in one profile; per-player-count citations are listed by count."""
    own = citation_for(variant.citations, key.path)
    per_count = sorted(
        ((path.rsplit(".", 1)[1], text) for path, text in variant.citations.items() if path.rpartition(".")[0] == key.path and is_keyed(key.type)),
        key=lambda kt: (key_order(key.type).index(kt[0]) if kt[0] in key_order(key.type) else 99, kt[0]),
    )
    parts = [own] if own else []
    word = " players" if key_type(key.type) is PlayerCount else ""
    parts += [f"{k}{word}: {text}" for k, text in per_count if text != own]
    return " · ".join(parts) or "—"


def _profiles() -> list[Variant]:
    bundled = variant_names()
    names = [n for n in PREFERRED_ORDER if n in bundled] + [n for n in bundled if n not in PREFERRED_ORDER]
    return [load_variant(n) for n in names]


def _key_section(key: KeyInfo, variants: list[Variant], values: list[dict[str, Any]]) -> list[str]:
    lines = [f"### `{key.path}`", "", key.doc or "(no description)", ""]
    lines += [f"- **Type:** {type_text(key)}", f"- **Default:** {_default_text(key)}"]
    enum = _enum_of(key.type)
    if enum is not None:
        member_docs = attribute_docs(enums).get(enum.__name__, {})
        lines.append("- **Allowed values:**")
        lines += [f"  - {md_code(format_value(m.value))}: {member_docs.get(m.name, '')}".rstrip(": ") for m in enum]
    if key.path in META_KEYS:
        lines.append("")
        return lines
    lines += ["", "| profile | value | source |", "|---|---|---|"]
    for variant, vals in zip(variants, values, strict=True):
        lines.append(f"| {md_code(variant.name)} | {md_cell(cell_value(key, vals[key.path]))} | {md_cell(_citations(variant, key))} |")
    lines.append("")
    return lines


def rule_reference_markdown() -> str:
    """The rule reference as Markdown: the text of ``docs/rules.md``."""
    variants = _profiles()
    values = [rule_values(v) for v in variants]
    all_keys = keys()
    lines = [
        "# Rule reference",
        "",
        "Every key a variant profile may set: what it means, its type and allowed values, the",
        "default a house file inherits when neither it nor its `extends` chain sets the key, and",
        "the value and source section of each bundled profile. This page is generated from the",
        "schema and the bundled profiles; do not edit it by hand. Regenerate it with",
        "",
        "```sh",
        COMMAND,
        "```",
        "",
        "(`tests/test_rule_reference.py` fails while it is out of date.)",
        "",
        "A source such as `001 §18 B` is a section of a federation's rule book (the sources are",
        "listed in [rule-topics.md](rule-topics.md)); `decisions P7` is a decision the project took",
        "where the sources are ambiguous or silent, recorded with its reasons in",
        "[decisions.md](decisions.md). To see the profiles side by side, one table per section,",
        "read [federations.md](federations.md); to write your own, [house-rules.md](house-rules.md).",
        "",
        "## Profile metadata",
        "",
        "These top-level keys describe the profile; they set no rule.",
        "",
        "### `extends`",
        "",
        "The profile a house file changes: a bundled name (`finnish`) or a path to another",
        "`.toml` file, relative to the house file. Required unless the file sets every rule key;",
        "the chain may be several files long but not a cycle.",
        "",
        "- **Type:** a string",
        "- **Default:** none: a bundled profile sets no `extends`",
        "",
    ]
    for key in all_keys:
        if key.path in META_KEYS:
            lines += _key_section(key, variants, values)
    for section in SECTIONS:
        section_keys = [k for k in all_keys if k.path.split(".", 1)[0] == section]
        doc = class_doc(_section_class(section))
        lines += [f"## `[{section}]`", "", doc, ""] if doc else [f"## `[{section}]`", ""]
        for key in section_keys:
            lines += _key_section(key, variants, values)
    return "\n".join(lines).rstrip("\n") + "\n"


def _section_class(section: str) -> type:
    """The schema class of a section, e.g. :class:`GoingOutRules` for ``going_out``."""
    cls: type = typing.get_type_hints(Variant)[section]
    return cls


def main() -> None:
    """Print the rule reference as UTF-8 with LF line ends, whatever the console's encoding."""
    write_stdout_utf8(rule_reference_markdown())


if __name__ == "__main__":
    main()
