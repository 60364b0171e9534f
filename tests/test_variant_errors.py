"""Every kind of mistake in a profile gives a VariantError whose problems carry the key path and say what is wrong.

Most cases are house files over ``generic.toml`` (the generic profile written to
a temporary folder), so per-player tables merge and each case changes exactly
the keys it names. The checks themselves are the schema's ranges and the
contradictions in canasta/variants/validation.py (topics A, D, F, J, K).
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

from canasta import Problem, Variant, VariantError, dumps_variant, load_variant, loads_variant
from canasta.variants import MAX_DEPTH, SCHEMA_VERSION
from canasta.variants.enums import CanastaClass
from canasta.variants.loading import rule_keys
from canasta.variants.schema import PlayerCount

BUNDLED_NAMES = "cuban, dutch, finnish, hand-and-foot, modern-american, rasche-house, regency, swedish-club, swedish-official, uruguayan"
"""The nine bundled profiles, as the error messages list them."""
BUNDLED_LIST = f"bundled: {BUNDLED_NAMES}"


@pytest.fixture
def base(tmp_path: Path) -> Path:
    """A folder holding generic.toml, a complete and valid profile to extend."""
    (tmp_path / "generic.toml").write_text(dumps_variant(Variant()), encoding="utf-8")
    return tmp_path


def problems_of(text: str, base: Path) -> list[Problem]:
    """The problems of a house file over generic.toml; it must fail to load."""
    with pytest.raises(VariantError) as info:
        loads_variant(f'extends = "generic.toml"\n{text}', base=base)
    return list(info.value.problems)


def only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def by_path(problems: list[Problem]) -> dict[str, str]:
    return {p.path: p.message for p in problems}


def test_the_base_is_valid(base: Path) -> None:
    derived = attrs.evolve(Variant(), name="generic (house)", title="Generic Canasta, with no changes", description="generic, with no changes")
    assert loads_variant('extends = "generic.toml"\n', base=base) == derived


# --- unknown keys -------------------------------------------------------------------------


def test_unknown_key_offers_the_nearest_key(base: Path) -> None:
    p = only(problems_of("[deal]\njokerz = { 4 = 6 }\n", base))
    assert p.path == "deal.jokerz"
    assert p.message == "unknown key; did you mean 'deal.jokers'?"


def test_unknown_top_level_key_offers_the_nearest_key(base: Path) -> None:
    p = only(problems_of('nmae = "ours"\n', base))
    assert p.path == "nmae"
    assert "unknown key" in p.message and "did you mean 'name'?" in p.message


@pytest.mark.parametrize(
    ("text", "path", "belongs"),
    [
        ("[deal]\ntarget = 7500\n", "deal.target", "match.target"),
        ("target = 7500\n", "target", "match.target"),
        ("[match]\nhand_size = { 4 = 13 }\n", "match.hand_size", "deal.hand_size"),
        ("[scoring]\njoker = 40\n", "scoring.joker", "scoring.card_points.joker"),
    ],
)
def test_key_in_the_wrong_table_names_the_right_one(base: Path, text: str, path: str, belongs: str) -> None:
    p = only(problems_of(text, base))
    assert p.path == path
    assert p.message == f"unknown key; it belongs in another table: {belongs!r}"


def test_misspelt_key_in_the_wrong_table_is_still_found(base: Path) -> None:
    p = only(problems_of("tagret = 7500\n", base))
    assert p.path == "tagret"
    assert "did you mean 'match.target'?" in p.message


def test_misspelt_table_offers_the_nearest_table(base: Path) -> None:
    p = only(problems_of("[scoring.card_pointz]\njoker = 40\n", base))
    assert p.path == "scoring.card_pointz"
    assert "did you mean 'scoring.card_points'?" in p.message


def test_citations_are_comments_not_a_key(base: Path) -> None:
    p = only(problems_of('citations = { "match.target" = "club" }\n', base))
    assert p.path == "citations"
    assert "TOML comments" in p.message


# --- wrong types -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ('[match]\ntarget = "7500"\n', "match.target", "expected an integer, got a string ('7500')"),
        ("[upcard]\nwild_freezes = 1\n", "upcard.wild_freezes", "expected true or false, got an integer (1)"),
        ("[match]\ntarget = 7500.0\n", "match.target", "expected an integer, got a float (7500.0)"),
        ("[match]\ntarget = { value = 7500 }\n", "match.target", "expected an integer, got a table ({ value = 7500 })"),
        ("[match]\ntarget = [7500]\n", "match.target", "expected an integer, got an array ([7500])"),
        ("[match]\ntarget = 2025-03-01\n", "match.target", "expected an integer, got a date (2025-03-01)"),
        ("[match]\ntarget = true\n", "match.target", "expected an integer, got a boolean (true)"),
        ('[upcard]\nwild_freezes = "yes"\n', "upcard.wild_freezes", "expected true or false, got a string ('yes')"),
        ("name = 7\n", "name", "expected a string, got an integer (7)"),
        ('sources = "001"\n', "sources", "expected an array, got a string ('001')"),
        ("[melds]\nwild_limit = 2\n", "melds.wild_limit", "expected one of half, fewer, standard, two_per_wild; got an integer (2)"),
        ('[deal]\nhand_size = { 4 = "13" }\n', "deal.hand_size.4", "expected an integer, got a string ('13')"),
        ("[deal]\nhand_size = 13\n", "deal.hand_size", "expected a table keyed by player count, like { 4 = ... }, got an integer (13)"),
        ('[initial_meld]\nminimums = [15, "50", 90, 120]\n', "initial_meld.minimums[1]", "expected an integer, got a string ('50')"),
        (
            "[red_threes]\nbonus_table = { 4 = [100, 200, 300.5, 800] }\n",
            "red_threes.bonus_table.4[2]",
            "expected an integer, got a float (300.5)",
        ),
        ("deal = 4\n", "deal", "expected a table, got an integer (4)"),
        ("[scoring]\ncard_points = 10\n", "scoring.card_points", "expected a table, got an integer (10)"),
    ],
)
def test_wrong_type(base: Path, text: str, path: str, message: str) -> None:
    p = only(problems_of(text, base))
    assert (p.path, p.message) == (path, message)


# --- ranges --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ("[match]\ntarget = 10\n", "match.target", "10 is out of range; allowed 50 to 100000"),
        ("[canastas.bonus]\nnatural = -500\n", "canastas.bonus.natural", "-500 is out of range; allowed 0 to 10000"),
        ("[melds]\nmin_size = 1000000000000\n", "melds.min_size", "1000000000000 is out of range; allowed 2 to 7"),
        ("[deal]\ndecks = { 4 = 9 }\n", "deal.decks.4", "9 is out of range; allowed 1 to 8"),
        ("[deal]\nsides = { 4 = 0 }\n", "deal.sides.4", "0 is out of range; allowed 2 to 6"),
        ("[initial_meld]\nminimums = [15, 50, 90, 12000]\n", "initial_meld.minimums[3]", "12000 is out of range; allowed 0 to 10000"),
    ],
)
def test_value_out_of_range(base: Path, text: str, path: str, message: str) -> None:
    # One problem each: the checks that relate this value to others are skipped, not reported again.
    p = only(problems_of(text, base))
    assert (p.path, p.message) == (path, message)


@pytest.mark.parametrize(("key", "meant"), [("7", None), ("1", None), ("²", None), ("04", "4"), ("٤", "4"), ("four", "4"), ("Six", "6")])
def test_per_player_key_that_is_not_a_player_count(base: Path, key: str, meant: str | None) -> None:
    p = only(problems_of(f'[deal]\nhand_size = {{ "{key}" = 11 }}\n', base))
    assert p.path == f"deal.hand_size.{key}"
    hint = f"; did you mean {meant}? Use" if meant else "; use"
    assert p.message == f"'{key}' is not a player count{hint} one of 2, 3, 4, 5, 6"


# --- enums ----------------------------------------------------------------------------------


def test_enum_typo_lists_the_allowed_values(base: Path) -> None:
    p = only(problems_of('[melds]\nwild_limit = "halff"\n', base))
    assert p.path == "melds.wild_limit"
    assert p.message == "'halff' is not allowed; did you mean 'half'? Allowed: half, fewer, standard, two_per_wild"


def test_enum_value_with_no_near_match_still_lists_them(base: Path) -> None:
    p = only(problems_of('[end_of_stock]\nmode = "whatever"\n', base))
    assert p.path == "end_of_stock.mode"
    assert p.message == "'whatever' is not allowed. Allowed: optional_pickup, forced_if_fits_meld, forced_if_legal"


# --- contradictions ---------------------------------------------------------------------------


def test_wild_limit_that_forbids_the_natural_and_wild_pickup(base: Path) -> None:
    """Taking the pile with one natural and one wild card (001 §14 A•2) makes a 2 + 1 meld; min_naturals = 3 forbids it."""
    p = only(problems_of("[melds]\nmin_naturals = 3\n", base))
    assert p.path == "discard_pile.wild_and_natural"
    assert "2 naturals and 1 wild" in p.message and "melds.min_naturals = 3" in p.message


def test_the_same_limit_is_fine_without_that_pickup(base: Path) -> None:
    v = loads_variant('extends = "generic.toml"\n[melds]\nmin_naturals = 3\n[discard_pile]\nwild_and_natural = false\n', base=base)
    assert v.melds.min_naturals == 3


def test_limits_that_leave_no_legal_meld(base: Path) -> None:
    found = by_path(problems_of("[melds]\nmin_size = 3\nmin_naturals = 4\n[discard_pile]\nwild_and_natural = false\n", base))
    assert found == {"melds": "no meld of melds.min_size cards is legal under these limits"}


def test_canasta_smaller_than_a_meld(base: Path) -> None:
    p = only(problems_of("[melds]\nmin_size = 4\n[canastas]\nsize = 3\n[discard_pile]\nwild_and_natural = false\n", base))
    assert p.path == "canastas.size"
    assert "smaller than the smallest legal meld" in p.message


def test_thresholds_out_of_order(base: Path) -> None:
    p = only(problems_of("[initial_meld]\nscore_thresholds = [0, 3000, 1500]\n", base))
    assert p.path == "initial_meld.score_thresholds"
    assert p.message == "thresholds must be strictly increasing, got [0, 3000, 1500]"


def test_one_minimum_per_band(base: Path) -> None:
    p = only(problems_of("[initial_meld]\nminimums = [15, 50, 90]\n", base))
    assert p.path == "initial_meld.minimums"
    assert p.message == (
        "needs one minimum per band: initial_meld.score_thresholds has 3 thresholds, making 4 bands, "
        "but initial_meld.minimums has 3 minimums"
    )


def test_more_cards_dealt_than_the_deck_holds(base: Path) -> None:
    p = only(problems_of("[deal]\nhand_size = { 4 = 30 }\n", base))
    assert p.path == "deal.hand_size.4"
    assert p.message == "4 hands of 30 plus the upcard need 121 cards, but the deck holds 108"


def test_more_canastas_needed_to_go_out_than_the_deck_can_hold(base: Path) -> None:
    p = only(problems_of("[going_out]\ncanastas_required = { 4 = 12 }\n[canastas]\nsize = 9\n", base))
    assert p.path == "going_out.canastas_required.4"
    assert p.message == (
        "12 canastas of 9 cards (canastas.size) need 108 cards, but at 4 players the deck holds 104 besides its red threes: nobody could go out"
    )
    p = only(problems_of("[going_out]\ncanasta_kinds_required = { natural = 8, mixed = 7 }\n", base))
    assert p.path == "going_out.canasta_kinds_required"
    assert p.message == (
        "15 canastas of 7 cards (canastas.size) need 105 cards, but the deck holds 104 at 2 players and 104 at 4 players besides its red threes: "
        "nobody could go out"
    )


def test_seven_books_to_go_out_fit_in_five_packs() -> None:
    """Chantastic's four clean and three dirty books (Hand and Foot options page) load: 49 cards of 260."""
    text = 'extends = "hand-and-foot"\n[going_out]\ncanastas_required = { 4 = 7, 6 = 7 }\ncanasta_kinds_required = { natural = 4, mixed = 3 }\n'
    v = loads_variant(text)
    assert v.going_out.canastas_required[PlayerCount(4)] == 7
    assert dict(v.going_out.canasta_kinds_required) == {CanastaClass.NATURAL: 4, CanastaClass.MIXED: 3}


