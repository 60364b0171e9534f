"""A refusal names the rule that decides it under the profile in play, and cites that profile's source for it.

``IllegalActionError.rule`` is the profile key that forbids the action under
the profile in play, and ``source`` the citation that profile's file gives
that key; a fixed rule of the engine (one it applies under every profile, such
as the turn order) keeps its fixed key and citation. The expected citations
are read here from the profile files' own comments, independently of the
library's citation reader.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
from engine_helpers import ACTION_POOL, BUNDLED, assert_illegal, game, setup

import canasta
from canasta.bots import HeuristicBot
from canasta.core.refusals import FIXED_SOURCES
from canasta.variants.reference import keys

VARIANTS = Path(__file__).resolve().parents[1] / "variants"
RULE_KEYS = frozenset(k.path for k in keys())


@cache
def file_citations(profile: str) -> dict[str, str]:
    """Each ``table.key`` of a bundled profile file and the comment that ends its line."""
    out: dict[str, str] = {}
    table = ""
    for line in (VARIANTS / f"{profile}.toml").read_text(encoding="utf-8").splitlines():
        header = re.match(r"^\[([a-z_.]+)\]", line)
        if header:
            table = header.group(1)
            continue
        entry = re.match(r"^([a-z_]+) = .*?  # (.+)$", line)
        if entry:
            out[f"{table}.{entry.group(1)}" if table else entry.group(1)] = entry.group(2)
    return out


def cited(profile: str, key: str) -> str:
    """The citation ``profile``'s file gives ``key``, or the key it is part of (``going_out.canasta_kinds_required.natural``);
    for a key a house file leaves to the profile it extends, that profile's."""
    found = file_citations(profile)
    part = key
    while part not in found and "." in part:
        part = part.rpartition(".")[0]
    if part in found:
        return found[part]
    parent = re.search(r'^extends = "([a-z-]+)"', (VARIANTS / f"{profile}.toml").read_text(encoding="utf-8"), re.M)
    assert parent is not None, f"{profile}.toml has no citation for {key}"
    return cited(parent.group(1), key)


# -- the members of the class, one by one -----------------------------------------------------------


@pytest.mark.parametrize("profile", ["cuban", "uruguayan", "modern-american"])
def test_a_pile_topped_by_a_wild_card_is_refused_by_the_always_frozen_pile_where_the_profile_has_one(profile: str) -> None:
    """Cuban RG, Uruguayan RG/BLK 2, Modern American EBB §2.3: only a natural pair of the top card's rank takes the pile."""
    g = game(profile, hands={0: "2H 2S 4D 6S KH KD"}, melds={0: {"9": "9D 9S 9C"}}, pile="5C 9C 2C")
    err = assert_illegal(g, "take n2", "discard_pile.always_frozen")
    assert err.source == cited(profile, "discard_pile.always_frozen")
    assert "P18" not in err.source and "§17" not in err.source


@pytest.mark.parametrize("profile", ["finnish", "regency", "dutch"])
def test_a_pile_topped_by_a_wild_card_is_the_fixed_rule_where_the_pile_is_not_always_frozen(profile: str) -> None:
    """decisions P18: under every other profile the engine's own rule refuses it, with its own citation."""
    g = game(profile, hands={0: "2H 2S 4D 6S KH KD"}, melds={0: {"9": "9D 9S 9C"}}, pile="5C 9C 2C")
    err = assert_illegal(g, "take n2", "discard_pile.wild_on_top")
    assert err.source == FIXED_SOURCES["discard_pile.wild_on_top"]


@pytest.mark.parametrize(("profile", "rule"), [("cuban", "discard_pile.always_frozen"), ("uruguayan", "discard_pile.always_frozen"), ("finnish", "discard_pile.frozen"), ("regency", "discard_pile.frozen")])
def test_a_natural_and_a_wild_card_do_not_take_a_frozen_pile(profile: str, rule: str) -> None:
    g = game(profile, hands={0: "9H 2D 4D 6S KH KD"}, melds={0: {"Q": "QD QS QC"}}, pile="5C 2C 9C", frozen=True)
    err = assert_illegal(g, "take n1 t1", rule)
    assert err.source == (cited(profile, rule) if rule in RULE_KEYS else FIXED_SOURCES[rule])


def test_black_threes_are_never_melded_where_they_are_bonus_cards() -> None:
    """Modern American EBB §2.8: all threes are laid down and replaced, never melded; the meld rules of stop cards do not decide."""
    g = game("modern-american", hands={0: "5C 6D 8H 9S KH"}, melds={0: {"K": "KD KS KC"}}, phase="meld")
    for action in ("meld 3 n3", "meld 3 n1 t2"):
        err = assert_illegal(g, action, "black_threes.bonus_card")
        assert err.source == cited("modern-american", "black_threes.bonus_card")


