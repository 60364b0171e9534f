"""Fixed encodings of actions and views for learning agents (needs numpy: ``pip install 'canasta[pettingzoo]'`` or ``[openspiel]``).

:class:`ActionSpace` numbers every action the engine can list under a profile
and player count; :class:`ObservationSpace` turns a seat's
:class:`~canasta.core.views.PlayerView` into a fixed-size vector. Both are pure
functions of the profile and the view, so they see only what the seat may see.
``docs/rl.md`` documents the layouts. ``import canasta`` never imports this
package, so the core library stays free of numpy.
"""

from __future__ import annotations

from .actions import TAKE_FORMS, ActionSpace, resolve_variant
from .observation import CARD_CLASSES, CLASS_OF, MELD_FEATURES, MELD_SLOTS, Block, ObservationSpace, layout_table

__all__ = [
    "CARD_CLASSES",
    "CLASS_OF",
    "MELD_FEATURES",
    "MELD_SLOTS",
    "TAKE_FORMS",
    "ActionSpace",
    "Block",
    "ObservationSpace",
    "layout_table",
    "resolve_variant",
]
