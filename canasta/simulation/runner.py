"""Playing the units of a simulation: single hands or whole matches, from their seeds, with what each hand did.

A *unit* is what one seed plays: in ``hands`` mode one hand of a fresh match
(every side at a score of zero), in ``games`` mode a whole match to the
target, cut off after ``hand_cap`` hands. Unit ``i`` of a run with seed ``S``
plays the match ``Game(variant, players, seed=derive_seed(S, i))``, so every
profile of a comparison deals from the same seeds (common random numbers) and
a unit's outcome never depends on the chunk or the worker that played it.

What a hand did is read from the events :meth:`canasta.Game.apply` returns:
``HandDealt`` (who plays first) and ``HandEnded`` (the termination and each
side's :class:`~canasta.HandScore`, which lists the side's canastas by kind
as the engine scored them).
"""

from __future__ import annotations

import time

import attrs

from canasta.bots.base import play_turn
from canasta.bots.registry import BotFactory, derive_seed, make_bots
from canasta.core.events import HandDealt, HandEnded, Termination
from canasta.core.game import Game
from canasta.core.scoring import HandScore
from canasta.core.views import Phase
from canasta.variants import Variant

from .options import Mode


@attrs.frozen(kw_only=True)
class HandOutcome:
    """What one hand did: its length, how it ended, and each side's score with its canastas."""

    number: int
    """The hand's number in its match, from 1."""
    first_player: int
    """The seat that played first: the dealer's left (001 §9)."""
    turns: int
    """Turns played: each time a new player began a turn by drawing, taking the pile or declining it."""
    decisions: int
    """Actions the bots chose (draws, melds, discards, questions, answers)."""
    termination: Termination
    """How the hand ended (:class:`canasta.Termination`)."""
    went_out: int | None
    """The seat that went out, if anyone did."""
    scores: tuple[HandScore, ...]
    """Each side's score breakdown as the engine scored it, its canastas by kind in ``canasta_kinds``."""

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
    """The hands played, in order (one in ``hands`` mode)."""
    finished: bool
    """The match reached the target (in ``hands`` mode: whether that single hand already did)."""
    winner: int | None
    """The winning side of a finished match; None for a draw or an unfinished match."""
    actions: tuple[str, ...] | None = None
    """Every action in text form, when records were asked for."""


class _HandTracker:
    """Follows one hand through its events: who played first, its turns and decisions."""

    __slots__ = ("decisions", "first", "turn_seat", "turns")

    def __init__(self, first: int) -> None:
        self.first = first
        self.turns = 0
        self.decisions = 0
        self.turn_seat = -1

    def new_turn(self, seat: int) -> None:
        self.turns += 1
        self.turn_seat = seat

    def finish(self, e: HandEnded) -> HandOutcome:
        return HandOutcome(
            number=e.hand_number,
            first_player=self.first,
            turns=self.turns,
            decisions=self.decisions,
            termination=e.termination,
            went_out=e.seat if e.termination in (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED) else None,
            scores=e.scores,
        )


def play_unit(
    variant: Variant,
    players: int,
    bots: tuple[str | BotFactory, ...],
    run_seed: int,
    index: int,
    *,
    mode: Mode,
    hand_cap: int,
    record: bool,
) -> UnitOutcome:
    """Play unit ``index`` of a run: one hand (:attr:`Mode.HANDS`) or a match of at most ``hand_cap`` hands."""
    seed = derive_seed(run_seed, index)
    game = Game(variant, players, seed=seed)
    seated = make_bots(bots, seed)
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
            )
        )
    limit = hand_cap if mode is Mode.GAMES else 1
    tracker = _HandTracker((game.dealer + 1) % players)
    while not game.is_over and len(hands) < limit:
        seat = game.current_player
        if seat != tracker.turn_seat and game.phase is Phase.DRAW:
            tracker.new_turn(seat)
        events = play_turn(game, seated)
        tracker.decisions += 1
        for e in events:
            if isinstance(e, HandEnded):
                hands.append(tracker.finish(e))
            elif isinstance(e, HandDealt):
                tracker = _HandTracker(e.first_player)
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
    """The profile to play."""
    players: int
    """Players at the table."""
    bots: tuple[str | BotFactory, ...]
    """The bot of every seat: a registered name or a factory (which must pickle to reach another process)."""
    seed: int
    """The run's seed, from which each unit's seed is derived."""
    start: int
    """The first unit's index."""
    count: int
    """How many consecutive units."""
    mode: Mode
    """Single hands or whole matches."""
    hand_cap: int
    """The most hands of a match in ``games`` mode."""
    record: bool
    """Keep every action, for ``--out``."""


@attrs.frozen(kw_only=True)
class ChunkResult:
    """The units of one task, in order, and the seconds the worker spent on them."""

    profile: int
    """The task's profile position."""
    start: int
    """The task's first unit."""
    units: tuple[UnitOutcome, ...]
    """What each unit played, in order."""
    seconds: float = attrs.field(eq=False)
    """Worker seconds the task took."""


def run_task(task: Task) -> ChunkResult:
    """Play the units of a task; module-level so process pools and Dask workers can pickle it."""
    began = time.perf_counter()
    units = tuple(
        play_unit(task.variant, task.players, task.bots, task.seed, i, mode=task.mode, hand_cap=task.hand_cap, record=task.record)
        for i in range(task.start, task.start + task.count)
    )
    return ChunkResult(profile=task.profile, start=task.start, units=units, seconds=time.perf_counter() - began)
