"""The referee penalty of team play (R-TEAM-4): :func:`~skipbo.penalize`.

In team play the only hints allowed are about which card to play ("play the wild
as 4"); a player who gives any other hint draws two cards from the draw pile and
puts them, unseen, under their own stock pile. Whether a hint was forbidden is for
the players to judge, so the engine offers the penalty as a referee action that a
frontend applies when they do: it is not a move, takes no turn and may be applied
to any player of an unfinished team game at any time.

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules.partners(), seed=1)
>>> after = skipbo.penalize(state, 2)
>>> len(after.stocks[2]) - len(state.stocks[2]), after.stocks[2][-1] == state.stocks[2][-1]
(2, True)
>>> after.penalty_cards  # public: a stock pile may now hold 2 cards more than dealt
(0, 0, 2, 0)
>>> after.current_player == state.current_player
True
"""

from __future__ import annotations

from skipbo.errors import RuleError
from skipbo.games.skipbo.draw import take
from skipbo.games.skipbo.state import GameState, replace, require_state

__all__ = [
    "PENALTY_CARDS",
    "PenaltyError",
    "penalize",
]


class PenaltyError(RuleError):
    """A referee penalty (:func:`skipbo.penalize`) the rules do not allow now.

    For example in a game without teams, in a finished game, or for a seat the game
    does not have. The state passed in is unchanged. ``rule`` names the rule that
    forbids it (e.g. ``"R-TEAM-4"``).
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(rule, f"no penalty: {reason}")


PENALTY_CARDS = 2
"""The number of cards a penalised player puts under their stock pile (R-TEAM-4)."""


def penalize(state: GameState, seat: int) -> GameState:
    """Apply the referee penalty of R-TEAM-4 to ``seat`` and return the new state.

    The top two cards of the draw pile go, as a packet in the order they lay there
    and unseen, under the seat's *own* stock pile
    (:attr:`Seating.own_stock <skipbo.games.skipbo.seating.Seating.own_stock>`: in the
    shared-piles form, the one of the team's two it is assigned). When the draw pile
    runs out the completed cards are shuffled into a new one first
    (R-DRAW-2); when both are empty the player takes what there is, possibly
    nothing (R-DRAW-3). The state counts the cards given
    (:attr:`GameState.penalty_cards <skipbo.GameState.penalty_cards>`), so that a stock
    pile larger than dealt stays explainable (R-SETUP-2). Nothing else changes: not
    the turn, not the player to move.

    Engine decision: a player whose own stock pile is already empty (R-TEAM-3) is
    penalised all the same; the two cards then form that stock pile again, its top
    face up like every stock top (R-SETUP-3), and the team must play them to win.

    Args:
        state: An unfinished team game.
        seat: The penalised player's seat.

    Returns:
        The state after the penalty; ``state`` itself is unchanged.

    Raises:
        PenaltyError: if the game has no teams (R-TEAM-4), is over (R-WIN-3), or has
            no seat ``seat``.
        TypeError: if ``state`` is not a :class:`~skipbo.GameState`.

    """
    rules = require_state(state, "penalize").rules
    if not rules.team_play:
        raise PenaltyError("R-TEAM-4", "the referee penalty exists only in team games")
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise PenaltyError("R-TEAM-4", f"the game has no seat {seat!r}")
    if state.outcome is not None:
        raise PenaltyError("R-WIN-3", "the game is over")
    drawn, draw_pile, completed, seed = take(
        PENALTY_CARDS, state.draw_pile, state.completed, state.shuffle_seed
    )
    own = rules.seating.own_stock[seat]
    # Piles keep their top at the end, so "under the stock pile" is the front.
    stock = drawn + state.stocks[own]
    stocks = state.stocks[:own] + (stock,) + state.stocks[own + 1 :]
    given = state.penalty_cards
    penalty_cards = given[:own] + (given[own] + len(drawn),) + given[own + 1 :]
    return replace(
        state,
        stocks=stocks,
        draw_pile=draw_pile,
        completed=completed,
        shuffle_seed=seed,
        penalty_cards=penalty_cards,
    )
