"""One outer layer's per-game entries, found from a game's rules: :class:`LayerRegistry`.

An outer layer (the pictures, the observations) is written once over what it needs of
a game, and each game supplies that in the layer's module named after the game
(:mod:`skipbo.pictures.skyjo`, :mod:`skipbo.observation.skyjo`), which registers it
for the game's rules type; the registry of the games themselves
(:func:`skipbo.common.game.register_game`) is one too. The layer's generic part then
finds the entry from a rules value alone and never imports a game.

A layer's package imports the modules of the games that come with skipbo, so that
importing the layer registers them; a game from elsewhere registers its entry when
its own module for that layer is imported.

>>> from skipbo.common.registry import LayerRegistry
>>> painters: LayerRegistry[str] = LayerRegistry("painter")
>>> class ToyRules: ...
>>> painters.register(ToyRules, "the toy's painter")
>>> painters.of(ToyRules())
"the toy's painter"
>>> painters.of(1.5)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
skipbo.errors.ArgumentTypeError: no painter is registered for rules of type float; ...
"""

from __future__ import annotations

from typing import Generic, TypeVar

from skipbo.errors import ArgumentTypeError

__all__ = ["LayerRegistry"]

EntryT = TypeVar("EntryT")


class LayerRegistry(Generic[EntryT]):
    """A layer's entries (a painter, an encoder) by the rules type of their game.

    Args:
        what: What an entry is, for messages (``"painter"``).

    """

    def __init__(self, what: str) -> None:
        self.what = what
        self._entries: dict[type, EntryT] = {}

    def register(self, rules_type: type, entry: EntryT) -> None:
        """Register ``entry`` as the layer's entry for the game of ``rules_type``.

        Registering the same entry again does nothing (a module may be imported twice).

        Raises:
            skipbo.errors.ArgumentTypeError: if ``rules_type`` is not a class.
            ValueError: if another entry is registered for ``rules_type``.

        """
        # The registry is global: a wrong key in it would break every later lookup.
        if not isinstance(rules_type, type):
            raise ArgumentTypeError(f"rules_type must be a class, not {type(rules_type).__name__}")
        known = self._entries.get(rules_type)
        if known is not None and known is not entry:
            raise ValueError(f"another {self.what} is registered for {rules_type.__qualname__}")
        self._entries[rules_type] = entry

    def find(self, rules_type: type) -> EntryT | None:
        """The entry registered for ``rules_type``, or ``None``."""
        return self._entries.get(rules_type)

    def copy(self) -> LayerRegistry[EntryT]:
        """A registry with the same entries, to register more in without changing this one."""
        copied: LayerRegistry[EntryT] = LayerRegistry(self.what)
        copied._entries = dict(self._entries)
        return copied

    def of(self, rules: object) -> EntryT:
        """The entry of the game whose rules ``rules`` are.

        Raises:
            skipbo.errors.ArgumentTypeError: (a ``TypeError``) if none is registered for
                the type of ``rules``; the message names the games that have one.

        """
        entry = self._entries.get(type(rules))
        if entry is None:
            raise ArgumentTypeError(
                f"no {self.what} is registered for rules of type {type(rules).__qualname__}; "
                f"the games with one are: {', '.join(self.games()) or 'none'}"
            )
        return entry

    def entries(self) -> dict[type, EntryT]:
        """Every entry by its game's rules type, in the order registered (a copy)."""
        return dict(self._entries)

    def games(self) -> tuple[str, ...]:
        """The short names of the games with an entry (a rules type's name if no game has it)."""
        # Imported here: the games' own registry (skipbo.common.game) is a LayerRegistry.
        from skipbo.common.game import registered_games

        games = registered_games()
        return tuple(
            games[kind].game_type.short_name if kind in games else kind.__qualname__
            for kind in self._entries
        )
