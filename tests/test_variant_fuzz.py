"""Property tests of profile loading, after python-chess's notation round-trip fuzzing.

(a) Any valid profile survives dumps_variant -> loads_variant unchanged, citations
included. (b) Any text made by breaking a valid profile either loads or raises
VariantError with key paths; never any other exception. Run harder with
``pytest --hypothesis-profile=ci``.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, note, settings
from strategies import mutated_profiles, variants

from canasta import Variant, VariantError, dumps_variant, load_variant, loads_variant
from canasta.variants import check_variant

# --- (a) valid profiles round-trip --------------------------------------------------------


@given(variants())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_valid_profiles_round_trip_through_toml(variant: Variant) -> None:
    assert check_variant(variant) == []
    text = dumps_variant(variant)
    note(text)
    loaded = loads_variant(text)
    assert loaded == variant
    assert dict(loaded.citations) == dict(variant.citations)
    assert dumps_variant(loaded) == text


@given(variants(citations=False))
def test_valid_profiles_load_from_a_file(variant: Variant) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "profile.toml"
        path.write_text(dumps_variant(variant), encoding="utf-8")
        assert load_variant(path) == variant


# --- (b) broken profiles fail cleanly ---------------------------------------------------------


def _load_or_variant_error(text: str, *, base: Path | None = None) -> Variant | None:
    """Load the text; a VariantError is fine, any other exception fails the test and shows the text."""
    try:
        return loads_variant(text, base=base)
    except VariantError as exc:
        assert exc.problems, "a VariantError must list its problems"
        for problem in exc.problems:
            assert isinstance(problem.path, str) and problem.message, problem
        assert str(exc).startswith(f"{len(exc.problems)} problem")
        return None
    except Exception as exc:  # the property under test: nothing but VariantError escapes
        pytest.fail(f"{type(exc).__name__}: {exc}\n--- mutated text ---\n{text}\n--- end ---")


@given(mutated_profiles())
@example('extends = "a\\u0000b.toml"\n')  # a NUL in the parent's path
@example("extends = " + '"' + "x" * 5000 + '.toml"\n')  # a name too long for the file system
@example("a = " + "[" * 3000 + "]" * 3000 + "\n")  # tomllib recurses into nested arrays
@example("a." * 3000 + "b = 1\n")  # valid TOML nested 3000 tables deep
@example("[match]\ntarget = " + "1" * 5000 + "\n")  # past Python's int/str digit limit
@example('[deal]\nhand_size = { "²" = 11, "04" = 11 }\n')  # digits that str.isdigit() accepts
@example("[deal]\nsides = { 2 = 2, 3 = 3, 4 = 0, 6 = 3 }\n")  # a zero divisor in the side check
@example("[melds]\nmin_size = 1000000000000\n")  # validation must not loop over it
@example("[initial_meld]\nminimums = [1, 'x', 2.0, 4]\n")  # bad array entries, reported once each
@example('"a.b" = 1\n[deal]\n"x[0]" = 2\n')  # keys holding a dot or a bracket
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_broken_profiles_load_or_raise_variant_error(text: str) -> None:
    note(f"--- mutated text ---\n{text}\n--- end ---")
    variant = _load_or_variant_error(text)
    if variant is not None:  # whatever loads, dumps and loads back the same, citations included
        again = loads_variant(dumps_variant(variant))
        assert again == variant
        assert dict(again.citations) == dict(variant.citations)


@given(mutated_profiles())
@settings(suppress_health_check=[HealthCheck.too_slow])
def test_broken_parents_load_or_raise_variant_error(text: str) -> None:
    """The same from files: the broken text as a file, and as the parent of a house file that extends it."""
    note(f"--- mutated text ---\n{text}\n--- end ---")
    with tempfile.TemporaryDirectory() as folder:
        broken = Path(folder) / "shared" / "broken.toml"
        broken.parent.mkdir()
        broken.write_bytes(text.encode("utf-8", "surrogatepass"))
        top = Path(folder) / "club" / "top.toml"
        top.parent.mkdir()
        top.write_text('extends = "../shared/broken.toml"\n[match]\ntarget = 6000\n', encoding="utf-8")
        for path in (broken, top):
            try:
                load_variant(path)
            except VariantError as exc:
                assert exc.problems
                files = {broken.resolve(), top.resolve()}
                assert all(Path(p.source).resolve() in files or not p.source.endswith(".toml") for p in exc.problems), exc
            except Exception as exc:  # the property under test
                pytest.fail(f"{type(exc).__name__}: {exc}\n--- mutated text ---\n{text}\n--- end ---")


def test_every_truncation_of_a_profile_loads_or_raises_variant_error() -> None:
    """Cut the generic dump at every character: a VariantError or a profile, nothing else."""
    text = dumps_variant(Variant())
    for end in range(len(text)):
        _load_or_variant_error(text[:end])
