"""A Dask cluster that fails during a run ends it with one SimulationError, never a traceback nor a wait for ever.

A scheduler and one single-threaded worker run as processes of their own on
127.0.0.1 (always killed afterwards). When the first task is done, the test
kills the scheduler, or the cluster's only worker: the run must fail with
"the Dask cluster failed during the run" (the Dask timeout is set to one
second here, so a cluster with no worker left is given up quickly), and
distributed must have written nothing to stderr meanwhile.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from canasta.simulation import SimulationError, compare

pytest.importorskip("distributed")

PATIENCE = 60.0
"""Seconds to wait for the cluster to come up: a bound, not a measurement."""


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


def _kill(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=PATIENCE)


@pytest.fixture
def cluster() -> Iterator[dict[str, object]]:
    """A loopback scheduler and one worker process, each in a session of its own, killed whatever the test does."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    scheduler = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"], **quiet
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_worker",
            address,
            "--host",
            "127.0.0.1",
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
        ],
        **quiet,
    )
    try:
        yield {"address": address, "scheduler": scheduler, "worker": worker}
    finally:
        _kill(worker)
        _kill(scheduler)


@pytest.mark.parametrize("victim", ["scheduler", "worker"])
def test_a_cluster_that_fails_during_the_run_is_one_error(
    victim: str, cluster: dict[str, object], monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    killed: list[bool] = []

    def kill_on_first_result(done: int, total: int) -> None:
        if done and not killed:
            monkeypatch.setattr("canasta.simulation.cluster.DASK_TIMEOUT", 1.0)
            process = cluster[victim]
            assert isinstance(process, subprocess.Popen)
            os.killpg(process.pid, signal.SIGKILL)
            killed.append(True)

    address = str(cluster["address"])
    deadline = time.monotonic() + PATIENCE
    while True:  # the cluster takes a few seconds to come up
        try:
            with socket.create_connection(("127.0.0.1", int(address.rsplit(":", 1)[1])), timeout=1):
                break
        except OSError:
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.1)
    capfd.readouterr()
    with pytest.raises(SimulationError, match=r"^the Dask cluster failed during the run: ") as caught:
        compare(["finnish", "swedish-club"], hands=60, bots="random", scheduler=address, chunk_size=1, progress=kill_on_first_result)
    assert killed
    assert "\n" not in str(caught.value)
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == "", captured.err


def test_an_error_raised_inside_dasks_own_code_is_the_clusters_not_the_tasks() -> None:
    """distributed's executor can fail with a plain TypeError ("cannot unpack non-iterable ChunkResult object") when a
    worker dies as its result arrives; that is the cluster failing, reported as one SimulationError, while an error raised
    by the task's own code stays the task's."""
    from canasta.simulation.parallel import _from_dask

    def raised(filename: str) -> BaseException:
        code = compile("def cascade(result):\n    typ, exc, tb = result\n", filename, "exec")
        space: dict[str, object] = {}
        exec(code, space)  # a function whose code is filed under the given path
        try:
            space["cascade"](object())  # type: ignore[operator]
        except TypeError as exc:
            return exc
        raise AssertionError("no error")

    assert _from_dask(raised(os.path.join(os.sep, "site-packages", "distributed", "cfexecutor.py")))
    assert not _from_dask(raised(os.path.join(os.sep, "work", "canasta", "simulation", "runner.py")))
    assert not _from_dask(ValueError("the task's own"))
