"""High card's rules in action: deal, the legal moves, a move applied."""

from __future__ import annotations

import random

import attrs

from skipbo.errors import ArgumentTypeError, IllegalMoveError
from tests.highcard.moves import Move
from tests.highcard.rules import Rules
from tests.highcard.state import GameState, Outcome
from tests.highcard.views import View


def new_game(rules: Rules, *, seed: int) -> GameState:
    """The cards 1 to ``rules.cards`` shuffled by ``seed``; one dealt to each seat."""
    deck = list(range(1, rules.cards + 1))
    random.Random(seed).shuffle(deck)
    return GameState(rules, tuple(deck[: rules.players]), tuple(deck[rules.players :]))


def is_over(state: GameState) -> bool:
    """Whether every seat has moved."""
    return state.outcome is not None


def legal_moves(seen: GameState | View) -> tuple[Move, ...]:
    """Keep, or swap while the deck has a card; nothing once the game is over."""
    if seen.outcome is not None:
        return ()
    return (Move.KEEP, Move.SWAP) if seen.deck_size else (Move.KEEP,)


def apply(state: GameState, move: Move) -> GameState:
    """The state after the seat to move plays ``move``; the last move reveals every card."""
    if not isinstance(move, Move):
        raise ArgumentTypeError(f"a move must be a Move, not {type(move).__name__}")
    if state.outcome is not None:
        raise IllegalMoveError(move, "H-END", "the game is over")
    if move not in legal_moves(state):
        raise IllegalMoveError(move, "H-SWAP", "the deck is empty")
    hands, deck, discards = state.hands, state.deck, state.discards
    if move is Move.SWAP:
        seat = state.current_player
        hands = (*hands[:seat], deck[0], *hands[seat + 1 :])
        deck, discards = deck[1:], (*discards, state.hands[seat])
    moved = state.moved + 1
    outcome = None
    if moved == state.rules.players:
        outcome = Outcome(hands, tuple(s for s, card in enumerate(hands) if card == max(hands)))
    return attrs.evolve(
        state, hands=hands, deck=deck, discards=discards, moved=moved, outcome=outcome
    )


def invariant_violations(state: GameState) -> list[str]:
    """What is wrong with ``state``: the cards must be the deck's, each once."""
    problems = []
    cards = sorted((*state.hands, *state.deck, *state.discards))
    if cards != list(range(1, state.rules.cards + 1)):
        problems.append(f"the cards are not 1 to {state.rules.cards} once each: {cards}")
    if (state.outcome is not None) != (state.moved == state.rules.players):
        problems.append("the game is over exactly when every seat has moved")
    return problems
