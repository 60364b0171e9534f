"""The fixed action and observation encodings of :mod:`canasta.encoding`."""

from __future__ import annotations

import doctest
import random
import subprocess
import sys

import numpy as np
import pytest
from engine_helpers import scramble_hidden
from hostile import Hostile, HostileText
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta.core.actions import Meld, TakePile
from canasta.encoding import ActionSpace, ObservationSpace, layout_table
from canasta.encoding import actions as actions_module
from canasta.encoding import observation as observation_module

PROFILES = [(name, players) for name in canasta.variant_names() for players in canasta.load_variant(name).player_counts]


def _random_positions(variant: str, players: int, seed: int, steps: int, every: int) -> list[canasta.Game]:
    """Copies of a game under random play, taken every ``every`` actions; a new match starts when one ends."""
    rng = random.Random(seed)
    g = canasta.Game(variant, players=players, seed=seed)
    out = []
    for step in range(steps):
        if g.is_over:
            g = canasta.Game(variant, players=players, seed=rng.randrange(10**9))
        if step % every == 0:
            out.append(g.copy())
        g.apply(rng.choice(g.legal_actions()))
    return out


# -- the action space -----------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_action_space_is_a_bijection(variant: str, players: int) -> None:
    space = ActionSpace(variant, players)
    assert space.num_actions == len(set(space.actions)) == len(space)
    for i in range(space.num_actions):
        action = space.index_to_action(i)
        assert space.action_to_index(action) == i
        assert space.action_to_index(str(action)) == i, "the text form names the same index"
    with pytest.raises(canasta.ArgumentError, match="outside"):
        space.index_to_action(space.num_actions)
    with pytest.raises(canasta.ArgumentError, match="outside"):
        space.index_to_action(-1)


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_mask_equals_legal_actions_at_random_positions(variant: str, players: int) -> None:
    space = ActionSpace(variant, players)
    rng = random.Random(5)
    g = canasta.Game(variant, players=players, seed=5)
    for _ in range(500):
        if g.is_over:
            g = canasta.Game(variant, players=players, seed=rng.randrange(10**9))
        legal = g.legal_actions()
        mask = space.mask(g)
        assert mask.dtype == np.int8 and mask.shape == (space.num_actions,)
        # every listed action is in the space, and the mask marks exactly those
        assert {space.index_to_action(int(i)) for i in np.flatnonzero(mask)} == set(legal)
        assert space.legal_indices(g) == sorted(space.action_to_index(a) for a in legal)
        g.apply(rng.choice(legal))


