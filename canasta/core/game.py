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
from os import PathLike
from pathlib import Path
from typing import Any, TypeAlias

import attrs

from canasta.errors import (
    ArgumentError,
    CanastaError,
    EntryError,
    IllegalActionError,
    NotationError,
    PositionError,
    RecordError,
    ReplayError,
    is_instance,
    shown_text,
)
from canasta.textfiles import path_label
from canasta.variants import Variant, load_variant, sound_variant

from . import legality
from .actions import Action, malformed, parse_action
from .arguments import check_hands, check_players, check_rules_version, check_seed, check_turn_cap, shown, whole_number
from .cards import JOKER, cards_of
from .dealing import deal_hand, lay_red_threes
from .events import Event, PenaltyApplied, Termination
from .legality import can_go_out
from .listing import is_listed, legal_actions
from .penalties import Penalty, penalty_of, penalty_value
from .position_files import export_position, read_position, stored_position
from .positions import build_state
from .records import GameRecord
from .scoring import HandScore, SideCount, count_side
from .state import DRAW, MELD, OVER, State, added
from .table import RULES_VERSION, TableRules, table_rules
from .transitions import DEFAULT_TURN_CAP, do, end_hand
from .view_builder import make_view
from .views import PHASE_OF_CODE, Phase, PlayerView


@attrs.frozen(kw_only=True)
class DirectorPenalty:
    """A penalty a director applied during play, as a record keeps it: after how many actions, to which side, what, how many cards."""

    after: int
    """The number of actions applied before it."""
    side: int
    penalty: Penalty
    count: int = 1

    def to_data(self) -> dict[str, Any]:
        """The entry as plain data for a record."""
        return {"after": self.after, "side": self.side, "penalty": self.penalty.name.lower(), "count": self.count}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> DirectorPenalty:
        """The entry a record's data holds (checked by :class:`~canasta.core.records.GameRecord`)."""
        return cls(after=int(data["after"]), side=int(data["side"]), penalty=penalty_of(data["penalty"], "a record's director penalty"), count=int(data.get("count", 1)))


