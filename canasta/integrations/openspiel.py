"""Canasta as an OpenSpiel game, under any profile (``pip install 'canasta[openspiel]'``).

Importing this module registers the Python game ``python_canasta``::

    import pyspiel
    import canasta.integrations.openspiel  # registers python_canasta

    game = pyspiel.load_game("python_canasta(variant=finnish,players=4)")
    game = pyspiel.load_game("python_canasta", {"variant": "/path/house.toml", "players": 4})

Parameters: ``variant`` (a bundled name or the path of a TOML profile, a
house file too), ``players`` (a count the profile supports) and ``deals``
(how many deals the chance node chooses from, default 4096).

One OpenSpiel game is **one hand** of Canasta, the first hand of a match
(so every side's score is 0 and the opening minimum the lowest, 001 §13 A): a
match to 5,000 points is dozens of hands, far too long an episode, and each
hand is scored on its own (001 §34). The deal is the single chance node at
the start: outcome ``k`` of ``0 .. deals - 1``, each with probability
``1 / deals``, deals :class:`canasta.Game` with seed ``k``. Every later
chance event (the shuffles of the stock) follows from that seed, so the
game is deterministic after the deal and a history replays exactly.

Returns: each player gets its side's hand score minus the mean of the other
sides' hand scores, in hundreds of points (:func:`~canasta.integrations.hand_returns`).
The margin, not the raw score, is what decides a match (001 §1), and with
sides of equal size the game is zero-sum, so two-team zero-sum algorithms
apply. Five players (a seat sits out each hand, 004 L11) make sides of
unequal size: that table is declared general-sum.

Information: imperfect; tensors from :mod:`canasta.encoding`. The
observation tensor and string are the seat's view. The information-state
string adds every action of the hand and the cards the seat drew, in order:
all the seat has seen. The information-state tensor is the observation
tensor (the view keeps this hand's discards; it is not a perfect-recall
encoding of the whole history).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from canasta.core.events import CardDrawn
from canasta.core.game import Game
from canasta.core.play import DEFAULT_TURN_CAP
from canasta.core.table import TableRules

from ..encoding import ActionSpace, ObservationSpace, resolve_variant
from . import POINTS, hand_returns

DEALS = 4096
"""The default number of deals the chance node chooses from."""
MIN_PLAYERS, MAX_PLAYERS = 2, 6

_PARAMETERS: dict[str, Any] = {"variant": "finnish", "players": 4, "deals": DEALS}


def _game_type(zero_sum: bool) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name="python_canasta",
        long_name="Python Canasta (any canasta profile)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=MIN_PLAYERS,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS,
    )


_GAME_TYPE = _game_type(True)


def score_bound(rules: TableRules) -> int:
    """A bound on the absolute value of a side's score for one hand under these rules (topics M).

    All card points of the deck, the largest canasta bonus for every canasta
    the deck could make, the red threes with their penalty, the going-out
    bonus, and the permission penalty (001 §23 D) once per turn up to the turn cap.
    """
    from canasta.core.cards import build_deck

    deck = build_deck(rules.decks, rules.jokers)
    cards = sum(abs(rules.value[c]) for c in deck)
    canastas = len(deck) // rules.canasta_size * max(rules.natural_bonus, rules.mixed_bonus, rules.all_wild_bonus, rules.pure_wild_bonus)
    threes = max((abs(x) for x in rules.red_three_table), default=0) + abs(rules.unmelded_red_three_penalty) * 2 * rules.decks
    going_out = max(abs(rules.going_out_bonus), abs(rules.concealed_bonus))
    return cards + canastas + threes + going_out + abs(rules.permission_penalty) * DEFAULT_TURN_CAP


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Canasta under a profile; see the module docstring."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_PARAMETERS, **(params or {})}
        variant, players, deals = params["variant"], params["players"], params["deals"]
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"python_canasta: players={players!r}; give a player count of 2 to 6 the profile supports")
        if type(deals) is not int or deals < 1:
            raise ValueError(f"python_canasta: deals={deals!r}; give a number of deals of at least 1")
        self.variant = resolve_variant(variant if isinstance(variant, str | Path) else str(variant))
        self.players = players
        self.deals = deals
        self.rules = TableRules(self.variant, players)
        self.action_space = ActionSpace(self.variant, players)
        self.observation_space = ObservationSpace(self.variant, players)
        self.side_of = self.rules.side_of
        members = [self.side_of.count(side) for side in range(self.rules.sides)]
        zero_sum = len(set(members)) == 1
        bound = 2 * score_bound(self.rules) / POINTS
        deck = self.rules.decks * 52 + self.rules.jokers
        info = pyspiel.GameInfo(
            num_distinct_actions=self.action_space.num_actions,
            max_chance_outcomes=deals,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=1 + DEFAULT_TURN_CAP * (deck + 6),
        )
        super().__init__(_game_type(zero_sum), info, params)

    def new_initial_state(self) -> CanastaState:
        """The state before the deal: a chance node."""
        return CanastaState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> CanastaObserver:
        """An observer of one seat's view; ``perfect_recall`` adds the hand's history to the string."""
        if params:
            raise ValueError(f"python_canasta observers take no parameters; got {params!r}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return CanastaObserver(self, perfect_recall=obs_type.perfect_recall)


class _Setup:
    """What every state of one game shares: the profile, the encodings, the seats' sides. Never copied."""

    __slots__ = ("action_space", "deals", "players", "side_of", "variant")

    def __init__(self, game: CanastaGame) -> None:
        self.variant = game.variant
        self.players = game.players
        self.deals = game.deals
        self.action_space = game.action_space
        self.side_of = game.side_of

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self


