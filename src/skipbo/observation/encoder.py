"""What an agent framework needs of a game beyond its rules: :class:`Encoder`, found by rules.

The research adapters (the Gymnasium and PettingZoo environments of :mod:`skipbo.envs`)
are written once over the common game protocol (:mod:`skipbo.common.game`: deal, view,
apply, the seat to move, the winners, the bots) and a game's :class:`Encoder`: its
observation vector and text from a seat's view, its integer actions and their mask.
Each game registers its encoder with :func:`register_encoder` for its rules type, in
this layer's module named after the game (:mod:`skipbo.observation.skipbo`,
:mod:`skipbo.observation.skyjo`), which the package ``skipbo.observation`` imports; a game from
elsewhere registers its encoder when its own module is imported. :func:`encoder_of`
finds the encoder from a rules value. This module imports no game, and no NumPy.

>>> import skipbo
>>> from skipbo.observation.encoder import encoder_of
>>> encoder = encoder_of(skipbo.Rules(players=2))
>>> encoder.name, encoder.action_count(skipbo.Rules(players=2))
('Skip-Bo', 145)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from skipbo.common.game import game_of
from skipbo.common.registry import LayerRegistry
from skipbo.errors import ArgumentTypeError
from skipbo.observation.layout import ObservationLayout

__all__ = ["Encoder", "encoder_of", "encoders", "register_encoder"]

Observe = Callable[[Any, int], Any]
"""A function of (a state, a seat) giving that seat's observation array."""


def _never_truncated(state: Any) -> bool:
    """No game of the encoder is cut short."""
    return False


@attrs.frozen(kw_only=True)
class Encoder:
    """One game's observation and action space, as the environments need them.

    The arrays are NumPy ``float32`` vectors (an encoder imports NumPy only when one is
    made, as :func:`skipbo.observation.skipbo.observation_array` does).
    """

    name: str
    """The game's name, for messages (``"Skyjo"``)."""
    default_rules: Callable[[int], Any]
    """The game's rules for a number of players."""
    default_depth: int
    """The default depth of the observation (for card games: discard cards shown)."""
    layout: Callable[[Any, int], ObservationLayout]
    """The observation layout of (rules, depth)."""
    encode: Callable[[Any, int, int], Any]
    """The observation array of (the seat's view, the seat, depth)."""
    legal_mask: Callable[[Any], bytes]
    """The legal actions of the seat to move in a state: one byte (0/1) per action."""
    action_count: Callable[[Any], int]
    """The number of actions of the rules."""
    to_move: Callable[[Any, int], Any]
    """The move of an action index under the rules."""
    text: Callable[[Any, int], str]
    """The text observation of (the seat's view, the seat)."""
    truncated: Callable[[Any], bool] = _never_truncated
    """Whether an ended game was cut short (not decided); never, by default."""
    fast_tracker: Callable[[Any, int], Observe] | None = None
    """For (rules, depth), a faster :meth:`tracker` where the game has one (it may read
    the state directly, but only what the seat's view shows)."""

    def encode_state(self, state: Any, seat: int, depth: int) -> Any:
        """``seat``'s observation array of ``state``: :attr:`encode` of the seat's view."""
        return self.encode(game_of(state.rules).view(state, seat), seat, depth)

    def tracker(self, rules: Any, depth: int) -> Observe:
        """For ``rules`` and ``depth``, a function of (a state, a seat) giving its array.

        It serves one game's successive states and may return an array it rewrites
        later (the caller copies it). By default it keeps the last state's array of
        each seat (an environment asks twice in a row, this encodes once).
        """
        if self.fast_tracker is not None:
            return self.fast_tracker(rules, depth)
        last: dict[int, tuple[Any, Any]] = {}

        def observe(state: Any, seat: int) -> Any:
            known = last.get(seat)
            if known is None or known[0] is not state:
                known = last[seat] = (state, self.encode_state(state, seat, depth))
            return known[1]

        return observe


_ENCODERS: LayerRegistry[Encoder] = LayerRegistry("observation encoder")


def register_encoder(rules_type: type, encoder: Encoder) -> None:
    """Encode the game of ``rules_type`` for agents with ``encoder``.

    Raises:
        skipbo.errors.ArgumentTypeError: if ``rules_type`` is not a class or ``encoder``
            not an :class:`Encoder`.
        ValueError: if another encoder is registered for ``rules_type``.

    """
    if not isinstance(encoder, Encoder):
        raise ArgumentTypeError(f"encoder must be an Encoder, not {type(encoder).__name__}")
    _ENCODERS.register(rules_type, encoder)


def encoder_of(rules: object) -> Encoder:
    """The encoder of the game whose rules ``rules`` are.

    Raises:
        skipbo.errors.ArgumentTypeError: if no encoder is registered for the type of
            ``rules``; the message names the games that have one.

    """
    return _ENCODERS.of(rules)


def encoders() -> dict[type, Encoder]:
    """Every registered encoder by its game's rules type."""
    return _ENCODERS.entries()
