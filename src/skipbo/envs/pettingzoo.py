"""A PettingZoo AEC environment: every seat an agent, every variant, team forms included.

Needs the ``pettingzoo`` extra (``pip install 'skipbo[pettingzoo]'``).

>>> from skipbo.envs.pettingzoo import env
>>> game = env(players=3)
>>> game.reset(seed=1)
>>> game.agent_selection, sorted(game.observe("player_0"))
('player_0', ['action_mask', 'observation'])

The agents are ``player_0`` .. ``player_{n-1}``, one per seat; the agent to act is the
seat to move, which acts again and again until its turn ends (R-TURN-5). An agent
observes a dictionary: ``"observation"``, the vector of
:func:`skipbo.envs.observation.observation_array` of its own view, and
``"action_mask"`` (``int8``), the legal actions of :mod:`skipbo.actions`, all zero
unless it is the agent to act.

Rewards come at the end of the game: ``+1`` to every seat of the winning team, ``-1``
to every other seat, ``0`` to all when nobody won (R-WIN-2). An illegal action (in
the action space, masked out) ends the game: ``-1`` for the agent that took it, ``0``
for the others, with the reason in its ``infos`` entry. The rules' turn limit, when
set, ends the game as truncated.
"""

from __future__ import annotations

from typing import Any

from skipbo.envs._extras import needs_extra

with needs_extra("pettingzoo"):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import AgentSelector

from skipbo import GameState, Rules, apply, new_game, view
from skipbo.actions import action_count, action_to_move
from skipbo.envs import _adapter, _rewards
from skipbo.envs.observation import DISCARD_DEPTH, observation_array

__all__ = ["SkipBoAECEnv", "env", "raw_env"]

Observation = dict[str, npt.NDArray[Any]]


class SkipBoAECEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """Skip-Bo as a PettingZoo AEC environment (use :func:`env` to build one).

    Args:
        rules: The variant (two players, standard rules by default), any
            :class:`~skipbo.Rules`, team forms included.
        players: A shortcut for ``Rules(players=players)`` when ``rules`` is not given.
        depth: How many cards of each discard pile the observation shows.
        render_mode: ``"ansi"`` (:meth:`render` returns the text observation of the
            agent to act), ``"human"`` (it prints it) or ``None``.

    Raises:
        ValueError: if ``players`` contradicts ``rules`` or the render mode is unknown.

    """

    metadata = {  # noqa: RUF012
        "render_modes": list(_adapter.RENDER_MODES),
        "name": "skipbo_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        players: int | None = None,
        depth: int = DISCARD_DEPTH,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        rules = _adapter.rules_of(rules, players)
        _adapter.check_render_mode(render_mode)
        self.rules = rules
        self.depth = depth
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = action_count(rules)
        # One space object per agent, so that seeding one does not seed the others.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": _adapter.observation_box(rules, depth),
                    "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._selector = AgentSelector(self.agents)
        self._rng = np.random.default_rng()
        self._state: GameState | None = None
        self._ended = True

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same shape for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The action space of ``agent``: :func:`skipbo.actions.action_count` actions."""
        return self.action_spaces[agent]

    @property
    def state_of_game(self) -> GameState:
        """The full game state (for inspection and tests; agents see only their views).

        Raises:
            ~skipbo.ActionError: before the first :meth:`reset`.

        """
        return _adapter.game_of(self._state)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` makes it, and everything after it, reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._state = new_game(self.rules, seed=_adapter.draw_seed(self._rng))
        self._ended = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._state.current_player]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees: its observation vector and its action mask."""
        state = self.state_of_game
        seat = self._seats[agent]
        mine = view(state, seat)
        to_act = not self._ended and seat == state.current_player
        return {
            "observation": observation_array(mine, self.depth),
            "action_mask": _adapter.action_mask(mine, to_act=to_act),
        }

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to act (``None`` once it is terminated).

        Raises:
            ~skipbo.ActionError: if ``action`` is not an action of the space.

        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = _adapter.action_index(self.action_spaces[agent], action)
        state = self.state_of_game
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        illegal = _adapter.illegal_action(state, index)
        if illegal is not None:
            self.infos[agent] = {"illegal_action": illegal}
            self.rewards[agent] = _rewards.ILLEGAL_ACTION
            self._finish(truncated=False)
        else:
            state = apply(state, action_to_move(self.rules, index))
            self._state = state
            if state.is_over:
                rewards = _rewards.final_rewards(state)
                self.rewards = {a: rewards[self._seats[a]] for a in self.agents}
                self._finish(truncated=_rewards.truncated(state))
            else:
                self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self, *, truncated: bool) -> None:
        self._ended = True
        self.terminations = dict.fromkeys(self.agents, not truncated)
        self.truncations = dict.fromkeys(self.agents, truncated)

    def render(self) -> str | None:
        """The text observation of the agent to act (``"ansi"``: returned; ``"human"``: printed)."""
        state = self._state
        seen = None if state is None else view(state, self._seats[self.agent_selection])
        return _adapter.render(self.render_mode, seen)

    def close(self) -> None:
        """Nothing to release."""


def env(
    rules: Rules | None = None,
    *,
    players: int | None = None,
    depth: int = DISCARD_DEPTH,
    render_mode: str | None = None,
) -> SkipBoAECEnv:
    """A :class:`SkipBoAECEnv` (PettingZoo's ``env`` convention).

    No PettingZoo wrapper is applied: the environment checks its own actions (an
    action outside the space raises :class:`~skipbo.ActionError`, a masked one ends the
    game as described above). So :func:`raw_env`, the environment without wrappers, is
    the same function.
    """
    return SkipBoAECEnv(rules, players=players, depth=depth, render_mode=render_mode)


raw_env = env
"""PettingZoo's ``raw_env`` convention: the environment without wrappers, as :func:`env`."""
