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
game is deterministic after the deal and a history replays exactly. The
engine's match ends with that hand: a terminal state shows the table as the
hand left it, never a next deal. (The engine plays under a copy of the rules
whose match is one hand long, schema 2's ``match.hands``; the strings show
the profile's own target.)

Returns: each player gets its side's hand score minus the mean of the other
sides' hand scores, in hundreds of points (:func:`~canasta.integrations.hand_returns`,
computed from integers). The margin, not the raw score, is what decides a
match (001 §1), and with sides of equal size the game is zero-sum, so
two-team zero-sum algorithms apply. Five players (a seat sits out each hand,
004 L11) make sides of unequal size: that table is declared general-sum.

Information: imperfect; tensors from :mod:`canasta.encoding`. The
observation tensor and string are the seat's view. The information-state
string adds every action of the hand and the cards the seat drew, in order:
all the seat has seen. The information-state tensor is the observation
tensor (the view keeps this hand's discards; it is not a perfect-recall
encoding of the whole history). Observers honour
:class:`pyspiel.IIGObservationType` (see :class:`CanastaObserver`).

Errors, and why they are what they are: an action a state refuses (any
action at a terminal state, a deal or an index out of range, an illegal
action) raises :class:`SpielActionError`, which is both the library's
:class:`canasta.IllegalActionError` and OpenSpiel's ``pyspiel.SpielError``,
the error OpenSpiel's C++ games raise for such an action; the state is left
unchanged. Bad game parameters and observer arguments raise
:class:`canasta.ArgumentError` (a ``ValueError``, what OpenSpiel's Python
games raise), a bad profile :class:`canasta.VariantError`. Checks that
OpenSpiel makes before the game's code runs (a player number out of range,
an action that is not an int, a parameter of the wrong type) raise
``pyspiel.SpielError`` or ``TypeError`` from OpenSpiel itself.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]

from canasta import CanastaKind, TableRules
from canasta.core.actions import Action
from canasta.core.arguments import check_players, shown
from canasta.core.cards import build_deck
from canasta.core.events import CardDrawn
from canasta.core.game import Game
from canasta.core.render import render_table
from canasta.core.transitions import DEFAULT_TURN_CAP
from canasta.core.views import PlayerView
from canasta.errors import ArgumentError, IllegalActionError, shown_value

from ..encoding import ActionSpace, ObservationSpace, resolve_variant
from ..encoding.observation import TURN_FLAGS
from . import POINTS, hand_returns

DEALS = 4096
"""The default number of deals the chance node chooses from."""
MAX_DEALS = 2**31 - 1
"""The most deals a game may have: OpenSpiel holds the number of chance outcomes in a C++ ``int``."""
MIN_PLAYERS = 2
"""The fewest players a ``python_canasta`` game may have (a profile may ask for more)."""
MAX_PLAYERS = 6
"""The most players a ``python_canasta`` game may have (a profile may allow fewer)."""

_PARAMETERS: dict[str, Any] = {"variant": "finnish", "players": 4, "deals": DEALS}
_PRIVATE_BLOCKS = frozenset({"hand"})
"""The blocks of the observation vector only the seat may see; every other block is public."""


class SpielActionError(IllegalActionError, pyspiel.SpielError):  # type: ignore[misc]
    """An action a ``python_canasta`` state refuses; the state is left exactly as it was.

    Both the library's :class:`canasta.IllegalActionError` (``rule`` says why:
    ``hand`` for any action at a terminal state, ``deals`` for a deal out of
    range, ``action index`` for an index outside the action space, else the
    engine's rule and citation) and ``pyspiel.SpielError``, which OpenSpiel's
    C++ games raise for an action they cannot take, so code written against
    either keeps working. OpenSpiel's own Python games take any action, even
    at a terminal state; this game refuses one there rather than play on
    into a hand that belongs to no game.
    """


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
    ``rules`` is a :class:`canasta.TableRules` (``game.rules``, or
    ``canasta.TableRules(variant, players)``); anything else raises :class:`canasta.ArgumentError`.
    """
    if not issubclass(type(rules), TableRules):
        raise ArgumentError(
            f"score_bound: expected the TableRules of a table (game.rules, or canasta.TableRules(variant, players)), got {shown(rules)}"
        )
    deck = build_deck(rules.decks, rules.jokers)
    cards = sum(abs(rules.value[c]) for c in deck)
    canastas = len(deck) // rules.canasta_size * max(rules.canasta_bonus(kind) for kind in CanastaKind)
    threes = max((abs(x) for x in rules.red_three_table), default=0) + abs(rules.unmelded_red_three_penalty) * 2 * rules.decks
    going_out = max(abs(rules.going_out_bonus), abs(rules.concealed_bonus))
    return cards + canastas + threes + going_out + abs(rules.permission_penalty) * DEFAULT_TURN_CAP


def _parameters(params: object) -> dict[str, Any]:
    """The game's parameters with their defaults; :class:`canasta.ArgumentError` for a value of the wrong kind."""
    if params is None:
        return dict(_PARAMETERS)
    if not isinstance(params, Mapping):
        raise ArgumentError(f"python_canasta: expected the parameters as a dict, got {shown(params)}")
    unknown = [k for k in params if k not in _PARAMETERS]
    if unknown:
        raise ArgumentError(f"python_canasta: unknown parameter {shown_value(unknown[0])}; the parameters are {', '.join(_PARAMETERS)}")
    merged = {**_PARAMETERS, **params}
    variant, players, deals = merged["variant"], merged["players"], merged["deals"]
    if not issubclass(type(variant), str | os.PathLike):
        raise ArgumentError(f"python_canasta: variant={shown(variant)}; give a bundled profile name or the path of a TOML profile")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ArgumentError(f"python_canasta: players={shown(players)}; give a player count of 2 to 6 the profile supports")
    if type(deals) is not int or not 1 <= deals <= MAX_DEALS:
        raise ArgumentError(f"python_canasta: deals={shown(deals)}; give a number of deals from 1 to {MAX_DEALS}")
    merged["variant"] = os.fspath(variant)
    return merged


