"""Speed figures in the docs say what they apply to, and agree from page to page.

A figure without its job, engine and date misleads: "about 2.5 times as fast"
was the engine's decision loop alone, where a user running ``canasta compare``
gains about 1.3 times. Every figure quoted on more than one page is listed
here with its date and the pages that quote it; each quote must carry the date
on its table row, or in its paragraph, and the name of the engine it measured.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FIGURES: dict[str, tuple[str, tuple[str, ...]]] = {
    # canasta compare finnish swedish-club --hands 2000, whole command, heuristic bots, 2 workers
    "13.3–13.4": ("2026-11-24", ("README.md", "docs/compare.md", "docs/simulation.md", "benchmarks/README.md")),
    "10.1–10.6": ("2026-11-24", ("README.md", "docs/compare.md", "docs/simulation.md", "benchmarks/README.md")),
    "25.0–26.4": ("2026-11-25", ("README.md", "docs/compare.md", "docs/simulation.md", "benchmarks/README.md")),
    "19.8–22.2": ("2026-11-25", ("README.md", "docs/compare.md", "docs/simulation.md", "benchmarks/README.md")),
    # bench_compiled.py: the engine's decision loop alone, compiled / pure
    "2.65–2.91": ("2026-11-23", ("README.md", "benchmarks/README.md")),
    "2.1–2.2": ("2026-11-24", ("README.md", "docs/compare.md", "docs/simulation.md", "benchmarks/README.md")),
    "2.83–3.23": ("2026-11-23", ("README.md",)),
    "2,857–3,194": ("2026-11-23", ("README.md",)),
    "1,069–1,131": ("2026-11-23", ("README.md",)),
}
"""A figure, the date it was measured, and the pages that quote it."""

ENGINES = ("pure", "compiled")
STALE = ("2.5 times as fast", "about 15 seconds", "took 14.8 s\non a fresh")
"""Claims that no longer hold, or never said what they applied to."""


def _units(text: str) -> list[str]:
    """A page cut into the places a figure's context must be in: each table row, and each other paragraph."""
    units: list[str] = []
    for paragraph in text.split("\n\n"):
        lines = paragraph.splitlines()
        rows = [line for line in lines if line.startswith("|")]
        units += rows
        rest = "\n".join(line for line in lines if not line.startswith("|"))
        if rest.strip():
            units.append(rest)
    return units


def _table_head(text: str, row: str) -> str:
    """The head of the table a row is in (it names the engines of the columns)."""
    lines = text.splitlines()
    i = lines.index(row)
    while i > 0 and lines[i - 1].startswith("|"):
        i -= 1
    return lines[i] + "\n" + "\n".join(lines[max(0, i - 6) : i])


@pytest.mark.parametrize("figure", sorted(FIGURES))
def test_every_quoted_speed_figure_carries_its_date_and_engine(figure: str) -> None:
    date, pages = FIGURES[figure]
    for page in pages:
        text = (ROOT / page).read_text(encoding="utf-8")
        units = [u for u in _units(text) if figure in u]
        assert units, f"{page} no longer quotes {figure}; update FIGURES (and every other page) together"
        for unit in units:
            context = unit + (_table_head(text, unit) if unit.startswith("|") else "")
            assert date in context, f"{page}: {figure} without its date {date}"
            assert any(engine in context for engine in ENGINES), f"{page}: {figure} without the engine it measured"


def test_no_page_keeps_a_speed_claim_that_does_not_hold() -> None:
    for page in ["README.md", "benchmarks/README.md", *(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))]:
        text = (ROOT / page).read_text(encoding="utf-8")
        for claim in STALE:
            assert claim not in text, f"{page}: {claim!r}"
