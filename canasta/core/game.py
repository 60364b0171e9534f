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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from canasta.errors import CanastaError, IllegalActionError, NotationError, PositionError, RecordError, ReplayError
from canasta.variants import Variant, load_variant

from . import legality
from .actions import ACTION_TYPES, Action, parse_action
from .cards import cards_of
from .dealing import lay_red_threes
from .events import Event, Termination
from .listing import is_listed, legal_actions
from .play import DEFAULT_TURN_CAP, _end_hand, do
from .positions import build_state, export_position, read_position, variant_spec
from .records import GameRecord
from .scoring import HandScore
from .state import DRAW, OVER, State
from .table import TableRules
from .views import PHASES, Phase, PlayerView, make_view

PHASE_NAMES = PHASES
"""The engine's phase codes to :class:`Phase` (a ``StrEnum``: ``Phase.DRAW == "draw"``)."""


def _describe(value: object) -> str:
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    return text if len(text) <= 60 else text[:57] + "..."


@attrs.frozen(kw_only=True)
class MatchResult:
    """The outcome of a finished match: the winning side (None for a draw) and the totals."""

    winner: int | None
    totals: tuple[int, ...]
    hands: int

    @property
    def is_draw(self) -> bool:
        """Whether two or more sides ended level on the best total, which is a draw (001 §1; decisions P23)."""
        return self.winner is None


