"""The bots: always a legal action, from the view alone, deterministic; and HeuristicBot's main decisions.

Playouts cover every bundled profile and player count (OpenSpiel's generic
random-playout idea, with bots). The targeted tests set up a position
(docs/scenarios.md) and check one decision each, named after the rule or the
strategy it follows. Strength is measured in benchmarks/bench_bots.py, never
timed here.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib
import inspect
import io
import pickle
import pkgutil
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from engine_helpers import source_of
from hostile import Hostile

import canasta
from canasta import AnswerGoOut, AskGoOut, CanastaKind, Discard, Draw, Meld, Rank, TakePile
from canasta.bots import Bot, HeuristicBot, RandomBot, play_turn
from canasta.bots.evaluate import hand_counts, side_melds, table_points
from canasta.bots.planning import opening_plan
from canasta.bots.registry import (
    BOTS,
    DEFAULT_SECONDS_PER_HAND,
    bot_factory,
    bot_label,
    bot_names,
    derive_seed,
    make_bots,
    seat_seed,
    seconds_per_hand,
)
from canasta.cli.main import main as cli_main
from canasta.core.cards import TWO, WILD
from canasta.core.events import HandEnded, Termination
from canasta.core.going_out import going_out_plan
from canasta.simulation.players import seat_bots

PROFILES = tuple((name, players) for name in canasta.variant_names() for players in canasta.load_variant(name).player_counts)

HOUSE = """
extends = "regency"
[melds]
wild_limit = "two_per_wild"
min_size = 4
[discard_pile]
wild_and_natural = false
take_top_card_only = true
[going_out]
final_discard = "required"
permission = "not_used"
natural_canasta_required = true
[initial_meld]
several_melds = false
[black_threes]
discard = "freeze"
[canastas]
wild_canastas = true
wilds_added = false
[end_of_stock]
mode = "forced_if_legal"
"""
"""A house profile with the unusual choice of every rule the bot reads."""


def play_hands(game: canasta.Game, bots: Sequence[Bot], hands: int = 1) -> list[HandEnded]:
    """Play until ``hands`` hands have ended (or the match), checking every choice is legal."""
    ended: list[HandEnded] = []
    while not game.is_over and len(ended) < hands:
        seat = game.current_player
        view = game.view(seat)
        action = bots[seat].choose(view, view.legal_actions)
        assert action in view.legal_actions, f"{bots[seat]!r} chose {action} at seat {seat}, not among {view.legal_actions}"
        ended += [e for e in game.apply(action) if isinstance(e, HandEnded)]
    return ended


def mixed(players: int, seed: int) -> list[Bot]:
    return [HeuristicBot(seed=seed + s) if s % 2 == 0 else RandomBot(seed=seed + s) for s in range(players)]


# ---------------------------------------------------------------------------
# Always legal, whatever the profile
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("profile", "players"), PROFILES, ids=[f"{n}-{p}" for n, p in PROFILES])
def test_bots_play_whole_hands_with_legal_actions(profile: str, players: int) -> None:
    game = canasta.Game(profile, players=players, seed=3)
    assert len(play_hands(game, mixed(players, 3), hands=2)) == 2 or game.is_over
    heuristic = HeuristicBot(seed=5)
    game = canasta.Game(profile, players=players, seed=4)
    assert len(play_hands(game, [heuristic] * players, hands=1)) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_bot_follows_unusual_house_rules(players: int) -> None:
    """Every rule it reads set the unusual way: 4-card melds, two naturals per wild, required final discard, ..."""
    variant = canasta.loads_variant(HOUSE)
    for seed in range(3):
        game = canasta.Game(variant, players=players, seed=seed)
        assert play_hands(game, [HeuristicBot(seed=seed)] * players, hands=1)


def protocol_problem(bot: object, cases: Sequence[tuple[str, int, int]] = (("finnish", 4, 1), ("rasche-house", 2, 2))) -> str | None:
    """What keeps ``bot`` from following docs/bots.md, "The bot protocol", or None if nothing does.

    ``choose`` must be a method callable as ``choose(view, legal)``, and every
    action it returns, over a hand of each case (profile, players, seed),
    must be one of ``legal``.
    """
    choose = getattr(bot, "choose", None)
    if not callable(choose):
        return "no choose method"
    try:
        signature = inspect.signature(choose)
    except (TypeError, ValueError):
        return "the signature of choose cannot be read"
    for profile, players, seed in cases:
        game = canasta.Game(profile, players=players, seed=seed)
        hand = game.hand_number
        while not game.is_over and game.hand_number == hand:
            view = game.view(game.current_player)
            legal = view.legal_actions
            try:
                signature.bind(view, legal)
            except TypeError as exc:
                return f"choose{signature} cannot be called as choose(view, legal): {exc}"
            action = choose(view, legal)
            if not isinstance(action, canasta.Action) or action not in legal:
                return f"choose returned {action!r}, not one of the legal actions {legal}"
            game.apply(action)
    return None


@pytest.mark.parametrize("cls", [HeuristicBot, RandomBot])
def test_bots_satisfy_the_protocol(cls: type) -> None:
    """docs/bots.md, "The bot protocol": choose(view, legal) returns one of legal, hand after hand."""
    bot = cls(seed=1)
    assert isinstance(bot, Bot)
    assert protocol_problem(bot) is None
    assert repr(bot) == f"{cls.__name__}(seed=1)"


class _Draws:
    """Always draws: legal only at the start of a turn."""

    def choose(self, view: canasta.PlayerView, legal: Sequence[canasta.Action]) -> canasta.Action:
        return Draw()


class _Text:
    """Answers in text notation: the engine reads it, but a bot returns actions."""

    def choose(self, view: canasta.PlayerView, legal: Sequence[canasta.Action]) -> object:
        return str(legal[0])


class _ViewOnly:
    def choose(self, view: canasta.PlayerView) -> canasta.Action:
        return view.legal_actions[0]


class _ThreeArguments:
    def choose(self, view: canasta.PlayerView, legal: Sequence[canasta.Action], depth: int) -> canasta.Action:
        return legal[0]


class _KeywordLegal:
    def choose(self, view: canasta.PlayerView, *, legal: Sequence[canasta.Action]) -> canasta.Action:
        return legal[0]


class _NoMethod:
    choose = 3


@pytest.mark.parametrize(
    ("bot", "problem"),
    [
        (_Draws(), "not one of the legal actions"),
        (_Text(), "not one of the legal actions"),
        (_ViewOnly(), r"cannot be called as choose\(view, legal\)"),
        (_ThreeArguments(), r"cannot be called as choose\(view, legal\)"),
        (_KeywordLegal(), r"cannot be called as choose\(view, legal\)"),
        (_NoMethod(), "no choose method"),
    ],
    ids=["illegal-action", "text-not-action", "one-argument", "three-arguments", "keyword-only-legal", "no-method"],
)
def test_the_protocol_check_fails_a_bot_that_breaks_the_protocol(bot: object, problem: str) -> None:
    """Having a method called choose is not enough: a wrong signature or an action not in legal is caught."""
    found = protocol_problem(bot)
    assert found is not None and re.search(problem, found), found


def test_no_legal_action_is_a_clear_error() -> None:
    view = canasta.Game("finnish", seed=1).view(0)
    with pytest.raises(ValueError, match="no legal actions"):
        HeuristicBot(seed=1).choose(view, ())


# ---------------------------------------------------------------------------
# The view alone, and determinism
# ---------------------------------------------------------------------------


def recorded_views(profile: str, seed: int, count: int) -> list[canasta.PlayerView]:
    game = canasta.Game(profile, players=4, seed=seed)
    bot = HeuristicBot(seed=seed)
    views = []
    while not game.is_over and len(views) < count:
        view = game.view(game.current_player)
        views.append(view)
        game.apply(bot.choose(view, view.legal_actions))
    return views


def test_a_bot_given_only_the_view_decides_alone() -> None:
    """Views kept after their game is gone, and views rebuilt from a pickle, still get a legal answer: the view is all it uses."""
    views = recorded_views("swedish-club", seed=11, count=300)
    bot = HeuristicBot(seed=2)
    for view in views:
        assert bot.choose(view, view.legal_actions) in view.legal_actions
    for view in views[::7]:
        clone = pickle.loads(pickle.dumps(view))
        assert bot.choose(clone, clone.legal_actions) == bot.choose(view, view.legal_actions)


def test_a_decision_depends_only_on_the_seed_and_the_view() -> None:
    views = recorded_views("regency", seed=8, count=250)
    first, again = HeuristicBot(seed=42), HeuristicBot(seed=42)
    expected = [first.choose(v, v.legal_actions) for v in views]
    assert [again.choose(v, v.legal_actions) for v in reversed(views)] == expected[::-1]


def test_seeded_matches_replay_exactly() -> None:
    def actions(seed: int) -> list[str]:
        game = canasta.Game("finnish", players=4, seed=seed)
        play_hands(game, mixed(4, seed), hands=2)
        return [str(a) for a in game.actions]

    assert actions(21) == actions(21)


# ---------------------------------------------------------------------------
# Plans
# ---------------------------------------------------------------------------


def test_opening_plan_reaches_the_minimum_with_naturals_first() -> None:
    """001 §13 A-B: several melds make the opening; wild cards only when the naturals fall short."""
    rules = canasta.Game("finnish", players=4, seed=0).rules
    counts = hand_counts(canasta.Card(t) for t in ("KS", "KH", "KD", "QS", "QH", "QD", "5C", "7H", "2C"))
    assert opening_plan(counts, {}, 50, 7, rules) == [(int(Rank("K")), 3, 0, 0), (int(Rank("Q")), 3, 0, 0)]
    plan = opening_plan(counts, {}, 70, 7, rules)
    assert plan is not None and sum(step[2] + step[3] for step in plan) == 1
    assert opening_plan(counts, {}, 70, 6, rules) is None, "the hand must keep two cards (001 §16 B)"
    assert opening_plan(counts, {}, 120, 7, rules) is None


def test_hand_counts_are_the_engines_rank_indexes() -> None:
    """Twos at TWO, jokers at WILD, red threes left out (the engine lays them down, 000 RÖDA TREOR)."""
    counts = hand_counts(canasta.Card(t) for t in ("2C", "JK", "JK", "3D", "3H", "3S", "KS"))
    assert len(counts) == WILD + 1
    assert counts[TWO] == 1 and counts[WILD] == 2 and counts[int(Rank("3"))] == 1 and counts[int(Rank("K"))] == 1
    assert sum(counts) == 5


def test_going_out_lays_the_canasta_first_then_the_biggest_melds_and_black_threes_last() -> None:
    """000 UTGÅNG 1-2, 000 SVARTA TREOR 2: the bot plays the engine's plan step by step, in its order, then discards.

    The plan (core/going_out.py): the meld that completes the canasta the side needs first, then the others by the
    cards they add (ties by rank, higher first), the black threes last, and the cheapest card discarded.
    """
    sides = {"0": {"melds": ["KC KD KH KS KC KD", "QC QD QH"]}}
    variant = {"extends": "regency", "going_out": {"permission": "not_used"}}
    game = position("KS QS 5C 5D 5H 3C 3S 3C 2C 7H 8D 8S 8H 8C", variant=variant, sides=sides, stock={"size": 10})
    view = game.view(0)
    king, queen, five, eight, three = (int(Rank(r)) for r in "KQ583")
    plan = going_out_plan(hand_counts(view.hand), side_melds(view.melds[0], view.rules), view.rules)
    assert plan == ([(king, 1, 0, 0), (five, 3, 1, 0), (eight, 4, 0, 0), (queen, 1, 0, 0), (three, 3, 0, 0)], int(Rank("7")))
    bot = HeuristicBot(seed=0)
    played = []
    while game.hand_number == 1:
        view = game.view(0)
        action = bot.choose(view, view.legal_actions)
        played.append(action)
        events = game.apply(action)
    assert played == [
        Meld(rank="K", naturals=1),
        Meld(rank="5", naturals=3, twos=1),
        Meld(rank="8", naturals=4),
        Meld(rank="Q", naturals=1),
        Meld(rank="3", naturals=3),
        Discard(rank="7"),
    ]
    (ended,) = (e for e in events if isinstance(e, HandEnded))
    assert ended.termination is Termination.WENT_OUT and ended.seat == 0


def test_going_out_plan_completes_the_canasta_before_the_last_discard() -> None:
    """000 UTGÅNG 1-2: a canasta, then the whole hand melded or discarded; no way out without the canasta."""
    rules = canasta.Game("swedish-official", players=4, seed=0).rules
    king = int(Rank("K"))
    found = going_out_plan(hand_counts([canasta.Card("KS"), canasta.Card("7C")]), {king: (6, 0, 0)}, rules)
    assert found == ([(king, 1, 0, 0)], int(Rank("7")))
    assert going_out_plan(hand_counts([canasta.Card("QS"), canasta.Card("7C")]), {king: (6, 0, 0)}, rules) is None


# ---------------------------------------------------------------------------
# Decisions
# ---------------------------------------------------------------------------


def position(hand: str, *, phase: str = "meld", variant: object = "finnish", **extra: object) -> canasta.Game:
    table: dict[str, object] = {
        "variant": variant,
        "players": 4,
        "seat": 0,
        "phase": phase,
        "scores": [0, 0],
        "seed": 1,
        "hands": {"0": hand, "1": 11, "2": 11, "3": 11},
    }
    if phase == "meld":
        table["drew"] = "stock"
    table.update(extra)
    return canasta.Game.from_position(table)


def decide(game: canasta.Game, seed: int = 0) -> canasta.Action:
    view = game.view(game.current_player)
    action = HeuristicBot(seed=seed).choose(view, view.legal_actions)
    assert action in view.legal_actions
    return action


def test_it_opens_when_it_holds_an_opening() -> None:
    """001 §13 A-B: 50 points in two natural melds, laid one action at a time in the same turn."""
    game = position("KS KH KD QS QH QD 5C 7H 9D")
    bot = HeuristicBot(seed=0)
    while game.current_player == 0 and not game.view(0).opened[0]:
        view = game.view(0)
        action = bot.choose(view, view.legal_actions)
        assert isinstance(action, Meld), f"expected the opening melds, got {action}"
        game.apply(action)
    assert game.view(0).opened[0]


def test_it_takes_a_big_pile_it_can_take() -> None:
    """001 §14 A•1: a natural pair takes the pile; eight cards are worth more than a draw."""
    pile = {"cards": "4C 6D 8S JH QD 5S 7C 9H"}
    game = position("9C 9D KS 5H 4D", phase="draw", sides={"0": {"melds": ["AC AD AH"]}}, pile=pile)
    action = decide(game)
    assert isinstance(action, TakePile) and not action.top_only


def test_it_takes_the_pile_to_open_only_when_the_hand_completes_the_opening() -> None:
    """000 ATT TA HÖGEN 4: only the top card counts from the pile, so the hand must supply the rest."""
    pile = {"cards": "4C 6D 8S JH QD 5S 7C KH"}
    can = position("KC KD QS QH QD 5C 7H", phase="draw", pile=pile)
    assert isinstance(decide(can), TakePile)
    cannot = position("KC KD 4S 6H 9D 5C 7H", phase="draw", pile=pile)
    assert decide(cannot) == Draw()


def test_it_does_not_discard_a_rank_the_next_opponents_side_has_melded() -> None:
    """001 §14 A•3: the next player could take an unfrozen pile by adding that card to his side's meld."""
    sides = {"0": {"melds": ["AC AD AH"]}, "1": {"melds": ["8C 8D 8S"]}}
    pile = {"cards": "4C 6D JS QD 5S"}
    for seed in range(5):
        game = position("8H 6C 9S 9D KD KC", sides=sides, pile=pile)
        action = decide(game, seed)
        assert isinstance(action, Discard) and action.rank != Rank("8")


