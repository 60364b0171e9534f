"""The rules in words (:mod:`canasta.variants.statement`): complete, and never contradicting itself, for every profile.

What "complete" means is read from the profile, not from the statement: every
rule key whose value at the table differs from the schema's default is stated
by some line, with each of its numbers written out. What "never contradicts"
means is a table written here from the schema's docstrings, independently of
the statement: the rules another rule switches off (an upcard's freezes where
there is no upcard, the wild-card bonuses where there are no wild-card melds,
the going-out question where nobody has a partner, ...) are never stated.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from strategies import variants

import canasta
from canasta.variants.converter import unstructure_variant
from canasta.variants.enums import ReserveTrigger
from canasta.variants.glossary import GLOSSARY
from canasta.variants.reference import keys
from canasta.variants.schema import META_KEYS, PlayerCount, Variant, key_type
from canasta.variants.statement import Line, statement, statement_text

PROFILES = canasta.variant_names()


def _flat(variant: Variant, players: int) -> dict[str, Any]:
    """Every rule key's value at a table of ``players``, as TOML data: a table by player count read at ``players``
    (None where it gives none), a table by rank or kind split into one key per entry."""
    data = unstructure_variant(variant)
    out: dict[str, Any] = {}
    for key in keys():
        if key.path in META_KEYS:
            continue
        value: Any = data
        for part in key.path.split("."):
            value = value.get(part) if isinstance(value, dict) else None
        if key_type(key.type) is PlayerCount:
            out[key.path] = (value or {}).get(str(players), 0 if key.path == "deal.sitting_out" else None)  # "not listed means nobody"
        elif key_type(key.type) is not None:
            for entry, v in (value or {}).items():
                out[f"{key.path}.{entry}"] = v
            out.setdefault(key.path, {})
        elif isinstance(value, dict):  # reserve.sizes as a table by player count, read at ``players``
            out[key.path] = value.get(str(players), [])
        else:
            out[key.path] = value
    return out


def _partners(v: Variant, players: int) -> bool:
    playing = players - v.deal.sitting_out.get(PlayerCount(players), 0)
    return playing > v.deal.sides[PlayerCount(players)]


Off = Callable[[Variant, int], bool]

SWITCHED_OFF: list[tuple[str, Off]] = [
    # upcard.enabled: "off, the pile starts empty"; discard_pile.always_frozen: the pile is frozen whatever the upcard.
    ("upcard.wild_freezes", lambda v, n: not v.upcard.enabled or v.discard_pile.always_frozen),
    ("upcard.red_three_freezes", lambda v, n: not v.upcard.enabled or v.discard_pile.always_frozen),
    ("upcard.black_three_freezes", lambda v, n: not v.upcard.enabled or v.discard_pile.always_frozen),
    # always_frozen: "only a natural pair matching the top card takes it".
    ("discard_pile.wild_and_natural", lambda v, n: v.discard_pile.always_frozen),
    ("discard_pile.add_top_card_to_meld", lambda v, n: v.discard_pile.always_frozen),
    ("discard_pile.wild_discard_freezes", lambda v, n: v.discard_pile.always_frozen),
    # add_top_card_to_canasta: "Needs add_top_card_to_meld and canastas.naturals_added."
    (
        "discard_pile.add_top_card_to_canasta",
        lambda v, n: v.discard_pile.always_frozen or not v.discard_pile.add_top_card_to_meld or not v.canastas.naturals_added,
    ),
    # minimums_by_hand: "the opening minimum by the hand's number instead of by score".
    ("initial_meld.score_thresholds", lambda v, n: bool(v.initial_meld.minimums_by_hand)),
    ("initial_meld.minimums", lambda v, n: bool(v.initial_meld.minimums_by_hand)),
    # from_hand_before_pile: the side opens from the hand, then takes the pile as a side that has opened.
    ("initial_meld.allowed_from_pile", lambda v, n: v.initial_meld.from_hand_before_pile),
    (
        "initial_meld.pile_requires_natural_pair",
        lambda v, n: v.initial_meld.from_hand_before_pile or not v.initial_meld.allowed_from_pile,
    ),
    # The wild-card meld exists only with canastas.wild_canastas.
    ("melds.wild_meld_exclusive", lambda v, n: not v.canastas.wild_canastas),
    ("canastas.bonus.wild", lambda v, n: not v.canastas.wild_canastas),
    ("canastas.bonus.pure_wild", lambda v, n: not v.canastas.wild_canastas),
    ("canastas.bonus.every_joker", lambda v, n: not v.canastas.wild_canastas),
    ("ranks.unfinished_penalty.W", lambda v, n: not v.canastas.wild_canastas),
    # A canasta closed at melds.max_size takes no more cards.
    ("canastas.naturals_added", lambda v, n: 0 < v.melds.max_size <= v.canastas.size),
    ("canastas.wilds_added", lambda v, n: 0 < v.melds.max_size <= v.canastas.size),
    ("ranks.hand_penalty_count", lambda v, n: not v.ranks.hand_penalty),
    # going_out.permission "Needs a partner".
    ("going_out.permission", lambda v, n: not _partners(v, n)),
    ("going_out.ask_after_melding", lambda v, n: not _partners(v, n) or v.going_out.permission.value == "not_used"),
    ("going_out.permission_penalty", lambda v, n: not _partners(v, n) or v.going_out.permission.value == "not_used"),
    ("concealed_going_out.who_has_not_melded", lambda v, n: not v.concealed_going_out.allowed),
    ("concealed_going_out.partner_canastas_count", lambda v, n: not v.concealed_going_out.allowed),
    ("concealed_going_out.minimum", lambda v, n: not v.concealed_going_out.allowed),
    ("concealed_going_out.bonus", lambda v, n: not v.concealed_going_out.allowed),
    ("reserve.trigger", lambda v, n: not v.reserve.sizes_for(n)),
    ("reserve.one_per", lambda v, n: not v.reserve.sizes_for(n)),
    ("reserve.dealt", lambda v, n: not v.reserve.sizes_for(n)),
    ("reserve.turn_continues", lambda v, n: not v.reserve.sizes_for(n)),
    # by_discard: "Unused under another trigger."
    ("reserve.by_discard", lambda v, n: not v.reserve.sizes_for(n) or v.reserve.trigger is not ReserveTrigger.EMPTY_HAND),
    ("reserve.not_with_pile", lambda v, n: not v.reserve.sizes_for(n)),
    ("reserve.min_stock", lambda v, n: not v.reserve.sizes_for(n)),
    ("reserve.untaken_penalty", lambda v, n: not v.reserve.sizes_for(n)),
    ("reserve.becomes_stock", lambda v, n: not v.reserve.sizes_for(n) or not v.reserve.dealt),
    # sign_by_canastas: "instead of plus_when".
    ("red_threes.plus_when", lambda v, n: bool(v.red_threes.sign_by_canastas)),
    # bonus_card: "The keys below then do not apply."
    ("black_threes.hand_penalty", lambda v, n: v.black_threes.bonus_card),
    ("black_threes.discard", lambda v, n: v.black_threes.bonus_card),
    ("black_threes.meldable", lambda v, n: v.black_threes.bonus_card),
    # meldable: "The two keys below then do not apply."
    ("black_threes.meld_min", lambda v, n: v.black_threes.bonus_card or not v.black_threes.meldable),
    ("black_threes.meld_max", lambda v, n: v.black_threes.bonus_card or not v.black_threes.meldable),
    # match.hands: "the target then does not end it".
    ("match.target", lambda v, n: bool(v.match.hands)),
]
"""Rules that another rule switches off, from the schema's docstrings: the statement must not state them."""