def test_red_three_table_with_the_wrong_number_of_entries(base: Path) -> None:
    p = only(problems_of("[red_threes]\nbonus_table = { 4 = [100, 200, 300] }\n", base))
    assert p.path == "red_threes.bonus_table.4"
    assert p.message == "needs one entry per red three: 2 packs hold 4 red threes, the table has 3"


def test_a_player_count_missing_from_the_other_per_player_keys(base: Path) -> None:
    p = only(problems_of("[deal]\nhand_size = { 5 = 13 }\n", base))
    assert p.path == "deal.hand_size.5"
    assert p.message == (
        "5 players also need deal.decks.5, deal.jokers.5, deal.sides.5, going_out.canastas_required.5, red_threes.bonus_table.5"
    )


def test_a_per_player_entry_for_a_count_with_no_hand_size(base: Path) -> None:
    p = only(problems_of("[going_out]\ncanastas_required = { 5 = 1 }\n", base))
    assert p.path == "going_out.canastas_required.5"
    assert p.message == "5 players has no deal.hand_size; add deal.hand_size.5 or remove this entry"


def test_sides_that_do_not_divide_the_table(base: Path) -> None:
    p = only(problems_of("[deal]\nsides = { 6 = 4 }\n", base))
    assert (p.path, p.message) == ("deal.sides.6", "6 players cannot form 4 equal sides")