def test_it_freezes_a_big_open_pile_when_every_natural_is_dangerous() -> None:
    """000 LÅST HÖG 2, 001 §17 B: a discarded two freezes the pile; the next side holds melds of every rank in hand."""
    sides = {"0": {"melds": ["AC AD AH"]}, "1": {"melds": ["8C 8D 8S", "KC KS KH", "6D 6S 6C"]}}
    pile = {"cards": "4C 6D JS QD 5S 9C TD 7H 4D JC"}
    game = position("8H 6H KD 2C", sides=sides, pile=pile)
    assert decide(game) == Discard(rank="2")


def test_it_goes_out_when_allowed_asking_its_partner_first() -> None:
    """000 UTGÅNG 1-2, 002 UTGÅNG 2: with its canasta made, it asks, the partner says yes, and it goes out."""
    sides = {"0": {"melds": ["KC KD KH KS KC KD"]}, "1": {"melds": ["8C 8D 8H"]}}
    game = position("KS 7C", variant="swedish-official", sides=sides, stock={"size": 10})
    bots = [HeuristicBot(seed=s) for s in range(4)]
    seen = []
    while game.hand_number == 1:
        view = game.view(game.current_player)
        action = bots[game.current_player].choose(view, view.legal_actions)
        seen.append(action)
        events = game.apply(action)
    assert isinstance(seen[0], AskGoOut) and seen[1] == AnswerGoOut(yes=True)
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert ended and ended[0].termination is Termination.WENT_OUT and ended[0].seat == 0


