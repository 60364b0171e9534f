"""A score sheet written out: text, Markdown, CSV, JSON, and a printable HTML score card (001 §34 A: scores recorded each hand).

Every format reads the sheet's public read API only (``hands``, ``running``,
``minimum``, ``next_dealer``, ``is_over``, ``winner``, ``log``), gathered once
by :func:`card`; nothing here scores. A hand that was corrected (001 §35) shows
its old value struck through beside the new one, every penalty of the ledger
and every warning (001 §22 A) shows its rule and the rule's source, the totals
carried in from an earlier sheet come first, and every note (a hand's, a
penalty's, a warning's, a correction's, a withdrawal's, the carried totals')
is in every format.

Whatever a person or a file gave (names, notes, who entered, when, a house
profile's title and sources) may hold anything, and is made safe for the
format: first printable (:func:`canasta.errors.printable`: an escape sequence,
a carriage return, a bidi override shown as ``\\x1b``, ``\\r``, ``\\u202e``), on
one line in the text, Markdown and HTML; then HTML-escaped in the card,
backslash-escaped in Markdown, and in CSV quoted and, where it begins like a
formula (``=``, ``+``, ``-``, ``@``, a tab, a carriage return), begun with a single
quote so that a spreadsheet shows it as text (OWASP, "CSV Injection"). Numbers
stay numbers: a score of -200 is a number in the spreadsheet. JSON keeps every
character, each that is not printable written as its ``\\u`` escape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

import attrs

from canasta.core.penalties import penalty_value

from .cells import csv_cell, json_text, markdown_text, one_line
from .entries import Carried, Correction, HandEntry, PenaltyEntry, WarningEntry, Withdrawal

if TYPE_CHECKING:
    from canasta.core.scoring import HandScore
    from canasta.core.table import TableRules

    from .sheet import ScoreSheet

PARTS = ("canastas", "red_threes", "going_out", "melded", "in_hand", "penalties")
"""The parts of a hand's score, as a table writes them (001 §34 B; :class:`~canasta.core.scoring.HandScore`)."""

PART_LABELS = {
    "canastas": "Canastas",
    "red_threes": "Red 3s",
    "going_out": "Going out",
    "melded": "Melded",
    "in_hand": "In hand",
    "penalties": "Penalties",
    "special_hand": "Special hand",
}


def parts(rules: TableRules) -> tuple[str, ...]:
    """The parts of a hand's score under a profile: :data:`PARTS`, and the special hand's where it has special hands (``scoring.special_hands``)."""
    return (*PARTS, "special_hand") if rules.special_hands else PARTS


def part_label(rules: TableRules, part: str) -> str:
    """A part's column head: the threes are "3s" where black ones are bonus cards too (``black_threes.bonus_card``)."""
    return "3s" if part == "red_threes" and rules.black_bonus else PART_LABELS[part]


NOTE_COLUMNS = ("note", "penalty_notes", "correction_notes", "warnings")
"""The CSV's text columns after the numbers: the hand's note, the side's penalties in the hand, the hand's corrections and the
warnings the side was given in the hand (001 §22 A), each with who entered it, when and its note (several joined by a slash
between spaces)."""


def csv_columns(rules: TableRules) -> tuple[str, ...]:
    """The CSV header under a profile: :data:`CSV_COLUMNS`, with a ``special_hand`` column where it has special hands."""
    return ("hand", "side", "players", *parts(rules), "hand_score", "total", "next_minimum", "corrected", "first_entered", *NOTE_COLUMNS)


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
    from .sheet import Tally, step

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
    withdrawals = {line.item.number: _who(line.by, line.at, line.note, str) for line in sheet.log if isinstance(line.item, Withdrawal)}
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


def _penalty_text(card: Card, p: PenaltyLine, esc: Callable[[str], str] = one_line) -> str:
    what = f"minimum +{p.points} for the hand" if p.raises_minimum else f"-{p.points}"
    count = f" ({p.count} cards)" if p.count != 1 else ""
    source = f", {esc(p.source)}" if p.source else ""
    text = f"penalty {p.number}: hand {p.hand}, {esc(card.sides[p.side])}: {p.penalty}{count}, {what} [{p.rule}{source}]"
    if p.override is not None:
        text += f" (entered without a warning by the director's override of {p.override})"
    if p.withdrawn is not None:
        text += " (withdrawn, 001 §35 B" + (f"; {esc(p.withdrawn)}" if p.withdrawn else "") + ")"
    return text