def _outside_candidates(space: ActionSpace, players: int) -> list[canasta.Action]:
    """Actions just beyond the space's bounds: more naturals, twos or jokers than it lists, every rank, every take form."""
    r = canasta.TableRules(space.variant, players)
    top = 4 * r.decks + 3
    counts = sorted({*range(min(top, 12)), top // 2, top - 2, top - 1})  # every count for two packs; the edges for many
    joker_counts = sorted({*range(min(r.jokers + 3, 12)), r.jokers, r.jokers + 1, r.jokers + 2})
    pool: list[canasta.Action] = []
    for rank in ("3", "4", "9", "A", "W"):
        for n in counts:
            for t in counts:
                for j in joker_counts:
                    if n + t + j:
                        pool.append(Meld(rank=rank, naturals=n, twos=t, jokers=j))
    for n in range(3):
        for t in range(3):
            for j in range(3):
                for top_only in (False, True):
                    pool.append(TakePile(naturals=n, twos=t, jokers=j, top_only=top_only))
    pool += [canasta.parse_action(text) for text in ("ask", "yes", "no", "retract", "decline", "draw", "discard 2", "discard JK")]
    return [a for a in pool if a not in space.actions]


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_no_action_outside_the_space_is_ever_legal(variant: str, players: int) -> None:
    """The space is complete: candidates beyond its bounds are refused by the engine's one legality check."""
    space = ActionSpace(variant, players)
    outside = _outside_candidates(space, players)
    for g in _random_positions(variant, players, seed=11, steps=300, every=60):
        assert not [a for a in outside if g.can(a)]


def test_action_space_errors_say_what_is_wrong() -> None:
    space = ActionSpace("finnish", 4)
    with pytest.raises(ValueError, match="not in the action space of 'finnish' for 4 players"):
        space.action_to_index(Meld(rank="W", twos=3))  # no wild-card melds in finnish (004 opt b is off)
    with pytest.raises(ValueError, match="not in the action space"):
        space.action_to_index("take-top n2")  # finnish takes the whole pile (001 §14)
    with pytest.raises(canasta.NotationError):
        space.action_to_index("fly away")
    with pytest.raises(TypeError):
        space.index_to_action("3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a game of 'regency' with 4"):
        space.mask(canasta.Game("regency", players=4, seed=1))
    with pytest.raises(canasta.UnsupportedPlayerCount):
        ActionSpace("finnish", 3)


def test_the_space_follows_the_profile() -> None:
    """Take-top exists only where 000 ATT TA HÖGEN 3 b applies; W only with 004 opt b; ask/yes/no only with partners (001 §23 A)."""
    club = ActionSpace("swedish-club", 4)
    assert club.action_to_index("take-top n2") > club.action_to_index("take n2")
    rasche = ActionSpace("rasche-house", 4)
    assert rasche.index_to_action(rasche.action_to_index("meld W t2 j1")) == Meld(rank="W", twos=2, jokers=1)
    two_hand = ActionSpace("regency", 2)
    assert "ask" not in {str(a) for a in two_hand.actions}
    assert "ask" in {str(a) for a in ActionSpace("regency", 4).actions}


# -- the observation -------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_observation_has_its_documented_shape_and_blocks(variant: str, players: int) -> None:
    space = ObservationSpace(variant, players)
    assert space.layout[0].start == 0 and space.layout[-1].stop == space.shape[0]
    for a, b in zip(space.layout, space.layout[1:], strict=False):
        assert a.stop == b.start and a.size == int(np.prod(a.shape))
    for g in _random_positions(variant, players, seed=3, steps=200, every=40):
        for seat in range(players):
            view = g.view(seat)
            x = space.encode(view)
            assert x.shape == space.shape and x.dtype == np.float32
            parts = space.describe(x)
            assert parts["hand"].sum() == len(view.hand) == view.hand_sizes[seat] == parts["hand_sizes"][0]
            assert parts["stock"][0] == view.stock_size and parts["pile"][0] == view.pile_size
            assert parts["discards_by_seat"].sum() == len(view.discards)
            books = view.rules.several_per_rank  # canastas closed and set aside are counted in the books block
            own = sum(m.size for m in view.melds[view.side] if not (books and m.is_canasta))
            assert parts["melds"][0, :, :3].sum() == own, "my side's melds come first"
            if books:
                closed = [m for m in view.melds[view.side] if m.is_canasta]
                assert parts["books"][0, :, 0].sum() == len(closed), "my side's books come first"
                assert parts["books"][0, :, 1].sum() == sum(m.is_natural for m in closed)
            assert parts["phase"].sum() == 1 and parts["pile_top"].sum() == 1 and parts["question"].sum() == 1
            assert parts["playing"].sum() == view.rules.playing == players - len(view.sitting_out)


def test_observation_shows_the_seat_sitting_out() -> None:
    """Five players: one seat sits out each hand (004 L11), and the observation says which."""
    space = ObservationSpace("regency", 5)
    g = canasta.Game("regency", players=5, seed=2)
    idle = [seat for seat in range(5) if g.view(0).hand_sizes[seat] == 0]
    parts = space.describe(space.encode(g.view(0)))
    assert len(idle) == 1
    assert parts["playing"][(idle[0] - 0) % 5] == 0


def test_the_playing_block_is_the_views_sitting_out_from_the_seat() -> None:
    """The observation reads who sits out from the view (the one place that knows it), seen from the seat: me first, then to my left."""
    import attrs

    space = ObservationSpace("regency", 5)
    g = canasta.Game("regency", players=5, seed=2)
    rng = random.Random(2)
    idle = set()
    for _ in range(3):
        idle.update(g.view(0).sitting_out)
        for seat in range(5):
            view = g.view(seat)
            playing = space.describe(space.encode(view))["playing"]
            assert [k for k in range(5) if playing[k] == 0] == [(s - seat) % 5 for s in view.sitting_out]
            moved = attrs.evolve(view, sitting_out=((view.sitting_out[0] + 1) % 5,))
            assert space.describe(space.encode(moved))["playing"][(moved.sitting_out[0] - seat) % 5] == 0
        hand = g.hand_number
        while g.hand_number == hand:  # play the hand out: another seat sits out the next (004 L11)
            g.apply(rng.choice(g.legal_actions()))
    assert len(idle) == 3


def test_card_classes_and_meld_slots_follow_the_card_constants() -> None:
    """Classes and slots are derived from canasta.core.cards, the one place that knows the cards: a class per rank, then red threes and jokers."""
    from canasta.core.cards import JOKER, N_CODES, RANK_CHARS, RED_THREES, WILD, rank_of, rank_text

    classes = observation_module.CARD_CLASSES
    assert len(observation_module.CLASS_OF) == N_CODES
    for code in range(N_CODES):
        want = "JK" if code == JOKER else "r3" if code in RED_THREES else RANK_CHARS[rank_of(code)]
        assert classes[observation_module.CLASS_OF[code]] == want
    slots = observation_module.MELD_SLOTS
    assert {slots[slot]: rank_text(rank) for rank, slot in observation_module.SLOT_OF.items()} == {t: t for t in slots}
    assert slots[observation_module.SLOT_OF[WILD]] == "W"
    assert [p.name for p in observation_module.ENCODED_PHASES] == ["DRAW", "MELD", "ANSWER", "OVER"]
    assert not hasattr(observation_module, "PHASES"), "PHASES names three things in the library; this one is ENCODED_PHASES"


def test_the_canasta_values_read_each_melds_canasta_kind() -> None:
    """'is canasta' and 'is natural canasta' come from MeldView.canasta_kind: natural and pure-wild canastas are unmixed (004 opt b)."""
    import attrs

    from canasta.core.views import MeldView

    space = ObservationSpace("finnish", 4)
    view = canasta.Game("finnish", players=4, seed=5).view(1)

    def meld(rank: str, n: int, t: int, j: int, kind: canasta.CanastaKind | None) -> MeldView:
        size = n + t + j
        return MeldView(
            rank=canasta.Rank(rank), naturals=n, twos=t, jokers=j, cards=(), is_canasta=kind is not None,
            is_natural=t + j == 0, to_canasta=max(0, 7 - size), canasta_kind=kind,
        )  # fmt: skip

    kinds = canasta.CanastaKind
    mine = (
        meld("9", 3, 1, 0, None),
        meld("Q", 5, 2, 0, kinds.MIXED),
        meld("K", 7, 0, 0, kinds.NATURAL),
        meld("W", 0, 7, 0, kinds.PURE_WILD),
    )
    theirs = (meld("W", 0, 4, 3, kinds.WILD),)
    melds = [(), ()]
    melds[view.side], melds[1 - view.side] = mine, theirs
    got = space.describe(space.encode(attrs.evolve(view, melds=tuple(melds))))["melds"]
    slot = observation_module.SLOT_OF
    assert got[0, slot[7]].tolist() == [3, 1, 0, 0, 0]
    assert got[0, slot[10]].tolist() == [5, 2, 0, 1, 0]
    assert got[0, slot[11]].tolist() == [7, 0, 0, 1, 1]
    assert got[0, slot[13]].tolist() == [0, 7, 0, 1, 1], "a pure wild canasta holds one kind of card"
    assert got[1, slot[13]].tolist() == [0, 4, 3, 1, 0]


@settings(max_examples=25, deadline=None)
@given(profile=st.sampled_from(PROFILES), seed=st.integers(0, 10**6), steps=st.integers(0, 150), data=st.data())
def test_observation_never_changes_when_only_hidden_cards_change(
    profile: tuple[str, int], seed: int, steps: int, data: st.DataObject
) -> None:
    variant, players = profile
    space = ObservationSpace(variant, players)
    rng = random.Random(seed)
    g = canasta.Game(variant, players=players, seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    seat = data.draw(st.integers(0, players - 1))
    before = space.encode(g.view(seat))
    after = space.encode(scramble_hidden(g, seat, rng).view(seat))
    assert np.array_equal(before, after)


def test_observation_rejects_a_view_of_another_table() -> None:
    space = ObservationSpace("regency", 4)
    with pytest.raises(canasta.ArgumentError, match="table of 3 players in 3 sides does not fit"):
        space.encode(canasta.Game("regency", players=3, seed=1).view(0))
    with pytest.raises(canasta.ArgumentError, match="the blocks are hand"):
        space.block("nothing")


def test_layout_table_lists_every_block() -> None:
    space = ObservationSpace("finnish", 4)
    table = layout_table(space)
    assert all(f"`{b.name}`" in table for b in space.layout)
    assert f"{space.layout[-1].start}:{space.shape[0]}" in table


@pytest.mark.parametrize("module", [actions_module, observation_module])
def test_docstring_examples_run(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_import_canasta_does_not_import_numpy() -> None:
    code = "import sys, canasta; canasta.Game('finnish', seed=1).legal_actions(); print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- hostile input: every bad argument gets the library's own error ------------


@pytest.mark.parametrize("cls", [ActionSpace, ObservationSpace])
def test_a_bad_player_count_or_profile_is_refused_as_check_players_refuses_it(cls: type) -> None:
    """The same errors and messages as canasta.Game in the pure and the compiled build (canasta.core.arguments)."""
    for players in ("4", None, True, 4.0, [4], np.bool_(True), Hostile()):
        with pytest.raises(canasta.ArgumentError, match=rf"{cls.__name__}\(players=\.\.\.\): expected a number of players"):
            cls("finnish", players)
    assert cls("finnish", np.int64(4)).players == 4  # a numpy integer is a whole number (canasta.core.arguments.whole_number)
    for players in (3, -1, 0, 8, 10**5000):
        with pytest.raises(canasta.UnsupportedPlayerCount, match="has rules for 4 players"):
            cls("finnish", players)
    for variant in (3, None, Hostile(), ["finnish"]):
        with pytest.raises(canasta.ArgumentError, match="expected a Variant, a bundled profile name or a TOML path"):
            cls(variant, 4)


def test_index_to_action_takes_ints_of_the_space_and_refuses_everything_else() -> None:
    space = ActionSpace("finnish", 4)
    for index in (0, np.int64(0), np.uint8(0), np.int16(0), np.array(0)):
        assert space.index_to_action(index) == canasta.parse_action("draw")
    for index in (10**5000, -(10**5000), -1, space.num_actions, 2**64):
        with pytest.raises(canasta.ArgumentError, match=r"outside 0 \.\. 1006"):
            space.index_to_action(index)
    for index in (1.5, 0.0, "3", True, None, np.bool_(False), np.float64(1), Hostile(), [0]):
        with pytest.raises(canasta.ArgumentError, match="the action index must be an int"):
            space.index_to_action(index)  # type: ignore[arg-type]


def test_actions_are_looked_up_without_running_a_strangers_dunders() -> None:
    """No __hash__, __eq__, __str__ or __repr__ of the caller's value runs; non-actions are NotationError (as Game.apply)."""
    space = ActionSpace("finnish", 4)
    assert space.action_to_index(HostileText("meld K n3 t1")) == space.action_to_index("meld K n3 t1")
    for value in (Hostile(), 3, None, 1.5, object(), [canasta.parse_action("draw")]):
        with pytest.raises(canasta.NotationError, match="is not an action"):
            space.action_to_index(value)  # type: ignore[arg-type]
        with pytest.raises(canasta.NotationError):
            space.indices([value])  # type: ignore[list-item]
        with pytest.raises(canasta.NotationError):
            space.mask_of([canasta.parse_action("draw"), value])  # type: ignore[list-item]
    for text in ("fly away", "", "meld K n999999999999999999999"):
        with pytest.raises(canasta.NotationError):
            space.action_to_index(text)


def test_collections_of_actions_that_are_not_collections_are_refused() -> None:
    space = ActionSpace("finnish", 4)

    def broken() -> object:
        yield canasta.parse_action("draw")
        raise RuntimeError("a stranger's iterator")

    assert space.indices(iter([canasta.parse_action("discard 7"), "draw"])) == [0, space.action_to_index("discard 7")]
    for make in (lambda: None, lambda: 3, lambda: "draw", Hostile, broken):
        with pytest.raises(canasta.ArgumentError):
            space.indices(make())  # type: ignore[arg-type]
        with pytest.raises(canasta.ArgumentError):
            space.mask_of(make())  # type: ignore[arg-type]


def test_a_game_or_view_of_another_table_or_no_game_at_all_is_refused() -> None:
    space, obs = ActionSpace("finnish", 4), ObservationSpace("finnish", 4)
    others = [canasta.Game("regency", players=4, seed=1), canasta.Game("regency", players=2, seed=1)]
    for value in (None, "game", Hostile(), canasta.Game("finnish", players=4, seed=1).view(0), *others):
        with pytest.raises(canasta.ArgumentError):
            space.mask(value)  # type: ignore[arg-type]
        with pytest.raises(canasta.ArgumentError):
            space.legal_indices(value)  # type: ignore[arg-type]
    for value in (None, "view", Hostile(), canasta.Game("finnish", players=4, seed=1), others[1].view(0)):
        with pytest.raises(canasta.ArgumentError):
            obs.encode(value)  # type: ignore[arg-type]


def test_a_view_built_by_hand_with_fields_no_game_gives_is_refused() -> None:
    import attrs

    obs = ObservationSpace("finnish", 4)
    view = canasta.Game("finnish", players=4, seed=1).view(0)
    for changes in (
        {"hand": (999,)},
        {"hand_sizes": ()},
        {"players": "4"},
        {"sides": None},
        {"discards": ((0, Hostile()),)},
        {"melds": None},
    ):
        with pytest.raises(canasta.ArgumentError):
            obs.encode(attrs.evolve(view, **changes))


def test_blocks_vectors_and_layouts_are_checked() -> None:
    obs = ObservationSpace("finnish", 4)
    for name in ("nothing", None, 3, Hostile(), HostileText("hand ")):
        with pytest.raises(canasta.ArgumentError, match="the blocks are hand"):
            obs.block(name)  # type: ignore[arg-type]
    assert obs.block(HostileText("hand")).stop == 15
    for vector in (None, [0.0] * 377, np.zeros(3, np.float32), Hostile()):
        with pytest.raises(canasta.ArgumentError):
            obs.describe(vector)  # type: ignore[arg-type]
    for space in (None, ActionSpace("finnish", 4), Hostile()):
        with pytest.raises(canasta.ArgumentError):
            layout_table(space)  # type: ignore[arg-type]