def test_it_goes_out_without_asking_where_the_profile_has_no_question() -> None:
    """P26: with permission not used, it simply melds out once its side has a canasta more than it needs."""
    sides = {"0": {"melds": ["KC KD KH KS KC KD", "QC QD QH QS QC QD QH"]}}
    game = position("KS 7C", variant={"extends": "regency", "going_out": {"permission": "not_used"}}, sides=sides)
    assert decide(game) == Meld(rank="K", naturals=1)


def test_the_partner_answers_no_when_behind_with_a_costly_hand() -> None:
    """001 §23 A: the answer is the partner's; it says no when its side trails and its hand costs more than going out brings."""
    sides = {"0": {"melds": ["KC KD KH KS KC KD KH"]}, "1": {"melds": ["8C 8D 8H 8S 8C 8D 8H", "9C 9D 9H 9S 9C 9D 9H"]}}
    hands = {"0": "5C 5D", "1": 2, "2": "JK JK 2C 2D AS AH AD", "3": 2}
    game = position("5C 5D", variant="swedish-official", sides=sides, hands=hands, stock={"size": 30})
    game.apply("ask")
    assert decide(game) == AnswerGoOut(yes=False)


def test_the_bot_values_a_canasta_as_the_engine_scores_it() -> None:
    """004 opt b, decisions P29: under rasche-house a pure-wild canasta earns 2000, a mixed one 1000, read from view.rules."""
    for meld, kind in (("2C 2D 2H 2S 2C 2D 2H", CanastaKind.PURE_WILD), ("2C 2D 2H 2S JK 2D 2H", CanastaKind.WILD)):
        view = position("5C 7D", variant="rasche-house", sides={"0": {"melds": [meld]}}).view(0)
        (m,) = view.melds[0]
        assert m.canasta_kind is kind
        cards = m.twos * view.rules.rank_value[TWO] + m.jokers * view.rules.rank_value[WILD]
        assert table_points(view.melds[0], view.rules) == cards + view.rules.canasta_bonus(kind)
    assert view.rules.canasta_bonus(CanastaKind.PURE_WILD) == 2000 and view.rules.canasta_bonus(CanastaKind.WILD) == 1000


