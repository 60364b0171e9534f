"""``canasta play`` warns before an action costs points.

The penalties the engine applies in play are ``going_out.permission_penalty``
(a discard that does not go out after the partner's binding yes, 001 §23 D) and
``penalties.insufficient_opening_raise`` (taking back an opening raises the
minimum, 001 §27 A•2). Each test compares what the screen announces with what
the engine then does, so the warnings cannot drift from the rules.
"""

from __future__ import annotations

import io
import random

import pytest

import canasta
from canasta.bots import RandomBot
from canasta.core.actions import ASK, NO, RETRACT, YES, Action, AskGoOut, Discard, Meld
from canasta.core.events import OpeningRetracted, PenaltyApplied
from canasta.core.legality import can_go_out
from canasta.play import Match, PlainScreen, run_session
from canasta.play.costs import Cost, When
from canasta.play.text import penalties_text


def bots(players: int = 4) -> list[RandomBot | None]:
    return [None, *(RandomBot(s) for s in range(1, players))]


def match_at(game: canasta.Game, seat: int = 0) -> Match:
    bots_ = [None if s == seat else RandomBot(s) for s in range(game.players)]
    return Match(game, seat, bots_)


def session(game: canasta.Game, lines: str, seat: int = 0) -> str:
    out = io.StringIO()
    run_session(match_at(game, seat), PlainScreen(io.StringIO(lines), out))
    return out.getvalue()


def charged(game: canasta.Game, action: Action | str) -> tuple[int, ...]:
    """What applying the action on a copy charges: penalty points per side, then the raise of the acting side's minimum."""
    side = game.side_of(game.current_player)
    before = game.view(game.current_player).opening_minimums[side]
    events = game.copy().apply(action)
    points = [0] * game.sides
    raised = 0
    for e in events:
        if isinstance(e, PenaltyApplied):
            points[e.side] += e.points
        elif isinstance(e, OpeningRetracted):
            raised = e.new_minimum - before
    return (*points, raised)


def announced(costs: list[Cost], sides: int) -> tuple[int, ...]:
    points = [0] * sides
    raised = 0
    for c in costs:
        if c.when is not When.NOW:
            continue
        if c.minimum is not None:
            raised += c.minimum[1] - c.minimum[0]
        else:
            points[c.side] += c.points
    return (*points, raised)


def test_001_s23_d_asking_when_you_cannot_go_out_is_announced_and_a_yes_then_costs_what_it_said() -> None:
    game = canasta.Game("finnish", players=4, seed=1)
    game.apply("draw")
    assert not can_go_out(game.copy().state, 0)
    match = match_at(game)
    ask = match.costs()[ASK]
    assert [c.when for c in ask] == [When.IF_YES] and ask[0].points == 100
    assert ask[0].rule == "going_out.permission_penalty" and ask[0].source == "001 §23 D"
    game.apply("ask")
    game.apply("yes")
    costs = match.costs()
    discards = [a for a in match.view().legal_actions if isinstance(a, Discard)]
    assert discards
    for action in match.view().legal_actions:
        assert announced(costs.get(action, []), 2) == charged(game, action), action
    assert all(charged(game, a)[0] == 100 for a in discards)


def test_001_s23_d_the_screen_says_what_ask_and_the_discards_after_a_yes_cost() -> None:
    game = canasta.Game("finnish", players=4, seed=1)
    game.apply("draw")
    out = session(game.copy(), "? ask\nquit\n")
    number = [str(a) for a in game.view(0).legal_actions].index("ask") + 1
    assert f"{number} ask [-100 if yes]" in out
    assert f"! {number} ask: if your partner answers yes, you must go out this turn" in out
    assert "ask is legal now, but if your partner answers yes" in out
    assert "(rule going_out.permission_penalty, source 001 §23 D)" in out
    game.apply("ask")
    game.apply("yes")
    legal = [str(a) for a in game.view(0).legal_actions]
    first = legal.index("discard 4") + 1
    out = session(game.copy(), f"? discard 4\n? {first}\nquit\n")
    assert "discard 4 [-100]" in out
    assert f"{first} (discard 4) is legal now, but costs your side 100 points" in out
    assert "discard 4 is legal now, but costs your side 100 points: your partner answered yes" in out
    assert "meld 5 n3 [" not in out, "a meld costs nothing here"
    assert len(game.actions) == 3, "asking ? changes nothing"


