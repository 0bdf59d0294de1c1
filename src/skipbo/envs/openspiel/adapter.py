"""One OpenSpiel adapter for every game: chance as card-by-card shuffles.

A game becomes an OpenSpiel game by supplying a :class:`ChanceModel`: its rules
from the game parameters, its moves as integer actions, its observations, and where
its rules shuffle. :class:`SpielGame`, :class:`SpielState` and :class:`SpielObserver`
do the rest, the same for every game (``python_skipbo``, ``python_skyjo``).

**Chance.** Every shuffle of the rules (the deal, each reshuffle, Skyjo's deal of
each round) is a :class:`Shuffle`: the cards to be put in order. OpenSpiel's chance
player then lays the cards out one at a time. Each chance node's outcomes are the
card values still to be laid out; outcome ``v`` has the probability ``n_v / n``
(``n_v`` cards of value ``v`` left among ``n``). The product of the probabilities
along the way is ``prod(n_v!) / n!``, the probability of that order in a uniform
shuffle, so the chance tree is the rules' shuffle exactly and a chance history is
nothing but the cards in the order they lie. When the last card is laid the game's
:attr:`Shuffle.finish` builds the engine's state from that order.

So no chance outcome stands for more than one card: a seat that sees some of the
cards learns nothing about the others beyond what the deck's contents imply, unlike
a seeded deal, whose seed (one chance outcome) would fix every card. Laying out the
whole order when the rules shuffle (rather than drawing each card only when it is
drawn) is what the engine needs, an explicit order, and costs one chance node a card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

import attrs

from skipbo.common.extras import needs_extra

with needs_extra("openspiel"):
    import numpy as np
    import numpy.typing as npt
    import pyspiel

from skipbo.common.game import game_of
from skipbo.common.gameinfo import GameType, Information

__all__ = [
    "ChanceModel",
    "RegisteredGameModel",
    "Shuffle",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "spiel_game_type",
]

StateT = TypeVar("StateT")

_INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}


def spiel_game_type(
    short_name: str, game_type: GameType, parameters: Mapping[str, Any]
) -> pyspiel.GameType:
    """OpenSpiel's ``GameType`` of a game of this adapter, from the game's own facts.

    Sequential, with explicit chance (the shuffles), terminal rewards, general-sum;
    it provides every observation and information-state string and tensor.
    """
    return pyspiel.GameType(
        short_name=short_name,
        long_name=game_type.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # Every shuffle is chance nodes, one card each (see above).
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_INFORMATION[game_type.information],
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game_type.max_players,
        min_num_players=game_type.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(parameters),
    )


@attrs.frozen
class Shuffle(Generic[StateT]):
    """A shuffle the rules make: cards to be laid out in order by chance.

    ``cards`` are the chance outcomes (each a card, as the game numbers its cards for
    OpenSpiel) in any order; ``finish`` builds the state from the order chance chose
    (the first card laid out first). OpenSpiel copies states by pickling them, so
    ``finish`` must pickle: a module-level function, or a ``functools.partial`` of one.
    """

    cards: tuple[int, ...]
    """The outcomes to be put in order, as a multiset."""
    finish: Callable[[tuple[int, ...]], StateT | Shuffle[StateT]]
    """The state after the shuffle, from the outcomes in order (or a further shuffle)."""


class ChanceModel(Protocol[StateT]):
    """What a game supplies to be an OpenSpiel game (see :mod:`skipbo.envs.openspiel`)."""

    players: int
    """The number of seats."""

    def game_info(self) -> pyspiel.GameInfo:
        """OpenSpiel's numbers of the variant (actions, chance outcomes, players, length)."""
        ...

    def deal(self) -> Shuffle[StateT]:
        """The shuffle that begins a game."""
        ...

    def play(self, state: StateT, action: int) -> StateT | Shuffle[StateT]:
        """The state after the player's ``action``, or the shuffle the rules make first."""
        ...

    def current_player(self, state: StateT) -> int:
        """The seat to move."""
        ...

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        ...

    def legal_actions(self, state: StateT) -> list[int]:
        """The legal actions of the seat to move, ascending."""
        ...

    def returns(self, state: StateT) -> list[float]:
        """Each seat's return (0 for all while the game goes on)."""
        ...

    def action_text(self, action: int) -> str:
        """A player's action in words."""
        ...

    def outcome_text(self, outcome: int) -> str:
        """A chance outcome (a card) in words."""
        ...

    def public_log(self, before: StateT, action: int, after: StateT) -> str:
        """What every seat sees of ``action`` (the cards it shows included)."""
        ...

    def private_log(self, state: StateT, seat: int) -> str:
        """What ``seat`` alone knows in ``state`` (its hand; empty if nothing)."""
        ...

    def observation_text(self, state: StateT, seat: int | None) -> str:
        """What ``seat`` sees of ``state`` (``None``: a spectator), as text."""
        ...

    def observation_size(self) -> int:
        """The length of an observation tensor."""
        ...

    def observation_fields(self) -> Sequence[tuple[str, int, tuple[int, ...]]]:
        """The observation tensor's named parts: (name, start, shape)."""
        ...

    def observation_tensor(self, state: StateT, seat: int | None) -> Sequence[float]:
        """What ``seat`` sees of ``state`` (``None``: a spectator), as numbers."""
        ...

    def resample(self, state: StateT, seat: int, rng: random.Random) -> StateT:
        """A state ``seat`` cannot tell from ``state``: what it cannot see dealt at random."""
        ...

    def describe(self, state: StateT) -> str:
        """The whole state in words (hidden cards included), for ``str(state)``."""
        ...


