"""Objects a stranger might hand the library: every method a careless library might call raises.

Shared by the tests of the promise that nothing raises outside the library's
own errors (docs/errors.md): a message must never ``repr`` them, a look-up
never hash or compare them, a check never take their ``__index__``, length or
items on trust.
"""

from __future__ import annotations


class Hostile:
    """An object whose every dunder raises, and so does looking up any attribute it does not have."""

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __str__(self) -> str:
        raise RuntimeError("str")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __index__(self) -> int:
        raise RuntimeError("index")

    def __len__(self) -> int:
        raise RuntimeError("len")

    def __iter__(self) -> object:
        raise RuntimeError("iter")

    def __getattr__(self, name: str) -> object:
        raise RuntimeError(name)


class HostileText(str):
    """Text whose own methods raise: the library must read it as the plain text it holds."""

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __str__(self) -> str:
        raise RuntimeError("str")
