"""Build hook: compile the engine's hot modules with mypyc when a wheel is built, else ship pure Python.

The rules stay written once, in typed Python; mypyc (the compiler mypy ships)
turns the modules listed under ``[tool.hatch.build.targets.wheel.hooks.custom]``
in ``pyproject.toml`` into C extension modules. The options are those of the
``hatch-mypyc`` hook (``include``, ``mypy-args``), whose configuration this
hook reuses; it adds:

- ``CANASTA_PURE_PYTHON=1`` in the environment asks for the pure-Python wheel;
- an editable install (``pip install -e .``) is always pure Python, so that
  edits to the source take effect without a rebuild;
- a machine where compiling fails (no C compiler, no Python headers) gets the
  pure-Python wheel and a warning, unless ``CANASTA_REQUIRE_COMPILED=1`` makes
  that an error (CI sets it, so a broken compiled build cannot pass unseen);
- nothing is ever written into the checkout. ``hatch-mypyc`` compiles in place,
  next to the sources, and renames ``pyproject.toml`` to ``pyproject.toml.bak``
  for the length of the compile, so a build killed at the wrong moment (Ctrl-C
  twice, SIGTERM, SIGKILL) left the checkout without its ``pyproject.toml`` and
  with extension modules that shadow the sources. This hook copies the package
  into a temporary folder, compiles there, and adds the extension modules to
  the wheel from that folder (``force_include``); the folder is removed once the
  wheel is written. A build killed at any moment leaves the checkout as it was
  (at worst a ``canasta-mypyc-*`` folder in the temporary directory).
  Extension modules that an older version of this hook left in the checkout are
  removed, with a warning, because they would shadow the sources.

Compiling takes about half a minute on an idle two-core machine (25 to 27 s
measured) and a minute or more on a loaded one. pip shows none of a build
backend's output unless asked (``pip -v``) or the build fails: it reads the
backend's stdout and stderr through a pipe and logs them at its VERBOSE level
(``pip/_internal/utils/subprocess.py``, ``call_subprocess``), and its spinner
moves only when a line arrives. The compile runs under "Preparing metadata
(pyproject.toml)", once: hatchling offers no metadata hook when pip is the
frontend (``PIP_BUILD_TRACKER`` is set; ``hatchling/build.py``), so pip's
fallback (``pyproject_hooks``, ``_get_wheel_metadata_from_wheel``) builds the
whole wheel for its metadata and hands that same wheel to "Building wheel"
(``_find_already_built_wheel``). To tell a person at a terminal what the wait
is, the hook writes its start and end lines (or the fallback's warning) to the
controlling terminal (``/dev/tty``) when pip is the frontend and the build runs
in the terminal's foreground, and to its own output otherwise. A CI log, which
has no terminal, shows them only with ``pip -v``.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

from hatch_mypyc import plugin as _mypyc_plugin
from hatch_mypyc.utils import construct_setup_file

PURE_ENV = "CANASTA_PURE_PYTHON"
REQUIRE_ENV = "CANASTA_REQUIRE_COMPILED"
WORK_PREFIX = "canasta-mypyc-"
"""The temporary folder of one compile: ``<tmp>/canasta-mypyc-XXXX/src`` holds the copied package and the extension modules."""
IGNORED = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c", "*__mypyc*", ".mypy_cache")
"""What is not copied from the checkout: byte code, and build products of earlier builds."""

FAILED = (
    "canasta: compiling the engine with mypyc failed, so the pure-Python engine is installed: it plays the same,"
    " about half as fast (pip install -v shows why; a C compiler and the Python headers are needed)"
)
STARTING = f"canasta: compiling the engine with mypyc (about half a minute, more on a busy machine; {PURE_ENV}=1 skips it) ..."


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def tell_terminal(text: str) -> bool:
    """Write ``text`` to the controlling terminal when pip is the frontend and the build is in the terminal's foreground.

    pip hides a backend's output unless ``-v`` is given, so this is the only way a
    person waiting at a terminal learns what the wait is. Nothing is written when
    there is no terminal (CI, a detached session), when the build runs in the
    background (a write could stop it with SIGTTOU), or for other frontends, which
    show the backend's output themselves. Returns whether the text was written.
    """
    if "PIP_BUILD_TRACKER" not in os.environ:
        return False
    try:
        fd = os.open("/dev/tty", os.O_WRONLY | os.O_NOCTTY)
    except OSError:
        return False
    try:
        if os.tcgetpgrp(fd) != os.getpgrp():
            return False
        os.write(fd, text.encode())
    except (OSError, AttributeError):
        return False
    finally:
        os.close(fd)
    return True


class CanastaMypycHook(_mypyc_plugin.MypycBuildHook):
    """mypyc in a temporary copy of the package, skipped for editable installs and on request, falling back to pure Python on failure."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._work: str | None = None
        self._told = False

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        self.remove_stale_artifacts()
        if version == "editable":
            return
        if _flag(PURE_ENV):
            self.app.display_info(f"canasta: {PURE_ENV} is set, building the pure-Python engine")
            return
        self.say(STARTING)
        start = time.monotonic()
        try:
            extensions = self.compile_in_temporary_copy()
        except Exception as error:
            self.remove_work()
            if _flag(REQUIRE_ENV):
                raise
            self.tell(FAILED)
            self.app.display_warning(f"{FAILED}:\n{error}")
            return
        self.say(f"canasta: engine compiled with mypyc in {time.monotonic() - start:.0f} s")
        build_data["infer_tag"] = True
        build_data["pure_python"] = False
        build_data["force_include"].update(extensions)

    def say(self, line: str) -> None:
        """Show a line on the terminal when pip would hide it, else in the build's output.

        Only one of the two: a line that reaches pip moves its spinner, which then
        draws a stray character on the terminal below the line.
        """
        if not self.tell(line):
            self.app.display_info(line)

    def tell(self, line: str) -> bool:
        """Write the line to the terminal (``tell_terminal``), the first one below pip's own "Preparing metadata ... "."""
        told = tell_terminal(f"{'' if self._told else chr(10)}  {line}\n")
        self._told = self._told or told
        return told

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self.remove_work()

    def compile_in_temporary_copy(self) -> dict[str, str]:
        """Compile the included modules in a copy of their packages; the extension modules, as {absolute path: path in the wheel}."""
        self.remove_work()
        self._work = work = tempfile.mkdtemp(prefix=WORK_PREFIX)
        source = os.path.join(work, "src")
        os.mkdir(source)
        for package in sorted({path.split("/", 1)[0] for path in self.normalized_included_files}):
            shutil.copytree(os.path.join(self.root, package), os.path.join(source, package), ignore=IGNORED)
        options = {**self.config_options, "target_dir": os.path.join(work, "build")}
        setup_file = os.path.join(work, "setup.py")
        with open(setup_file, "w", encoding="utf-8") as f:
            f.write(construct_setup_file("", *self.config_mypy_args, *self.normalized_included_files, **options))
        command = [
            sys.executable,
            setup_file,
            "build_ext",
            "--inplace",
            "--build-lib",
            os.path.join(work, "lib"),
            "--build-temp",
            os.path.join(work, "tmp"),
        ]
        # cwd is the copy: mypy, setuptools and the compiler read and write nothing in the checkout.
        done = subprocess.run(command, cwd=source, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
        output = done.stdout.decode("utf-8", "replace")
        if done.returncode:
            raise RuntimeError(f"mypyc exited with status {done.returncode}:\n{output}")
        extensions = {
            path: os.path.relpath(path, source).replace(os.sep, "/")
            for path in glob.glob(os.path.join(source, "**", f"*{self.compiled_extension}"), recursive=True)
        }
        expected = {f"{os.path.splitext(name)[0]}." for name in self.normalized_included_files}
        missing = sorted(e[:-1] for e in expected if not any(target.startswith(e) for target in extensions.values()))
        if missing:
            raise RuntimeError(f"mypyc built no extension module for {', '.join(missing)}:\n{output}")
        return extensions

    def remove_work(self) -> None:
        """Remove the temporary folder of the last compile, if any."""
        if self._work is not None:
            shutil.rmtree(self._work, ignore_errors=True)
            self._work = None

    def stale_artifacts(self) -> list[str]:
        """Extension modules of the included modules in the checkout: left by an interrupted build of an older version of this hook."""
        found = [path for pattern in self.artifact_globs for path in glob.glob(os.path.join(self.root, pattern))]
        found += glob.glob(os.path.join(self.root, f"*__mypyc.*{self.compiled_extension}"))
        return sorted(set(found))

    def remove_stale_artifacts(self) -> None:
        stale = self.stale_artifacts()
        for path in stale:
            os.remove(path)
        if stale:
            names = ", ".join(os.path.relpath(path, self.root) for path in stale)
            self.app.display_warning(
                f"canasta: removed extension modules left in the checkout by an interrupted build (they shadow the sources): {names}"
            )


def get_build_hook() -> type[CanastaMypycHook]:
    """The hook class hatchling loads (named, since the module also sees hatch-mypyc's own class)."""
    return CanastaMypycHook


if __name__ == "__main__":  # pragma: no cover
    sys.exit("hatch_build.py is a build hook; build with `python3 -m pip install .`")
