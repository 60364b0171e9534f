"""Several canastas of one rank: a completed canasta is closed and set aside, and a new meld of its rank may start.

Hand and Foot's books close at seven and new books of the rank open (NWP; several
books of one rank are common in play: ``hand-and-foot.md`` "Melds"), the key
``canastas.several_per_rank``. Without it a side holds one meld per rank, its
canasta included (001 §11 B; decisions P27). The positions here are Finnish
tables of four packs whose canastas close at seven (``canastas.naturals_added``
and ``wilds_added`` off), with the rule on.
"""

from __future__ import annotations

import tomllib
from typing import Any

import pytest
from test_engine_playouts import Playout, check_replay, run_playout

import canasta
from canasta.errors import PositionError, VariantError

BOOKS = """
[canastas]
naturals_added = false
wilds_added = false
several_per_rank = true

[deal]
decks = { 4 = 4 }
jokers = { 4 = 8 }

[red_threes]
bonus_table = { 4 = [100, 200, 300, 400, 500, 600, 700, 800] }
"""


def variant(text: str = BOOKS, parent: str = "finnish") -> dict[str, Any]:
    """A house profile as a position's ``variant`` table."""
    return {"extends": parent, "name": "books", **tomllib.loads(text)}


def loaded(text: str = BOOKS) -> canasta.Variant:
    return canasta.loads_variant(f'extends = "finnish"\nname = "books"\n{text}')


def table(melds: list[str], hand: str, **changes: Any) -> canasta.Game:
    """Seat 0 of a 4-player table, his side opened with ``melds``, has drawn and holds ``hand``."""
    spec: dict[str, Any] = {
        "variant": variant(),
        "players": 4,
        "seat": 0,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": hand, "1": 11, "2": 11, "3": 11},
        "sides": {"0": {"melds": melds}, "1": {"melds": ["KC KD KH"]}},
        "pile": {"cards": "5C 4D 9S"},
        "stock": {"size": 40},
    }
    spec.update(changes)
    return canasta.Game.from_position(spec)


def side_melds(game: canasta.Game, side: int = 0) -> list[tuple[str, int, bool]]:
    return [(str(m.rank), m.size, m.is_canasta) for m in game.view(0).melds[side]]


def test_the_canasta_a_meld_completes_is_set_aside_and_a_new_meld_of_its_rank_starts() -> None:
    """NWP: the book closes at seven; three more eights start a second book of eights."""
    game = table(["8C 8D 8H 8S 8C 8D"], "8H 8S 8C 8D 6H 6S 6C 7D JH JS")
    game.apply("meld 8 n1")
    assert side_melds(game) == [("8", 7, True)]
    assert "meld 8 n3" in [str(a) for a in game.legal_actions()]
    game.apply("meld 8 n3")
    assert side_melds(game) == [("8", 3, False), ("8", 7, True)]
    assert game.view(0).turn.melded_ranks == (canasta.Rank.from_index(6),)


def test_a_canasta_completed_and_a_second_meld_of_its_rank_in_one_turn_are_both_taken_back_with_the_opening() -> None:
    """A side that has not opened takes back every meld of the turn (001 §26), a canasta set aside among them."""
    spec = variant(BOOKS + "\n[initial_meld]\nminimums = [50, 50, 90, 120]\n")
    game = table([], "8H 8S 8C 8D 8H 8S 8C 8D 8S 8C 6H 7D", variant=spec, sides={"1": {"melds": ["KC KD KH"]}})
    game.apply("meld 8 n7")
    assert side_melds(game) == [("8", 7, True)]
    game.apply("meld 8 n3")
    assert side_melds(game) == [("8", 3, False), ("8", 7, True)]


def test_without_the_rule_a_canasta_takes_the_cards_of_its_rank() -> None:
    """001 §11 B: no two separate melds of one rank; the eights join the canasta (finnish: naturals may be added, 001 §15 E•1)."""
    spec = variant(
        BOOKS.replace("several_per_rank = true", "several_per_rank = false").replace("naturals_added = false", "naturals_added = true")
    )
    game = table(["8C 8D 8H 8S 8C 8D 8H"], "8S 8C 8D 6H 6S 6C 7D JH JS", variant=spec)
    game.apply("meld 8 n3")
    assert side_melds(game) == [("8", 10, True)]


