"""OpenSpiel's ``python_skipbo``: Skip-Bo with its shuffles as chance nodes.

Needs the ``openspiel`` extra (``pip install 'skipbo[openspiel]'``). Importing
:mod:`skipbo.envs.openspiel` registers the game:

>>> import pyspiel
>>> import skipbo.envs.openspiel
>>> game = pyspiel.load_game("python_skipbo", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[:2]  # 18 wilds, 12 ones of 162 cards
(True, [(0, 0.1111111111111111), (1, 0.07407407407407407)])
>>> while state.is_chance_node():  # the deal: 162 chance nodes, one card each
...     state.apply_action(state.chance_outcomes()[-1][0])  # the highest card left
>>> len(state.history()), state.current_player()
(162, 0)

The game is sequential, with imperfect information; its chance nodes are the rules'
shuffles, laid out card by card (see :mod:`skipbo.envs.openspiel.adapter`): the deal
of the whole deck (R-SETUP-1 .. R-SETUP-4, outcome ``v`` is the card ``v``, 0 the
wild, with probability ``n_v / n`` of the cards left), the deck's first card at the
bottom of stock pile 0 and its last the draw pile's top, as in
:func:`skipbo.games.skipbo.deal.deal`;
and each reshuffle of the completed build piles into a new draw pile (R-DRAW-2), at
the move that draws past the draw pile's end, the first card laid out at the new
pile's bottom. Players' actions are the integer actions of :mod:`skipbo.games.skipbo.actions`.

Observations (tensor and string) are those of :mod:`skipbo.observation.skipbo` for
the player's view; a public observation (``private_info`` NONE) is a spectator's
view. The information-state *string* is perfect recall: the moves so far, the
player's own hands as they changed and its current view. The information-state
*tensor* is the observation vector (a fixed-size summary, not perfect recall).
Returns, at the end: ``+1`` for each seat of the winning team, ``-1`` for the
others, ``0`` for all if nobody won.

:meth:`~skipbo.envs.openspiel.adapter.SpielState.resample_from_infostate` deals what the
player cannot see at random (:func:`skipbo.games.skipbo.sampling.sample_state`), which
OpenSpiel's IS-MCTS bot uses.

Parameters (``pyspiel.load_game("python_skipbo", {...})``): ``players`` (2),
``stock_size`` (0: the rules' default), ``hand_size`` (5), the deck's ``highest``
(12), ``copies`` (12) and ``wilds`` (18), ``teams`` (``""``: individual play, or one
letter a seat naming its team, like ``"ABAB"``), ``shared_piles`` (false),
``turn_limit`` (1000; 0: none), and the bounds of R-WIN-4, ``turn_move_limit`` (500)
and ``stall_limit`` (2000), which cannot be lifted here: OpenSpiel needs a bound on a
game's length, and ``max_game_length`` is the proved one, :func:`skipbo.max_moves`.
The first player is seat 0.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from skipbo.common.extras import needs_extra

with needs_extra("openspiel"):
    import pyspiel

from skipbo import (
    WILD,
    ConfigurationError,
    Deck,
    GameState,
    Move,
    Rules,
    apply,
    format_card,
    view,
)
from skipbo.envs import _rewards
from skipbo.envs.openspiel.adapter import (
    RegisteredGameModel,
    Shuffle,
    SpielGame,
    spiel_game_type,
)
from skipbo.games.skipbo.actions import action_to_move, legal_actions
from skipbo.games.skipbo.adapter import GAME_TYPE, game_info
from skipbo.games.skipbo.deal import deal as deal_in_order
from skipbo.games.skipbo.rules import DEFAULT_STALL_LIMIT, DEFAULT_TURN_MOVE_LIMIT
from skipbo.games.skipbo.sampling import sample_state
from skipbo.games.skipbo.state import replace
from skipbo.games.skipbo.text.display import describe, format_pile
from skipbo.observation.skipbo import observation, observation_layout, text_observation

__all__ = ["GAME_NAME", "SkipBoGame", "SkipBoModel", "rules_from_parameters"]

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
    "turn_move_limit": DEFAULT_TURN_MOVE_LIMIT,
    "stall_limit": DEFAULT_STALL_LIMIT,
}

_GAME_TYPE = spiel_game_type(GAME_NAME, GAME_TYPE, _DEFAULTS)


def rules_from_parameters(parameters: Mapping[str, Any]) -> Rules:
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
    if type(values["turn_limit"]) is not int or values["turn_limit"] < 0:
        raise ConfigurationError("turn_limit", "must be a number of turns, or 0 for none")
    # A stock size of 0 leaves the rules' default (by the number of stock piles).
    sizes = {"stock_size": values["stock_size"]} if values["stock_size"] else {}
    return Rules(
        players=values["players"],
        deck=Deck(copies=values["copies"], wilds=values["wilds"], highest=values["highest"]),
        **sizes,
        hand_size=values["hand_size"],
        turn_limit=values["turn_limit"] or None,
        # Never None here: OpenSpiel needs the bound (the rules refuse 0).
        turn_move_limit=values["turn_move_limit"],
        stall_limit=values["stall_limit"],
        teams=teams,
        shared_piles=values["shared_piles"],
    )


class SkipBoModel(RegisteredGameModel[GameState]):
    """Skip-Bo's part of the OpenSpiel game: its rules, shuffles, moves and observations.

    A chance outcome is a card: 0 the wild, ``v`` the number ``v``.
    """

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.rules: Rules = rules
        self._layout = observation_layout(rules)

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> SkipBoModel:
        """The model of the rules of the game parameters (:func:`rules_from_parameters`)."""
        return cls(rules_from_parameters(parameters))

    def game_info(self) -> pyspiel.GameInfo:
        """OpenSpiel's numbers of the variant."""
        rules = self.rules
        info = game_info(rules)
        # The proved bound on a game's moves (R-WIN-4, skipbo.max_moves): OpenSpiel
        # counts decisions, not chance outcomes, in a game's length.
        assert info.max_game_length is not None  # the parameters cannot lift a bound
        return pyspiel.GameInfo(
            num_distinct_actions=info.action_count,
            max_chance_outcomes=rules.deck.highest + 1,
            num_players=rules.players,
            min_utility=_rewards.LOSS,
            max_utility=_rewards.WIN,
            max_game_length=info.max_game_length,
        )

    def deal(self) -> Shuffle[GameState]:
        """The deck shuffled (R-SETUP-1), then dealt in its order (R-SETUP-2)."""
        rules = self.rules
        # The seed seeds only what the engine would shuffle later, and a reshuffle is
        # a chance node here (play): no state's seed ever decides a card.
        return Shuffle(rules.deck.cards(), partial(_dealt, rules))

    def play(self, state: GameState, action: int) -> GameState | Shuffle[GameState]:
        """The state after ``action``; first the reshuffle, if the move draws past the pile."""
        move = action_to_move(self.rules, action)
        after = apply(state, move)
        if after.shuffle_seed == state.shuffle_seed:
            return after  # no shuffle: the seed changes exactly when the engine shuffles
        # R-DRAW-2: the move drew past the draw pile's end, and the completed cards
        # (with any pile the move itself completed) are shuffled into a new one. Which
        # cards: the move played over a draw pile long enough not to run out.
        spare = (WILD,) * self.rules.hand_size
        completed = apply(replace(state, draw_pile=spare + state.draw_pile), move).completed

        return Shuffle(completed, partial(_reshuffled, state, move))

    def legal_actions(self, state: GameState) -> list[int]:
        """The legal actions, ascending."""
        return legal_actions(state)

    def action_text(self, action: int) -> str:
        """The move of ``action``, like ``h5>b0``."""
        return str(action_to_move(self.rules, action))

    def outcome_text(self, outcome: int) -> str:
        """The card ``outcome``, like ``W`` or ``7``."""
        return format_card(outcome)

    def public_log(self, before: GameState, action: int, after: GameState) -> str:
        """The move: every Skip-Bo move is public, and so are the cards it moves."""
        return self.action_text(action)

    def private_log(self, state: GameState, seat: int) -> str:
        """The seat's hand (R-INFO-2)."""
        return format_pile(state.hands[seat])

    def observation_text(self, state: GameState, seat: int | None) -> str:
        """The text of :func:`~skipbo.observation.skipbo.text_observation` of the seat's view."""
        return text_observation(view(state, seat))

    def observation_size(self) -> int:
        """The length of :func:`~skipbo.observation.skipbo.observation`."""
        return self._layout.size

    def observation_fields(self) -> Sequence[tuple[str, int, tuple[int, ...]]]:
        """The fields of :func:`~skipbo.observation.skipbo.observation_layout`."""
        return [(field.name, field.start, field.shape) for field in self._layout.fields]

    def observation_tensor(self, state: GameState, seat: int | None) -> Sequence[float]:
        """The numbers of :func:`~skipbo.observation.skipbo.observation` of the seat's view."""
        return observation(view(state, seat))

    def resample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A state with the seat's view, the hidden rest sampled consistently with it."""
        return sample_state(view(state, seat), rng)

    def describe(self, state: GameState) -> str:
        """The referee's picture of the state."""
        return describe(state)


def _dealt(rules: Rules, order: tuple[int, ...]) -> GameState:
    """The deal of the deck in ``order`` (a shuffle's end: a function, so states pickle)."""
    return deal_in_order(rules, order, seed=0)


def _reshuffled(state: GameState, move: Move, order: tuple[int, ...]) -> GameState:
    """``move`` made in ``state``, the completed cards reshuffled into ``order`` (R-DRAW-2).

    The new pile under what is left of the old one is the pile the rules make: the
    old cards are drawn first, then the new pile's top (the last laid out). Its
    cards are those completed, so none stay set aside.
    """
    stacked = replace(state, draw_pile=order + state.draw_pile, completed=())
    return replace(apply(stacked, move), completed=())


class SkipBoGame(SpielGame):
    """The ``python_skipbo`` game for the given parameters."""

    game_type = _GAME_TYPE
    make_model = SkipBoModel.from_parameters


SkipBoGame.register()
