"""Compiled kernels of the batch's turn: the legal action rows, the moves, the draws, the deal.

And the batch policies' choice (:func:`ranked_choice`), and the other seats' steps
up to one seat's turn, all in one call (:func:`play_others`).

The NumPy path of :class:`skipbo.batch.GameBatch` spends a few dozen whole-batch
passes on a mask and as many on a step, each with its own temporaries; here each
game is one short loop in machine code, reading and writing the batch's arrays in
place. Used when Numba is there (``skipbo.batch._jit``), they give the NumPy
path's numbers exactly: the tests run both against the core, step by step.

The rules are those of the NumPy path, rule by rule (its docstrings name the rule
IDs): the action layout is :mod:`skipbo.games.skipbo.actions`' (the plays from the hand, then
from the stock piles, then from the discard piles, each a ``(source, build pile)``
grid; then the discards, a ``(card value, discard pile)`` grid; then the pass).
The reshuffle is not here: it is the core's seeded shuffle, whose seeds are Python
integers (``GameBatch._reshuffle_under``); a hand that needs it is left to the
caller, which reshuffles and then draws it with :func:`draw_hands`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from skipbo.batch._jit import kernel
from skipbo.batch.arrays import TERMINATIONS
from skipbo.games.skipbo.state import Termination

__all__ = [
    "BLOCKED",
    "MOVE_ARRAYS",
    "STOCK_EMPTIED",
    "TURN_LIMIT",
    "deal",
    "draw_hands",
    "first_refused",
    "lay_under",
    "legal_rows",
    "move",
    "play_others",
    "ranked_choice",
    "set_aside",
]

STOCK_EMPTIED = TERMINATIONS.index(Termination.STOCK_EMPTIED)
"""The ``termination`` code of a game won by an emptied stock (R-WIN-1)."""
BLOCKED = TERMINATIONS.index(Termination.BLOCKED)
"""The ``termination`` code of a blocked game (R-WIN-2)."""
TURN_LIMIT = TERMINATIONS.index(Termination.TURN_LIMIT)
"""The ``termination`` code of a game stopped by the turn limit."""


@kernel
def _takes(height: Any, card: Any) -> bool:  # pragma: no cover - compiled
    """Whether a build pile of ``height`` cards takes ``card``: a wild, or the next number."""
    return bool(card == 0 or card == height + 1)  # R-BUILD-2, R-BUILD-3


@kernel
def legal_rows(  # pragma: no cover - runs compiled (tested against the NumPy mask)
    out: Any,
    games: Any,
    current_player: Any,
    hand: Any,
    hand_len: Any,
    stock_top: Any,
    build_len: Any,
    discard_top: Any,
    termination: Any,
    source_stocks: Any,
) -> None:
    """Row ``r`` of ``out``: the legal actions of game ``games[r]`` (its mask row).

    ``source_stocks[seat]`` are the stock piles (and so the discard sets) the seat
    plays from (R-TURN-2, R-TEAM-1, R-TEAM-2).
    """
    values = hand.shape[2]
    stocks, piles = discard_top.shape[1], discard_top.shape[2]
    builds = build_len.shape[1]
    hand_end = values * builds
    stock_end = hand_end + stocks * builds
    play_end = stock_end + stocks * piles * builds
    passing = play_end + values * piles
    for row in range(games.shape[0]):
        game = games[row]
        line = out[row]
        line[:] = False
        if termination[game] != 0:
            continue  # R-WIN-3: a finished game has no legal action
        seat = current_player[game]
        for card in range(values):
            if hand[game, seat, card] > 0:
                for build in range(builds):
                    if _takes(build_len[game, build], card):
                        line[card * builds + build] = True
                for pile in range(piles):  # R-TURN-5, R-DISC-2: onto any own discard pile
                    line[play_end + card * piles + pile] = True
        for source in range(source_stocks.shape[1]):
            stock = source_stocks[seat, source]
            top = stock_top[game, stock]
            if top >= 0:
                for build in range(builds):
                    if _takes(build_len[game, build], top):
                        line[hand_end + stock * builds + build] = True
            for pile in range(piles):
                top = discard_top[game, stock, pile]
                if top >= 0:
                    first = stock_end + (stock * piles + pile) * builds
                    for build in range(builds):
                        if _takes(build_len[game, build], top):
                            line[first + build] = True
        line[passing] = hand_len[game, seat] == 0  # R-TURN-8: a pass only with an empty hand


@kernel
def first_refused(  # pragma: no cover - runs compiled (tested against the NumPy checks)
    actions: Any, termination: Any, mask: Any, found: Any
) -> None:
    """The first running games whose action is refused, into ``found``.

    ``found[0]``: the first whose action is outside the actions; ``found[1]``: the
    first whose action is illegal (its mask entry ``False``); ``-1`` where none is.
    Finished games' actions are ignored, as the step ignores them.
    """
    count = mask.shape[1]
    found[0] = -1
    found[1] = -1
    for game in range(actions.shape[0]):
        if termination[game] != 0:
            continue
        action = actions[game]
        if action < 0 or action >= count:
            if found[0] < 0:
                found[0] = game
        elif found[1] < 0 and not mask[game, action]:
            found[1] = game


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
    in that order. ``turn_limit`` is ``-1`` for none.
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
            if passes >= players:  # R-WIN-2: every player passed empty in a row
                termination[game] = BLOCKED
                turn_moves[game] += 1
            elif turn_limit >= 0 and turn[game] >= turn_limit:
                termination[game] = TURN_LIMIT
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
    ``GameBatch._reshuffle_under`` explains.
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


@kernel
def ranked_choice(  # pragma: no cover - runs compiled (tested against the NumPy choice)
    mask: Any, ranks: Any, out: Any
) -> None:
    """``out[r]``: the legal action of highest rank in row ``r`` of ``mask`` (bytes, 0 or 1).

    A row with no legal action gives ``0``, as the NumPy choice does.
    """
    actions = _actions_of_rank(ranks)
    for row in range(mask.shape[0]):
        out[row] = actions[_best_rank(mask[row], ranks)]


@kernel
def _actions_of_rank(ranks: Any) -> Any:  # pragma: no cover - compiled
    """The action of each rank (rank 0, no legal action: action 0)."""
    actions = np.zeros(ranks.shape[0] + 1, dtype=np.int64)
    for action in range(ranks.shape[0]):
        actions[ranks[action]] = action
    return actions


@kernel
def _best_rank(line: Any, ranks: Any) -> Any:  # pragma: no cover - compiled
    """The highest rank of a legal action in ``line`` (``0`` if none is legal).

    Rank times flag, without branches, which the compiler vectorises.
    """
    best: Any = 0
    for action in range(line.shape[0]):
        best = max(best, np.int64(ranks[action]) * np.int64(line[action]))
    return best


MOVE_ARRAYS = (
    "stock", "stock_len", "stock_top", "hand", "hand_len", "discard", "discard_len",
    "discard_top", "build", "build_len", "draw", "draw_len", "completed", "completed_len",
    "current_player", "turn", "turn_moves", "empty_passes", "termination", "winning_team",
)  # fmt: skip
"""The batch's arrays (:class:`~skipbo.batch.arrays.BatchArrays`) that :func:`move`
and :func:`play_others` take, as one tuple in this order."""
# Where play_others finds the arrays the mask reads (constants, for the compiler).
_CURRENT_PLAYER = MOVE_ARRAYS.index("current_player")
_TERMINATION = MOVE_ARRAYS.index("termination")
_HAND, _HAND_LEN = MOVE_ARRAYS.index("hand"), MOVE_ARRAYS.index("hand_len")
_STOCK_TOP, _BUILD_LEN = MOVE_ARRAYS.index("stock_top"), MOVE_ARRAYS.index("build_len")
_DISCARD_TOP = MOVE_ARRAYS.index("discard_top")

DONE, STOPPED, MORE = 0, 1, 2
""":func:`play_others`' answers: no game waits; a step ended games or waits for a
reshuffle; the rank rows ran out."""


@kernel
def play_others(  # pragma: no cover - runs compiled (tested against the NumPy path)
    seat: Any,
    ranks: Any,
    scratch: Any,
    ended: Any,
    reshuffling: Any,
    source_stocks: Any,
    tables: Any,
    arrays: Any,
    turn_limit: Any,
    hand_size: Any,
) -> Any:
    """Steps of the running games where another seat than ``seat`` is to move.

    Step ``k`` moves each such game by its legal action of highest rank in
    ``ranks[k]`` (one batch step of those games, as
    :meth:`skipbo.batch.GameBatch.step` with ``only``). It stops after the first
    step that ended a game (``ended[game]`` set) or left a hand waiting for a
    reshuffle (``reshuffling[game]``: the seat, for the caller to reshuffle and
    draw; ``-1`` elsewhere). Returns ``(steps, answer)``: the rank rows used, and
    ``DONE`` (no game waits), ``STOPPED`` or ``MORE`` (the rows ran out).
    ``scratch`` is a ``(B, actions)`` boolean work
    array; ``tables`` and ``arrays`` are :func:`move`'s.
    """
    current_player, termination = arrays[_CURRENT_PLAYER], arrays[_TERMINATION]
    hand, hand_len, stock_top = arrays[_HAND], arrays[_HAND_LEN], arrays[_STOCK_TOP]
    build_len, discard_top = arrays[_BUILD_LEN], arrays[_DISCARD_TOP]
    size = termination.shape[0]
    games = np.empty(size, dtype=np.int64)
    actions = np.empty(size, dtype=np.int64)
    fill = np.empty(size, dtype=np.int64)
    finished = np.empty(size, dtype=np.bool_)
    for step in range(ranks.shape[0]):
        count = 0
        for game in range(size):
            if termination[game] == 0 and current_player[game] != seat:
                games[count] = game
                count += 1
        if count == 0:
            return step, DONE
        moving, rows = games[:count], scratch[:count]
        legal_rows(
            rows, moving, current_player, hand, hand_len, stock_top, build_len, discard_top,
            termination, source_stocks,
        )  # fmt: skip
        action_of_rank = _actions_of_rank(ranks[step])
        for row in range(count):
            best = _best_rank(rows[row], ranks[step])
            if best == 0:
                raise RuntimeError("a running game has no legal action")
            actions[row] = action_of_rank[best]
        move(
            moving, actions[:count], fill[:count], finished[:count], tables, arrays,
            turn_limit, hand_size,
        )  # fmt: skip
        stop = False
        for row in range(count):
            if fill[row] >= 0:
                reshuffling[moving[row]] = fill[row]
                stop = True
            if finished[row]:
                ended[moving[row]] = True
                stop = True
        if stop:
            return step + 1, STOPPED
    return ranks.shape[0], MORE
