"""Invariants of Skyjo states: what every reachable state satisfies.

:func:`~skipbo.skyjo.invariant_violations` lists the broken ones, one line each
naming its rule; :func:`~skipbo.skyjo.check_invariants` raises
:class:`~skipbo.games.skyjo.errors.InvariantViolation` if there are any.
Tests run them after every move; loaders run them on untrusted data.

>>> from skipbo import skyjo
>>> skyjo.invariant_violations(skyjo.new_game(skyjo.Rules(), seed=1))
[]
"""

from __future__ import annotations

from collections import Counter

from skipbo.common.naming import type_name
from skipbo.games.skyjo.cards import COLUMNS, GRID_SIZE, Card, column_places
from skipbo.games.skyjo.engine import round_scores
from skipbo.games.skyjo.errors import ArgumentTypeError, InvariantViolation
from skipbo.games.skyjo.spec import complete_column
from skipbo.games.skyjo.state import GameState, Phase, Source, has_face_down

__all__ = ["check_invariants", "invariant_violations"]


def _cards(state: GameState) -> Counter[Card]:
    counts: Counter[Card] = Counter(state.discard_pile)
    counts.update(state.draw_pile)
    for grid in state.grids:
        counts.update(card for card in grid if card is not None)
    if state.held is not None:
        counts[state.held] += 1
    return counts


def _grid_violations(state: GameState, seat: int) -> list[str]:
    found = []
    grid, up = state.grids[seat], state.face_up[seat]
    if len(grid) != GRID_SIZE or len(up) != GRID_SIZE:
        return [
            f"grid {seat} has {len(grid)} places and {len(up)} face-up flags, not 12 (S-SETUP-2)"
        ]
    for column in range(COLUMNS):
        places = column_places(column)
        cards = [grid[place] for place in places]
        missing = [card is None for card in cards]
        if any(missing) and not all(missing):
            found.append(f"grid {seat} column {column} is partly removed (S-COL-4)")
        if any(up[place] for place, gone in zip(places, missing, strict=True) if gone):
            found.append(f"grid {seat} column {column}: a removed place is face up (S-COL-4)")
        if complete_column(grid, up, column):
            found.append(
                f"grid {seat} column {column}: three face-up {cards[0]}s not removed (S-COL-1)"
            )
    return found


def _face_up_count(state: GameState, seat: int) -> int:
    return sum(state.face_up[seat])