def _off(v: Variant, players: int) -> set[str]:
    return {key for key, off in SWITCHED_OFF if off(v, players)}


def _stating(lines: tuple[Line, ...], key: str) -> list[Line]:
    """The lines that state ``key``: they name it, or the table or section it belongs to."""
    return [line for line in lines if any(key == k or key.startswith(k + ".") for k in line.keys)]


def _numbers(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list | tuple):
        return [n for item in value for n in _numbers(item)]
    if isinstance(value, dict):
        return [n for item in value.values() for n in _numbers(item)]
    return []


def _check(variant: Variant, players: int) -> None:
    lines = statement(variant, players)
    off = _off(variant, players)
    mine, default = _flat(variant, players), _flat(Variant(), players)
    if not variant.canastas.wild_canastas:  # "W: the wild-card meld", which there is not
        mine["going_out.unfinished_melds_forbidden"] = [r for r in mine["going_out.unfinished_melds_forbidden"] if r != "W"]
    for key, value in mine.items():
        stating = _stating(lines, key)
        if key in off or (key.endswith(".W") and key.rsplit(".", 1)[0] + ".W" in off):
            assert not stating, f"{variant.name}: {key} is switched off, yet stated: {stating}"
            continue
        if value == default.get(key):
            continue
        assert stating, f"{variant.name}, {players} players: {key} = {value!r} (default {default.get(key)!r}) is not stated"
        text = " ".join(line.text for line in stating)
        if key.endswith("sign_by_canastas"):
            assert all({-1: "minus", 0: "nothing", 1: "plus"}[sign] in text for sign in value), text
            continue
        for number in _numbers(value):
            if number == 0:
                continue  # 0 is "none": the line states the key in words
            assert re.search(rf"(?<![\d-]){number}(?!\d)", text), f"{variant.name}: {key} = {value!r}, but {number} is not in: {text}"
        if key == "scoring.special_hands":
            for hand in value:
                assert hand["name"] in text


@pytest.mark.parametrize("name", PROFILES)
def test_every_rule_a_profile_sets_is_stated_and_no_rule_switched_off(name: str) -> None:
    variant = canasta.load_variant(name)
    for players in variant.player_counts:
        _check(variant, players)


@given(variants(citations=False))
@settings(max_examples=60)
def test_every_rule_of_any_valid_profile_is_stated_and_no_rule_switched_off(variant: Variant) -> None:
    for players in variant.player_counts:
        _check(variant, players)


