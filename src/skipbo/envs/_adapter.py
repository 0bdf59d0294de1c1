"""The adapter core of the Gymnasium and PettingZoo environments, for every game.

The environments are written once, over the common game protocol
(:func:`skipbo.common.game.game_of`: deal, view, apply, the seat to move, the
winners, the bots) and an :class:`EnvGame`: what an environment needs of a game
beyond that protocol (its observation vector and action mask from a seat's view,
its integer actions, its text, its truncation). :data:`SKIPBO` and :data:`SKYJO` are
the two games' :class:`EnvGame`; :func:`env_game` finds one from a rules value.

Both frameworks describe spaces with :mod:`gymnasium.spaces` (the ``pettingzoo`` extra
installs Gymnasium too), so this module needs NumPy and Gymnasium; it is imported only
by the adapters, after their own imports have named the missing extra.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, SupportsInt

import attrs
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skipbo.batch import single
from skipbo.common.game import AnyGame, game_of, unknown_bot
from skipbo.common.strictjson import echo
from skipbo.envs import _rewards
from skipbo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skipbo import actions as skipbo_actions
from skipbo.games.skipbo.actions import ActionError
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skyjo import actions as skyjo_actions
from skipbo.games.skyjo.rules import Rules as SkyjoRules
from skipbo.observation import skyjo as skyjo_observation
from skipbo.observation.layout import ObservationLayout
from skipbo.observation.skipbo import (
    DISCARD_DEPTH,
    IncrementalObservations,
    observation_array,
    observation_layout,
    seat_observation_array,
    text_observation,
)

RENDER_MODES = ("ansi", "human")
"""``"ansi"``: ``render()`` returns the text observation; ``"human"``: it prints it."""

_SEED_RANGE = 2**63
"""Game and bot seeds are drawn from ``0 .. 2**63 - 1`` of the environment's generator."""

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@attrs.frozen(kw_only=True)
class EnvGame:
    """What an environment needs of one game beyond :class:`skipbo.common.game.Game`."""

    name: str
    """The game's name, for messages."""
    rules_type: type
    """The game's rules class."""
    default_rules: Callable[[int], Any]
    """The rules of the game for a number of players."""
    default_depth: int
    """The default discard depth of the observation."""
    layout: Callable[[Any, int], ObservationLayout]
    """The observation layout of (rules, depth)."""
    encode: Callable[[Any, int, int], Observation]
    """The observation array of (the seat's view, the seat, depth)."""
    encode_state: Callable[[Any, int, int], Observation]
    """The same array from (the state, the seat, depth): ``encode(view(state, seat), ...)``,
    by a faster path where the game has one (the environments use this one)."""
    tracker: Callable[[Any, int], Callable[[Any, int], Observation]]
    """For (rules, depth), a function of (a state, a seat) giving ``encode_state``'s array
    for one game's successive states, faster (an array it may rewrite later: copied by
    the caller)."""
    legal_mask: Callable[[Any], bytes]
    """The legal actions of the seat to move in a state: one byte (0/1) per action."""
    action_count: Callable[[Any], int]
    """The number of actions of the rules."""
    to_move: Callable[[Any, int], Any]
    """The move of an action index under the rules."""
    text: Callable[[Any, int], str]
    """The text observation of (the seat's view, the seat)."""
    truncated: Callable[[Any], bool]
    """Whether an ended game was cut short (not decided)."""

    def game(self, rules: Any) -> AnyGame:
        """The game of ``rules`` in the common protocol."""
        return game_of(rules)

    def rules_of(self, rules: Any, players: int | None) -> Any:
        """``rules``, or the game's rules for ``players`` (two by default) when not given.

        Raises:
            ~skipbo.errors.ArgumentTypeError: if ``rules`` is not this game's rules.
            ~skipbo.ConfigurationError: (a ``ValueError``) if ``players`` contradicts ``rules``.

        """
        if rules is None:
            return self.default_rules(2 if players is None else players)
        if not isinstance(rules, self.rules_type):
            raise ArgumentTypeError(
                f"rules must be {self.name} rules ({self.rules_type.__module__}."
                f"{self.rules_type.__qualname__}), not {type(rules).__name__}"
            )
        given: Any = rules
        if players is not None and players != given.players:
            raise ConfigurationError(
                "players", f"{echo(players)} contradicts rules with {given.players} players"
            )
        return given

    def observation_box(self, rules: Any, depth: int) -> spaces.Box[np.float32]:
        """The space of the observation vector (a new object each call).

        Each agent of a PettingZoo environment gets its own, so that seeding one space
        does not seed the others.
        """
        layout = self.layout(rules, depth)
        low = np.array(layout.low, dtype=np.float32)
        high = np.array(layout.high, dtype=np.float32)
        return spaces.Box(low=low, high=high, dtype=np.float32)

    def make_bot(self, rules: Any, name: str, seed: int) -> Any:
        """The game's bot ``name`` with ``seed``.

        Raises:
            ~skipbo.errors.ArgumentTypeError: if ``name`` is not a string.
            ValueError: if the game has no such bot.

        """
        if not isinstance(name, str):
            raise ArgumentTypeError(f"a bot name must be a str, not {type(name).__name__}")
        bots = self.game(rules).bots
        if name not in bots:
            raise unknown_bot(name, bots, "bot" if self is SKIPBO else f"{self.name} bot")
        return bots[name](seed)


