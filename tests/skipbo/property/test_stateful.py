"""A Hypothesis state machine that plays games and keeps its own model of every card.

The machine deals a game for rules from ``strategies.rules()`` (every variant) and
then, step by step, either plays a legal move (drawn from ``legal_moves``) or
attempts an illegal one (any move of the move space that is not legal, or a
malformed one), which must raise ``IllegalMoveError`` and leave the state intact.

Beside the engine it keeps :class:`CardModel`: for each place (every stock pile,
discard pile, hand and build pile, the draw pile, the completed cards) the list of
cards in it, moved by this file's own simple reading of the rules. After every step
the model and the engine must agree: exactly on the piles whose order is public
(stock, discard and build piles), and on the cards drawn into hands, which must come
from the top of the draw pile, or, once it runs out, from the reshuffled completed
cards (R-DRAW-1/2/3). Failures print a ``@reproduce_failure`` blob (``print_blob``
in every profile of ``tests/conftest.py``).

Many games are dealt with a scarce draw pile (:func:`scarce_draw_rules`: a small
deck, large stock piles) and played taking every build play there is, which drives
the draw pile down: the draw pile runs short of a full refill and the reshuffle
happens while it still holds cards, the branch where a reshuffle that mixed the old
draw pile in (bug B02 of ``tools/bugs``) would show. Each draw is counted by branch
(:data:`BRANCHES`, printed with ``pytest -s``; also Hypothesis events), and the test
requires the short-draw-pile reshuffle to have been reached.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

import skipbo
from skipbo import (
    Discard,
    GameState,
    IllegalMoveError,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    Rules,
    Termination,
)
from skipbo.games.skipbo.moves import is_build_play
from skipbo.games.skipbo.variants.penalty import PENALTY_CARDS, penalize
from tests import strategies

Place = tuple[str | int, ...]


class CardModel:
    """Where every card is: a list of cards per place, top at the end."""

    def __init__(self, state: GameState) -> None:
        self.rules = state.rules
        self.places: dict[Place, list[int]] = {}
        for s, pile in enumerate(state.stocks):
            self.places["stock", s] = list(pile)
        for d, piles in enumerate(state.discards):
            for i, pile in enumerate(piles):
                self.places["discard", d, i] = list(pile)
        for p, hand in enumerate(state.hands):
            self.places["hand", p] = list(hand)
        for b, pile in enumerate(state.builds):
            self.places["build", b] = list(pile)
        self.places["draw",] = list(state.draw_pile)
        self.places["completed",] = list(state.completed)

    def cards(self) -> Counter[int]:
        """All cards of the model (the deck, if nothing was lost)."""
        return Counter(card for pile in self.places.values() for card in pile)

    def move(self, seat: int, move: Move) -> None:
        """The direct effect of ``move`` by ``seat``: one card from one place to another."""
        match move:
            case PlayFromHand(card=card, build=build):
                self.places["hand", seat].remove(card)
                self.build(build, card)
            case PlayFromStock(stock=stock, build=build):
                self.build(build, self.places["stock", stock].pop())
            case PlayFromDiscard(discard_set=discard_set, pile=pile, build=build):
                self.build(build, self.places["discard", discard_set, pile].pop())
            case Discard(card=card, pile=pile):
                self.places["hand", seat].remove(card)
                self.places["discard", self.rules.seating.own_discards[seat], pile].append(card)
            case Pass():
                pass

    def build(self, build: int, card: int) -> None:
        """A card onto a build pile; a complete pile goes to the completed cards."""
        pile = self.places["build", build]
        pile.append(card)
        if len(pile) == self.rules.deck.highest:
            self.places["completed",] += pile
            self.places["build", build] = []

    def check_draws(self, after: GameState, drawer: int | None) -> None:
        """Compare hands, draw pile and completed cards with the engine after a move.

        ``drawer`` is the seat that must fill its hand now (or None). Its new cards
        must be the top of the draw pile, then (after a reshuffle) completed cards.
        """
        hand_size = self.rules.hand_size
        for seat, hand in enumerate(after.hands):
            before = self.places["hand", seat]
            if seat != drawer:
                assert sorted(before) == list(hand), f"hand {seat} changed without a draw"
        draw = self.places["draw",]
        completed = self.places["completed",]
        if drawer is None:
            assert list(after.draw_pile) == draw
            assert list(after.completed) == completed
            return
        kept = self.places["hand", drawer]
        drawn = Counter(after.hands[drawer]) - Counter(kept)
        assert not Counter(kept) - Counter(after.hands[drawer]), "a hand lost a card by drawing"
        count = sum(drawn.values())
        assert count == min(hand_size - len(kept), len(draw) + len(completed))  # R-TURN-1, R-DRAW-3
        event(_draw_branch(count, len(draw)))
        if count <= len(draw):
            # R-DRAW-1: from the top of the draw pile; the completed cards stay.
            assert drawn == Counter(draw[len(draw) - count :])
            assert list(after.draw_pile) == draw[: len(draw) - count]
            assert list(after.completed) == completed
        else:
            # R-DRAW-2: the whole draw pile, then the reshuffled completed cards only.
            assert not Counter(draw) - drawn, "a card of the old draw pile was not drawn"
            assert Counter(after.draw_pile) + drawn == Counter(draw) + Counter(completed)
            assert after.completed == ()

    def adopt(self, after: GameState) -> None:
        """Take over what the model cannot know: the order drawn cards and reshuffles took."""
        for seat, hand in enumerate(after.hands):
            self.places["hand", seat] = list(hand)
        self.places["draw",] = list(after.draw_pile)
        self.places["completed",] = list(after.completed)


SHORT_RESHUFFLE = "draw: a short draw pile taken whole, then a reshuffle"
PENALTY = "draw: a referee penalty (R-TEAM-4)"

BRANCHES: Counter[str] = Counter()
"""How often each branch of drawing was taken in this process (see ``_draw_branch``)."""


def _draw_branch(count: int, draw_pile: int) -> str:
    """Name (and count) the branch of drawing a refill took."""
    if count == 0:
        branch = "draw: nothing to draw"
    elif count <= draw_pile:
        branch = "draw: from the draw pile only"
    elif draw_pile:
        branch = SHORT_RESHUFFLE
    else:
        branch = "draw: a reshuffle of an empty draw pile"
    BRANCHES[branch] += 1
    return branch


@st.composite
def scarce_draw_rules(draw: st.DrawFn) -> Rules:
    """Two or three players, a small deck of short runs (values up to 5 or 6), hands of
    3-5 and stock piles of two thirds or more of what the deck allows: the draw pile
    is short and, with plays preferred, piles complete often. (Tried with random
    play: the configurations that reshuffle most often while the draw pile has cards.)"""
    players = draw(st.integers(2, 3))
    deck = draw(st.sampled_from(strategies.SMALL_DECKS[2:]))
    hand_size = draw(st.integers(3, 5))
    most = (deck.size - hand_size) // players
    stock_size = draw(st.integers(max(1, 2 * most // 3), most))
    return Rules(players=players, deck=deck, stock_size=stock_size, hand_size=hand_size)


class GameMachine(RuleBasedStateMachine):
    """Plays one game of random rules through `legal_moves`/`apply`."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState | None = None
        self.model: CardModel | None = None
        self.eager = False

    @initialize(
        rules=strategies.rules(),
        scarce=st.none() | scarce_draw_rules(),
        seed=st.integers(0, 2**64 - 1),
    )
    def deal(self, rules: Rules, scarce: Rules | None, seed: int) -> None:
        # A scarce draw pile with every build play taken drives the draw pile down.
        self.eager = scarce is not None
        rules = scarce if scarce is not None else rules
        self.state = skipbo.new_game(rules, seed=seed)
        self.model = CardModel(self.state)
        assert self.model.cards() == rules.deck.counts()

    def current(self) -> tuple[GameState, CardModel]:
        assert self.state is not None
        assert self.model is not None
        return self.state, self.model

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data(), prefer_plays=st.booleans())
    def play_a_legal_move(self, data: st.DataObject, prefer_plays: bool) -> None:
        state, model = self.current()
        legal = skipbo.legal_moves(state)
        plays = [move for move in legal if is_build_play(move)]
        eager = prefer_plays or self.eager
        move = data.draw(st.sampled_from(plays if eager and plays else legal))
        seat = state.current_player
        after = skipbo.apply(state, move)
        model.move(seat, move)
        self.compare(state, move, after)
        self.state = after

    def compare(self, before: GameState, move: Move, after: GameState) -> None:
        """The engine's next state against the model's, after ``move``."""
        _, model = self.current()
        rules = before.rules
        seat = before.current_player
        # The public piles in exact order (R-INFO-1); no draw touches them.
        for s, pile in enumerate(after.stocks):
            assert list(pile) == model.places["stock", s], f"stock pile {s}"
        for d, piles in enumerate(after.discards):
            for i, pile in enumerate(piles):
                assert list(pile) == model.places["discard", d, i], f"discard pile {d}.{i}"
        for b, pile in enumerate(after.builds):
            assert list(pile) == model.places["build", b], f"build pile {b}"
        team_done = any(
            not any(after.stocks[s] for s in stocks) for stocks in rules.seating.team_stocks
        )
        ends_turn = type(move) in (Discard, Pass)
        if after.is_over:
            assert after.outcome is not None
            if after.outcome.termination is Termination.STOCK_EMPTIED:
                assert team_done  # R-WIN-1: at once, by the last stock card
                assert type(move) is PlayFromStock
            drawer = None
        elif ends_turn:
            assert after.current_player == (seat + 1) % rules.players  # R-TURN-7
            assert after.turn == before.turn + 1
            following = after.current_player
            short = len(model.places["hand", following]) < rules.hand_size
            drawer = following if short else None  # R-TURN-1
        else:
            assert after.current_player == seat  # the turn goes on (R-TURN-2)
            drawer = seat if not model.places["hand", seat] else None  # R-TURN-4
        model.check_draws(after, drawer)
        model.adopt(after)
        assert model.cards() == rules.deck.counts()

    @rule(data=st.data())
    def attempt_an_illegal_move(self, data: st.DataObject) -> None:
        state, model = self.current()
        legal = skipbo.legal_moves(state)
        move = data.draw(
            (strategies.moves(state.rules) | strategies.malformed_moves()).filter(
                lambda m: m not in legal
            )
        )
        snapshot = copy.deepcopy(state)
        with pytest.raises(IllegalMoveError):
            skipbo.apply(state, move)
        assert state == snapshot  # rejected: nothing changed
        assert CardModel(state).places == model.places  # the model agrees with the state

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is not None:
            skipbo.check_invariants(self.state)


