"""Per-seat observations of a whole batch: the encoding of :mod:`skipbo.observation.skipbo`.

:func:`observations` gives, for every game of a batch, the vector that
:func:`skipbo.observation.skipbo.observation` gives for one view: row ``i`` equals
``observation(skipbo.view(batch.state(i), seats[i]))``, as ``float32`` like
:func:`~skipbo.observation.skipbo.observation_array`. It reads from the arrays only
what that view shows (R-INFO-1, R-INFO-2): the seat's own hand, never another hand,
a stock card below the top or the draw pile's order (R-INFO-3).

>>> import skipbo
>>> from skipbo.batch import GameBatch
>>> from skipbo.observation.skipbo import observation
>>> batch = GameBatch.new(skipbo.Rules(players=2), 4, seed=1)
>>> rows = observations(batch)  # each game seen by the seat to move
>>> rows.shape
(4, 423)
>>> rows[2].tolist() == list(observation(skipbo.view(batch.state(2), 0)))
True
"""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from skipbo.batch.compiled import KERNELS
from skipbo.observation.skipbo import DISCARD_DEPTH, observation_layout

if TYPE_CHECKING:
    from skipbo.batch.engine import GameBatch
    from skipbo.games.skipbo.rules import Rules

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
    out: npt.NDArray[np.float32] | None = None,
) -> npt.NDArray[np.float32]:
    """The observation of every game of ``batch``, seen by ``seats`` (default: the mover).

    Args:
        batch: The games.
        seats: One seat per game, or ``None`` for the seat to move in each game.
        depth: How many cards of each discard pile to encode, from the top.
        games: Only these games (slot indices), in this order; ``seats`` then has one
            seat per game given.
        out: An array to write the rows into (``float32``, one row per game) and
            return, instead of a new one.

    Returns:
        A ``(B, layout.size)`` array (one row per game of ``games`` when given); the
        layout is ``observation_layout(rules, depth)``.

    Raises:
        ValueError: if ``seats`` is not one seat of the rules per game, ``depth`` is
            not an integer of at least 1, or ``out`` has not the result's shape and type.

    """
    rules = batch.rules
    encoder = _encoder(rules, depth)  # checks the depth (observation_layout)
    a: Any = batch.arrays
    if KERNELS is not None:
        kernel = KERNELS.observe
        # Compiled: each row read from the batch's own arrays (no copies of the games).
        rows = encoder.slots(len(a.current_player))
        if games is not None:
            rows = rows[np.asarray(games, dtype=np.int64)]  # NumPy's indexing, and its errors
        seat = _checked_seats(rules, a.current_player[rows] if seats is None else seats, rows.size)
        out = _output(out, (rows.size, encoder.size))
        kernel(
            out, rows, seat, encoder.seat_rows, encoder.kernel_starts, depth,
            *(getattr(a, name) for name in _FIELDS),
        )  # fmt: skip
        return out
    if games is not None:
        # The arrays of the games asked for (copies): the encoding below reads only them.
        rows = np.asarray(games, dtype=np.int64)
        a = SimpleNamespace(**{name: getattr(a, name)[rows] for name in _FIELDS})
    size = len(a.current_player)
    seat = a.current_player if seats is None else _checked_seats(rules, seats, size)
    if out is None:
        return encoder.encode(a, seat, size)
    result = _output(out, (size, encoder.size))
    result[...] = encoder.encode(a, seat, size)
    return result


def _output(out: npt.NDArray[np.float32] | None, shape: tuple[int, int]) -> npt.NDArray[np.float32]:
    """``out`` if it fits ``shape`` (a new array when ``None``).

    Raises:
        ValueError: if it does not fit.

    """
    if out is None:
        return np.empty(shape, dtype=np.float32)
    if out.shape != shape or out.dtype != np.float32 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous float32 array of shape {shape}")
    return out


def _checked_seats(rules: Rules, seats: npt.ArrayLike, size: int) -> npt.NDArray[np.int64]:
    """``seats`` as ``int64``, if they are ``size`` seats of the rules.

    Raises:
        ValueError: if they are not.

    """
    seat = np.asarray(seats)
    if (
        seat.shape != (size,)
        or not np.issubdtype(seat.dtype, np.integer)
        or ((seat < 0) | (seat >= rules.players)).any()
    ):
        raise ValueError(f"seats must be {size} seats from 0 to {rules.players - 1}")
    return seat.astype(np.int64, copy=False)


