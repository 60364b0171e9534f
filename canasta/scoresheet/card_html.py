"""The score sheet as a printable club score card: one self-contained HTML page (001 §34 A: the scores recorded each hand).

Laid out as the paper a club keeps: a column group per side, a row per hand,
the parts of each hand's score as a table writes them (the canastas as counted,
``1 natural, 1 mixed``, above their bonus), the hand's score, the running total
and the next minimum, after a first row of the totals carried in where the
sheet starts from them; the totals carried in, penalties, warnings (001 §22 A),
corrections and notes under the table. Inline
CSS with a print layout (A4 landscape), no script, nothing fetched, and every
name and note printable and HTML-escaped (:func:`canasta.scoresheet.cells.html_text`).
It reads what :func:`canasta.scoresheet.card_lines.card` gathers, as every export does.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

import attrs

from .card_lines import card, carried_text, correction_text, hand_notes, local_time, next_line, penalty_text, warning_text, who_text
from .cells import html_text
from .export import part_label, parts

if TYPE_CHECKING:
    from .entries import SideEntry
    from .sheet import ScoreSheet

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
tr.carried td { font-style: italic; border-bottom: 2px solid #111; }
tr.sum td { border-top: 3px double #111; font-weight: bold; }
del { color: #a33; } ins { text-decoration: none; font-weight: bold; }
.notes { margin-top: 1em; font-size: .9em; }
.notes h2 { font-size: 1em; margin: .6em 0 .2em; }
.notes ol, .notes ul { margin: 0; padding-left: 1.5em; }
.result { font-weight: bold; }
.count { display: block; font-size: .75em; color: #444; }
.blank { display: inline-block; width: 12em; border-bottom: 1px solid #111; }
@media print {
  @page { size: A4 landscape; margin: 12mm; }
  body { margin: 0; font-size: 9pt; }
  .card { border: none; padding: 0; max-width: none; }
  th { background: none; }
  tr { page-break-inside: avoid; }
}
"""