def _line(variant: str, topic: str, players: int = 4) -> str:
    found = [line.text for line in statement(canasta.load_variant(variant), players) if line.topic.startswith(topic)]
    assert found, topic
    return " ".join(found)


def test_modern_american_wild_canastas_are_stated_with_their_bonuses() -> None:
    """EBB §2.7, CC: wild canastas of 2000, every joker with twos 2500, seven twos 3000; natural aces and sevens 2500."""
    text = _line("modern-american", "canastas")
    for words in ("wild cards only 2000", "every joker of the deck, with twos 2500", "wild cards of one kind (all twos, or all jokers) 3000"):
        assert words in text
    assert "sevens 2500" in text and "aces 2500" in text


@pytest.mark.parametrize("name", [n for n in PROFILES if canasta.load_variant(n).canastas.wild_canastas])
def test_the_wild_card_meld_is_never_given_the_wild_card_limit_of_other_melds(name: str) -> None:
    wild = _line(name, "wild-card melds")
    assert "at most" not in wild and "do not bind them" in wild
    assert "melds of wild cards only" in wild


@pytest.mark.parametrize("name", PROFILES)
def test_a_table_without_an_upcard_states_no_upcard_freeze(name: str) -> None:
    variant = canasta.load_variant(name)
    text = statement_text(variant, variant.player_counts[0])
    if not variant.upcard.enabled:
        assert "the upcard: none: the pile starts empty" in text
        assert text.count("upcard") == 1, text
    if variant.discard_pile.always_frozen:
        assert "upcard freezes" not in text and "freezes on" not in text


def test_an_unfinished_meld_penalty_says_which_melds_it_applies_to() -> None:
    """EBB §2.10: an unfinished natural meld of aces or sevens, and the unfinished wild-card meld (penalised_unfinished)."""
    text = _line("modern-american", "unfinished melds")
    assert "an unfinished meld of sevens with no wild card costs 2500" in text
    assert "an unfinished meld of aces with no wild card costs 2500" in text
    assert "an unfinished wild-card meld costs 2000" in text


@pytest.mark.parametrize(("name", "players"), [(n, p) for n in PROFILES for p in canasta.load_variant(n).player_counts])
def test_a_table_without_partners_states_no_going_out_question(name: str, players: int) -> None:
    variant = canasta.load_variant(name)
    text = statement_text(variant, players)
    assert ("'may I go out?'" in text) is (_partners(variant, players) and variant.going_out.permission.value != "not_used")


# -- the players' words ---------------------------------------------------------------------


def test_every_gloss_names_a_key_of_the_schema() -> None:
    paths = {k.path for k in keys()}
    sections = {p.split(".")[0] for p in paths}
    for gloss in GLOSSARY:
        base = gloss.key if gloss.key in paths or gloss.key in sections else gloss.key.rsplit(".", 1)[0]
        assert base in paths or base in sections, gloss.key
        assert gloss.words


@pytest.mark.parametrize(
    ("words", "stated_by"),
    [
        ('"talon", "bonus cards": Modern American', "reserve.sizes"),
        ('"SWAD (sevens, wilds, aces, dead cards)": Modern American', "discards.not_on_empty_pile"),
        ('"dead cards": Modern American', "melds.dead_after_canasta"),
        ('"clean triple": Modern American', "initial_meld.natural_meld_size"),
        ('"rule of five": Modern American', "melds.wilds_after_opening_min_naturals"),
        ('"turn card": Modern American', "reserve.min_stock"),
    ],
)
def test_modern_americans_words_stand_beside_the_mechanisms_name(words: str, stated_by: str) -> None:
    lines = statement(canasta.load_variant("modern-american"), 4)
    line = next(line for line in _stating(lines, stated_by))
    assert words in str(line), str(line)


@pytest.mark.parametrize("name", PROFILES)
def test_the_words_of_a_mechanism_a_profile_lacks_are_not_shown(name: str) -> None:
    variant = canasta.load_variant(name)
    text = statement_text(variant, variant.player_counts[0])
    assert ("talon" in text) is bool(variant.reserve.sizes)
    assert ("SWAD" in text) is bool(variant.discards.not_on_empty_pile or variant.discards.dead_not_on_empty_pile)
    assert ("dead cards" in text) is (variant.melds.dead_after_canasta.value != "none")


def test_docs_family_shows_the_glossary_table() -> None:
    """The players' words of docs/family.md are the one table's (GLOSSARY), word for word."""
    from pathlib import Path

    from canasta.variants.glossary import glossary_markdown

    doc = (Path(__file__).parent.parent / "docs" / "family.md").read_text(encoding="utf-8")
    assert glossary_markdown() in doc


def test_the_statement_refuses_a_player_count_the_profile_has_no_rules_for() -> None:
    with pytest.raises(canasta.UnsupportedPlayerCount, match="has rules for 4 players, not 3"):
        statement(canasta.load_variant("finnish"), 3)
