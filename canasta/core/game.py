"""The public game object: a match dealt and played under one profile.

The loop an app runs::

    g = canasta.Game("finnish", players=4, seed=7)
    while not g.is_over:
        action = choose(g.view(g.current_player), g.legal_actions())
        events = g.apply(action)
    print(g.result, g.scores)

``apply`` always checks legality first (the PokerKit verify/do split) and
raises :class:`IllegalActionError` naming the rule, leaving the game exactly
as it was.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from canasta.variants import Variant, load_variant

from . import legality, listing
from .actions import Action, parse_action
from .dealing import lay_red_threes
from .errors import IllegalActionError
from .events import Event, Termination
from .play import DEFAULT_TURN_CAP, _end_hand, do
from .positions import PositionError, build_state, export_position
from .records import GameRecord
from .scoring import HandScore
from .state import ANSWER, DRAW, MELD, OVER, State
from .table import TableRules
from .views import PlayerView, make_view


def _position_data(position: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    if isinstance(position, Mapping):
        data = dict(position)
    else:
        text = Path(position).read_text(encoding="utf-8") if isinstance(position, Path) or str(position).endswith(".toml") else str(position)
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise PositionError([f"broken TOML: {exc}"]) from None
    inner = data.get("position")
    return dict(inner) if isinstance(inner, dict) else data


PHASE_NAMES = {DRAW: "draw", MELD: "meld", ANSWER: "answer", OVER: "over"}


@attrs.frozen(kw_only=True)
class MatchResult:
    """The outcome of a finished match: the winning side (None for a draw) and the totals."""

    winner: int | None
    totals: tuple[int, ...]
    hands: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None


class Game:
    """A match under one variant profile: hands are dealt until a side reaches the target (001 §1, §34 A).

    ``variant`` is a :class:`Variant`, a bundled name or a file path.
    ``players`` must be a player count the profile supports. ``seed`` fixes
    every shuffle; None picks one at random (see :attr:`seed`). ``turn_cap``
    ends a runaway hand as if the stock had run out.
    """

    __slots__ = ("_legal", "_st", "_start", "_turn_cap", "actions", "variant")

    def __init__(
        self,
        variant: Variant | str | Path,
        players: int = 4,
        seed: int | None = None,
        *,
        turn_cap: int = DEFAULT_TURN_CAP,
    ) -> None:
        self.variant = variant if isinstance(variant, Variant) else load_variant(variant)
        rules = TableRules(self.variant, players)
        self._st = State(rules, seed if seed is not None else random.SystemRandom().randrange(2**63))
        self._turn_cap = turn_cap
        self._legal: list[Action] | None = None
        self._start: dict[str, Any] | None = None
        self.actions: list[Action] = []
        """Every action applied so far, in order."""
        from .dealing import deal_hand

        events: list[Event] = []
        if deal_hand(self._st, events):
            from .events import Termination
            from .play import _end_hand

            _end_hand(self._st, events, Termination.RED_THREE_LAST_CARD, self._st.current)

    # -- state ---------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self._st.rules.players

    @property
    def sides(self) -> int:
        return self._st.rules.sides

    @property
    def seed(self) -> int:
        """The seed every shuffle of this match derives from."""
        return self._st.seed

    @property
    def current_player(self) -> int:
        """The seat to act; the partner's seat while an answer to "may I go out?" is due."""
        return self._st.current

    @property
    def phase(self) -> str:
        """``draw``, ``meld`` (meld, then discard), ``answer`` or ``over``."""
        return PHASE_NAMES[self._st.phase]

    @property
    def hand_number(self) -> int:
        """The hand in progress, counting from 1."""
        return self._st.hand_number

    @property
    def dealer(self) -> int:
        return self._st.dealer

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._st.phase == OVER

    @property
    def scores(self) -> tuple[int, ...]:
        """The cumulative score of each side."""
        return tuple(self._st.scores)

    @property
    def result(self) -> MatchResult | None:
        """The outcome once the match is over, else None."""
        if not self.is_over:
            return None
        return MatchResult(winner=self._st.winner, totals=self.scores, hands=self._st.hand_number)

    @property
    def hand_scores(self) -> tuple[tuple[HandScore, ...], ...]:
        """The score breakdown of every finished hand, per side."""
        return tuple(self._st.hand_scores)

    def side_of(self, seat: int) -> int:
        """The side a seat plays for: seat mod the number of sides, so partners sit opposite."""
        return self._st.rules.side_of[seat]

    # -- actions ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action for :attr:`current_player`, now."""
        if self._legal is None:
            self._legal = listing.legal_actions(self._st)
        return list(self._legal)

    def violation(self, action: Action | str) -> IllegalActionError | None:
        """Why ``action`` is illegal now, as the error :meth:`apply` would raise, or None if it is legal."""
        act = parse_action(action) if isinstance(action, str) else action
        found = legality.check(self._st, act)
        if found is None:
            return None
        key, reason = found
        source = self._st.rules.cite(key) or legality.FIXED_SOURCES.get(key, "")
        return IllegalActionError(act, key, source, reason)

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        return self.violation(action) is None

    def apply(self, action: Action | str) -> tuple[Event, ...]:
        """Apply an action (or its text form) and return the events it caused.

        Raises :class:`IllegalActionError` if the rules forbid it, and
        :class:`NotationError` for unreadable text; either way the game is unchanged.
        """
        act = parse_action(action) if isinstance(action, str) else action
        listed = self._legal
        if listed is None or act not in listed:
            error = self.violation(act)
            if error is not None:
                raise error
        self._legal = None
        events = do(self._st, act, self._turn_cap)
        self.actions.append(act)
        return tuple(events)

    # -- copies, views, records ----------------------------------------------------------

    def copy(self) -> Game:
        """An independent copy for search; cheap: the profile and rules are shared."""
        new = Game.__new__(Game)
        new.variant = self.variant
        new._st = self._st.copy()
        new._turn_cap = self._turn_cap
        new._legal = self._legal
        new._start = self._start
        new.actions = self.actions[:]
        return new

    __copy__ = copy

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: its own hand, the table, and counts of everything hidden."""
        return make_view(self._st, seat)

    def record(self) -> GameRecord:
        """The profile, the seed and the actions: enough to replay this game exactly."""
        from canasta.variants import dumps_variant

        return GameRecord(
            variant=dumps_variant(self.variant),
            players=self.players,
            seed=self.seed,
            turn_cap=self._turn_cap,
            actions=tuple(str(a) for a in self.actions),
            position=self._start,
        )

    @classmethod
    def replay(cls, record: GameRecord, actions: Sequence[str] | None = None) -> Game:
        """Rebuild a game from its record by applying its actions again."""
        from canasta.variants import loads_variant

        if record.position is not None:
            game = cls.from_position(record.position, turn_cap=record.turn_cap)
        else:
            game = cls(loads_variant(record.variant), players=record.players, seed=record.seed, turn_cap=record.turn_cap)
        for text in record.actions if actions is None else actions:
            game.apply(text)
        return game

    @classmethod
    def from_position(cls, position: Mapping[str, Any] | str | Path, *, base: Path | None = None, turn_cap: int = DEFAULT_TURN_CAP) -> Game:
        """Set up a game in the situation a position describes (see docs/scenarios.md).

        ``position`` is a position table, TOML text holding one (at the top level or
        under ``[position]``), or the path of such a file. Raises
        :class:`~canasta.core.positions.PositionError` listing every problem.
        """
        data = _position_data(position)
        if base is None and isinstance(position, Path):
            base = position.parent
        variant, st = build_state(data, base=base)
        game = cls.__new__(cls)
        game.variant = variant
        game._st = st
        game._turn_cap = turn_cap
        game._legal = None
        game._start = dict(data)
        game.actions = []
        if st.phase == DRAW:
            events: list[Event] = []
            if lay_red_threes(st, st.current, events):
                _end_hand(st, events, Termination.RED_THREE_LAST_CARD, st.current)
        return game

    def position(self) -> dict[str, Any]:
        """The current state as a position table (at the start of a turn, or right after its draw)."""
        return export_position(self.variant, self._st)

    @property
    def state(self) -> State:
        """The engine's internal state; for the engine's own tools, not a stable API.

        Reading it drops the cached legal actions, since the caller may change it.
        """
        self._legal = None
        return self._st
