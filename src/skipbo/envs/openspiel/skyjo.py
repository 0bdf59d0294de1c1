"""OpenSpiel's ``python_skyjo``: Skyjo with its shuffles as chance nodes.

Needs the ``openspiel`` extra (``pip install 'skipbo[openspiel]'``). Importing
:mod:`skipbo.envs.openspiel` registers the game:

>>> import pyspiel
>>> import skipbo.envs.openspiel
>>> game = pyspiel.load_game("python_skyjo", {"players": 2})
>>> state = game.new_initial_state()
>>> state.chance_outcomes()[:3]  # five -2, ten -1, fifteen 0 of 150 cards
[(0, 0.03333333333333333), (1, 0.06666666666666667), (2, 0.1)]
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])  # the lowest card left
>>> len(state.history()), state.current_player(), state.legal_actions()[:2]
(150, 0, [26, 27])

The chance nodes are the rules' shuffles, laid out card by card (see
:mod:`skipbo.envs.openspiel.adapter`): the deal of the whole deck at the start of
each round (S-SETUP-2, S-SETUP-3: the first twelve cards laid out are seat 0's
places 0 to 11, and so on, then the first discard card, then the draw pile, its
last card the top, as in :func:`skipbo.skyjo.deal`), and the reshuffle of the
discard pile but its top into a new draw pile (S-DRAW-1) when a seat draws from an
empty one. Chance outcome ``i`` is the ``i``-th lowest card value of the deck (in
the standard deck ``i - 2``), with probability ``n_v / n`` of the cards left.
Players' actions are those of :mod:`skipbo.games.skyjo.actions`.

Every seat sees the public view (S-INFO-2): face-down cards are hidden from their
owner too. A seat knows, besides, the two places it chose to turn up while the
others are still choosing (S-SETUP-4). The observation tensor is Skyjo's observation
of :mod:`skipbo.observation.skyjo` from the seat, followed by 12 entries for
that choice (field ``chosen``, see :meth:`SkyjoModel.observation_fields`); the
observation string is its text with the whole discard pile and the choice. The
information-state string is perfect recall: the moves so far with the cards they
turned up, the seat's own choices and its current observation; the tensor is the
observation. Returns, at the end: ``+1`` for each winner (the lowest total,
S-SCORE-3), ``-1`` for the others, ``0`` for all if every seat ties.

Parameters (``pyspiel.load_game("python_skyjo", {...})``): ``players`` (2),
``end_score`` (100), ``turn_limit`` (200 turns a round; 0: none), the bounds of
S-END-3, ``stall_limit`` (100) and ``round_limit`` (100), which cannot be lifted here
(OpenSpiel needs a bound on a game's length, and ``max_game_length`` is the proved
one, :func:`skipbo.skyjo.max_moves`), and ``copies`` (0: the standard deck of
S-DECK-1; ``n``: ``n`` cards of each value from -2 to 12, a small deck for quick
searches).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

import attrs

from skipbo.common.extras import needs_extra

with needs_extra("openspiel"):
    import pyspiel

from skipbo.envs.openspiel.adapter import (
    RegisteredGameModel,
    Shuffle,
    SpielGame,
    spiel_game_type,
)
from skipbo.games.skyjo import (
    GRID_SIZE,
    ConfigurationError,
    Deck,
    DiscardFlip,
    Draw,
    GameState,
    Phase,
    Reveal,
    Rules,
    Swap,
    TakeDiscard,
    apply,
    deal,
    view,
)
from skipbo.games.skyjo.actions import ACTION_COUNT, action_to_move, legal_actions
from skipbo.games.skyjo.adapter import GAME_TYPE, game_info
from skipbo.games.skyjo.rules import DEFAULT_ROUND_LIMIT, DEFAULT_STALL_LIMIT
from skipbo.games.skyjo.sampling import sample_state
from skipbo.games.skyjo.text import render_view
from skipbo.observation import skyjo as skyjo_observation

__all__ = ["GAME_NAME", "SkyjoGame", "SkyjoModel", "rules_from_parameters"]

GAME_NAME = "python_skyjo"
"""The short name under which the game is registered with OpenSpiel."""

_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "end_score": 100,
    "turn_limit": 200,
    "stall_limit": DEFAULT_STALL_LIMIT,
    "round_limit": DEFAULT_ROUND_LIMIT,
    "copies": 0,
}

_GAME_TYPE = spiel_game_type(GAME_NAME, GAME_TYPE, _DEFAULTS)


def rules_from_parameters(parameters: Mapping[str, Any]) -> Rules:
    """The Skyjo :class:`~skipbo.skyjo.Rules` of the game parameters (missing: defaults).

    Raises:
        ~skipbo.games.skyjo.errors.ConfigurationError: if the parameters give no valid rules.

    >>> rules_from_parameters({"copies": 2, "end_score": 30}).deck.size
    30

    """
    values = {**_DEFAULTS, **parameters}
    if type(values["turn_limit"]) is not int or values["turn_limit"] < 0:
        raise ConfigurationError("turn_limit", "must be a number of turns, or 0 for none")
    copies = values["copies"]
    if type(copies) is not int or copies < 0:
        raise ConfigurationError("copies", "must be 0 (the standard deck) or more")
    deck = Deck.standard() if copies == 0 else Deck(dict.fromkeys(range(-2, 13), copies))
    return Rules(
        players=values["players"],
        deck=deck,
        end_score=values["end_score"],
        turn_limit=values["turn_limit"] or None,
        # Never None here: OpenSpiel needs the bounds (the rules refuse 0).
        stall_limit=values["stall_limit"],
        round_limit=values["round_limit"],
    )


class SkyjoModel(RegisteredGameModel[GameState]):
    """Skyjo's part of the OpenSpiel game: its rules, shuffles, moves and observations."""

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.rules: Rules = rules
        self.values = tuple(value for value, _ in rules.deck.copies)
        """The card of each chance outcome: the deck's values, lowest first."""
        self._outcome = {value: index for index, value in enumerate(self.values)}
        layout = skyjo_observation.observation_layout(rules)
        self._fields = [(field.name, field.start, field.shape) for field in layout.fields]
        # The seat's own secret reveal choice (S-SETUP-4) follows the public observation.
        self._fields.append(("chosen", layout.size, (GRID_SIZE,)))

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> SkyjoModel:
        """The model of the rules of the game parameters (:func:`rules_from_parameters`)."""
        return cls(rules_from_parameters(parameters))

    def game_info(self) -> pyspiel.GameInfo:
        """OpenSpiel's numbers of the variant."""
        rules = self.rules
        # The proved bound on a game's moves (S-END-3, skyjo.max_moves): OpenSpiel
        # counts decisions, not chance outcomes, in a game's length.
        length = game_info(rules).max_game_length
        assert length is not None  # the parameters cannot lift a bound
        return pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=len(self.values),
            num_players=rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=length,
        )

    def cards(self, outcomes: Sequence[int]) -> tuple[int, ...]:
        """The cards of chance outcomes."""
        return tuple(self.values[outcome] for outcome in outcomes)

    def outcomes(self, cards: Sequence[int]) -> tuple[int, ...]:
        """The chance outcomes of cards."""
        return tuple(self._outcome[card] for card in cards)

    def deal(self) -> Shuffle[GameState]:
        """The first round's deal of the shuffled deck (S-SETUP-2)."""
        return self._round(1, 0, ())

    def _round(self, number: int, starter: int, history: tuple[Any, ...]) -> Shuffle[GameState]:
        deck = self.outcomes(self.rules.deck.cards())
        return Shuffle(deck, partial(_dealt, self, number, starter, history))

    def play(self, state: GameState, action: int) -> GameState | Shuffle[GameState]:
        """The state after ``action``, or first the shuffle it makes (S-DRAW-1, S-SETUP-2)."""
        move = action_to_move(action)
        if isinstance(move, Draw) and not state.draw_pile and len(state.discard_pile) > 1:
            # S-DRAW-1: the discard pile but its top, shuffled, becomes the draw pile.
            return Shuffle(self.outcomes(state.discard_pile[:-1]), partial(_redrawn, self, state))
        after = apply(state, move)
        if after.round != state.round and after.phase is not Phase.OVER:
            # S-SETUP-2: the next round deals the whole deck shuffled again.
            return self._round(after.round, after.starter, after.history)
        return after

    def legal_actions(self, state: GameState) -> list[int]:
        """The legal actions, ascending."""
        return legal_actions(state)

    def action_text(self, action: int) -> str:
        """The move of ``action``, like ``draw`` or ``s4``."""
        return str(action_to_move(action))

    def outcome_text(self, outcome: int) -> str:
        """The card of ``outcome``."""
        return str(self.values[outcome])

    def public_log(self, before: GameState, action: int, after: GameState) -> str:
        """The move with the cards it turned up (everyone sees them, S-INFO-1).

        A reveal's places stay secret until every seat has chosen (S-SETUP-4); a
        round's end turns up every card (S-END-2), logged before the next deal.
        """
        move = action_to_move(action)
        seat = before.current_player
        if isinstance(move, Reveal):
            text = "reveal"
        elif isinstance(move, Draw | TakeDiscard):
            text = f"{move} {after.held}"
        else:
            assert isinstance(move, Swap | DiscardFlip)
            text = f"{move} {before.grids[seat][move.place]}"
        if after.round != before.round or after.phase is Phase.OVER:
            grids = list(before.grids)
            if isinstance(move, Swap):
                grid = list(grids[seat])
                grid[move.place] = before.held
                grids[seat] = tuple(grid)
            shown = "/".join(" ".join(map(str, grid)) for grid in grids)
            text += f" end {shown}"
        return text

    def private_log(self, state: GameState, seat: int) -> str:
        """The places the seat chose to turn up, while they are secret (S-SETUP-4)."""
        chosen = state.reveals[seat]
        return "" if chosen is None else f"r{chosen[0]}+{chosen[1]}"

    def observation_text(self, state: GameState, seat: int | None) -> str:
        """The seat's text observation, the whole discard pile, and the seat's own choice.

        The text is :func:`skipbo.observation.skyjo.text_observation` (a
        spectator's: the view's picture alone).
        """
        seen = view(state)
        lines = [
            render_view(seen) if seat is None else skyjo_observation.text_observation(seen, seat),
            "discard pile: " + " ".join(map(str, seen.discard_pile)),
        ]
        if seat is not None:
            lines.append(f"chosen: {self.private_log(state, seat) or 'nothing'}")
        return "\n".join(lines)

    def observation_size(self) -> int:
        """The length of the observation: the public one and the seat's choice."""
        _, start, _ = self._fields[-1]
        return start + GRID_SIZE

    def observation_fields(self) -> Sequence[tuple[str, int, tuple[int, ...]]]:
        """The observation's named parts: (name, start, shape)."""
        return self._fields

    def observation_tensor(self, state: GameState, seat: int | None) -> Sequence[float]:
        """:func:`skipbo.observation.skyjo.observation` from ``seat``, then its choice.

        The choice is 12 entries, 1 at the two places the seat chose to turn up while
        the others are still choosing (S-SETUP-4). A spectator's (``None``) is seat 0's
        public observation, with no choice.
        """
        public = skyjo_observation.observation(view(state), 0 if seat is None else seat)
        chosen = None if seat is None else state.reveals[seat]
        return [*public, *(float(chosen is not None and p in chosen) for p in range(GRID_SIZE))]

    def resample(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        """A state with the same public view and the seat's own choice, the rest at random."""
        sampled = sample_state(view(state), rng)
        reveals = list(sampled.reveals)
        reveals[seat] = state.reveals[seat]
        return attrs.evolve(sampled, reveals=tuple(reveals))

    def describe(self, state: GameState) -> str:
        """The state with every card (for debugging, not for players)."""
        grids = "/".join(" ".join(map(str, grid)) for grid in state.grids)
        return f"{self.observation_text(state, None)}\ncards: {grids}; draw {state.draw_pile}"


def _dealt(
    model: SkyjoModel, number: int, starter: int, history: tuple[Any, ...], order: tuple[int, ...]
) -> GameState:
    """Round ``number`` dealt from the deck in ``order`` (a module function: states pickle)."""
    # The seed seeds only shuffles the engine would make, and every one is a chance
    # node here (SkyjoModel.play): no seed decides a card.
    fresh = deal(model.rules, model.cards(order), 0, round=number, starter=starter)
    return attrs.evolve(fresh, history=history)


def _redrawn(model: SkyjoModel, state: GameState, order: tuple[int, ...]) -> GameState:
    """The draw of S-DRAW-1 from the discard pile but its top, reshuffled into ``order``."""
    refilled = attrs.evolve(
        state, draw_pile=model.cards(order), discard_pile=state.discard_pile[-1:]
    )
    return apply(refilled, Draw())


class SkyjoGame(SpielGame):
    """The ``python_skyjo`` game for the given parameters."""

    game_type = _GAME_TYPE
    make_model = SkyjoModel.from_parameters


SkyjoGame.register()