def test_the_partner_counts_a_pure_wild_canasta_at_its_bonus_when_asked() -> None:
    """001 §23 A with 004 opt b: a pure-wild canasta (2140 on the table) puts the side ahead of three natural canastas (1710).

    When the bot valued cards by its own table, not the profile's, it valued it at 1000 (1140 on the table) and said no with this costly hand: the one
    decision the drifted joker-canasta value changed.
    """
    sides = {
        "0": {"melds": ["2C 2D 2H 2S 2C 2D 2H"]},
        "1": {"melds": ["8C 8D 8H 8S 8C 8D 8H", "9C 9D 9H 9S 9C 9D 9H", "TC TD TH TS TC TD TH"]},
    }
    hands = {"0": "5C 5D", "1": 2, "2": "JK JK AS AH AD KS QS", "3": 2}
    game = position("5C 5D", variant="rasche-house", sides=sides, hands=hands, stock={"size": 30})
    game.apply("ask")
    view = game.view(game.current_player)
    assert table_points(view.melds[0], view.rules) == 2140 and table_points(view.melds[1], view.rules) == 1710
    assert decide(game) == AnswerGoOut(yes=True)


def test_the_bot_written_in_the_docs_follows_the_protocol_and_is_compared_with_heuristic_bot() -> None:
    """docs/bots.md, "A complete small bot": GreedyBot plays a whole match against HeuristicBot, follows the protocol,
    and canasta.compare takes its class as a bot factory beside a registered one."""
    text = (Path(__file__).parent.parent / "docs" / "bots.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    example = next(b for b in blocks if "class GreedyBot" in b)
    comparison = next(b for b in blocks if "canasta.compare(" in b)
    namespace: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(example, "docs/bots.md", "exec"), namespace)
        exec(compile(comparison, "docs/bots.md", "exec"), namespace)
    game = namespace["game"]
    assert isinstance(game, canasta.Game) and game.is_over
    assert game.result is not None and game.result.winner == 1, "the heuristic side (seats 1 and 3) wins this match"
    greedy = namespace["GreedyBot"]
    assert bot_factory(greedy) is greedy and bot_label(greedy) == "GreedyBot"  # type: ignore[arg-type]
    assert protocol_problem(greedy(seed=3)) is None  # type: ignore[operator]
    report = str(namespace["result"])
    assert "seat 0: GreedyBot, seat 1: heuristic" in report and "side 1 wins the match" in report
    assert printed.getvalue().endswith(report + "\n")


