"""Frozen copy of :mod:`skipbo.games.skyjo.bots.heuristic` as of issue 55.

It is the heuristic of ``heuristic@1``. Never edit it: it is a reference that bars are
measured against (see :mod:`skipbo.games.skyjo.bots.v1`), and
``tests/test_frozen_bots.py`` fails if its moves change. What follows is the live
module's description as it was then.

The Skyjo heuristic bot: each move by the expected score it saves, seen publicly.

It values every legal move in points with an :class:`~skipbo.games.skyjo.bots.v1.outlook.Outlook`
of the public view:

* **what the grid saves**: the expected worth of the column before the move less after
  it, an unseen card at the mean of the cards not seen, a column plan (two equal
  face-up cards) at its saving times its chance (:mod:`~skipbo.games.skyjo.bots.v1.outlook`);
* **tempo**: a move that leaves one card fewer face down brings the round's end
  nearer, which is worth something to the player ahead and costs the one behind;
* **what it hands the next player**: the card it discards is the next player's to
  take, so a card that would save that player much counts against the move;
* **ending the round** (its last face-down card goes): its score is then known, and
  the others' expected final scores (one more turn each) and their spread give the
  chance that it is lowest alone; a positive score that is not is doubled
  (S-SCORE-2), so that risk counts against the move, and when the round ends the
  game, so does the chance of not having the lowest total (S-SCORE-3).

Taking a card compares the discard pile's top, at its best place, with the expected
best use of a card drawn from the unseen cards.

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.bots.v1.heuristic import HeuristicBot
>>> state = skyjo.new_game(skyjo.Rules(players=2), seed=5)
>>> seen = skyjo.view(state)
>>> HeuristicBot(1).choose(seen) in skyjo.legal_moves(seen)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from skipbo.common import bots as common
from skipbo.games.skyjo.bots.reference import reveal_apart
from skipbo.games.skyjo.bots.v1.outlook import LAST_TURN_GAIN, Column, Outlook
from skipbo.games.skyjo.cards import ROWS, Card
from skipbo.games.skyjo.engine import legal_moves
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Swap, TakeDiscard
from skipbo.games.skyjo.state import Phase
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, SeenGrid

__all__ = ["HeuristicBot", "Judgement"]

TEMPO_RATE = 0.1
"""Tempo per point of lead: what a card fewer face down is worth to the player ahead."""
TEMPO_CAP = 1.0
"""The most tempo is worth, either way."""
GIFT_WEIGHT = 0.5
"""How much of what a discarded card would save the next player counts against it."""
GIFT_FLOOR = 1.5
"""What the next player saves anyway by drawing: a discard saving less hands nothing."""
GAME_WEIGHT = 12.0
"""Points a certain game win is worth, when ending the round ends the game."""
PATIENCE = 15
"""Turns per player after which the doubling is no reason to keep a round going."""


class Judgement:
    """The value of every move of the player to move, from one public view.

    Args:
        seen: The public view.
        outlook: Its outlook (made from ``seen`` if not given).

    """

    def __init__(self, seen: PublicView, outlook: Outlook | None = None) -> None:
        self.seen = seen
        self.outlook = outlook or Outlook(seen)
        self.seat = seen.current_player
        self.grid: SeenGrid = seen.grids[self.seat]
        players = seen.rules.players
        grids = [self.outlook.grid(grid) for grid in seen.grids]
        others = [value for seat, value in enumerate(grids) if seat != self.seat]
        self.expected = grids
        lead = (min(others) + sum(others) / len(others)) / 2 - grids[self.seat]
        ending = seen.round_ender is not None
        self.tempo = 0.0 if ending else max(-TEMPO_CAP, min(TEMPO_CAP, TEMPO_RATE * lead))
        following = (self.seat + 1) % players
        # The next player takes only if the round goes on to its turn.
        self.next_grid = None if seen.round_ender == following else seen.grids[following]
        self.gift_weight = GIFT_WEIGHT / (players - 1)
        self._gifts: dict[Card, float] = {}
        self._endings: dict[int, float] = {}
        self.down = [place for place, card in enumerate(self.grid) if card == FACE_DOWN]
        self.places = [place for place, card in enumerate(self.grid) if card is not None]
        """The places that hold a card."""
        # Computed once: every move and every card drawn is valued against them.
        self._now = [
            self.outlook.column(_column(self.grid, place)) for place in range(len(self.grid))
        ]
        self._next_now = (
            []
            if self.next_grid is None
            else [
                (place, self.outlook.column(_column(self.next_grid, place)))
                for place, card in enumerate(self.next_grid)
                if card is not None
            ]
        )

    def column_now(self, place: int) -> float:
        """The expected worth of the column of ``place`` as it is."""
        return self._now[place]

    def gift(self, card: Card) -> float:
        """What discarding ``card`` hands the next player, in points counted against it."""
        value = self._gifts.get(card)
        if value is None:
            value = 0.0
            grid = self.next_grid
            if grid is not None:
                with_card = self.outlook.with_card
                best = max(
                    (now - with_card(grid, place, card) for place, now in self._next_now),
                    default=0.0,
                )
                value = self.gift_weight * max(0.0, best - GIFT_FLOOR)
            self._gifts[card] = value
        return value

    def swap(self, place: int, card: Card) -> float:
        """The value of putting ``card`` at ``place``."""
        value = self._now[place] - self.outlook.with_card(self.grid, place, card)
        here = self.grid[place]
        if here == FACE_DOWN:
            value += self.tempo
            if self.down == [place]:
                value += self.ending(self._final_with(place, card))
        else:
            assert isinstance(here, int)
            value -= self.gift(here)
        return value

    def flip(self, place: int, card: Card) -> float:
        """The value of discarding the drawn ``card`` and turning ``place`` up."""
        value = self.column_now(place) - self.outlook.revealed(self.grid, place)
        value += self.tempo - self.gift(card)
        if self.down == [place]:
            finals = [
                (chance, self._final_with(place, shown))
                for shown, chance in self.outlook.chances.items()
            ]
            value += sum(chance * self.ending(final) for chance, final in finals)
        return value

    def _final_with(self, place: int, card: Card) -> int:
        """The grid's sum once ``card`` lies face up at ``place`` and every card is up."""
        total = 0
        grid = list(self.grid)
        grid[place] = card
        for start in range(0, len(grid), ROWS):
            cards = grid[start : start + ROWS]
            if None in cards:
                continue
            if not (cards[0] == cards[1] == cards[2]):
                total += sum(cards)  # type: ignore[arg-type]
        return total

    def ending(self, score: int) -> float:
        """What ending the round with ``score`` is worth beyond the points it saves.

        Counts the expected doubling (S-SCORE-2) and, when the round would end the
        game (S-SCORE-3), the chance of not winning it. No cost once the round has
        lasted ``PATIENCE`` turns a player.
        """
        known = self._endings.get(score)
        if known is None:
            known = self._endings[score] = self._ending(score)
        return known

    def _ending(self, score: int) -> float:
        seen = self.seen
        if seen.round_ender is not None:
            return 0.0
        outlook = self.outlook
        rivals = [seat for seat in range(seen.rules.players) if seat != self.seat]
        others = [
            (self.expected[seat] - LAST_TURN_GAIN, outlook.spread_of(seat)) for seat in rivals
        ]
        lowest = outlook.chance_lowest_alone(score, others)
        # Against the grid's current worth: ending fixes the score, with its risk.
        value = -(1.0 - lowest) * max(score, 0)
        totals, end_score = seen.totals, seen.rules.end_score
        mine = totals[self.seat] + (score * (2 - lowest) if score > 0 else score)
        finals = [
            (totals[seat] + mean, spread)
            for seat, (mean, spread) in zip(rivals, others, strict=True)
        ]
        if mine >= end_score or any(mean >= end_score for mean, _ in finals):
            winning = outlook.chance_lowest_alone(mine - 1, finals)  # a tie shares the win
            value += GAME_WEIGHT * (winning - 0.5)
        if seen.turns >= PATIENCE * seen.rules.players:
            value = max(value, 0.0)
        return value

    def place_values(self, card: Card, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """Each placing move of ``moves`` with the value of making it holding ``card``."""
        values: list[tuple[float, Move]] = []
        for move in moves:
            if isinstance(move, Swap):
                values.append((self.swap(move.place, card), move))
            elif isinstance(move, DiscardFlip):
                values.append((self.flip(move.place, card), move))
        return values

    def draw_value(self) -> float:
        """The expected value of the best use of a card drawn from the unseen cards.

        What a discard hands the next player is left out here, to save time.
        """
        places = self.places
        best_flip = max((self.flip(place, 0) + self.gift(0) for place in self.down), default=None)
        total = 0.0
        for card, chance in self.outlook.chances.items():
            best = max(self.swap(place, card) for place in places)
            total += chance * (best if best_flip is None else max(best, best_flip))
        return total

    def take_value(self, card: Card) -> float:
        """The value of taking ``card`` from the discard pile and placing it at its best."""
        places = self.places
        return max(self.swap(place, card) for place in places)


def _column(grid: SeenGrid, place: int) -> Column:
    start = place - place % ROWS
    return grid[start : start + ROWS]


class HeuristicBot(common.SeededBot):
    """Chooses the move of highest value to its seat.

    See :mod:`skipbo.games.skyjo.bots.v1.heuristic`.

    Reveals two cards of different columns, at random (each may start a column plan).
    """

    def choose(self, view: PublicView) -> Move:
        """The move this policy values most (always a legal one)."""
        moves = legal_moves(view)
        if view.phase is Phase.REVEAL:
            return reveal_apart(moves, self._rng)
        judgement = Judgement(view)
        if view.phase is Phase.TAKE:
            if TakeDiscard() not in moves:
                return Draw()
            if Draw() not in moves:
                return TakeDiscard()
            take = judgement.take_value(view.discard_pile[-1])
            return TakeDiscard() if take >= judgement.draw_value() else Draw()
        held = view.held
        assert held is not None  # phase PLACE holds a card
        values = judgement.place_values(held, moves)
        return max(values, key=lambda pair: pair[0])[1]
