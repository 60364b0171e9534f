"""The profile diff: every rule that differs between two profiles, with the source each side cites.

The first tests build small profiles with ``attrs.evolve`` so that each checks
one property of :func:`diff_variants` and :func:`format_diff`. The rest compare
the bundled Finnish and Swedish club profiles and are named after the rules
they show apart: 001 (Suomen Canastaliitto) against 002 (the Swedish club
edition), where docs/rule-topics.md shows them apart.
"""

from __future__ import annotations

import json
import re
import textwrap
from typing import Any

import attrs
import pytest

import canasta
from canasta.variants.diff import RuleDifference, diff_variants, format_diff, is_per_players
from canasta.variants.enums import FirstDealer, MeldRank, PileInspection, WildLimit
from canasta.variants.reference import key_doc
from canasta.variants.reference import keys as all_keys
from canasta.variants.schema import META_KEYS, SECTIONS, Variant
from canasta.variants.topics import TOPICS, RuleGroup


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


def test_json_format_parses_to_both_names_and_every_difference_with_its_group_and_topic() -> None:
    data = json.loads(format_diff(diff_variants(A, B), A, B, fmt="json"))
    assert data["a"] == "alpha" and data["b"] == "beta"
    assert data["players"] is None
    assert data["player_counts"] == {"a": [2, 3, 4, 6], "b": [2, 3, 4, 6], "compared": [2, 3, 4, 6]}
    rules = [d for d in data["differences"] if d["group"] != "metadata"]
    assert rules == [
        {
            "key": "going_out.canastas_required.4",
            "group": "play",
            "topic": "going out",
            "a": 1,
            "b": 2,
            "a_source": "000 UTGÅNG 1",
            "b_source": "002 UTGÅNG 1",
            "doc": key_doc("going_out.canastas_required"),
        },
        {
            "key": "melds.wild_limit",
            "group": "play",
            "topic": "melds and canastas",
            "a": "half",
            "b": "standard",
            "a_source": "000 KOMBINATION",
            "b_source": "001 §11 D | decisions P1",
            "doc": key_doc("melds.wild_limit"),
        },
    ], "going out comes before melds and canastas"
    metadata = [d for d in data["differences"] if d["group"] == "metadata"]
    assert [(d["key"], d["a"], d["b"]) for d in metadata] == [("name", "alpha", "beta"), ("title", A.title, B.title)]
    assert data["not_compared"] == []
    assert data["summary"].startswith("2 rules differ between alpha and beta: 2 change play (going out 1, melds and canastas 1).")


def test_json_format_keeps_non_ascii_citations_readable() -> None:
    assert "§11 D" in format_diff(diff_variants(A, B), A, B, fmt="json")


def test_markdown_format_is_a_table_per_group_with_citations_in_the_cells() -> None:
    text = format_diff(diff_variants(A, B), A, B, fmt="markdown")
    lines = text.splitlines()
    assert lines.index("### Rules that change play (2)") < lines.index("### About the profiles (2)")
    header = lines.index("| rule | a: alpha | b: beta |")
    assert lines[header + 1] == "|---|---|---|"
    row = next(line for line in lines if "melds.wild_limit" in line)
    assert '"half"<br><sub>000 KOMBINATION</sub>' in row
    assert "001 §11 D \\| decisions P1" in row, "a pipe in a citation must not split the cell"
    assert row.count(" | ") == 2
    assert lines[-1] == "2 rules differ between alpha and beta."


def test_text_format_names_both_profiles_opens_with_a_summary_and_ends_with_the_count_line() -> None:
    text = format_diff(diff_variants(A, B), A, B)
    assert text == format_diff(diff_variants(A, B), A, B, fmt="text")
    lines = text.splitlines()
    assert lines[0] == f"a: alpha  ({A.title})" and lines[1] == f"b: beta  ({B.title})"
    assert lines[2] == "" and lines[3].startswith("2 rules differ between alpha and beta: 2 change play")
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
    b = profile("beta", ranks={"natural_canasta_bonus": {MeldRank.ACE: 2500}})
    lines = format_diff(diff_variants(A, b), A, b).splitlines()
    block = lines[lines.index("ranks.natural_canasta_bonus.A") :][:4]
    assert block[2:] == ["    a: (absent)", "    b: 2500"], "no value and no citation in a; b cites nothing"


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_equal_profiles_say_there_are_no_differences(fmt: str) -> None:
    text = format_diff(diff_variants(A, A), A, A, fmt=fmt)
    assert "No differences" in text
    assert "|---" not in text


