"""Every valid profile can end a match: no reachable state leaves its player without a legal action, and every hand ends.

A match ends after the hand in which a side reaches the target (001 §1,
§34 A), and the target is at least 50. A profile under which no side can ever
score a point leaves every hand ending and the match never: with every card
value, bonus and red-three value at 0 the scores stay 0:0 for ever; with one
pack and melds of five naturals no meld is ever made, and the scores only
fall. Validation must refuse every such profile, whatever the reason nobody
can score.

:func:`strategies.scoring_sources` says through which keys a side can score
at a player count; the fuzzed playouts (``test_engine_fuzzed_profiles``)
check that every point scored in play comes through a key it names. Here:

* each member of the class, on several bundled profiles, is refused by
  ``check_variant`` and by the loader, while its twin with one way to score
  put back is accepted; and the engine agrees nobody scores under it;
* every profile near the edge (most points taken away) that validation
  accepts has a way to score at every player count;
* each way to score, alone in a profile, is accepted, and reached in play:
  a scripted hand scores through it (a special hand by showing it), and
  HeuristicBot matches with the lowest target end;
* profiles under which a side can score, shown in play, are accepted.

Schema 2's scoring keys add members: special hands worth nothing, natural
canastas of ranks with a bonus of their own too large for the deck,
every-joker canastas with wild-card melds off; and members validation does
not yet refuse (:data:`KNOWN_GAPS`, each naming its bug and xfailed at run
time once play has shown that nobody scores): melded cards or bonus threes
whose sign by canastas is never plus, black threes worth points that are
bonus cards, opening minimums by hand or a natural meld out of reach, a
special hand no hand can match, going out that needs a kind of canasta the
rules forbid. :data:`LIVE` holds the opposite gaps: profiles refused though
a side can score.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import attrs
import pytest
from hypothesis import HealthCheck, given, note, settings
from strategies import (
    DEFAULT_SPECIAL_HAND,
    DEFAULT_SPECIAL_HANDS,
    POINT_KEYS,
    house_text,
    point_value,
    scoring_edge_variants,
    scoring_sources,
    without_points,
)

import canasta
from canasta.bots import HeuristicBot
from canasta.variants import check_variant
from canasta.variants.converter import unstructure_variant
from canasta.variants.enums import CanastaClass, CanastaKind, ConcealedMinimum, RedThreeCondition
from canasta.variants.schema import PlayerCount, SpecialHand, Variant

THOROUGH = settings().max_examples >= settings.get_profile("ci").max_examples
"""Whether the loaded hypothesis profile asks for a thorough run (the ``ci`` profile of tests/conftest.py, or more)."""

Change = Callable[[Variant], Variant]


def _per_count(v: Variant, value: int) -> dict[PlayerCount, int]:
    return {PlayerCount(n): value for n in v.player_counts}


def _set(**groups: Mapping[str, object]) -> Change:
    """A change of some keys of some rule groups: ``_set(melds={"max_wilds": 0})``."""

    def change(v: Variant) -> Variant:
        for group, values in groups.items():
            v = attrs.evolve(v, **{group: attrs.evolve(getattr(v, group), **values)})
        return v

    return change


def _points(**values: int) -> Change:
    """No point anywhere but the card values given."""

    def change(v: Variant) -> Variant:
        v = without_points(v)
        return attrs.evolve(v, scoring=attrs.evolve(v.scoring, card_points=attrs.evolve(v.scoring.card_points, **values)))

    return change


def _only(key: str, value: int = 100) -> Change:
    """No point anywhere but ``key`` (of :data:`POINT_KEYS`) at ``value`` (:func:`strategies.point_value`)."""

    def change(v: Variant) -> Variant:
        return point_value(key, value)(without_points(v, keep=[key]))

    return change


def _bonus(**kinds: int) -> Change:
    """Canasta bonuses by kind (``canastas.bonus``), merged into the profile's: ``_bonus(pure_wild=1000)``."""

    def change(v: Variant) -> Variant:
        bonus = {**v.canastas.bonus, **{CanastaKind(k): x for k, x in kinds.items()}}
        return attrs.evolve(v, canastas=attrs.evolve(v.canastas, bonus=bonus))

    return change


