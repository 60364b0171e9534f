"""Views and observations are bit for bit those of the code before views were built in compiled code.

The digests in ``tests/golden/views/digests.toml`` were written by
``tests/view_digests.py`` before the views were rebuilt in compiled code; the
compiled and the pure build must both give them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from view_digests import TABLES, digests

GOLDEN = tomllib.loads((Path(__file__).parent / "golden" / "views" / "digests.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("variant", "players"), TABLES, ids=[f"{v}-{p}" for v, p in TABLES])
def test_views_and_observations_are_unchanged(variant: str, players: int) -> None:
    seen, encoded = digests(variant, players)
    expected = GOLDEN[f"{variant}-{players}"]
    assert seen == expected["views"], "a seat's view differs from the golden one (repr)"
    assert encoded == expected["observations"], "an observation vector differs from the golden one"


def test_a_view_filled_slot_by_slot_equals_one_built_through_its_init() -> None:
    """view_builder fills the frozen view classes slot by slot; every field, the turn and the melds are what ``__init__`` would set."""
    import random

    import attrs

    import canasta
    from canasta.core.views import MeldView, PlayerView, TurnView

    game = canasta.Game("finnish", players=4, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.current_player)
    assert any(view.melds), "the game should have melds by now"
    rebuilt = PlayerView(**attrs.asdict(view, recurse=False))
    assert rebuilt == view and rebuilt.variant is view.variant and rebuilt.rules is view.rules
    assert TurnView(**attrs.asdict(view.turn, recurse=False)) == view.turn
    for side in view.melds:
        for meld in side:
            assert MeldView(**attrs.asdict(meld, recurse=False)) == meld


def test_slot_setters_refuse_a_class_they_would_fill_wrongly() -> None:
    import attrs

    from canasta.core.view_builder import slot_setters

    @attrs.frozen(kw_only=True)
    class Checked:
        n: int = attrs.field(validator=attrs.validators.instance_of(int))

    @attrs.frozen(kw_only=True)
    class Plain:
        a: int
        b: int

    with pytest.raises(TypeError, match="validates or converts"):
        slot_setters(Checked, ("n",))
    with pytest.raises(TypeError, match="fields are"):
        slot_setters(Plain, ("b", "a"))
    assert len(slot_setters(Plain, ("a", "b"))) == 2
