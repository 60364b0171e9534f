"""The bundled variant profiles (variants/*.toml) against the rule sources.

Structural tests first: every profile loads, round-trips through TOML with its
citations, and the eight stand-alone profiles set every schema key with a
citation comment. Then one test per rule clause, named after the clause
(``test_001_s14_c_...`` is 001 §14 C, ``test_000_att_ta_hogen_2_...`` is 000
ATT TA HÖGEN 2, ``test_004_l194_...`` is 004 line 194), covering the cells of
the rule topics where the sources differ (docs/rule-topics.md) and the deck and
hand of every player count; ``p21`` in a name is decision P21 (docs/decisions.md). Then the
three family profiles (Cuban, Modern American, Uruguayan) against their digests. Last, the
house-rule snippets of docs/rasche-options.md.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from engine_helpers import BUNDLED

import canasta
from canasta import Variant
from canasta.variants import bundled_dir
from canasta.variants.citations import citation_for
from canasta.variants.enums import (
    BlackThreeDiscard,
    CanastaClass,
    CanastaKind,
    ConcealedMelders,
    ConcealedMinimum,
    CutBy,
    DealtRedThrees,
    FinalDiscard,
    FirstDealer,
    GoOutPermission,
    LastStockRedThree,
    PileInspection,
    RedThreeCondition,
    StockExhausted,
    TieBreak,
    WildLimit,
)
from canasta.variants.reference import keys
from canasta.variants.schema import PlayerCount

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "rasche-options.md"

"""The ten profiles the library ships."""
CLASSIC = ("dutch", "finnish", "rasche-house", "regency", "swedish-club", "swedish-official")
"""The profiles of the five classic sources (000-004); the family profiles have their own tests below."""
FAMILY = ("cuban", "hand-and-foot", "modern-american", "uruguayan")
"""The Canasta-family profiles, written against the family digests (schema 2 from the start)."""
STANDALONE = ("cuban", "dutch", "finnish", "hand-and-foot", "modern-american", "regency", "swedish-club", "swedish-official", "uruguayan")
CLASSIC_STANDALONE = ("dutch", "finnish", "regency", "swedish-club", "swedish-official")
OWN_SOURCE: dict[str, tuple[str, ...]] = {
    "swedish-official": ("000",),
    "swedish-club": ("002",),
    "finnish": ("001",),
    "dutch": ("003",),
    "regency": ("004",),
    # The family profiles cite their own sources by the citation keys their `sources` lists open with...
    "cuban": ("RG",),
    "modern-american": ("EBB", "WCA", "PMIR", "CC", "CJ", "CJT", "CJS", "HON", "CCN", "POC", "MEG"),
    "uruguayan": ("RG", "BLK"),
    "hand-and-foot": ("RVI", "RG", "GOCC", "DNX", "NWP", "FEU", "TXN", "DRW", "POB", "BGA", "PAY", "CHT", "JCB", "LDW", "HGN"),
}
AS_CLASSIC = {"cuban": 'RG "as classic"', "uruguayan": 'BLK "played the same, except"'}
"""...and a rule their sources leave as classic Canasta cites 004 "as classic", with the family source's word for it."""
META_KEYS = ("schema_version", "name", "title", "description", "sources")
PER_PLAYER_KEYS = (
    "deal.decks",
    "deal.jokers",
    "deal.hand_size",
    "deal.sides",
    "going_out.canastas_required",
    "red_threes.bonus_table",
)

P2, P3, P4, P6 = (PlayerCount(n) for n in (2, 3, 4, 6))

KEY_PATHS: list[str] = [k.path for k in keys()]
RULE_PATHS: list[str] = [p for p in KEY_PATHS if p not in META_KEYS]


# --------------------------------------------------------------------------- helpers


def load(name: str) -> Variant:
    return canasta.load_variant(name)


def value_at(v: Variant, path: str) -> Any:
    node: Any = v
    for part in path.split("."):
        node = getattr(node, part)
    return node


def differing(a: Variant, b: Variant) -> set[str]:
    """The rule keys (not metadata) whose values differ between two profiles."""
    return {p for p in RULE_PATHS if value_at(a, p) != value_at(b, p)}


def leaf_paths(data: Mapping[str, Any], prefix: str = "") -> Iterator[str]:
    """The schema keys a TOML document sets, in file order; a per-player table is one key."""
    leaves = set(KEY_PATHS)
    for key, value in data.items():
        path = f"{prefix}{key}"
        if path in leaves or not isinstance(value, dict):
            yield path
        else:
            yield from leaf_paths(value, f"{path}.")


def profile_text(name: str) -> str:
    return (bundled_dir() / f"{name}.toml").read_text(encoding="utf-8")


def meld_shape_legal(v: Variant, naturals: int, wilds: int) -> bool:
    """Whether a meld of this many natural and wild cards obeys the profile (the WildLimit definitions, decisions P1)."""
    m = v.melds
    if naturals < m.min_naturals or wilds > m.max_wilds or naturals + wilds < m.min_size:
        return False
    if m.wild_limit is WildLimit.HALF:
        return wilds <= naturals
    if m.wild_limit is WildLimit.FEWER:
        return wilds < naturals
    if m.wild_limit is WildLimit.TWO_PER_WILD:
        return naturals >= 2 * wilds
    return True


# --------------------------------------------------------------------------- structure


def test_variant_names_are_the_ten_bundled_profiles() -> None:
    assert canasta.variant_names() == sorted(BUNDLED)


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_profile_loads_under_its_name(name: str) -> None:
    v = load(name)
    assert v.name == name
    assert v.schema_version == 2
    assert v.title and v.description and v.sources


