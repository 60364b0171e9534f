"""What ``canasta play`` draws: the pile line agrees with the engine, and the terminal screen is redrawn in place.

The pile line is held to the engine's own verdict on taking the pile
(``legal_actions``) in random play under profiles that disagree. The terminal
screen is checked on a fake terminal (a rich console of fixed height writing
to a string) and on a real pseudo-terminal: every prompt clears the alternate
screen and draws a frame that fits it, so the scrollback never grows.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import time

import pytest

import canasta
from canasta.bots import RandomBot
from canasta.core.actions import TakePile
from canasta.core.views import Phase
from canasta.play import Match, run_session
from canasta.play.text import pile_line

HOUSE_RULES = {
    "no-pair-to-open": "[initial_meld]\npile_requires_natural_pair = false\n",
    "open-before-pile": "[initial_meld]\nallowed_from_pile = false\n",
    "black-three-freezes": '[black_threes]\ndiscard = "freeze"\n[discard_pile]\nwild_discard_freezes = false\n',
}


def house(name: str) -> canasta.Variant:
    return canasta.loads_variant(f'extends = "finnish"\nname = "{name}"\n{HOUSE_RULES[name]}')


PROFILES = ["finnish", "regency", "dutch", "swedish-club", *HOUSE_RULES]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_pile_line_says_what_the_engine_allows(profile: str) -> None:
    """A wild card or a three on top stops everyone (001 §17 B, 001 §20 B); a frozen pile, or one before the opening,
    needs a natural pair (001 §14 B, 001 §13 C 2); a side barred from the pile before opening may not take it at all."""
    variant = house(profile) if profile in HOUSE_RULES else canasta.load_variant(profile)
    seen: set[str] = set()
    for seed in range(1, 7):
        game = canasta.Game(variant, players=4, seed=seed)
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        for _ in range(1500):
            if game.is_over:
                break
            seat = game.current_player
            view = game.view(seat)
            if view.phase is Phase.DRAW and view.pile_top is not None:
                line = pile_line(view)
                takes = [a for a in view.legal_actions if isinstance(a, TakePile)]
                assert ("frozen:" in line) is view.pile_frozen
                if "nobody may take it now" in line:
                    seen.add("wild" if view.pile_top.is_wild else "three")
                    assert not takes and "natural pair" not in line, line
                elif "must open before" in line:
                    seen.add("closed")
                    assert not takes, line
                elif "natural pair" in line:
                    seen.add("pair")
                    assert all(a.naturals == 2 for a in takes), (line, takes)
            game.apply(bots[seat].choose(view, view.legal_actions))
    assert {"wild", "three"} <= seen, seen
    if profile == "open-before-pile":
        assert "closed" in seen


def test_a_black_three_or_a_wild_card_on_top_never_also_asks_for_a_natural_pair() -> None:
    """The three wordings the audit found contradictory, built by discarding each card onto each kind of pile."""
    found = 0
    for seed in range(1, 40):
        game = canasta.Game("finnish", players=4, seed=seed)
        bot = RandomBot(seed)
        for _ in range(400):
            if game.is_over:
                break
            view = game.view(game.current_player)
            if view.pile_top is not None and (view.pile_top.is_wild or view.pile_top.is_black_three):
                line = pile_line(view)
                assert "nobody may take it now" in line and "natural pair" not in line, line
                found += 1
            game.apply(bot.choose(view, view.legal_actions))
    assert found


def rich_session(lines: str, height: int, monkeypatch: pytest.MonkeyPatch) -> str:
    """A session on a fake terminal ``height`` rows high; everything written to it."""
    from rich.console import Console

    from canasta.play import RichScreen

    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    sink = io.StringIO()
    screen = RichScreen(Console(file=sink, force_terminal=True, width=100, height=height))
    match = Match(canasta.Game("finnish", players=4, seed=1), 0, [None, RandomBot(1), RandomBot(2), RandomBot(3)], RandomBot(0))
    assert run_session(match, screen) == 0
    return sink.getvalue()


ENTER, LEAVE, CLEAR = "\x1b[?1049h", "\x1b[?1049l", "\x1b[2J"


@pytest.mark.parametrize("height", [24, 40])
def test_the_terminal_screen_is_redrawn_in_place_on_the_alternate_screen(height: int, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    typed = ["hint", "? discard 7", "help", "rules", "table", *["1"] * 25, "quit"]
    shown = rich_session("\n".join(typed) + "\n", height, monkeypatch)
    assert shown.count(ENTER) == 1 and shown.count(LEAVE) == 1
    inside, _, after = shown.partition(ENTER)[2].partition(LEAVE)
    frames = inside.split(CLEAR)[1:]
    assert len(frames) >= len(typed), "a frame is drawn before every prompt"
    for frame in frames:
        assert frame.count("\n") <= height - 1, f"a frame of {frame.count(chr(10))} lines does not fit {height} rows"
        assert "finnish, 4 players, hand" in frame, "every frame shows the table"
    assert "you left the match in hand" in after, "the last lines are printed where the shell goes on"
    assert after.count("\n") <= height


@pytest.mark.parametrize("typed", ["\x1b]0;title\x07", "\u202edraw", "dr\x00aw", "\x9b2J", "junk\rdraw", "\x1b[31mred"])
def test_the_terminal_screen_never_prints_what_the_person_typed_raw(typed: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    shown = rich_session(f"{typed}\n? {typed}\nquit\n", 30, monkeypatch)
    assert typed not in shown
    assert "holds control characters" in shown


def test_canasta_play_in_a_pseudo_terminal_draws_in_place_and_ends_cleanly() -> None:
    """The command itself, in a real terminal (a pty of 40 rows): the alternate screen, entered once and left at the end."""
    pytest.importorskip("rich")
    import fcntl
    import pty
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "", "LINES": ""}
    proc = subprocess.Popen([sys.executable, "-m", "canasta", "play", "--seed", "1"], stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    out = b""
    try:
        for command in (b"hint\n", b"1\n", b"1\n", b"quit\n"):
            out += _read_until(master, proc, b"> ")
            os.write(master, command)
        out += _read_until(master, proc, None)
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    text = out.decode("utf-8", "replace")
    assert text.count(ENTER) == 1 and text.count(LEAVE) == 1, text[-2000:]
    assert text.count(CLEAR) >= 4
    assert "Traceback" not in text
    assert re.search(r"you left the match in hand \d", text.rpartition(LEAVE)[2])


def _read_until(fd: int, proc: subprocess.Popen[bytes], marker: bytes | None) -> bytes:
    """Read from the pty until ``marker`` shows (None: until the process ends and the pty is drained)."""
    import select

    got = b""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the other side is closed
                return got
            if not chunk:
                return got
            got += chunk
            if marker is not None and re.sub(rb"\x1b\[[0-9;]*m", b"", got).endswith(marker):
                return got
        elif proc.poll() is not None and marker is None:
            return got
    raise AssertionError(f"no {marker!r} from canasta play: {got[-500:]!r}")


ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")


@pytest.mark.parametrize(("variant", "seed"), [("modern-american", 3), ("finnish", 1), ("cuban", 2), ("hand-and-foot", 2)])
def test_every_frame_fits_80_by_24_with_the_scores_target_stock_and_pile_on_top(variant: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever is drawn, a hand's table, a page of the other seats' turns, the rules, a score: 24 rows of 80 columns,
    the first of them the scores and the target, then the stock and the pile (frozen or not, and why)."""
    pytest.importorskip("rich")
    from rich.console import Console

    from canasta.bots.registry import make_bots
    from canasta.play import RichScreen

    monkeypatch.setattr(sys, "stdin", io.StringIO("rules\n" + "1\n" * 500))
    sink = io.StringIO()
    screen = RichScreen(Console(file=sink, force_terminal=True, width=80, height=24))
    bots = make_bots(["heuristic"] * 4, seed)
    run_session(Match(canasta.Game(variant, players=4, seed=seed), 0, bots, bots[0]), screen)
    inside = sink.getvalue().partition(ENTER)[2].partition(LEAVE)[0]
    frames = [ANSI.sub("", frame) for frame in inside.split(CLEAR)[1:]]
    assert len(frames) > 50
    match = canasta.load_variant(variant).match
    goal = rf"{match.hands}\s+hands" if match.hands else rf"target\s+{match.target}"  # a match of a number of hands has no target (Hand and Foot)
    for frame in frames:
        rows = frame.strip("\n").split("\n")
        assert len(rows) <= 24 and all(len(row) <= 80 for row in rows), frame
        top = " ".join(rows[:4])
        assert re.search(rf"scores\s+-?\d+\s+:\s+-?\d+\s+\({goal}\)", top), top
        assert re.search(r"stock \d+ cards?\s+pile (empty|\d+ cards?, top \w+ \((not frozen|frozen: ))", top), top
    assert any("hand 1 over:" in frame.split("\n", 1)[0] for frame in frames), "the table as the hand ended is drawn"
