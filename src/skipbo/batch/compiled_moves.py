"""Compiled kernels of the batch's moves: plays, discards, ends of turns, draws, the deal.

The NumPy path of :class:`skipbo.batch.GameBatch` (:mod:`skipbo.batch.numpy_path`)
spends a few dozen whole-batch passes on a step, each with its own temporaries;
here each game is one short loop in machine code, reading and writing the batch's
arrays in place. Used when Numba is there (``skipbo.batch._jit``), they give the
NumPy path's numbers exactly: the tests run both against the core, step by step.

The rules are those of the NumPy path, rule by rule (its docstrings name the rule
IDs), in the action layout of :mod:`skipbo.games.skipbo.actions` (the plays from
the hand, then from the stock piles, then from the discard piles, each a
``(source, build pile)`` grid; then the discards, a ``(card value, discard pile)``
grid; then the pass). The reshuffle is not here: it is the core's seeded shuffle,
whose seeds are Python integers (``skipbo.batch.path``); a hand that needs it is
left to the caller, which reshuffles and then draws it with :func:`draw_hands`.
:func:`set_aside` and :func:`lay_under` move the cards on either side of that shuffle.
"""

from __future__ import annotations

from typing import Any

from skipbo.batch._jit import kernel
from skipbo.batch.arrays import BLOCKED, STALLED, STOCK_EMPTIED, TURN_LIMIT

__all__ = [
    "MOVE_ARRAYS",
    "deal",
    "draw_hands",
    "lay_under",
    "move",
    "set_aside",
]

MOVE_ARRAYS = (
    "stock", "stock_len", "stock_top", "hand", "hand_len", "discard", "discard_len",
    "discard_top", "build", "build_len", "draw", "draw_len", "completed", "completed_len",
    "current_player", "turn", "turn_moves", "empty_passes", "termination", "winning_team",
    "stall_turns",
)  # fmt: skip
"""The batch's arrays (:class:`~skipbo.batch.arrays.BatchArrays`) that :func:`move`,
:func:`deal` and :func:`~skipbo.batch.compiled_play.play_others` take, as one tuple
in this order."""


@kernel
def _draw_hand(  # pragma: no cover - compiled
    game: Any, seat: Any, hand: Any, hand_len: Any, draw: Any, draw_len: Any, hand_size: Any
) -> None:
    """Fill one hand from the top of the draw pile, as far as it goes (R-DRAW-1, R-DRAW-3)."""
    available = draw_len[game]
    taken = min(hand_size - hand_len[game, seat], available)
    for depth in range(taken):
        hand[game, seat, draw[game, available - 1 - depth]] += 1
    hand_len[game, seat] += taken
    draw_len[game] = available - taken


@kernel
def _needs_reshuffle(  # pragma: no cover - compiled
    game: Any, seat: Any, hand_len: Any, draw_len: Any, completed_len: Any, hand_size: Any
) -> bool:
    """R-DRAW-2: the hand needs more cards than the draw pile has, and cards are set aside."""
    return bool(hand_size - hand_len[game, seat] > draw_len[game] and completed_len[game] > 0)


@kernel
def draw_hands(  # pragma: no cover - runs compiled (tested against the core)
    games: Any,
    seats: Any,
    pending: Any,
    hand: Any,
    hand_len: Any,
    draw: Any,
    draw_len: Any,
    completed_len: Any,
    hand_size: Any,
) -> int:
    """Fill the hand of ``seats[r]`` in ``games[r]``; returns how many wait for a reshuffle.

    A hand whose fill needs the set-aside cards is not drawn: its row index is written
    to ``pending`` (the first ones), for the caller to reshuffle those games and draw
    them again (then nothing waits).
    """
    waiting = 0
    for row in range(games.shape[0]):
        game, seat = games[row], seats[row]
        if _needs_reshuffle(game, seat, hand_len, draw_len, completed_len, hand_size):
            pending[waiting] = row
            waiting += 1
        else:
            _draw_hand(game, seat, hand, hand_len, draw, draw_len, hand_size)
    return waiting


