"""A signal stops ``canasta simulate`` and ``compare`` cleanly: the parent exits quietly, and no worker process outlives it.

Each test starts the command with ``--workers 2`` in a session of its own,
waits until both worker processes run, sends one or two signals (to the whole
process group as a terminal's Ctrl-C does, or to the parent alone), and checks
that the parent exits with the code of the first signal and nothing on stderr
but, after Ctrl-C, the one line that says the run was interrupted (as
``canasta play`` and ``canasta score`` say it), and that none of its workers is left. A parent killed outright (SIGKILL, as the
OOM killer does) cannot clean up: its workers must die with it all the same.
The workers are found by their parent pid in /proc, so the test runs on Linux
only. The bounds on waiting are generous liveness limits for a loaded machine,
not timings.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds worker processes through /proc")

PATIENCE = 60.0
"""Seconds to wait for the workers to start or the parent to exit before the test fails: a bound, not a measurement."""


def from_a_terminal() -> None:
    """Give the child the signal dispositions a command typed at a terminal starts with: SIGINT and SIGHUP by default.

    A child inherits ignored signals, and a test runner started in the background by a
    non-interactive shell (SIGINT ignored) or under ``nohup`` (SIGHUP ignored) would pass
    that on: the command would then rightly ignore the signals these tests send.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def under_nohup() -> None:
    """A terminal's dispositions, but SIGHUP ignored: what ``nohup`` gives the command it starts."""
    from_a_terminal()
    signal.signal(signal.SIGHUP, signal.SIG_IGN)


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name: state, parent pid, ...; None when the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def children(pid: int) -> list[int]:
    """The live child processes of ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None and fields[1] == str(pid) and fields[0] != "Z":
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie has finished: it only waits to be reaped)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


COMMANDS = {
    "simulate": ["simulate", "--variant", "finnish"],
    "compare": ["compare", "finnish", "swedish-club"],
    "compare --by-rule": ["compare", "finnish", "swedish-club", "--by-rule"],
}

SENDS = {
    "SIGINT to the group": [("group", signal.SIGINT)],
    "SIGINT to the parent": [("parent", signal.SIGINT)],
    "SIGTERM to the parent": [("parent", signal.SIGTERM)],
    "SIGTERM to the group": [("group", signal.SIGTERM)],
    "SIGHUP to the parent": [("parent", signal.SIGHUP)],
    "SIGINT and SIGTERM together": [("parent", signal.SIGINT), ("parent", signal.SIGTERM)],
    "SIGTERM and SIGINT to the group together": [("group", signal.SIGTERM), ("group", signal.SIGINT)],
    "SIGKILL to the parent": [("parent", signal.SIGKILL)],
}
"""Ways a run is stopped, each a list of (to whom, signal) sent one right after the other."""


def stop_a_run(command: str, sends: list[tuple[str, signal.Signals]], more: Sequence[str] = ()) -> tuple[int, bytes, bytes, list[int]]:
    """Start the command (with ``more`` options), wait for its two workers, send the signals; the exit code, stdout, stderr and the workers
    still alive."""
    argv = [sys.executable, "-m", "canasta", *COMMANDS[command], "--hands", "20000", "--workers", "2", "--format", "json", *more]
    parent = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, preexec_fn=from_a_terminal)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + PATIENCE
        while len(workers := children(parent.pid)) < 2 and parent.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) == 2, f"expected two worker processes, found {workers}"
        time.sleep(0.3)  # let them begin their chunks
        for whom, signum in sends:
            if whom == "group":
                os.killpg(parent.pid, signum)
            else:
                os.kill(parent.pid, signum)
        out, err = parent.communicate(timeout=PATIENCE)
        deadline = time.monotonic() + 10
        while (left := [pid for pid in workers if alive(pid)]) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
        for pid in workers:  # never leave a process behind, whatever the test found
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    return parent.returncode, out, err, left


@pytest.mark.parametrize("command", ["simulate", "compare"])
@pytest.mark.parametrize("how", list(SENDS))
def test_a_signal_stops_the_run_and_every_worker(command: str, how: str) -> None:
    code, out, err, left = stop_a_run(command, SENDS[how])
    sent = [signum for _, signum in SENDS[how]]
    if sent == [signal.SIGKILL]:
        assert code == -signal.SIGKILL
    else:  # two signals sent together may be handled in either order: the code is that of the one handled first
        assert code in [128 + signum for signum in sent]
    assert out == b""
    if code == 128 + signal.SIGINT:  # Ctrl-C is answered in one line, as canasta play and canasta score answer it
        what, total = ("simulation", "20,000") if command == "simulate" else ("comparison", "40,000")  # 20,000 hands of each profile
        assert re.fullmatch(rf"interrupted: the {what} stops here, after [\d,]+ of {total} hands; nothing is reported\n", err.decode()), err
    else:
        assert err == b"", err.decode(errors="replace")
    assert left == [], f"worker processes outlived the parent: {left}"


@pytest.mark.parametrize("attempt", range(3))
def test_sigterm_to_the_group_during_by_rule_is_quiet(attempt: int) -> None:
    """The whole group gets SIGTERM, workers included, while the parent is still sending them tasks: nothing on stderr."""
    code, out, err, left = stop_a_run("compare --by-rule", SENDS["SIGTERM to the group"])
    assert (code, out, err.decode(errors="replace"), left) == (143, b"", "", [])


def test_ctrl_c_during_by_rule_and_with_records_says_what_is_not_written(tmp_path: Path) -> None:
    """The whole of a by-rule comparison's hands is counted, and an --out file that was not there is neither written nor left behind."""
    code, out, err, left = stop_a_run("compare --by-rule", SENDS["SIGINT to the group"])
    assert (code, out, left) == (130, b"", [])
    assert re.fullmatch(rb"interrupted: the comparison stops here, after [\d,]+ of [\d,]+ hands; nothing is reported\n", err), err
    total = int(re.search(rb"of ([\d,]+) hands", err).group(1).replace(b",", b""))  # type: ignore[union-attr]
    assert total > 40_000, "the single-rule profiles' hands are counted too"
    records = tmp_path / "games.jsonl"
    code, out, err, left = stop_a_run("simulate", SENDS["SIGINT to the group"], ["--out", str(records)])
    assert (code, out, left) == (130, b"", [])
    assert err.decode().endswith(f"; nothing is reported and {records} is not written\n"), err
    assert not records.exists() and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("how", ["before the command line is imported", "once it is imported"])
