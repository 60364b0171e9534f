"""``canasta play``: a person against bots, driven by piped input.

The sessions here are scripted the way a user scripts one: lines on standard
input, plain text on standard output. The rules cited in the output come from
the engine (``Game.violation``), so the tests compare against the engine, not
against copied strings.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import canasta
from canasta.bots import HeuristicBot, RandomBot
from canasta.bots.registry import make_bots
from canasta.cli.main import main
from canasta.core.actions import parse_action
from canasta.core.cards import Card
from canasta.core.events import Discarded, PileFrozen
from canasta.core.render import hand_groups
from canasta.play import Match, PlainScreen, run_session
from canasta.play.text import pile_line, rules_text

GAME = ["play", "--variant", "finnish", "--players", "4", "--seat", "0", "--seed", "1"]
"""The command of the issue's "Done when": a full hand with a person's input, and the same piped from a file."""

PARTS = ("canastas", "red threes", "going out", "melded cards", "cards in hand", "penalties")


def run_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lines: str, argv: list[str] = GAME
) -> tuple[int, str, str]:
    """Run ``canasta play`` in-process with ``lines`` as standard input; the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def breakdowns(out: str) -> list[dict[str, list[int]]]:
    """Every score breakdown printed: part name to one number per side."""
    found = []
    for block in re.findall(r"^hand \d+ over: .*\n((?:  .*\n?)+)", out, flags=re.M):
        rows: dict[str, list[int]] = {}
        for line in block.splitlines()[1:]:
            cells = line.split()
            label = " ".join(c for c in cells if not re.fullmatch(r"-?\d+", c))
            rows[label] = [int(c) for c in cells if re.fullmatch(r"-?\d+", c)]
        found.append(rows)
    return found


