"""A Hypothesis state machine for Skyjo with its own model of every card.

The machine deals a game for 2 to 8 players (with or without a round turn limit) and,
step by step, plays a move of its choosing from the whole move space: the model says
whether the move is legal by its own reading of the rules, and the engine must agree
(a legal move applies; an illegal one raises ``IllegalMoveError`` and changes
nothing). Beside the engine it keeps :class:`CardModel`: every grid (card and face),
the discard pile, the draw pile, the card in hand, whose turn it is, the round ender
and the totals, moved by this file's own simple reading of the rules. After every
step the model and the engine must agree exactly. The model takes from the engine only
what is random: the order of a reshuffled draw pile (S-DRAW-1) and a new round's deal
(S-SETUP-2), after checking that they hold the right cards.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from skipbo import skyjo
from skipbo.games.skyjo import DiscardFlip, Draw, GameState, Move, Reveal, Rules, Swap, TakeDiscard

PLACES = range(12)


class CardModel:
    """The game as this file understands it: plain lists, changed in place."""

    def __init__(self, state: GameState) -> None:
        self.rules = state.rules
        self.adopt_deal(state)
        self.totals = [0] * self.rules.players
        self.first_round = True
        self.over = False

    def adopt_deal(self, state: GameState) -> None:
        """A new round: the engine's random deal, checked to be the whole deck, face down."""
        assert (
            Counter(
                [c for g in state.grids for c in g] + list(state.discard_pile + state.draw_pile)
            )
            == self.rules.deck.counts()
        )
        assert len(state.discard_pile) == 1
        self.grids: list[list[int | None]] = [list(grid) for grid in state.grids]
        self.up = [[False] * 12 for _ in self.grids]
        self.discard = list(state.discard_pile)
        self.draw = list(state.draw_pile)
        self.held: int | None = None
        self.from_discard = False
        self.chosen: list[tuple[int, int]] = []
        self.current = 0
        self.ender: int | None = None
        self.turns = 0

    # --- legality, by the rules' text -------------------------------------------------

    def phase(self) -> str:
        if self.over:
            return "over"
        if len(self.chosen) < self.rules.players:
            return "reveal"
        return "take" if self.held is None else "place"

    def is_legal(self, move: Move) -> bool:
        phase, grid, up = self.phase(), self.grids[self.current], self.up[self.current]
        match move:
            case Reveal(first, second):
                return phase == "reveal" and first < second  # S-SETUP-4
            case Draw():
                return phase == "take" and (len(self.draw) > 0 or len(self.discard) > 1)
            case TakeDiscard():
                return phase == "take" and len(self.discard) > 0
            case Swap(place):
                return phase == "place" and grid[place] is not None
            case DiscardFlip(place):
                face_down = grid[place] is not None and not up[place]
                return phase == "place" and not self.from_discard and face_down
        return False

    # --- the moves ----------------------------------------------------------------------

    def reveal(self, move: Reveal, after: GameState) -> None:
        self.chosen.append((move.first, move.second))
        self.current += 1
        if len(self.chosen) < self.rules.players:
            return
        for seat, pair in enumerate(self.chosen):
            for place in pair:
                self.up[seat][place] = True
        if self.first_round:
            sums = [sum(self.grids[s][p] or 0 for p in pair) for s, pair in enumerate(self.chosen)]
            self.current = sums.index(max(sums))
            self.starter = self.current
        else:
            self.current = self.starter

    def take(self, move: Draw | TakeDiscard, after: GameState) -> None:
        if isinstance(move, TakeDiscard):
            self.held = self.discard.pop()
            self.from_discard = True
            return
        if not self.draw:
            top = self.discard.pop()
            assert after.held is not None
            assert Counter(after.draw_pile + (after.held,)) == Counter(self.discard)
            self.draw = list(after.draw_pile) + [after.held]  # the engine's shuffle
            self.discard = [top]
        self.held = self.draw.pop()
        self.from_discard = False

    def place(self, move: Swap | DiscardFlip, after: GameState) -> None:
        seat, place = self.current, move.place
        grid, up = self.grids[seat], self.up[seat]
        if isinstance(move, Swap):
            self.discard.append(grid[place])  # type: ignore[arg-type]
            grid[place] = self.held
        else:
            self.discard.append(self.held)  # type: ignore[arg-type]
        up[place] = True
        self.held = None
        self.remove_column(seat, place // 3)
        self.turns += 1
        if self.ender is None and all(u or c is None for c, u in zip(grid, up, strict=True)):
            self.ender = seat
        limit = self.rules.turn_limit
        if limit is not None and self.turns >= limit:
            self.score(None, after)
            return
        self.current = (seat + 1) % self.rules.players
        if self.current == self.ender:
            self.score(self.ender, after)

    def remove_column(self, seat: int, column: int) -> None:
        places = [3 * column + row for row in range(3)]
        cards = [self.grids[seat][p] for p in places]
        if all(self.up[seat][p] for p in places) and None not in cards and len(set(cards)) == 1:
            for p in places:
                self.grids[seat][p] = None
                self.up[seat][p] = False
            self.discard += cards  # type: ignore[arg-type]

    def score(self, ender: int | None, after: GameState) -> None:
        for seat in range(self.rules.players):
            self.up[seat] = [c is not None for c in self.grids[seat]]
            for column in range(4):
                self.remove_column(seat, column)
        sums = [sum(c for c in grid if c is not None) for grid in self.grids]
        for seat, value in enumerate(sums):
            others = [v for s, v in enumerate(sums) if s != seat]
            doubled = seat == ender and value > 0 and min(others) <= value
            self.totals[seat] += 2 * value if doubled else value
        self.first_round = False
        if max(self.totals) >= self.rules.end_score:
            self.over = True
            return
        self.starter = ender if ender is not None else (self.starter + 1) % self.rules.players
        self.adopt_deal(after)

    def agrees_with(self, state: GameState) -> None:
        assert skyjo.is_over(state) == self.over
        assert list(state.totals) == self.totals
        if self.over:
            assert [list(g) for g in state.grids] == self.grids
            return
        assert [list(g) for g in state.grids] == self.grids
        assert [list(u) for u in state.face_up] == self.up
        assert list(state.discard_pile) == self.discard
        assert list(state.draw_pile) == self.draw
        assert state.held == self.held
        assert state.current_player == self.current
        assert state.round_ender == self.ender


MOVES = st.sampled_from(skyjo.all_moves())


class SkyjoMachine(RuleBasedStateMachine):
    """Plays moves from the whole move space; the model decides which are legal."""

    state: GameState
    model: CardModel

    @initialize(
        players=st.integers(2, 8),
        seed=st.integers(0, 2**32),
        limit=st.none() | st.integers(1, 30),
        end_score=st.sampled_from([100, 40, 1]),
    )
    def deal(self, players: int, seed: int, limit: int | None, end_score: int) -> None:
        rules = Rules(players=players, turn_limit=limit, end_score=end_score)
        self.state = skyjo.new_game(rules, seed=seed)
        self.model = CardModel(self.state)

    @precondition(lambda self: not skyjo.is_over(self.state))
    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        legal = [m for m in skyjo.all_moves() if self.model.is_legal(m)]
        assert legal == skyjo.legal_moves(self.state)
        self.apply(data.draw(st.sampled_from(legal)))

    @rule(move=MOVES)
    def play_any_move(self, move: Move) -> None:
        if self.model.is_legal(move):
            self.apply(move)
            return
        before = copy.deepcopy(self.state)
        with pytest.raises(skyjo.IllegalMoveError):
            skyjo.apply(self.state, move)
        assert self.state == before

    def apply(self, move: Move) -> None:
        after = skyjo.apply(self.state, move)
        match move:
            case Reveal():
                self.model.reveal(move, after)
            case Draw() | TakeDiscard():
                self.model.take(move, after)
            case Swap() | DiscardFlip():
                self.model.place(move, after)
        self.state = after

    @invariant()
    def the_model_agrees(self) -> None:
        if hasattr(self, "model"):
            self.model.agrees_with(self.state)
            skyjo.check_invariants(self.state)


@pytest.mark.rule(
    "S-SETUP-4", "S-SETUP-5", "S-TURN-2", "S-TURN-3", "S-COL-1", "S-COL-2", "S-COL-3",
    "S-DRAW-1", "S-END-1", "S-END-2", "S-END-3", "S-SCORE-2", "S-SCORE-3",
)  # fmt: skip
class TestSkyjoMachine(SkyjoMachine.TestCase):  # type: ignore[misc,valid-type]
    """Runs the state machine (Hypothesis settings from the active profile)."""

    settings = settings(settings(), stateful_step_count=150)

    def test_games_agree_with_the_card_model(self) -> None:
        self.runTest()