def test_black_three_meld_larger_than_the_deck_allows(base: Path) -> None:
    found = problems_of("[black_threes]\nmeld_min = 5\nmeld_max = 8\n", base)
    p = only(found)  # one problem naming every player count, not one per count
    assert p.path == "black_threes.meld_min"
    assert p.message == "5 black threes can never be melded with 2 players (2 packs hold 4), 4 players (2 packs hold 4)"


def test_black_three_minimum_above_the_maximum(base: Path) -> None:
    p = only(problems_of("[black_threes]\nmeld_min = 4\nmeld_max = 3\n", base))
    assert (p.path, p.message) == ("black_threes.meld_min", "4 is more than black_threes.meld_max = 3")


def test_empty_name(base: Path) -> None:
    p = only(problems_of('name = "  "\n', base))
    assert (p.path, p.message) == ("name", "must not be empty")


# --- broken TOML and files -------------------------------------------------------------------------


def test_broken_toml_gives_line_and_column(base: Path) -> None:
    with pytest.raises(VariantError) as info:
        loads_variant("[match]\ntarget = 5000\n[deal\n", base=base)
    p = only(list(info.value.problems))
    assert p.path == ""
    assert p.message.startswith("broken TOML at line 3, column 6: ")
    assert "Expected ']'" in p.message


