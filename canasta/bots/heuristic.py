"""HeuristicBot: sensible play under any profile, from one seat's view and the legal actions.

The bot reads every rule it uses from ``view.rules``, the very
:class:`~canasta.TableRules` the engine plays by, and never names a
federation; it goes out by the engine's own search
(:func:`canasta.core.going_out.going_out_plan`). Each
decision is a fresh, pure function of the view and the bot's seed: no memory
of earlier calls, so the same seed and view always give the same action, and
one bot object may play several seats. It only ever returns one of the legal
actions it is given.

How it decides, by phase (docs/bots.md says the same in prose):

* **Red threes**, where laying them is a choice (004 L160): laid at once,
  before anything else; a kept one scores nothing and costs
  ``red_threes.unmelded_penalty`` at the end.

* **Answer** "may I go out?" (000 UTGÅNG 1, 001 §23 A): yes when its side is
  ahead on the table this hand, or when the going-out bonus plus the
  opponents' cards outweigh the points in its own hand.
* **Draw**: take the pile when it pays. Before the side has opened, only when
  the top card, the pair and the hand reach the opening minimum (pile cards
  other than the top card never count, 000 ATT TA HÖGEN 4). After it, a take
  that spends no wild card always pays; one that spends a wild card needs a
  pile of some size. At the end of the stock it declines a pile it cannot use.
* **Meld**: go out when the hand allows it, asking the partner first where
  the profile has the question; else open (several melds in one turn, each a
  separate action, 001 §13 B), taking back an opening it cannot finish
  (001 §27 A•2); else add naturals to the side's melds, lay new natural
  melds, and spend wild cards only to complete a canasta (or when the
  opponents are about to go out, so they are not caught in hand).
* **Discard**: the cheapest card by :func:`canasta.bots.evaluate.discard_cost`:
  black threes and cards the next opponent cannot use first; a wild card to
  freeze a big pile; never a card the next opponent's side has melded while
  the pile is open, if a safer card exists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .base import bot_seed
from .heuristic_play import MASK, decide, mix

if TYPE_CHECKING:
    from canasta.core.actions import Action
    from canasta.core.views import PlayerView


class HeuristicBot:
    """Plays sensibly under any profile; see the module docstring for how it decides.

    ``seed`` fixes the tie-breaks between equally good choices (None picks
    one at random); it follows :func:`~canasta.bots.base.bot_seed`, the rule
    of every bot: an int (numpy integers too) from -2**63 to 2**63 - 1, or
    None, else :class:`canasta.ArgumentError`. A decision depends only on the
    seed and the view.
    """

    __slots__ = ("_salt", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = bot_seed(seed, "HeuristicBot")
        """The seed the bot was made with, as :func:`~canasta.bots.base.bot_seed` read it (None: a seed at random)."""
        self._salt = mix((self.seed if self.seed is not None else random.randrange(1 << 63)) & MASK)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    # -- entry point -------------------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the seat of ``view``.

        Raises :class:`canasta.ArgumentError` if ``view`` is not a view,
        ``legal`` is not a non-empty list or tuple of well-formed actions
        (:func:`~canasta.bots.base.check_choice`; every entry is read).
        """
        return decide(self._salt, view, legal)


__all__ = ["HeuristicBot"]
