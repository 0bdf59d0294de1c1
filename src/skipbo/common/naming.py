"""Names of classes as a user imports them, for messages that name a class.

Both games define classes of the same names (``GameState``, ``GameRecord``, ...), so
a message says which: ``skipbo.skyjo.GameRecord``, not ``GameRecord``.

>>> import skipbo
>>> from skipbo import skyjo
>>> public_name(skyjo.GameRecord), public_name(skipbo.GameState)
('skipbo.skyjo.GameRecord', 'skipbo.GameState')
>>> type_name(skyjo.Draw()), type_name({})
('skipbo.skyjo.Draw', 'dict')
"""

from __future__ import annotations

import sys

__all__ = ["public_name", "type_name"]


def public_name(kind: type) -> str:
    """The shortest dotted name ``kind`` is exported under (``skipbo.skyjo.Rules``).

    A game's facade (``skipbo.skyjo`` for ``skipbo.games.skyjo``) counts first; a
    built-in type is its bare name (``str``).
    """
    if kind.__module__ == "builtins":
        return kind.__qualname__
    parts = kind.__module__.split(".")
    candidates = [".".join(parts[:end]) for end in range(1, len(parts) + 1)]
    if parts[:2] == ["skipbo", "games"] and len(parts) > 2:
        candidates.insert(1, f"skipbo.{parts[2]}")
    for module in candidates:
        if getattr(sys.modules.get(module), kind.__qualname__, None) is kind:
            return f"{module}.{kind.__qualname__}"
    return f"{kind.__module__}.{kind.__qualname__}"


def type_name(value: object) -> str:
    """The public name of the type of ``value`` (see :func:`public_name`)."""
    return public_name(type(value))