@pytest.mark.parametrize("name", BUNDLED)
def test_round_trip_gives_an_equal_profile(name: str) -> None:
    v = load(name)
    assert canasta.loads_variant(canasta.dumps_variant(v)) == v


@pytest.mark.parametrize("name", BUNDLED)
def test_round_trip_keeps_every_citation(name: str) -> None:
    v = load(name)
    again = canasta.loads_variant(canasta.dumps_variant(v))
    for path in KEY_PATHS:
        assert citation_for(again.citations, path) == citation_for(v.citations, path) != "", path


@pytest.mark.parametrize("name", STANDALONE)
def test_standalone_profile_sets_every_schema_key_in_schema_order(name: str) -> None:
    data = tomllib.loads(profile_text(name))
    assert "extends" not in data
    assert list(leaf_paths(data)) == KEY_PATHS


@pytest.mark.parametrize("name", STANDALONE)
def test_standalone_profile_cites_a_source_for_every_key(name: str) -> None:
    v = load(name)
    own = OWN_SOURCE[name]
    cites_own = re.compile(rf"(?:implied by )?(?:{'|'.join(own)})\b")
    generic = ("source silent", "decisions P", "unused while", "profile ")
    for path in KEY_PATHS:
        cite = v.citations.get(path, "")
        assert cite, f"{path} has no citation comment"
        if name in AS_CLASSIC and cite.startswith("as classic"):
            # A classic rule the family source leaves alone: it says so, and the rule is 004's (or silent there, or a decision).
            assert AS_CLASSIC[name] in cite, f"{path}: {cite!r} does not cite {AS_CLASSIC[name]}"
            assert re.search(r"004|source silent|decisions P", cite), f"{path}: {cite!r} cites neither 004 nor a decision"
            continue
        assert cites_own.match(cite) or cite.startswith(generic), (
            f"{path}: {cite!r} cites neither {'/'.join(own)} nor a decision (decisions P…)"
        )


@pytest.mark.parametrize("name", STANDALONE)
def test_standalone_profile_lists_the_sources_it_cites(name: str) -> None:
    # A source entry opens with its citation key(s): "004 Rasche-Software, ...", "CJ / CJT / CJS canastajunction.com, ...".
    listed = set()
    for source in load(name).sources:
        head = re.match(r"[A-Z0-9]+(?: / [A-Z0-9]+)*(?= )", source)
        assert head, f"source {source!r} does not open with its citation key"
        listed |= set(head.group().split(" / "))
    assert set(OWN_SOURCE[name]) <= listed
    if name in AS_CLASSIC:
        assert "004" in listed


@pytest.mark.parametrize("name", STANDALONE)
def test_standalone_profile_every_value_line_has_a_trailing_comment(name: str) -> None:
    for number, line in enumerate(profile_text(name).splitlines(), 1):
        if not line.strip() or line.startswith(("[", "#")):
            continue
        assert re.search(r"\S  # \S", line), f"line {number} has no trailing citation: {line!r}"


@pytest.mark.parametrize("name", BUNDLED)
def test_per_player_keys_cover_the_same_player_counts(name: str) -> None:
    v = load(name)
    counts = set(v.deal.hand_size)
    for path in PER_PLAYER_KEYS:
        assert set(value_at(v, path)) == counts, path


@pytest.mark.parametrize("name", BUNDLED)
def test_red_three_table_has_one_entry_per_red_three(name: str) -> None:
    v = load(name)
    for count, table in v.red_threes.bonus_table.items():
        assert len(table) == 2 * v.deal.decks[count], count


@pytest.mark.parametrize("name", BUNDLED)
def test_sides_follow_the_player_count(name: str) -> None:
    # 2 players and 3 players play individually; 4 are two partnerships; 6 are three teams of two (002 SEX SPELARE),
    # or two sides of three with one of each sitting out (004 L11); 5 are a side of three and a side of two (004 L11).
    # Hand and Foot's six play as two teams of three, every one of them dealt in (RVI, RG, NWP TEAMS; decisions P68).
    expected = {2: 2, 3: 3, 4: 2, 5: 2, 6: 3}
    v = load(name)
    if v.deal.sitting_out.get(P6) or name == "hand-and-foot":
        expected[6] = 2
    assert dict(v.deal.sides) == {n: expected[n] for n in v.deal.sides}


# The classic bands; Uruguayan keeps them (BLK "played the same, except"), Cuban and Modern American do not (below).
@pytest.mark.parametrize("name", (*CLASSIC, "uruguayan"))
def test_decisions_p22_opening_bands(name: str) -> None:
    v = load(name)
    assert v.initial_meld.score_thresholds == (0, 1500, 3000)
    assert [v.opening_minimum(s) for s in (-5, 0, 1495, 1500, 2995, 3000)] == [15, 50, 50, 90, 90, 120]


@pytest.mark.parametrize("name", BUNDLED)
def test_decisions_p23_a_tied_match_is_a_draw(name: str) -> None:
    assert load(name).match.tie is TieBreak.DRAW


# The classic target; Uruguayan keeps it, Cuban (7500) and Modern American (8500) do not (below).
@pytest.mark.parametrize("name", (*CLASSIC_STANDALONE, "uruguayan"))
def test_standalone_profile_target_5000(name: str) -> None:
    assert load(name).match.target == 5000


@pytest.mark.parametrize("name", ["swedish-official", "swedish-club", "dutch", "regency"])
def test_topics_o_no_penalties_where_the_source_has_none(name: str) -> None:
    v = load(name)
    assert all(value_at(v, p) == 0 for p in RULE_PATHS if p.startswith("penalties."))
    assert v.going_out.permission_penalty == 0


