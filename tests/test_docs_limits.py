"""The limits docs/house-rules.md states are the loader's own.

The page once said profile files are read "up to 4 MiB" in one place and
256 KiB in another, while the loader refuses anything over
``MAX_PROFILE_BYTES``. Every size, chain length and problem count the page gives
is checked here against the constant it describes.
"""

from __future__ import annotations

import re
from pathlib import Path

from canasta.variants import loading

PAGE = Path(__file__).resolve().parents[1] / "docs" / "house-rules.md"


def _text() -> str:
    return " ".join(PAGE.read_text(encoding="utf-8").split())


def test_every_file_size_on_the_page_is_the_profile_limit_or_the_bundled_size() -> None:
    limit = f"{loading.MAX_PROFILE_BYTES // 1024} KiB"
    sizes = set(re.findall(r"\b\d+ (?:[KMG]i?B|bytes)\b", _text()))
    assert limit in sizes
    assert sizes <= {limit, "16 KiB"}, sorted(sizes - {limit, "16 KiB"})
    assert all(len(path.read_bytes()) < 16 * 1024 for path in (PAGE.parents[1] / "variants").glob("*.toml")), "the page says bundled profiles are under 16 KiB"


def test_the_chain_length_and_problem_count_on_the_page_are_the_loaders() -> None:
    text = _text()
    assert f"up to **{loading.MAX_DEPTH} files** long" in text
    assert f"at most {loading.MAX_PROBLEMS} problems" in text
