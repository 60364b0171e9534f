"""A score sheet written out: text, Markdown, CSV, JSON, and a printable HTML score card (001 §34 A: scores recorded each hand).

Every format reads the sheet's public read API only (``hands``, ``running``,
``minimum``, ``next_dealer``, ``is_over``, ``winner``, ``log``), gathered once
by :func:`card`; nothing here scores. A hand that was corrected (001 §35) shows
its old value struck through beside the new one, and every penalty of the
ledger shows its rule and the rule's source. Whatever a person typed (names,
notes) is escaped for the format: HTML-escaped in the card, written by
:mod:`csv` in CSV, ``|`` escaped in Markdown.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from canasta.core.penalties import penalty_value

from .entries import Carried, Correction, PenaltyEntry, WarningEntry, Withdrawal

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


def csv_columns(rules: TableRules) -> tuple[str, ...]:
    """The CSV header under a profile: :data:`CSV_COLUMNS`, with a ``special_hand`` column where it has special hands."""
    return ("hand", "side", "players", *parts(rules), "hand_score", "total", "next_minimum", "corrected", "first_entered", "warnings")


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
    carried: tuple[int, ...] | None = None
    """The totals carried in from an earlier sheet (:class:`~canasta.scoresheet.Carried`), which the running totals start from."""
    carried_note: str = ""
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


def card(sheet: ScoreSheet) -> Card:
    """Gather what a score card shows from ``sheet``'s read API."""
    rules = sheet.rules
    sides = tuple(" & ".join(sheet.side_names(s)) for s in range(rules.sides))
    hands = sheet.hands
    raises: dict[tuple[int, int], int] = {}
    penalties: list[PenaltyLine] = []
    corrections: list[CorrectionLine] = []
    first: dict[int, tuple[HandScore, ...]] = {}
    warnings: list[WarningLine] = []
    carried_note = ""
    withdrawals = {line.item.number: _who(line.by, line.at, line.note) for line in sheet.log if isinstance(line.item, Withdrawal)}
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
            carried_note = item.note or line.note
        elif isinstance(item, Correction):
            before = _scores_after(sheet, index, item.hand)
            after = _scores_after(sheet, index + 1, item.hand)
            first.setdefault(item.hand, before)
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
        rows.append(Row(hand=number, scores=scores, running=running, next_minimums=minimums, first=first.get(number)))
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
        carried=sheet.carried,
        carried_note=carried_note,
        carried_minimums=()
        if sheet.carried is None
        else tuple(rules.opening_minimum(sheet.carried[s], 1) + raises.get((1, s), 0) for s in range(rules.sides)),
        warnings=tuple(warnings),
    )


def _penalty_text(card: Card, p: PenaltyLine, esc: Callable[[str], str] = str) -> str:
    what = f"minimum +{p.points} for the hand" if p.raises_minimum else f"-{p.points}"
    count = f" ({p.count} cards)" if p.count != 1 else ""
    source = f", {p.source}" if p.source else ""
    text = f"penalty {p.number}: hand {p.hand}, {esc(card.sides[p.side])}: {p.penalty}{count}, {what} [{p.rule}{source}]"
    if p.override is not None:
        text += f" (entered without a warning by the director's override of {p.override})"
    if p.withdrawn is not None:
        text += " (withdrawn, 001 §35 B" + (f"; {esc(p.withdrawn)}" if p.withdrawn else "") + ")"
    return text


def _warning_text(card: Card, w: WarningLine, esc: Callable[[str], str] = str) -> str:
    who = esc(card.sides[w.side]) + (f" ({esc(card.names[w.seat])})" if w.seat is not None else "")
    source = f", {w.source}" if w.source else ""
    return f"warning {w.number}: hand {w.hand}, {who}: {w.penalty} [{w.rule}{source}]"