@pytest.mark.parametrize("name", STANDALONE)
def test_card_values_poangrakning_2_s12_l18_l43(name: str) -> None:
    # 000/002 POÄNGRÄKNING 2, 001 §12, 003 L18-22, 004 L43-49 all agree (topics M; decisions P24 for 002 KORTEN).
    points = load(name).scoring.card_points
    assert (points.joker, points.two, points.ace, points.eight_to_king, points.four_to_seven, points.black_three) == (50, 20, 20, 10, 5, 5)


# --------------------------------------------------------------------------- 000 Swedish official short version


def test_000_hur_spelet_borjar_1_1_four_players_eleven_cards_two_packs() -> None:
    v = load("swedish-official")
    assert (v.deal.hand_size[P4], v.deal.decks[P4], v.deal.jokers[P4], v.deal.sides[P4]) == (11, 2, 4, 2)


def test_000_tva_spelare_fifteen_cards_two_packs() -> None:
    v = load("swedish-official")
    assert (v.deal.hand_size[P2], v.deal.decks[P2], v.deal.jokers[P2], v.deal.sides[P2]) == (15, 2, 4, 2)


def test_000_tre_spelare_three_packs_six_jokers_fifteen_cards() -> None:
    v = load("swedish-official")
    assert (v.deal.hand_size[P3], v.deal.decks[P3], v.deal.jokers[P3], v.deal.sides[P3]) == (15, 3, 6, 3)


def test_000_six_players_dealt_as_002_sex_spelare() -> None:
    v = load("swedish-official")
    assert v.player_counts == (2, 3, 4, 6)
    assert (v.deal.hand_size[P6], v.deal.decks[P6], v.deal.jokers[P6], v.deal.sides[P6]) == (11, 3, 6, 3)
    assert "002 SEX SPELARE" in v.citations["deal.hand_size"]


def test_000_utgang_1_one_canasta_to_go_out() -> None:
    v = load("swedish-official")
    assert (v.going_out.canastas_required[P2], v.going_out.canastas_required[P4], v.going_out.canastas_required[P6]) == (1, 1, 1)


def test_000_tre_spelare_two_canastas_to_go_out() -> None:
    assert load("swedish-official").going_out.canastas_required[P3] == 2


def test_000_att_ta_hogen_3_b_take_top_card_only() -> None:
    assert load("swedish-official").discard_pile.take_top_card_only is True


def test_000_att_ta_hogen_2_own_canasta_rank_blocks_pile() -> None:
    assert load("swedish-official").discard_pile.own_canasta_rank_blocks is True


def test_000_att_ta_hogen_6_top_card_not_added_to_a_meld() -> None:
    pile = load("swedish-official").discard_pile
    assert (pile.add_top_card_to_meld, pile.add_top_card_to_canasta) == (False, False)
    assert pile.wild_and_natural is True


def test_000_att_ta_hogen_4_opening_from_pile_needs_natural_pair() -> None:
    meld = load("swedish-official").initial_meld
    assert (meld.allowed_from_pile, meld.pile_requires_natural_pair) == (True, True)


def test_000_kombination_at_most_half_wild() -> None:
    v = load("swedish-official")
    assert v.melds.wild_limit is WildLimit.HALF
    assert meld_shape_legal(v, 2, 2)
    assert not meld_shape_legal(v, 2, 3)


def test_000_canasta_5_wild_cards_added_to_a_canasta_up_to_three() -> None:
    v = load("swedish-official")
    assert (v.canastas.wilds_added, v.canastas.naturals_added, v.melds.max_wilds) == (True, True, 3)


def test_000_hur_spelet_borjar_1_2_black_three_upcard_does_not_lock() -> None:
    assert load("swedish-official").upcard.black_three_freezes is False


def test_000_hur_spelet_borjar_1_3_wild_or_red_three_upcard_locks() -> None:
    upcard = load("swedish-official").upcard
    assert (upcard.wild_freezes, upcard.red_three_freezes) == (True, True)


def test_000_roda_treor_1_dealt_red_threes_on_own_turn() -> None:
    assert load("swedish-official").turn.dealt_red_threes is DealtRedThrees.OWN_TURN


def test_000_direkt_utgang_1_the_player_has_not_melded() -> None:
    assert load("swedish-official").concealed_going_out.who_has_not_melded is ConcealedMelders.PLAYER


def test_000_direkt_utgang_2_minimum_waived_after_stock_draw() -> None:
    assert load("swedish-official").concealed_going_out.minimum is ConcealedMinimum.WAIVED_AFTER_STOCK_DRAW


def test_000_direkt_utgang_3_concealed_bonus_200() -> None:
    assert load("swedish-official").concealed_going_out.bonus == 200


def test_000_poangrakning_1_four_red_threes_800() -> None:
    table = load("swedish-official").red_threes.bonus_table
    assert table[P2] == table[P4] == (100, 200, 300, 800)


def test_000_tre_spelare_five_red_threes_1000_six_1200() -> None:
    table = load("swedish-official").red_threes.bonus_table
    assert table[P3] == table[P6] == (100, 200, 300, 400, 1000, 1200)


def test_000_poangrakning_4_red_threes_negative_if_not_opened() -> None:
    assert load("swedish-official").red_threes.plus_when is RedThreeCondition.MELD


def test_000_no_unmelded_red_three_penalty() -> None:
    assert load("swedish-official").red_threes.unmelded_penalty == 0


def test_000_talongens_sista_kort_1_red_three_must_be_melded() -> None:
    assert load("swedish-official").red_threes.last_stock_card is LastStockRedThree.MUST_MELD