class PenaltyMachine(GameMachine):
    """The game machine on team games, with referee penalties given between the moves.

    A machine of its own, so that the penalties take no steps from the games of
    :class:`GameMachine` that must reach the short-draw-pile reshuffle.
    """

    @initialize(rules=strategies.team_rules(), seed=st.integers(0, 2**64 - 1))
    def deal(self, rules: Rules, seed: int) -> None:
        self.state = skipbo.new_game(rules, seed=seed)
        self.model = CardModel(self.state)

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def give_a_referee_penalty(self, data: st.DataObject) -> None:
        """R-TEAM-4: two cards from the draw pile under the seat's own stock pile, counted."""
        state, model = self.current()
        rules = state.rules
        seat = data.draw(st.integers(0, rules.players - 1))
        after = penalize(state, seat)
        own = rules.seating.own_stock[seat]
        draw = model.places["draw",]
        given = min(PENALTY_CARDS, len(draw) + len(model.places["completed",]))  # R-DRAW-3
        pile = list(after.stocks[own])
        assert pile[given:] == model.places["stock", own]  # under the pile: the rest unchanged
        if given <= len(draw):
            assert pile[:given] == draw[len(draw) - given :]  # R-DRAW-1: from the top
        counted = list(state.penalty_cards)
        counted[own] += given
        assert list(after.penalty_cards) == counted
        assert (after.hands, after.current_player, after.turn) == (
            state.hands,
            state.current_player,
            state.turn,
        )
        event(PENALTY)
        BRANCHES[PENALTY] += 1
        model.places["stock", own] = pile
        model.adopt(after)
        assert model.cards() == rules.deck.counts()
        self.state = after


