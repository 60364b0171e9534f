"""Every file an earlier version of the library wrote still loads, and plays or scores as it did then.

The folders beside this file are named after commits of the library; the
files in them were written by that commit's code (``make_fixtures.py`` checks
each commit out and runs ``compat_writer.py`` under it), and so was each
folder's ``expected.toml``: what the old code said of its files. Nothing here
was written by today's library.

- A game record replays (``Game.replay``) to the same hands, hand totals,
  scores and result, by the rules version it names (none: version 1).
- A complete profile (``canasta variants show``) and a house file of the
  docs load to the values the old commit loaded, key by key: a key since
  renamed at its new name, and a key the file was written without
  (``canasta.variants.upgrade.ADDED``) at the value those files played. A
  game played with it at that commit, its actions replayed under today's
  engine by the rules version of the commit, comes to the same outcome.
- A score sheet of each file version (1, 2 and 3) loads to the same hands,
  totals, penalties and result.

``schema_keys.toml`` holds the rule keys the first files of each schema
version gave; a rule key of today's schema that is neither among them nor in
``ADDED`` fails, so a key cannot be added without saying what files without
it played.
"""

from __future__ import annotations

import functools
import tomllib
from pathlib import Path
from typing import Any

import pytest
from compat_writer import flat, outcome, rules_of

import canasta
from canasta.scoresheet import ScoreSheet
from canasta.variants import SCHEMA_VERSION
from canasta.variants.reference import keys
from canasta.variants.schema import META_KEYS, key_type
from canasta.variants.upgrade import ADDED, RENAMED, dropped, lacked, old_keys

HERE = Path(__file__).parent
COMMITS = sorted(p.name for p in HERE.iterdir() if (p / "expected.toml").is_file())


@functools.cache
def expected(commit: str) -> dict[str, Any]:
    """What the commit's code said of its files (read once; never changed by a test)."""
    return tomllib.loads((HERE / commit / "expected.toml").read_text(encoding="utf-8"))


PILE_TAKE_REFUSED = (
    "e611efb made a take of the pile that no meld from the hand could complete illegal (001 §26 A: it could only be "
    "taken back); the engine before it allowed the take and its retract, and records named no rules version until e7f3410"
)
YES_BINDS = (
    "3812317 made a partner's yes to 'may I go out?' bind the player who can go out (002 UTGÅNG 2, 004 L175, decisions P26); "
    "the engine before it let him discard instead, and records named no rules version until e7f3410"
)
FAMILY_NOT_PLAYED = (
    "c66ce3b shipped the family's profiles with the schema-2 keys, but its engine did not read them: it played and "
    "scored Modern American as classic Canasta; 797030c, eleven minutes later, began to play them"
)
TURN_KEPT = (
    "797030c's engine kept the turn after a discard that emptied the hand for a reserve pile (the hand number was "
    "shadowed by the hand's cards), so the player acted twice; a8b60c2 fixed it thirteen minutes later"
)
UNOPENED_SCORED = (
    "until b6b7bfe the engine let a player leave the pile at the end of the stock with an opening laid before the draw "
    "(initial_meld.from_hand_before_pile) still unopened, and scored those melds of a side that never opened"
)
DIVERGES: dict[tuple[str, str, str], str] = {
    ("3f779cb", "records", "default-2p-seed12.json"): PILE_TAKE_REFUSED,
    ("3f779cb", "records", "default-6p-seed107.toml"): YES_BINDS,
    ("c66ce3b", "records", "modern-american-4p-seed31.toml"): FAMILY_NOT_PLAYED,
    ("c66ce3b", "records", "modern-american-4p-seed102.toml"): FAMILY_NOT_PLAYED,
    ("797030c", "records", "modern-american-4p-seed31.toml"): TURN_KEPT,
    ("797030c", "records", "modern-american-4p-seed102.toml"): TURN_KEPT,
    ("797030c", "profiles", "modern-american.toml"): TURN_KEPT,
    ("a8b60c2", "records", "modern-american-4p-seed102.toml"): UNOPENED_SCORED,
    ("e5a2272", "records", "modern-american-4p-seed102.toml"): UNOPENED_SCORED,
    ("a3cda2a", "records", "modern-american-4p-seed102.toml"): UNOPENED_SCORED,
    ("c66ce3b", "profiles", "modern-american.toml"): FAMILY_NOT_PLAYED,
    ("c66ce3b", "sheets", "modern-american-from-game.toml"): FAMILY_NOT_PLAYED,
}
"""The files that do not play or score today as they did, and why (docs/family.md, "Files written by earlier versions")."""


