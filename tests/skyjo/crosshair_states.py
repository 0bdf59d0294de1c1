"""CrossHair plugin: how to make a Skyjo :class:`~skipbo.skyjo.GameState` for the contracts.

As for Skip-Bo (:mod:`tests.crosshair_states`): a symbolic state would never hold
exactly the deck, so CrossHair gets *reachable* states instead, a corpus from
seeded random games of small configurations (2 and 3 players, decks of a few
values so that columns are removed, the draw pile runs out and rounds end), which
it picks by forking on the bits of an index. The corpus holds states of every
phase: the reveals, taking a card, placing it (drawn or taken), and the end of the
game. The move passed with a state stays symbolic: any kind, any place numbers.

Imported by the plugin file that ``python -m tools.crosshair_check`` generates.
"""

from __future__ import annotations

import random

from crosshair import register_type
from crosshair.core import SymbolicFactory

from skipbo import skyjo
from skipbo.skyjo import Deck, GameState, Rules
from skipbo.skyjo.views import PublicView, view

CORPUS_BITS = 8
"""CrossHair chooses among ``2 ** CORPUS_BITS`` states (the corpus, repeated)."""

GAMES_PER_RULES = 4
"""Seeded random games played per rules configuration."""

CONTRACT_RULES: tuple[Rules, ...] = (
    # 26 cards for 25 dealt: the draw pile runs out at once and is refilled (S-DRAW-1).
    Rules(players=2, deck=Deck({0: 13, 1: 13}), end_score=3, turn_limit=12),
    Rules(players=3, deck=Deck({-2: 6, 0: 14, 3: 20}), end_score=20, turn_limit=9),
    Rules(players=2, deck=Deck({0: 25, 1: 4}), end_score=2, turn_limit=10),
)
"""Small configurations: equal columns, reshuffles, round and game ends come soon."""


def _game(rules: Rules, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = skyjo.new_game(rules, seed=seed)
    states = [state]
    while not skyjo.is_over(state):
        state = skyjo.apply(state, rng.choice(skyjo.legal_moves(state)))
        states.append(state)
    return states


def corpus() -> tuple[GameState, ...]:
    """Every state of the seeded games, interleaved across the rules configurations."""
    per_rules = [
        [state for seed in range(GAMES_PER_RULES) for state in _game(rules, seed)]
        for rules in CONTRACT_RULES
    ]
    longest = max(map(len, per_rules))
    return tuple(
        states[index] for index in range(longest) for states in per_rules if index < len(states)
    )


CORPUS = corpus()


def _chosen_state(factory: SymbolicFactory) -> GameState:
    # Each bit is a fork in CrossHair's path tree, so different paths get different states.
    index = sum(
        int(factory.space.smt_fork(desc=f"skyjo_corpus_bit_{bit}")) << bit
        for bit in range(CORPUS_BITS)
    )
    return CORPUS[index % len(CORPUS)]


def _chosen_view(factory: SymbolicFactory) -> PublicView:
    return view(_chosen_state(factory))


register_type(GameState, _chosen_state)
register_type(PublicView, _chosen_view)
