"""PettingZoo AEC environments: every seat an agent, in any game with an encoder, every variant.

Needs the ``pettingzoo`` extra (``pip install 'skipbo[pettingzoo]'``).

>>> from skipbo.envs.pettingzoo import env
>>> game = env(players=3)
>>> game.reset(seed=1)
>>> game.agent_selection, sorted(game.observe("player_0"))
('player_0', ['action_mask', 'observation'])
>>> from skipbo import skyjo
>>> skyjo_game = env(skyjo.Rules(players=5))  # the game follows from the rules
>>> skyjo_game.metadata["name"], len(skyjo_game.possible_agents)
('skyjo_v0', 5)
>>> len(env(game="skyjo", players=3).possible_agents)  # or from its name
3

Every game is one class, :class:`GameAECEnv`, over the common game protocol
(:mod:`skipbo.common.game`) and the game's encoder
(:mod:`skipbo.observation.encoder`): any game with both registered plays here, and
:func:`env` finds it from the rules. :class:`SkipBoAECEnv` and :class:`SkyjoAECEnv`
only choose the game. The agents are ``player_0`` .. ``player_{n-1}``, one per seat; the agent to
act is the seat to move, which acts again and again until its turn ends (Skip-Bo:
R-TURN-5; Skyjo: a take, then a place). An agent observes a dictionary:
``"observation"``, the game's vector of **its own** view
(:func:`skipbo.observation.skipbo.observation_array`,
:func:`skipbo.observation.skyjo.observation_array`), and ``"action_mask"``
(``int8``), the legal actions of the game's action space, all zero unless it is the
agent to act.

Rewards come at the end of the game: ``+1`` to every winning seat (Skip-Bo: the
winning team; Skyjo: the lowest total, S-SCORE-3), ``-1`` to every other seat, ``0`` to
all when nobody won (R-WIN-2). An illegal action (in the action space, masked out)
ends the game: ``-1`` for the agent that took it, ``0`` for the others, with the
reason in its ``infos`` entry. Skip-Bo's turn limit, when set, and its stall limit
(R-WIN-4) end the game as truncated.

Every game ends: the rules' bounds (R-WIN-4, S-END-3) end it within a proved number of
moves (:func:`skipbo.common.game.max_moves`), whatever the agents play. Rules that lift
a bound (``stall_limit=None``, ...) are accepted, and a game of them may never end:
count the steps yourself to stop one.
"""

from __future__ import annotations

from typing import Any

from skipbo.common.extras import needs_extra

with needs_extra("pettingzoo"):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import AgentSelector

import skipbo.games
from skipbo import GameState, Rules
from skipbo.common.game import game_of
from skipbo.envs import _adapter, _rewards
from skipbo.errors import ArgumentTypeError
from skipbo.games.skyjo import GameState as SkyjoState
from skipbo.games.skyjo import Rules as SkyjoRules
from skipbo.observation import skipbo as skipbo_observation
from skipbo.observation import skyjo as skyjo_observation
from skipbo.observation.encoder import Encoder, encoder_of
from skipbo.observation.skipbo import DISCARD_DEPTH

__all__ = ["GameAECEnv", "SkipBoAECEnv", "SkyjoAECEnv", "env", "raw_env", "skyjo_env"]

Observation = dict[str, npt.NDArray[Any]]


class GameAECEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """Any game with an encoder as a PettingZoo AEC environment (use :func:`env`).

    Its ``metadata["name"]`` is the game's short name with ``_v0`` (``"skyjo_v0"``).

    Args:
        env_game: The game's encoder (:func:`skipbo.observation.encoder.encoder_of`).
        rules: The variant.
        depth: How many cards of each discard pile the observation shows.
        render_mode: ``"ansi"`` (``render()`` returns the text observation of the
            agent to act), ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if the render mode is unknown.

    """

    metadata = {  # noqa: RUF012
        "render_modes": list(_adapter.RENDER_MODES),
        "name": "game_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, env_game: Encoder, rules: Any, *, depth: int, render_mode: str | None
    ) -> None:
        super().__init__()
        _adapter.check_render_mode(render_mode)
        name = f"{game_of(rules).game_type.short_name}_v0"
        if self.metadata["name"] != name:  # a game without a class of its own
            self.metadata = {**self.metadata, "name": name}
        self.env_game = env_game
        self.rules = rules
        self.depth = depth
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = env_game.action_count(rules)
        # One space object per agent, so that seeding one does not seed the others.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": _adapter.observation_box(env_game, rules, depth),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._selector = AgentSelector(self.agents)
        self._rng = np.random.default_rng()
        self._table = _adapter.table(env_game, rules, depth)
        self._ended = True

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same shape for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: one action per move of the game's action space."""
        return self.action_spaces[agent]

    @property
    def state_of_game(self) -> Any:
        """The full game state (for inspection and tests; agents see only their views).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        return self._table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` makes it, and everything after it, reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._table.deal(_adapter.draw_seed(self._rng))
        self._ended = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._table.current_player]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees: the vector of its own view and its action mask."""
        observation, mask = self._table.observe(self._seats[agent], to_act=not self._ended)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` once it is terminated).

        Raises:
            ~skipbo.ActionError: if ``action`` is not an action of the space.

        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        index = _adapter.action_index(table.action_count, action)
        self._cumulative_rewards[agent] = 0.0
        # self.rewards are reset()'s zeros still: a step with rewards ends the game, so
        # a live step follows only reset() and steps without rewards.
        scored = True
        seat = table.play_if_legal(index)
        if seat < 0:
            self.infos[agent] = {"illegal_action": table.refusal(index)}
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = _rewards.ILLEGAL_ACTION
            self._finish(truncated=False)
        else:
            if table.is_over:
                rewards = table.final_rewards()
                self.rewards = {a: rewards[self._seats[a]] for a in self.agents}
                self._finish(truncated=table.truncated)
            else:
                self.agent_selection = self.possible_agents[seat]
                scored = False  # every reward 0: nothing to add to the cumulative ones
        if scored:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, *, truncated: bool) -> None:
        self._ended = True
        self.terminations = dict.fromkeys(self.agents, not truncated)
        self.truncations = dict.fromkeys(self.agents, truncated)

    def render(self) -> str | None:
        """The text observation of the agent to act (``"ansi"``: returned; ``"human"``: printed)."""
        table = self._table
        text = table.text(self._seats[self.agent_selection]) if table.has_state else None
        return _adapter.render(self.render_mode, text)

    def close(self) -> None:
        """Nothing to release."""


class SkipBoAECEnv(GameAECEnv):
    """Skip-Bo as a PettingZoo AEC environment (use :func:`env` to build one).

    Args:
        rules: The variant (two players, standard rules by default), any
            :class:`~skipbo.Rules`, team forms included.
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        depth: How many cards of each discard pile the observation shows.
        render_mode: ``"ansi"`` (``render()`` returns the text observation of the
            agent to act), ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if ``players`` contradicts ``rules`` or the render mode is unknown.

    """

    metadata = {**GameAECEnv.metadata, "name": "skipbo_v0"}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        players: int | None = None,
        depth: int = DISCARD_DEPTH,
        render_mode: str | None = None,
    ) -> None:
        game = skipbo_observation.ENCODER
        super().__init__(
            game, _adapter.rules_of(game, rules, players), depth=depth, render_mode=render_mode
        )

    @property
    def state_of_game(self) -> GameState:
        """The full game state (for inspection and tests; agents see only their views).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        state: GameState = self._table.state
        return state


class SkyjoAECEnv(GameAECEnv):
    """Skyjo as a PettingZoo AEC environment (use :func:`env` or :func:`skyjo_env`).

    Args:
        rules: The variant (two players, standard rules by default), any
            :class:`skipbo.skyjo.Rules`, 2 to 8 players.
        players: A shortcut for ``skyjo.Rules(players=players)`` when ``rules`` is not given.
        depth: How many cards of the discard pile the observation shows one-hot.
        render_mode: ``"ansi"`` (``render()`` returns the text observation of the
            agent to act), ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if ``players`` contradicts ``rules`` or the render mode is unknown.

    """

    metadata = {**GameAECEnv.metadata, "name": "skyjo_v0"}  # noqa: RUF012

    def __init__(
        self,
        rules: SkyjoRules | None = None,
        *,
        players: int | None = None,
        depth: int = skyjo_observation.DISCARD_DEPTH,
        render_mode: str | None = None,
    ) -> None:
        game = skyjo_observation.ENCODER
        super().__init__(
            game, _adapter.rules_of(game, rules, players), depth=depth, render_mode=render_mode
        )

    @property
    def state_of_game(self) -> SkyjoState:
        """The full game state (for inspection and tests; agents see only the view).

        Raises:
            ~skipbo.ActionError: before the first ``reset()``.

        """
        state: SkyjoState = self._table.state
        return state


_NAMED: dict[type, type[SkipBoAECEnv | SkyjoAECEnv]] = {
    Rules: SkipBoAECEnv,
    SkyjoRules: SkyjoAECEnv,
}
"""The games with an environment class of their own (typed), by rules type."""


def env(
    rules: Any = None,
    *,
    game: str | None = None,
    players: int | None = None,
    depth: int | None = None,
    render_mode: str | None = None,
) -> GameAECEnv:
    """The AEC environment of ``rules``' game (PettingZoo's ``env`` convention).

    The one constructor of every game: ``env(rules)``, or ``env(game="skyjo",
    players=3)`` for a game's default rules (:func:`skipbo.games.get`). Skip-Bo's
    :class:`SkipBoAECEnv` for a :class:`~skipbo.Rules` (or no rules nor game), Skyjo's
    :class:`SkyjoAECEnv` for a ``skipbo.skyjo.Rules``, a :class:`GameAECEnv` for the
    rules of any other game with an encoder registered; ``depth`` defaults to the
    game's. No PettingZoo wrapper is applied: the environment checks its own actions
    (an action outside the space raises :class:`~skipbo.ActionError`, a masked one ends
    the game as described above). So :func:`raw_env`, the environment without
    wrappers, is the same function.

    Raises:
        ~skipbo.errors.ArgumentTypeError: if ``rules`` are of no game with an encoder.

    """
    if game is not None:
        if rules is not None:
            raise ArgumentTypeError("give the rules or the game's name, not both")
        rules = skipbo.games.get(game).rules(players)
    encoder = skipbo_observation.ENCODER if rules is None else encoder_of(rules)
    chosen = encoder.default_depth if depth is None else depth
    named = SkipBoAECEnv if rules is None else _NAMED.get(type(rules))
    if named is not None:
        return named(rules, players=players, depth=chosen, render_mode=render_mode)
    given = _adapter.rules_of(encoder, rules, players)
    return GameAECEnv(encoder, given, depth=chosen, render_mode=render_mode)


raw_env = env
"""PettingZoo's ``raw_env`` convention: the environment without wrappers, as :func:`env`."""


def skyjo_env(
    rules: SkyjoRules | None = None,
    *,
    players: int | None = None,
    depth: int = skyjo_observation.DISCARD_DEPTH,
    render_mode: str | None = None,
) -> SkyjoAECEnv:
    """A :class:`SkyjoAECEnv`: the older spelling of ``env(game="skyjo")``, still taken."""
    return SkyjoAECEnv(rules, players=players, depth=depth, render_mode=render_mode)
