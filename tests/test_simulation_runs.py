"""simulate(): what one profile's hands and matches report, checked against the engine and its records."""

from __future__ import annotations

from pathlib import Path

import pytest

import canasta
import canasta.core.scoring
from canasta.bots.registry import derive_seed
from canasta.core.canastas import CanastaKind
from canasta.core.cards import Rank
from canasta.core.events import Termination
from canasta.core.scoring import HandScore
from canasta.core.table import TableRules
from canasta.errors import ArgumentError
from canasta.simulation import Mode, SimulationError, load_records, simulate
from canasta.simulation.metrics import SCORE_PARTS, Context, catalog, find
from canasta.simulation.players import seat_bots
from canasta.simulation.runner import HandOutcome, UnitOutcome, play_unit

SMALL = {"workers": 1, "bots": "random"}


@pytest.mark.parametrize("name", canasta.variant_names())
def test_every_bundled_profile_plays_and_its_canastas_by_kind_add_up(name: str) -> None:
    """Each side's canastas by kind (HandScore.canasta_kinds) earn exactly the engine's canasta bonus (000 CANASTA 2-3, 001 §15 B)."""
    variant = canasta.load_variant(name)
    players = 4 if 4 in variant.player_counts else variant.player_counts[0]
    rules = TableRules(variant, players)
    for index in range(3):
        unit = play_unit(variant, players, ("random",) * players, 11, index, mode=Mode.HANDS, hand_cap=1, record=False)
        (hand,) = unit.hands
        assert hand.turns >= 1 and hand.decisions >= hand.turns
        assert len(hand.scores) == variant.deal.sides[players]  # type: ignore[index]
        for score in hand.scores:
            assert len(score.canasta_ranks) == len(score.canasta_kinds)
            bonus = sum(rules.canasta_bonus(kind, rank) for kind, rank in zip(score.canasta_kinds, score.canasta_ranks, strict=True))
            assert bonus == score.canastas
            assert (
                sum(
                    find(f"score.canastas.{k.value}.side{score.side}").value(unit, Context(sides=len(hand.scores), rules=rules), Mode.HANDS)
                    for k in CanastaKind
                )
                == score.canastas
            )


def _hand(first: int, scores: tuple[HandScore, ...]) -> HandOutcome:
    return HandOutcome(
        number=1, first_player=first, turns=10, decisions=30, termination=Termination.WENT_OUT, went_out=first, scores=scores
    )


def _value(key: str, hand: HandOutcome, context: Context) -> float:
    unit = UnitOutcome(index=0, seed=0, hands=(hand,), finished=False, winner=None, actions=None)
    return find(key).value(unit, context, Mode.HANDS)


def test_canastas_are_counted_and_scored_by_the_kind_the_engine_gives_them() -> None:
    """Natural and mixed canastas (001 §15 B), and wild-card canastas of one kind or mixed (004 opt b), each at its profile's bonus."""
    context = Context(sides=2, rules=TableRules(canasta.load_variant("rasche-house"), 4))
    kinds = (CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.PURE_WILD, CanastaKind.PURE_WILD)
    hand = _hand(0, (HandScore(side=0, canasta_kinds=kinds), HandScore(side=1, canasta_kinds=(CanastaKind.WILD,))))
    assert _value("canastas.total", hand, context) == 5
    assert [_value(f"canastas.{k.value}", hand, context) for k in CanastaKind] == [1, 1, 1, 2, 0]
    pure = context.rules.canasta_bonus(CanastaKind.PURE_WILD)
    assert pure > context.rules.canasta_bonus(CanastaKind.WILD)  # a value once copied and drifted: one kind of wild card earns more
    assert _value("score.canastas.pure_wild.side0", hand, context) == 2 * pure
    assert _value("score.canastas.pure_wild", hand, context) == pure  # the mean of the two sides


def test_a_natural_canasta_of_a_rank_with_its_own_bonus_and_every_joker_are_valued_as_the_engine_values_them() -> None:
    """Modern American: a natural canasta of aces or sevens earns 2,500, not the natural 500 (ranks.natural_canasta_bonus, EBB §2.7);
    four jokers and three twos are an every_joker canasta (2,500); the score parts by kind add up to the canasta bonus."""
    rules = TableRules(canasta.load_variant("modern-american"), 4)
    context = Context(sides=2, rules=rules)
    ace, king = Rank("A"), Rank("K")
    n, m, e = CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.EVERY_JOKER
    side0 = canasta.core.scoring.side_score(
        rules, side=0, has_meld=True, canasta_kinds=(n, n, m), canasta_ranks=(int(ace), int(king), int(king) - 1)
    )
    side1 = canasta.core.scoring.side_score(rules, side=1, has_meld=True, canasta_kinds=(e,), canasta_ranks=(int(Rank.WILD),))
    hand = _hand(0, (side0, side1))
    assert side0.canastas == 2500 + 500 + 300 and side1.canastas == 2500
    assert _value("score.canastas.natural.side0", hand, context) == 3000
    assert _value("score.canastas.every_joker.side1", hand, context) == 2500
    assert sum(_value(f"score.canastas.{k.value}.side0", hand, context) for k in CanastaKind) == side0.canastas
    assert [_value(f"canastas.{k.value}", hand, context) for k in CanastaKind] == [2, 1, 0, 0, 1]
    without_ranks = _hand(0, (HandScore(side=0, canasta_kinds=(n,)), HandScore(side=1)))  # a score built from its kinds alone
    assert _value("score.canastas.natural.side0", without_ranks, context) == 500


