"""Properties of everything around the turn: the decks, the configuration, who starts,
match play and scoring, and what each player's view shows.

Each property is written from the rules it quotes (RULES.md), over random
configurations, random reachable states or whole random matches; the expected values
are worked out here from the rules' text, not read from the code that implements them.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import (
    WILD,
    ConfigurationError,
    Deck,
    FirstPlayer,
    GameState,
    MatchError,
    Rules,
    Termination,
)
from skipbo.games.skipbo.moves import is_build_play
from tests import strategies
from tests.skipbo.property.test_variants import team_piles

SEEDS = st.integers(0, 2**32)


@pytest.mark.rule("R-DECK-1", "R-DECK-4")
@given(players=st.integers(2, 6), international=st.booleans(), seed=SEEDS)
def test_both_named_decks_deal_their_composition(
    players: int, international: bool, seed: int
) -> None:
    """R-DECK-1: 144 number cards, twelve of each value 1 to 12, and 18 wilds (162);
    R-DECK-4: the International Games deck has six more wilds (168)."""
    rules = Rules(players=players, deck=Deck.international_games()) if international else None
    state = skipbo.new_game(rules or Rules(players=players), seed=seed)
    cards = Counter(state.draw_pile + state.completed)
    for pile in (*state.stocks, *state.hands):
        cards.update(pile)
    expected = Counter(dict.fromkeys(range(1, 13), 12))
    expected[WILD] = 24 if international else 18
    assert cards == expected


@pytest.mark.rule("R-DECK-2")
@given(
    players=st.integers(2, 6),
    deck=st.builds(
        Deck, copies=st.integers(1, 4), wilds=st.integers(0, 6), highest=st.integers(1, 8)
    ),
    stock_size=st.integers(1, 12),
    hand_size=st.integers(1, 6),
)
def test_a_deck_is_accepted_exactly_when_it_deals_every_stock_pile_and_a_hand(
    players: int, deck: Deck, stock_size: int, hand_size: int
) -> None:
    """R-DECK-2: a deck that cannot deal every stock pile plus one full hand is a
    configuration error; any other deck is a parameter."""
    fields = {"players": players, "deck": deck, "stock_size": stock_size, "hand_size": hand_size}
    if deck.size >= players * stock_size + hand_size:
        state = skipbo.new_game(Rules(**fields), seed=deck.size)  # type: ignore[arg-type]
        assert len(state.hand) == hand_size
    else:
        with pytest.raises(ConfigurationError):
            Rules(**fields)  # type: ignore[arg-type]


@pytest.mark.rule("R-SETUP-1")
@given(players=st.integers(-2, 14))
def test_two_to_six_players_play_individually(players: int) -> None:
    """R-SETUP-1: 2 to 6 players play individually."""
    if 2 <= players <= 6:
        assert Rules(players=players).players == players
    else:
        with pytest.raises(ConfigurationError):
            Rules(players=players)


@pytest.mark.rule("R-TEAM-5", "R-SETUP-2")
@given(rules=strategies.team_rules())
def test_the_default_stock_size_counts_stock_piles(rules: Rules) -> None:
    """R-TEAM-5: stock piles hold 30 cards when there are at most four stock piles in
    the game and 20 otherwise; a team game has up to 12 players in up to three teams.
    The partner form has a stock pile per player, the shared-piles form two a team."""
    assert rules.teams is not None
    assert 2 <= len(rules.teams) <= 3
    assert rules.players <= 12
    piles = 2 * len(rules.teams) if rules.shared_piles else rules.players
    default = Rules(players=rules.players, teams=rules.teams, shared_piles=rules.shared_piles)
    assert default.stock_size == (30 if piles <= 4 else 20)


@pytest.mark.rule("R-SETUP-5")
@given(rules=strategies.individual_rules(), seed=SEEDS)
def test_the_highest_stock_top_starts_wild_highest_earliest_seat_on_ties(
    rules: Rules, seed: int
) -> None:
    """R-SETUP-5 (b): the player whose stock top card is highest starts; a wild counts
    as highest, ties go to the earliest seat."""
    rules = attrs.evolve(rules, first_player=FirstPlayer.HIGHEST_STOCK_TOP)
    state = skipbo.new_game(rules, seed=seed)
    ranks = [99 if pile[-1] == WILD else pile[-1] for pile in state.stocks]
    assert state.current_player == ranks.index(max(ranks))


def _play_game(match: skipbo.Match, rng: random.Random) -> skipbo.Match:
    """Finish the current game of ``match`` with random moves, preferring plays."""
    while not match.game.is_over:
        legal = skipbo.legal_moves(match.game)
        plays = [move for move in legal if is_build_play(move)]
        match = match.apply(rng.choice(plays or legal))
    return match


@pytest.mark.rule("R-SCORE-1", "R-SCORE-2", "R-SCORE-3", "R-SCORE-4", "R-SETUP-6")
@given(
    played=strategies.rules(),
    seed=SEEDS,
    target=st.integers(0, 10).map(lambda n: 25 + 5 * n),
)
def test_a_random_match_is_scored_and_dealt_by_the_rules(
    played: Rules, seed: int, target: int
) -> None:
    """R-SCORE-1: a game of a match is dealt only once the one before is over.
    R-SCORE-2 / R-SCORE-4: the winner (team) scores 25 plus 5 per card in the other
    players' (opposing teams') stock piles. R-SCORE-3: a game without a winner scores
    nothing; the match ends when a score reaches the target. R-SETUP-6: the dealer
    moves one seat clockwise after each game; the player on the dealer's left starts."""
    rules = attrs.evolve(played, stock_size=min(played.stock_size, 4), turn_limit=200)
    rng = random.Random(seed)
    match = skipbo.new_match(rules, seed=seed, target=target)
    first_dealer = match.dealer
    for number in range(1, 6):
        assert match.dealer == (first_dealer + number - 1) % rules.players
        if rules.first_player is not FirstPlayer.HIGHEST_STOCK_TOP:
            assert match.game.current_player == (match.dealer + 1) % rules.players
        with pytest.raises(MatchError):
            match.next_game()
        before = match.scores
        match = _play_game(match, rng)
        game, result = match.game, match.results[-1]
        assert game.outcome is not None
        team = game.outcome.team
        if game.outcome.termination is Termination.STOCK_EMPTIED:
            assert team is not None
            mine = team_piles(rules, team)
            left = sum(len(pile) for index, pile in enumerate(game.stocks) if index not in mine)
            assert result.points == 25 + 5 * left
            assert match.scores[team] == before[team] + result.points
        else:
            assert result.points == 0
            assert match.scores == before
        assert sum(match.scores) == sum(before) + result.points
        assert match.is_over == (max(match.scores) >= target)
        if match.is_over:
            with pytest.raises(MatchError):
                match.next_game()
            return
        match = match.next_game()


@pytest.mark.rule("R-INFO-1", "R-INFO-2", "R-DISC-4", "R-SETUP-3")
@given(state=strategies.game_states())
def test_every_view_shows_the_public_facts_and_only_the_own_hand(state: GameState) -> None:
    """R-INFO-1: every stock pile's top card and size, every discard pile in full
    (R-DISC-4), every build pile, the number of cards in each hand, the draw pile's
    size, the number of set-aside cards, whose turn it is. R-INFO-2: a player's own
    hand, to that player only. R-SETUP-3: of a stock pile, only the top card shows."""
    for player in (None, *range(state.rules.players)):
        seen = skipbo.view(state, player)
        assert seen.stock_tops == tuple(pile[-1] if pile else None for pile in state.stocks)
        assert seen.stock_sizes == tuple(len(pile) for pile in state.stocks)
        assert seen.discards == state.discards
        assert seen.builds == state.builds
        assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
        assert seen.draw_pile_size == len(state.draw_pile)
        assert seen.completed_count == len(state.completed)
        assert seen.current_player == state.current_player
        assert seen.hand == (None if player is None else state.hands[player])
