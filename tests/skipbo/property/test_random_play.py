"""Properties of random play, for random rules and seeds (Hypothesis).

Rules come from :func:`tests.strategies.rules`, every configuration the engine
supports (2-6 players, stock sizes from 1 to 30, small and standard decks, optional
turn limits, and the variants added there); games are played with uniformly random
legal moves (:func:`tests.strategies.random_game`).
"""

from __future__ import annotations

import contextlib
import copy
import itertools
import random
from collections import Counter

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import Discard, GameState, IllegalMoveError, Move, PlayFromHand, Rules
from tests import strategies
from tests.arrange import arrange
from tests.helpers import with_draw_pile

MOVE_CAP = 100_000
"""Far more moves than any random game has taken (see benchmarks/bench_termination.py)."""

seeds = st.integers(0, 2**64 - 1)

more = settings(max_examples=5 * settings().max_examples)
"""Whole games are cheap (a few ms): five times the profile's example count."""


def played(rules: Rules, seed: int) -> list[GameState]:
    """A whole random game; fails if it does not end within ``MOVE_CAP`` moves."""
    states = strategies.random_game(rules, seed, max_moves=MOVE_CAP)
    assert skipbo.is_over(states[-1]), f"no end after {MOVE_CAP} moves: {rules!r}, seed {seed}"
    return states


@pytest.mark.rule("R-BUILD-2", "R-BUILD-3", "R-BUILD-4", "R-TURN-6", "R-WIN-3")
@given(strategies.rules(), seeds)
@more
def test_random_games_keep_every_invariant(rules: Rules, seed: int) -> None:
    """Every state of a random game passes `check_invariants` (cards conserved, every
    build pile a run "1 .. n" with wilds standing in, R-BUILD-2/3, completed cards
    only from complete piles, R-BUILD-4; a finished game has no legal move, R-WIN-3),
    and "cards never leave a build pile except by completion" (R-TURN-6): each move
    leaves a build pile as it was, one card longer, or empty after completing it."""
    states = played(rules, seed)
    highest = rules.deck.highest
    for before, after in itertools.pairwise(states):
        skipbo.check_invariants(after)
        for old, new in zip(before.builds, after.builds, strict=True):
            assert new == old or new[:-1] == old or (new == () and len(old) == highest - 1)
    skipbo.check_invariants(states[0])
    outcome = skipbo.outcome(states[-1])
    assert outcome is not None
    event(f"ended: {outcome.termination.value}")


@given(strategies.game_states())
@more
def test_apply_leaves_its_input_unchanged(state: GameState) -> None:
    """`apply` "never changes its input": after applying every legal move (and some
    illegal ones) the state equals a deep copy made before."""
    before = copy.deepcopy(state)
    for move in skipbo.legal_moves(state):
        skipbo.apply(state, move)
    for move in skipbo.all_moves(state.rules)[::7]:
        with contextlib.suppress(IllegalMoveError):
            skipbo.apply(state, move)
    assert state == before
    assert hash(state) == hash(before)


@given(strategies.rules(), seeds, seeds)
@more
def test_same_rules_seed_and_moves_give_equal_states(
    rules: Rules, seed: int, choice_seed: int
) -> None:
    """Deterministic: "same rules + seed + moves -> same states"."""
    rng = random.Random(choice_seed)
    states = [skipbo.new_game(rules, seed=seed)]
    moves: list[Move] = []
    while not skipbo.is_over(states[-1]) and len(moves) < 300:
        moves.append(rng.choice(skipbo.legal_moves(states[-1])))
        states.append(skipbo.apply(states[-1], moves[-1]))
    replayed = [skipbo.new_game(rules, seed=seed)]
    for move in moves:
        replayed.append(skipbo.apply(replayed[-1], move))
    assert replayed == states


@given(st.data())
@more
def test_apply_succeeds_exactly_for_the_legal_moves(data: st.DataObject) -> None:
    """For any move of the whole move space, `apply` succeeds exactly when the move is
    in `legal_moves`, and otherwise raises IllegalMoveError and changes nothing."""
    rules = data.draw(strategies.rules(), label="rules")
    state = data.draw(strategies.game_states(st.just(rules)), label="state")
    legal = skipbo.legal_moves(state)
    before = copy.deepcopy(state)
    sampled = data.draw(st.lists(strategies.moves(rules), max_size=20), label="moves")
    for move in (*skipbo.all_moves(rules), *sampled):
        if move in legal:
            assert isinstance(skipbo.apply(state, move), GameState)
        else:
            with pytest.raises(IllegalMoveError):
                skipbo.apply(state, move)
    assert state == before


def cards_drawn(before: GameState, after: GameState, move: Move) -> int:
    """How many cards the hands took from the draw pile during ``move``."""
    left_hand = 1 if type(move) in (PlayFromHand, Discard) else 0
    return sum(map(len, after.hands)) - sum(map(len, before.hands)) + left_hand


def public(state: GameState) -> tuple[object, ...]:
    """Everything but the order of the draw pile, the completed cards and the hands."""
    return (
        state.stocks,
        state.discards,
        state.builds,
        tuple(map(len, state.hands)),
        len(state.draw_pile),
        len(state.completed),
        state.current_player,
        state.turn,
        state.turn_moves,
        state.empty_passes,
        state.outcome,
        Counter(card for hand in state.hands for card in hand)
        + Counter(state.draw_pile)
        + Counter(state.completed),
    )


@pytest.mark.rule("R-DRAW-2")
@given(strategies.rules(), seeds, seeds)
@more
def test_the_shuffle_seed_matters_only_for_future_draws(
    rules: Rules, seed: int, other_seed: int
) -> None:
    """Two states that differ only in ``shuffle_seed`` have the same legal moves, and the
    same move gives the same state (but for the seed) unless it reshuffles the
    completed cards (R-DRAW-2); after a reshuffle, the public parts still agree."""
    state = skipbo.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(MOVE_CAP):
        if skipbo.is_over(state):
            break
        twin = attrs.evolve(state, shuffle_seed=other_seed)
        moves = skipbo.legal_moves(state)
        assert skipbo.legal_moves(twin) == moves
        move = rng.choice(moves)
        after, twin_after = skipbo.apply(state, move), skipbo.apply(twin, move)
        if cards_drawn(state, after, move) <= len(state.draw_pile):
            assert attrs.evolve(twin_after, shuffle_seed=after.shuffle_seed) == after
        else:
            event("a move reshuffled the completed cards")
            assert public(twin_after) == public(after)
        state = after
    assert skipbo.is_over(state)


@pytest.mark.rule("R-DRAW-2")
def test_the_reshuffle_order_comes_from_the_shuffle_seed() -> None:
    """The property above is not vacuous: the completed cards are *shuffled* (R-DRAW-2),
    in an order that depends on ``shuffle_seed`` alone."""
    run = tuple(range(1, 13))
    state = with_draw_pile(
        arrange(Rules(players=2), hands=((7,), ()), stocks=((9,), (9,)), completed=run + run),
        (),
        park=0,
    )
    orders = set()
    for shuffle_seed in range(5):
        after = skipbo.apply(attrs.evolve(state, shuffle_seed=shuffle_seed), Discard(7, 0))
        assert Counter(after.draw_pile) + Counter(after.hands[1]) == Counter(run + run)
        orders.add(after.draw_pile)
        again = skipbo.apply(attrs.evolve(state, shuffle_seed=shuffle_seed), Discard(7, 0))
        assert again == after
    assert len(orders) > 1
