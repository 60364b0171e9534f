"""Peak memory of ``canasta simulate --out FILE``: the process that writes the records, at several hand counts.

Run ``python benchmarks/bench_records_memory.py --help``; ``benchmarks/README.md``
(section "Simulation throughput") holds the figures. A run's records used to be
kept until it ended (about 6 kB a hand in the writing process); they are now
written chunk by chunk as they arrive, so the writer's memory does not grow
with the hands.

For each ``N`` it runs, as a child process, the command line
``canasta simulate --variant V --hands N --out FILE --format json`` (with
``--workers W``) through ``canasta.cli.main.main``, and reports:

- the writing process's peak RSS (``VmHWM`` from ``/proc/self/status``, read
  by that process once the command returns: its worker processes are not in it);
- the peak RSS of the whole tree, the writer and its workers, from the
  kernel's accounting of the child (``os.wait4``: ``ru_maxrss``, the largest
  of them);
- the size of the records file and the wall time.

The child imports ``canasta`` from the folder given by ``--source`` (default:
this checkout), so the same script measures another commit's code, e.g. one
exported with ``git archive COMMIT | tar -x -C /tmp/old``. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = """
import json, sys
from pathlib import Path
from canasta.cli.main import main
import canasta
code = main(sys.argv[1:])
peak = next(int(line.split()[1]) for line in Path("/proc/self/status").read_text().splitlines() if line.startswith("VmHWM:"))
print(json.dumps({"code": code, "writer_kib": peak, "canasta": canasta.__file__}), file=sys.stderr)
"""
"""The child: run the command line in-process, then report its own peak RSS on stderr (stdout holds the result)."""


def measure(source: Path, variant: str, hands: int, workers: int, folder: Path) -> dict[str, object]:
    """Run one ``simulate --out`` in a child process and return its figures."""
    out = folder / f"records-{hands}.jsonl"
    argv = [sys.executable, "-c", CHILD, "simulate", "--variant", variant, "--hands", str(hands), "--workers", str(workers)]
    argv += ["--out", str(out), "--format", "json"]
    env = {**os.environ, "PYTHONPATH": str(source)}
    began = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=folder)  # not a checkout: -c looks there first
    assert child.stderr is not None
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - began
    report = json.loads(err.decode().strip().splitlines()[-1])
    if os.waitstatus_to_exitcode(status) != 0 or report["code"] != 0:
        raise RuntimeError(f"the run failed: {err.decode(errors='replace')}")
    if not Path(report["canasta"]).resolve().is_relative_to(source.resolve()):
        raise RuntimeError(f"the child imported {report['canasta']}, not the code under {source}")
    size = out.stat().st_size
    out.unlink()
    return {
        "hands": hands,
        "writer_mib": round(report["writer_kib"] / 1024, 1),
        "tree_mib": round(usage.ru_maxrss / 1024, 1),
        "file_mib": round(size / 2**20, 1),
        "wall_s": round(wall, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[5000, 20000], help="hand counts to measure (default: 5000 20000)")
    parser.add_argument("--variant", default="finnish", help="the profile (default: finnish)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default: 2)")
    parser.add_argument("--source", type=Path, default=Path(__file__).resolve().parents[1], help="the folder canasta is imported from")
    args = parser.parse_args()
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, source {args.source}")
    with tempfile.TemporaryDirectory() as folder:
        for hands in args.hands:
            print(json.dumps(measure(args.source, args.variant, hands, args.workers, Path(folder))), flush=True)


if __name__ == "__main__":
    main()
