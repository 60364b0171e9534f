"""The profile diff: every rule that differs between two profiles, with the source each side cites.

The first tests build small profiles with ``attrs.evolve`` so that each checks
one property of :func:`diff_variants` and :func:`format_diff`. The rest compare
the bundled Finnish and Swedish club profiles and are named after the rules
they show apart: 001 (Suomen Canastaliitto) against 002 (the Swedish club
edition), where docs/rule-topics.md shows them apart.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import canasta
from canasta.variants.diff import RuleDifference, diff_variants, format_diff
from canasta.variants.enums import WildLimit
from canasta.variants.reference import key_doc
from canasta.variants.schema import META_KEYS, Variant


def profile(name: str = "base", citations: dict[str, str] | None = None, **sections: Any) -> Variant:
    """A generic profile with some sections replaced, e.g. ``melds={"wild_limit": WildLimit.STANDARD}``."""
    v = Variant(name=name, title=f"{name.title()} test profile")
    changes = {section: attrs.evolve(getattr(v, section), **fields) for section, fields in sections.items()}
    return attrs.evolve(v, citations=citations or {}, **changes)


# --- diff_variants ----------------------------------------------------------------------------------------------------------


def test_a_profile_has_no_differences_with_itself() -> None:
    v = Variant()
    assert diff_variants(v, v) == []
    assert diff_variants(v, attrs.evolve(v)) == []


def test_metadata_and_citations_are_not_rules() -> None:
    a = profile("a", citations={"melds.wild_limit": "000 KOMBINATION"})
    b = attrs.evolve(
        profile("b", citations={"melds.wild_limit": "004 L36"}), title="Other", description="x", sources=("y",), schema_version=1
    )
    assert diff_variants(a, b) == []
    assert not {d.key for d in diff_variants(a, profile("c", match={"target": 7500}))} & set(META_KEYS)


def test_a_single_changed_key_gives_exactly_that_difference_with_both_values_and_citations() -> None:
    a = profile("a", citations={"melds.wild_limit": "000 KOMBINATION", "melds.min_size": "000 KOMBINATION"})
    b = profile("b", citations={"melds.wild_limit": "001 §11 D; decisions P1"}, melds={"wild_limit": WildLimit.STANDARD})
    assert diff_variants(a, b) == [
        RuleDifference(
            key="melds.wild_limit",
            a="half",
            b="standard",
            a_source="000 KOMBINATION",
            b_source="001 §11 D; decisions P1",
            doc=key_doc("melds.wild_limit"),
        )
    ]


def test_values_are_toml_data_enums_as_plain_strings_tuples_as_lists() -> None:
    a = profile("a")
    b = profile("b", melds={"wild_limit": WildLimit.STANDARD}, initial_meld={"minimums": (25, 90, 120, 150)})
    by_key = {d.key: d for d in diff_variants(a, b)}
    assert type(by_key["melds.wild_limit"].b) is str
    assert by_key["initial_meld.minimums"].a == [15, 50, 90, 120]
    assert by_key["initial_meld.minimums"].b == [25, 90, 120, 150]


def test_a_missing_citation_is_an_empty_source() -> None:
    (d,) = diff_variants(profile("a"), profile("b", match={"target": 7500}))
    assert (d.key, d.a, d.b, d.a_source, d.b_source) == ("match.target", 5000, 7500, "", "")


def test_per_player_differences_are_split_per_count() -> None:
    a = profile("a", citations={"going_out.canastas_required": "000 UTGÅNG 1"})
    b = profile(
        "b",
        citations={"going_out.canastas_required": "002 UTGÅNG 1"},
        going_out={"canastas_required": {2: 2, 3: 2, 4: 2, 5: 2, 6: 1}},
    )
    diffs = diff_variants(a, b)
    assert [(d.key, d.a, d.b) for d in diffs] == [
        ("going_out.canastas_required.2", 1, 2),
        ("going_out.canastas_required.4", 1, 2),
        ("going_out.canastas_required.5", None, 2),
    ]
    assert diffs[0].a_source == "000 UTGÅNG 1" and diffs[0].b_source == "002 UTGÅNG 1"
    assert diffs[0].doc == key_doc("going_out.canastas_required")
    assert diffs[2].a_source == "", "a player count the profile does not list has no value, so no citation"


def test_differences_come_in_schema_order() -> None:
    a = profile("a")
    b = profile("b", penalties={"draw_out_of_turn": 100}, deal={"hand_size": {2: 15, 3: 13, 4: 11, 6: 11}}, match={"target": 10000})
    assert [d.key for d in diff_variants(a, b)] == ["deal.hand_size.3", "match.target", "penalties.draw_out_of_turn"]


def test_nested_keys_are_dotted_all_the_way_down() -> None:
    b = profile("b", scoring={"card_points": attrs.evolve(Variant().scoring.card_points, ace=10)})
    assert [d.key for d in diff_variants(profile("a"), b)] == ["scoring.card_points.ace"]


# --- format_diff ------------------------------------------------------------------------------------------------------------

A = profile("alpha", citations={"melds.wild_limit": "000 KOMBINATION", "going_out.canastas_required": "000 UTGÅNG 1"})
B = profile(
    "beta",
    citations={"melds.wild_limit": "001 §11 D | decisions P1", "going_out.canastas_required": "002 UTGÅNG 1"},
    melds={"wild_limit": WildLimit.STANDARD},
    going_out={"canastas_required": {2: 1, 3: 2, 4: 2, 6: 1}},
)


def test_json_format_parses_to_both_names_and_every_difference() -> None:
    data = json.loads(format_diff(diff_variants(A, B), A, B, fmt="json"))
    assert data["a"] == "alpha" and data["b"] == "beta"
    assert data["differences"] == [
        {
            "key": "melds.wild_limit",
            "a": "half",
            "b": "standard",
            "a_source": "000 KOMBINATION",
            "b_source": "001 §11 D | decisions P1",
            "doc": key_doc("melds.wild_limit"),
        },
        {
            "key": "going_out.canastas_required.4",
            "a": 1,
            "b": 2,
            "a_source": "000 UTGÅNG 1",
            "b_source": "002 UTGÅNG 1",
            "doc": key_doc("going_out.canastas_required"),
        },
    ]


def test_json_format_keeps_non_ascii_citations_readable() -> None:
    assert "§11 D" in format_diff(diff_variants(A, B), A, B, fmt="json")


def test_markdown_format_is_a_table_with_citations_in_the_cells() -> None:
    text = format_diff(diff_variants(A, B), A, B, fmt="markdown")
    lines = text.splitlines()
    header = lines.index("| rule | a: alpha | b: beta |")
    assert lines[header + 1] == "|---|---|---|"
    row = next(line for line in lines if "melds.wild_limit" in line)
    assert '"half"<br><sub>000 KOMBINATION</sub>' in row
    assert "001 §11 D \\| decisions P1" in row, "a pipe in a citation must not split the cell"
    assert row.count(" | ") == 2
    assert lines[-1] == "2 rules differ between alpha and beta."


def test_text_format_names_both_profiles_and_ends_with_the_count_line() -> None:
    text = format_diff(diff_variants(A, B), A, B)
    assert text == format_diff(diff_variants(A, B), A, B, fmt="text")
    lines = text.splitlines()
    assert lines[0] == f"a: alpha  ({A.title})" and lines[1] == f"b: beta  ({B.title})"
    block = lines[lines.index("going_out.canastas_required.4") :][:4]
    assert block[1].strip().startswith("Canastas the side must hold")
    assert block[2] == "    a: 1  [000 UTGÅNG 1]"
    assert block[3] == "    b: 2  [002 UTGÅNG 1]"
    assert '    a: "half"  [000 KOMBINATION]' in lines
    assert lines[-1] == "2 rules differ between alpha and beta."


def test_one_difference_is_counted_in_the_singular() -> None:
    b = profile("beta", match={"target": 7500})
    assert format_diff(diff_variants(A, b), A, b).splitlines()[-1] == "1 rule differs between alpha and beta."


def test_an_absent_value_is_shown_as_absent() -> None:
    b = profile("beta", going_out={"canastas_required": {2: 1, 3: 2, 4: 1, 5: 1, 6: 1}})
    lines = format_diff(diff_variants(A, b), A, b).splitlines()
    block = lines[lines.index("going_out.canastas_required.5") :][:4]
    assert block[2:] == ["    a: (absent)", "    b: 1"], "no value and no citation in a; b cites nothing"


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_equal_profiles_say_there_are_no_differences(fmt: str) -> None:
    text = format_diff(diff_variants(A, A), A, A, fmt=fmt)
    assert "No differences" in text
    assert "|---" not in text


def test_equal_profiles_give_an_empty_json_list() -> None:
    assert json.loads(format_diff([], A, A, fmt="json")) == {"a": "alpha", "b": "alpha", "differences": []}


@pytest.mark.parametrize("fmt", ["xml", "TEXT", "", "md"])
def test_an_unknown_format_raises_value_error(fmt: str) -> None:
    with pytest.raises(ValueError, match="text, markdown, json"):
        format_diff([], A, B, fmt=fmt)


# --- the bundled profiles: 001 (Finnish federation) against 002 (Swedish club edition) ---------------------------------------


@pytest.fixture(scope="module")
def finnish_vs_swedish_club() -> dict[str, RuleDifference]:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    return {d.key: d for d in diff_variants(a, b)}


def check(diffs: dict[str, RuleDifference], key: str, finnish: Any, swedish_club: Any) -> None:
    """The key differs with these values, and both sides cite a source for it."""
    assert key in diffs, f"{key} should differ between finnish and swedish-club"
    d = diffs[key]
    assert (d.a, d.b) == (finnish, swedish_club)
    assert d.a_source.startswith("001"), d.a_source
    assert d.b_source, "swedish-club should cite its source"
    assert d.doc


def test_diff_001_s18_b_vs_002_utgang_1_canastas_to_go_out(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "going_out.canastas_required.4", 1, 2)
    assert finnish_vs_swedish_club["going_out.canastas_required.4"].b_source.startswith("002 UTGÅNG 1")


def test_diff_001_s15_e2_vs_002_att_ta_hogen_2_pile_blocked_by_own_canasta_rank(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "discard_pile.own_canasta_rank_blocks", False, True)


def test_diff_001_s10_c_vs_002_att_ta_hogen_3_b_taking_only_the_top_card(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "discard_pile.take_top_card_only", False, True)


def test_diff_001_s14_a3_vs_002_att_ta_hogen_6_pile_taken_by_adding_the_top_card_to_a_meld(
    finnish_vs_swedish_club: dict[str, RuleDifference],
) -> None:
    check(finnish_vs_swedish_club, "discard_pile.add_top_card_to_meld", True, False)


def test_diff_001_s15_e1_vs_002_canasta_5_wild_cards_added_to_a_canasta(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "canastas.wilds_added", False, True)


def test_diff_001_s11_d_vs_002_kombination_wild_card_limit(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "melds.wild_limit", "standard", "half")


def test_diff_001_s14_c_vs_002_silent_one_card_rule(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "discard_pile.one_card_rule", True, False)


def test_diff_001_s24_a_vs_002_talongens_sista_kort_2_end_of_stock(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "end_of_stock.mode", "forced_if_fits_meld", "optional_pickup")


def test_diff_001_s19_a1_vs_002_direkt_utgang_who_may_go_out_concealed(finnish_vs_swedish_club: dict[str, RuleDifference]) -> None:
    check(finnish_vs_swedish_club, "concealed_going_out.who_has_not_melded", "side", "player")


def test_diff_finnish_vs_swedish_club_in_every_format() -> None:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    diffs = diff_variants(a, b)
    data = json.loads(format_diff(diffs, a, b, fmt="json"))
    assert len(data["differences"]) == len(diffs)
    assert f"{len(diffs)} rules differ between finnish and swedish-club." in format_diff(diffs, a, b)
    assert "| `going_out.canastas_required.4`" in format_diff(diffs, a, b, fmt="markdown")


def test_diff_is_symmetric_in_its_keys() -> None:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    forward, backward = diff_variants(a, b), diff_variants(b, a)
    assert [(d.key, d.a, d.b, d.a_source) for d in forward] == [(d.key, d.b, d.a, d.b_source) for d in backward]
