"""CrossHair plugin: how to make a :class:`~skipbo.GameState` for the state-level contracts.

CrossHair builds symbolic arguments from type annotations, but a game state is
far too constrained for that (the cards of all places must be exactly the deck, the
build piles runs, the hands sorted): a symbolic ``GameState`` never meets
``pre: spec.is_consistent(state)`` and CrossHair would report "Unable to meet
precondition" without checking anything. So this plugin gives CrossHair *reachable*
states instead: a corpus of states from seeded games in several small rules
configurations (individual play with 2 and 3 players, and both team forms), of
which CrossHair picks one by forking on the bits of its index, so that its path
search spreads over the corpus. The move passed with the state stays fully
symbolic (any kind, any card and pile numbers), which is where the engine's checks
branch.

The tuple-level contracts (placing a card, drawing, taking a card from the hand)
do not need this: CrossHair checks them over symbolic piles.

Used by ``python -m tools.crosshair_check`` through a generated ``--extra_plugin``
file that imports this module.
"""

from __future__ import annotations

import random

import attrs
from crosshair import register_type
from crosshair.core import SymbolicFactory

import skipbo
from skipbo import Deck, GameState, Rules
from skipbo.bots import PlayFirstBot
from skipbo.views import PlayerView, view

CORPUS_BITS = 10
"""CrossHair chooses among ``2 ** CORPUS_BITS`` states (the corpus, repeated)."""

GAMES_PER_RULES = 12
"""Seeded games played per rules configuration; half random, half play-first."""

SMALL = Deck(copies=2, wilds=2, highest=4)
"""A small deck: short games that reach completed piles, reshuffles and wins."""

CONTRACT_RULES: tuple[Rules, ...] = (
    Rules(
        players=2, deck=SMALL, stock_size=3, hand_size=3, build_pile_count=2, discard_pile_count=2
    ),
    Rules(players=3, deck=Deck(copies=3, wilds=2, highest=4), stock_size=2, hand_size=2),
    attrs.evolve(Rules.partners(), deck=Deck(copies=3, wilds=3, highest=4), stock_size=2),
    attrs.evolve(
        Rules.team_piles(), deck=Deck(copies=3, wilds=3, highest=4), stock_size=2, hand_size=2
    ),
)
"""Small configurations of every form of play: the corpus draws states from each."""


def _game(rules: Rules, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    bot = PlayFirstBot(seed=seed) if seed % 2 else None
    state = skipbo.new_game(rules, seed=seed)
    states = [state]
    while not state.is_over:
        move = (
            bot.choose(skipbo.view(state, state.current_player))
            if bot
            else rng.choice(skipbo.legal_moves(state))
        )
        state = skipbo.apply(state, move)
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
        int(factory.space.smt_fork(desc=f"corpus_bit_{bit}")) << bit for bit in range(CORPUS_BITS)
    )
    return CORPUS[index % len(CORPUS)]


def _chosen_view(factory: SymbolicFactory) -> PlayerView:
    state = _chosen_state(factory)
    return view(state, state.current_player)


register_type(GameState, _chosen_state)
register_type(PlayerView, _chosen_view)

# The engine imports PlayerView only for the type checker (views build on the engine);
# CrossHair resolves legal_moves' annotation at run time, and without this name it
# cannot read the signature and silently skips the function.
skipbo.engine.PlayerView = PlayerView  # type: ignore[attr-defined]