# ---------------------------------------------------------------------------
# Strength, as a deterministic smoke check (benchmarks/bench_bots.py measures it properly)
# ---------------------------------------------------------------------------


def test_heuristic_partners_outscore_random_partners_over_twenty_seeded_hands() -> None:
    heuristic = random = 0
    for seed in range(20):
        h_side = seed % 2
        bots: list[Bot] = [HeuristicBot(seed=seed) if s % 2 == h_side else RandomBot(seed=seed) for s in range(4)]
        game = canasta.Game("finnish", players=4, seed=seed)
        (ended,) = play_hands(game, bots, hands=1)
        totals = {part.side: part.total for part in ended.scores}
        heuristic += totals[h_side]
        random += totals[1 - h_side]
    assert heuristic > random + 20 * 200


# ---------------------------------------------------------------------------
# Hostile input: one seed rule, and the library's own errors for every bad argument
# ---------------------------------------------------------------------------


def _choices(bot: Bot, views: Sequence[canasta.PlayerView]) -> list[str]:
    return [str(bot.choose(v, v.legal_actions)) for v in views]


@pytest.mark.parametrize("cls", [RandomBot, HeuristicBot])
def test_one_seed_rule_for_every_bot_ints_numpy_ints_or_none(cls: type) -> None:
    """Seeds as canasta.Game takes them, plus numpy integers; distinct seeds play distinctly, a negative one too."""
    np = pytest.importorskip("numpy")
    views = recorded_views("regency", seed=3, count=120)
    for seed in (np.int64(3), np.int32(3), np.uint64(3), np.uint8(3), np.int16(3)):
        bot = cls(seed=seed)
        assert type(bot.seed) is int and bot.seed == 3 and repr(bot) == f"{cls.__name__}(seed=3)"
        assert _choices(bot, views) == _choices(cls(seed=3), views)
    assert cls(seed=None).seed is None and cls(seed=-(2**63)).seed == -(2**63) and cls(seed=2**63 - 1).seed == 2**63 - 1
    if cls is RandomBot:
        assert _choices(cls(seed=-1), views) != _choices(cls(seed=1), views), "a negative seed is not its absolute value"
    for seed in ("x", 3.5, 3.0, True, np.bool_(True), object(), "\ud800", [3], Hostile(), np.float64(3)):
        with pytest.raises(canasta.ArgumentError, match="expected an int or None"):
            cls(seed=seed)
    for seed in (2**63, -(2**63) - 1, 10**5000, np.uint64(2**64 - 1)):
        with pytest.raises(canasta.ArgumentError, match="a seed is an int from"):
            cls(seed=seed)


