"""Peak memory of ``canasta compare A B --hands N``: the client, and each worker of a loopback Dask cluster.

Run ``python benchmarks/bench_memory.py --help``; ``benchmarks/README.md``
(section "Simulation throughput") holds the figures. Issue 21 asks that a
100,000-hand comparison run in bounded memory: this measures it.

For each ``N`` it starts a Dask scheduler and ``--dask-workers`` workers as
command-line processes (``dask scheduler``, ``dask worker --no-nanny
--nthreads 1``), every one listening on 127.0.0.1 only, runs the command
line ``canasta compare A B --hands N --scheduler ADDRESS --format json`` as a
child process, and reports:

- the client's peak RSS, from the kernel's accounting of that child
  (``os.wait4``: ``ru_maxrss``, which also covers any child of its own);
- each worker's and the scheduler's peak RSS, ``VmHWM`` from
  ``/proc/PID/status``, read after the run and before they are stopped;
- the wall time of the command.

``--in-process`` also runs the same command with ``--workers 1`` (no Dask,
no worker processes: the client plays every hand itself). ``--no-profile``
starts the workers with Dask's statistical profiler off
(``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False``): it keeps one sample of
the worker's call stacks per second for up to an hour, which is most of what
a worker still gains over a long run. Every server is
stopped at the end, also when the run fails or is interrupted. Linux only
(``/proc``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

BIN = Path(sys.executable).parent
"""The venv's scripts: ``canasta`` and ``dask`` of the Python running this script."""

START_SECONDS = 60.0
"""How long to wait for the scheduler's address file and for every worker to join."""