def test_numbers_play_a_whole_hand_and_print_the_score_breakdown(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_play(monkeypatch, capsys, "1\n" * 400 + "quit\n")
    assert code == 0 and "Traceback" not in out + err
    tables = breakdowns(out)
    assert tables, out[-2000:]
    first = tables[0]
    for part in PARTS:
        assert len(first[part]) == 2
    for side in range(2):
        assert sum(first[part][side] for part in PARTS) == first["hand total"][side]
    assert first["match total"] == first["hand total"]
    game = canasta.Game("finnish", players=4, seed=1)
    assert f"> seat 0 (you)       {hand_groups(game.view(0).hand)}    (11 cards)" in out


def test_the_same_session_piped_from_a_file(tmp_path: Path) -> None:
    """``canasta play ... < file`` as a shell runs it: plain text, a finished hand, exit 0."""
    script = tmp_path / "moves.txt"
    script.write_text("1\n" * 400)
    with script.open() as stdin:
        done = subprocess.run([sys.executable, "-m", "canasta", *GAME], stdin=stdin, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "hand 1 over:" in done.stdout and "hand total" in done.stdout
    assert "\x1b[" not in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].startswith(("end of input: the match stops here", "match over after"))


class HintFollower(io.StringIO):
    """Standard input that answers every prompt with ``hint``, then with the action the hint named."""

    def __init__(self, out: io.StringIO, hands: int = 1) -> None:
        super().__init__()
        self.out = out
        self.hands = hands
        self.asked = False

    def readline(self, size: int | None = -1) -> str:
        text = self.out.getvalue()
        if re.search(rf"^hand {self.hands} over:", text, flags=re.M):
            return "quit\n"
        if not self.asked:
            self.asked = True
            return "hint\n"
        self.asked = False
        return re.findall(r"^hint: (.+?)(?:   \(number \d+\))?$", text, flags=re.M)[-1] + "\n"


def test_hint_chosen_moves_play_a_hand_through_the_screen() -> None:
    game = canasta.Game("finnish", players=4, seed=5)
    bots = make_bots(["heuristic"] * 4, 5)
    assert all(type(bot) is HeuristicBot for bot in bots)
    match = Match(game, 0, bots, bots[0])
    out = io.StringIO()
    code = run_session(match, PlainScreen(HintFollower(out), out))
    text = out.getvalue()
    assert code == 0
    assert "hand 1 over:" in text and "illegal" not in text
    played = re.findall(r"^hint: (.+?)   \(number (\d+)\)$", text, flags=re.M)
    assert played and all(int(n) >= 1 for _, n in played)
    assert "you left the match in hand 2" in text


def test_question_mark_explains_an_illegal_action_with_rule_and_source(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = canasta.Game("finnish", players=4, seed=1).violation("discard 7")
    assert isinstance(expected, canasta.IllegalActionError)
    code, out, _ = run_play(monkeypatch, capsys, "? discard 7\n? frobnicate\n? draw\nquit\n")
    assert code == 0
    assert f"discard 7 is illegal: {expected.reason}" in out
    assert f"rule: {expected.rule}   source: {expected.source}" in out
    assert "001 §9" in expected.source
    assert "cannot read that action:" in out
    assert "draw is legal now" in out


def test_an_illegal_action_is_refused_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_play(monkeypatch, capsys, "discard 7\nmeld K n9\n99\ndraw\nquit\n")
    assert code == 0
    assert "illegal: draw from the stock or take the pile first  [rule turn" in out
    assert "there is no action numbered 99" in out
    assert re.search(r"^you: draw - drew [2-9TJQKA][CDHS]", out, flags=re.M)


def test_rules_prints_the_statement_of_the_profiles_rules(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_play(monkeypatch, capsys, "rules\nquit\n")
    v = canasta.load_variant("finnish")
    assert code == 0
    assert rules_text(canasta.Game(v, players=4, seed=1).rules) in out
    assert f"a side reaches {v.match.target} points" in out
    assert f"{v.initial_meld.minimums[1]} from {v.initial_meld.score_thresholds[0]}" in out
    assert f"the side needs {v.going_out.canastas_required[4]} canasta" in out
    house = canasta.Game("regency", players=4, seed=1)
    assert rules_text(house.rules) != rules_text(canasta.Game(v, players=4, seed=1).rules)


def test_quit_ends_cleanly(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_play(monkeypatch, capsys, "help\nquit\nthis line is never read\n")
    assert code == 0 and err == ""
    assert "? <action>" in out
    assert out.rstrip().endswith("you left the match in hand 1; scores before this hand: side 0 0, side 1 0")


def test_end_of_input_mid_match_prints_a_clear_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_play(monkeypatch, capsys, "1\n")
    assert code == 0 and "Traceback" not in out + err
    assert out.rstrip().splitlines()[-1].startswith("end of input: the match stops here, in hand 1")


def test_ctrl_c_ends_the_match_with_a_clear_line() -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    match = Match(canasta.Game("finnish", players=4, seed=1), 0, [None, RandomBot(1), RandomBot(2), RandomBot(3)])
    assert run_session(match, PlainScreen(Interrupting(), out)) == 130
    assert out.getvalue().rstrip().splitlines()[-1].startswith("interrupted: the match stops here")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--variant", "no-such-profile"], "unknown variant 'no-such-profile'"),
        (["play", "--variant", "finnish", "--players", "7"], "--players 7: profile 'finnish' has rules for 4 players, not 7"),
        (["play", "--seat", "4"], "--seat 4: not a seat at a table of 4 players; choose 0 to 3"),
        (["play", "--seat", "-1"], "--seat -1: not a seat"),
        (["play", "--bot", "genius"], "unknown bot 'genius'"),
        (["play", "--seed", "x"], "argument --seed: expected a whole number, got 'x'"),
        (["play", "--seed", "9" * 5000], "argument --seed: expected a whole number"),
        (["play", "--seed", "\u00b2"], "argument --seed: expected a whole number, got '\u00b2'"),
        (["play", "--players", "9" * 4000], "--players a 4000-digit number: profile 'finnish' has rules for 4 players, not a"),
        (["play", "--seat", "9" * 20], "--seat 99999999999999999999: not a seat at a table of 4 players"),
        (["play", "--seed", "9" * 25], "a seed is an int from"),
    ],
    ids=[
        "variant",
        "players",
        "seat",
        "negative-seat",
        "bot",
        "seed-text",
        "seed-5000-digits",
        "seed-superscript",
        "players-4000-digits",
        "seat-20-digits",
        "seed-25-digits",
    ],
)
def test_bad_options_exit_2_with_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run_play(monkeypatch, capsys, "quit\n", argv)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert len(err) < 1000, "the message shows a long number by its length"
    assert out == ""


def test_other_seats_actions_are_one_line_each_in_text_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run_play(monkeypatch, capsys, "1\n" * 60 + "quit\n", ["play", "--seed", "2", "--bot", "random"])
    lines = re.findall(r"^seat \d \((?:partner|opponent)\): (.+)$", out, flags=re.M)
    assert lines
    for line in lines:
        if line.startswith("laid red three "):  # laid as the seat's turn began, before it acted (000 RÖDA TREOR 1)
            assert all(re.fullmatch(r"laid red three 3[DH]( and drew a replacement)?", note) for note in line.split("; "))
            continue
        action = re.split(r" \(| - ", line)[0]
        assert str(parse_action(action)) == action


def test_the_pile_says_why_it_is_frozen() -> None:
    """A discarded wild card freezes the pile (000 LÅST HÖG 2, 001 §17 B); the table names the card."""
    game = canasta.Game("finnish", players=4, seed=11)
    match = Match(game, 0, [None, RandomBot(1), RandomBot(2), RandomBot(3)])
    bot = RandomBot(0)
    frozen_by = None
    while frozen_by is None and not game.is_over:
        played = match.advance()
        if match.person_to_act:
            view = match.view()
            played.append(match.apply(bot.choose(view, view.legal_actions)))
        for one in played:
            kinds = [type(e) for e in one.events]
            if PileFrozen in kinds and Discarded in kinds and one.hand_ended is None:
                frozen_by = next(e.card for e in one.events if isinstance(e, Discarded))
    assert frozen_by is not None
    view = match.view()
    assert view.pile_frozen and view.pile_frozen_by is canasta.FreezeReason.WILD_DISCARD and view.pile_freezing_card == frozen_by
    line = pile_line(view)
    assert f"discarded the wild card {frozen_by.text}" in line
    if view.pile_top is not None and view.pile_top.is_wild:  # the wild card itself on top: nobody may take it (001 §17 B)
        assert "a wild card on top: nobody may take it now" in line and "natural pair" not in line
    else:
        assert "only a natural pair of" in line


def test_the_hand_is_grouped_by_rank_high_first_with_the_wild_cards_last() -> None:
    cards = [Card(t) for t in ("2C", "4H", "KS", "KD", "JK", "3C", "AS")]
    assert hand_groups(sorted(cards)) == "A: AS | K: KD KS | 4: 4H | 3: 3C | wild: 2C JK"
    assert hand_groups([]) == "(no cards)"


def test_the_table_shows_melds_with_their_canasta_status(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_play(monkeypatch, capsys, "1\n" * 300 + "quit\n")
    assert re.search(r"\d+ cards, (natural|mixed|wild|pure wild), \d+ to canasta$", out, flags=re.M)
    assert re.search(r"^stock \d+ cards   pile \d+ cards?, top \S\S \((not frozen|frozen: )", out, flags=re.M)
    assert re.search(r"not opened, needs \d+ points to open", out)


def test_the_terminal_screen_draws_the_same_table_with_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a terminal the table is a rich panel with coloured cards; the words are the plain screen's."""
    pytest.importorskip("rich")
    from rich.console import Console

    from canasta.play import RichScreen

    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\n"))
    sink = io.StringIO()
    screen = RichScreen()
    screen.console = Console(file=sink, force_terminal=True, width=100, highlighter=screen.console.highlighter, theme=None)
    match = Match(canasta.Game("finnish", players=4, seed=1), 0, [None, RandomBot(1), RandomBot(2), RandomBot(3)], RandomBot(0))
    assert run_session(match, screen) == 0
    shown = sink.getvalue()
    assert "\x1b[" in shown and "finnish, 4 players, hand 1: you to draw" in shown
    assert "hint: draw" in shown and "you left the match in hand 1" in shown


SHOWN = re.compile(
    r"<!-- (?P<part>part of the )?output of: printf '(?P<typed>[^']*)' \| canasta (?P<argv>play[^>]*?) -->\n+```text\n(?P<text>.*?)```",
    re.S,
)
"""A block of docs/play.md with the command that prints it (or, with ``part of the``, an excerpt of what it prints)."""


def test_every_output_shown_in_the_docs_is_what_its_command_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/play.md shows sessions copied from runs; each must still be what the command named before it prints."""
    doc = (Path(__file__).parent.parent / "docs" / "play.md").read_text(encoding="utf-8")
    shown = list(SHOWN.finditer(doc))
    assert len(shown) == doc.count("```text\n"), "every text block of docs/play.md names the command that prints it"
    assert any(not m["part"] for m in shown) and len(shown) >= 6
    for m in shown:
        assert "\\" not in m["typed"].replace("\\n", ""), "only \\n is read as an escape"
        _, out, _ = run_play(monkeypatch, capsys, m["typed"].replace("\\n", "\n"), m["argv"].split())
        if m["part"]:
            assert m["text"] in out, f"not in the output of {m['argv']}: {m['text'][:200]}"
        else:
            assert out == m["text"]
