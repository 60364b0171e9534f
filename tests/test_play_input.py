"""``canasta play`` reads whatever a person, a script or a stranger's file sends it, and never raises.

Each class of bad line is tried with several members: numbers no list has
(thousands of digits, digits that are not ASCII), lines that are too long,
control characters and bytes that are not text, a closed or undecodable
standard input. Each gets one clear line, the game is left exactly as it was,
and the transcript holds nothing a terminal would act on.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

import canasta
from canasta.bots import RandomBot
from canasta.play import Match, PlainScreen, run_session
from canasta.play.lines import LINE_LIMIT, line_problem, printable, read_line, shown_input

SESSION = [sys.executable, "-m", "canasta", "play", "--seed", "1"]


def play_lines(lines: str, seed: int = 1) -> tuple[str, Match, int]:
    """Run a session of ``lines`` on a plain screen: the transcript, the match, and how many actions the game held
    when the person's first prompt came."""
    game = canasta.Game("finnish", players=4, seed=seed)
    match = Match(game, 0, [None, RandomBot(1), RandomBot(2), RandomBot(3)])
    match.advance()
    before = len(game.actions)
    out = io.StringIO()
    assert run_session(match, PlainScreen(io.StringIO(lines), out)) == 0
    return out.getvalue(), match, before


def assert_printable(transcript: str) -> None:
    bad = sorted({repr(ch) for ch in transcript if not (ch.isprintable() or ch == "\n")})
    assert not bad, f"the transcript holds {bad}"


NUMBERS = ["9" * 5000, "9" * 4301, "1" + "0" * 30, "99", "0", "000", "0" * 3000 + "99"]


@pytest.mark.parametrize("number", NUMBERS, ids=lambda n: f"{len(n)}-digits")
def test_an_action_number_no_list_has_gets_a_message_and_leaves_the_game_unchanged(number: str) -> None:
    """Any count of ASCII digits is read without int() ever seeing more than a few (Python refuses 4,300 and more)."""
    for typed in (number, f"? {number}"):
        out, match, before = play_lines(f"{typed}\nquit\n")
        assert "there is no action numbered " in out, out[-500:]
        assert len(match.game.actions) == before
        assert "Traceback" not in out
        assert max(len(line) for line in out.splitlines()) < 200, "a long number is shown by its length"


@pytest.mark.parametrize("typed", ["\u00b2", "\u00b9", "\u0663", "\u2463", "\uff11", "1\u0301", "\u00bd", "-1", "+1", "1e3", "0x1"])
def test_digits_that_are_not_ascii_are_not_action_numbers(typed: str) -> None:
    """str.isdigit() accepts superscripts, Arabic-Indic and fullwidth digits; only 0-9 number an action."""
    for line in (typed, f"? {typed}"):
        out, match, before = play_lines(f"{line}\nquit\n")
        assert "cannot read that" in out, out[-500:]
        assert len(match.game.actions) == before
    assert "you: draw" in play_lines("001\nquit\n")[0], "ASCII digits with leading zeros still name the action"


CONTROL = [
    "\x1b[2J",
    "draw\x1b]0;title\x07",
    "dr\x00aw",
    "draw\x08\x08",
    "draw\x7f",
    "junk\rdraw",
    "draw\x0b\x0c",
    "\x9b31m draw",
    "\u202edraw",
    "draw\u2028",
    "draw\x85",
    "\u200bdraw",
    "\ufeffdraw",
]


@pytest.mark.parametrize("line", CONTROL, ids=repr)
def test_a_line_with_control_characters_is_refused_and_echoed_printable(line: str) -> None:
    out, match, before = play_lines(f"{line}\nquit\n")
    assert "holds control characters" in out
    assert len(match.game.actions) == before
    assert_printable(out)
    assert f"> {printable(line)}\n" in out


def test_tabs_and_unicode_spaces_separate_words() -> None:
    out, match, before = play_lines("\tdraw\u00a0\nquit\n")
    assert "you: draw" in out and len(match.game.actions) == before + 1
    assert_printable(out)


@pytest.mark.parametrize("length", [LINE_LIMIT + 1, LINE_LIMIT + 2, 100_000, 3_000_000])
def test_a_line_longer_than_the_limit_is_refused_and_the_rest_of_it_skipped(length: int) -> None:
    out, match, before = play_lines("\x00" * (length - 4) + "draw" + "\ndraw\nquit\n")
    assert f"longer than {LINE_LIMIT:,} characters" in out
    assert out.count("you: draw") == 1, "the overlong line is not played, the next line is"
    assert len(match.game.actions) == before + 1
    assert max(len(line) for line in out.splitlines()) < 500
    assert_printable(out)


