"""Skyjo's batched rules as loops over one game at a time, compiled by Numba when it is there.

Skyjo's moves touch a handful of numbers (one grid place, one column, the top of a
pile), so a batch step is a loop over the games in machine code rather than NumPy
passes over whole arrays: every function here works on game ``b`` of the state
arrays (:mod:`skipbo.batch.skyjo.engine` describes them) and is compiled with
``skipbo.batch._jit.kernel`` when Numba is installed; without it they run as
they are, as Python (slow, but the same games: the tests run the Python functions
too, through ``py_func``).

The seeded shuffles are the core's (:func:`skipbo.common.randomness.shuffle`): with
Numba, the compiled ``shuffle_runs`` kernel of :mod:`skipbo.batch.compiled` (CPython's
Mersenne Twister seeding, outputs and ``randrange``); without it, the core's function.
Numba checks a cached kernel against its own file only (``skipbo.batch._jit``), so the
kernels here that shuffle keep the machine code of ``shuffle_runs`` they were compiled
with until this file changes: harmless while that kernel computes CPython's shuffle,
as it must; after a change to its arguments, delete this module's cache files
(``__pycache__/kernels.*.nbi`` and ``.nbc``).

The policies of the fused loop (:data:`POLICIES`) are functions of the state arrays
too, with a per-game generator (xorshift64) seeded from the game's seed, so that a
game played by :func:`run_games` is the game the step API plays with the same
choices (:meth:`skipbo.batch.skyjo.SkyjoBatch.policy_actions`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from skipbo.batch._jit import COMPILED, kernel, numba_jit
from skipbo.batch.compiled import KERNELS
from skipbo.common.randomness import shuffle

__all__ = [
    "DISCARD",
    "DRAW",
    "FLIP",
    "GAME_OVER",
    "NEW_ROUND",
    "OVER",
    "PLACE",
    "POLICIES",
    "REVEAL",
    "REVEAL_ACTIONS",
    "SWAP",
    "TAKE",
    "advance",
    "apply_action",
    "choose",
    "legal_row",
    "new_game",
    "new_games",
    "observe_rows",
    "play_others",
    "reshuffle",
    "run_games",
    "step_games",
]

# Phases (as skipbo.games.skyjo.Phase, in PHASES order of the observation).
REVEAL, TAKE, PLACE, OVER = 0, 1, 2, 3
# Where the card in hand came from: none, the draw pile, the discard pile.
NO_SOURCE, DRAW, DISCARD = 0, 1, 2
# Place states.
DOWN, UP, REMOVED = 0, 1, 2

# Actions (skipbo.games.skyjo.actions).
SWAP = 2
FLIP = 14
REVEAL_ACTIONS = 26
GRID = 12
ROWS = 3

# Fields of the ints array, one row per game.
I_PHASE, I_CURRENT, I_STARTER, I_TURNS, I_STALL, I_ENDER = 0, 1, 2, 3, 4, 5
I_ROUND, I_HELD, I_SOURCE, I_DRAW_LEN, I_DISCARD_LEN, I_MOVES = 6, 7, 8, 9, 10, 11
INT_FIELDS = 12

# The state tuple: (ints, seeds, grid, place, reveals, draw, discard, totals,
#                   history sums, history scores, history enders, last round's sums).
S_INTS, S_SEEDS, S_GRID, S_PLACE, S_REVEALS, S_DRAW, S_DISCARD = 0, 1, 2, 3, 4, 5, 6
S_TOTALS, S_HSUMS, S_HSCORES, S_HENDER, S_SUMS = 7, 8, 9, 10, 11

# The rules array: players, end score, turn, stall and round limits (-1: none).
R_PLAYERS, R_END, R_TURN, R_STALL, R_ROUND = 0, 1, 2, 3, 4

NEW_ROUND = 1
"""What :func:`apply_action` returns when a round ended and the game goes on."""
GAME_OVER = 2
"""What :func:`apply_action` returns when the game ended."""

RANDOM, REPLACE_HIGHEST = 0, 1
POLICIES = {"random": RANDOM, "replace-highest": REPLACE_HIGHEST}
"""The built-in policies of the fused loop, by name."""


def _no_reference_counting() -> Callable[[Callable[..., Any]], Any]:
    """``njit`` without Numba's reference counting when compiled (else the identity).

    The rules' helpers take the state tuple and allocate nothing. Compiled as usual,
    each call would count a reference to each array it reads up and down (atomic
    operations: about 35 ns a call of :func:`legal_row`, 25 times its arithmetic;
    Numba's own inlining keeps them); without the runtime's counting (``_nrt=False``)
    they cost what their arithmetic costs and LLVM inlines them into their callers.
    """
    if numba_jit() is None:
        return lambda function: function
    import numba

    njit: Any = numba.njit  # _nrt is not in its stubs
    jit: Callable[[Callable[..., Any]], Any] = njit(cache=True, nogil=True, _nrt=False)
    return jit


_helper = _no_reference_counting()

_MASK32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)

if COMPILED and KERNELS is not None:
    _RUNS = KERNELS.shuffle_runs
    _INITIAL = KERNELS.initial

    @kernel
    def _shuffle(items: Any, count: int, seed: Any) -> Any:  # pragma: no cover - compiled
        """``items[:count]`` shuffled in place as ``shuffle(items[:count], seed)``; next seed."""
        keys = np.empty((1, 2), dtype=np.uint64)
        keys[0, 0] = seed & _MASK32
        keys[0, 1] = seed >> _SHIFT32
        key_lengths = np.empty(1, dtype=np.int64)
        key_lengths[0] = 2 if keys[0, 1] != 0 else 1
        lengths = np.empty(1, dtype=np.int64)
        lengths[0] = count
        next_seed = np.zeros(1, dtype=np.uint64)
        _RUNS(items, lengths, keys, key_lengths, _INITIAL, next_seed)
        return next_seed[0]

else:

    def _shuffle(items: Any, count: int, seed: Any) -> Any:
        """``items[:count]`` shuffled in place by the core's shuffle; the next seed."""
        order, next_seed = shuffle([int(card) for card in items[:count]], int(seed))
        items[:count] = order
        return np.uint64(next_seed)


@kernel
def deal_round(b: int, s: Any, rules: Any, deck: Any, round_number: int, starter: int) -> None:
    """Deal round ``round_number`` into game ``b``: the deck shuffled with its seed (S-SETUP-2)."""
    ints, seeds, grid, place = s[S_INTS], s[S_SEEDS], s[S_GRID], s[S_PLACE]
    reveals, draw, discard = s[S_REVEALS], s[S_DRAW], s[S_DISCARD]
    players = rules[R_PLAYERS]
    size = deck.shape[0]
    order = draw[b]  # the draw pile's row holds the shuffled deck, then its own cards
    for i in range(size):
        order[i] = deck[i]
    seeds[b] = _shuffle(order, size, seeds[b])
    for p in range(players):
        for i in range(GRID):
            grid[b, p, i] = order[p * GRID + i]
            place[b, p, i] = DOWN
        reveals[b, p, 0] = -1
        reveals[b, p, 1] = -1
    dealt = players * GRID
    discard[b, 0] = order[dealt]
    rest = size - dealt - 1
    for i in range(rest):
        order[i] = order[dealt + 1 + i]
    row = ints[b]
    row[I_DISCARD_LEN] = 1
    row[I_DRAW_LEN] = rest
    row[I_PHASE] = REVEAL
    row[I_CURRENT] = 0
    row[I_STARTER] = starter
    row[I_TURNS] = 0
    row[I_STALL] = 0
    row[I_ENDER] = -1
    row[I_ROUND] = round_number
    row[I_HELD] = 0
    row[I_SOURCE] = NO_SOURCE


@kernel
def new_game(b: int, seed: Any, s: Any, rules: Any, deck: Any) -> None:
    """Game ``b`` becomes ``skyjo.new_game(rules, seed=seed)``."""
    s[S_SEEDS][b] = seed
    totals = s[S_TOTALS]
    for p in range(rules[R_PLAYERS]):
        totals[b, p] = 0
    s[S_INTS][b, I_MOVES] = 0
    deal_round(b, s, rules, deck, 1, 0)


@kernel
def new_games(slots: Any, seeds: Any, s: Any, rules: Any, deck: Any) -> None:
    """Game ``slots[j]`` becomes ``skyjo.new_game(rules, seed=seeds[j])``, for each ``j``."""
    for j in range(slots.shape[0]):
        new_game(slots[j], seeds[j], s, rules, deck)


@_helper
def legal_row(b: int, s: Any, rules: Any, pairs: Any, out: Any) -> int:
    """``out`` (92 booleans): the legal actions of game ``b``; returns their number."""
    ints, place = s[S_INTS], s[S_PLACE]
    for a in range(out.shape[0]):
        out[a] = False
    phase = ints[b, I_PHASE]
    seat = ints[b, I_CURRENT]
    count = 0
    if phase == TAKE:
        # S-DRAW-1: an empty draw pile is refilled from the discard pile but its top.
        if ints[b, I_DRAW_LEN] > 0 or ints[b, I_DISCARD_LEN] > 1:
            out[0] = True
            count += 1
        if ints[b, I_DISCARD_LEN] > 0:
            out[1] = True
            count += 1
    elif phase == PLACE:
        flips = ints[b, I_SOURCE] == DRAW
        for i in range(GRID):
            state = place[b, seat, i]
            if state != REMOVED:
                out[SWAP + i] = True
                count += 1
                if flips and state == DOWN:
                    out[FLIP + i] = True
                    count += 1
    elif phase == REVEAL:
        for k in range(pairs.shape[0]):
            if place[b, seat, pairs[k, 0]] == DOWN and place[b, seat, pairs[k, 1]] == DOWN:
                out[REVEAL_ACTIONS + k] = True
                count += 1
    return count


@_helper
def _push(discard: Any, ints: Any, b: int, card: Any) -> None:
    at = ints[b, I_DISCARD_LEN]
    discard[b, at] = card
    ints[b, I_DISCARD_LEN] = at + 1


@_helper
def _complete(grid: Any, place: Any, b: int, p: int, column: int) -> Any:
    """Whether the column holds three face-up cards of one value (S-COL-1)."""
    first = column * ROWS
    for i in range(first, first + ROWS):
        if place[b, p, i] != UP:
            return False
    return grid[b, p, first] == grid[b, p, first + 1] == grid[b, p, first + 2]


@_helper
def _remove(s: Any, b: int, p: int, column: int) -> None:
    """Move the column's cards to the discard pile, top to bottom (S-COL-2)."""
    grid, place, ints, discard = s[S_GRID], s[S_PLACE], s[S_INTS], s[S_DISCARD]
    for i in range(column * ROWS, column * ROWS + ROWS):
        _push(discard, ints, b, grid[b, p, i])
        grid[b, p, i] = 0
        place[b, p, i] = REMOVED


@_helper
def _end_round(b: int, ender: int, turns: int, s: Any, rules: Any, deck: Any) -> int:
    """S-END-2: every card up, columns removed (S-COL-3), scored; the game's end or not."""
    ints, grid, place, totals = s[S_INTS], s[S_GRID], s[S_PLACE], s[S_TOTALS]
    players = rules[R_PLAYERS]
    sums = s[S_SUMS][b]
    for p in range(players):
        for i in range(GRID):
            if place[b, p, i] != REMOVED:
                place[b, p, i] = UP
        for column in range(GRID // ROWS):
            if _complete(grid, place, b, p, column):
                _remove(s, b, p, column)
        total = 0
        for i in range(GRID):
            if place[b, p, i] != REMOVED:
                total += grid[b, p, i]
        sums[p] = total
    round_number = ints[b, I_ROUND]
    doubled = -1
    if ender >= 0:  # S-SCORE-2
        mine = sums[ender]
        beaten = False
        for p in range(players):
            if p != ender and sums[p] <= mine:
                beaten = True
        if mine > 0 and beaten:
            doubled = ender
    hsums, hscores, hender = s[S_HSUMS], s[S_HSCORES], s[S_HENDER]
    record = round_number - 1 < hender.shape[1]
    highest = totals[b, 0] + sums[0] * (2 if doubled == 0 else 1)
    for p in range(players):
        score = sums[p] * (2 if doubled == p else 1)
        totals[b, p] += score
        if totals[b, p] > highest:
            highest = totals[b, p]
        if record:
            hsums[b, round_number - 1, p] = sums[p]
            hscores[b, round_number - 1, p] = score
    if record:
        hender[b, round_number - 1] = ender
    ints[b, I_TURNS] = turns
    ints[b, I_ENDER] = ender
    last = rules[R_ROUND] >= 0 and round_number >= rules[R_ROUND]
    if highest >= rules[R_END] or last:  # S-SCORE-3, S-END-3
        ints[b, I_PHASE] = OVER
        return GAME_OVER
    # S-SETUP-5: the round ender starts the next round; after a limit, the next seat.
    # The caller deals it (advance: the shuffle allocates, which this function may not).
    ints[b, I_STARTER] = ender if ender >= 0 else (ints[b, I_STARTER] + 1) % players
    return NEW_ROUND


@kernel
def reshuffle(b: int, s: Any) -> None:
    """S-DRAW-1: the discard pile but its top, shuffled, becomes game ``b``'s draw pile."""
    ints, draw, discard = s[S_INTS], s[S_DRAW], s[S_DISCARD]
    count = ints[b, I_DISCARD_LEN] - 1
    pile = draw[b]
    for i in range(count):
        pile[i] = discard[b, i]
    s[S_SEEDS][b] = _shuffle(pile, count, s[S_SEEDS][b])
    discard[b, 0] = discard[b, count]
    ints[b, I_DISCARD_LEN] = 1
    ints[b, I_DRAW_LEN] = count


@_helper
def apply_action(b: int, action: int, s: Any, rules: Any, deck: Any, pairs: Any) -> Any:
    """Apply legal ``action`` to game ``b``, the draw pile refilled if it draws (:func:`advance`).

    Returns 0, :data:`NEW_ROUND` (the next round to be dealt by the caller) or
    :data:`GAME_OVER`.
    """
    ints, grid, place = s[S_INTS], s[S_GRID], s[S_PLACE]
    draw, discard = s[S_DRAW], s[S_DISCARD]
    row = ints[b]
    seat = row[I_CURRENT]
    players = rules[R_PLAYERS]
    row[I_MOVES] += 1
    if action >= REVEAL_ACTIONS:  # S-SETUP-4
        reveals = s[S_REVEALS]
        reveals[b, seat, 0] = pairs[action - REVEAL_ACTIONS, 0]
        reveals[b, seat, 1] = pairs[action - REVEAL_ACTIONS, 1]
        if seat + 1 < players:
            row[I_CURRENT] = seat + 1
            return 0
        best, starter = 0, 0
        for p in range(players):
            first, second = reveals[b, p, 0], reveals[b, p, 1]
            place[b, p, first] = UP
            place[b, p, second] = UP
            total = grid[b, p, first] + grid[b, p, second]
            if p == 0 or total > best:  # S-SETUP-5: the highest sum, the earliest if tied
                best, starter = total, p
            reveals[b, p, 0] = -1
            reveals[b, p, 1] = -1
        if row[I_ROUND] == 1:
            row[I_STARTER] = starter
        row[I_PHASE] = TAKE
        row[I_CURRENT] = row[I_STARTER]
        return 0
    if action == 0:  # S-TURN-1 (the caller reshuffled an empty draw pile: advance)
        row[I_DRAW_LEN] -= 1
        row[I_HELD] = draw[b, row[I_DRAW_LEN]]
        row[I_SOURCE] = DRAW
        row[I_PHASE] = PLACE
        return 0
    if action == 1:  # S-TURN-2
        row[I_DISCARD_LEN] -= 1
        row[I_HELD] = discard[b, row[I_DISCARD_LEN]]
        row[I_SOURCE] = DISCARD
        row[I_PHASE] = PLACE
        return 0
    # S-TURN-2 / S-TURN-3: place the card held.
    at = action - SWAP if action < FLIP else action - FLIP
    if action < FLIP:
        _push(discard, ints, b, grid[b, seat, at])
        grid[b, seat, at] = row[I_HELD]
    else:
        _push(discard, ints, b, row[I_HELD])
    turned_up = place[b, seat, at] == DOWN
    place[b, seat, at] = UP
    removed = _complete(grid, place, b, seat, at // ROWS)
    if removed:
        _remove(s, b, seat, at // ROWS)
    row[I_HELD] = 0
    row[I_SOURCE] = NO_SOURCE
    # S-END-3: a turn that turns a card up or removes a column makes progress.
    row[I_STALL] = 0 if turned_up or removed else row[I_STALL] + 1
    turns = row[I_TURNS] + 1
    ender = row[I_ENDER]
    if ender < 0:
        down = False
        for i in range(GRID):
            if place[b, seat, i] == DOWN:
                down = True
        if not down:
            ender = seat  # S-END-1
    limited = rules[R_TURN] >= 0 and turns >= rules[R_TURN]
    stalled = rules[R_STALL] >= 0 and row[I_STALL] >= rules[R_STALL]
    if limited or stalled:
        return _end_round(b, -1, turns, s, rules, deck)
    following = (seat + 1) % players
    if following == ender:
        return _end_round(b, ender, turns, s, rules, deck)
    row[I_PHASE] = TAKE
    row[I_CURRENT] = following
    row[I_TURNS] = turns
    row[I_ENDER] = ender
    return 0


@kernel
def advance(b: int, action: int, s: Any, rules: Any, deck: Any, pairs: Any) -> Any:
    """Apply legal ``action`` to game ``b``; 0, :data:`NEW_ROUND` or :data:`GAME_OVER`.

    Reshuffles first if it draws from an empty pile, deals the next round if it ends one.
    """
    ints = s[S_INTS]
    if action == 0 and ints[b, I_DRAW_LEN] == 0:
        reshuffle(b, s)
    code = apply_action(b, action, s, rules, deck, pairs)
    if code == NEW_ROUND:
        deal_round(b, s, rules, deck, ints[b, I_ROUND] + 1, ints[b, I_STARTER])
    return code


@kernel
def step_games(
    actions: Any, moving: Any, outcome: Any, s: Any, rules: Any, deck: Any, pairs: Any
) -> None:
    """Apply ``actions[b]`` to each game ``b`` flagged in ``moving``; ``outcome[b]``: what ended."""
    ints = s[S_INTS]
    for b in range(actions.shape[0]):
        outcome[b] = 0
        if moving[b]:
            # advance(), written out: a call would count references to the arrays.
            action = actions[b]
            if action == 0 and ints[b, I_DRAW_LEN] == 0:
                reshuffle(b, s)
            code = apply_action(b, action, s, rules, deck, pairs)
            if code == NEW_ROUND:
                deal_round(b, s, rules, deck, ints[b, I_ROUND] + 1, ints[b, I_STARTER])
            outcome[b] = code


@kernel
def mask_rows(out: Any, s: Any, rules: Any, pairs: Any) -> None:
    """Row ``b`` of ``out``: the legal actions of game ``b``."""
    for b in range(out.shape[0]):
        legal_row(b, s, rules, pairs, out[b])


@_helper
def _next(rng: Any, b: int) -> Any:
    """The next output of game ``b``'s xorshift64 generator."""
    x = rng[b]
    x ^= x << np.uint64(13)
    x ^= x >> np.uint64(7)
    x ^= x << np.uint64(17)
    rng[b] = x
    return x


@_helper
def choose(policy: int, b: int, s: Any, rules: Any, pairs: Any, legal: Any, rng: Any) -> int:
    """The action ``policy`` chooses in game ``b`` (``legal``: a 92-boolean work row).

    ``random``: a uniformly random legal action (from the game's generator ``rng[b]``).
    ``replace-highest``: turn up places 0 and 1; take the discard pile's top if it is
    below the highest face-up card of the grid or not above 0, else draw; put a card
    in hand below the highest face-up card in its place; else a card taken from the
    discard pile, or one not above 3, on the first face-down place; else discard it
    and turn up the first face-down place; with none left, swap it for the highest.
    """
    count = legal_row(b, s, rules, pairs, legal)
    if policy == RANDOM:
        k = np.int64(_next(rng, b) % np.uint64(count))
        for a in range(legal.shape[0]):
            if legal[a]:
                if k == 0:
                    return a
                k -= 1
        return -1
    ints, grid, place = s[S_INTS], s[S_GRID], s[S_PLACE]
    phase = ints[b, I_PHASE]
    if phase == REVEAL:
        for a in range(REVEAL_ACTIONS, legal.shape[0]):
            if legal[a]:
                return a
        return -1
    seat = ints[b, I_CURRENT]
    highest, where, down = 0, -1, -1
    for i in range(GRID):
        state = place[b, seat, i]
        if state == UP and (where < 0 or grid[b, seat, i] > highest):
            highest, where = grid[b, seat, i], i
        elif state == DOWN and down < 0:
            down = i
    if phase == TAKE:
        if legal[1]:
            top = s[S_DISCARD][b, ints[b, I_DISCARD_LEN] - 1]
            if (where >= 0 and top < highest) or top <= 0 or not legal[0]:
                return 1
        return 0
    held = ints[b, I_HELD]
    if where >= 0 and held < highest:
        return SWAP + where
    if down >= 0:
        if ints[b, I_SOURCE] == DISCARD or held <= 3:
            return SWAP + down
        return FLIP + down
    return SWAP + where


@kernel
def policy_actions(policy: int, out: Any, s: Any, rules: Any, pairs: Any, rng: Any) -> None:
    """``out[b]``: the action ``policy`` chooses in each running game ``b`` (-1 in ended ones)."""
    legal = np.zeros(REVEAL_ACTIONS + pairs.shape[0], dtype=np.bool_)
    ints = s[S_INTS]
    for b in range(out.shape[0]):
        out[b] = -1 if ints[b, I_PHASE] == OVER else choose(policy, b, s, rules, pairs, legal, rng)


@kernel
def play_others(
    seat: int, policy: int, outcome: Any, s: Any, rules: Any, deck: Any, pairs: Any, rng: Any
) -> None:
    """Move every running game by ``policy`` until ``seat`` is to move or the game ends.

    ``outcome[b]``: :data:`GAME_OVER` where game ``b`` ended (not dealt anew), else 0.
    An environment's opponents play this way, all their moves in one call.
    """
    legal = np.zeros(REVEAL_ACTIONS + pairs.shape[0], dtype=np.bool_)
    ints = s[S_INTS]
    for b in range(ints.shape[0]):
        outcome[b] = 0
        while ints[b, I_PHASE] != OVER and ints[b, I_CURRENT] != seat:
            action = choose(policy, b, s, rules, pairs, legal, rng)
            # advance(), written out: a call would count references to the arrays.
            if action == 0 and ints[b, I_DRAW_LEN] == 0:
                reshuffle(b, s)
            code = apply_action(b, action, s, rules, deck, pairs)
            if code == NEW_ROUND:
                deal_round(b, s, rules, deck, ints[b, I_ROUND] + 1, ints[b, I_STARTER])
            elif code == GAME_OVER:
                outcome[b] = GAME_OVER


@_helper
def seed_generator(seed: Any) -> Any:
    """A game's policy generator state, from its seed (never 0)."""
    x = seed ^ np.uint64(0x9E3779B97F4A7C15)
    return x if x != 0 else np.uint64(1)


@kernel
def run_games(
    policy: int,
    seeds: Any,
    cursor: Any,
    budget: int,
    s: Any,
    rules: Any,
    deck: Any,
    pairs: Any,
    rng: Any,
    totals_out: Any,
    rounds_out: Any,
    moves_out: Any,
) -> int:
    """Play games ``cursor[0]`` .. ``len(seeds) - 1`` in slot 0, game ``g`` seeded ``seeds[g]``.

    ``cursor[0]`` is the game in the slot, ``cursor[1]`` whether it was dealt. Stops at
    the end or after about ``budget`` moves (at a move's end, the game left running, to
    be resumed by the next call); returns the moves made. Each finished game's totals,
    rounds and moves go to row ``g`` of the outputs.
    """
    legal = np.zeros(REVEAL_ACTIONS + pairs.shape[0], dtype=np.bool_)
    ints, totals = s[S_INTS], s[S_TOTALS]
    players = rules[R_PLAYERS]
    moves = 0
    while cursor[0] < seeds.shape[0] and moves < budget:
        game = cursor[0]
        if cursor[1] == 0:
            new_game(0, seeds[game], s, rules, deck)
            rng[0] = seed_generator(seeds[game])
            cursor[1] = 1
        while moves < budget:
            action = choose(policy, 0, s, rules, pairs, legal, rng)
            moves += 1
            # advance(), written out: a call would count references to the arrays.
            if action == 0 and ints[0, I_DRAW_LEN] == 0:
                reshuffle(0, s)
            code = apply_action(0, action, s, rules, deck, pairs)
            if code == NEW_ROUND:
                deal_round(0, s, rules, deck, ints[0, I_ROUND] + 1, ints[0, I_STARTER])
            elif code == GAME_OVER:
                for p in range(players):
                    totals_out[game, p] = totals[0, p]
                rounds_out[game] = ints[0, I_ROUND]
                moves_out[game] = ints[0, I_MOVES]
                cursor[0] = game + 1
                cursor[1] = 0
                break
    return moves


@kernel
def observe_rows(
    out: Any,
    games: Any,
    seats: Any,
    starts: Any,
    depth: int,
    index: Any,
    low: int,
    copies: Any,
    end_score: int,
    s: Any,
) -> None:
    """Row ``r`` of ``out``: game ``games[r]`` seen from ``seats[r]`` (skipbo.observation.skyjo).

    ``starts``: the field starts of the layout in its order (seat, to_move, starter,
    round_ender, phase, held, held_from, grids, discard_top, discard_counts, unseen,
    discard_size, draw_pile_size, totals); ``index[card - low]``: a card's one-hot index;
    ``copies``: the deck's count of each value. Reads only the public view (S-INFO-2).
    """
    ints, grid, place = s[S_INTS], s[S_GRID], s[S_PLACE]
    discard, totals = s[S_DISCARD], s[S_TOTALS]
    players = grid.shape[1]
    values = copies.shape[0]
    width = 2 + values
    unseen = np.empty(values, dtype=np.int64)
    for r in range(out.shape[0]):
        b = games[r]
        line = out[r]
        for at in range(line.shape[0]):
            line[at] = 0.0
        seat = seats[r]
        row = ints[b]
        line[starts[0] + seat] = 1.0
        line[starts[1] + (row[I_CURRENT] - seat) % players] = 1.0
        line[starts[2] + (row[I_STARTER] - seat) % players] = 1.0
        if row[I_ENDER] >= 0:
            line[starts[3] + (row[I_ENDER] - seat) % players] = 1.0
        line[starts[4] + row[I_PHASE]] = 1.0
        for v in range(values):
            unseen[v] = copies[v]
        if row[I_SOURCE] != NO_SOURCE:
            held = index[row[I_HELD] - low]
            line[starts[5] + held] = 1.0
            line[starts[6] + (1 if row[I_SOURCE] == DISCARD else 0)] = 1.0
            unseen[held] -= 1
        for owner in range(players):
            first = starts[7] + ((owner - seat) % players) * GRID * width
            for i in range(GRID):
                entry = first + i * width
                state = place[b, owner, i]
                if state == REMOVED:
                    line[entry + 1] = 1.0
                elif state == DOWN:
                    line[entry] = 1.0
                else:
                    card = index[grid[b, owner, i] - low]
                    line[entry + 2 + card] = 1.0
                    unseen[card] -= 1
        size = row[I_DISCARD_LEN]
        for below in range(min(depth, size)):
            card = index[discard[b, size - 1 - below] - low]
            line[starts[8] + below * values + card] = 1.0
        for k in range(size):
            card = index[discard[b, k] - low]
            line[starts[9] + card] += 1.0
            unseen[card] -= 1
        for v in range(values):
            line[starts[10] + v] = unseen[v]
        line[starts[11]] = size
        line[starts[12]] = row[I_DRAW_LEN]
        for owner in range(players):
            line[starts[13] + (owner - seat) % players] = max(totals[b, owner], -end_score)
