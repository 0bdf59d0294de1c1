"""The adapter core of the Gymnasium and PettingZoo environments, for every game.

The environments are written once, over the common game protocol
(:func:`skipbo.common.game.game_of`: deal, view, apply, the seat to move, the
winners, the bots) and the game's :class:`~skipbo.observation.encoder.Encoder` (its
observation vector and action mask from a seat's view, its integer actions, its
text, its truncation), found from the rules
(:func:`~skipbo.observation.encoder.encoder_of`): any game with an encoder
registered plays in them. This module imports no game.

Both frameworks describe spaces with :mod:`gymnasium.spaces` (the ``pettingzoo`` extra
installs Gymnasium too), so this module needs NumPy and Gymnasium; it is imported only
by the adapters, after their own imports have named the missing extra.
"""

from __future__ import annotations

from typing import Any, SupportsInt

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from skipbo.batch import single
from skipbo.common.game import game_of, unknown_bot
from skipbo.common.strictjson import echo
from skipbo.envs import _rewards
from skipbo.errors import ActionError, ArgumentTypeError, ConfigurationError
from skipbo.observation.encoder import Encoder, encoder_of

RENDER_MODES = ("ansi", "human")
"""``"ansi"``: ``render()`` returns the text observation; ``"human"``: it prints it."""

_SEED_RANGE = 2**63
"""Game and bot seeds are drawn from ``0 .. 2**63 - 1`` of the environment's generator."""

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def rules_of(encoder: Encoder, rules: Any, players: int | None) -> Any:
    """``rules``, or the encoder's game's rules for ``players`` (two by default) when not given.

    Raises:
        ~skipbo.errors.ArgumentTypeError: if ``rules`` is not the rules of ``encoder``'s game.
        ~skipbo.ConfigurationError: (a ``ValueError``) if ``players`` contradicts ``rules``.

    """
    if rules is None:
        return encoder.default_rules(2 if players is None else players)
    try:
        ours = encoder_of(rules) is encoder
    except TypeError:
        ours = False
    if not ours:
        kind = type(rules)
        raise ArgumentTypeError(
            f"rules must be {encoder.name} rules, not {kind.__module__}.{kind.__qualname__}"
        )
    given: Any = rules
    if players is not None and players != given.players:
        raise ConfigurationError(
            "players", f"{echo(players)} contradicts rules with {given.players} players"
        )
    return given


def observation_box(encoder: Encoder, rules: Any, depth: int) -> spaces.Box[np.float32]:
    """The space of the observation vector (a new object each call).

    Each agent of a PettingZoo environment gets its own, so that seeding one space
    does not seed the others.
    """
    layout = encoder.layout(rules, depth)
    low = np.array(layout.low, dtype=np.float32)
    high = np.array(layout.high, dtype=np.float32)
    return spaces.Box(low=low, high=high, dtype=np.float32)


def make_bot(rules: Any, name: str, seed: int) -> Any:
    """The bot ``name`` of ``rules``' game, with ``seed``.

    Raises:
        ~skipbo.errors.ArgumentTypeError: if ``name`` is not a string.
        ValueError: if the game has no such bot.

    """
    if not isinstance(name, str):
        raise ArgumentTypeError(f"a bot name must be a str, not {type(name).__name__}")
    bots = game_of(rules).bots
    if name not in bots:
        raise unknown_bot(name, bots)
    return bots[name](seed)


class Table:
    """One game in an environment: its state, the views and masks asked of it, cached.

    An immutable state gives the same view, observation and mask however often they
    are asked for; the table keeps them for the current state only, so that an AEC
    loop that observes the agent to act and then steps it computes each once.
    """

    def __init__(self, encoder: Encoder, rules: Any, depth: int) -> None:
        self.encoder = encoder
        self.rules = rules
        self.depth = depth
        self.game = game_of(rules)
        self.action_count = encoder.action_count(rules)
        self._no_actions = np.zeros(self.action_count, dtype=np.int8)
        self._no_actions.flags.writeable = False
        self._state: Any = None
        self._observe = encoder.tracker(rules, depth)
        self._legal: bytes | None = None
        # Every action's move, looked up once: a step then indexes a tuple.
        self._moves = tuple(encoder.to_move(rules, index) for index in range(self.action_count))

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
        array: Observation = self._observe(self.state, seat)
        return array.copy()

    def legal(self) -> bytes:
        """The legal actions of the seat to move (one byte each)."""
        if self._legal is None:
            self._legal = self.encoder.legal_mask(self.state)
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
        return f"{self.encoder.to_move(self.rules, index)} is not a legal move now"

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
        return self.is_over and self.encoder.truncated(self.state)

    def text(self, seat: int) -> str:
        """``seat``'s text observation."""
        return self.encoder.text(self.game.view(self.state, seat), seat)


class CompiledTable(Table):
    """A Skip-Bo :class:`Table` whose game is a :class:`~skipbo.batch.single.SingleGame`.

    The move, the next mask and the next observation are one compiled call; the
    :class:`~skipbo.GameState` is made only when asked for (:attr:`state`). The
    numbers are the core's, as :class:`Table`'s (the tests compare both tables).

    Raises:
        TypeError: if the rules are no rules the batch engine plays (Skip-Bo's).
        ValueError: if a batch cannot hold the rules.

    """

    def __init__(self, encoder: Encoder, rules: Any, depth: int) -> None:
        game = single.SingleGame(rules, depth)  # refuses rules it cannot play, first
        super().__init__(encoder, rules, depth)
        self._game = game

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


def table(encoder: Encoder, rules: Any, depth: int) -> Table:
    """The table of a game: a :class:`CompiledTable` where one runs, else a :class:`Table`.

    A compiled table runs with the compiled kernels, under rules the batch engine
    plays and a batch holds (:class:`~skipbo.batch.single.SingleGame`: Skip-Bo's).
    """
    if single.AVAILABLE:
        try:
            return CompiledTable(encoder, rules, depth)
        except (TypeError, ValueError):  # rules of another game, or a batch cannot hold
            pass
    return Table(encoder, rules, depth)


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