def asked(variant: str) -> canasta.Game:
    """A game where seat 0 has drawn and asked: seat 2 is to answer."""
    game = canasta.Game(variant, players=4, seed=1)
    game.apply("draw")
    game.apply("ask")
    assert game.current_player == 2
    return game


def test_001_s23_d_answering_yes_is_announced_from_the_rule_only() -> None:
    """The asker's hand is hidden, so the answer's cost is said from the profile, and the same whether or not he can go out."""
    game = asked("finnish")
    match = match_at(game, seat=2)
    costs = match.costs()
    assert [(c.when, c.points) for c in costs[YES]] == [(When.IF_NOT_OUT, 100)]
    assert NO not in costs
    out = session(game, "? yes\nquit\n", seat=2)
    assert "1 yes [-100 if not out]" in out
    assert "yes is legal now, but binds you" not in out
    assert "binds seat 0 (partner) to go out this turn: if the turn ends without going out, your side loses 100 points" in out


@pytest.mark.parametrize("variant", ["regency", "swedish-official", "dutch"])
def test_profiles_without_the_penalty_announce_nothing(variant: str) -> None:
    v = canasta.load_variant(variant)
    assert v.going_out.permission_penalty == 0 and v.penalties.insufficient_opening_raise == 0
    game = canasta.Game(variant, players=4, seed=1)
    game.apply("draw")
    assert match_at(game).costs() == {}
    assert penalties_text(game.rules) == "penalties in play: none"
    if game.can("ask"):
        game.apply("ask")
        assert match_at(game, seat=2).costs() == {}


def provisional_opening(variant: str) -> canasta.Game:
    """A game where seat 0 has melded toward an opening that does not stand yet, so ``retract`` is legal (001 §27 A•2)."""
    for seed in range(1, 50):
        game = canasta.Game(variant, players=4, seed=seed)
        if game.current_player != 0:
            continue
        game.apply("draw")
        for action in game.legal_actions():
            if isinstance(action, Meld):
                trial = game.copy()
                trial.apply(action)
                if trial.can(RETRACT):
                    return trial
    raise AssertionError("no provisional opening found")


@pytest.mark.parametrize(("variant", "raised"), [("finnish", 10), ("regency", 0)])
def test_001_s27_a_retract_announces_the_raised_minimum(variant: str, raised: int) -> None:
    game = provisional_opening(variant)
    match = match_at(game)
    before = match.view().opening_minimums[0]
    costs = match.costs().get(RETRACT, [])
    assert charged(game, RETRACT)[-1] == raised
    if raised:
        assert [c.minimum for c in costs] == [(before, before + raised)]
        assert costs[0].rule == "penalties.insufficient_opening_raise" and costs[0].source.startswith("001 §27 A")
        out = session(game, "? retract\nquit\n")
        assert f"retract [minimum {before + raised}]" in out
        assert f"retract is legal now, but raises your side's opening minimum from {before} to {before + raised}" in out
    else:
        assert costs == []


def test_rules_name_the_penalties_with_their_sources() -> None:
    text = penalties_text(canasta.Game("finnish", players=4, seed=1).rules)
    assert "costs the side 100 (001 §23 D)" in text
    assert "raises the side's minimum by 10 for the hand (001 §27 A•2" in text


HOUSE = canasta.loads_variant(
    """
extends = "finnish"
name = "house-penalties"
[going_out]
permission = "optional"
permission_penalty = 250
[penalties]
insufficient_opening_raise = 35
"""
)


