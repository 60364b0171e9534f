"""docs/rules.md is generated from the schema and the bundled profiles and must match them.

The rule reference is where a club looks a key up, so a schema or profile
change that is not followed by a regeneration fails here: it is generated from
the schema so that it cannot drift.
"""

from __future__ import annotations

from pathlib import Path

import canasta
from canasta.variants.reference import keys
from canasta.variants.rule_reference import COMMAND, rule_reference_markdown

DOC = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


def test_docs_rules_md_is_up_to_date() -> None:
    actual = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    assert actual == rule_reference_markdown(), f"docs/rules.md is out of date with the schema or variants/*.toml; regenerate it with:\n    {COMMAND}"


def test_every_key_has_a_heading_a_meaning_a_type_and_a_default() -> None:
    text = rule_reference_markdown()
    for key in keys():
        heading = f"### `{key.path}`\n\n"
        assert heading in text, key.path
        body = text.split(heading, 1)[1].split("\n### ", 1)[0]
        assert "(no description)" not in body, key.path
        assert "- **Type:** " in body and "- **Default:** " in body, key.path


def test_every_rule_key_lists_each_bundled_profile_with_its_source() -> None:
    text = rule_reference_markdown()
    body = text.split("### `going_out.canastas_required`\n", 1)[1].split("\n### ", 1)[0]
    for name in canasta.variant_names():
        assert f"| `{name}` |" in body
    # 001 §18 B: the Finnish federation goes out with one canasta.
    assert "| `finnish` | 4: 1 | 001 §18 B" in body


def test_enum_keys_list_every_allowed_value_with_its_meaning() -> None:
    body = rule_reference_markdown().split("### `melds.wild_limit`\n", 1)[1].split("\n### ", 1)[0]
    for value in ("half", "standard", "two_per_wild"):
        assert f'  - `"{value}"`: ' in body
