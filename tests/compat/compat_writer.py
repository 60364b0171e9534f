"""Writes the files of one commit of the library, with what that commit said of them: run under the OLD code.

``make_fixtures.py`` unpacks a commit and runs this script with the unpacked
tree first on ``PYTHONPATH``, so every ``canasta`` import below is the old
library's. The script asks only for what each commit has (bundled profiles,
the heuristic bot, the ``canasta`` command, the score sheet), so one script
serves every commit from the first with records. It writes, in the folder it
is given:

- ``records/``: game records as ``Game.record()`` wrote them, TOML and JSON;
- ``profiles/``: complete profiles as ``canasta variants show`` (or, before
  the command, ``dumps_variant``) wrote them;
- ``house/``: the house files the docs of the commit gave, as written there;
- ``sheets/``: score sheets as ``ScoreSheet.save`` wrote them;
- ``expected.toml``: what the old code said of each file, read back by the
  old code: a record's replayed outcome; a profile's and a house file's
  values key by key and the outcome of a seeded game played with it (its
  actions kept, one a line, since the bots' choices are not part of the rules); a
  sheet's totals.

The helpers :func:`flat` and :func:`outcome` are read by the tests too, under
today's code: they use only names every version of the library has.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

META = ("schema_version", "name", "title", "description", "sources")
"""A profile's metadata: not rules, so not compared key by key."""

PLAYER_ORDER = (4, 2, 3, 6, 5)
"""The player counts tried for a profile's seeded game, the first it has."""

HOUSE_PER_COMMIT = 8
"""The most house files taken from one commit's docs."""

DOCS = ("README.md", "docs/house-rules.md", "docs/rasche-options.md", "docs/family.md", "docs/decisions.md", "docs/quickstart.md")
"""The pages whose house files are kept, in this order."""


def flat(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Profile data as ``{dotted key: value}``, tables opened down to their leaves; an empty table is a leaf."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and value:
            out.update(flat(value, f"{path}."))
        else:
            out[path] = value
    return out


def rules_of(text: str) -> dict[str, Any]:
    """The rule keys of a profile's TOML text (its metadata left out), flat."""
    data = tomllib.loads(text)
    return {k: v for k, v in flat(data).items() if k.partition(".")[0] not in META}


def outcome(game: Any) -> dict[str, Any]:
    """What a game came to: its actions, finished hands, each hand's totals, the scores and the result."""
    result = game.result
    if result is None:
        said = "unfinished"
    elif result.winner is None:
        said = "draw"
    else:
        said = f"won by side {result.winner}"
    return {
        "actions": len(game.record().actions),
        "hands": len(game.hand_scores),
        "hand_totals": [[score.total for score in hand] for hand in game.hand_scores],
        "scores": list(game.scores),
        "result": said,
    }


# -- the old library ----------------------------------------------------------------------


def _game_class() -> Any:
    """The engine's Game, or None before the engine (the first commit wrote profiles only)."""
    try:
        from canasta.core.game import Game
    except ImportError:
        return None
    return Game


def _heuristic() -> Any:
    try:
        from canasta.bots import HeuristicBot
    except ImportError:
        return None
    return HeuristicBot


def _names() -> list[str]:
    from canasta.variants import variant_names

    return list(variant_names())


def _counts(variant: Any) -> list[int]:
    return sorted(int(n) for n in variant.deal.hand_size)


def _players(variant: Any, wanted: int | None = None) -> int:
    counts = _counts(variant)
    if wanted in counts:
        return int(wanted)
    return next(n for n in PLAYER_ORDER if n in counts)


def play(variant: Any, players: int, seed: int, kinds: str, hands: int) -> Any:
    """A seeded game: seat i plays ``kinds[i % len(kinds)]`` (``h`` heuristic, ``r`` random) until ``hands`` hands are over, or the match."""
    game = _game_class()(variant, players=players, seed=seed)
    heuristic = _heuristic()
    rng = random.Random(seed)
    bots = {seat: heuristic(seed=seed * 10 + seat) for seat in range(players) if kinds[seat % len(kinds)] == "h" and heuristic is not None}
    while not game.is_over and len(game.hand_scores) < hands:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal) if seat in bots else rng.choice(legal)
        game.apply(action)
    return game


def _rules_version(record: Any) -> int:
    return int(getattr(record, "rules_version", 1))


def _game_entry(game: Any, kinds: str) -> dict[str, Any]:
    record = game.record()
    return {
        "players": record.players,
        "seed": record.seed,
        "bots": kinds,
        "rules_version": _rules_version(record),
        "played": "\n".join(record.actions),
        **outcome(game),
    }


# -- what a commit writes -----------------------------------------------------------------


