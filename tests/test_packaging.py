"""The package metadata a user sees on an index: license, links, extras and the README as description."""

from __future__ import annotations

import importlib
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
HOME = "https://github.com/canasta-rules/canasta"


@pytest.fixture(scope="module")
def project() -> dict[str, Any]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    table = data["project"]
    assert isinstance(table, dict)
    return table


def test_the_mit_license_file_exists_and_is_named_in_the_metadata(project: dict[str, Any]) -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 the canasta authors" in text
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]


def test_no_extra_is_empty(project: dict[str, Any]) -> None:
    extras = project["optional-dependencies"]
    assert extras, "the cli, dask and dev extras are expected"
    empty = sorted(name for name, requirements in extras.items() if not requirements or not all(r.strip() for r in requirements))
    assert not empty, f"extras with nothing to install: {empty}; fill them or remove them until their issue"


def test_the_dask_extra_installs_the_distributed_scheduler(project: dict[str, Any]) -> None:
    assert any(r.startswith("dask[distributed]") for r in project["optional-dependencies"]["dask"])


def test_project_urls_point_at_the_repository(project: dict[str, Any]) -> None:
    urls = project["urls"]
    assert set(urls) >= {"Homepage", "Documentation", "Issues", "Source"}
    assert all(url.startswith(HOME) for url in urls.values()), urls


def test_classifiers_and_keywords(project: dict[str, Any]) -> None:
    classifiers = project["classifiers"]
    assert "Typing :: Typed" in classifiers and (ROOT / "canasta" / "py.typed").exists()
    assert f"Programming Language :: Python :: {project['requires-python'].removeprefix('>=')}" in classifiers
    assert not [c for c in classifiers if c.startswith("License ::")], "the license is given as an SPDX expression (PEP 639)"
    assert "canasta" in project["keywords"]


LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)")
"""The target of a Markdown inline link or image: ``[text](target)``."""
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
"""The target of a Markdown reference definition: ``[label]: target``."""
HTML = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")


def _is_absolute(target: str) -> bool:
    return target.startswith(("https://", "http://", "mailto:"))


def test_the_readme_works_as_the_description_on_an_index(project: dict[str, Any]) -> None:
    """An index shows the README without the repository around it, so every link must be absolute."""
    assert project["readme"] == "README.md"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = LINK.findall(text) + REFERENCE.findall(text) + HTML.findall(text)
    assert targets, "the README links to its docs"
    relative = [t for t in targets if not _is_absolute(t)]
    assert not relative, f"relative links break on an index: {relative}"


def test_the_readme_links_to_every_doc_page() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f"{HOME}/blob/main/docs/{page.name}" in text, f"the README does not link to docs/{page.name}"


def test_the_stub_is_the_one_table_of_public_names() -> None:
    """``canasta/__init__.pyi`` lists each public name once, and the lazy importer reads every line of it.

    Type checkers read the stub and ``canasta/__init__.py`` reads it to build
    ``__all__`` and the lazy imports, so a line in a form the reader misses
    would be a name the type checker sees and the program does not.
    """
    import canasta

    stub = (ROOT / "canasta" / "__init__.pyi").read_text(encoding="utf-8")
    written = re.findall(r"^\s+(\w+) as (\w+),?$", stub, re.M)
    assert written and all(name == alias for name, alias in written)
    assert sorted(name for name, _ in written) == canasta.__all__
    imports = re.findall(r"^from \S+ import", stub, re.M)
    assert len(imports) == len(set(imports)), "one block per module"
    assert canasta.__all__ == sorted(set(canasta.__all__))


def test_a_caller_can_name_what_the_exported_functions_return_and_take() -> None:
    """The types a caller meets through the exported names are exported too: entries, results, events, bots."""
    import canasta
    from canasta.core import events

    kinds = [v for v in vars(events).values() if isinstance(v, type) and issubclass(v, events.Event)]
    assert len(kinds) > 20
    assert {cls.__name__ for cls in kinds} <= set(canasta.__all__)
    assert all(getattr(canasta, cls.__name__) is cls for cls in kinds)
    for name in ("SideEntry", "HandEntry", "PenaltyEntry", "WarningEntry", "Carried", "SimulationResult", "ComparisonResult", "RunOptions", "Bot", "RandomBot", "HeuristicBot"):
        assert name in canasta.__all__
    assert canasta.simulate.__annotations__["return"] in ("SimulationResult", canasta.SimulationResult)
    assert canasta.compare.__annotations__["return"] in ("ComparisonResult", canasta.ComparisonResult)


def test_every_public_name_is_found_where_the_package_says_and_import_canasta_loads_no_engine() -> None:
    """The names are imported when first used (PEP 562), so ``import canasta`` stays lean and the command line starts at once."""
    import subprocess
    import sys

    import canasta

    assert sorted(canasta._HOME_OF) == sorted(canasta.__all__)
    for name in canasta.__all__:
        assert getattr(canasta, name) is getattr(importlib.import_module(canasta._HOME_OF[name]), name)
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, canasta; print(sorted(m for m in sys.modules if m.startswith('canasta')))"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert loaded == "['canasta']"
