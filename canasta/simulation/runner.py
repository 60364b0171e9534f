"""Playing the units of a simulation: single hands or whole matches, from their seeds, with what each hand did.

A *unit* is what one seed plays: in ``hands`` mode one hand of a fresh match
(every side at a score of zero), in ``games`` mode a whole match to the
target, cut off after ``hand_cap`` hands. Unit ``i`` of a run with seed ``S``
plays the match ``Game(variant, players, seed=derive_seed(S, i))``, so every
profile of a comparison deals from the same seeds (common random numbers) and
a unit's outcome never depends on the chunk or the worker that played it.

What a hand did is read from the events :meth:`canasta.Game.apply` returns:
``HandDealt`` (who plays first), ``Melded`` and ``OpeningRetracted`` (the melds
on the table, so canastas can be classed by kind when the hand is scored), and
``HandEnded`` (the termination and each side's :class:`~canasta.HandScore`).
"""

from __future__ import annotations

import time

import attrs

from canasta.bots.base import play_turn
from canasta.core.cards import WILD
from canasta.core.events import HandDealt, HandEnded, Melded, OpeningRetracted, Termination
from canasta.core.game import Game
from canasta.core.scoring import HandScore
from canasta.variants import Variant

from .players import derive_seed, make_bots

KINDS = ("natural", "mixed", "wild", "pure_wild")
"""Canasta kinds: natural and mixed canastas (000 CANASTA 2-3, 001 §15 B), and the wild-card canastas of 004 opt b:
``wild`` mixes twos and jokers, ``pure_wild`` holds one kind of wild card only (``canastas.pure_wild_canasta_bonus``)."""


@attrs.frozen(kw_only=True)
class HandOutcome:
    """What one hand did: its length, how it ended, each side's score and canastas."""

    number: int
    """The hand's number in its match, from 1."""
    first_player: int
    """The seat that played first: the dealer's left (001 §9)."""
    turns: int
    """Turns played: each time a new player began a turn by drawing, taking the pile or declining it."""
    decisions: int
    """Actions the bots chose (draws, melds, discards, questions, answers)."""
    termination: Termination
    went_out: int | None
    """The seat that went out, if anyone did."""
    scores: tuple[HandScore, ...]
    """Each side's score breakdown, as the engine scored it."""
    canastas: tuple[tuple[int, ...], ...]
    """Each side's canastas at the end of the hand, counted by kind in the order of :data:`KINDS`."""

    @property
    def winner(self) -> int | None:
        """The side with the highest score for this hand; None when the best score is shared."""
        totals = [s.total for s in self.scores]
        best = max(totals)
        leaders = [side for side, t in enumerate(totals) if t == best]
        return leaders[0] if len(leaders) == 1 else None


@attrs.frozen(kw_only=True)
class UnitOutcome:
    """What one seed played: one hand, or the hands of one match."""

    index: int
    """The unit's number in the run, from 0."""
    seed: int
    """The seed of its match: ``derive_seed(run seed, index)``."""
    hands: tuple[HandOutcome, ...]
    finished: bool
    """The match reached the target (in ``hands`` mode: whether that single hand already did)."""
    winner: int | None
    """The winning side of a finished match; None for a draw or an unfinished match."""
    actions: tuple[str, ...] | None = None
    """Every action in text form, when records were asked for."""


class _HandTracker:
    """Follows one hand through its events: turns, decisions and the melds of each side."""

    __slots__ = ("decisions", "first", "melds", "number", "turn_new", "turn_seat", "turns")

    def __init__(self, number: int, first: int, sides: int) -> None:
        self.number = number
        self.first = first
        self.turns = 0
        self.decisions = 0
        self.turn_seat = -1
        self.melds: list[dict[int, list[int]]] = [{} for _ in range(sides)]
        self.turn_new: list[tuple[int, int]] = []

    def new_turn(self, seat: int) -> None:
        self.turns += 1
        self.turn_seat = seat
        self.turn_new.clear()

    def melded(self, e: Melded) -> None:
        counts = self.melds[e.side].get(int(e.rank))
        if counts is None:
            self.melds[e.side][int(e.rank)] = [e.naturals, e.twos, e.jokers]
            self.turn_new.append((e.side, int(e.rank)))
        else:
            counts[0] += e.naturals
            counts[1] += e.twos
            counts[2] += e.jokers

    def retracted(self) -> None:
        """An unfinished opening taken back removes the melds begun this turn (001 §27 A•2), as the engine does."""
        for side, rank in self.turn_new:
            self.melds[side].pop(rank, None)
        self.turn_new.clear()

    def finish(self, e: HandEnded, size: int) -> HandOutcome:
        return HandOutcome(
            number=e.hand_number,
            first_player=self.first,
            turns=self.turns,
            decisions=self.decisions,
            termination=e.termination,
            went_out=e.seat if e.termination in (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED) else None,
            scores=e.scores,
            canastas=tuple(_canasta_kinds(side, size) for side in self.melds),
        )


