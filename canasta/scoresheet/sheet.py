"""The score sheet of a physical table: an append-only log of hands, penalties, corrections and deals, and what follows from it (001 §34-§35).

Every figure is computed by replaying the log: a hand's score by the
engine's one scoring rule (:func:`canasta.core.scoring.side_score`), a
penalty's points from the profile (:func:`canasta.core.penalties.penalty_value`),
the opening minimum by :meth:`canasta.TableRules.opening_minimum` plus the
§27 A raises, the seating by :meth:`canasta.TableRules.seating`, the end of
the match and its winner by :func:`canasta.core.transitions.match_outcome`, the engine's rule. A
correction appends a line, so the old count stays in the log; an entry the
rules refuse raises :class:`~canasta.EntryError` and leaves the sheet exactly
as it was, because it is checked on a replay before it is appended.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, cast

import attrs

from canasta.core.arguments import whole_number
from canasta.core.penalties import penalty_value
from canasta.core.scoring import HandScore
from canasta.core.table import TableRules
from canasta.errors import ArgumentError, is_instance, shown_value
from canasta.variants import Variant, load_variant, sound_variant

from .entries import (
    Carried,
    Correction,
    Deal,
    HandEntry,
    LogEntry,
    LogItem,
    PenaltyEntry,
    WarningEntry,
    Withdrawal,
    bounded,
    carried_totals,
)
from .entry_score import score_entry, side_entry_score
from .tally import Tally, end_key, step

if TYPE_CHECKING:
    from canasta.core.game import Game


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _text(value: object, what: str) -> str:
    """A person's text for the sheet: a ``str`` that a file can hold (UTF-8 has no lone surrogate), as plain text."""
    if not isinstance(value, str):
        raise ArgumentError(f"ScoreSheet: {what} must be text, got {shown_value(value)}")
    text = str.__getitem__(value, slice(None))
    if not _savable(text):
        raise ArgumentError(f"ScoreSheet: {what} holds a lone surrogate ({shown_value(text)}), which no file can hold; the sheet could not be saved")
    return text


def _savable(text: str) -> bool:
    """Whether ``text`` can be written to the sheet's UTF-8 file."""
    try:
        str.encode(text, "utf-8")
    except UnicodeEncodeError:
        return False
    return True


