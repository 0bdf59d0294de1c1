"""A vectorised Gymnasium environment: ``B`` Skyjo games of one agent against bots, compiled.

Needs the ``gymnasium`` extra. It is :class:`gymnasium.vector.VectorEnv` over
:class:`skipbo.batch.skyjo.SkyjoBatch`: the games are arrays, their masks,
observations (the encoding of :mod:`skipbo.observation.skyjo`) and steps run in the
batch's compiled kernels, and the opponents are its built-in policies
(``"replace-highest"`` or ``"random"``, :data:`skipbo.batch.skyjo.kernels.POLICIES`), whose
moves up to the agent's next turn are all played in one compiled call. Before it,
Skyjo's vector learners stepped :class:`skipbo.envs.gymnasium.SkyjoEnv` copies over the
Python core.

>>> from skipbo.envs.skyjo_vector import SkyjoVectorEnv
>>> envs = SkyjoVectorEnv(8, players=3)
>>> observations, info = envs.reset(seed=1)
>>> observations.shape, info["action_mask"].shape
((8, 725), (8, 92))
>>> actions = info["action_mask"].argmax(axis=1)  # each game's first legal action
>>> observations, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, bool(info["action_mask"].any(axis=1).all())
((8,), True)

Each sub-environment is the single-agent :class:`~skipbo.envs.gymnasium.SkyjoEnv` (the
same observation, action space and rewards: at the end, ``+1`` if the agent is among
the seats with the lowest total, ``-1`` otherwise) but for its opponents and its reset:
it resets itself in the same step (``AutoresetMode.SAME_STEP``) when its game ends,
the last observation of the ended game in ``info["final_obs"]`` (flagged by
``info["_final_obs"]``). An illegal action raises
:class:`skipbo.batch.skyjo.IllegalActionError` and nothing changes. Every vector step is
one decision of the agent in every game (the synchronous contract of
:class:`skipbo.envs.vector.SkipBoVectorEnv`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skipbo.common.extras import needs_extra

with needs_extra("gymnasium"):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

from skipbo.batch.skyjo import POLICIES, SkyjoBatch
from skipbo.common.strictjson import echo
from skipbo.envs import _adapter
from skipbo.games.skyjo.actions import ACTION_COUNT, ActionError
from skipbo.games.skyjo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skyjo.rules import Rules
from skipbo.observation.skyjo import DISCARD_DEPTH, ENCODER

__all__ = ["SkyjoVectorEnv"]


class SkyjoVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of Skyjo, one agent against the batch's built-in policies in each.

    Args:
        num_envs: ``B``, the number of games.
        rules: The variant (two players by default).
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        seat: The agent's seat in every game.
        opponents: The policy of every other seat: ``"replace-highest"`` or ``"random"``.
        depth: How many cards of the discard pile the observation shows.

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
        opponents: str = "replace-highest",
        depth: int = DISCARD_DEPTH,
    ) -> None:
        rules = _adapter.rules_of(ENCODER, rules, players)
        if type(num_envs) is not int or num_envs < 1:
            raise ConfigurationError("num_envs", f"must be an integer >= 1, got {echo(num_envs)}")
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ConfigurationError(
                "seat", f"must be a seat from 0 to {rules.players - 1}, got {echo(seat)}"
            )
        if opponents not in POLICIES:
            raise ConfigurationError(
                "opponents", f"must be one of {sorted(POLICIES)}, got {echo(opponents)}"
            )
        self.rules = rules
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        self.depth = depth
        self.single_observation_space = _adapter.observation_box(ENCODER, rules, depth)
        self.single_action_space = spaces.Discrete(ACTION_COUNT)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._size = ENCODER.layout(rules, depth).size
        self._batch: SkyjoBatch | None = None
        self._rng = np.ones(num_envs, dtype=np.uint64)

    @property
    def batch(self) -> SkyjoBatch:
        """The batch of games (for inspection and tests: it holds every hidden card).

        Raises:
            ActionError: before the first ``reset()``.

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
        self._batch = SkyjoBatch.new(self.rules, self.num_envs, seed=_adapter.draw_seed(rng))
        self._rng = rng.integers(1, 2**63, size=self.num_envs).astype(np.uint64)
        self._opponents_move(np.zeros(self.num_envs), np.zeros(self.num_envs, dtype=np.bool_), {})
        return self._observe()

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
            TypeError: if ``actions`` are not integers.
            ActionError: if ``actions`` is not one action index per game.
            ~skipbo.batch.skyjo.IllegalActionError: if an action is not legal in its game.

        """
        batch = self.batch
        rewards = np.zeros(self.num_envs)
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        final: dict[str, Any] = {}
        result = batch.step(actions)
        self._record(result.ended, rewards, ended, final)
        self._opponents_move(rewards, ended, final)
        observed, info = self._observe()
        if ended.any():
            info["final_obs"] = final["obs"]
            info["_final_obs"] = ended
        return observed, rewards, ended, np.zeros(self.num_envs, dtype=np.bool_), info

    def _opponents_move(
        self, rewards: npt.NDArray[np.float64], ended: npt.NDArray[np.bool_], final: dict[str, Any]
    ) -> None:
        batch = self.batch
        while True:
            done = batch.play_others(self.seat, self.opponents, self._rng)
            if not done.any():
                return
            self._record(done, rewards, ended, final)

    def _record(
        self,
        done: npt.NDArray[np.bool_],
        rewards: npt.NDArray[np.float64],
        ended: npt.NDArray[np.bool_],
        final: dict[str, Any],
    ) -> None:
        """Note the games that ended: the agent's reward, the final observation; deal anew."""
        if not done.any():
            return
        batch = self.batch
        # A slot's episode ends once a step: a new game that ends before the agent's
        # first action (the opponents' moves after its deal) is dealt again, unscored.
        fresh = done & ~ended
        slots = np.flatnonzero(fresh)
        if slots.size:
            totals = batch.arrays.totals[slots]
            won = totals[:, self.seat] == totals.min(axis=1)
            rewards[slots] += np.where(won, 1.0, -1.0)
            rows = final.get("obs")
            if rows is None:
                rows = final["obs"] = np.zeros((self.num_envs, self._size), dtype=np.float32)
            rows[slots] = batch.observations(self.seat, depth=self.depth, games=slots)
        ended |= done
        batch.deal_next(np.flatnonzero(done))

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The agent's observation of every game and the ``info`` of its masks."""
        batch = self.batch
        observed = batch.observations(self.seat, depth=self.depth)
        mask = batch.legal_action_mask().view(np.int8).copy()
        return observed, {"action_mask": mask}
