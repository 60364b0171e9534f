"""What a score card shows, gathered once from a sheet's read API, and the sentences every format writes of its lines.

:func:`card` reads the sheet's public read API only (``hands``, ``running``,
``minimum``, ``next_dealer``, ``is_over``, ``winner``, ``entries``, ``log``):
the hands with their counts, who entered them, when and their notes; the
penalties of the ledger with their rules and sources, withdrawals and the
director's overrides; the warnings (001 §22 A); the corrections with the
scores before and after (001 §35); the totals carried in from an earlier
sheet and the minimums they give for hand 1. Nothing here scores.

The sentences (:func:`penalty_text`, :func:`warning_text`, ...) take the
escaping of the format that writes them (:mod:`canasta.scoresheet.cells`):
:func:`~canasta.scoresheet.cells.one_line` unless told, so that every format
says each line in the same words and no format shows a person's text raw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import TYPE_CHECKING

import attrs

from canasta.core.penalties import penalty_value

from .cells import one_line
from .entries import Carried, Correction, HandEntry, PenaltyEntry, WarningEntry, Withdrawal
from .tally import Tally, step

if TYPE_CHECKING:
    from canasta.core.scoring import HandScore

    from .sheet import ScoreSheet


@attrs.frozen(kw_only=True)
class PenaltyLine:
    """A penalty of the ledger as the card shows it: its number, side, hand, points (or minimum raise), rule and source, and whether
    it was withdrawn (001 §35 B)."""

    number: int
    """Its number on the sheet, from 1 in the order entered (:meth:`canasta.ScoreSheet.withdraw_penalty` takes it)."""
    side: int
    hand: int
    penalty: str
    count: int
    points: int
    raises_minimum: bool
    rule: str
    source: str
    by: str
    at: str
    note: str
    withdrawn: str | None = None
    """Who withdrew it, when and why (as the log says), once withdrawn; None while it stands."""
    override: str | None = None
    """For a penalty that comes after a warning entered without one by the director's decision, the rule it overrides (001 §22 A)."""


@attrs.frozen(kw_only=True)
class WarningLine:
    """A warning as the card shows it: its number, side (and seat), hand, the penalty warned of with its rule and source (001 §22 A)."""

    number: int
    side: int
    seat: int | None
    hand: int
    penalty: str
    rule: str
    source: str
    by: str
    at: str
    note: str


@attrs.frozen(kw_only=True)
class CorrectionLine:
    """A correction as the card shows it: the hand's scores before and after (001 §35)."""

    hand: int
    arithmetic: bool
    before: tuple[HandScore, ...]
    after: tuple[HandScore, ...]
    by: str
    at: str
    note: str


@attrs.frozen(kw_only=True)
class Row:
    """One hand on the card: its scores, the running totals after it, each side's minimum for the next hand."""

    hand: int
    scores: tuple[HandScore, ...]
    running: tuple[int, ...]
    next_minimums: tuple[int, ...]
    first: tuple[HandScore, ...] | None
    """The scores first entered, when the hand was corrected since; else None."""
    entry: HandEntry
    """The hand's count as it stands (corrections applied): the canastas by kind as the table counted them."""
    first_entry: HandEntry | None = None
    """The count first entered, when the hand was corrected since; else None."""
    by: str = ""
    at: str = ""
    note: str = ""
    """Who entered the hand, when, and the note entered with it."""


@attrs.frozen(kw_only=True)
class Card:
    """Everything a score card shows, read from a sheet once."""

    title: str
    profile: str
    players: int
    names: tuple[str, ...]
    sides: tuple[str, ...]
    """Each side's players' names, joined by ``&``."""
    rows: tuple[Row, ...]
    penalties: tuple[PenaltyLine, ...]
    corrections: tuple[CorrectionLine, ...]
    totals: tuple[int, ...]
    next_hand: int
    next_dealer: str
    minimums: tuple[int, ...]
    over: bool
    winner: int | None
    played: tuple[date, date] | None = None
    """The first and the last day of the sheet's entries, in the local time zone of the computer that writes the card; None
    when no entry says when it was made."""
    carried: tuple[int, ...] | None = None
    """The totals carried in from an earlier sheet (:class:`~canasta.scoresheet.Carried`), which the running totals start from."""
    carried_note: str = ""
    carried_by: str = ""
    carried_at: str = ""
    """Who entered the totals carried in, when, and their note (where they come from)."""
    carried_minimums: tuple[int, ...] = ()
    """Each side's minimum for hand 1, by the totals carried in (001 §13 A)."""
    warnings: tuple[WarningLine, ...] = ()

    @property
    def result(self) -> str:
        """``in play``, ``won by ...`` or ``a tie``."""
        if not self.over:
            return "in play"
        return "a tie" if self.winner is None else f"won by {self.sides[self.winner]}"


