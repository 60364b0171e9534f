"""Runs every scenario in tests/scenarios/ through the scenario runner, and checks the runner itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.scenarios import load_scenarios, run_scenario, scenario_files
from canasta.scenarios.format import Scenario

ROOT = Path(__file__).parent / "scenarios"
DOCS = Path(__file__).parents[1] / "docs" / "scenarios.md"


def _all() -> list[Scenario]:
    return [s for path in scenario_files([ROOT]) for s in load_scenarios(path)]


SCENARIOS = _all()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{Path(s.path).relative_to(ROOT)}#{s.index}" for s in SCENARIOS])
def test_scenario(scenario: Scenario) -> None:
    result = run_scenario(scenario)
    assert result.passed, f"{scenario.title} [{scenario.rule}]\n" + "\n".join(result.failures)


def test_docs_worked_examples_run_unchanged(tmp_path: Path) -> None:
    """The three worked examples of docs/scenarios.md are real scenarios and pass."""
    text = DOCS.read_text(encoding="utf-8").split("## Worked examples", 1)[1]
    blocks = re.findall(r"```toml\n(.*?)```", text, re.S)
    assert len(blocks) == 3
    for i, block in enumerate(blocks):
        path = tmp_path / f"example{i}.toml"
        path.write_text(block, encoding="utf-8")
        for scenario in load_scenarios(path):
            result = run_scenario(scenario)
            assert result.passed, result.failures


def test_runner_exit_codes_and_closing_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = ROOT / "examples" / "frozen_pile_wild_and_natural.toml"
    assert main(["scenarios", "run", str(good)]) == 0
    assert capsys.readouterr().out.strip().endswith("1 passed, 0 failed")

    failing = tmp_path / "failing.toml"
    failing.write_text(good.read_text(encoding="utf-8").replace('expect = "illegal"\nrule = "discard_pile.frozen"', 'expect = "ok"'), encoding="utf-8")
    assert main(["scenarios", "run", str(failing)]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "001 §14 B" in out and "expected 'take n1 t1' to be legal" in out
    assert out.strip().endswith("0 passed, 1 failed")

    broken = tmp_path / "broken.toml"
    broken.write_text('title = "x"\nrule = "001 §1"\n[position]\nvariant = "finnish"\n[[steps]]\naction = "fly away"\n', encoding="utf-8")
    assert main(["scenarios", "run", str(broken), str(good)]) == 2
    captured = capsys.readouterr()
    assert "broken.toml" in captured.err and "unknown action 'fly'" in captured.err
    assert "Traceback" not in captured.err + captured.out


def test_bad_position_is_a_failure_with_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(
        'title = "bad"\nrule = "x"\n[position]\nvariant = "finnish"\nplayers = 4\nseaat = 1\n'
        '[position.hands]\n0 = "AS AS AS"\n1 = 11\n2 = 11\n3 = 11\n'
        '[position.sides.0]\nmelds = ["KC QC JC"]\n[[steps]]\naction = "draw"\n',
        encoding="utf-8",
    )
    (scenario,) = load_scenarios(path)
    result = run_scenario(scenario)
    text = "\n".join(result.failures)
    assert "seaat: unknown key; did you mean 'seat'?" in text
    assert "AS appears 3 times, but the deck holds 2" in text
    assert "a meld holds one rank" in text


TOPICS = Path(__file__).resolve().parents[1] / "docs" / "rule-topics.md"
"""The project's index of rule topics: one row per topic, in sections A to O."""


def topic_rows(first: str = "B", last: str = "N") -> list[str]:
    """The topics of docs/rule-topics.md sections ``first`` to ``last`` as ``"E: One-card rule"``."""
    rows: list[str] = []
    section = ""
    for line in TOPICS.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^## ([A-Z])\. ", line)
        if heading:
            section = heading.group(1)
            continue
        if first <= section <= last and line.startswith("| ") and not line.startswith(("| Parameter", "| Penalty", "|---")):
            param = line.split("|")[1].strip().replace("**", "")
            rows.append(f"{section}: {param}")
    return rows


def test_every_rule_topic_b_to_n_is_cited_by_a_scenario() -> None:
    cited = {row for s in SCENARIOS for row in s.matrix}
    rows = topic_rows()
    assert len(rows) > 90, "docs/rule-topics.md lost its tables"
    unknown = sorted(cited - set(topic_rows("A", "O")))
    assert not unknown, f"scenarios cite topics that are not in docs/rule-topics.md: {unknown}"
    missing = [row for row in rows if row not in cited]
    assert not missing, f"{len(missing)} rule topics have no scenario: {missing}"


def test_at_least_150_scenarios() -> None:
    assert len(SCENARIOS) >= 150


def test_a_folder_without_scenarios_is_an_error_not_a_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A mistyped or empty folder cannot pass a CI step: exit 2 and the folder named, also next to a good file."""
    empty = tmp_path / "empty"
    empty.mkdir()
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "readme.txt").write_text("no scenarios here", encoding="utf-8")
    good = ROOT / "examples" / "frozen_pile_wild_and_natural.toml"
    for paths in ([empty], [tmp_path / "notes"], [empty, good], [tmp_path / "no-such-folder"]):
        assert main(["scenarios", "run", *map(str, paths)]) == 2
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err
        assert str(paths[0]) in captured.err
