"""Per-seat observations of a whole batch: the encoding of :mod:`skipbo.envs.observation`.

:func:`observations` gives, for every game of a batch, the vector that
:func:`skipbo.envs.observation.observation` gives for one view: row ``i`` equals
``observation(skipbo.view(batch.state(i), seats[i]))``, as ``float32`` like
:func:`~skipbo.envs.observation.observation_array`. It reads from the arrays only
what that view shows (R-INFO-1, R-INFO-2): the seat's own hand, never another hand,
a stock card below the top or the draw pile's order (R-INFO-3).

>>> import skipbo
>>> from skipbo.batch import GameBatch
>>> from skipbo.envs.observation import observation
>>> batch = GameBatch.new(skipbo.Rules(players=2), 4, seed=1)
>>> rows = observations(batch)  # each game seen by the seat to move
>>> rows.shape
(4, 423)
>>> rows[2].tolist() == list(observation(skipbo.view(batch.state(2), 0)))
True
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from skipbo.envs.observation import DISCARD_DEPTH, observation_layout

if TYPE_CHECKING:
    from skipbo.batch.engine import GameBatch

__all__ = ["observations"]

_FIELDS = (
    "current_player", "hand", "hand_len", "stock_top", "stock_len", "build_len",
    "discard", "discard_len", "draw_len", "completed_len",
)  # fmt: skip
"""The arrays an observation reads."""


def observations(
    batch: GameBatch,
    seats: npt.ArrayLike | None = None,
    depth: int = DISCARD_DEPTH,
    *,
    games: npt.ArrayLike | None = None,
) -> npt.NDArray[np.float32]:
    """The observation of every game of ``batch``, seen by ``seats`` (default: the mover).

    Args:
        batch: The games.
        seats: One seat per game, or ``None`` for the seat to move in each game.
        depth: How many cards of each discard pile to encode, from the top.
        games: Only these games (slot indices), in this order; ``seats`` then has one
            seat per game given.

    Returns:
        A ``(B, layout.size)`` array (one row per game of ``games`` when given); the
        layout is ``observation_layout(rules, depth)``.

    Raises:
        ValueError: if ``seats`` is not one seat of the rules per game, or ``depth``
            is not an integer of at least 1.

    """
    rules = batch.rules
    layout = observation_layout(rules, depth)
    a: Any = batch.arrays
    if games is not None:
        # The arrays of the games asked for (copies): the encoding below reads only them.
        rows = np.asarray(games, dtype=np.int64)
        a = SimpleNamespace(**{name: getattr(a, name)[rows] for name in _FIELDS})
    size = len(a.current_player)
    if seats is None:
        seat = a.current_player.copy()
    else:
        seat = np.asarray(seats)
        if (
            seat.shape != (size,)
            or not np.issubdtype(seat.dtype, np.integer)
            or ((seat < 0) | (seat >= rules.players)).any()
        ):
            raise ValueError(f"seats must be {size} seats from 0 to {rules.players - 1}")
        seat = seat.astype(np.int64)
    seating = rules.seating
    players, stocks = rules.players, rules.stock_pile_count
    values, highest = rules.deck.highest + 1, rules.deck.highest
    piles = rules.discard_pile_count
    games = np.arange(size)
    out = np.zeros((size, layout.size), dtype=np.float32)
    flat = out.reshape(-1)
    row = games * layout.size

    def put(name: str, values_: npt.ArrayLike) -> None:
        field = layout.field(name)
        out[:, field.start : field.stop] = np.asarray(values_).reshape(size, -1)

    def one_hot(name: str, offsets: npt.NDArray[np.int64], held: npt.NDArray[np.bool_]) -> None:
        # offsets: each entry's index within the field; held: which entries are set.
        start = layout.field(name).start
        flat[(row.reshape((size,) + (1,) * (offsets.ndim - 1)) + start + offsets)[held]] = 1

    per_seat = np.eye(players, dtype=np.float32)
    teammates = np.zeros((players, players), dtype=np.float32)
    own_stock = np.zeros((players, stocks), dtype=np.float32)
    playable = np.zeros((players, stocks), dtype=np.float32)
    for one in range(players):
        teammates[one, list(seating.team_seats[seating.team_of[one]])] = 1
        own_stock[one, seating.own_stock[one]] = 1
        playable[one, list(seating.stock_sources[one])] = 1
    put("seat", per_seat[seat])
    put("current_player", per_seat[a.current_player])
    put("teammates", teammates[seat])
    put("hand", a.hand[games, seat])  # the viewer's own hand only (R-INFO-2)
    put("stock_own", own_stock[seat])
    put("stock_playable", playable[seat])
    top = a.stock_top.astype(np.int64)
    one_hot("stock_top", np.arange(stocks) * values + top, top >= 0)
    put("stock_size", a.stock_len)
    # A build pile of n cards needs n + 1 (R-BUILD-2): its entry n is set.
    one_hot(
        "build_need",
        np.arange(rules.build_pile_count) * highest + a.build_len,
        np.ones(a.build_len.shape, dtype=np.bool_),
    )
    lengths = a.discard_len.reshape(size, -1)
    # One flat gather per depth (take_along_axis builds an index per axis: slower).
    cards = a.discard.reshape(-1)
    first_card = (np.arange(size * stocks * piles) * a.discard.shape[-1]).reshape(size, -1)
    pile_index = np.arange(stocks * piles)[None, :]
    for below in range(depth):
        position = lengths - 1 - below  # the top first
        card = cards[first_card + np.maximum(position, 0)]
        offsets = ((pile_index * depth + below) * values + card).astype(np.int64)
        one_hot("discard_top", offsets, position >= 0)
    put("discard_size", lengths)
    put("hand_size", a.hand_len)
    put("draw_pile_size", a.draw_len)
    put("completed_count", a.completed_len)
    return out