def playout(variant: object, seed: int) -> dict[str, int]:
    """Random play that asks whenever it may, with a partner who always answers yes; at every prompt, each legal
    action's announced cost is compared with what the engine charges for it. What was seen, counted."""
    game = canasta.Game(variant, players=4, seed=seed)  # type: ignore[arg-type]
    match = match_at(game)
    rng = random.Random(seed)
    seen = {"penalty": 0, "ask": 0, "later": 0}
    for _ in range(600):
        if game.is_over:
            break
        match.advance()
        if game.is_over:
            break
        view = match.view()
        costs = match.costs()
        for action in view.legal_actions:
            want = charged(game, action)
            assert announced(costs.get(action, []), game.sides) == want, (action, costs.get(action))
            seen["penalty"] += any(want)
            for later in (c for c in costs.get(action, []) if c.when is When.AT_DISCARD):
                trial = game.copy()
                trial.apply(action)
                discards = [a for a in trial.legal_actions() if isinstance(a, Discard)]
                assert discards and all(charged(trial, a)[later.side] == later.points for a in discards)
                seen["later"] += 1
        ask = next((a for a in view.legal_actions if isinstance(a, AskGoOut)), None)
        if ask is not None:
            seen["ask"] += 1
            warned = any(c.when is When.IF_YES for c in costs.get(ask, []))
            trial = game.copy()
            trial.apply(ask)
            trial.apply(YES)
            out = can_go_out(trial.copy().state, 0)
            penalised = any(charged(trial, a)[view.side] for a in trial.legal_actions() if isinstance(a, Discard))
            assert warned == (not out and penalised), (warned, out, penalised)
            game.apply(ask)
            game.apply(YES)
            continue
        match.apply(rng.choice(view.legal_actions))
    replayed = canasta.Game.replay(game.record())
    assert (replayed.scores, replayed.hand_number, str(replayed.view(0))) == (game.scores, game.hand_number, str(game.view(0))), (
        "finding the costs on copies leaves the game as it was"
    )
    return seen


@pytest.mark.parametrize(
    ("variant", "seed", "penalised"),
    [("finnish", 3, True), ("finnish", 8, True), (HOUSE, 5, True), ("regency", 4, False)],
    ids=["finnish-3", "finnish-8", "house-5", "regency-4"],
)
def test_no_action_costs_points_unannounced_in_random_play(variant: object, seed: int, penalised: bool) -> None:
    """Every penalty the engine charges the person was announced, for exactly its amount, and nothing announced as
    certain went uncharged; ``ask`` is announced exactly when a yes would leave a discard penalised (001 §23 D)."""
    seen = playout(variant, seed)
    assert seen["ask"], "the playout asked at least once"
    assert bool(seen["penalty"]) is penalised, seen


def test_a_meld_that_leaves_no_way_out_after_a_yes_is_announced_and_the_discard_is_then_penalised() -> None:
    seen = playout("finnish", 1)
    assert seen["later"], seen


def test_the_partner_answering_sees_the_same_announcement_whatever_the_askers_hand() -> None:
    """Whether the asker can go out is hidden from the partner: the announcement on ``yes`` never depends on it."""
    found = set()
    for seed in range(1, 40):
        game = canasta.Game("finnish", players=4, seed=seed)
        bot = RandomBot(seed)
        for _ in range(300):
            if game.is_over or (game.current_player == 0 and game.can("ask")):
                break
            game.apply(bot.choose(game.view(game.current_player), game.legal_actions()))
        if game.is_over or not game.can("ask"):
            continue
        out = can_go_out(game.copy().state, 0)
        game.apply("ask")
        costs = match_at(game, seat=2).costs()
        found.add((out, tuple(costs[YES])))
    assert found
    assert len({announcement for _, announcement in found}) == 1


def test_a_hint_that_costs_points_says_so() -> None:
    game = canasta.Game("finnish", players=4, seed=1)
    game.apply("draw")
    game.apply("ask")
    game.apply("yes")
    match = Match(game, 0, bots(), hint_bot=FixedBot("discard 7"))
    out = io.StringIO()
    run_session(match, PlainScreen(io.StringIO("hint\nquit\n"), out))
    number = [str(a) for a in game.view(0).legal_actions].index("discard 7") + 1
    assert f"hint: discard 7   (number {number}); it costs your side 100 points" in out.getvalue()


class FixedBot(RandomBot):
    """A hint bot that always names the same action."""

    def __init__(self, text: str) -> None:
        super().__init__(0)
        self.text = text

    def choose(self, view: object, legal: object) -> Action:
        return canasta.parse_action(self.text)
