"""The replay of a score sheet's log: what the lines so far say, and the rules each next line must keep (001 §22 A, §34-§35).

:class:`Tally` is what the log says after some of its lines: the current
count of each hand, the penalties and warnings, the deals marked, the totals
carried in. :func:`step` checks one more line against it and the profile
(:mod:`canasta.scoresheet.validation`) and returns the tally after it, or
raises :class:`~canasta.EntryError` with the rule that refuses it. A
:class:`~canasta.scoresheet.ScoreSheet` appends a line only after its step
succeeds, and the exports replay part of the log to show a hand's score
before and after a correction.
"""

from __future__ import annotations

import attrs

from canasta.core.penalties import Penalty, penalty_value
from canasta.core.scoring import HandScore
from canasta.core.table import TableRules
from canasta.core.transitions import match_outcome
from canasta.errors import ArgumentError, shown_value

from .entries import Carried, Correction, Deal, HandEntry, LogEntry, PenaltyEntry, WarningEntry, Withdrawal
from .entry_score import score_entry
from .validation import check_carried, check_hand, check_penalty, check_warning, refuse


@attrs.frozen(kw_only=True)
class Tally:
    """What the log says so far: the current count of each hand, the penalties, and the deals marked."""

    rules: TableRules = attrs.field(eq=False)
    entries: tuple[HandEntry, ...] = ()
    penalties: tuple[PenaltyEntry, ...] = ()
    """Every penalty entered, its hand resolved, withdrawn ones too: penalty *n* is ``penalties[n - 1]``."""
    withdrawn: frozenset[int] = frozenset()
    """The numbers of the penalties withdrawn (001 §35 B): they no longer count."""
    dealt: int = 0
    """The highest hand number whose deal was marked (001 §35 B)."""
    basis: tuple[int, ...] | None = None
    """The totals when the hand in progress was dealt: its minimum does not change with a later arithmetic correction (001 §35 A)."""
    carried: tuple[int, ...] | None = None
    """The totals carried in from an earlier sheet, which every total starts from; None where the sheet starts at 0."""
    warnings: tuple[WarningEntry, ...] = ()
    """Every warning given, its hand resolved (001 §22 A)."""
    lines: int = 0
    """The lines of the log replayed so far."""
    unchecked: int = 0
    """The first lines of the log, read from a file an earlier version of the library wrote, that replay as they did then: without
    the checks of what a count is worth in cards and of the warning a penalty follows, which that version did not make."""

    @property
    def checked(self) -> bool:
        """Whether the next line is checked in full (it is no line of :attr:`unchecked`)."""
        return self.lines >= self.unchecked

    @property
    def next_hand(self) -> int:
        """The hand in progress: one after the last hand entered."""
        return len(self.entries) + 1

    def points(self, hand: int, side: int) -> int:
        """The penalty points of a side in a hand (minimum raises excluded, 001 §27 A)."""
        return sum(
            penalty_value(self.rules, p.penalty) * p.count
            for n, p in enumerate(self.penalties, 1)
            if p.hand == hand and p.side == side and not p.penalty.raises_minimum and n not in self.withdrawn
        )

    def raises(self, hand: int, side: int) -> int:
        """The §27 A raises of a side's minimum in a hand (001 §27 A•2-3)."""
        return sum(
            penalty_value(self.rules, p.penalty) * p.count
            for n, p in enumerate(self.penalties, 1)
            if p.hand == hand and p.side == side and p.penalty.raises_minimum and n not in self.withdrawn
        )

    def hand_score(self, hand: int) -> tuple[HandScore, ...]:
        """The score of hand ``hand`` (from 1) per side, by the engine's scoring rule (000 POÄNGRÄKNING 1-4, 001 §34 B)."""
        return score_entry(self.rules, self.entries[hand - 1], tuple(self.points(hand, side) for side in range(self.rules.sides)))

    def running(self) -> tuple[tuple[int, ...], ...]:
        """The totals after each hand (001 §34 A)."""
        out: list[tuple[int, ...]] = []
        totals = list(self.start())
        for hand in range(1, self.next_hand):
            for s in self.hand_score(hand):
                totals[s.side] += s.total
            out.append(tuple(totals))
        return tuple(out)

    def start(self) -> tuple[int, ...]:
        """The totals before hand 1: those carried in, else 0 each."""
        return self.carried if self.carried is not None else (0,) * self.rules.sides

    def totals(self) -> tuple[int, ...]:
        """The running totals after the last hand entered."""
        running = self.running()
        return running[-1] if running else self.start()

    def warned(self, side: int, penalty: Penalty) -> bool:
        """Whether ``side`` was warned of ``penalty`` earlier in the match (001 §22 A)."""
        return any(w.side == side and w.penalty is penalty for w in self.warnings)

    def over_after(self) -> int | None:
        """The first hand after which the match was over, or None."""
        for i, totals in enumerate(self.running()):
            if match_outcome(self.rules, totals, i + 1)[0]:
                return i + 1
        return None

    def outcome(self) -> tuple[bool, int | None]:
        """Whether the match is over after the hands entered, and its winner (:func:`canasta.core.transitions.match_outcome`)."""
        return match_outcome(self.rules, self.totals(), len(self.entries))


