"""Rule tests, named after the rule clauses they check (the PokerKit tests/test_rules.py idea).

Each test puts a game into a chosen situation with :func:`engine_helpers.setup`
(cards are moved, never invented), then asserts what the rule allows and what
it forbids. A refused action must carry the profile key that forbids it and
the profile's own citation. Where the bundled profiles differ, the same
situation is tried under two profiles that disagree, so a test fails if the
rule were implemented the other way round.

Section names: 000 = Swedish official, 002 = Swedish club, 001 = Finnish
federation (§), 003 = Dutch page (L<line>), 004 = Rasche / Regency Club
(L<line>, "opt" = house option); decisions P<n> = decision P<n> of docs/decisions.md.

The tests parametrized over profiles run over the classic ones
(:data:`engine_helpers.CLASSIC`): the family profiles (cuban, modern-american,
uruguayan) change the very rules checked here and have their own tests.
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    CLASSIC,
    assert_conserved,
    assert_illegal,
    assert_legal,
    cards,
    census,
    events_of,
    game,
    legal_texts,
    setup,
)

import canasta
from canasta.core.cards import JOKER, RED_THREES, build_deck, is_black_three, is_wild
from canasta.core.events import (
    CanastaCompleted,
    GoOutAsked,
    HandEnded,
    MatchEnded,
    OpeningRetracted,
    PenaltyApplied,
    PileBlocked,
    PileFrozen,
    PileReleased,
    PileTaken,
    RedThreeLaid,
    SideOpened,
    Termination,
)
from canasta.core.scoring import HandScore
from canasta.variants import loads_variant

# A natural canasta of sevens, used wherever a side needs "a canasta" (000 CANASTA 1-2).
SEVENS = "7S 7H 7D 7C 7S 7H 7D"


def hand_end(events: tuple[object, ...]) -> HandEnded:
    ended = events_of(events, HandEnded)
    assert len(ended) == 1, f"expected the hand to end, got {events}"
    return ended[0]


def house(text: str) -> canasta.Variant:
    """A house profile given as TOML text (it names its parent with ``extends``)."""
    return loads_variant(text)


# ---------------------------------------------------------------------------
# Taking the discard pile (topics E)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "source"), [("finnish", "§14 C"), ("dutch", "L81")])
def test_001_s14_c_one_card_rule_forbids_taking_one_card_pile(variant: str, source: str) -> None:
    # One card in hand, a one-card pile whose top card fits the side's queen meld.
    spec = dict(hands={0: "QS"}, melds={0: {"Q": "QH QD QC", "7": SEVENS}}, pile="QC")
    g = game(variant, **spec)
    assert_illegal(g, "take", "discard_pile.one_card_rule", source)
    assert legal_texts(g) == {"draw"}
    # The rule is about a one-card pile: with two cards in the pile the same take is legal.
    g = game(variant, **{**spec, "pile": "5D QC"})
    assert_legal(g, "take")


@pytest.mark.parametrize("variant", ["regency", "swedish-official"])
def test_p21_no_one_card_rule_where_the_source_is_silent(variant: str) -> None:
    # Regency / Swedish: a single card may take a single-card pile (decisions P21).
    if variant == "regency":
        g = game(variant, hands={0: "QS"}, melds={0: {"Q": "QH QD QC", "7": SEVENS}}, pile="QC")
        assert_legal(g, "take")
    else:  # Swedish takes only with cards from hand: one natural and a wild is two cards, so use a pair
        g = game(variant, hands={0: "QS QH"}, melds={0: {"7": SEVENS}}, pile="QC")
        assert_legal(g, "take n2")
        assert_legal(g, "take-top n2")


def test_000_att_ta_hogen_2_own_canasta_rank_blocks_pile() -> None:
    # Side 0 has a (mixed) canasta of kings; the pile's top card is a king; seat 0 holds a king pair.
    spec = dict(
        hands={0: "KH KD 5C 6D 9S"},
        melds={0: {"K": "KS KH KD KC KS 2C JK"}},
        pile="8C KC",
    )
    for variant in ("swedish-official", "swedish-club"):
        g = game(variant, **spec)
        assert_illegal(g, "take n2", "discard_pile.own_canasta_rank_blocks", "ATT TA HÖGEN 2")
        assert_illegal(g, "take-top n2", "discard_pile.own_canasta_rank_blocks", "ATT TA HÖGEN 2")
        assert legal_texts(g) == {"draw"}
    # 001 §15 E•2 / decisions P3: the Finnish side may take it, by the pair or onto the canasta.
    g = game("finnish", **spec)
    assert_legal(g, "take n2")
    assert_legal(g, "take")


def test_001_s15_e_2_take_onto_own_canasta_only_if_pile_not_frozen() -> None:
    spec = dict(hands={0: "KH KD 5C 6D 9S"}, melds={0: {"K": "KS KH KD KC KS 2C JK"}}, pile="2D 8C KC")
    g = game("finnish", **spec, frozen=False)
    assert_legal(g, "take")
    events = g.apply("take")
    taken = events_of(events, PileTaken)[0]
    assert taken.cards == 3 and not g.state.frozen
    assert g.state.melds[0][11][0] == 6  # the king went onto the canasta
    assert_conserved(g)
    # Frozen: only a natural pair takes it (001 §14 B, decisions P3).
    g = game("finnish", **spec, frozen=True)
    assert_illegal(g, "take", "discard_pile.frozen", "§14 B")
    assert_legal(g, "take n2")


@pytest.mark.parametrize(("variant", "source"), [("swedish-official", "ATT TA HÖGEN 6"), ("swedish-club", "ATT TA HÖGEN 6")])
def test_000_att_ta_hogen_6_pile_not_taken_by_adding_top_card_to_meld(variant: str, source: str) -> None:
    spec = dict(hands={0: "5C 6D 7H 8S"}, melds={0: {"9": "9S 9H 9D"}}, pile="4C 9C")
    g = game(variant, **spec)
    assert_illegal(g, "take", "discard_pile.add_top_card_to_meld", source)
    # 001 §14 A•3, 003 L76, 004 L121: elsewhere the top card may join the meld of its rank.
    for other in ("finnish", "dutch", "regency"):
        g = game(other, **spec)
        assert_legal(g, "take")
        g.apply("take")
        assert g.state.melds[0][7][0] == 4
        assert g.state.sizes[0] == 5  # the four cards plus the rest of the pile (one card)


def test_001_s14_a_3_take_requires_a_meld_of_the_top_cards_rank() -> None:
    g = game("finnish", hands={0: "5C 6D 7H 8S"}, melds={0: {"9": "9S 9H 9D"}}, pile="4C KC")
    assert_illegal(g, "take", "discard_pile.add_top_card_to_meld", "§14 A")


@pytest.mark.parametrize("variant", ["swedish-official", "swedish-club"])
def test_000_att_ta_hogen_3b_take_top_card_only_keeps_rest_frozen(variant: str) -> None:
    spec = dict(hands={0: "KS KH 4C 4D 7S"}, melds={0: {"9": "9S 9H 9D"}}, pile="2C 5D 6H KC", frozen=True)
    g = game(variant, **spec)
    assert_legal(g, "take-top n2")
    events = g.apply("take-top n2")
    taken = events_of(events, PileTaken)[0]
    assert taken.top_only and taken.cards == 1
    st = g.state
    assert st.pile == cards("2C 5D 6H"), "the rest of the pile stays where it is"
    assert st.frozen, "the rest stays locked (decisions P5, 001 §10 ¶d)"
    assert sorted(st.hand_cards(0)) == sorted(cards("4C 4D 7S"))
    assert st.melds[0][11][:3] == (3, 0, 0)
    assert_conserved(g)
    # Taking the whole pile instead unlocks it (000 LÅST HÖG 3).
    g = game(variant, **spec)
    g.apply("take n2")
    assert g.state.pile == [] and not g.state.frozen
    assert g.state.sizes[0] == 3 + 3


@pytest.mark.parametrize(("variant", "source"), [("finnish", "§10"), ("dutch", "L36"), ("regency", "L125")])
def test_003_l36_whole_pile_must_be_taken(variant: str, source: str) -> None:
    g = game(variant, hands={0: "KS KH 4C 4D 7S"}, melds={0: {"9": "9S 9H 9D"}}, pile="5D 6H KC")
    assert_illegal(g, "take-top n2", "discard_pile.take_top_card_only", source)
    assert_legal(g, "take n2")


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s14_b_frozen_pile_cannot_be_taken_with_wild_and_natural(variant: str) -> None:
    spec = dict(hands={0: "KS 2D JK 5C 6D"}, melds={0: {"9": "9S 9H 9D"}}, pile="4C KC")
    g = game(variant, **spec, frozen=True)
    assert_illegal(g, "take n1 t1", "discard_pile.frozen", "§14 B")
    assert_illegal(g, "take n1 j1", "discard_pile.frozen", "ATT TA HÖGEN 5")
    assert "draw" in legal_texts(g) and not any(a.startswith("take") for a in legal_texts(g))
    # Not frozen: the same hand takes it (000 ATT TA HÖGEN 6 alt. 2, 001 §14 A•2, 003 L75, 004 L118).
    g = game(variant, **spec, frozen=False)
    assert_legal(g, "take n1 t1")
    assert_legal(g, "take n1 j1")


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s14_b_frozen_pile_taken_with_natural_pair(variant: str) -> None:
    g = game(variant, hands={0: "KS KH 5C 6D"}, melds={0: {"9": "9S 9H 9D"}}, pile="JK 4C KC", frozen=True)
    assert_legal(g, "take n2")
    events = g.apply("take n2")
    assert not g.state.frozen
    assert events_of(events, PileTaken)[0].cards == 3
    assert g.state.held(0, JOKER) == 1  # the joker in the pile went into the hand
    assert_conserved(g)


@pytest.mark.parametrize("variant", CLASSIC)
def test_p18_pile_topped_by_wild_card_cannot_be_taken(variant: str) -> None:
    g = game(variant, hands={0: "2S 2H JK 5C 6D"}, melds={0: {"9": "9S 9H 9D"}}, pile="4C 2D")
    assert_illegal(g, "take n2", "discard_pile.wild_on_top", "§17 B")
    assert legal_texts(g) == {"draw"}


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s17_b_wild_discard_freezes_pile_and_blocks_next_player(variant: str) -> None:
    g = game(
        variant,
        hands={0: "2C 5D 6H 7S", 1: "9C 9D 4H 8S", 2: "9S 9H 2D 8C"},
        melds={0: {"K": "KS KH KD"}, 1: {"Q": "QS QH QD"}},
        pile="5C 9H",
        phase="meld",
        stock_top="TH",
    )
    events = g.apply("discard 2")
    assert events_of(events, PileFrozen), "000 LÅST HÖG 2, 001 §17 B, 004 L149: a discarded wild card freezes the pile"
    assert events_of(events, PileBlocked)[0].seat == 1
    assert g.state.frozen and g.view(1).pile_frozen
    # The next player cannot take a pile topped by the wild card, even with a natural pair of nines.
    assert_illegal(g, "take n2", "discard_pile.wild_on_top")
    g.apply("draw")
    g.apply("discard 9")
    # The player after him finds the pile frozen: a natural pair takes it, a natural and a wild do not.
    assert g.current_player == 2 and g.state.frozen
    assert_illegal(g, "take n1 t1", "discard_pile.frozen", "§14 B")
    assert_legal(g, "take n2")


@pytest.mark.parametrize(("variant", "source"), [("swedish-official", "ATT TA HÖGEN 1"), ("finnish", "§20 B"), ("dutch", "§20 B")])
def test_000_svarta_treor_1_black_three_blocks_next_player_only(variant: str, source: str) -> None:
    g = game(
        variant,
        hands={0: "3C 5D 6H 7S", 1: "9C 9D 9D 8S", 2: "9S 9H 2D 8C"},
        melds={0: {"K": "KS KH KD"}, 1: {"Q": "QS QH QD"}},
        pile="5C 9H",
        phase="meld",
        stock_top="TH",
    )
    events = g.apply("discard 3")
    assert events_of(events, PileBlocked)[0].seat == 1
    assert not events_of(events, PileFrozen)
    assert not g.state.frozen, "decisions P16: a black three blocks, it does not freeze"
    assert_illegal(g, "take n2", "black_threes.on_top", source)
    g.apply("draw")
    g.apply("discard 9")
    # Covered by a natural card, the pile is open again, also to a natural and a wild card (004 L142).
    assert g.current_player == 2
    assert_legal(g, "take n1 t1")
    assert_legal(g, "take n2")


def test_p16_black_three_discard_freeze_option() -> None:
    # The literal 003 L62 reading is an opt-in (black_threes.discard = "freeze").
    v = house('extends = "dutch"\n[black_threes]\ndiscard = "freeze"  # 003 L62 literal\n')
    g = setup(
        canasta.Game(v, players=4, seed=3),
        hands={0: "3C 5D 6H 7S"},
        melds={0: {"K": "KS KH KD"}},
        pile="5C 9H",
        phase="meld",
    )
    events = g.apply("discard 3")
    assert events_of(events, PileFrozen) and g.state.frozen


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_att_ta_hogen_4_pile_before_opening_needs_natural_pair(variant: str) -> None:
    g = game(variant, hands={0: "KS 2D JK AS AH AD 5C 6D"}, pile="4C KC")
    source = {"finnish": "§13 C", "dutch": "decisions P20", "regency": "L110", "rasche-house": "L110"}.get(variant, "ATT TA HÖGEN 4")
    assert_illegal(g, "take n1 t1", "initial_meld.pile_requires_natural_pair", source)
    assert_illegal(g, "take n1 j1", "initial_meld.pile_requires_natural_pair", source)
    assert_illegal(g, "take", "initial_meld.pile_requires_natural_pair", source)
    assert legal_texts(g) == {"draw"}


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_att_ta_hogen_4_only_top_card_counts_toward_minimum(variant: str) -> None:
    # The pile holds 90 points under its top king; they must not count toward the 50 minimum.
    g = game(variant, hands={0: "KS KH 5C 6D 7H 8S QS QH QD 9C"}, pile="AS AH JK KC")
    assert_legal(g, "take n2")
    events = g.apply("take n2")
    assert events_of(events, PileTaken)[0].pending
    assert not events_of(events, SideOpened), "30 points (three kings) do not open"
    assert not g.state.opened[0]
    # The pile cards are not in the hand yet: they cannot be melded toward the minimum.
    assert g.violation("meld A n2 j1") is not None
    assert_illegal(g, "discard 5", "initial_meld.pending_pile")
    events = g.apply("meld Q n3")
    opened = events_of(events, SideOpened)[0]
    assert (opened.points, opened.minimum) == (60, 50)
    assert events_of(events, PileReleased)[0].cards == 3
    assert g.state.held(0, JOKER) == 1 and g.state.opened[0]
    assert_conserved(g)


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s13_c_2_pile_opening_counts_top_card_and_hand_melds(variant: str) -> None:
    # 001 §13 C 2: the pair, the top card and the other melds of the turn together reach the minimum.
    g = game(variant, hands={0: "KS KH 9S 9H 9D 5C 6D 7H"}, pile="4C KC")
    g.apply("take n2")
    assert not g.state.opened[0]
    events = g.apply("meld 9 n3")
    assert events_of(events, SideOpened)[0].points == 60
    assert g.state.sizes[0] == 3 + 1  # 5C 6D 7H and the released 4C
    assert_legal(g, "discard 5")


# ---------------------------------------------------------------------------
# Upcard (topics B)
# ---------------------------------------------------------------------------


def _first_upcard_seed(variant: str, predicate: object) -> canasta.Game:
    for seed in range(3000):
        g = canasta.Game(variant, players=4, seed=seed)
        upcards = [card for seat, card in g.view(0).discards if seat == -1]
        if predicate(upcards):  # type: ignore[operator]
            return g
    raise AssertionError("no such deal found")


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_hur_spelet_borjar_1_3_wild_upcard_freezes_pile(variant: str) -> None:
    g = _first_upcard_seed(variant, lambda ups: len(ups) == 2 and is_wild(ups[0]))
    view = g.view(0)
    assert view.pile_size == 2 and not is_wild(view.pile_top)  # covered by the next card (000 1.3-1.4)
    assert view.pile_frozen, "000 LÅST HÖG 1, 001 §6 B, decisions P15: a wild upcard freezes the pile"


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s21_a_red_three_upcard_freezes_pile(variant: str) -> None:
    g = _first_upcard_seed(variant, lambda ups: len(ups) == 2 and ups[0] in RED_THREES)
    assert g.view(0).pile_frozen


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s20_a_black_three_upcard_covered_but_not_frozen(variant: str) -> None:
    g = _first_upcard_seed(variant, lambda ups: len(ups) == 2 and is_black_three(ups[0]))
    view = g.view(0)
    assert view.pile_size == 2 and not is_black_three(view.pile_top)
    assert not view.pile_frozen, "000 HUR SPELET BÖRJAR 1.2, 001 §20 A: a black-three upcard does not freeze"


@pytest.mark.parametrize("variant", CLASSIC)
def test_004_l166_red_three_taken_with_pile_laid_without_replacement(variant: str) -> None:
    g = game(variant, hands={0: "KS KH 5C 6D"}, melds={0: {"9": "9S 9H 9D"}}, pile="3H 8D KC", frozen=True)
    stock_before = len(g.state.stock)
    events = g.apply("take n2")
    laid = events_of(events, RedThreeLaid)
    assert [(e.card, e.replaced) for e in laid] == [(cards("3H")[0], False)]
    assert len(g.state.stock) == stock_before
    assert list(g.state.red_threes[0]) == cards("3H")
    assert_conserved(g)


# ---------------------------------------------------------------------------
# Initial meld (topics D)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", CLASSIC)
@pytest.mark.parametrize(
    ("score", "minimum"),
    [(-5, 15), (-1000, 15), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120)],
)
def test_p22_opening_minimum_bands_by_score_at_start_of_hand(variant: str, score: int, minimum: int) -> None:
    # 000 ÖPPNING, 001 §13 A, 003 L48-52, 004 L60-68, with the band edges of decisions P22.
    g = game(variant, scores=[score] + [0] * (canasta.Game(variant).sides - 1))
    assert g.view(0).opening_minimums[0] == minimum
    assert g.view(1).opening_minimums[0] == minimum
    assert g.view(0).opening_minimums[1] == 50


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_oppning_band_edge_1495_vs_1500_decides_the_opening(variant: str) -> None:
    spec = dict(hands={0: "AS AH 2C KS KH KD 5C 6D 7H"}, phase="meld")
    source = {
        "finnish": "§13 A",
        "dutch": "L49",
        "regency": "L62",
        "rasche-house": "L62",
    }.get(variant, "ÖPPNING")
    # 1495: aces and a two (60 points) open.
    g = game(variant, **spec, scores=[1495, 0])
    events = g.apply("meld A n2 t1")
    assert events_of(events, SideOpened)[0].minimum == 50
    assert_legal(g, "discard 5")
    # 1500: 60 points fall short of 90; the kings make it 90.
    g = game(variant, **spec, scores=[1500, 0])
    events = g.apply("meld A n2 t1")
    assert not events_of(events, SideOpened)
    assert_illegal(g, "discard 5", "initial_meld.minimums", source)
    events = g.apply("meld K n3")
    assert events_of(events, SideOpened)[0].points == 90
    assert_legal(g, "discard 5")


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s13_a_negative_score_opens_with_15(variant: str) -> None:
    g = game(variant, hands={0: "4C 4D 4H 8S 9C"}, phase="meld", scores=[-5, 0])
    events = g.apply("meld 4 n3")
    assert events_of(events, SideOpened)[0].minimum == 15
    g = game(variant, hands={0: "4C 4D 4H 8S 9C"}, phase="meld", scores=[0, 0])
    g.apply("meld 4 n3")
    assert_illegal(g, "discard 8", "initial_meld.minimums")


@pytest.mark.parametrize("variant", ["finnish", "dutch", "swedish-official"])
def test_001_s13_b_two_melds_reach_minimum_together(variant: str) -> None:
    g = game(variant, hands={0: "KS KH KD 9S 9H 9D 5C 6D"}, phase="meld")
    events = g.apply("meld K n3")
    assert not events_of(events, SideOpened)
    assert_illegal(g, "discard 5", "initial_meld.minimums")
    events = g.apply("meld 9 n3")
    opened = events_of(events, SideOpened)[0]
    assert (opened.points, opened.minimum) == (60, 50)
    assert_legal(g, "discard 5")


@pytest.mark.parametrize("variant", ["finnish", "dutch", "regency"])
def test_001_s13_d_red_three_bonus_does_not_count_toward_minimum(variant: str) -> None:
    g = game(variant, hands={0: "KS KH KD 5C 6D"}, red_threes={0: "3H 3D 3H"}, opened={0: False}, phase="meld")
    g.apply("meld K n3")
    assert not g.state.opened[0]
    assert_illegal(g, "discard 5", "initial_meld.minimums")


def test_001_s27_a_retract_raises_minimum_by_10() -> None:
    spec = dict(hands={0: "KS KH KD 5C 6D 7H 8S 9C"}, phase="meld")
    g = game("finnish", **spec)
    g.apply("meld K n3")
    assert_illegal(g, "discard 5", "initial_meld.minimums", "§13 A")
    events = g.apply("retract")
    retracted = events_of(events, OpeningRetracted)[0]
    assert retracted.new_minimum == 60, "001 §27 A•2: +10 per insufficient opening"
    assert g.view(0).opening_minimums[0] == 60
    assert sorted(g.state.hand_cards(0)) == sorted(cards(spec["hands"][0]))
    assert g.state.melds[0] == {}
    # No second try this turn; the turn ends with a discard.
    assert_illegal(g, "meld K n3", "initial_meld.retract", "§27 A")
    assert_legal(g, "discard 5")
    assert_conserved(g)
    # The Swedish rules have no such penalty: the minimum stays at 50 (topics O).
    g = game("swedish-official", **spec)
    g.apply("meld K n3")
    assert events_of(g.apply("retract"), OpeningRetracted)[0].new_minimum == 50


def test_001_s27_a_raise_lasts_for_the_hand_and_applies_to_partner() -> None:
    g = game("finnish", hands={0: "KS KH KD 5C 6D 7H 8S 9C"}, phase="meld", minimum_raise=[20, 0])
    assert g.view(0).opening_minimums == (70, 50)
    assert g.state.minimum(0) == 70


@pytest.mark.parametrize("variant", ["finnish", "swedish-official"])
def test_001_s26_a_retracted_pile_opening_restores_pile_and_draws(variant: str) -> None:
    # The queens could complete the opening, so the take stands; the player takes it back instead.
    g = game(variant, hands={0: "KS KH QS QH QD 4D 7S"}, pile="5C 6D KC")
    pile = list(g.state.pile)
    g.apply("take n2")
    assert_illegal(g, "discard 4", "initial_meld.pending_pile")
    g.apply("retract")
    assert g.state.pile == pile, "the pile is put back as it was"
    assert g.phase == "draw"
    assert sorted(g.state.hand_cards(0)) == sorted(cards("KS KH QS QH QD 4D 7S"))
    assert_illegal(g, "take n2", "initial_meld.retract", "§26 A")
    assert legal_texts(g) == {"draw"}
    assert_conserved(g)


@pytest.mark.parametrize("variant", ["swedish-official", "swedish-club"])
def test_000_att_ta_hogen_3b_retracted_top_only_opening_restores_pile(variant: str) -> None:
    # 001 §26 A / decisions P5: a retracted opening from the pile puts the pile back as it was, lock included.
    g = game(variant, hands={0: "KS KH QS QH QD 5C 6D 7H 8S 9C"}, pile="4C 5D KD", frozen=True)
    g.apply("take-top n2")
    assert g.state.pile == cards("4C 5D")
    assert {"retract", "meld Q n3"} <= legal_texts(g), "30 points do not open yet; the queens would"
    g.apply("retract")
    assert g.state.pile == cards("4C 5D KD")
    assert g.state.frozen
    assert sorted(g.state.hand_cards(0)) == sorted(cards("KS KH QS QH QD 5C 6D 7H 8S 9C"))
    assert_conserved(g)
    assert legal_texts(g) == {"draw"}


# ---------------------------------------------------------------------------
# Melds and wild cards (topics F)
# ---------------------------------------------------------------------------

OPEN = {"9": "9S 9H 9D"}


@pytest.mark.parametrize("variant", ["finnish", "dutch"])
def test_001_s11_d_two_naturals_three_wilds_meld_legal(variant: str) -> None:
    g = game(variant, hands={0: "KS KH 2C 2D JK 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_legal(g, "meld K n2 t2 j1")
    g.apply("meld K n2 t2 j1")
    assert g.state.melds[0][11][:3] == (2, 2, 1)


@pytest.mark.parametrize(
    ("variant", "source"),
    [("swedish-official", "KOMBINATION"), ("swedish-club", "KOMBINATION"), ("regency", "L36"), ("rasche-house", "L36")],
)
def test_000_kombination_half_wilds_rejects_two_naturals_three_wilds(variant: str, source: str) -> None:
    g = game(variant, hands={0: "KS KH 2C 2D JK JK 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_illegal(g, "meld K n2 t2 j1", "melds.wild_limit", source)
    assert_illegal(g, "meld K n2 t1 j2", "melds.wild_limit", source)
    # Exactly half is allowed (000 "at most half", 004 "never in the majority").
    assert_legal(g, "meld K n2 t1 j1")
    assert_legal(g, "meld K n2 t2")


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s11_d_fourth_wild_card_refused(variant: str) -> None:
    g = game(variant, hands={0: "KS KH KD KC 2C 2D JK JK 5C 6D"}, melds={0: OPEN}, phase="meld")
    source = {"finnish": "§11 D", "dutch": "L39", "regency": "L85", "rasche-house": "L85"}.get(variant, "BLANDAD CANASTA")
    assert_illegal(g, "meld K n4 t2 j2", "melds.max_wilds", source)
    assert_legal(g, "meld K n4 t2 j1")


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s11_d_fourth_wild_refused_when_added_to_meld(variant: str) -> None:
    g = game(variant, hands={0: "2H KC 5C 6D"}, melds={0: {**OPEN, "K": "KS KH KD KC 2C 2D JK"}}, phase="meld")
    err = assert_illegal(g, "meld K t1", g.violation("meld K t1").rule)  # type: ignore[union-attr]
    # A wild card may never be the fourth in a meld; Finnish forbids any wild on a canasta first.
    assert err.rule == ("canastas.wilds_added" if variant == "finnish" else "melds.max_wilds")
    assert_legal(g, "meld K n1")


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s11_d_meld_needs_two_naturals(variant: str) -> None:
    g = game(variant, hands={0: "KS 2C 2D JK 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_illegal(g, "meld K n1 t1 j1", "melds.min_naturals")
    assert_illegal(g, "meld K n1 t2", "melds.min_naturals")


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_kombination_meld_needs_three_cards(variant: str) -> None:
    g = game(variant, hands={0: "KS KH 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_illegal(g, "meld K n2", "melds.min_size")
    # Adding to an existing meld may be a single card (001 §11 A).
    g = game(variant, hands={0: "9C 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_legal(g, "meld 9 n1")


@pytest.mark.parametrize("variant", ["regency", "swedish-official"])
def test_004_opt_b_wild_card_meld_refused_without_option(variant: str) -> None:
    g = game(variant, hands={0: "2C 2D 2H JK 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_illegal(g, "meld W t3", "canastas.wild_canastas")


def test_004_opt_b_wild_card_meld_allowed_in_rasche_house() -> None:
    g = game("rasche-house", hands={0: "2C 2D 2H 2S JK JK JK 5C 6D 7H"}, melds={0: OPEN}, phase="meld")
    assert_illegal(g, "meld W t2", "melds.min_size")
    assert_legal(g, "meld W t3")
    # decisions P29: the wild meld is exempt from the natural-card and three-wild limits.
    assert_legal(g, "meld W t4 j3")
    assert_illegal(g, "meld W n1 t3", "canastas.wild_canastas")


def test_004_opt_a_six_jokers_in_rasche_house() -> None:
    assert len(build_deck(2, 6)) == 110
    for players in canasta.load_variant("rasche-house").player_counts:
        g = canasta.Game("rasche-house", players=players, seed=5)
        assert census(g)[JOKER] == 6
        assert sum(census(g).values()) == 110
    assert census(canasta.Game("regency", seed=5))[JOKER] == 4


# ---------------------------------------------------------------------------
# Canastas (topics G, F)
# ---------------------------------------------------------------------------

KING_CANASTA = "KS KH KD KC KS KH KD"


def test_001_s15_e_no_wilds_on_completed_canasta() -> None:
    g = game("finnish", hands={0: "KC 2C JK 5D 6H 7S"}, melds={0: {"K": KING_CANASTA}}, phase="meld")
    assert_illegal(g, "meld K t1", "canastas.wilds_added", "§15 E")
    assert_illegal(g, "meld K j1", "canastas.wilds_added", "§15 E")
    assert_illegal(g, "meld K n1 t1", "canastas.wilds_added", "§15 E")
    assert_legal(g, "meld K n1")


@pytest.mark.parametrize("variant", ["swedish-official", "swedish-club", "regency", "dutch"])
def test_000_canasta_5_wild_added_makes_canasta_mixed(variant: str) -> None:
    g = game(variant, hands={0: "2C 5D 6H 7S"}, melds={0: {"K": KING_CANASTA}}, phase="meld")
    view = g.view(0).melds[0][0]
    assert view.is_canasta and view.is_natural
    assert_legal(g, "meld K t1")
    g.apply("meld K t1")
    view = g.view(0).melds[0][0]
    assert view.is_canasta and not view.is_natural
    assert g.state.canastas(0) == (1, 0)


@pytest.mark.parametrize("variant", ["swedish-official", "regency"])
def test_000_canasta_5_never_more_than_three_wilds_in_canasta(variant: str) -> None:
    g = game(variant, hands={0: "2C 5D 6H 7S"}, melds={0: {"K": "KS KH KD KC 2D 2H JK"}}, phase="meld")
    assert_illegal(g, "meld K t1", "melds.max_wilds")


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_canasta_1_seventh_card_completes_canasta(variant: str) -> None:
    g = game(variant, hands={0: "KC 5D 6H 7S"}, melds={0: {"K": "KS KH KD KC KS KH"}}, phase="meld")
    events = g.apply("meld K n1")
    done = events_of(events, CanastaCompleted)
    assert len(done) == 1 and done[0].natural and done[0].rank == 11


# ---------------------------------------------------------------------------
# Going out (topics H)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s18_b_going_out_without_canasta_refused(variant: str) -> None:
    source = {"finnish": "§18 B", "dutch": "L81", "regency": "L87", "rasche-house": "L87"}.get(variant, "UTGÅNG 1")
    # Swedish club: the side already has one canasta, the kings would have to be the second.
    extra = {"7": SEVENS} if variant == "swedish-club" else {}
    g = game(variant, hands={0: "KH KD"}, melds={0: {"K": "KS KH KD KC", **extra}}, phase="meld")
    assert_illegal(g, "meld K n2", "going_out.canastas_required", source)
    # Completing the canasta while going out is allowed (000 UTGÅNG 1, 001 §18 B).
    g = game(variant, hands={0: "KH KD"}, melds={0: {"K": "KS KH KD KC KC", **extra}}, phase="meld")
    events = g.apply("meld K n2")
    assert hand_end(events).termination is Termination.WENT_OUT


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s18_b_going_out_by_discard_needs_canasta(variant: str) -> None:
    g = game(variant, hands={0: "5C"}, melds={0: {"K": "KS KH KD"}}, phase="meld")
    assert_illegal(g, "discard 5", "going_out.canastas_required")
    g = game(variant, hands={0: "5C"}, melds={0: {"K": KING_CANASTA, **({"7": SEVENS} if variant == "swedish-club" else {})}}, phase="meld")
    assert hand_end(g.apply("discard 5")).termination is Termination.WENT_OUT


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s16_b_must_keep_a_card_unless_going_out(variant: str) -> None:
    # Melding down to one card that then cannot be discarded to go out is refused, citing the
    # going-out rule that decides it: the missing canasta (001 §18 B), not §16 B.
    source = {"finnish": "§18 B", "dutch": "L81", "regency": "L87", "rasche-house": "L87"}.get(variant, "UTGÅNG 1")
    g = game(variant, hands={0: "KH 5C"}, melds={0: {"K": "KS KH KD"}}, phase="meld")
    err = assert_illegal(g, "meld K n1", "going_out.canastas_required", source)
    assert "leaves one card" in err.reason
    assert_legal(g, "discard 5")


def test_002_utgang_1_two_canastas_needed_to_go_out() -> None:
    spec = dict(hands={0: "KH KD"}, melds={0: {"K": "KS KH KD KC KC"}}, phase="meld")
    # One canasta is enough in the official rules (000 UTGÅNG 1) ...
    g = game("swedish-official", **spec)
    assert hand_end(g.apply("meld K n2")).termination is Termination.WENT_OUT
    # ... the club needs two (002 UTGÅNG 1).
    g = game("swedish-club", **spec)
    assert_illegal(g, "meld K n2", "going_out.canastas_required", "002 UTGÅNG 1")
    g = game("swedish-club", **{**spec, "melds": {0: {"K": "KS KH KD KC KC", "7": SEVENS}}})
    assert hand_end(g.apply("meld K n2")).termination is Termination.WENT_OUT


@pytest.mark.parametrize("variant", ["swedish-official", "swedish-club"])
def test_000_tre_spelare_two_canastas_to_go_out_with_three_players(variant: str) -> None:
    spec = dict(hands={0: "KH KD"}, melds={0: {"K": "KS KH KD KC KC"}}, phase="meld")
    g = game(variant, players=3, **spec)
    assert_illegal(g, "meld K n2", "going_out.canastas_required", "TRE SPELARE")
    g = game(variant, players=3, **{**spec, "melds": {0: {"K": "KS KH KD KC KC", "7": SEVENS}}})
    assert hand_end(g.apply("meld K n2")).termination is Termination.WENT_OUT


def check_004_opt_h_going_out_needs_natural_canasta(v: canasta.Variant) -> None:
    """Under ``v`` (regency with option h) a mixed canasta does not let the side go out, a natural one does."""
    spec = dict(hands={0: "QS QH"}, phase="meld")
    g = setup(canasta.Game(v, seed=2), melds={0: {"K": "KS KH KD KC 2C 2D JK", "Q": "QD QC QC"}}, **spec)
    assert_illegal(g, "meld Q n2", "going_out.canasta_kinds_required.natural", "opt h")
    g = setup(canasta.Game(v, seed=2), melds={0: {"K": KING_CANASTA, "Q": "QD QC QC"}}, **spec)
    assert hand_end(g.apply("meld Q n2")).termination is Termination.WENT_OUT
    # Plain regency: any canasta does.
    g = game("regency", melds={0: {"K": "KS KH KD KC 2C 2D JK", "Q": "QD QC QC"}}, **spec)
    assert hand_end(g.apply("meld Q n2")).termination is Termination.WENT_OUT


def test_004_opt_h_going_out_needs_natural_canasta() -> None:
    v = house('extends = "regency"\n[going_out]\ncanasta_kinds_required = { natural = 1 }  # 004 opt h\n')
    check_004_opt_h_going_out_needs_natural_canasta(v)


def test_004_opt_h_schema_1_house_file_still_refuses_the_same_way() -> None:
    # The schema-1 key (replaced in schema 2) is read as one natural canasta required, its citation moved along.
    v = house('extends = "regency"\n[going_out]\nnatural_canasta_required = true  # 004 opt h\n')
    assert v == house('extends = "regency"\n[going_out]\ncanasta_kinds_required = { natural = 1 }  # 004 opt h\n')
    check_004_opt_h_going_out_needs_natural_canasta(v)


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_utgang_2_final_discard_optional(variant: str) -> None:
    melds = {0: {"K": KING_CANASTA, "7": SEVENS}} if variant == "swedish-club" else {0: {"K": KING_CANASTA}}
    g = game(variant, hands={0: "QS QH QD 5C"}, melds=melds, phase="meld")
    g.apply("meld Q n3")
    assert hand_end(g.apply("discard 5")).termination is Termination.WENT_OUT
    g = game(variant, hands={0: "QS QH QD"}, melds=melds, phase="meld")
    assert hand_end(g.apply("meld Q n3")).termination is Termination.WENT_OUT


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_svarta_treor_2_black_threes_melded_only_when_going_out(variant: str) -> None:
    melds = {0: {"K": KING_CANASTA, "7": SEVENS}} if variant == "swedish-club" else {0: {"K": KING_CANASTA}}
    g = game(variant, hands={0: "3C 3S 3C 5D 6H"}, melds=melds, phase="meld")
    assert_illegal(g, "meld 3 n3", "black_threes.going_out_only", "SVARTA TREOR 2")
    g = game(variant, hands={0: "3C 3S 2C"}, melds=melds, phase="meld")
    assert_illegal(g, "meld 3 n2 t1", "black_threes.going_out_only")
    g = game(variant, hands={0: "3C 3S 3C 3S"}, melds=melds, phase="meld")
    assert_legal(g, "meld 3 n4")
    end = hand_end(g.apply("meld 3 n4"))
    assert end.termination is Termination.WENT_OUT
    assert end.scores[0].melded >= 4 * 5  # 000 POÄNGRÄKNING 2: black three 5


# ---------------------------------------------------------------------------
# Concealed going out (topics I)
# ---------------------------------------------------------------------------

# Seat 0 holds six kings and three fives and draws the seventh king: fives, then a
# natural canasta of kings, go out in one turn (85 points in melds).
CONCEALED_HAND = "KS KH KD KC KS KH 5C 5D 5H"


def _concealed(variant: str, **kw: object) -> canasta.Game:
    spec: dict[str, object] = dict(hands={0: CONCEALED_HAND}, stock_top="KD")
    spec.update(kw)
    return game(variant, **spec)  # type: ignore[arg-type]


def _go_out_concealed(g: canasta.Game) -> HandEnded:
    g.apply("draw")
    g.apply("meld 5 n3")
    return hand_end(g.apply("meld K n7"))


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s19_b_concealed_going_out_is_earned_and_scores_200(variant: str) -> None:
    # The side has not opened; 85 points reach the 50 minimum anyway, so every profile allows it.
    # The Swedish club needs two canastas: there the partner already has one (002 DIREKT UTGÅNG).
    club = variant == "swedish-club"
    g = _concealed(variant, **(dict(melds={0: {"7": SEVENS}}, melded_before={0: False, 2: True}) if club else {}))
    end = _go_out_concealed(g)
    assert end.termination is Termination.WENT_OUT_CONCEALED
    assert end.seat == 0
    assert end.scores[0].going_out == 200, "000 DIREKT UTGÅNG 3, 001 §19 B (instead of 100), 003 L93 (decisions P8), 004 L185"
    assert end.scores[0].canastas == (1000 if club else 500)


def test_001_s19_a_concealed_needs_whole_side_unmelded() -> None:
    # The partner (seat 2) has opened with nines; seat 0 has melded nothing and goes out in one turn.
    spec = dict(melds={0: {"9": "9S 9H 9D"}}, melded_before={0: False, 2: True})
    end = _go_out_concealed(_concealed("finnish", **spec))
    assert end.termination is Termination.WENT_OUT, "001 §19 A•1: the whole side must not have melded"
    assert end.scores[0].going_out == 100
    # 000 DIREKT UTGÅNG 1 and 004 L183: only the player must not have melded.
    for variant in ("swedish-official", "regency"):
        end = _go_out_concealed(_concealed(variant, **spec))
        assert end.termination is Termination.WENT_OUT_CONCEALED
        assert end.scores[0].going_out == 200


@pytest.mark.parametrize("variant", ["swedish-official", "regency"])
def test_004_l183_concealed_not_if_cards_added_to_partners_melds(variant: str) -> None:
    spec = dict(hands={0: CONCEALED_HAND + " 9C"}, melds={0: {"9": "9S 9H 9D"}}, melded_before={0: False, 2: True})
    g = _concealed(variant, **spec)
    g.apply("draw")
    g.apply("meld 9 n1")
    g.apply("meld 5 n3")
    end = hand_end(g.apply("meld K n7"))
    assert end.termination is Termination.WENT_OUT
    assert end.scores[0].going_out == 100


@pytest.mark.parametrize("variant", ["swedish-official", "finnish", "regency"])
def test_000_direkt_utgang_2_minimum_waived_after_stock_draw(variant: str) -> None:
    # At 3000 points the minimum is 120; the concealed hand holds 85.
    end = _go_out_concealed(_concealed(variant, scores=[3000, 0]))
    assert end.termination is Termination.WENT_OUT_CONCEALED
    assert end.scores[0].going_out == 200


def test_003_l83_concealed_minimum_never_waived() -> None:
    g = _concealed("dutch", scores=[3000, 0])
    g.apply("draw")
    g.apply("meld 5 n3")
    assert_illegal(g, "meld K n7", "concealed_going_out.minimum", "L83")
    # With the minimum met (score 0: 50) the Dutch player goes out concealed.
    end = _go_out_concealed(_concealed("dutch", scores=[0, 0]))
    assert end.termination is Termination.WENT_OUT_CONCEALED


def test_004_l179_concealed_minimum_always_waived() -> None:
    # Take a one-card pile with a king pair, then meld seven fives: 65 points, minimum 120.
    spec = dict(hands={0: "KS KH 5C 5D 5H 5S 5C 5D 5H"}, pile="KD", stock_size=None, scores=[3000, 0])
    g = game("regency", **spec)
    g.apply("take n2")
    end = hand_end(g.apply("meld 5 n7"))
    assert end.termination is Termination.WENT_OUT_CONCEALED
    assert end.scores[0].going_out == 200
    # 000 DIREKT UTGÅNG 2 alt. 2 / 001 §19 C: from the pile the minimum still applies, so the take,
    # which could only be taken back, is refused (001 §26 A).
    for variant, source in (("swedish-official", "ÖPPNING"), ("finnish", "§13 A")):
        g = game(variant, **spec)
        err = assert_illegal(g, "take n2", "initial_meld.minimums", source)
        assert err.reason == "taking the pile with this pair counts 30 points, and your hand can add at most 35: your side needs 120"


def test_002_direkt_utgang_partner_canasta_counts() -> None:
    # Swedish club: two canastas to go out; the partner's canasta counts with the concealed one (decisions P7).
    spec = dict(melds={0: {"7": SEVENS}}, melded_before={0: False, 2: True})
    end = _go_out_concealed(_concealed("swedish-club", **spec))
    assert end.termination is Termination.WENT_OUT_CONCEALED
    assert end.scores[0].going_out == 200
    # Without the partner's canasta the club player may not go out at all.
    g = _concealed("swedish-club")
    g.apply("draw")
    g.apply("meld 5 n3")
    assert_illegal(g, "meld K n7", "going_out.canastas_required", "002 UTGÅNG 1")


# ---------------------------------------------------------------------------
# Red threes (topics J) and scoring of a hand (topics M)
# ---------------------------------------------------------------------------


def _go_out_with_kings(variant: str, players: int = 4, **kw: object) -> HandEnded:
    """Seat 0 goes out melding three kings; side 0 has a natural canasta of sevens."""
    melds = kw.pop("melds", {0: {"7": SEVENS}})
    if variant == "swedish-club" or (players == 3 and variant.startswith("swedish")):
        melds = {**melds, 0: {**melds.get(0, {}), "J": "JS JH JD JC JS JH JD"}}  # type: ignore[attr-defined]
    g = game(variant, players=players, hands={0: "KS KH KD"}, melds=melds, phase="meld", **kw)  # type: ignore[arg-type]
    return hand_end(g.apply("meld K n3"))


def test_001_s21_f_four_red_threes_400() -> None:
    end = _go_out_with_kings("finnish", red_threes={0: "3H 3D 3H 3D"})
    assert end.scores[0].red_threes == 400, "001 §21 F / §34: 100 each, no doubling stated (decisions P9)"


@pytest.mark.parametrize("variant", ["swedish-official", "swedish-club", "dutch", "regency", "rasche-house"])
def test_000_poangrakning_1_four_red_threes_800(variant: str) -> None:
    end = _go_out_with_kings(variant, red_threes={0: "3H 3D 3H 3D"})
    assert end.scores[0].red_threes == 800, "000 POÄNGRÄKNING 1, 003 L91, 004 L160"


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_poangrakning_1_red_threes_100_each(variant: str) -> None:
    end = _go_out_with_kings(variant, red_threes={0: "3H 3D 3H", 1: "3D"}, melds={0: {"7": SEVENS}, 1: {"Q": "QS QH QD"}})
    assert end.scores[0].red_threes == 300
    assert end.scores[1].red_threes == 100


@pytest.mark.parametrize(
    ("variant", "count", "bonus"), [("swedish-official", 4, 400), ("swedish-official", 5, 1000), ("swedish-club", 6, 1200)]
)
def test_000_tre_spelare_five_red_threes_1000(variant: str, count: int, bonus: int) -> None:
    threes = " ".join(["3H", "3D", "3H", "3D", "3H", "3D"][:count])
    end = _go_out_with_kings(variant, players=3, red_threes={0: threes})
    assert end.scores[0].red_threes == bonus, "000 TRE SPELARE: 1-4 100 each, 5 = 1000, 6 = 1200 (decisions P10)"


@pytest.mark.parametrize("variant", CLASSIC)
def test_000_poangrakning_4_red_threes_negative_without_meld(variant: str) -> None:
    end = _go_out_with_kings(variant, red_threes={1: "3H 3D"}, opened={1: False})
    assert end.scores[1].red_threes == -200, "000 POÄNGRÄKNING 4, 001 §21 F, 003 L31, 004 L162"


def test_004_opt_i_red_threes_need_canasta() -> None:
    v = house('extends = "regency"\n[red_threes]\nplus_when = "canasta"  # 004 opt i\n')
    melds = {0: {"7": SEVENS}, 1: {"Q": "QS QH QD"}}
    g = setup(canasta.Game(v, seed=4), hands={0: "KS KH KD"}, melds=melds, red_threes={0: "3H", 1: "3D 3H"}, phase="meld")
    end = hand_end(g.apply("meld K n3"))
    assert end.scores[0].red_threes == 100
    assert end.scores[1].red_threes == -200, "004 opt i: a side with melds but no canasta scores its red threes minus"
    end = _go_out_with_kings("regency", melds=melds, red_threes={0: "3H", 1: "3D 3H"})
    assert end.scores[1].red_threes == 200


def test_001_s21_g_red_threes_of_player_without_a_turn_count_for_the_side() -> None:
    # Finnish lays dealt red threes on the player's own turn (001 §21 B); seat 1 and seat 2 still hold theirs
    # when seat 0 goes out. decisions P30: they count under §21 F, minus only for a side without a meld.
    g = game("finnish", hands={0: "KS KH KD", 1: "3H 5C 6D", 2: "3D 8C 9D", 3: "4C"}, melds={0: {"7": SEVENS}}, phase="meld")
    end = hand_end(g.apply("meld K n3"))
    assert end.scores[0].red_threes == 100
    assert end.scores[1].red_threes == -100
    assert end.scores[0].in_hand == -(10 + 10)  # 8C 9D; red threes are not hand cards
    assert end.scores[1].in_hand == -(5 + 5 + 5)


@pytest.mark.parametrize(("variant", "bonus"), [("rasche-house", 2000)])
def test_004_opt_b_joker_canasta_2000(variant: str, bonus: int) -> None:
    # Seven twos: a "natural" wild canasta (decisions P29) scores 2000; twos and jokers mixed score 1000.
    g = game(variant, hands={0: "2H KS KH KD"}, melds={0: {"W": "2C 2D 2H 2S 2C 2D"}}, phase="meld")
    g.apply("meld W t1")
    end = hand_end(g.apply("meld K n3"))
    assert end.scores[0].canastas == bonus
    assert end.scores[0].melded == 7 * 20 + 3 * 10
    g = game(variant, hands={0: "JK KS KH KD"}, melds={0: {"W": "2C 2D 2H 2S 2C 2D"}}, phase="meld")
    g.apply("meld W j1")
    end = hand_end(g.apply("meld K n3"))
    assert end.scores[0].canastas == 1000
    assert end.scores[0].melded == 6 * 20 + 50 + 3 * 10


# ---------------------------------------------------------------------------
# Asking "may I go out?" (topics H; 001 §23)
# ---------------------------------------------------------------------------


def test_001_s23_d_yes_but_cannot_go_out_penalty_100() -> None:
    spec = dict(hands={0: "5C 6D 7H 8S"}, melds={0: {"K": "KS KH KD"}}, stock_top="4C")
    g = game("finnish", **spec)
    g.apply("draw")
    events = g.apply("ask")
    assert events_of(events, GoOutAsked)[0].partner == 2
    assert g.phase == "answer" and g.current_player == 2
    g.apply("yes")
    assert g.current_player == 0 and g.phase == "meld"
    events = g.apply("discard 5")  # he cannot go out: no canasta
    penalty = events_of(events, PenaltyApplied)
    assert [(p.side, p.points) for p in penalty] == [(0, 100)]
    assert g.state.penalties == (100, 0)
    # Swedish: no such penalty (topics O).
    g = game("swedish-official", **spec)
    g.apply("draw")
    g.apply("ask")
    g.apply("yes")
    assert not events_of(g.apply("discard 5"), PenaltyApplied)


def test_001_s23_d_penalty_is_scored_at_hand_end() -> None:
    g = game(
        "finnish",
        hands={0: "5C 6D 7H 8S", 1: "9C 9D 4S"},
        melds={0: {"K": "KS KH KD"}},
        stock_top="4C",
        stock_size=0,
        extra_to=3,
    )
    g.apply("draw")
    g.apply("ask")
    g.apply("yes")
    g.apply("discard 5")
    assert g.state.stock == [] and g.current_player == 1
    end = hand_end(g.apply("decline"))
    assert end.termination is Termination.STOCK_EXHAUSTED
    assert end.scores[0].penalties == -100
    assert end.scores[0].total == end.scores[0].melded + end.scores[0].in_hand - 100


def test_001_s23_a_ask_only_after_stock_draw() -> None:
    g = game("finnish", hands={0: "KC KD 5C 6D 7H 8S"}, melds={0: {"K": "KS KH KD"}}, pile="9C KC")
    g.apply("take n2")
    assert_illegal(g, "ask", "going_out.permission", "§23 A")


@pytest.mark.parametrize("variant", ["finnish", "swedish-official", "regency"])
def test_002_utgang_2_no_answer_binds_the_asker(variant: str) -> None:
    spec = dict(hands={0: "QS QH QD"}, melds={0: {"K": KING_CANASTA}}, stock_top="4C")
    # Without asking he may go out: three queens, then the four.
    g = game(variant, **spec)
    g.apply("draw")
    g.apply("meld Q n3")
    assert hand_end(g.apply("discard 4")).termination is Termination.WENT_OUT
    g = game(variant, **spec)
    g.apply("draw")
    g.apply("ask")
    assert legal_texts(g) == {"yes", "no"}
    assert_illegal(g, "discard 4", "going_out.permission")
    g.apply("no")
    # After "no" he must keep a card: the queens would leave only the four to discard.
    assert_illegal(g, "meld Q n3", "going_out.permission")
    assert_legal(g, "discard 4")


@pytest.mark.parametrize("variant", ["swedish-club", "finnish", "regency"])
def test_002_utgang_2_yes_answer_binds_the_asker_to_go_out(variant: str) -> None:
    melds = {0: {"K": KING_CANASTA, **({"7": SEVENS} if variant == "swedish-club" else {})}}
    g = game(variant, hands={0: "QS QH QD"}, melds=melds, stock_top="4C")
    g.apply("draw")
    g.apply("ask")
    g.apply("yes")
    # Going out is still open to him: three queens, then the four.
    assert g.copy().apply("meld Q n3") is not None
    # He can go out, so he must: a discard that keeps three cards is refused.
    err = g.violation("discard Q")
    assert err is not None and err.rule.startswith("going_out")
    assert g.violation("discard 4") is not None


def test_001_s23_a_permission_not_used_without_partner() -> None:
    g = game("swedish-official", players=2, hands={0: "5C 6D 7H"}, stock_top="4C")
    g.apply("draw")
    assert_illegal(g, "ask", "going_out.permission")


# ---------------------------------------------------------------------------
# End of the stock (topics L)
# ---------------------------------------------------------------------------


def _end_of_stock(variant: str, *, frozen: bool, hand: str = "KS KH 5C 6D", melds: dict[int, dict[str, str]] | None = None) -> canasta.Game:
    """Seat 0 to play with an empty stock; the pile (the leftovers under it) is topped by a king."""
    return game(
        variant,
        hands={0: hand},
        melds=melds if melds is not None else {0: {"9": "9S 9H 9D"}},
        pile="KC",
        frozen=frozen,
        stock_size=0,
    )


def test_004_l194_end_of_stock_forced_even_when_frozen() -> None:
    g = _end_of_stock("regency", frozen=True)
    assert_illegal(g, "draw", "end_of_stock")
    assert_illegal(g, "decline", "end_of_stock.mode", "L194")
    assert legal_texts(g) == {"take n2"}
    # 000 TALONGENS SISTA KORT 2: the Swedish player may leave it.
    g = _end_of_stock("swedish-official", frozen=True)
    assert {"decline", "take n2"} <= legal_texts(g)
    # 001 §24 A•1: a frozen pile is never forced.
    g = _end_of_stock("finnish", frozen=True, melds={0: {"K": "KS KH KD"}}, hand="KC KD 5C")
    assert_legal(g, "decline")


def test_004_l194_end_of_stock_decline_when_pile_cannot_be_taken() -> None:
    g = _end_of_stock("regency", frozen=True, hand="KS 5C 6D")
    assert legal_texts(g) == {"decline"}
    end = hand_end(g.apply("decline"))
    assert end.termination is Termination.STOCK_EXHAUSTED


def test_001_s24_a_end_of_stock_forced_if_fits_meld() -> None:
    # The king fits the side's king meld and the pile is not frozen: the Finnish player must take it.
    g = _end_of_stock("finnish", frozen=False, hand="5C 6D 7H", melds={0: {"K": "KS KH KD"}})
    assert_illegal(g, "decline", "end_of_stock.mode", "§24 A")
    assert legal_texts(g) == {"take"}
    # 001 §24 A•2: a pair that fits no meld gives a right, not a duty.
    g = _end_of_stock("finnish", frozen=False)
    assert {"decline", "take n2"} <= legal_texts(g)
    # Swedish: optional in the same situation (and the top card cannot join a meld there).
    g = _end_of_stock("swedish-official", frozen=False, hand="KD 5C 6D 7H", melds={0: {"K": "KS KH KD"}})
    assert_legal(g, "decline")


def test_000_talongens_sista_kort_2_end_of_stock_optional() -> None:
    g = _end_of_stock("swedish-official", frozen=False)
    assert {"decline", "take n2", "take-top n2"} <= legal_texts(g)
    end = hand_end(g.apply("decline"))
    assert end.termination is Termination.STOCK_EXHAUSTED
    # 001 §24 C, 004 L202: nobody gets a going-out bonus.
    assert all(s.going_out == 0 for s in end.scores)


@pytest.mark.parametrize("variant", ["finnish", "regency", "swedish-official"])
def test_001_s24_b_end_of_stock_chain_continues(variant: str) -> None:
    g = _end_of_stock(variant, frozen=False, hand="KS KH 5C 6D 7H")
    g.apply("take n2")
    g.apply("discard 5")
    assert g.current_player == 1 and g.phase == "draw"
    assert_illegal(g, "draw", "end_of_stock")
    assert "decline" in legal_texts(g) or any(a.startswith("take") for a in legal_texts(g))


@pytest.mark.parametrize("variant", ["swedish-official", "finnish"])
def test_000_talongens_sista_kort_1_red_three_last_card_ends_hand(variant: str) -> None:
    g = game(variant, hands={0: "5C 6D 7H"}, melds={0: {"9": "9S 9H 9D"}}, stock_top="3H", stock_size=0)
    events = g.apply("draw")
    end = hand_end(events)
    assert end.termination is Termination.RED_THREE_LAST_CARD
    assert events_of(events, RedThreeLaid)[0].replaced is False
    assert end.scores[0].red_threes == 100
    assert all(s.going_out == 0 for s in end.scores)


# ---------------------------------------------------------------------------
# Deal (topics A) and dealt red threes (topics C)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "hand", "deck", "sides"),
    [
        ("swedish-official", 4, 11, 108, 2),
        ("swedish-official", 2, 15, 108, 2),
        ("swedish-official", 3, 15, 162, 3),
        ("swedish-club", 6, 11, 162, 3),
        ("finnish", 4, 11, 108, 2),
        ("dutch", 4, 11, 108, 2),
        ("regency", 3, 13, 108, 3),
        ("regency", 2, 15, 108, 2),
        ("rasche-house", 4, 11, 110, 2),
    ],
)
def test_000_tre_spelare_and_004_l13_hand_sizes_and_decks(variant: str, players: int, hand: int, deck: int, sides: int) -> None:
    # 000 HUR SPELET BÖRJAR 1.1, TVÅ / TRE SPELARE; 002 SEX SPELARE; 004 L13 (13 cards for three); 004 opt a.
    g = canasta.Game(variant, players=players, seed=11)
    assert g.sides == sides
    assert sum(census(g).values()) == deck
    st = g.state
    # Red threes laid at the deal are replaced; those still in a hand (laid on the player's own turn) count.
    assert all(st.sizes[seat] == hand for seat in range(players))
    assert_conserved(g)


def test_002_sex_spelare_partners_opposite_in_three_teams() -> None:
    g = canasta.Game("swedish-club", players=6, seed=1)
    assert [g.side_of(s) for s in range(6)] == [0, 1, 2, 0, 1, 2]
    assert g.state.rules.partners[0] == (3,)


def _seed_with_red_three_for_later_seat(variant: str) -> tuple[int, int]:
    for seed in range(2000):
        g = canasta.Game(variant, players=4, seed=seed)
        st = g.state
        if any(st.red_threes_in_hand(seat) for seat in range(4) if seat != g.current_player):
            seat = next(s for s in range(4) if s != g.current_player and st.red_threes_in_hand(s))
            return seed, seat
    raise AssertionError("no deal found")


@pytest.mark.parametrize("variant", ["swedish-official", "finnish"])
def test_000_roda_treor_1_dealt_red_threes_laid_on_own_turn(variant: str) -> None:
    seed, seat = _seed_with_red_three_for_later_seat(variant)
    g = canasta.Game(variant, players=4, seed=seed)
    assert g.state.red_threes_in_hand(seat) > 0
    # Play on until that seat's turn: then the red threes are laid and replaced before the draw (001 §21 B).
    while g.current_player != seat:
        g.apply("draw")
        g.apply(next(a for a in g.legal_actions() if str(a).startswith("discard")))
    assert g.state.red_threes_in_hand(seat) == 0
    assert g.state.sizes[seat] == 11


@pytest.mark.parametrize("variant", ["dutch", "regency"])
def test_003_l30_dealt_red_threes_laid_at_the_deal(variant: str) -> None:
    for seed in range(40):
        g = canasta.Game(variant, players=4, seed=seed)
        st = g.state
        assert all(st.red_threes_in_hand(s) == 0 for s in range(4)), "003 L30, 004 L225: laid down and replaced on receipt"
        assert all(st.sizes[s] == 11 for s in range(4))


# ---------------------------------------------------------------------------
# Match end (topics N)
# ---------------------------------------------------------------------------


def test_004_opt_d_target_7500() -> None:
    spec = dict(hands={0: "KS KH KD"}, melds={0: {"7": SEVENS}}, phase="meld", scores=[4900, 0])
    g = game("regency", **spec)
    events = g.apply("meld K n3")
    assert events_of(events, MatchEnded)[0].winner == 0 and g.is_over
    g = game("rasche-house", **spec)
    events = g.apply("meld K n3")
    assert not events_of(events, MatchEnded) and not g.is_over
    assert g.scores[0] >= 5000 and g.hand_number == 2


# ---------------------------------------------------------------------------
# One fully scored hand per bundled profile (000 POÄNGRÄKNING, 001 §34, 003 L87-95, 004 L241-274)
# ---------------------------------------------------------------------------


def _play_scored_hand(variant: str, actions: list[str], players: int = 4, **spec: object) -> tuple[canasta.Game, HandEnded]:
    g = game(variant, players=players, **spec)  # type: ignore[arg-type]
    before = g.scores
    events: tuple[object, ...] = ()
    for text in actions:
        assert g.current_player == 0
        events = g.apply(text)
    end = hand_end(events)
    for score in end.scores:
        parts = score.canastas + score.red_threes + score.going_out + score.melded + score.in_hand + score.penalties
        assert parts == score.total
    assert g.scores == tuple(b + s.total for b, s in zip(before, end.scores, strict=True))
    assert end.totals == g.scores
    assert g.hand_number == 2
    return g, end


def test_000_poangrakning_scored_hand_swedish_official() -> None:
    _, end = _play_scored_hand(
        "swedish-official",
        ["meld A n3", "discard 9"],
        hands={0: "AS AH AD 9C", 2: "JK 5C QD", 1: "4C 4D 8S", 3: "AC 3S JK"},
        melds={0: {"7": SEVENS, "K": "KS KH 2C"}, 1: {"Q": "QS QH QD QC 2D"}},
        red_threes={0: "3H 3D 3H 3D"},
        phase="meld",
    )
    assert end.termination is Termination.WENT_OUT
    # Side 0: natural canasta of sevens 500; four red threes 800; going out 100;
    # melded 7x7 (35) + K K 2 (10+10+20=40) + three aces (60) = 135; seat 2 holds JK 5 Q = -(50+5+10) = -65.
    # Side 1: melded Q Q Q Q 2 = 40+20 = 60; in hand 4 4 8 (-20) and A, black 3, JK (-(20+5+50)=-75) = -95.
    assert end.scores == (
        HandScore(side=0, canastas=500, red_threes=800, going_out=100, melded=135, in_hand=-65, penalties=0),
        HandScore(side=1, canastas=0, red_threes=0, going_out=0, melded=60, in_hand=-95, penalties=0),
    )
    assert end.totals == (1470, -35)


def test_002_poangrakning_scored_hand_swedish_club() -> None:
    _, end = _play_scored_hand(
        "swedish-club",
        ["meld K n1", "meld 8 n3"],
        hands={0: "KS 8S 8H 8D", 2: "4C", 1: "5C 6D", 3: "2D TC"},
        melds={0: {"7": SEVENS, "K": "KS KH KD KC 2C JK"}, 1: {"9": "9S 9H 9D"}},
        red_threes={0: "3H", 1: "3D"},
        phase="meld",
    )
    # Side 0 goes out with its second canasta (002 UTGÅNG 1), no final discard (002 UTGÅNG 2):
    # natural sevens 500 + mixed kings 300 = 800; one red three 100; going out 100;
    # melded 35 + kings (5x10 + 2 20 + JK 50 = 120) + eights 30 = 185; seat 2 holds a four: -5.
    # Side 1: nines 30; red three 100 (it has melded); in hand 5 6 (-10) and 2 10 (-30) = -40.
    assert end.scores == (
        HandScore(side=0, canastas=800, red_threes=100, going_out=100, melded=185, in_hand=-5, penalties=0),
        HandScore(side=1, canastas=0, red_threes=100, going_out=0, melded=30, in_hand=-40, penalties=0),
    )


def test_001_s34_scored_hand_finnish_concealed() -> None:
    _, end = _play_scored_hand(
        "finnish",
        ["draw", "meld 9 n3", "meld 8 n6 t1", "discard 4"],
        hands={0: "8S 8H 8D 8C 8S 8H 2C 9S 9H 9D", 2: "QS QH", 1: "JK", 3: "AS 7C"},
        melds={1: {"K": "KS KH KD KC", "5": "5C 5D 5H"}},
        red_threes={0: "3H 3D 3H 3D"},
        stock_top="4C",
    )
    assert end.termination is Termination.WENT_OUT_CONCEALED
    # Side 0 had no meld and melds everything in one turn (001 §19 A): mixed canasta of eights 300;
    # four red threes 4 x 100 = 400 (001 §21 F, decisions P9); concealed 200 instead of 100 (001 §19 B);
    # melded nines 30 + eights 6x10 + two 20 = 110; seat 2 holds Q Q = -20.
    # Side 1: kings 40 + fives 15 = 55; in hand JK (-50) and A 7 (-25) = -75.
    assert end.scores == (
        HandScore(side=0, canastas=300, red_threes=400, going_out=200, melded=110, in_hand=-20, penalties=0),
        HandScore(side=1, canastas=0, red_threes=0, going_out=0, melded=55, in_hand=-75, penalties=0),
    )


def test_003_l87_scored_hand_dutch() -> None:
    _, end = _play_scored_hand(
        "dutch",
        ["take", "meld K n2"],
        hands={0: "KD", 2: "TC TD", 1: "AS AH", 3: "6C"},
        melds={0: {"7": SEVENS, "K": "KS KH KD"}},
        red_threes={0: "3H", 1: "3D"},
        pile="KC KC",
    )
    # Seat 0 takes the two-card pile onto the kings (003 L76), melds the last two kings and is out.
    # Side 0: natural sevens 500; red three 100; going out 100; melded 35 + six kings 60 = 95; seat 2: -20.
    # Side 1 has no meld: its red three counts -100 (003 L31); in hand A A (-40) and 6 (-5) = -45.
    assert end.scores == (
        HandScore(side=0, canastas=500, red_threes=100, going_out=100, melded=95, in_hand=-20, penalties=0),
        HandScore(side=1, canastas=0, red_threes=-100, going_out=0, melded=0, in_hand=-45, penalties=0),
    )


def test_004_l241_scored_hand_regency_three_players() -> None:
    _, end = _play_scored_hand(
        "regency",
        ["meld Q n3", "discard 6"],
        players=3,
        hands={0: "QS QH QD 6C", 1: "JK 4C", 2: "9C 9D KS"},
        melds={0: {"A": "AS AH AD AC AS AH 2C"}, 1: {"J": "JS JH JD"}},
        red_threes={0: "3H 3D 3H 3D"},
        phase="meld",
    )
    # Three players, each his own side (004 L11). Side 0: mixed canasta of aces 300; all four red threes
    # doubled 800 (004 L160); going out 100; melded 6 aces 120 + two 20 + queens 30 = 170.
    # Side 1: jacks 30; in hand JK 4 = -55. Side 2: no meld, no red threes; in hand 9 9 K = -30.
    assert end.scores == (
        HandScore(side=0, canastas=300, red_threes=800, going_out=100, melded=170, in_hand=0, penalties=0),
        HandScore(side=1, canastas=0, red_threes=0, going_out=0, melded=30, in_hand=-55, penalties=0),
        HandScore(side=2, canastas=0, red_threes=0, going_out=0, melded=0, in_hand=-30, penalties=0),
    )


def test_004_opt_b_scored_hand_rasche_house() -> None:
    _, end = _play_scored_hand(
        "rasche-house",
        ["meld Q n3 j1", "discard 5"],
        hands={0: "QS QH QD JK 5C", 2: "JK JK", 1: "4C", 3: "JK"},
        melds={0: {"W": "2C 2D 2H 2S 2C 2D 2H", "K": "KS KH KD"}, 1: {"W": "2S JK JK", "A": "AS AH AD"}},
        red_threes={1: "3H 3D"},
        phase="meld",
    )
    # Side 0: seven twos are a "natural" joker canasta, 2000 (004 opt b, decisions P29); going out 100;
    # melded 7 x 20 + kings 30 + Q Q Q JK 80 = 250; seat 2 holds two jokers = -100.
    # Side 1: a three-card wild meld (2, JK, JK = 120) and aces 60 = 180; red threes 200; in hand 4 (-5), JK (-50).
    assert end.scores == (
        HandScore(side=0, canastas=2000, red_threes=0, going_out=100, melded=250, in_hand=-100, penalties=0),
        HandScore(side=1, canastas=0, red_threes=200, going_out=0, melded=180, in_hand=-55, penalties=0),
    )


# ---------------------------------------------------------------------------
# More clauses where the sources differ, through house profiles (004 opts, decisions P1, P21)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["swedish-official", "swedish-club"])
def test_000_att_ta_hogen_3_comment_take_top_card_to_go_out(variant: str) -> None:
    melds = {0: {"9": "9S 9H 9D", "7": SEVENS, **({"J": "JS JH JD JC JS JH JD"} if variant == "swedish-club" else {})}}
    g = game(variant, hands={0: "KS KH"}, melds=melds, pile="5C 6D KC")
    # Taking the whole pile would leave two cards; taking only the king melds the whole hand.
    end = hand_end(g.apply("take-top n2"))
    assert end.termination is Termination.WENT_OUT
    assert end.scores[0].going_out == 100


def test_004_opt_j_no_cards_added_to_finished_canasta() -> None:
    v = house('extends = "regency"\n[canastas]\nnaturals_added = false  # 004 opt j\nwilds_added = false  # 004 opt j\n')
    g = setup(canasta.Game(v, seed=1), hands={0: "2C 5D 6H 7S"}, melds={0: {"K": KING_CANASTA}}, pile="9C KC")
    assert_illegal(g, "take", "discard_pile.add_top_card_to_canasta")
    spec = dict(hands={0: "KC 2C 5D 6H"}, melds={0: {"K": KING_CANASTA}}, phase="meld")
    g = setup(canasta.Game(v, seed=1), **spec)
    assert_illegal(g, "meld K n1", "canastas.naturals_added", "opt j")
    assert_illegal(g, "meld K t1", "canastas.wilds_added", "opt j")
    g = game("regency", **spec)
    assert_legal(g, "meld K n1")
    assert_legal(g, "meld K t1")


def test_004_opt_g_no_natural_pair_needed_for_opening_from_pile() -> None:
    v = house('extends = "regency"\n[initial_meld]\npile_requires_natural_pair = false  # 004 opt g\n')
    spec = dict(hands={0: "KS 2D AS AH AD 5C 6D"}, pile="4C KC")
    g = setup(canasta.Game(v, seed=1), **spec)
    assert_legal(g, "take n1 t1")
    g = game("regency", **spec)
    assert_illegal(g, "take n1 t1", "initial_meld.pile_requires_natural_pair", "L110")


def test_004_opt_e_minimums_25_90_120_150() -> None:
    v = house('extends = "regency"\n[initial_meld]\nminimums = [25, 90, 120, 150]  # 004 opt e\n')
    for score, minimum in ((-5, 25), (0, 90), (1495, 90), (1500, 120), (3000, 150)):
        g = setup(canasta.Game(v, seed=1), scores=[score, 0])
        assert g.view(0).opening_minimums[0] == minimum


def test_004_opt_f_hand_canasta_500() -> None:
    v = house('extends = "regency"\n[concealed_going_out]\nbonus = 500  # 004 opt f\n')
    g = setup(canasta.Game(v, seed=1), hands={0: CONCEALED_HAND}, stock_top="KD")
    end = _go_out_concealed(g)
    assert end.termination is Termination.WENT_OUT_CONCEALED
    assert end.scores[0].going_out == 500


def test_004_opt_c_thirteen_cards() -> None:
    v = house('extends = "regency"\n[deal]\nhand_size = { 4 = 13 }  # 004 opt c\n')
    g = canasta.Game(v, seed=2)
    assert all(g.state.sizes[s] == 13 for s in range(4))
    assert_conserved(g)


def test_p1_literal_two_naturals_per_wild_option() -> None:
    # The literal 003 L39 reading, offered only as an opt-in (decisions P1).
    v = house('extends = "dutch"\n[melds]\nwild_limit = "two_per_wild"  # 003 L39 literal\n')
    g = setup(canasta.Game(v, seed=1), hands={0: "KS KH KD KC 2C 2D 5C 6D"}, melds={0: OPEN}, phase="meld")
    assert_illegal(g, "meld K n3 t2", "melds.wild_limit")
    assert_legal(g, "meld K n4 t2")
    assert_legal(g, "meld K n2 t1")
    g = game("dutch", hands={0: "KS KH KD KC 2C 2D 5C 6D"}, melds={0: OPEN}, phase="meld")
    assert_legal(g, "meld K n2 t2")


def test_001_s24_a_one_card_exception_at_end_of_stock() -> None:
    # The top card fits the side's meld, but one card in hand may not take a one-card pile (001 §24 A•1, §14 C).
    g = game("finnish", hands={0: "5C"}, melds={0: {"K": "KS KH KD", "7": SEVENS}}, pile="KC", stock_size=0, extra_to=1)
    assert_illegal(g, "take", "discard_pile.one_card_rule", "§14 C")
    assert legal_texts(g) == {"decline"}


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s11_b_one_meld_per_rank(variant: str) -> None:
    g = game(variant, hands={0: "KC KC 5D 6H 7S"}, melds={0: {"K": "KS KH KD"}}, phase="meld")
    g.apply("meld K n2")
    assert list(g.state.melds[0]) == [11]
    assert g.state.melds[0][11][:3] == (5, 0, 0)
    assert len(g.view(0).melds[0]) == 1


@pytest.mark.parametrize("variant", CLASSIC)
def test_001_s11_c_no_melding_on_opponents_melds(variant: str) -> None:
    # Side 1's king meld is theirs; side 0's kings start side 0's own meld (001 §11 B-C).
    g = game(variant, hands={0: "KC KC KD 5D 6H 7S"}, melds={0: OPEN, 1: {"K": "KS KH KD"}}, phase="meld")
    assert_illegal(g, "meld K n1", "melds.min_size")
    g.apply("meld K n3")
    assert g.state.melds[1][11][:3] == (3, 0, 0) and g.state.melds[0][11][:3] == (3, 0, 0)