def _carried_text(card: Card, esc: Callable[[str], str] = str) -> str:
    assert card.carried is not None
    totals = ", ".join(f"{esc(side)} {t}" for side, t in zip(card.sides, card.carried, strict=True))
    return f"Carried in: {totals}" + (f" ({esc(card.carried_note)})" if card.carried_note else "") + "."


def _correction_text(card: Card, c: CorrectionLine, esc: Callable[[str], str] = str) -> str:
    kind = "arithmetic correction (001 §35 A)" if c.arithmetic else "correction (001 §35 B)"
    changes = [
        f"{esc(card.sides[a.side])} {b.total:+d} -> {a.total:+d}" for b, a in zip(c.before, c.after, strict=True) if b.total != a.total
    ]
    return f"hand {c.hand}, {kind}: {', '.join(changes) or 'the totals are unchanged'}"


def _who(by: str, at: str, note: str, esc: Callable[[str], str] = str) -> str:
    parts = [f"by {esc(by)}" if by else "", at, f"note: {esc(note)}" if note else ""]
    return "; ".join(p for p in parts if p)


def _next_line(card: Card, esc: Callable[[str], str] = str) -> str:
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
    """The sheet as plain text for a terminal: a column pair per side (the hand, the running total), then penalties and corrections."""
    c = card(sheet)
    head = [f"{c.title} ({c.profile}), {c.players} players: {c.result}"]
    table = [["hand"] + [x for side in c.sides for x in (side, "total")]]
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
        *[_penalty_text(c, p) for p in c.penalties],
        *[_warning_text(c, w) + (f" (note: {w.note})" if w.note else "") for w in c.warnings],
        *[f"corrected: {_correction_text(c, x)}" for x in c.corrections],
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


_MARKDOWN_SPECIAL = frozenset("\\`*_~[]<>|&#")


def _md(text: str) -> str:
    """A person's text in Markdown: every character Markdown reads (``|``, ``*``, ``<``, ...) escaped with a backslash, line breaks as spaces."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIAL else " " if ch in "\r\n" else ch for ch in text)


def to_markdown(sheet: ScoreSheet) -> str:
    """The sheet as a Markdown page: a table of hands (each side's hand score and running total), then penalties and corrections."""
    c = card(sheet)
    result = "in play" if not c.over else "a tie" if c.winner is None else f"won by {_md(c.sides[c.winner])}"
    lines = [f"# Score sheet: {_md(c.title)}", "", f"{_md(c.profile)}, {c.players} players; {result}.", ""]
    header = ["Hand"] + [x for side in c.sides for x in (f"{_md(side)}: hand", f"{_md(side)}: total")]
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
        lines += ["", _carried_text(c, _md)]
    if c.penalties:
        lines += ["", "Penalties:", ""] + [
            f"- {_penalty_text(c, p, _md)}" + (f" ({_who(p.by, p.at, p.note, _md)})" if p.by or p.note else "") for p in c.penalties
        ]
    if c.warnings:
        lines += ["", "Warnings:", ""] + [
            f"- {_warning_text(c, w, _md)}" + (f" ({_who(w.by, w.at, w.note, _md)})" if w.by or w.note else "") for w in c.warnings
        ]
    if c.corrections:
        lines += ["", "Corrections:", ""] + [
            f"- {_correction_text(c, x, _md)}" + (f" ({_who(x.by, x.at, x.note, _md)})" if x.by or x.note else "") for x in c.corrections
        ]
    lines += ["", _next_line(c, _md)]
    return "\n".join(lines) + "\n"


# --- CSV and JSON ----------------------------------------------------------------------------------

CSV_COLUMNS = ("hand", "side", "players", *PARTS, "hand_score", "total", "next_minimum", "corrected", "first_entered", "warnings")
"""The CSV header: one row per hand and side (:func:`csv_columns` adds the special hand's part where the profile has special hands),
after a row per side headed ``carried`` where the sheet starts from totals carried in; ``warnings`` lists the warnings the side
was given in the hand."""


def to_csv(sheet: ScoreSheet) -> str:
    """One row per hand and side (:func:`csv_columns`), written by :mod:`csv` so any name or note reads back as it was."""
    c = card(sheet)
    shown = parts(sheet.rules)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_columns(sheet.rules))
    if c.carried is not None:
        for side, (total, minimum) in enumerate(zip(c.carried, c.carried_minimums, strict=True)):
            writer.writerow(["carried", side, c.sides[side], *[""] * len(shown), "", total, minimum, "no", "", ""])
    for row in c.rows:
        for i, (s, t, m) in enumerate(zip(row.scores, row.running, row.next_minimums, strict=True)):
            first = "" if row.first is None else str(row.first[i].total)
            values = [getattr(s, part) for part in shown]
            warned = "; ".join(_warning_cell(w) for w in c.warnings if w.hand == row.hand and w.side == s.side)
            writer.writerow(
                [row.hand, s.side, c.sides[s.side], *values, s.total, t, m, "yes" if row.first is not None else "no", first, warned]
            )
    return out.getvalue()