@pytest.mark.parametrize("cls", [RandomBot, HeuristicBot])
def test_choose_refuses_what_is_not_a_view_and_a_list_of_actions(cls: type) -> None:
    game = canasta.Game("finnish", players=4, seed=1)
    view = game.view(0)
    legal = view.legal_actions
    bot = cls(seed=1)
    for bad_view in (None, "view", game, Hostile(), 3):
        with pytest.raises(canasta.ArgumentError, match="expected the seat's view"):
            bot.choose(bad_view, legal)
    for bad_legal in (None, "draw", 3, Hostile(), {0: legal[0]}, iter(legal)):
        with pytest.raises(canasta.ArgumentError, match="legal actions"):
            bot.choose(view, bad_legal)
    for empty in ((), []):
        with pytest.raises(canasta.ArgumentError, match="no legal actions"):
            bot.choose(view, empty)
    for entries in ([Hostile()], [None], ["draw"], [3, 4]):
        with pytest.raises(canasta.ArgumentError, match="is not an action the engine lists"):
            bot.choose(view, entries)
    other = canasta.Game("regency", players=2, seed=5)
    other_view = other.view(other.current_player)
    assert bot.choose(other_view, other_view.legal_actions) in other_view.legal_actions, "a view of another game is a view"


def test_a_heuristic_bot_reads_every_entry_and_refuses_a_malformed_one() -> None:
    view = canasta.Game("finnish", players=4, seed=1).view(0)
    for legal in ([*view.legal_actions, Hostile()], [Hostile(), *view.legal_actions], [view.legal_actions[0], None]):
        with pytest.raises(canasta.ArgumentError, match="is not an action the engine lists"):
            HeuristicBot(seed=1).choose(view, legal)