def _record_plan(names: list[str]) -> list[tuple[str, int | None, int, str, int, str]]:
    """(profile, players, seed, bots, hands, format) of each record: classic and family profiles, several counts, both bots."""
    classic = [n for n in ("finnish", "regency", "dutch", "swedish-club", "swedish-official", "rasche-house") if n in names]
    family = [n for n in ("modern-american", "cuban", "uruguayan") if n in names]
    if not classic:
        # Seed 107 at six players asks "may I go out?" and, told yes, discards: the engine of 3f779cb allowed that.
        return [("", 4, 11, "r", 2, "toml"), ("", 2, 12, "r", 3, "json"), ("", 3, 13, "r", 2, "toml"), ("", 6, 14, "r", 1, "toml"), ("", 6, 107, "r", 3, "toml")]
    plan = [
        (classic[0], 4, 21, "h", 40, "toml"),
        (classic[1], 2, 22, "hr", 3, "json"),
        (classic[3] if len(classic) > 3 else classic[-1], 3, 23, "r", 2, "toml"),
        (classic[4] if len(classic) > 4 else classic[-1], 6, 24, "hr", 1, "toml"),
    ]
    if family:
        plan += [(family[0], 4, 31, "h", 2, "toml"), (family[-1], 2, 32, "rh", 2, "json")]
        # A first hand of Modern American in which, until b6b7bfe, the pile was left at the end of the stock with an
        # opening laid before the draw, and the hand scored the melds of a side that never opened.
        plan.append((family[0], 4, 102, "hr", 1, "toml"))
    return plan


def write_records(out: Path, expected: dict[str, Any]) -> None:
    from canasta.variants import Variant, load_variant

    if _game_class() is None:
        return
    folder = out / "records"
    folder.mkdir(parents=True, exist_ok=True)
    for name, players, seed, kinds, hands, fmt in _record_plan(_names()):
        variant = load_variant(name) if name else Variant()
        count = _players(variant, players)
        game = play(variant, count, seed, kinds, hands)
        record = game.record()
        file = f"{name or 'default'}-{count}p-seed{seed}.{fmt}"
        (folder / file).write_text(record.to_json() if fmt == "json" else record.to_toml(), encoding="utf-8")
        again = _game_class().replay(record)
        expected[file] = {"profile": name or "Variant()", "bots": kinds, "rules_version": _rules_version(record), **outcome(again)}


def _shown(name: str) -> str:
    """A profile as ``canasta variants show`` printed it, or as ``dumps_variant`` wrote it before the command."""
    import canasta

    if (Path(canasta.__file__).parent / "__main__.py").exists():
        done = subprocess.run([sys.executable, "-m", "canasta", "variants", "show", name], capture_output=True, text=True, check=True)
        return done.stdout
    from canasta.variants import dumps_variant, load_variant

    return str(dumps_variant(load_variant(name)))


def write_profiles(out: Path, expected: dict[str, Any]) -> None:
    from canasta.variants import Variant, dumps_variant, load_variant

    folder = out / "profiles"
    folder.mkdir(parents=True, exist_ok=True)
    names = _names()
    chosen = [n for n in ("finnish", "swedish-official", "rasche-house", "modern-american", "uruguayan") if n in names]
    plan: list[tuple[str, str, str]] = [(n, _shown(n), f"canasta variants show {n}") for n in chosen]
    if not names:
        plan = [("default", str(dumps_variant(Variant())), "dumps_variant(Variant())")]
    for seed, (name, text, how) in enumerate(plan, 41):
        path = folder / f"{name}.toml"
        path.write_text(text, encoding="utf-8")
        variant = load_variant(path)
        kinds = "hr" if seed % 2 else "rh"
        expected[path.name] = {"written_by": how, "name": variant.name, "loaded": rules_of(dumps_variant(variant))}
        if _game_class() is not None:
            expected[path.name]["game"] = _game_entry(play(variant, _players(variant), seed, kinds, 2), kinds)


def house_examples(root: Path) -> Iterator[tuple[str, str]]:
    """Each house file the docs give (a TOML block with ``extends``), named after its page and place."""
    for page in DOCS:
        path = root / page
        if not path.exists():
            continue
        blocks = re.findall(r"^```toml[^\n]*\n(.*?)^```", path.read_text(encoding="utf-8"), flags=re.M | re.S)
        for i, block in enumerate(blocks):
            if re.search(r"^extends\s*=", block, flags=re.M):
                yield f"{Path(page).stem}-{i}", block


def write_house(out: Path, root: Path, expected: dict[str, Any]) -> None:
    from canasta.variants import dumps_variant, load_variant

    folder = out / "house"
    folder.mkdir(parents=True, exist_ok=True)
    taken: dict[str, int] = {}
    kept = 0
    for seed, (stem, text) in enumerate(house_examples(root), 51):
        page = stem.rsplit("-", 1)[0]
        if kept >= HOUSE_PER_COMMIT or taken.get(page, 0) >= 2:
            continue
        path = folder / f"{stem}.toml"
        path.write_text(text, encoding="utf-8")
        try:
            variant = load_variant(path)
        except Exception:  # a block that is meant to fail, or names a file beside the page
            path.unlink()
            continue
        taken[page] = taken.get(page, 0) + 1
        kept += 1
        kinds = "hr" if seed % 2 else "rh"
        game = play(variant, _players(variant), seed, kinds, 2)
        expected[path.name] = {"page": page, "loaded": rules_of(dumps_variant(variant)), "game": _game_entry(game, kinds)}


