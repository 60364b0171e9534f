"""Every fenced code block of README.md and docs/**/*.md is checked, so the documentation cannot drift.

Pages are found by glob (``README.md`` and ``docs/**/*.md``, leaving out
``docs/_build``), so a new page is covered as soon as it exists. Each checked
block is one test case named ``page:line`` (the line of its opening fence).
What is checked depends on the block's **info string**, the words after the
opening fence. GitHub and MyST (Sphinx) both take the first word as the
language for highlighting and ignore the rest, so the extra words below render
as the plain language everywhere.

``python``
    Every ``python`` and ``pycon`` block of one page runs in order in **one
    shared namespace**: a later block may use names an earlier one defined
    (running one block alone first runs the page's earlier blocks). A block must
    run without error. Its printed output is **not** checked, unless the block
    is followed directly (only blank lines between) by a block whose info string
    is ``text output``: then what the python block prints must equal that
    block, with ``...`` matching anything (doctest's ELLIPSIS) and trailing
    whitespace ignored. A ``text output`` block anywhere else is an error. A
    ``python`` block whose first line starts with ``>>>`` is read as ``pycon``.

``pycon``
    ``>>>`` examples run with :mod:`doctest` (ELLIPSIS and
    NORMALIZE_WHITESPACE), in the page's shared namespace.

``console``
    Lines starting with ``$ `` are commands; the lines after a command, up to
    the next ``$ ``, are its expected output (stdout and stderr together, as a
    terminal shows them), with ``...`` matching anything and trailing whitespace
    ignored. A plain ``canasta ...`` command (a ``# comment`` after it is fine)
    is run in-process through ``canasta.cli.main.main`` and its output
    compared; the exit status is not compared (a ``validate`` that finds
    problems exits 2, which is what the block shows). A command that is not a
    plain ``canasta`` command (a pipe, a redirection, ``python ...``) is not run
    and its output is not checked, but every ``canasta`` command in it is parsed
    as in ``sh``. Keep console blocks quick (well under a second each): put long
    runs in ``sh``.

``sh`` (also ``bash``, ``shell``)
    Not executed. Every ``canasta ...`` command in it (also after ``|``,
    ``&&`` or ``;``, with redirections dropped; also ``python -m canasta ...``)
    is parsed with the command line's own argparse parser, so a renamed or
    removed option fails here. ``pip`` and other commands are left alone.

``toml``
    Must parse with :mod:`tomllib`. A table with an ``extends`` key is a house
    file and must load with :func:`canasta.loads_variant`. A block meant to
    show a bad profile says so: ``toml invalid`` (it is still written to its
    file, see below, but not parsed or loaded).

``json``
    Must parse with :mod:`json`.

Anything else (``text``, ``markdown``, no language, …) is not checked.

**Files.** A word of the info string that contains a dot names a file: the
block's text is written under that name into the page's working folder, e.g.
``toml house.toml`` or ``toml bad.toml invalid``. Python, pycon and console
blocks run in that folder, which also links every top-level entry of the
repository (``tests``, ``variants``, ``examples``, …), so commands and code may
use repository paths as if run from the repository root, and
``canasta variants validate house.toml`` finds the page's ``house.toml``. A
house file's relative ``extends`` resolves there too.

Blocks that other tests already compare byte for byte (docs/play.md's sample
session in tests/test_play.py, docs/federations.md and the diff outputs of
docs/diff.md in tests/test_federations_doc.py and tests/test_diff.py) are left
as ``text`` so they are not checked twice.
"""

from __future__ import annotations

import contextlib
import difflib
import doctest
import io
import json
import re
import shlex
import tomllib
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.cli.main import build_parser, main

ROOT = Path(__file__).resolve().parents[1]

FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`]*)$")
SHELLS = {"sh", "bash", "shell"}
OUTPUT_INFO = "text output"
SEPARATORS = {"|", "||", "&&", ";", "&", "(", ")", "|&"}
REDIRECTIONS = {">", ">>", "<", "<<", ">&", "&>", "<&", ">|"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Block:
    """One fenced code block: its page, the 1-based line of its opening fence, info string and text."""

    page: str
    line: int
    end: int
    info: str
    text: str

    @property
    def words(self) -> list[str]:
        return self.info.split()

    @property
    def lang(self) -> str:
        return self.words[0].lower() if self.words else ""

    @property
    def file_name(self) -> str | None:
        names = [w for w in self.words[1:] if "." in w]
        return names[0] if names else None

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"


def _pages() -> list[Path]:
    docs = ROOT / "docs"
    found = [p for p in docs.glob("**/*.md") if "_build" not in p.relative_to(docs).parts[:1]]
    return [ROOT / "README.md", *sorted(found)]


def _blocks(path: Path) -> list[Block]:
    """The page's fenced blocks, in order (CommonMark fences: ``` or ~~~, closed by a fence at least as long)."""
    page = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or (m["fence"][0] == "`" and "`" in m["info"]):
            i += 1
            continue
        indent, fence = len(m["indent"]), m["fence"]
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(fence) and set(stripped) == {fence[0]}:
                break
            body.append(lines[j][indent:] if lines[j][:indent].strip() == "" else lines[j].lstrip())
            j += 1
        text = "\n".join(body) + ("\n" if body else "")
        out.append(Block(page=page, line=i + 1, end=j + 1, info=m["info"].strip(), text=text))
        i = j + 1
    return out


def _is_doctest(block: Block) -> bool:
    return block.lang == "pycon" or (block.lang == "python" and block.text.lstrip().startswith(">>>"))


@dataclass(slots=True)
class Page:
    """A page's blocks, its working folder and the shared namespace of its python blocks."""

    path: Path
    blocks: list[Block]
    folder: Path | None = None
    namespace: dict[str, Any] = field(default_factory=dict)
    ran: dict[int, str | None] = field(default_factory=dict)  # block line -> None (passed) or what failed

    def output_of(self, block: Block) -> Block | None:
        """The ``text output`` block right after a python block, if any."""
        index = self.blocks.index(block)
        if index + 1 >= len(self.blocks):
            return None
        after = self.blocks[index + 1]
        if after.info != OUTPUT_INFO:
            return None
        lines = self.path.read_text(encoding="utf-8").splitlines()
        between = lines[block.end : after.line - 1]
        return after if all(not line.strip() for line in between) else None


PAGES: dict[str, Page] = {}


