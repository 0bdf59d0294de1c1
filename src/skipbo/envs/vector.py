"""A vectorised Gymnasium environment: ``B`` Skip-Bo games of one agent against bots, in NumPy.

Needs the ``gymnasium`` extra (``pip install 'skipbo[gymnasium]'``). It is
:class:`gymnasium.vector.VectorEnv` over :class:`skipbo.batch.GameBatch`: the games
are held as arrays, observations and masks are computed for the whole batch at once
(:func:`skipbo.batch.observations`, the encoding of :mod:`skipbo.observation.skipbo`),
and the opponents are batch policies (:mod:`skipbo.batch.policies`, ``"play-first"``,
``"priority"`` or ``"random"``) stepped inside the batch: after the agent's actions,
the games whose opponents are to move are stepped together until it is the agent's
turn in every game.

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
opponents (batch policies, not :mod:`skipbo.games.skipbo.bots` objects) and for its reset: it
resets itself in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``) when its
game ends, with the last observation of the ended game in ``info["final_obs"]``
(flagged by ``info["_final_obs"]``). Rewards are ``+1``/``-1``/``0`` at the end as in
:class:`~skipbo.envs.gymnasium.SkipBoEnv`, plus ``stock_reward`` per stock card of
the agent's team played. An illegal action raises
:class:`skipbo.batch.IllegalActionError` (a vectorised learner masks its actions), and
the batch is unchanged.

**Two stepping contracts.** By default (synchronous) every vector step is one
decision of the agent in every game: after its action, the opponents' turns are
played out inside the batch, so a step waits for the longest opponent turn among the
``B`` games. With ``lockstep=True`` every vector step is exactly one batch step of
every game: where the agent's seat is to move its action is applied, and where an
opponent is to move that opponent makes its one move in the same batch step. A game
where the agent waits says so: ``info["to_move"]`` is ``False`` for it and its action
mask allows exactly one action, the wait action (the last index,
:attr:`SkipBoVectorEnv.wait_action`); the action space has that one index more. The
observation is the agent's own view in every game, waiting or not. A move given for
a waiting game, or the wait action for a game where the agent is to move, raises
:class:`OutOfTurnError`; an illegal move raises
:class:`~skipbo.batch.IllegalActionError`; either way nothing changes.

>>> envs = SkipBoVectorEnv(8, players=2, lockstep=True)
>>> observations, info = envs.reset(seed=1)
>>> info["action_mask"].shape, envs.wait_action
((8, 146), 145)
>>> waiting = ~info["to_move"]
>>> bool((info["action_mask"][waiting].sum(axis=1) == 1).all())
True
>>> actions = info["action_mask"].argmax(axis=1)  # the first legal action, or the wait
>>> observations, rewards, terminated, truncated, info = envs.step(actions)
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from skipbo.common.extras import needs_extra

with needs_extra("gymnasium"):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

from skipbo.batch import GameBatch, observations
from skipbo.batch.arrays import TERMINATIONS
from skipbo.batch.policies import make_policy
from skipbo.common.strictjson import echo
from skipbo.envs import _adapter, _lockstep, _rewards
from skipbo.errors import ArgumentTypeError, ConfigurationError, RuleError
from skipbo.games.skipbo.actions import ActionError
from skipbo.games.skipbo.rules import Rules
from skipbo.observation.skipbo import DISCARD_DEPTH, ENCODER, TRUNCATIONS

__all__ = ["MAX_OPPONENT_STEPS", "OutOfTurnError", "SkipBoVectorEnv"]

_TRUNCATING = np.array([end in TRUNCATIONS for end in TERMINATIONS])
"""By termination code: whether it truncates the episode (the turn or stall limit)."""

_REFERENCES_COUNTED = hasattr(sys, "getrefcount")
"""Whether references can be counted (CPython): else ``copy=True`` always allocates."""

_PROBE = "probe"
"""The name of an array held by nothing but the env's dict (see ``SkipBoVectorEnv._own``)."""

MAX_OPPONENT_STEPS = 100_000
"""A ceiling on the batch steps of one opponent phase: the rules end every game
(R-WIN-2), so a phase that has not ended by then is a bug, reported as such."""


class OutOfTurnError(RuleError):
    """A lockstep action that does not fit its game's turn (R-TURN-7: the seats move in turn).

    A move given for a game where an opponent is to move (the agent must give the
    wait action there), or the wait action for a game where the agent is to move.
    The environment is unchanged.

    Attributes:
        game: The index of the first such game (its slot in the batch).
        action: The action given for it.

    """

    def __init__(self, game: int, action: int, reason: str) -> None:
        super().__init__("R-TURN-7", f"game {game}, action {action}: {reason}")
        self.game = game
        self.action = action


class SkipBoVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of Skip-Bo, one agent against batch policies in each.

    Args:
        num_envs: ``B``, the number of games.
        rules: The variant (two players by default).
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        seat: The agent's seat in every game.
        opponents: The batch policy of every other seat: ``"play-first"``, ``"priority"``
            or ``"random"`` (``"heuristic"``, the older name of ``"priority"``, is still taken).
        stock_reward: The shaping reward per stock card of the agent's team played.
        depth: How many cards of each discard pile the observation shows.
        lockstep: Step every game by one batch step (see the module's "two stepping
            contracts"): the action space gains the wait action, ``info`` the
            per-game flags ``"to_move"``.
        copy: As Gymnasium's vector environments' ``copy``: with ``False``, ``reset``
            and ``step`` return the environment's own arrays (the observations, the
            action masks, ``"to_move"`` and the final observations), rewritten in
            place by the next step: copy what you keep. It spares the allocation of
            megabytes a step (and the page faults of fresh memory). With ``True``
            (the default) the arrays returned are the caller's for good; the env
            writes again only an array nothing outside it refers to any more,
            which cannot be told from a new one.

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
        lockstep: bool = False,
        copy: bool = True,
    ) -> None:
        game = ENCODER
        rules = _adapter.rules_of(game, rules, players)
        if type(num_envs) is not int or num_envs < 1:
            raise ConfigurationError("num_envs", f"must be an integer >= 1, got {echo(num_envs)}")
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ConfigurationError(
                "seat", f"must be a seat from 0 to {rules.players - 1}, got {echo(seat)}"
            )
        if not isinstance(opponents, str):
            raise ArgumentTypeError(f"opponents must be a policy name, not {echo(opponents)}")
        make_policy(opponents, rules)  # a wrong name fails here
        if type(lockstep) is not bool:
            raise ArgumentTypeError(f"lockstep must be a bool, got {echo(lockstep)}")
        if type(copy) is not bool:
            raise ArgumentTypeError(f"copy must be a bool, got {echo(copy)}")
        self.copy = copy
        self.rules = rules
        self.num_envs = num_envs
        self.seat = seat
        self.opponents = opponents
        self.stock_reward = float(stock_reward)
        self.depth = depth
        self.single_observation_space = _adapter.observation_box(game, rules, depth)
        self.lockstep = lockstep
        moves = game.action_count(rules)
        self.wait_action = moves if lockstep else None
        """The wait action's index in lockstep mode (the last one); ``None`` otherwise."""
        self.single_action_space = spaces.Discrete(moves + 1 if lockstep else moves)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._team = rules.seating.team_of[seat]
        stocks = np.zeros(rules.stock_pile_count, dtype=np.int64)
        stocks[list(rules.seating.team_stocks[self._team])] = 1
        self._team_stocks = stocks
        self._seats = np.full(num_envs, seat, dtype=np.int64)
        self._size = game.layout(rules, depth).size
        self._moves = moves
        self._to_move = np.ones(num_envs, dtype=np.bool_)  # lockstep: where the agent moves
        # The arrays handed out with copy=False, rewritten by each step.
        self._buffers: dict[str, npt.NDArray[Any]] = {_PROBE: np.empty(0)}
        self._final_written = np.zeros(0, dtype=np.int64)  # the rows of final_obs set
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
        In lockstep mode the opponents do not move first: a game where an opponent
        starts is observed waiting.
        """
        if seed is not None and type(seed) is not int:
            raise ArgumentTypeError(f"seed must be an int or None, got {type(seed).__name__}")
        rng = np.random.default_rng(seed)
        # Not the batch's auto-reset: an ended game is observed before its slot is dealt anew.
        self._batch = GameBatch.new(self.rules, self.num_envs, seed=_adapter.draw_seed(rng))
        self._policy = make_policy(self.opponents, self.rules, _adapter.draw_seed(rng))
        if not self.lockstep:
            rewards = np.zeros(self.num_envs)
            self._opponents_move(rewards, np.zeros(self.num_envs, dtype=np.bool_), {})
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

        In lockstep mode: one move in every game, the agent's where it is to move (the
        wait action elsewhere), the opponent's where an opponent is to move.

        Raises:
            TypeError: if ``actions`` are not integers.
            ~skipbo.ActionError: if ``actions`` is not one action index per game.
            ~skipbo.batch.IllegalActionError: if an action is not legal in its game.
            OutOfTurnError: in lockstep mode, if a waiting game is given another action
                than the wait action, or a game where the agent is to move the wait action.

        """
        batch = self.batch
        moves = self._lockstep_moves(actions) if self.lockstep else actions
        before = self._stock_cards() if self.stock_reward else None
        ended = np.zeros(self.num_envs, dtype=np.bool_)
        rewards = np.zeros(self.num_envs)
        final: dict[str, Any] = {}
        self._record(batch.step(moves), rewards, ended, final)
        if not self.lockstep:
            self._opponents_move(rewards, ended, final)
        if before is not None:
            # Shaping: stock cards played since the agent's action (a new game starts anew).
            shaped = np.where(ended, 0, before - self._stock_cards())
            rewards += self.stock_reward * shaped
        truncated = ended & final.pop("truncated", np.zeros(self.num_envs, dtype=np.bool_))
        observed, info = self._observe()
        if ended.any():
            info["final_obs"] = final["obs"]
            info["_final_obs"] = ended
        return observed, rewards, ended & ~truncated, truncated, info

    # --- inside ------------------------------------------------------------------------

    def _lockstep_moves(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """Every game's move of a lockstep step: the agent's where it moves, else the policy's.

        Checks the agent's actions before the policy draws (so a refused step leaves
        the policy's generator, too, as it was).
        """
        batch = self.batch
        chosen = batch.action_array(actions)
        to_move = self._to_move
        mask = batch.legal_action_mask()
        out_of_turn, illegal = _lockstep.first_refused(chosen, to_move, mask)
        if out_of_turn >= 0:
            game = out_of_turn
            reason = (
                "the wait action, but the agent is to move"
                if to_move[game]
                else f"a move, but an opponent is to move (the wait action is {self.wait_action})"
            )
            raise OutOfTurnError(game, int(chosen[game]), reason)
        if illegal >= 0:
            # The agent's games alone: the batch raises the first one's ActionError or
            # IllegalActionError (naming the rule), and changes nothing.
            batch.step(np.where(to_move, chosen, 0), only=to_move)
            raise AssertionError("the batch accepted an action its mask refuses")
        opponents: npt.NDArray[np.int64] = self._policy(mask)
        # Every action is now an index of the actions (or the wait): int64 holds it.
        return np.where(to_move, chosen.astype(np.int64, copy=False), opponents)

    def _opponents_move(
        self, rewards: npt.NDArray[np.float64], ended: npt.NDArray[np.bool_], final: dict[str, Any]
    ) -> None:
        batch = self.batch
        for _ in range(MAX_OPPONENT_STEPS):
            # Up to the agent's turn everywhere, or until games end (seen, then dealt anew).
            result, done = batch.play_others(self.seat, self._policy, max_steps=MAX_OPPONENT_STEPS)
            self._record(result, rewards, ended, final)
            if done:
                return
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
            rows = final["obs"] = self._final_rows()
        if slots.size:
            rows[slots] = observations(self.batch, self._seats[slots], self.depth, games=slots)
            # Repeats are harmless: these are only the rows to zero next time.
            self._final_written = np.concatenate([self._final_written, slots])
        cut = final.setdefault("truncated", np.zeros(self.num_envs, dtype=np.bool_))
        cut[slots] = _TRUNCATING[result.termination[slots]]
        self.batch.deal_next(redeal)  # the slot's next game (Gymnasium's same-step reset)

    def _final_rows(self) -> npt.NDArray[np.float32]:
        """A step's ``info["final_obs"]``, all zeros: the env's own array, or a new one.

        The env's own array is zeroed only where it was written last (the games that
        ended then): clearing megabytes a step would cost more than the step's
        observations.
        """
        rows = self._own("final_obs")
        if rows is not None:
            rows[self._final_written] = 0
        else:
            rows = self._buffers["final_obs"] = np.zeros(
                (self.num_envs, self._size), dtype=np.float32
            )
        self._final_written = np.zeros(0, dtype=np.int64)
        return rows

    def _stock_cards(self) -> npt.NDArray[np.int64]:
        counts: npt.NDArray[np.int64] = self.batch.arrays.stock_len @ self._team_stocks
        return counts

    def _buffer(self, name: str, shape: tuple[int, ...], dtype: Any) -> npt.NDArray[Any]:
        """The environment's own array of that name (see :meth:`_own`), or a new one."""
        array = self._own(name)
        if array is None:
            array = self._buffers[name] = np.empty(shape, dtype=dtype)
        return array

    def _own(self, name: str) -> npt.NDArray[Any] | None:
        """The array of that name handed out last, if it may be written again; else ``None``.

        With ``copy=False`` it always may (the caller copies what it keeps). With
        ``copy=True`` only if nothing outside the environment refers to it any more
        (no variable, view or container of the caller): then writing it anew cannot
        be told from freeing it and allocating another, and it spares the fresh
        memory's page faults, which cost about as much as the observations.
        """
        array = self._buffers.get(name)
        if array is None or not self.copy:
            return array
        # Counted against an array only the env's dict holds, reached the same way
        # (how many references a local name and the call add differs between Pythons).
        probe = self._buffers[_PROBE]
        if _REFERENCES_COUNTED and sys.getrefcount(array) <= sys.getrefcount(probe):
            return array
        return None

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The agent's observation of every game and the ``info`` of its masks."""
        batch = self.batch
        observed = self._buffer("obs", (self.num_envs, self._size), np.float32)
        observations(batch, self._seats, self.depth, out=observed)
        legal = batch.legal_action_mask().view(np.int8)
        if not self.lockstep:
            mask = self._buffer("action_mask", legal.shape, np.int8)
            np.copyto(mask, legal)
            return observed, {"action_mask": mask}
        mask = self._buffer("action_mask", (self.num_envs, self._moves + 1), np.int8)
        to_move = self._to_move  # the env's own: the next step's check reads it
        _lockstep.write_masks(
            legal.view(np.bool_), batch.arrays.current_player, self.seat, mask, to_move
        )
        shown = self._buffer("to_move", to_move.shape, np.bool_)
        np.copyto(shown, to_move)
        return observed, {"action_mask": mask, "to_move": shown}
