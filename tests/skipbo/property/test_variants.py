"""Random-play invariant checks across every variant (strategies.rules(): individual
play, both team forms, every starting-player rule, any deck, short games, turn limits).

Each example plays a seeded random game and checks, after every move, what RULES.md
demands of every variant: the cards are conserved (R-DECK-2) and every invariant of
:func:`skipbo.check_invariants` holds; a player plays only from their own team's piles
(R-TURN-2, R-TEAM-1, R-TEAM-2), never from an opponent's, and discards only onto their
own discard set; a team wins the moment all its stock piles are empty (R-WIN-1,
R-TEAM-3), and only then. The referee penalty (R-TEAM-4) keeps all of it.

The expected piles are worked out here from ``rules.teams`` as RULES.md describes
them, not read from the seating the rules derive, so a wrong derivation shows.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import (
    Discard,
    GameState,
    IllegalMoveError,
    PenaltyError,
    PlayFromDiscard,
    PlayFromStock,
    Rules,
    Termination,
    penalize,
)
from skipbo.games.skipbo.invariants import all_cards
from skipbo.games.skipbo.spec import fits_build_pile
from tests import strategies

MAX_MOVES = 300
"""Moves per example: enough to reach wins, reshuffles and blocks with small decks."""


def team_of(rules: Rules, seat: int) -> int:
    """The index of the team ``seat`` belongs to (in individual play: the seat)."""
    if rules.teams is None:
        return seat
    (team,) = (index for index, seats in enumerate(rules.teams) if seat in seats)
    return team


def team_piles(rules: Rules, team: int) -> frozenset[int]:
    """The stock piles (and discard sets: they pair up) a team owns.

    Individual play: seat ``i`` owns pile ``i``. Partner form (R-TEAM-1): each partner
    owns the pile of their seat. Shared-piles form (R-TEAM-2): team ``t`` owns two,
    ``2t`` and ``2t + 1``.
    """
    if rules.teams is None:
        return frozenset({team})
    if rules.shared_piles:
        return frozenset({2 * team, 2 * team + 1})
    return frozenset(rules.teams[team])


def own_set(rules: Rules, seat: int) -> int:
    """The discard set ``seat`` discards onto (shared piles: alternating in seat order)."""
    if not rules.shared_piles:
        return seat
    team = team_of(rules, seat)
    position = sorted(rules.teams[team]).index(seat)  # type: ignore[index]
    return 2 * team + position % 2


def check_sources(state: GameState) -> None:
    """Every fitting top of the team's piles is offered, and nothing else; every fitting
    top of another team's piles is refused."""
    rules = state.rules
    seat = state.current_player
    mine = team_piles(rules, team_of(rules, seat))
    highest = rules.deck.highest
    expected: set[skipbo.Move] = set()
    limit = rules.turn_move_limit
    spent = limit is not None and state.turn_moves >= limit  # R-WIN-4 (a): no more plays
    for pile in [] if spent else mine:
        for build, cards in enumerate(state.builds):
            stock = state.stocks[pile]
            if stock and fits_build_pile(cards, stock[-1], highest):
                expected.add(PlayFromStock(pile, build))
            for index, discards in enumerate(state.discards[pile]):
                if discards and fits_build_pile(cards, discards[-1], highest):
                    expected.add(PlayFromDiscard(pile, index, build))
    offered = {
        move
        for move in skipbo.legal_moves(state)
        if type(move) is PlayFromStock or type(move) is PlayFromDiscard
    }
    assert offered == expected
    for pile in range(rules.stock_pile_count):
        if pile in mine:
            continue
        refused: list[skipbo.Move] = []
        if state.stocks[pile]:
            refused += [PlayFromStock(pile, build) for build in range(rules.build_pile_count)]
        for index, cards in enumerate(state.discards[pile]):
            if cards:
                refused += [PlayFromDiscard(pile, index, b) for b in range(rules.build_pile_count)]
        for move in refused:
            with pytest.raises(IllegalMoveError):
                skipbo.apply(state, move)