def _warning_text(card: Card, w: WarningLine, esc: Callable[[str], str] = one_line) -> str:
    who = esc(card.sides[w.side]) + (f" ({esc(card.names[w.seat])})" if w.seat is not None else "")
    source = f", {esc(w.source)}" if w.source else ""
    return f"warning {w.number}: hand {w.hand}, {who}: {w.penalty} [{w.rule}{source}]"


def _carried_text(card: Card, esc: Callable[[str], str] = one_line) -> str:
    assert card.carried is not None
    totals = ", ".join(f"{esc(side)} {t}" for side, t in zip(card.sides, card.carried, strict=True))
    return f"Carried in: {totals}" + (f" ({esc(card.carried_note)})" if card.carried_note else "") + "."


def _correction_text(card: Card, c: CorrectionLine, esc: Callable[[str], str] = one_line) -> str:
    kind = "arithmetic correction (001 §35 A)" if c.arithmetic else "correction (001 §35 B)"
    changes = [
        f"{esc(card.sides[a.side])} {b.total:+d} -> {a.total:+d}" for b, a in zip(c.before, c.after, strict=True) if b.total != a.total
    ]
    return f"hand {c.hand}, {kind}: {', '.join(changes) or 'the totals are unchanged'}"


def _who(by: str, at: str, note: str, esc: Callable[[str], str] = one_line) -> str:
    parts = [f"by {esc(by)}" if by else "", esc(at), f"note: {esc(note)}" if note else ""]
    return "; ".join(p for p in parts if p)


def _hand_notes(card: Card, esc: Callable[[str], str] = one_line, *, times: bool = True) -> list[str]:
    """``hand 2: the note (by Anna; when)`` for each hand entered with a note; without the time where ``times`` is false."""
    notes = []
    for row in card.rows:
        if row.note:
            who = _who(row.by, row.at if times else "", "", esc)
            notes.append(f"hand {row.hand}: {esc(row.note)}" + (f" ({who})" if who else ""))
    return notes


def _next_line(card: Card, esc: Callable[[str], str] = one_line) -> str:
    if card.over:
        result = "a tie" if card.winner is None else f"won by {esc(card.sides[card.winner])}"
        return f"The match is over: {result}."
    minimums = ", ".join(f"{esc(side)} {m}" for side, m in zip(card.sides, card.minimums, strict=True))
    return f"Next: hand {card.next_hand}, {esc(card.next_dealer)} deals; minimums {minimums}."


# --- text and Markdown -----------------------------------------------------------------------------


def _columns(rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))).rstrip()
        for row in rows
    )


def to_text(sheet: ScoreSheet) -> str:
    """The sheet as plain text for a terminal: a column pair per side (the hand, the running total) after the totals carried in,
    then the penalties, warnings, corrections and notes."""
    c = card(sheet)
    head = [f"{one_line(c.title)} ({one_line(c.profile)}), {c.players} players: {one_line(c.result)}"]
    table = [["hand"] + [x for side in c.sides for x in (one_line(side), "total")]]
    if c.carried is not None:
        table.append(["carried"] + [x for t in c.carried for x in ("", str(t))])
    for row in c.rows:
        mark = "*" if row.first is not None else ""
        table.append([f"{row.hand}{mark}"] + [x for s, t in zip(row.scores, row.running, strict=True) for x in (f"{s.total:+d}", str(t))])
    lines = [*head, "", _columns(table)]
    if any(row.first is not None for row in c.rows):
        lines.append("* corrected (log shows the old entry)")
    lines += [
        "",
        *([_carried_text(c)] if c.carried is not None else []),
        *[_penalty_text(c, p) + (f" ({_who(p.by, '', p.note)})" if p.by or p.note else "") for p in c.penalties],
        *[_warning_text(c, w) + (f" ({_who(w.by, '', w.note)})" if w.by or w.note else "") for w in c.warnings],
        *[f"corrected: {_correction_text(c, x)}" + (f" ({_who(x.by, '', x.note)})" if x.by or x.note else "") for x in c.corrections],
        *[f"note, {text}" for text in _hand_notes(c, times=False)],
    ]
    lines.append(_next_line(c))
    return "\n".join(line for i, line in enumerate(lines) if line or (i and lines[i - 1])) + "\n"