def test_text_cut_short_points_at_its_end() -> None:
    with pytest.raises(VariantError) as info:
        loads_variant("[match]\ntarget = ")
    assert only(list(info.value.problems)).message.startswith("broken TOML at line 2, column 10")


def test_broken_toml_in_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('extends = "generic"\n[match\ntarget = 7500\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    p = only(list(info.value.problems))
    assert p.source == str(path)
    assert p.message.startswith("broken TOML at line 2, column 7")


def test_broken_toml_in_a_parent_names_the_parent(tmp_path: Path) -> None:
    (tmp_path / "parent.toml").write_text("[match\n", encoding="utf-8")
    (tmp_path / "house.toml").write_text('extends = "parent.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "house.toml")
    p = only(list(info.value.problems))
    assert p.source == str(tmp_path / "parent.toml")
    assert "broken TOML at line 1" in p.message


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 3000 + "]" * 3000 + "\n",  # tomllib itself recurses
        "a." * 3000 + "b = 1\n",  # valid TOML, 3000 tables deep
        "[match]\ntarget = " + "1" * 5000 + "\n",  # beyond Python's int/str digit limit
    ],
)
def test_pathological_toml_is_a_clear_error(text: str) -> None:
    with pytest.raises(VariantError) as info:
        loads_variant(text)
    assert "nested more than 16 levels" in str(info.value) or "broken TOML" in str(info.value)


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.toml"
    with pytest.raises(VariantError) as info:
        load_variant(path)
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("", str(path))
    assert p.message == f"file not found: {path}"


