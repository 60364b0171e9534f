"""SearchBot: perfect-information Monte Carlo search over states sampled from one seat's view.

For each decision the bot samples states consistent with what its seat saw
(:func:`canasta.core.sampling.sample_state`: the other hands, the stock and
the reserve piles dealt at random, the cards seen taken with the pile left
where they are), plays every candidate action on each sampled state, and
plays on from there with a playout policy until the hand ends or a horizon of
turns is reached. Every candidate is played on the same samples with the same
playout seeds (common random numbers), so the comparison between them is
paired, as :func:`canasta.compare` pairs profiles. The heuristic's choice is
the first candidate and stands unless another's paired gain over it is sure
enough (its mean less ``confidence`` standard errors above zero); of those,
the one with the largest such lower bound is played.

* **Value**: the seat's side's score for the hand minus the best other
  side's, the engine's own scoring (:func:`canasta.core.scoring.score_hand`):
  at the end of the hand, its result; at the horizon, what the table would
  score if the hand ended there (cards in hand counted against their side).
* **Playout policy**: :class:`~canasta.bots.HeuristicBot`'s decision, from
  each seat's own view of the sampled state.
* **Budget**: ``playouts``, the number of (sample, candidate) playouts a
  decision may spend, shared evenly among the candidates; ``seconds``, when
  given, also stops the search after that long (at the end of a sample, so
  every candidate has as many playouts). With a budget in playouts alone the
  bot is deterministic: its choice is a function of its seed and the view.
* **Candidates**: the heuristic's choice and the actions it rates next
  (the other way of drawing; the next discards and the biggest melds), at
  most ``max_candidates``, and fewer where the budget would give a candidate
  less than :data:`MIN_SAMPLES` playouts (two at least).
* **Model of the others** (:func:`melds_what_he_can`): the sampled hands of
  players whose side has opened hold nothing they would have melded.
* **Answers** to "may I go out?" are the heuristic's, not searched. The search
  answered the other way in 38 of 43 ``finnish`` answers, nearly always no,
  playing on; keeping the heuristic's answers raised its share of 200 paired
  ``finnish`` deals against heuristic partnerships from 52.8% to 62.5% on the
  same deals (docs/bots.md). Most likely the sampled other hands, dealt at
  random within what the seat knows, are weaker than the real ones, which
  makes playing on look better than it is.

The bot reads nothing hidden: the view's public state holds no card its seat
cannot see, and the random generator of a decision is seeded from the seed and
public facts of the view only. docs/bots.md, "The search bot", says what each
level costs and how strong it is (benchmarks/ladder.md).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.core.arguments import shown
from canasta.core.cards import JOKER, THREE, TWO
from canasta.core.listing import legal_actions
from canasta.core.sampling import sample_state
from canasta.core.scoring import score_hand
from canasta.core.state import OVER
from canasta.core.transitions import do
from canasta.core.view_builder import make_view
from canasta.core.views import Phase
from canasta.errors import ArgumentError

from .base import bot_seed, check_choice, checked_entries, derive_seed
from .heuristic_play import MASK, decide, mix, ranked_alternatives

if TYPE_CHECKING:
    from canasta.core.actions import Action
    from canasta.core.state import State
    from canasta.core.views import PlayerView

DEFAULT_PLAYOUTS = 40
"""The playouts of a decision when none are given: the ``search`` level of ``canasta play``."""
DEFAULT_HORIZON = 200
"""Turns a playout plays after the candidate before the table is scored, when the hand has not ended: in effect to the
end of the hand, which measured stronger than a horizon of 8 turns (docs/bots.md, "The search bot")."""
DEFAULT_CANDIDATES = 4
"""The most actions a decision compares."""
DEFAULT_CONFIDENCE = 1.5
"""Standard errors by which a candidate's mean gain over the heuristic's choice must clear zero to be played instead
(for many samples; for few, Student's t quantile of the same level, :func:`t_quantile`). 1.5 with the default budget
(four candidates on ten samples each); a small budget needs more (the ``quick`` level asks 3: docs/bots.md)."""
MIN_SAMPLES = 4
"""The fewest samples a candidate is played on where the budget allows (a small budget compares fewer candidates), and
the fewest a departure from the heuristic's choice is judged on."""


def _count(value: object, name: str, least: int) -> int:
    if type(value) is not int or value < least:
        raise ArgumentError(f"SearchBot({name}=...): expected an int of at least {least}, got {shown(value)}")
    return value


class SearchBot:
    """Searches each decision by Monte Carlo playouts on sampled states; see the module docstring.

    ``seed`` follows :func:`~canasta.bots.base.bot_seed`. ``playouts`` (at least 1)
    is the budget of a decision; ``seconds`` (None, or a positive number) a time
    limit on top of it; ``horizon`` the turns a playout plays before the table
    is scored; ``max_candidates`` the most actions compared. The bot asks for
    views with a public state (``wants_public_state``), as
    :func:`~canasta.bots.play_turn`, the simulation and ``canasta play`` give it.
    """

    __slots__ = ("_salt", "confidence", "horizon", "max_candidates", "playouts", "seconds", "seed")

    wants_public_state = True
    """The bot samples hidden cards from the view's public state (``game.view(seat, public_state=True)``)."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        horizon: int = DEFAULT_HORIZON,
        max_candidates: int = DEFAULT_CANDIDATES,
        confidence: float = DEFAULT_CONFIDENCE,
    ) -> None:
        self.seed = bot_seed(seed, "SearchBot")
        """The seed the bot was made with (None: a seed at random)."""
        self.playouts = _count(playouts, "playouts", 1)
        """The playouts a decision may spend, shared among its candidates."""
        if seconds is not None and (type(seconds) not in (int, float) or not 0 < seconds < float("inf")):
            raise ArgumentError(f"SearchBot(seconds=...): expected None or a positive number of seconds, got {shown(seconds)}")
        self.seconds = None if seconds is None else float(seconds)
        """A time limit per decision, or None (then the bot is deterministic)."""
        self.horizon = _count(horizon, "horizon", 1)
        """Turns a playout plays past the candidate before the table is scored."""
        self.max_candidates = _count(max_candidates, "max_candidates", 2)
        """The most actions a decision compares."""
        if type(confidence) not in (int, float) or not 0 <= confidence < float("inf"):
            raise ArgumentError(f"SearchBot(confidence=...): expected a number of standard errors, 0 or more, got {shown(confidence)}")
        self.confidence = float(confidence)
        """How sure a gain over the heuristic's choice must be: its mean less this many standard errors is above 0."""
        self._salt = mix((self.seed if self.seed is not None else random.randrange(1 << 63)) & MASK)

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, playouts={self.playouts}, seconds={self.seconds!r})"

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the seat of ``view``: the heuristic's choice, unless another candidate's gain is sure (see the module docstring).

        :class:`canasta.ArgumentError` if ``view`` is not a view or carries no
        public state, or ``legal`` is not a non-empty list of actions.
        """
        legal = checked_entries(check_choice(view, legal, "SearchBot.choose"), "SearchBot.choose")
        if len(legal) == 1:
            return legal[0]
        if view.public_state is None:
            raise ArgumentError("SearchBot.choose: the view carries no public_state; give it game.view(seat, public_state=True)")
        if view.phase is Phase.ANSWER:
            return decide(self._salt, view, legal)  # the heuristic's answer (see "Answers" in the module docstring)
        rng = random.Random(self._decision_seed(view))
        candidates = self._candidates(view, legal, rng, max(2, min(self.max_candidates, self.playouts // MIN_SAMPLES)))
        gains: list[list[float]] = [[] for _ in candidates]
        rounds = max(2, self.playouts // len(candidates))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(rounds):
            sample = sample_state(view, rng, melds_what_he_can)
            playout_seed = rng.getrandbits(62)
            base = playout_value(sample.copy(), candidates[0], view.seat, playout_seed, self.horizon)
            for i in range(1, len(candidates)):
                gains[i].append(playout_value(sample.copy(), candidates[i], view.seat, playout_seed, self.horizon) - base)
            if deadline is not None and time.perf_counter() > deadline:
                break
        best, best_gain = 0, 0.0
        for i in range(1, len(candidates)):
            gain = _sure_gain(gains[i], self.confidence)
            if gain > best_gain:
                best, best_gain = i, gain
        return candidates[best]

    def heuristic_choice(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The choice the search starts from and keeps unless another's gain is sure: :class:`~canasta.bots.HeuristicBot`'s, with this bot's seed.

        Comparing it with :meth:`choose` shows how often, and where, the search departs from the heuristic.
        """
        legal = checked_entries(check_choice(view, legal, "SearchBot.heuristic_choice"), "SearchBot.heuristic_choice")
        return decide(self._salt, view, legal)

    def _decision_seed(self, view: PlayerView) -> int:
        """The decision's seed: the bot's salt and public facts of the view (what two views that differ only in hidden cards share)."""
        return derive_seed(
            self._salt,
            view.seat,
            view.hand_number,
            len(view.discards),
            view.stock_size,
            repr(view.hand_sizes),
            repr(view.hand),
            view.phase.value,
            repr(view.turn.melded_ranks),
            view.turn.opening_points,
        )

    def _candidates(self, view: PlayerView, legal: Sequence[Action], rng: random.Random, limit: int) -> list[Action]:
        """The heuristic's choice first, then those the heuristic rates next (:func:`~canasta.bots.heuristic_play.ranked_alternatives`),
        ``limit`` in all; where it rates fewer, a seeded draw of the other legal actions fills the list."""
        first = decide(self._salt, view, legal)
        rated = ranked_alternatives(self._salt, view, legal, first)[: limit - 1]
        if len(rated) < limit - 1:
            rest = [a for a in legal if a is not first and a not in rated]
            rated += rng.sample(rest, min(len(rest), limit - 1 - len(rated)))
        return [first, *rated]