class CanastaGame(pyspiel.Game):  # type: ignore[misc]
    """One hand of Canasta under a profile; see the module docstring.

    Bad parameters raise :class:`canasta.ArgumentError`, a player count the
    profile lacks :class:`canasta.UnsupportedPlayerCount`, a profile that
    cannot be loaded :class:`canasta.VariantError`.

    :attr:`action_encoding` and :attr:`observation_encoding` are the
    :mod:`canasta.encoding` spaces of the table, under the names the
    PettingZoo environment gives them too (where ``action_space`` is
    PettingZoo's, the Gymnasium space of an agent).
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = _parameters(params)
        variant, players, deals = params["variant"], params["players"], params["deals"]
        self.variant = resolve_variant(variant, "python_canasta")
        """The profile (a :class:`canasta.variants.Variant`)."""
        self.players = check_players(self.variant, players, "python_canasta")
        """The player count of the table."""
        self.deals = deals
        """How many deals the chance node chooses from."""
        self.rules = TableRules(self.variant, players)
        """The rules a game of this table plays by (the game itself is dealt only at the chance node)."""
        self.action_encoding = ActionSpace(self.variant, players)
        """Every action index of the game (:class:`canasta.encoding.ActionSpace`)."""
        self.observation_encoding = ObservationSpace(self.variant, players)
        """The observation tensor's layout (:class:`canasta.encoding.ObservationSpace`)."""
        self.side_of = self.rules.side_of
        """Each seat's side (``rules.side_of``)."""
        members = [self.side_of.count(side) for side in range(self.rules.sides)]
        zero_sum = len(set(members)) == 1
        bound = 2 * score_bound(self.rules) / POINTS
        deck = len(build_deck(self.rules.decks, self.rules.jokers))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.action_encoding.num_actions,
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
        """An observer for ``iig_obs_type`` (default: the seat's view, without perfect recall); see :class:`CanastaObserver`.

        ``params`` must be empty (this game's observers take none), and
        ``iig_obs_type`` None or a ``pyspiel.IIGObservationType``; else
        :class:`canasta.ArgumentError`, as for the private information of
        every player (``PrivateInfoType.ALL_PLAYERS``), which a seat's view cannot give.
        """
        if params:
            raise ArgumentError(f"python_canasta observers take no parameters; got {shown(params)}")
        if iig_obs_type is None:
            return CanastaObserver(self)
        if not isinstance(iig_obs_type, pyspiel.IIGObservationType):
            raise ArgumentError(f"python_canasta: expected a pyspiel.IIGObservationType or None, got {shown(iig_obs_type)}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ArgumentError(
                "python_canasta: an observer of every player's private information (PrivateInfoType.ALL_PLAYERS) is not supported: "
                "a seat's view holds its own hand only; use SINGLE_PLAYER or NONE"
            )
        return CanastaObserver(
            self,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            public_info=bool(iig_obs_type.public_info),
            private_info=private == pyspiel.PrivateInfoType.SINGLE_PLAYER,
        )


class _Setup:
    """What every state of one game shares: the profile, the encodings, the seats' sides. Never copied."""

    __slots__ = ("action_encoding", "deals", "players", "rules", "side_of", "variant")

    def __init__(self, game: CanastaGame) -> None:
        self.variant = game.variant
        self.players = game.players
        self.deals = game.deals
        self.action_encoding = game.action_encoding
        self.side_of = game.side_of
        self.rules = game.rules

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self


