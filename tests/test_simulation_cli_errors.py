"""``canasta simulate`` and ``compare`` never print a traceback: odd input of every kind is one line on stderr and exit 2.

Each case is a member of a class of bad input (a path that cannot be written,
a number past its limit, a scheduler that is not one, a misspelt name, ...),
and each must fail *before* the run: the tests replace the function that
plays the hands on the opened pool with one that fails the test if it is
ever called.
"""

from __future__ import annotations

import importlib
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from loopback import loopback_server

from canasta.cli.main import main
from canasta.simulation import SimulationError, simulate
from canasta.simulation.parallel import local_cores
from canasta.simulation.runner import run_task

QUICK = ["--hands", "4", "--bots", "random", "--workers", "1"]


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any hand is played: bad input must be refused before the run starts."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started although its input was bad")

    monkeypatch.setattr(importlib.import_module("canasta.simulation.experiment"), "run_on_pool", refuse)


def unwritable(tmp_path: Path, where: str, suffix: str) -> str:
    """A path that cannot be written, whoever runs the tests (also root): a missing folder, a folder, a path through a file, ..."""
    if where == "missing":
        return str(tmp_path / "no" / "such" / f"x{suffix}")
    if where == "folder":
        (tmp_path / f"folder{suffix}").mkdir()
        return str(tmp_path / f"folder{suffix}")
    if where == "through_file":
        (tmp_path / "file.txt").write_text("x", encoding="utf-8")
        return str(tmp_path / "file.txt" / f"x{suffix}")
    if where == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(tmp_path / f"pipe{suffix}")
        return str(tmp_path / f"pipe{suffix}")
    assert where == "nul"
    return str(tmp_path / f"a\x00b{suffix}")


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