class Table:
    """One game in an environment: its state, the views and masks asked of it, cached.

    An immutable state gives the same view, observation and mask however often they
    are asked for; the table keeps them for the current state only, so that an AEC
    loop that observes the agent to act and then steps it computes each once.
    """

    def __init__(self, env_game: EnvGame, rules: Any, depth: int) -> None:
        self.env_game = env_game
        self.rules = rules
        self.depth = depth
        self.game = env_game.game(rules)
        self.action_count = env_game.action_count(rules)
        self._no_actions = np.zeros(self.action_count, dtype=np.int8)
        self._no_actions.flags.writeable = False
        self._state: Any = None
        self._observe = env_game.tracker(rules, depth)
        self._legal: bytes | None = None
        # Every action's move, looked up once: a step then indexes a tuple.
        self._moves = tuple(env_game.to_move(rules, index) for index in range(self.action_count))

    @property
    def state(self) -> Any:
        """The game's state.

        Raises:
            ~skipbo.ActionError: if there is none yet.

        """
        if self._state is None:
            raise ActionError("the environment has no game yet: call reset() first")
        return self._state

    @state.setter
    def state(self, state: Any) -> None:
        self._state = state
        self._legal = None

    def deal(self, seed: int) -> None:
        """Deal a new game."""
        self.state = self.game.deal(self.rules, seed)

    @property
    def has_state(self) -> bool:
        """Whether a game has been dealt."""
        return self._state is not None

    def observation(self, seat: int) -> Observation:
        """``seat``'s observation vector, from its own view (a new array each call)."""
        return self._observe(self.state, seat).copy()

    def legal(self) -> bytes:
        """The legal actions of the seat to move (one byte each)."""
        if self._legal is None:
            self._legal = self.env_game.legal_mask(self.state)
        return self._legal

    def mask(self, seat: int, *, to_act: bool) -> Mask:
        """``seat``'s action mask (``int8``): the legal actions if it is to act, else all 0."""
        if not to_act or seat != self.game.current_player(self.state):
            return self._no_actions.copy()
        return np.frombuffer(self.legal(), dtype=np.int8).copy()

    def observe(self, seat: int, *, to_act: bool) -> tuple[Observation, Mask]:
        """:meth:`observation` and :meth:`mask` of ``seat``, in one call."""
        return self.observation(seat), self.mask(seat, to_act=to_act)

    def illegal_action(self, index: int) -> str | None:
        """Why the action ``index`` cannot be played now; ``None`` if it can."""
        if self.legal()[index]:
            return None
        return self.refusal(index)

    def refusal(self, index: int) -> str:
        """What an illegal action ``index`` is told."""
        return f"{self.env_game.to_move(self.rules, index)} is not a legal move now"

    def play(self, index: int) -> None:
        """Apply the (legal) action ``index`` (after a deal: the state is there)."""
        self.state = self.game.apply(self._state, self._moves[index])

    def play_if_legal(self, index: int) -> int:
        """Apply the action ``index`` if it is legal now: the seat to move then; else ``-1``."""
        if not self.legal()[index]:
            return -1
        self.play(index)
        return self.current_player

    def play_bot(self, bot: Any) -> None:
        """Apply the move ``bot`` chooses from the view of the seat to move."""
        seen = self.game.view(self.state, self.game.current_player(self.state))
        self.state = self.game.apply(self.state, bot.choose(seen))

    @property
    def current_player(self) -> int:
        """The seat to move."""
        return int(self.game.current_player(self._state))

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return bool(self.game.is_over(self._state))

    def final_rewards(self) -> tuple[float, ...]:
        """For each seat: win, loss, or 0 when nobody won (or the game goes on)."""
        winners = self.game.winners(self.state) if self.is_over else ()
        return _rewards.by_winners(winners, self.rules.players)

    @property
    def truncated(self) -> bool:
        """Whether the ended game was cut short by a turn limit."""
        return self.is_over and self.env_game.truncated(self.state)

    def text(self, seat: int) -> str:
        """``seat``'s text observation."""
        return self.env_game.text(self.game.view(self.state, seat), seat)


