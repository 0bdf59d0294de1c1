"""Gymnasium environments: one agent plays one seat against bots, in either game.

Needs the ``gymnasium`` extra (``pip install 'skipbo[gymnasium]'``). Importing this
module registers :data:`ENV_ID` (Skip-Bo) and :data:`SKYJO_ENV_ID` (Skyjo), so that

>>> import gymnasium
>>> import skipbo.envs.gymnasium
>>> env = gymnasium.make("skipbo/SkipBo-v0", players=3, opponents="random")
>>> observation, info = env.reset(seed=1)
>>> observation.shape == env.observation_space.shape, bool(info["action_mask"].any())
(True, True)
>>> skyjo_env = gymnasium.make("skipbo/Skyjo-v0", players=4)
>>> observation, info = skyjo_env.reset(seed=1)
>>> observation.shape, int(info["action_mask"].sum())  # the reveal: 66 pairs of places
((934,), 66)

``gymnasium.make("skipbo.envs.gymnasium:skipbo/SkipBo-v0")`` imports it on the way.

Both environments are one class, :class:`GameEnv`, over the common game protocol
(:mod:`skipbo.common.game`) and the game's encoder (:mod:`skipbo.observation.encoder`);
:class:`SkipBoEnv` and :class:`SkyjoEnv` only choose the game (any other game with an
encoder plays in a :class:`GameEnv` of its own encoder and rules).

The agent's seat is given (seat 0 by default); every other seat is played by a
bot of the game (Skip-Bo: :data:`skipbo.games.skipbo.bots.BOTS`, ``"play-first"`` by default;
Skyjo: :data:`skipbo.games.skyjo.bots.BOTS`, ``"heuristic"`` by default), which sees only
its own seat's view. In Skip-Bo's team play the agent's partners are bots too. An
episode is one game, and a step is one move of the agent: after it, the bots move
until it is the agent's turn again or the game is over.

* Observation: the game's observation vector of the agent's view
  (:func:`skipbo.observation.skipbo.observation_array`,
  :func:`skipbo.observation.skyjo.observation_array`).
* Action: an integer of the game's action space (:mod:`skipbo.games.skipbo.actions`,
  :mod:`skipbo.games.skyjo.actions`); ``info["action_mask"]`` (``int8``, one per action)
  marks the legal ones.
* Reward: at the end, ``+1`` if the agent (its team) won, ``-1`` if another seat won,
  ``0`` if nobody did (a blocked Skip-Bo game, R-WIN-2). In Skyjo the winners are the
  seats with the lowest total (S-SCORE-3; a tie shares the win). With Skip-Bo's
  ``stock_reward`` set, each step also gives ``stock_reward`` per card that left the
  agent's team's stock piles since the agent's previous action (shaping towards R-WIN-1).
* An illegal action (in the action space but masked out) ends the episode with reward
  ``-1`` and ``info["illegal_action"]`` saying why; the game is not changed.
* Skip-Bo's turn limit (R-WIN-2), when set, and its stall limit (R-WIN-4) end an
  episode as *truncated* (Skyjo's turn limit ends a round, S-END-3, not the game).
* Every episode ends: the rules' bounds (R-WIN-4, S-END-3) end every game within a
  proved number of moves (:func:`skipbo.common.game.max_moves`), whatever the agent
  and the bots play. Rules that lift a bound (``stall_limit=None``, ...) are accepted:
  an episode then lasts as long as its game, which may never end (cap the steps with
  Gymnasium's ``TimeLimit``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsInt

from skipbo.common.extras import needs_extra

with needs_extra("gymnasium"):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces

from skipbo import ActionError, ConfigurationError, GameState, Rules
from skipbo.common.strictjson import echo
from skipbo.envs import _adapter, _rewards
from skipbo.errors import ArgumentTypeError
from skipbo.games.skyjo import GameState as SkyjoState
from skipbo.games.skyjo import Rules as SkyjoRules
from skipbo.observation import skipbo as skipbo_observation
from skipbo.observation import skyjo as skyjo_observation
from skipbo.observation.encoder import Encoder
from skipbo.observation.skipbo import DISCARD_DEPTH

__all__ = ["ENV_ID", "SKYJO_ENV_ID", "GameEnv", "SkipBoEnv", "SkyjoEnv"]

ENV_ID = "skipbo/SkipBo-v0"
"""The id under which :class:`SkipBoEnv` is registered with Gymnasium."""

SKYJO_ENV_ID = "skipbo/Skyjo-v0"
"""The id under which :class:`SkyjoEnv` is registered with Gymnasium."""

Observation = npt.NDArray[np.float32]


class GameEnv(gymnasium.Env[Observation, np.int64]):
    """One agent against bots in any game with an encoder (:mod:`skipbo.observation.encoder`).

    Args:
        env_game: The game's encoder (:func:`skipbo.observation.encoder.encoder_of`).
        rules: The variant.
        seat: The agent's seat.
        opponents: The bot for every other seat, by name, or one name per other seat
            in seat order.
        depth: How many cards of each discard pile the observation shows.
        render_mode: ``"ansi"``, ``"human"`` or ``None``.

    Raises:
        ValueError: if the seat, a bot name, the number of bot names or the render
            mode is wrong.

    """

    metadata = {"render_modes": list(_adapter.RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        env_game: Encoder,
        rules: Any,
        *,
        seat: int,
        opponents: str | Sequence[str],
        depth: int,
        render_mode: str | None,
    ) -> None:
        if type(seat) is not int or not 0 <= seat < rules.players:
            raise ConfigurationError(
                "seat", f"must be a seat from 0 to {rules.players - 1}, got {echo(seat)}"
            )
        others = rules.players - 1
        if not isinstance(opponents, str | Sequence):
            raise ArgumentTypeError(
                f"opponents must be a bot name or a sequence of names, not "
                f"{type(opponents).__name__}"
            )
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise ConfigurationError(
                "opponents", f"{others} opponents needed (one a seat), got {len(names)} names"
            )
        for name in names:
            _adapter.make_bot(rules, name, 0)  # a wrong name fails here, not at the first reset
        _adapter.check_render_mode(render_mode)
        self.env_game = env_game
        self.rules = rules
        self.seat = seat
        self.opponents = tuple(names)
        self.depth = depth
        self.render_mode = render_mode
        self.observation_space = _adapter.observation_box(env_game, rules, depth)
        self.action_space = spaces.Discrete(env_game.action_count(rules))
        self._table = _adapter.Table(env_game, rules, depth)
        self._bots: dict[int, Any] = {}
        self._ended = False

    @property
    def state(self) -> Any:
        """The full game state (for inspection and tests; the agent sees only its view).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        return self._table.state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots move until it is the agent's turn."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = _adapter.draw_seed(rng)
        others = [seat for seat in range(self.rules.players) if seat != self.seat]
        self._bots = {
            seat: _adapter.make_bot(self.rules, name, _adapter.draw_seed(rng))
            for seat, name in zip(others, self.opponents, strict=True)
        }
        self._table.deal(game_seed)
        self._bots_move()
        self._ended = self._table.is_over
        return self._observation(), self._info()

    def step(self, action: SupportsInt) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the agent's move ``action``, then the bots' moves until its next turn.

        Raises:
            ~skipbo.ActionError: if ``action`` is not an action of the space, or the episode
                is over (call ``reset()``).

        """
        table = self._table
        table.state  # noqa: B018  (raises before the first reset)
        if self._ended:
            raise ActionError("the episode is over: call reset() first")
        index = _adapter.action_index(self._table.action_count, action)
        illegal = table.illegal_action(index)
        if illegal is not None:
            self._ended = True
            info = self._info()
            info["illegal_action"] = illegal
            return self._observation(), _rewards.ILLEGAL_ACTION, True, False, info
        before = self._progress()
        table.play(index)
        self._bots_move()
        self._ended = table.is_over
        reward = self._progress() - before + table.final_rewards()[self.seat]
        truncated = table.truncated
        terminated = self._ended and not truncated
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, self._info()

    def render(self) -> str | None:
        """The agent's text observation: returned (``"ansi"``) or printed (``"human"``)."""
        text = self._table.text(self.seat) if self._table.has_state else None
        return _adapter.render(self.render_mode, text)

    def _progress(self) -> float:
        """The shaping reward's potential (0 unless a subclass shapes)."""
        return 0.0

    def _bots_move(self) -> None:
        table = self._table
        while not table.is_over and table.current_player != self.seat:
            table.play_bot(self._bots[table.current_player])

    def _observation(self) -> Observation:
        return self._table.observation(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._table.mask(self.seat, to_act=not self._ended)}


