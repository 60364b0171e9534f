"""The error a bad variant profile raises, listing every problem with its key path."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from canasta.core.errors import CanastaError


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong with a profile.

    ``path`` is the dotted key path (``going_out.canastas_required.4``), or empty
    for a problem with the file as a whole. ``source`` names the file or bundled
    profile the problem was found in.
    """

    path: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.path}: {self.message}" if self.path else f"{where}{self.message}"


class VariantError(CanastaError):
    """A profile could not be loaded. ``problems`` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(self._text())

    def _text(self) -> str:
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the variant profile:"
        return "\n".join([head, *(f"  - {p}" for p in self.problems)])