class CompiledTable(Table):
    """A Skip-Bo :class:`Table` whose game is a :class:`~skipbo.batch.single.SingleGame`.

    The move, the next mask and the next observation are one compiled call; the
    :class:`~skipbo.GameState` is made only when asked for (:attr:`state`). The
    numbers are the core's, as :class:`Table`'s (the tests compare both tables).
    """

    def __init__(self, env_game: EnvGame, rules: Any, depth: int) -> None:
        super().__init__(env_game, rules, depth)
        self._game = single.SingleGame(rules, depth)

    @property
    def state(self) -> Any:
        """The game's state.

        Raises:
            ~skipbo.ActionError: if there is none yet.

        """
        if not self.has_state:
            raise ActionError("the environment has no game yet: call reset() first")
        return self._game.state

    @state.setter
    def state(self, state: Any) -> None:
        self._game.load(state)

    def deal(self, seed: int) -> None:
        """Deal a new game: ``new_game(rules, seed=seed)``, as :class:`Table` deals it."""
        self._game.deal(seed)

    @property
    def has_state(self) -> bool:
        """Whether a game has been dealt."""
        return self._game.loaded

    def observation(self, seat: int) -> Observation:
        """``seat``'s observation vector, from its own view (a new array each call)."""
        if not self.has_state:
            raise ActionError("the environment has no game yet: call reset() first")
        return self._game.observation(seat).copy()

    def legal(self) -> bytes:
        """The legal actions of the seat to move (one byte each)."""
        return self._game.mask.tobytes()

    def mask(self, seat: int, *, to_act: bool) -> Mask:
        """``seat``'s action mask (``int8``): the legal actions if it is to act, else all 0."""
        return self._game.action_mask(seat, to_act=to_act)

    def observe(self, seat: int, *, to_act: bool) -> tuple[Observation, Mask]:
        """:meth:`observation` and :meth:`mask` of ``seat``, in one call."""
        if not self._game.loaded:
            raise ActionError("the environment has no game yet: call reset() first")
        return self._game.observe(seat, to_act=to_act)

    def illegal_action(self, index: int) -> str | None:
        """Why the action ``index`` cannot be played now; ``None`` if it can."""
        return None if self._game.mask[index] else self.refusal(index)

    def play(self, index: int) -> None:
        """Apply the (legal) action ``index``."""
        self._game.step(index)

    def play_if_legal(self, index: int) -> int:
        """Apply the action ``index`` if it is legal now: the seat to move then; else ``-1``."""
        return self._game.step_if_legal(index)

    @property
    def current_player(self) -> int:
        """The seat to move."""
        return self._game.current_player

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._game.is_over


def table(env_game: EnvGame, rules: Any, depth: int) -> Table:
    """The table of a game: a :class:`CompiledTable` where one runs, else a :class:`Table`.

    A compiled table runs for Skip-Bo, with the compiled kernels, under rules a batch
    holds (:class:`~skipbo.batch.single.SingleGame`).
    """
    if env_game is SKIPBO and single.AVAILABLE:
        try:
            return CompiledTable(env_game, rules, depth)
        except ValueError:  # rules a batch does not hold (ConfigurationError is one)
            pass
    return Table(env_game, rules, depth)


