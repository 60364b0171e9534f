"""docs/federations.md is generated from the bundled profiles and must match them.

The comparison is only worth reading if it says what the engine plays, so a
profile change that is not followed by a regeneration fails here. The same
holds for the example outputs pasted into docs/diff.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import canasta
from canasta.variants.diff import diff_variants, format_diff
from canasta.variants.federations import COMMAND, federations_markdown

DOCS = Path(__file__).resolve().parents[1] / "docs"
DOC = DOCS / "federations.md"
EXAMPLE = re.compile(r"<!-- begin diff (\S+) (\S+) (\S+)(?: --players (\d+))? -->\n```\w*\n(.*?)```\n<!-- end diff -->", re.S)
"""An example in docs/diff.md: profile a, profile b, format, the player count if one is chosen, then the pasted output in a fenced block."""


def test_docs_federations_md_is_up_to_date() -> None:
    expected = federations_markdown()
    actual = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    assert actual == expected, f"docs/federations.md is out of date with variants/*.toml; regenerate it with:\n    {COMMAND}"


def test_the_comparison_has_a_column_per_bundled_profile_and_names_its_command() -> None:
    text = federations_markdown()
    assert COMMAND in text
    header = next(line for line in text.splitlines() if line.startswith("| rule |"))
    columns = re.findall(r"`([^`]+)`", header)
    assert sorted(columns) == canasta.variant_names()


def test_001_s18_b_one_canasta_to_go_out_is_shown_with_its_citation() -> None:
    row = next(line for line in federations_markdown(["finnish"]).splitlines() if "`going_out.canastas_required`" in line)
    assert row.endswith("| 4: 1<br><sub>001 §18 B</sub> |")


def test_rows_where_the_profiles_differ_are_bold() -> None:
    lines = federations_markdown(["finnish", "swedish-club"]).splitlines()
    assert any(line.startswith("| **`going_out.canastas_required`**") for line in lines)
    assert any(line.startswith("| `canastas.size`") for line in lines), "both use 7-card canastas"


def test_one_profile_alone_has_no_bold_rows() -> None:
    assert "| **`" not in federations_markdown(["regency"])


def test_per_player_values_are_listed_by_count() -> None:
    row = next(line for line in federations_markdown(["swedish-club"]).splitlines() if "`deal.hand_size`" in line)
    assert "| 2: 15, 3: 15, 4: 11, 6: 11<br><sub>" in row


def test_every_section_has_a_heading() -> None:
    text = federations_markdown(["finnish"])
    for heading in ("## Deal", "## Discard pile", "## Going out", "## Concealed going out", "## End of stock", "## Penalties"):
        assert f"\n{heading}\n" in text


def test_docs_diff_md_examples_are_what_format_diff_prints() -> None:
    examples = EXAMPLE.findall((DOCS / "diff.md").read_text(encoding="utf-8"))
    assert {(a, b, fmt, n) for a, b, fmt, n, _ in examples} >= {("finnish", "swedish-club", "text", "4"), ("swedish-official", "swedish-club", "json", "")}
    for a_name, b_name, fmt, count, pasted in examples:
        a, b = canasta.load_variant(a_name), canasta.load_variant(b_name)
        players = int(count) if count else None
        expected = format_diff(diff_variants(a, b, players=players), a, b, fmt=fmt, players=players)
        option = f" --players {count}" if count else ""
        assert pasted == expected, (
            f"the {fmt} example of {a_name} vs {b_name}{option} in docs/diff.md is out of date; "
            f"paste the output of: canasta variants diff {a_name} {b_name}{option} --format {fmt}"
        )
