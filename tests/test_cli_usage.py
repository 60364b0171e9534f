"""Usage errors of the command line: one printable line of bounded length, under the usage of the command that was typed.

Members of each class: an option of another subcommand, a misspelt option, a
profile given where ``--variant`` is expected; control characters and huge
arguments in what argparse quotes; output that cannot be written (``--help``
and ``--version`` too); options that would lose the run's work (``--plot`` and
``--out`` naming one file under another spelling, ``--hand-cap`` with
``--hands``, a device that refuses every write); an empty scenario path.
Each fails before any hand is played.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta.cli.main import main


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any hand is played: bad input must be refused before the run starts."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started although its input was bad")

    monkeypatch.setattr(importlib.import_module("canasta.simulation.experiment"), "run_on_pool", refuse)


def usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[str, str]:
    """Run a command that must fail with a usage error: (the usage's first line, the error line)."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert lines[0].startswith("usage: ")
    error = lines[-1]
    assert error.isprintable() and len(error) <= 1100, error[:200]
    return lines[0], error


@pytest.mark.parametrize(
    ("argv", "usage", "hint"),
    [
        (
            ["compare", "finnish", "swedish-club", "--out", "x.json"],
            "canasta compare",
            "compare has no --out option (it is one of canasta simulate)",
        ),
        (["compare", "finnish", "swedish-club", "--variant", "dutch"], "canasta compare", "compare has no --variant option"),
        (["simulate", "--variant", "finnish", "--by-rule"], "canasta simulate", "simulate has no --by-rule option"),
        (["simulate", "--variant", "finnish", "--hnads", "5"], "canasta simulate", "did you mean '--hands'?"),
        (["compare", "finnish", "dutch", "--detials"], "canasta compare", "did you mean '--details'?"),
        (["play", "finnish"], "canasta play", "to choose the profile, write --variant finnish"),
        (["simulate", "--variant", "finnish", "dutch"], "canasta simulate", "to choose the profile, write --variant dutch"),
        (["simulate", "finnish"], "canasta simulate", "name the profile with --variant"),
        (["variants", "show", "finnish", "--format", "json"], "canasta variants show", "show has no --format option"),
    ],
)
def test_arguments_a_command_does_not_take_are_reported_by_that_command(
    argv: list[str], usage: str, hint: str, capsys: pytest.CaptureFixture[str], no_run: None
) -> None:
    first, error = usage_error(capsys, argv)
    assert first.startswith(f"usage: {usage} ")
    assert error.startswith(f"{usage}: error: ") and hint in error, error
    assert f"did you mean '{argv[-2]}'" not in error  # never the option that was typed, from another command


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--variant", "finnish", "x\x1b[2J\x07y"],
        ["simulate", "--variant", "finnish", "--\x1b]0;title\x07"],
        ["compare", "a\nb", "c\rd", "--bogus=\x00"],
        ["simulate", "--variant", "finnish", "--hands", "\x1b[31m5"],
        ["simulate", "--variant", "finnish", "--format", "js\x1bn"],
        ["simulate", "--variant", "finnish", "w" * 100_000],
        ["simulate", "--variant", "finnish", "--seed", "9" * 100_000],
        ["simulat\x1b"],
    ],
)
def test_what_argparse_quotes_is_escaped_and_cut(argv: list[str], capsys: pytest.CaptureFixture[str], no_run: None) -> None:
    _, error = usage_error(capsys, argv)
    assert "\x1b" not in error and "\x07" not in error and "\x00" not in error


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["simulate", "--help"], ["variants", "list"]])
def test_output_that_cannot_be_written_is_an_error(argv: list[str]) -> None:
    """``> /dev/full``: every command says "No space left on device" and exits 2, --help and --version too."""
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w", encoding="utf-8") as full:
        done = subprocess.run(
            [sys.executable, "-m", "canasta", *argv], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60, check=False
        )
    assert done.returncode == 2
    assert done.stderr == "canasta: No space left on device\n"


@pytest.mark.parametrize("spelling", ["same", "dot", "symlink", "hardlink", "folder/.."])
@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_plot_and_out_naming_one_file_are_refused_before_the_run(
    command: str, spelling: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], no_run: None
) -> None:
    plot = tmp_path / "s2.png"
    plot.write_bytes(b"")
    (tmp_path / "folder").mkdir()
    other = {
        "same": str(plot),
        "dot": os.path.join(str(tmp_path), ".", "s2.png"),
        "symlink": str(tmp_path / "link.png"),
        "hardlink": str(tmp_path / "hard.png"),
        "folder/..": str(tmp_path / "folder" / ".." / "s2.png"),
    }[spelling]
    if spelling == "symlink":
        os.symlink(plot, other)
    elif spelling == "hardlink":
        os.link(plot, other)
    head = ["simulate", "--variant", "finnish"] if command == "simulate" else ["compare", "finnish", "dutch"]
    out = ["--out", other] if command == "simulate" else []
    if command == "compare":  # compare writes no records: it has no --out at all
        _, error = usage_error(capsys, [*head, "--hands", "2", "--plot", str(plot), "--out", other])
        assert "compare has no --out option" in error
        return
    assert main([*head, "--hands", "2", "--bots", "random", "--plot", str(plot), *out]) == 2
    err = capsys.readouterr().err
    assert err.startswith("canasta: --out ") and "name the same file" in err and err.count("\n") == 1
    assert plot.exists()  # an existing file is kept as it was


def test_out_to_a_device_that_refuses_writes_fails_before_the_run(capsys: pytest.CaptureFixture[str], no_run: None) -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    assert main(["simulate", "--variant", "finnish", "--hands", "2", "--out", "/dev/full"]) == 2
    assert capsys.readouterr().err == "canasta: cannot write the records to /dev/full: No space left on device\n"


@pytest.mark.parametrize("command", [["simulate", "--variant", "finnish"], ["compare", "finnish", "dutch"]])
def test_a_hand_cap_with_single_hands_is_refused(command: list[str], capsys: pytest.CaptureFixture[str], no_run: None) -> None:
    """--hand-cap cuts off matches (--games); with --hands (or the default) it would be silently ignored."""
    for counts in (["--hands", "2"], []):
        assert main([*command, *counts, "--hand-cap", "5"]) == 2
        assert "only whole matches (--games) are cut off" in capsys.readouterr().err


def test_an_empty_scenario_path_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``canasta scenarios run ''`` must not run the current folder."""
    monkeypatch.chdir(tmp_path)
    assert main(["scenarios", "run", ""]) == 2
    assert capsys.readouterr().err == (
        "canasta: scenarios run: an empty path names no file or folder; give a scenario .toml file or a folder of them\n"
    )


def test_ctrl_c_anywhere_in_main_is_exit_130(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Also while the parser is being built (the engine is imported then for --version), before any command runs."""

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("canasta.cli.main.build_parser", interrupted)
    assert main(["--version"]) == 130
    assert capsys.readouterr() == ("", "")
