"""Long random-play soak over every bundled profile and player count.

Plays whole matches with uniformly random legal actions and checks, at every
hand end, that every card of the deck is in exactly one place; any dead end
(no legal action before the end) or exception stops it. A match is cut after
``MATCH_HANDS`` hands: under random play a profile whose points are mostly
penalties (Modern American) never reaches its target. Run it as
``python benchmarks/soak.py``; about 2,000 hands per profile take under a minute.
"""

import collections
import random
import time

import canasta
from canasta.core.cards import build_deck
from canasta.core.events import HandEnded

MATCH_HANDS = 40
"""The most hands a soak match is played for."""

t0 = time.time()
for name in canasta.variant_names():
    v = canasta.load_variant(name)
    for players in v.player_counts:
        hands = 0
        seed = 0
        rng = random.Random(name)
        while hands < 2000 // len(v.player_counts) * (2 if players == 4 else 1):
            g = canasta.Game(v, players=players, seed=seed)
            seed += 1
            deck = collections.Counter(build_deck(g.state.rules.decks, g.state.rules.jokers))
            while not g.is_over and g.hand_number <= MATCH_HANDS:
                legal = g.legal_actions()
                assert legal, (name, players, seed)
                ev = g.apply(rng.choice(legal))
                if any(isinstance(e, HandEnded) for e in ev):
                    hands += 1
                    if not g.is_over:
                        assert g.state.census() == deck
        print(name, players, hands, "hands ok", round(time.time() - t0), "s", flush=True)