def test_equal_profiles_give_an_empty_json_list() -> None:
    data = json.loads(format_diff([], A, A, fmt="json"))
    assert (data["a"], data["b"], data["differences"], data["not_compared"]) == ("alpha", "alpha", [], [])
    assert data["summary"] == "No differences: alpha and alpha set every rule the same."


@pytest.mark.parametrize("fmt", ["xml", "TEXT", "", "md"])
def test_an_unknown_format_raises_value_error(fmt: str) -> None:
    with pytest.raises(ValueError, match="text, markdown, json"):
        format_diff([], A, B, fmt=fmt)


# --- what matters first: the order of the groups and topics, the folded player counts, the summary ----------------------------

MIXED = profile(
    "mixed",
    penalties={"draw_out_of_turn": 100},
    deal={"hand_size": {2: 15, 3: 13, 4: 11, 6: 11}, "first_dealer": FirstDealer.RIGHT_OF_HIGH_CARD},
    match={"target": 10000},
    going_out={"bonus": 200},
    initial_meld={"minimums": (25, 90, 120, 150)},
    discard_pile={"one_card_rule": False, "inspection": PileInspection.BEFORE_FIRST_DISCARD},
    scoring={"card_points": attrs.evolve(Variant().scoring.card_points, ace=10)},
)


def test_rules_that_change_play_come_first_by_topic_then_penalties_and_procedure_then_metadata() -> None:
    """Going out, the opening, the pile, canastas, scoring, the deal, the match; then penalties and who deals; then the names."""
    base = profile("base")
    lines = format_diff(diff_variants(base, MIXED), base, MIXED).splitlines()
    shown = [line for line in lines if re.fullmatch(r"[a-z_]+(\.[a-z_0-9]+)*", line)]
    assert shown == [
        "going_out.bonus",
        "initial_meld.minimums",
        "discard_pile.one_card_rule",
        "scoring.card_points.ace",
        "deal.hand_size.3",
        "match.target",
        "deal.first_dealer",
        "discard_pile.inspection",
        "penalties.draw_out_of_turn",
        "name",
        "title",
    ]
    headings = [line for line in lines if line.startswith("== ")]
    assert headings == ["== Rules that change play (6) ==", "== Penalties and procedure (3) ==", "== About the profiles (2) =="]


def test_the_api_list_keeps_schema_order_and_every_rule() -> None:
    keys = [d.key for d in diff_variants(profile("base"), MIXED)]
    assert keys == [
        "deal.hand_size.3",
        "deal.first_dealer",
        "initial_meld.minimums",
        "discard_pile.one_card_rule",
        "discard_pile.inspection",
        "going_out.bonus",
        "scoring.card_points.ace",
        "match.target",
        "penalties.draw_out_of_turn",
    ]


@pytest.mark.parametrize(
    ("key", "group", "topic"),
    [
        ("going_out.canastas_required.4", RuleGroup.PLAY, "going out"),
        ("concealed_going_out.bonus", RuleGroup.PLAY, "going out"),
        ("initial_meld.minimums", RuleGroup.PLAY, "the opening"),
        ("discard_pile.one_card_rule", RuleGroup.PLAY, "the pile"),
        ("discard_pile.inspection", RuleGroup.PROCEDURE, "the pile"),
        ("ranks.natural_canasta_bonus.A", RuleGroup.PLAY, "melds and canastas"),
        ("scoring.card_points.ace", RuleGroup.PLAY, "scoring"),
        ("deal.first_dealer", RuleGroup.PROCEDURE, "the deal and the turn"),
        ("deal.cut_by", RuleGroup.PROCEDURE, "the deal and the turn"),
        ("penalties.table_talk_forfeit", RuleGroup.PROCEDURE, "penalties"),
        ("sources", RuleGroup.METADATA, "the profile"),
    ],
)
def test_each_difference_names_its_group_and_topic(key: str, group: RuleGroup, topic: str) -> None:
    d = RuleDifference(key=key, a=0, b=1, a_source="", b_source="", doc="")
    assert (d.group, d.topic) == (group, topic)


