"""The Canasta family as data: the house snippets, schema-1 files, and the family's actions in the research encodings.

The rules themselves are checked by the scenarios under ``tests/scenarios/family/``
(from the digests in the shared rules folder) and by the playouts that run every
bundled profile; here, what a user of the family profiles meets around them.
"""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest

import canasta
from canasta.bots import HeuristicBot, RandomBot
from canasta.core.actions import ShowSpecialHand
from canasta.core.events import HandEnded, Termination
from canasta.encoding import ActionSpace
from canasta.variants.enums import CanastaClass, CanastaKind

DOCS = Path(__file__).parent.parent / "docs"
SNIPPETS = sorted((DOCS / "snippets").glob("*.toml"))
SCHEMA1_HOUSE = sorted((Path(__file__).parent / "golden" / "schema1" / "house").glob("rasche-options-*.toml"))
FAMILY = ("modern-american", "cuban", "uruguayan")


def test_every_house_snippet_is_shown_in_the_docs_folder() -> None:
    assert len(SNIPPETS) >= 4


@pytest.mark.parametrize("path", SNIPPETS, ids=[p.stem for p in SNIPPETS])
def test_a_house_snippet_validates_and_plays_a_hand(path: Path) -> None:
    """The family's common house options: each file loads, changes a rule of the profile it extends, and plays."""
    variant = canasta.load_variant(path)
    parent = canasta.load_variant(tomllib.loads(path.read_text(encoding="utf-8"))["extends"])
    assert canasta.diff_variants(parent, variant), "a house option changes a rule"
    game = canasta.Game(variant, players=4, seed=5)
    bot = HeuristicBot(seed=5)
    while game.hand_number == 1 and not game.is_over:
        view = game.view(game.current_player)
        game.apply(bot.choose(view, view.legal_actions))


HAND_AND_FOOT_SNIPPETS = [p for p in SNIPPETS if p.stem.startswith("hand-and-foot-")]
HAND_AND_FOOT_OPTION_KEYS = {
    "top-7": {"discard_pile.take_count"},
    "top-5": {"discard_pile.take_count"},
    "top-3": {"discard_pile.take_count"},
    "top-1": {"discard_pile.take_count"},
    "13-card-packets": {"deal.hand_size.4", "deal.hand_size.6", "reserve.sizes.4", "reserve.sizes.6"},
    "14-card-packets": {"deal.hand_size.4", "deal.hand_size.6", "reserve.sizes.4", "reserve.sizes.6"},
    "wild-books": {"canastas.wild_canastas"},
    "books-grow": {"canastas.naturals_added", "canastas.several_per_rank", "melds.max_size"},
    "books-grow-any-card": {"canastas.naturals_added", "canastas.wilds_added", "canastas.several_per_rank", "melds.max_size"},
    "one-and-one": {
        "going_out.canastas_required.4",
        "going_out.canastas_required.6",
        "going_out.canasta_kinds_required.natural",
        "going_out.canasta_kinds_required.mixed",
    },
    "one-clean-two-dirty": {"going_out.canastas_required.4", "going_out.canastas_required.6", "going_out.canasta_kinds_required.natural"},
    "red-three-100": {"red_threes.unmelded_penalty"},
    "red-three-300": {"red_threes.unmelded_penalty"},
    "minimums-60": {"initial_meld.minimums_by_hand"},
    "pile-after-opening": {"initial_meld.allowed_from_pile"},
    "black-three-0": {"scoring.card_points.black_three"},
    "foot-next-turn": {"reserve.turn_continues"},
    "no-walking": {"reserve.by_discard"},
    "three-and-three": {
        "going_out.canastas_required.4",
        "going_out.canastas_required.6",
        "going_out.canasta_kinds_required.natural",
        "going_out.canasta_kinds_required.mixed",
    },
    "four-clean-three-dirty": {
        "going_out.canastas_required.4",
        "going_out.canastas_required.6",
        "going_out.canasta_kinds_required.natural",
        "going_out.canasta_kinds_required.mixed",
    },
    "no-permission": {"going_out.permission"},
    "top-card-onto-meld": {"discard_pile.always_frozen", "discard_pile.add_top_card_to_meld"},
}


