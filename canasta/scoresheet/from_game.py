"""An engine match as a score sheet: each finished hand entered as a table would count it (issue 19; 001 §34).

The engine's :class:`~canasta.core.scoring.HandScore` gives each side's parts;
the counts behind them are read back where they are exact: canastas by kind
(``canasta_kinds``), melded and in-hand points, the side that went out. The
rest comes from the match's events, got by replaying its record: how each hand
ended and who went out (``HandEnded``), the penalties applied during play
(``PenaltyApplied``, e.g. ``going_out.permission_penalty`` as
:attr:`~canasta.core.penalties.Penalty.ANSWER_YES_CANNOT_GO_OUT`) and each §27 A
raise (``OpeningRetracted``). Red threes left in a hand are then the penalty
part less those penalties, over the unmelded penalty (001 §21 H, 004 L164);
red threes that scored are read from the profile's table (001 §21 F), all as
laid (the unplayed ones of 001 §21 G score the same). Since every hand is
scored again by the same rule, the sheet's totals equal the match's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from canasta.core.events import Event, HandEnded, OpeningRetracted, PenaltyApplied, Termination
from canasta.core.penalties import Penalty, penalty_value
from canasta.errors import ArgumentError, CanastaError

from .entries import GOING_OUT, HandEntry, PenaltyEntry, SideEntry

if TYPE_CHECKING:
    from canasta.core.game import Game
    from canasta.core.scoring import HandScore
    from canasta.core.table import TableRules

    from .sheet import ScoreSheet


@attrs.frozen(kw_only=True)
class HandEvents:
    """What the events of one hand tell beyond its scores: how it ended, who went out, the penalties applied."""

    ending: HandEnded
    penalties: tuple[PenaltyApplied, ...] = ()
    raises: tuple[int, ...] = ()
    """The seats whose opening was taken back, once per retraction (001 §27 A•2)."""


def match_events(game: Game) -> list[HandEvents]:
    """The events of each finished hand, by replaying the game's actions on a fresh deal; as many hands as replay to the same scores.

    The engine keeps no events; its first deal's are not returned by the
    constructor, but no hand ends and no penalty falls at the first deal.
    """
    from canasta.core.game import Game

    record = game.record()
    try:
        fresh = Game(game.variant, game.players, game.seed, turn_cap=record.turn_cap, rules_version=record.rules_version)
    except CanastaError:  # pragma: no cover - the game itself was built so
        return []
    hands: list[HandEvents] = []
    pending: list[Event] = []
    directed = list(game.director_penalties)
    for i, action in enumerate(game.actions):
        try:
            while directed and directed[0].after == i:
                p = directed.pop(0)
                pending += fresh.penalize(p.side, p.penalty, p.count)
            events = fresh.apply(action)
        except CanastaError:
            break
        for event in events:
            if isinstance(event, HandEnded):
                penalties = tuple(e for e in pending if isinstance(e, PenaltyApplied))
                raises = tuple(e.seat for e in pending if isinstance(e, OpeningRetracted))
                hands.append(HandEvents(ending=event, penalties=penalties, raises=raises))
                pending = []
            else:
                pending.append(event)
    known = game.hand_scores
    same = 0
    while same < min(len(hands), len(known)) and hands[same].ending.scores == known[same]:
        same += 1
    return hands[:same]


def red_threes_scored(rules: TableRules, part: int) -> int:
    """The red threes behind a red-three part of a score: the fewest whose bonus is its size (001 §21 F; 000 POÄNGRÄKNING 1)."""
    table = rules.red_three_table
    for n in range(2 * rules.decks + 1):
        if (table[min(n, len(table)) - 1] if n else 0) == abs(part):
            return n
    raise ArgumentError(f"a red-three score of {part} is not in the profile's table {table}")


def side_entry(rules: TableRules, score: HandScore, applied: int) -> SideEntry:
    """One side's count from its engine score and the penalty points applied to it during the hand."""
    unmelded = -score.penalties - applied
    unit = rules.unmelded_red_three_penalty
    if unmelded < 0 or (unmelded and (not unit or unmelded % unit)):
        raise ArgumentError(
            f"side {score.side}: penalties of {-score.penalties} do not split into {applied} applied and red threes in hand at {unit} each"
        )
    kinds: dict[str, int] = {}
    for kind in score.canasta_kinds:
        kinds[kind.value] = kinds.get(kind.value, 0) + 1
    threes = red_threes_scored(rules, score.red_threes)
    has_meld: bool | None = None
    if threes and not rules.red_threes_need_canasta:
        has_meld = score.red_threes > 0
        if has_meld == (bool(score.canasta_kinds) or score.melded > 0):
            has_meld = None
    return SideEntry(
        canastas=kinds,
        red_threes=threes,
        red_threes_in_hand=unmelded // unit if unit else 0,
        melded=score.melded,
        in_hand=-score.in_hand,
        has_meld=has_meld,
    )