def test_special_hands_end_hands_and_score_as_a_part_of_their_own() -> None:
    """A special hand shown (scoring.special_hands, EBB §2.12) is an ending and a score part; both are left out where they never happen."""
    context = Context(sides=2, rules=TableRules(canasta.load_variant("modern-american"), 4))
    shown = HandOutcome(
        number=1,
        first_player=0,
        turns=1,
        decisions=2,
        termination=Termination.SPECIAL_HAND,
        went_out=None,
        scores=(HandScore(side=0, special_hand=2500), HandScore(side=1, melded=-50)),
    )
    assert _value("ended.special_hand", shown, context) == 1.0
    assert _value("score.special_hand.side0", shown, context) == 2500
    assert _value("score.total.side0", shown, context) == 2500
    assert find("ended.special_hand").rare and find("score.special_hand").rare


def test_every_metric_is_declared_once_with_all_it_needs() -> None:
    """One declaration per metric: keys are unique, each has its unit and group, the headline ones their words."""
    for sides in (2, 3):
        for mode in Mode:
            metrics = catalog(sides, mode)
            assert len({m.key for m in metrics}) == len(metrics)
            assert all((m.hand is None) != (m.match is None) for m in metrics)
            heads = sorted(m.headline.column for m in metrics if m.headline is not None)
            assert heads == list(range(8 if mode is Mode.GAMES else 7))
    assert {p.key for p in SCORE_PARTS} >= {"total", "melded", *(f"canastas.{k.value}" for k in CanastaKind)}
    assert find("ended.went_out").headline.more.startswith("{v} percentage points")  # type: ignore[union-attr]
    assert find("match.hands").headline.short == "hands/match"  # type: ignore[union-attr]


def test_first_player_advantage_of_one_hand() -> None:
    """The first side's share of the result minus 1/sides: +0.5 for a win, -0.5 for a loss, 0 for a shared best score."""
    context = Context(sides=2, rules=TableRules(canasta.load_variant("finnish"), 4))

    def hand(first: int, totals: tuple[int, int]) -> HandOutcome:
        return _hand(first, tuple(HandScore(side=k, melded=t) for k, t in enumerate(totals)))

    assert _value("balance.first_player_advantage", hand(1, (100, 300)), context) == 0.5  # seat 1 plays for side 1, which won
    assert _value("balance.first_player_advantage", hand(0, (100, 300)), context) == -0.5
    tied = hand(0, (200, 200))
    assert (_value("balance.first_player_advantage", tied, context), _value("balance.draws", tied, context)) == (0.0, 1.0)


def test_summary_counts_agree_with_each_other() -> None:
    r = simulate("finnish", hands=24, seed=3, **SMALL)
    assert r.units == r.hands == 24
    assert sum(r.endings.values()) == r.hands
    assert sum(r.hand_wins) + r.hand_draws == r.hands
    assert r.metric("ended.went_out").estimate.mean == pytest.approx(r.endings["went_out"] / r.hands)
    assert r.metric("wins.side0").estimate.mean == pytest.approx(r.hand_wins[0] / r.hands)
    assert r.seat_wins == (r.hand_wins[0], r.hand_wins[1], r.hand_wins[0], r.hand_wins[1])
    assert r.samples is not None and len(r.samples.hand_turns) == r.hands
    assert r.metric("duration.turns").estimate.mean == pytest.approx(sum(r.samples.hand_turns) / r.hands)
    parts = ("melded", "canastas", "red_threes", "going_out", "in_hand", "penalties", "special_hand")
    assert r.metric("score.total").estimate.mean == pytest.approx(sum(r.metric(f"score.{p}").estimate.mean for p in parts))
    kinds = sum(r.metric(f"score.canastas.{k.value}").estimate.mean for k in CanastaKind)
    assert r.metric("score.canastas").estimate.mean == pytest.approx(kinds)
    assert 0.0 <= r.balance <= 1.0
    assert set(r.endings) == {t.value for t in Termination}