@kernel
def move(  # pragma: no cover - runs compiled (tested against the core)
    games: Any,
    actions: Any,
    fill_seats: Any,
    ended: Any,
    tables: Any,
    arrays: Any,
    turn_limit: Any,
    stall_limit: Any,
    hand_size: Any,
) -> None:
    """Make move ``actions[r]`` (legal, checked by the caller) in game ``games[r]``.

    Then the hand to fill (R-TURN-1, R-TURN-4) is drawn at once when the draw pile
    suffices; ``fill_seats[r]`` is set to the seat whose hand still waits for a
    reshuffle (R-DRAW-2, the caller's), or ``-1``. ``ended[r]``: whether the game
    ended with the move. A finished game is left as it is (its action is ignored).

    ``tables`` holds the engine's action tables, one row each: the source (a card
    value, stock pile or discard pile) and the pile of every action, each seat's own
    discard set and team, then the team's stock piles by team (flags, one row per
    team, from row 4). ``arrays`` are the batch's arrays named by :data:`MOVE_ARRAYS`,
    in that order. ``turn_limit`` and ``stall_limit`` (R-WIN-2, R-WIN-4 (b)) are ``-1``
    for none. The mask's checks include the turn's moves (R-WIN-4 (a)): this takes a
    legal action.
    """
    (
        stock,
        stock_len,
        stock_top,
        hand,
        hand_len,
        discard,
        discard_len,
        discard_top,
        build,
        build_len,
        draw,
        draw_len,
        completed,
        completed_len,
        current_player,
        turn,
        turn_moves,
        empty_passes,
        termination,
        winning_team,
        stall_turns,
    ) = arrays  # fmt: skip  (the order of MOVE_ARRAYS)
    players, values = hand.shape[1], hand.shape[2]
    stocks, piles = discard_len.shape[1], discard_len.shape[2]
    builds, highest = build_len.shape[1], build.shape[2]
    hand_end = values * builds
    stock_end = hand_end + stocks * builds
    play_end = stock_end + stocks * piles * builds
    passing = play_end + values * piles
    major, minor, own_discards, seat_team = tables[0], tables[1], tables[2], tables[3]
    for row in range(games.shape[0]):
        game, action = games[row], actions[row]
        fill_seats[row] = -1
        ended[row] = False
        if termination[game] != 0:
            continue
        seat = current_player[game]
        filling = -1
        if action < play_end:
            source, onto = major[action], minor[action]
            emptied = False
            if action < hand_end:  # R-TURN-2: a hand card
                card = source
                hand[game, seat, card] -= 1
                hand_len[game, seat] -= 1
            elif action < stock_end:  # R-TURN-3: the stock top; the next card shows
                pile = source - values
                card = stock_top[game, pile]
                left = stock_len[game, pile] - 1
                stock_len[game, pile] = left
                stock_top[game, pile] = stock[game, pile, left - 1] if left > 0 else -1
                emptied = left == 0
                stall_turns[game] = 0  # R-WIN-4 (b): a stock play is progress
            else:  # a discard pile's top
                flat = source - values - stocks
                pile, index = flat // piles, flat % piles
                card = discard_top[game, pile, index]
                left = discard_len[game, pile, index] - 1
                discard_len[game, pile, index] = left
                below = discard[game, pile, index, left - 1] if left > 0 else -1
                discard_top[game, pile, index] = below
            height = build_len[game, onto]
            build[game, onto, height] = card
            height += 1
            if height == highest:  # R-BUILD-4: the complete pile is set aside, wilds included
                end = completed_len[game]
                for position in range(highest):
                    completed[game, end + position] = build[game, onto, position]
                completed_len[game] = end + highest
                height = 0
            build_len[game, onto] = height
            turn_moves[game] += 1
            if emptied:  # R-WIN-1 / R-TEAM-3: the team's last stock card wins at once
                team = seat_team[seat]
                left = 0
                for pile in range(stocks):
                    left += stock_len[game, pile] * tables[4 + team, pile]
                if left == 0:
                    termination[game] = STOCK_EMPTIED
                    winning_team[game] = team
            if hand_len[game, seat] == 0 and termination[game] == 0:
                filling = seat  # R-TURN-4 / R-DRAW-3: a hand emptied by plays is refilled
        else:
            empty = action == passing and turn_moves[game] == 0  # R-WIN-2: an empty pass
            if action < passing:  # R-TURN-5, R-DISC-2: a hand card onto an own discard pile
                card, index = major[action], minor[action]
                hand[game, seat, card] -= 1
                hand_len[game, seat] -= 1
                pile = own_discards[seat]
                height = discard_len[game, pile, index]
                discard[game, pile, index, height] = card
                discard_len[game, pile, index] = height + 1
                discard_top[game, pile, index] = card
            passes = empty_passes[game] + 1 if empty else 0
            empty_passes[game] = passes
            stall = stall_turns[game] + 1  # R-WIN-4 (b): every turn end counts
            stall_turns[game] = stall
            if passes >= players:  # R-WIN-2: every player passed empty in a row
                termination[game] = BLOCKED
                turn_moves[game] += 1
            elif turn_limit >= 0 and turn[game] >= turn_limit:
                termination[game] = TURN_LIMIT
                turn_moves[game] += 1
            elif stall_limit >= 0 and stall >= stall_limit:  # R-WIN-4 (b): no stock play
                termination[game] = STALLED
                turn_moves[game] += 1
            else:  # R-TURN-7: the next seat's turn, its hand filled (R-TURN-1)
                following = seat + 1 if seat + 1 < players else 0
                current_player[game] = following
                turn[game] += 1
                turn_moves[game] = 0
                if hand_len[game, following] < hand_size:
                    filling = following
        if filling >= 0:
            if _needs_reshuffle(game, filling, hand_len, draw_len, completed_len, hand_size):
                fill_seats[row] = filling
            else:
                _draw_hand(game, filling, hand, hand_len, draw, draw_len, hand_size)
        ended[row] = termination[game] != 0


