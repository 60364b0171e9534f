"""compare(): the same seeds for every profile, paired differences, determinism whatever runs it, JSON, --by-rule."""

from __future__ import annotations

import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import attrs
import pytest

import canasta
from canasta.simulation import ComparisonResult, Mode, SimulationError, SimulationResult, SkipReason, compare, simulate
from canasta.simulation.byrule import single_rule_profiles, with_rule
from canasta.simulation.parallel import plan_chunks
from canasta.simulation.stats import paired_difference
from canasta.variants import dumps_variant

RANDOM = {"bots": "random"}


def test_chunks_cover_every_seed_once() -> None:
    for count, workers, size in [(1, 2, None), (10, 2, 3), (1000, 2, None), (7, 8, 1)]:
        chunks = plan_chunks(count, workers, 0.001, size)
        assert [i for start, n in chunks for i in range(start, start + n)] == list(range(count))
    assert len(plan_chunks(4000, 2, 0.006)) == 8  # 500 hands each: at least a second, four tasks per worker


def test_the_result_is_the_same_whatever_runs_it() -> None:
    """Bit for bit: one worker in process, two processes with small chunks, a thread pool: equal result objects."""
    one = simulate("finnish", hands=10, seed=4, workers=1, **RANDOM)
    two = simulate("finnish", hands=10, seed=4, workers=2, chunk_size=3, **RANDOM)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threads = simulate("finnish", hands=10, seed=4, executor=pool, chunk_size=2, **RANDOM)
    assert one == two == threads
    assert one.to_json() != two.to_json()  # only the timing differs, and it is not part of ==
    assert (one.timing.executor, two.timing.executor, threads.timing.executor) == ("in-process", "processes", "ThreadPoolExecutor")
    other_seed = simulate("finnish", hands=10, seed=5, workers=1, **RANDOM)
    assert other_seed != one


def test_comparison_is_the_same_whatever_runs_it() -> None:
    one = compare(["finnish", "swedish-club"], hands=8, workers=1, **RANDOM)
    with ThreadPoolExecutor(max_workers=3) as pool:
        pooled = compare(["finnish", "swedish-club"], hands=8, executor=pool, chunk_size=3, **RANDOM)
    assert one == pooled


def test_every_profile_plays_the_same_seeds_and_deals() -> None:
    """Common random numbers: the same unit seeds, and with the same deck the same cards in every hand."""
    c = compare(["finnish", "swedish-official"], hands=5, seed=9, workers=1, **RANDOM)
    a, b = c.results
    assert a.samples is not None and b.samples is not None
    assert a.samples.seeds == b.samples.seeds
    assert c.same_deal == (True, True)
    for seed in a.samples.seeds[:2]:
        ga = canasta.Game("finnish", 4, seed=seed)
        gb = canasta.Game("swedish-official", 4, seed=seed)
        assert [ga.view(s).hand for s in range(4)] == [gb.view(s).hand for s in range(4)]


def test_differences_are_paired_by_seed() -> None:
    c = compare(["finnish", "swedish-club"], hands=12, workers=1, **RANDOM)
    row = c.row("duration.turns")
    a, b = (r.samples for r in c.results)
    assert a is not None and b is not None
    assert row.differences == (paired_difference(a.values["duration.turns"], b.values["duration.turns"]),)
    assert [e.mean for e in row.estimates if e is not None] == [r.metric("duration.turns").estimate.mean for r in c.results]


def test_results_round_trip_through_json() -> None:
    r = simulate("dutch", hands=6, workers=1, **RANDOM)
    assert SimulationResult.from_json(r.to_json(samples=True)) == r
    assert SimulationResult.from_json(r.to_json()) == attrs.evolve(r, samples=None)
    c = compare(["dutch", "finnish"], hands=4, workers=1, by_rule=True, **RANDOM)
    back = ComparisonResult.from_json(c.to_json(samples=True))
    assert back == c
    assert back.by_rule is not None and back.by_rule.effects == c.by_rule.effects  # type: ignore[union-attr]


def test_compare_needs_two_profiles_and_by_rule_exactly_two() -> None:
    with pytest.raises(SimulationError, match="at least two"):
        compare(["finnish"], hands=2, workers=1)
    with pytest.raises(SimulationError, match="a list of profiles"):
        compare("finnish", hands=2, workers=1)
    with pytest.raises(SimulationError, match="exactly two"):
        compare(["finnish", "dutch", "regency"], hands=2, workers=1, by_rule=True)