def test_every_schema_section_is_in_exactly_one_topic_going_out_first() -> None:
    listed = [s for t in TOPICS for s in t.sections]
    assert sorted(listed) == sorted(SECTIONS)
    assert [t.title for t in TOPICS][:5] == ["going out", "the opening", "the pile", "melds and canastas", "scoring"]
    assert TOPICS[-1].title == "penalties" and TOPICS[-1].group is RuleGroup.PROCEDURE


def test_the_keys_the_schema_calls_procedural_or_informational_are_procedure() -> None:
    """The docs of deal.first_dealer, deal.cut_by (decisions P34) and discard_pile.inspection say the engine does not play them."""
    said = {k.path for k in all_keys() if re.search(r"\b(Procedural|Informational):", k.doc)}
    assert said == {"deal.first_dealer", "deal.cut_by", "discard_pile.inspection"}
    assert {k.path for k in all_keys() if k.procedural} == said


def test_rows_of_a_player_count_one_profile_lacks_are_folded_into_one_line() -> None:
    wide = profile(
        "wide",
        deal={
            "decks": {2: 2, 3: 3, 4: 2, 5: 2, 6: 3},
            "jokers": {2: 4, 3: 6, 4: 4, 5: 4, 6: 6},
            "hand_size": {2: 15, 3: 15, 4: 11, 5: 11, 6: 11},
            "sides": {2: 2, 3: 3, 4: 2, 5: 2, 6: 3},
            "sitting_out": {5: 1},
        },
        going_out={"canastas_required": {2: 1, 3: 2, 4: 1, 5: 1, 6: 1}},
        red_threes={"bonus_table": {**Variant().red_threes.bonus_table, 5: (100, 200, 300, 800)}},
    )
    diffs = diff_variants(A, wide)
    assert {d.key for d in diffs if d.key.endswith(".5")} == {
        "deal.decks.5",
        "deal.jokers.5",
        "deal.hand_size.5",
        "deal.sides.5",
        "deal.sitting_out.5",
        "going_out.canastas_required.5",
        "red_threes.bonus_table.5",
    }, "the API keeps every row"
    text = format_diff(diffs, A, wide)
    assert (
        "player counts: alpha plays 2, 3, 4, 6; wide plays 2, 3, 4, 5, 6 (the 5-player rules of wide are not compared)" in text.splitlines()
    )
    assert ".5\n" not in text and "(absent)" not in text
    data = json.loads(format_diff(diffs, A, wide, fmt="json"))
    assert {d["key"] for d in data["not_compared"]} == {d.key for d in diffs if d.key.endswith(".5")}
    assert data["player_counts"]["compared"] == [2, 3, 4, 6]
    assert "- player counts: alpha plays 2, 3, 4, 6; wide plays" in format_diff(diffs, A, wide, fmt="markdown")


def test_profiles_that_each_lack_a_count_of_the_other_name_both() -> None:
    four = attrs.evolve(profile("four"), deal=attrs.evolve(Variant().deal, hand_size={2: 15, 4: 11}))
    six = attrs.evolve(profile("six"), deal=attrs.evolve(Variant().deal, hand_size={4: 11, 6: 11}))
    line = format_diff(diff_variants(four, six), four, six).splitlines()[2]
    assert (
        line == "player counts: four plays 2, 4; six plays 4, 6 (the 2-player rules of four and the 6-player rules of six are not compared)"
    )