@kernel
def deal(  # pragma: no cover - runs compiled (tested against the core's new_game)
    slots: Any, decks: Any, first: Any, arrays: Any
) -> None:
    """Lay out the shuffled deck ``decks[r]`` as the new game of ``slots[r]``.

    Stock pile ``s`` takes the cards ``s * n .. (s + 1) * n``, top last (R-SETUP-2,
    R-SETUP-3); the rest is the draw pile, top last (R-SETUP-4); nothing else holds a
    card, and seat ``first`` is to move, its hand not yet drawn (R-SETUP-7: the caller
    fills it as every hand is filled). ``arrays`` are :func:`move`'s.
    """
    (
        stock,
        stock_len,
        stock_top,
        hand,
        hand_len,
        _,
        discard_len,
        discard_top,
        _,
        build_len,
        draw,
        draw_len,
        _,
        completed_len,
        current_player,
        turn,
        turn_moves,
        empty_passes,
        termination,
        winning_team,
        stall_turns,
    ) = arrays  # fmt: skip  (the order of MOVE_ARRAYS)
    stocks, stock_size = stock.shape[1], stock.shape[2]
    dealt = stocks * stock_size
    size = decks.shape[1]
    for row in range(slots.shape[0]):
        game = slots[row]
        for pile in range(stocks):
            for position in range(stock_size):
                stock[game, pile, position] = decks[row, pile * stock_size + position]
            stock_len[game, pile] = stock_size
            stock_top[game, pile] = decks[row, (pile + 1) * stock_size - 1]
        for position in range(size - dealt):
            draw[game, position] = decks[row, dealt + position]
        draw_len[game] = size - dealt
        discard_len[game] = 0
        discard_top[game] = -1
        build_len[game] = 0
        completed_len[game] = 0
        hand[game] = 0
        hand_len[game] = 0
        current_player[game] = first
        turn[game] = 1
        turn_moves[game] = 0
        empty_passes[game] = 0
        stall_turns[game] = 0
        termination[game] = 0
        winning_team[game] = -1


@kernel
def set_aside(  # pragma: no cover - runs compiled (tested against the core)
    games: Any, completed: Any, completed_len: Any, cards: Any
) -> None:
    """The set-aside cards of each of ``games``, one run after another, into ``cards``.

    Game ``games[r]``'s run is its ``completed_len`` cards: the runs the reshuffle
    shuffles.
    """
    at = 0
    for row in range(games.shape[0]):
        game = games[row]
        count = completed_len[game]
        for position in range(count):
            cards[at + position] = completed[game, position]
        at += count


@kernel
def lay_under(  # pragma: no cover - runs compiled (tested against the core)
    games: Any, cards: Any, draw: Any, draw_len: Any, completed_len: Any
) -> None:
    """Put each game's shuffled run of ``cards`` under its draw pile; nothing is set aside.

    The runs are those of :func:`set_aside`, in order: the reshuffle of R-DRAW-2, as
    :meth:`skipbo.batch.path.BatchPath.reshuffle_under` explains.
    """
    at = 0
    for row in range(games.shape[0]):
        game = games[row]
        count, have = completed_len[game], draw_len[game]
        for position in range(have - 1, -1, -1):  # from the top: the pile moves up
            draw[game, count + position] = draw[game, position]
        for position in range(count):
            draw[game, position] = cards[at + position]
        draw_len[game] = have + count
        completed_len[game] = 0
        at += count
