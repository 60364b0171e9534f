"""``canasta simulate`` and ``canasta compare``: stdout holds only the result, bad input exits 2 with a clear message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.simulation import ComparisonResult, SimulationResult

QUICK = ["--hands", "6", "--bots", "random", "--workers", "1"]


def test_simulate_prints_the_result_object_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "finnish", *QUICK, "--format", "json"]) == 0
    out, err = capsys.readouterr()
    result = SimulationResult.from_json(out)
    assert result.units == 6 and result.profile == "finnish"
    assert err == ""  # no progress bar when stderr is not a terminal


def test_simulate_text_names_every_part_of_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "regency", "--players", "2", *QUICK]) == 0
    out = capsys.readouterr().out
    for heading in (
        "hands per second",
        "turns per hand",
        "How hands ended",
        "first-player advantage",
        "going-out bonus",
        "Wins by side and seat",
    ):
        assert heading in out


def test_compare_markdown_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "finnish", "swedish-club", *QUICK, "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert "| metric | finnish | swedish-club | swedish-club − finnish |" in out
    assert main(["compare", "finnish", "dutch", *QUICK, "--format", "json", "--by-rule"]) == 0
    result = ComparisonResult.from_json(capsys.readouterr().out)
    assert result.profiles == ("finnish", "dutch") and result.by_rule is not None


def test_compare_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "effects.png"
    assert main(["compare", "finnish", "swedish-club", *QUICK, "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--variant", "finlandia", *QUICK], "unknown variant 'finlandia'"),
        (["simulate", "--variant", "finnish", *QUICK, "--players", "3"], "has rules for 4 players, not 3"),
        (["simulate", "--variant", "finnish", "--hands", "4", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "--variant", "finnish", "--hands", "0"], "--hands: expected at least 1"),
        (["simulate", "--variant", "finnish", "--hands", "2", "--games", "2"], "not allowed with argument"),
        (["compare", "finnish", *QUICK], "at least two profiles"),
        (["compare", "finnish", "dutch", "regency", *QUICK, "--by-rule"], "exactly two"),
        (["compare", "finnish", "dutch", *QUICK, "--plot", "out.svg"], "ending in .png"),
        (["compare", "finnish", "dutch", *QUICK, "--plot", "no/such/folder/x.png"], "No such file or directory"),
        (["simulate", "--variant", "finnish", *QUICK, "--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if "--scheduler" in argv:
        pytest.importorskip("distributed")
        monkeypatch.setattr("canasta.simulation.cluster.DASK_TIMEOUT", 1.0)
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert "Traceback" not in captured.err


def test_the_installed_command_keeps_stdout_for_the_result(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "canasta",
            "simulate",
            "--variant",
            "finnish",
            *QUICK,
            "--format",
            "json",
            "--out",
            str(tmp_path / "g.jsonl"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["units"] == 6
    assert len((tmp_path / "g.jsonl").read_text(encoding="utf-8").splitlines()) == 6
