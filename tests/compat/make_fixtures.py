"""Regenerate the files under ``tests/compat/`` from the commits that wrote them: ``python tests/compat/make_fixtures.py [COMMIT ...]``.

Each commit of :data:`COMMITS` is unpacked with ``git archive`` into a
temporary folder, and ``compat_writer.py`` runs there with that folder first
on ``PYTHONPATH``: the files and their ``expected.toml`` are written by the
library of the commit, never by today's. The folder is deleted afterwards.
Written again, the files come out byte for byte the same but for the times a
score sheet stamps on its entries. Run it from a checkout whose history holds the commits (the repository or a
worktree of it); with commit names given, only those are written again.

It also writes ``schema_keys.toml``: the rule keys the first files of each
schema version gave, read from the schema of the commit that began the
version (:data:`FIRST_FILES`). ``tests/compat/test_old_files.py`` holds the
current schema to it: a rule key neither there nor in
``canasta.variants.upgrade.ADDED`` fails.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

COMMITS: dict[str, str] = {
    "b1160ee": "the first commit: the schema, the loader and dumps_variant, before any engine (three keys it wrote were dropped by the next)",
    "3f779cb": "the first commit with records: the engine and the default profile, no bundled profiles yet",
    "2fa3e90": "the commit the issue's refused record was saved at: six bundled profiles, the heuristic bot, canasta variants show",
    "0c91913": "the last before going_out.ask_after_melding was added to schema 1",
    "e7f3410": "going_out.ask_after_melding added; records name their rules version (2)",
    "814160a": "the first score sheets (file version 1)",
    "174d591": "the last before red_threes.may_keep_in_hand was added to schema 1",
    "efaec83": "red_threes.may_keep_in_hand added",
    "98249ba": "the last schema-1 commit",
    "c66ce3b": "schema 2 begins: the family's keys and profiles (the engine plays them from the next commit)",
    "797030c": "the first engine to play the family's keys (its first bugs in them were fixed the same day)",
    "a8b60c2": "the last before initial_meld.mixed_canasta_allowed was added to schema 2",
    "e5a2272": "initial_meld.mixed_canasta_allowed added; score sheet file version 2",
    "a3cda2a": "score sheet file version 3 (a penalty withdrawn)",
    "f570b20": "the head when these fixtures were made",
}
"""The commits whose files are kept, each with why it was chosen."""

FIRST_FILES: dict[int, str] = {1: "b1160ee", 2: "c66ce3b"}
"""The commit each schema version's first files were written by."""

SNAPSHOT = """
import typing, attrs, tomli_w
from canasta.variants.schema import Variant

def walk(cls, prefix=""):
    hints = typing.get_type_hints(cls)
    for f in attrs.fields(cls):
        if f.name != "citations":
            yield from walk(hints[f.name], f"{prefix}{f.name}.") if attrs.has(hints[f.name]) else [prefix + f.name]

meta = ("schema_version", "name", "title", "description", "sources")
print(tomli_w.dumps({"keys": [k for k in walk(Variant) if k not in meta]}))
"""

def unpack(commit: str, into: Path) -> None:
    """The tree of ``commit`` in the folder ``into``."""
    tree = subprocess.run(["git", "archive", "--format=tar", commit], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tree)) as tar:
        tar.extractall(into, filter="data")


def run_old(tree: Path, *args: str) -> str:
    """Run Python with the library of ``tree``, in ``tree``; its standard output."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{tree.name}: {' '.join(args[:2])} failed:\n{done.stderr}")
    return done.stdout


def write_commit(commit: str, work: Path) -> None:
    tree = work / f"old-{commit}"
    unpack(commit, tree)
    out = HERE / commit
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    run_old(tree, str(HERE / "compat_writer.py"), str(out), str(tree), commit)
    print(f"{commit}: {sum(1 for p in out.rglob('*') if p.is_file())} files")


def write_snapshot(work: Path) -> None:
    lines = ["# The rule keys the first files of each schema version gave, read from the schema of the commit that wrote them", ""]
    for version, commit in FIRST_FILES.items():
        tree = work / f"old-{commit}"
        if not tree.exists():
            unpack(commit, tree)
        lines += [f"[schema.{version}]", f'commit = "{commit}"', run_old(tree, "-c", SNAPSHOT).strip(), ""]
    (HERE / "schema_keys.toml").write_text("\n".join(lines), encoding="utf-8")


def main(argv: list[str]) -> None:
    chosen = argv or list(COMMITS)
    unknown = [c for c in chosen if c not in COMMITS]
    if unknown:
        raise SystemExit(f"not a fixture commit: {', '.join(unknown)}; choose from {', '.join(COMMITS)}")
    with tempfile.TemporaryDirectory(prefix="canasta-compat-") as tmp:
        work = Path(tmp)
        for commit in chosen:
            write_commit(commit, work)
        if not argv:
            write_snapshot(work)


if __name__ == "__main__":
    main(sys.argv[1:])