Played: TypeAlias = "tuple[Action, Played] | None"
"""The actions a game has applied, newest first, each with those before it: a copy shares them, however long the match."""


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
    ends a runaway hand as if the stock had run out. ``hands`` stops the match
    after that many hands whatever the scores, the side ahead winning (an
    option of this game, as a research environment or a score sheet wants one
    hand at a time; the profile and its rules are unchanged, and the record
    keeps it, so a replay stops where the game did). An argument of the wrong
    type or value raises :class:`~canasta.ArgumentError` before anything is
    dealt: a seed that is not an int or lies outside the 64-bit range a record
    holds, a turn cap below 1, a player count that is not an int; a count the
    profile has no rules for raises :class:`~canasta.UnsupportedPlayerCount`.
    """

    __slots__ = ("_legal", "_played", "_played_count", "_st", "_start", "_turn_cap", "director_penalties", "variant")

    def __init__(
        self,
        variant: Variant | str | Path,
        players: int = 4,
        seed: int | None = None,
        *,
        turn_cap: int = DEFAULT_TURN_CAP,
        rules_version: int = RULES_VERSION,
        hands: int | None = None,
    ) -> None:
        seed = check_seed(seed)
        turn_cap = check_turn_cap(turn_cap)
        limit = check_hands(hands)
        rules_version = check_rules_version(rules_version)
        if not is_instance(variant, (Variant, str, PathLike)):
            raise ArgumentError(f"Game(variant=...): expected a Variant, a bundled profile name or a file path, got {shown(variant)}")
        self.variant = sound_variant(variant if isinstance(variant, Variant) else load_variant(variant))
        rules = table_rules(self.variant, check_players(self.variant, players), rules_version)
        self._st = State(rules, seed if seed is not None else random.SystemRandom().randrange(2**63))
        self._st.hand_limit = limit
        self._turn_cap = turn_cap
        self._legal: list[Action] | None = None
        self._start: dict[str, Any] | None = None
        self._played: Played = None
        self._played_count = 0
        self.director_penalties: list[DirectorPenalty] = []
        """Every penalty a director applied (:meth:`penalize`), in order, each with the number of actions before it."""
        events: list[Event] = []
        if deal_hand(self._st, events):
            end_hand(self._st, events, Termination.RED_THREE_LAST_CARD, self._st.current)

    # -- state ---------------------------------------------------------------------

    @property
    def rules(self) -> TableRules:
        """The rules at this table: the profile resolved for this player count, as the engine plays by them (read-only).

        The same object every view carries as ``view.rules``; bots, encodings
        and the simulation read the rules here rather than compute their own.
        """
        return self._st.rules

    @property
    def hand_limit(self) -> int | None:
        """The hands after which this match stops whatever the scores (``Game(hands=...)``), or None for no such limit."""
        return self._st.hand_limit or None

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
        return PHASE_OF_CODE[self._st.phase]

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
        """The side a seat plays for: seat mod the number of sides, so partners sit opposite.

        A seat not at the table raises :class:`~canasta.ArgumentError`.
        """
        sides = self._st.rules.side_of
        if type(seat) is not int or not 0 <= seat < len(sides):
            raise ArgumentError(f"seat {shown(seat)} is not at this table of {len(sides)} (seats 0 to {len(sides) - 1})")
        return sides[seat]

    def side_count(self, side: int) -> SideCount:
        """What a table counts of ``side`` now: its canastas by kind, red and black threes, melded points, the points left
        in its players' hands and the penalties schema 2's rules count (topics M, J).

        At the end of a hand (a match stopped there by ``hands``, see :meth:`copy`) these are the inputs of the side's
        score for it (:func:`canasta.core.scoring.side_score`), which a score sheet enters; any other time, what the
        side would count if the hand ended now. A side not at the table raises :class:`~canasta.ArgumentError`.
        """
        number = whole_number(side)
        if number is None or not 0 <= number < self._st.rules.sides:
            raise ArgumentError(f"Game.side_count(side=...): expected a side from 0 to {self._st.rules.sides - 1}, got {shown(side)}")
        return count_side(self._st, number)

    def can_go_out(self) -> bool:
        """Whether the player to act, in the meld phase, could meld his whole hand now and go out (keeping at most one card
        to discard, with the canastas going out needs): the planner the engine's rule on a binding yes uses (001 §23 B).
        False in any other phase."""
        st = self._st
        return st.phase == MELD and can_go_out(st, st.current)

    # -- actions ---------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        """Every action applied so far, in order: a new list at each reading, so changing it changes nothing in the game.

        The game keeps them as a chain, newest first, that a copy shares (:meth:`copy` costs the same
        at the first action and the thousandth); reading them walks the chain once.
        """
        out: list[Action] = []
        played = self._played
        while played is not None:
            out.append(played[0])
            played = played[1]
        out.reverse()
        return out

    def legal_actions(self) -> list[Action]:
        """Every legal action for :attr:`current_player`, now."""
        if self._legal is None:
            self._legal = legal_actions(self._st)
        return list(self._legal)

    def violation(self, action: object) -> IllegalActionError | NotationError | None:
        """Why ``action`` is illegal now, as the error :meth:`apply` would raise, or None if it is legal.

        Any value gets an answer: text that cannot be read, and anything that
        is not an action, give the :class:`NotationError`; an action the rules
        forbid now the :class:`IllegalActionError`.

        >>> g = Game("finnish", players=4, seed=7)
        >>> g.violation("discard 7").rule
        'turn'
        """
        try:
            checked = _well_formed(action)
        except NotationError as exc:
            return exc
        found = legality.check(self._st, checked)
        if found is None:
            return None
        key, reason = found
        source = legality.refusal_source(self._st.rules, key)
        return IllegalActionError(checked, key, source, reason)

    def can(self, action: object) -> bool:
        """Whether ``action`` (an action or its text) is legal now; False for anything malformed."""
        return self.violation(action) is None

    def apply(self, action: Action | str) -> tuple[Event, ...]:
        """Apply an action (or its text form) and return the events it caused.

        python-chess's contract: an action object taken from this game's
        current :meth:`legal_actions` is applied on trust, found by identity.
        Anything else (text, an action the caller built, an action from another
        game or an earlier turn) is checked in full first. Raises
        :class:`IllegalActionError`, with the rule that forbids it, if the rules
        forbid it, and :class:`NotationError` for text that cannot be read or a
        value that is not an action; either way the game is unchanged. Nothing
        else is raised, whatever the input. Actions are frozen; one altered with
        ``object.__setattr__`` is outside the contract.
        """
        listed = self._legal
        if listed is None or not is_listed(action, listed):
            action = self._checked(action)
        self._legal = None
        events = do(self._st, action, self._turn_cap)
        self._played = (action, self._played)
        self._played_count += 1
        return tuple(events)

    def penalize(self, side: int, penalty: Penalty | str, count: int = 1) -> tuple[Event, ...]:
        """Apply a director's penalty to ``side``: its points from the profile, or for an insufficient opening a raise of its minimum.

        For an online table with a tournament director, who applies the rules
        the engine cannot see: table talk (001 §22 A), a yes its player could
        not honour when the opponents required it (001 §23 C-D), an insufficient
        opening (001 §27 A: the side's minimum rises for the hand), cards out of
        turn (001 §25 C, §26 B, §30 B), penalty cards (001 §33 A, per card) and
        a red three left in a hand (001 §21 H). ``penalty`` is a
        :class:`~canasta.core.penalties.Penalty` or its name (``"meld_out_of_turn"``).
        Returns the :class:`~canasta.core.events.PenaltyApplied` event; the
        penalty counts in the hand's score and is kept in the record. A profile
        without the penalty (its value is 0), a finished match, or a side or
        count that does not exist raise an error and change nothing.
        """
        rules = self._st.rules
        number = whole_number(side)
        if number is None or not 0 <= number < rules.sides:
            raise ArgumentError(f"Game.penalize(side=...): expected a side from 0 to {rules.sides - 1}, got {shown(side)}")
        side = number
        kind = penalty_of(penalty, "Game.penalize(penalty=...)")
        number = whole_number(count)
        if number is None or not 1 <= number <= 1000 or (number != 1 and not kind.per_card):
            what = "a number of cards from 1 to 1000" if kind.per_card else "1 (this penalty is not counted per card)"
            raise ArgumentError(f"Game.penalize(count=...): expected {what}, got {shown(count)}")
        if self._st.phase == OVER:
            ended_by = "match.hands" if rules.match_hands else "match.target"
            raise EntryError("the match is over; a penalty belongs to a hand in play", rule=ended_by, source=rules.cite(ended_by))
        value = penalty_value(rules, kind)
        st = self._st
        if kind.raises_minimum:
            st.minimum_raise = added(st.minimum_raise, side, value)
            event = PenaltyApplied(side=side, points=0, rule=kind.value, minimum_raise=value)
        else:
            st.penalties = added(st.penalties, side, value * number)
            event = PenaltyApplied(side=side, points=value * number, rule=kind.value)
        self._legal = None
        self.director_penalties.append(DirectorPenalty(after=self._played_count, side=side, penalty=kind, count=number))
        return (event,)

    def _checked(self, action: object) -> Action:
        """``action`` (parsed, if text) when it is legal now; else the error :meth:`apply` raises."""
        checked = _well_formed(action)
        found = legality.check(self._st, checked)
        if found is not None:
            key, reason = found
            source = legality.refusal_source(self._st.rules, key)
            raise IllegalActionError(checked, key, source, reason)
        return checked

    # -- copies, views, records ----------------------------------------------------------

    def copy(self, *, hands: int | None = None) -> Game:
        """An independent copy for search; cheap: the profile and rules are shared.

        ``hands``: the copy's match stops after that many hands (as ``Game(hands=...)``); None keeps this game's limit.
        """
        limit = check_hands(hands, "Game.copy") if hands is not None else 0
        new = Game.__new__(Game)
        new.variant = self.variant
        new._st = self._st.copy()
        if limit:
            new._st.hand_limit = limit
        new._turn_cap = self._turn_cap
        new._legal = self._legal
        new._start = self._start
        new._played = self._played
        new._played_count = self._played_count
        new.director_penalties = self.director_penalties[:]
        return new

    __copy__ = copy

    def __reduce__(self) -> tuple[object, tuple[GameRecord]]:
        """A game pickles as its record and is played again from it: the profile, the seed and the actions make the game
        (docs/engine.md, "Records and replay"), so nothing of the engine's inner state is written out."""
        return Game.replay, (self.record(),)

    def view(self, seat: int, *, public_state: bool = False) -> PlayerView:
        """What ``seat`` may see: its own hand, the table, the turn, and counts of everything hidden.

        When ``seat`` is the one to act, the view carries the legal actions too. With ``public_state=True`` it also
        carries :attr:`~canasta.core.views.PlayerView.public_state`, the table as an engine state with the hidden cards
        left out, from which a bot that searches samples them (:func:`canasta.core.sampling.sample_state`); a copy of
        the state, so only on request (:attr:`canasta.bots.Bot` ``wants_public_state``).
        """
        st = self._st
        legal: tuple[Action, ...] = ()
        if type(seat) is int and seat == st.current and st.phase != OVER:
            if self._legal is None:
                self._legal = legal_actions(st)
            legal = tuple(self._legal)
        return make_view(st, seat, legal, self.variant, public_state=public_state is True)

    def __repr__(self) -> str:
        st = self._st
        return (
            f"<Game {self.variant.name!r} players={self.players} seed={self.seed} hand={st.hand_number} "
            f"phase={PHASE_OF_CODE[st.phase].value} current_player={st.current} scores={list(st.scores)}>"
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
            rules_version=self._st.rules.rules_version,
            hands=self.hand_limit,
            actions=tuple(str(a) for a in self.actions),
            penalties=tuple(p.to_data() for p in self.director_penalties),
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
                game = cls.from_position(record.position, turn_cap=record.turn_cap, rules_version=record.rules_version, hands=record.hands)
            else:
                game = cls(
                    loads_variant(record.variant),
                    players=record.players,
                    seed=record.seed,
                    turn_cap=record.turn_cap,
                    rules_version=record.rules_version,
                    hands=record.hands,
                )
        except VariantError as exc:
            raise RecordError([f"variant: {p}" for p in exc.problems], file=record.file) from exc
        except PositionError as exc:
            raise RecordError(exc.problems, file=record.file) from exc
        except UnsupportedPlayerCount as exc:
            raise RecordError([f"players: {exc}"], file=record.file) from exc
        if actions is not None and (isinstance(actions, str) or not is_instance(actions, Sequence)):
            raise ArgumentError(f"Game.replay(actions=...): expected a list of action texts or None, got {shown(actions)}")
        texts = list(record.actions if actions is None else actions)
        directed = [DirectorPenalty.from_data(p) for p in record.penalties]
        for i, text in enumerate([*texts, None]):
            try:
                while directed and directed[0].after == i:
                    p = directed.pop(0)
                    game.penalize(p.side, p.penalty, p.count)
                if text is None:
                    break
                game.apply(text)
            except CanastaError as exc:
                raise ReplayError(
                    index=i,
                    total=len(texts),
                    hand_number=game.hand_number,
                    seat=game.current_player,
                    action=shown_text(text),
                    error=exc,
                    file=record.file,
                ) from exc
        return game

    @classmethod
    def from_position(
        cls,
        position: Mapping[str, Any] | str | Path,
        *,
        base: Path | None = None,
        turn_cap: int = DEFAULT_TURN_CAP,
        rules_version: int = RULES_VERSION,
        hands: int | None = None,
    ) -> Game:
        """Set up a game in the situation a position describes (see docs/scenarios.md).

        ``position`` is a position table, TOML text holding one (at the top level or
        under ``[position]``), or the path of such a file: a :class:`~pathlib.Path`,
        or a string that ends with ``.toml`` or names an existing file. A profile
        named by a relative ``.toml`` path is found next to the position's file
        (or in ``base``). Raises :class:`PositionError` listing every problem, with
        the file and, for broken TOML, the line; an unreadable path (missing, a
        directory, a FIFO, a device) is a PositionError too.
        """
        turn_cap = check_turn_cap(turn_cap, "Game.from_position")
        rules_version = check_rules_version(rules_version, "Game.from_position")
        limit = check_hands(hands, "Game.from_position")
        data, file = read_position(position)
        if base is None and file is not None:
            base = file.parent
        try:
            variant, st = build_state(data, base=base, rules_version=rules_version)
        except PositionError as exc:
            if file is None:
                raise
            raise PositionError(exc.problems, file=path_label(file)) from None
        start = stored_position(data, variant)
        st.hand_limit = limit
        game = cls.__new__(cls)
        game.variant = variant
        game._st = st
        game._turn_cap = turn_cap
        game._legal = None
        game._start = start
        game._played = None
        game._played_count = 0
        game.director_penalties = []
        if st.phase == DRAW and not st.rules.keep_red_threes:
            events: list[Event] = []
            if lay_red_threes(st, st.current, events):
                end_hand(st, events, Termination.RED_THREE_LAST_CARD, st.current)
        if st.phase != OVER and not game.legal_actions():
            raise PositionError([_dead_end(game)], file=None if file is None else path_label(file))
        return game

    def position(self) -> dict[str, Any]:
        """The current state as a position table that :meth:`from_position` sets up again.

        Available at the start of a turn, right after its draw or the partner's
        answer to "may I go out?" (``answer``, 001 §23), and after the player
        took back an unfinished opening (``retracted = true``, 001 §27 A•2);
        mid-turn (after a meld or a pile take), while an answer is due and
        after the match raises :class:`PositionError`.
        """
        return export_position(self.variant, self._st)

    @property
    def state(self) -> State:
        """The engine's internal state; for the engine's own tools, not a stable API.

        Reading it drops the cached legal actions, since the caller may change it.
        """
        self._legal = None
        return self._st


def _well_formed(action: object) -> Action:
    """The action a value stands for: text parsed, an action as it is; else :class:`NotationError`.

    A ``str`` subclass is read as the plain text it holds, so its own
    ``__hash__``, ``__eq__`` or ``__repr__`` never run.
    """
    if issubclass(type(action), str):  # not isinstance, which would read a stranger's __class__
        return parse_action(shown_text(action))
    problem = malformed(action)
    if problem is not None:
        raise NotationError(problem)
    assert isinstance(action, Action)
    return action


def _dead_end(game: Game) -> str:
    """Why a position leaves its player no legal action: the refusals of every move he could try.

    No play reaches such a state (the engine keeps a move open for every
    player: docs/engine.md, "No dead ends"), so the position is refused at load.
    """
    from .actions import DECLINE, DRAW, TAKE_FORMS, discard, take

    if game.phase is Phase.DRAW:
        tries: list[Action] = [DRAW, DECLINE, *(take(*form) for form in TAKE_FORMS)]
    else:
        tries = [discard(rank) for rank in (*range(13), JOKER)]
    reasons: list[str] = []
    for action in tries:
        error = game.violation(action)
        if isinstance(error, IllegalActionError) and "do not hold" not in error.reason:
            reasons.append(f"{action}: {error.reason} [{error.rule}]")
    shown = "; ".join(reasons[:4]) + ("; ..." if len(reasons) > 4 else "")
    seat = game.current_player
    if game.phase is Phase.MELD and game.state.sizes[seat] == 1:
        return f"position: seat {seat} holds one card in the meld phase and can neither meld nor discard it, so no play reaches this position ({shown})"
    return f"position: seat {seat} would have no legal action here, so no play reaches this position ({shown})"