class _Encoder:
    """The encoding of one rules and depth, its tables computed once.

    Few NumPy calls a batch, whatever its size: every row starts as its seat's row of
    the fields that depend only on the seat; every one-hot entry of a row is set by one
    flat assignment; the counts at the end of the layout are one contiguous block.
    """

    def __init__(self, rules: Rules, depth: int) -> None:
        layout = observation_layout(rules, depth)
        seating = rules.seating
        self.size = layout.size
        self.depth = depth
        self.values = rules.deck.highest + 1
        self.stocks, self.piles = rules.stock_pile_count, rules.discard_pile_count
        self.starts = {field.name: field.start for field in layout.fields}
        # The seat's own fields (R-TEAM-*): its one-hot, its team, its stock piles.
        seat_rows = np.zeros((rules.players, layout.size), dtype=np.float32)
        for one in range(rules.players):
            at = self.starts
            seat_rows[one, at["seat"] + one] = 1
            team = seating.team_seats[seating.team_of[one]]
            seat_rows[one, [at["teammates"] + mate for mate in team]] = 1
            seat_rows[one, at["stock_own"] + seating.own_stock[one]] = 1
            seat_rows[one, [at["stock_playable"] + s for s in seating.stock_sources[one]]] = 1
        self.seat_rows = seat_rows
        at = self.starts
        self.stock_top_at = at["stock_top"] + np.arange(self.stocks) * self.values
        self.build_need_at = at["build_need"] + np.arange(rules.build_pile_count) * (
            rules.deck.highest
        )
        piles = self.stocks * self.piles
        # discard_top's entry of pile p, depth d: ((p * depth + d) * values + card).
        self.discard_at = at["discard_top"] + (
            (np.arange(piles)[:, None] * depth + np.arange(depth)) * self.values
        )
        self.below = np.arange(depth)
        self._cache: dict[tuple[int, int], SimpleNamespace] = {}
        self.hand = slice(at["hand"], at["hand"] + self.values)
        self.stock_size = slice(at["stock_size"], at["stock_size"] + self.stocks)
        # discard_size, hand_size, draw_pile_size, completed_count: the last fields, in a row.
        self.counts = at["discard_size"]
        assert self.counts + piles + rules.players + 2 == layout.size
        fields = ("current_player", "hand", "stock_top", "stock_size", "build_need")
        self.kernel_starts = np.array(
            [*(at[name] for name in fields), at["discard_top"], self.counts], dtype=np.int64
        )

    def encode(self, a: Any, seat: npt.NDArray[np.int64], size: int) -> npt.NDArray[np.float32]:
        out = np.take(self.seat_rows, seat, axis=0)
        flat = out.reshape(-1)
        at = self._indices(size, a.discard.shape[-1])
        out[:, self.hand] = a.hand[at.games, seat]  # the viewer's own hand (R-INFO-2)
        out[:, self.stock_size] = a.stock_len
        lengths = a.discard_len.reshape(size, -1)
        out[:, self.counts :] = np.concatenate(
            [lengths, a.hand_len, a.draw_len[:, None], a.completed_len[:, None]], axis=1
        )
        # The one-hot entries: one flat assignment each.
        flat[at.current_player + a.current_player] = 1
        top = a.stock_top
        flat[(at.stock_top + top)[top >= 0]] = 1
        # A build pile of n cards needs n + 1 (R-BUILD-2): its entry n is set.
        flat[at.build_need + a.build_len] = 1
        above = lengths[:, :, None] - self.below  # the top first: 1 + its position
        cards = a.discard.reshape(-1)[at.discard_card + np.maximum(above, 1)]
        flat[(at.discard_top + cards)[above > 0]] = 1
        return out

    def slots(self, size: int) -> npt.NDArray[np.int64]:
        """The slots ``0 .. size - 1`` (kept for the last few sizes)."""
        games: npt.NDArray[np.int64] = self._indices(size, 1).games
        return games

    def _indices(self, size: int, width: int) -> SimpleNamespace:
        """The flat indices of ``size`` games' entries (kept for the last few sizes)."""
        key = (size, width)
        cached = self._cache.get(key)
        if cached is None:
            if len(self._cache) >= _SIZES_KEPT:
                self._cache.clear()
            row = np.arange(size, dtype=np.int64)[:, None] * self.size
            piles = self.stocks * self.piles
            cached = self._cache[key] = SimpleNamespace(
                games=np.arange(size, dtype=np.int64),
                current_player=row[:, 0] + self.starts["current_player"],
                stock_top=row + self.stock_top_at,
                build_need=row + self.build_need_at,
                discard_top=row[:, :, None] + self.discard_at,
                # The first card of each discard pile in the flat array, less one: the
                # pile's top is at this plus its length.
                discard_card=(np.arange(size * piles, dtype=np.int64) * width - 1).reshape(
                    size, piles, 1
                ),
            )
        return cached


_SIZES_KEPT = 8
"""The encoder keeps the indices of this many batch sizes (an environment needs two or
three: its batch, and the few games that ended in a step)."""


@lru_cache(maxsize=64)
def _encoder(rules: Rules, depth: int) -> _Encoder:
    return _Encoder(rules, depth)
