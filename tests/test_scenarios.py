"""Runs every scenario in tests/scenarios/ through the scenario runner, and checks the runner itself."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.errors import ScenarioError
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
    """The four worked examples of docs/scenarios.md are real scenarios and pass."""
    text = DOCS.read_text(encoding="utf-8").split("## Worked examples", 1)[1]
    blocks = re.findall(r"```toml\n(.*?)```", text, re.S)
    assert len(blocks) == 4
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


# ---------------------------------------------------------------------------
# The melds expectation: a side's meld of a rank, stated exactly or in part
# ---------------------------------------------------------------------------

MELD_SCENARIO = """title = "melds"
rule = "001 §14 A"

[position]
variant = "{variant}"
players = 4
seat = 0
phase = "meld"
turns = 8

[position.hands]
0 = "{hand}"
1 = 11
2 = 11
3 = 11

[position.sides.0]
melds = [{melds}]

[[steps]]
action = "{action}"
melds = {expected}
"""


def meld_result(tmp_path: Path, expected: str, *, variant: str = "finnish", hand: str = "8S 8H 2C JK 9D KS", melds: str = '"8C 8D 8H"', action: str = "meld 8 n2") -> list[str]:
    """Run one step against a side 0 holding ``melds`` and return the failures (empty when the expectation holds)."""
    path = tmp_path / "melds.toml"
    path.write_text(MELD_SCENARIO.format(variant=variant, hand=hand, melds=melds, action=action, expected=expected), encoding="utf-8")
    (scenario,) = load_scenarios(path)
    return list(run_scenario(scenario).failures)


@pytest.mark.parametrize(
    "expected",
    [
        '{ 0 = { 8 = "n5" } }',  # exactly five eights, no wild card
        '{ 0 = { 8 = "n5", K = "none" }, 1 = { 8 = "none" } }',
        "{ 0 = { 8 = { naturals = 5 } } }",
        "{ 0 = { 8 = { cards = 5, wilds = 0, twos = 0, jokers = 0, canasta = false } } }",
        '{ 0 = { "8" = "n5" } }',
    ],
)
def test_a_meld_expectation_that_holds_passes(tmp_path: Path, expected: str) -> None:
    assert meld_result(tmp_path, expected) == []


@pytest.mark.parametrize(
    ("expected", "message"),
    [
        ('{ 0 = { 8 = "n6" } }', "side 0's meld of 8: expected exactly n6 (6 cards, no wild cards), got n5 (5 cards, no wild cards; not a canasta)"),
        ('{ 0 = { 8 = "n4 t1" } }', "expected exactly n4 t1 (5 cards, 1 wild card), got n5 (5 cards"),
        ('{ 0 = { 8 = "none" } }', "side 0's meld of 8: expected none, got n5 (5 cards, no wild cards; not a canasta)"),
        ('{ 0 = { K = "n3" } }', "side 0's meld of K: expected exactly n3 (3 cards, no wild cards), got no meld"),
        ('{ 1 = { 8 = "n5" } }', "side 1's meld of 8: expected exactly n5 (5 cards, no wild cards), got no meld"),
        ("{ 0 = { 8 = { cards = 6 } } }", "side 0's meld of 8: expected cards = 6, got n5 (5 cards"),
        ("{ 0 = { 8 = { naturals = 5, canasta = true } } }", "expected naturals = 5, canasta = true, got n5 (5 cards, no wild cards; not a canasta)"),
        ("{ 0 = { K = { cards = 3 } } }", "side 0's meld of K: expected cards = 3, got no meld"),
        ('{ 4 = { 8 = "n5" } }', "melds: 4 is not a side at this table (0 to 1)"),
    ],
)
def test_a_meld_expectation_that_fails_says_what_was_expected_and_what_the_meld_holds(tmp_path: Path, expected: str, message: str) -> None:
    failures = meld_result(tmp_path, expected)
    assert len(failures) == 1 and message in failures[0], failures
    assert failures[0].startswith("step 1 (meld 8 n2): ")


@pytest.mark.parametrize(
    ("action", "expected", "holds"),
    [
        ("meld 8 n2 t1 j1", '{ 0 = { 8 = { cards = 7, wilds = 2, canasta = "mixed" } } }', True),
        ("meld 8 n2 t1 j1", '{ 0 = { 8 = "n5 t1 j1" } }', True),
        ("meld 8 n2 t1 j1", '{ 0 = { 8 = { canasta = "natural" } } }', False),
        ("meld 8 n2 t1 j1", "{ 0 = { 8 = { twos = 2 } } }", False),
        ("meld 8 n2 t1 j1", "{ 0 = { 8 = { jokers = 1, twos = 1, naturals = 5 } } }", True),
    ],
)
def test_a_canasta_and_its_kind_are_stated_in_the_meld_expectation(tmp_path: Path, action: str, expected: str, holds: bool) -> None:
    """001 §15 A-B: seven cards make a canasta, mixed when it holds a wild card."""
    failures = meld_result(tmp_path, expected, action=action)
    assert (failures == []) is holds, failures
    if not holds:
        assert "got n5 t1 j1 (7 cards, 2 wild cards; a mixed canasta)" in failures[0]


def test_the_wild_card_meld_and_its_kind_under_a_profile_with_wild_canastas(tmp_path: Path) -> None:
    """Cuban RG: seven twos are a canasta of their own kind (pure_wild), worth 4000."""
    hand = "2C 2D 2H 2S 2C 2D 2H 9D KS 5C"
    assert meld_result(tmp_path, '{ 0 = { W = "t7" } }', variant="cuban", hand=hand, melds='"KC KD KH"', action="meld W t7") == []
    assert meld_result(tmp_path, '{ 0 = { W = { canasta = "pure_wild" } } }', variant="cuban", hand=hand, melds='"KC KD KH"', action="meld W t7") == []
    failures = meld_result(tmp_path, '{ 0 = { W = { canasta = "wild" } } }', variant="cuban", hand=hand, melds='"KC KD KH"', action="meld W t7")
    assert "side 0's meld of W: expected canasta = wild, got t7 (7 cards, 7 wild cards; a pure_wild canasta)" in failures[0]


@pytest.mark.parametrize(
    ("expected", "problem"),
    [
        ('{ 0 = { 8 = "six" } }', "melds.0.8: 'six' is not a meld's contents"),
        ('{ 0 = { 2 = "n3" } }', "melds.0.2: twos and jokers are wild cards"),
        ('{ 0 = { X = "n3" } }', "melds.0.X: 'X' is not a rank"),
        ("{ 0 = { 8 = { card = 5 } } }", "melds.0.8: unknown key 'card'; did you mean 'cards'?"),
        ('{ 0 = { 8 = { canasta = "dirty" } } }', "melds.0.8.canasta: expected true, false or a kind (natural, mixed, wild, pure_wild, every_joker)"),
        ("{ 0 = { 8 = { naturals = -1 } } }", "melds.0.8.naturals: expected a number of cards from 0 to 999"),
        ("{ 0 = { 8 = 5 } }", "melds.0.8: expected the meld's counts"),
        ('{ 0 = "n5" }', "melds.0: expected a table of melds by rank"),
        ('{ side = { 8 = "n5" } }', "melds: expected a table keyed by side number"),
    ],
)
def test_a_malformed_meld_expectation_makes_the_file_malformed_with_its_place(tmp_path: Path, expected: str, problem: str) -> None:
    path = tmp_path / "melds.toml"
    path.write_text(MELD_SCENARIO.format(variant="finnish", hand="8S 8H 9D KS", melds='"8C 8D 8H"', action="meld 8 n2", expected=expected), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenarios(path)
    assert any(problem in p for p in info.value.problems), info.value.problems
