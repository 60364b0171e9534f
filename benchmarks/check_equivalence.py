"""Guard for the fast paths of ``legal_actions``: it must list exactly the actions ``check`` accepts.

For every bundled profile (and the default profile), every player count it
supports and a few seeds, random play runs through the first hands; at every
decision the fast list is compared, as a set, with ``check`` run over every
candidate action: each meld shape a hand of that profile could hold, every
take form (also malformed ones), every discard, every special hand and every
simple action. Half the decisions prefer a take, a meld or a special hand, so
play reaches openings, canastas, going out and the family's rules.

Run ``python benchmarks/check_equivalence.py`` (a few minutes; ``--quick``: seconds).
Prints ``equivalent`` or stops at the first difference.
"""

from __future__ import annotations

import argparse
import random
import sys

import attrs

import canasta
from canasta.core import legality
from canasta.core.actions import (
    ASK,
    DECLINE,
    DRAW,
    LAY,
    NO,
    RETRACT,
    YES,
    Action,
    Meld,
    ShowSpecialHand,
    TakePile,
    discard,
    meld,
    show,
    take,
)
from canasta.core.game import Game
from canasta.core.table import TableRules

_TAKE_SHAPES = ((0, 0, 0), (2, 0, 0), (1, 1, 0), (1, 0, 1), (3, 0, 0), (2, 1, 0))
"""The four legal take forms and two malformed ones."""


def candidates(rules: TableRules) -> list[Action]:
    """Every action worth asking ``check`` about at a table with these rules."""
    most = 4 * rules.decks
    melds = [
        meld(rank, n, t, j)
        for rank in range(14)
        for n in range(most + 1)
        for t in range(most + 1)
        for j in range(rules.jokers + 1)
        if n + t + j
    ]
    takes = [take(*shape, top) for shape in _TAKE_SHAPES for top in (False, True)]
    discards = [discard(rank) for rank in [*range(13), 52]]
    shows = [show(hand[0]) for hand in rules.special_hands]
    return [*melds, *takes, *discards, *shows, DRAW, ASK, RETRACT, DECLINE, YES, NO, LAY]


def run(seeds: int, hands: int) -> int:
    """Compare at every decision; return the number of decisions compared."""
    variants = [canasta.Variant()] + [canasta.load_variant(name) for name in canasta.variant_names()]
    regency = canasta.load_variant("regency")  # red threes kept in hand (004 L160), a house rule no bundled profile sets
    variants.append(attrs.evolve(regency, name="regency-kept", red_threes=attrs.evolve(regency.red_threes, may_keep_in_hand=True)))
    compared = 0
    for variant in variants:
        for players in variant.player_counts:
            pool = candidates(TableRules(variant, players))
            for seed in range(seeds):
                g = Game(variant, players=players, seed=seed)
                rng = random.Random(seed)
                while not g.is_over and g.hand_number <= hands:
                    fast = set(g.legal_actions())
                    st = g.state
                    slow = {a for a in pool if legality.check(st, a) is None}
                    if fast != slow:
                        print(f"DIFFERENT: {variant.name}, {players} players, seed {seed}, hand {g.hand_number}")
                        print("  listed but refused by check:", sorted(map(str, fast - slow)))
                        print("  accepted by check but not listed:", sorted(map(str, slow - fast)))
                        raise SystemExit(1)
                    compared += 1
                    g.apply(choose(sorted(fast, key=str), rng))
    return compared


def choose(legal: list[Action], rng: random.Random) -> Action:
    """Half the time any legal action; else one that takes the pile, melds or shows a hand if there is one, to reach openings, canastas and going out."""
    if rng.random() < 0.5:
        return rng.choice(legal)
    keen = [a for a in legal if isinstance(a, (TakePile, Meld, ShowSpecialHand))]
    return rng.choice(keen or legal)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="legal_actions() against check() over every candidate action")
    p.add_argument("--seeds", type=int, default=6, help="matches per profile and player count (default 6)")
    p.add_argument("--hands", type=int, default=3, help="hands played of each match (default 3)")
    p.add_argument("--quick", action="store_true", help="one seed, one hand")
    args = p.parse_args(argv)
    seeds, hands = (1, 1) if args.quick else (args.seeds, args.hands)
    compared = run(seeds, hands)
    print(f"equivalent ({compared} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
