"""A vectorised Gymnasium environment: ``B`` Skip-Bo games of one agent against bots, in NumPy.

Needs the ``gymnasium`` extra (``pip install 'skipbo[gymnasium]'``). It is
:class:`gymnasium.vector.VectorEnv` over :class:`skipbo.batch.GameBatch`: the games
are held as arrays, observations and masks are computed for the whole batch at once
(:func:`skipbo.batch.observations`, the encoding of :mod:`skipbo.envs.observation`),
and the opponents are batch policies (:mod:`skipbo.batch.policies`, ``"play-first"``
or ``"heuristic"``) stepped inside the batch: after the agent's actions, the games
whose opponents are to move are stepped together until it is the agent's turn in
every game.

>>> from skipbo.envs.vector import SkipBoVectorEnv
>>> envs = SkipBoVectorEnv(8, players=2)
>>> observations, info = envs.reset(seed=1)
>>> observations.shape, info["action_mask"].shape
((8, 423), (8, 145))
>>> actions = info["action_mask"].argmax(axis=1)  # each game's first legal action
>>> observations, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, bool(info["action_mask"].any(axis=1).all())
((8,), True)

Each sub-environment is the single-agent :class:`skipbo.envs.gymnasium.SkipBoEnv`
(the same observation, action space, rewards and illegal-action rule), but for its
opponents (batch policies, not :mod:`skipbo.bots` objects) and for its reset: it
resets itself in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``) when its
game ends, with the last observation of the ended game in ``info["final_obs"]``
(flagged by ``info["_final_obs"]``). Rewards are ``+1``/``-1``/``0`` at the end as in
:class:`~skipbo.envs.gymnasium.SkipBoEnv`, plus ``stock_reward`` per stock card of
the agent's team played. An illegal action raises
:class:`skipbo.batch.IllegalActionError` (a vectorised learner masks its actions), and
the batch is unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skipbo.envs._extras import needs_extra

with needs_extra("gymnasium"):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

from skipbo.actions import ActionError
from skipbo.batch import GameBatch, observations
from skipbo.batch.arrays import TERMINATIONS
from skipbo.batch.policies import make_policy
from skipbo.common.strictjson import echo
from skipbo.envs import _adapter, _rewards
from skipbo.envs.observation import DISCARD_DEPTH
from skipbo.errors import ArgumentTypeError, ConfigurationError
from skipbo.rules import Rules
from skipbo.state import Termination

__all__ = ["MAX_OPPONENT_STEPS", "SkipBoVectorEnv"]

_TURN_LIMIT = TERMINATIONS.index(Termination.TURN_LIMIT)

MAX_OPPONENT_STEPS = 100_000
"""A ceiling on the batch steps of one opponent phase: the rules end every game
(R-WIN-2), so a phase that has not ended by then is a bug, reported as such."""


class SkipBoVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of Skip-Bo, one agent against batch policies in each.

    Args:
        num_envs: ``B``, the number of games.
        rules: The variant (two players by default).
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        seat: The agent's seat in every game.
        opponents: The batch policy of every other seat: ``"play-first"`` or ``"heuristic"``.
        stock_reward: The shaping reward per stock card of the agent's team played.
        depth: How many cards of each discard pile the observation shows.

    Raises:
        ValueError: if ``num_envs`` is below 1, the seat or the policy name is wrong.

    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        rules: Rules | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: str = "play-first",
        stock_reward: float = 0.0,
        depth: int = DISCARD_DEPTH,
    ) -> None:
        game = _adapter.SKIPBO
        rules = game.rules_of(rules, players)
        if type(num_envs) is not int or num_envs < 1:
            raise ConfigurationError("num_envs", f"must be an integer >= 1, got {echo(num_envs)}")
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ConfigurationError(
                "seat", f"must be a seat from 0 to {rules.players - 1}, got {echo(seat)}"
            )
        if not isinstance(opponents, str):
            raise ArgumentTypeError(f"opponents must be a policy name, not {echo(opponents)}")
        make_policy(opponents, rules)  # a wrong name fails here
        self.rules = rules
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        self.stock_reward = float(stock_reward)
        self.depth = depth
        self.single_observation_space = game.observation_box(rules, depth)
        self.single_action_space = spaces.Discrete(game.action_count(rules))
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._team = rules.seating.team_of[seat]
        stocks = np.zeros(rules.stock_pile_count, dtype=np.int64)
        stocks[list(rules.seating.team_stocks[self._team])] = 1
        self._team_stocks = stocks
        self._seats = np.full(num_envs, seat, dtype=np.int64)
        self._size = game.layout(rules, depth).size
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._batch: GameBatch | None = None
        self._policy = make_policy(opponents, rules, 0)

    @property
    def batch(self) -> GameBatch:
        """The batch of games (for inspection and tests: it holds every hidden card).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        if self._batch is None:
            raise ActionError("the environment has no games yet: call reset() first")
        return self._batch

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal ``num_envs`` new games and let the opponents move up to the agent's turns.

        ``seed`` (one integer) makes the games and the opponents' choices reproducible.
        """
        if seed is not None and type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int or None, got {type(seed).__name__}")
        rng = np.random.default_rng(seed)
        # Not the batch's auto-reset: an ended game is observed before its slot is dealt anew.
        self._batch = GameBatch.new(self.rules, self.num_envs, seed=_adapter.draw_seed(rng))
        self._policy = make_policy(self.opponents, self.rules, _adapter.draw_seed(rng))
        rewards = np.zeros(self.num_envs)
        self._opponents_move(rewards, np.zeros(self.num_envs, dtype=np.bool_), {})
        return self._observations(), {"action_mask": self._mask()}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play the agent's action in every game, then the opponents' until its turns.

        Raises:
            ~skipbo.ActionError: if ``actions`` is not one action index per game.
            ~skipbo.batch.IllegalActionError: if an action is not legal in its game.

        """
        batch = self.batch
        before = self._stock_cards()
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        rewards = np.zeros(self.num_envs)
        final: dict[str, Any] = {}
        self._record(batch.step(actions), rewards, ended, final)
        self._opponents_move(rewards, ended, final)
        # Shaping: stock cards played since the agent's action (a new game starts anew).
        after = self._stock_cards()
        shaped = np.where(ended, 0, before - after)
        if self.stock_reward:
            rewards += self.stock_reward * shaped
        truncated = ended & final.pop("turn_limit", np.zeros(self.num_envs, dtype=np.bool_))
        info: dict[str, Any] = {"action_mask": self._mask()}
        if ended.any():
            info["final_obs"] = final["obs"]
            info["_final_obs"] = ended
        return self._observations(), rewards, ended & ~truncated, truncated, info

    # --- inside ------------------------------------------------------------------------

    def _opponents_move(
        self, rewards: npt.NDArray[np.float64], ended: npt.NDArray[np.bool_], final: dict[str, Any]
    ) -> None:
        batch = self.batch
        for _ in range(MAX_OPPONENT_STEPS):
            waiting = batch.current_player != self.seat
            if not waiting.any():
                return
            # Only the waiting games' rows: few of them after the first steps.
            moving = np.flatnonzero(waiting)
            actions = self._actions
            actions[moving] = self._policy(batch.legal_action_rows(moving))
            self._record(batch.step(actions, only=waiting), rewards, ended, final)
        raise RuntimeError(
            f"the opponents did not finish their turns in {MAX_OPPONENT_STEPS} steps"
        )

    def _record(
        self,
        result: Any,
        rewards: npt.NDArray[np.float64],
        ended: npt.NDArray[np.bool_],
        final: dict[str, Any],
    ) -> None:
        """Note the games that ended in a batch step: their rewards, final observation."""
        done = result.ended
        if not done.any():
            return
        won = result.winning_team >= 0
        outcome = np.where(
            won, np.where(result.winning_team == self._team, _rewards.WIN, _rewards.LOSS), 0.0
        )
        # A slot's episode ends once a step: a new game that ends before the agent's
        # first action (the opponents' moves of its reset) is dealt again, unscored.
        fresh = done & ~ended
        rewards[fresh] += outcome[fresh]
        ended |= done
        slots = np.flatnonzero(fresh)
        redeal = np.flatnonzero(done)
        rows = final.get("obs")
        if rows is None:
            rows = final["obs"] = np.zeros((self.num_envs, self._size), dtype=np.float32)
        if slots.size:
            rows[slots] = observations(self.batch, self._seats[slots], self.depth, games=slots)
        limit = final.setdefault("turn_limit", np.zeros(self.num_envs, dtype=np.bool_))
        limit[slots] = result.termination[slots] == _TURN_LIMIT
        self.batch.deal_next(redeal)  # the slot's next game (Gymnasium's same-step reset)

    def _stock_cards(self) -> npt.NDArray[np.int64]:
        counts: npt.NDArray[np.int64] = self.batch.arrays.stock_len @ self._team_stocks
        return counts

    def _observations(self) -> npt.NDArray[np.float32]:
        return observations(self.batch, self._seats, self.depth)

    def _mask(self) -> npt.NDArray[np.int8]:
        mask: npt.NDArray[np.int8] = self.batch.legal_action_mask().view(np.int8).copy()
        return mask