def cases(kind: str) -> list[Any]:
    """Every file of a kind, as (commit, file); one that diverges is expected to fail, strictly, for its documented reason."""
    out = []
    for commit in COMMITS:
        for file in expected(commit).get(kind, {}):
            why = DIVERGES.get((commit, kind, file))
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            out.append(pytest.param((commit, file), marks=marks, id=f"{commit}-{file}"))
    return out


def test_the_fixtures_span_the_history() -> None:
    """From the first commit to the head: records of several player counts, both bots, classic and family profiles, TOML and
    JSON; profiles as the command showed them; the docs' house files; score sheets of every file version."""
    from make_fixtures import COMMITS as MADE

    assert sorted(MADE) == COMMITS, "every commit make_fixtures.py names has its files, and no other folder"
    records = [entry | {"file": file} for commit in COMMITS for file, entry in expected(commit).get("records", {}).items()]
    assert {len(entry["scores"]) for entry in records} >= {2, 3}, "two sides and three"
    assert {int(entry["file"].split("-")[-2][:-1]) for entry in records} >= {2, 3, 4, 6}
    assert {entry["bots"] for entry in records} >= {"h", "r", "hr", "rh"}
    assert {entry["file"].rsplit(".", 1)[1] for entry in records} == {"toml", "json"}
    assert {entry["profile"] for entry in records} >= {"finnish", "regency", "modern-american", "uruguayan", "Variant()"}
    assert {entry["rules_version"] for entry in records} == {1, 2}
    assert any(entry["result"] != "unfinished" for entry in records), "a whole match"
    assert all(expected(commit).get("records") for commit in list(MADE)[1:]), "every commit after the first (which had no engine) wrote records"
    assert {entry["version"] for commit in COMMITS for entry in expected(commit).get("sheets", {}).values()} == {1, 2, 3}
    assert sum(len(expected(commit).get("house", {})) for commit in COMMITS) >= 50


# -- records -----------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("records"))
def test_an_old_record_replays_as_it_was_played(case: tuple[str, str]) -> None:
    commit, file = case
    want = expected(commit)["records"][file]
    record = canasta.GameRecord.load(HERE / commit / "records" / file)
    assert record.rules_version == want["rules_version"]
    game = canasta.Game.replay(record)
    got = outcome(game)
    assert got == {k: want[k] for k in got}, f"{commit}/{file} ({want['profile']}, bots {want['bots']})"


# -- profiles and house files -----------------------------------------------------------


def _added_at(key: str) -> canasta.variants.upgrade.AddedKey | None:
    """The entry of ADDED a flat key lies under (``ranks.hand_penalty.A`` lies under ``ranks.hand_penalty``)."""
    return next((a for a in ADDED if key == a.key or key.startswith(f"{a.key}.")), None)


def _in_keyed_table(key: str) -> bool:
    """Whether a flat key is an entry of a keyed table, where 0 means none and is not written (``going_out.canasta_kinds_required.natural``)."""
    return any(key.startswith(f"{k.path}.") and key_type(k.type) is not None for k in keys())


def _renamed(old: dict[str, Any]) -> dict[str, Any]:
    """Old flat values at today's keys: a replaced key at its new key, its value in the new form."""
    moved = old_keys(1)
    out: dict[str, Any] = {}
    for key, value in old.items():
        if key in moved:
            for new in moved[key]:
                out[new] = int(value) if type(value) is bool else value
        else:
            out[key] = value
    return out


def _version_of(text: str) -> int:
    return int(tomllib.loads(text).get("schema_version", SCHEMA_VERSION))


def _none(key: str, value: Any) -> bool:
    """Whether a flat value says "none" as well as its absence does: an empty table, or 0 in a keyed table (``going_out.canasta_kinds_required.natural = 0``)."""
    return value == {} or (value == 0 and _in_keyed_table(key))


