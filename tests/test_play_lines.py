"""Line editing and history at the ``canasta play`` and ``score>`` prompts: readline at a terminal, the checked reader
from a pipe.

The commands run in a real pseudo-terminal (``pty``), typed as a person types: arrow keys that move in the line and
recall the line before. Where readline is not engaged, those keys reach the session as escape sequences, which it
refuses ("holds control characters"), so each test tells the two apart by what the session answers.
"""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from canasta.play.lines import PersonLines, editing_possible

pytest.importorskip("readline")

LEFT, UP = b"\x1b[D", b"\x1b[A"


def test_a_pipe_or_a_file_is_read_by_the_checked_reader_not_readline() -> None:
    lines = PersonLines(io.StringIO("draw\n"), io.StringIO())
    assert not lines.editing and not editing_possible(io.StringIO(), io.StringIO())
    assert lines.read("> ") == "draw"
    lines.close()


def _probe(stdin: int | None, stdout: int | None) -> str:
    code = "import sys; from canasta.play.lines import PersonLines; print(PersonLines(sys.stdin, sys.stdout).editing, file=sys.stderr)"
    done = subprocess.run([sys.executable, "-c", code], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60)
    return done.stderr.strip()


def test_readline_is_engaged_for_a_terminal_and_not_for_a_pipe() -> None:
    import pty

    master, slave = pty.openpty()
    try:
        assert _probe(slave, slave) == "True"
        assert _probe(subprocess.PIPE, slave) == "False"
        assert _probe(slave, subprocess.PIPE) == "False"
    finally:
        os.close(master)
        os.close(slave)


def _read_until(fd: int, proc: subprocess.Popen[bytes], marker: bytes | None) -> bytes:
    got = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return got
            if not chunk:
                return got
            got += chunk
            if marker is not None and re.sub(rb"\x1b\[[0-9;?]*[a-zA-Z]|\x01|\x02", b"", got).rstrip().endswith(marker):
                return got
        elif proc.poll() is not None:
            return got
    raise AssertionError(f"no {marker!r}: {got[-500:]!r}")


def in_terminal(argv: list[str], typed: list[bytes], prompt: bytes, cwd: Path | None = None) -> str:
    """Run ``python -m canasta ARGV`` in a pseudo-terminal of 24 rows and 80 columns, typing each of ``typed`` at a prompt."""
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "", "LINES": "", "INPUTRC": "/dev/null"}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", *argv], stdin=slave, stdout=slave, stderr=slave, env=env, cwd=cwd)
    os.close(slave)
    out = b""
    try:
        for keys in typed:
            out += _read_until(master, proc, prompt)
            os.write(master, keys)
        out += _read_until(master, proc, None)
        assert proc.wait(timeout=60) == 0, out[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return out.decode("utf-8", "replace")


@pytest.mark.parametrize("plain", [True, False], ids=["plain", "terminal-screen"])
def test_canasta_play_edits_the_line_and_recalls_the_last_one(plain: bool) -> None:
    if not plain:
        pytest.importorskip("rich")
    typed = [b"hnt" + LEFT + LEFT + b"i\r", UP + b"\r", b"quit\r"]
    out = in_terminal(["play", "--seed", "1", *(["--plain"] if plain else [])], typed, b">")
    assert "holds control characters" not in out
    assert len(re.findall(r"hint: draw", out)) >= 2, out[-3000:]
    assert "you left the match in hand 1" in out


def test_the_score_prompt_edits_the_line_and_recalls_the_last_one(tmp_path: Path) -> None:
    sheet = tmp_path / "evening.toml"
    subprocess.run([sys.executable, "-m", "canasta", "score", "new", str(sheet)], check=True, capture_output=True, timeout=60)
    typed = [b"hlp" + LEFT + LEFT + b"e\r", UP + b"\r", b"quit\r"]
    out = in_terminal(["score", str(sheet)], typed, b"score>")
    assert "holds control characters" not in out and "no such command" not in out
    assert out.count("withdraw N") >= 2, out[-3000:]
    assert "holds every entry" in out
