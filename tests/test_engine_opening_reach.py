"""A take of the pile for an opening that no meld can complete, and refusals that cite the deciding rule.

001 §26 A: an opening from the pile that falls short can only be taken back,
so a take that the hand cannot complete is refused, citing the opening minimum
(``initial_meld.minimums``); the pile's other cards never count (004 L70,
000 ATT TA HÖGEN 4). The engine refuses only when an upper bound of what the
hand can still meld falls short, so a take that can complete the opening is
never refused: the hypothesis test searches every meld sequence to check it.

001 §16 B with 003 L83: a meld that leaves one card is a step toward going out,
so when going out is forbidden the refusal cites the rule that forbids it.

Both run over the classic profiles (:data:`engine_helpers.CLASSIC`): the family
profiles have other minimums and no concealed going out, and their own tests.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import CLASSIC, assert_illegal, assert_legal, game, legal_texts, setup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canasta
from canasta.core import listing
from canasta.core.actions import Discard, Meld, parse_action
from canasta.core.cards import JOKER, RED_THREES, TWO, build_deck, card_text
from canasta.core.state import State
from canasta.core.transitions import do

# ---------------------------------------------------------------------------
# 001 §26 A: no take for an opening the hand cannot complete
# ---------------------------------------------------------------------------


def test_001_s26_a_take_for_an_opening_no_meld_can_complete_is_refused() -> None:
    # Score 1500: the side needs 90. The kings count 30, the sevens could add 15.
    g = game("regency", hands={0: "KS KH 7C 7D 7H 5C 9S"}, pile="4D KD", scores=[1500, 0])
    err = assert_illegal(g, "take n2", "initial_meld.minimums", "004 L62-68")
    assert err.reason == "taking the pile with this pair counts 30 points, and your hand can add at most 15: your side needs 90"
    assert legal_texts(g) == {"draw"}


def test_001_s26_a_take_that_a_wild_card_can_complete_stands() -> None:
    # The same hand with a joker: 30 + 50 + 15 = 95 reaches 90, so the take is legal and does open.
    g = game("regency", hands={0: "KS KH 7C 7D 7H JK 9S"}, pile="4D KD", scores=[1500, 0])
    assert_legal(g, "take n2")
    g.apply("take n2")
    g.apply("meld K j1")
    g.apply("meld 7 n3")
    assert g.state.opened[0]


def test_004_l70_pile_cards_below_the_top_do_not_make_a_take_possible() -> None:
    # 110 points of aces and wild cards under the king would reach 50, but only the top card counts.
    g = game("regency", hands={0: "KH KD 5C 6D 8S 9C"}, pile="AS AH JK 2C KS", frozen=True)
    err = assert_illegal(g, "take n2", "initial_meld.minimums")
    assert "can add at most 0" in err.reason


def test_001_s13_b_one_meld_only_when_several_melds_are_off() -> None:
    # With initial_meld.several_melds off, only the pile's own meld can grow: the queens do not help.
    g = game("finnish", hands={0: "KS KH QS QH QD 5C"}, pile="4D KD")
    assert_legal(g, "take n2")
    single = canasta.loads_variant('extends = "finnish"\n[initial_meld]\nseveral_melds = false\n')
    g = setup(canasta.Game(single, players=4, seed=1), hands={0: "KS KH QS QH QD 5C"}, pile="4D KD")
    assert_illegal(g, "take n2", "initial_meld.minimums")


def test_004_l179_take_stands_when_a_concealed_going_out_needs_no_minimum() -> None:
    # A one-card pile leaves nothing waiting; regency waives the minimum for a concealed going out.
    g = game("regency", hands={0: "KS KH 5C 5D 5H 5S 5C 5D 5H"}, pile="KD", scores=[3000, 0])
    assert_legal(g, "take n2")
    # With more of the pile waiting, the opening must be reached first, which it cannot: refused.
    g = game("regency", hands={0: "KS KH 5C 5D 5H 5S 5C 5D 5H"}, pile="4D KD", scores=[3000, 0])
    assert_illegal(g, "take n2", "initial_meld.minimums")


def test_004_l194_end_of_stock_never_forces_a_take_the_hand_cannot_complete() -> None:
    g = game("regency", hands={0: "KS KH 5C 6D"}, pile="KC", stock_size=0)
    assert_illegal(g, "take n2", "initial_meld.minimums")
    assert legal_texts(g) == {"decline"}
    g = game("regency", hands={0: "KS KH QS QH QD 5C"}, pile="KC", stock_size=0)
    assert_illegal(g, "decline", "end_of_stock.mode", "L194")


# ---------------------------------------------------------------------------
# Soundness: a take refused for the minimum can really never open
# ---------------------------------------------------------------------------


def can_open(st: State, seat: int, side: int) -> bool:
    """Whether some sequence of legal melds this turn opens the side and lets the turn end: a legal discard, or the hand over
    (exhaustive search; rules version 3, 001 §16 B, §26 A)."""
    seen: set[tuple[object, ...]] = set()

    def walk(s: State) -> bool:
        if s.opened[side] and any(isinstance(a, Discard) for a in listing.legal_actions(s)):
            return True
        key = (tuple(s.counts[seat]), tuple(sorted((r, m[:3]) for r, m in s.melds[side].items())))
        if key in seen:
            return False
        seen.add(key)
        for a in listing.legal_actions(s):
            if isinstance(a, Meld):
                t = s.copy()
                do(t, a)
                if t.hand_number != s.hand_number or walk(t):
                    return True
        return False

    return walk(st)


@st.composite
def pile_openings(draw: st.DrawFn) -> tuple[str, int, str, str, int]:
    """A profile, a seed, a hand holding a pair of the top card's rank, a pile, and a score band."""
    variant = draw(st.sampled_from(CLASSIC))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    deck = [c for c in build_deck(2, 4) if c not in RED_THREES]
    rng.shuffle(deck)
    top_rank = rng.randrange(2, 13)
    ranked = [c for c in deck if c != JOKER and c >> 2 == top_rank]
    top, pair = ranked[0], ranked[1:3]
    rest = [c for c in deck if c not in (top, *pair) and (c == JOKER or c >> 2 != 1)]
    wilds = [c for c in rest if c == JOKER or c >> 2 == TWO][: draw(st.integers(0, 3))]
    plain = [c for c in rest if c != JOKER and c >> 2 != TWO][: draw(st.integers(0, 8))]
    under = [c for c in rest if c not in wilds and c not in plain][: draw(st.integers(0, 3))]
    hand = " ".join(card_text(c) for c in [*pair, *wilds, *plain])
    pile = " ".join(card_text(c) for c in [*under, top])
    return variant, seed, hand, pile, draw(st.sampled_from([-100, 0, 1500, 3000]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pile_openings())
def test_001_s26_a_a_take_is_refused_for_the_minimum_only_when_no_meld_can_open(case: tuple[str, int, str, str, int]) -> None:
    variant, seed, hand, pile, score = case
    g = game(variant, seed=seed % 1000, hands={0: hand}, pile=pile, scores=[score, 0])
    for text in ("take n2", "take n1 t1", "take n1 j1", "take-top n2"):
        err = g.violation(text)
        if err is not None and err.rule != "initial_meld.minimums":
            continue
        st_ = g.state.copy()
        do(st_, parse_action(text))
        opens = st_.opened[0] or can_open(st_, 0, 0)
        if err is not None:
            assert not opens, f"{text} refused ({err.reason}) although a meld sequence opens"


def test_001_s16_b_a_take_for_an_opening_that_leaves_no_card_to_discard_is_refused() -> None:
    # K K K and Q Q Q make 60 of 50 only by melding every card: nothing is left to discard, and going out needs a canasta
    # (001 §18 B); with two cards under the top king, they come to the hand once the opening stands (001 §26 A).
    g = game("finnish", hands={0: "KH KD QS QH QD"}, pile="KS")
    err = assert_illegal(g, "take n2", "initial_meld.minimums", "001 §13")
    assert err.reason == "taking the pile with this pair counts 30 points, and your hand can add at most 0 and still keep a card to discard: your side needs 50"
    assert_legal(game("finnish", hands={0: "KH KD QS QH QD"}, pile="4C 5D KS"), "take n2")
    # Taking only the top card leaves the pile's other cards where they are (000 ATT TA HÖGEN 3 b).
    g = game("swedish-official", hands={0: "KH KD QS QH QD 5C"}, pile="AS AD AC KS")
    assert_legal(g, "take n2")
    assert_illegal(g, "take-top n2", "initial_meld.minimums")


def test_004_l179_a_concealed_going_out_excuses_the_minimum_only_where_the_hand_could_go_out() -> None:
    # Three kings and four fives: 50 of 90, and no canasta can be made, so no concealed going out (004 L179).
    g = game("regency", hands={0: "KS KD 5S 5H 5D 5C"}, pile="KH", scores=[1500, 0])
    assert_illegal(g, "take n2", "initial_meld.minimums", "004 L62-68")
    assert legal_texts(g) == {"draw"}


def test_rules_version_2_plays_the_opening_take_as_it_did() -> None:
    """A record of rules version 2 replays by version 2's rule: the points alone, and a concealed going out taken as possible."""
    for variant, hand, pile, scores in (("finnish", "KH KD QS QH QD", "KS", [0, 0]), ("regency", "KS KD 5S 5H 5D 5C", "KH", [1500, 0])):
        old = canasta.Game.from_position(
            {"variant": variant, "players": 4, "seat": 0, "scores": scores, "hands": {"0": hand, "1": 11, "2": 11, "3": 11}, "pile": {"cards": pile}},
            rules_version=2,
        )
        assert old.can("take n2")


# ---------------------------------------------------------------------------
# 001 §16 B: one card left, and going out is forbidden: the forbidding rule is cited
# ---------------------------------------------------------------------------

EXPECTED = {
    "dutch": ("concealed_going_out.minimum", "L83"),  # 003 L83: the minimum is never waived
    "swedish-club": ("going_out.canastas_required", "UTGÅNG 1"),  # two canastas to go out
}


@pytest.mark.parametrize("variant", CLASSIC)
def test_003_l83_concealed_going_out_below_the_minimum_cites_the_concealed_rule(variant: str) -> None:
    # Seven fives (35 points, minimum 50) drawn from the stock, leaving the nine to discard.
    g = game(variant, hands={0: "5C 5D 5H 5S 5C 5D 5H 9S"}, phase="meld")
    if variant in EXPECTED:
        rule, source = EXPECTED[variant]
        err = assert_illegal(g, "meld 5 n7", rule, source)
        assert "leaves one card" in err.reason and "keep_one_card" not in err.rule
    else:
        assert_legal(g, "meld 5 n7")  # the minimum is waived after a stock draw (000 DIREKT UTGÅNG 2, 001 §19 C, 004 L179)
