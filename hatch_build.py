"""Build hook: compile the engine's hot modules with mypyc when a wheel is built, else ship pure Python.

The rules stay written once, in typed Python; mypyc (the compiler mypy ships)
turns the modules listed under ``[tool.hatch.build.targets.wheel.hooks.custom]``
in ``pyproject.toml`` into C extensions through the ``hatch-mypyc`` hook, which
this one wraps to add three things:

- ``CANASTA_PURE_PYTHON=1`` in the environment asks for the pure-Python wheel;
- an editable install (``pip install -e .``) is always pure Python, so that
  edits to the source take effect without a rebuild;
- a machine where compiling fails (no C compiler, no Python headers) gets the
  pure-Python wheel and a warning, unless ``CANASTA_REQUIRE_COMPILED=1`` makes
  that an error (CI sets it, so a broken compiled build cannot pass unseen).

``hatch-mypyc`` compiles in place, next to the sources; the extension modules
are removed from the source tree again once the wheel holds them, so that a
later editable install (or ``git status``) never sees them. While mypyc runs (15 to 20 s),
``hatch-mypyc`` renames ``pyproject.toml`` to ``pyproject.toml.bak`` and back (for the setuptools
it compiles with), so do not edit that file during a build.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from hatch_mypyc import plugin as _mypyc_plugin

PURE_ENV = "CANASTA_PURE_PYTHON"
REQUIRE_ENV = "CANASTA_REQUIRE_COMPILED"


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


class CanastaMypycHook(_mypyc_plugin.MypycBuildHook):
    """hatch-mypyc, skipped for editable installs and on request, falling back to pure Python on failure."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        # Extension modules left next to the sources would shadow them (they are imported first).
        self.clean([version])
        if version == "editable":
            return
        if _flag(PURE_ENV):
            self.app.display_info(f"canasta: {PURE_ENV} is set, building the pure-Python engine")
            return
        try:
            super().initialize(version, build_data)
        except Exception as error:
            self.clean([version])
            if _flag(REQUIRE_ENV):
                raise
            self.app.display_warning(f"canasta: compiling the engine with mypyc failed, building the pure-Python engine instead:\n{error}")
            return
        self.app.display_info("canasta: engine compiled with mypyc")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if self.target_name == "wheel" and version != "editable":
            self.clean([version])


def get_build_hook() -> type[CanastaMypycHook]:
    """The hook class hatchling loads (named, since the module also sees hatch-mypyc's own class)."""
    return CanastaMypycHook


if __name__ == "__main__":  # pragma: no cover
    sys.exit("hatch_build.py is a build hook; build with `python3 -m pip install .`")