def hand_entry(
    rules: TableRules, hand: int, scores: Sequence[HandScore], events: HandEvents | None
) -> tuple[HandEntry, list[PenaltyEntry]]:
    """A finished hand of the engine as a sheet's count and its penalties (001 §34 B; 001 §23 D, §27 A)."""
    penalties: list[PenaltyEntry] = []
    applied = [0] * rules.sides
    if events is not None:
        for e in events.penalties:
            penalty = Penalty(e.rule)
            count = e.points // penalty_value(rules, penalty) if penalty.per_card else 1
            penalties.append(PenaltyEntry(side=e.side, penalty=penalty, count=count, hand=hand))
            applied[e.side] += e.points
        if rules.minimum_raise > 0:
            penalties += [PenaltyEntry(side=rules.side_of[seat], penalty=Penalty.INSUFFICIENT_OPENING, hand=hand) for seat in events.raises]
        ending, seat = events.ending.termination, events.ending.seat
        went_out = seat if ending in GOING_OUT else None
    else:
        went = [s.side for s in scores if s.going_out]
        ending, went_out = Termination.STOCK_EXHAUSTED, None
        if went:
            bonus = scores[went[0]].going_out
            concealed = bonus == rules.concealed_bonus and bonus != rules.going_out_bonus
            ending = Termination.WENT_OUT_CONCEALED if concealed else Termination.WENT_OUT
            went_out = next(s for s in rules.seating(hand).order if rules.side_of[s] == went[0])
    sides = tuple(side_entry(rules, s, applied[s.side]) for s in scores)
    return HandEntry(sides=sides, ending=ending, went_out=went_out), penalties


def sheet_from_game(game: Game) -> ScoreSheet:
    """A :class:`~canasta.scoresheet.ScoreSheet` holding every finished hand of ``game``, its penalties and its seats' deals.

    A game set up from a position is refused (:class:`~canasta.ArgumentError`):
    a sheet starts at the first deal of a match.
    """
    from canasta.core.game import Game

    from .sheet import ScoreSheet

    if not isinstance(game, Game):
        raise ArgumentError(f"ScoreSheet.from_game(game=...): expected a canasta.Game, got {type(game).__name__}")
    if game.record().position is not None:
        raise ArgumentError(
            "ScoreSheet.from_game(game=...): the game was set up from a position; a score sheet starts at a match's first deal"
        )
    rules = game.rules
    first_dealer = (game.dealer - (game.hand_number - 1)) % game.players
    sheet = ScoreSheet(game.variant, game.players, seed_dealer=first_dealer)
    events = match_events(game)
    for i, scores in enumerate(game.hand_scores):
        hand = i + 1
        entry, penalties = hand_entry(rules, hand, scores, events[i] if i < len(events) else None)
        for p in penalties:
            sheet.add_penalty(p, by="engine")
        sheet.add_hand(entry, by="engine")
        if hand < len(game.hand_scores) or not game.is_over:
            sheet.deal(by="engine")
    return sheet


__all__ = ["HandEvents", "hand_entry", "match_events", "red_threes_scored", "sheet_from_game", "side_entry"]
