"""Canasta as a PettingZoo AEC environment, under any profile (``pip install 'canasta[pettingzoo]'``).

::

    from canasta.integrations.pettingzoo import env

    e = env(variant="finnish", players=4)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are ``player_0`` .. ``player_<n-1>``, one per seat. An observation is a
dict: ``observation``, the seat's view encoded by
:class:`~canasta.encoding.ObservationSpace`, and ``action_mask``, 1 at each
legal index of the :class:`~canasta.encoding.ActionSpace` (all zero for a seat
that is not to act). Actions are those indices.

Spaces have one name each, PettingZoo's: ``observation_space(agent)`` and
``action_space(agent)`` give an agent's Gymnasium spaces (the same object at
every call, as PettingZoo's AEC API asks). The encodings behind them are
:attr:`raw_env.observation_encoding` and :attr:`raw_env.action_encoding`, as on
the OpenSpiel game. There are no ``observation_spaces`` and ``action_spaces``
dictionaries (PettingZoo deprecates them), nor the ``observations_space`` and
``actions_space`` of earlier releases of this adapter, renamed to PettingZoo's own names.

An episode is ``hands`` hands (default 1; None plays the whole match, 001 §1).
At the end of each hand every agent is rewarded with its side's hand score
minus the mean of the other sides' (in hundreds, :func:`~canasta.integrations.hand_returns`);
every other step rewards 0. Once the episode is over the observation is all
zero: the engine deals the next hand at once, and that deal belongs to no
episode. A seat sitting out a five-player hand (004 L11) never acts in it but
shares its side's reward. The engine caps a runaway hand itself, so no episode
is truncated.

Seeds follow Gymnasium's rule (``gymnasium.utils.seeding.np_random``): None
or a whole number of at least 0, of any size; numpy integers count as whole
numbers (RL code often draws seeds with numpy), a bool, a float or a string
does not. Distinct seeds give distinct episodes.

Errors: a bad argument raises :class:`canasta.ArgumentError`, an illegal
action :class:`canasta.IllegalActionError` (the game unchanged). Two follow
PettingZoo's own contract instead: a terminated agent given an action other
than None raises ``ValueError`` (``AECEnv._was_dead_step``), and
``observe``, ``step`` or ``render`` before the first ``reset`` raise the
``AssertionError`` PettingZoo's order-enforcing wrapper raises, whether the
environment is wrapped (:func:`env`) or not (:class:`raw_env`); ``step``
once every agent is done only warns, as that wrapper does.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]

from canasta.core.arguments import check_players, shown
from canasta.core.game import Game
from canasta.errors import ArgumentError, shown_text
from canasta.variants import Variant

from ..encoding import ActionSpace, ObservationSpace, resolve_variant
from ..encoding.actions import as_index
from . import hand_returns

Observation = dict[str, npt.NDArray[Any]]
"""An agent's observation: ``observation`` (the encoded view) and ``action_mask``."""


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo names the unwrapped class raw_env
    """The unwrapped environment; :func:`env` adds PettingZoo's order-enforcing wrapper."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "canasta_v0", "is_parallelizable": False}
    """PettingZoo's environment metadata: the render modes, the name, no parallel API."""

    def __init__(
        self,
        variant: Variant | str | Path = "finnish",
        players: int = 4,
        render_mode: str | None = None,
        hands: int | None = 1,
    ) -> None:
        EzPickle.__init__(self, variant, players, render_mode, hands)
        super().__init__()
        if render_mode is not None and not (issubclass(type(render_mode), str) and render_mode in self.metadata["render_modes"]):
            raise ArgumentError(f"canasta_v0: render_mode {shown(render_mode)} is not supported; use None or 'ansi'")
        if hands is not None:
            hands = as_index(hands, "canasta_v0", "hands")
            if hands < 1:
                raise ArgumentError(f"canasta_v0: hands={shown(hands)}; give a number of hands of at least 1, or None for the whole match")
        self.variant = resolve_variant(variant, "canasta_v0")
        """The profile (a :class:`canasta.variants.Variant`)."""
        players = check_players(self.variant, players, "canasta_v0")
        self.action_encoding = ActionSpace(self.variant, players)
        """Every action index (:class:`canasta.encoding.ActionSpace`): ``action_space(agent)`` is ``Discrete`` over it."""
        self.observation_encoding = ObservationSpace(self.variant, players)
        """The observation vector's layout (:class:`canasta.encoding.ObservationSpace`)."""
        self.players = players
        """The player count of the table."""
        self.hands = hands
        """How many hands an episode plays; None for the whole match (001 §1)."""
        self.render_mode = render_mode
        """None or ``ansi`` (:meth:`render`)."""
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        """Every agent, ``player_0`` .. ``player_<n-1>``: agent ``player_k`` plays seat ``k``."""
        self.agents: list[str] = []
        """The agents still in the episode: every agent after :meth:`reset`; each leaves once it is done (PettingZoo's dead step)."""
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        box = spaces.Box(low=-np.inf, high=np.inf, shape=self.observation_encoding.shape, dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(self.action_encoding.num_actions,), dtype=np.int8)
        self._observation_spaces = tuple(spaces.Dict({"observation": box, "action_mask": mask}) for _ in self.possible_agents)
        self._action_spaces = tuple(spaces.Discrete(self.action_encoding.num_actions) for _ in self.possible_agents)
        self._rng: random.Random | None = None
        self.game: Game | None = None
        """The engine's game of the episode (None before the first :meth:`reset`); its view is what each agent observes."""
        self._side_of: tuple[int, ...] = ()
        self._hands_done = 0
        self._over = False

    def _seat_of(self, agent: object, call: str) -> int:
        """The seat of one of :attr:`possible_agents`; :class:`canasta.ArgumentError` for any other value."""
        seat = None
        if issubclass(type(agent), str):
            seat = self._seat.get(shown_text(agent))  # the plain text: a str subclass's own __hash__ never runs
        if seat is None:
            raise ArgumentError(f"canasta_v0.{call}: no agent {shown(agent)}; the agents are {', '.join(self.possible_agents)}")
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space: a ``Dict`` of ``observation`` (a ``Box``) and ``action_mask``; the same object every call."""
        return self._observation_spaces[self._seat_of(agent, "observation_space")]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space: ``Discrete`` over :attr:`action_encoding`; the same object every call."""
        return self._action_spaces[self._seat_of(agent, "action_space")]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match; ``seed`` fixes the deal (and every later reset without a seed).

        ``seed`` is None or a whole number of at least 0 (see the module
        docstring); ``options`` None or a dict, which is ignored: this
        environment has no options, and PettingZoo's ``api_test`` asks an
        environment to accept any. Anything else raises :class:`canasta.ArgumentError`.
        """
        seed = _seed(seed)
        if options is not None and not issubclass(type(options), Mapping):
            raise ArgumentError(f"canasta_v0.reset: options must be a dict or None, got {shown(options)}")
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed if seed is not None else random.SystemRandom().randrange(2**63))
        self.game = Game(self.variant, players=self.players, seed=self._rng.randrange(2**63))
        self._side_of = self.game.rules.side_of
        self._hands_done = len(self.game.hand_scores)
        self._over = False
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        """Each agent's reward for the last step: 0 but at the end of a hand (see the module docstring)."""
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        """Whether each agent's episode is over: every agent's at once, after the episode's last hand."""
        self.truncations = {a: False for a in self.agents}
        """Always False: the engine caps a runaway hand itself, so no episode is cut short."""
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        """Each agent's info: empty (everything is in the observation)."""
        self.agent_selection = self.possible_agents[self.game.current_player]
        """The agent to act: the seat the engine asks for (``game.current_player``)."""

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its view encoded, and its legal-action mask (all zero unless it is to act, or once the episode is over)."""
        game = self.game
        if game is None:
            EnvLogger.error_observe_before_reset()
        assert game is not None
        seat = self._seat_of(agent, "observe")
        if self._over:
            return {
                "observation": np.zeros(self.observation_encoding.shape, dtype=np.float32),
                "action_mask": np.zeros(self.action_encoding.num_actions, dtype=np.int8),
            }
        view = game.view(seat)
        return {
            "observation": self.observation_encoding.encode(view),
            "action_mask": self.action_encoding.mask_of(view.legal_actions),
        }

    def step(self, action: int | None) -> None:
        """Apply the action index of the agent to act; an illegal one raises :class:`canasta.IllegalActionError` and changes nothing.

        The index is an int (numpy integers too) of the action space; None, or
        another value, raises :class:`canasta.ArgumentError`. A terminated
        agent takes only None (PettingZoo's ``ValueError`` otherwise).
        """
        game = self.game
        if game is None:
            EnvLogger.error_step_before_reset()
        assert game is not None
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ArgumentError(f"canasta_v0.step: {agent} is to act: give an action index, not None")
        game.apply(self.action_encoding.index_to_action(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        finished = game.hand_scores[self._hands_done :]
        if finished:
            self._hands_done += len(finished)
            for scores in finished:
                gains = hand_returns(self._side_of, tuple(s.total for s in scores))
                for a in self.agents:
                    self.rewards[a] += gains[self._seat[a]]
            if game.is_over or (self.hands is not None and self._hands_done >= self.hands):
                self._over = True
                self.terminations = {a: True for a in self.agents}
        self._accumulate_rewards()
        if self._over:
            seat = self._seat[agent]
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        else:
            self.agent_selection = self.possible_agents[game.current_player]

    def render(self) -> str | None:
        """``ansi``: the whole table as text, every hand shown (``str(game)``)."""
        if self.render_mode is None:
            import gymnasium

            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        if self.game is None:
            EnvLogger.error_render_before_reset()
        return str(self.game)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or file."""


def _seed(seed: object) -> int | None:
    """A reset's seed: None, or a whole number of at least 0 (Gymnasium's rule, numpy integers included); else :class:`canasta.ArgumentError`."""
    if seed is None:
        return None
    value = as_index(seed, "canasta_v0.reset", "seed")
    if value < 0:
        raise ArgumentError(f"canasta_v0.reset: seed must be at least 0 (as Gymnasium's seeding asks), got {shown(seed)}")
    return value


def env(variant: Variant | str | Path = "finnish", players: int = 4, render_mode: str | None = None, hands: int | None = 1) -> Any:
    """The environment for a bundled profile, a :class:`Variant` or the path of a TOML profile (a house file too)."""
    return wrappers.OrderEnforcingWrapper(raw_env(variant=variant, players=players, render_mode=render_mode, hands=hands))


__all__ = ["env", "raw_env"]
