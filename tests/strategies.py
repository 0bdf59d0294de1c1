"""One place for the Hypothesis strategies of the test suite.

``game_states()`` plays random legal moves from a seeded game, so every generated
state is reachable.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

import skipbo
from skipbo import Deck, GameState, Move, Rules

SMALL_DECKS = (
    Deck(copies=2, wilds=1, highest=3),
    Deck(copies=2, wilds=2, highest=4),
    Deck(copies=3, wilds=2, highest=5),
    Deck(copies=4, wilds=4, highest=6),
)


@st.composite
def decks(draw: st.DrawFn) -> Deck:
    """Small decks for fast games, and the two standard decks."""
    return draw(
        st.sampled_from((*SMALL_DECKS, Deck.mattel(), Deck.international_games()))
        | st.builds(
            Deck,
            copies=st.integers(1, 4),
            wilds=st.integers(0, 6),
            highest=st.integers(2, 8),
        )
    )


@st.composite
def individual_rules(draw: st.DrawFn) -> Rules:
    """Rules of individual play: 2-6 players, stock sizes 1-30 that the deck can deal."""
    players = draw(st.integers(2, 6))
    deck = draw(decks())
    hand_size = draw(st.integers(1, 5))
    most = (deck.size - hand_size) // players
    if most < 1:
        deck = Deck.mattel()
        most = (deck.size - hand_size) // players
    stock_size = draw(st.integers(1, min(30, most)))
    turn_limit = draw(st.none() | st.integers(1, 400))
    return Rules(
        players=players,
        deck=deck,
        stock_size=stock_size,
        hand_size=hand_size,
        turn_limit=turn_limit,
    )


def rules() -> st.SearchStrategy[Rules]:
    """Every rules configuration the engine supports (extended as variants are added)."""
    return individual_rules()


def random_game(rules: Rules, seed: int, max_moves: int | None = None) -> list[GameState]:
    """The states of a game played with uniformly random legal moves (seeded)."""
    rng = random.Random(seed)
    state = skipbo.new_game(rules, seed=seed)
    states = [state]
    while not skipbo.is_over(state) and (max_moves is None or len(states) <= max_moves):
        state = skipbo.apply(state, rng.choice(skipbo.legal_moves(state)))
        states.append(state)
    return states


@st.composite
def game_states(
    draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules] | None = None
) -> GameState:
    """A reachable state: a seeded game after a random number of random legal moves."""
    chosen = draw(rules_strategy if rules_strategy is not None else rules())
    seed = draw(st.integers(0, 2**32))
    moves = draw(st.integers(0, 300))
    return random_game(chosen, seed, max_moves=moves)[-1]


def moves(rules: Rules) -> st.SearchStrategy[Move]:
    """Any move of the whole move space of ``rules`` (legal or not), plus out-of-range ones."""
    index = st.integers(-1, max(rules.build_piles, rules.discard_piles, rules.stock_count))
    card = st.integers(-1, rules.deck.highest + 1)
    return st.sampled_from(skipbo.all_moves(rules)) | st.one_of(
        st.builds(skipbo.PlayFromHand, card, index),
        st.builds(skipbo.PlayFromStock, index, index),
        st.builds(skipbo.PlayFromDiscard, index, index, index),
        st.builds(skipbo.Discard, card, index),
        st.just(skipbo.Pass()),
    )


def malformed_moves() -> st.SearchStrategy[Move]:
    """Moves whose fields are no index or card at all: bools, floats, text, None, huge ints.

    ``True == 1`` and ``1.0 == 1``, so some of these *equal* legal moves; the engine
    must still reject them (an index is an ``int``, never a ``bool``).
    """
    junk: st.SearchStrategy[Any] = st.one_of(
        st.booleans(),
        st.floats(),
        st.text(max_size=2),
        st.none(),
        st.integers(-(2**70), 2**70),
        st.tuples(st.integers(0, 3)),
    )
    return st.one_of(
        st.builds(skipbo.PlayFromHand, junk, junk),
        st.builds(skipbo.PlayFromStock, junk, junk),
        st.builds(skipbo.PlayFromDiscard, junk, junk, junk),
        st.builds(skipbo.Discard, junk, junk),
    )