def test_000_talongens_sista_kort_2_pile_optional_at_end_of_stock() -> None:
    assert load("swedish-official").end_of_stock.mode is StockExhausted.OPTIONAL_PICKUP


def test_000_svarta_treor_1_black_three_blocks_next_player() -> None:
    assert load("swedish-official").black_threes.discard is BlackThreeDiscard.BLOCK_NEXT_PLAYER


def test_000_svarta_treor_2_three_or_four_black_threes() -> None:
    black = load("swedish-official").black_threes
    assert (black.meld_min, black.meld_max) == (3, 4)


def test_000_p21_no_one_card_rule() -> None:
    assert load("swedish-official").discard_pile.one_card_rule is False


def test_000_utgang_2_final_discard_optional() -> None:
    assert load("swedish-official").going_out.final_discard is FinalDiscard.OPTIONAL


# --------------------------------------------------------------------------- 002 Swedish club edition


def test_002_utgang_1_two_canastas_to_go_out() -> None:
    assert dict(load("swedish-club").going_out.canastas_required) == {2: 2, 3: 2, 4: 2, 6: 2}


def test_002_hur_spelet_borjar_1_1_and_tva_tre_spelare_hand_sizes() -> None:
    v = load("swedish-club")
    assert dict(v.deal.hand_size) == {2: 15, 3: 15, 4: 11, 6: 11}
    assert dict(v.deal.decks) == {2: 2, 3: 3, 4: 2, 6: 3}
    assert dict(v.deal.jokers) == {2: 4, 3: 6, 4: 4, 6: 6}


def test_002_sex_spelare_three_teams_of_two() -> None:
    v = load("swedish-club")
    assert (v.deal.sides[P6], v.deal.decks[P6], v.deal.jokers[P6], v.deal.hand_size[P6]) == (3, 3, 6, 11)


def test_002_sex_spelare_red_threes_as_for_three_players() -> None:
    table = load("swedish-club").red_threes.bonus_table
    assert table[P6] == table[P3] == (100, 200, 300, 400, 1000, 1200)
    assert table[P4] == (100, 200, 300, 800)


def test_002_att_ta_hogen_3_b_take_top_card_only() -> None:
    assert load("swedish-club").discard_pile.take_top_card_only is True


def test_002_att_ta_hogen_2_own_canasta_rank_blocks_pile() -> None:
    assert load("swedish-club").discard_pile.own_canasta_rank_blocks is True


def test_002_att_ta_hogen_6_top_card_not_added_to_a_meld() -> None:
    pile = load("swedish-club").discard_pile
    assert (pile.add_top_card_to_meld, pile.add_top_card_to_canasta) == (False, False)


def test_002_kombination_at_most_half_wild() -> None:
    v = load("swedish-club")
    assert v.melds.wild_limit is WildLimit.HALF
    assert not meld_shape_legal(v, 2, 3)


def test_002_direkt_utgang_partner_canasta_counts() -> None:
    concealed = load("swedish-club").concealed_going_out
    assert (concealed.who_has_not_melded, concealed.partner_canastas_count, concealed.bonus) == (ConcealedMelders.PLAYER, True, 200)


def test_002_utgang_2_first_asking_is_a_right_and_binds() -> None:
    assert load("swedish-club").going_out.permission is GoOutPermission.OPTIONAL


def test_002_poangrakning_2_ace_20_black_three_5_over_korten() -> None:
    points = load("swedish-club").scoring.card_points
    assert (points.ace, points.black_three) == (20, 5)
    assert "decisions P24" in load("swedish-club").citations["scoring.card_points.ace"]


def test_002_talongens_sista_kort_2_pile_optional_at_end_of_stock() -> None:
    assert load("swedish-club").end_of_stock.mode is StockExhausted.OPTIONAL_PICKUP


def test_002_talongens_sista_kort_1_red_three_must_be_melded() -> None:
    assert load("swedish-club").red_threes.last_stock_card is LastStockRedThree.MUST_MELD


def test_002_swedish_presets_differ_only_in_canastas_to_go_out() -> None:
    assert differing(load("swedish-official"), load("swedish-club")) == {"going_out.canastas_required"}


# --------------------------------------------------------------------------- 001 Finnish federation


def test_001_s2_s6_a_four_players_eleven_cards_108_card_deck() -> None:
    v = load("finnish")
    assert v.player_counts == (4,)
    assert (v.deal.hand_size[P4], v.deal.decks[P4], v.deal.jokers[P4], v.deal.sides[P4]) == (11, 2, 4, 2)


def test_001_s3_s4_first_dealer_right_of_high_card() -> None:
    assert load("finnish").deal.first_dealer is FirstDealer.RIGHT_OF_HIGH_CARD


def test_001_s5_cut_by_player_right_of_dealer() -> None:
    assert load("finnish").deal.cut_by is CutBy.RIGHT_OF_DEALER


def test_001_s6_b_s21_a_wild_and_red_three_upcards_freeze() -> None:
    upcard = load("finnish").upcard
    assert (upcard.wild_freezes, upcard.red_three_freezes) == (True, True)


def test_001_s20_a_black_three_upcard_does_not_freeze() -> None:
    assert load("finnish").upcard.black_three_freezes is False


def test_001_s11_d_two_naturals_three_wilds_legal() -> None:
    v = load("finnish")
    assert v.melds.wild_limit is WildLimit.STANDARD
    assert (v.melds.min_naturals, v.melds.max_wilds) == (2, 3)
    assert meld_shape_legal(v, 2, 3)
    assert not meld_shape_legal(v, 1, 2)
    assert not meld_shape_legal(v, 4, 4)