def end_key(rules: TableRules) -> str:
    """The rule that ends the match: ``match.hands`` where it fixes the number of hands, else ``match.target`` (001 §1, §34 A)."""
    return "match.hands" if rules.match_hands else "match.target"


def step(tally: Tally, line: LogEntry) -> Tally:
    """The tally after one more line of the log; :class:`~canasta.EntryError` if the rules refuse it (001 §34-§35)."""
    return attrs.evolve(_step(tally, line), lines=tally.lines + 1)


def _step(tally: Tally, line: LogEntry) -> Tally:
    r = tally.rules
    worth = tally.checked
    item = line.item
    over = tally.over_after()
    if isinstance(item, HandEntry):
        if over is not None:
            raise refuse(r, end_key(r), f"the match ended after hand {over}; no hand is entered after it")
        if line.hand != tally.next_hand:
            raise refuse(r, "001 §34 A", f"hand {line.hand} entered where hand {tally.next_hand} is next")
        check_hand(r, item, line.hand, worth=worth)
        return attrs.evolve(tally, entries=(*tally.entries, item), basis=None)
    if isinstance(item, PenaltyEntry):
        check_penalty(r, item, worth=worth)
        penalty_value(r, item.penalty)
        _check_hand_open(tally, item.hand, "penalty", over)
        warning = item.penalty.warning_first
        if warning is None and item.override:
            raise refuse(
                r, item.penalty.value, f"{item.penalty.name.lower()} comes after no warning, so there is nothing to override (override=True)"
            )
        if warning is not None and worth and not item.override and not tally.warned(item.side, item.penalty):
            raise refuse(
                r,
                item.penalty.value,
                f"{item.penalty.name.lower()} comes after a warning ({warning}), and side {item.side} has not been warned of it in this "
                "match: enter the warning first (ScoreSheet.warn), or the penalty with the director's override (override=True)",
            )
        new = attrs.evolve(tally, penalties=(*tally.penalties, item))
        _check_end(new, over)
        return new
    if isinstance(item, WarningEntry):
        check_warning(r, item, line.hand)
        penalty_value(r, item.penalty)
        _check_hand_open(tally, item.hand, "warning", over)
        return attrs.evolve(tally, warnings=(*tally.warnings, item))
    if isinstance(item, Carried):
        if tally.entries or tally.penalties or tally.warnings or tally.dealt or tally.carried is not None:
            raise refuse(r, "001 §34 A", "totals carried in open the sheet: they come before any other entry")
        check_carried(r, item)
        return attrs.evolve(tally, carried=item.totals)
    if isinstance(item, Withdrawal):
        number = item.number
        if not 1 <= number <= len(tally.penalties):
            raise refuse(r, "001 §35 B", f"there is no penalty {number} to withdraw ({len(tally.penalties)} entered)")
        if number in tally.withdrawn:
            raise refuse(r, "001 §35 B", f"penalty {number} was already withdrawn")
        penalty = tally.penalties[number - 1]
        if (item.penalty is not None and item.penalty != penalty) or line.hand != penalty.hand:
            raise refuse(r, "001 §35 B", f"the withdrawal of penalty {number} names another penalty or hand than the one entered (hand {penalty.hand})")
        last = len(tally.entries)
        if not (penalty.hand == tally.next_hand or (penalty.hand == last and tally.dealt <= last)):
            raise refuse(
                r,
                "001 §35 B",
                f"penalty {number} (hand {penalty.hand}) can no longer be withdrawn: a penalty is taken back in its hand, "
                f"or for the last hand before the next deal (hand {tally.next_hand} is in progress)",
            )
        new = attrs.evolve(tally, withdrawn=tally.withdrawn | {number})
        _check_end(new, over)
        return new
    if isinstance(item, Correction):
        hand = item.hand
        if not 1 <= hand <= len(tally.entries):
            raise refuse(r, "001 §35 A", f"there is no hand {hand} to correct ({len(tally.entries)} entered)")
        if item.replaced != tally.entries[hand - 1]:
            raise refuse(r, "001 §35", f"the correction of hand {hand} replaces a count that is not the hand's current one")
        open_window = hand == len(tally.entries) and tally.dealt <= hand
        if not open_window:
            if not item.arithmetic:
                why = "a later hand was entered" if hand < len(tally.entries) else f"hand {hand + 1} was dealt"
                raise refuse(
                    r,
                    "001 §35 B",
                    f"hand {hand} can no longer be corrected ({why}); only an error of addition or subtraction can (arithmetic=True)",
                )
            if not only_arithmetic(item.entry, item.replaced):
                raise refuse(
                    r,
                    "001 §35 A",
                    f"hand {hand} can now be corrected only for an error of addition or subtraction (melded and in_hand points), not its other counts",
                )
        check_hand(r, item.entry, hand, worth=worth)
        entries = list(tally.entries)
        entries[hand - 1] = item.entry
        new = attrs.evolve(tally, entries=tuple(entries))
        _check_end(new, over)
        return new
    if isinstance(item, Deal):
        if over is not None:
            raise refuse(r, end_key(r), f"the match ended after hand {over}; no further deal")
        if item.hand != tally.next_hand or tally.dealt >= item.hand:
            raise refuse(
                r,
                "001 §35 B",
                f"the deal of hand {item.hand} cannot be marked: hand {tally.next_hand} is next, dealt up to hand {tally.dealt}",
            )
        return attrs.evolve(tally, dealt=item.hand, basis=tally.totals())
    raise ArgumentError(f"not a score sheet entry: {shown_value(item)}")


