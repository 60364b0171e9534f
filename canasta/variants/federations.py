"""The federation comparison: every rule of the bundled profiles side by side, as Markdown.

``docs/federations.md`` is generated from the profiles, so it can never drift
from what the engine plays: each cell is the value a profile sets and the
source section it cites. Regenerate it after changing a profile::

    python -m canasta.variants.federations > docs/federations.md

``tests/test_federations_doc.py`` fails while the file is out of date.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import Any

import attrs

from ..textfiles import write_stdout_utf8
from .citations import citation_for
from .diff import format_value, is_keyed, is_per_players, md_cell, md_code, rule_values, strip_parentheses, summary
from .loading import load_variant
from .profile_files import variant_names
from .reference import KeyInfo, class_doc, keys
from .schema import META_KEYS, SECTIONS, Variant, key_order

__all__ = ["COMMAND", "PREFERRED_ORDER", "cell_value", "federations_markdown", "main", "short_citation"]

COMMAND = "python -m canasta.variants.federations > docs/federations.md"
"""The command that regenerates ``docs/federations.md``."""

PREFERRED_ORDER = ("swedish-official", "swedish-club", "finnish", "dutch", "regency", "rasche-house")
"""Column order: the order of the rule matrix (000, 002, 001, 003, 004, 004 options); other bundled profiles follow by name."""


def _default_names() -> list[str]:
    bundled = variant_names()
    return [n for n in PREFERRED_ORDER if n in bundled] + [n for n in bundled if n not in PREFERRED_ORDER]


def short_citation(citation: str) -> str:
    """A citation without its parenthesised remarks, e.g. ``001 §14 A•3; 001 §15 E•2``; the full text if nothing is left."""
    short = strip_parentheses(citation).replace(" ;", ";").replace(" ,", ",").strip()
    return short or citation


def cell_value(key: KeyInfo, value: Any) -> str:
    """A value as the comparison shows it: rules by player count, rank or kind as ``2: 15, 4: 11``, the rest as TOML data."""
    if (is_keyed(key.type) or is_per_players(key.type)) and isinstance(value, dict):
        if not value:
            return "(none)"
        order = key_order(key.type)
        return ", ".join(f"{k}: {format_value(v)}" for k, v in sorted(value.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))
    return format_value(value)


def _section_title(section: str) -> str:
    return section.replace("_", " ").capitalize()


def _restates(doc: str, title: str) -> bool:
    """Whether a section's one-line doc says no more than its heading ("Going out." under "Going out"), or is empty."""

    def words(text: str) -> list[str]:
        return [w for w in text.lower().replace(".", " ").split() if w != "the"]

    return words(doc) in ([], words(title))


def _section_docs() -> dict[str, str]:
    """The one-line description of each schema section, from its class docstring."""
    hints = typing.get_type_hints(Variant)
    return {f.name: summary(class_doc(hints[f.name])) for f in attrs.fields(Variant) if f.name in SECTIONS}


def _sources_cell(variant: Variant) -> str:
    return "<br>".join(md_cell(s) for s in variant.sources) or "—"


def federations_markdown(names: Sequence[str] | None = None) -> str:
    """The federation comparison as Markdown: the text of ``docs/federations.md``.

    ``names`` are bundled profile names or ``.toml`` paths, one column each;
    the default is every bundled profile in :data:`PREFERRED_ORDER`. Each
    schema section gets a table with one row per dotted key, each cell the
    profile's value with a short citation under it. Rows where the profiles
    disagree are in bold.
    """
    variants = [load_variant(n) for n in (_default_names() if names is None else names)]
    values = [rule_values(v) for v in variants]
    rule_keys = [k for k in keys() if k.path not in META_KEYS]
    differing = [k.path for k in rule_keys if any(vals[k.path] != values[0][k.path] for vals in values[1:])]
    header_cells = " | ".join(md_code(v.name) for v in variants)

    lines = [
        "# Federation comparison",
        "",
        "Every rule of the bundled variant profiles side by side. This file is generated from",
        "`variants/*.toml`; do not edit it by hand. After changing a profile, regenerate it with",
        "",
        "```sh",
        COMMAND,
        "```",
        "",
        "(`tests/test_federations_doc.py` fails while it is out of date.)",
        "",
        "Each cell holds the profile's value, written as in the TOML file, and under it the source",
        "section the profile cites for it, shortened to the section numbers:",
        "`canasta variants show NAME` prints the full citations. A `decisions P…` citation is a",
        "decision the project took where the sources are ambiguous or silent, recorded with its",
        "reasons in [decisions.md](decisions.md); `topics O` is a section of [rule-topics.md](rule-topics.md).",
        "Rules that depend on the number of players list one value per player count, and a",
        "profile lists only the player counts it supports (decisions P32).",
        "",
        f"**Bold** rows are the rules where the profiles differ: {len(differing)} of {len(rule_keys)}.",
        "To compare two profiles in detail, see [diff.md](diff.md).",
        "",
        "## The profiles",
        "",
        "| profile | title | sources |",
        "|---|---|---|",
    ]
    lines += [f"| {md_code(v.name)} | {md_cell(v.title)} | {_sources_cell(v)} |" for v in variants]

    section_docs = _section_docs()
    for section in SECTIONS:
        section_keys = [k for k in rule_keys if k.path.split(".", 1)[0] == section]
        if not section_keys:
            continue
        lines += ["", f"## {_section_title(section)}", ""]
        if not _restates(section_docs.get(section, ""), _section_title(section)):
            lines += [md_cell(section_docs[section]), ""]
        lines += [f"| rule | {header_cells} |", "|---" * (len(variants) + 1) + "|"]
        for key in section_keys:
            rule = md_code(key.path)
            if key.path in differing:
                rule = f"**{rule}**"
            if key.doc:
                rule += f"<br><sub>{md_cell(summary(key.doc))}</sub>"
            cells = []
            for variant, vals in zip(variants, values, strict=True):
                cell = md_cell(cell_value(key, vals[key.path]))
                cite = citation_for(variant.citations, key.path)
                cells.append(f"{cell}<br><sub>{md_cell(short_citation(cite))}</sub>" if cite else cell)
            lines.append(f"| {rule} | {' | '.join(cells)} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Print the comparison of every bundled profile as UTF-8 with LF line ends, whatever the console's encoding."""
    write_stdout_utf8(federations_markdown())


if __name__ == "__main__":
    main()