def _peak_kib(pid: int) -> int:
    """A live process's peak resident set (``VmHWM``) in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmHWM for process {pid}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    """End a server we started: SIGTERM, then SIGKILL if it lingers."""
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


@contextlib.contextmanager
def loopback_cluster(
    workers: int, folder: Path, *, profile: bool = True
) -> Iterator[tuple[str, subprocess.Popen[bytes], list[subprocess.Popen[bytes]]]]:
    """A Dask scheduler and ``workers`` single-threaded workers without nannies, all on 127.0.0.1; always stopped.

    Yields the scheduler's address, its process and the workers' processes. ``profile=False`` turns the workers' profiler off.
    """
    env = dict(os.environ)
    if not profile:
        env["DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED"] = "False"
    started: list[subprocess.Popen[bytes]] = []
    log = open(folder / "dask.log", "ab")  # noqa: SIM115 - closed in the finally below
    try:
        address_file = folder / "scheduler.json"
        address_file.unlink(missing_ok=True)  # a file left by the previous cluster holds a stale address
        scheduler = subprocess.Popen(
            [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard", "--scheduler-file", str(address_file)],
            stdout=log,
            stderr=log,
        )
        started.append(scheduler)
        deadline = time.monotonic() + START_SECONDS
        while not address_file.exists() or not address_file.read_text().strip():
            if scheduler.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the Dask scheduler did not start; see {folder / 'dask.log'}")
            time.sleep(0.2)
        address = json.loads(address_file.read_text())["address"]
        if not address.startswith("tcp://127.0.0.1:"):
            raise RuntimeError(f"the scheduler listens on {address}, not on the loopback address")
        pool = []
        for i in range(workers):
            worker = subprocess.Popen(
                [
                    str(BIN / "dask"),
                    "worker",
                    address,
                    "--host",
                    "127.0.0.1",
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                    "--name",
                    f"w{i}",
                ],
                stdout=log,
                stderr=log,
                env=env,
            )
            started.append(worker)
            pool.append(worker)
        _wait_for_workers(address, workers, deadline)
        yield address, scheduler, pool
    finally:
        for process in reversed(started):
            _stop(process)
        log.close()


def _wait_for_workers(address: str, workers: int, deadline: float) -> None:
    from distributed import Client

    with Client(address, timeout=START_SECONDS) as client:
        client.wait_for_workers(workers, timeout=max(1.0, deadline - time.monotonic()))


def run_client(profiles: Sequence[str], hands: int, extra: Sequence[str], out: Path) -> dict[str, Any]:
    """``canasta compare PROFILES --hands N EXTRA --format json`` as a child: its peak RSS (KiB), wall seconds and hands per second."""
    command = [str(BIN / "canasta"), "compare", *profiles, "--hands", str(hands), "--format", "json", *extra]
    began = time.perf_counter()
    with open(out, "wb") as stdout:
        process = subprocess.Popen(command, stdout=stdout)
        _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - began
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed with exit code {process.returncode}")
    result = json.loads(out.read_text())
    return {
        "command": " ".join(["canasta", *command[1:]]),
        "wall_seconds": round(seconds, 1),
        "client_peak_kib": usage.ru_maxrss,  # KiB on Linux
        "hands_per_second": result["timing"]["hands_per_second"],
        "chunks": result["timing"]["chunks"],
    }


def measure(
    profiles: Sequence[str], hands: int, dask_workers: int, in_process: bool, folder: Path, *, profile: bool = True
) -> dict[str, Any]:
    """One hand count: on the loopback cluster, and in the calling process when asked."""
    row: dict[str, Any] = {"hands": hands}
    with loopback_cluster(dask_workers, folder, profile=profile) as (address, scheduler, workers):
        row["dask"] = run_client(profiles, hands, ["--scheduler", address], folder / f"dask-{hands}.json")
        row["dask"]["worker_peak_kib"] = [_peak_kib(w.pid) for w in workers]
        row["dask"]["scheduler_peak_kib"] = _peak_kib(scheduler.pid)
    if in_process:
        row["in_process"] = run_client(profiles, hands, ["--workers", "1"], folder / f"local-{hands}.json")
    return row


def _mb(kib: int) -> str:
    return f"{kib * 1024 / 1e6:,.0f} MB"


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{int(seconds // 60)} min {seconds % 60:.0f} s"


def table(report: dict[str, Any]) -> str:
    """The results as the Markdown table of benchmarks/README.md."""
    rows = report["rows"]
    head = f"| `canasta compare {' '.join(report['profiles'])} --hands N` | " + " | ".join(f"{r['hands']:,}" for r in rows) + " |"
    lines = [head, "|---|" + "---:|" * len(rows)]

    def line(label: str, cell: Any) -> None:
        lines.append(f"| {label} | " + " | ".join(cell(r) for r in rows) + " |")

    workers = report["dask_workers"]
    profiler = "" if report["worker_profiler"] else " (profiler off)"
    line(f"wall time, {workers} Dask workers{profiler}", lambda r: _duration(r["dask"]["wall_seconds"]))
    line("client peak RSS", lambda r: _mb(r["dask"]["client_peak_kib"]))
    line("each worker's peak RSS", lambda r: " / ".join(_mb(k) for k in r["dask"]["worker_peak_kib"]))
    line("scheduler peak RSS", lambda r: _mb(r["dask"]["scheduler_peak_kib"]))
    line("tasks (both profiles)", lambda r: f"{r['dask']['chunks']:,}")
    if all("in_process" in r for r in rows):
        line("in-process (`--workers 1`): wall time", lambda r: _duration(r["in_process"]["wall_seconds"]))
        line("in-process (`--workers 1`): peak RSS", lambda r: _mb(r["in_process"]["client_peak_kib"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--profiles", nargs=2, default=["finnish", "swedish-club"], metavar=("A", "B"))
    parser.add_argument("--hands", type=int, nargs="+", default=[10_000, 100_000], help="hand counts to measure (default: 10000 100000)")
    parser.add_argument("--dask-workers", type=int, default=2, help="Dask worker processes (default: 2)")
    parser.add_argument("--in-process", action="store_true", help="also run each count with --workers 1, without Dask")
    parser.add_argument("--no-profile", action="store_true", help="turn the Dask workers' statistical profiler off")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    if not sys.platform.startswith("linux"):
        parser.error("reads /proc: Linux only")
    report: dict[str, Any] = {
        "profiles": args.profiles,
        "dask_workers": args.dask_workers,
        "worker_profiler": not args.no_profile,
        "python": platform.python_version(),
        "cpu": platform.processor() or platform.machine(),
        "cores": len(os.sched_getaffinity(0)),
        "rows": [],
    }
    with tempfile.TemporaryDirectory(prefix="canasta-memory-") as folder:
        for hands in args.hands:
            report["rows"].append(
                measure(args.profiles, hands, args.dask_workers, args.in_process, Path(folder), profile=not args.no_profile)
            )
            print(f"{hands:,} hands measured: {json.dumps(report['rows'][-1])}", file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2) if args.json else table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
