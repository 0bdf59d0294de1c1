"""Match play (R-SCORE-1 .. R-SCORE-4, R-SETUP-6): successive games scored to a target.

A :class:`Match` is an immutable value like a :class:`~skipbo.GameState`: it holds
the game being played, the scores and the results so far. :meth:`~skipbo.Match.apply`
makes a move in the current game and scores the game when that move ends it;
:meth:`~skipbo.Match.next_game` deals the next game with the dealer moved one seat
clockwise. The match is over when a player (in team play: a team) has reached the
target.

Scores are kept per team; in individual play every seat is a team of its own, so
``scores[seat]`` is that player's score (as in :attr:`skipbo.Outcome.team`).

Engine decisions:

* a game that ends blocked or at the turn limit (R-WIN-2) scores nothing (R-SCORE-3);
* the dealer of the first game sits to the right of its starting player (for an
  explicit seat and the dealer draw that is the rule of R-SETUP-5; for the highest
  stock top it is a convention); from then on the dealer moves one seat clockwise
  after each game (R-SETUP-6) and the player to the dealer's left starts, except
  under :attr:`~skipbo.FirstPlayer.HIGHEST_STOCK_TOP`, which decides every game anew;
* game ``n`` is dealt with the seed ``derive_seed(seed, n)``, so a match is a
  function of its rules, its seed and its moves.

>>> import skipbo
>>> from skipbo.games.skipbo.bots import PlayFirstBot
>>> match = skipbo.new_match(skipbo.Rules.short(players=2), seed=3, target=100)
>>> bot = PlayFirstBot(seed=0)
>>> while not match.is_over:
...     while not match.game.is_over:
...         game = match.game
...         match = match.apply(bot.choose(skipbo.view(game, game.current_player)))
...     if not match.is_over:
...         match = match.next_game()
>>> max(match.scores) >= 100, match.winners == (match.winner,)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from skipbo.common.randomness import derive_seed, secret_seed
from skipbo.errors import ConfigurationError, RuleError
from skipbo.games.skipbo.deal import new_game
from skipbo.games.skipbo.engine import apply
from skipbo.games.skipbo.moves import Move
from skipbo.games.skipbo.rules import FirstPlayer, Rules
from skipbo.games.skipbo.state import GameState, Outcome, Termination

__all__ = [
    "DEFAULT_TARGET",
    "POINTS_PER_STOCK_CARD",
    "WIN_POINTS",
    "GameResult",
    "Match",
    "MatchError",
    "game_points",
    "new_match",
]


class MatchError(RuleError):
    """A match operation (:class:`skipbo.Match`) the rules do not allow now.

    For example starting the next game before the current one has ended, or after
    the match has been won. The match passed in is unchanged. ``rule`` names the
    rule behind the refusal (e.g. ``"R-SCORE-3"``).
    """


WIN_POINTS = 25
"""The winner of a game scores 25 points (R-SCORE-2) ..."""

POINTS_PER_STOCK_CARD = 5
"""... plus 5 for every card still in the other players' stock piles (R-SCORE-2)."""

DEFAULT_TARGET = 500
"""The score that ends a match unless another target is given (R-SCORE-3)."""


def game_points(state: GameState) -> int:
    """The points the winner of a finished game scores (R-SCORE-2, R-SCORE-4).

    25, plus 5 for every card left in the stock piles of the other players (in team
    play: of the opposing teams). A game without a winner scores 0 (R-SCORE-3).

    Raises:
        MatchError: if the game is not over.

    >>> import skipbo
    >>> game_points(skipbo.new_game(skipbo.Rules(), seed=0))
    Traceback (most recent call last):
    ...
    skipbo.games.skipbo.variants.match.MatchError: a game is scored when it is over (R-SCORE-2)

    """
    result = state.outcome
    if result is None:
        raise MatchError("R-SCORE-2", "a game is scored when it is over")
    if result.termination is not Termination.STOCK_EMPTIED or result.team is None:
        return 0
    rules = state.rules
    left = sum(
        len(state.stocks[stock])
        for team, stocks in enumerate(rules.seating.team_stocks)
        if team != result.team
        for stock in stocks
    )
    return WIN_POINTS + POINTS_PER_STOCK_CARD * left


@attrs.frozen(slots=True)
class GameResult:
    """How one game of a match ended and what it scored."""

    number: int
    """The game's number in the match, counting from 1."""

    dealer: int
    """The seat that dealt the game (R-SETUP-6)."""

    outcome: Outcome
    """How the game ended."""

    points: int
    """What the winning team scored for it (``outcome.team``); 0 without a winner."""


