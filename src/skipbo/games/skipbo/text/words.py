"""Moves in plain words, and the legend of the move notation.

A move is said as its mover would be told it ("play 5 from your hand on build pile
2") when the view is the mover's own, and as a report ("seat 1 plays 5 from their
hand on build pile 2") for anyone else. The card a stock or discard-pile play moves
is read from the view (those tops are public, R-INFO-1); a wild says which number it
stands for (R-BUILD-3).

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
>>> describe_move(skipbo.parse_move("hW>b2"), skipbo.view(state, 0))
'play a wild (as 1) from your hand on build pile 2'
>>> describe_move(skipbo.parse_move("h4>d1"), skipbo.view(state, 1))
'seat 0 discards 4 on their discard pile 1 (ends their turn)'

The notation and the terminal count piles from 0; a board for people (the web
table) labels them from 1, and its words say them so (``board=True``):

>>> describe_move(skipbo.parse_move("hW>b2"), skipbo.view(state, 0), board=True)
'play a wild (as 1) from your hand on build pile 3'
"""

from __future__ import annotations

from typing import assert_never

from skipbo.games.skipbo.cards import WILD, Card, format_card
from skipbo.games.skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
)
from skipbo.games.skipbo.views import PlayerView

__all__ = ["LEGEND", "card_name", "describe_move"]

LEGEND = """\
How to read the moves (piles count from 0; W is the wild Skip-Bo card):
  h5>b0    play the 5 from the hand on build pile 0 (hW>b0: a wild)
  s1>b0    play the top card of stock pile 1 on build pile 0
  d1.3>b0  play the top card of discard pile 3 of discard set 1 on build pile 0
  h5>d2    discard the 5 from the hand on the mover's discard pile 2 (ends the turn)
  pass     end the turn with an empty hand
Piles are shown bottom to top: in [9 7] the 7 is the top card."""
"""The move notation explained for people, as the command line prints it once."""


def card_name(card: Card) -> str:
    """A card as a sentence names it: ``"7"``, or ``"a wild"`` for the Skip-Bo card."""
    return "a wild" if card == WILD else format_card(card)


def _card(card: Card | None, seen: PlayerView, build: int) -> str:
    if card is None:  # an empty pile: the move is illegal, but can still be said
        return "the top card"
    if card == WILD and 0 <= build < len(seen.builds):
        # R-BUILD-3: a wild on a build pile stands for the number the pile needs.
        return f"a wild (as {len(seen.builds[build]) + 1})"
    return card_name(card)


def _owner(seats: list[int], mover: int, yours: str) -> str:
    if mover in seats:
        return yours
    if not seats:  # a pile no seat owns: the move is illegal, but can still be said
        return "no seat's"
    return "seat " + "/".join(map(str, seats)) + "'s"


def _discard_pile(seen: PlayerView, discard_set: int, pile: int, board: bool) -> str:
    if board:  # the board shows each owner's piles numbered from 1; the owner is named
        return str(pile + 1)
    # In individual play a seat has one discard set: its pile number says enough.
    return f"{discard_set}.{pile}" if seen.rules.teams is not None else str(pile)


def describe_move(move: Move, seen: PlayerView, *, board: bool = False) -> str:
    """``move`` of the player to move in ``seen``, in plain words.

    Imperative ("play ...") when ``seen`` is the mover's own view, else a report
    ("seat 1 plays ..."). Piles are numbered as the notation numbers them (from 0,
    as the terminal shows them), or with ``board`` as a board for people labels
    them: build and discard piles from 1, a stock by its owner alone. Seats keep
    their numbers either way (a page says names in their place).
    """
    rules = seen.rules
    mover = seen.current_player
    yours = seen.player == mover
    subject, your = ("", "your") if yours else (f"seat {mover} ", "their")

    def verb(word: str) -> str:
        return subject + (word if yours else word + ("es" if word.endswith("s") else "s"))

    match move:
        case PlayFromHand(card=card, build=build):
            what = f"{_card(card, seen, build)} from {your} hand"
        case PlayFromStock(stock=stock, build=build):
            top = seen.stock_tops[stock] if 0 <= stock < len(seen.stock_tops) else None
            owners = [seat for seat, own in enumerate(rules.seating.own_stock) if own == stock]
            what = f"{_card(top, seen, build)} from {_owner(owners, mover, your)} stock"
            if rules.teams is not None and not board:
                what += f" s{stock}"
        case PlayFromDiscard(discard_set=discard_set, pile=pile, build=build):
            piles = seen.discards[discard_set] if 0 <= discard_set < len(seen.discards) else ()
            top = piles[pile][-1] if 0 <= pile < len(piles) and piles[pile] else None
            owners = [
                seat for seat, own in enumerate(rules.seating.own_discards) if own == discard_set
            ]
            owner = _owner(owners, mover, your)
            what = f"{_card(top, seen, build)} from {owner} discard pile "
            what += _discard_pile(seen, discard_set, pile, board)
        case Discard(card=card, pile=pile):
            where = _discard_pile(seen, rules.seating.own_discards[mover], pile, board)
            return f"{verb('discard')} {card_name(card)} on {your} discard pile {where} " + (
                f"(ends {your} turn)"
            )
        case Pass():
            return f"{verb('pass')} (ends {your} turn with an empty hand)"
        case _:
            assert_never(move)
    return f"{verb('play')} {what} on build pile {build + 1 if board else build}"