def test_001_s13_b_several_melds_reach_the_minimum() -> None:
    assert load("finnish").initial_meld.several_melds is True


def test_001_s13_c_2_opening_from_pile_needs_natural_pair() -> None:
    meld = load("finnish").initial_meld
    assert (meld.allowed_from_pile, meld.pile_requires_natural_pair) == (True, True)


def test_001_s14_a_3_top_card_added_to_meld_or_canasta() -> None:
    pile = load("finnish").discard_pile
    assert (pile.add_top_card_to_meld, pile.add_top_card_to_canasta) == (True, True)


def test_001_s15_e_2_own_canasta_rank_does_not_block_pile() -> None:
    assert load("finnish").discard_pile.own_canasta_rank_blocks is False


def test_001_s14_c_one_card_rule() -> None:
    assert load("finnish").discard_pile.one_card_rule is True


def test_001_s10_c_no_top_card_only_option() -> None:
    assert load("finnish").discard_pile.take_top_card_only is False


def test_001_s15_e_1_no_wild_cards_added_to_a_canasta() -> None:
    canastas = load("finnish").canastas
    assert (canastas.wilds_added, canastas.naturals_added) == (False, True)


def test_001_s16_b_s21_b_dealt_red_threes_replaced_before_the_draw() -> None:
    assert load("finnish").turn.dealt_red_threes is DealtRedThrees.OWN_TURN


def test_001_s18_b_one_canasta_to_go_out() -> None:
    assert dict(load("finnish").going_out.canastas_required) == {4: 1}


def test_001_s19_a_1_concealed_only_if_side_has_not_melded() -> None:
    assert load("finnish").concealed_going_out.who_has_not_melded is ConcealedMelders.SIDE


def test_001_s19_c_minimum_waived_after_stock_draw() -> None:
    assert load("finnish").concealed_going_out.minimum is ConcealedMinimum.WAIVED_AFTER_STOCK_DRAW


def test_001_s19_b_concealed_bonus_200_instead_of_100() -> None:
    going_out = load("finnish")
    assert (going_out.concealed_going_out.bonus, going_out.going_out.bonus) == (200, 100)


def test_001_s21_f_four_red_threes_400_not_doubled() -> None:
    assert load("finnish").red_threes.bonus_table[P4] == (100, 200, 300, 400)


def test_001_s21_h_unmelded_red_three_500() -> None:
    assert load("finnish").red_threes.unmelded_penalty == 500


def test_001_s21_e_last_stock_red_three_may_be_melded() -> None:
    assert load("finnish").red_threes.last_stock_card is LastStockRedThree.MAY_MELD


def test_001_s20_b_black_three_blocks_next_player_that_turn() -> None:
    assert load("finnish").black_threes.discard is BlackThreeDiscard.BLOCK_NEXT_PLAYER


def test_001_s22_a_1_pile_inspected_only_before_first_discard() -> None:
    assert load("finnish").discard_pile.inspection is PileInspection.BEFORE_FIRST_DISCARD


def test_001_s23_a_ask_permission_after_stock_draw() -> None:
    assert load("finnish").going_out.permission is GoOutPermission.AFTER_STOCK_DRAW


def test_001_s23_d_yes_but_cannot_go_out_costs_100() -> None:
    assert load("finnish").going_out.permission_penalty == 100


def test_001_s24_a_end_of_stock_forced_if_top_card_fits_meld() -> None:
    assert load("finnish").end_of_stock.mode is StockExhausted.FORCED_IF_FITS_MELD


def test_001_s24_b_end_of_stock_chain_continues() -> None:
    assert load("finnish").end_of_stock.chain is True


def test_001_s1_equal_totals_are_a_draw() -> None:
    v = load("finnish")
    assert (v.match.target, v.match.tie) == (5000, TieBreak.DRAW)


def test_001_s27_a_insufficient_opening_raises_minimum_10() -> None:
    assert load("finnish").penalties.insufficient_opening_raise == 10


def test_001_s27_b_1_partial_correction_100() -> None:
    assert load("finnish").penalties.partial_correction == 100


def test_001_s23_e_going_out_after_no_100() -> None:
    assert load("finnish").penalties.going_out_after_no == 100


def test_001_s27_b_3_going_out_without_canasta_100() -> None:
    assert load("finnish").penalties.going_out_without_canasta == 100


def test_001_s25_c_3_draw_out_of_turn_100() -> None:
    assert load("finnish").penalties.draw_out_of_turn == 100


def test_001_s26_b_pile_out_of_turn_100() -> None:
    assert load("finnish").penalties.pile_out_of_turn == 100


def test_001_s30_b_meld_out_of_turn_100() -> None:
    assert load("finnish").penalties.meld_out_of_turn == 100


def test_001_s33_a_penalty_card_melded_with_partner_help_300() -> None:
    assert load("finnish").penalties.penalty_card_help == 300


def test_001_s22_a_table_talk_forfeit_2000() -> None:
    assert load("finnish").penalties.table_talk_forfeit == 2000


# --------------------------------------------------------------------------- 003 Dutch rules page


def test_003_l8_l27_four_players_eleven_cards_108_card_deck() -> None:
    v = load("dutch")
    assert v.player_counts == (4,)
    assert (v.deal.hand_size[P4], v.deal.decks[P4], v.deal.jokers[P4], v.deal.sides[P4]) == (11, 2, 4, 2)


def test_003_l26_first_dealer_right_of_high_card_cut_by_left() -> None:
    deal = load("dutch").deal
    assert (deal.first_dealer, deal.cut_by) == (FirstDealer.RIGHT_OF_HIGH_CARD, CutBy.LEFT_OF_DEALER)


