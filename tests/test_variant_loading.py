"""Loading profiles: bundled names, house files, ``extends`` chains, merging, citations and the TOML round trip."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from engine_helpers import BUNDLED

import canasta
from canasta import Variant, dumps_variant, load_variant, loads_variant, variant_names
from canasta.variants.enums import CanastaKind
from canasta.variants.schema import PlayerCount

P = PlayerCount



def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def generic(tmp_path: Path) -> Path:
    """generic.toml: the generic profile, complete, in a temporary folder."""
    return write(tmp_path, "generic.toml", dumps_variant(Variant()))


# --- bundled profiles --------------------------------------------------------------------


def test_the_bundled_names() -> None:
    assert tuple(variant_names()) == BUNDLED


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_profile_loads_by_name_with_its_citations(name: str) -> None:
    v = load_variant(name)
    assert v.name == name
    assert v.citations, "every bundled value is cited"
    assert "extends" not in v.citations  # not a rule of the resolved profile


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_profile_round_trips_with_its_citations(name: str) -> None:
    v = load_variant(name)
    again = loads_variant(dumps_variant(v))
    assert again == v
    assert dict(again.citations) == dict(v.citations)


# --- house files -------------------------------------------------------------------------


def test_house_file_extends_a_bundled_name(tmp_path: Path) -> None:
    house = write(tmp_path, "club.toml", 'extends = "regency"\n\n[match]\ntarget = 7500\n')
    v = load_variant(house)
    regency = load_variant("regency")
    assert v.match.target == 7500
    assert attrs.evolve(v, name=regency.name, title=regency.title, description=regency.description, match=regency.match) == regency


def test_house_file_extends_a_relative_path(tmp_path: Path, generic: Path) -> None:
    house = write(tmp_path, "club.toml", 'extends = "generic.toml"\n\n[canastas.bonus]\nmixed = 250\n')
    assert load_variant(house) == attrs.evolve(
        Variant(),
        name="club",
        title="Generic Canasta, with 1 change",
        description="generic, with 1 change: canastas.bonus.mixed",
        canastas=attrs.evolve(Variant().canastas, bonus={**Variant().canastas.bonus, CanastaKind.MIXED: 250}),
    )


@pytest.mark.parametrize("ref", ["../shared/generic.toml", "./../shared/generic.toml"])
def test_house_file_extends_a_path_in_another_folder(tmp_path: Path, ref: str) -> None:
    write(tmp_path, "shared/generic.toml", dumps_variant(Variant()))
    house = write(tmp_path, "club/house.toml", f'extends = "{ref}"\n')
    assert load_variant(house).deal == Variant().deal


def test_loads_variant_resolves_extends_against_base(generic: Path) -> None:
    v = loads_variant('extends = "generic.toml"\n[match]\ntarget = 6000\n', base=generic.parent)
    assert v.match.target == 6000


def test_load_variant_takes_a_path_or_a_string(generic: Path) -> None:
    assert load_variant(generic) == load_variant(str(generic)) == attrs.evolve(Variant(), name="generic")


def test_chain_of_three_files_each_overriding_one_key(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", dumps_variant(Variant()))
    write(tmp_path, "club.toml", 'extends = "base.toml"\n[match]\ntarget = 6000\n[going_out]\nbonus = 150\n')
    top = write(tmp_path, "tournament.toml", 'extends = "club.toml"\n[match]\ntarget = 7000\n')
    v = load_variant(top)
    assert v.match.target == 7000  # the nearest file wins
    assert v.going_out.bonus == 150  # the middle file's key comes through
    expected = attrs.evolve(
        Variant(),
        match=attrs.evolve(Variant().match, target=7000),
        going_out=attrs.evolve(Variant().going_out, bonus=150),
    )
    assert attrs.evolve(v, name=expected.name, title=expected.title, description=expected.description) == expected
    assert v.name == "tournament"
    # counted from the last file that names itself: club's target is overridden, so two changes remain
    assert v.title == "Generic Canasta, with 2 changes"
    assert v.description == "generic, with 2 changes: match.target, going_out.bonus"


# --- merging -------------------------------------------------------------------------------


def test_per_player_map_merges_key_by_key(tmp_path: Path, generic: Path) -> None:
    v = load_variant(write(tmp_path, "h.toml", 'extends = "generic.toml"\n[deal]\nhand_size = { 4 = 13 }\n'))
    assert v.deal.hand_size == {P(2): 15, P(3): 15, P(4): 13, P(6): 11}
    assert v.deal.decks == Variant().deal.decks


def test_per_player_array_replaces_whole_inside_a_merged_map(tmp_path: Path, generic: Path) -> None:
    v = load_variant(write(tmp_path, "h.toml", 'extends = "generic.toml"\n[red_threes]\nbonus_table = { 4 = [100, 200, 300, 1000] }\n'))
    assert v.red_threes.bonus_table[P(4)] == (100, 200, 300, 1000)
    assert v.red_threes.bonus_table[P(3)] == Variant().red_threes.bonus_table[P(3)]


def test_arrays_replace_whole(tmp_path: Path, generic: Path) -> None:
    text = 'extends = "generic.toml"\nsources = ["our club"]\n[initial_meld]\nscore_thresholds = [0, 2000]\nminimums = [15, 50, 100]\n'
    v = load_variant(write(tmp_path, "h.toml", text))
    assert v.initial_meld.score_thresholds == (0, 2000)
    assert v.initial_meld.minimums == (15, 50, 100)
    assert v.sources == ("our club",)


def test_a_house_file_may_add_a_player_count(tmp_path: Path) -> None:
    """The Finnish rules are for four (decisions P32); a house file adds six by giving every per-player key for 6."""
    text = """\
