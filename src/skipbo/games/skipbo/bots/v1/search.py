"""Frozen copy of :mod:`skipbo.games.skipbo.bots.search` as of issue 55.

It is the search of ``search@1``. Never edit it: it is a reference that bars are
measured against (see :mod:`skipbo.games.skipbo.bots.v1`), and
``tests/test_frozen_bots.py`` fails if its moves change. What follows is the live
module's description as it was then.

The search bot: perfect-information Monte Carlo over the heuristic bot's play.

It rolls out with the multi-player heuristic (:mod:`skipbo.games.skipbo.bots.v1.heuristic`);
every seat
after it is played by that heuristic, so the search sees what it hands the players
after it with any number of players.

Its idea: when a choice matters, deal the cards it cannot see at random several
times (:func:`skipbo.games.skipbo.sampling.sample_state`), try each sensible move in every such
deal, let the heuristic bot play on for every seat until the end of the bot's own
next turn (with two players, the turn after), and take the move whose outcomes are
best on average.

Why perfect-information Monte Carlo (PIMC) with policy rollouts rather than
information-set MCTS: in Skip-Bo almost everything that matters to a decision is
public (build piles, discard piles, stock tops) and the hidden part (the draw pile's
order, the other hands, the cards under the stock tops) is revealed by chance, not
by what the opponents choose to show. What costs is time: a rollout of the heuristic
bot is cheap, and one step of policy improvement over a good base policy (the
rollout algorithm) improves on it reliably, where a tree search would spend its
budget on a huge chance-dominated tree, one that grows with every player added.

Strategy fusion, PIMC's known error, comes from choosing the *later* moves of a
sampled deal with knowledge of that deal, so that the search credits itself with
play it cannot make. Here no later move is chosen by maximising over a deal: after
the candidate move every seat, this bot's own included, is played by the heuristic
bot from that seat's view of the sampled state, a policy that never sees a hidden
card. Each candidate's average is thus an unbiased estimate of the value of "this
move, then the heuristic", over deals drawn at random from what the seat knows
(:func:`~skipbo.games.skipbo.sampling.sample_state` reads the view only; the completed build piles,
whose wilds the view does not show, are dealt as many wilds as real piles hold,
``COMPLETED_WILDS``, not the nearly half that uniform deals give them, which would
leave the other hands half their wilds), less the deals that the
previous player's last discard rules out (:mod:`skipbo.games.skipbo.bots.v1.inference`: read as the
heuristic's, with ``infer=True``, the default); what remains is that the sampling
infers nothing from the opponents' earlier moves. All candidate moves are tried on
the same deals (common random numbers), so their comparison is not drowned by the
luck of the draw.

To keep a move cheap it searches only real choices: a play that reaches a stock
top is taken at once (as the heuristic bot would); otherwise, when the heuristic
would play, the candidates are its play, the other plays of number cards that it
scores as safe, and its best discards (ending the turn instead).

How far a rollout looks depends on the table (``ROUNDS_AHEAD``). With two players
it ends at the start of the turn after the bot's turn after next (two rounds), and
where the heuristic would discard, its three best discards are searched (the card
and the pile), but for a card the hand holds twice, which the heuristic discards
first and which is taken unsearched (:func:`searches_discard`). A discard shows in the
turns after the bot's next one, when the cards it covers or frees are played, so the
rollouts must reach them; with the rollouts one round long, searching three discards
on twelve deals made the bot no stronger. Searching every discard would search more
than half of the bot's moves, and its median time a move is held to 10 ms. Against
the heuristic, on the strength benchmark's 300 two-player games, this won 189 where
one round won 160; searching only which card, the pile left to the heuristic, won 163
(the bots' guide has the figures). At every other table a rollout ends at the
start of the turn after the bot's next one, and the heuristic's discard is made
without searching: at four players a round more, with the stock lead, won fewer
games.

The position a rollout reaches is valued by the stock lead (how many stock cards
fewer the bot's team has than the others, the leader counting as much as all of them;
less most of a card when the next player can reach a stock top), or, at the tables the
fitted leaf was fitted for (two and four players, standard rules), by that leaf's
estimate of the chance to win (:mod:`skipbo.games.skipbo.bots.v1.leaf`). The stock lead moves only
when a stock card is played, so most short rollouts end level, and twice or four
times the deals won no more; the fitted leaf tells more positions apart, and there
more deals paid, so it samples ``FITTED_ITERATIONS`` deals by default (the bots'
guide has the figures).

It spends a :class:`~skipbo.common.budget.Budget`: ``iterations`` deals per choice
and, given a ``time_limit``, no new deal once the time is up (an anytime search: it
plays its best move so far). With an iteration budget and no time limit it is
reproducible from its seed:

>>> import skipbo
>>> from skipbo.games.skipbo.bots.v1.search import SearchBot
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=5)
>>> seen = skipbo.view(state, state.current_player)
>>> SearchBot(seed=1, iterations=4).choose(seen) == SearchBot(seed=1, iterations=4).choose(seen)
True
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from skipbo.common.bots import SearchingBot
from skipbo.common.budget import Clock
from skipbo.games.skipbo.bots.reference import stock_plan
from skipbo.games.skipbo.bots.v1.heuristic import HeuristicBot, discards, plays, stock_move
from skipbo.games.skipbo.bots.v1.inference import TRIES, LastDiscard
from skipbo.games.skipbo.bots.v1.leaf import fitted_leaf
from skipbo.games.skipbo.engine import apply
from skipbo.games.skipbo.moves import Discard, Move
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.sampling import sample_state
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.views import PlayerView, legal_moves, view

__all__ = ["ROUNDS_AHEAD", "SearchBot", "horizon", "rounds_ahead", "searches_discard"]

DEFAULT_ITERATIONS = 24
"""Deals sampled per searched choice by default, where the leaf is the stock lead."""

FITTED_ITERATIONS = 96
"""Deals sampled per searched choice by default where a fitted leaf applies (see above)."""

DISCARD_CANDIDATES = 3
"""How many of the heuristic's best discards are tried against its play (ending the turn)."""

