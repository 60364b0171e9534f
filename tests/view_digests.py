"""Digests of seats' views and observation vectors over seeded random play, so that a change of how views are built cannot change one unseen.

Kept only for ``tests/bot_digests.py`` (its TABLES) until that goes too.

The speed work on views and observations must leave them bit for bit as
they were: ``tests/golden/views/digests.toml`` holds the digests of the main
that work started from (2fa3e90's successor, with schema 2), and
``tests/test_view_golden.py`` compares. Regenerate (only for a deliberate
change of what a view or an observation holds) with::

    python tests/view_digests.py > tests/golden/views/digests.toml
"""

from __future__ import annotations

import hashlib
import random

import canasta
from canasta.encoding import ObservationSpace

TABLES = (
    ("finnish", 4),
    ("swedish-official", 6),
    ("swedish-club", 2),
    ("dutch", 4),
    ("regency", 5),
    ("regency", 3),
    ("rasche-house", 4),
    ("cuban", 4),
    ("modern-american", 4),
    ("uruguayan", 6),
)
"""Every bundled profile, at player counts from 2 to 6."""
SEEDS = range(3)
STEPS = 260
"""Actions played per seed (a hand and more, across a deal)."""
EVERY = 3
"""A view of every seat is taken every this many actions."""


def digests(variant: str, players: int) -> tuple[str, str]:
    """(views, observations): hex digests of every seat's ``repr(view)`` and observation bytes, every few actions of seeded random play."""
    views, observations = hashlib.sha256(), hashlib.sha256()
    space = ObservationSpace(variant, players)
    for seed in SEEDS:
        game = canasta.Game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(STEPS):
            if game.is_over:
                break
            if step % EVERY == 0:
                for seat in range(players):
                    view = game.view(seat)
                    views.update(repr(view).encode())
                    observations.update(space.encode(view).tobytes())
            game.apply(rng.choice(game.legal_actions()))
    return views.hexdigest(), observations.hexdigest()


def main() -> None:
    print("# Digests of views and observations over seeded random play; see tests/view_digests.py.")
    for variant, players in TABLES:
        seen, encoded = digests(variant, players)
        print(f'\n["{variant}-{players}"]\nviews = "{seen}"\nobservations = "{encoded}"')


if __name__ == "__main__":
    main()
