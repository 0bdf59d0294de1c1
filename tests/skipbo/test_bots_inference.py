"""Tests for the search's evidence from the previous player's discard
(`skipbo.games.skipbo.bots.inference`)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tools.fit_leaf import turn_starts

import skipbo
from skipbo import Discard, GameState, Rules
from skipbo.games.skipbo.bots import PlayFirstBot, SearchBot
from skipbo.games.skipbo.bots.inference import LastDiscard
from skipbo.games.skipbo.sampling import sample_state
from tests.arrange import arrange
from tests.strategies import hidden_redeals

TABLES = pytest.mark.parametrize(
    "rules",
    [
        Rules(players=2),
        Rules(players=3, stock_size=10),
        Rules(players=4),
        Rules.partners(),
        Rules.team_piles(),
    ],
    ids=repr,
)


def heuristic_turns(rules: Rules, seed: int) -> list[GameState]:
    """The states at every turn's start after the first of one heuristic game: game 0
    of :func:`tools.fit_leaf.turn_starts` at ``seed``."""
    ((starts, _),) = turn_starts(1, rules, seed=seed)
    return [state for state, _ in starts]


@TABLES
def test_the_true_hand_of_a_heuristic_player_always_passes(rules: Rules) -> None:
    # Where the previous player is the heuristic, its real hand made its discard: a
    # view laid out wrongly (a card left on the pile, the wrong build piles or the
    # wrong scarcity) would reject it somewhere in these games.
    read = 0
    for seed in range(3):
        for state in heuristic_turns(rules, seed):
            evidence = LastDiscard.read(skipbo.view(state, state.current_player))
            if evidence is not None:
                read += 1
                assert evidence.allows(state), (seed, state.turn)
    assert read > 50


@pytest.mark.parametrize("rules", [Rules(players=2), Rules(players=4)], ids=repr)
def test_the_evidence_rules_out_many_uniform_deals(rules: Rules) -> None:
    rng = random.Random(5)
    tried = passed = 0
    for state in heuristic_turns(rules, seed=1)[:40]:
        seen = skipbo.view(state, state.current_player)
        evidence = LastDiscard.read(seen)
        if evidence is None:
            continue
        for _ in range(10):
            tried += 1
            passed += evidence.allows(sample_state(seen, rng))
    # About half of the uniform deals give the previous player a hand that would
    # not have made its discard.
    assert 0.2 * tried < passed < 0.8 * tried


def after_a_discard() -> GameState:
    """Seat 0's turn 4 (two players): seat 1 has just discarded a 9 onto its pile 0."""
    return arrange(
        Rules(players=2),
        stocks=((12, 11), (5, 4)),
        hands=((1, 1, 1, 1, 1), (5, 6, 7, 8)),
        discards=(((), (), (), ()), ((9,), (), (), ())),
        builds=((1, 2), (), (), ()),
        turn=4,
    )


def test_a_hand_that_reaches_the_stock_top_is_ruled_out() -> None:
    # Seat 1 discarded a 9 and left build pile 0 needing a 3, just below its stock
    # top 4: a hand holding a 3 would have played it and then the stock top (the
    # heuristic's plan to its stock), so only hands without a 3 pass.
    state = after_a_discard()
    evidence = LastDiscard.read(skipbo.view(state, 0))
    assert evidence is not None
    assert evidence.seat == 1
    assert evidence.hypotheses[0][1] == Discard(9, 0)
    assert evidence.allows(state)
    holding_three = attrs.evolve(state, hands=(state.hands[0], (3, 6, 7, 8)))
    assert not evidence.allows(holding_three)


def test_no_evidence_where_the_table_has_changed_or_nobody_discarded() -> None:
    state = after_a_discard()
    assert LastDiscard.read(skipbo.view(attrs.evolve(state, turn=1), 0)) is None
    assert LastDiscard.read(skipbo.view(attrs.evolve(state, turn_moves=1), 0)) is None
    assert LastDiscard.read(skipbo.view(attrs.evolve(state, empty_passes=1), 0)) is None
    assert LastDiscard.read(skipbo.spectator_view(state)) is None
    nothing_discarded = attrs.evolve(state, discards=((((),) * 4), ((),) * 4))
    assert LastDiscard.read(skipbo.view(nothing_discarded, 0)) is None
    # With 27 cards left to draw, cards are scarce (below 3 hands a player, R-WIN-2);
    # when seat 1 discarded there were up to 5 more (the draw since), which would not
    # be: the heuristic's view then is not known for certain. With 20 it is scarce
    # either way.
    seen = skipbo.view(state, 0)
    assert LastDiscard.read(attrs.evolve(seen, draw_pile_size=27)) is None
    assert LastDiscard.read(attrs.evolve(seen, draw_pile_size=20)) is not None


def test_the_evidence_holds_for_its_turn_only() -> None:
    state = heuristic_turns(Rules(players=2), seed=3)[4]
    seen = skipbo.view(state, state.current_player)
    evidence = LastDiscard.read(seen)
    assert evidence is not None
    assert evidence.holds_for(seen)
    assert not evidence.holds_for(attrs.evolve(seen, turn=seen.turn + 2))


def test_a_search_keeps_its_deals_when_the_previous_player_is_no_heuristic() -> None:
    # A play-first player's discards are often not the heuristic's: the search must
    # still make its deals (setting the evidence aside) and choose a legal move.
    rules = Rules(players=2, stock_size=10)
    first = PlayFirstBot(1)
    search = SearchBot(2, iterations=6)
    state = skipbo.new_game(rules, seed=8)
    searched = 0
    while state.outcome is None and state.turn < 40:
        seen = skipbo.view(state, state.current_player)
        bot = search if state.current_player == 0 else first
        if bot is search:
            search.deals = 0
        move = bot.choose(seen)
        assert move in skipbo.legal_moves(state)
        if bot is search and search.deals:
            searched += 1
            assert search.deals == 6
        state = skipbo.apply(state, move)
    assert searched > 5


def test_inference_can_be_turned_off_and_changes_the_deals() -> None:
    # The same seed gives other deals with the evidence than without it somewhere.
    differ = 0
    for state in heuristic_turns(Rules(players=2), seed=2)[:30]:
        seen = skipbo.view(state, state.current_player)
        with_evidence = SearchBot(4, iterations=4)
        without = SearchBot(4, iterations=4, infer=False)
        if len(with_evidence.candidates(seen)) > 1:
            differ += with_evidence.choose(seen) != without.choose(seen)
    assert differ > 0


@pytest.mark.rule("R-INFO-3")
@settings(max_examples=10, deadline=None)
@given(
    data=st.data(),
    players=st.sampled_from([2, 4]),
    game=st.integers(0, 3),
    index=st.integers(0, 60),
    seed=st.integers(0, 99),
)
def test_the_search_with_evidence_ignores_hidden_cards(
    data: st.DataObject, players: int, game: int, index: int, seed: int
) -> None:
    """R-INFO-3: where the previous player's discard is read, the choice is the view's."""
    starts = [
        state
        for state in heuristic_turns(Rules(players=players), game)
        if LastDiscard.read(skipbo.view(state, state.current_player)) is not None
    ]
    state = starts[index % len(starts)]
    seat = state.current_player
    seen = skipbo.view(state, seat)
    other = data.draw(hidden_redeals(state, seat), label="redealt")
    chosen = SearchBot(seed, iterations=3).choose(seen)
    again = SearchBot(seed, iterations=3).choose(skipbo.view(other, seat))
    assert chosen == again