def test_a_closed_book_takes_no_more_cards() -> None:
    """NWP: closed at seven. With the book set aside, one eight alone starts nothing: a new meld needs three cards."""
    game = table(["8C 8D 8H 8S 8C 8D 8H"], "8S 6H 6S 6C 7D JH JS")
    assert not [a for a in game.legal_actions() if str(a).startswith("meld 8")]
    refused = game.violation("meld 8 n1")
    assert refused is not None and refused.rule.startswith("melds")


def test_every_canasta_of_a_rank_scores_and_counts_to_go_out() -> None:
    """Two books of eights are two canastas: both score their bonus (001 §15 B), and both count toward going out."""
    spec = variant(BOOKS + "\n[going_out]\ncanastas_required = { 4 = 2 }\n")
    game = table(["8C 8D 8H 8S 8C 8D 8H", "8S 8C 8D 8H 8S 8C"], "8D 7D", variant=spec)
    assert side_melds(game) == [("8", 6, False), ("8", 7, True)]
    assert game.can_go_out()  # the book set aside and the eights completed now: two canastas
    game.apply("meld 8 n1")
    assert side_melds(game) == [("8", 7, True), ("8", 7, True)]
    events = game.apply("discard 7")
    ended = [e for e in events if isinstance(e, canasta.HandEnded)]
    assert ended, "the player went out with two canastas of eights"
    score = ended[0].scores[0]
    assert score.canastas == 2 * 500
    assert len(score.canasta_kinds) == 2


def test_a_position_gives_a_rank_a_closed_book_beside_its_unfinished_meld() -> None:
    """A position names every meld; a rank's canasta set aside may stand beside its unfinished meld, in either order."""
    game = table(["8C 8D 8H", "8S 8C 8D 8H 8S 8C 8D"], "6H 6S 6C 7D JH JS")
    assert side_melds(game) == [("8", 3, False), ("8", 7, True)]
    again = canasta.Game.from_position(game.position())
    assert side_melds(again) == side_melds(game)


def test_a_position_with_two_unfinished_melds_of_a_rank_is_refused() -> None:
    with pytest.raises(PositionError) as info:
        table(["8C 8D 8H", "8S 8C 8D"], "6H 6S 6C 7D JH JS")
    assert any("canastas.several_per_rank" in p for p in info.value.problems)


def test_without_the_rule_a_position_with_two_melds_of_a_rank_is_refused() -> None:
    with pytest.raises(PositionError) as info:
        table(
            ["8C 8D 8H", "8S 8C 8D 8H 8S 8C 8D"],
            "6H 6S 6C 7D JH JS",
            variant=variant(BOOKS.replace("several_per_rank = true", "several_per_rank = false")),
        )
    assert any("001 §11 B" in p for p in info.value.problems)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (BOOKS.replace("naturals_added = false", "naturals_added = true"), ["canastas.naturals_added"]),
        (BOOKS.replace("wilds_added = false", "wilds_added = true"), ["canastas.wilds_added"]),
        (BOOKS + '\n[melds]\ndead_after_canasta = "side"\n', ["melds.dead_after_canasta"]),
    ],
)
def test_rules_that_contradict_several_canastas_of_a_rank_are_refused_by_name(text: str, names: list[str]) -> None:
    with pytest.raises(VariantError) as info:
        loaded(text)
    message = str(info.value)
    assert "canastas.several_per_rank" in message
    assert all(name in message for name in names)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_with_several_canastas_of_a_rank_keeps_every_invariant(seed: int) -> None:
    """Four packs, so that ranks run to second books: the checks of ``test_engine_playouts`` after every action, and the replay."""
    game = run_playout(Playout(loaded(), 4, seed=seed, choice_seed=seed, choices=(0, 1, 2), greedy=True, hands=2))  # type: ignore[arg-type]
    check_replay(game)


def test_heuristic_bots_play_tables_of_canastas_set_aside_to_the_end() -> None:
    """The bots read a rank's closed books apart from its unfinished meld (``canasta.bots.evaluate.side_melds``), and play
    such tables to the end; a second meld of a closed rank is theirs to start (four canastas to go out keep the hands long)."""
    spec = loaded(BOOKS + "\n[going_out]\ncanastas_required = { 4 = 4 }\n")
    set_aside = 0
    for seed in range(3):
        game = canasta.Game(spec, players=4, seed=seed, hands=1)
        bots = [canasta.HeuristicBot(seed=seed * 4 + s) for s in range(4)]
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(bots[game.current_player].choose(game.view(game.current_player), legal))
            set_aside = max(set_aside, sum(1 for side in game.state.melds for key in side if key > 15))
    assert set_aside > 0