def _page(page: str, factory: pytest.TempPathFactory) -> Page:
    """The page's state, made once per test session: its working folder holds the page's named files."""
    state = PAGES.get(page)
    if state is None:
        path = ROOT / page
        state = PAGES[page] = Page(path=path, blocks=_blocks(path))
    if state.folder is None:
        folder = factory.mktemp(re.sub(r"\W", "_", page))
        for entry in ROOT.iterdir():
            if not entry.name.startswith("."):
                (folder / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
        for block in state.blocks:
            name = block.file_name
            if name is not None:
                target = folder / name
                assert not target.is_symlink(), f"{block.where}: the file name {name!r} hides the repository's own"
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(block.text, encoding="utf-8")
        state.folder = folder
    return state


def _cases() -> Iterator[Any]:
    for path in _pages():
        page = path.relative_to(ROOT).as_posix()
        state = PAGES[page] = Page(path=path, blocks=_blocks(path))
        for block in state.blocks:
            if block.lang in {"python", "pycon", "console", "toml", "json", *SHELLS} or block.info == OUTPUT_INFO:
                yield pytest.param(page, block.line, id=block.where)


def _normalize(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines()) + "\n"


def _matches(want: str, got: str) -> bool:
    return doctest.OutputChecker().check_output(_normalize(want), _normalize(got), doctest.ELLIPSIS)


def _difference(want: str, got: str) -> str:
    diff = difflib.unified_diff(
        _normalize(want).splitlines(), _normalize(got).splitlines(), "expected (the doc)", "got (real output)", lineterm=""
    )
    return "\n".join(diff)


# --- python and pycon ------------------------------------------------------------------------------


def _run_python(state: Page, block: Block) -> str | None:
    """Run one python or pycon block in the page's namespace; what went wrong, or None."""
    if _is_doctest(block):
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block.text, state.namespace, block.where, str(state.path), block.line)
        test.globs = state.namespace  # DocTest copies its globals; the page's blocks share one namespace
        report = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        result = runner.run(test, out=report.write, clear_globs=False)
        return f"{block.where}: a >>> example failed:\n{report.getvalue()}" if result.failed else None
    code = compile(block.text, f"{block.where} (python block)", "exec")
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            exec(code, state.namespace)  # the documentation's own example
    except Exception as exc:  # any error is the doc's failure, reported with its place
        trace = "".join(traceback.format_exception(exc.with_traceback(exc.__traceback__.tb_next if exc.__traceback__ else None)))
        return f"{block.where}: the python block raised {type(exc).__name__}: {exc}\n{trace}"
    expected = state.output_of(block)
    if expected is not None and not _matches(expected.text, printed.getvalue()):
        return (
            f"{block.where}: the printed output differs from the `text output` block at {expected.where}:\n"
            f"{_difference(expected.text, printed.getvalue())}"
        )
    return None


def _check_python(state: Page, block: Block) -> None:
    """Run the page's python blocks up to this one, in order, each once per session."""
    for earlier in state.blocks:
        if earlier.lang not in {"python", "pycon"}:
            continue
        if earlier.line not in state.ran:
            state.ran[earlier.line] = _run_python(state, earlier)
        failure = state.ran[earlier.line]
        if earlier is block:
            if failure:
                pytest.fail(failure, pytrace=False)
            return
        if failure:
            pytest.fail(f"{block.where}: not run, because an earlier block of the page failed:\n{failure}", pytrace=False)


def _check_output_block(state: Page, block: Block) -> None:
    index = state.blocks.index(block)
    before = state.blocks[index - 1] if index else None
    if before is None or before.lang != "python" or _is_doctest(before) or state.output_of(before) is not block:
        pytest.fail(
            f"{block.where}: a `text output` block must come right after a python block (only blank lines between)",
            pytrace=False,
        )
    _check_python(state, before)


# --- console and sh --------------------------------------------------------------------------------


def _commands(line: str) -> tuple[list[list[str]], bool]:
    """The ``canasta`` argument lists in a shell line, and whether the line is one plain canasta command."""
    line = re.sub(r"(?<=\s)\d(?=[<>])", "", line)  # a file descriptor glued to a redirection: 2>/dev/null
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    tokens = list(lexer)
    segments: list[list[str]] = [[]]
    plain = True
    skip = False
    for token in tokens:
        if skip:
            skip = False
            continue
        if token in SEPARATORS:
            segments.append([])
            plain = False
        elif token in REDIRECTIONS or re.fullmatch(r"[<>&|]+", token):
            skip = True
            plain = False
        else:
            segments[-1].append(token)
    found: list[list[str]] = []
    for seg in segments:
        if seg[:1] == ["canasta"]:
            found.append(seg[1:])
        elif len(seg) >= 3 and re.fullmatch(r"python3?(\.\d+)?", seg[0]) and seg[1:3] == ["-m", "canasta"]:
            found.append(seg[3:])
            plain = False
        elif seg:
            plain = False
    return found, plain and len(found) == 1 and segments[0][:1] == ["canasta"]


def _parse_problem(argv: list[str]) -> str | None:
    """What argparse says about ``canasta argv``, or None when it parses."""
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()):
            build_parser().parse_args(argv)
    except SystemExit as exc:
        if exc.code not in (0, None):
            return errors.getvalue().strip() or f"exit code {exc.code}"
    return None