def _then(*changes: Change) -> Change:
    def change(v: Variant) -> Variant:
        for c in changes:
            v = c(v)
        return v

    return change


def _one_pack(v: Variant) -> Variant:
    """One pack at every player count, and hands it can deal: two red threes in the table, two black threes at most in a meld."""
    d = v.deal
    hands = {k: min(h, (52 + d.jokers[k] - 1) // (k - d.sitting_out.get(k, 0))) for k, h in d.hand_size.items()}
    table = {k: (100, 200) for k in v.red_threes.bonus_table}
    v = attrs.evolve(
        v, deal=attrs.evolve(d, decks=_per_count(v, 1), hand_size=hands), red_threes=attrs.evolve(v.red_threes, bonus_table=table)
    )
    return attrs.evolve(v, black_threes=attrs.evolve(v.black_threes, meld_min=2, meld_max=max(2, v.black_threes.meld_max)))


NO_WILD_MELDS = _set(melds={"max_wilds": 0}, discard_pile={"wild_and_natural": False}, canastas={"wild_canastas": False})
HUGE_CANASTAS = _set(canastas={"size": 14})  # more than the 12 naturals of a rank in three packs
ZERO_MINIMUMS: Change = lambda v: _set(initial_meld={"minimums": tuple(0 for _ in v.initial_meld.minimums)})(v)  # noqa: E731

DEAD: dict[str, tuple[Change, Change]] = {
    "every point 0 (the finnish example: target 50, permission penalty 0)": (
        _then(_points(), _set(match={"target": 50}, going_out={"permission_penalty": 0})),
        _points(four_to_seven=5),
    ),
    "points only for jokers, and no joker in the deck": (
        lambda v: _then(_points(joker=50), _set(deal={"jokers": _per_count(v, 0)}))(v),
        lambda v: _set(deal={"jokers": _per_count(v, 2)})(v),
    ),
    "points only for joker canastas, which are off": (
        _then(_only("canastas.bonus.wild"), _bonus(pure_wild=1000), _set(canastas={"wild_canastas": False})),
        _set(canastas={"wild_canastas": True}),
    ),
    "points only for going out concealed, which is not allowed": (
        _then(_only("concealed_going_out.bonus"), _set(concealed_going_out={"allowed": False})),
        _set(concealed_going_out={"allowed": True}),
    ),
    "points only for mixed canastas, and no wild card may join a meld": (
        _then(_only("canastas.bonus.mixed"), NO_WILD_MELDS),
        _set(melds={"max_wilds": 3}),
    ),
    "points only for natural canastas, larger than the naturals of a rank in the deck": (
        _then(_only("canastas.bonus.natural"), HUGE_CANASTAS),
        _set(canastas={"size": 7}),
    ),
    "points only for red threes, which count only with a canasta, and no canasta can be made": (
        _then(_only("red_threes.bonus_table"), _set(red_threes={"plus_when": RedThreeCondition.CANASTA}), HUGE_CANASTAS, NO_WILD_MELDS),
        # a meld then qualifies them (001 §21 F); every card is worth 0, so opening needs minimums of 0
        _then(_set(red_threes={"plus_when": RedThreeCondition.MELD}), ZERO_MINIMUMS),
    ),
    "points only for black threes, melded only when going out, and no side can go out": (
        lambda v: _then(_points(black_three=5), HUGE_CANASTAS, NO_WILD_MELDS, _set(going_out={"canastas_required": _per_count(v, 1)}))(v),
        _set(canastas={"size": 7}),
    ),
    "no meld can ever be made: one pack, and a meld needs five naturals of a rank": (
        _then(_one_pack, NO_WILD_MELDS, _set(melds={"min_size": 5, "min_naturals": 5}, canastas={"size": 7})),
        _set(melds={"min_size": 4, "min_naturals": 4}),
    ),
    "no side can open: every card worth 0, and going out concealed never waives the minimum": (
        lambda v: _then(
            _points(),
            _bonus(natural=500, mixed=300),
            _set(going_out={"bonus": 100}),
            _set(concealed_going_out={"minimum": ConcealedMinimum.NEVER_WAIVED, "bonus": 200}),
            _set(initial_meld={"minimums": tuple(max(15, m) for m in v.initial_meld.minimums)}),
        )(v),
        ZERO_MINIMUMS,
    ),
    # --- the scoring keys of schema 2 ---
    "points only for special hands, each worth 0": (
        _then(_points(), _set(scoring={"special_hands": DEFAULT_SPECIAL_HANDS})),
        _only("scoring.special_hands", 2500),
    ),
    "points only for natural canastas of ranks with a bonus of their own, larger than the naturals of a rank in the deck": (
        _then(_only("ranks.natural_canasta_bonus", 2500), HUGE_CANASTAS),
        _set(canastas={"size": 7}),
    ),
    "points only for canastas holding every joker, and wild-card melds are off": (
        _then(_only("canastas.bonus.every_joker", 2500), _set(canastas={"wild_canastas": False})),
        _set(canastas={"wild_canastas": True}),
    ),
    "points only for melded cards, which count minus whatever the canastas": (
        _then(_points(four_to_seven=5, ace=20), _set(scoring={"melded_sign_by_canastas": (-1,)})),
        _set(scoring={"melded_sign_by_canastas": (-1, 1)}),
    ),
    "points only for bonus threes, which count for nothing whatever the canastas": (
        _then(_only("red_threes.bonus_table"), _set(red_threes={"sign_by_canastas": (0,)})),
        _set(red_threes={"sign_by_canastas": (-1, 0, 1)}),
    ),
    "points only for black threes, which are bonus cards, never melded": (
        _then(_points(black_three=5), _set(black_threes={"bonus_card": True})),
        _set(black_threes={"bonus_card": False}),
    ),
    "no side can open: the opening minimums by hand are above every card value in the deck": (
        _then(_points(four_to_seven=5), _set(initial_meld={"minimums_by_hand": (10000,)}, concealed_going_out={"allowed": False})),
        _set(initial_meld={"minimums_by_hand": ()}),
    ),
    "no side can open: one pack, and the opening needs a natural meld of five cards of a rank": (
        _then(_one_pack, _points(four_to_seven=5), _set(initial_meld={"natural_meld_size": 5}, concealed_going_out={"allowed": False})),
        _set(initial_meld={"natural_meld_size": 4}),
    ),
    "points only for a special hand no hand matches: twelve natural ranks, where threes never count": (
        _then(_points(), _set(scoring={"special_hands": (SpecialHand(name="twelve", pattern="1 1 1 1 1 1 1 1 1 1 1 1", points=2500),)})),
        _then(_set(scoring={"special_hands": DEFAULT_SPECIAL_HANDS}), _only("scoring.special_hands", 2500)),
    ),
    "points only for going out, which needs a wild-card canasta, and wild-card melds are off": (
        _then(
            _only("going_out.bonus"),
            ZERO_MINIMUMS,
            _set(going_out={"canasta_kinds_required": {CanastaClass.WILD: 1}}, canastas={"wild_canastas": False}),
        ),
        _set(canastas={"wild_canastas": True}),
    ),
}
"""Members of the class: a way to build a profile under which no side can score, and its twin with one way put back."""

KNOWN_GAPS: dict[str, str] = {}
"""Members validation accepts, so that a match under them never ends: each a bug of canasta/variants, named, and xfailed
at run time only after play confirms that nobody scores. Remove an entry when validation refuses the member. The seven the
schema-2 fuzzing found (signs by canastas, black bonus threes, minimums by hand, the natural meld, special hands of twelve
ranks, canasta kinds required) are refused now."""

BASES = ("finnish", "regency", "swedish-official")
"""Bundled profiles the members are built on: one player count, five, and four with three-player sides."""


def nobody_scores_in_play(v: Variant, players: int, hands: int, *, refused_ok: bool = True) -> None:
    """Play ``hands`` hands by HeuristicBots and greedy players: no side's hand ever totals above 0 (or the engine refuses it)."""
    try:
        g = canasta.Game(v, players=players, seed=players)
    except canasta.VariantError:
        if refused_ok:
            return
        raise
    bots = [HeuristicBot(seed=s) for s in range(players)]
    rng = random.Random(players)
    while not g.is_over and g.hand_number <= hands:
        legal = g.legal_actions()
        seat = g.current_player
        melds = [a for a in legal if isinstance(a, canasta.Meld | canasta.TakePile)]
        g.apply(bots[seat].choose(g.view(seat), legal) if seat % 2 or not melds else rng.choice(melds))
    best = max((s.total for hand in g.hand_scores for s in hand), default=0)
    assert best <= 0, f"a side scored {best}: someone can score after all"
    assert not g.is_over


@pytest.mark.parametrize("base", BASES)
@pytest.mark.parametrize("member", list(DEAD))
def test_a_profile_under_which_no_side_can_score_is_refused(member: str, base: str) -> None:
    """Refused by validation and the loader; the twin accepted; and in play nobody scores (a known gap xfails, see KNOWN_GAPS)."""
    dead_change, alive_change = DEAD[member]
    bundled = canasta.load_variant(base)
    dead = dead_change(bundled)
    alive = alive_change(dead)
    assert check_variant(alive) == [], f"the twin with a way to score is refused: {[str(p) for p in check_variant(alive)]}"
    assert all(scoring_sources(alive, n) for n in alive.player_counts)
    if member in KNOWN_GAPS and all(scoring_sources(dead, n) for n in dead.player_counts):
        for n in dead.player_counts[:1] if not THOROUGH else dead.player_counts:
            nobody_scores_in_play(dead, n, hands=6 if THOROUGH else 3, refused_ok=False)
        assert not check_variant(dead), [str(p) for p in check_variant(dead)]  # valid in every other way
        pytest.xfail(KNOWN_GAPS[member])
    assert member not in KNOWN_GAPS, f"validation now refuses it: remove it from KNOWN_GAPS ({KNOWN_GAPS[member]})"
    dead_counts = [n for n in dead.player_counts if not scoring_sources(dead, n)]
    assert dead_counts, "scoring_sources finds a way to score"
    for n in dead_counts[:1] if not THOROUGH else dead_counts:
        nobody_scores_in_play(dead, n, hands=6 if THOROUGH else 3)
    text = house_text(base, dead)
    assert check_variant(dead), f"validation accepts a profile under which no side can ever score a point, so no match ends:\n{text}"
    with pytest.raises(canasta.VariantError):
        canasta.loads_variant(text)


@settings(
    max_examples=1000 if THOROUGH else 200,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
@given(scoring_edge_variants())
def test_every_valid_profile_has_a_way_to_score_at_every_player_count(variant: Variant) -> None:
    """Valid profiles near the edge, with most of their points taken away: each still lets some side score (so a match can end).

    A match of a fixed number of hands (``match.hands``) ends whatever the scores, so validation does not ask it to score."""
    if check_variant(variant) or variant.match.hands:
        return
    dead = [n for n in variant.player_counts if not scoring_sources(variant, n)]
    note(canasta.dumps_variant(variant))
    assert not dead, f"valid, yet no side can ever score a point with {dead} players, so no match ends"


# ---------------------------------------------------------------------------
# Each way to score, alone, is valid and reachable
# ---------------------------------------------------------------------------


def alone(key: str, base: str = "finnish") -> Variant:
    """``base`` with only ``key`` worth points (100), opening minimums 0, joker canastas on and the target 50."""
    return _then(_only(key), ZERO_MINIMUMS, _set(canastas={"wild_canastas": True}, match={"target": 50}))(canasta.load_variant(base))


CONCEALED_HAND = "KD KH KC KS KD KH KC AS AH AD 8S 8H 8D 4S 4H 4D QS QH QD QC QS JK JK 2C 2D 2H 2S 2C 2D 2H 3C 3S 3C 9S"
"""Melds in one turn: a natural canasta, aces, eights, fours, a mixed canasta, a canasta of twos (004 opt b), black threes."""
REGULAR_HAND = "AS AH AD 8S 8H 8D 4S 4H 4D QS QH QD 2C 2D 2H 2S 2C JK JK 3C 3S 3C 9S"
"""After earlier melds: aces, eights, fours, queens, a canasta of twos and jokers, black threes."""
SCRIPTS: dict[str, tuple[str, dict[str, object], tuple[str, ...]]] = {
    "concealed": (
        CONCEALED_HAND,
        {"0": {"red_threes": "3H", "opened": False}},
        ("meld K n7", "meld A n3", "meld 8 n3", "meld 4 n3", "meld Q n5 j2", "meld W t7", "meld 3 n3", "discard 9"),
    ),
    "regular": (
        REGULAR_HAND,
        {"0": {"melds": ["KD KH KC KS KD KH KC"], "red_threes": "3H", "opened": True}},
        ("meld A n3", "meld 8 n3", "meld 4 n3", "meld Q n3", "meld W t5 j2", "meld 3 n3", "discard 9"),
    ),
    "every_joker": (
        "AS AH AD 8S 8H 8D 2C 2D 2H JK JK JK JK 9S",
        {"0": {"melds": ["KD KH KC KS KD KH KC"], "red_threes": "3H", "opened": True}},
        ("meld A n3", "meld 8 n3", "meld W t3 j4", "discard 9"),
    ),
    "special": (
        "4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH",
        {"0": {"red_threes": "3H", "opened": False}},
        (f"show {DEFAULT_SPECIAL_HAND.name}",),
    ),
}
"""Hands that end scoring through every key: going out concealed (all but going_out.bonus and the wild canastas holding
jokers), going out after earlier melds (going_out.bonus, the wild canasta of twos and jokers, and every card value), with a
wild canasta of every joker and three twos (Cuban RG, EBB §2.7), and showing seven pairs (EBB §2.12)."""
SCRIPTED = {
    **{key: "concealed" for key in POINT_KEYS},
    "going_out.bonus": "regular",
    "canastas.bonus.wild": "regular",
    "canastas.bonus.every_joker": "every_joker",
    "scoring.special_hands": "special",
}


@pytest.mark.parametrize("key", POINT_KEYS)
def test_each_way_to_score_alone_is_valid_and_scores_in_play(key: str) -> None:
    """The profile with only ``key`` worth points is accepted, and a hand that goes out scoring through it ends above 0."""
    v = alone(key)
    assert check_variant(v) == [], [str(p) for p in check_variant(v)]
    assert scoring_sources(v, 4) == [key]
    hand, sides, actions = SCRIPTS[SCRIPTED[key]]
    position = {
        "variant": unstructure_variant(v),
        "players": 4,
        "seat": 0,
        "phase": "meld",
        "drew": "stock",
        "melded": [0] if SCRIPTED[key] == "regular" else [],
        "hands": {"0": hand, "1": 11, "2": "3S", "3": 11},  # the partner keeps a black three: less than seat 0 melds of them
        "sides": sides,
        "pile": {"cards": "5C 9D"},
    }
    g = canasta.Game.from_position(position)
    for action in actions:
        g.apply(action)
    (score, *_) = g.hand_scores[-1]
    assert score.total > 0, score


RARE_IN_PLAY = (
    "canastas.bonus.pure_wild",
    "canastas.bonus.every_joker",
    "concealed_going_out.bonus",
    "scoring.card_points.black_three",
    "scoring.special_hands",
)
REACHED_BY_BOTS = [k for k in POINT_KEYS if k not in RARE_IN_PLAY]
"""The ways to score HeuristicBot reaches within a few dozen hands. A canasta of twos alone or of every joker, going out
concealed, black threes worth more than the ones left in hand and a special hand are rare in its play; the scripted hands
above reach them."""
MATCH_HANDS = 80
"""Hands within which a match of HeuristicBots under a profile with one way to score and the target 50 must end."""


@pytest.mark.parametrize("base", ["finnish", "regency"] if not THOROUGH else BASES)
@pytest.mark.parametrize("key", REACHED_BY_BOTS)
def test_a_match_with_one_way_to_score_ends(key: str, base: str) -> None:
    v = alone(key, base)
    players = v.player_counts[-1] if base != "finnish" else 4
    for seed in range(3 if THOROUGH else 1):
        g = canasta.Game(v, players=players, seed=seed)
        bots = [HeuristicBot(seed=seed * 8 + s) for s in range(players)]
        while not g.is_over and g.hand_number <= MATCH_HANDS:
            g.apply(bots[g.current_player].choose(g.view(g.current_player), g.legal_actions()))
        assert g.is_over, f"{players} players, seed {seed}: no side reached the target {v.match.target} in {MATCH_HANDS} hands"


# ---------------------------------------------------------------------------
# A profile under which a side can score is accepted
# ---------------------------------------------------------------------------


def _bots_reach_the_target(v: Variant) -> None:
    """HeuristicBots at four players reach the target within :data:`MATCH_HANDS` hands."""
    g = canasta.Game(v, players=4, seed=0)
    bots = [HeuristicBot(seed=s) for s in range(4)]
    while not g.is_over and g.hand_number <= MATCH_HANDS:
        g.apply(bots[g.current_player].choose(g.view(g.current_player), g.legal_actions()))
    assert g.is_over, f"no side reached the target {v.match.target} in {MATCH_HANDS} hands"


def _twos_canasta_scores(v: Variant) -> None:
    """A side that has opened melds a canasta of seven twos and goes out: the hand ends above 0 (004 opt b)."""
    position = {
        "variant": unstructure_variant(v),
        "players": 4,
        "seat": 0,
        "phase": "meld",
        "drew": "stock",
        "melded": [0],
        "hands": {"0": "2C 2D 2H 2S 2C 2D 2H 9S", "1": 11, "2": 11, "3": 11},
        "sides": {"0": {"melds": ["KD KH KC KS KD KH KC"], "opened": True}},
        "pile": {"cards": "5C 9D"},
    }
    g = canasta.Game.from_position(position)
    for action in ("meld W t7", "discard 9"):
        g.apply(action)
    (score, *_) = g.hand_scores[-1]
    assert score.total > 0, score


def _without_kinds(*kinds: str) -> Change:
    def change(v: Variant) -> Variant:
        bonus = {k: x for k, x in v.canastas.bonus.items() if k.value not in kinds}
        return attrs.evolve(v, canastas=attrs.evolve(v.canastas, bonus=bonus))

    return change


LIVE: dict[str, tuple[Change, Change, Callable[[Variant], None], str]] = {
    "points only for natural canastas; the minimums by score are out of reach, but the minimums by hand, which replace them, are 0": (
        _then(
            _only("canastas.bonus.natural", 500),
            _set(initial_meld={"minimums": (10000, 10000, 10000, 10000), "minimums_by_hand": (0,)}, concealed_going_out={"allowed": False}),
        ),
        ZERO_MINIMUMS,  # initial_meld.minimums are never read while minimums_by_hand is given (Variant.opening_minimum)
        _bots_reach_the_target,
        "BUG liveness-by-hand: scoring_sources reads initial_meld.minimums, not initial_meld.minimums_by_hand which replaces them",
    ),
    "points only for wild canastas, no joker in the deck: a canasta of twos counts as wild, pure_wild not being told apart": (
        lambda v: _then(
            _only("canastas.bonus.wild", 500),
            _without_kinds("pure_wild", "every_joker"),
            ZERO_MINIMUMS,
            _set(deal={"jokers": _per_count(v, 0)}, canastas={"wild_canastas": True}, concealed_going_out={"allowed": False}),
        )(v),
        _bonus(pure_wild=500),  # a kind not listed earns wild's bonus (CanastaKind, TableRules.canasta_bonus): the same 500
        _twos_canasta_scores,
        "BUG liveness-untold-kinds: scoring_sources credits a canasta of twos only to canastas.bonus.pure_wild, also where that kind "
        "is not listed and it earns canastas.bonus.wild",
    ),
}
"""Profiles under which a side can score, each with a twin that plays exactly alike and how play shows a side scoring.
Both are refused by validation today: the bug named xfails the check at run time, after play confirms the score."""


@pytest.mark.parametrize("member", list(LIVE), ids=["minimums by hand", "twos counted as wild"])
def test_a_profile_under_which_a_side_can_score_is_accepted(member: str) -> None:
    refused, same, scores, bug = LIVE[member]
    v = _set(match={"target": 50})(refused(canasta.load_variant("finnish")))
    twin = same(v)
    assert check_variant(twin) == [], [str(p) for p in check_variant(twin)]
    scores(twin)
    problems = check_variant(v)
    if problems:
        pytest.xfail(f"{bug}: {problems[0]}")