def test_ctrl_c_while_the_command_line_starts_is_quiet(how: str) -> None:
    """SIGINT during start-up: exit 130 and no traceback, as during a command (the command line's own import is guarded)."""
    script = (
        "import os, signal, time\n"
        "import canasta.cli.startup\n"
        + ("import canasta.cli.main\n" if how == "once it is imported" else "")
        + "os.kill(os.getpid(), signal.SIGINT)\n"
        "time.sleep(30)\n"
    )
    if how == "once it is imported":  # main() is not running yet: Python's KeyboardInterrupt is back, as for any program
        script = script.replace("os.kill(", "import sys\ntry:\n    os.kill(").replace(
            "time.sleep(30)\n", "    time.sleep(30)\nexcept KeyboardInterrupt:\n    sys.exit(7)\n"
        )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=PATIENCE, check=False, preexec_fn=from_a_terminal)
    assert done.returncode == (130 if how == "before the command line is imported" else 7)
    assert done.stderr == b"", done.stderr.decode(errors="replace")


def test_an_ignored_sighup_stays_ignored() -> None:
    """Under ``nohup`` SIGHUP is ignored when the command starts: a hang-up of the terminal must not stop the run."""
    argv = [sys.executable, "-m", "canasta", *COMMANDS["simulate"], "--hands", "20000", "--workers", "2", "--format", "json"]
    parent = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=under_nohup,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + PATIENCE
        while len(workers := children(parent.pid)) < 2 and parent.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) == 2, f"expected two worker processes, found {workers}"
        os.killpg(parent.pid, signal.SIGHUP)  # the whole group, as a terminal's hang-up
        time.sleep(1.0)
        assert parent.poll() is None and all(alive(pid) for pid in workers), "an ignored SIGHUP stopped the run"
        os.kill(parent.pid, signal.SIGTERM)
        out, err = parent.communicate(timeout=PATIENCE)
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert (parent.returncode, out, err) == (143, b"", b"")
