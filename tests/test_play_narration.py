"""``canasta play`` says everything the engine does: every event in words, every part of a hand's score, the table as a
hand ended, and the threes by their colour.

The events are enumerated from the engine's ``Event`` class, the score parts from ``HandScore``'s fields, and what a
session should have said is counted from the events the engine returned for the same actions (the game replayed from
its record), never from the words of the code under test.
"""

from __future__ import annotations

import io
import re
import sys
import typing
from collections import Counter
from typing import Any

import attrs
import pytest

import canasta
from canasta.bots.registry import make_bots
from canasta.core import events as event_module
from canasta.core.cards import Card
from canasta.core.events import Event, HandEnded, RedThreeLaid, ReserveLost, ReserveReceived, ReserveToStock, SpecialHandShown
from canasta.core.scoring import HandScore
from canasta.play import Match, PlainScreen, run_session
from canasta.play.narration import NARRATORS, narrate
from canasta.play.session import hand_as_it_ended
from canasta.play.text import score_table


def _subclasses(cls: type) -> list[type]:
    """Every subclass, at any depth, as its module holds it (attrs makes a new class for slots; the first one it
    replaced lingers in ``__subclasses__`` until collected)."""
    found = []
    for sub in cls.__subclasses__():
        if getattr(sys.modules[sub.__module__], sub.__qualname__, None) is sub:
            found.append(sub)
        found += _subclasses(sub)
    return found


EVENTS = sorted(set(_subclasses(Event)), key=lambda c: c.__name__)


def _sample(hint: Any) -> Any:
    """A value of a field's type: the first member of an enum, a card, two sides' scores."""
    origin = typing.get_origin(hint)
    if hint is int or hint == int | None:
        return 1
    if hint is bool:
        return True
    if hint is str:
        return "seven_pairs"
    if hint is Card:
        return Card("3C")
    if isinstance(hint, type) and issubclass(hint, canasta.variants.enums.Choice):
        return next(iter(hint))
    if origin is tuple and typing.get_args(hint)[0] is HandScore:
        return (HandScore(side=0, canastas=500), HandScore(side=1, melded=40))
    if origin is tuple:
        return (100, 200)
    if getattr(hint, "__name__", "") == "Rank":
        return 5
    raise AssertionError(f"no sample for {hint!r}")


def sample_event(cls: type[Event]) -> Event:
    hints = typing.get_type_hints(cls, vars(event_module))
    return cls(**{f.name: _sample(hints[f.name]) for f in attrs.fields(cls) if f.init})


def test_the_event_classes_are_found() -> None:
    names = {cls.__name__ for cls in EVENTS}
    assert {"ReserveReceived", "ReserveLost", "ReserveToStock", "PileBlocked", "SpecialHandShown", "HandEnded"} <= names


@pytest.mark.parametrize("cls", EVENTS, ids=lambda c: c.__name__)
def test_every_event_class_is_narrated(cls: type[Event]) -> None:
    assert cls in NARRATORS, f"{cls.__name__} has no narration in canasta.play.narration.NARRATORS"
    view = canasta.Game("modern-american", players=4, seed=1).view(0)
    words = narrate(view, 2, sample_event(cls))
    assert words and words != cls.__name__


def events_of(game: canasta.Game) -> list[Event]:
    """Every event of a game's actions, from its record played again."""
    record = game.record()
    again = canasta.Game(canasta.loads_variant(record.variant), players=record.players, seed=record.seed)
    found: list[Event] = []
    for action in record.actions:
        found += again.apply(action)
    return found


HOUSE_RESERVES = canasta.loads_variant(
    """
extends = "modern-american"
name = "reserves-aside"
[reserve]
dealt = true  # piles dealt aside, which become the stock when it runs out
becomes_stock = true
"""
)


