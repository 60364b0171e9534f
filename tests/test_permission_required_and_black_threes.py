"""Two Hand and Foot rules: going out needs the partner's yes, and black threes are never melded.

``going_out.permission = "required"``: the player asks his partner "may I go out?"
and goes out only after a yes this turn (Hand and Foot, "Ask partner's
permission": FEU default, CHT; ``hand-and-foot.md`` "Going out"); the answer
binds as under ``"optional"`` (000 UTGÅNG 1, 004 L175; decisions P26).

``black_threes.meldable = false``: "threes cannot be melded" (GOCC, RVI;
``hand-and-foot.md`` "Melds"), black threes are stop cards only (FEU, NWP), where
the classic rules meld three or four of them in going out (000 SVARTA TREOR 2,
001 §20 C). A black three is discarded or kept.

The positions are Finnish tables (001) with the house rule on; seat 0's side holds
a canasta of nines, so that it may go out (001 §18 B).
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from test_engine_playouts import Playout, check_replay, run_playout

import canasta
from canasta.core.cards import THREE
from canasta.core.going_out import going_out_plan
from canasta.variants.statement import statement, statement_text
from canasta.variants.upgrade import ADDED

REQUIRED = """
[going_out]
permission = "required"
ask_after_melding = "allowed"
"""

UNMELDABLE = """
[black_threes]
meldable = false
"""

NINES = "9C 9D 9H 9S 9C 9D 9H"


def variant(text: str) -> dict[str, Any]:
    """A house profile as a position's ``variant`` table."""
    return {"extends": "finnish", "name": "club", **tomllib.loads(text)}


def loaded(text: str) -> canasta.Variant:
    return canasta.loads_variant(f'extends = "finnish"\nname = "club"\n{text}')


def table(text: str, hand: str, melds: tuple[str, ...] = (NINES, "8C 8D 8S"), **changes: Any) -> canasta.Game:
    """Seat 0 of a 4-player table under the house rule ``text``, his side opened with ``melds``, has drawn from the stock and holds ``hand``."""
    spec: dict[str, Any] = {
        "variant": variant(text),
        "players": 4,
        "seat": 0,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": hand, "1": 11, "2": 11, "3": 11},
        "sides": {"0": {"melds": list(melds)}, "1": {"melds": ["KC KD KH"]}},
        "pile": {"cards": "5C 4D 6S"},
        "stock": {"size": 40},
    }
    spec.update(changes)
    return canasta.Game.from_position(spec)


