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

from skipbo.envs._extras import missing_extra

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise missing_extra("gymnasium", error) from error

from skipbo import ActionError, GameState, Rules, apply, new_game, view
from skipbo.actions import action_count, action_to_move, legal_action_mask
from skipbo.bots import Bot, make_bot
from skipbo.envs import _rewards
from skipbo.envs.observation import (
    DISCARD_DEPTH,
    observation_array,
    observation_layout,
    text_observation,
)

__all__ = ["ENV_ID", "SkipBoEnv"]

ENV_ID = "skipbo/SkipBo-v0"
"""The id under which :class:`SkipBoEnv` is registered with Gymnasium."""

_SEED_RANGE = 2**63
"""Game and bot seeds are drawn from ``0 .. 2**63 - 1`` of the environment's generator."""

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

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

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
        if rules is None:
            rules = Rules(players=2 if players is None else players)
        elif players is not None and players != rules.players:
            raise ValueError(f"players={players} contradicts rules with {rules.players} players")
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ValueError(f"seat must be a seat from 0 to {rules.players - 1}, got {seat!r}")
        others = rules.players - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise ValueError(f"{others} opponents needed (one a seat), got {len(names)} names")
        for name in names:
            make_bot(name, 0)  # a wrong name fails here, not at the first reset
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.rules = rules
        self.seat = seat
        self.opponents = tuple(names)
        self.stock_reward = float(stock_reward)
        self.depth = depth
        self.render_mode = render_mode
        layout = observation_layout(rules, depth)
        self.observation_space = spaces.Box(
            low=0.0, high=np.array(layout.high, dtype=np.float32), dtype=np.float32
        )
        self._action_count = action_count(rules)
        self.action_space = spaces.Discrete(self._action_count)
        self._state: GameState | None = None
        self._bots: dict[int, Bot] = {}
        self._ended = False

    @property
    def state(self) -> GameState:
        """The full game state (for inspection and tests; the agent sees only its view).

        Raises:
            ~skipbo.ActionError: before the first :meth:`reset`.

        """
        if self._state is None:
            raise ActionError("the environment has no game yet: call reset() first")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots move until it is the agent's turn."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = int(rng.integers(_SEED_RANGE))
        others = [seat for seat in range(self.rules.players) if seat != self.seat]
        self._bots = {
            seat: make_bot(name, int(rng.integers(_SEED_RANGE)))
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
        if not self.action_space.contains(action):
            raise ActionError(f"action {action!r} is not in 0..{self._action_count - 1}")
        index = int(action)
        if not legal_action_mask(state)[index]:
            self._ended = True
            info = self._info()
            move = action_to_move(self.rules, index)
            info["illegal_action"] = f"{move} is not a legal move now"
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
        if self.render_mode is None or self._state is None:
            return None
        text = text_observation(view(self._state, self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _bots_move(self, state: GameState) -> GameState:
        while not state.is_over and state.current_player != self.seat:
            bot = self._bots[state.current_player]
            state = apply(state, bot.choose(view(state, state.current_player)))
        return state

    def _observation(self) -> Observation:
        return observation_array(view(self.state, self.seat), self.depth)

    def _info(self) -> dict[str, Any]:
        mask = legal_action_mask(self.state) if not self._ended else bytes(self._action_count)
        return {"action_mask": np.frombuffer(mask, dtype=np.int8).copy()}


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SkipBoEnv")
