"""Digests of HeuristicBot's decisions over seeded matches, so a change that makes the bot faster cannot change a decision unseen.

The fast HeuristicBot must decide the same actions as the one it replaced,
decision for decision: ``tests/golden/bots/decisions.toml`` holds the digests
of the bot before it was compiled, and ``tests/test_bot_decisions_golden.py``
compares. Regenerate (only for a deliberate change of the bot's play) with::

    python tests/bot_digests.py > tests/golden/bots/decisions.toml
"""

from __future__ import annotations

import hashlib

from view_digests import TABLES

import canasta
from canasta.bots import HeuristicBot, RandomBot

SEEDS = range(4)
DECISIONS = 700
"""Decisions played per seed (several hands of a match)."""


def digest(variant: str, players: int) -> str:
    """The hex digest of every decision (seat and action text) of HeuristicBots, with a RandomBot at seat 1 on odd seeds, over seeded matches."""
    out = hashlib.sha256()
    for seed in SEEDS:
        game = canasta.Game(variant, players=players, seed=seed)
        bots = [RandomBot(seed=seed) if seed % 2 and seat == 1 else HeuristicBot(seed=seed * 10 + seat) for seat in range(players)]
        for _ in range(DECISIONS):
            if game.is_over:
                break
            seat = game.current_player
            view = game.view(seat)
            action = bots[seat].choose(view, view.legal_actions)
            out.update(f"{seat} {action}\n".encode())
            game.apply(action)
    return out.hexdigest()


def main() -> None:
    print("# Digests of HeuristicBot's decisions over seeded matches; see tests/bot_digests.py.")
    for variant, players in TABLES:
        print(f'\n["{variant}-{players}"]\ndecisions = "{digest(variant, players)}"')


if __name__ == "__main__":
    main()