class SkipBoEnv(GameEnv):
    """Skip-Bo for one agent against bots, as a Gymnasium environment.

    Args:
        rules: The variant (two players, standard rules by default); any
            :class:`~skipbo.Rules`, team forms included.
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        seat: The agent's seat.
        opponents: The bot for every other seat, by name (:data:`skipbo.games.skipbo.bots.BOTS`), or
            one name per other seat in seat order.
        stock_reward: The shaping reward per stock card of the agent's team played.
        depth: How many cards of each discard pile the observation shows.
        render_mode: ``"ansi"`` (``render()`` returns the text observation),
            ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if the seat, a bot name, the number of bot names or the render
            mode is wrong.

    """

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
        game = skipbo_observation.ENCODER
        super().__init__(
            game,
            _adapter.rules_of(game, rules, players),
            seat=seat,
            opponents=opponents,
            depth=depth,
            render_mode=render_mode,
        )
        self.stock_reward = float(stock_reward)

    @property
    def state(self) -> GameState:
        """The full game state (for inspection and tests; the agent sees only its view).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        state: GameState = self._table.state
        return state

    def _progress(self) -> float:
        # Fewer stock cards left is progress towards R-WIN-1.
        return -self.stock_reward * _rewards.team_stock_cards(self.state, self.seat)


class SkyjoEnv(GameEnv):
    """Skyjo for one agent against bots, as a Gymnasium environment.

    Args:
        rules: The variant (two players, standard rules by default); any
            :class:`skipbo.skyjo.Rules`, 2 to 8 players.
        players: A shortcut for ``skyjo.Rules(players=players)`` when ``rules`` is not given.
        seat: The agent's seat.
        opponents: The bot for every other seat, by name (:data:`skipbo.games.skyjo.bots.BOTS`),
            or one name per other seat in seat order.
        depth: How many cards of the discard pile the observation shows one-hot.
        render_mode: ``"ansi"`` (``render()`` returns the text observation),
            ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if the seat, a bot name, the number of bot names or the render
            mode is wrong.

    """

    def __init__(
        self,
        rules: SkyjoRules | None = None,
        *,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "heuristic",
        depth: int = skyjo_observation.DISCARD_DEPTH,
        render_mode: str | None = None,
    ) -> None:
        game = skyjo_observation.ENCODER
        super().__init__(
            game,
            _adapter.rules_of(game, rules, players),
            seat=seat,
            opponents=opponents,
            depth=depth,
            render_mode=render_mode,
        )

    @property
    def state(self) -> SkyjoState:
        """The full game state (for inspection and tests; the agent sees only the view).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        state: SkyjoState = self._table.state
        return state


gymnasium.register(id=ENV_ID, entry_point=f"{__name__}:SkipBoEnv")
gymnasium.register(id=SKYJO_ENV_ID, entry_point=f"{__name__}:SkyjoEnv")