def assert_loads_as_it_did(commit: str, path: Path, want: dict[str, Any], version: int) -> canasta.Variant:
    """``path`` loads to the values the commit loaded, key by key; a key the file's version was written without, at its played value.

    A house file takes such a key from its parent as the parent gives it now,
    as it takes every rule it does not set: it was written as "the parent's
    rules, except ...", and a record of it replays by the rules version it
    was played under.
    """
    variant = canasta.load_variant(path)
    today = rules_of(canasta.dumps_variant(variant))
    old = _renamed(want["loaded"])
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    parent = rules_of(canasta.dumps_variant(canasta.load_variant(data["extends"]))) if "extends" in data else {}
    own = rules_of(path.read_text(encoding="utf-8"))
    for key in sorted(old.keys() | today.keys()):
        where = f"{commit}/{path.parent.name}/{path.name}: {key}"
        if key in old and key in today:
            assert today[key] == old[key], f"{where} loaded as {old[key]!r} then, {today[key]!r} now"
        elif key in old:
            gone = dropped(version)
            if key in gone:
                assert old[key] == gone[key], f"{where}, dropped, was {old[key]!r}, not the value every engine played"
            else:
                assert _none(key, old[key]), f"{where} = {old[key]!r} then, and is gone"
        elif not _none(key, today[key]):
            added = _added_at(key)
            assert added is not None, f"{where} is new, and not in canasta.variants.upgrade.ADDED"
            assert added.lacked_by(version), f"{where}: schema-{version} files give it, but this one did not"
            if parent and key not in own:
                assert today[key] == parent.get(key), f"{where}, which the house file does not set, is not its parent's"
            else:
                assert today[key] == flat({added.key: added.played}).get(key), f"{where}, which the file was written without, is not what it played"
    return variant


def assert_plays_as_it_did(commit: str, variant: canasta.Variant, game: dict[str, Any]) -> None:
    played = canasta.Game(variant, players=game["players"], seed=game["seed"], rules_version=game["rules_version"])
    for text in game["played"].splitlines():
        played.apply(text)
    got = outcome(played)
    assert got == {k: game[k] for k in got}, f"{commit}: the seeded game ({game['bots']}, {game['players']} players) came out otherwise"


@pytest.mark.parametrize("case", cases("profiles"))
def test_an_old_complete_profile_loads_and_plays_as_it_did(case: tuple[str, str]) -> None:
    commit, file = case
    want = expected(commit)["profiles"][file]
    path = HERE / commit / "profiles" / file
    variant = assert_loads_as_it_did(commit, path, want, _version_of(path.read_text(encoding="utf-8")))
    assert variant.name == want["name"]
    if "game" in want:  # the first commit had no engine
        assert_plays_as_it_did(commit, variant, want["game"])


@pytest.mark.parametrize("case", cases("house"))
def test_an_old_house_file_of_the_docs_loads_and_plays_as_it_did(case: tuple[str, str]) -> None:
    commit, file = case
    want = expected(commit)["house"][file]
    path = HERE / commit / "house" / file
    variant = assert_loads_as_it_did(commit, path, want, expected(commit)["schema_version"])
    assert_plays_as_it_did(commit, variant, want["game"])


# -- score sheets ------------------------------------------------------------------------


@pytest.mark.parametrize("case", cases("sheets"))
def test_an_old_score_sheet_loads_with_its_totals(case: tuple[str, str]) -> None:
    commit, file = case
    want = expected(commit)["sheets"][file]
    path = HERE / commit / "sheets" / file
    assert tomllib.loads(path.read_text(encoding="utf-8")).get("version") == want["version"]
    sheet = ScoreSheet.load(path)
    assert len(sheet.hands) == want["hands"]
    assert [[score.total for score in hand] for hand in sheet.hands] == want["hand_totals"]
    assert list(sheet.totals) == want["totals"]
    assert len(sheet.penalties) == want["penalties"]
    assert (sheet.is_over, -1 if sheet.winner is None else sheet.winner, sheet.next_dealer) == (want["over"], want["winner"], want["next_dealer"])


# -- the files that do not play as they did, and why ------------------------------------------


