"""One typed error family, and a scenario runner that is quiet by default and never shows a traceback."""

from __future__ import annotations

import os
import pickle
import re
from pathlib import Path

import pytest

import canasta
from canasta.cli.main import main
from canasta.core.table import UnsupportedPlayerCount
from canasta.errors import (
    CanastaError,
    DataError,
    IllegalActionError,
    NotationError,
    PositionError,
    RecordError,
    ReplayError,
    ScenarioError,
)
from canasta.scenarios import ScenarioFormatError, load_scenarios
from canasta.variants import VariantError

DOC = Path(__file__).parents[1] / "docs" / "errors.md"
SCENARIOS = Path(__file__).parent / "scenarios"
GOOD = SCENARIOS / "examples" / "frozen_pile_wild_and_natural.toml"

FAMILY = (NotationError, IllegalActionError, UnsupportedPlayerCount, VariantError, DataError, RecordError, ReplayError, PositionError, ScenarioError)


# ---------------------------------------------------------------------------
# The family
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("cls", FAMILY, ids=lambda c: c.__name__)
def test_every_error_is_a_canasta_error(cls: type[Exception]) -> None:
    assert issubclass(cls, CanastaError)


@pytest.mark.parametrize("cls", [c for c in FAMILY if c is not VariantError], ids=lambda c: c.__name__)
def test_every_error_but_variant_error_is_also_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, ValueError)


def test_the_data_errors_nest() -> None:
    assert issubclass(ReplayError, RecordError) and issubclass(ScenarioFormatError, ScenarioError)
    assert all(issubclass(c, DataError) for c in (RecordError, PositionError, ScenarioError))


def test_errors_raised_by_the_engine_are_caught_as_canasta_errors() -> None:
    raised = []
    for attempt in (
        lambda: canasta.parse_action("meld K n²"),
        lambda: canasta.Game("finnish", players=4, seed=1).apply("discard 7"),
        lambda: canasta.Game("finnish", players=3),
        lambda: canasta.loads_variant('extends = "finnish"\n[match]\ntarget = "lots"\n'),
        lambda: canasta.GameRecord.from_toml(""),
        lambda: canasta.Game.from_position({"variant": "finnish"}),
    ):
        with pytest.raises(CanastaError) as info:
            attempt()
        raised.append(type(info.value))
    assert raised == [NotationError, IllegalActionError, UnsupportedPlayerCount, VariantError, RecordError, PositionError]


def test_data_error_messages_say_where() -> None:
    assert str(DataError(["a: wrong"])) == "bad data: a: wrong"
    assert str(PositionError(["a", "b"], file="p.toml")) == "p.toml: bad position (2 problems):\n  - a\n  - b"
    error = RecordError("broken TOML: x", file="g.toml", line=3, column=7)
    assert str(error) == "g.toml, line 3, column 7: not a game record: broken TOML: x"
    assert (error.file, error.line, error.column, error.problems) == ("g.toml", 3, 7, ("broken TOML: x",))
    assert str(ScenarioError("x", line=2)) == "line 2: bad scenario file: x"


def test_errors_survive_pickling_for_worker_processes() -> None:
    illegal = IllegalActionError("discard 7", "turn", "001 §9", "draw first")
    replay = ReplayError(index=4, total=9, hand_number=1, seat=2, action="discard 7", error=illegal, file="g.toml")
    for error in (illegal, replay, PositionError(["a", "b"], file="p.toml"), ScenarioFormatError("s.toml", ["x"], line=2), NotationError("bad")):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and str(copy) == str(error) and copy.__dict__.keys() == error.__dict__.keys()
    copy = pickle.loads(pickle.dumps(replay))
    assert isinstance(copy, ReplayError) and isinstance(copy.error, IllegalActionError) and copy.error.rule == "turn" and copy.index == 4


def test_scenario_format_error_keeps_its_old_shape() -> None:
    error = ScenarioFormatError("s.toml", ["one", "two"])
    assert (error.path, error.file, error.problems) == ("s.toml", "s.toml", ("one", "two"))


# ---------------------------------------------------------------------------
# docs/errors.md documents every exported error
# ---------------------------------------------------------------------------


