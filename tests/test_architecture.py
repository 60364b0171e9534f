"""The layers of docs/architecture.md hold: no module imports from a package its row does not allow.

The table in the docs is the one statement of the layers; this test reads it,
so the rule and its check cannot drift apart. Every package of ``canasta/``
must have a row, and every import of another package of the library (absolute
or relative, at module level or inside a function) must be in that row.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "canasta"
ROW = re.compile(r"^\| `canasta(?:\.(\w+))?` \|.*\| ([^|]*) \|$")


def allowed_imports() -> dict[str, set[str]]:
    """Each package's row of the layers table: the packages it may import."""
    rows: dict[str, set[str]] = {}
    for line in (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m and m.group(1):
            may = m.group(2).strip()
            rows[m.group(1)] = set() if may == "—" else {p.strip() for p in may.split(",")}
    return rows


def package_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def imported_packages(path: Path, source: str | None = None) -> set[str]:
    """The library's packages a module imports (``canasta`` for the top-level names); ``source`` stands in for the file's text."""
    own = package_of(path)
    nested = len(path.relative_to(PACKAGE).parts) > 1
    found: set[str] = set()
    for node in ast.walk(ast.parse(source if source is not None else path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            if node.level == 1 and nested:
                continue
            found.add((node.module or "").split(".")[0] or "canasta")
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "canasta":
            found.add(node.module.split(".")[1] if "." in node.module else "canasta")
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[1] if "." in a.name else "canasta" for a in node.names if a.name.split(".")[0] == "canasta")
    return found - {own}


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if package_of(p) not in ("__init__", "__main__"))


def test_every_package_has_a_row() -> None:
    rows = allowed_imports()
    assert {package_of(p) for p in MODULES} == set(rows)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_the_layers_its_package_may(path: Path) -> None:
    rows = allowed_imports()
    crossing = imported_packages(path) - rows[package_of(path)]
    assert not crossing, f"{path.relative_to(ROOT)} imports {sorted(crossing)}, which docs/architecture.md does not allow {package_of(path)}"


def test_the_check_sees_an_upward_import() -> None:
    """A module of the engine that imported the simulation or the bots, absolutely or relatively, would be caught."""
    game = PACKAGE / "core" / "game.py"
    source = "from canasta.simulation import simulate\nfrom ..bots import RandomBot\nimport canasta.play.session\nfrom .state import State\n"
    assert imported_packages(game, source) - allowed_imports()["core"] == {"simulation", "bots", "play"}


def _runtime_imports_in_core(path: Path) -> set[str]:
    """The modules of ``canasta.core`` a module of it imports when it runs (imports under ``if TYPE_CHECKING:`` left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If) and getattr(block.test, "id", "") == "TYPE_CHECKING" for node in ast.walk(block)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, ast.ImportFrom):
            continue
        if node.level == 1:
            found.update([node.module.split(".")[0]] if node.module else [a.name for a in node.names])
        elif node.module and node.module.startswith("canasta.core."):
            found.add(node.module.split(".")[2])
    return found - {path.stem}


def test_no_import_circle_inside_the_engine() -> None:
    """The engine's modules form layers: no module imports, at run time and however indirectly, one that imports it."""
    core = {p.stem: p for p in (PACKAGE / "core").glob("*.py") if p.stem != "__init__"}
    graph = {name: _runtime_imports_in_core(path) & set(core) for name, path in core.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(name) :], name]))
        if name in done:
            return
        for dep in sorted(graph[name]):
            visit(dep, (*path, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())


MOST_LINES = 620
"""About 600 lines: past that a module holds more than one job (docs/architecture.md)."""


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_is_past_about_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines; split it by job"