def test_a_line_at_the_limit_is_read() -> None:
    out, _, _ = play_lines(" " * (LINE_LIMIT - 4) + "draw\nquit\n")
    assert "you: draw" in out and "longer than" not in out


class CountingStream(io.StringIO):
    """A stream that records the most characters any one read asked for."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.largest = 0

    def readline(self, size: int | None = -1) -> str:
        assert size is not None and size > 0, "every read is bounded"
        self.largest = max(self.largest, size)
        return super().readline(size)


def test_every_read_is_bounded_whatever_the_line() -> None:
    stream = CountingStream("x" * 1_000_000 + "\nquit\n")
    assert len(read_line(stream)) == LINE_LIMIT + 1
    assert read_line(stream) == "quit"
    assert stream.largest <= 65536


def test_the_problem_and_the_echo_of_a_line() -> None:
    assert line_problem("draw") is None and line_problem("meld K n3 t1") is None
    assert line_problem("x" * (LINE_LIMIT + 1)) is not None
    assert "\\x1b" in (line_problem("\x1b[2J") or "")
    assert "\\xff" in (line_problem("\udcff draw") or "")
    assert shown_input("\udcff\x1b") == "\\xff\\x1b"
    assert shown_input("x" * 5000).endswith("x... (5,000 characters)")
    assert shown_input("x" * (LINE_LIMIT + 1)).endswith(f"x... (over {LINE_LIMIT:,} characters)")


def run_cli(stdin: bytes | None, env: dict[str, str] | None = None, shell_closed: bool = False) -> subprocess.CompletedProcess[bytes]:
    import os

    environment = {**os.environ, **(env or {})}
    if shell_closed:
        command = ["sh", "-c", 'exec "$0" "$@" <&-', *SESSION]
        return subprocess.run(command, capture_output=True, timeout=120, env=environment)
    return subprocess.run(SESSION, input=stdin, capture_output=True, timeout=120, env=environment)


def test_a_closed_standard_input_ends_the_match_with_a_clear_line() -> None:
    done = run_cli(None, shell_closed=True)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stdout + done.stderr
    assert done.stdout.decode().rstrip().splitlines()[-1].startswith("standard input is closed: the match stops here, in hand 1")


@pytest.mark.parametrize(
    ("env", "typed", "shown"),
    [
        ({"PYTHONIOENCODING": "utf-8"}, b"\xff\xfe draw", "\\xff \\xfe"),
        ({"PYTHONIOENCODING": "utf-8"}, b"dr\xc3aw", "\\xc3"),
        ({"PYTHONIOENCODING": "ascii"}, "\u00e4".encode(), "\\xc3 \\xa4"),
        ({"PYTHONIOENCODING": "latin-1"}, b"\xff", None),
        ({"LC_ALL": "C.UTF-8", "PYTHONIOENCODING": ""}, b"\xff", "\\xff"),
    ],
    ids=["utf-8", "utf-8-truncated", "ascii", "latin-1", "c-utf-8"],
)
def test_bytes_that_are_not_text_are_refused_not_raised_on(env: dict[str, str], typed: bytes, shown: str | None) -> None:
    """A strict decoder (PYTHONIOENCODING=utf-8, as many desktops get) would raise; the line is refused and play goes on."""
    done = run_cli(typed + b"\ndraw\nquit\n", env)
    out = done.stdout.decode("utf-8", "replace")
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stdout + done.stderr
    assert "you: draw" in out and "you left the match" in out
    if shown is not None:
        assert f"holds bytes that are not text in the input's encoding ({shown})" in out
    assert not any(b < 0x20 and b not in (0x0A,) for b in done.stdout), "the transcript holds no control bytes"


def test_a_house_profile_with_control_characters_in_its_title_is_shown_printable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not only what the person types: every line play writes goes through printable(), a stranger's profile included."""
    from canasta.cli.main import main

    house = tmp_path / "house.toml"
    house.write_text('extends = "finnish"\nname = "evil"\ntitle = "Evil \\u001b[2J\\u001b]0;pwn\\u0007 \\u202e \\u0085 title"\n')
    monkeypatch.setattr(sys, "stdin", io.StringIO("rules\nquit\n"))
    assert main(["play", "--variant", str(house), "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Evil \\x1b[2J\\x1b]0;pwn\\x07 \\u202e \\x85 title" in out
    assert_printable(out)
