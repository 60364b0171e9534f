"""A score sheet written out: text, Markdown, CSV, JSON, and a printable HTML score card (001 §34 A: scores recorded each hand).

Every format reads what :func:`canasta.scoresheet.card_lines.card` gathers
once from the sheet's public read API, and says each line of it in the words
of :mod:`canasta.scoresheet.card_lines`; nothing here scores. A hand that was corrected (001 §35) shows
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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from canasta.core.scoring import SCORE_PARTS

from .card_lines import (
    Card,
    WarningLine,
    card,
    carried_text,
    correction_text,
    hand_notes,
    next_line,
    penalty_text,
    warning_text,
    who_text,
)
from .cells import csv_cell, json_text, markdown_text, one_line
from .entries import Carried, Correction, PenaltyEntry, WarningEntry, Withdrawal

if TYPE_CHECKING:
    from canasta.core.scoring import HandScore
    from canasta.core.table import TableRules

    from .sheet import ScoreSheet

PARTS = tuple(part for part in SCORE_PARTS if part != "special_hand")
"""The parts of a hand's score, as a table writes them (001 §34 B): :data:`canasta.core.scoring.SCORE_PARTS`, read from
:class:`~canasta.core.scoring.HandScore`'s fields, but the special hand's, which only a profile with special hands shows
(:func:`parts`)."""

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
        *([carried_text(c)] if c.carried is not None else []),
        *[penalty_text(c, p) + (f" ({who_text(p.by, '', p.note)})" if p.by or p.note else "") for p in c.penalties],
        *[warning_text(c, w) + (f" ({who_text(w.by, '', w.note)})" if w.by or w.note else "") for w in c.warnings],
        *[f"corrected: {correction_text(c, x)}" + (f" ({who_text(x.by, '', x.note)})" if x.by or x.note else "") for x in c.corrections],
        *[f"note, {text}" for text in hand_notes(c, times=False)],
    ]
    lines.append(next_line(c))
    return "\n".join(line for i, line in enumerate(lines) if line or (i and lines[i - 1])) + "\n"


def log_text(sheet: ScoreSheet) -> str:
    """Every line of the sheet's log, oldest first: what, for which hand, by whom and when."""
    out = []
    for number, line in enumerate(sheet.log, start=1):
        who = who_text(line.by, line.at, line.note)
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
        lines += ["", carried_text(c, markdown_text)]
    if c.penalties:
        lines += ["", "Penalties:", ""] + [
            f"- {penalty_text(c, p, markdown_text)}" + (f" ({who_text(p.by, p.at, p.note, markdown_text)})" if p.by or p.note else "") for p in c.penalties
        ]
    if c.warnings:
        lines += ["", "Warnings:", ""] + [
            f"- {warning_text(c, w, markdown_text)}" + (f" ({who_text(w.by, w.at, w.note, markdown_text)})" if w.by or w.note else "")
            for w in c.warnings
        ]
    if c.corrections:
        lines += ["", "Corrections:", ""] + [
            f"- {correction_text(c, x, markdown_text)}" + (f" ({who_text(x.by, x.at, x.note, markdown_text)})" if x.by or x.note else "") for x in c.corrections
        ]
    notes = hand_notes(c, markdown_text)
    if notes:
        lines += ["", "Notes:", ""] + [f"- {text}" for text in notes]
    lines += ["", next_line(c, markdown_text)]
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
            penalty_text(c, p, str) + (f" ({who_text(p.by, p.at, p.note, str)})" if p.by or p.at or p.note else "")
            for p in c.penalties
            if p.hand == hand and p.side == side
        )

    def warning_notes(hand: int, side: int) -> str:
        return _joined(
            warning_text(c, w, str) + (f" ({who_text(w.by, w.at, w.note, str)})" if w.by or w.at or w.note else "")
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
            correction_text(c, x, str) + (f" ({who_text(x.by, x.at, x.note, str)})" if x.by or x.at or x.note else "")
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
