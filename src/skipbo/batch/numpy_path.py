"""The batch's NumPy path: every move, draw and deal of a step as a few whole-array passes.

Stepping thousands of games costs a few NumPy operations over whole arrays only if
the arrays are updated in place, one linear index per element (NumPy's fastest fancy
indexing): the path keeps flat views of the batch's arrays and writes through them.
It runs where Numba is not (or with ``compiled=False``), and is the reference the
compiled path (:mod:`skipbo.batch.compiled_path`) is compared with: both give the
same games, bit for bit, and the tests run both against the core. The mask is
:mod:`skipbo.batch.numpy_mask`'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from skipbo.batch.arrays import (
    BLOCKED,
    STALLED,
    STOCK_EMPTIED,
    TURN_LIMIT,
    Array,
    BatchArrays,
    positions,
)
from skipbo.batch.numpy_mask import NumpyMask
from skipbo.batch.path import BatchPath
from skipbo.batch.policies import RankedPolicy, choose
from skipbo.batch.tables import BatchTables
from skipbo.games.skipbo.rules import Rules

__all__ = ["SMALL_DRAW", "NumpyPath"]

SMALL_DRAW = 32
"""Up to this many games drawing in a step, their cards are counted by one ``np.add.at``."""


class NumpyPath(BatchPath):
    """The mask, moves, draws and deals of ``size`` games by NumPy (see the module docs).

    Attributes:
        legal: The mask's computation and working arrays.

    """

    def __init__(self, rules: Rules, tables: BatchTables, arrays: BatchArrays, size: int) -> None:
        super().__init__(rules, tables, arrays)
        self.legal = NumpyMask(tables, arrays, size)
        self._mask_rows = np.arange(size, dtype=np.int64) * tables.action_count
        self._hand_positions = np.arange(tables.hand_size, dtype=np.int64)
        self._build_positions = np.arange(tables.highest, dtype=np.int64)
        a = arrays
        self._stock_f = a.stock.reshape(-1)
        self._stock_len_f = a.stock_len.reshape(-1)
        self._stock_top_f = a.stock_top.reshape(-1)
        self._hand_f = a.hand.reshape(-1)
        self._hand_len_f = a.hand_len.reshape(-1)
        self._discard_f = a.discard.reshape(-1)
        self._discard_len_f = a.discard_len.reshape(-1)
        self._discard_top_f = a.discard_top.reshape(-1)
        self._build_f = a.build.reshape(-1)
        self._build_len_f = a.build_len.reshape(-1)
        self._draw_f = a.draw.reshape(-1)
        self._completed_f = a.completed.reshape(-1)

    @property
    def nbytes(self) -> int:
        """The memory of the mask's working arrays and table, in bytes."""
        return self.legal.nbytes

    def mask(self, out: npt.NDArray[np.bool_], slots: Array | None) -> None:
        """Row ``r`` of ``out``: the legal actions of game ``slots[r]`` (all games if ``None``)."""
        self.legal.fill(out, slots)

    def first_refused(
        self, actions: npt.NDArray[Any], mask: npt.NDArray[np.bool_]
    ) -> tuple[int, int]:
        """``(outside, illegal)``: the first running games whose action is refused, or ``-1``."""
        running = self.arrays.termination == 0
        # Checked before the cast to int64, which would wrap a large uint64 to a
        # negative action and name that instead of the action given.
        outside = running & ((actions < 0) | (actions >= self.tables.action_count))
        if outside.any():
            return int(np.flatnonzero(outside)[0]), -1
        chosen = actions.astype(np.int64, copy=False)
        flat = mask.reshape(-1)
        # One flat index per game: NumPy's fastest gather.
        if running.all():  # as with auto-reset: no game to leave out
            legal = np.take(flat, self._mask_rows + chosen)
        else:
            legal = np.take(flat, self._mask_rows + np.where(running, chosen, 0)) | ~running
        if not legal.all():
            return -1, int(np.flatnonzero(~legal)[0])
        return -1, -1

    def move_all(self, actions: Array) -> npt.NDArray[np.bool_]:
        """Make the move of ``actions[g]`` in every running game ``g``; whether each game ended."""
        termination = self.arrays.termination
        running = termination == 0
        all_running = bool(running.all())
        playing = actions < self.tables.play_end
        plays = np.flatnonzero(playing if all_running else running & playing)
        ends = np.flatnonzero(~playing if all_running else running & ~playing)
        self._move(plays, actions[plays], ends, actions[ends])
        ended: npt.NDArray[np.bool_] = termination != 0
        return ended if all_running else running & ended

    def move(self, games: Array, actions: Array) -> npt.NDArray[np.bool_]:
        """Make the move of ``actions[r]`` in game ``games[r]``; whether each of them ended."""
        playing = actions < self.tables.play_end
        self._move(games[playing], actions[playing], games[~playing], actions[~playing])
        ended: npt.NDArray[np.bool_] = self.arrays.termination[games] != 0
        return ended

    def play_others(
        self, seat: int, policy: RankedPolicy, max_steps: int
    ) -> tuple[npt.NDArray[np.bool_], bool] | None:
        """:meth:`~skipbo.batch.path.BatchPath.play_others`, one step at a time.

        Each step computes the mask rows of the moving games only.
        """
        a, t = self.arrays, self.tables
        for _ in range(max_steps):
            moving = np.flatnonzero((a.current_player != seat) & (a.termination == 0))
            if not moving.size:
                return np.zeros(a.termination.size, dtype=np.bool_), True
            rows = np.empty((moving.size, t.action_count), dtype=np.bool_)
            self.mask(rows, moving)
            if not rows.any(axis=1).all():  # pragma: no cover - R-TURN-5, R-TURN-8: never
                raise RuntimeError("a running game has no legal action")
            ranks = policy.upcoming()[0]
            policy.consume(1)
            ended = self.move(moving, choose(rows, ranks))
            if ended.any():
                stopped = np.zeros(a.termination.size, dtype=np.bool_)
                stopped[moving] = ended
                return stopped, False
        return None

    def _move(self, plays: Array, playing: Array, ends: Array, ending: Array) -> None:
        """Play ``playing`` in games ``plays``, and discard or pass ``ending`` in ``ends``."""
        a = self.arrays
        seat = a.current_player
        fills: list[tuple[Array, Array]] = []  # (games, seats): hands to fill after the move
        if plays.size:
            fills.append(self._play(plays, playing, seat[plays]))
        if ends.size:
            # R-WIN-2: a pass as the first move of a turn is an empty pass.
            empty = (ending == self.tables.pass_action) & (a.turn_moves[ends] == 0)
            discards = ending < self.tables.pass_action
            if discards.all():
                self._discard(ends, ending, seat[ends])
            elif discards.any():
                self._discard(ends[discards], ending[discards], seat[ends[discards]])
            fills.append(self._end_turn(ends, empty))
        if fills:
            # A game either plays or ends its turn: the two sets of games are disjoint,
            # so their hands are filled together, in one draw.
            games, seats = (np.concatenate(parts) for parts in zip(*fills, strict=True))
            if games.size:
                self.draw(games, seats)

    def _play(self, games: Array, chosen: Array, seat: Array) -> tuple[Array, Array]:
        """Play onto build piles (R-TURN-2, R-TURN-3, R-BUILD-*, R-WIN-1, R-TURN-4).

        Returns the games and seats whose hand is to be filled (:meth:`draw`).
        """
        a, t = self.arrays, self.tables
        players, values, builds = t.players, t.values, t.builds
        card = np.empty(games.size, dtype=np.int64)
        source = t.action_major[chosen]  # a card value, stock pile or discard pile
        build = t.action_minor[chosen]
        from_hand = chosen < t.hand_end
        from_stock = ~from_hand & (chosen < t.stock_end)
        from_discard = chosen >= t.stock_end

        if from_hand.any():
            g = games[from_hand]
            held = (g * players + seat[from_hand]) * values
            cards = source[from_hand]
            card[from_hand] = cards
            self._hand_f[held + cards] -= 1
            self._hand_len_f[g * players + seat[from_hand]] -= 1
        emptied_stock = np.zeros(0, dtype=np.int64)
        if from_stock.any():
            g = games[from_stock]
            pile = g * t.stocks + source[from_stock] - values
            card[from_stock] = self._stock_top_f[pile]
            # R-TURN-3: the next card of the stock pile becomes the top.
            left = self._stock_len_f[pile] - 1
            self._stock_len_f[pile] = left
            below = self._stock_f[pile * t.stock_size + left - 1]
            self._stock_top_f[pile] = np.where(left > 0, below, -1)
            emptied_stock = np.flatnonzero(from_stock)[left == 0]
            a.stall_turns[g] = 0  # R-WIN-4 (b): a stock play is progress
        if from_discard.any():
            g = games[from_discard]
            pile = g * (t.stocks * t.piles) + source[from_discard] - t.sources_stock_end
            card[from_discard] = self._discard_top_f[pile]
            left = self._discard_len_f[pile] - 1
            self._discard_len_f[pile] = left
            below = self._discard_f[pile * t.deck_size + left - 1]
            self._discard_top_f[pile] = np.where(left > 0, below, -1)

        target = games * builds + build
        height = self._build_len_f[target]
        self._build_f[target * t.highest + height] = card
        height += 1
        complete = height == t.highest
        self._build_len_f[target] = np.where(complete, 0, height)
        if complete.any():
            # R-BUILD-4: the complete pile is set aside, wilds included.
            g = games[complete]
            end = a.completed_len[g]
            whole = (target[complete] * t.highest)[:, None] + self._build_positions
            self._completed_f[(g * t.deck_size + end)[:, None] + self._build_positions] = (
                self._build_f[whole]
            )
            a.completed_len[g] = end + t.highest
        a.turn_moves[games] += 1

        if emptied_stock.size:
            # R-WIN-1 / R-TEAM-3: the team's last stock card wins at once.
            g = games[emptied_stock]
            team = t.seat_team[seat[emptied_stock]]
            left = (a.stock_len[g] * t.team_stocks[team]).sum(axis=1)
            won = left == 0
            a.termination[g[won]] = STOCK_EMPTIED
            a.winning_team[g[won]] = team[won]
        # R-TURN-4 / R-DRAW-3: a hand emptied by plays is refilled at once.
        held_at = games * players + seat
        refill = (self._hand_len_f[held_at] == 0) & (a.termination[games] == 0)
        return games[refill], seat[refill]

    def _discard(self, games: Array, chosen: Array, seat: Array) -> None:
        """Put a hand card on an own discard pile (R-TURN-5, R-DISC-2)."""
        t = self.tables
        cards = t.action_major[chosen]
        held = games * t.players + seat
        self._hand_f[held * t.values + cards] -= 1
        self._hand_len_f[held] -= 1
        pile = (games * t.stocks + t.own_discards[seat]) * t.piles + t.action_minor[chosen]
        height = self._discard_len_f[pile]
        self._discard_f[pile * t.deck_size + height] = cards
        self._discard_len_f[pile] = height + 1
        self._discard_top_f[pile] = cards

    def _end_turn(self, games: Array, empty: npt.NDArray[np.bool_]) -> tuple[Array, Array]:
        """End the turn (R-TURN-7, R-WIN-2, R-WIN-4 (b)).

        Returns the games and seats whose hand is to be filled: the next player's, when
        short (R-TURN-1; :meth:`draw`).
        """
        a, t = self.arrays, self.tables
        passes = np.where(empty, a.empty_passes[games] + 1, 0)
        a.empty_passes[games] = passes
        # R-WIN-4 (b): every turn end counts, also the one that ends the game.
        stall = a.stall_turns[games] + 1
        a.stall_turns[games] = stall
        # The end checks in the core's order: blocked, the turn limit, stalled.
        blocked = passes >= t.players
        over = blocked
        if t.turn_limit >= 0:
            timed_out = ~over & (a.turn[games] >= t.turn_limit)
            a.termination[games[timed_out]] = TURN_LIMIT
            over = over | timed_out
        if t.stall_limit >= 0:
            stalled = ~over & (stall >= t.stall_limit)
            a.termination[games[stalled]] = STALLED
            over = over | stalled
        a.termination[games[blocked]] = BLOCKED
        if over.any():
            a.turn_moves[games[over]] += 1
            games = games[~over]
        following = a.current_player[games] + 1
        following[following == t.players] = 0
        a.current_player[games] = following
        a.turn[games] += 1
        a.turn_moves[games] = 0
        short = self._hand_len_f[games * t.players + following] < t.hand_size
        return games[short], following[short]

    def draw(self, games: Array, seats: Array) -> None:
        """Fill the hands of ``seats`` in ``games`` from the draw pile (R-DRAW-1..3)."""
        a, t = self.arrays, self.tables
        held = games * t.players + seats
        have = self._hand_len_f[held]
        needed = t.hand_size - have
        available = a.draw_len[games]
        reshuffle = (needed > available) & (a.completed_len[games] > 0)
        if reshuffle.any():
            self.reshuffle_under(games[reshuffle])
            available = a.draw_len[games]
        taken = np.minimum(needed, available)
        # The top `taken` cards, top (end of the pile) first.
        depth = self._hand_positions
        drawn = depth < taken[:, None]
        position = np.where(drawn, available[:, None] - 1 - depth, 0)
        cards = self._draw_f[(games * t.deck_size)[:, None] + position]
        at = (held * t.values)[:, None] + cards
        if games.size <= SMALL_DRAW:
            # A few games (an opponents' phase): one np.add.at, which counts repeated
            # cards, costs less than the loop's fixed costs.
            np.add.at(self._hand_f, at[drawn], 1)
        else:
            for card in range(int(taken.max(initial=0))):
                # One card a game at a time: no index repeats, so a plain += counts every
                # card (np.add.at, which allows repeats, is three times slower for many).
                self._hand_f[at[taken > card, card]] += 1
        self._hand_len_f[held] = have + taken
        a.draw_len[games] = available - taken

    def set_aside(self, games: Array, count: Array) -> Array:
        """The completed cards of each of ``games``, one run after another: one gather."""
        cards: Array = self._completed_f[self._bottoms(games, count)].astype(np.int64)
        return cards

    def lay_under(self, games: Array, cards: Array, count: Array) -> None:
        """Put each game's run of ``cards`` under its draw pile; nothing is set aside then."""
        a = self.arrays
        start = games * self.tables.deck_size
        have = a.draw_len[games]
        below = positions(have)
        kept = self._draw_f[np.repeat(start, have) + below]
        self._draw_f[np.repeat(start + count, have) + below] = kept
        self._draw_f[self._bottoms(games, count)] = cards
        a.draw_len[games] = have + count
        a.completed_len[games] = 0

    def _bottoms(self, games: Array, count: Array) -> Array:
        """The flat indices of the first ``count`` places of each game's pile (of deck size)."""
        return np.repeat(games * self.tables.deck_size, count) + positions(count)

    def lay_out(self, slots: Array, decks: Array, first: int) -> None:
        """Lay out the shuffled deck ``decks[r]`` as the new game of ``slots[r]``."""
        a, t = self.arrays, self.tables
        dealt = t.stocks * t.stock_size
        # R-SETUP-2, R-SETUP-3: stock pile s takes the cards s * n .. (s + 1) * n, top last.
        a.stock[slots, :, : t.stock_size] = decks[:, :dealt].reshape(slots.size, t.stocks, -1)
        a.stock_len[slots] = t.stock_size
        a.stock_top[slots] = decks[:, t.stock_size - 1 : dealt : t.stock_size]
        # R-SETUP-4: the rest is the draw pile, top last; nothing else holds a card.
        a.draw[slots, : t.deck_size - dealt] = decks[:, dealt:]
        a.draw_len[slots] = t.deck_size - dealt
        for name in ("discard_len", "build_len", "completed_len", "hand", "hand_len"):
            getattr(a, name)[slots] = 0
        a.discard_top[slots] = -1
        a.current_player[slots] = first
        a.turn[slots] = 1
        a.turn_moves[slots] = 0
        a.empty_passes[slots] = 0
        a.stall_turns[slots] = 0
        a.termination[slots] = 0
        a.winning_team[slots] = -1