def test_finnish_and_swedish_club_fold_the_21_rows_of_counts_finnish_lacks() -> None:
    """The 49 differences of the two profiles hold 21 rows for 2, 3 and 6 players, which 001 does not cover: 28 remain."""
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    diffs = diff_variants(a, b)
    assert len(diffs) == 49
    text = format_diff(diffs, a, b)
    assert text.splitlines()[-1] == "28 rules differ between finnish and swedish-club for 4 players, where both have rules."
    assert (
        "player counts: finnish plays 4; swedish-club plays 2, 3, 4, 6 (the 2, 3, 6-player rules of swedish-club are not compared)" in text
    )
    assert len(json.loads(format_diff(diffs, a, b, fmt="json"))["not_compared"]) == 21


def test_the_summary_names_the_rules_that_decide_most_play_in_words() -> None:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    summary = json.loads(format_diff(diff_variants(a, b, players=4), a, b, fmt="json", players=4))["summary"]
    assert summary.startswith("28 rules differ between finnish and swedish-club with 4 players: 16 change play (going out 5, the pile 5,")
    assert "and 12 are penalties and procedure." in summary
    assert "canastas the side must hold, possibly completed while going out, with 4 players (finnish 1, swedish-club 2)" in summary
    assert "only its top card (finnish no, swedish-club yes)" in summary
    assert "how wild cards relate to naturals in a meld (finnish standard, swedish-club half)" in summary


def test_a_rule_that_differs_alike_for_several_counts_is_named_once_in_the_summary() -> None:
    a, b = canasta.load_variant("swedish-official"), canasta.load_variant("swedish-club")
    summary = json.loads(format_diff(diff_variants(a, b), a, b, fmt="json"))["summary"]
    assert summary.endswith("with 2, 4 and 6 players (swedish-official 1, swedish-club 2).")
    assert summary.count("canastas the side must hold") == 1


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_every_format_opens_with_the_same_summary(fmt: str) -> None:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("modern-american")
    diffs = diff_variants(a, b)
    summary = json.loads(format_diff(diffs, a, b, fmt="json"))["summary"]
    text = format_diff(diffs, a, b, fmt=fmt)
    if fmt == "text":
        assert " ".join(text.split("\n\n")[1].split()) == summary
    elif fmt == "markdown":
        assert summary in text.split("\n\n")[2]
    assert summary.startswith("73 rules differ") or fmt == "json"


def test_the_two_canasta_rule_is_on_the_first_screen_of_a_four_player_diff() -> None:
    """An 80x24 terminal: the summary and the canastas needed to go out (001 §18 B, 002 UTGÅNG 1) before row 24, long lines wrapped."""
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    text = format_diff(diff_variants(a, b, players=4), a, b, players=4)
    rows = [row for line in text.splitlines() for row in (textwrap.wrap(line, 80) or [""])]
    screen = rows[:24]
    assert "going_out.canastas_required.4" in screen
    assert "    a: 1  [001 §18 B]" in screen


# --- players=N: the rules as they stand for a table of N players ---------------------------------------------------------------


def test_players_keeps_only_that_counts_rows() -> None:
    b = profile("b", going_out={"canastas_required": {2: 2, 3: 2, 4: 2, 6: 1}})
    assert [(d.key, d.a, d.b) for d in diff_variants(A, b, players=4)] == [("going_out.canastas_required.4", 1, 2)]
    assert [(d.key, d.a, d.b) for d in diff_variants(A, b, players=2)] == [("going_out.canastas_required.2", 1, 2)]
    assert diff_variants(A, b, players=3) == []
    assert [d.key for d in diff_variants(A, b, players=6)] == []


PER_PLAYERS = {k.path for k in all_keys() if is_per_players(k.type)}
"""The rules given per player count: deal.decks, deal.hand_size, going_out.canastas_required, ..."""