def log_text(sheet: ScoreSheet) -> str:
    """Every line of the sheet's log, oldest first: what, for which hand, by whom and when."""
    out = []
    for number, line in enumerate(sheet.log, start=1):
        who = _who(line.by, line.at, line.note)
        what = line.kind.value
        detail = ""
        item = line.item
        if isinstance(item, PenaltyEntry):
            detail = f" side {item.side} {item.penalty.name.lower().replace('_', '-')}" + (f" x{item.count}" if item.count != 1 else "")
            if item.override:
                detail += f" (director's override: no warning first, {item.penalty.warning_first})"
        elif isinstance(item, WarningEntry):
            seat = f" seat {item.seat}" if item.seat is not None else ""
            detail = f" side {item.side}{seat} of {item.penalty.name.lower().replace('_', '-')}"
        elif isinstance(item, Correction):
            detail = " (arithmetic)" if item.arithmetic else ""
        elif isinstance(item, Withdrawal):
            detail = f" of penalty {item.number}"
        head = f"{what} {line.hand}"
        if isinstance(item, Carried):
            head = f"carried in before hand 1: totals {' / '.join(str(t) for t in item.totals)}"
        out.append(f"{number:3}. {head}{detail}" + (f"  ({who})" if who else ""))
    return "\n".join(out) if out else "the log is empty"


def to_markdown(sheet: ScoreSheet) -> str:
    """The sheet as a Markdown page: a table of hands (each side's hand score and running total) after the totals carried in, then
    the penalties, warnings, corrections and notes."""
    c = card(sheet)
    result = "in play" if not c.over else "a tie" if c.winner is None else f"won by {markdown_text(c.sides[c.winner])}"
    lines = [f"# Score sheet: {markdown_text(c.title)}", "", f"{markdown_text(c.profile)}, {c.players} players; {result}.", ""]
    header = ["Hand"] + [x for side in c.sides for x in (f"{markdown_text(side)}: score", f"{markdown_text(side)}: total")]
    lines += ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    if c.carried is not None:
        lines.append("| carried | " + " | ".join(x for t in c.carried for x in ("", str(t))) + " |")
    for row in c.rows:
        cells = [str(row.hand)]
        for i, (s, t) in enumerate(zip(row.scores, row.running, strict=True)):
            old = row.first[i].total if row.first is not None else s.total
            cells += [f"~~{old:+d}~~ {s.total:+d}" if old != s.total else f"{s.total:+d}", str(t)]
        lines.append("| " + " | ".join(cells) + " |")
    if c.carried is not None:
        lines += ["", _carried_text(c, markdown_text)]
    if c.penalties:
        lines += ["", "Penalties:", ""] + [
            f"- {_penalty_text(c, p, markdown_text)}" + (f" ({_who(p.by, p.at, p.note, markdown_text)})" if p.by or p.note else "") for p in c.penalties
        ]
    if c.warnings:
        lines += ["", "Warnings:", ""] + [
            f"- {_warning_text(c, w, markdown_text)}" + (f" ({_who(w.by, w.at, w.note, markdown_text)})" if w.by or w.note else "")
            for w in c.warnings
        ]
    if c.corrections:
        lines += ["", "Corrections:", ""] + [
            f"- {_correction_text(c, x, markdown_text)}" + (f" ({_who(x.by, x.at, x.note, markdown_text)})" if x.by or x.note else "") for x in c.corrections
        ]
    notes = _hand_notes(c, markdown_text)
    if notes:
        lines += ["", "Notes:", ""] + [f"- {text}" for text in notes]
    lines += ["", _next_line(c, markdown_text)]
    return "\n".join(lines) + "\n"


# --- CSV and JSON ----------------------------------------------------------------------------------

CSV_COLUMNS = ("hand", "side", "players", *PARTS, "hand_score", "total", "next_minimum", "corrected", "first_entered", *NOTE_COLUMNS)
"""The CSV header: one row per hand and side (:func:`csv_columns` adds the special hand's part where the profile has special hands),
after a row per side headed ``carried`` where the sheet starts from totals carried in."""


def _joined(texts: Iterable[str]) -> str:
    return " / ".join(texts)