def melds_what_he_can(st: State, seat: int, card: int) -> bool:
    """The search's model of the other players, for :func:`~canasta.core.sampling.sample_state`: once his side has
    opened, a player holds no natural card of a rank his side has an open meld of, and no third natural of a rank
    (he would have melded it); before it, anything. Wild cards and threes always."""
    rank = card >> 2
    if card == JOKER or rank in (TWO, THREE):
        return True
    side = st.rules.side_of[seat]
    if not st.opened[side]:
        return True
    return rank not in st.melds[side] and st.counts[seat][rank] < 2


def _sure_gain(gains: Sequence[float], z: float) -> float:
    """The lower end of a one-sided interval on the mean of paired gains; 0 with fewer than :data:`MIN_SAMPLES`.

    The interval is ``z`` standard errors wide for many samples, and wider for few: the normal quantile ``z`` is turned
    into Student's t quantile of the same level with ``n - 1`` degrees of freedom (:func:`t_quantile`), since the
    standard error is itself estimated from the samples. With two or three samples a spread that happens to be small
    would otherwise make a noisy gain look sure; and with fewer than :data:`MIN_SAMPLES` a spread of nothing (two
    playouts that happen to score alike, as short ones often do) would make any gain look sure, so none is taken.
    """
    n = len(gains)
    if n < MIN_SAMPLES:
        return 0.0
    mean = sum(gains) / n
    spread = sum((g - mean) ** 2 for g in gains) / (n - 1)
    return mean - t_quantile(z, n - 1) * float((spread / n) ** 0.5)