def test_every_hand_and_foot_option_has_its_snippet_and_a_place_in_the_docs() -> None:
    """docs/hand-and-foot-options.md shows each file of docs/snippets/hand-and-foot-*.toml, and the profile's comments name files that exist."""
    assert sorted(p.stem.removeprefix("hand-and-foot-") for p in HAND_AND_FOOT_SNIPPETS) == sorted(HAND_AND_FOOT_OPTION_KEYS)
    page = (DOCS / "hand-and-foot-options.md").read_text(encoding="utf-8")
    for path in HAND_AND_FOOT_SNIPPETS:
        assert f"snippets/{path.name}" in page, path.name
    profile = canasta.load_variant("hand-and-foot")
    for citation in profile.citations.values():
        for name in re.findall(r"docs/snippets/([\w.-]+\.toml)", citation):
            assert (DOCS / "snippets" / name).is_file(), name


def test_the_hand_and_foot_options_page_shows_each_snippet_as_it_is() -> None:
    """Each ```toml block of docs/hand-and-foot-options.md is the file named just above it, character for character."""
    page = (DOCS / "hand-and-foot-options.md").read_text(encoding="utf-8")
    blocks = re.findall(r"`docs/snippets/([\w.-]+\.toml)`[^\n]*:\n\n```toml\n(.*?)```", page, flags=re.S)
    assert sorted(name for name, _ in blocks) == sorted(p.name for p in HAND_AND_FOOT_SNIPPETS)
    for name, text in blocks:
        assert text == (DOCS / "snippets" / name).read_text(encoding="utf-8"), name


@pytest.mark.parametrize("path", HAND_AND_FOOT_SNIPPETS, ids=[p.stem for p in HAND_AND_FOOT_SNIPPETS])
def test_a_hand_and_foot_option_sets_only_its_keys(path: Path) -> None:
    house = canasta.load_variant(path)
    differing = {d.key for d in canasta.diff_variants(canasta.load_variant("hand-and-foot"), house)}
    assert differing == HAND_AND_FOOT_OPTION_KEYS[path.stem.removeprefix("hand-and-foot-")]
    assert tomllib.loads(path.read_text(encoding="utf-8"))["extends"] == "hand-and-foot"


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("bot_class", [RandomBot, HeuristicBot])
@pytest.mark.parametrize("path", HAND_AND_FOOT_SNIPPETS, ids=[p.stem for p in HAND_AND_FOOT_SNIPPETS])
def test_a_hand_and_foot_option_plays_a_whole_match(path: Path, bot_class: type, players: int) -> None:
    """Four hands to the end, with random play and with the heuristic bot, four players or six (two teams of three)."""
    variant = canasta.load_variant(path)
    game = canasta.Game(variant, players=players, seed=11)
    bot = bot_class(seed=11)
    for _ in range(20_000):
        if game.is_over:
            break
        view = game.view(game.current_player)
        game.apply(bot.choose(view, view.legal_actions))
    assert game.is_over and game.hand_number == variant.match.hands


def test_hand_and_foot_top_1_takes_the_top_card_every_time() -> None:
    """GOCC's top card only is ``take_count = 1``: every take is of the top card, not a choice beside the whole pile."""
    house = canasta.load_variant(DOCS / "snippets" / "hand-and-foot-top-1.toml")
    assert house.discard_pile.take_count == 1 and not house.discard_pile.take_top_card_only


def test_special_hands_off_leaves_no_show_action() -> None:
    variant = canasta.load_variant(DOCS / "snippets" / "modern-american-no-special-hands.toml")
    assert variant.scoring.special_hands == ()
    assert not ActionSpace(variant, 4).actions[-1].text().startswith("show")


@pytest.mark.parametrize("path", SCHEMA1_HOUSE, ids=[p.stem for p in SCHEMA1_HOUSE])
def test_a_schema1_rasche_option_equals_its_schema2_form_in_the_docs(path: Path) -> None:
    """docs/rasche-options.md shows each option in schema 2; the schema-1 file it replaced loads to the same profile."""
    old = canasta.load_variant(path)
    assert old.schema_version == 2  # upgraded on loading
    text = (DOCS / "rasche-options.md").read_text(encoding="utf-8")
    blocks = text.split("```toml\n")[1:]
    index = int(path.stem.rsplit("-", 1)[1])
    new = canasta.loads_variant(blocks[index].split("```", 1)[0])
    assert canasta.diff_variants(old, new) == []


