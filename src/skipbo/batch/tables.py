"""The numbers a batch of one :class:`~skipbo.Rules` computes with, worked out once.

Both paths of :class:`skipbo.batch.GameBatch` (the NumPy one and the compiled one)
read the same tables: where each block of actions of :mod:`skipbo.games.skipbo.actions`
ends, every action split into its two coordinates, each seat's discard set, team
and stock piles (R-TEAM-1, R-TEAM-2, R-TEAM-3), and the deck as ``new_game``
shuffles it. They depend on the rules only, never on the games, and no path writes
to them.
"""

from __future__ import annotations

import numpy as np

from skipbo.batch.arrays import Array
from skipbo.games.skipbo.actions import action_count
from skipbo.games.skipbo.rules import Rules

__all__ = ["MAX_BUILD_PILES", "BatchTables"]

MAX_BUILD_PILES = 16
"""The NumPy mask codes a card's build piles as bits; more build piles are refused."""


class BatchTables:
    """The action layout and the seats' piles of ``rules``, as NumPy arrays and integers.

    Raises:
        ValueError: if the rules have more than :data:`MAX_BUILD_PILES` build piles.

    """

    def __init__(self, rules: Rules) -> None:
        self.action_count = action_count(rules)
        self.players = rules.players
        self.stocks = rules.stock_pile_count
        self.piles = rules.discard_pile_count  # discard piles a set
        self.builds = rules.build_pile_count
        if self.builds > MAX_BUILD_PILES:
            raise ValueError(f"skipbo.batch handles at most {MAX_BUILD_PILES} build piles")
        self.highest = rules.deck.highest
        self.values = rules.deck.highest + 1  # card values, WILD (0) included
        self.deck_size = rules.deck.size
        self.hand_size = rules.hand_size
        self.stock_size = rules.stock_size
        # The optional bounds as the kernels take them, -1 for none (R-WIN-2, R-WIN-4).
        self.turn_limit = _bound(rules.turn_limit)
        self.turn_move_limit = _bound(rules.turn_move_limit)
        self.stall_limit = _bound(rules.stall_limit)
        self.deck_cards = rules.deck.cards()  # the order new_game shuffles
        self.deck_array = np.array(self.deck_cards, dtype=np.int64)
        # Where each block of actions ends, in the order of skipbo.games.skipbo.actions:
        # plays from the hand, from the stock piles, from the discard piles, the
        # discards; the pass is the last action.
        self.hand_end = self.values * self.builds
        self.stock_end = self.hand_end + self.stocks * self.builds
        self.play_end = self.stock_end + self.stocks * self.piles * self.builds
        self.pass_action = self.play_end + self.values * self.piles
        # The play sources, in order: the card values (from the hand), the stock piles,
        # then the discard piles.
        self.sources_stock_end = self.values + self.stocks  # the first discard pile's source
        self.sources_end = self.play_end // self.builds
        # Every action split into its two coordinates: a play into its source and build
        # pile, a discard into its card value and discard pile. Looked up, not divided:
        # NumPy's integer division is several times slower than a gather from a table
        # this small.
        plays, discards = np.arange(self.play_end), np.arange(self.pass_action - self.play_end)
        self.action_major: Array = np.concatenate(
            [plays // self.builds, discards // self.piles, [0]]
        ).astype(np.int64)
        self.action_minor: Array = np.concatenate(
            [plays % self.builds, discards % self.piles, [0]]
        ).astype(np.int64)
        seating = rules.seating
        self.own_discards = np.array(seating.own_discards, dtype=np.int64)
        self.seat_team = np.array(seating.team_of, dtype=np.int64)
        # team_stocks[team, s]: 1 if stock pile s is the team's (R-TEAM-3).
        team_stocks = np.zeros((len(seating.team_stocks), self.stocks), dtype=np.int64)
        for team, stocks in enumerate(seating.team_stocks):
            team_stocks[team, list(stocks)] = 1
        self.team_stocks = team_stocks
        # Every seat has as many sources as its team has stock piles (1 individually):
        # the stock piles, and so the discard sets, it plays from (R-TEAM-1, R-TEAM-2).
        self.source_stocks = np.array(seating.stock_sources, dtype=np.int64)
        # The action tables of the compiled moves, one row each (compiled_moves.move).
        moves = np.zeros((4 + len(team_stocks), self.action_count), dtype=np.int64)
        moves[0], moves[1] = self.action_major, self.action_minor
        moves[2, : self.players] = self.own_discards
        moves[3, : self.players] = self.seat_team
        moves[4:, : self.stocks] = team_stocks
        self.move_tables = moves


def _bound(limit: int | None) -> int:
    """An optional limit of the rules as the kernels take it: ``-1`` for none."""
    return -1 if limit is None else limit
