"""Views and observations are bit for bit those of the main the speed work started from (issue 21, deliver 1).

The digests in ``tests/golden/views/digests.toml`` were written by
``tests/view_digests.py`` before the views were rebuilt in compiled code; the
compiled and the pure build must both give them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from view_digests import TABLES, digests

GOLDEN = tomllib.loads((Path(__file__).parent / "golden" / "views" / "digests.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("variant", "players"), TABLES, ids=[f"{v}-{p}" for v, p in TABLES])
def test_views_and_observations_are_unchanged(variant: str, players: int) -> None:
    seen, encoded = digests(variant, players)
    expected = GOLDEN[f"{variant}-{players}"]
    assert seen == expected["views"], "a seat's view differs from the golden one (repr)"
    assert encoded == expected["observations"], "an observation vector differs from the golden one"
