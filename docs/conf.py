"""Sphinx configuration for the canasta documentation site (furo theme, MyST Markdown).

Build it with ``sphinx-build -W -b html docs docs/_build/html``; ``.ci/run``
does, with warnings as errors, so a broken reference or a stale autodoc
entry fails CI.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from importlib.metadata import version as _version  # noqa: E402

project = "canasta"
author = "the canasta authors"
copyright = "2026, the canasta authors"
release = _version("canasta")
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4

# The research adapters import their frameworks; with only the docs extra installed they are
# mocked, so the site builds without OpenSpiel, PettingZoo and NumPy (CI builds it with them).
autodoc_mock_imports = [name for name in ("numpy", "pyspiel", "pettingzoo", "gymnasium") if importlib.util.find_spec(name) is None]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"show-inheritance": True}
autodoc_class_signature = "separated"
napoleon_google_docstring = False
napoleon_numpy_docstring = False

html_theme = "furo"
html_title = f"canasta {release}"
html_static_path: list[str] = []


_HTML_ANCHOR = re.compile(r'^<a id="([\w-]+)"></a>$', re.M)
"""A raw anchor line (``<a id="p1"></a>``), which GitHub shows as a link target and MyST ignores."""


def _anchors_as_targets(app: object, docname: str, source: list[str]) -> None:
    """Turn each raw anchor line into a MyST target, so ``decisions.md#p1`` resolves in the site too."""
    source[0] = _HTML_ANCHOR.sub(r"(\1)=", source[0])


def setup(app: object) -> dict[str, bool]:
    app.connect("source-read", _anchors_as_targets)  # type: ignore[attr-defined]
    return {"parallel_read_safe": True}