class Game:
    """A match under one variant profile: hands are dealt until a side reaches the target (001 §1, §34 A).

    ``variant`` is a :class:`Variant`, a bundled name or a file path.
    ``players`` must be a player count the profile supports. ``seed`` fixes
    every shuffle; None picks one at random (see :attr:`seed`). ``turn_cap``
    ends a runaway hand as if the stock had run out. A seed that is not an int
    raises ``TypeError``, a turn cap below 1 ``ValueError``.
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
        _check_arguments(seed, turn_cap)
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
        """The number of players at the table, those sitting out a hand included."""
        return self._st.rules.players

    @property
    def sides(self) -> int:
        """The number of sides (partnerships, or players in individual play)."""
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
    def phase(self) -> Phase:
        """:class:`Phase`: ``draw``, ``meld`` (meld, then discard), ``answer`` or ``over``."""
        return PHASES[self._st.phase]

    @property
    def hand_number(self) -> int:
        """The hand in progress, counting from 1."""
        return self._st.hand_number

    @property
    def dealer(self) -> int:
        """The seat that dealt the hand in progress."""
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
            self._legal = legal_actions(self._st)
        return list(self._legal)

    def violation(self, action: object) -> IllegalActionError | NotationError | None:
        """Why ``action`` is illegal now, as the error :meth:`apply` would raise, or None if it is legal.

        Any value gets an answer: unreadable text gives the :class:`NotationError`,
        anything that is not an action an :class:`IllegalActionError`.

        >>> g = Game("finnish", players=4, seed=7)
        >>> g.violation("discard 7").rule
        'turn'
        """
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except NotationError as exc:
                return exc
        if type(action) not in ACTION_TYPES:
            return IllegalActionError(action, "turn", legality.FIXED_SOURCES["turn"], f"{_describe(action)} is not an action")
        assert isinstance(action, Action)
        found = legality.check(self._st, action)
        if found is None:
            return None
        key, reason = found
        source = self._st.rules.cite(key) or legality.FIXED_SOURCES.get(key, "")
        return IllegalActionError(action, key, source, reason)

    def can(self, action: object) -> bool:
        """Whether ``action`` (an action or its text) is legal now; False for anything malformed."""
        return self.violation(action) is None

    def apply(self, action: Action | str) -> tuple[Event, ...]:
        """Apply an action (or its text form) and return the events it caused.

        Raises :class:`IllegalActionError` if the rules forbid it (or it is no
        action at all), and :class:`NotationError` for unreadable text; either
        way the game is unchanged. Nothing else is raised, whatever the input.
        """
        listed = self._legal
        if listed is None or not is_listed(action, listed):
            action = self._checked(action)
        self._legal = None
        events = do(self._st, action, self._turn_cap)
        self.actions.append(action)
        return tuple(events)

    def _checked(self, action: object) -> Action:
        """``action`` (parsed, if text) when it is legal now; else the error :meth:`apply` raises."""
        if isinstance(action, str):
            action = parse_action(action)
        error = self.violation(action)
        if error is not None:
            raise error
        assert isinstance(action, Action)
        return action

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
        """What ``seat`` may see: its own hand, the table, the turn, and counts of everything hidden.

        When ``seat`` is the one to act, the view carries the legal actions too.
        """
        st = self._st
        legal: tuple[Action, ...] = ()
        if seat == st.current and st.phase != OVER:
            if self._legal is None:
                self._legal = legal_actions(st)
            legal = tuple(self._legal)
        return make_view(st, seat, legal, self.variant)

    def __repr__(self) -> str:
        st = self._st
        return (
            f"<Game {self.variant.name!r} players={self.players} seed={self.seed} hand={st.hand_number} "
            f"phase={PHASES[st.phase].value} current_player={st.current} scores={list(st.scores)}>"
        )

    def __str__(self) -> str:
        """The whole table in plain text, every hand shown (``str(game.view(seat))`` shows one seat's)."""
        from .render import render_table

        st = self._st
        hands = [cards_of(st.hand_cards(seat)) for seat in range(self.players)]
        return render_table(make_view(st, st.current, (), self.variant), hands)

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
    def replay(cls, record: GameRecord | Mapping[str, Any] | str | Path, actions: Sequence[str] | None = None) -> Game:
        """Rebuild a game from its record by applying its actions (or the first few: ``actions``) again.

        ``record`` is a :class:`GameRecord`, its data, its TOML or JSON text, or
        its file (:func:`canasta.core.records.as_record`). A record that cannot
        be read, or whose profile, player count or position cannot be set up,
        raises :class:`RecordError`; an action that does not apply raises
        :class:`ReplayError` with its number, the hand and the seat, and the
        engine's error as its cause. Both name the record's file, if it has one.
        """
        from canasta.variants import VariantError, loads_variant

        from .records import as_record
        from .table import UnsupportedPlayerCount

        record = as_record(record)
        try:
            if record.position is not None:
                game = cls.from_position(record.position, turn_cap=record.turn_cap)
            else:
                game = cls(loads_variant(record.variant), players=record.players, seed=record.seed, turn_cap=record.turn_cap)
        except VariantError as exc:
            raise RecordError([f"variant: {p}" for p in exc.problems], file=record.file) from exc
        except PositionError as exc:
            raise RecordError(exc.problems, file=record.file) from exc
        except UnsupportedPlayerCount as exc:
            raise RecordError([f"players: {exc}"], file=record.file) from exc
        texts = list(record.actions if actions is None else actions)
        for i, text in enumerate(texts):
            try:
                game.apply(text)
            except CanastaError as exc:
                raise ReplayError(
                    index=i,
                    total=len(texts),
                    hand_number=game.hand_number,
                    seat=game.current_player,
                    action=str(text),
                    error=exc,
                    file=record.file,
                ) from exc
        return game

    @classmethod
    def from_position(cls, position: Mapping[str, Any] | str | Path, *, base: Path | None = None, turn_cap: int = DEFAULT_TURN_CAP) -> Game:
        """Set up a game in the situation a position describes (see docs/scenarios.md).

        ``position`` is a position table, TOML text holding one (at the top level or
        under ``[position]``), or the path of such a file: a :class:`~pathlib.Path`,
        or a string that ends with ``.toml`` or names an existing file. A profile
        named by a relative ``.toml`` path is found next to the position's file
        (or in ``base``). Raises :class:`PositionError` listing every problem, with
        the file and, for broken TOML, the line; an unreadable path (missing, a
        directory, a FIFO, a device) is a PositionError too.
        """
        _check_arguments(None, turn_cap)
        data, file = read_position(position)
        if base is None and file is not None:
            base = file.parent
        try:
            variant, st = build_state(data, base=base)
        except PositionError as exc:
            if file is None:
                raise
            raise PositionError(exc.problems, file=str(file)) from None
        start = dict(data)
        if isinstance(start.get("variant"), str) and start["variant"].strip().lower().endswith(".toml"):
            start["variant"] = variant_spec(variant)  # the record replays without the profile's file
        game = cls.__new__(cls)
        game.variant = variant
        game._st = st
        game._turn_cap = turn_cap
        game._legal = None
        game._start = start
        game.actions = []
        if st.phase == DRAW:
            events: list[Event] = []
            if lay_red_threes(st, st.current, events):
                _end_hand(st, events, Termination.RED_THREE_LAST_CARD, st.current)
        return game

    def position(self) -> dict[str, Any]:
        """The current state as a position table that :meth:`from_position` sets up again.

        Available at the start of a turn, right after its draw, and after the
        player took back an unfinished opening (``retracted = true``, 001 §27 A•2);
        mid-turn (after a meld, a pile take or a question to the partner), while
        an answer is due and after the match raises :class:`PositionError`.
        """
        return export_position(self.variant, self._st)

    @property
    def state(self) -> State:
        """The engine's internal state; for the engine's own tools, not a stable API.

        Reading it drops the cached legal actions, since the caller may change it.
        """
        self._legal = None
        return self._st


def _check_arguments(seed: object, turn_cap: object) -> None:
    """Refuse a seed or turn cap that a record could not hold, before anything is dealt.

    A bool is refused although it is an int: ``seed=True`` is a mistake, not a seed.
    """
    if seed is not None and type(seed) is not int:
        raise TypeError(f"Game(seed=...): expected an int or None, got {seed!r} ({type(seed).__name__})")
    if type(turn_cap) is not int:
        raise TypeError(f"Game(turn_cap=...): expected an int, got {turn_cap!r} ({type(turn_cap).__name__})")
    if turn_cap < 1:
        raise ValueError(f"Game(turn_cap={turn_cap}): a hand needs a cap of at least 1 turn")