def _scores_after(sheet: ScoreSheet, lines: int, hand: int) -> tuple[HandScore, ...]:
    """Hand ``hand``'s score after the first ``lines`` lines of the log: what the sheet said before (or after) a correction."""
    tally = Tally(rules=sheet.rules, unchecked=sheet.unchecked_lines)
    for line in sheet.log[:lines]:
        tally = step(tally, line)
    return tally.hand_score(hand)


def local_time(at: str) -> datetime | None:
    """A log line's time (ISO 8601 in UTC, as the sheet writes it) in the local time zone of this computer; None for a text that is
    no time. A time without a zone is taken as local."""
    try:
        moment = datetime.fromisoformat(at)
        return moment if moment.tzinfo is None else moment.astimezone()
    except (TypeError, ValueError, OverflowError, OSError):
        return None


def _played(times: Iterable[str]) -> tuple[date, date] | None:
    days = sorted(moment.date() for moment in map(local_time, times) if moment is not None)
    return (days[0], days[-1]) if days else None


def card(sheet: ScoreSheet) -> Card:
    """Gather what a score card shows from ``sheet``'s read API."""
    rules = sheet.rules
    sides = tuple(" & ".join(sheet.side_names(s)) for s in range(rules.sides))
    hands = sheet.hands
    raises: dict[tuple[int, int], int] = {}
    penalties: list[PenaltyLine] = []
    corrections: list[CorrectionLine] = []
    first: dict[int, tuple[HandScore, ...]] = {}
    first_entry: dict[int, HandEntry] = {}
    entered: dict[int, tuple[str, str, str]] = {}
    warnings: list[WarningLine] = []
    carried_line: tuple[str, str, str] = ("", "", "")
    withdrawals = {line.item.number: who_text(line.by, line.at, line.note, str) for line in sheet.log if isinstance(line.item, Withdrawal)}
    for index, line in enumerate(sheet.log):
        item = line.item
        if isinstance(item, PenaltyEntry):
            number = len(penalties) + 1
            points = penalty_value(rules, item.penalty) * item.count
            if item.penalty.raises_minimum and number not in withdrawals:
                raises[line.hand, item.side] = raises.get((line.hand, item.side), 0) + points
            penalties.append(
                PenaltyLine(
                    number=number,
                    side=item.side,
                    hand=line.hand,
                    penalty=item.penalty.name.lower().replace("_", " "),
                    count=item.count,
                    points=points,
                    raises_minimum=item.penalty.raises_minimum,
                    rule=item.penalty.value,
                    source=rules.cite(item.penalty.value),
                    by=line.by,
                    at=line.at,
                    note=item.note or line.note,
                    withdrawn=withdrawals.get(number),
                    override=item.penalty.warning_first if item.override else None,
                )
            )
        elif isinstance(item, HandEntry):
            entered[line.hand] = (line.by, line.at, line.note)
        elif isinstance(item, WarningEntry):
            warnings.append(
                WarningLine(
                    number=len(warnings) + 1,
                    side=item.side,
                    seat=item.seat,
                    hand=line.hand,
                    penalty=item.penalty.name.lower().replace("_", " "),
                    rule=item.penalty.value,
                    source=rules.cite(item.penalty.value),
                    by=line.by,
                    at=line.at,
                    note=item.note or line.note,
                )
            )
        elif isinstance(item, Carried):
            carried_line = (line.by, line.at, item.note or line.note)
        elif isinstance(item, Correction):
            before = _scores_after(sheet, index, item.hand)
            after = _scores_after(sheet, index + 1, item.hand)
            first.setdefault(item.hand, before)
            first_entry.setdefault(item.hand, item.replaced)
            corrections.append(
                CorrectionLine(
                    hand=item.hand, arithmetic=item.arithmetic, before=before, after=after, by=line.by, at=line.at, note=line.note
                )
            )
    rows = []
    for number, (scores, running) in enumerate(zip(hands, sheet.running, strict=True), start=1):
        if number == len(hands):
            minimums = tuple(sheet.minimum(s) for s in range(rules.sides))
        else:
            minimums = tuple(rules.opening_minimum(running[s], number + 1) + raises.get((number + 1, s), 0) for s in range(rules.sides))
        by, at, note = entered.get(number, ("", "", ""))
        rows.append(
            Row(
                hand=number,
                scores=scores,
                running=running,
                next_minimums=minimums,
                first=first.get(number),
                entry=sheet.entries[number - 1],
                first_entry=first_entry.get(number),
                by=by,
                at=at,
                note=note,
            )
        )
    return Card(
        title=rules.variant.title,
        profile=rules.variant.name,
        players=sheet.players,
        names=tuple(sheet.names),
        sides=sides,
        rows=tuple(rows),
        penalties=tuple(penalties),
        corrections=tuple(corrections),
        totals=tuple(sheet.totals),
        next_hand=len(hands) + 1,
        next_dealer=sheet.names[sheet.next_dealer],
        minimums=tuple(sheet.minimum(s) for s in range(rules.sides)),
        over=sheet.is_over,
        winner=sheet.winner,
        played=_played(line.at for line in sheet.log),
        carried=sheet.carried,
        carried_by=carried_line[0],
        carried_at=carried_line[1],
        carried_note=carried_line[2],
        carried_minimums=()
        if sheet.carried is None
        else tuple(rules.opening_minimum(sheet.carried[s], 1) + raises.get((1, s), 0) for s in range(rules.sides)),
        warnings=tuple(warnings),
    )


