from __future__ import annotations

import pytest

import skipbo
from skipbo import WILD, Deck, Rules
from tests.arrange import arrange

SMALL = Rules(players=2, deck=Deck(copies=2, wilds=1, highest=3), stock_size=1, hand_size=2)


def test_arrange_puts_the_rest_on_the_draw_pile() -> None:
    state = arrange(SMALL, stocks=((1,), (2,)), hands=((3, WILD), ()))
    assert sorted(state.draw_pile) == [1, 2, 3]
    skipbo.check_invariants(state)


def test_arrange_rejects_cards_the_deck_lacks() -> None:
    with pytest.raises(ValueError, match="more cards"):
        arrange(SMALL, stocks=((WILD,), (WILD,)))


def test_arrange_rejects_an_incomplete_draw_pile() -> None:
    with pytest.raises(ValueError, match="remaining"):
        arrange(SMALL, stocks=((1,), (2,)), draw_pile=(1,))