ROUNDS_AHEAD: Mapping[int, int] = {2: 2}
"""How many rounds of the table a rollout plays after the searched move's turn, by
players (one at a table not named here); see the module docs."""

COMPLETED_WILDS = 0.15
"""The chance that a completed build pile's card is dealt a wild (see sample_state).

Uniform deals make it 39% - 46%, which leaves the other hands, the stock piles and
the draw pile about half their share of wilds; in the heuristic bot's self-play it is
15.3% with two players and 15.0% with four (``benchmarks/sampled_wilds.py``, 30 games
each, seed 2026, seat 0's turns).
"""

THREAT_VALUE = 0.8
"""What an opponent to move who can reach a stock top costs, in stock cards."""

WIN_VALUE = 100.0
"""The value of a win (a loss counts as its negative) against stock cards left."""


def _evaluate(state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``'s team: a win, a loss, or stock cards ahead.

    Against several opposing teams the leader (fewest stock cards) counts as much
    as all of them on average. An opponent to move who can reach a stock top
    (:func:`~skipbo.games.skipbo.bots.reference.stock_plan` on its full hand) counts as most of
    a stock card played: the rollout stops just before it would play it.
    """
    rules = state.rules
    team = rules.seating.team_of[seat]
    outcome = state.outcome
    if outcome is not None:
        if not outcome.winners:
            return 0.0
        return WIN_VALUE if seat in outcome.winners else -WIN_VALUE
    stocks = [
        sum(len(state.stocks[stock]) for stock in stocks) for stocks in rules.seating.team_stocks
    ]
    mine = stocks[team]
    others = [size for index, size in enumerate(stocks) if index != team]
    value = (min(others) + sum(others) / len(others)) / 2 - mine
    mover = state.current_player
    if rules.seating.team_of[mover] != team and stock_plan(view(state, mover)) is not None:
        value -= THREAT_VALUE
    return value


def rounds_ahead(rules: Rules) -> int:
    """How many rounds a rollout plays after the searched move's turn at ``rules``."""
    return ROUNDS_AHEAD.get(rules.players, 1)


def horizon(seen: PlayerView) -> int:
    """The turn at whose start the rollouts of a choice in ``seen`` stop.

    The end of the bot's next turn, or of its turn after next where the table looks
    further ahead (:func:`rounds_ahead`): the leaf values the position reached there.
    """
    return seen.turn + rounds_ahead(seen.rules) * seen.rules.players + 1


def searches_discard(seen: PlayerView, chosen: Discard) -> bool:
    """Whether the search weighs the heuristic's discard ``chosen`` against its next best.

    Only where the rollouts reach past the bot's next turn (:func:`rounds_ahead`), and
    not for a card the hand holds twice: the heuristic discards such a card first, and
    leaving it unsearched keeps fewer than half of the bot's moves searched.

    Raises:
        ValueError: if ``seen`` is no seat's view (it shows no hand).

    """
    hand = seen.hand
    if hand is None:
        raise ValueError("searches_discard needs a seat's view: this one shows no hand")
    return rounds_ahead(seen.rules) > 1 and hand.count(chosen.card) < 2


class SearchBot(SearchingBot):
    """Chooses by perfect-information Monte Carlo with heuristic rollouts.

    See :mod:`skipbo.games.skipbo.bots.v1.search`.

    Args:
        seed: Seeds the deals it samples; with no ``time_limit`` the bot's choices
            are a function of its seed and the views it is shown.
        iterations: Deals sampled for each choice that is searched (at least 1). By
            default ``DEFAULT_ITERATIONS`` (24), or ``FITTED_ITERATIONS`` (96) where a
            fitted leaf applies (:func:`~skipbo.games.skipbo.bots.v1.leaf.fitted_leaf`: two or four
            players, standard rules).
        time_limit: If given, no new deal is sampled once this many seconds (wall
            clock, :class:`~skipbo.common.budget.Budget`) have passed since the
            choice began; at least one deal is always tried, so a move takes at most
            the limit plus one deal's rollouts. The choices then depend on the
            machine's speed.
        clock: The clock the time limit is read on (tests pass their own).
        infer: Whether to deal only hands the previous player's last discard allows,
            read as the heuristic's (:mod:`skipbo.games.skipbo.bots.v1.inference`); the evidence is
            read at the first move of each turn, so a bot that is shown a turn from
            its middle on deals uniformly in it.

    Raises:
        ValueError: if ``iterations`` is below 1 or ``time_limit`` is not positive.

    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        time_limit: float | None = None,
        clock: Clock | None = None,
        infer: bool = True,
    ) -> None:
        self._default_deals = iterations is None
        self.infer = infer
        self._evidence: LastDiscard | None = None
        super().__init__(
            seed,
            iterations=DEFAULT_ITERATIONS if iterations is None else iterations,
            time_limit=time_limit,
            clock=clock,
        )
        self._policy = HeuristicBot(seed)

    def candidates(self, seen: PlayerView) -> list[Move]:
        """The moves worth searching in ``seen``: one when there is no real choice."""
        moves = legal_moves(seen)
        if len(moves) == 1 or seen.hand is None:
            return moves[:1]
        planned = stock_move(seen)
        if planned is not None:
            return [planned]
        chosen = self._policy.choose(seen)
        # A discard's worth shows after the bot's next turn: it is searched only where
        # the rollouts reach that far (see searches_discard).
        if isinstance(chosen, Discard) and not searches_discard(seen, chosen):
            return [chosen]
        found: list[Move] = [chosen]
        others = () if isinstance(chosen, Discard) else plays(seen, moves)
        for move in (*others, *discards(seen, moves)[:DISCARD_CANDIDATES]):
            if move not in found:
                found.append(move)
        return found

    def choose(self, view: PlayerView) -> Move:
        """The move with the best average outcome over sampled deals."""
        if view.turn_moves == 0:
            # The table is as the previous player left it only now (see inference).
            self._evidence = LastDiscard.read(view) if self.infer else None
        found = self.candidates(view)
        if len(found) == 1:
            return found[0]
        seat = view.current_player
        end = horizon(view)
        value = fitted_leaf(view.rules)
        budget = self.budget
        if value is None:
            value = _evaluate
        elif self._default_deals:
            budget = attrs.evolve(budget, iterations=FITTED_ITERATIONS)
        evidence = self._evidence
        if evidence is not None and not evidence.holds_for(view):
            evidence = None
        totals = [0.0] * len(found)
        countdown = budget.start()
        while countdown.more():
            deal = self._deal(view)
            if evidence is not None:
                deal, evidence = self._infer(view, deal, evidence, first=countdown.steps == 1)
            for index, move in enumerate(found):
                totals[index] += value(self._rollout(apply(deal, move), end), seat)
        self.deals = countdown.steps
        best = max(range(len(found)), key=lambda index: (totals[index], -index))
        return found[best]

    def _infer(
        self, seen: PlayerView, deal: GameState, evidence: LastDiscard, *, first: bool
    ) -> tuple[GameState, LastDiscard | None]:
        """A deal the evidence allows, and the evidence to keep using (see inference).

        Up to ``TRIES`` deals are tried; where none passes, the last is kept, and
        where that happens on a choice's first deal, the evidence is set aside for the
        choice: the previous player does not play as the heuristic (or few hands fit,
        and a uniform deal costs little).
        """
        for _ in range(TRIES):
            if evidence.allows(deal):
                return deal, evidence
            deal = self._deal(seen)
        return deal, None if first else evidence

    def _deal(self, seen: PlayerView) -> GameState:
        """One deal of what ``seen`` hides; a redeal for the evidence is dealt alike."""
        return sample_state(seen, self._rng, completed_wilds=COMPLETED_WILDS)

    def _rollout(self, state: GameState, until: int) -> GameState:
        """Play on with the heuristic for every seat until turn ``until`` starts."""
        policy = self._policy.choose
        while state.outcome is None and state.turn < until:
            state = apply(state, policy(view(state, state.current_player)))
        return state
