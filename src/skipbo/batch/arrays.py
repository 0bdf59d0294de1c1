"""The array layout of a batch of games, and conversion to and from :class:`~skipbo.GameState`.

``B`` games of one :class:`~skipbo.Rules` are held in fixed-size NumPy arrays, game
first. With ``S`` stock piles (= discard sets), ``P`` seats, ``D`` discard piles a
set, ``K`` build piles, ``H`` the highest number, ``C = H + 1`` card values (``WILD``
is 0) and ``N`` the deck size:

====================  ==================  =============================================
array                 shape               meaning
====================  ==================  =============================================
``stock``             ``(B, S, stock)``   stock pile cards, bottom first
``stock_len``         ``(B, S)``          cards in each stock pile
``stock_top``         ``(B, S)``          top card, ``-1`` when empty (kept in step)
``hand``              ``(B, P, C)``       how many of each card a hand holds
``hand_len``          ``(B, P)``          cards in each hand
``discard``           ``(B, S, D, N)``    discard pile cards, bottom first
``discard_len``       ``(B, S, D)``       cards in each discard pile
``discard_top``       ``(B, S, D)``       top card, ``-1`` when empty
``build``             ``(B, K, H)``       build pile cards, bottom (the 1) first
``build_len``         ``(B, K)``          cards in each build pile = its top value
``draw``              ``(B, N)``          draw pile, bottom first (top = next drawn)
``draw_len``          ``(B,)``            cards in the draw pile
``completed``         ``(B, N)``          set-aside cards, in the order set aside
``completed_len``     ``(B,)``            set-aside cards
``current_player``    ``(B,)``            the seat to move
``turn``              ``(B,)``            turn number, from 1
``turn_moves``        ``(B,)``            moves made in the current turn
``empty_passes``      ``(B,)``            empty passes in a row (R-WIN-2)
``termination``       ``(B,)``            ``0`` running, else a :data:`TERMINATIONS` index
``winning_team``      ``(B,)``            the winning team, ``-1`` if none
``stall_turns``       ``(B,)``            turn ends since the last stock play (R-WIN-4)
====================  ==================  =============================================

``stall_turns`` comes last, after the arrays that were there before it, so that the
compiled kernels that find the arrays by their place (:mod:`skipbo.batch.compiled_single`)
keep their places.

Hands are counts because the core keeps hands sorted: a hand is a multiset, and a
count vector is its cheapest exact form. Piles are bottom-first with a length so
that pushing and popping are one write each. The shuffle seeds stay Python integers
(``shuffle_seed``, a list): they seed the reshuffles, which reproduce the core's
shuffle exactly (:mod:`skipbo.batch.shuffle`) and run per game in Python anyway.
A batch has no referee penalty (R-TEAM-4), so no penalty counts: states read from it
have ``penalty_cards`` all zero, and penalised states are not written to it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import numpy as np
import numpy.typing as npt

from skipbo.errors import ConfigurationError
from skipbo.games.skipbo.invariants import check_invariants
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState, Outcome, Pile, Termination

__all__ = [
    "BLOCKED",
    "STALLED",
    "STOCK_EMPTIED",
    "TERMINATIONS",
    "TURN_LIMIT",
    "ArraySpec",
    "BatchArrays",
    "allocate",
    "array_specs",
    "check_holdable",
    "positions",
    "read_outcome",
    "read_state",
    "write_state",
    "write_states",
]

Array = npt.NDArray[np.int64]
CardArray = npt.NDArray[np.int8]

TERMINATIONS: tuple[Termination | None, ...] = (
    None,
    Termination.STOCK_EMPTIED,
    Termination.BLOCKED,
    Termination.TURN_LIMIT,
    Termination.STALLED,
)
"""The codes of the ``termination`` array: ``0`` for a running game, else the index."""

_CODES = {termination: code for code, termination in enumerate(TERMINATIONS)}
STOCK_EMPTIED = _CODES[Termination.STOCK_EMPTIED]
"""The ``termination`` code of a game won by an emptied stock (R-WIN-1)."""
BLOCKED = _CODES[Termination.BLOCKED]
"""The ``termination`` code of a blocked game (R-WIN-2)."""
TURN_LIMIT = _CODES[Termination.TURN_LIMIT]
"""The ``termination`` code of a game stopped by the turn limit."""
STALLED = _CODES[Termination.STALLED]
"""The ``termination`` code of a game ended by the stall limit (R-WIN-4 (b))."""
MAX_CARD_VALUE = 127
"""Cards are ``int8``; a deck with higher numbers is refused."""


@attrs.define(slots=True, eq=False)
class BatchArrays:
    """The arrays of ``B`` games (see the module docstring); mutated in place by a batch."""

    stock: CardArray
    stock_len: Array
    stock_top: CardArray
    hand: npt.NDArray[np.int16]
    hand_len: Array
    discard: CardArray
    discard_len: Array
    discard_top: CardArray
    build: CardArray
    build_len: Array
    draw: CardArray
    draw_len: Array
    completed: CardArray
    completed_len: Array
    current_player: Array
    turn: Array
    turn_moves: Array
    empty_passes: Array
    termination: npt.NDArray[np.int8]
    winning_team: Array
    stall_turns: Array
    shuffle_seed: list[int]

    @property
    def nbytes(self) -> int:
        """The memory held by the arrays, in bytes (seeds not counted)."""
        return sum(
            value.nbytes for value in attrs.astuple(self, recurse=False) if hasattr(value, "nbytes")
        )


@attrs.frozen
class ArraySpec:
    """One array of :class:`BatchArrays`: its name, shape, type and the value it starts with."""

    name: str
    shape: tuple[int, ...]
    dtype: type[np.generic]
    fill: int


def array_specs(rules: Rules, size: int) -> tuple[ArraySpec, ...]:
    """The arrays of ``size`` games of ``rules``, in the order of :class:`BatchArrays`' fields.

    Every pile starts empty: lengths 0, tops and the winning team ``-1``.

    Raises:
        ~skipbo.ConfigurationError: if the deck's numbers do not fit the cards' ``int8``.

    """
    deck = rules.deck
    if deck.highest > MAX_CARD_VALUE:
        raise ConfigurationError(
            "deck.highest", f"skipbo.batch holds cards as int8: must be <= {MAX_CARD_VALUE}"
        )
    b, s, p = size, rules.stock_pile_count, rules.players
    c, n, d, k = deck.highest + 1, deck.size, rules.discard_pile_count, rules.build_pile_count
    cards, counts = np.int8, np.int64
    return (
        ArraySpec("stock", (b, s, rules.stock_size), cards, 0),
        ArraySpec("stock_len", (b, s), counts, 0),
        ArraySpec("stock_top", (b, s), cards, -1),
        ArraySpec("hand", (b, p, c), np.int16, 0),
        ArraySpec("hand_len", (b, p), counts, 0),
        # A discard pile can hold any card of the deck; N bounds every pile.
        ArraySpec("discard", (b, s, d, n), cards, 0),
        ArraySpec("discard_len", (b, s, d), counts, 0),
        ArraySpec("discard_top", (b, s, d), cards, -1),
        ArraySpec("build", (b, k, deck.highest), cards, 0),
        ArraySpec("build_len", (b, k), counts, 0),
        ArraySpec("draw", (b, n), cards, 0),
        ArraySpec("draw_len", (b,), counts, 0),
        ArraySpec("completed", (b, n), cards, 0),
        ArraySpec("completed_len", (b,), counts, 0),
        ArraySpec("current_player", (b,), counts, 0),
        ArraySpec("turn", (b,), counts, 0),
        ArraySpec("turn_moves", (b,), counts, 0),
        ArraySpec("empty_passes", (b,), counts, 0),
        ArraySpec("termination", (b,), np.int8, 0),
        ArraySpec("winning_team", (b,), counts, -1),
        ArraySpec("stall_turns", (b,), counts, 0),
    )


def allocate(rules: Rules, size: int) -> BatchArrays:
    """Arrays for ``size`` games of ``rules``, every pile empty (:func:`array_specs`).

    Raises:
        ~skipbo.ConfigurationError: if the deck's numbers do not fit the cards' ``int8``.

    """
    arrays = {
        spec.name: np.full(spec.shape, spec.fill, dtype=spec.dtype)
        for spec in array_specs(rules, size)
    }
    return BatchArrays(**arrays, shuffle_seed=[0] * size)


def positions(counts: Array) -> Array:
    """``0 .. n - 1`` for each ``n`` of ``counts``, concatenated."""
    starts = np.cumsum(counts) - counts
    return np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(starts, counts)


def _fill(
    cards: CardArray,
    lengths: Array,
    tops: CardArray | None,
    slots: Array,
    piles: Sequence[Sequence[Pile]],
) -> None:
    """Write ``piles[j]`` into game ``slots[j]``: ``cards[slot, i]`` holds pile ``i``, bottom first.

    One write per array for all the games: each pile becomes a row of bytes (cards are
    0..127), padded with zeros, and the rows are joined (most piles of a deal are empty).
    """
    _, count, width = cards.shape
    every = [pile for game in piles for pile in game]
    empty = bytes(width)
    joined = b"".join(bytes(pile).ljust(width, b"\0") if pile else empty for pile in every)
    cards[slots] = np.frombuffer(joined, dtype=np.int8).reshape(-1, count, width)
    lengths.reshape(-1, count)[slots] = np.array(list(map(len, every))).reshape(-1, count)
    if tops is not None:
        top = np.array([pile[-1] if pile else -1 for pile in every])
        tops.reshape(-1, count)[slots] = top.reshape(-1, count)


def check_holdable(state: GameState, name: str) -> None:
    """Raise unless a batch can hold ``state`` (called ``name`` in the error).

    Raises:
        InvariantViolation: if the state is not valid (:func:`skipbo.check_invariants`).
        ValueError: if it had a referee penalty (R-TEAM-4): a batch has no penalty,
            and its stock rows hold the cards dealt.

    """
    check_invariants(state)
    if any(state.penalty_cards):
        raise ValueError(f"{name} had a referee penalty (R-TEAM-4), which a batch does not hold")


def write_state(arrays: BatchArrays, slot: int, state: GameState) -> None:
    """Store ``state`` in game ``slot`` of ``arrays`` (the state's rules must be the batch's)."""
    write_states(arrays, [slot], [state])


def write_states(arrays: BatchArrays, slots: Sequence[int], states: Sequence[GameState]) -> None:
    """Store ``states[j]`` in game ``slots[j]`` of ``arrays``, a few whole-array writes in all.

    The slots must be distinct and the states' rules the batch's.
    """
    a = arrays
    rows = np.asarray(slots, dtype=np.int64)
    _fill(a.stock, a.stock_len, a.stock_top, rows, [state.stocks for state in states])
    sets, piles = a.discard.shape[1:3]
    _fill(
        a.discard.reshape(a.discard.shape[0], sets * piles, -1),
        a.discard_len,
        a.discard_top,
        rows,
        [[pile for piles in state.discards for pile in piles] for state in states],
    )
    _fill(a.build, a.build_len, None, rows, [state.builds for state in states])
    _fill(a.draw[:, None], a.draw_len, None, rows, [(state.draw_pile,) for state in states])
    _fill(a.completed[:, None], a.completed_len, None, rows, [(s.completed,) for s in states])
    seats, values = a.hand.shape[1:]
    a.hand[rows] = 0
    held = [
        (slot * seats + seat) * values + card
        for slot, state in zip(rows.tolist(), states, strict=True)
        for seat, hand in enumerate(state.hands)
        for card in hand
    ]
    np.add.at(a.hand.reshape(-1), np.array(held, dtype=np.intp), 1)  # a hand holds copies
    a.hand_len[rows] = [[len(hand) for hand in state.hands] for state in states]
    a.current_player[rows] = [state.current_player for state in states]
    a.turn[rows] = [state.turn for state in states]
    a.turn_moves[rows] = [state.turn_moves for state in states]
    a.empty_passes[rows] = [state.empty_passes for state in states]
    a.stall_turns[rows] = [state.stall_turns for state in states]
    outcomes = [state.outcome for state in states]
    a.termination[rows] = [0 if o is None else _CODES[o.termination] for o in outcomes]
    a.winning_team[rows] = [-1 if o is None or o.team is None else o.team for o in outcomes]
    for slot, state in zip(rows.tolist(), states, strict=True):
        a.shuffle_seed[slot] = state.shuffle_seed


def _pile(cards: CardArray, length: int) -> Pile:
    return tuple(cards[:length].tolist())


def read_state(arrays: BatchArrays, slot: int, rules: Rules) -> GameState:
    """The :class:`~skipbo.GameState` of game ``slot`` of ``arrays``."""
    a = arrays
    stock_len = a.stock_len[slot].tolist()
    discard_len = a.discard_len[slot].tolist()
    build_len = a.build_len[slot].tolist()
    return GameState(
        rules=rules,
        stocks=tuple(_pile(a.stock[slot, s], n) for s, n in enumerate(stock_len)),
        discards=tuple(
            tuple(_pile(a.discard[slot, d, i], n) for i, n in enumerate(lengths))
            for d, lengths in enumerate(discard_len)
        ),
        hands=tuple(_hand(counts) for counts in a.hand[slot].tolist()),
        builds=tuple(_pile(a.build[slot, k], n) for k, n in enumerate(build_len)),
        draw_pile=_pile(a.draw[slot], int(a.draw_len[slot])),
        completed=_pile(a.completed[slot], int(a.completed_len[slot])),
        current_player=int(a.current_player[slot]),
        turn=int(a.turn[slot]),
        turn_moves=int(a.turn_moves[slot]),
        empty_passes=int(a.empty_passes[slot]),
        outcome=read_outcome(arrays, slot, rules),
        shuffle_seed=a.shuffle_seed[slot],
        stall_turns=int(a.stall_turns[slot]),
    )


def read_outcome(arrays: BatchArrays, slot: int, rules: Rules) -> Outcome | None:
    """The :class:`~skipbo.Outcome` of game ``slot`` of ``arrays``, ``None`` while it runs."""
    termination = TERMINATIONS[int(arrays.termination[slot])]
    if termination is Termination.STOCK_EMPTIED:
        team = int(arrays.winning_team[slot])
        return Outcome(termination, team, rules.seating.team_seats[team])
    return None if termination is None else Outcome(termination)


def _hand(counts: Sequence[int]) -> Pile:
    # Sorted, wilds first, as the core keeps hands.
    return tuple(card for card, count in enumerate(counts) for _ in range(count))