def _shell_lines(block: Block) -> Iterator[tuple[int, str]]:
    """The block's lines with their page line numbers, backslash continuations joined."""
    pending, start = "", 0
    for offset, raw in enumerate(block.text.splitlines()):
        if not pending:
            start = block.line + 1 + offset
        if raw.rstrip().endswith("\\"):
            pending += raw.rstrip()[:-1] + " "
            continue
        yield start, pending + raw
        pending = ""
    if pending:
        yield start, pending


def _check_sh(block: Block) -> None:
    problems = []
    for number, line in _shell_lines(block):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        for argv in _commands(line)[0]:
            problem = _parse_problem(argv)
            if problem:
                problems.append(f"{block.page}:{number}: `canasta {shlex.join(argv)}` does not parse:\n    {problem}")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


def _check_console(block: Block) -> None:
    entries: list[tuple[int, str, list[str]]] = []  # line, command, expected output lines
    for number, line in _shell_lines(block):
        if line.startswith("$ "):
            entries.append((number, line[2:], []))
        elif entries:
            entries[-1][2].append(line)
        elif line.strip():
            pytest.fail(f"{block.page}:{number}: a console block starts with a `$ ` command line", pytrace=False)
    problems = []
    for number, command, want_lines in entries:
        argvs, plain = _commands(command)
        for argv in argvs:
            problem = _parse_problem(argv)
            if problem:
                problems.append(f"{block.page}:{number}: `canasta {shlex.join(argv)}` does not parse:\n    {problem}")
        if not plain or problems:
            continue
        got = io.StringIO()
        with contextlib.redirect_stdout(got), contextlib.redirect_stderr(got):
            main(argvs[0])
        want = "\n".join(want_lines)
        if not _matches(want, got.getvalue()):
            problems.append(f"{block.page}:{number}: `{command.strip()}` printed something else:\n{_difference(want, got.getvalue())}")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


# --- data ------------------------------------------------------------------------------------------


def _check_toml(state: Page, block: Block) -> None:
    if "invalid" in block.words[1:]:
        return
    failure = None
    try:
        data = tomllib.loads(block.text)
    except tomllib.TOMLDecodeError as exc:
        failure = f"{block.where}: the toml block does not parse (mark a bad example `toml invalid`): {exc}"
    else:
        if "extends" in data:
            assert state.folder is not None
            try:
                canasta.loads_variant(block.text, base=state.folder, label=block.file_name or block.where)
            except canasta.VariantError as exc:
                problems = "\n".join(f"    {p}" for p in exc.problems)
                failure = f"{block.where}: the house file does not load (mark a bad example `toml invalid`):\n{problems}"
    if failure:
        pytest.fail(failure, pytrace=False)


def _check_json(block: Block) -> None:
    try:
        json.loads(block.text)
    except json.JSONDecodeError as exc:
        failure = f"{block.where}: the json block does not parse: {exc}"
    else:
        return
    pytest.fail(failure, pytrace=False)


@pytest.mark.parametrize(("page", "line"), list(_cases()))
def test_doc_example(page: str, line: int, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _page(page, tmp_path_factory)
    block = next(b for b in state.blocks if b.line == line)
    assert state.folder is not None
    monkeypatch.chdir(state.folder)
    if block.info == OUTPUT_INFO:
        _check_output_block(state, block)
    elif block.lang in {"python", "pycon"}:
        _check_python(state, block)
    elif block.lang == "console":
        _check_console(block)
    elif block.lang in SHELLS:
        _check_sh(block)
    elif block.lang == "toml":
        _check_toml(state, block)
    elif block.lang == "json":
        _check_json(block)


def test_pages_are_found() -> None:
    pages = [p.relative_to(ROOT).as_posix() for p in _pages()]
    assert "README.md" in pages and "docs/embedding.md" in pages
    assert not [p for p in pages if p.startswith("docs/_build/")]
