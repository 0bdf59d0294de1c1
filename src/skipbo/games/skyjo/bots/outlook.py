"""What a grid is expected to score, reckoned from the public view alone.

The new heuristic and the search bot value positions with an :class:`Outlook`, built
from a :class:`~skipbo.skyjo.PublicView` (every seat sees the same one, S-INFO-2):

* an unseen card is worth the mean of the deck minus every card seen (the discard
  pile, the face-up grid cards, the card in hand):
  :func:`~skipbo.games.skyjo.sampling.unseen_cards`;
* a column is worth the sum of its cards, less what a column plan may save: two
  face-up cards of one value are removed with the third place when a third card of
  that value comes (S-COL-1), which is the more likely the more copies are unseen
  and the more turns the round probably has left (the final reveal may complete it
  too, S-COL-3);
* a grid is worth the sum of its columns, and the chance that a round ender scores
  lowest alone (else its positive score is doubled, S-SCORE-2) is reckoned from the
  others' expected scores and their spread.

>>> from skipbo import skyjo
>>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(players=2), seed=1))
>>> outlook = Outlook(seen)
>>> round(outlook.mean, 2)  # the mean of the 149 cards not seen
5.07
>>> outlook.column((10, 10, "?")) < 20 + outlook.mean  # a column plan is worth something
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from skipbo.games.skyjo.cards import COLUMNS, ROWS, Card
from skipbo.games.skyjo.sampling import unseen_cards
from skipbo.games.skyjo.views import FACE_DOWN, PublicView, SeenGrid

__all__ = ["Column", "Outlook", "columns"]

Column = tuple[Card | str | None, ...]
"""A column as seen: three places, each a card, ``"?"`` (face down) or ``None`` (removed)."""

REVEAL_RATE = 0.7
"""Face-down cards a player gets rid of per turn, roughly: the fastest player's count
over this rate is the number of turns a round probably has left."""
LOOKS_PER_TURN = 1.5
"""Cards a player may take per turn: the drawn card, and often a useful discard."""
PLAN_WEIGHT = 0.8
"""How much of a column plan's saving, times its chance, counts: completing it costs
the turn that brings the card."""
LAST_TURN_GAIN = 2.5
"""What a player is expected to improve its score by in its last turn of a round."""
LAST_TURN_SPREAD = 3.0
"""The spread (standard deviation) of that last turn's improvement."""


def columns(grid: SeenGrid) -> list[Column]:
    """The four columns of a grid as seen, left to right."""
    return [grid[start : start + ROWS] for start in range(0, COLUMNS * ROWS, ROWS)]


def _normal_above(threshold: float, mean: float, spread: float) -> float:
    """The chance that a normal variable of this mean and spread exceeds ``threshold``."""
    if spread <= 0:
        return 1.0 if mean > threshold else 0.0
    return 0.5 * math.erfc((threshold - mean) / (spread * math.sqrt(2)))


class Outlook:
    """The value of columns and grids given what a public view shows.

    Args:
        seen: The public view.
        turns_left: The turns the round is expected to last; by default reckoned from
            the fewest face-down cards of any grid (none once a round ender is known).

    """

    def __init__(self, seen: PublicView, turns_left: float | None = None) -> None:
        unseen = unseen_cards(seen)
        self.chances: dict[Card, float] = {}
        """The chance that an unseen card has each value (values still unseen)."""
        total = sum(count for count in unseen.values() if count > 0)
        for card, count in unseen.items():
            if count > 0:
                self.chances[card] = count / total
        self.mean = sum(card * chance for card, chance in self.chances.items()) if total else 5.0
        """The expected value of an unseen card."""
        variance = sum((card - self.mean) ** 2 * chance for card, chance in self.chances.items())
        self.spread = math.sqrt(variance)
        """The standard deviation of an unseen card's value."""
        self.down = [sum(place == FACE_DOWN for place in grid) for grid in seen.grids]
        """Face-down cards of each seat."""
        if turns_left is None:
            turns_left = 0.0 if seen.round_ender is not None else min(self.down) / REVEAL_RATE
        self.turns_left = turns_left
        """The turns the round is expected to last."""
        self._columns: dict[Column, float] = {}

    def column(self, cards: Column) -> float:
        """What a column is expected to add to its grid's score."""
        value = self._columns.get(cards)
        if value is None:
            value = self._columns[cards] = self._column(cards)
        return value

    def _column(self, cards: Column) -> float:
        # Written out for speed: the search's playouts value thousands of columns.
        if len(cards) != ROWS:
            raise ValueError(f"a column has {ROWS} places, got {len(cards)}")
        first, second, third = cards
        if first is None:
            return 0.0  # a removed column (S-COL-4) is removed whole
        mean = self.mean
        up = (first != FACE_DOWN, second != FACE_DOWN, third != FACE_DOWN)
        value: float = (
            (first if up[0] else mean) + (second if up[1] else mean) + (third if up[2] else mean)  # type: ignore[operator,assignment]
        )
        pair: Card | str | None
        rest: Card | str | None
        if up[0] and first == second:
            pair, rest = first, third
        elif up[0] and first == third:
            pair, rest = first, second
        elif up[1] and second == third:
            pair, rest = second, first
        else:
            return value
        if rest == pair:
            return 0.0  # removed (S-COL-1); a view never shows one, a reckoning may
        if value <= 0:
            return value  # the whole column goes: no saving in removing it
        chance = self.chances.get(pair, 0.0)  # type: ignore[arg-type]
        complete: float = 1.0 - (1.0 - chance) ** (LOOKS_PER_TURN * self.turns_left)
        if rest == FACE_DOWN:
            complete = 1.0 - (1.0 - complete) * (1.0 - chance)  # the final reveal may do it
        return value - PLAN_WEIGHT * complete * value

    def grid(self, grid: SeenGrid) -> float:
        """What a grid is expected to score (before any doubling)."""
        return sum(self.column(cards) for cards in columns(grid))

    def with_card(self, grid: SeenGrid, place: int, card: Card) -> float:
        """What the column of ``place`` is worth with ``card`` face up there."""
        start = place - place % ROWS
        cards = grid[start : start + ROWS]
        index = place - start
        return self.column(cards[:index] + (card,) + cards[index + 1 :])

    def revealed(self, grid: SeenGrid, place: int) -> float:
        """The expected worth of the column of face-down ``place`` once it is turned up."""
        return sum(
            chance * self.with_card(grid, place, card) for card, chance in self.chances.items()
        )

    def spread_of(self, seat: int) -> float:
        """The spread of seat ``seat``'s final score: its face-down cards and a last turn."""
        return math.sqrt(self.down[seat] * self.spread**2 + LAST_TURN_SPREAD**2)

    def chance_lowest_alone(self, score: float, others: Sequence[tuple[float, float]]) -> float:
        """The chance that ``score`` is below every other final score.

        ``others`` holds each other player's expected final score and its spread
        (integer scores: a tie is not lowest alone, S-SCORE-2).
        """
        chance = 1.0
        for mean, spread in others:
            chance *= _normal_above(score + 0.5, mean, spread)
        return chance
