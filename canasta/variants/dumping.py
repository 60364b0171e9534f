"""Writing a profile back to TOML (through tomli-w), with its citations as comments."""

from __future__ import annotations

import tomli_w

from canasta.errors import ArgumentError, shown_value

from .citations import add_citations
from .converter import unstructure_variant
from .schema import Variant


def dumps_variant(variant: Variant) -> str:
    """The profile as TOML text that :func:`canasta.load_variant` reads back to an equal profile.

    Every value keeps its source citation as a trailing comment. Anything but a
    :class:`Variant` raises :class:`canasta.ArgumentError`.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError(f"dumps_variant(...): expected a Variant (canasta.load_variant(name or file)), got {shown_value(variant)}")
    return add_citations(tomli_w.dumps(unstructure_variant(variant)), variant.citations)
