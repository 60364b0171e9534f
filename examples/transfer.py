"""Train a tiny policy under one profile, evaluate it under another (docs/rl.md; a few seconds).

    python examples/transfer.py --train finnish --test swedish-club --hands 150

The policy is a softmax over the legal actions with one learned preference
per action *kind* (``draw``, ``take``, ``meld``, ``discard``, ``ask`` ...): kinds
mean the same under every profile, where action indices do not. It learns by
REINFORCE from the PettingZoo environment's end-of-hand rewards, playing
every seat, then plays seat 0's side against uniform random play under the
other profile.
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np

from canasta.core.actions import Action
from canasta.integrations.pettingzoo import raw_env


def kind(action: Action) -> str:
    """The action's kind: its first word, with ``meld`` split by whether it adds wild cards."""
    word = action.text().split()[0]
    if word == "meld":
        return "meld+wild" if " t" in action.text() or " j" in action.text() else "meld"
    return word


class KindPolicy:
    """Softmax over legal actions, one preference per kind."""

    def __init__(self) -> None:
        self.pref: dict[str, float] = {}

    def probabilities(self, actions: list[Action]) -> list[float]:
        z = [math.exp(self.pref.get(kind(a), 0.0)) for a in actions]
        total = sum(z)
        return [x / total for x in z]

    def choose(self, actions: list[Action], rng: random.Random) -> int:
        return rng.choices(range(len(actions)), weights=self.probabilities(actions))[0]


def play_hand(
    env: raw_env, policy: KindPolicy, learners: set[int], rng: random.Random, seed: int
) -> tuple[list[float], list[tuple[int, list[Action], int]]]:
    """One hand; seats in ``learners`` use the policy, the others play at random. Returns each seat's reward and the learners' choices."""
    env.reset(seed=seed)
    space = env.action_encoding
    taken: list[tuple[int, list[Action], int]] = []
    reward = [0.0] * env.players
    for agent in env.agent_iter():
        obs, r, terminated, _, _ = env.last()
        seat = int(agent.split("_")[1])
        reward[seat] += r
        if terminated:
            env.step(None)
            continue
        actions = [space.actions[i] for i in np.flatnonzero(obs["action_mask"])]
        i = policy.choose(actions, rng) if seat in learners else rng.randrange(len(actions))
        if seat in learners:
            taken.append((seat, actions, i))
        env.step(space.action_to_index(actions[i]))
    return reward, taken


def train(variant: str, players: int, hands: int, seed: int, rate: float = 0.01) -> KindPolicy:
    """REINFORCE with the hand's reward as the return, every seat learning, a running mean as baseline."""
    env = raw_env(variant=variant, players=players)
    policy, rng, baseline = KindPolicy(), random.Random(seed), 0.0
    for h in range(hands):
        reward, taken = play_hand(env, policy, set(range(players)), rng, seed + h)
        for seat, actions, i in taken:
            advantage = reward[seat] - baseline
            probs = policy.probabilities(actions)
            for a, p in zip(actions, probs, strict=True):
                k = kind(a)
                policy.pref[k] = policy.pref.get(k, 0.0) + rate * advantage * ((a is actions[i]) - p)
        baseline = 0.9 * baseline + 0.1 * (sum(abs(x) for x in reward) / players)
    return policy


def evaluate(policy: KindPolicy, variant: str, players: int, hands: int, seed: int) -> float:
    """Mean reward of seat 0's side (the policy) against uniform random play."""
    env = raw_env(variant=variant, players=players)
    rng = random.Random(seed)
    learners = {s for s in range(players) if s % 2 == 0}
    return sum(play_hand(env, policy, learners, rng, 10**6 + seed + h)[0][0] for h in range(hands)) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train", default="finnish")
    parser.add_argument("--test", default="swedish-club")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=150, help="training hands")
    parser.add_argument("--eval-hands", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    policy = train(args.train, args.players, args.hands, args.seed)
    print(f"trained under {args.train} for {args.hands} hands; preferences:")
    for k, v in sorted(policy.pref.items(), key=lambda kv: -kv[1]):
        print(f"  {k:<10} {v:+.2f}")
    untrained = evaluate(KindPolicy(), args.test, args.players, args.eval_hands, args.seed)
    trained = evaluate(policy, args.test, args.players, args.eval_hands, args.seed)
    print(f"under {args.test}, seat 0's side vs random, mean reward per hand (hundreds of points):")
    print(f"  untrained (uniform) {untrained:+.2f}   trained under {args.train} {trained:+.2f}")


if __name__ == "__main__":
    main()
