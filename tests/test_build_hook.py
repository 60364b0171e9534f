"""The wheel's build hook (hatch_build.py) never writes into the checkout, and says what it does.

hatch-mypyc compiles next to the sources and renames ``pyproject.toml`` for the
length of the compile, so a build killed at the wrong moment left the checkout
without it. The hook compiles in a temporary copy instead. These tests run
hatchling's real wheel builder in-process on a copy of the project, with the
compiler's command replaced by a stand-in that writes the extension modules
mypyc would write (a real compile takes half a minute or more): the checkout is
compared file by file before, *while* the compiler runs (a kill can only land at
such a moment), and after. ``.ci/run`` builds the real compiled wheel.

They need hatchling and hatch-mypyc, which pip installs only into a build's own
environment; without them they are skipped.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytest.importorskip("hatchling")
pytest.importorskip("hatch_mypyc")

from hatchling.builders.wheel import WheelBuilder

from canasta.core import COMPILED_MODULES, COMPILED_OUTSIDE_CORE

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = str(sysconfig.get_config_var("EXT_SUFFIX"))
MODULES = tuple(f"core/{name}" for name in COMPILED_MODULES) + tuple(name.removeprefix("canasta.").replace(".", "/") for name in COMPILED_OUTSIDE_CORE)
"""The compiled modules, as paths under ``canasta/`` without the suffix."""
SHARED = f"0123abcd__mypyc{SUFFIX}"
"""The shared library mypyc writes beside the per-module shims, at the top of the build folder."""


def _hook_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("canasta_hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _snapshot(root: Path) -> dict[str, str]:
    """Every file under root (but byte code), with a digest of its content."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the project's build inputs, and a private temporary directory for the hook's work folders."""
    root = tmp_path / "checkout"
    root.mkdir()
    for name in ("pyproject.toml", "hatch_build.py", "README.md", "LICENSE", ".gitignore"):
        shutil.copy2(ROOT / name, root / name)
    for name in ("canasta", "variants"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*__mypyc*"))
    temp = tmp_path / "tmp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    for name in ("CANASTA_PURE_PYTHON", "CANASTA_REQUIRE_COMPILED", "PIP_BUILD_TRACKER"):
        monkeypatch.delenv(name, raising=False)
    yield root


Compiler = Callable[[Path], int]
"""Stands in for ``setup.py build_ext --inplace``: gets the folder it runs in, returns the exit status."""


def _writes_extensions(folder: Path) -> int:
    for name in MODULES:
        (folder / "canasta" / f"{name}{SUFFIX}").write_bytes(b"shim " + name.encode())
    (folder / SHARED).write_bytes(b"the compiled engine")
    return 0


def _build(project: Path, monkeypatch: pytest.MonkeyPatch, compiler: Compiler, version: str = "standard") -> tuple[Path, list[Path]]:
    """Build a wheel of the project with hatchling; the wheel and the folders the compiler ran in."""
    before = _snapshot(project)
    real_run = subprocess.run
    ran: list[Path] = []
    problems: list[str] = []  # not raised in the stand-in: the hook would take an exception there for a failed compile

    def run(command: Any, *args: Any, **kwargs: Any) -> Any:
        if not (isinstance(command, list) and "build_ext" in command):
            return real_run(command, *args, **kwargs)
        folder = Path(kwargs.get("cwd") or os.getcwd()).resolve()
        ran.append(folder)
        if project.resolve() in (folder, *folder.parents):
            problems.append(f"the compiler ran in the checkout ({folder})")
        if _snapshot(project) != before:
            problems.append("the checkout changed before the compile")
        status = compiler(folder)
        if _snapshot(project) != before:
            problems.append("the checkout changed during the compile")
        return subprocess.CompletedProcess(command, status, stdout=b"the compiler's output\n" if status else b"")

    monkeypatch.setattr(subprocess, "run", run)
    out = project.parent / "dist"
    out.mkdir(exist_ok=True)
    try:
        wheel = Path(next(WheelBuilder(str(project)).build(directory=str(out), versions=[version])))
    finally:
        assert not problems, problems
        assert _snapshot(project) == before, "the build changed the checkout"
        assert not list(Path(tempfile.gettempdir()).iterdir()), "the hook's temporary folder was left behind"
    return wheel, ran


def _wheel(wheel: Path) -> tuple[set[str], str]:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        meta = archive.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
    return names, meta


def test_a_compiled_build_never_writes_into_the_checkout_and_ships_the_extension_modules(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wheel, ran = _build(project, monkeypatch, _writes_extensions)
    assert len(ran) == 1
    names, meta = _wheel(wheel)
    assert {f"canasta/{name}{SUFFIX}" for name in MODULES} | {SHARED} <= names
    assert "canasta/core/state.py" in names and "canasta/_bundled/finnish.toml" in names
    assert "Root-Is-Purelib: false" in meta and "py3-none-any" not in wheel.name
    assert (project / "pyproject.toml").is_file() and not (project / "pyproject.toml.bak").exists()


def test_the_compiler_runs_in_a_full_copy_of_the_package(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """mypy follows the compiled modules' imports into the rest of the package, so the copy holds all of it."""
    seen: dict[str, bool] = {}

    def compiler(folder: Path) -> int:
        seen["copy"] = (folder / "canasta" / "errors.py").is_file() and (folder / "canasta" / "core" / "state.py").is_file()
        seen["no project file"] = not (folder / "pyproject.toml").exists()
        setup = (folder.parent / "setup.py").read_text(encoding="utf-8")
        seen["modules"] = all(f"'canasta/{name}.py'" in setup for name in MODULES) and "'--strict'" in setup
        return _writes_extensions(folder)

    _build(project, monkeypatch, compiler)
    assert seen == {"copy": True, "no project file": True, "modules": True}


def _fails(folder: Path) -> int:
    return 1


def _builds_half(folder: Path) -> int:
    (folder / "canasta" / "core" / f"state{SUFFIX}").write_bytes(b"shim")
    return 0


def _cannot_start(folder: Path) -> int:
    raise FileNotFoundError(2, "No such file or directory", "cc")


@pytest.mark.parametrize("compiler", [_fails, _builds_half, _cannot_start], ids=["exit status 1", "modules missing", "cannot start"])
def test_a_failed_compile_gives_the_pure_python_wheel_with_a_warning(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], compiler: Compiler
) -> None:
    wheel, _ = _build(project, monkeypatch, compiler)
    names, meta = _wheel(wheel)
    assert wheel.name.endswith("py3-none-any.whl") and "Root-Is-Purelib: true" in meta
    assert not [n for n in names if n.endswith(SUFFIX)]
    shown = capsys.readouterr()
    assert "pure-Python engine is installed" in shown.out + shown.err


@pytest.mark.parametrize("compiler", [_fails, _builds_half, _cannot_start], ids=["exit status 1", "modules missing", "cannot start"])
def test_canasta_require_compiled_makes_a_failed_compile_an_error(project: Path, monkeypatch: pytest.MonkeyPatch, compiler: Compiler) -> None:
    monkeypatch.setenv("CANASTA_REQUIRE_COMPILED", "1")
    with pytest.raises((RuntimeError, OSError)):
        _build(project, monkeypatch, compiler)
    assert not list((project.parent / "dist").iterdir())


@pytest.mark.parametrize(("version", "pure"), [("editable", ""), ("standard", "1"), ("standard", "yes")])
def test_editable_installs_and_canasta_pure_python_never_compile(
    project: Path, monkeypatch: pytest.MonkeyPatch, version: str, pure: str
) -> None:
    if version == "editable":
        pytest.importorskip("editables")
    if pure:
        monkeypatch.setenv("CANASTA_PURE_PYTHON", pure)
    wheel, ran = _build(project, monkeypatch, _writes_extensions, version=version)
    assert not ran
    names, _ = _wheel(wheel)
    assert not [n for n in names if n.endswith(SUFFIX)]


def test_extension_modules_an_interrupted_older_build_left_are_removed(
    project: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """They would shadow the sources in an editable install; anything else that ends in .so is left alone."""
    other = project / "canasta" / "simulation" / f"native{SUFFIX}"
    other.write_bytes(b"not the engine's")
    before = _snapshot(project)
    for path in (project / "canasta" / "core" / f"state{SUFFIX}", project / "canasta" / "core" / f"table{SUFFIX}", project / SHARED):
        path.write_bytes(b"left over")
    monkeypatch.setenv("CANASTA_PURE_PYTHON", "1")
    wheel = Path(next(WheelBuilder(str(project)).build(directory=str(project.parent), versions=["standard"])))
    assert wheel.is_file()
    assert _snapshot(project) == before
    shown = capsys.readouterr()
    assert "removed extension modules left in the checkout" in shown.out + shown.err
    assert other.is_file()


def test_the_terminal_line_is_only_written_for_pip_at_a_foreground_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    hook = _hook_module()
    monkeypatch.delenv("PIP_BUILD_TRACKER", raising=False)
    assert hook.tell_terminal("x") is False
    # pip, but no controlling terminal (a new session, as in CI or a detached job)
    code = f"import sys; sys.path[:0] = {sys.path!r}; import runpy; m = runpy.run_path({str(ROOT / 'hatch_build.py')!r}); print(m['tell_terminal']('x'))"
    env = {**os.environ, "PIP_BUILD_TRACKER": "/tmp/tracker"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, start_new_session=True, timeout=60, check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_terminal_line_reaches_a_foreground_terminal() -> None:
    """A build under pip at a terminal shows its line even though pip hides the build's output."""
    try:
        master, slave = os.openpty()
    except OSError as error:
        pytest.skip(f"no pseudo-terminal here: {error}")
    code = (
        f"import os, sys; sys.path[:0] = {sys.path!r}; os.close(os.open(os.ttyname(0), os.O_RDWR)); "
        f"import runpy; m = runpy.run_path({str(ROOT / 'hatch_build.py')!r}); "
        "told = m['tell_terminal']('canasta: compiling\\n'); os.write(2, b'told' if told else b'quiet')"
    )
    env = {**os.environ, "PIP_BUILD_TRACKER": "/tmp/tracker"}
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env, start_new_session=True
        )
        _, err = child.communicate(timeout=60)
        os.close(slave)
        slave = -1
        shown = b""
        while b"compiling" not in shown:
            try:
                chunk = os.read(master, 1024)
            except OSError:  # EIO: the terminal's other end is closed and drained
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)
    assert err == b"told" and b"canasta: compiling" in shown