extends = "finnish"
[deal]
decks = { 6 = 3 }
jokers = { 6 = 6 }
hand_size = { 6 = 11 }
sides = { 6 = 3 }
[going_out]
canastas_required = { 6 = 2 }
[red_threes]
bonus_table = { 6 = [100, 200, 300, 400, 1000, 1200] }
"""
    v = load_variant(write(tmp_path, "six.toml", text))
    assert v.player_counts == (*load_variant("finnish").player_counts, 6)


# --- names and titles ------------------------------------------------------------------------


def test_house_name_defaults_to_the_file_stem(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "kalles-club.toml", 'extends = "regency"\n'))
    assert v.name == "kalles-club"
    assert v.title == f"{load_variant('regency').title}, with no changes"
    assert v.description == "regency, with no changes"
    assert not {"name", "title", "description"} & set(v.citations)  # the parent's notes on its own name do not apply


def test_a_complete_file_without_a_name_is_named_after_its_stem(tmp_path: Path) -> None:
    text = "\n".join(line for line in dumps_variant(Variant()).splitlines() if not line.startswith("name ="))
    assert load_variant(write(tmp_path, "plain.toml", text)).name == "plain"


def test_a_derived_profile_says_what_it_derives_from_and_how_much_it_changes(tmp_path: Path) -> None:
    regency = load_variant("regency")
    text = 'extends = "regency"\n[deal]\njokers = { 4 = 6 }\n[canastas.bonus]\nmixed = 250\n[match]\ntarget = 7500\ntie = "draw"\n'
    v = load_variant(write(tmp_path, "club.toml", text))
    assert regency.match.tie.value == "draw", "the repeated value is no change"
    assert v.title == "Regency Club (Rasche-Software), with 3 changes"
    assert v.description == "regency, with 3 changes: deal.jokers.4, canastas.bonus.mixed, match.target"
    assert v.title != regency.title and v.description != regency.description


def test_a_derived_description_names_at_most_eight_keys(tmp_path: Path) -> None:
    values = [f"{key} = {value}" for key, value in (("size", 8), ("natural", 600), ("mixed", 350))]
    values += [f"{key} = 1" for key in ("joker", "two", "ace", "eight_to_king", "four_to_seven", "black_three")]
    text = 'extends = "regency"\n[canastas]\n' + values[0] + "\n[canastas.bonus]\n" + "\n".join(values[1:3]) + "\n[scoring.card_points]\n" + "\n".join(values[3:]) + "\n"
    v = load_variant(write(tmp_path, "many.toml", text))
    assert v.title == "Regency Club (Rasche-Software), with 9 changes"
    assert v.description.endswith(
        ": canastas.size, canastas.bonus.natural, canastas.bonus.mixed, scoring.card_points.joker, "
        "scoring.card_points.two, scoring.card_points.ace, scoring.card_points.eight_to_king, "
        "scoring.card_points.four_to_seven and 1 more"
    )


def test_a_title_of_its_own_starts_a_new_count_and_is_kept(tmp_path: Path) -> None:
    write(tmp_path, "club.toml", 'extends = "regency"\ntitle = "Our club"\n[match]\ntarget = 7500\n')
    club = load_variant(tmp_path / "club.toml")
    assert (club.title, club.description) == ("Our club", "regency, with 1 change: match.target")
    night = load_variant(write(tmp_path, "night.toml", 'extends = "club.toml"\n[going_out]\nbonus = 150\n'))
    assert (night.title, night.description) == ("Our club, with 1 change", "club, with 1 change: going_out.bonus")


def test_a_derived_profile_round_trips_with_its_derived_title(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "club.toml", 'extends = "regency"\n[match]\ntarget = 7500\n'))
    assert loads_variant(dumps_variant(v)) == v


def test_explicit_name_and_title_win(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "h.toml", 'extends = "regency"\nname = "ours"\ntitle = "Our game"\n'))
    assert (v.name, v.title) == ("ours", "Our game")


# --- citations ---------------------------------------------------------------------------------

HOUSE = """\
extends = "regency"  # the club plays Regency

