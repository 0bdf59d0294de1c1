"""Compiled kernels of the batch's legal actions: the mask rows and a step's checks.

Each game's row is one short loop in machine code over the batch's own arrays,
where the NumPy path (:mod:`skipbo.batch.numpy_mask`) spends a few dozen
whole-batch passes with their temporaries. The rules are the NumPy path's, rule by
rule, in the action layout of :mod:`skipbo.games.skipbo.actions`: the plays from the
hand, then from the stock piles, then from the discard piles, each a ``(source,
build pile)`` grid; then the discards, a ``(card value, discard pile)`` grid; then
the pass. The tests compare both with the core's ``legal_action_mask``.
"""

from __future__ import annotations

from typing import Any

from skipbo.batch._jit import kernel

__all__ = ["first_refused", "legal_rows"]


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
    turn_moves: Any,
    turn_move_limit: Any,
) -> None:
    """Row ``r`` of ``out``: the legal actions of game ``games[r]`` (its mask row).

    ``source_stocks[seat]`` are the stock piles (and so the discard sets) the seat
    plays from (R-TURN-2, R-TEAM-1, R-TEAM-2). ``turn_move_limit`` is the rules'
    (R-WIN-4 (a)), ``-1`` for none.
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
        # R-WIN-4 (a): a turn that has made its moves may only end: no play is left.
        playing = turn_move_limit < 0 or turn_moves[game] < turn_move_limit
        for card in range(values):
            if hand[game, seat, card] > 0:
                if playing:
                    for build in range(builds):
                        if _takes(build_len[game, build], card):
                            line[card * builds + build] = True
                for pile in range(piles):  # R-TURN-5, R-DISC-2: onto any own discard pile
                    line[play_end + card * piles + pile] = True
        line[passing] = hand_len[game, seat] == 0  # R-TURN-8: a pass only with an empty hand
        if not playing:
            continue
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
