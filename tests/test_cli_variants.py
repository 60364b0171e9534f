"""``canasta variants``: every subcommand, exit codes 0 and 2, and no traceback for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from engine_helpers import BUNDLED

from canasta.cli.main import main
from canasta.variants import load_variant, loads_variant, variant_names
from canasta.variants.schema import PlayerCount

THREE_MISTAKES = """\
extends = "regency"

[deal]
jokerz = { 4 = 6 }          # unknown key

[melds]
wild_limit = "halff"        # enum typo

[match]
target = "7500"             # a string, not an integer
"""

HOUSE = """\
extends = "regency"
name = "our-club"
title = "Our club's Canasta"

[deal]
jokers = { 4 = 6 }

[match]
target = 7500
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process; no output, good or bad, may hold a traceback."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out and "Traceback" not in err
    return code, out, err


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- help and usage ---------------------------------------------------------


def test_bare_canasta_shows_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2
    assert "usage: canasta" in err and "variants" in err


def test_help_lists_the_variants_group(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "variants" in out


def test_bare_variants_shows_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "variants")
    assert code == 2
    for sub in ("list", "show", "validate", "diff", "schema"):
        assert sub in err


def test_variants_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "--help")
    assert code == 0 and "usage: canasta variants" in out


def test_unknown_command_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "frobnicate")
    assert code == 2 and "invalid choice" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("canasta ")


# --- list -------------------------------------------------------------------


