"""An OpenSpiel game: ``python_skipbo``, for OpenSpiel's algorithms and bots.

Needs the ``openspiel`` extra (``pip install 'skipbo[openspiel]'``). Importing this
module registers the game:

>>> import pyspiel
>>> import skipbo.envs.openspiel
>>> game = pyspiel.load_game("python_skipbo", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 65536)
>>> state.apply_action(7)  # the deal
>>> state.current_player(), state.legal_actions() == sorted(state.legal_actions())
(0, True)

The game is sequential, with imperfect information. Its one chance node, the first,
samples the deal: outcome ``k`` of ``deal_seeds`` is :func:`skipbo.new_game` with
seed ``k``, which shuffles the deck and fixes the seed of every later reshuffle of
the completed cards (R-DRAW-2). So the chance outcome stands for all the game's
shuffles, and the action history determines the state. Players' actions are the
integer actions of :mod:`skipbo.actions`.

The modelled game is therefore a sample of ``deal_seeds`` deals, not every deal: a
seat's own cards usually single out its deal among them (trying all 65536 seeds
finds seat 0's deal of a two-player game from its first view in about 15 seconds),
and with it every hidden card. Algorithms that could learn or search the deals
themselves see through the hidden information; use this game for algorithms that
treat chance outcomes as hidden, as OpenSpiel's do, and never to deal for real.

Observations (tensor and string) are those of :mod:`skipbo.envs.observation` for
the player's view; a public observation (``private_info`` NONE) is a spectator's
view. The information-state *string* is perfect recall: the public moves so far, the
player's own hands as they changed and its current view. The information-state
*tensor* is the observation vector (a fixed-size summary, not perfect recall).
Returns, at the end: ``+1`` for each seat of the winning team, ``-1`` for the
others, ``0`` for all if nobody won.

:meth:`SkipBoState.resample_from_infostate` deals what the player cannot see at
random (:func:`skipbo.sampling.sample_state`), which OpenSpiel's IS-MCTS bot uses.

Parameters (``pyspiel.load_game("python_skipbo", {...})``): ``players`` (2),
``stock_size`` (0: the rules' default), ``hand_size`` (5), the deck's ``highest``
(12), ``copies`` (12) and ``wilds`` (18), ``teams`` (``""``: individual play, or one
letter a seat naming its team, like ``"ABAB"``), ``shared_piles`` (false),
``turn_limit`` (1000: OpenSpiel needs a bound on the game's length) and
``deal_seeds`` (65536).
"""

from __future__ import annotations

import random
from typing import Any

from skipbo.envs._extras import needs_extra

with needs_extra("openspiel"):
    import numpy as np
    import pyspiel

from skipbo import (
    ConfigurationError,
    Deck,
    GameState,
    PlayerView,
    Rules,
    apply,
    new_game,
    spectator_view,
    view,
)
from skipbo.actions import action_to_move, legal_actions
from skipbo.common.gameinfo import Information
from skipbo.envs import _rewards
from skipbo.envs.observation import observation, observation_layout, text_observation
from skipbo.game import GAME_TYPE, game_info
from skipbo.sampling import sample_state
from skipbo.text.display import describe, format_pile

__all__ = ["GAME_NAME", "SkipBoGame", "SkipBoObserver", "SkipBoState", "rules_from_parameters"]

GAME_NAME = "python_skipbo"
"""The short name under which the game is registered with OpenSpiel."""

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "stock_size": 0,
    "hand_size": 5,
    "highest": 12,
    "copies": 12,
    "wilds": 18,
    "teams": "",
    "shared_piles": False,
    "turn_limit": 1000,
    "deal_seeds": 2**16,
}

