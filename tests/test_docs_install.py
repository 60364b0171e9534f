"""The install instructions say what each command does to the engine.

``pip install .`` compiles the engine with mypyc and takes half a minute or
more; ``pip install -e .`` is always pure Python and silently replaces a
compiled engine installed before it. Every page that gives one of these
commands says so next to it, and the README gives the commands that test the
compiled build, the same ones ``.ci/run`` runs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL_BLOCK = re.compile(r"^```(?:sh|bash|shell|console)\n(?P<body>.*?)^```\n(?P<after>.*?)(?=^#|^```|\Z)", re.S | re.M)
"""A shell block and the prose after it, up to the next heading."""


def _section(name: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split(f"## {name}", 1)[1].split("\n## ", 1)[0]


def _install_blocks() -> list[Any]:
    found: list[Any] = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for m in SHELL_BLOCK.finditer(text):
            if "pip install" in m["body"]:
                where = f"{page.relative_to(ROOT).as_posix()}:{text.count(chr(10), 0, m.start()) + 1}"
                found.append(pytest.param(where, m["body"], " ".join(m["after"].split()), id=where))
    return found


def test_the_fresh_machine_section_keeps_two_sh_commands_for_ci() -> None:
    """.ci/run runs exactly the two fenced sh commands of the section; the rest must be prose."""
    blocks = re.findall(r"```sh\n(.*?)```", _section("On a fresh machine"), re.S)
    assert len(blocks) == 2
    assert "pip install '.[cli]'" in blocks[0] and "-e" not in blocks[0].split()
    assert "pip install -e '.[dev]'" in blocks[1]


@pytest.mark.parametrize(("page", "body", "after"), _install_blocks())
def test_every_install_command_says_which_engine_it_installs(page: str, body: str, after: str) -> None:
    if re.search(r"pip install -e\b", body):
        assert "replaces" in after and "pure" in after, f"{page}: say that the editable install replaces a compiled engine with the pure one"
    elif re.search(r"pip install '?\.", body):
        assert "mypyc" in after and "minute" in after, f"{page}: say that the install compiles the engine, and how long it takes"
        assert "CANASTA_PURE_PYTHON=1" in after


def test_the_readme_gives_the_commands_that_test_the_compiled_engine_as_ci_does() -> None:
    section = " ".join(_section("On a fresh machine").split())
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command in ("CANASTA_REQUIRE_COMPILED=1 python3 -m pip wheel --no-deps", "--no-deps --force-reinstall", "CANASTA_EXPECT_COMPILED=1 pytest"):
        assert command in section, command
        assert command in ci, f".ci/run no longer runs {command!r}; update the README with it"
    assert "replaces the compiled engine" in section


def test_the_pages_about_installing_warn_about_the_editable_install() -> None:
    for name in ("quickstart.md", "index.md"):
        text = " ".join((ROOT / "docs" / name).read_text(encoding="utf-8").split())
        assert "pip install -e" in text and "replaces" in text and "mypyc" in text, name