@pytest.mark.parametrize("name", ["modern-american", "cuban", "uruguayan"])
def test_the_family_profiles_add_up_too(name: str) -> None:
    """The schema-2 profiles: every hand ends one of the ways counted, and the score parts (a special hand's too) add up to the score."""
    r = simulate(name, hands=12, seed=1, **SMALL)
    assert sum(r.endings.values()) == r.hands
    parts = ("melded", "canastas", "red_threes", "going_out", "in_hand", "penalties", "special_hand")
    assert r.metric("score.total").estimate.mean == pytest.approx(sum(r.metric(f"score.{p}").estimate.mean for p in parts))
    kinds = sum(r.metric(f"score.canastas.{k.value}").estimate.mean for k in CanastaKind)
    assert r.metric("score.canastas").estimate.mean == pytest.approx(kinds)
    assert r.metric("ended.special_hand").estimate.mean == pytest.approx(r.endings["special_hand"] / r.hands)


def test_matches_are_cut_off_at_the_hand_cap_and_counted() -> None:
    r = simulate("finnish", games=4, hand_cap=2, seed=1, **SMALL)
    assert r.settings.mode is Mode.GAMES and r.units == 4
    assert r.capped == 4  # nobody reaches 5000 in two hands of random play
    assert r.hands == 8
    assert r.match_wins == (0, 0) and r.match_draws == 0
    assert r.metric("match.capped").estimate.mean == 1.0
    assert r.metric("match.hands").estimate.mean == 2.0


def test_records_replay_to_the_same_hands(tmp_path: Path) -> None:
    """--out: every game's record, replayable with Game.replay, in seed order."""
    for suffix in (".jsonl", ".json", ".toml"):
        out = tmp_path / f"games{suffix}"
        r = simulate("swedish-club", hands=3, seed=5, out=out, **SMALL)
        records = load_records(out)
        assert r.samples is not None
        assert [rec.seed for rec in records] == list(r.samples.seeds) == [derive_seed(5, i) for i in range(3)]
        for rec, scores in zip(records, r.samples.hand_scores, strict=True):
            game = canasta.Game.replay(rec)
            assert tuple(s.total for s in game.hand_scores[0]) == scores


def test_a_bad_output_path_fails_before_the_run(tmp_path: Path) -> None:
    with pytest.raises(SimulationError, match=r"cannot write the records to .*games\.jsonl: No such file or directory"):
        simulate("finnish", hands=2, out=tmp_path / "missing" / "games.jsonl", **SMALL)


def test_bots_sit_one_per_side_or_per_seat() -> None:
    assert seat_bots(["heuristic", "random"], 4, 2) == ("heuristic", "random", "heuristic", "random")
    assert seat_bots(["random"], 3, 3) == ("random",) * 3
    assert seat_bots(["random", "heuristic", "random", "random"], 4, 2)[1] == "heuristic"
    with pytest.raises(SimulationError, match="one per side"):
        seat_bots(["random"] * 3, 4, 2)
    with pytest.raises(ArgumentError, match="unknown bot 'clever'"):
        seat_bots(["clever"], 4, 2)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 3}, "has rules for 4 players, not 3"),
        ({"hands": 0}, "at least 1"),
        ({"hands": 2, "games": 2}, "not both"),
        ({"hand_cap": 0}, "hand cap"),
        ({"bots": ""}, "names separated by commas"),
        ({"hands": 10**12}, "hands: expected at most 1,000,000"),
        ({"hands": 2.5}, "hands: expected a whole number, got 2.5"),
        ({"hands": True}, "hands: expected a whole number"),
        ({"hands": None, "games": "3"}, "games: expected a whole number, got '3'"),
        ({"hand_cap": 10**9}, "hand cap: expected at most 1,000"),
        ({"seed": 2**63}, "seed: expected at most"),
        ({"seed": 10**5000}, "seed: expected at most 9,223,372,036,854,775,807, got a .*digit"),
        ({"players": "4"}, "players: expected a whole number"),
        ({"workers": 1.5}, "workers must be a whole number"),
        ({"chunk_size": 0}, "chunk size: expected at least 1"),
        ({"bots": 5}, "bots: expected names"),
        ({"out": 5}, "expected a file path, got int"),
    ],
)
def test_bad_settings_say_what_is_wrong(kwargs: dict[str, object], message: str) -> None:
    args = {"hands": 2, **SMALL, **kwargs}
    with pytest.raises(SimulationError, match=message):
        simulate("finnish", **args)  # type: ignore[arg-type]


def test_heuristic_and_random_bots_share_a_table() -> None:
    r = simulate("finnish", hands=4, workers=1, bots="heuristic,random")
    assert r.settings.bots == ("heuristic", "random", "heuristic", "random")
    assert sum(r.hand_wins) + r.hand_draws == 4


def test_progress_is_reported_as_units_finish() -> None:
    calls: list[tuple[int, int]] = []
    simulate("finnish", hands=5, chunk_size=2, progress=lambda done, total: calls.append((done, total)), **SMALL)
    assert calls == [(0, 5), (2, 5), (4, 5), (5, 5)]
    assert canasta.simulate is simulate