def _house(tmp_path: Path) -> Path:
    """Finnish rules on three packs: the deck and the red-three table must change together (001 §21 F), and a bigger going-out bonus."""
    path = tmp_path / "three-packs.toml"
    path.write_text(
        'extends = "finnish"\nname = "three-packs"\n\n[deal]\ndecks = { 4 = 3 }\n\n'
        "[red_threes]\nbonus_table = { 4 = [100, 200, 300, 400, 500, 600] }\n\n[going_out]\nbonus = 300\n",
        encoding="utf-8",
    )
    return path


def test_by_rule_skips_a_change_that_is_invalid_alone(tmp_path: Path) -> None:
    c = compare(["finnish", str(_house(tmp_path))], hands=6, workers=1, by_rule=True, **RANDOM)
    e = c.by_rule
    assert e is not None
    assert [x.key for x in e.effects] == ["going_out.bonus"]
    skipped = {x.key: x.reason for x in e.skipped}
    assert set(skipped) == {"deal.decks.4", "red_threes.bonus_table.4"}
    assert all(reason.startswith("alone it makes an invalid profile") for reason in skipped.values())
    assert {x.kind for x in e.skipped} == {SkipReason.INVALID_ALONE}
    assert "3 packs hold 6 red threes, the table has 4" in skipped["deal.decks.4"]
    assert c.same_deal == (True, False)  # three packs: the same seeds shuffle another deck
    total = e.total.differences[e.metrics.index("score.total")]
    assert total == c.row("score.total").differences[0]


def test_by_rule_names_the_rules_that_cannot_change_play() -> None:
    c = compare(["finnish", "swedish-club"], hands=4, workers=1, by_rule=True, **RANDOM)
    e = c.by_rule
    assert e is not None
    reasons = {x.key: x.reason for x in e.skipped}
    assert reasons["deal.decks.2"] == "a value for 2 players; this comparison plays 4"
    kinds = {x.key: x.kind for x in e.skipped}
    assert kinds["deal.decks.2"] is SkipReason.OTHER_PLAYER_COUNT and kinds["penalties.table_talk_forfeit"] is SkipReason.SAME_RULES
    assert reasons["penalties.table_talk_forfeit"].startswith("plays the same")
    simulated = [x.key for x in e.effects]
    assert "going_out.canastas_required.4" in simulated
    assert not set(simulated) & set(reasons)
    assert [x.size for x in e.effects] == sorted((x.size for x in e.effects), reverse=True)


