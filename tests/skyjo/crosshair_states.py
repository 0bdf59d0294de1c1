"""CrossHair plugin: how to make a Skyjo :class:`~skipbo.games.skyjo.GameState` for the contracts.

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
from crosshair.util import IgnoreAttempt

from skipbo import skyjo
from skipbo.games.skyjo import COLUMNS, Deck, GameState, Phase, Rules, Source, column_places
from skipbo.games.skyjo.views import PublicView, view
from tests.corpus import greedy_cover, seeded_states

GAMES_PER_RULES = 4
"""Seeded random games played per rules configuration."""

CONTRACT_RULES: tuple[Rules, ...] = (
    # 26 cards for 25 dealt: the draw pile runs out at once and is refilled (S-DRAW-1).
    Rules(players=2, deck=Deck({0: 13, 1: 13}), end_score=3),
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


def played() -> list[GameState]:
    """Every state of the seeded games, interleaved across the rules configurations."""
    return seeded_states(CONTRACT_RULES, GAMES_PER_RULES, _game)


def features(state: GameState) -> frozenset[str]:
    """What a state offers the engine's branches: the corpus holds one state for each.

    The configuration, the phase, where the card held came from, the last or an
    earlier seat's reveal, the first or a later round, a draw that refills the draw
    pile (S-DRAW-1), a swap or flip that completes a column, the last face-down
    card, the turn before the round ends, the last turn of the turn limit, and the
    end of the game.
    """
    rules, seat = state.rules, state.current_player
    found = {f"rules {CONTRACT_RULES.index(rules)}", f"phase {state.phase.value}"}
    if state.phase is Phase.REVEAL:
        found.add("the last reveal" if seat == rules.players - 1 else "a reveal")
        found.add("round 1" if state.round == 1 else "a later round")
    if state.source is not None:
        found.add(f"held from the {state.source.value}")
    if not state.draw_pile and state.phase is Phase.TAKE:
        found.add("a draw refills the draw pile")
    placing = state.phase is Phase.PLACE
    if placing and state.round_ender == (seat + 1) % rules.players:
        found.add("the round ends after this turn")
    if rules.turn_limit is not None and state.turns + 1 == rules.turn_limit:
        found.add("the last turn of the limit")
    grid, up = state.grids[seat], state.face_up[seat]
    if state.held is not None:
        for column in range(COLUMNS):
            places = column_places(column)
            for place in places:
                others = [p for p in places if p != place]
                if all(up[p] and grid[p] == state.held for p in others):
                    found.add("a swap completes a column")
                flip = state.source is Source.DRAW_PILE and not up[place]
                if flip and all(up[p] and grid[p] == grid[place] for p in others):
                    found.add("a flip completes a column")
    if placing and sum(card is not None and not u for card, u in zip(grid, up, strict=True)) == 1:
        found.add("the last face-down card")
    return frozenset(found)


def corpus() -> tuple[GameState, ...]:
    """Few states that together show every feature (:func:`features`) of the played ones.

    Greedy (:func:`tests.corpus.greedy_cover`).
    """
    return greedy_cover(played(), features)


CORPUS = corpus()

CORPUS_BITS = (len(CORPUS) - 1).bit_length()
"""CrossHair picks a state by ``CORPUS_BITS`` forks."""


def _chosen_state(factory: SymbolicFactory) -> GameState:
    # Each bit is a fork in CrossHair's path tree, so different paths get different states.
    index = sum(
        int(factory.space.smt_fork(desc=f"skyjo_corpus_bit_{bit}")) << bit
        for bit in range(CORPUS_BITS)
    )
    if index >= len(CORPUS):
        raise IgnoreAttempt  # no such state: a path CrossHair need not explore
    return CORPUS[index]


def _chosen_view(factory: SymbolicFactory) -> PublicView:
    return view(_chosen_state(factory))


register_type(GameState, _chosen_state)
register_type(PublicView, _chosen_view)
