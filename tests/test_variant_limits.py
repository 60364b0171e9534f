"""Profiles of any size and shape are answered quickly and completely: the work is bounded, every problem is listed.

The work of checking a profile is bounded by its size: a file over
``MAX_PROFILE_BYTES`` is refused unread, the "did you mean" search runs for a
bounded number of keys per table, and the checks that relate values look
problems up in sets. The tests count the work done (suggestion searches,
structuring passes), never the time it takes. A house file whose ``extends``
cannot be found still has its own keys checked, and every problem is listed
in the order of the file.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.variants import converter, loading


def _house(unknown: int, table: str = "deal") -> str:
    return f'extends = "finnish"\n[{table}]\n' + "".join(f"k{i} = {i}\n" for i in range(unknown))


def _searches(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[int, canasta.VariantError]:
    calls = 0
    real = difflib.get_close_matches

    def counting(*args: Any, **kwargs: Any) -> list[str]:
        nonlocal calls
        calls += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(converter.difflib, "get_close_matches", counting)
    with pytest.raises(canasta.VariantError) as raised:
        canasta.loads_variant(text)
    return calls, raised.value


@pytest.mark.parametrize("unknown", [100, 1000, 10_000])
def test_the_did_you_mean_search_is_bounded_however_many_unknown_keys(monkeypatch: pytest.MonkeyPatch, unknown: int) -> None:
    calls, error = _searches(monkeypatch, _house(unknown))
    assert calls <= 3 * converter.MAX_SUGGESTED
    assert len(error.problems) == min(unknown, loading.MAX_PROBLEMS) + (unknown > loading.MAX_PROBLEMS)
    if unknown > loading.MAX_PROBLEMS:
        assert error.problems[-1].message.startswith(f"and {unknown - loading.MAX_PROBLEMS:,} more problems")


def test_a_long_key_gets_no_search() -> None:
    assert converter._suggest(converter.Variant, "x" * 10_000, "") == ""


@pytest.mark.parametrize("make", [
    lambda n: _house(n),
    lambda n: 'extends = "finnish"\n[initial_meld]\nminimums = [' + ", ".join(["1"] * n) + "]\n",
    lambda n: 'extends = "finnish"\nname = "' + "x" * n + '"\n',
    lambda n: 'extends = "finnish"\n' + "".join(f"[t{i}]\na = 1\n" for i in range(n)),
    lambda n: "extends = " + "[" * 20 + "]" * 20 + "\n" + "#" * n,
])  # fmt: skip
def test_anything_over_the_size_limit_is_refused_unread(tmp_path: Path, make: Any) -> None:
    text = make(1)
    while len(text.encode()) <= loading.MAX_PROFILE_BYTES:
        text = make(len(text) * 2)
    with pytest.raises(canasta.VariantError, match="profiles over 262,144 bytes are refused"):
        canasta.loads_variant(text)
    path = tmp_path / "huge.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(canasta.VariantError, match="files over 262,144 bytes are refused"):
        canasta.load_variant(path)


def test_structuring_passes_do_not_grow_with_the_number_of_bad_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    passes: list[int] = []
    real = loading.structure_variant
    for unknown in (50, 5000):
        count = 0

        def counting(data: Any) -> Any:
            nonlocal count
            count += 1
            return real(data)

        monkeypatch.setattr(loading, "structure_variant", counting)
        with pytest.raises(canasta.VariantError):
            canasta.loads_variant(_house(unknown) + '[match]\ntarget = "x"\n')
        passes.append(count)
    assert passes[0] == passes[1]


# ---------------------------------------------------------------------------
# Item 9: every problem, in file order, even when extends cannot be resolved
# ---------------------------------------------------------------------------

OWN_MISTAKES = """
[deal]
jokerz = 6
hand_size = { 4 = "eleven" }

[match]
target = -5
tie = "coin"

[going_out]
bonuss = 100
"""
OWN_PATHS = ["deal.jokerz", "deal.hand_size.4", "match.target", "match.tie", "going_out.bonuss"]


@pytest.mark.parametrize(
    "extends",
    ['"regensy"', '"no-such-file.toml"', "7", '"."'],
    ids=["unknown-name", "missing-file", "not-a-string", "a-directory"],
)
def test_the_files_own_problems_are_reported_when_extends_cannot_be_resolved(extends: str) -> None:
    with pytest.raises(canasta.VariantError) as raised:
        canasta.loads_variant(f"extends = {extends}\n{OWN_MISTAKES}")
    paths = [p.path for p in raised.value.problems]
    assert paths[0] == "extends"
    assert paths[1:] == OWN_PATHS, paths


def test_a_cycle_also_reports_the_files_own_problems(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(f'extends = "b.toml"\n{OWN_MISTAKES}', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n', encoding="utf-8")
    with pytest.raises(canasta.VariantError) as raised:
        canasta.load_variant(tmp_path / "a.toml")
    paths = [p.path for p in raised.value.problems]
    assert "extends" in paths and [p for p in paths if p != "extends"] == OWN_PATHS


def test_problems_follow_the_file_order_when_the_parent_loads() -> None:
    text = 'extends = "regency"\n[match]\ntarget = "x"\n[deal]\njokerz = 1\n[melds]\nwild_limit = "halff"\n'
    with pytest.raises(canasta.VariantError) as raised:
        canasta.loads_variant(text)
    assert [p.path for p in raised.value.problems] == ["match.target", "deal.jokerz", "melds.wild_limit"]


# ---------------------------------------------------------------------------
# Item 1: a value that is no profile
# ---------------------------------------------------------------------------

HOSTILE = [None, 0, 2**70, 1.5, float("nan"), b"extends", [], {}, object()]


@pytest.mark.parametrize("value", HOSTILE, ids=repr)
def test_the_profile_functions_refuse_a_value_that_is_no_profile(value: object) -> None:
    for call in (canasta.loads_variant, canasta.dumps_variant, canasta.check_variant, canasta.load_variant):
        with pytest.raises(canasta.ArgumentError):
            call(value)  # type: ignore[arg-type]
    finnish = canasta.load_variant("finnish")
    with pytest.raises(canasta.ArgumentError):
        canasta.diff_variants(finnish, value)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["", "\0", "\ud800", "extends = '\ud800'", 'extends = "a\\u0000b.toml"'], ids=repr)
def test_odd_text_is_a_variant_error_that_can_be_printed(text: str) -> None:
    with pytest.raises(canasta.VariantError) as raised:
        canasta.loads_variant(text)
    str(raised.value).encode("utf-8")