@pytest.mark.parametrize("profile", ["finnish", "regency", "cuban"])
def test_black_threes_are_melded_only_to_go_out_where_they_are_stop_cards(profile: str) -> None:
    """000 SVARTA TREOR 2, 001 §20 C, 004 L134: a rule of every profile where black threes are stop cards."""
    g = game(profile, hands={0: "3C 3S 3C 5D 8H 9S KH"}, melds={0: {"K": "KD KS KC"}}, phase="meld")
    err = assert_illegal(g, "meld 3 n3", "black_threes.going_out_only")
    assert err.source == FIXED_SOURCES["black_threes.going_out_only"]


@pytest.mark.parametrize("profile", ["cuban", "modern-american"])
def test_going_out_before_opening_is_refused_by_the_profile_that_has_no_concealed_going_out(profile: str) -> None:
    """Cuban RG, Modern American CC: no concealed going out, so a side that has not opened cannot go out at all."""
    g = game(profile, hands={0: "KC KD KH KS KC KD KH 5C"}, phase="meld", scores=[3000, 0])  # 70 points, short of the minimum
    err = assert_illegal(g, "meld K n7", "concealed_going_out.allowed")
    assert err.source == cited(profile, "concealed_going_out.allowed")


def test_a_table_comment_of_a_house_profile_is_no_citation_of_a_fixed_rule() -> None:
    """A comment on ``[discard_pile]`` cites that table's keys, not the fixed rule of a frozen pile that shares its name."""
    house = canasta.loads_variant('extends = "regency"\nname = "club"\n[discard_pile]  # our club sheet\none_card_rule = true  # our club sheet, rule 4\n')
    assert house.citations.get("discard_pile") == "our club sheet"
    g = setup(canasta.Game(house, players=4, seed=1), hands={0: "9H 2D 4D 6S KH KD"}, melds={0: {"Q": "QD QS QC"}}, pile="5C 2C 9C", frozen=True)
    err = assert_illegal(g, "take n1 t1", "discard_pile.frozen")
    assert err.source == FIXED_SOURCES["discard_pile.frozen"]


@pytest.mark.parametrize(("profile", "extra", "rule"), [("finnish", "", "match.target"), ("regency", "[match]\nhands = 1  # a one-hand match\n", "match.hands")])
def test_an_action_after_the_match_is_refused_by_the_rule_that_ended_it(profile: str, extra: str, rule: str) -> None:
    variant = canasta.loads_variant(f'extends = "{profile}"\nname = "short"\n{extra}') if extra else canasta.load_variant(profile)
    g = canasta.Game(variant, players=4, seed=3)
    if not extra:  # a side one good hand from the target
        g = canasta.Game.from_position({**g.position(), "scores": [variant.match.target - 10, 0]})
    bot = HeuristicBot(seed=3)
    while not g.is_over:
        view = g.view(g.current_player)
        g.apply(bot.choose(view, view.legal_actions))
    err = g.violation("draw")
    assert isinstance(err, canasta.IllegalActionError) and err.rule == rule
    assert err.source == (cited(profile, rule) if not extra else "a one-hand match")
    with pytest.raises(canasta.EntryError) as entry:  # a director's penalty after the match: the same rule
        g.penalize(0, "table_talk")
    assert (entry.value.rule, entry.value.source) == (rule, err.source)


# -- the whole class, over play ------------------------------------------------------------------


@pytest.mark.parametrize("profile", BUNDLED)
def test_every_refusal_in_play_cites_the_profile_key_and_its_citation_or_a_fixed_rule(profile: str) -> None:
    """Every refusal met in a played hand: a fixed rule with its fixed citation, or a key of the profile's file with its comment."""
    rng = random.Random(profile)
    g = canasta.Game(profile, players=4, seed=11)
    met: set[str] = set()
    for _ in range(60):
        if g.is_over or g.hand_number > 1:
            break
        for action in rng.sample(ACTION_POOL, 40):
            err = g.violation(action)
            if not isinstance(err, canasta.IllegalActionError):
                continue
            met.add(err.rule)
            if err.rule in FIXED_SOURCES:
                assert err.source == FIXED_SOURCES[err.rule], (profile, action, err)
            else:
                base = err.rule if err.rule in RULE_KEYS else err.rule.rpartition(".")[0]
                assert base in RULE_KEYS, f"{profile}: {action!r} is refused by {err.rule!r}, neither a profile key nor a fixed rule"
                assert err.source == cited(profile, err.rule), (profile, action, err)
        g.apply(rng.choice(g.legal_actions()))
    assert len(met) >= 4, met