def session(variant: canasta.Variant | str, seed: int, hands: int = 2) -> tuple[str, canasta.Game]:
    """A piped session answering every prompt with the first action, until ``hands`` hands are over."""
    game = canasta.Game(variant, players=4, seed=seed)
    bots = make_bots(["heuristic"] * 4, seed)
    match = Match(game, 0, bots, bots[0])
    out = io.StringIO()

    class FirstAction(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            return "quit\n" if len(re.findall(r"^hand \d+ over:", out.getvalue(), flags=re.M)) >= hands else "1\n"

    assert run_session(match, PlainScreen(FirstAction(), out)) == 0
    return out.getvalue(), game


@pytest.mark.parametrize(
    ("variant", "seed"), [("modern-american", 3), ("modern-american", 7), (HOUSE_RESERVES, 5), ("cuban", 2), ("hand-and-foot", 2)]
)
def test_every_reserve_pile_three_and_special_hand_is_said(variant: canasta.Variant | str, seed: int) -> None:
    out, game = session(variant, seed)
    assert "Traceback" not in out
    events = events_of(game)
    kinds = Counter(type(e) for e in events)
    assert out.count("received reserve pile") == kinds[ReserveReceived]
    assert len(re.findall(r"reserve pile \d of \d \(\d cards\), but it is lost", out)) == kinds[ReserveLost]
    assert out.count("became the stock") == kinds[ReserveToStock]
    assert out.count("showed the special hand") == kinds[SpecialHandShown]
    black = sum(1 for e in events if isinstance(e, RedThreeLaid) and e.card.is_black_three)
    red = sum(1 for e in events if isinstance(e, RedThreeLaid) and e.card.is_red_three)
    assert len(re.findall(r"laid black three 3[CS]", out)) == black
    assert len(re.findall(r"laid red three 3[DH]", out)) == red
    assert not re.search(r"red three 3[CS]|black three 3[DH]", out)


@pytest.mark.parametrize(("variant", "dead", "set_aside"), [("finnish", False, False), ("modern-american", True, False), ("hand-and-foot", False, True)])
def test_a_canasta_is_said_with_what_it_closes(variant: str, dead: bool, set_aside: bool) -> None:
    """A canasta closes its rank only where the profile has dead ranks (Modern American: CJ "No Dead Cards"); under
    ``canastas.several_per_rank`` it is set aside and its rank stays open (Hand and Foot: NWP)."""
    out, game = session(variant, 4, hands=1)
    completed = Counter(type(e) for e in events_of(game))[canasta.CanastaCompleted]
    said = re.findall(r"completed an? [a-z -]+ canasta of \S+", out)
    assert completed and len(said) == completed
    assert ("is now a dead rank" in out) is dead
    assert out.count("it is closed and set aside") == (completed if set_aside else 0)


def test_a_special_hand_ends_the_hand_on_the_screen() -> None:
    """Modern American EBB §2.12: the side scores the special hand's points and nothing else; seed 3 deals one."""
    out, game = session("modern-american", 3, hands=2)
    shown = [e for e in events_of(game) if isinstance(e, SpecialHandShown)]
    assert shown, "seed 3 no longer deals a special hand; pick another"
    assert re.search(r"^hand \d over: .* showed a special hand$", out, flags=re.M)
    rows = dict(re.findall(r"^  (special hand)\s+(.+)$", out, flags=re.M))
    assert str(shown[0].points) in rows["special hand"].split()


@pytest.mark.parametrize(("variant", "label"), [("modern-american", "threes"), ("finnish", "red threes"), ("cuban", "red threes")])
def test_the_threes_row_says_threes_where_it_counts_both_colours(variant: str, label: str) -> None:
    """Modern American scores black threes with the red ones, by colour (EBB §2.8); elsewhere the row is the red threes'."""
    view = canasta.Game(variant, players=4, seed=1).view(0)
    rows = score_table(view, (HandScore(side=0, red_threes=300), HandScore(side=1)), (300, 0))
    assert [r[0] for r in rows if r[1] == "300"] == [label, "hand total", "match total"]


def _point_fields() -> list[str]:
    return [f.name for f in attrs.fields(HandScore) if f.type in (int, "int") and f.name != "side"]


@pytest.mark.parametrize("variant", ["modern-american", "finnish"])
def test_every_part_of_a_hand_score_is_a_row_and_the_rows_add_up(variant: str) -> None:
    view = canasta.Game(variant, players=4, seed=1).view(0)
    parts = _point_fields()
    scores = tuple(HandScore(side=s, **{p: (i + 1) * 10 * (s + 1) for i, p in enumerate(parts)}) for s in range(2))
    rows = score_table(view, scores, (scores[0].total, scores[1].total))
    body = rows[1:-2]
    assert len(body) == len(parts), [r[0] for r in body]
    for side in range(2):
        assert sorted(int(r[side + 1]) for r in body) == sorted(getattr(scores[side], p) for p in parts)
        assert sum(int(r[side + 1]) for r in body) == int(rows[-2][side + 1]) == scores[side].total


def test_the_final_table_of_a_hand_is_drawn_before_its_score() -> None:
    out, game = session("modern-american", 7, hands=1)
    ended = next(e for e in events_of(game) if isinstance(e, HandEnded))
    title = re.search(rf"^modern-american, 4 players, hand 1 over: .*scores {ended.totals[0]} : {ended.totals[1]}", out, flags=re.M)
    score = re.search(r"^hand 1 over: ", out, flags=re.M)
    assert title and score and title.start() < score.start()
    table = out[title.start() : score.start()]
    assert len(re.findall(r"^[ >] seat \d", table, flags=re.M)) == 4
    assert "cards in hand" not in table


@pytest.mark.parametrize(("variant", "seed"), [("finnish", 2), ("modern-american", 7), ("regency", 4)])
def test_the_table_as_a_hand_ended_is_the_engines(variant: str, seed: int) -> None:
    """The last action played again on a copy whose match stops after that hand: the hand scores as it did, the same table."""
    game = canasta.Game(variant, players=4, seed=seed)
    bots = make_bots(["heuristic"] * 4, seed)
    while True:
        view = game.view(game.current_player)
        action = bots[view.seat].choose(view, view.legal_actions)
        before = game.copy()
        events = game.apply(action)
        ended = next((e for e in events if isinstance(e, HandEnded)), None)
        if ended is not None:
            break
    at_end = hand_as_it_ended(before, action, ended.hand_number)
    assert at_end is not None and at_end.is_over and game.hand_number == ended.hand_number + 1
    assert at_end.hand_scores[-1] == ended.scores and at_end.scores == game.scores


def test_the_ask_warning_is_said_once_and_the_mark_stays() -> None:
    """001 §23 D: the risk of asking is said the first time ``ask`` is listed; after that the list's mark says it."""
    game = canasta.Game("finnish", players=4, seed=1)
    bots = make_bots(["heuristic"] * 4, 1)
    out = io.StringIO()
    lines = "\n".join(["draw", "meld 5 n3", "meld J n2 t1", "discard 4", *["1"] * 30, "quit"]) + "\n"
    run_session(Match(game, 0, bots, bots[0]), PlainScreen(io.StringIO(lines), out))
    text = out.getvalue()
    assert len(re.findall(r"^! \d+ ask: ", text, flags=re.M)) == 1
    assert len(re.findall(r"\d+ ask \[-100 if yes\]", text)) >= 2