@pytest.mark.parametrize(
    ("first", "second"), [("finnish", "swedish-club"), ("regency", "swedish-official"), ("regency", "rasche-house"), ("uruguayan", "cuban")]
)
def test_players_gives_the_rows_of_that_count_and_the_rules_of_no_count(first: str, second: str) -> None:
    a, b = canasta.load_variant(first), canasta.load_variant(second)
    every = diff_variants(a, b)
    for n in sorted(set(a.player_counts) & set(b.player_counts)):
        chosen = diff_variants(a, b, players=n)
        expected = [d for d in every if d.key.rpartition(".")[0] not in PER_PLAYERS or d.key.endswith(f".{n}")]
        assert chosen == expected, n
        assert all(d.a is not None and d.b is not None for d in chosen if d.key.rpartition(".")[0] in PER_PLAYERS)


def test_a_count_a_table_may_leave_out_means_none_sitting_out() -> None:
    """deal.sitting_out: a count not listed means nobody sits out (004 L11), so {} and {4: 0} agree; {5: 1} differs from 0, not from absent."""
    five = {"hand_size": {4: 11, 5: 11}, "decks": {4: 2, 5: 2}, "jokers": {4: 4, 5: 4}, "sides": {4: 2, 5: 2}}
    a = profile("a", deal=five)
    assert diff_variants(a, profile("b", deal={**five, "sitting_out": {4: 0}})) == []
    (d,) = diff_variants(a, profile("b", deal={**five, "sitting_out": {5: 1}}))
    assert (d.key, d.a, d.b) == ("deal.sitting_out.5", 0, 1)
    assert diff_variants(a, profile("b", deal={**five, "sitting_out": {5: 1}}), players=4) == []


@pytest.mark.parametrize("players", [6, 2, 5, 0, -4, 10**40])
def test_a_count_a_profile_has_no_rules_for_names_the_counts_it_has(players: int) -> None:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    for call in (lambda: diff_variants(a, b, players=players), lambda: format_diff([], a, b, players=players)):
        with pytest.raises(canasta.UnsupportedPlayerCount, match="profile 'finnish' has rules for 4 players, not"):
            call()
    with pytest.raises(canasta.UnsupportedPlayerCount, match="profile 'dutch' has rules for 4 players, not 6"):
        diff_variants(b, canasta.load_variant("dutch"), players=6)


@pytest.mark.parametrize("players", ["4", 4.0, True, [4], object()])
def test_players_that_is_no_whole_number_is_an_argument_error(players: object) -> None:
    for call in (lambda: diff_variants(A, B, players=players), lambda: format_diff([], A, B, players=players)):  # type: ignore[arg-type]
        with pytest.raises(canasta.ArgumentError, match=r"\(players=\.\.\.\): expected a number of players"):
            call()


@pytest.mark.parametrize("kind", ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"])
def test_players_takes_numpy_integers_as_ints(kind: str) -> None:
    np = pytest.importorskip("numpy")
    n = getattr(np, kind)(4)
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    assert diff_variants(a, b, players=n) == diff_variants(a, b, players=4)
    assert format_diff(diff_variants(a, b, players=n), a, b, players=n) == format_diff(diff_variants(a, b, players=4), a, b, players=4)


def test_format_diff_with_players_leaves_out_the_other_counts_rows() -> None:
    a, b = canasta.load_variant("swedish-official"), canasta.load_variant("swedish-club")
    assert format_diff(diff_variants(a, b), a, b, players=4) == format_diff(diff_variants(a, b, players=4), a, b, players=4)
    text = format_diff(diff_variants(a, b, players=4), a, b, players=4)
    assert "going_out.canastas_required.2" not in text and text.splitlines()[2] == "players: 4"


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
    rows = data["differences"] + data["not_compared"]
    assert sorted(d["key"] for d in rows if d["group"] != "metadata") == sorted(d.key for d in diffs), "JSON keeps every row"
    assert "28 rules differ between finnish and swedish-club" in format_diff(diffs, a, b)
    assert "| `going_out.canastas_required.4`" in format_diff(diffs, a, b, fmt="markdown")


def test_diff_is_symmetric_in_its_keys() -> None:
    a, b = canasta.load_variant("finnish"), canasta.load_variant("swedish-club")
    forward, backward = diff_variants(a, b), diff_variants(b, a)
    assert [(d.key, d.a, d.b, d.a_source) for d in forward] == [(d.key, d.b, d.a, d.b_source) for d in backward]