def test_errors_doc_has_a_section_for_every_error_type() -> None:
    headings = set(re.findall(r"^## `(\w+)`", DOC.read_text(encoding="utf-8"), re.M))
    exported = {name for name in canasta.__all__ if isinstance(getattr(canasta, name), type) and issubclass(getattr(canasta, name), CanastaError)}
    assert {c.__name__ for c in FAMILY} | {"CanastaError"} | exported <= headings


# ---------------------------------------------------------------------------
# canasta scenarios run: quiet by default, -v for every line, exit 2 and no traceback for a malformed file
# ---------------------------------------------------------------------------


def test_runner_is_quiet_by_default_and_verbose_with_v(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    for name in ("a.toml", "b.toml", "c.toml"):
        (folder / name).write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    count = 3
    assert main(["scenarios", "run", str(folder)]) == 0
    assert capsys.readouterr().out == f"{count} passed, 0 failed\n"
    for flag in ("-v", "--verbose"):
        assert main(["scenarios", "run", flag, str(folder)]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == count + 1 and all(line.startswith("ok   ") for line in lines[:-1])
    assert main(["scenarios", "run", "-q", str(folder)]) == 0
    assert capsys.readouterr().out == f"{count} passed, 0 failed\n"


def _scenario(tmp_path: Path, name: str, step: str) -> Path:
    path = tmp_path / name
    path.write_text(f'title = "x"\nrule = "001 §11"\n[position]\nvariant = "finnish"\nplayers = 4\n[position.hands]\n0 = 11\n1 = 11\n2 = 11\n3 = 11\n[[steps]]\n{step}\n', encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("step", "message"),
    [
        ('action = "meld K n²"', "'n²' is not a count"),
        (f'action = "meld K n{"9" * 5000}"', "scenario.steps[1].action"),
        (f'legal_includes = ["discard {"7" * 5000}"]', "scenario.steps[1].legal_includes"),
        ("hand_sizes = 5", "scenario.steps[1].hand_sizes: expected a table keyed by seat number"),
        ('minimums = { "²" = 50 }', "scenario.steps[1].minimums: expected a table keyed by side number"),
        ("score = { 0 = 5 }", "scenario.steps[1].score: expected a table of parts per side"),
        ('legal_excludes = "draw"', "scenario.steps[1].legal_excludes: expected a list of action texts"),
    ],
)
def test_hostile_scenario_text_exits_2_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str], step: str, message: str) -> None:
    path = _scenario(tmp_path, "hostile.toml", step)
    assert main(["scenarios", "run", str(path), str(GOOD)]) == 2
    captured = capsys.readouterr()
    assert f"{path}: " in captured.err and message in captured.err
    assert "Traceback" not in captured.err + captured.out
    assert captured.out.endswith("1 passed, 0 failed\n") and len(captured.err) < 2000


def test_broken_toml_in_a_scenario_file_names_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cut.toml"
    path.write_text('title = "x"\nrule = "001 §11"\n[position\n', encoding="utf-8")
    assert main(["scenarios", "run", str(path)]) == 2
    assert f"{path}, line 3, column " in capsys.readouterr().err
    with pytest.raises(ScenarioError) as info:
        load_scenarios(path)
    assert info.value.line == 3 and isinstance(info.value, ScenarioFormatError)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_unreadable_scenario_paths_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "fifo.toml")
    assert main(["scenarios", "run", str(tmp_path / "missing.toml"), str(tmp_path / "fifo.toml")]) == 2
    err = capsys.readouterr().err
    assert "missing.toml: cannot read: no such file" in err and "fifo.toml: cannot read: is not a regular file" in err
    assert "2 malformed file(s)" in err


def test_an_expectation_for_a_seat_that_is_not_there_is_a_failure_not_a_crash(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scenario(tmp_path, "seat9.toml", "hand_sizes = { 9 = 11 }")
    assert main(["scenarios", "run", str(path)]) == 1
    out = capsys.readouterr().out
    assert "hand_sizes: 9 is not a seat at this table (0 to 3)" in out and out.endswith("0 passed, 1 failed\n")
