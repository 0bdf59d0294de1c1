"""Frozen copy of :mod:`skipbo.games.skyjo.bots.search` as of issue 55.

It is the search of ``search@1``. Never edit it: it is a reference that bars are
measured against (see :mod:`skipbo.games.skyjo.bots.v1`), and
``tests/test_frozen_bots.py`` fails if its moves change. What follows is the live
module's description as it was then.

The Skyjo search bot: perfect-information Monte Carlo over the heuristic's play.

When a choice is close, it deals the hidden cards at random several times
(:func:`skipbo.games.skyjo.sampling.sample_state`, from the public view only), makes each
candidate move in every deal, lets the heuristic bot play on for every seat to the
end of the round, and takes the move whose outcomes are best on average: its round
score against the others' (doubling included, S-SCORE-2), and the game when the round
ends it.

Why PIMC and not information-set MCTS: in Skyjo nobody knows a face-down card, not
even its owner (S-INFO-2), so every seat's information set is the same public view,
the moves carry no private information, and a deal sampled uniformly given the view
is a sample of what the hidden cards really are. Strategy fusion, the error of PIMC
that IS-MCTS corrects, comes from deciding with knowledge of a deal's hidden cards;
here every decision after the searched one, in every playout, is the heuristic's
from the playout's public view, so no decision uses them. What the search does is one
step of policy improvement over the heuristic (the rollout algorithm), on the same
deals for every candidate (common random numbers).

A round is decided near its end (a grid's last cards, the doubling), so it searches
only there: once some grid has at most ``NEAR_END`` face-down cards, or a round
ender is known; and only between the moves the heuristic values within
``MARGIN`` points of its best (at most ``CANDIDATES``). Elsewhere it plays
the heuristic's move.

With an iteration budget (deals per choice) and no time limit it is reproducible
from its seed:

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.bots.v1.search import SearchBot
>>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=2), seed=5))
>>> SearchBot(seed=1, iterations=4).choose(seen) == SearchBot(seed=1, iterations=4).choose(seen)
True
"""

from __future__ import annotations

from skipbo.common import bots as common
from skipbo.common.budget import Clock
from skipbo.games.skyjo.bots.v1.heuristic import HeuristicBot, Judgement
from skipbo.games.skyjo.bots.v1.outlook import Outlook
from skipbo.games.skyjo.engine import apply, legal_moves
from skipbo.games.skyjo.moves import Draw, Move, TakeDiscard
from skipbo.games.skyjo.sampling import sample_state
from skipbo.games.skyjo.state import GameState, Phase
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, view

__all__ = ["SearchBot"]

DEFAULT_ITERATIONS = 6
"""Deals sampled per searched choice by default."""
CANDIDATES = 2
"""The most moves searched in one choice."""
MARGIN = 3.0
"""Moves the heuristic values this many points below its best are not searched."""
NEAR_END = 2
"""It searches once some grid has at most this many face-down cards."""
HORIZON = 3
"""Turns per player a playout lasts at most; one still going is valued by its outlook."""
WIN_VALUE = 20.0
"""What winning the game is worth in round points (losing it: the negative)."""


def _relative(mine: float, others: list[float]) -> float:
    """Points ahead of the others: of the best of them and of their mean, half each."""
    return (min(others) + sum(others) / len(others)) / 2 - mine


def evaluate(state: GameState, seat: int, rounds: int) -> float:
    """How good ``state`` is for ``seat``, where ``rounds`` rounds had been scored.

    Once the round is scored: its scores (S-SCORE-2), and the game if it is over;
    before: the players' expected scores (:class:`~skipbo.games.skyjo.bots.v1.outlook.Outlook`).
    """
    if len(state.history) > rounds:
        scores = state.history[rounds].scores
        value = _relative(scores[seat], [s for other, s in enumerate(scores) if other != seat])
        if state.outcome is not None:
            value += WIN_VALUE if seat in state.outcome.winners else -WIN_VALUE
        return value
    seen = view(state)
    outlook = Outlook(seen)
    grids = [outlook.grid(grid) for grid in seen.grids]
    return _relative(grids[seat], [g for other, g in enumerate(grids) if other != seat])


class SearchBot(common.SearchingBot):
    """Chooses close moves near a round's end by PIMC with heuristic playouts.

    See :mod:`skipbo.games.skyjo.bots.v1.search`.

    Args:
        seed: Seeds the deals it samples; with no ``time_limit`` the bot's choices
            are a function of its seed and the views it is shown.
        iterations: Deals sampled for each choice that is searched (at least 1).
        time_limit: If given, no new deal is sampled once this many seconds (wall
            clock, :class:`~skipbo.common.budget.Budget`) have passed in a choice (one
            deal is always tried): a move takes at most the limit and one deal. The
            choices then depend on the machine's speed.
        clock: The clock the time limit is read on (tests pass their own).

    Raises:
        ValueError: if ``iterations`` is below 1 or ``time_limit`` is not positive.

    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int = DEFAULT_ITERATIONS,
        time_limit: float | None = None,
        clock: Clock | None = None,
    ) -> None:
        super().__init__(seed, iterations=iterations, time_limit=time_limit, clock=clock)
        self._policy = HeuristicBot(seed)

    def candidates(self, seen: PublicView) -> list[Move]:
        """The moves worth searching in ``seen``, the heuristic's first."""
        moves = legal_moves(seen)
        chosen = self._policy.choose(seen)
        if len(moves) == 1 or seen.phase is Phase.REVEAL or not _near_end(seen):
            return [chosen]
        judgement = Judgement(seen)
        if seen.phase is Phase.TAKE:
            take = judgement.take_value(seen.discard_pile[-1])
            draw = judgement.draw_value()
            close = abs(take - draw) <= MARGIN
            return (
                [chosen, Draw() if chosen == TakeDiscard() else TakeDiscard()]
                if close
                else [chosen]
            )
        assert seen.held is not None  # phase PLACE holds a card
        values = sorted(judgement.place_values(seen.held, moves), key=lambda pair: -pair[0])
        best = values[0][0]
        found = [chosen]
        for value, move in values:
            if len(found) >= CANDIDATES or value < best - MARGIN:
                break
            if move not in found:
                found.append(move)
        return found

    def choose(self, view: PublicView) -> Move:
        """The move with the best average outcome over sampled deals."""
        found = self.candidates(view)
        self.deals = 0
        if len(found) == 1:
            return found[0]
        seat, rounds = view.current_player, len(view.history)
        horizon = view.turns + HORIZON * view.rules.players
        totals = [0.0] * len(found)
        countdown = self.budget.start()
        while countdown.more():
            deal = sample_state(view, self._rng)
            for index, move in enumerate(found):
                final = self._playout(apply(deal, move), rounds, horizon)
                totals[index] += evaluate(final, seat, rounds)
        self.deals = countdown.steps
        best = max(range(len(found)), key=lambda index: (totals[index], -index))
        return found[best]

    def _playout(self, state: GameState, rounds: int, horizon: int) -> GameState:
        """Play on with the heuristic for every seat until the round is scored.

        Or until turn ``horizon``: near its end a round may still last while every
        player waits for a better grid before turning up its last card.
        """
        policy = self._policy.choose
        while len(state.history) == rounds and state.outcome is None and state.turns < horizon:
            state = apply(state, policy(view(state)))
        return state


def _near_end(seen: PublicView) -> bool:
    """Whether the round is near its end: a round ender, or a grid nearly all face up."""
    if seen.round_ender is not None:
        return True
    return min(sum(card == FACE_DOWN for card in grid) for grid in seen.grids) <= NEAR_END
