"""The words players use for the family's mechanisms: a gloss beside the engine's names, kept in one table.

The engine names a rule for what it does, never for a variant (a reserve
pile, not a talon). Players of each game have their own words for the same
mechanisms; :data:`GLOSSARY` lists them, from the family digests, and the
statement of the rules (:mod:`canasta.variants.statement`) and
docs/family.md show them beside the mechanism's name.
"""

from __future__ import annotations

import attrs

__all__ = ["GLOSSARY", "Gloss", "Word", "called", "gloss_text", "glossary_markdown"]


@attrs.frozen(kw_only=True)
class Word:
    """A word players of one game use for a mechanism, and where it is written down."""

    word: str
    """The word, as players say it (``talon``)."""
    game: str
    """The game whose players say it (``Modern American``)."""
    source: str
    """The family digest's sources for it (``WCA; CJT``)."""


@attrs.frozen(kw_only=True)
class Gloss:
    """The words players use for one mechanism, shown beside the mechanism's name (which stays the engine's)."""

    mechanism: str
    """The engine's name of the mechanism, as the rules say it (``reserve pile``)."""
    key: str
    """The profile key (or section) that sets the mechanism (``reserve.sizes``)."""
    words: tuple[Word, ...]
    """What players call it, game by game."""

    def text(self) -> str:
        """The gloss as the rules show it: ``("talon", "bonus cards": Modern American; "foot": Hand and Foot)``."""
        games: dict[str, list[str]] = {}
        for w in self.words:
            games.setdefault(w.game, []).append(f'"{w.word}"')
        return "(" + "; ".join(f"{', '.join(words)}: {game}" for game, words in games.items()) + ")"


_MA = "Modern American"

GLOSSARY: tuple[Gloss, ...] = (
    Gloss(
        mechanism="reserve pile",
        key="reserve.sizes",
        words=(
            Word(word="talon", game=_MA, source='WCA "This is called a Talon"; CJT'),
            Word(word="bonus cards", game=_MA, source='CJT; PMIR "Bonus cards, wings and talons"'),
            Word(word="foot", game="Hand and Foot", source="RVI; GOCC; DNX"),
            Word(word="morto", game="Buraco", source="PGT; GV"),
        ),
    ),
    Gloss(
        mechanism="the last cards of the stock, where no reserve pile is given",
        key="reserve.min_stock",
        words=(Word(word="turn card", game=_MA, source='WCA "Rules and Play"; CJT; HON rule 5'),),
    ),
    Gloss(
        mechanism="ranks not discarded onto an empty pile",
        key="discards.not_on_empty_pile",
        words=(Word(word="SWAD (sevens, wilds, aces, dead cards)", game=_MA, source="EBB §2.3 (CLA); CJ"),),
    ),
    Gloss(
        mechanism="dead rank",
        key="melds.dead_after_canasta",
        words=(Word(word="dead cards", game=_MA, source='CJ "No Dead Cards"; EBB §2.3'),),
    ),
    Gloss(
        mechanism="natural meld of the opening",
        key="initial_meld.natural_meld_size",
        words=(Word(word="clean triple", game=_MA, source='WCA "INITIAL MELD"; EBB §2.6'),),
    ),
    Gloss(
        mechanism="wild cards after the opening",
        key="melds.wilds_after_opening_min_naturals",
        words=(Word(word="rule of five", game=_MA, source='CCN "Wild Cards"; HON rule 3'),),
    ),
    Gloss(
        mechanism="a discarded black three blocks the next player",
        key="black_threes.discard",
        words=(Word(word="stop card", game="classic Canasta, Hand and Foot", source="family matrix; FEU; NWP"),),
    ),
    Gloss(
        mechanism="natural canasta",
        key="canastas.bonus.natural",
        words=(Word(word="clean", game="Hand and Foot", source="RVI; GOCC; DNX"),),
    ),
    Gloss(
        mechanism="mixed canasta",
        key="canastas.bonus.mixed",
        words=(Word(word="dirty", game="Hand and Foot, Modern American", source='RVI; GOCC; DNX; WCA "INITIAL MELD"'),),
    ),
)
"""The words players use for the mechanisms, from the family digests; the one table the rules and docs/family.md read."""

_GLOSS = {g.key: g for g in GLOSSARY}


def gloss_text(key: str) -> str:
    """The players' words for the mechanism of profile key ``key``, as the rules show them, or an empty string."""
    gloss = _GLOSS.get(key)
    return gloss.text() if gloss is not None else ""


def called(name: str, key: str) -> str:
    """``name`` with the players' words for the mechanism of ``key`` beside it."""
    gloss = _GLOSS.get(key)
    return f"{name} {gloss.text()}" if gloss is not None else name


def glossary_markdown() -> str:
    """The glossary as a Markdown table (docs/family.md): mechanism, profile key, the players' words, game and source."""
    rows = ["| the engine's name | profile key | players' word | game | source |", "|---|---|---|---|---|"]
    for gloss in GLOSSARY:
        for w in gloss.words:
            rows.append(f"| {gloss.mechanism} | `{gloss.key}` | {w.word} | {w.game} | {w.source} |")
    return "\n".join(rows)
