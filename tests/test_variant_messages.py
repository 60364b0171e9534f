"""A profile's problems help: a "did you mean" for an unknown key at every level, values in TOML's words, and a house
profile read from text that does not pass for its parent.

A person wrote the file in TOML, so a message shows a value as TOML writes it
(``true``, ``'half'``, ``[15, 50]``, ``{ 4 = 11 }``), never as Python prints it
(``True``); and a mistyped ``extends`` is the mistake the file made, not the
hundred keys a complete profile would give.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import canasta
from canasta import VariantError, loads_variant
from canasta.variants.loading import rule_keys


def problems(text: str, base: Path | None = None) -> list[canasta.Problem]:
    with pytest.raises(VariantError) as info:
        loads_variant(text, base=base)
    return list(info.value.problems)


def only(text: str) -> canasta.Problem:
    (problem,) = problems(text)
    return problem


# --- a mistyped extends --------------------------------------------------------------------------


@pytest.mark.parametrize("typo", ["extend", "Extends", "extents", "extnds", "parent", "inherits", "base"])
def test_a_mistyped_extends_leads_and_the_missing_keys_are_only_counted(typo: str) -> None:
    found = problems(f'{typo} = "finnish"\n\n[going_out]\nbonus = 200\n')
    assert [p.path for p in found] == [typo, "extends"], "the typo first, once; then extends, counted"
    assert found[0].message == "unknown key; did you mean 'extends'? Without extends, this file is read as a complete profile"
    total = len(rule_keys())
    assert found[1].message == f"missing ('{typo}' above?); a file without it must give all {total} rule keys, and this one gives 1"
    assert len(found[1].message) < 120 and "(all" not in found[1].message


def test_a_file_without_extends_and_no_typo_still_lists_what_it_lacks() -> None:
    (p,) = problems("[going_out]\nbonus = 200\n")
    assert p.path == "extends" and "this file lacks" in p.message and "deal (all" in p.message


def test_a_house_file_with_extends_gets_no_extends_suggestion_for_a_close_key() -> None:
    p = only('extends = "finnish"\nextend = "regency"\n')
    assert p.path == "extend" and "did you mean 'extends'" not in p.message


# --- did you mean, at every level ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path", "hint"),
    [
        ('nme = "x"\n', "nme", "did you mean 'name'?"),
        ("schema_verison = 2\n", "schema_verison", "did you mean 'schema_version'?"),
        ('titel = "x"\n', "titel", "did you mean 'title'?"),
        ("[going_ot]\nbonus = 200\n", "going_ot", "did you mean 'going_out'?"),
        ("[dael]\nhand_size = { 4 = 11 }\n", "dael", "did you mean 'deal'?"),
        ("[going_out]\nbonnus = 200\n", "going_out.bonnus", "did you mean 'going_out.bonus'?"),
        ("[going_out]\nBonus = 200\n", "going_out.Bonus", "did you mean 'going_out.bonus'?"),
        ("[scoring.card_point]\njoker = 50\n", "scoring.card_point", "did you mean 'scoring.card_points'?"),
        ("[going_out]\ntarget = 5000\n", "going_out.target", "it belongs in another table: 'match.target'"),
        ("[canastas.bonus]\nnatrual = 500\n", "canastas.bonus.natrual", "did you mean 'natural'?"),
        ("[deal.hand_size]\nfour = 11\n", "deal.hand_size.four", "did you mean 4?"),
        ("[deal.jokers]\n04 = 4\n", "deal.jokers.04", "did you mean 4?"),
        ('[melds]\nwild_limit = "halff"\n', "melds.wild_limit", "did you mean 'half'?"),
    ],
)
def test_an_unknown_key_or_value_gets_a_suggestion_at_every_level(text: str, path: str, hint: str) -> None:
    p = only(f'extends = "finnish"\n{text}')
    assert p.path == path
    assert hint in p.message


@pytest.mark.parametrize(
    ("text", "path", "hint"),
    [
        ("[ranks.natural_canasta_bonus]\nAA = 3000\n", "ranks.natural_canasta_bonus.AA", "did you mean 'A'?"),
        ("[ranks.hand_penalty]\nseven = 100\n", "ranks.hand_penalty.seven", "Allowed: 4, 5, 6, 7"),
        (
            '[[scoring.special_hands]]\nname = "pairs"\npatern = "2 2 2 2 2 2 2"\npoints = 1000\n',
            "scoring.special_hands[0].patern",
            "did you mean 'pattern'?",
        ),
        (
            '[[scoring.special_hands]]\nname = "pairs"\npattern = "2 2 2 2 2 2 2"\nscore = 1000\n',
            "scoring.special_hands[0].score",
            "the keys here are name, pattern, points",
        ),
    ],
)
def test_a_family_table_or_an_array_of_tables_names_the_key_meant(text: str, path: str, hint: str) -> None:
    found = problems(f'extends = "modern-american"\n{text}')
    assert [p.path for p in found] == [path]
    assert hint in found[0].message


# --- values in TOML's words ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path", "message"),
    [
        ("[match]\ntarget = true\n", "match.target", "expected an integer, got a boolean (true)"),
        ("[upcard]\nwild_freezes = 'false'\n", "upcard.wild_freezes", "expected true or false, got a string ('false')"),
        ("[match]\ntarget = [7500, true]\n", "match.target", "expected an integer, got an array ([7500, true])"),
        ("[match]\ntarget = { value = 7500, on = false }\n", "match.target", "expected an integer, got a table ({ value = 7500, on = false })"),
        ("[match]\ntarget = inf\n", "match.target", "expected an integer, got a float (inf)"),
        ("[match]\ntarget = nan\n", "match.target", "expected an integer, got a float (nan)"),
        ('[melds]\nwild_limit = "it\'s"\n', "melds.wild_limit", '"it\'s" is not allowed. Allowed: half, fewer, standard, two_per_wild'),
        ('[melds]\nwild_limit = "\\u001b]0;x\\u0007"\n', "melds.wild_limit", '"\\u001b]0;x\\u0007" is not allowed. Allowed: half, fewer, standard, two_per_wild'),
        ("[going_out]\nask_after_melding = false\n", "going_out.ask_after_melding", "expected one of allowed, must_go_out, refused; got a boolean (false)"),
        ("[initial_meld]\nscore_thresholds = [0, 3000, 1500]\n", "initial_meld.score_thresholds", "thresholds must be strictly increasing, got [0, 3000, 1500]"),
        ("schema_version = true\n", "schema_version", "expected an integer, got a boolean (true)"),
        ('name = ["ours"]\n', "name", "expected a string, got an array (['ours'])"),
    ],
)
def test_a_value_is_shown_as_toml_writes_it(text: str, path: str, message: str) -> None:
    p = only(f'extends = "finnish"\n{text}')
    assert (p.path, p.message) == (path, message)
    assert "\x1b" not in p.message and "True" not in p.message and "False" not in p.message


def test_a_long_value_is_cut_and_never_built_whole() -> None:
    p = only('extends = "finnish"\n[match]\ntarget = [' + ", ".join(["true"] * 40_000) + "]\n")
    assert p.message.startswith("expected an integer, got an array ([true, true,") and p.message.endswith("...)")
    assert len(p.message) < 100


def test_a_special_hand_and_an_extends_value_are_shown_in_tomls_words() -> None:
    p = only('extends = "modern-american"\n[[scoring.special_hands]]\nname = "Seven Pairs"\npattern = "2 2 2 2 2 2 2"\npoints = 100\n')
    assert p.message.startswith("'Seven Pairs' is not a name")
    assert only("extends = true\n").message == "expected the name of a bundled profile or a relative path, got a boolean (true)"
    opening = only('extends = "finnish"\n[melds]\nmin_naturals = 3\n[discard_pile]\nwild_and_natural = true\n')
    assert "melds.wild_limit = 'standard'" in opening.message


# --- the name of a house profile read from text --------------------------------------------------


@pytest.mark.parametrize("parent", ["finnish", "regency", "modern-american", "cuban"])
def test_a_house_profile_read_from_text_is_not_named_as_its_parent(parent: str) -> None:
    v = loads_variant(f'extends = "{parent}"\n[match]\ntarget = 7000\n')
    assert v.name == f"{parent} (house)" and v.name not in canasta.variant_names()
    assert v.title.endswith(", with 1 change") and v.description == f"{parent}, with 1 change: match.target"
    with pytest.raises(VariantError):
        canasta.load_variant(v.name)  # no bundled profile answers to it


def test_a_house_profile_that_names_itself_or_comes_from_a_file_keeps_that_name(tmp_path: Path) -> None:
    assert loads_variant('extends = "finnish"\nname = "ours"\n').name == "ours"
    club = tmp_path / "club.toml"
    club.write_text('extends = "finnish"\n[going_out]\nbonus = 200\n', encoding="utf-8")
    assert canasta.load_variant(club).name == "club"
    assert loads_variant('extends = "club.toml"\n', base=tmp_path).name == "club (house)"