def test_003_l30_red_threes_replaced_on_receipt() -> None:
    assert load("dutch").turn.dealt_red_threes is DealtRedThrees.AT_DEAL


def test_003_l39_two_naturals_per_joker_read_as_standard_p1() -> None:
    v = load("dutch")
    assert v.melds.wild_limit is WildLimit.STANDARD
    assert (v.melds.min_naturals, v.melds.max_wilds) == (2, 3)
    assert meld_shape_legal(v, 4, 3)


def test_003_l62_black_three_blocks_next_player_p16() -> None:
    v = load("dutch")
    assert v.black_threes.discard is BlackThreeDiscard.BLOCK_NEXT_PLAYER
    assert v.upcard.black_three_freezes is False
    assert "L62" in v.citations["black_threes.discard"] and "freeze" in v.citations["black_threes.discard"]


def test_003_l62_red_three_and_wild_upcards_freeze_p15_p17() -> None:
    v = load("dutch")
    assert (v.upcard.red_three_freezes, v.upcard.wild_freezes, v.discard_pile.wild_discard_freezes) == (True, True, True)


def test_003_l36_whole_pile_taken() -> None:
    assert load("dutch").discard_pile.take_top_card_only is False


def test_003_l54_opening_from_pile_allowed_p19() -> None:
    meld = load("dutch").initial_meld
    assert (meld.allowed_from_pile, meld.pile_requires_natural_pair) == (True, True)


def test_003_l76_top_card_added_to_meld() -> None:
    pile = load("dutch").discard_pile
    assert (pile.add_top_card_to_meld, pile.own_canasta_rank_blocks) == (True, False)


def test_003_l81_one_card_rule() -> None:
    assert load("dutch").discard_pile.one_card_rule is True


def test_003_l81_one_canasta_to_go_out() -> None:
    v = load("dutch")
    assert dict(v.going_out.canastas_required) == {4: 1}
    assert v.going_out.final_discard is FinalDiscard.OPTIONAL


def test_003_l83_concealed_minimum_never_waived() -> None:
    assert load("dutch").concealed_going_out.minimum is ConcealedMinimum.NEVER_WAIVED


def test_003_l93_concealed_extra_100_read_as_200_p8() -> None:
    assert load("dutch").concealed_going_out.bonus == 200


def test_003_l31_four_red_threes_800() -> None:
    assert load("dutch").red_threes.bonus_table[P4] == (100, 200, 300, 800)


# --------------------------------------------------------------------------- 004 Regency Club (Rasche-Software)


def test_004_l13_hand_sizes_15_13_11() -> None:
    # Five and six players play the 4-player hand, some sitting out (004 L11).
    assert dict(load("regency").deal.hand_size) == {2: 15, 3: 13, 4: 11, 5: 11, 6: 11}


def test_004_l11_l22_two_packs_four_jokers_for_every_count() -> None:
    deal = load("regency").deal
    assert dict(deal.decks) == {2: 2, 3: 2, 4: 2, 5: 2, 6: 2}
    assert dict(deal.jokers) == {2: 4, 3: 4, 4: 4, 5: 4, 6: 4}


def test_004_l11_individual_up_to_three_players() -> None:
    assert dict(load("regency").deal.sides) == {2: 2, 3: 3, 4: 2, 5: 2, 6: 2}


def test_004_l11_five_one_sits_out_six_two_sides_of_three() -> None:
    # With five, one must always sit out; in a side of three, one sits out: every hand is 2 v 2.
    assert dict(load("regency").deal.sitting_out) == {2: 0, 3: 0, 4: 0, 5: 1, 6: 2}


def test_004_l36_wild_cards_never_in_the_majority() -> None:
    v = load("regency")
    assert v.melds.wild_limit is WildLimit.HALF
    assert meld_shape_legal(v, 3, 3)
    assert not meld_shape_legal(v, 3, 4)
    assert not meld_shape_legal(v, 2, 3)


def test_004_l93_l95_wild_cards_added_to_a_canasta() -> None:
    canastas = load("regency").canastas
    assert (canastas.wilds_added, canastas.naturals_added) == (True, True)


def test_004_l121_top_card_added_to_meld_or_canasta() -> None:
    pile = load("regency").discard_pile
    assert (pile.add_top_card_to_meld, pile.add_top_card_to_canasta, pile.own_canasta_rank_blocks) == (True, True, False)


def test_004_l125_whole_pile_taken() -> None:
    assert load("regency").discard_pile.take_top_card_only is False


def test_004_p21_no_one_card_rule() -> None:
    assert load("regency").discard_pile.one_card_rule is False


def test_004_l229_pile_never_inspected() -> None:
    assert load("regency").discard_pile.inspection is PileInspection.NEVER


def test_004_l225_red_threes_laid_out_immediately() -> None:
    assert load("regency").turn.dealt_red_threes is DealtRedThrees.AT_DEAL


def test_004_l87_l171_one_canasta_to_go_out() -> None:
    assert dict(load("regency").going_out.canastas_required) == {2: 1, 3: 1, 4: 1, 5: 1, 6: 1}


def test_004_l179_concealed_minimum_always_waived() -> None:
    assert load("regency").concealed_going_out.minimum is ConcealedMinimum.ALWAYS_WAIVED


def test_004_l183_concealed_player_may_have_partner_melds() -> None:
    assert load("regency").concealed_going_out.who_has_not_melded is ConcealedMelders.PLAYER


def test_004_l185_hand_canasta_200_instead_of_100() -> None:
    assert load("regency").concealed_going_out.bonus == 200


def test_004_l160_four_red_threes_doubled_to_800() -> None:
    assert all(table == (100, 200, 300, 800) for table in load("regency").red_threes.bonus_table.values())