def _deal(setup: _Setup, seed: int) -> Game:
    """The engine's game for deal ``seed``, whose match ends with its first hand.

    The OpenSpiel game is one hand, so the engine must not deal a second one
    when the first ends: the table would show the next deal. The match stops
    after one hand (``Game(hands=1)``, an option of the game: the profile and
    its rules are unchanged), so the table stays as the hand left it, the
    moment the hand ends; the record says so, and replays the same hand.
    """
    return Game(setup.variant, players=setup.players, seed=seed, hands=1)


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
        """The engine's game for this hand; None before the deal. Its match ends with the hand (``game.is_over``)."""
        return self._hand.game

    def current_player(self) -> int:
        """The seat to act; OpenSpiel's chance player before the deal, its terminal player once the hand is over."""
        hand = self._hand
        if hand.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if hand.returns is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        return hand.game.current_player

    def _legal_actions(self, player: int) -> list[int]:
        game = self._hand.game
        if game is None or self._hand.returns is not None or player != game.current_player:
            return []
        return self._setup.action_encoding.legal_indices(game)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal, equally likely (none once dealt)."""
        if self._hand.game is not None:
            return []
        p = 1.0 / self._setup.deals
        return [(k, p) for k in range(self._setup.deals)]

    def _apply_action(self, action: int) -> None:
        """Deal, or apply a seat's action; :class:`SpielActionError` (the state unchanged) for one this state refuses."""
        setup, hand = self._setup, self._hand
        if hand.returns is not None:
            raise SpielActionError(_shown_action(setup, action), "hand", "", "the hand is over: a terminal state takes no action")
        if hand.game is None:
            if type(action) is not int or not 0 <= action < setup.deals:
                raise SpielActionError(shown_value(action), "deals", "", f"a deal is a chance outcome from 0 to {setup.deals - 1}")
            hand.game = _deal(setup, action)
        else:
            space = setup.action_encoding
            if type(action) is not int or not 0 <= action < space.num_actions:
                raise SpielActionError(shown_value(action), "action index", "", f"an action is an index from 0 to {space.num_actions - 1}")
            try:
                events = hand.game.apply(space.actions[action])
            except IllegalActionError as exc:
                raise SpielActionError(exc.action, exc.rule, exc.source, exc.reason) from exc
            for event in events:
                if type(event) is CardDrawn:
                    hand.drawn[event.seat].append(event.card.text)
        game = hand.game
        if game.hand_scores:
            hand.returns = hand_returns(setup.side_of, tuple(s.total for s in game.hand_scores[0]))

    def _action_to_string(self, player: int, action: int) -> str:
        """``deal k`` for a chance outcome, else the action's text; :class:`canasta.ArgumentError` for one out of range."""
        if player == pyspiel.PlayerId.CHANCE:
            if type(action) is not int or not 0 <= action < self._setup.deals:
                raise ArgumentError(f"python_canasta: deal {shown_value(action)} is outside 0 .. {self._setup.deals - 1}")
            return f"deal {action}"
        return self._setup.action_encoding.index_to_action(action).text()

    def is_terminal(self) -> bool:
        """Whether the hand is over (001 §34 A)."""
        return self._hand.returns is not None

    def returns(self) -> list[float]:
        """Each player's return: 0 until the hand ends, then its side's margin in hundreds of points."""
        got = self._hand.returns
        return list(got) if got is not None else [0.0] * self._setup.players

    def drawn(self, player: int) -> tuple[str, ...]:
        """The cards ``player`` drew from the stock this hand, in order (private to that seat)."""
        return tuple(self._hand.drawn[_seat(player, self._setup.players, "CanastaState.drawn")])

    def view(self, player: int) -> PlayerView | None:
        """The seat's view of the hand (None before the deal); at a terminal state, the table as the hand left it."""
        seat = _seat(player, self._setup.players, "CanastaState.view")
        game = self._hand.game
        return None if game is None else game.view(seat)

    def __str__(self) -> str:
        """The whole table, every hand shown (``str(game)``), under the profile's rules (:func:`_shown`)."""
        game = self._hand.game
        if game is None:
            return "python_canasta: before the deal"
        table = attrs.evolve(game.view(game.current_player), legal_actions=())
        return render_table(table, [game.view(seat).hand for seat in range(game.players)])


def _seat(player: object, players: int, call: str) -> int:
    """``player`` if it is a seat of the table; else :class:`canasta.ArgumentError`."""
    if type(player) is not int or not 0 <= player < players:
        raise ArgumentError(f"{call}: player {shown(player)} is not a seat of this table (0 to {players - 1})")
    return player