def _canasta_kinds(melds: dict[int, list[int]], size: int) -> tuple[int, ...]:
    """Count a side's canastas by kind, the way :func:`canasta.core.scoring.score_hand` awards their bonuses (topics F, G)."""
    natural = mixed = wild = pure = 0
    for rank, (n, t, j) in melds.items():
        if n + t + j < size:
            continue
        if rank == WILD:
            if t == 0 or j == 0:
                pure += 1
            else:
                wild += 1
        elif t + j == 0:
            natural += 1
        else:
            mixed += 1
    return (natural, mixed, wild, pure)


def canasta_bonuses(variant: Variant) -> tuple[int, ...]:
    """The bonus of each canasta kind of :data:`KINDS` under a profile (000 CANASTA 2-3, 001 §15 B, 004 opt b)."""
    c = variant.canastas
    return (c.natural_bonus, c.mixed_bonus, c.wild_canasta_bonus, c.pure_wild_canasta_bonus)


def _check_canastas(hand: HandOutcome, bonuses: tuple[int, ...]) -> None:
    for score, counts in zip(hand.scores, hand.canastas, strict=True):
        if sum(n * b for n, b in zip(counts, bonuses, strict=True)) != score.canastas:
            raise RuntimeError(
                f"hand {hand.number}: canastas by kind {counts} do not add up to the engine's bonus {score.canastas} for side {score.side}"
            )


def play_unit(
    variant: Variant, players: int, bots: tuple[str, ...], run_seed: int, index: int, *, games: bool, hand_cap: int, record: bool
) -> UnitOutcome:
    """Play unit ``index`` of a run: one hand (``games`` false) or a match of at most ``hand_cap`` hands."""
    seed = derive_seed(run_seed, index)
    game = Game(variant, players, seed=seed)
    seated = make_bots(bots, seed)
    sides = game.sides
    size = variant.canastas.size
    bonuses = canasta_bonuses(variant)
    hands: list[HandOutcome] = []
    for number, scores in enumerate(game.hand_scores, start=1):  # hands that ended at the deal: a red three as the last card
        hands.append(
            HandOutcome(
                number=number,
                first_player=(number - 1) % players,
                turns=0,
                decisions=0,
                termination=Termination.RED_THREE_LAST_CARD,
                went_out=None,
                scores=scores,
                canastas=tuple((0,) * len(KINDS) for _ in range(sides)),
            )
        )
    limit = hand_cap if games else 1
    tracker = _HandTracker(game.hand_number, (game.dealer + 1) % players, sides)
    while not game.is_over and len(hands) < limit:
        seat = game.current_player
        if seat != tracker.turn_seat and game.phase == "draw":
            tracker.new_turn(seat)
        events = play_turn(game, seated)
        tracker.decisions += 1
        for e in events:
            if isinstance(e, Melded):
                tracker.melded(e)
            elif isinstance(e, OpeningRetracted):
                tracker.retracted()
            elif isinstance(e, HandEnded):
                hand = tracker.finish(e, size)
                _check_canastas(hand, bonuses)
                hands.append(hand)
            elif isinstance(e, HandDealt):
                tracker = _HandTracker(e.hand_number, e.first_player, sides)
    return UnitOutcome(
        index=index,
        seed=seed,
        hands=tuple(hands[:limit]),
        finished=game.is_over,
        winner=game.result.winner if game.result is not None else None,
        actions=tuple(str(a) for a in game.actions) if record else None,
    )


@attrs.frozen(kw_only=True)
class Task:
    """A chunk of consecutive units of one profile: what one worker plays in one go."""

    profile: int
    """The profile's position in the run (0 for ``simulate``; 0, 1, ... for ``compare``)."""
    variant: Variant
    players: int
    bots: tuple[str, ...]
    """The bot of every seat."""
    seed: int
    start: int
    count: int
    games: bool
    hand_cap: int
    record: bool


@attrs.frozen(kw_only=True)
class ChunkResult:
    """The units of one task, in order, and the seconds the worker spent on them."""

    profile: int
    start: int
    units: tuple[UnitOutcome, ...]
    seconds: float = attrs.field(eq=False)


def run_task(task: Task) -> ChunkResult:
    """Play the units of a task; module-level so process pools and Dask workers can pickle it."""
    began = time.perf_counter()
    units = tuple(
        play_unit(task.variant, task.players, task.bots, task.seed, i, games=task.games, hand_cap=task.hand_cap, record=task.record)
        for i in range(task.start, task.start + task.count)
    )
    return ChunkResult(profile=task.profile, start=task.start, units=units, seconds=time.perf_counter() - began)