def test_004_l164_unmelded_red_three_500() -> None:
    assert load("regency").red_threes.unmelded_penalty == 500


def test_004_l138_l142_black_three_blocks_next_player_only() -> None:
    assert load("regency").black_threes.discard is BlackThreeDiscard.BLOCK_NEXT_PLAYER


def test_004_l194_end_of_stock_forced_even_frozen() -> None:
    assert load("regency").end_of_stock.mode is StockExhausted.FORCED_IF_LEGAL


def test_004_l196_l200_end_of_stock_chain_continues() -> None:
    assert load("regency").end_of_stock.chain is True


def test_004_opt_b_h_i_j_default_off_in_regency() -> None:
    v = load("regency")
    assert v.canastas.wild_canastas is False
    assert v.going_out.canasta_kinds_required == {}
    assert v.red_threes.plus_when is RedThreeCondition.MELD
    assert v.canastas.naturals_added is True


# --------------------------------------------------------------------------- the family profiles (family digests)


def test_family_profiles_are_standalone_schema_2_files() -> None:
    for name in FAMILY:
        data = tomllib.loads(profile_text(name))
        assert data["schema_version"] == 2 and "extends" not in data, name


def test_cuban_rg_150_from_5000_classic_bands_below() -> None:
    v = load("cuban")
    assert [v.opening_minimum(s) for s in (-5, 0, 1500, 3000, 4995, 5000)] == [15, 50, 90, 120, 120, 150]


def test_cuban_rg_13_cards_four_players_game_7500() -> None:
    v = load("cuban")
    assert (dict(v.deal.hand_size), dict(v.deal.decks), dict(v.deal.jokers), v.match.target) == ({4: 13}, {4: 2}, {4: 4}, 7500)


def test_cuban_rg_pile_always_frozen_canastas_of_seven() -> None:
    v = load("cuban")
    assert (v.discard_pile.always_frozen, v.discard_pile.wild_and_natural, v.melds.max_size) == (True, False, 7)
    assert (v.canastas.naturals_added, v.canastas.wilds_added) == (False, False)


def test_cuban_rg_wild_canastas_2000_3000_4000() -> None:
    canastas = load("cuban").canastas
    assert canastas.wild_canastas is True
    bonus = canastas.bonus
    assert (bonus[CanastaKind.WILD], bonus[CanastaKind.EVERY_JOKER], bonus[CanastaKind.PURE_WILD]) == (2000, 3000, 4000)


def test_cuban_rg_red_threes_progressive_plus_with_a_canasta() -> None:
    red = load("cuban").red_threes
    assert (red.bonus_table[P4], red.plus_when) == ((100, 300, 500, 1000), RedThreeCondition.CANASTA)


def test_cuban_rg_black_threes_not_discarded_in_the_first_round_no_concealed_bonus() -> None:
    v = load("cuban")
    assert v.discards.not_in_first_round == ("3",)
    assert v.concealed_going_out.allowed is False


def test_modern_american_ebb_2_1_four_players_13_cards_no_upcard() -> None:
    v = load("modern-american")
    assert (dict(v.deal.hand_size), dict(v.deal.decks), dict(v.deal.jokers), dict(v.deal.sides)) == ({4: 13}, {4: 2}, {4: 4}, {4: 2})
    assert v.upcard.enabled is False


def test_modern_american_ebb_2_6_minimums_125_155_180() -> None:
    v = load("modern-american")
    assert [v.opening_minimum(s) for s in (-5, 0, 2995, 3000, 4995, 5000)] == [125, 125, 125, 155, 155, 180]
    assert v.initial_meld.natural_meld_size == 3


def test_modern_american_ebb_2_7_canasta_bonuses() -> None:
    v = load("modern-american")
    bonus = v.canastas.bonus
    assert (bonus[CanastaKind.NATURAL], bonus[CanastaKind.MIXED]) == (500, 300)
    assert (bonus[CanastaKind.WILD], bonus[CanastaKind.EVERY_JOKER], bonus[CanastaKind.PURE_WILD]) == (2000, 2500, 3000)
    assert {str(rank): points for rank, points in v.ranks.natural_canasta_bonus.items()} == {"7": 2500, "A": 2500}


def test_modern_american_ebb_2_9_two_canastas_must_discard_game_8500() -> None:
    v = load("modern-american")
    assert (dict(v.going_out.canastas_required), v.going_out.final_discard, v.match.target) == ({4: 2}, FinalDiscard.REQUIRED, 8500)
    assert v.concealed_going_out.allowed is False


def test_uruguayan_rg_blk_1_wild_canastas_2000() -> None:
    canastas = load("uruguayan").canastas
    assert canastas.wild_canastas is True
    assert (canastas.bonus[CanastaKind.WILD], canastas.bonus[CanastaKind.PURE_WILD]) == (2000, 2000)


def test_uruguayan_rg_blk_2_pile_always_frozen() -> None:
    pile = load("uruguayan").discard_pile
    assert (pile.always_frozen, pile.wild_and_natural, pile.add_top_card_to_meld) == (True, False, False)


def test_uruguayan_otherwise_regency() -> None:
    # BLK "played the same, except": only the wild canastas and the frozen pile differ from the Regency Club rules.
    assert differing(load("uruguayan"), load("regency")) == {
        "canastas.wild_canastas",
        "canastas.bonus",
        "discard_pile.always_frozen",
        "discard_pile.wild_and_natural",
        "discard_pile.add_top_card_to_meld",
        "discard_pile.add_top_card_to_canasta",
    }


# --------------------------------------------------------------------------- 004 house options: rasche-house


