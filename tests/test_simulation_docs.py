"""The 2,000-hand figures that docs/compare.md quotes are those of docs/effects.md, the page generated from that run.

A 2,000-hand comparison takes minutes, too long for the suite, so compare.md
shows quick runs that tests/test_doc_examples.py executes, and quotes the
2,000-hand figures from effects.md (``python -m canasta.simulation.effects_page
--hands 2000 --seed 0``, the same computation as ``canasta compare finnish
swedish-club --hands 2000 [--by-rule]``). This test keeps the quotes equal to
the page they come from.
"""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def _by_rule_row(effects: str, key: str) -> list[str]:
    row = next(line for line in effects.splitlines() if line.startswith(f"| {key} |"))
    return [cell.strip() for cell in row.strip("|").split("|")]


def test_compare_md_quotes_the_2000_hand_figures_of_effects_md() -> None:
    compare = " ".join((DOCS / "compare.md").read_text(encoding="utf-8").split())
    effects = (DOCS / "effects.md").read_text(encoding="utf-8")
    assert "--hands 2000 --seed 0" in effects
    headline = next(line for line in effects.splitlines() if line.startswith("| `swedish-club` |"))
    turns, score = (re.search(r"<sub>([+−][\d,.]+ ±[\d,.]+) \*</sub>", cell).group(1) for cell in headline.split("|")[2:4])  # type: ignore[union-attr]
    assert turns == "+5.9 ±0.5" and score == "+194.3 ±14.5"
    assert "last 5.9 ±0.5 turns longer and each side scores 194.3 ±14.5 points more" in compare
    required = _by_rule_row(effects, "going_out.canastas_required.4")
    pile = _by_rule_row(effects, "discard_pile.add_top_card_to_meld")
    assert required[2] == "+9.8 ±0.5 *" and pile[2] == "−2.7 ±0.5 *"
    assert "make a hand 9.8 ±0.5 turns longer" in compare and "shortens it by 2.7 ±0.5 turns" in compare
