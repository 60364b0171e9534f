"""An engine match as a score sheet: each finished hand entered as a table would count it (001 §34).

The counts are read from the engine's state at the moment each hand is
scored: the match is replayed from its record, and the action that ended a
hand is played once more on a copy of the game whose match ends after that
hand, so that the copy stops there, before the next deal. From that state come
the canastas by kind and, where a rank has a bonus of its own, by rank
(``HandScore.canasta_kinds``, ``canasta_ranks``), the threes laid (red, and
black where they are bonus cards), the threes left in a hand (those of a player
who never had a turn, 001 §21 G, count as laid and are entered so; the others
cost ``red_threes.unmelded_penalty``, 001 §21 H), the card points melded and
left in hand, and schema 2's counts: the penalised unfinished melds
(:func:`canasta.core.scoring.penalised_unfinished`), the sets and black threes
held, the reserve piles never received, a special hand shown. The replay's
events give the rest: how each hand ended and who went out (``HandEnded``),
the penalties applied during play (``PenaltyApplied``, e.g.
``going_out.permission_penalty`` as
:attr:`~canasta.core.penalties.Penalty.ANSWER_YES_CANNOT_GO_OUT`) and each
§27 A raise (``OpeningRetracted``). Since every hand is scored again by the
same rule, the sheet's totals equal the match's.

A hand that cannot be replayed so (one that ended at the match's first deal)
is read back from its scores alone, where they say the counts exactly: the
red threes from the profile's table (001 §21 F), the red threes left in a hand
from the penalty part less the penalties applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from canasta.core.canastas import CanastaKind
from canasta.core.cards import WILD
from canasta.core.events import Event, HandEnded, OpeningRetracted, PenaltyApplied, SpecialHandShown, Termination
from canasta.core.penalties import Penalty, penalty_value
from canasta.core.scoring import SideCount
from canasta.errors import ArgumentError, CanastaError
from canasta.variants.enums import MeldRank

from .entries import GOING_OUT, HandEntry, PenaltyEntry, SideEntry, meld_rank_of

if TYPE_CHECKING:
    from canasta.core.actions import Action
    from canasta.core.game import Game
    from canasta.core.scoring import HandScore
    from canasta.core.table import TableRules

    from .sheet import ScoreSheet


@attrs.frozen(kw_only=True)
class HandEvents:
    """What the replay of one hand tells beyond its scores: how it ended, who went out, the penalties applied, the counts."""

    ending: HandEnded
    penalties: tuple[PenaltyApplied, ...] = ()
    raises: tuple[int, ...] = ()
    """The seats whose opening was taken back, once per retraction (001 §27 A•2)."""
    sides: tuple[SideEntry, ...] | None = None
    """Each side's count, read from the engine's state when the hand was scored; None where that state could not be had."""


def scored_game(before: Game, action: Action, hand: int) -> Game | None:
    """The game as it stands when hand ``hand`` is scored, ``action`` having ended it from the game ``before`` (which is not changed).

    ``action`` is played on a copy whose match stops after hand ``hand``
    (``Game.copy(hands=...)``), so the copy stops where the hand is scored,
    before the next deal. None if the copy does not end that hand so.
    """
    game = before.copy(hands=hand)
    try:
        game.apply(action)
    except CanastaError:  # pragma: no cover - the action was legal in the game itself
        return None
    return game if len(game.hand_scores) == hand and game.is_over else None


def match_events(game: Game) -> list[HandEvents | None]:
    """The events of each finished hand, by replaying the game's actions on a fresh deal; as many hands as replay to the same scores.

    A hand that ended at the first deal (the last stock card a red three) has
    no events to read: its place holds None. The engine keeps no events; its
    first deal's are not returned by the constructor, but no penalty falls and
    no hand but such a one ends at the first deal.
    """
    from canasta.core.game import Game

    record = game.record()
    try:
        fresh = Game(game.variant, game.players, game.seed, turn_cap=record.turn_cap, rules_version=record.rules_version)
    except CanastaError:  # pragma: no cover - the game itself was built so
        return []
    rules = fresh.rules
    hands: list[HandEvents | None] = [None] * len(fresh.hand_scores)
    pending: list[Event] = []
    directed = list(game.director_penalties)
    for i, action in enumerate(game.actions):
        try:
            while directed and directed[0].after == i:
                p = directed.pop(0)
                pending += fresh.penalize(p.side, p.penalty, p.count)
            before = fresh.copy()
            events = fresh.apply(action)
        except CanastaError:
            break
        for event in events:
            if isinstance(event, HandEnded):
                penalties = tuple(e for e in pending if isinstance(e, PenaltyApplied))
                raises = tuple(e.seat for e in pending if isinstance(e, OpeningRetracted))
                shown = next((e for e in reversed(pending) if isinstance(e, SpecialHandShown)), None)
                scored = scored_game(before, action, event.hand_number)
                sides = None if scored is None else tuple(counted_side(rules, scored.side_count(score.side), score, shown) for score in event.scores)
                hands.append(HandEvents(ending=event, penalties=penalties, raises=raises, sides=sides))
                pending = []
            else:
                pending.append(event)
    known = game.hand_scores
    same = 0
    while same < min(len(hands), len(known)):
        found = hands[same]
        if found is not None and found.ending.scores != known[same]:
            break
        same += 1
    return hands[:same]


def _ranked(rules: TableRules, score: HandScore) -> tuple[dict[str, int], dict[MeldRank, int]]:
    """A side's canastas by kind, and apart from them its natural canastas of a rank with a bonus of its own, by rank."""
    kinds: dict[str, int] = {}
    by_rank: dict[MeldRank, int] = {}
    ranks = score.canasta_ranks if len(score.canasta_ranks) == len(score.canasta_kinds) else (-1,) * len(score.canasta_kinds)
    for kind, rank in zip(score.canasta_kinds, ranks, strict=True):
        index = int(rank)
        if kind is CanastaKind.NATURAL and 0 <= index < WILD and rules.rank_canasta_bonus[index] >= 0:
            found = meld_rank_of(index)
            by_rank[found] = by_rank.get(found, 0) + 1
        else:
            kinds[kind.value] = kinds.get(kind.value, 0) + 1
    return kinds, by_rank