class ScoreSheet:
    """The score pad of a physical table under one profile and player count (001 §34-§35; 000 POÄNGRÄKNING).

    ``variant`` is a :class:`~canasta.variants.Variant`, a bundled name or a
    profile file; ``names`` names the seats; ``seed_dealer`` is the seat that
    deals the first hand (the deal passes to the left, 001 §4); ``carried``
    gives the totals carried in from an earlier sheet or session, one per side
    (a :class:`Carried`, or the totals alone), checked like any entry and kept
    as the log's first line. Enter hands with :meth:`add_hand`, penalties with
    :meth:`add_penalty`, warnings with :meth:`warn`, mark each deal with
    :meth:`deal`, fix a count with :meth:`correct`.
    """

    def __init__(
        self,
        variant: Variant | str | os.PathLike[str],
        players: int = 4,
        *,
        names: Sequence[str] | None = None,
        seed_dealer: int = 0,
        carried: Carried | Sequence[int] | None = None,
    ) -> None:
        if not is_instance(variant, (Variant, str, os.PathLike)):
            raise ArgumentError(
                f"ScoreSheet(variant=...): expected a Variant, a bundled profile name or a file path, got {shown_value(variant)}"
            )
        count = whole_number(players)
        if count is None:
            raise ArgumentError(f"ScoreSheet(players=...): expected a whole number of players, got {shown_value(players)}")
        players = bounded(count, "ScoreSheet(players=...)")
        # load_variant reads a path-like itself, and refuses one whose __fspath__ raises or gives no text
        self.variant: Variant = sound_variant(variant if isinstance(variant, Variant) else load_variant(cast("str", variant)))
        self.rules = TableRules(self.variant, players)
        self.players = players
        if names is None:
            names = [f"seat {seat}" for seat in range(players)]
        if (
            isinstance(names, str)
            or not is_instance(names, Sequence)
            or len(names) != players
            or not all(isinstance(n, str) for n in names)
        ):
            raise ArgumentError(f"ScoreSheet(names=...): expected {players} seat names (text), got {shown_value(names)}")
        self.names: tuple[str, ...] = tuple(_text(n, "names") for n in names)
        dealer = whole_number(seed_dealer)
        if dealer is None or not 0 <= dealer < players:
            raise ArgumentError(
                f"ScoreSheet(seed_dealer=...): expected the seat (0 to {players - 1}) that deals the first hand, got {shown_value(seed_dealer)}"
            )
        self.seed_dealer = dealer
        self._log: list[LogEntry] = []
        self._tally = Tally(rules=self.rules)
        if carried is not None:
            if not isinstance(carried, Carried):
                carried = Carried(totals=carried_totals(carried, "ScoreSheet(carried=...)"))
            self._append(carried, 0, "", carried.note)

    # -- entering ----------------------------------------------------------------------

    def _append(self, item: LogItem, hand: int, by: str, note: str = "", at: str | None = None) -> Tally:
        """Check the line on the tally, then append it; nothing changes if the rules refuse it.

        A withdrawal is logged with the penalty it takes back, so that the log alone tells the whole story.
        """
        if isinstance(item, Withdrawal) and item.penalty is None and 1 <= item.number <= len(self._tally.penalties):
            item = attrs.evolve(item, penalty=self._tally.penalties[item.number - 1])
        line = LogEntry(item=item, hand=hand, by=_text(by, "by"), at=_now() if at is None else _text(at, "at"), note=_text(note, "note"))
        tally = step(self._tally, line)
        self._log.append(line)
        self._tally = tally
        return tally

    def add_hand(self, entry: HandEntry, *, by: str = "", note: str = "") -> tuple[HandScore, ...]:
        """Enter the next hand as the table counted it; returns each side's score (001 §34 A-B)."""
        if not isinstance(entry, HandEntry):
            raise ArgumentError(f"ScoreSheet.add_hand(entry=...): expected a HandEntry, got {shown_value(entry)}")
        hand = self._tally.next_hand
        return self._append(entry, hand, by, note).hand_score(hand)

    def add_penalty(self, entry: PenaltyEntry, *, by: str = "") -> int:
        """Enter a penalty of the ledger (001 §22-§33); returns its points, or for §27 A the raise of the side's minimum.

        The points come from the profile; a profile without the penalty refuses
        it by name. The hand defaults to the hand in progress; the last hand
        entered may be named until the next deal (001 §35 B).
        """
        if not isinstance(entry, PenaltyEntry):
            raise ArgumentError(f"ScoreSheet.add_penalty(entry=...): expected a PenaltyEntry, got {shown_value(entry)}")
        if entry.hand is None:
            entry = attrs.evolve(entry, hand=self._tally.next_hand)
        assert entry.hand is not None
        self._append(entry, entry.hand, by, entry.note)
        return penalty_value(self.rules, entry.penalty) * entry.count

    def warn(self, entry: WarningEntry, *, by: str = "") -> None:
        """Enter a warning given to a side, naming the penalty that follows if it happens again (001 §22 A).

        It costs nothing. A penalty that comes after a warning
        (:attr:`~canasta.Penalty.warning_first`: the table-talk forfeit) is
        refused without an earlier warning to its side, unless entered with the
        director's override (:attr:`PenaltyEntry.override`). The profile must have
        the penalty; the hand is the one in progress, or the last hand entered
        until the next deal (001 §35 B).
        """
        if not isinstance(entry, WarningEntry):
            raise ArgumentError(f"ScoreSheet.warn(entry=...): expected a WarningEntry, got {shown_value(entry)}")
        if entry.hand is None:
            entry = attrs.evolve(entry, hand=self._tally.next_hand)
        assert entry.hand is not None
        self._append(entry, entry.hand, by, entry.note)

    def withdraw_penalty(self, number: int, *, by: str = "", note: str = "") -> int:
        """Take back penalty ``number`` (from 1, in the order entered: :attr:`penalties`), entered in error; returns the points it no
        longer costs, or for §27 A the raise no longer made.

        Like entering it, only in the penalty's own hand or, for the last hand
        entered, until the next deal (001 §35 B); the log keeps the penalty and
        its withdrawal (:class:`~canasta.scoresheet.Withdrawal`), and a correction
        is a withdrawal followed by the right penalty.
        """
        count = whole_number(number)
        if count is None:
            raise ArgumentError(f"ScoreSheet.withdraw_penalty(number=...): expected a penalty's number (from 1), got {shown_value(number)}")
        count = bounded(count, "ScoreSheet.withdraw_penalty(number=...)")
        penalties = self._tally.penalties
        penalty = penalties[count - 1] if 1 <= count <= len(penalties) else None
        hand = penalty.hand if penalty is not None and penalty.hand is not None else self._tally.next_hand
        self._append(Withdrawal(number=count), hand, by, note)
        assert penalty is not None
        return penalty_value(self.rules, penalty.penalty) * penalty.count

    def deal(self, *, by: str = "") -> None:
        """Mark the deal of the next hand: the last hand's count is final but for arithmetic from now on (001 §35 B)."""
        hand = self._tally.next_hand
        self._append(Deal(hand=hand), hand, by)

    def correct(self, hand: int, entry: HandEntry, *, arithmetic: bool = False, by: str = "", note: str = "") -> tuple[HandScore, ...]:
        """Replace hand ``hand``'s count; the log keeps the old one (001 §35). Returns the hand's new score.

        An arithmetic correction (an error of addition or subtraction: the
        melded and in-hand points) is allowed at any time and leaves the
        minimum of the hand in progress as it was (§35 A); any other only until
        the next deal or the next hand entered (§35 B).
        """
        number = whole_number(hand)
        if number is None:
            raise ArgumentError(f"ScoreSheet.correct(hand=...): expected a hand number, got {shown_value(hand)}")
        hand = bounded(number, "ScoreSheet.correct(hand=...)")
        if not isinstance(entry, HandEntry):
            raise ArgumentError(f"ScoreSheet.correct(entry=...): expected a HandEntry, got {shown_value(entry)}")
        if type(arithmetic) is not bool:
            raise ArgumentError(f"ScoreSheet.correct(arithmetic=...): expected True or False, got {shown_value(arithmetic)}")
        entries = self._tally.entries
        replaced = entries[hand - 1] if 1 <= hand <= len(entries) else entry
        return self._append(Correction(hand=hand, entry=entry, replaced=replaced, arithmetic=arithmetic), hand, by, note).hand_score(hand)

    # -- reading -----------------------------------------------------------------------

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """Every line entered, in order: the totals carried in, hands, penalties, warnings, corrections (with the count each
        replaced), withdrawals and deals."""
        return tuple(self._log)

    @property
    def entries(self) -> tuple[HandEntry, ...]:
        """The current (corrected) count of each hand."""
        return self._tally.entries

    @property
    def penalties(self) -> tuple[PenaltyEntry, ...]:
        """Every penalty entered, each with its hand, withdrawn ones too: penalty *n* is ``penalties[n - 1]``."""
        return self._tally.penalties

    @property
    def unchecked_lines(self) -> int:
        """How many of the first lines of the log came from a file an earlier version of the library wrote (file versions 1-3):
        they replay as they did then, without the checks of what a count is worth in cards and of the warning a penalty follows,
        which that version did not make. Every line entered since is checked in full."""
        return self._tally.unchecked

    @property
    def warnings(self) -> tuple[WarningEntry, ...]:
        """Every warning given, each with its hand (001 §22 A)."""
        return self._tally.warnings

    @property
    def carried(self) -> tuple[int, ...] | None:
        """The totals carried in from an earlier sheet, which every total starts from (:class:`Carried`); None where it starts at 0."""
        return self._tally.carried

    @property
    def withdrawn(self) -> frozenset[int]:
        """The numbers of the penalties withdrawn (:meth:`withdraw_penalty`, 001 §35 B): they no longer count."""
        return self._tally.withdrawn

    @property
    def hands(self) -> tuple[tuple[HandScore, ...], ...]:
        """The current score of each hand, per side (001 §34 B)."""
        return tuple(self._tally.hand_score(hand) for hand in range(1, self._tally.next_hand))

    @property
    def running(self) -> tuple[tuple[int, ...], ...]:
        """The totals after each hand (001 §34 A)."""
        return self._tally.running()

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total so far."""
        return self._tally.totals()

    @property
    def next_hand(self) -> int:
        """The number of the hand in progress (the next to be entered)."""
        return self._tally.next_hand

    def minimum(self, side: int) -> int:
        """A side's opening minimum for the hand in progress: by its total at that hand's start, plus the §27 A raises entered for it.

        The total is the one at the deal (:meth:`deal`): an arithmetic
        correction made during the hand does not change it (001 §13 A, §27 A, §35 A; decisions P22).
        """
        t = self._tally
        number = whole_number(side)
        if number is None or not 0 <= number < self.rules.sides:
            raise ArgumentError(f"ScoreSheet.minimum(side=...): expected a side from 0 to {self.rules.sides - 1}, got {shown_value(side)}")
        side = number
        basis = t.basis if t.basis is not None else t.totals()
        return self.rules.opening_minimum(basis[side], t.next_hand) + t.raises(t.next_hand, side)

    @property
    def next_dealer(self) -> int:
        """The seat that deals the hand in progress: one to the left for each hand (001 §4, 004 L274)."""
        return (self.seed_dealer + self._tally.next_hand - 1) % self.players

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """The seats that sit out the hand in progress (004 L11)."""
        return self.rules.seating(self._tally.next_hand).out

    @property
    def is_over(self) -> bool:
        """Whether a side has reached the target at the end of a hand (001 §1, §34 A), or the match's number of hands is played (``match.hands``)."""
        return self._tally.outcome()[0]

    @property
    def winner(self) -> int | None:
        """The winning side once the match is over; None before, and for a draw (001 §1; decisions P23)."""
        return self._tally.outcome()[1]

    def side_names(self, side: int) -> tuple[str, ...]:
        """The names of a side's seats."""
        number = whole_number(side)
        if number is None or not 0 <= number < self.rules.sides:
            raise ArgumentError(f"ScoreSheet.side_names(side=...): expected a side from 0 to {self.rules.sides - 1}, got {shown_value(side)}")
        return tuple(name for seat, name in enumerate(self.names) if self.rules.side_of[seat] == number)

    # -- files and games ---------------------------------------------------------------

    def dumps(self) -> str:
        """The sheet as TOML a person can read: the profile (named or embedded), the seats and the log (:mod:`canasta.scoresheet.files`)."""
        from .files import dumps_sheet

        return dumps_sheet(self)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write :meth:`dumps` to a file, whole or not at all: a temporary file beside it, flushed to disk and renamed over it.

        A killed process or a full disk leaves the old file or the new one, never
        a part, and no temporary file after an error; an existing file keeps its
        permissions. Only a regular file or a new file in an existing folder is
        written: a FIFO, a device, a directory or anything that is no path raises
        :class:`~canasta.ScoreSheetError` naming it, without blocking and with nothing changed.
        """
        from .files import save_sheet

        save_sheet(self, path)

    @classmethod
    def loads(cls, text: str, *, file: str | None = None) -> ScoreSheet:
        """A sheet from its TOML text; a bad text raises :class:`~canasta.ScoreSheetError` naming the problem."""
        from .files import loads_sheet

        return loads_sheet(text, file=file)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ScoreSheet:
        """A sheet from its file, read through :func:`canasta.textfiles.read_data_file`; a bad file raises :class:`~canasta.ScoreSheetError`."""
        from .files import load_sheet

        return load_sheet(path)

    @classmethod
    def from_game(cls, game: Game) -> ScoreSheet:
        """The finished hands of an engine match as a sheet's entries: totals, hand scores and winner agree to the point."""
        from .from_game import sheet_from_game

        return sheet_from_game(game)

    def to_markdown(self) -> str:
        """The sheet as a Markdown table (:mod:`canasta.scoresheet.export`)."""
        from .export import to_markdown  # type: ignore[import-not-found,unused-ignore]

        return str(to_markdown(self))

    def to_csv(self) -> str:
        """The sheet as CSV (:mod:`canasta.scoresheet.export`)."""
        from .export import to_csv  # type: ignore[import-not-found,unused-ignore]

        return str(to_csv(self))

    def to_json(self) -> str:
        """The sheet as JSON (:mod:`canasta.scoresheet.export`)."""
        from .export import to_json  # type: ignore[import-not-found,unused-ignore]

        return str(to_json(self))

    def to_html(self) -> str:
        """The sheet as a printable club score card (:mod:`canasta.scoresheet.export`)."""
        from .export import to_html  # type: ignore[import-not-found,unused-ignore]

        return str(to_html(self))

    def __repr__(self) -> str:
        return f"ScoreSheet({self.variant.name!r}, players={self.players}, hands={len(self.entries)}, totals={self.totals})"


__all__ = ["ScoreSheet", "Tally", "end_key", "score_entry", "side_entry_score", "step"]