def listed(game: canasta.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def went_out(events: list[Any]) -> bool:
    return any(isinstance(e, canasta.HandEnded) for e in events)


# -- going_out.permission = "required" ------------------------------------------------


def test_going_out_without_asking_is_refused_with_the_permission_key() -> None:
    """FEU, CHT: going out needs the partner's yes. The last meld (leaving one card to discard, 001 §16 B) and the
    meld of the last card would each go out: refused, and never listed; asking is."""
    game = table(REQUIRED, "8H 5C")
    refused = game.violation("meld 8 n1")
    assert refused is not None and refused.rule == "going_out.permission"
    assert "meld 8 n1" not in listed(game)
    assert "ask" in listed(game)
    assert not game.can_go_out()
    # one card in the meld phase, not asked: its discard or meld would go out, and asking needs two cards (decisions P26),
    # so no play reaches such a table, and a position describing it is refused as a dead end
    with pytest.raises(canasta.PositionError, match=r"going_out\.permission"):
        table(REQUIRED, "8H")


def test_after_the_partners_yes_going_out_is_listed_and_legal() -> None:
    """After a yes the player goes out, and must if he can (the answer binds: 004 L175, decisions P26)."""
    game = table(REQUIRED, "8H 5C")
    game.apply("ask")
    game.apply("yes")
    assert game.current_player == 0
    assert "meld 8 n1" in listed(game)
    assert game.can_go_out()
    refused = game.violation("discard 8")
    assert refused is not None and refused.rule == "going_out.permission"  # bound by the yes
    game.apply("meld 8 n1")
    assert went_out(game.apply("discard 5"))


def test_after_the_partners_no_going_out_stays_refused() -> None:
    """After a no he keeps a card this turn (001 §23 A): the meld that would leave one card to go out is not listed."""
    game = table(REQUIRED, "8H 5C")
    game.apply("ask")
    game.apply("no")
    assert "meld 8 n1" not in listed(game)
    refused = game.violation("meld 8 n1")
    assert refused is not None and refused.rule == "going_out.permission"
    assert {"discard 8", "discard 5"} <= set(listed(game))
    assert not went_out(game.apply("discard 5"))


def test_optional_permission_still_goes_out_without_asking() -> None:
    """Under ``"optional"`` the question is a right, not a duty (002 UTGÅNG 2): going out needs no yes."""
    game = table('[going_out]\npermission = "optional"\nask_after_melding = "allowed"\n', "8H 5C")
    assert "meld 8 n1" in listed(game)
    game.apply("meld 8 n1")
    assert went_out(game.apply("discard 5"))


def test_required_at_a_table_without_partners_needs_no_yes() -> None:
    """"Needs a partner": with two players nobody asks, and going out needs no yes, as with the other values."""
    text = REQUIRED + "\n[deal]\ndecks = { 2 = 2, 4 = 2 }\njokers = { 2 = 4, 4 = 4 }\nhand_size = { 2 = 15, 4 = 11 }\nsides = { 2 = 2, 4 = 2 }\nsitting_out = { 2 = 0, 4 = 0 }\n"
    text += "\n[going_out.canastas_required]\n2 = 1\n4 = 1\n\n[red_threes.bonus_table]\n2 = [100, 200, 300, 400]\n4 = [100, 200, 300, 400]\n"
    profile = loaded(text)
    rules = canasta.Game(profile, players=2, seed=1).rules
    assert not rules.permission and not rules.permission_required
    assert canasta.Game(profile, players=4, seed=1).rules.permission_required


def test_the_rules_in_words_say_going_out_needs_the_yes() -> None:
    text = statement_text(loaded(REQUIRED), 4)
    assert "only after asking his partner and being told yes" in text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_with_permission_required_keeps_every_invariant(seed: int) -> None:
    """The checks of ``test_engine_playouts`` after every action (the listing against ``check`` over the action pool, no
    dead end, conservation), and the replay; greedy choices ask and go out."""
    game = run_playout(Playout(loaded(REQUIRED), 4, seed=seed, choice_seed=seed, choices=(0, 1, 2), greedy=True, hands=2))  # type: ignore[arg-type]
    check_replay(game)


def test_heuristic_bots_ask_before_going_out_where_it_is_required() -> None:
    """The bots ask, and go out only after a yes: hands end by going out, never by a refused action."""
    profile = loaded(REQUIRED)
    asked = went = 0
    for seed in range(3):
        game = canasta.Game(profile, players=4, seed=seed, hands=2)
        bots = [canasta.HeuristicBot(seed=seed * 4 + s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            action = bots[seat].choose(game.view(seat), game.legal_actions())
            asked += str(action) == "ask"
            events = game.apply(action)
            went += any(isinstance(e, canasta.HandEnded) and e.termination in (canasta.Termination.WENT_OUT, canasta.Termination.WENT_OUT_CONCEALED) for e in events)
    assert asked > 0
    assert went > 0


# -- black_threes.meldable = false -------------------------------------------------------


def test_a_meld_of_black_threes_is_refused_and_never_listed() -> None:
    """GOCC, RVI: threes cannot be melded. The going-out meld of 000 SVARTA TREOR 2 / 001 §20 C is refused by the key."""
    game = table(UNMELDABLE, "3C 3S 3C 8H")
    refused = game.violation("meld 3 n3")
    assert refused is not None and refused.rule == "black_threes.meldable"
    assert not [a for a in listed(game) if a.startswith("meld 3")]
    assert not game.can_go_out()  # three black threes can be neither melded nor all discarded
    assert "discard 3" in listed(game)


def test_with_black_threes_meldable_the_same_hand_goes_out_with_them() -> None:
    """001 §20 C: three black threes melded as the last meld take the player out."""
    game = table("", "3C 3S 3C 8H")
    assert game.can_go_out()
    game.apply("meld 8 n1")
    assert "meld 3 n3" in listed(game)
    assert went_out(game.apply("meld 3 n3"))


def test_one_black_three_is_discarded_to_go_out() -> None:
    """A player holding one black three who can otherwise go out discards it as his last card (FEU, NWP: a stop card)."""
    game = table(UNMELDABLE, "3C 8H 8S")
    assert game.can_go_out()
    assert not [a for a in listed(game) if a.startswith("meld 3")]
    game.apply("meld 8 n2")
    assert "discard 3" in listed(game)
    assert went_out(game.apply("discard 3"))


def test_the_planner_discards_the_black_three_or_gives_up() -> None:
    """``going_out_plan`` (the search the engine and the bots share): one black three is the discard; two cannot go out."""
    rules = table(UNMELDABLE, "3C 8H 8S").rules
    classic = table("", "3C 8H 8S").rules
    counts = [0] * 14
    counts[THREE] = 1
    counts[6] = 2  # two eights (rank index 6)
    melds = {7: (7, 0, 0), 6: (3, 0, 0)}  # a canasta of nines, three eights
    found = going_out_plan(counts, melds, rules)
    assert found is not None and found[1] == THREE and (THREE, 1, 0, 0) not in found[0]
    counts[THREE] = 2
    assert going_out_plan(counts, melds, rules) is None
    counts[THREE] = 3
    assert going_out_plan(counts, melds, rules) is None
    plan = going_out_plan(counts, melds, classic)
    assert plan is not None and (THREE, 3, 0, 0) in plan[0]


def test_the_rules_in_words_say_black_threes_are_never_melded() -> None:
    lines = [line for line in statement(loaded(UNMELDABLE), 4) if line.topic == "black threes melded"]
    assert len(lines) == 1 and lines[0].keys == ("black_threes.meldable",)
    assert "never" in lines[0].text


@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_with_black_threes_never_melded_keeps_every_invariant(seed: int) -> None:
    game = run_playout(Playout(loaded(UNMELDABLE + REQUIRED), 4, seed=seed, choice_seed=seed, choices=(0, 1, 2), greedy=True, hands=2))  # type: ignore[arg-type]
    check_replay(game)


def test_old_files_without_the_key_meld_black_threes() -> None:
    """``upgrade.ADDED``: a file written without ``black_threes.meldable`` played the going-out meld (000 SVARTA TREOR 2)."""
    entry = next(a for a in ADDED if a.key == "black_threes.meldable")
    assert entry.played is True and entry.version == 2 and entry.within