def counted_side(rules: TableRules, c: SideCount, score: HandScore, shown: SpecialHandShown | None = None) -> SideEntry:
    """One side's count, as a table makes it, from what the engine counted when the hand was scored (the penalties applied apart).

    ``c`` is :meth:`canasta.Game.side_count` at that moment, the count the engine
    scores a hand from, so the sheet's :func:`~canasta.core.scoring.side_score`
    of it is the engine's score; ``shown`` the special hand that ended the hand, if any.
    """
    side = score.side
    if shown is not None and rules.side_of[shown.seat] == side:
        return SideEntry(special_hand=shown.name)
    kinds, by_rank = _ranked(rules, score)
    entry = SideEntry(
        canastas=kinds,
        rank_canastas=by_rank,
        red_threes=c.red_threes + c.red_threes_unplayed,  # those never played count as laid (001 §21 G; decisions P30): entered so
        red_threes_in_hand=c.red_threes_in_hand,
        black_threes=c.black_threes,
        melded=c.melded,
        in_hand=c.in_hand,
        unfinished=[meld_rank_of(rank) for rank in c.unfinished],
        sets_in_hand=[meld_rank_of(rank) for rank in c.sets_in_hand],
        black_threes_in_hand=c.black_threes_in_hand if rules.black_three_hand_penalty else 0,
        reserves_untaken=c.reserves_untaken,
    )
    if entry.melds != c.has_meld:
        entry = attrs.evolve(entry, has_meld=c.has_meld)
    return entry


def red_threes_scored(rules: TableRules, part: int) -> int:
    """The red threes behind a red-three part of a score: the fewest whose bonus is its size (001 §21 F; 000 POÄNGRÄKNING 1)."""
    table = rules.red_three_table
    for n in range(2 * rules.decks + 1):
        if (table[min(n, len(table)) - 1] if n else 0) == abs(part):
            return n
    raise ArgumentError(f"a red-three score of {part} is not in the profile's table {table}")


def _parts_say_the_counts(rules: TableRules) -> bool:
    """Whether a hand score's parts say what the table counted: no rule folds anything else into a part (threes or melded
    points signed by the canastas, black threes as bonus cards or a penalty in hand, unfinished melds or sets held, reserve
    piles never taken, a natural canasta of a rank with its own bonus)."""
    return not (
        rules.threes_sign
        or rules.melded_sign
        or rules.black_bonus
        or rules.black_three_hand_penalty
        or any(rules.unfinished_penalty)
        or any(rules.hand_penalty)
        or rules.reserve_untaken_penalty
        or any(b >= 0 for b in rules.rank_canasta_bonus)
    )


def side_entry(rules: TableRules, score: HandScore, applied: int) -> SideEntry:
    """One side's count from its engine score alone and the penalty points applied to it during the hand.

    For a hand whose state could not be had (:func:`match_events`): exact where
    the profile scores only by the classic rules, so that the parts say the
    counts; a part schema 2's rules make ambiguous raises :class:`~canasta.ArgumentError`.
    """
    if score.special_hand:
        raise ArgumentError(f"side {score.side}: a special hand's score does not say which hand was shown")
    unmelded = -score.penalties - applied
    unit = rules.unmelded_red_three_penalty
    if not _parts_say_the_counts(rules) or unmelded < 0 or (unmelded and (not unit or unmelded % unit)):
        raise ArgumentError(
            f"side {score.side}: penalties of {-score.penalties} do not split into {applied} applied and red threes in hand at {unit} each"
        )
    if rules.threes_sign or rules.melded_sign:
        raise ArgumentError(f"side {score.side}: a score signed by its canastas does not say the threes and melded points behind it")
    kinds, by_rank = _ranked(rules, score)
    threes = red_threes_scored(rules, score.red_threes)
    has_meld: bool | None = None
    if threes and not rules.red_threes_need_canasta:
        has_meld = score.red_threes > 0
        if has_meld == (bool(score.canasta_kinds) or score.melded > 0):
            has_meld = None
    return SideEntry(
        canastas=kinds,
        rank_canastas=by_rank,
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
            # A director's penalty in a game has no warning on record; one that follows a warning is entered as the override it was.
            override = penalty.warning_first is not None
            penalties.append(PenaltyEntry(side=e.side, penalty=penalty, count=count, hand=hand, override=override))
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
    if events is not None and events.sides is not None:
        sides = events.sides
    else:
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


__all__ = ["HandEvents", "counted_side", "hand_entry", "match_events", "red_threes_scored", "scored_game", "sheet_from_game", "side_entry"]