def test_schema1_natural_canasta_required_becomes_a_kind_requirement() -> None:
    old = canasta.loads_variant('extends = "regency"\n[going_out]\nnatural_canasta_required = true\n')
    new = canasta.loads_variant('extends = "regency"\n[going_out]\ncanasta_kinds_required = { natural = 1 }\n')
    assert old == new and new.going_out.canasta_kinds_required == {CanastaClass.NATURAL: 1}


def test_a_schema2_file_with_a_replaced_key_is_told_the_new_one() -> None:
    with pytest.raises(canasta.VariantError) as info:
        canasta.loads_variant('schema_version = 2\nextends = "regency"\n[canastas]\nmixed_bonus = 250\n')
    assert "replaced by 'canastas.bonus.mixed' in schema version 2" in str(info.value)


def test_dumps_writes_schema_2_and_reads_back_equal() -> None:
    for name in canasta.variant_names():
        v = canasta.load_variant(name)
        text = canasta.dumps_variant(v)
        assert "schema_version = 2" in text
        assert canasta.loads_variant(text) == v


def test_a_kind_not_listed_is_not_told_apart() -> None:
    """decisions P66: without every_joker in canastas.bonus, four jokers and three twos are a wild canasta."""
    regency = canasta.Game("rasche-house", players=4, seed=1).rules
    assert regency.kind_of(13, 1, 6) is CanastaKind.WILD
    american = canasta.Game("modern-american", players=4, seed=1).rules
    assert american.kind_of(13, 3, 4) is CanastaKind.EVERY_JOKER
    assert american.kind_of(13, 7, 0) is CanastaKind.PURE_WILD
    assert american.canasta_bonus(CanastaKind.EVERY_JOKER) == 2500


SEVEN_PAIRS = {
    "variant": "modern-american",
    "players": 4,
    "seat": 0,
    "phase": "meld",
    "drew": "stock",
    "hands": {"0": "4C 4D 5C 5D 6C 6D 8C 8D 9C 9D TC TD KC KD", "1": 13, "2": 13, "3": 13},
    "stock": {"size": 30},
}


def test_a_special_hand_is_one_action_of_the_space_and_its_mask() -> None:
    """The action space holds each special hand's show action, and the mask is the legal list."""
    game = canasta.Game.from_position(SEVEN_PAIRS)
    space = ActionSpace("modern-american", 4)
    legal = game.legal_actions()
    assert ShowSpecialHand(name="seven_pairs") in legal
    mask = space.mask(game)
    assert {space.index_to_action(i) for i in range(space.num_actions) if mask[i]} == set(legal)
    events = game.apply("show seven_pairs")
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.termination is Termination.SPECIAL_HAND
    assert ended.scores[0].total == ended.scores[0].special_hand == 2500  # the side's whole score (EBB §2.12, CC)


@pytest.mark.parametrize("name", FAMILY)
def test_a_family_profile_plays_matches_to_the_end_at_every_player_count(name: str) -> None:
    """Random and heuristic seats, every player count the profile supports, a whole match under a low target."""
    import attrs

    variant = canasta.load_variant(name)
    variant = attrs.evolve(variant, match=attrs.evolve(variant.match, target=1500))
    for players in variant.player_counts:
        for seed in range(2):
            game = canasta.Game(variant, players=players, seed=seed)
            bots = [HeuristicBot(seed=seed + s) if s % 2 else None for s in range(players)]
            rng = random.Random(seed)
            while not game.is_over and game.hand_number <= 30:
                seat = game.current_player
                legal = game.legal_actions()
                assert legal, f"{name} {players}p seed {seed}: no legal action"
                bot = bots[seat]
                game.apply(bot.choose(game.view(seat), legal) if bot is not None else rng.choice(legal))
            assert game.is_over or game.hand_number > 30