def penalty_text(card: Card, p: PenaltyLine, esc: Callable[[str], str] = one_line) -> str:
    what = f"minimum +{p.points} for the hand" if p.raises_minimum else f"-{p.points}"
    count = f" ({p.count} cards)" if p.count != 1 else ""
    source = f", {esc(p.source)}" if p.source else ""
    text = f"penalty {p.number}: hand {p.hand}, {esc(card.sides[p.side])}: {p.penalty}{count}, {what} [{p.rule}{source}]"
    if p.override is not None:
        text += f" (entered without a warning by the director's override of {p.override})"
    if p.withdrawn is not None:
        text += " (withdrawn, 001 §35 B" + (f"; {esc(p.withdrawn)}" if p.withdrawn else "") + ")"
    return text


def warning_text(card: Card, w: WarningLine, esc: Callable[[str], str] = one_line) -> str:
    who = esc(card.sides[w.side]) + (f" ({esc(card.names[w.seat])})" if w.seat is not None else "")
    source = f", {esc(w.source)}" if w.source else ""
    return f"warning {w.number}: hand {w.hand}, {who}: {w.penalty} [{w.rule}{source}]"


def carried_text(card: Card, esc: Callable[[str], str] = one_line) -> str:
    assert card.carried is not None
    totals = ", ".join(f"{esc(side)} {t}" for side, t in zip(card.sides, card.carried, strict=True))
    return f"Carried in: {totals}" + (f" ({esc(card.carried_note)})" if card.carried_note else "") + "."


def correction_text(card: Card, c: CorrectionLine, esc: Callable[[str], str] = one_line) -> str:
    kind = "arithmetic correction (001 §35 A)" if c.arithmetic else "correction (001 §35 B)"
    changes = [
        f"{esc(card.sides[a.side])} {b.total:+d} -> {a.total:+d}" for b, a in zip(c.before, c.after, strict=True) if b.total != a.total
    ]
    return f"hand {c.hand}, {kind}: {', '.join(changes) or 'the totals are unchanged'}"


def who_text(by: str, at: str, note: str, esc: Callable[[str], str] = one_line) -> str:
    parts = [f"by {esc(by)}" if by else "", esc(at), f"note: {esc(note)}" if note else ""]
    return "; ".join(p for p in parts if p)


def hand_notes(card: Card, esc: Callable[[str], str] = one_line, *, times: bool = True) -> list[str]:
    """``hand 2: the note (by Anna; when)`` for each hand entered with a note; without the time where ``times`` is false."""
    notes = []
    for row in card.rows:
        if row.note:
            who = who_text(row.by, row.at if times else "", "", esc)
            notes.append(f"hand {row.hand}: {esc(row.note)}" + (f" ({who})" if who else ""))
    return notes


def next_line(card: Card, esc: Callable[[str], str] = one_line) -> str:
    if card.over:
        result = "a tie" if card.winner is None else f"won by {esc(card.sides[card.winner])}"
        return f"The match is over: {result}."
    minimums = ", ".join(f"{esc(side)} {m}" for side, m in zip(card.sides, card.minimums, strict=True))
    return f"Next: hand {card.next_hand}, {esc(card.next_dealer)} deals; minimums {minimums}."


__all__ = [
    "Card",
    "CorrectionLine",
    "PenaltyLine",
    "Row",
    "WarningLine",
    "card",
    "carried_text",
    "correction_text",
    "hand_notes",
    "local_time",
    "next_line",
    "penalty_text",
    "warning_text",
    "who_text",
]