@attrs.frozen(slots=True)
class Match:
    """A match of several games (R-SCORE-1), immutable: build it with :func:`new_match`.

    Holds hidden information (the seeds of the games to come), like a
    :class:`~skipbo.GameState`: it is the referee's value, not a player's.
    """

    rules: Rules
    """The rules of every game; each game's own ``rules`` differ at most in
    ``first_player``, which names that game's starting seat."""

    target: int
    """The score that wins the match (R-SCORE-3)."""

    seed: int
    """The match seed; game ``n`` is dealt with ``derive_seed(seed, n)``. Hidden (R-INFO-3)."""

    game: GameState
    """The game being played (or the last one, once it is over)."""

    number: int
    """The number of the current game, counting from 1."""

    dealer: int
    """The seat that dealt the current game."""

    scores: tuple[int, ...]
    """The score of each team (in individual play, of each seat) from the finished games."""

    results: tuple[GameResult, ...]
    """The results of the finished games, in order."""

    @property
    def winner(self) -> int | None:
        """The team (in individual play, the seat) that won the match, or ``None``."""
        for team, score in enumerate(self.scores):
            if score >= self.target:
                return team  # only the winner of a game scores, so at most one team
        return None

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the match; empty while it goes on."""
        team = self.winner
        return () if team is None else self.rules.seating.team_seats[team]

    @property
    def is_over(self) -> bool:
        """Whether a player or team has reached the target (R-SCORE-3)."""
        return self.winner is not None

    def apply(self, move: Move) -> Match:
        """Make ``move`` in the current game (see :func:`skipbo.apply`).

        When the move ends the game, the game is scored (R-SCORE-2 .. R-SCORE-4) and
        its :class:`~skipbo.games.skipbo.variants.match.GameResult` recorded.

        Raises:
            IllegalMoveError: if the move is illegal, also once the game is over.
            TypeError: if ``move`` is not a move.

        """
        game = apply(self.game, move)
        if game.outcome is None:
            return attrs.evolve(self, game=game)
        points = game_points(game)
        scores = self.scores
        team = game.outcome.team
        if team is not None:  # R-SCORE-3: a game without a winner scores nothing
            scores = scores[:team] + (scores[team] + points,) + scores[team + 1 :]
        result = GameResult(self.number, self.dealer, game.outcome, points)
        return attrs.evolve(self, game=game, scores=scores, results=(*self.results, result))

    def next_game(self) -> Match:
        """Deal the next game, the dealer moved one seat clockwise (R-SETUP-6).

        Raises:
            MatchError: if the current game is not over (R-SCORE-1) or the match is
                (R-SCORE-3).

        """
        if not self.game.is_over:
            raise MatchError("R-SCORE-1", f"game {self.number} is not over")
        if self.is_over:
            raise MatchError(
                "R-SCORE-3", f"the match is over: team {self.winner} reached {self.target}"
            )
        number = self.number + 1
        dealer = (self.dealer + 1) % self.rules.players
        return attrs.evolve(
            self, game=_deal(self.rules, self.seed, number, dealer), number=number, dealer=dealer
        )


def new_match(
    rules: Rules,
    *,
    seed: int | None = None,
    target: int = DEFAULT_TARGET,
    scores: Sequence[int] | None = None,
) -> Match:
    """Start a match: deal its first game, every score 0 (or ``scores``).

    The first game's starting player follows ``rules.first_player`` (R-SETUP-5);
    its dealer is the seat to that player's right.

    Args:
        rules: The rules of every game of the match.
        seed: Decides every deal of the match (as in :func:`skipbo.new_game`: the
            referee's secret; without it, a fresh seed from the operating system).
        target: The score that wins the match (R-SCORE-3), 500 by default.
        scores: The score of each team (in individual play, of each seat) to start
            from, to resume a match played at a table: each below ``target``.

    Raises:
        ConfigurationError: if ``target`` is not a positive integer, or ``scores``
            is not one score from 0 to ``target - 1`` per team.
        TypeError: if ``rules`` is not a :class:`~skipbo.Rules` or ``seed`` not an ``int``.

    >>> import skipbo
    >>> match = new_match(skipbo.Rules.partners(), seed=0)
    >>> match.scores, match.target, match.number, match.dealer
    ((0, 0), 500, 1, 3)
    >>> new_match(skipbo.Rules(players=3), scores=(120, 0, 95)).scores
    (120, 0, 95)

    """
    if type(target) is not int or target < 1:
        raise ConfigurationError("target", f"must be a positive integer, got {target!r}")
    if seed is None:
        seed = secret_seed()
    elif type(seed) is not int:
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    game = new_game(rules, seed=derive_seed(seed, 1))
    dealer = (game.current_player - 1) % rules.players
    teams = len(rules.seating.team_seats)
    start = (0,) * teams if scores is None else tuple(scores)
    if len(start) != teams or not all(type(s) is int and 0 <= s < target for s in start):
        # R-SCORE-3: a score at the target would have ended the match already.
        raise ConfigurationError(
            "scores", f"must be {teams} scores from 0 to {target - 1}, one per team"
        )
    return Match(rules, target, seed, game, 1, dealer, start, ())


def _deal(rules: Rules, seed: int, number: int, dealer: int) -> GameState:
    """Game ``number`` of a match, dealt by ``dealer`` (R-SETUP-6)."""
    if rules.first_player is not FirstPlayer.HIGHEST_STOCK_TOP:
        # The player to the dealer's left starts (R-SETUP-5 a, carried through the match).
        rules = attrs.evolve(rules, first_player=(dealer + 1) % rules.players)
    return new_game(rules, seed=derive_seed(seed, number))