def test_play_turn_refuses_a_bad_game_or_bots_and_leaves_the_game_as_it_was() -> None:
    game = canasta.Game("finnish", players=4, seed=2)
    before = game.record()
    bots = [RandomBot(seed=s) for s in range(4)]

    class NotABot:
        choose = 3

    for args in (
        (game, []),
        (game, None),
        (game, [1, 2, 3, 4]),
        (game, [RandomBot()]),
        (game, "abcd"),
        (game, Hostile()),
        (game, [Hostile()] * 4),
        (game, [NotABot()] * 4),
        (None, bots),
        ("game", bots),
        (Hostile(), bots),
        (game.view(0), bots),
    ):
        with pytest.raises(canasta.ArgumentError, match="play_turn"):
            play_turn(*args)  # type: ignore[arg-type]
        assert game.record() == before

    class Returns:
        def __init__(self, value: object) -> None:
            self.value = value

        def choose(self, view: canasta.PlayerView, legal: Sequence[canasta.Action]) -> object:
            return self.value

    for value in (Hostile(), None, "fly away", 3):
        with pytest.raises(canasta.NotationError):
            play_turn(game, [Returns(value)] * 4)  # type: ignore[list-item]
        assert game.record() == before
    with pytest.raises(canasta.IllegalActionError):
        play_turn(game, [Returns("discard 7")] * 4)  # type: ignore[list-item]
    assert game.record() == before

    class Raises:
        def choose(self, view: canasta.PlayerView, legal: Sequence[canasta.Action]) -> canasta.Action:
            raise KeyError("the bot's own error")

    with pytest.raises(KeyError, match="the bot's own error"):
        play_turn(game, [Raises()] * 4)  # the bot's exception is its own: it reaches the caller unchanged
    assert game.record() == before


def test_play_turn_on_a_finished_match_is_refused() -> None:
    game = canasta.Game("regency", players=2, seed=1)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    while not game.is_over:
        play_turn(game, bots)
    with pytest.raises(canasta.ArgumentError, match="the match is over"):
        play_turn(game, bots)


# ---------------------------------------------------------------------------
# The registry: one list of names, one seed rule, one error for an unknown name
# ---------------------------------------------------------------------------


class SeededDrawer:
    """A user's bot: its class is its factory, seeded like the library's bots."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: canasta.PlayerView, legal: Sequence[canasta.Action]) -> canasta.Action:
        return legal[0]


def test_the_registry_names_the_library_bots_and_takes_a_factory() -> None:
    assert bot_names() == ("random", "heuristic", "search-quick", "search", "search-strong") == tuple(BOTS)
    assert bot_factory("random") is RandomBot and bot_factory("heuristic") is HeuristicBot
    assert bot_factory(SeededDrawer) is SeededDrawer and bot_factory(HeuristicBot) is HeuristicBot
    assert [bot_label(b) for b in ("random", HeuristicBot, SeededDrawer)] == ["random", "heuristic", "SeededDrawer"]
    assert seconds_per_hand("heuristic") == BOTS["heuristic"].seconds_per_hand
    assert seconds_per_hand(SeededDrawer) == DEFAULT_SECONDS_PER_HAND
    with pytest.raises(TypeError):
        BOTS["greedy"] = BOTS["random"]  # type: ignore[index]


def test_one_seed_rule_seats_every_bot() -> None:
    """seat_seed(u, s) = derive_seed(u, "bot", s), BLAKE2b of "u:bot:s": the simulation's rule before the registry existed, unchanged, so seeded runs replay."""
    for unit, seat in ((0, 0), (5, 3), (-(2**63), 1), (2**63 - 1, 5)):
        digest = hashlib.blake2b(f"{unit}:bot:{seat}".encode(), digest_size=8).digest()
        assert seat_seed(unit, seat) == derive_seed(unit, "bot", seat) == int.from_bytes(digest, "big") >> 1
    made = make_bots(["heuristic", "random", SeededDrawer, "heuristic"], 7)
    assert [type(b) for b in made] == [HeuristicBot, RandomBot, SeededDrawer, HeuristicBot]
    assert [b.seed for b in made] == [seat_seed(7, s) for s in range(4)]  # type: ignore[attr-defined]


def test_an_unknown_bot_name_is_the_same_argument_error_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    """The registry's error, with the closest name, from the registry, the simulation's seating and ``canasta play``."""
    message = "unknown bot 'heuristc'; did you mean 'heuristic'? Choose from random, heuristic, search-quick, search, search-strong"
    for call in (
        lambda: bot_factory("heuristc"),
        lambda: bot_label("heuristc"),
        lambda: make_bots(["heuristic", "heuristc"], 1),
        lambda: seat_bots(["heuristc"], 4, 2),
    ):
        with pytest.raises(canasta.ArgumentError) as caught:
            call()
        assert str(caught.value) == message
    with pytest.raises(canasta.ArgumentError, match="unknown bot 'genius'; choose from random, heuristic, search-quick, search, search-strong"):
        bot_factory("genius")
    with pytest.raises(canasta.ArgumentError, match="did you mean 'heuristic'"):
        bot_factory("Heuristic")  # names match exactly, as profile names do
    assert cli_main(["play", "--bot", "heuristc"]) == 2
    assert capsys.readouterr().err.strip() == f"canasta: {message}"