def test_rasche_house_extends_regency_with_only_options_a_b_d() -> None:
    data = tomllib.loads(profile_text("rasche-house"))
    assert data.pop("extends") == "regency"
    rule_keys = {p for p in leaf_paths(data) if p not in META_KEYS}
    assert rule_keys == {
        "deal.jokers",
        "canastas.wild_canastas",
        "canastas.bonus",
        "match.target",
    }


def test_rasche_house_every_other_key_equals_regency() -> None:
    assert differing(load("rasche-house"), load("regency")) == {
        "deal.jokers",
        "canastas.wild_canastas",
        "canastas.bonus",
        "match.target",
    }


def test_004_opt_a_six_jokers() -> None:
    v = load("rasche-house")
    assert dict(v.deal.jokers) == {2: 6, 3: 6, 4: 6, 5: 6, 6: 6}
    assert v.citations["deal.jokers"].startswith("004 opt a")


def test_004_opt_b_joker_canastas_1000_and_natural_2000() -> None:
    canastas = load("rasche-house").canastas
    assert canastas.wild_canastas is True
    assert (canastas.bonus[CanastaKind.WILD], canastas.bonus[CanastaKind.PURE_WILD]) == (1000, 2000)


def test_004_opt_d_target_7500() -> None:
    v = load("rasche-house")
    assert v.match.target == 7500
    assert v.citations["match.target"].startswith("004 opt d")


def test_rasche_house_keeps_regency_citations_for_inherited_keys() -> None:
    house, regency = load("rasche-house"), load("regency")
    assert house.citations["end_of_stock.mode"] == regency.citations["end_of_stock.mode"]


# --------------------------------------------------------------------------- docs/rasche-options.md


EXPECTED_OPTION_KEYS: dict[str, list[set[str]]] = {
    "a": [{"deal.jokers"}],
    "b": [{"canastas.wild_canastas"}, {"canastas.wild_canastas", "canastas.bonus"}],
    "c": [{"deal.hand_size"}],
    "d": [{"match.target"}, {"match.target"}],
    "e": [{"initial_meld.minimums"}],
    "f": [{"concealed_going_out.bonus"}],
    "g": [{"initial_meld.pile_requires_natural_pair"}],
    "h": [{"going_out.canasta_kinds_required"}],
    "i": [{"red_threes.plus_when"}],
    "j": [{"canastas.naturals_added", "canastas.wilds_added", "discard_pile.add_top_card_to_canasta"}],
}


def doc_snippets() -> list[tuple[str, int, str]]:
    """Every ```toml block of the doc as (option letter, index within the option, text)."""
    out: list[tuple[str, int, str]] = []
    letter = ""
    seen: dict[str, int] = {}
    block: list[str] | None = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## ([a-j])\) ", line)
        if heading:
            letter = heading.group(1)
        elif line.strip() == "```toml":
            block = []
        elif line.strip() == "```" and block is not None:
            index = seen.get(letter, 0)
            seen[letter] = index + 1
            out.append((letter, index, "\n".join(block) + "\n"))
            block = None
        elif block is not None:
            block.append(line)
    return out


SNIPPETS = doc_snippets()


def test_rasche_options_doc_has_a_snippet_for_every_option_a_to_j() -> None:
    assert sorted({letter for letter, _, _ in SNIPPETS}) == list("abcdefghij")
    assert {letter: len([s for s in SNIPPETS if s[0] == letter]) for letter in "abcdefghij"} == {
        letter: len(expected) for letter, expected in EXPECTED_OPTION_KEYS.items()
    }


@pytest.mark.parametrize(("letter", "index", "text"), SNIPPETS, ids=[f"opt_{s[0]}_{s[1]}" for s in SNIPPETS])
def test_rasche_options_doc_snippet_changes_the_intended_keys(letter: str, index: int, text: str, tmp_path: Path) -> None:
    path = tmp_path / f"option-{letter}.toml"
    path.write_text(text, encoding="utf-8")
    house = canasta.load_variant(path)
    regency = load("regency")
    assert tomllib.loads(text)["extends"] == "regency"
    assert differing(house, regency) == EXPECTED_OPTION_KEYS[letter][index]
    for key in EXPECTED_OPTION_KEYS[letter][index]:
        assert house.citations[key].startswith(f"004 opt {letter}"), key


def test_004_opt_c_thirteen_cards_for_four_players_only() -> None:
    text = next(t for letter, _, t in SNIPPETS if letter == "c")
    house = canasta.loads_variant(text)
    assert dict(house.deal.hand_size) == {2: 15, 3: 13, 4: 13, 5: 11, 6: 11}


def test_004_opt_e_minimums_25_90_120_150_same_bands() -> None:
    text = next(t for letter, _, t in SNIPPETS if letter == "e")
    house = canasta.loads_variant(text)
    assert [house.opening_minimum(s) for s in (-5, 0, 1500, 3000)] == [25, 90, 120, 150]


def test_004_opt_f_hand_canasta_500() -> None:
    text = next(t for letter, _, t in SNIPPETS if letter == "f")
    assert canasta.loads_variant(text).concealed_going_out.bonus == 500


def test_004_opt_h_natural_canasta_to_go_out() -> None:
    text = next(t for letter, _, t in SNIPPETS if letter == "h")
    assert canasta.loads_variant(text).going_out.canasta_kinds_required == {CanastaClass.NATURAL: 1}


def test_004_opt_i_red_three_bonus_needs_a_canasta() -> None:
    text = next(t for letter, _, t in SNIPPETS if letter == "i")
    assert canasta.loads_variant(text).red_threes.plus_when is RedThreeCondition.CANASTA