def check_render_mode(render_mode: str | None) -> None:
    """Raise ValueError unless ``render_mode`` is ``None`` or one of :data:`RENDER_MODES`."""
    if render_mode not in (None, *RENDER_MODES):
        raise ConfigurationError("render_mode", f"must be one of {list(RENDER_MODES)}")


def draw_seed(rng: np.random.Generator) -> int:
    """A game's or a bot's seed, drawn from the environment's generator."""
    return int(rng.integers(_SEED_RANGE))


def action_index(count: int, action: SupportsInt | None) -> int:
    """``action`` as an integer of a ``Discrete(count)`` action space.

    Raises:
        ~skipbo.ActionError: if ``action`` is not in the space.

    """
    # Checked here rather than by space.contains (a tenth of an AEC step's cost). A bool
    # is a mistake, not a move: Gymnasium's space holds True and False (as 1 and 0).
    value: Any = action
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        value = value.item()
    integral = type(value) is int or isinstance(value, np.integer)
    if integral and 0 <= value < count:
        return int(value)
    raise ActionError(f"action {echo(action)} is not in 0..{count - 1}")


def render(render_mode: str | None, text: str | None) -> str | None:
    """The text observation ``text``: returned (``"ansi"``) or printed (``"human"``)."""
    if render_mode is None or text is None:
        return None
    if render_mode == "human":
        print(text)
        return None
    return text


def _skipbo_truncated(state: Any) -> bool:
    return _rewards.truncated(state)


SKIPBO = EnvGame(
    name="Skip-Bo",
    rules_type=Rules,
    default_rules=lambda players: Rules(players=players),
    default_depth=DISCARD_DEPTH,
    layout=observation_layout,
    encode=lambda seen, seat, depth: observation_array(seen, depth),
    encode_state=seat_observation_array,
    tracker=lambda rules, depth: IncrementalObservations(rules, depth).observe,
    legal_mask=skipbo_actions.legal_action_mask,
    action_count=skipbo_actions.action_count,
    to_move=skipbo_actions.action_to_move,
    text=lambda seen, seat: text_observation(seen),
    truncated=_skipbo_truncated,
)
"""Skip-Bo for the environments: its observation of :mod:`skipbo.observation.skipbo`."""


def _skyjo_tracker(depth: int) -> Callable[[Any, int], Observation]:
    """Skyjo's observations, the last state's kept (asked for twice in a row, encoded once)."""
    last: dict[int, tuple[Any, Observation]] = {}

    def observe(state: Any, seat: int) -> Observation:
        known = last.get(seat)
        if known is None or known[0] is not state:
            known = last[seat] = (state, SKYJO.encode_state(state, seat, depth))
        return known[1]

    return observe


SKYJO = EnvGame(
    name="Skyjo",
    rules_type=SkyjoRules,
    default_rules=lambda players: SkyjoRules(players=players),
    default_depth=skyjo_observation.DISCARD_DEPTH,
    layout=skyjo_observation.observation_layout,
    encode=skyjo_observation.observation_array,
    encode_state=lambda state, seat, depth: skyjo_observation.observation_array(
        game_of(state.rules).view(state, seat), seat, depth
    ),
    tracker=lambda rules, depth: _skyjo_tracker(depth),
    legal_mask=skyjo_actions.legal_action_mask,
    action_count=lambda rules: skyjo_actions.ACTION_COUNT,
    to_move=lambda rules, index: skyjo_actions.action_to_move(index),
    text=skyjo_observation.text_observation,
    # A Skyjo game ends only at the end score (S-SCORE-3); a turn limit ends a round.
    truncated=lambda state: False,
)
"""Skyjo for the environments: its observation of :mod:`skipbo.observation.skyjo`."""


def env_game(rules: Any) -> EnvGame:
    """The :class:`EnvGame` of ``rules`` (Skip-Bo's or Skyjo's).

    Raises:
        ~skipbo.errors.ArgumentTypeError: if ``rules`` are neither game's.

    """
    for candidate in (SKIPBO, SKYJO):
        if isinstance(rules, candidate.rules_type):
            return candidate
    raise ArgumentTypeError(
        f"rules must be a skipbo.Rules or a skipbo.games.skyjo.Rules, not {type(rules).__name__}"
    )