def _no_seed() -> Bot:
    return RandomBot(1)


def test_a_value_that_makes_no_bot_is_refused_before_any_is_made() -> None:
    class NoChoose:
        def __init__(self, seed: int) -> None:
            self.seed = seed

    for value, problem in (
        (3, "expected a bot name"),
        (None, "expected a bot name"),
        (Hostile(), "expected a bot name"),
        (HeuristicBot(seed=1), "is a bot, not a bot factory"),
        (NoChoose, "has no choose"),
        (_no_seed, "cannot be called with a seed"),
    ):
        with pytest.raises(canasta.ArgumentError, match=problem):
            bot_factory(value)  # type: ignore[arg-type]
    with pytest.raises(canasta.ArgumentError, match="returned None, which has no choose"):
        make_bots([lambda seed: None], 1)  # type: ignore[list-item]

    def fails(seed: int) -> Bot:
        raise KeyError("the factory's own error")

    with pytest.raises(KeyError, match="the factory's own error"):
        make_bots([fails], 1)


# ---------------------------------------------------------------------------
# One place per fact: documented, reading the engine's rules and constants, tested through public names
# ---------------------------------------------------------------------------

BOT_MODULES = ["canasta.bots", *(f"canasta.bots.{m.name}" for m in pkgutil.iter_modules(canasta.bots.__path__))]


def _module_tree(modname: str) -> ast.Module:
    return ast.parse(source_of(modname).read_text(encoding="utf-8"))


def _public_attributes(modname: str) -> list[tuple[str, str]]:
    """(class, attribute) for every public attribute of a public class, and ("", name) for a module constant in ``__all__``."""
    module = importlib.import_module(modname)
    found = []
    for node in _module_tree(modname).body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found += [("", t.id) for t in targets if isinstance(t, ast.Name) and t.id in getattr(module, "__all__", ())]
        if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) and not item.target.id.startswith("_"):
                    found.append((node.name, item.target.id))
                if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                    for sub in ast.walk(item):
                        if isinstance(sub, ast.Assign | ast.AnnAssign):
                            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
                            found += [
                                (node.name, t.attr)
                                for t in targets
                                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
                                if not t.attr.startswith("_")
                            ]
    return sorted(set(found))


@pytest.mark.parametrize("modname", BOT_MODULES)
def test_every_public_attribute_of_the_bots_has_a_docstring(modname: str) -> None:
    """Constants, attributes set in ``__init__`` and attrs fields alike, as Sphinx finds them; and every public function,
    class and method."""
    analyzer = pytest.importorskip("sphinx.pycode").ModuleAnalyzer
    documented = analyzer.for_file(str(source_of(modname)), modname).find_attr_docs()
    missing = [f"{cls}.{name}".lstrip(".") for cls, name in _public_attributes(modname) if (cls, name) not in documented]
    for node in ast.walk(_module_tree(modname)):
        if isinstance(node, ast.FunctionDef | ast.ClassDef) and not node.name.startswith("_") and ast.get_docstring(node) is None:
            missing.append(node.name)
    assert not missing, f"{modname}: no docstring for {missing}"


@pytest.mark.parametrize("modname", BOT_MODULES)
def test_the_bots_read_the_engines_rules_and_constants_not_copies(modname: str) -> None:
    """Rules from view.rules (canasta.TableRules), never rebuilt from view.variant; ranks and cards by the names of
    canasta.core.cards (WILD, JOKER, ...), never as the numbers 13 or 52."""
    tree = _module_tree(modname)
    variant = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "variant"]
    numbers = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Constant) and type(n.value) is int and n.value in (13, 14, 52, 53)]
    assert not variant and not numbers, f"{modname}: reads .variant at lines {variant}, a card or rank number at lines {numbers}"


def test_the_bot_tests_import_no_private_helper() -> None:
    for path in (Path(__file__), Path(__file__).parent / "test_bot_golden.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("canasta"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private and "._" not in (node.module or ""), f"{path.name} imports {private or node.module}"