@pytest.mark.parametrize(
    ("file", "rule"),
    [("default-2p-seed12.json", "initial_meld.minimums"), ("default-6p-seed107.toml", "going_out.permission")],
    ids=["a pile take no meld could complete (001 §26 A)", "a discard after a partner's yes (002 UTGÅNG 2)"],
)
def test_a_record_from_before_a_rule_fix_replays_up_to_the_action_the_rule_now_refuses(file: str, rule: str) -> None:
    """Everything before the action replays as it was played; the action itself is refused by the rule fixed since, which it cites."""
    commit = "3f779cb"
    want = expected(commit)["records"][file]
    record = canasta.GameRecord.load(HERE / commit / "records" / file)
    assert record.rules_version == 1
    with pytest.raises(canasta.ReplayError) as info:
        canasta.Game.replay(record)
    stopped = info.value
    assert isinstance(stopped.error, canasta.IllegalActionError) and stopped.error.rule == rule
    if rule == "initial_meld.minimums":
        assert stopped.action.startswith("take ") and record.actions[stopped.index + 1] == "retract", "the old engine's player took it back"
    else:
        assert stopped.action.startswith("discard ") and record.actions[stopped.index - 2 : stopped.index] == ("ask", "yes"), "told yes, he discarded"
    before = canasta.Game.replay(record, actions=record.actions[: stopped.index])
    finished = [[score.total for score in hand] for hand in before.hand_scores]
    assert finished == want["hand_totals"][: len(finished)] and before.hand_number == stopped.hand_number


def test_the_family_files_of_c66ce3b_load_as_they_did() -> None:
    """The profile loads key by key as c66ce3b loaded it; only its play differs, since that engine did not read the keys."""
    want = expected("c66ce3b")["profiles"]["modern-american.toml"]
    variant = assert_loads_as_it_did("c66ce3b", HERE / "c66ce3b" / "profiles" / "modern-american.toml", want, 2)
    assert variant.name == want["name"] and variant.black_threes.bonus_card
    sheet = ScoreSheet.load(HERE / "c66ce3b" / "sheets" / "modern-american-from-game.toml")
    assert len(sheet.hands) == expected("c66ce3b")["sheets"]["modern-american-from-game.toml"]["hands"]


@pytest.mark.parametrize("commit", ["a8b60c2", "e5a2272", "a3cda2a"])
def test_a_hand_that_scored_an_unopened_side_stops_at_the_pile_left_at_the_end_of_the_stock(commit: str) -> None:
    """The only action refused is the one the fix refuses: leaving the pile with an opening laid before the draw (EBB §2.3)."""
    record = canasta.GameRecord.load(HERE / commit / "records" / "modern-american-4p-seed102.toml")
    with pytest.raises(canasta.ReplayError) as info:
        canasta.Game.replay(record)
    stopped = info.value
    assert stopped.action == "decline" and stopped.error.rule == "initial_meld.from_hand_before_pile"
    assert stopped.index == len(record.actions) - 1, "the decline ended the hand; all before it replays"
    assert expected("f570b20")["records"]["modern-american-4p-seed102.toml"]["hands"] == 1, "the head plays the same seed through"


def test_the_first_family_engine_s_records_stop_where_it_kept_the_turn() -> None:
    """The seat whose discard came after taking its reserve pile played on under 797030c; today the turn passes (a8b60c2)."""
    for file in ("modern-american-4p-seed31.toml", "modern-american-4p-seed102.toml"):
        record = canasta.GameRecord.load(HERE / "797030c" / "records" / file)
        with pytest.raises(canasta.ReplayError) as info:
            canasta.Game.replay(record)
        stopped = info.value
        discarding = canasta.Game.replay(record, actions=record.actions[: stopped.index - 1])
        seat = discarding.current_player
        after = canasta.Game.replay(record, actions=record.actions[: stopped.index])
        assert record.actions[stopped.index - 1].startswith("discard "), file
        assert not discarding.view(seat).reserve_received[discarding.side_of(seat)], f"{file}: no reserve pile before the discard"
        assert after.view(seat).reserve_received[after.side_of(seat)], f"{file}: the discard emptied the hand for the reserve pile"
        assert stopped.seat != seat, f"{file}: the turn has passed, where 797030c let seat {seat} act again"


# -- the keys each version's files give ----------------------------------------------------


def _first_files() -> dict[int, set[str]]:
    data = tomllib.loads((HERE / "schema_keys.toml").read_text(encoding="utf-8"))
    return {int(version): set(entry["keys"]) for version, entry in data["schema"].items()}