class RegisteredGameModel(Generic[StateT]):
    """The part of a :class:`ChanceModel` that the common game protocol answers.

    The seat to move, whether the game is over and the returns come from the game
    registered for the rules (:func:`skipbo.common.game.game_of`); a game's model
    subclasses this and adds its own chance, actions and observations.
    """

    def __init__(self, rules: object) -> None:
        self.rules = rules
        self.game = game_of(rules)
        self.players = self.game.info(rules).players

    def current_player(self, state: StateT) -> int:
        """The seat to move."""
        return self.game.current_player(state)

    def is_over(self, state: StateT) -> bool:
        """Whether the game has ended."""
        return self.game.is_over(state)

    def returns(self, state: StateT) -> list[float]:
        """``+1`` for each winner, ``-1`` for the others; ``0`` for all if nobody (or all) won."""
        winners = self.game.winners(state) if self.game.is_over(state) else ()
        if len(winners) in (0, self.players):
            return [0.0] * self.players
        return [1.0 if seat in winners else -1.0 for seat in range(self.players)]


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game over a :class:`ChanceModel` (each game subclasses it to register).

    A subclass sets :attr:`game_type` and :attr:`make_model`, then calls :meth:`register`.
    """

    game_type: pyspiel.GameType
    """OpenSpiel's facts about the game (name, chance mode, parameters)."""

    make_model: Callable[[Mapping[str, Any]], ChanceModel[Any]]
    """The game's model for the (complete) parameters (a static method)."""

    @classmethod
    def register(cls) -> None:
        """Register the game with OpenSpiel under its short name."""
        pyspiel.register_game(cls.game_type, cls)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        parameters = {**self.game_type.parameter_specification, **(params or {})}
        model = type(self).make_model(parameters)
        super().__init__(self.game_type, model.game_info(), parameters)
        self.model = model

    def new_initial_state(self) -> SpielState:
        """The state before the deal (a chance node)."""
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SpielObserver:
        """The observer of ``iig_obs_type`` (a player's observation by default)."""
        return SpielObserver(
            self.model, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A state of a :class:`SpielGame`: shuffling (a chance node), a seat to move, or over."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._model: ChanceModel[Any] = game.model
        self.game_state: Any = None
        """The engine's state (during a shuffle: the state before it); ``None`` before the deal."""
        self._shuffle: Shuffle[Any] | None = None
        self._order: tuple[int, ...] = ()
        self._left: Counter[int] = Counter()
        # The player's action that led to the shuffle under way, logged when it ends.
        self._waiting: int | None = None
        self._log: tuple[str, ...] = ()
        # Each seat's private knowledge as it changed, with the length of the log then.
        self._private: tuple[tuple[tuple[int, str], ...], ...] = ((),) * game.model.players
        self._begin(self._model.deal())

    # --- chance ---------------------------------------------------------------------

    def _begin(self, shuffle: Shuffle[Any]) -> None:
        self._shuffle = shuffle
        self._order = ()
        self._left = Counter(shuffle.cards)
        if not shuffle.cards:  # nothing to lay out: no chance node
            self._arrive(shuffle.finish(()))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next in the shuffle, each with its share of those left."""
        total = self._left.total()
        return [(card, count / total) for card, count in sorted(self._left.items()) if count]

    def _apply_action(self, action: int) -> None:
        action = int(action)
        if self._shuffle is not None:
            if self._left[action] <= 0:
                raise ValueError(f"no card {action} is left to lay out in this shuffle")
            self._left[action] -= 1
            self._order += (action,)
            if self._left.total() == 0:
                self._arrive(self._shuffle.finish(self._order))
            return
        result = self._model.play(self.game_state, action)  # raises, changing nothing, if illegal
        self._waiting = action
        self._arrive(result)

    def _arrive(self, result: Any) -> None:
        """Take the result of a move or a shuffle: a further shuffle, or the next state."""
        if isinstance(result, Shuffle):
            self._begin(result)
            return
        self._shuffle = None
        before, self.game_state = self.game_state, result
        if self._waiting is not None:
            self._log += (self._model.public_log(before, self._waiting, result),)
            self._waiting = None
        self._private = tuple(
            log if log and log[-1][1] == known else (*log, (len(self._log), known))
            for log, known in (
                (log, self._model.private_log(result, seat))
                for seat, log in enumerate(self._private)
            )
        )

    # --- players ----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's CHANCE (while shuffling) or TERMINAL."""
        if self._shuffle is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._model.is_over(self.game_state):
            return int(pyspiel.PlayerId.TERMINAL)
        return self._model.current_player(self.game_state)

    def _legal_actions(self, player: int) -> list[int]:
        assert self._shuffle is None
        assert player == self.current_player()
        return self._model.legal_actions(self.game_state)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {self._model.outcome_text(int(action))}"
        return self._model.action_text(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._shuffle is None and self._model.is_over(self.game_state)

    def returns(self) -> list[float]:
        """Each seat's return; 0 for all while the game goes on."""
        if self.game_state is None:
            return [0.0] * self._model.players
        return self._model.returns(self.game_state)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state that ``player_id`` cannot tell from this one, what it cannot see dealt at random.

        For search (OpenSpiel's IS-MCTS bot): OpenSpiel's own history of the copy
        (``history()``) stays that of this state, so do not serialize it. During a
        shuffle the copy is this state.
        """
        clone: SpielState = self.clone()
        if self.game_state is None or self._shuffle is not None:
            return clone
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = self._model.resample(self.game_state, player_id, rng)
        clone.game_state = sampled
        # The other seats' private logs would tell their real cards: keep only the sample's.
        clone._private = tuple(
            log
            if seat == player_id
            else ((len(self._log), self._model.private_log(sampled, seat)),)
            for seat, log in enumerate(self._private)
        )
        return clone

    # --- what a seat knows --------------------------------------------------------------

    @property
    def shuffling(self) -> bool:
        """Whether chance is laying out the cards of a shuffle."""
        return self._shuffle is not None

    def observation_text(self, player: int | None) -> str:
        """What ``player`` (``None``: a spectator) sees now, as text."""
        if self.game_state is None:
            return "before the deal"
        return self._model.observation_text(self.game_state, player)

    def information_state_text(self, player: int) -> str:
        """The perfect-recall information state of ``player`` as text.

        The public log of the moves (with the cards they showed), the player's own
        private knowledge as it changed, and its current observation; a shuffle under
        way shows as ``shuffling``.
        """
        if self.game_state is None:
            return "before the deal"
        return "\n".join(
            (
                "moves: " + " ".join(self._log),
                "own: " + " ".join(f"{moves}:{known}" for moves, known in self._private[player]),
                *(("shuffling",) if self._shuffle is not None else ()),
                self._model.observation_text(self.game_state, player),
            )
        )

    def __str__(self) -> str:
        if self.game_state is None:
            return f"dealing: {len(self._order)} cards laid out"
        text = self._model.describe(self.game_state)
        return f"shuffling: {len(self._order)} cards laid out\n{text}" if self._shuffle else text


class SpielObserver:
    """Fills OpenSpiel's observation and information-state tensors and strings.

    The information-state *tensor* is the observation tensor (a fixed-size summary,
    not perfect recall); the information-state *string* is perfect recall
    (:meth:`SpielState.information_state_text`). A public observation (``private_info``
    NONE) is a spectator's.
    """

    def __init__(
        self, model: ChanceModel[Any], iig_obs_type: Any, params: dict[str, Any] | None
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every player's private cards is not offered")
        self._model = model
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor: npt.NDArray[np.float32] = np.zeros(model.observation_size(), np.float32)
        self.dict = {
            name: self.tensor[start : start + int(np.prod(shape))].reshape(shape)
            for name, start, shape in model.observation_fields()
        }

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` observes in ``state``."""
        if state.game_state is None:
            self.tensor.fill(0)
        else:
            seat = None if self._public_only else player
            self.tensor[:] = self._model.observation_tensor(state.game_state, seat)

    def string_from(self, state: SpielState, player: int) -> str:
        """What ``player`` observes in ``state``, as text."""
        if self._perfect_recall and not self._public_only:
            return state.information_state_text(player)
        return state.observation_text(None if self._public_only else player)