[deal]
jokers = { 4 = 6 }  # club decision, March 2025

[canastas.bonus]
mixed = 250

[match]
target = 7500  # club decision, March 2025
"""


def test_parent_citations_survive(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "house.toml", HOUSE))
    regency = load_variant("regency")
    for key in ("match.tie", "melds.wild_limit", "deal.hand_size", "red_threes.bonus_table"):
        assert v.citations[key] == regency.citations[key], key


def test_house_values_are_cited_by_their_comment_or_as_a_house_rule(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "house.toml", HOUSE))
    assert v.citations["match.target"] == "club decision, March 2025"
    assert v.citations["deal.jokers.4"] == "club decision, March 2025"  # the comment of the inline table's line
    assert v.citations["deal.jokers"] == "club decision, March 2025"
    assert v.citations["canastas.bonus.mixed"] == "house rule (house.toml)"
    assert "extends" not in v.citations


def test_a_commented_per_player_override_keeps_the_parents_citation_for_the_other_counts(tmp_path: Path) -> None:
    regency = load_variant("regency")
    v = load_variant(write(tmp_path, "house.toml", 'extends = "regency"\n[deal]\nhand_size = { 4 = 13 }  # club\n'))
    assert v.citations["deal.hand_size"] == "club"
    assert v.citations["deal.hand_size.4"] == "club"
    for n in (2, 3):  # still the parent's values, so still the parent's source
        assert v.citations[f"deal.hand_size.{n}"] == regency.citations["deal.hand_size"]


def test_an_uncommented_per_player_override_keeps_the_parents_table_citation(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "house.toml", 'extends = "regency"\n[deal]\nhand_size = { 4 = 13 }\n'))
    assert v.citations["deal.hand_size"] == load_variant("regency").citations["deal.hand_size"]
    assert v.citations["deal.hand_size.4"] == "house rule (house.toml)"


def test_a_table_header_comment_cites_the_values_under_it(tmp_path: Path) -> None:
    v = load_variant(
        write(tmp_path, "house.toml", 'extends = "regency"\n[canastas]  # club decision\nwild_canastas = true\nsize = 8  # Alice\n')
    )
    assert v.citations["canastas.wild_canastas"] == "club decision"
    assert v.citations["canastas.size"] == "Alice"


def test_house_text_values_are_cited_as_house_rules() -> None:
    v = loads_variant('extends = "regency"\n[canastas.bonus]\nmixed = 250\n')
    assert v.citations["canastas.bonus.mixed"] == "house rule"


def test_house_profile_round_trips_with_citations(tmp_path: Path) -> None:
    v = load_variant(write(tmp_path, "house.toml", HOUSE))
    text = dumps_variant(v)
    assert "mixed = 250  # house rule (house.toml)" in text
    assert "target = 7500  # club decision, March 2025" in text
    again = loads_variant(text)
    assert again == v
    assert dict(again.citations) == dict(v.citations)


def test_crlf_line_endings(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(HOUSE.replace("\n", "\r\n").encode())
    v = load_variant(path)
    assert v.match.target == 7500
    assert v.citations["match.target"] == "club decision, March 2025"


def test_a_byte_order_mark_is_read_as_text(tmp_path: Path) -> None:
    """Windows Notepad saves UTF-8 with a byte-order mark; it used to fail with "Invalid statement" at line 1."""
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HOUSE.replace("\n", "\r\n").encode())
    v = load_variant(path)
    assert v.match.target == 7500
    assert v.citations["match.target"] == "club decision, March 2025"
    assert loads_variant("\ufeff" + HOUSE) == attrs.evolve(v, name=loads_variant(HOUSE).name)


def test_a_byte_order_mark_in_a_parent_is_read_too(tmp_path: Path) -> None:
    write(tmp_path, "base.toml", "\ufeff" + dumps_variant(Variant()))
    v = load_variant(write(tmp_path, "club.toml", 'extends = "base.toml"\n[match]\ntarget = 6000\n'))
    assert v.match.target == 6000


def test_line_separators_inside_strings_survive_the_round_trip() -> None:
    """U+2028 and U+0085 are legal inside TOML strings; str.splitlines() would break the line there."""
    v = Variant(description="one\u2028two = 2 # not a comment\x85three", citations={"description": "ours", "match.target": "club"})
    again = loads_variant(dumps_variant(v))
    assert again == v
    assert dict(again.citations) == {"description": "ours", "match.target": "club"}


def test_a_citation_that_cannot_be_a_comment_is_left_out() -> None:
    v = Variant(citations={"match.target": "line\rbreak", "match.tie": "fine"})
    assert dict(loads_variant(dumps_variant(v)).citations) == {"match.tie": "fine"}


# --- working directory ------------------------------------------------------------------------


def test_relative_extends_is_read_from_the_files_own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "shared/base.toml", dumps_variant(Variant()))
    write(tmp_path, "shared/club.toml", 'extends = "base.toml"\n[match]\ntarget = 6000\n')  # relative to shared/
    house = write(tmp_path, "club/house.toml", 'extends = "../shared/club.toml"\n[going_out]\nbonus = 150\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    expected = load_variant(house)
    for cwd in (elsewhere, tmp_path, tmp_path / "club", tmp_path / "shared"):
        monkeypatch.chdir(cwd)
        assert load_variant(house) == expected
    monkeypatch.chdir(tmp_path)
    assert load_variant(Path("club/house.toml")) == expected  # a relative path to the house file itself
    assert expected.match.target == 6000 and expected.going_out.bonus == 150


def test_a_bundled_profile_is_loaded_once_and_shared() -> None:
    """A Variant is immutable, so every Game of a process shares one: Game("finnish") no longer re-reads the TOML."""
    first = canasta.load_variant("finnish")
    assert canasta.load_variant("finnish") is first
    assert canasta.Game("finnish", seed=1).variant is first
    assert canasta.load_variant("dutch") is not first