def invariant_violations(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one line each (empty for a valid state)."""
    if not isinstance(state, GameState):
        raise ArgumentTypeError(
            f"invariant_violations() takes a skipbo.skyjo.GameState, got {type_name(state)}"
        )
    rules, found = state.rules, []
    players = rules.players
    if len(state.grids) != players or len(state.face_up) != players:
        return [f"{len(state.grids)} grids for {players} players (S-SETUP-2)"]
    if _cards(state) != rules.deck.counts():
        found.append(
            "the grids, discard pile, draw pile and card in hand are not the deck (S-DECK-1)"
        )
    for seat in range(players):
        found += _grid_violations(state, seat)
    if not 0 <= state.current_player < players or not 0 <= state.starter < players:
        found.append(f"seat {state.current_player} or {state.starter} is not a seat")
        return found
    if state.round < 1 or state.turns < 0:
        found.append(f"round {state.round}, turns {state.turns}: must be from 1 and from 0")
    if len(state.reveals) != players:
        found.append(f"{len(state.reveals)} reveal choices for {players} players (S-SETUP-4)")
        return found
    if (state.held is None) != (state.phase is not Phase.PLACE) or (state.held is None) != (
        state.source is None
    ):
        found.append("a card is held, with its source, exactly in phase place (S-TURN-1)")
    phase = state.phase
    if phase is Phase.REVEAL:
        found += _reveal_violations(state)
    else:
        if any(choice is not None for choice in state.reveals):
            found.append("reveal choices outside the reveal phase (S-SETUP-4)")
        if (
            phase is not Phase.OVER
            and not state.discard_pile
            and state.source is not (Source.DISCARD_PILE)
        ):
            found.append("the discard pile is empty (S-SETUP-3)")
        if phase is not Phase.OVER and not has_face_down(state, state.current_player):
            found.append(f"seat {state.current_player} moves with no face-down card (S-END-1)")
        # After the reveals every seat has two cards up; a card up stays up until its
        # column is removed, so places up or removed never drop below two.
        for seat in range(players):
            shown = _face_up_count(state, seat) + state.grids[seat].count(None)
            if shown < 2:
                found.append(f"seat {seat} has {shown} cards up after the reveals (S-SETUP-4)")
    ender = state.round_ender
    if ender is not None and not 0 <= ender < players:
        found.append(f"round ender {ender} is not a seat")
    elif ender is not None and phase is not Phase.OVER and has_face_down(state, ender):
        found.append(f"round ender {ender} has a face-down card (S-END-1)")
    limit = rules.turn_limit
    if limit is not None and phase is not Phase.OVER and state.turns >= limit:
        found.append(f"{state.turns} turns in a round with a limit of {limit} (S-END-3)")
    stall = rules.stall_limit
    if type(state.stall_turns) is not int or not 0 <= state.stall_turns <= state.turns:
        found.append(f"{state.stall_turns!r} turns without progress in {state.turns} turns")
    elif stall is not None and phase is not Phase.OVER and state.stall_turns >= stall:
        found.append(
            f"{state.stall_turns} turns without progress in a round with a bound of {stall} "
            "(S-END-3)"
        )
    if rules.round_limit is not None and state.round > rules.round_limit:
        found.append(f"round {state.round} past the bound of {rules.round_limit} (S-END-3)")
    found += _score_violations(state)
    return found


def _reveal_violations(state: GameState) -> list[str]:
    found = []
    seat = state.current_player
    if any(state.face_up[p] != (False,) * GRID_SIZE for p in range(state.rules.players)):
        found.append("a card is face up before every player has chosen (S-SETUP-4)")
    if any(card is None for grid in state.grids for card in grid):
        found.append("a column is removed before the round's play (S-COL-1)")
    for other, choice in enumerate(state.reveals):
        if (choice is not None) != (other < seat):
            found.append(f"seat {other}'s reveal choice does not match the seat order (S-SETUP-4)")
        elif choice is not None and not 0 <= choice[0] < choice[1] < GRID_SIZE:
            found.append(f"seat {other}'s reveal choice {choice} is not two places (S-SETUP-4)")
    if state.turns or state.round_ender is not None:
        found.append("turns were played before the reveals (S-SETUP-4)")
    return found


def _score_violations(state: GameState) -> list[str]:
    found = []
    players, rules = state.rules.players, state.rules
    values = rules.deck.counts()
    lowest, highest = GRID_SIZE * min(min(values), 0), GRID_SIZE * max(max(values), 0)
    for index, score in enumerate(state.history, start=1):
        if len(score.sums) != players or len(score.scores) != players:
            found.append(f"round {index}'s scores are not one per player")
            continue
        if not all(lowest <= total <= highest for total in score.sums):
            found.append(
                f"round {index}'s sums are not sums of at most {GRID_SIZE} cards (S-SCORE-1)"
            )
        if score.ender is None and rules.turn_limit is None and rules.stall_limit is None:
            found.append(
                f"round {index} ended without an ender, a turn limit or a stall bound (S-END-3)"
            )
        if score.scores != round_scores(score.sums, score.ender):
            found.append(f"round {index}'s scores do not follow from its sums (S-SCORE-2)")
    if state.phase is Phase.OVER:
        if len(state.history) != state.round:
            found.append(f"an ended game of {state.round} rounds has {len(state.history)} scored")
        totals = state.totals
        last = rules.round_limit is not None and state.round == rules.round_limit
        if max(totals, default=0) < rules.end_score and not last:
            found.append(f"the game ended below the end score {rules.end_score} (S-SCORE-3)")
        if state.outcome is None or state.outcome.totals != totals:
            found.append("an ended game's outcome does not hold its totals (S-SCORE-3)")
        elif state.outcome.winners != tuple(
            seat for seat, total in enumerate(totals) if total == min(totals)
        ):
            found.append("the winners are not the players with the lowest total (S-SCORE-3)")
    else:
        if state.outcome is not None:
            found.append("a game in progress has an outcome")
        if len(state.history) != state.round - 1:
            found.append(f"round {state.round} follows {len(state.history)} scored rounds")
        elif state.totals and max(state.totals) >= rules.end_score:
            found.append(f"the game goes on after a total reached {rules.end_score} (S-SCORE-3)")
    return found


def check_invariants(state: GameState) -> None:
    """Raise :class:`~skipbo.games.skyjo.errors.InvariantViolation` if ``state`` breaks one."""
    found = invariant_violations(state)
    if found:
        raise InvariantViolation(found)
