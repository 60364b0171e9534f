"""One table drawing: ``str(view)`` and ``canasta play`` draw one layout from two perspectives.

The words are the engine's facts read from the view (why the pile is frozen,
each canasta's kind, who sits out), so these tests compare the drawing with
the view and with the events the engine returned, never with copied prose.
The package's own hygiene is checked here too: every public attribute of
``canasta.play`` has a docstring, and no test of it imports a private helper.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import attrs
import pytest
from sphinx.pycode import ModuleAnalyzer

import canasta
import canasta.play
from canasta.bots import RandomBot
from canasta.bots.registry import make_bots
from canasta.core import render
from canasta.core.actions import ASK
from canasta.core.events import Discarded, PileFrozen
from canasta.core.views import PlayerView
from canasta.play import Match, PlayedAction
from canasta.play.text import table_text

TABLES = [
    ("finnish", 4),
    ("rasche-house", 2),
    ("rasche-house", 5),
    ("regency", 6),
    ("swedish-club", 3),
    ("swedish-official", 4),
    ("dutch", 4),
]
"""Profiles and player counts the drawings are checked at: partners or none, a seat sitting out (5 and 6 players), a
pile whose top card alone may be taken (the Swedish profiles)."""


def played_views(variant: str, players: int, seed: int, actions: int = 400) -> list[tuple[PlayerView, int | None]]:
    """Every view of the seat to act over ``actions`` random actions, each with the seat whose discard froze the pile
    (from the engine's events: the ``Discarded`` before a ``PileFrozen``), while it stays frozen, else None."""
    game = canasta.Game(variant, players=players, seed=seed)
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    found: list[tuple[PlayerView, int | None]] = []
    froze: int | None = None
    for _ in range(actions):
        if game.is_over:
            break
        view = game.view(game.current_player)
        froze = froze if view.pile_frozen else None
        found.append((view, froze))
        discarded: int | None = None
        for event in game.apply(bots[view.seat].choose(view, view.legal_actions)):
            if isinstance(event, Discarded):
                discarded = event.seat
            elif isinstance(event, PileFrozen) and event.reason is not canasta.FreezeReason.UPCARD:
                froze = discarded
    return found


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_the_person_sees_the_layout_of_str_view(variant: str, players: int) -> None:
    """Line for line the same table: the melds word for word, the other lines only spoken to the person."""
    for view, _ in played_views(variant, players, seed=3, actions=150):
        plain = str(view).splitlines()
        person = table_text(view).splitlines()
        assert len(plain) == len(person), (plain, person)
        for a, b in zip(plain, person, strict=True):
            if re.match(r"  [2-9TJQKA3W] ", a):
                assert a == b
        assert person[0].startswith(plain[0].split(":")[0])
        assert person[-len(view.hand_sizes) + view.seat].startswith(("> seat", "  seat"))
        assert f"seat {view.seat} (you)" in table_text(view)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_the_pile_says_what_the_engine_says_froze_it(variant: str, players: int) -> None:
    """``frozen: ...`` names ``view.pile_freezing_card`` and, for a discard, the seat the engine's events name (001 §17 B)."""
    seen = set()
    for seed in (1, 2):
        for view, froze in played_views(variant, players, seed):
            line = str(view).splitlines()[1]
            if view.pile_size == 0:  # taken, and held back until the opening stands: the turn's line says so
                assert "pile empty" in line
                continue
            assert ("frozen:" in line) is view.pile_frozen, line
            if not view.pile_frozen:
                continue
            reason, card = view.pile_frozen_by, view.pile_freezing_card
            assert reason is not None and card is not None
            seen.add(reason)
            if reason is canasta.FreezeReason.UPCARD:
                assert f"frozen: the upcard {card.text} is a " in line
                continue
            assert froze is not None and view.pile_freezing_seat == froze
            what = f"the {'wild card' if card.is_wild else 'black three'} {card.text}"
            assert f"frozen: seat {froze} discarded {what}" in line
            person = table_text(view).splitlines()[1]
            assert f"frozen: {render.seat_name(view, froze, person=True)} discarded {what}" in person
    assert canasta.FreezeReason.WILD_DISCARD in seen


def test_the_upcard_named_is_the_one_that_froze_the_pile() -> None:
    """Upcards turned until one may start the pile (000 HUR SPELET BÖRJAR 1.3): the engine's freezing card is named, not
    the first upcard that lies in the pile (a black three here, which does not freeze under this profile)."""
    view = canasta.Game("swedish-club", players=6, seed=3).view(3)
    assert view.discards[0] == (-1, canasta.Card("3C")) and view.pile_freezing_card == canasta.Card("JK")
    assert "(frozen: the upcard JK is a wild card; " in table_text(view)
    assert "(frozen: the upcard JK is a wild card)" in str(view)


@pytest.mark.parametrize(
    ("melds", "status"),
    [
        ("2C 2D 2H 2S 2C 2D 2H", "pure wild canasta (7 cards)"),
        ("2C 2D JK JK 2S 2C 2H", "wild canasta (7 cards)"),
        ("JK JK JK", "3 cards, pure wild, 4 to canasta"),
        ("KS KH KD KC KS KH KD", "natural canasta (7 cards)"),
        ("QS QH 2C", "3 cards, mixed, 4 to canasta"),
    ],
)
def test_a_meld_shows_the_canasta_kind_of_the_view(melds: str, status: str) -> None:
    """The kind decides the bonus (001 §15 B; wild-card canastas 004 opt b): a one-kind joker canasta is pure wild."""
    game = canasta.Game.from_position(
        {
            "variant": "rasche-house",
            "players": 4,
            "seat": 0,
            "hands": {"0": "5C 6D 7H 8S 9C", "1": 11, "2": 11, "3": 11},
            "sides": {"0": {"melds": [melds], "opened": True}},
        }
    )
    (meld,) = game.view(0).melds[0]
    if meld.canasta_kind is not None:
        assert status.startswith(render.kind_text(meld.canasta_kind))
    for text in (str(game.view(0)), str(game), table_text(game.view(0))):
        assert re.search(rf"^  \S+  {' '.join(c.text for c in meld.cards)} +{re.escape(status)}$", text, flags=re.M), text


def test_a_seat_sitting_out_says_so() -> None:
    """At five, one seat sits out each hand (``deal.sitting_out``): its line says so, not ``0 cards``."""
    game = canasta.Game("rasche-house", players=5, seed=1)
    view = game.view(0)
    assert view.sitting_out == (4,)
    assert "  seat 4  sits out this hand" in str(view)
    assert "  seat 4 (partner)   sits out this hand" in table_text(view)


def test_the_public_perspective_shows_no_hand() -> None:
    """A view from no seat (OpenSpiel's public observation) counts every hand and speaks of no person."""
    view = canasta.Game("finnish", players=4, seed=7).view(0)
    public = attrs.evolve(view, seat=-1, hand=(), legal_actions=())
    text = str(public)
    assert " ".join(c.text for c in view.hand) not in text
    assert all(line.endswith("11 cards") for line in text.splitlines()[-4:])
    assert "you" not in text and "yours" not in text


def test_cards_are_counted_in_words_that_agree() -> None:
    game = canasta.Game.from_position(
        {"variant": "finnish", "players": 4, "seat": 0, "hands": {"0": "5C", "1": 1, "2": 11, "3": 11}, "stock": {"size": 1}}
    )
    text = str(game.view(0))
    assert "stock 1 card " in text and "(1 card)" in text and "  seat 1  1 card\n" in text


# -- the session's errors are the library's ----------------------------------------------------


def test_a_match_refuses_bad_seats_and_missing_bots_with_argument_error() -> None:
    game = canasta.Game("finnish", players=4, seed=1)
    bots = make_bots(["random"] * 4, 1)
    for seat in (4, -1, "0", True):
        with pytest.raises(canasta.ArgumentError, match="is not a seat at this table"):
            Match(game, seat, bots)  # type: ignore[arg-type]
    with pytest.raises(canasta.ArgumentError, match="3 bots for 4 seats"):
        Match(game, 0, bots[:3])
    with pytest.raises(canasta.ArgumentError, match="no bot for seat 2"):
        Match(game, 0, [None, bots[1], None, bots[3]])
    Match(game, 0, [None, *bots[1:]])


def test_apply_out_of_turn_is_an_illegal_action_and_changes_nothing() -> None:
    game = canasta.Game("finnish", players=4, seed=1)
    match = Match(game, 1, make_bots(["heuristic"] * 4, 1))
    before = len(game.actions)
    with pytest.raises(canasta.IllegalActionError, match="it is not your turn: seat 0 is to act") as raised:
        match.apply("draw")
    assert raised.value.rule == "turn" and len(game.actions) == before
    played = match.advance()
    assert played and all(isinstance(p, PlayedAction) for p in played) and match.person_to_act
    with pytest.raises(canasta.NotationError):
        match.apply("discard 7 7 7")
    with pytest.raises(canasta.IllegalActionError):
        match.apply(ASK)
    assert len(game.actions) == before + len(played)


# -- hygiene ----------------------------------------------------------------------------------


def _play_modules() -> list[str]:
    return ["canasta.play", *(f"canasta.play.{m.name}" for m in pkgutil.iter_modules(canasta.play.__path__))]


def _assigned(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    return [node.target] if isinstance(node, ast.AnnAssign) else []


def _public_attributes(modname: str) -> list[tuple[str, str]]:
    """(class, attribute) for every public attribute of a public class (a field, or ``self.x`` set in ``__init__``),
    and ("", name) for a module constant in ``__all__``."""
    module = importlib.import_module(modname)
    tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
    public = set(getattr(module, "__all__", ()))
    found = [("", t.id) for node in tree.body for t in _assigned(node) if isinstance(t, ast.Name) and t.id in public]
    for cls in (node for node in tree.body if isinstance(node, ast.ClassDef) and not node.name.startswith("_")):
        fields = [t.id for item in cls.body for t in _assigned(item) if isinstance(item, ast.AnnAssign) and isinstance(t, ast.Name)]
        inits = [item for item in cls.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"]
        selves = [
            t.attr
            for init in inits
            for sub in ast.walk(init)
            for t in _assigned(sub)
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"
        ]
        found += [(cls.name, name) for name in fields + selves if not name.startswith("_")]
    return sorted(set(found))


@pytest.mark.parametrize("modname", _play_modules())
def test_every_public_attribute_of_play_has_a_docstring(modname: str) -> None:
    documented = ModuleAnalyzer.for_module(modname).find_attr_docs()
    missing = [f"{cls}.{name}".lstrip(".") for cls, name in _public_attributes(modname) if (cls, name) not in documented]
    assert not missing, f"{modname}: no docstring for {missing}"


def test_the_play_tests_import_no_private_helper() -> None:
    for path in sorted(Path(__file__).parent.glob("test_play*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("canasta"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                assert not private and "._" not in (node.module or ""), f"{path.name} imports {private or node.module}"
