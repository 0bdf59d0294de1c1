"""Properties of random play, 2 to 8 players, with and without a round turn limit.

Each test plays whole seeded games and checks one rule at every step; the rule is
quoted in the test's docstring.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo import skyjo
from skipbo.games.skyjo import DiscardFlip, Draw, GameState, Phase, Rules, Swap, column_places
from tests.skyjo.strategies import games, rules

SEEDS = st.integers(0, 2**32)


def cards_in_play(state: GameState) -> Counter[int]:
    counts = Counter(state.discard_pile + state.draw_pile)
    counts.update(card for grid in state.grids for card in grid if card is not None)
    if state.held is not None:
        counts[state.held] += 1
    return counts


@pytest.mark.rule("S-DECK-1")
@given(played=rules(), seed=SEEDS)
def test_the_150_cards_are_conserved(played: Rules, seed: int) -> None:
    """S-DECK-1: 150 cards, in grids, discard pile, draw pile and a card in hand."""
    for _, _, after in games(played, seed):
        assert cards_in_play(after) == played.deck.counts()
        assert sum(cards_in_play(after).values()) == 150
        skyjo.check_invariants(after)


@pytest.mark.rule("S-COL-1", "S-COL-2")
@given(played=rules(), seed=SEEDS)
def test_a_column_of_three_equal_face_up_cards_is_removed(played: Rules, seed: int) -> None:
    """S-COL-1: three face-up equal cards in a column go to the discard pile; S-COL-2:
    after the swapped-out card."""
    for before, move, after in games(played, seed):
        if not isinstance(move, Swap | DiscardFlip) or after.round != before.round:
            continue
        if skyjo.is_over(after):
            continue
        seat, held = before.current_player, before.held
        grid, up = list(before.grids[seat]), list(before.face_up[seat])
        out = grid[move.place] if isinstance(move, Swap) else held
        if isinstance(move, Swap):
            grid[move.place] = held
        up[move.place] = True
        places = column_places(move.place // 3)
        column = [grid[p] for p in places]
        complete = all(up[p] for p in places) and len(set(column)) == 1
        added = after.discard_pile[len(before.discard_pile) :]
        if complete:
            assert all(after.grids[seat][p] is None for p in places)
            assert added == (out, *column)
        else:
            assert [after.grids[seat][p] for p in places] == column
            assert added == (out,)


@pytest.mark.rule("S-DRAW-1")
@given(played=rules(limited=False), seed=SEEDS)
def test_an_empty_draw_pile_is_refilled_from_the_discard_pile(played: Rules, seed: int) -> None:
    """S-DRAW-1: the discard pile except its top card is shuffled to a new draw pile."""
    for before, move, after in games(played, seed):
        if isinstance(move, Draw) and not before.draw_pile:
            assert after.discard_pile == before.discard_pile[-1:]
            assert after.held is not None
            refilled = Counter(after.draw_pile)
            refilled[after.held] += 1
            assert refilled == Counter(before.discard_pile[:-1])


def test_random_play_reaches_a_refill() -> None:
    """The S-DRAW-1 property above is not vacuous for 8 players."""
    found = any(
        isinstance(move, Draw) and not before.draw_pile
        for seed in range(20)
        for before, move, _ in games(Rules(players=8), seed)
    )
    assert found


@pytest.mark.rule("S-END-1", "S-TURN-4")
@given(played=rules(limited=False), seed=SEEDS)
def test_after_the_round_ender_every_other_player_has_one_more_turn(
    played: Rules, seed: int
) -> None:
    """S-END-1: every other player then has exactly one more turn, in order; the round
    ender does not play again. S-TURN-4: turns go clockwise."""
    players = played.players
    movers: list[int] = []
    ender_turn: int | None = None
    for before, move, after in games(played, seed):
        if not isinstance(move, Swap | DiscardFlip):
            continue
        movers.append(before.current_player)
        if len(movers) > 1:
            assert movers[-1] == (movers[-2] + 1) % players
        if ender_turn is None and (
            after.round_ender is not None or after.history != before.history
        ):
            ender_turn = len(movers) - 1
        if after.history != before.history:
            (score,) = after.history[len(before.history) :]
            assert ender_turn is not None
            assert score.ender == movers[ender_turn]
            assert movers[ender_turn + 1 :] == [
                (score.ender + k) % players for k in range(1, players)
            ]
            movers, ender_turn = [], None


@pytest.mark.rule("S-SCORE-1", "S-SCORE-2", "S-END-2")
@given(played=rules(), seed=SEEDS)
def test_round_scores_double_only_a_positive_round_ender_not_lowest_alone(
    played: Rules, seed: int
) -> None:
    """S-SCORE-1: the sum of the remaining cards; S-SCORE-2: the round ender's positive
    score doubles if another scored less or the same."""
    for before, _, after in games(played, seed):
        if after.history == before.history:
            continue
        score = after.history[-1]
        if skyjo.is_over(after):  # the final grids stay on the table (S-END-2)
            assert all(
                all(up or c is None for c, up in zip(g, u, strict=True))
                for g, u in zip(after.grids, after.face_up, strict=True)
            )
            assert score.sums == tuple(
                sum(card for card in grid if card is not None) for grid in after.grids
            )
        for seat, (sum_, scored) in enumerate(zip(score.sums, score.scores, strict=True)):
            others = [s for other, s in enumerate(score.sums) if other != seat]
            doubled = seat == score.ender and sum_ > 0 and min(others) <= sum_
            assert scored == (2 * sum_ if doubled else sum_)


@pytest.mark.rule("S-SCORE-3", "S-END-3")
@given(played=rules(), seed=SEEDS)
def test_the_game_ends_after_the_round_that_reaches_the_end_score(played: Rules, seed: int) -> None:
    """S-SCORE-3: rounds add up; the game ends after the round in which a total reaches
    the end score; the lowest totals win. S-END-3: every round ends."""
    state = skyjo.new_game(played, seed=seed)
    for before, _, after in games(played, seed):
        assert max(before.totals) < played.end_score
        if played.turn_limit is not None:
            assert after.turns <= played.turn_limit
        state = after
    assert state.phase is Phase.OVER
    totals = state.totals
    assert max(totals) >= played.end_score
    assert skyjo.outcome(state) == skyjo.Outcome(
        tuple(seat for seat, total in enumerate(totals) if total == min(totals)), totals
    )


@pytest.mark.rule("S-SETUP-5")
@given(played=rules(), seed=SEEDS)
def test_the_first_round_starter_shows_the_highest_sum(played: Rules, seed: int) -> None:
    """S-SETUP-5: in the first round the highest sum of the two face-up cards starts,
    the earliest seat among the tied."""
    for before, _, after in games(played, seed):
        if before.phase is Phase.REVEAL and after.phase is Phase.TAKE and after.round == 1:
            sums = [
                sum(c for c, up in zip(g, u, strict=True) if up and c is not None)
                for g, u in zip(after.grids, after.face_up, strict=True)
            ]
            assert sums[after.current_player] == max(sums)
            assert after.current_player == sums.index(max(sums))
            return


@pytest.mark.rule("S-TURN-1", "S-TURN-2", "S-TURN-3")
@given(played=rules(), seed=SEEDS, every=st.integers(3, 12))
def test_every_illegal_move_is_refused_and_changes_nothing(
    played: Rules, seed: int, every: int
) -> None:
    """Moves not listed by legal_moves raise IllegalMoveError naming a rule."""
    for step, (before, move, _) in enumerate(games(played, seed)):
        if step % every:
            continue
        legal = set(skyjo.legal_moves(before))
        assert move in legal
        kept = copy.deepcopy(before)
        for other in skyjo.all_moves():
            if other not in legal:
                with pytest.raises(skyjo.IllegalMoveError) as error:
                    skyjo.apply(before, other)
                assert error.value.rule.startswith("S-")
        assert before == kept