@pytest.mark.rule(
    "R-TURN-1", "R-TURN-2", "R-TURN-4", "R-TURN-5", "R-TURN-6", "R-TURN-7", "R-BUILD-4",
    "R-DISC-2", "R-DRAW-1", "R-DRAW-2", "R-DRAW-3", "R-WIN-1", "R-WIN-3",
)  # fmt: skip
class TestGameMachine(GameMachine.TestCase):  # type: ignore[misc,valid-type]
    """Runs the state machine (Hypothesis settings from the active profile)."""

    settings = settings(settings(), stateful_step_count=100)

    def test_games_agree_with_the_card_model(self) -> None:
        BRANCHES.clear()
        self.runTest()
        print(", ".join(f"{branch}: {n}" for branch, n in sorted(BRANCHES.items())))
        # The branch a reshuffle mixing in the old draw pile (B02) would break.
        assert BRANCHES[SHORT_RESHUFFLE] > 0, BRANCHES


@pytest.mark.rule("R-TEAM-4", "R-SETUP-2", "R-DRAW-1", "R-DRAW-2", "R-DRAW-3")
class TestPenaltyMachine(PenaltyMachine.TestCase):  # type: ignore[misc,valid-type]
    """Runs the penalty machine: fewer games than the game machine, each with penalties."""

    settings = settings(
        settings(), max_examples=max(settings().max_examples // 3, 5), stateful_step_count=60
    )

    def test_penalties_agree_with_the_card_model(self) -> None:
        BRANCHES.clear()
        self.runTest()
        print(", ".join(f"{branch}: {n}" for branch, n in sorted(BRANCHES.items())))
        assert BRANCHES[PENALTY] > 0, BRANCHES