class _Hand:
    """The hand in progress: the engine's game (None before the deal), the returns once it ends, each seat's draws."""

    __slots__ = ("drawn", "game", "returns")

    def __init__(self, players: int) -> None:
        self.game: Game | None = None
        self.returns: list[float] | None = None
        self.drawn: list[list[str]] = [[] for _ in range(players)]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Hand:
        """OpenSpiel clones a Python state by deep-copying its attributes: copy the hand the engine's cheap way."""
        new = _Hand.__new__(_Hand)
        new.game = self.game.copy() if self.game is not None else None
        new.returns = self.returns
        new.drawn = [d[:] for d in self.drawn]
        return new


class CanastaState(pyspiel.State):  # type: ignore[misc]
    """A hand in progress: a chance node before the deal, then a :class:`canasta.Game` in its first hand."""

    def __init__(self, game: CanastaGame) -> None:
        super().__init__(game)
        self._setup = _Setup(game)
        self._hand = _Hand(game.players)

    @property
    def game(self) -> Game | None:
        """The engine's game for this hand; None before the deal."""
        return self._hand.game

    def current_player(self) -> int:
        hand = self._hand
        if hand.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if hand.returns is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return hand.game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        game = self._hand.game
        assert game is not None and player == game.current_player
        return self._setup.action_space.legal_indices(game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal, equally likely."""
        p = 1.0 / self._setup.deals
        return [(k, p) for k in range(self._setup.deals)]

    def _apply_action(self, action: int) -> None:
        setup, hand = self._setup, self._hand
        if hand.game is None:
            if not 0 <= action < setup.deals:
                raise ValueError(f"deal {action} is outside 0 .. {setup.deals - 1}")
            hand.game = Game(setup.variant, players=setup.players, seed=int(action))
        else:
            for event in hand.game.apply(setup.action_space.index_to_action(action)):
                if type(event) is CardDrawn:
                    hand.drawn[event.seat].append(event.card.text)
        game = hand.game
        if game.hand_scores or game.is_over:
            hand.returns = hand_returns(setup.side_of, tuple(s.total for s in game.hand_scores[0]))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self._setup.action_space.index_to_action(action).text()

    def is_terminal(self) -> bool:
        return self._hand.returns is not None

    def returns(self) -> list[float]:
        """Each player's return: 0 until the hand ends, then its side's margin in hundreds of points."""
        got = self._hand.returns
        return list(got) if got is not None else [0.0] * self._setup.players

    def drawn(self, player: int) -> tuple[str, ...]:
        """The cards ``player`` drew from the stock this hand, in order (private to that seat)."""
        return tuple(self._hand.drawn[player])

    def __str__(self) -> str:
        game = self._hand.game
        return "python_canasta: before the deal" if game is None else str(game)


class CanastaObserver:
    """Observation tensor and strings of one seat (OpenSpiel's PyObserver interface)."""

    def __init__(self, game: CanastaGame, perfect_recall: bool) -> None:
        self._space = game.observation_space
        self._perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(self._space.shape, np.float32)
        self.dict = {b.name: self.tensor[b.start : b.stop].reshape(b.shape) for b in self._space.layout}

    def set_from(self, state: CanastaState, player: int) -> None:
        """Fill :attr:`tensor` with the view of ``player`` (all zero before the deal)."""
        if state.game is None:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self._space.encode_list(state.game.view(player))

    def string_from(self, state: CanastaState, player: int) -> str:
        """The seat's view as text; with perfect recall, then every action of the hand and the cards the seat drew."""
        if state.game is None:
            return f"seat {player}: before the deal"
        text = str(state.game.view(player))
        if not self._perfect_recall:
            return text
        actions = " ".join(a.text() for a in state.game.actions)
        drawn = " ".join(state.drawn(player))
        return f"{text}\nactions: {actions}\ndrawn: {drawn}"


pyspiel.register_game(_GAME_TYPE, CanastaGame)

__all__ = ["DEALS", "CanastaGame", "CanastaObserver", "CanastaState", "score_bound"]