def _check_hand_open(tally: Tally, hand: int | None, what: str, over: int | None) -> None:
    """A penalty or a warning belongs to the hand in progress, or to the last hand entered until the next deal (001 §35 B)."""
    r = tally.rules
    last = len(tally.entries)
    if hand == tally.next_hand:
        if over is not None:
            raise refuse(r, end_key(r), f"the match ended after hand {over}; no hand {hand} is played")
    elif not (hand == last and last >= 1 and tally.dealt <= last):
        raise refuse(
            r,
            "001 §35 B",
            f"a {what} for hand {hand} is entered in that hand, or for the last hand before the next deal (hand {tally.next_hand} is in progress)",
        )


def only_arithmetic(new: HandEntry, old: HandEntry) -> bool:
    """Whether ``new`` differs from ``old`` only in the points a table adds up: melded and in hand (001 §35 A)."""
    if new.ending != old.ending or new.went_out != old.went_out or len(new.sides) != len(old.sides):
        return False
    return all(attrs.evolve(a, melded=b.melded, in_hand=b.in_hand) == b for a, b in zip(new.sides, old.sides, strict=True))


def _check_end(new: Tally, over: int | None) -> None:
    """A change to past hands may not end the match before a hand already entered (001 §34 A)."""
    after = new.over_after()
    if after is not None and after < len(new.entries):
        raise refuse(
            new.rules, end_key(new.rules), f"with this change the match would have ended after hand {after}, but later hands are entered"
        )


__all__ = ["Tally", "end_key", "only_arithmetic", "step"]
