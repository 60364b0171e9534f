"""Ctrl-C and SIGTERM stop ``canasta simulate`` and ``compare`` cleanly: the parent exits, and no worker process outlives it.

Each test starts the command with ``--workers 2`` in a session of its own,
waits until both worker processes run, sends one signal (SIGINT to the whole
process group as a terminal's Ctrl-C does, SIGINT to the parent alone, or
SIGTERM to the parent), and checks that the parent exits without a traceback
and that none of its workers is left. The workers are found by their parent
pid in /proc, so the test runs on Linux only. The bounds on waiting are
generous liveness limits for a loaded machine, not timings.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds worker processes through /proc")

PATIENCE = 60.0
"""Seconds to wait for the workers to start or the parent to exit before the test fails: a bound, not a measurement."""


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
}


@pytest.mark.parametrize("command", ["simulate", "compare"])
@pytest.mark.parametrize(("how", "code"), [("SIGINT to the group", 130), ("SIGINT to the parent", 130), ("SIGTERM to the parent", 143)])
def test_a_signal_stops_the_run_and_every_worker(command: str, how: str, code: int) -> None:
    argv = [sys.executable, "-m", "canasta", *COMMANDS[command], "--hands", "20000", "--workers", "2", "--format", "json"]
    parent = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + PATIENCE
        while len(workers := children(parent.pid)) < 2 and parent.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) == 2, f"expected two worker processes, found {workers}"
        time.sleep(0.3)  # let them begin their chunks
        if how == "SIGINT to the group":
            os.killpg(parent.pid, signal.SIGINT)
        elif how == "SIGINT to the parent":
            os.kill(parent.pid, signal.SIGINT)
        else:
            os.kill(parent.pid, signal.SIGTERM)
        out, err = parent.communicate(timeout=PATIENCE)
        deadline = time.monotonic() + 5
        while (left := [pid for pid in workers if alive(pid)]) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
        for pid in workers:  # never leave a process behind, whatever the test found
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
    assert parent.returncode == code
    assert out == b""
    assert b"Traceback" not in err and err == b"", err.decode(errors="replace")
    assert left == [], f"worker processes outlived the parent: {left}"
