"""Rendering simulation and comparison results as plain text, Markdown or JSON.

A report is a list of sections, paragraphs and tables, built once from the
result object and written out by :func:`render_text` or
:func:`render_markdown`; the command line draws the same tables with rich
when its output is a terminal. JSON is the result's own ``to_json()``.

Means are shown with their 95% confidence interval in brackets; a paired
difference as ``+d ±h`` (the paired t interval is symmetric), marked ``*``
when the interval excludes zero. Shares are percentages and their
differences percentage points. How a metric's values are shown (scale,
decimals, suffix) is its :class:`~canasta.simulation.metrics.Unit`'s, read
from the metric's one declaration (:mod:`canasta.simulation.metrics`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from canasta.errors import ArgumentError, shown_text, shown_value
from canasta.textfiles import FORMATS

from .metrics import ENDINGS, SCORE_PARTS, Group, Metric, Unit, find
from .options import Mode
from .results import ComparisonResult, ComparisonRow, RuleEffects, SimulationResult, SkipReason
from .stats import Difference, Estimate


@attrs.frozen(kw_only=True)
class Paragraph:
    """Lines of text."""

    lines: tuple[str, ...]
    """Its lines, in order."""


@attrs.frozen(kw_only=True)
class Row:
    """A row of a :class:`Table`."""

    cells: tuple[str, ...]
    """One per column (a heading row: one)."""
    heading: bool = False
    """A group heading spanning the table: only the first cell is used."""


@attrs.frozen(kw_only=True)
class Table:
    """A table with a title, column heads, rows and notes under it."""

    title: str
    """Its title, above it."""
    columns: tuple[str, ...]
    """The column heads."""
    rows: tuple[Row, ...]
    """Its rows, group headings among them."""
    notes: tuple[str, ...] = ()
    """Lines under it."""
    left: int = 1
    """How many leading columns hold words (left-aligned); the rest hold numbers (right-aligned)."""


Section = Paragraph | Table
"""A part of a report: the text and Markdown writers and the command line's rich tables draw a list of them."""


# -- numbers ---------------------------------------------------------------------------------------------------------------


def number(value: float, unit: Unit, *, signed: bool = False) -> str:
    """A value in its unit's display form: shares as percentages, points to one decimal."""
    v = value * unit.scale
    text = f"{v:+,.{unit.decimals}f}" if signed else f"{v:,.{unit.decimals}f}"
    return text.replace("-", "−")


def show_estimate(e: Estimate | None, unit: Unit) -> str:
    """``mean [low, high]``; ``n/a`` for a missing metric."""
    if e is None:
        return "n/a"
    signed = unit is Unit.EDGE
    head = number(e.mean, unit, signed=signed) + unit.suffix
    if e.low is None or e.high is None:
        return head
    return f"{head} [{number(e.low, unit, signed=signed)}, {number(e.high, unit, signed=signed)}]"


def show_difference(d: Difference | None, unit: Unit) -> str:
    """``+d ±h`` with ``*`` when significant; shares in percentage points."""
    if d is None:
        return "n/a"
    diff_unit = unit.difference
    head = number(d.mean, diff_unit, signed=True)
    if d.low is None or d.high is None:
        return head + diff_unit.suffix
    half = (d.high - d.low) / 2
    return f"{head} ±{number(half, diff_unit)}{diff_unit.suffix}{' *' if d.significant else ''}"


# -- simulate --------------------------------------------------------------------------------------------------------------


def _idle(key: str, estimates: Sequence[Estimate | None]) -> bool:
    """A :attr:`~canasta.simulation.metrics.Metric.rare` row that is zero everywhere (no wild-card canastas, 004 opt b; no special hand): left out."""
    return find(key).rare and all(e is None or (e.mean == 0.0 and e.sd == 0.0) for e in estimates)


def _estimate(r: SimulationResult, key: str) -> Estimate | None:
    """The estimate of a metric of ``r``, or None where it has none (a result read from JSON written before the metric existed)."""
    return next((m.estimate for m in r.metrics if m.key == key), None)


_BALANCE_NOTE = (
    "First side: the side of the player who plays first, the dealer's left (001 §9). First-player advantage: "
    "its share of the wins (a shared best score counts as a share) minus 1/number of sides; 0 means no edge."
)