def _shown_action(setup: _Setup, action: object) -> object:
    """The action an index stands for, for a message; the index itself when it stands for none."""
    if type(action) is int and 0 <= action < setup.action_encoding.num_actions:
        found: Action = setup.action_encoding.actions[action]
        return found
    return shown_value(action)


class CanastaObserver:
    """Observation tensor and strings of one seat (OpenSpiel's PyObserver interface), for one ``IIGObservationType``.

    ``public_info`` and ``private_info`` choose the blocks of the
    :class:`~canasta.encoding.ObservationSpace` vector: the seat's own hand
    is its private information; everything else in its view is public (the
    table, the pile, the hand sizes, the turn), except whether the seat to
    act is forced to take the pile, which depends on that seat's hand and so
    is left out of a public-only observation. :attr:`tensor` holds the chosen
    blocks in layout order, :attr:`dict` each of them by name. The strings
    follow: the view as text (with the hand shown only with private
    information), then, with ``perfect_recall``, every action of the hand
    (public) and the cards the seat drew (private). OpenSpiel's
    ``python_kuhn_poker`` observer is built the same way.
    """

    def __init__(self, game: CanastaGame, perfect_recall: bool = False, *, public_info: bool = True, private_info: bool = True) -> None:
        if not issubclass(type(game), CanastaGame):
            raise ArgumentError(f"CanastaObserver: expected a python_canasta game, got {shown(game)}")
        for name, flag in (("perfect_recall", perfect_recall), ("public_info", public_info), ("private_info", private_info)):
            if type(flag) is not bool:
                raise ArgumentError(f"CanastaObserver: {name} must be True or False, got {shown(flag)}")
        self._space = game.observation_encoding
        self._players = game.players
        self._perfect_recall = perfect_recall
        self._public = public_info
        self._private = private_info
        blocks = [b for b in self._space.layout if (private_info if b.name in _PRIVATE_BLOCKS else public_info)]
        self._all = len(blocks) == len(self._space.layout)
        self._index = np.concatenate([np.arange(b.start, b.stop) for b in blocks]) if blocks else np.zeros(0, np.intp)
        turn = self._space.block("turn")
        self._forced = turn.start + TURN_FLAGS.index("take_forced")
        self.tensor: npt.NDArray[np.float32] = np.zeros(len(self._index), np.float32)
        """The chosen blocks of the observation vector, in layout order; :meth:`set_from` fills it."""
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        """Each chosen block by name: a reshaped view into :attr:`tensor`."""
        at = 0
        for b in blocks:
            self.dict[b.name] = self.tensor[at : at + b.size].reshape(b.shape)
            at += b.size

    def set_from(self, state: CanastaState, player: int) -> None:
        """Fill :attr:`tensor` from the view of ``player`` (all zero before the deal)."""
        view = self._view(state, player, "set_from")
        if view is None:
            self.tensor.fill(0.0)
            return
        x = self._space.encode(view)
        if not self._private:
            x[self._forced] = 0.0
        self.tensor[:] = x if self._all else x[self._index]

    def string_from(self, state: CanastaState, player: int) -> str:
        """The observation as text: the seat's view (public part, private part, or both), and with perfect recall the hand's history."""
        view = self._view(state, player, "string_from")
        if view is None:
            return f"seat {player}: before the deal"
        game = state.game
        assert game is not None
        parts: list[str] = []
        if self._public:
            shown = view
            parts.append(str(shown) if self._private else _public_text(shown))
        elif self._private:
            parts.append(f"seat {player} hand: {' '.join(c.text for c in view.hand)}")
        else:
            parts.append(f"seat {player}")
        if self._perfect_recall:
            if self._public:
                parts.append(f"actions: {' '.join(a.text() for a in game.actions)}")
            if self._private:
                parts.append(f"drawn: {' '.join(state.drawn(player))}")
        return "\n".join(parts)

    def _view(self, state: object, player: object, call: str) -> PlayerView | None:
        """The view the observation is made from; :class:`canasta.ArgumentError` for a value that is no state, or no seat of it."""
        if not issubclass(type(state), CanastaState):
            raise ArgumentError(f"CanastaObserver.{call}: expected a python_canasta state, got {shown(state)}")
        assert isinstance(state, CanastaState)
        seat = _seat(player, state._setup.players, f"CanastaObserver.{call}")
        return state.view(seat)


def _public_text(view: PlayerView) -> str:
    """The table as everyone sees it: the view drawn from no seat (every hand as a count), with nothing only one seat knows."""
    public = attrs.evolve(view, seat=-1, hand=(), legal_actions=(), turn=attrs.evolve(view.turn, take_forced=False))
    return str(public)


pyspiel.register_game(_GAME_TYPE, CanastaGame)

__all__ = ["DEALS", "MAX_DEALS", "CanastaGame", "CanastaObserver", "CanastaState", "SpielActionError", "score_bound"]