def _today(keys_then: set[str], version: int) -> set[str]:
    """Keys of a version's files at today's names: a replaced key at the rule key holding its new key."""
    rule = [k.path for k in keys() if k.path not in META_KEYS]
    moved = {old: new for later in range(version + 1, SCHEMA_VERSION + 1) for old, new in RENAMED.get(later, {}).items()}
    out: set[str] = set()
    for key in set(keys_then) - set(dropped(version)):
        for target in moved.get(key, (key,)):
            out |= {r for r in rule if target == r or target.startswith(f"{r}.")}
    return out


def test_every_rule_key_is_in_each_versions_first_files_or_added_with_what_they_played() -> None:
    """A key added to a schema version, in it or by a later one, must say what the files written without it played."""
    first = _first_files()
    assert set(first) == set(range(1, SCHEMA_VERSION + 1)), "schema_keys.toml needs the keys of each version's first files (make_fixtures.py)"
    rule = {k.path for k in keys() if k.path not in META_KEYS}
    for version, given in first.items():
        at_today = _today(given, version)
        for key in sorted(rule - at_today):
            added = _added_at(key)
            assert added is not None and added.lacked_by(version), (
                f"{key}: schema-{version} files were written without it; add it to canasta.variants.upgrade.ADDED "
                "with the value those files played (what the engine did before the key existed)"
            )
        for added in ADDED:
            if added.lacked_by(version):
                assert added.key not in at_today, f"{added.key}: the first schema-{version} files gave it, so ADDED must not say they lack it"
            else:
                assert added.key in at_today or added.version < version, f"{added.key}: the first schema-{version} files lack it"


def test_each_added_key_is_a_rule_key_and_its_played_value_loads() -> None:
    rule = {k.path for k in keys() if k.path not in META_KEYS}
    assert len({a.key for a in ADDED}) == len(ADDED)
    for added in ADDED:
        assert added.key in rule, added.key
        assert added.before and added.commit
    base = tomllib.loads(canasta.dumps_variant(canasta.Variant()))
    for added in ADDED:
        node = base
        *parents, last = added.key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = added.played
    import tomli_w

    canasta.loads_variant(tomli_w.dumps(base))


def test_a_complete_file_of_each_version_is_given_exactly_the_keys_it_may_lack() -> None:
    """Each version's lacked keys are filled at their played values, and each is cited with what those files played."""
    complete = tomllib.loads(canasta.dumps_variant(canasta.Variant()))
    import tomli_w

    for version in range(1, SCHEMA_VERSION + 1):
        data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in complete.items()}
        for added in lacked(version):
            section, _, rest = added.key.partition(".")
            table = data[section] = dict(data[section])
            head, _, last = rest.rpartition(".")
            if head:
                table[head] = dict(table[head])
                table = table[head]
            table.pop(last, None)
        data["schema_version"] = version
        if version == 1:
            bonus = data["canastas"] = dict(data["canastas"])
            for kind, old in (("natural", "natural_bonus"), ("mixed", "mixed_bonus"), ("wild", "wild_canasta_bonus"), ("pure_wild", "pure_wild_canasta_bonus")):
                bonus[old] = bonus["bonus"][kind]
            del bonus["bonus"]
        loaded = canasta.loads_variant(tomli_w.dumps(data))
        again = tomllib.loads(canasta.dumps_variant(loaded))
        for added in lacked(version):
            node: Any = again
            for part in added.key.split("."):
                node = node.get(part, {}) if isinstance(node, dict) else None
            assert node == added.played, f"schema {version}: {added.key}"
            assert added.before in loaded.citations[added.key]


@pytest.mark.parametrize("key", sorted(dropped(1)))
def test_a_dropped_key_loads_at_the_value_every_engine_played_and_is_refused_at_another(key: str) -> None:
    """The first commit's three keys: at the only value an engine ever played they load (and go); at another, the key is named."""
    text = (HERE / "b1160ee" / "profiles" / "default.toml").read_text(encoding="utf-8")
    last = key.rpartition(".")[2]
    assert f"{last} = true" in text
    assert canasta.loads_variant(text) == canasta.loads_variant(text.replace(f"{last} = true\n", ""))
    with pytest.raises(canasta.VariantError) as info:
        canasta.loads_variant(text.replace(f"{last} = true", f"{last} = false"))
    (problem,) = info.value.problems
    assert problem.path == key and "dropped from schema version 1" in problem.message and "false cannot be played" in problem.message