def _bots(seats: Sequence[str]) -> str:
    """``heuristic in every seat``, or each seat's bot."""
    if len(set(seats)) == 1:
        return f"{seats[0]} in every seat"
    return ", ".join(f"seat {i}: {name}" for i, name in enumerate(seats))


def counted(n: int, one: str, many: str) -> str:
    """``1 hand``, ``2 hands``: a count with its noun in the right number."""
    return f"{n:,} {one if n == 1 else many}"


def _what(r: SimulationResult) -> str:
    s = r.settings
    cap = counted(s.hand_cap, "hand", "hands")
    unit = (
        counted(s.count, "single hand from a score of zero", "single hands from a score of zero")
        if s.mode is Mode.HANDS
        else counted(s.count, f"match to the target (cut off after {cap})", f"matches to the target (cut off after {cap})")
    )
    return f"{unit}, {s.players} players, seed {s.seed}, {_bots(s.bots)}"


def _speed(r: SimulationResult) -> str:
    t = r.timing
    return (
        f"Played {counted(r.hands, 'hand', 'hands')} in {t.wall_seconds:,.1f} s: {t.hands_per_second:,.0f} hands per second on "
        f"{counted(t.workers, 'worker', 'workers')} ({t.executor}); {t.decisions_per_core_second:,.0f} bot decisions per core-second."
    )


def simulation_report(r: SimulationResult) -> list[Section]:
    """The summary of one profile: metrics by group, the score parts per side, how hands ended, wins."""
    lines = [f"{r.profile} ({r.title}): {_what(r)}", _speed(r)]
    if r.settings.mode is Mode.GAMES:
        lines.append(f"{r.capped:,} of {r.units:,} matches were cut off at {r.settings.hand_cap} hands before a side reached the target.")
    blocks: list[Section] = [Paragraph(lines=tuple(lines))]
    rows: list[Row] = []
    for group in Group:
        shown = [m for m in r.metrics if m.group is group and group not in (Group.SIDE, Group.ENDING) and not _idle(m.key, [m.estimate])]
        if shown:
            rows.append(Row(cells=(group.heading,), heading=True))
            rows += [Row(cells=(m.label, show_estimate(m.estimate, m.unit))) for m in shown]
    blocks.append(
        Table(
            title="Summary (mean [95% confidence interval])", columns=("metric", "mean [95% CI]"), rows=tuple(rows), notes=(_BALANCE_NOTE,)
        )
    )
    parts = []
    for part in SCORE_PARTS:
        key = part.key
        if _estimate(r, f"score.{key}") is None or _idle(f"score.{key}", [_estimate(r, f"score.{key}")]):
            continue  # a part a result read from older JSON does not have, or a rare one that is zero
        cells = [part.label]
        for k in range(r.sides):
            cells.append(show_estimate(r.metric(f"score.{key}.side{k}").estimate, Unit.POINTS))
        cells.append(show_estimate(r.metric(f"score.{key}").estimate, Unit.POINTS))
        parts.append(Row(cells=tuple(cells)))
    blocks.append(
        Table(
            title="Score per hand and its parts (HandScore)",
            columns=("part", *(f"side {k}" for k in range(r.sides)), "mean of sides"),
            rows=tuple(parts),
        )
    )
    ended = [
        Row(cells=(label, f"{r.endings.get(t.value, 0):,}", show_estimate(_estimate(r, f"ended.{t.value}"), Unit.SHARE)))
        for t, label in ENDINGS.items()
        if _estimate(r, f"ended.{t.value}") is not None and not _idle(f"ended.{t.value}", [_estimate(r, f"ended.{t.value}")])
    ]
    blocks.append(Table(title="How hands ended", columns=("ending", "hands", "share [95% CI]"), rows=tuple(ended)))
    games = r.settings.mode is Mode.GAMES
    wins = [Row(cells=(f"side {k}", f"{r.hand_wins[k]:,}", *_match_wins(r, k))) for k in range(r.sides)]
    wins.append(Row(cells=("drawn", f"{r.hand_draws:,}", *((f"{r.match_draws or 0:,}",) if games else ()))))
    if games:
        wins.append(Row(cells=("cut off at the hand cap", "", f"{r.capped:,}")))
    wins += [Row(cells=(f"seat {seat} (side {seat % r.sides})", f"{n:,}", *(("",) if games else ()))) for seat, n in enumerate(r.seat_wins)]
    blocks.append(
        Table(
            title="Wins by side and seat (a seat wins when its side does)",
            columns=("", "hands won", *(("matches won",) if games else ())),
            rows=tuple(wins),
            notes=(f"Ludii balance (1 = the sides win equally often): {r.balance:.3f}",),
        )
    )
    return blocks


