"""A Gymnasium environment: one agent plays one seat against bots.

Needs the ``gymnasium`` extra (``pip install 'skipbo[gymnasium]'``). Importing this
module registers the environment as :data:`ENV_ID`, so that

>>> import gymnasium
>>> import skipbo.envs.gymnasium
>>> env = gymnasium.make("skipbo/SkipBo-v0", players=3, opponents="random")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape, bool(info["action_mask"].any())
(True, True)

``gymnasium.make("skipbo.envs.gymnasium:skipbo/SkipBo-v0")`` imports it on the way.

The agent's seat is given (seat 0 by default); every other seat is played by a bot
of :mod:`skipbo.bots` (``"play-first"`` by default), which sees only its own seat's
view. In team play the agent's partners are bots too. An episode is one game, and a
step is one move of the agent: after it, the bots move until it is the agent's turn
again or the game is over.

* Observation: :func:`skipbo.envs.observation.observation_array` of the agent's view.
* Action: an integer of :mod:`skipbo.actions`; ``info["action_mask"]`` (``int8``, one
  per action) marks the legal ones.
* Reward: at the end, ``+1`` if the agent's team won, ``-1`` if another team won, ``0``
  if nobody did (a blocked game, R-WIN-2). With ``stock_reward`` set, each step also
  gives ``stock_reward`` per card that left the agent's team's stock piles since the
  agent's previous action (shaping towards R-WIN-1).
* An illegal action (in the action space but masked out) ends the episode with reward
  ``-1`` and ``info["illegal_action"]`` saying why; the game is not changed.
* The rules' turn limit (R-WIN-2), when set, ends an episode as *truncated*.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsInt

from skipbo.envs._extras import needs_extra

with needs_extra("gymnasium"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces

from skipbo import ActionError, GameState, Rules, apply, new_game, view
from skipbo.actions import action_count, action_to_move
from skipbo.bots import Bot, make_bot
from skipbo.envs import _adapter, _rewards
from skipbo.envs.observation import DISCARD_DEPTH, observation_array

__all__ = ["ENV_ID", "SkipBoEnv"]

ENV_ID = "skipbo/SkipBo-v0"
"""The id under which :class:`SkipBoEnv` is registered with Gymnasium."""

Observation = npt.NDArray[np.float32]


class SkipBoEnv(gymnasium.Env[Observation, np.int64]):
    """Skip-Bo for one agent against bots, as a Gymnasium environment.

    Args:
        rules: The variant (two players, standard rules by default); any
            :class:`~skipbo.Rules`, team forms included.
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        seat: The agent's seat.
        opponents: The bot for every other seat, by name (:data:`skipbo.bots.BOTS`), or
            one name per other seat in seat order.
        stock_reward: The shaping reward per stock card of the agent's team played.
        depth: How many cards of each discard pile the observation shows.
        render_mode: ``"ansi"`` (:meth:`render` returns the text observation),
            ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if the seat, a bot name, the number of bot names or the render
            mode is wrong.

    """

    metadata = {"render_modes": list(_adapter.RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "play-first",
        stock_reward: float = 0.0,
        depth: int = DISCARD_DEPTH,
        render_mode: str | None = None,
    ) -> None:
        rules = _adapter.rules_of(rules, players)
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ValueError(f"seat must be a seat from 0 to {rules.players - 1}, got {seat!r}")
        others = rules.players - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise ValueError(f"{others} opponents needed (one a seat), got {len(names)} names")
        for name in names:
            make_bot(name, 0)  # a wrong name fails here, not at the first reset
        _adapter.check_render_mode(render_mode)
        self.rules = rules
        self.seat = seat
        self.opponents = tuple(names)
        self.stock_reward = float(stock_reward)
        self.depth = depth
        self.render_mode = render_mode
        self.observation_space = _adapter.observation_box(rules, depth)
        self.action_space = spaces.Discrete(action_count(rules))
        self._state: GameState | None = None
        self._bots: dict[int, Bot] = {}
        self._ended = False

    @property
    def state(self) -> GameState:
        """The full game state (for inspection and tests; the agent sees only its view).

        Raises:
            ~skipbo.ActionError: before the first :meth:`reset`.

        """
        return _adapter.game_of(self._state)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots move until it is the agent's turn."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = _adapter.draw_seed(rng)
        others = [seat for seat in range(self.rules.players) if seat != self.seat]
        self._bots = {
            seat: make_bot(name, _adapter.draw_seed(rng))
            for seat, name in zip(others, self.opponents, strict=True)
        }
        self._state = self._bots_move(new_game(self.rules, seed=game_seed))
        self._ended = self._state.is_over
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the agent's move ``action``, then the bots' moves until its next turn.

        Raises:
            ~skipbo.ActionError: if ``action`` is not an action of the space, or the episode
                is over (call :meth:`reset`).

        """
        state = self.state
        if self._ended:
            raise ActionError("the episode is over: call reset() first")
        index = _adapter.action_index(self.action_space, action)
        illegal = _adapter.illegal_action(state, index)
        if illegal is not None:
            self._ended = True
            info = self._info()
            info["illegal_action"] = illegal
            return self._observation(), _rewards.ILLEGAL_ACTION, True, False, info
        stock_before = _rewards.team_stock_cards(state, self.seat)
        state = self._bots_move(apply(state, action_to_move(self.rules, index)))
        self._state = state
        self._ended = state.is_over
        reward = self.stock_reward * (stock_before - _rewards.team_stock_cards(state, self.seat))
        reward += _rewards.final_rewards(state)[self.seat]
        truncated = _rewards.truncated(state)
        terminated = state.is_over and not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The agent's text observation: returned (``"ansi"``) or printed (``"human"``)."""
        seen = None if self._state is None else view(self._state, self.seat)
        return _adapter.render(self.render_mode, seen)

    def _bots_move(self, state: GameState) -> GameState:
        while not state.is_over and state.current_player != self.seat:
            bot = self._bots[state.current_player]
            state = apply(state, bot.choose(view(state, state.current_player)))
        return state

    def _observation(self) -> Observation:
        return observation_array(view(self.state, self.seat), self.depth)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": _adapter.action_mask(self.state, to_act=not self._ended)}


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SkipBoEnv")