_INFORMATION = {
    Information.PERFECT: pyspiel.GameType.Information.PERFECT_INFORMATION,
    Information.IMPERFECT: pyspiel.GameType.Information.IMPERFECT_INFORMATION,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name=GAME_TYPE.long_name,
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    # The game's shuffles are sampled chance (skipbo.game.GAME_TYPE), but OpenSpiel's
    # SAMPLED_STOCHASTIC mode needs a game object that carries a random generator and
    # serializes its state, which a Python game cannot provide. So the shuffles are
    # one explicit chance node, the deal, whose outcomes are deal seeds: a sample of
    # the shuffles that also fixes every later reshuffle (R-DRAW-2).
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=_INFORMATION[GAME_TYPE.information],
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=GAME_TYPE.max_players,
    min_num_players=GAME_TYPE.min_players,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def rules_from_parameters(parameters: dict[str, Any]) -> Rules:
    """The :class:`~skipbo.Rules` of the game parameters (missing ones take the defaults).

    Raises:
        ConfigurationError: if the parameters give no valid rules.

    >>> rules_from_parameters({"players": 4, "teams": "ABAB"}).seating.team_stocks
    ((0, 2), (1, 3))

    """
    values = {**_DEFAULTS, **parameters}
    # One letter per seat names its team ("ABAB": seats 0 and 2 against 1 and 3): a
    # game string cannot hold commas or brackets inside a parameter.
    letters = str(values["teams"]).strip()
    teams = None
    if letters:
        if not letters.isalpha() or not letters.isupper():
            raise ConfigurationError(
                "teams", f"must be one letter a seat, like 'ABAB', got {letters!r}"
            )
        teams = tuple(
            tuple(seat for seat, name in enumerate(letters) if name == team)
            for team in sorted(set(letters))
        )
        if len(letters) != values["players"]:
            raise ConfigurationError(
                "teams", f"needs one letter for each of the {values['players']} seats"
            )
    if type(values["turn_limit"]) is not int or values["turn_limit"] < 1:
        # OpenSpiel needs a bound on a game's length.
        raise ConfigurationError("turn_limit", "must be at least 1 in OpenSpiel")
    # A stock size of 0 leaves the rules' default (by the number of stock piles).
    sizes = {"stock_size": values["stock_size"]} if values["stock_size"] else {}
    return Rules(
        players=values["players"],
        deck=Deck(copies=values["copies"], wilds=values["wilds"], highest=values["highest"]),
        **sizes,
        hand_size=values["hand_size"],
        turn_limit=values["turn_limit"],
        teams=teams,
        shared_piles=values["shared_piles"],
    )


class SkipBoGame(pyspiel.Game):  # type: ignore[misc]
    """The ``python_skipbo`` game for the given parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        parameters = {**_DEFAULTS, **(params or {})}
        rules = rules_from_parameters(parameters)
        if type(parameters["deal_seeds"]) is not int or parameters["deal_seeds"] < 1:
            raise ConfigurationError("deal_seeds", "must be an integer of at least 1")
        assert rules.turn_limit is not None
        info = pyspiel.GameInfo(
            num_distinct_actions=game_info(rules).action_count,
            max_chance_outcomes=parameters["deal_seeds"],
            num_players=rules.players,
            min_utility=_rewards.LOSS,
            max_utility=_rewards.WIN,
            # game_info(rules) has no bound on moves (a turn may hold many plays), but
            # OpenSpiel needs one. A bound in practice, with the turn limit: a turn
            # rarely moves more cards than the deck holds (more needs build piles
            # completed and the completed cards drawn again).
            max_game_length=1 + rules.turn_limit * (rules.deck.size + 1),
        )
        super().__init__(_GAME_TYPE, info, parameters)
        self.rules = rules
        self.deal_seeds: int = parameters["deal_seeds"]

    def new_initial_state(self) -> SkipBoState:
        """The state before the deal (a chance node)."""
        return SkipBoState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SkipBoObserver:
        """The observer of ``iig_obs_type`` (a player's observation by default)."""
        return SkipBoObserver(
            self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class SkipBoState(pyspiel.State):  # type: ignore[misc]
    """A ``python_skipbo`` state: before the deal, or a :class:`~skipbo.GameState`."""

    def __init__(self, game: SkipBoGame) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._deal_seeds = game.deal_seeds
        self.game_state: GameState | None = None
        """The engine's state; ``None`` before the deal."""
        self._moves: tuple[str, ...] = ()
        # Each seat's hands as they changed, with the number of moves made then.
        self._hands: tuple[tuple[str, ...], ...] = ((),) * game.rules.players

    def current_player(self) -> int:
        """The seat to move, or OpenSpiel's CHANCE (before the deal) or TERMINAL."""
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game_state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game_state is not None
        assert player == self.game_state.current_player
        return legal_actions(self.game_state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The deals, equally likely."""
        probability = 1.0 / self._deal_seeds
        return [(seed, probability) for seed in range(self._deal_seeds)]

    def _apply_action(self, action: int) -> None:
        if self.game_state is None:
            self._set(new_game(self._rules, seed=int(action)), ())
        else:
            move = action_to_move(self._rules, int(action))
            self._set(apply(self.game_state, move), (*self._moves, str(move)))

    def _set(self, state: GameState, moves: tuple[str, ...]) -> None:
        self.game_state = state
        self._moves = moves
        self._hands = tuple(
            log
            if log and log[-1].endswith(format_pile(hand))
            else (*log, f"{len(moves)}:{format_pile(hand)}")
            for log, hand in zip(self._hands, state.hands, strict=True)
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return str(action_to_move(self._rules, int(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.game_state is not None and self.game_state.is_over

    def returns(self) -> list[float]:
        """Each seat's return: ``+1`` win, ``-1`` loss, ``0`` if nobody won or not over."""
        if self.game_state is None:
            return [0.0] * self._rules.players
        return list(_rewards.final_rewards(self.game_state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SkipBoState:
        """A state that ``player_id`` cannot tell from this one, its hidden cards dealt at random.

        For search only: OpenSpiel's own history of the copy (``history()``) stays
        that of this state, so do not serialize it.
        """
        clone: SkipBoState = self.clone()
        if self.game_state is None:
            return clone
        rng = random.Random(int(probability_sampler() * 2**53))
        sampled = sample_state(view(self.game_state, player_id), rng)
        clone.game_state = sampled
        # The other seats' private logs would tell their real hands: keep only the sample's.
        clone._hands = tuple(
            log if seat == player_id else (f"{len(self._moves)}:{format_pile(hand)}",)
            for seat, (log, hand) in enumerate(zip(self._hands, sampled.hands, strict=True))
        )
        return clone

    def view_of(self, player: int | None) -> PlayerView | None:
        """The view of seat ``player`` (``None``: a spectator's); ``None`` before the deal."""
        if self.game_state is None:
            return None
        return spectator_view(self.game_state) if player is None else view(self.game_state, player)

    def information_state_text(self, player: int) -> str:
        """The perfect-recall information state of ``player`` as text."""
        seen = self.view_of(player)
        if seen is None:
            return "before the deal"
        return "\n".join(
            (
                "moves: " + " ".join(self._moves),
                "own hands: " + " ".join(self._hands[player]),
                text_observation(seen),
            )
        )

    def __str__(self) -> str:
        if self.game_state is None:
            return "before the deal"
        return describe(self.game_state)


class SkipBoObserver:
    """Fills OpenSpiel's observation and information-state tensors and strings."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every player's private cards is not offered")
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        self._perfect_recall = bool(iig_obs_type.perfect_recall)
        layout = observation_layout(rules)
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {
            field.name: self.tensor[field.start : field.stop].reshape(field.shape)
            for field in layout.fields
        }

    def set_from(self, state: SkipBoState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` observes in ``state``."""
        seen = state.view_of(None if self._public_only else player)
        if seen is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = observation(seen)

    def string_from(self, state: SkipBoState, player: int) -> str:
        """What ``player`` observes in ``state``, as text."""
        if self._perfect_recall and not self._public_only:
            return state.information_state_text(player)
        seen = state.view_of(None if self._public_only else player)
        return "before the deal" if seen is None else text_observation(seen)


pyspiel.register_game(_GAME_TYPE, SkipBoGame)
