"""The schema's sections by how much of play they decide: the order in which a diff shows what two profiles change.

A rule that decides when a hand may end (going out) shapes every turn of it; a
rule of the opening decides when a side enters the game; the pile is fought
over every turn, and the melds and canastas are built from it; scoring and the
threes decide what a hand is worth; the deal, the reserve piles, the end of the
stock and the match matter less often or only at the edges of a hand. The
penalties (topics O) and the keys marked ``procedural`` in the schema (who
deals, who cuts, looking through the pile: decisions P34, P33) are procedure:
a table settles them, the engine does not play them. The metadata (name,
title, description, sources) describe a profile and set no rule.

The order is declared once, here, on the schema's sections
(:data:`~canasta.variants.schema.SECTIONS`); a key's topic is its section's.
The table checks itself when the module is imported: every section in
exactly one topic.
"""

from __future__ import annotations

import functools

import attrs

from .enums import Choice
from .reference import KeyInfo, keys
from .schema import META_KEYS, SECTIONS


class RuleGroup(Choice):
    """What kind of key a difference is: a rule of play, procedure, or a description of the profile."""

    PLAY = "play"
    """A rule the engine plays by: it changes what the players may do or what a hand scores."""
    PROCEDURE = "procedure"
    """A penalty for an irregularity, or a procedure the engine does not play (who deals, who cuts)."""
    METADATA = "metadata"
    """A description of the profile (name, title, description, sources, schema version), not a rule."""


@attrs.frozen(kw_only=True)
class Topic:
    """One topic of the game: the schema sections it holds, and whether its rules are play or procedure."""

    title: str
    """What a player calls it, in a sentence: ``going out``, ``the pile``."""
    sections: tuple[str, ...]
    """The schema's sections (:data:`~canasta.variants.schema.SECTIONS`) it holds, in schema order."""
    group: RuleGroup = RuleGroup.PLAY
    """Whether its rules are play or procedure."""


TOPICS: tuple[Topic, ...] = (
    Topic(title="going out", sections=("going_out", "concealed_going_out")),
    Topic(title="the opening", sections=("initial_meld",)),
    Topic(title="the pile", sections=("upcard", "discard_pile", "discards")),
    Topic(title="melds and canastas", sections=("melds", "ranks", "canastas")),
    Topic(title="scoring", sections=("scoring",)),
    Topic(title="red and black threes", sections=("red_threes", "black_threes")),
    Topic(title="the deal and the turn", sections=("deal", "turn")),
    Topic(title="reserve piles", sections=("reserve",)),
    Topic(title="the end of the stock", sections=("end_of_stock",)),
    Topic(title="the match", sections=("match",)),
    Topic(title="penalties", sections=("penalties",), group=RuleGroup.PROCEDURE),
)
"""The topics, the one that decides most play first; the order a diff lists the rules that change play in."""

PROFILE = Topic(title="the profile", sections=(), group=RuleGroup.METADATA)
"""The topic of the metadata keys (:data:`~canasta.variants.schema.META_KEYS`)."""


def _check() -> None:
    """Every section of the schema in exactly one topic, and no topic naming a section the schema lacks."""
    listed = [s for t in TOPICS for s in t.sections]
    if sorted(listed) != sorted(SECTIONS):
        twice = sorted({s for s in listed if listed.count(s) > 1})
        missing = sorted(set(SECTIONS) - set(listed))
        unknown = sorted(set(listed) - set(SECTIONS))
        raise TypeError(f"TOPICS must hold every schema section once: twice {twice}, missing {missing}, unknown {unknown}")


_check()


@functools.cache
def _key_infos() -> dict[str, KeyInfo]:
    return {k.path: k for k in keys()}


def key_info(key: str) -> KeyInfo | None:
    """The schema key a dotted key belongs to: ``going_out.canastas_required.4`` is ``going_out.canastas_required``'s."""
    infos = _key_infos()
    while key and key not in infos:
        key = key.rpartition(".")[0]
    return infos.get(key)


def topic_of(key: str) -> Topic:
    """The topic of a dotted key, by its section; the metadata keys are :data:`PROFILE`'s."""
    section = key.partition(".")[0]
    if section in META_KEYS:
        return PROFILE
    for topic in TOPICS:
        if section in topic.sections:
            return topic
    raise KeyError(key)


def group_of(key: str) -> RuleGroup:
    """Whether a dotted key is a rule of play, procedure (its topic's, or its field marked ``procedural``) or metadata."""
    topic = topic_of(key)
    info = key_info(key)
    if topic.group is RuleGroup.PLAY and info is not None and info.procedural:
        return RuleGroup.PROCEDURE
    return topic.group


def rank_of(key: str) -> tuple[int, int]:
    """Where a dotted key comes in a diff: play, then procedure, then metadata; within play, its topic's place in :data:`TOPICS`."""
    group = group_of(key)
    order = list(RuleGroup).index(group)
    topic = topic_of(key)
    return (order, TOPICS.index(topic) if group is RuleGroup.PLAY else 0)


__all__ = ["PROFILE", "TOPICS", "RuleGroup", "Topic", "group_of", "key_info", "rank_of", "topic_of"]
