"""The public view: what every player, and any spectator, may see (S-INFO-1, S-INFO-2).

In Skyjo a face-down card is hidden from its owner too, so there is one view for
every seat: the face-up cards, the discard pile, the size of the draw pile, the card
in hand, the scores, whose turn it is and the phase. It leaves out the face-down
cards (shown as :data:`FACE_DOWN`), the draw pile's order, the places chosen in
the reveal phase before everyone has chosen (S-SETUP-4) and the shuffle seed.

:func:`~skipbo.skyjo.view` takes a seat as Skip-Bo's does, so that code
written for one game's ``view(state, player)`` plays the other; here every seat, and
a spectator (:func:`~skipbo.skyjo.spectator_view`), gets the same view.

>>> from skipbo import skyjo
>>> state = skyjo.new_game(skyjo.Rules(players=2), seed=1)
>>> seen = skyjo.view(state)
>>> seen.grids[0]
('?', '?', '?', '?', '?', '?', '?', '?', '?', '?', '?', '?')
>>> skyjo.legal_moves(seen) == skyjo.legal_moves(state)
True
>>> skyjo.view(state, 0) == skyjo.view(state, 1) == skyjo.spectator_view(state) == seen
True
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

import attrs

from skipbo import errors
from skipbo.common.naming import type_name
from skipbo.games.skyjo.cards import Card
from skipbo.games.skyjo.errors import ArgumentTypeError, SkyjoError
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.state import GameState, Outcome, Phase, RoundScore, Source, totals

__all__ = [
    "FACE_DOWN",
    "SHOWN_AS_HELD",
    "PublicView",
    "SeenGrid",
    "ViewError",
    "spectator_view",
    "view",
]

FACE_DOWN: Final = "?"
"""A face-down grid card in a view."""

SeenGrid: TypeAlias = tuple[Card | Literal["?"] | None, ...]
"""A grid as seen: a face-up card, ``"?"`` (face down) or ``None`` (a removed place)."""


SHOWN_AS_HELD: Final = (
    "rules", "round", "phase", "discard_pile", "held", "source", "current_player",
    "starter", "turns", "round_ender", "history", "outcome", "stall_turns",
)  # fmt: skip
"""The fields of a :class:`~skipbo.skyjo.GameState` that its view shows as they are
(S-INFO-1); the view shows the grids with their face-down cards hidden and only the
size of the draw pile."""


class ViewError(SkyjoError, errors.ViewError):
    """A view asked for a seat the game does not have (as Skip-Bo's ``ViewError``)."""


@attrs.frozen(slots=True)
class PublicView:
    """Everything public about a Skyjo position; the same for every player."""

    rules: Rules
    """The rules of the game."""
    round: int
    """The round being played, from 1."""
    phase: Phase
    """What the player to move does next."""
    grids: tuple[SeenGrid, ...]
    """Every grid as seen, by seat."""
    discard_pile: tuple[Card, ...]
    """The discard pile, top at the end."""
    draw_pile_size: int
    """How many cards the draw pile holds."""
    held: Card | None
    """The card taken this turn and not placed yet (S-TURN-3)."""
    source: Source | None
    """Where ``held`` came from."""
    current_player: int
    """The seat to move."""
    starter: int
    """The seat that began this round's play."""
    turns: int
    """Turns completed in this round."""
    round_ender: int | None
    """The round ender, once there is one (S-END-1)."""
    history: tuple[RoundScore, ...]
    """Every finished round's scoring."""
    outcome: Outcome | None
    """The result, once the game is over."""
    stall_turns: int = 0
    """Turns in a row in this round without a card turned up or a column removed (S-END-3)."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Every player's total over the finished rounds."""
        return totals(self.history, self.rules.players)


def _seen(grid: tuple[Card | None, ...], face_up: tuple[bool, ...]) -> SeenGrid:
    return tuple(
        card if card is None or up else FACE_DOWN for card, up in zip(grid, face_up, strict=True)
    )


def view(state: GameState, player: int | None = None) -> PublicView:
    """The public view of ``state`` (S-INFO-1): what seat ``player`` sees, and every seat.

    In Skyjo a face-down card is hidden from its owner too (S-INFO-2), so every seat
    and a spectator (``player`` ``None``, the default) see the same view: the seat
    is taken, and checked, so that ``view(state, player)`` means what Skip-Bo's
    :func:`skipbo.games.skipbo.views.view` means, and code written for one game plays the other.

    Raises:
        ViewError: if ``player`` is not a seat of the game.
        TypeError: if ``state`` is not a Skyjo state.

    >>> from skipbo import skyjo
    >>> skyjo.view(skyjo.new_game(skyjo.Rules(players=2), seed=1), 2)
    Traceback (most recent call last):
    ...
    skipbo.games.skyjo.views.ViewError: seat 2 is not in this game (seats 0 to 1)

    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"view() takes a skipbo.skyjo.GameState, got {type_name(state)}")
    players = state.rules.players
    if player is not None and (type(player) is not int or not 0 <= player < players):
        raise ViewError(f"seat {player!r} is not in this game (seats 0 to {players - 1})")
    return PublicView(
        **{name: getattr(state, name) for name in SHOWN_AS_HELD},
        grids=tuple(_seen(g, up) for g, up in zip(state.grids, state.face_up, strict=True)),
        draw_pile_size=len(state.draw_pile),
    )


def spectator_view(state: GameState) -> PublicView:
    """The view of ``state`` for someone who plays no seat: :func:`view` (S-INFO-2).

    The same as every seat's view; here for the name Skip-Bo's
    :func:`skipbo.games.skipbo.views.spectator_view` has.
    """
    return view(state, None)