def test_list_prints_one_line_per_bundled_profile(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "variants", "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(BUNDLED) == 10
    for line, name in zip(lines, BUNDLED, strict=True):
        variant = load_variant(name)
        assert line.startswith(f"{name} ")
        assert variant.title in line
        assert line.endswith("players " + ", ".join(str(n) for n in variant.player_counts))


def test_list_uses_a_rich_table_on_a_terminal(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("rich")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    code, out, _ = run(capsys, "variants", "list")
    assert code == 0 and "Bundled variant profiles" in out
    for name in BUNDLED:
        assert name in out


def test_list_is_plain_without_rich(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setitem(sys.modules, "rich.console", None)  # makes `import rich.console` fail
    code, out, _ = run(capsys, "variants", "list")
    assert code == 0 and len(out.splitlines()) == len(BUNDLED) == 10


def test_python_dash_m_canasta_variants_list() -> None:
    done = subprocess.run([sys.executable, "-m", "canasta", "variants", "list"], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert [line.split()[0] for line in done.stdout.splitlines()] == list(BUNDLED)


def test_importing_the_library_and_cli_does_not_import_rich() -> None:
    code = "import sys, canasta, canasta.cli.main, canasta.variants.jsonschema; assert 'rich' not in sys.modules"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


# --- show -------------------------------------------------------------------


@pytest.mark.parametrize("name", BUNDLED)
def test_show_prints_the_resolved_profile_with_citations(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out, err = run(capsys, "variants", "show", name)
    assert code == 0 and err == ""
    assert loads_variant(out) == load_variant(name)
    assert "[going_out]" in out
    assert "  # " in out  # trailing source citations


def test_show_resolves_a_house_file(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    code, out, _ = run(capsys, "variants", "show", str(house))
    assert code == 0
    shown = loads_variant(out)
    regency = load_variant("regency")
    assert shown.deal.jokers[PlayerCount(4)] == 6
    assert shown.match.target == 7500
    assert shown.deal.hand_size == regency.deal.hand_size  # untouched keys come from the parent
    assert "house rule (house.toml)" in out  # the house keys cite the house file


def test_show_unknown_name_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "variants", "show", "regensy")
    assert code == 2 and out == ""
    assert "unknown variant 'regensy'" in err and "regency" in err


def test_show_missing_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "variants", "show", str(tmp_path / "nowhere.toml"))
    assert code == 2 and out == ""
    assert "file not found" in err


# --- validate ---------------------------------------------------------------


def test_validate_good_files(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    code, out, err = run(capsys, "variants", "validate", str(house), "finnish")
    assert code == 0 and err == ""
    counts = ", ".join(str(n) for n in load_variant("regency").player_counts)
    assert out.splitlines() == [
        f"OK {house}: Our club's Canasta (players {counts})",
        f"OK finnish: {load_variant('finnish').title} (players 4)",
    ]


def test_validate_reports_three_mistakes_with_their_key_paths(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.toml", THREE_MISTAKES)
    code, out, err = run(capsys, "variants", "validate", str(bad))
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 3
    assert all(line.startswith(f"{bad}: ") for line in lines)
    by_path = {line.split(": ")[1]: line for line in lines}
    assert set(by_path) == {"deal.jokerz", "melds.wild_limit", "match.target"}
    assert "unknown key; did you mean 'deal.jokers'?" in by_path["deal.jokerz"]
    assert "'halff' is not allowed; did you mean 'half'?" in by_path["melds.wild_limit"]
    assert "expected an integer" in by_path["match.target"]


def test_validate_goes_on_after_a_bad_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, house: Path) -> None:
    bad = write(tmp_path, "bad.toml", THREE_MISTAKES)
    code, out, err = run(capsys, "variants", "validate", str(bad), str(house))
    assert code == 2
    assert out.startswith(f"OK {house}")
    assert len(err.splitlines()) == 3


def test_validate_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.toml"
    code, _, err = run(capsys, "variants", "validate", str(missing))
    assert code == 2
    assert err.strip() == f"{missing}: file not found: {missing}"


def test_validate_unknown_extends_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "typo.toml", 'extends = "regencyy"\n')
    code, _, err = run(capsys, "variants", "validate", str(path))
    assert code == 2
    assert err.startswith(f"{path}: extends: unknown variant 'regencyy'; did you mean 'regency'?")
    assert len(err.splitlines()) == 1


def test_validate_broken_toml_gives_line_and_column(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "broken.toml", 'extends = "regency"\n[deal\njokers = { 4 = 6 }\n')
    code, _, err = run(capsys, "variants", "validate", str(path))
    assert code == 2
    assert "broken TOML at line 2, column" in err


def test_validate_extends_cycle(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    code, _, err = run(capsys, "variants", "validate", str(a))
    assert code == 2 and "cycle" in err


def test_validate_a_file_without_extends_names_what_is_missing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "club.toml", "[match]\ntarget = 7500\n")
    code, out, err = run(capsys, "variants", "validate", str(path))
    assert (code, out) == (2, "")
    assert err.startswith(
        f'{path}: extends: missing; name the profile this file changes, like extends = "regency" (bundled: {", ".join(BUNDLED)}). '
    )
    assert len(err.splitlines()) == 1


def test_validate_a_windows_notepad_file_with_a_byte_order_mark(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HOUSE.replace("\n", "\r\n").encode())
    code, out, _ = run(capsys, "variants", "validate", str(path))
    assert code == 0 and out.startswith(f"OK {path}: Our club's Canasta")


def test_show_a_derived_house_file_says_it_derives(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write(tmp_path, "club.toml", 'extends = "finnish"\n[match]\ntarget = 7500\n')
    code, out, _ = run(capsys, "variants", "show", str(path))
    assert code == 0
    assert f'title = "{load_variant("finnish").title}, with 1 change"' in out
    assert 'description = "finnish, with 1 change: match.target"' in out


def test_validate_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "variants", "validate")
    assert code == 2 and "FILE" in err


# --- diff -------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "markdown"])
def test_diff_formats(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    code, out, err = run(capsys, "variants", "diff", "regency", "finnish", "--format", fmt)
    assert code == 0 and err == ""
    assert out.strip()


def test_diff_default_is_text(capsys: pytest.CaptureFixture[str]) -> None:
    _, default, _ = run(capsys, "variants", "diff", "regency", "finnish")
    _, text, _ = run(capsys, "variants", "diff", "regency", "finnish", "--format", "text")
    assert default == text


def test_diff_json_names_the_keys_that_differ(capsys: pytest.CaptureFixture[str], house: Path) -> None:
    code, out, _ = run(capsys, "variants", "diff", "regency", str(house), "--format", "json")
    assert code == 0
    text = json.dumps(json.loads(out))
    assert "deal.jokers" in text and "match.target" in text


def test_diff_players_four_shows_the_two_canasta_rule_on_the_first_screen(capsys: pytest.CaptureFixture[str]) -> None:
    """001 §18 B (one canasta) against 002 UTGÅNG 1 (two), within the 24 lines of a terminal's first screen."""
    code, out, err = run(capsys, "variants", "diff", "finnish", "swedish-club", "--players", "4")
    assert code == 0 and err == ""
    first_screen = out.splitlines()[:24]
    assert "going_out.canastas_required.4" in first_screen
    assert "    a: 1  [001 §18 B]" in first_screen
    assert not any(line.startswith("going_out.canastas_required.") and not line.endswith(".4") for line in out.splitlines())


@pytest.mark.parametrize("fmt", ["markdown", "json"])
def test_diff_players_in_every_format(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    _, out, _ = run(capsys, "variants", "diff", "finnish", "swedish-club", "--players", "4", "--format", fmt)
    assert "going_out.canastas_required.4" in out and "going_out.canastas_required.2" not in out
    if fmt == "json":
        assert json.loads(out)["players"] == 4


@pytest.mark.parametrize(
    ("pair", "players", "message"),
    [
        (("finnish", "swedish-club"), "6", "--players 6: profile 'finnish' has rules for 4 players, not 6"),
        (("swedish-club", "finnish"), "2", "--players 2: profile 'finnish' has rules for 4 players, not 2"),
        (("regency", "swedish-club"), "5", "--players 5: profile 'swedish-club' has rules for 2, 3, 4, 6 players, not 5"),
        (("regency", "dutch"), "0", "--players 0: profile 'regency' has rules for 2, 3, 4, 5, 6 players, not 0"),
    ],
)
def test_diff_players_a_profile_lacks_names_the_counts_it_has(
    capsys: pytest.CaptureFixture[str], pair: tuple[str, str], players: str, message: str
) -> None:
    code, out, err = run(capsys, "variants", "diff", *pair, "--players", players)
    assert (code, out, err) == (2, "", f"canasta: {message}\n")


@pytest.mark.parametrize("players", ["four", "4.0", ""])
def test_diff_players_that_is_no_number_is_a_usage_error(capsys: pytest.CaptureFixture[str], players: str) -> None:
    code, out, err = run(capsys, "variants", "diff", "finnish", "swedish-club", "--players", players)
    assert code == 2 and out == ""
    assert "argument --players: expected a whole number" in err


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_diff_never_sends_a_terminal_the_escapes_of_a_house_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str) -> None:
    """A title, a description and a citation that would set the window's title, clear the screen or turn the line around."""
    house = write(
        tmp_path,
        "evil.toml",
        'extends = "regency"\nname = "evil"\ntitle = "x\\u001b]0;owned\\u0007\\u001b[2J"\n'
        'description = "line\\rover"\n[match]\ntarget = 7500  # club \u202e decision\n',
    )
    code, out, err = run(capsys, "variants", "diff", "regency", str(house), "--format", fmt)
    assert code == 0 and err == ""
    assert not any(ch in out for ch in "\x1b\x07\r\u202e"), out
    if fmt == "json":
        data = json.loads(out)
        by_key = {d["key"]: d for d in data["differences"]}
        assert by_key["title"]["b"] == "x\x1b]0;owned\x07\x1b[2J" and by_key["description"]["b"] == "line\rover", "the same JSON data"
        assert by_key["match.target"]["b_source"] == "club \u202e decision"
    else:
        assert "x\\x1b]0;owned\\x07\\x1b[2J" in out and "club \\u202e decision" in out


def test_diff_bad_format_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "variants", "diff", "regency", "finnish", "--format", "xml")
    assert code == 2 and out == ""
    assert "invalid choice: 'xml'" in err


def test_diff_bad_profile_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.toml", THREE_MISTAKES)
    code, out, err = run(capsys, "variants", "diff", "regency", str(bad))
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 3


# --- schema -----------------------------------------------------------------


def test_schema_prints_json_indented_by_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "schema")
    assert code == 0
    schema = json.loads(out)
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert out.startswith('{\n  "$schema"')


def test_schema_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "canasta-variant.schema.json"
    code, out, _ = run(capsys, "variants", "schema", "-o", str(target))
    assert code == 0 and out == ""
    assert "deal" in json.loads(target.read_text(encoding="utf-8"))["properties"]


def test_schema_to_an_unwritable_place_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "variants", "schema", "-o", str(tmp_path / "no" / "such" / "dir.json"))
    assert code == 2 and "there is no folder" in err and "cannot be written" not in err
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    for target, reason in [
        (tmp_path, "is a directory"),
        (tmp_path / "file.txt" / "x.json", "Not a directory"),
        (tmp_path / "a\x00b.json", "NUL byte"),
        (Path("/dev/zero"), "not a regular file"),
    ]:
        code, out, err = run(capsys, "variants", "schema", "-o", str(target))
        assert code == 2 and out == ""
        assert err.startswith("canasta: cannot write the schema to ") and reason in err
        assert len(err.splitlines()) == 1 and "\x00" not in err


@pytest.mark.parametrize("name", ["a\x00b", "fin\x1bnish", "\udcff.toml", "folder"])
@pytest.mark.parametrize("command", ["show", "validate", "diff"])
def test_odd_profile_names_are_one_escaped_line(name: str, command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A NUL, an escape character, a byte that is not UTF-8 or a folder as the profile: one line, printed escaped, exit 2."""
    ref = str(tmp_path) if name == "folder" else name
    argv = ["variants", command, *(["finnish", ref] if command == "diff" else [ref])]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.isprintable() or err[:-1].isprintable()


def test_bundled_names_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert tuple(variant_names()) == BUNDLED