def to_csv(sheet: ScoreSheet) -> str:
    """One row per hand and side (:func:`csv_columns`): the parts of the score, the totals and minimums as numbers, the notes as text.

    Every text cell is quoted and defused (:func:`csv_text`), every number bare: :mod:`csv` reads the file back as written, and a
    spreadsheet shows each name and note as text and each score as a number. The totals carried in come first, a row per side
    headed ``carried``. A side with a penalty or a warning entered for the hand in progress has a row of that hand, with their
    text and no numbers, until the hand is entered.
    """
    c = card(sheet)
    shown = parts(sheet.rules)
    lines = [",".join(csv_columns(sheet.rules))]

    def penalty_notes(hand: int, side: int) -> str:
        return _joined(
            _penalty_text(c, p, str) + (f" ({_who(p.by, p.at, p.note, str)})" if p.by or p.at or p.note else "")
            for p in c.penalties
            if p.hand == hand and p.side == side
        )

    def warning_notes(hand: int, side: int) -> str:
        return _joined(
            _warning_text(c, w, str) + (f" ({_who(w.by, w.at, w.note, str)})" if w.by or w.at or w.note else "")
            for w in c.warnings
            if w.hand == hand and w.side == side
        )

    def row_text(cells: Sequence[int | str | None]) -> str:
        return ",".join(map(csv_cell, cells))

    if c.carried is not None:
        for side, (total, minimum) in enumerate(zip(c.carried, c.carried_minimums, strict=True)):
            carried = ["carried", side, c.sides[side], *[None] * (len(shown) + 1), total, minimum, None, None]
            lines.append(row_text([*carried, c.carried_note, None, None, None]))
    for row in c.rows:
        fixes = _joined(
            _correction_text(c, x, str) + (f" ({_who(x.by, x.at, x.note, str)})" if x.by or x.at or x.note else "")
            for x in c.corrections
            if x.hand == row.hand
        )
        for i, (s, t, m) in enumerate(zip(row.scores, row.running, row.next_minimums, strict=True)):
            first = None if row.first is None else row.first[i].total
            values = [getattr(s, part) for part in shown]
            corrected = "yes" if row.first is not None else "no"
            notes = (row.note, penalty_notes(row.hand, s.side), fixes, warning_notes(row.hand, s.side))
            lines.append(row_text([row.hand, s.side, c.sides[s.side], *values, s.total, t, m, corrected, first, *notes]))
    for side, players in enumerate(c.sides):
        pending = (penalty_notes(c.next_hand, side), warning_notes(c.next_hand, side))
        if any(pending):
            lines.append(row_text([c.next_hand, side, players, *[None] * (len(shown) + 5), None, pending[0], None, pending[1]]))
    return "\n".join(lines) + "\n"


def _score_json(s: HandScore, shown: Sequence[str] = PARTS) -> dict[str, Any]:
    return {part: getattr(s, part) for part in shown} | {"total": s.total}


def to_json(sheet: ScoreSheet) -> str:
    """The card as JSON, everything the sheet holds: every hand's count as entered (and as first entered, if corrected), its parts,
    running totals and next minimums, who entered it, when, and its note; the totals carried in and their note; the penalties
    with their rules, notes and overrides; the warnings; the corrections with their old values and notes."""
    from .files import _hand as entry_data

    c = card(sheet)
    shown = parts(sheet.rules)
    data = {
        "title": c.title,
        "profile": c.profile,
        "players": c.players,
        "names": list(c.names),
        "sides": list(c.sides),
        "hands": [
            {
                "hand": row.hand,
                "scores": [_score_json(s, shown) for s in row.scores],
                "totals": list(row.running),
                "next_minimums": list(row.next_minimums),
                "first_entered": None if row.first is None else [_score_json(s, shown) for s in row.first],
                "entry": entry_data(row.entry),
                "first_entry": None if row.first_entry is None else entry_data(row.first_entry),
                "by": row.by,
                "at": row.at,
                "note": row.note,
            }
            for row in c.rows
        ],
        "carried": None if c.carried is None else {"totals": list(c.carried), "by": c.carried_by, "at": c.carried_at, "note": c.carried_note},
        "penalties": [attrs.asdict(p) for p in c.penalties],
        "warnings": [attrs.asdict(w) for w in c.warnings],
        "corrections": [
            {
                "hand": x.hand,
                "arithmetic": x.arithmetic,
                "before": [s.total for s in x.before],
                "after": [s.total for s in x.after],
                "by": x.by,
                "at": x.at,
                "note": x.note,
            }
            for x in c.corrections
        ],
        "totals": list(c.totals),
        "next": None if c.over else {"hand": c.next_hand, "dealer": c.next_dealer, "minimums": list(c.minimums)},
        "over": c.over,
        "winner": c.winner,
    }
    return json_text(data) + "\n"


# --- the HTML card ---------------------------------------------------------------------------------


def to_html(sheet: ScoreSheet) -> str:
    """The sheet as a printable club score card: :func:`canasta.scoresheet.card_html.to_html`."""
    from .card_html import to_html as card_page

    return card_page(sheet)


__all__ = [
    "CSV_COLUMNS",
    "NOTE_COLUMNS",
    "PARTS",
    "Card",
    "WarningLine",
    "card",
    "csv_columns",
    "log_text",
    "part_label",
    "parts",
    "to_csv",
    "to_html",
    "to_json",
    "to_markdown",
    "to_text",
]