@pytest.mark.parametrize("where", ["missing", "folder", "through_file", "fifo", "nul"])
@pytest.mark.parametrize("option", ["simulate --out", "simulate --plot", "compare --plot"])
def test_an_output_path_that_cannot_be_written_fails_before_the_run(
    option: str, where: str, tmp_path: Path, no_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    command, flag = option.split()
    target = unwritable(tmp_path, where, ".png" if flag == "--plot" else ".jsonl")
    head = ["simulate", "--variant", "finnish"] if command == "simulate" else ["compare", "finnish", "dutch"]
    assert main([*head, *QUICK, flag, target]) == 2
    line = _one_line_error(capsys)
    assert line.startswith("canasta: cannot write the ")
    if where == "nul":
        assert "NUL" in line and "\x00" not in line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hands", "100000000000000000000000"], "hands: expected at most 1,000,000"),
        (["--games", "1000001"], "games: expected at most 1,000,000"),
        (["--games", "2", "--hand-cap", "99999999999999999999"], "hand cap: expected at most 1,000"),
        (["--hands", "2", "--seed", "9" * 40], "seed: expected at most"),
        (["--hands", "2", "--seed", "-" + "9" * 40], "seed: expected at least"),
        (["--hands", "2", "--seed", "9" * 5000], "expected a whole number"),
        (["--hands", "2", "--seed", "1e5"], "expected a whole number, got '1e5'"),
        (["--hands", "2", "--players", "99999999999999999999"], "has rules for 4 players"),
        (["--hands", "2", "--bots", "heuristc"], "unknown bot 'heuristc'; did you mean 'heuristic'?"),
        (["--hands", "2", "--bots", "Random"], "did you mean 'random'?"),
        (["--hands", "2", "--bots", "heuristic,,random"], "names separated by commas"),
        (["--hands", "2", "--bots", "random,random,random"], "one per side"),
        (["--hands", "2", "--scheduler", ""], "is not an address"),
        (["--hands", "2", "--scheduler", "not an address"], "is not an address"),
        (["--hands", "2", "--scheduler", "tcp://127.0.0.1\x00:1"], "is not an address"),
        (["--hands", "2", "--scheduler", "notanaddress"], "is not a Dask scheduler address"),
        (["--hands", "2", "--scheduler", "http://127.0.0.1:1"], "is not a Dask scheduler address"),
        (["--hands", "2", "--scheduler", "tcp://[::1"], "is not a Dask scheduler address"),
    ],
)
def test_numbers_names_and_addresses_past_their_limits_are_one_line(
    argv: list[str], message: str, no_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    if any("--scheduler" in a for a in argv) and "is not a Dask" in message:
        pytest.importorskip("distributed")
    for head in (["simulate", "--variant", "finnish"], ["compare", "finnish", "swedish-club"]):
        assert main([*head, *argv]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "Traceback" not in captured.err
        *usage, last = captured.err.splitlines()
        assert message in last and "\x00" not in last
        if usage:  # argparse's own error: the usage, then one line
            assert usage[0].startswith("usage: ") and last.startswith(f"canasta {head[0]}: error: ")
        else:
            assert last.startswith("canasta: ")


@pytest.mark.parametrize("where", ["missing", "folder", "through_file", "fifo", "nul", "device"])
def test_a_profile_that_is_not_a_profile_file_is_an_error(
    where: str, tmp_path: Path, no_run: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = os.devnull if where == "device" else unwritable(tmp_path, where, ".toml")
    for argv in (["simulate", "--variant", path, *QUICK], ["compare", "finnish", path, *QUICK]):
        assert main(argv) == 2
        line = _one_line_error(capsys)
        assert "\x00" not in line


def test_workers_are_capped_by_the_cores_and_the_work(capsys: pytest.CaptureFixture[str]) -> None:
    """A huge --workers starts no more processes than there are cores, and a run of one chunk starts none at all."""
    assert (
        main(["simulate", "--variant", "finnish", "--hands", "4", "--bots", "random", "--workers", "99999999999999", "--format", "json"])
        == 0
    )
    timing = json.loads(capsys.readouterr().out)["timing"]
    assert timing["workers"] == 1 and timing["executor"] == "in-process"  # four hands are one chunk
    r = simulate("finnish", hands=4, bots="random", workers=10**12, chunk_size=1)
    assert r.timing.workers == min(local_cores(), 4)
    with pytest.raises(SimulationError, match="workers must be a whole number"):
        simulate("finnish", hands=2, bots="random", workers=0)


def test_simulate_plot_draws_a_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --help`` offers --plot, so it works: the two panels for one profile."""
    pytest.importorskip("matplotlib")
    png = tmp_path / "finnish.png"
    assert main(["simulate", "--variant", "finnish", *QUICK, "--plot", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    capsys.readouterr()


def test_a_run_that_stops_early_leaves_no_new_output_file_and_keeps_an_old_one(tmp_path: Path) -> None:
    def interrupt(done: int, total: int) -> None:
        if done:
            raise KeyboardInterrupt

    new = tmp_path / "new.jsonl"
    with pytest.raises(KeyboardInterrupt):
        simulate("finnish", hands=4, bots="random", workers=1, chunk_size=1, out=new, progress=interrupt)
    assert not new.exists()
    old = tmp_path / "old.jsonl"
    old.write_text("earlier records\n", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        simulate("finnish", hands=4, bots="random", workers=1, chunk_size=1, out=old, progress=interrupt)
    assert old.read_text(encoding="utf-8") == "earlier records\n"
    with pytest.raises(SimulationError, match="cannot write the records to"):
        simulate("finnish", hands=2, bots="random", workers=1, out=tmp_path / "missing" / "games.jsonl")


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["compare", "finnish", "dutch", "--hands", "4"],
            "interrupted: the comparison stops here, after 4 of 8 hands; nothing is reported",
        ),
        (
            ["compare", "finnish", "dutch", "--games", "3"],
            "interrupted: the comparison stops here, after 3 of 6 matches; nothing is reported",
        ),
        (
            ["simulate", "--variant", "finnish", "--hands", "8", "--out", "OUT"],
            "interrupted: the simulation stops here, after 4 of 8 hands; nothing is reported and OUT is not written",
        ),
    ],
)
def test_ctrl_c_says_the_run_was_interrupted_and_how_far_it_got(
    argv: list[str], line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``canasta play`` and ``canasta score`` do: one line on stderr, exit code 130, nothing on stdout, no file left."""
    out = str(tmp_path / "games.jsonl")
    argv = [out if a == "OUT" else a for a in argv]
    parallel = importlib.import_module("canasta.simulation.parallel")
    played: list[object] = []

    def play_then_interrupt(task: Any) -> Any:
        if played:
            raise KeyboardInterrupt
        played.append(task)
        return run_task(task)

    monkeypatch.setattr(parallel, "run_task", play_then_interrupt)
    if argv[0] == "simulate":  # one profile: two tasks of four hands, the second interrupted
        monkeypatch.setattr(
            importlib.import_module("canasta.simulation.experiment"), "plan_chunks", lambda *args, **kwargs: [(0, 4), (4, 4)]
        )
    assert main([*argv, "--bots", "random", "--workers", "1"]) == 130
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", line.replace("OUT", out) + "\n")
    assert list(tmp_path.iterdir()) == []


def test_ctrl_c_before_the_first_hand_says_so(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def interrupt(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importlib.import_module("canasta.simulation.compare"), "load_profile", interrupt)
    assert main(["compare", "finnish", "dutch", *QUICK]) == 130
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "interrupted: the comparison stops here, before its first hand; nothing is reported\n")


@pytest.fixture
def impostor(request: pytest.FixtureRequest) -> Iterator[str]:
    """A tiny TCP server on 127.0.0.1 that answers like something other than a Dask scheduler; always stopped."""
    kind: str = request.param

    def answer(conn: socket.socket, stop: threading.Event) -> None:
        if kind == "web":
            conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 13\r\n\r\n<html></html>" * 4)
        elif kind == "ssh":
            conn.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n")
        conn.settimeout(1.0)
        conn.recv(65536)
        conn.close()

    with loopback_server(answer) as address:
        yield address


@pytest.mark.parametrize("impostor", ["web", "ssh", "hangs_up"], indirect=True)
def test_a_scheduler_address_where_something_else_answers_is_one_line(impostor: str) -> None:
    """A web server, an SSH server, a server that hangs up: one line and exit 2, not a 3 EiB allocation traceback."""
    pytest.importorskip("distributed")
    done = subprocess.run(
        [sys.executable, "-m", "canasta", "simulate", "--variant", "finnish", *QUICK, "--scheduler", impostor],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("canasta: "), done.stderr
    assert impostor in done.stderr


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["simulat"], "did you mean 'simulate'?"),
        (["simulate", "--variant", "finnish", "--format", "jsn"], "did you mean 'json'?"),
        (["simulate", "--variant", "finnish", "--hnads", "5"], "did you mean '--hands'?"),
        (["compare", "finnish", "dutch", "--by-rulez"], "did you mean '--by-rule'?"),
        (["variants", "shwo"], "did you mean 'show'?"),
        (["scenarios", "rnu"], "did you mean 'run'?"),
    ],
)
def test_a_misspelt_command_choice_or_option_gets_did_you_mean(argv: list[str], hint: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.splitlines()[-1].endswith(hint)