def _warning_cell(w: WarningLine) -> str:
    """A warning in a CSV cell: the penalty warned of, the seat and the note."""
    return w.penalty + (f" (seat {w.seat})" if w.seat is not None else "") + (f": {w.note}" if w.note else "")


def _score_json(s: HandScore, shown: Sequence[str] = PARTS) -> dict[str, Any]:
    return {part: getattr(s, part) for part in shown} | {"total": s.total}


def to_json(sheet: ScoreSheet) -> str:
    """The card as JSON: every hand's parts, running totals and next minimums, the penalties with their rules, the corrections with their old values."""
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
            }
            for row in c.rows
        ],
        "carried": None if c.carried is None else {"totals": list(c.carried), "note": c.carried_note},
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
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


# --- the HTML card ---------------------------------------------------------------------------------

_CSS = """
body { font-family: Georgia, 'DejaVu Serif', serif; color: #111; background: #fff; margin: 1.5em; }
.card { border: 3px double #7a1f1f; padding: 1em 1.2em; max-width: 70em; }
h1 { font-size: 1.5em; margin: 0 0 .2em; color: #7a1f1f; letter-spacing: .08em; text-transform: uppercase; }
.meta { margin: 0 0 .8em; font-size: .95em; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #555; padding: .2em .4em; text-align: right; }
th { background: #f3e9d8; font-weight: normal; font-size: .85em; }
th.side { font-size: 1.05em; font-weight: bold; text-align: center; border-bottom: 2px solid #111; }
td.hand, th.hand { text-align: center; }
td.total { font-weight: bold; border-right: 2px solid #111; }
td.min { color: #555; font-size: .85em; }
tr.next td { font-style: italic; background: #fafafa; }
tr.sum td { border-top: 3px double #111; font-weight: bold; }
del { color: #a33; } ins { text-decoration: none; font-weight: bold; }
.notes { margin-top: 1em; font-size: .9em; }
.notes h2 { font-size: 1em; margin: .6em 0 .2em; }
.notes ol { margin: 0; padding-left: 1.5em; }
.result { font-weight: bold; }
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body { margin: 0; font-size: 9pt; }
  .card { border: none; padding: 0; max-width: none; }
  th { background: none; }
  tr { page-break-inside: avoid; }
}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _cell(new: int, old: int | None, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    if old is not None and old != new:
        return f"<td{cls}><del>{old}</del> <ins>{new}</ins></td>"
    return f"<td{cls}>{new}</td>"


def to_html(sheet: ScoreSheet) -> str:
    """A self-contained printable page (inline CSS, ``@media print``, no script, nothing fetched) laid out like a club's score card.

    A column group per side headed by its players' names; a row per hand with
    the parts a table writes (canastas, red threes, going out, melded and
    in-hand card points, penalties), the hand's score, the running total and the
    side's minimum for the next hand; a corrected value struck through beside the
    new one; the penalties with their rule and source, and the corrections, as
    notes under the table. Every name and note is HTML-escaped.
    """
    c = card(sheet)
    shown = parts(sheet.rules)
    per_side = len(shown) + 3
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>Score card: {_e(c.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        '<div class="card">',
        "<h1>Canasta score card</h1>",
        f'<p class="meta">{_e(c.title)} (<code>{_e(c.profile)}</code>), {c.players} players. '
        f'Players: {_e(", ".join(c.names))}. <span class="result">{_e(c.result.capitalize())}</span>.</p>',
        "<table>",
        '<thead><tr><th class="hand" rowspan="2">Hand</th>'
        + "".join(f'<th class="side" colspan="{per_side}">{_e(side)}</th>' for side in c.sides)
        + "</tr>",
        "<tr>"
        + "".join(
            "".join(f"<th>{part_label(sheet.rules, p)}</th>" for p in shown) + "<th>Hand</th><th>Total</th><th>Next min.</th>"
            for _ in c.sides
        )
        + "</tr></thead>",
        "<tbody>",
    ]
    if c.carried is not None:
        out.append(
            '<tr class="carried"><td class="hand">Carried</td>'
            + "".join(
                f'<td colspan="{per_side - 2}"></td><td class="total">{t}</td><td class="min">{m}</td>'
                for t, m in zip(c.carried, c.carried_minimums, strict=True)
            )
            + "</tr>"
        )
    for row in c.rows:
        cells = [f'<td class="hand">{row.hand}{"*" if row.first is not None else ""}</td>']
        for i, (s, t, m) in enumerate(zip(row.scores, row.running, row.next_minimums, strict=True)):
            old = row.first[i] if row.first is not None else None
            cells += [_cell(getattr(s, p), getattr(old, p) if old is not None else None) for p in shown]
            cells += [_cell(s.total, old.total if old is not None else None), f'<td class="total">{t}</td>', f'<td class="min">{m}</td>']
        out.append("<tr>" + "".join(cells) + "</tr>")
    if not c.over:
        cells = [f'<td class="hand">{c.next_hand}</td>']
        for side, m in enumerate(c.minimums):
            text = f"next hand: {_e(c.next_dealer)} deals" if side == 0 else ""
            cells.append(f'<td colspan="{per_side - 1}">{text}</td><td class="min">{m}</td>')
        out.append('<tr class="next">' + "".join(cells) + "</tr>")
    out.append(
        '<tr class="sum"><td class="hand">Total</td>'
        + "".join(f'<td colspan="{per_side - 2}"></td><td class="total">{t}</td><td></td>' for t in c.totals)
        + "</tr>"
    )
    out += ["</tbody>", "</table>", '<div class="notes">']
    if c.penalties:
        out.append("<h2>Penalties</h2><ol>")
        for p in c.penalties:
            who = _who(p.by, p.at, p.note, _e)
            out.append(f"<li>{_penalty_text(c, p, _e)}" + (f" <small>({who})</small>" if who else "") + "</li>")
        out.append("</ol>")
    if c.carried is not None:
        out.append(f"<p>{_carried_text(c, _e)}</p>")
    if c.warnings:
        out.append("<h2>Warnings</h2><ol>")
        for w in c.warnings:
            who = _who(w.by, w.at, w.note, _e)
            out.append(f"<li>{_warning_text(c, w, _e)}" + (f" <small>({who})</small>" if who else "") + "</li>")
        out.append("</ol>")
    if c.corrections:
        out.append("<h2>Corrections</h2><ol>")
        for x in c.corrections:
            who = _who(x.by, x.at, x.note, _e)
            out.append(f"<li>{_correction_text(c, x, _e)}" + (f" <small>({who})</small>" if who else "") + "</li>")
        out.append("</ol>")
    out.append(f"<p>{_next_line(c, _e)}</p>")
    out += ["</div>", "</div>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


__all__ = [
    "CSV_COLUMNS",
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
