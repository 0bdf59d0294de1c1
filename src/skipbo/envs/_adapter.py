"""What the Gymnasium and PettingZoo environments share: their rules, spaces, actions and text.

Both frameworks describe spaces with :mod:`gymnasium.spaces` (the ``pettingzoo`` extra
installs Gymnasium too), so this module needs NumPy and Gymnasium; it is imported only
by the adapters, after their own imports have named the missing extra.
"""

from __future__ import annotations

from typing import Any, SupportsInt

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skipbo import ActionError, GameState, PlayerView, Rules
from skipbo.actions import action_count, action_to_move, legal_action_mask
from skipbo.envs.observation import observation_layout, text_observation

RENDER_MODES = ("ansi", "human")
"""``"ansi"``: ``render()`` returns the text observation; ``"human"``: it prints it."""

_SEED_RANGE = 2**63
"""Game and bot seeds are drawn from ``0 .. 2**63 - 1`` of the environment's generator."""


def rules_of(rules: Rules | None, players: int | None) -> Rules:
    """``rules``, or ``Rules(players=players)`` (two players by default) when not given.

    Raises:
        ValueError: if ``players`` contradicts ``rules``.

    """
    if rules is None:
        return Rules(players=2 if players is None else players)
    if players is not None and players != rules.players:
        raise ValueError(f"players={players} contradicts rules with {rules.players} players")
    return rules


def check_render_mode(render_mode: str | None) -> None:
    """Raise ValueError unless ``render_mode`` is ``None`` or one of :data:`RENDER_MODES`."""
    if render_mode not in (None, *RENDER_MODES):
        raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}")


def draw_seed(rng: np.random.Generator) -> int:
    """A game's or a bot's seed, drawn from the environment's generator."""
    return int(rng.integers(_SEED_RANGE))


def observation_box(rules: Rules, depth: int) -> spaces.Box[np.float32]:
    """The space of :func:`~skipbo.envs.observation.observation_array` (a new object each call).

    Each agent of a PettingZoo environment gets its own, so that seeding one space does
    not seed the others.
    """
    high = np.array(observation_layout(rules, depth).high, dtype=np.float32)
    return spaces.Box(low=0.0, high=high, dtype=np.float32)


def action_mask(position: GameState | PlayerView, *, to_act: bool) -> npt.NDArray[np.int8]:
    """The legal actions in ``position`` (``int8``, one per action); all 0 unless ``to_act``."""
    rules = position.rules
    mask = legal_action_mask(position) if to_act else bytes(action_count(rules))
    return np.frombuffer(mask, dtype=np.int8).copy()


def game_of(state: GameState | None) -> GameState:
    """The environment's game.

    Raises:
        ~skipbo.ActionError: if there is none yet (``state`` is ``None``).

    """
    if state is None:
        raise ActionError("the environment has no game yet: call reset() first")
    return state


def action_index(space: spaces.Space[Any], action: SupportsInt | None) -> int:
    """``action`` as an integer of the action space ``space`` (a ``Discrete`` one).

    Raises:
        ~skipbo.ActionError: if ``action`` is not in the space.

    """
    assert isinstance(space, spaces.Discrete)
    if action is None or not space.contains(action):
        raise ActionError(f"action {action!r} is not in 0..{int(space.n) - 1}")
    return int(action)


def illegal_action(state: GameState, index: int) -> str | None:
    """Why the action ``index`` cannot be played in ``state``; ``None`` if it can."""
    if legal_action_mask(state)[index]:
        return None
    return f"{action_to_move(state.rules, index)} is not a legal move now"


def render(render_mode: str | None, seen: PlayerView | None) -> str | None:
    """The text observation of ``seen``: returned (``"ansi"``) or printed (``"human"``)."""
    if render_mode is None or seen is None:
        return None
    text = text_observation(seen)
    if render_mode == "human":
        print(text)
        return None
    return text
