"""``canasta score``: a three-hand Finnish evening scripted through standard input, reloaded; bad entries change nothing."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.scoresheet import ScoreSheet

ROOT = Path(__file__).resolve().parents[1]

EVENING = [
    "by Anna",
    "hand went-out 0 | 0: natural 1 mixed 1 red 2 melded 230 | 1: mixed 1 red 1 melded 120 hand 45",
    "deal",
    "penalty 1 insufficient-opening note opened with 40",
    "hand went-out Bertil | 0: mixed 1 melded 180 hand 20 | 1: natural 1 mixed 1 red 1 melded 310",
    "correct 2 went-out 1 | 0: mixed 1 melded 180 hand 35 | 1: natural 1 mixed 1 red 1 melded 310 note a queen was left",
    "deal",
    "hand stock-out | 0: natural 1 melded 200 hand 10 | 1: mixed 2 red 1 melded 250 hand 15",
    "quit",
]
TOTALS = (2465, 2720)


def _run(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def sheet_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    monkeypatch.chdir(tmp_path)
    code, out, err = _run(
        ["score", "new", "--variant", "finnish", "--players", "4", "--names", "Anna,Bertil,Carita,David", "evening.toml"],
        "",
        monkeypatch,
        capsys,
    )
    assert (code, err) == (0, ""), err
    assert "side 0: Anna & Carita; side 1: Bertil & David" in out
    return tmp_path / "evening.toml"


def test_score_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--help"]) == 0
    out = capsys.readouterr().out
    for word in ("new", "open", "show", "export", "canasta score FILE"):
        assert word in out


def test_a_three_hand_evening_reloads_with_the_same_totals(
    sheet_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["score", str(sheet_file)], "\n".join(EVENING) + "\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert "refused" not in out and "cannot read" not in out
    assert "Bertil & David's minimum rises by 10 for hand 2" in out
    assert "hand 2 corrected: Anna & Carita +460 -> +445" in out
    assert f"after 3 hands: Anna & Carita {TOTALS[0]}, Bertil & David {TOTALS[1]}" in out
    sheet = ScoreSheet.load(sheet_file)
    assert sheet.totals == TOTALS and len(sheet.hands) == 3
    assert [line.by for line in sheet.log] == ["Anna"] * len(sheet.log)
    assert sheet.log[4].replaced is not None and sheet.log[4].note == "a queen was left"
    code, out, _ = _run(["score", "show", str(sheet_file), "--format", "json"], "", monkeypatch, capsys)
    assert code == 0 and json.loads(out)["totals"] == list(TOTALS)
    code, out, _ = _run(["score", "show", str(sheet_file)], "", monkeypatch, capsys)
    assert re.search(rf"^3 +\+690 +{TOTALS[0]} +\+935 +{TOTALS[1]}$", out, re.M), out
    card = sheet_file.parent / "card.html"
    code, out, _ = _run(["score", "export", str(sheet_file), "--format", "html", "-o", str(card)], "", monkeypatch, capsys)
    assert code == 0 and card.read_text(encoding="utf-8") == sheet.to_html()


BAD = [
    ("hand went-out 5 | 0: melded 50 | 1: melded 50", "refused: seat 5"),
    ("hand went-out 0 | 0: melded 53 | 1:", "refused:"),
    ("hand went-out 0 | 0: red 9 melded 50 | 1:", "refused:"),
    ("hand went-out 0 | 0: melded 50 | 1: melded 40", "refused:"),
    ("hand concealed 0 | 0: melded 50 | 1:", "refused:"),
    ("hand went-out 0 | 0: natural 1 melded 200", "cannot read that: the table has 2 sides"),
    ("hand stok-out | 0: | 1:", "did you mean stock-out?"),
    ("hand went-out 0 | 0: natural 1 glitter 3 | 1:", "glitter: not an item of a side"),
    ("hand went-out 0 | 1: natural 1 | 0:", "the segments go in side order"),
    ("penalty 0 tabletalk", "did you mean table-talk?"),
    ("penalty 7 table-talk", "refused:"),
    ("correct 9 stock-out | 0: | 1:", "refused: there is no hand 9"),
    ("correct 1 stock-out | 0: | 1:", "refused:"),
    ("undo", "append-only"),
    ("frobnicate", "no such command"),
    ("hand went-out 0 | 0: melded 50\x1b[2J | 1:", "control characters"),
    ("x" * 20_000, "longer than"),
    ("hand stock-out | 0: natural-A 1 melded 200 | 1:", "refused: side 0: a natural canasta of A entered by its rank"),
    ("hand stock-out | 0: black 1 | 1:", "refused: side 0: 1 black three(s) laid as bonus cards"),
    ("hand special | 0: special garbage | 1:", "'garbage' is not a special hand of 'finnish'; it has no special hands"),
    ("hand stock-out | 0: unfinished 7,Z | 1:", "Z is not a rank of a meld"),
    ("hand stock-out | 0: natural-X 1 | 1:", "write one rank of a meld after natural-"),
    ("hand stock-out | 0: special | 1:", "special needs the name of the special hand"),
]


@pytest.mark.parametrize(("line", "says"), BAD, ids=[b[0][:40] for b in BAD])
def test_a_bad_entry_changes_nothing(
    line: str, says: str, sheet_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    first = "hand went-out 0 | 0: natural 1 mixed 1 red 2 melded 230 | 1: mixed 1 red 1 melded 120 hand 45\ndeal\n"
    _run(["score", str(sheet_file)], first, monkeypatch, capsys)
    before = sheet_file.read_bytes()
    code, out, err = _run(["score", str(sheet_file)], line + "\nquit\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert says in out, out
    assert "Traceback" not in out
    assert sheet_file.read_bytes() == before


def test_a_refusal_names_the_rule_and_source(sheet_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(["score", str(sheet_file)], "hand went-out 0 | 0: melded 50 | 1:\n", monkeypatch, capsys)
    assert re.search(r"refused: .*\[rule going_out\.canastas_required, 001 §18", out), out


def test_new_never_overwrites(sheet_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    before = sheet_file.read_bytes()
    code, _, err = _run(["score", "new", str(sheet_file)], "", monkeypatch, capsys)
    assert code == 2 and "never overwritten" in err and err.count("\n") == 1
    assert sheet_file.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["score", "missing.toml"], "missing.toml"),
        (["score", "show", "missing.toml"], "missing.toml"),
        (["score", "new", "--players", "7", "x.toml"], "--players 7"),
        (["score", "new", "--variant", "nosuch", "x.toml"], "nosuch"),
    ],
)
def test_bad_commands_are_one_line_and_exit_2(
    argv: list[str], says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(argv, "", monkeypatch, capsys)
    assert code == 2 and says in err and "Traceback" not in err
    assert not (tmp_path / "x.toml").exists()


def test_the_end_of_input_and_a_closed_stdin_end_the_session(
    sheet_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(["score", str(sheet_file)], "", monkeypatch, capsys)
    assert code == 0 and "end of input: " in out
    monkeypatch.setattr("sys.stdin", None)
    assert main(["score", str(sheet_file)]) == 0
    assert "standard input is closed" in capsys.readouterr().out


def test_the_guide_shows_what_new_writes(sheet_file: Path) -> None:
    """docs/scoresheet.md starts its session from a ``toml evening.toml`` block: it must be what ``canasta score new`` writes."""
    page = (ROOT / "docs" / "scoresheet.md").read_text(encoding="utf-8")
    block = re.search(r"^```toml evening\.toml\n(.*?)^```", page, re.S | re.M)
    assert block is not None
    assert block[1] == sheet_file.read_text(encoding="utf-8")


AMERICAN = [
    "hand went-out Ann | 0: natural-A 1 natural 1 mixed 1 red 1 black 1 melded 400 | 1: mixed 1 unfinished 7 sets 7 melded 150 hand 60",
    "deal",
    "hand special | 0: melded 40 hand 30 | 1: special seven_pairs",
    "hand stock-out | 0: natural-7 1 every-joker 1 red-in-hand 1 melded 700 | 1: unfinished W,A sets A black 2 melded 150 hand 70",
    "help hand",
    "quit",
]


def test_a_modern_american_evening_names_the_familys_counts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Canastas by rank, black threes, unfinished melds and sets held, a special hand: each an item of the hand line (help hand)."""
    monkeypatch.chdir(tmp_path)
    _run(["score", "new", "--variant", "modern-american", "--names", "Ann,Bo,Cy,Di", "ma.toml"], "", monkeypatch, capsys)
    code, out, err = _run(["score", "ma.toml"], "\n".join(AMERICAN) + "\n", monkeypatch, capsys)
    assert (code, err) == (0, "") and "refused" not in out and "cannot read" not in out, out
    assert "hand 1: Ann & Cy +4000, Bo & Di -3610" in out
    assert "hand 2: Ann & Cy -70, Bo & Di +2500" in out
    assert "modern-american also counts" in out and "special NAME" in out and "natural-RANK N" in out
    sheet = ScoreSheet.load(tmp_path / "ma.toml")
    third = sheet.entries[2].sides
    assert third[0].rank_canastas == {"7": 1} and third[1].unfinished == ("A", "W") and third[1].black_threes == 2
    assert sheet.hands[2][0].total == 2500 + 2500 + 700 - 100  # a three left in a hand: 100 (CJS part 2), no bonus
    assert "version = 2" in (tmp_path / "ma.toml").read_text(encoding="utf-8")


def test_help_hand_lists_only_the_counts_of_the_profile(
    sheet_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = _run(["score", str(sheet_file)], "help hand\nquit\n", monkeypatch, capsys)
    assert "every-joker N" in out and "also counts" not in out and "special" not in out