def _cell(new: int, old: int | None, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    if old is not None and old != new:
        return f"<td{cls}><del>{old}</del> <ins>{new}</ins></td>"
    return f"<td{cls}>{new}</td>"


def canasta_counts(side: SideEntry) -> str:
    """A side's canastas as the table counted them: ``1 natural, 1 mixed``, ``1 natural-A`` for one counted by its rank (as the hand line writes it); empty for none."""
    counts = [f"{n} {kind.value.replace('_', ' ')}" for kind, n in side.canastas.items()]
    counts += [f"{n} natural-{rank.value}" for rank, n in side.rank_canastas.items()]
    return ", ".join(counts)


def _counts_html(counts: str | None) -> str:
    """Counts in the card, each kept on one line (``1&nbsp;mixed``): a narrow column breaks between counts, not inside one."""
    return html_text(counts or "").replace(" ", "&nbsp;").replace(",&nbsp;", ", ")


def _canasta_cell(new: int, old: int | None, counts: str, old_counts: str | None) -> str:
    """The canastas' bonus with, above it, the canastas counted (struck through and replaced where a correction changed them)."""
    shown = f"<del>{_counts_html(old_counts) or 'none'}</del> <ins>{_counts_html(counts) or 'none'}</ins>" if old_counts not in (None, counts) else _counts_html(counts)
    count = f'<span class="count">{shown}</span> ' if shown else ""
    value = f"<del>{old}</del> <ins>{new}</ins>" if old is not None and old != new else str(new)
    return f"<td>{count}{value}</td>"


def _clock(at: str, played: tuple[date, date] | None) -> str:
    """When a line was entered, as the card shows it: the local time (``20:15``), with the day where the card spans several; the
    log's text as it is where it is no time."""
    moment = local_time(at)
    if moment is None:
        return at
    if played is not None and played[0] == played[1]:
        return moment.strftime("%H:%M")
    return moment.strftime("%Y-%m-%d %H:%M")


def _date(played: tuple[date, date] | None) -> str:
    """The card's date: the day (or first and last day) the entries were made; a line to write it on where none says."""
    if played is None:
        return 'Date: <span class="blank"></span>'
    first, last = played
    if first == last:
        return f"Date: {first.isoformat()} <small>(the day the entries were made)</small>"
    return f"Date: {first.isoformat()} to {last.isoformat()} <small>(the days the entries were made)</small>"


def to_html(sheet: ScoreSheet) -> str:
    """A self-contained printable page (inline CSS, ``@media print``, no script, nothing fetched) laid out like a club's score card.

    A column group per side headed by its players' names; a row per hand, its
    number under "Hand", with the parts a table writes (the canastas as counted,
    ``1 natural, 1 mixed``, above their bonus; red threes, going out, melded and
    in-hand card points, penalties), the hand's "Score", the running total and the
    side's minimum for the next hand; a first row "Carried" with the totals
    carried in and the minimums they give for hand 1; a corrected value struck
    through beside the new one; the totals carried in with their note, the
    penalties with their rule and source, the warnings, the corrections and the
    hands' notes under the table. Dated by the entries: the day they were
    made, in the local time zone of the computer that writes it (a line to fill
    in by hand on a sheet with no entry). Every name and note is printable and HTML-escaped.
    """
    c = card(sheet)
    shown = parts(sheet.rules)
    per_side = len(shown) + 3
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>Score card: {html_text(c.title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        '<div class="card">',
        "<h1>Canasta score card</h1>",
        f'<p class="meta">{html_text(c.title)} (<code>{html_text(c.profile)}</code>), {c.players} players. '
        f'Players: {html_text(", ".join(c.names))}. <span class="result">{html_text(c.result[:1].upper() + c.result[1:])}</span>.<br>{_date(c.played)}</p>',
        "<table>",
        '<thead><tr><th class="hand" rowspan="2">Hand</th>'
        + "".join(f'<th class="side" colspan="{per_side}">{html_text(side)}</th>' for side in c.sides)
        + "</tr>",
        "<tr>"
        + "".join(
            "".join(f"<th>{part_label(sheet.rules, p)}</th>" for p in shown) + "<th>Score</th><th>Total</th><th>Next min.</th>"
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
            old_counts = canasta_counts(row.first_entry.sides[i]) if row.first_entry is not None else None
            for part in shown:
                before = getattr(old, part) if old is not None else None
                if part == "canastas":
                    cells.append(_canasta_cell(s.canastas, before, canasta_counts(row.entry.sides[i]), old_counts))
                else:
                    cells.append(_cell(getattr(s, part), before))
            cells += [_cell(s.total, old.total if old is not None else None), f'<td class="total">{t}</td>', f'<td class="min">{m}</td>']
        out.append("<tr>" + "".join(cells) + "</tr>")
    if not c.over:
        cells = [f'<td class="hand">{c.next_hand}</td>']
        for side, m in enumerate(c.minimums):
            text = f"next hand: {html_text(c.next_dealer)} deals" if side == 0 else ""
            cells.append(f'<td colspan="{per_side - 1}">{text}</td><td class="min">{m}</td>')
        out.append('<tr class="next">' + "".join(cells) + "</tr>")
    out.append(
        '<tr class="sum"><td class="hand">Total</td>'
        + "".join(f'<td colspan="{per_side - 2}"></td><td class="total">{t}</td><td></td>' for t in c.totals)
        + "</tr>"
    )
    out += ["</tbody>", "</table>", '<div class="notes">']
    if c.carried is not None:
        out.append(f"<p>{carried_text(c, html_text)}</p>")
    if c.penalties:
        out.append("<h2>Penalties</h2><ol>")
        for p in c.penalties:
            who = who_text(p.by, _clock(p.at, c.played), p.note, html_text)
            out.append(f"<li>{penalty_text(c, p, html_text)}" + (f" <small>({who})</small>" if who else "") + "</li>")
        out.append("</ol>")
    if c.warnings:
        out.append("<h2>Warnings</h2><ol>")
        for w in c.warnings:
            who = who_text(w.by, _clock(w.at, c.played), w.note, html_text)
            out.append(f"<li>{warning_text(c, w, html_text)}" + (f" <small>({who})</small>" if who else "") + "</li>")
        out.append("</ol>")
    if c.corrections:
        out.append("<h2>Corrections</h2><ol>")
        for x in c.corrections:
            who = who_text(x.by, _clock(x.at, c.played), x.note, html_text)
            out.append(f"<li>{correction_text(c, x, html_text)}" + (f" <small>({who})</small>" if who else "") + "</li>")
        out.append("</ol>")
    notes = hand_notes(attrs.evolve(c, rows=tuple(attrs.evolve(row, at=_clock(row.at, c.played)) for row in c.rows)), html_text)
    if notes:
        out.append("<h2>Notes</h2><ul>" + "".join(f"<li>{text}</li>" for text in notes) + "</ul>")
    out.append(f"<p>{next_line(c, html_text)}</p>")
    out += ["</div>", "</div>", "</body>", "</html>"]
    return "\n".join(out) + "\n"


__all__ = ["canasta_counts", "to_html"]