def _match_wins(r: SimulationResult, side: int) -> tuple[str, ...]:
    return (f"{r.match_wins[side]:,}",) if r.match_wins is not None else ()


# -- compare ---------------------------------------------------------------------------------------------------------------


def _deal_note(c: ComparisonResult) -> str:
    others = c.profiles[1:]
    same = [p for p, s in zip(others, c.same_deal[1:], strict=True) if s]
    differ = [p for p, s in zip(others, c.same_deal[1:], strict=True) if not s]
    parts = []
    if same:
        parts.append(f"{', '.join(same)} {'deals' if len(same) == 1 else 'deal'} the same cards as {c.profiles[0]} on every seed")
    if differ:
        parts.append(
            f"{', '.join(differ)} {'uses' if len(differ) == 1 else 'use'} another deck or hand size, so the same seeds deal other cards "
            "(still paired by seed)"
        )
    return "; ".join(parts) + "."


def comparison_report(c: ComparisonResult, *, details: bool = False, timing: bool = True) -> list[Section]:
    """Every metric side by side with its 95% CI, and each difference from the first profile with its paired CI.

    ``details`` adds every score part of each side; ``timing`` false leaves out how long it took (for generated pages).
    """
    s = c.settings
    first = c.results[0]
    lines = [
        f"Comparing {', '.join(c.profiles)}: {_what(first)}; every profile plays the same seeds.",
        _deal_note(c),
    ]
    if timing:
        lines.append(
            f"Played {counted(c.timing.hands, 'hand', 'hands')} in {c.timing.wall_seconds:,.1f} s on "
            f"{counted(c.timing.workers, 'worker', 'workers')} ({c.timing.executor})."
        )
    if s.mode is Mode.GAMES:
        lines.append("Matches cut off at the hand cap: " + ", ".join(f"{r.profile} {r.capped:,} of {r.units:,}" for r in c.results) + ".")
    columns = ("metric", *c.profiles, *(f"{p} − {c.profiles[0]}" for p in c.profiles[1:]))
    rows: list[Row] = []
    for group in Group:
        shown = [r for r in c.rows if r.group is group and (details or not find(r.key).detail) and not _idle(r.key, r.estimates)]
        if shown:
            rows.append(Row(cells=(group.heading,), heading=True))
            rows += [_comparison_row(r) for r in shown]
    blocks: list[Section] = [
        Paragraph(lines=tuple(lines)),
        Table(
            title="Each metric: mean [95% CI]; difference from the first profile: +d ±95% CI of the paired difference",
            columns=columns,
            rows=tuple(rows),
            notes=(
                "* the paired difference is significant at the 5% level (its interval excludes 0; not corrected for the number of metrics).",
                _BALANCE_NOTE,
            ),
        ),
    ]
    if c.by_rule is not None:
        blocks += by_rule_report(c.by_rule)
    return blocks


def _comparison_row(r: ComparisonRow) -> Row:
    return Row(cells=(r.label, *(show_estimate(e, r.unit) for e in r.estimates), *(show_difference(d, r.unit) for d in r.differences)))


def _short(metric: Metric) -> str:
    """The metric's head in the ``--by-rule`` table."""
    return metric.headline.short if metric.headline is not None else metric.label.strip()


_OTHER_COUNTS = "values for another player count than the one played"
"""How the by-rule report groups the values of split per-player keys for other player counts."""


