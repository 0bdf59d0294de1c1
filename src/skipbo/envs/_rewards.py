"""The rewards every adapter gives at the end of a game, by seat."""

from __future__ import annotations

from skipbo import GameState

WIN = 1.0
"""The reward of each seat of the winning team (in individual play: the winner)."""

LOSS = -1.0
"""The reward of each seat of a team that did not win when another did."""

ILLEGAL_ACTION = -1.0
"""The reward of a seat whose action is illegal in the state: its game ends there."""


def by_winners(winners: tuple[int, ...], players: int) -> tuple[float, ...]:
    """For each seat: :data:`WIN` if among ``winners``, else :data:`LOSS`; all 0 if none won."""
    if not winners:
        return (0.0,) * players
    return tuple(WIN if seat in winners else LOSS for seat in range(players))


def final_rewards(state: GameState) -> tuple[float, ...]:
    """For each seat: :data:`WIN`, :data:`LOSS`, or 0 when nobody won (or the game goes on)."""
    winners = () if state.outcome is None else state.outcome.winners
    return by_winners(winners, state.rules.players)


def team_stock_cards(state: GameState, seat: int) -> int:
    """The cards left in the stock piles of ``seat``'s team (its own in individual play)."""
    rules = state.rules
    return sum(len(state.stocks[stock]) for stock in rules.seating.stock_sources[seat])
