"""The search bot and what it stands on: the cards each seat is known to hold, the public state, sampling the hidden cards.

The bot may read only what its seat sees: two positions that differ only in
cards the seat cannot see (other hands, the stock, the reserve piles) must get
the same decision from the same seed (issue 29).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from engine_helpers import scramble_hidden

import canasta
from canasta.bots import HeuristicBot, SearchBot, play_turn
from canasta.bots.registry import SEARCH_CONFIDENCE, SEARCH_LEVELS, bot_factory, make_bots
from canasta.cli.main import main as cli_main
from canasta.core.actions import TakePile
from canasta.core.cards import RED_THREES, build_deck
from canasta.core.sampling import sample_state

PROFILES = ("finnish", "modern-american", "hand-and-foot", "rasche-house")


def _heuristic_steps(game: canasta.Game, steps: int, seed: int = 1):  # type: ignore[no-untyped-def]
    bots = [HeuristicBot(seed + s) for s in range(game.players)]
    for _ in range(steps):
        if game.is_over:
            return
        yield
        play_turn(game, bots)


@pytest.mark.parametrize("variant", PROFILES)
def test_known_cards_are_the_cards_taken_with_the_pile_and_kept(variant: str) -> None:
    """A card taken with the pile is known until it is melded or discarded (the pile is public: 001 §22 A•1)."""
    game = canasta.Game(variant, players=4, seed=11)
    takes = 0
    for _ in _heuristic_steps(game, 1500):
        st = game.state
        for seat in range(game.players):
            assert not Counter(st.known[seat]) - Counter(st.hand_cards(seat)), "a known card is in its hand"
        if game.phase.name == "DRAW":
            pile = list(st.pile)
            seat = game.current_player
            before = Counter(st.known[seat])
            view = game.view(seat)
            take = next((a for a in view.legal_actions if isinstance(a, TakePile) and not a.top_only), None)
            if take is not None and st.opened[game.side_of(seat)] and st.rules.take_count >= len(pile):
                game.apply(take)
                takes += 1
                taken = Counter(c for c in pile[:-1] if c not in RED_THREES)
                assert Counter(game.state.known[seat]) - before == taken
    assert takes, "the playout took the pile at least once"


@pytest.mark.parametrize("variant", PROFILES)
def test_a_sample_keeps_everything_the_seat_sees(variant: str) -> None:
    game = canasta.Game(variant, players=4, seed=5)
    rng = random.Random(5)
    for step, _ in enumerate(_heuristic_steps(game, 600)):
        if step % 23:
            continue
        seat = game.current_player
        view = game.view(seat, public_state=True)
        public = view.public_state
        assert public is not None
        counts_before = [row[:] for row in public.counts]
        sample = sample_state(view, rng)
        real = game.state
        assert public.counts == counts_before and set(public.stock) <= {-1}, "the view's public state is never changed"
        assert sample.census() == Counter(build_deck(real.rules.decks, real.rules.jokers))
        assert sample.sizes == real.sizes and len(sample.stock) == len(real.stock)
        assert [len(p) for p in sample.reserves] == [len(p) for p in real.reserves]
        assert sample.counts[seat] == real.counts[seat] and sample.pile == real.pile and sample.melds == real.melds
        for other in range(game.players):
            assert not Counter(real.known[other]) - Counter(sample.hand_cards(other)), "known cards stay in their hand"
            if other != seat and not real.rules.keep_red_threes:
                assert not set(sample.hand_cards(other)) & set(RED_THREES), "no red three waits in a hand where it is laid at once"


def _scrambled(game: canasta.Game, seat: int, rng: random.Random) -> canasta.Game:
    """``scramble_hidden`` and the reserve piles still dealt aside dealt anew from the stock as well."""
    other = scramble_hidden(game, seat, rng)
    st = other.state
    if st.reserves:
        pool = list(st.stock) + [c for pile in st.reserves for c in pile]
        rng.shuffle(pool)
        piles = []
        for pile in st.reserves:
            piles.append(tuple(pool[: len(pile)]))
            pool = pool[len(pile) :]
        st.reserves = tuple(piles)
        st.stock = pool
    return other


@pytest.mark.parametrize("variant", PROFILES)
def test_the_search_bot_never_reads_a_hidden_card(variant: str) -> None:
    """Positions that differ only in cards the seat cannot see (other hands, the stock, reserve piles) get one decision."""
    game = canasta.Game(variant, players=4, seed=21)
    rng = random.Random(21)
    checked = 0
    for step, _ in enumerate(_heuristic_steps(game, 400)):
        if step % 9 or len(game.legal_actions()) < 2:
            continue
        seat = game.current_player
        twin = _scrambled(game, seat, rng)
        assert twin.state.counts != game.state.counts or twin.state.stock != game.state.stock
        a = game.view(seat, public_state=True)
        b = twin.view(seat, public_state=True)
        assert a == b
        bot = SearchBot(3, playouts=8, horizon=6)
        assert str(bot.choose(a, a.legal_actions)) == str(SearchBot(3, playouts=8, horizon=6).choose(b, b.legal_actions))
        checked += 1
    assert checked >= 5


def test_the_search_bot_is_deterministic_for_a_seed_and_a_budget_in_playouts() -> None:
    game = canasta.Game("finnish", players=4, seed=8)
    for _ in _heuristic_steps(game, 30):
        pass
    view = game.view(game.current_player, public_state=True)
    first = [str(SearchBot(4, playouts=10).choose(view, view.legal_actions)) for _ in range(2)]
    assert first[0] == first[1]


def _small_search(seed: int) -> SearchBot:
    return SearchBot(seed, playouts=4, horizon=4)


@pytest.mark.parametrize("variant", ["finnish", "hand-and-foot"])
def test_the_search_bot_plays_a_whole_hand_in_every_seat(variant: str) -> None:
    game = canasta.Game(variant, players=4, seed=2, hands=1)
    bots = make_bots([_small_search] * 4, 2)
    while not game.is_over:
        play_turn(game, bots)
    assert game.hand_number == 1 and len(game.hand_scores) == 1


def test_the_search_bot_refuses_bad_arguments_and_a_view_without_its_public_state() -> None:
    for kwargs, words in (
        ({"playouts": 0}, "playouts"),
        ({"seconds": -1}, "seconds"),
        ({"horizon": "8"}, "horizon"),
        ({"max_candidates": 1}, "max_candidates"),
        ({"confidence": -0.5}, "confidence"),
    ):
        with pytest.raises(canasta.ArgumentError, match=words):
            SearchBot(1, **kwargs)  # type: ignore[arg-type]
    game = canasta.Game("finnish", players=4, seed=1)
    view = game.view(game.current_player)
    if len(view.legal_actions) > 1:
        with pytest.raises(canasta.ArgumentError, match="public_state=True"):
            SearchBot(1).choose(view, view.legal_actions)
    with pytest.raises(canasta.ArgumentError, match="public_state=True"):
        sample_state(view, random.Random(1))


def test_the_levels_are_registered_bots_and_canasta_play_takes_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert set(SEARCH_LEVELS) == {"quick", "normal", "strong"}
    for name, level in (("search-quick", "quick"), ("search", "normal"), ("search-strong", "strong")):
        bot = bot_factory(name)(5)
        assert isinstance(bot, SearchBot) and bot.playouts == SEARCH_LEVELS[level] and bot.seed == 5
        assert bot.confidence == SEARCH_CONFIDENCE[level]
    assert cli_main(["play", "--level", "hard", "--plain"]) == 2
    assert "not a level of the search bot; choose quick, normal, strong" in capsys.readouterr().err
    assert cli_main(["play", "--level", "strong", "--bot", "random", "--plain"]) == 2
    assert "another bot" in capsys.readouterr().err


# Student's t quantiles, from published tables (Abramowitz and Stegun, table 26.10): the two-sided 95% and the 99.865% level.
T_TABLE = ((1.96, 2, 4.303), (1.96, 4, 2.776), (1.96, 9, 2.262), (1.96, 19, 2.093), (3.0, 4, 6.62), (3.0, 19, 3.45))


@pytest.mark.parametrize(("z", "df", "t"), T_TABLE)
def test_the_gain_a_departure_needs_widens_as_a_t_quantile_for_few_samples(z: float, df: int, t: float) -> None:
    from canasta.bots.search import t_quantile

    assert t_quantile(z, df) == pytest.approx(t, rel=0.02)
    assert t_quantile(z, 1) > 5 * z  # two samples hardly ever make a gain sure (12.7 at the 95% level)
    assert t_quantile(z, 10_000) == pytest.approx(z, rel=1e-3)


def test_a_small_budget_compares_fewer_candidates_so_each_meets_enough_samples() -> None:
    """8 playouts compare 2 candidates on 4 samples each, not 4 candidates on 2 (canasta.bots.search.MIN_SAMPLES)."""
    from canasta.bots import search

    game = canasta.Game("finnish", players=4, seed=3)
    compared: list[int] = []
    real = search.playout_value

    def counting(st, action, seat, seed, horizon):  # type: ignore[no-untyped-def]
        compared.append(id(action))
        return real(st, action, seat, seed, horizon)

    search.playout_value = counting  # type: ignore[assignment]
    try:
        bot = SearchBot(seed=1, playouts=8)
        while len(set(compared)) == 0:
            legal = game.legal_actions()
            if len(legal) > 4:
                bot.choose(game.view(game.current_player, public_state=True), legal)
                break
            play_turn(game, [HeuristicBot(s) for s in range(4)])
    finally:
        search.playout_value = real  # type: ignore[assignment]
    assert len(set(compared)) == 2
    assert len(compared) == 2 * search.MIN_SAMPLES


@pytest.mark.parametrize("variant", PROFILES)
def test_the_candidates_are_the_heuristics_choice_then_the_actions_it_rates_next(variant: str) -> None:
    """The search weighs the heuristic's choice against its next-rated actions, not a random draw of the legal ones:
    the other way of drawing, the next cheapest discards by its own discard cost, the biggest melds."""
    from canasta.bots.heuristic_play import decide, ranked_alternatives

    game = canasta.Game(variant, players=4, seed=5)
    bot = SearchBot(seed=2, playouts=20)
    seen_draw = seen_meld = 0
    for _ in _heuristic_steps(game, 400, seed=3):
        legal = game.legal_actions()
        if len(legal) < 3:
            continue
        view = game.view(game.current_player, public_state=True)
        first = decide(bot._salt, view, legal)
        rated = ranked_alternatives(bot._salt, view, legal, first)
        assert first not in rated and len(set(map(repr, rated))) == len(rated)
        assert all(a in legal for a in rated)
        candidates = bot._candidates(view, legal, random.Random(0), 4)
        assert candidates[0] is first
        assert candidates[1:] == rated[:3] or (len(rated) < 3 and candidates[1 : 1 + len(rated)] == rated)
        kinds = {type(a).__name__ for a in rated}
        if game.phase.name == "DRAW":
            seen_draw += 1
            if type(first).__name__ == "TakePile":
                assert "Draw" in kinds or "DeclinePile" in kinds
            elif any(type(a).__name__ == "TakePile" for a in legal):
                assert "TakePile" in kinds
        elif "Discard" in {type(a).__name__ for a in legal}:
            seen_meld += 1
            discards = [a for a in rated if type(a).__name__ == "Discard"]
            if type(first).__name__ == "Discard":
                assert len(discards) == sum(type(a).__name__ == "Discard" for a in legal) - 1
    assert seen_meld
    assert seen_draw or variant == "hand-and-foot"  # its pile, taken only with a natural pair, is rarely on offer
