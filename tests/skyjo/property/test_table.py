"""Properties of Skyjo's table: the configuration, the deck and the public view.

Each property is written from the rule it quotes, over random configurations or random
reachable states, not from the code that implements it.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo import ConfigurationError, Deck, Draw, GameState, Rules, TakeDiscard
from tests.skyjo.strategies import game_states, games, rules

GRID = 12
"""Cards dealt to each player (S-SETUP-2)."""


@pytest.mark.rule("S-SETUP-1")
@given(players=st.integers(-2, 12))
def test_two_to_eight_players_and_no_other_count(players: int) -> None:
    """S-SETUP-1: 2 to 8 players."""
    if 2 <= players <= 8:
        assert Rules(players=players).players == players
    else:
        with pytest.raises(ConfigurationError):
            Rules(players=players)


@pytest.mark.rule("S-DECK-2")
@given(players=st.integers(2, 8), spare=st.integers(-3, 3), values=st.integers(1, 13))
def test_a_deck_is_accepted_exactly_when_it_deals_every_grid_and_a_discard(
    players: int, spare: int, values: int
) -> None:
    """S-DECK-2: a deck that cannot deal every grid plus the first discard card is a
    configuration error; any other deck is a parameter. The decks tried hold around as
    many cards as that takes, spread over ``values`` card values."""
    size = players * GRID + 1 + spare
    copies = dict.fromkeys(range(values), size // values)
    copies[0] += size % values
    deck = Deck(copies)
    if spare >= 0:
        state = skyjo.new_game(Rules(players=players, deck=deck), seed=size)
        assert len(state.discard_pile) == 1
        assert len(state.draw_pile) == spare
    else:
        with pytest.raises(ConfigurationError):
            Rules(players=players, deck=deck)


@pytest.mark.rule("S-DECK-1")
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_a_standard_game_is_dealt_from_the_150_cards(players: int, seed: int) -> None:
    """S-DECK-1: five of -2, ten of -1, fifteen of 0, and ten each of 1 to 12."""
    state = skyjo.new_game(Rules(players=players, deck=Deck.standard()), seed=seed)
    cards = Counter(state.discard_pile + state.draw_pile)
    cards.update(card for grid in state.grids for card in grid if card is not None)
    expected = Counter({-2: 5, -1: 10, 0: 15}) + Counter(dict.fromkeys(range(1, 13), 10))
    assert cards == expected


@pytest.mark.rule("S-INFO-1")
@given(state=game_states())
def test_the_view_shows_every_public_fact(state: GameState) -> None:
    """S-INFO-1: every face-up grid card, the discard pile, the draw pile's size, a drawn
    card, the scores, whose turn it is and the phase of the round."""
    seen = skyjo.view(state)
    for grid, up, shown in zip(state.grids, state.face_up, seen.grids, strict=True):
        for card, face_up, place in zip(grid, up, shown, strict=True):
            if card is None or face_up:
                assert place == card
    assert seen.discard_pile == state.discard_pile
    assert seen.draw_pile_size == len(state.draw_pile)
    assert seen.held == state.held
    assert seen.history == state.history
    assert (seen.current_player, seen.phase) == (state.current_player, state.phase)


@pytest.mark.rule("S-SETUP-2")
@given(players=st.integers(2, 8), seed=st.integers(0, 2**32))
def test_every_round_is_dealt_anew_from_the_whole_shuffled_deck(players: int, seed: int) -> None:
    """S-SETUP-2: every round is dealt anew from the whole deck, shuffled: each round
    starts with the whole deck in the grids, the discard card and the draw pile, and
    no two rounds of a game are dealt alike (the chance of a repeat is nil)."""
    rules = Rules(players=players, end_score=250, turn_limit=2 * players)
    deals = []
    for before, _, after in games(rules, seed):
        if after.round != before.round and not skyjo.is_over(after):
            cards = Counter(after.discard_pile + after.draw_pile)
            cards.update(card for grid in after.grids for card in grid if card is not None)
            assert cards == rules.deck.counts()
            deals.append((after.grids, after.discard_pile))
    assert len(deals) >= 2
    assert len(deals) == len(set(deals))


@pytest.mark.rule("S-TURN-1", "S-TURN-2", "S-TURN-3")
@given(played=rules(), seed=st.integers(0, 2**32))
def test_the_card_taken_is_the_top_of_its_pile(played: Rules, seed: int) -> None:
    """S-TURN-1: a turn begins by taking one card, the top of the discard pile or the
    top of the draw pile; the rest of the pile stays as it was."""
    for before, move, after in games(played, seed):
        if isinstance(move, TakeDiscard):
            assert after.held == before.discard_pile[-1]
            assert after.discard_pile == before.discard_pile[:-1]
        elif isinstance(move, Draw) and before.draw_pile:
            assert after.held == before.draw_pile[-1]
            assert after.draw_pile == before.draw_pile[:-1]
