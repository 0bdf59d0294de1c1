"""Hypothesis strategies and random play for Skyjo tests.

Every generated state is reachable: it is played from a seeded deal by seeded random
moves, so a failing example reproduces from its seeds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo import GameState, Rules


@st.composite
def rules(draw: st.DrawFn, *, limited: bool | None = None) -> Rules:
    """Rules for 2 to 8 players, with or without a round turn limit (small end scores too)."""
    players = draw(st.integers(2, 8))
    end_score = draw(st.sampled_from([100, 100, 30, 1]))
    with_limit = draw(st.booleans()) if limited is None else limited
    turn_limit = draw(st.integers(1, 60)) if with_limit else None
    return Rules(players=players, end_score=end_score, turn_limit=turn_limit)


def games(rules: Rules, seed: int) -> Iterator[tuple[GameState, skyjo.Move, GameState]]:
    """Every step ``(before, move, after)`` of a seeded random game to its end."""
    state = skyjo.new_game(rules, seed=seed)
    rng = random.Random(seed)
    while not skyjo.is_over(state):
        move = rng.choice(skyjo.legal_moves(state))
        after = skyjo.apply(state, move)
        yield state, move, after
        state = after


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state reached by random play from a seeded deal, over the whole game."""
    played = draw(rules())
    seed = draw(st.integers(0, 2**32))
    steps = draw(st.integers(0, 400))
    state = skyjo.new_game(played, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if skyjo.is_over(state):
            break
        state = skyjo.apply(state, rng.choice(skyjo.legal_moves(state)))
    return state


def with_hidden_shuffled(state: GameState, rng: random.Random) -> GameState:
    """``state`` with every hidden fact changed: the face-down cards and the draw pile
    dealt anew from the same cards, other reveal choices, another shuffle seed (S-INFO-2)."""
    hidden = [
        card
        for grid, up in zip(state.grids, state.face_up, strict=True)
        for card, u in zip(grid, up, strict=True)
        if card is not None and not u
    ] + list(state.draw_pile)
    rng.shuffle(hidden)
    cards = iter(hidden)
    grids = tuple(
        tuple(card if card is None or u else next(cards) for card, u in zip(grid, up, strict=True))
        for grid, up in zip(state.grids, state.face_up, strict=True)
    )
    draw_pile = tuple(cards)
    reveals = tuple(
        None if choice is None else tuple(sorted(rng.sample(range(12), 2)))
        for choice in state.reveals
    )
    return attrs.evolve(
        state,
        grids=grids,
        draw_pile=draw_pile,
        reveals=reveals,  # type: ignore[arg-type]
        shuffle_seed=rng.getrandbits(64),
    )