def check_end(state: GameState) -> None:
    """A team whose stock piles are all empty has won, at once; no other team has."""
    rules = state.rules
    emptied = [
        team
        for team in range(len(rules.seating.team_seats))
        if not any(state.stocks[pile] for pile in team_piles(rules, team))
    ]
    outcome = state.outcome
    if emptied:
        assert outcome is not None
        assert outcome.termination is Termination.STOCK_EMPTIED
        team = outcome.team
        assert team is not None
        assert [team] == emptied
        seats = rules.teams[team] if rules.teams is not None else (team,)
        assert outcome.winners == tuple(sorted(seats))
    else:
        assert outcome is None or outcome.termination is not Termination.STOCK_EMPTIED


def check_move(before: GameState, move: skipbo.Move, after: GameState) -> None:
    """A discard lands on the mover's own set; nothing else touches another's sets
    except by taking a top card the mover was allowed to play."""
    rules = before.rules
    changed = [d for d in range(rules.stock_pile_count) if after.discards[d] != before.discards[d]]
    if type(move) is Discard:
        assert changed == [own_set(rules, before.current_player)]
    elif type(move) is PlayFromDiscard:
        assert changed == [move.discard_set]
    else:
        assert changed == []


def play_randomly(state: GameState, rng: random.Random, moves: int) -> GameState:
    """Play up to ``moves`` random legal moves, checking every step."""
    for _ in range(moves):
        if state.outcome is not None:
            break
        check_sources(state)
        move = rng.choice(skipbo.legal_moves(state))
        after = skipbo.apply(state, move)
        check_move(state, move, after)
        check_end(after)
        skipbo.check_invariants(after)
        state = after
    return state


@pytest.mark.rule("R-TEAM-1", "R-TEAM-2", "R-TEAM-3", "R-TURN-2", "R-WIN-1")
@given(strategies.rules(), st.integers(0, 2**32))
def test_random_play_keeps_every_variant_within_the_rules(rules: Rules, seed: int) -> None:
    state = skipbo.new_game(rules, seed=seed)
    skipbo.check_invariants(state)
    check_end(state)
    play_randomly(state, random.Random(seed), MAX_MOVES)


@pytest.mark.rule("R-TEAM-1", "R-TEAM-2", "R-TEAM-3", "R-TEAM-5")
@given(strategies.team_rules(), st.integers(0, 2**32))
def test_random_team_play_keeps_within_the_rules(rules: Rules, seed: int) -> None:
    """The same checks, on team play only (both forms, 4 to 12 players)."""
    play_randomly(skipbo.new_game(rules, seed=seed), random.Random(seed), MAX_MOVES)


@pytest.mark.rule("R-TEAM-4")
@given(
    strategies.game_states(strategies.team_rules()),
    st.integers(0, 11),
    st.integers(0, 2**32),
)
def test_the_penalty_keeps_the_cards_and_the_game_going(
    state: GameState, seat: int, seed: int
) -> None:
    """R-TEAM-4: two draw-pile cards go under the player's own stock pile; the cards are
    conserved (reshuffling completed cards if needed) and play goes on within the rules."""
    rules = state.rules
    seat %= rules.players
    if state.outcome is not None:
        with pytest.raises(PenaltyError):
            penalize(state, seat)
        return
    after = penalize(state, seat)
    skipbo.check_invariants(after)
    assert Counter(all_cards(after)) == rules.deck.counts()
    own = rules.seating.own_stock[seat]
    available = len(state.draw_pile) + len(state.completed)
    added = len(after.stocks[own]) - len(state.stocks[own])
    assert added == min(2, available)
    assert after.stocks[own][added:] == state.stocks[own]  # under the pile; the rest as it was
    others = [pile for pile in range(rules.stock_pile_count) if pile != own]
    assert [after.stocks[p] for p in others] == [state.stocks[p] for p in others]
    assert (after.current_player, after.turn, after.hands) == (
        state.current_player,
        state.turn,
        state.hands,
    )
    play_randomly(after, random.Random(seed), 60)
