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

from skipbo.envs._extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import AgentSelector
except ImportError as error:  # pragma: no cover - exercised in a subprocess by the tests
    raise missing_extra("pettingzoo", error) from error

from skipbo import ActionError, GameState, Rules, apply, new_game, view
from skipbo.actions import action_count, action_to_move, legal_action_mask
from skipbo.envs import _rewards
from skipbo.envs.observation import (
    DISCARD_DEPTH,
    observation_array,
    observation_layout,
    text_observation,
)

__all__ = ["SkipBoAECEnv", "env", "raw_env"]

_SEED_RANGE = 2**63

Observation = dict[str, npt.NDArray[Any]]

RENDER_MODES = ("ansi", "human")


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
        "render_modes": list(RENDER_MODES),
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
        if rules is None:
            rules = Rules(players=2 if players is None else players)
        elif players is not None and players != rules.players:
            raise ValueError(f"players={players} contradicts rules with {rules.players} players")
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}")
        self.rules = rules
        self.depth = depth
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents = self.possible_agents[:]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        layout = observation_layout(rules, depth)
        count = action_count(rules)
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=np.array(layout.high, dtype=np.float32), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
            }
        )
        # One space object per agent, so that seeding one does not seed the others.
        self.observation_spaces = {
            agent: observation_space if seat == 0 else _copy_space(observation_space)
            for seat, agent in enumerate(self.possible_agents)
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._action_count = count
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
        if self._state is None:
            raise ActionError("the environment has no game yet: call reset() first")
        return self._state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game; ``seed`` makes it, and everything after it, reproducible."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._state = new_game(self.rules, seed=int(self._rng.integers(_SEED_RANGE)))
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
        mask = legal_action_mask(mine) if to_act else bytes(self._action_count)
        return {
            "observation": observation_array(mine, self.depth),
            "action_mask": np.frombuffer(mask, dtype=np.int8).copy(),
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
        space = self.action_spaces[agent]
        if action is None or not space.contains(action):
            raise ActionError(f"action {action!r} is not in 0..{self._action_count - 1}")
        state = self.state_of_game
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        index = int(action)
        if not legal_action_mask(state)[index]:
            move = action_to_move(self.rules, index)
            self.infos[agent] = {"illegal_action": f"{move} is not a legal move now"}
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
        if self.render_mode is None or self._state is None:
            return None
        text = text_observation(view(self._state, self._seats[self.agent_selection]))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def _copy_space(space: spaces.Dict) -> spaces.Dict:
    return spaces.Dict({name: _copy_box(box) for name, box in space.spaces.items()})


def _copy_box(box: spaces.Space[Any]) -> spaces.Box:
    assert isinstance(box, spaces.Box)
    return spaces.Box(low=box.low, high=box.high, dtype=box.dtype)


def raw_env(
    rules: Rules | None = None,
    *,
    players: int | None = None,
    depth: int = DISCARD_DEPTH,
    render_mode: str | None = None,
) -> SkipBoAECEnv:
    """A :class:`SkipBoAECEnv` without wrappers (PettingZoo's ``raw_env`` convention)."""
    return SkipBoAECEnv(rules, players=players, depth=depth, render_mode=render_mode)


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
    game as described above).
    """
    return raw_env(rules, players=players, depth=depth, render_mode=render_mode)