def t_quantile(z: float, df: int) -> float:
    """Student's t quantile with ``df`` degrees of freedom at the level of the normal quantile ``z``.

    Hill's expansion of t in z (Hill 1970, Algorithm 396, as in Abramowitz and Stegun 26.7.5), to the fourth term: within
    a few percent from 5 degrees of freedom, and growing as it should below (the search asks for 1 or more).
    """
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    g4 = ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) * z / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def playout_value(st: State, action: Action, seat: int, seed: int, horizon: int) -> float:
    """Play ``action`` on ``st`` (a sampled state, changed in place), then the heuristic for every seat until the hand
    ends or ``horizon`` more turns have begun; the value for the side of ``seat`` (see the module docstring)."""
    rules = st.rules
    side = rules.side_of[seat]
    hand = st.hand_number
    do(st, action)
    salt = mix(seed & MASK)
    turns = st.turns + horizon
    while st.hand_number == hand and st.phase != OVER and st.turns < turns:
        legal = legal_actions(st)
        choice = decide(salt, make_view(st, st.current, tuple(legal)), legal)
        do(st, choice)
    ended = st.hand_number != hand or st.phase == OVER
    scores = st.hand_scores[-1] if ended else score_hand(st, None, False)
    own = scores[side].total
    return float(own - max(s.total for s in scores if s.side != side))


__all__ = ["DEFAULT_CANDIDATES", "DEFAULT_CONFIDENCE", "DEFAULT_HORIZON", "DEFAULT_PLAYOUTS", "MIN_SAMPLES", "SearchBot", "melds_what_he_can", "playout_value", "t_quantile"]
