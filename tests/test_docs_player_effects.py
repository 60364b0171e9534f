"""docs/effects-by-player.md and its section of docs/effects.md: the verdicts, the section kept, the page's form.

The page's command (``python -m canasta.simulation.player_effects``) plays the largest rule effects again with the
search bot in every seat, an hour of work; the suite runs it with a few hands and checks the page has its form.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from canasta.simulation import effects_page, player_effects
from canasta.simulation.player_effects import BEGIN, END, Remeasured, section_of, splice
from canasta.simulation.results import RuleEffect
from canasta.simulation.stats import Difference

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "effects-by-player.md"
EFFECTS = ROOT / "docs" / "effects.md"
METRICS = ("duration.turns", "score.mean")


def _diff(mean: float, half: float) -> Difference:
    return Difference(mean=mean, low=mean - half, high=mean + half, n=100, significant=abs(mean) > half)


def _case(heuristic: tuple[float, float], other: tuple[float, float]) -> Remeasured:
    effect = RuleEffect(key="a.rule", a="1", b="2", differences=(_diff(*heuristic), _diff(0.0, 1.0)), size=1.0, driver="duration.turns")
    return Remeasured(pair=("finnish", "swedish-club"), effect=effect, other=(_diff(*other), _diff(0.0, 1.0)), metrics=METRICS)


@pytest.mark.parametrize(
    ("heuristic", "other", "sign", "size", "precise"),
    [
        ((10.0, 1.0), (9.0, 2.0), "kept", "the same", True),
        ((10.0, 1.0), (4.0, 2.0), "kept", "smaller", True),
        ((10.0, 1.0), (15.0, 2.0), "kept", "larger", True),
        ((10.0, 1.0), (-6.0, 2.0), "reversed", "smaller", True),
        ((10.0, 1.0), (1.0, 3.0), "not shown", "smaller", True),
        ((10.0, 1.0), (3.0, 8.0), "not shown", "the same", False),
    ],
)
def test_each_effect_gets_its_verdict(heuristic: tuple[float, float], other: tuple[float, float], sign: str, size: str, precise: bool) -> None:
    r = _case(heuristic, other)
    assert (r.sign, r.size, r.precise) == (sign, size, precise)
    if not precise:
        assert r.hands_needed == pytest.approx(100 * (other[1] / (heuristic[0] / 2)) ** 2, abs=1)


def test_the_summary_tells_what_holds_what_depends_on_the_player_and_what_is_undecided() -> None:
    held, reversed_, undecided = _case((10.0, 1.0), (9.0, 2.0)), _case((10.0, 1.0), (-6.0, 2.0)), _case((10.0, 1.0), (3.0, 8.0))
    text = "\n".join(player_effects.summary([held, reversed_, undecided], "search", 100))
    assert "1 of the 3 largest" in text
    assert "- Depend on the player (" in text and "(finnish → swedish-club: reversed, smaller)" in text
    assert "- Undecided (" in text and "not shown, the same" in text


def test_the_section_is_added_replaced_and_read_back() -> None:
    page = "# Page\n\nText.\n"
    once = splice(page, ["## Section", "", "one"])
    assert once.startswith(page) and once.endswith(f"{BEGIN}\n## Section\n\none\n{END}\n")
    assert section_of(once) == ["## Section", "", "one"]
    twice = splice(once + "After.\n", ["## Section", "", "two"])
    assert section_of(twice) == ["## Section", "", "two"] and twice.endswith(f"{END}\nAfter.\n") and twice.count(BEGIN) == 1
    assert section_of(page) is None


def test_rewriting_effects_md_keeps_the_section_the_other_command_wrote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "effects.md"
    out.write_text(splice("# Old page\n", ["## Which conclusions depend on the player", "", "kept"]), encoding="utf-8")

    def federations(args: argparse.Namespace, options: object) -> str:
        return "# New page\n"

    monkeypatch.setattr(effects_page, "_federations", federations)
    assert effects_page.main(["--hands", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# New page\n") and section_of(text) == ["## Which conclusions depend on the player", "", "kept"]


def test_docs_effects_md_carries_the_section_of_the_page() -> None:
    section = section_of(EFFECTS.read_text(encoding="utf-8"))
    assert section is not None and section[0] == "## Which conclusions depend on the player"
    page = PAGE.read_text(encoding="utf-8")
    summary = page.partition("## Summary\n\n")[2].partition("\n\n## ")[0]
    assert summary and summary in "\n".join(section)


NUMBER = re.compile(r"[−+-]?\d[\d,]*(?:\.\d+)?")


def _heads(text: str, bots: str) -> list[str]:
    """The headings and table heads, numbers and the other player's name left out: the form of the page."""
    lines = text.splitlines()
    out = [line for line in lines if line.startswith("#")]
    out += [
        NUMBER.sub("N", line).replace(f"| {bots} |", "| BOTS |")
        for i, line in enumerate(lines[:-1])
        if line.startswith("|") and lines[i + 1].startswith("|---")
    ]
    return out


def test_docs_effects_by_player_md_has_the_form_its_command_writes(tmp_path: Path) -> None:
    """The page's command, run small (one pair, two rules, search-quick, a few hands), writes the page's headings and table heads."""
    page = PAGE.read_text(encoding="utf-8")
    generated = re.search(r"Generated by `python -m canasta\.simulation\.player_effects ([^`]*)`", page)
    assert generated is not None
    argv = generated.group(1).split()
    assert argv[argv.index("--out") + 1] == "docs/effects-by-player.md"
    assert [argv[i + 1] for i, a in enumerate(argv) if a == "--pair"] == ["finnish,swedish-club", "modern-american,finnish"]
    effects = tmp_path / "effects.md"
    effects.write_text("# Effects\n", encoding="utf-8")
    out = tmp_path / "effects-by-player.md"
    small = ["--pair", "finnish,swedish-club", "--top", "2", "--bots", "search-quick", "--hands", "2", "--reference-hands", "4"]
    small += ["--departure-hands", "1", "--workers", "1", "--out", str(out), "--effects", str(effects)]
    assert player_effects.main(small) == 0
    assert _heads(out.read_text(encoding="utf-8"), "search-quick") == _heads(page, argv[argv.index("--bots") + 1])
    assert section_of(effects.read_text(encoding="utf-8")) is not None


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--pair", "finnish"], "expected two profiles"),
        (["--pair", "finnish,dutch", "--hands", "1"], "--hands 1: expected at least 2"),
        (["--pair", "finnish,dutch", "--top", "0"], "--top 0: expected at least 1"),
        (["--pair", "finnish,dutch", "--bots", "heuristic"], "expected one of the search bot's levels"),
        (["--pair", "finnish,dutch", "--bots", "serch"], "expected one of the search bot's levels"),
    ],
)
def test_the_command_refuses_bad_arguments_with_a_message(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        player_effects.main(argv)
    assert message in capsys.readouterr().err