def _profile(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\n{text}', encoding="utf-8")
    return str(path)


def _plays_the_same_cases(tmp_path: Path) -> list[tuple[str, str, int, bool]]:
    """(A, B, players, games): bundled pairs, and house files where a switch turns the differing rule off."""
    no_concealed = _profile(tmp_path, "no-concealed", 'extends = "finnish"\n[concealed_going_out]\nallowed = false\nbonus = 200\n')
    no_concealed_more = _profile(
        tmp_path, "no-concealed-more", 'extends = "finnish"\n[concealed_going_out]\nallowed = false\nbonus = 900\n'
    )
    asking = _profile(tmp_path, "asking", 'extends = "regency"\n[going_out]\npermission = "optional"\npermission_penalty = 0\n')
    asking_fined = _profile(
        tmp_path, "asking-fined", 'extends = "regency"\n[going_out]\npermission = "optional"\npermission_penalty = 300\n'
    )
    # Schema 2's switches: a match of fixed hands has no target, minimums by hand replace those by score, no hand penalty
    # makes the size of a set moot, no reserve piles make their rules moot, no upcard, black threes as bonus cards.
    fixed = 'extends = "finnish"\n[match]\nhands = 3\n[initial_meld]\nminimums_by_hand = [50, 90]\n'
    fixed_a = _profile(tmp_path, "fixed-a", fixed)
    fixed_b = _profile(
        tmp_path,
        "fixed-b",
        fixed.replace("hands = 3", "hands = 3\ntarget = 9000")
        + "score_thresholds = [0, 1000, 2000]\nminimums = [10, 20, 30, 40]\n"
        + '[ranks]\nhand_penalty_count = 4\n[reserve]\ntrigger = "empty_hand"\ndealt = true\none_per = "player"\n'
        + "becomes_stock = true\nturn_continues = true\nnot_with_pile = true\nmin_stock = 8\n",
    )
    upcard_off = _profile(
        tmp_path,
        "upcard-off",
        'extends = "modern-american"\n[upcard]\nwild_freezes = false\nred_three_freezes = false\nblack_three_freezes = true\n'
        "[black_threes]\nhand_penalty = 100\n",
    )
    return [
        ("finnish", "swedish-club", 4, False),
        ("regency", "rasche-house", 4, False),
        ("regency", "rasche-house", 4, True),
        (no_concealed, no_concealed_more, 4, False),
        (asking, asking_fined, 2, True),  # two players: no partner to ask
        ("finnish", "modern-american", 4, False),  # wild-card canasta bonuses, the unfinished wild meld, reserve piles
        ("modern-american", "finnish", 4, False),  # the concealed going out, red_threes.plus_when under signed threes
        (fixed_a, fixed_b, 4, True),
        ("finnish", fixed_a, 4, False),  # with --hands: the number of hands, and minimums by hand that give 50 in hand 1 too
        ("modern-american", upcard_off, 4, False),
    ]


def test_by_rule_skips_exactly_the_rules_that_cannot_change_the_run(tmp_path: Path) -> None:
    """Every rule listed as "plays the same" does: played anyway, it gives A's numbers seed for seed, in that mode.

    ``match.target`` is skipped with --hands (each hand is the first of a match, from a score of zero) and simulated with --games.
    """

    seen_reasons: set[str] = set()
    seen_kinds: set[SkipReason] = set()
    plays_the_same = {SkipReason.SAME_RULES, SkipReason.SWITCHED_OFF, SkipReason.FIRST_HAND_ONLY}
    for a_ref, b_ref, players, games in _plays_the_same_cases(tmp_path):
        a, b = canasta.load_variant(a_ref), canasta.load_variant(b_ref)
        singles, skipped = single_rule_profiles(a, b, players, mode=Mode.GAMES if games else Mode.HANDS)
        same = [x for x in skipped if x.kind in plays_the_same]
        assert all(x.reason.startswith("plays the same") for x in same)
        assert same, (a_ref, b_ref)
        run = {"players": players, "bots": "heuristic", "workers": 1, "seed": 3}
        count = {"games": 2, "hand_cap": 4} if games else {"hands": 12}
        base = simulate(a, **run, **count)  # type: ignore[arg-type]
        data = tomllib.loads(dumps_variant(a))
        for x in same:
            d = next(d for d in canasta.diff_variants(a, b) if d.key == x.key)
            played = simulate(with_rule(data, d, label=x.key), **run, **count)  # type: ignore[arg-type]
            assert played.samples == base.samples, f"{x.key} was listed as playing the same, but it changed the run"
            seen_reasons.add(x.reason.split(":")[0])
            seen_kinds.add(x.kind)
        keys = {d.key for d, _ in singles}
        if (a_ref, b_ref) == ("regency", "rasche-house"):
            assert ("match.target" in keys) is games
            assert "canastas.bonus.pure_wild" not in keys  # regency has no wild-card melds at all
        if (a_ref, b_ref) == ("finnish", "modern-american"):
            moot = {"canastas.bonus.wild", "canastas.bonus.every_joker", "ranks.unfinished_penalty.W", "reserve.min_stock"}
            assert moot <= {x.key for x in same} and not moot & keys
            assert {"ranks.natural_canasta_bonus.A", "scoring.special_hands", "red_threes.sign_by_canastas"} <= keys
        if (a_ref, b_ref) == ("modern-american", "finnish"):
            assert {"red_threes.plus_when", "concealed_going_out.bonus"} <= {x.key for x in same}
            assert {"canastas.bonus.every_joker", "reserve.min_stock"} <= keys
        if b_ref.endswith("fixed-a.toml"):
            assert {x.key: x.kind for x in same} == {
                "match.hands": SkipReason.FIRST_HAND_ONLY,
                "initial_meld.minimums_by_hand": SkipReason.FIRST_HAND_ONLY,
            }
        if a_ref.endswith("fixed-a.toml"):
            assert {x.key for x in same} >= {"match.target", "initial_meld.minimums", "ranks.hand_penalty_count", "reserve.becomes_stock"}
    assert seen_reasons == {
        "plays the same",
        "plays the same at 2 players",
        "plays the same at 4 players",
        "plays the same with --hands",
    }
    assert seen_kinds == plays_the_same