def test_unknown_bundled_name_offers_the_nearest() -> None:
    with pytest.raises(VariantError) as info:
        load_variant("finish")
    p = only(list(info.value.problems))
    assert p.path == ""
    assert "unknown variant 'finish'; did you mean 'finnish'?" in p.message
    assert p.message.endswith(f"Bundled: {BUNDLED_NAMES}")


def test_unknown_name_with_no_near_match_lists_the_bundled_names() -> None:
    with pytest.raises(VariantError) as info:
        load_variant("zzzz")
    assert only(list(info.value.problems)).message == f"unknown variant 'zzzz'. Bundled: {BUNDLED_NAMES}"


# --- extends -------------------------------------------------------------------------------------


def test_extends_an_unknown_name_is_reported_at_the_extends_key(tmp_path: Path) -> None:
    path = tmp_path / "typo.toml"
    path.write_text('extends = "regensy"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("extends", str(path))
    assert p.message.startswith("unknown variant 'regensy'; did you mean 'regency'?")


def _extends_problems(text: str, base: Path) -> list[Problem]:
    with pytest.raises(VariantError) as info:
        loads_variant(text, base=base)
    return list(info.value.problems)


def test_extends_a_missing_file_is_reported_at_the_extends_key(base: Path) -> None:
    p = only(_extends_problems('extends = "nowhere.toml"\n', base))
    assert (p.path, p.source) == ("extends", "<string>")
    assert p.message == f"file not found: {base / 'nowhere.toml'}"


@pytest.mark.parametrize(("value", "shown"), [("4", "an integer (4)"), ('["regency"]', "an array (['regency'])"), ("{ name = 'regency' }", "a table ({ name = 'regency' })")])
def test_extends_must_be_a_string(value: str, shown: str) -> None:
    p = only(_extends_problems(f"extends = {value}\n", Path()))
    assert p.path == "extends"
    assert p.message == f"expected the name of a bundled profile or a relative path, got {shown}"


def test_extends_cycle(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "a.toml")
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("extends", str(tmp_path / "b.toml"))
    assert p.message == "forms a cycle: a.toml -> b.toml -> a.toml"
    assert str(p) == f"{tmp_path / 'b.toml'}: extends: forms a cycle: a.toml -> b.toml -> a.toml"


def test_a_file_extending_itself(tmp_path: Path) -> None:
    (tmp_path / "self.toml").write_text('extends = "self.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "self.toml")
    assert only(list(info.value.problems)).message == "forms a cycle: self.toml -> self.toml"


def _chain(folder: Path, files: int) -> Path:
    """house1.toml -> house2.toml -> ... -> generic.toml: ``files`` files in all; returns the first."""
    (folder / f"house{files}.toml").write_text(dumps_variant(Variant()), encoding="utf-8")
    for i in range(1, files):
        (folder / f"house{i}.toml").write_text(f'extends = "house{i + 1}.toml"\n', encoding="utf-8")
    return folder / "house1.toml"


def test_a_chain_of_eight_files_loads(tmp_path: Path) -> None:
    assert MAX_DEPTH == 8
    assert load_variant(_chain(tmp_path, 8)).name == "house1"


def test_a_chain_deeper_than_eight_files(tmp_path: Path) -> None:
    with pytest.raises(VariantError) as info:
        load_variant(_chain(tmp_path, 9))
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("extends", str(tmp_path / "house8.toml"))
    assert p.message == "the chain is longer than 8 files"


def test_text_counts_as_the_first_file_of_its_chain(tmp_path: Path) -> None:
    _chain(tmp_path, 8)
    assert loads_variant('extends = "house2.toml"\n', base=tmp_path).name == "house2 (house)"  # 1 + 7 files
    with pytest.raises(VariantError, match="longer than 8 files"):
        loads_variant('extends = "house1.toml"\n', base=tmp_path)  # 1 + 8 files


# --- a file without extends must be complete ------------------------------------------------------


def _missing_extends(text: str) -> Problem:
    with pytest.raises(VariantError) as info:
        loads_variant(text)
    found = [p for p in info.value.problems if p.path == "extends"]
    assert len(found) == 1, info.value
    return found[0]


def test_an_empty_file_is_not_a_profile() -> None:
    """An empty file used to load as the schema's defaults; it must say what it lacks."""
    p = _missing_extends("")
    assert p.message == (
        f'missing; name the profile this file changes, like extends = "regency" ({BUNDLED_LIST}). '
        f"Only a complete profile may leave it out, and this file gives none of its {len(rule_keys())} rule keys"
    )


def test_a_house_file_that_forgot_extends_names_the_missing_keys_by_group() -> None:
    p = _missing_extends("[match]\ntarget = 7500\n")
    total = len(rule_keys())
    assert f"this file lacks {total - 1} of its {total} rule keys: deal (all " in p.message
    assert "penalties (all 9 keys)" in p.message and "scoring.card_points (all 6 keys)" in p.message
    assert p.message.endswith(", match.tie, match.hands, penalties (all 9 keys)"), "a partly given group lists its missing keys one by one"
    assert "match.target" not in p.message


def test_a_nearly_complete_file_lists_exactly_the_keys_it_lacks() -> None:
    complete = dumps_variant(Variant())
    text = "\n".join(line for line in complete.splitlines() if not line.startswith(("tie =", "bonus =")))
    p = _missing_extends(text)
    assert p.message.endswith(
        f"this file lacks 3 of its {len(rule_keys())} rule keys: going_out.bonus, concealed_going_out.bonus, match.tie"
    )


def test_a_complete_file_needs_no_extends_and_an_empty_per_player_table_may_be_left_out() -> None:
    complete = dumps_variant(Variant())
    assert "deal.sitting_out" not in rule_keys(), "empty unless given: a count it does not list means none"
    assert loads_variant(complete) == Variant()
    without = "\n".join(line for line in complete.splitlines() if not line.startswith("sitting_out"))
    assert loads_variant(without) == Variant()


def test_a_complete_file_without_a_title_is_titled_by_its_name() -> None:
    text = "\n".join(line for line in dumps_variant(Variant()).splitlines() if not line.startswith(("name =", "title =")))
    assert loads_variant(f'name = "ours"\n{text}').title == "ours"


def test_missing_extends_is_reported_with_the_other_mistakes_and_no_guessed_contradictions() -> None:
    with pytest.raises(VariantError) as info:
        loads_variant('[deal]\njokerz = { 4 = 6 }\nhand_size = { 5 = 11 }\n[match]\ntarget = "7500"\n')
    paths = [p.path for p in info.value.problems]
    assert paths == ["extends", "deal.jokerz", "match.target"], info.value


def test_a_parent_without_extends_is_reported_at_its_own_extends(tmp_path: Path) -> None:
    (tmp_path / "base.toml").write_text("[match]\ntarget = 6000\n", encoding="utf-8")
    (tmp_path / "club.toml").write_text('extends = "base.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "club.toml")
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("extends", str(tmp_path / "base.toml"))
    assert p.message.startswith("missing; name the profile this file changes")


# --- files that cannot be read ----------------------------------------------------------------------


def test_a_bundled_name_written_as_a_file_name_hints_at_the_bundled_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(VariantError) as info:
        load_variant("finnish.toml")
    p = only(list(info.value.problems))
    assert p.message == "file not found: finnish.toml; the bundled profile is named 'finnish', without .toml"


def test_a_near_miss_file_name_hints_at_the_nearest_bundled_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.toml").write_text('extends = "regensy.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant("club.toml")
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("extends", "club.toml")
    assert p.message == f"file not found: {Path('regensy.toml')}; did you mean the bundled profile 'regency'?"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_not_read() -> None:
    """Reading /dev/zero would never end; only regular files are read."""
    with pytest.raises(VariantError) as info:
        load_variant("/dev/zero")
    assert only(list(info.value.problems)).message == (
        "cannot read /dev/zero: is not a regular file (a device, FIFO or socket is never read)"
    )
    with pytest.raises(VariantError) as info:
        loads_variant('extends = "/dev/zero"\n')
    p = only(list(info.value.problems))
    assert p.path == "extends" and "is not a regular file" in p.message


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_fifo_is_refused_without_being_opened(tmp_path: Path) -> None:
    """Opening a FIFO with no writer would block for ever: it is refused from its file type alone."""
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    (tmp_path / "club.toml").write_text('extends = "pipe.toml"\n', encoding="utf-8")
    for path in (fifo, tmp_path / "club.toml"):
        with pytest.raises(VariantError) as info:
            load_variant(path)
        assert "is not a regular file" in only(list(info.value.problems)).message


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "profiles.toml"
    folder.mkdir()
    with pytest.raises(VariantError) as info:
        load_variant(folder)
    assert only(list(info.value.problems)).message == f"cannot read {folder}: is a directory, not a file"


def test_a_file_that_is_not_utf8_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    text = 'extends = "regency"\ntitle = "Kalles Käsi"\n'
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert only(list(info.value.problems)).message == f"cannot read {path}: is not UTF-8 text (byte {text.index('ä')})"


# --- schema_version -----------------------------------------------------------------------------


def test_newer_schema_version_says_to_upgrade() -> None:
    with pytest.raises(VariantError) as info:
        loads_variant(f"schema_version = {SCHEMA_VERSION + 1}\n")
    p = only(list(info.value.problems))
    assert p.path == "schema_version"
    assert f"schema version {SCHEMA_VERSION + 1}" in p.message and p.message.endswith("upgrade canasta")


@pytest.mark.parametrize(("value", "shown"), [('"1"', "a string ('1')"), ("1.0", "a float (1.0)"), ("true", "a boolean (true)")])
def test_schema_version_must_be_an_integer(value: str, shown: str) -> None:
    with pytest.raises(VariantError) as info:
        loads_variant(f"schema_version = {value}\n")
    p = only(list(info.value.problems))
    assert (p.path, p.message) == ("schema_version", f"expected an integer, got {shown}")


def test_schema_version_zero() -> None:
    with pytest.raises(VariantError) as info:
        loads_variant("schema_version = 0\n")
    assert only(list(info.value.problems)).message == "0 is not a schema version; the first is 1"


def test_a_newer_parent_is_reported_in_the_parent(tmp_path: Path) -> None:
    (tmp_path / "future.toml").write_text(f"schema_version = {SCHEMA_VERSION + 1}\n", encoding="utf-8")
    (tmp_path / "house.toml").write_text('extends = "future.toml"\n', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(tmp_path / "house.toml")
    p = only(list(info.value.problems))
    assert (p.path, p.source) == ("schema_version", str(tmp_path / "future.toml"))


# --- every problem, each once ---------------------------------------------------------------------

THREE_MISTAKES = """\
[deal]
jokerz = { 4 = 6 }          # unknown key

[melds]
wild_limit = "halff"        # enum typo

[match]
target = "7500"             # a string, not an integer
"""


def test_three_mistakes_give_exactly_three_problems(base: Path) -> None:
    found = problems_of(THREE_MISTAKES, base)
    assert len(found) == 3, "\n".join(map(str, found))
    assert [p.path for p in found] == ["deal.jokerz", "melds.wild_limit", "match.target"]


def test_three_mistakes_in_a_file_each_name_the_file(base: Path) -> None:
    path = base / "bad.toml"
    path.write_text(f'extends = "generic.toml"\n{THREE_MISTAKES}', encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(path)
    assert [p.source for p in info.value.problems] == [str(path)] * 3
    assert str(info.value).startswith("3 problems in the variant profile:\n")
    assert f"  - {path}: match.target: expected an integer" in str(info.value)


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        # two contradictions in different sections
        (
            "[initial_meld]\nscore_thresholds = [0, 3000, 1500]\n[deal]\nhand_size = { 4 = 30 }\n",
            {"initial_meld.score_thresholds", "deal.hand_size.4"},
        ),
        # a malformed value and a contradiction elsewhere
        ('[match]\ntarget = "x"\n[red_threes]\nbonus_table = { 4 = [1, 2] }\n', {"match.target", "red_threes.bonus_table.4"}),
        # an unknown key and a value out of range
        ("[deal]\njokerz = 1\n[canastas]\nsize = 99\n", {"deal.jokerz", "canastas.size"}),
        # two mistakes in the same per-player table
        ('[deal]\nhand_size = { 4 = "x", 7 = 11 }\n', {"deal.hand_size.4", "deal.hand_size.7"}),
        # a malformed table and a bad enum
        ('upcard = 3\n[turn]\ndealt_red_threes = "later"\n', {"upcard", "turn.dealt_red_threes"}),
    ],
)
def test_independent_mistakes_are_all_reported(base: Path, text: str, paths: set[str]) -> None:
    found = problems_of(text, base)
    assert [p.path for p in found if p.path in paths] == [p.path for p in found], "\n".join(map(str, found))
    assert {p.path for p in found} == paths
    assert len(found) == len(paths)  # each once: no echo of a dropped value as a contradiction


@pytest.mark.parametrize(
    ("text", "paths"),
    [
        # dropping it must not make 4 players look half-configured
        ('[deal]\nhand_size = { 4 = "eleven" }\n', ["deal.hand_size.4"]),
        # nor an empty deck look too small for the deal, or short of red and black threes
        ("[deal]\ndecks = { 4 = 0 }\n", ["deal.decks.4"]),
        # nor the default thresholds clash with the minimums
        ('[initial_meld]\nscore_thresholds = "0, 1500"\nminimums = [15, 50, 90]\n', ["initial_meld.score_thresholds"]),
        # two bad entries: two problems, each once
        ("[initial_meld]\nminimums = [1, 'x', 2.0, 4]\n", ["initial_meld.minimums[1]", "initial_meld.minimums[2]"]),
        # a table in place of the whole per-player key
        ("[red_threes]\nbonus_table = 4\n", ["red_threes.bonus_table"]),
    ],
)
def test_a_bad_value_is_not_reported_again_as_a_contradiction(base: Path, text: str, paths: list[str]) -> None:
    found = problems_of(text, base)
    assert [p.path for p in found] == paths, "\n".join(map(str, found))