def by_rule_report(e: RuleEffects) -> list[Section]:
    """Each single rule difference's effect on the headline metrics, largest first, and the skipped ones with the reason."""
    metrics = [find(k) for k in e.metrics]
    units = [m.unit for m in metrics]
    rows = [Row(cells=("all differences together", f"{e.base} → {e.target}", *_effects(e.total.differences, units), ""))]
    rows += [
        Row(cells=(x.key, f"{x.a} → {x.b}", *_effects(x.differences, units), f"{x.size:.2f} {_short(find(x.driver)).split(' (')[0]}"))
        for x in e.effects
    ]
    blocks: list[Section] = [
        Table(
            title=f"Rule by rule: {e.base} with one rule set to {e.target}'s value, same seeds; effect = that profile − {e.base}",
            columns=("rule", "change", *(_short(m) for m in metrics), "size (SD)"),
            rows=tuple(rows),
            left=2,
            notes=(
                "Each cell: mean paired difference ±95% CI; * the interval excludes 0. pp: percentage points of hands.",
                "Sorted by size: the largest effect on any of these metrics, in standard deviations of that metric.",
                "Single effects need not add up to the total: rules interact.",
            ),
        )
    ]
    if e.skipped:
        groups: dict[str, list[str]] = {}
        for x in e.skipped:
            if x.kind is SkipReason.OTHER_PLAYER_COUNT:
                groups.setdefault(_OTHER_COUNTS, []).append(x.key)
            else:
                groups.setdefault(x.reason, []).append(f"{x.key} ({x.a} → {x.b})")
        lines = ["Rule differences not simulated:"] + [f"- {reason}: {', '.join(keys)}" for reason, keys in groups.items()]
        blocks.append(Paragraph(lines=tuple(lines)))
    return blocks


def _effects(diffs: Sequence[Difference], units: Sequence[Unit]) -> list[str]:
    return [show_difference(d, u).replace(" pp", "") for d, u in zip(diffs, units, strict=True)]


# -- writers ---------------------------------------------------------------------------------------------------------------


def render_text(blocks: Sequence[Section]) -> str:
    """Plain text: paragraphs, then each table with aligned columns and its notes."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out += [*block.lines, ""]
            continue
        widths = [len(c) for c in block.columns]
        for row in block.rows:
            if not row.heading:
                widths = [max(w, len(cell)) for w, cell in zip(widths, row.cells, strict=False)]
        out.append(block.title)
        out.append("  ".join(c.ljust(w) for c, w in zip(block.columns, widths, strict=True)).rstrip())
        out.append("  ".join("-" * w for w in widths))
        for row in block.rows:
            if row.heading:
                out.append(row.cells[0])
            else:
                cells = [c.ljust(w) if i < block.left else c.rjust(w) for i, (c, w) in enumerate(zip(row.cells, widths, strict=False))]
                out.append("  ".join(cells).rstrip())
        out += [*block.notes, ""]
    return "\n".join(out).rstrip() + "\n"


def _md(text: str) -> str:
    return text.replace("|", "\\|")


def render_markdown(blocks: Sequence[Section]) -> str:
    """Markdown: paragraphs as text, tables as pipe tables with group headings in bold."""
    out: list[str] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            out += [*(f"{line}  " for line in block.lines[:-1]), block.lines[-1], ""]
            continue
        out += [f"**{_md(block.title)}**", ""]
        out.append("| " + " | ".join(_md(c) or " " for c in block.columns) + " |")
        out.append("|" + "|".join("---" if i < block.left else "---:" for i in range(len(block.columns))) + "|")
        for row in block.rows:
            if row.heading:
                out.append(f"| **{_md(row.cells[0])}** |" + " |" * (len(block.columns) - 1))
            else:
                out.append("| " + " | ".join(_md(c) for c in row.cells) + " |")
        out.append("")
        out += [f"{_md(n)}  " for n in block.notes[:-1]]
        if block.notes:
            out += [_md(block.notes[-1]), ""]
    return "\n".join(out).rstrip() + "\n"


def render(result: SimulationResult | ComparisonResult, fmt: str = "text", *, details: bool = False) -> str:
    """A result as ``text``, ``markdown`` or ``json``; :class:`canasta.ArgumentError` for another format or a value that is no result.

    ``details``: every score part of each side in a comparison.
    """
    if not isinstance(result, SimulationResult | ComparisonResult):
        raise ArgumentError(f"render(result=...): expected a SimulationResult or a ComparisonResult, got {shown_value(result)}")
    name = shown_text(fmt) if isinstance(fmt, str) else None
    if name not in FORMATS:
        raise ArgumentError(f"render(fmt=...): unknown format {shown_value(fmt)}; use one of {', '.join(FORMATS)}")
    if name == "json":
        return result.to_json()
    blocks = simulation_report(result) if isinstance(result, SimulationResult) else comparison_report(result, details=bool(details))
    return render_text(blocks) if name == "text" else render_markdown(blocks)