def _sheet_entry(sheet: Any, path: Path) -> dict[str, Any]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    winner = sheet.winner
    return {
        "version": data.get("version"),
        "hands": len(sheet.hands),
        "hand_totals": [[score.total for score in hand] for hand in sheet.hands],
        "totals": list(sheet.totals),
        "penalties": len(sheet.penalties),
        "over": bool(sheet.is_over),
        "winner": -1 if winner is None else int(winner),
        "next_dealer": int(sheet.next_dealer),
    }


def _evening(sheet_class: Any, variant: Any) -> Any:
    """The docs' Finnish evening: three hands, a penalty and a correction (001 §27 A, §35 B)."""
    from canasta import CanastaKind, Penalty, Termination
    from canasta.scoresheet import HandEntry, PenaltyEntry, SideEntry

    sheet = sheet_class(variant, 4, names=["Anna", "Bertil", "Carita", "David"])
    sheet.add_hand(
        HandEntry(
            ending=Termination.WENT_OUT,
            went_out=0,
            sides=[
                SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=2, melded=230),
                SideEntry(canastas={CanastaKind.MIXED: 1}, red_threes=1, melded=120, in_hand=45),
            ],
        )
    )
    sheet.deal()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.INSUFFICIENT_OPENING, note="opened with 40"))
    second = [
        SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=20),
        SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=1, melded=310),
    ]
    sheet.add_hand(HandEntry(ending=Termination.WENT_OUT, went_out=1, sides=second))
    second[0] = SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=35)
    sheet.correct(2, HandEntry(ending=Termination.WENT_OUT, went_out=1, sides=second), note="a queen was left")
    sheet.deal()
    sheet.add_hand(
        HandEntry(
            ending=Termination.STOCK_EXHAUSTED,
            sides=[
                SideEntry(canastas={CanastaKind.NATURAL: 1}, melded=200, in_hand=10),
                SideEntry(canastas={CanastaKind.MIXED: 2}, red_threes=1, melded=250, in_hand=15),
            ],
        )
    )
    return sheet


def write_sheets(out: Path, expected: dict[str, Any]) -> None:
    try:
        from canasta.scoresheet import ScoreSheet
    except ImportError:
        return
    from canasta import Penalty
    from canasta.scoresheet import PenaltyEntry
    from canasta.variants import load_variant, loads_variant

    folder = out / "sheets"
    folder.mkdir(parents=True, exist_ok=True)
    names = _names()
    sheets: list[tuple[str, Any]] = [("finnish-evening.toml", _evening(ScoreSheet, "finnish"))]
    house = loads_variant('extends = "finnish"\nname = "club"\n[going_out]\nbonus = 200\n')
    sheets.append(("club-evening.toml", _evening(ScoreSheet, house)))
    game = play(load_variant("finnish"), 4, 61, "h", 3)
    from_game = ScoreSheet.from_game(game)
    if hasattr(from_game, "withdraw_penalty"):
        from_game.add_penalty(PenaltyEntry(side=0, penalty=Penalty.MELD_OUT_OF_TURN))
        from_game.add_penalty(PenaltyEntry(side=1, penalty=Penalty.MELD_OUT_OF_TURN))
        from_game.withdraw_penalty(1, note="entered in error")
    sheets.append(("finnish-from-game.toml", from_game))
    for name in ("modern-american", "cuban"):
        if name in names:
            variant = load_variant(name)
            try:
                sheets.append((f"{name}-from-game.toml", ScoreSheet.from_game(play(variant, _players(variant), 62, "h", 2))))
            except Exception:  # a sheet before file version 2 cannot hold the family's counts
                continue
    for file, sheet in sheets:
        path = folder / file
        sheet.save(path)
        expected[file] = _sheet_entry(ScoreSheet.load(path), path)


def main() -> None:
    out, root, commit = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    import tomli_w

    try:
        from canasta.variants.schema import SCHEMA_VERSION as version
    except ImportError:
        version = 1
    expected: dict[str, Any] = {"commit": commit, "schema_version": version, "records": {}, "profiles": {}, "house": {}, "sheets": {}}
    os.chdir(root)
    write_records(out, expected["records"])
    write_profiles(out, expected["profiles"])
    write_house(out, root, expected["house"])
    write_sheets(out, expected["sheets"])
    expected = {k: v for k, v in expected.items() if v != {}}
    (out / "expected.toml").write_text(tomli_w.dumps(expected, multiline_strings=True), encoding="utf-8")


if __name__ == "__main__":
    main()
