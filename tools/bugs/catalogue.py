"""The catalogue of injected rule bugs (see :mod:`tools.bugs`).

At least one bug per rule family of the engine (turn, build piles, discard piles,
drawing, winning, teams, set-up). Each is written as the plausible mistake it
stands for; several are from the first mutation runs and the issue that asked for
this matrix (B02: a reshuffle that mixes a short draw pile in).
"""

from __future__ import annotations

from tools.bugs import Bug

ENGINE = "skipbo.engine"
DRAW = "skipbo.draw"

BUGS: tuple[Bug, ...] = (
    Bug(
        "B01",
        ("R-DRAW-2",),
        "the reshuffled completed cards also stay in the completed pile",
        DRAW,
        "take",
        (("            completed = ()\n", "            pass\n"),),
    ),
    Bug(
        "B02",
        ("R-DRAW-2",),
        "a reshuffle also mixes the cards still in a short draw pile into the new draw pile",
        DRAW,
        "take",
        (
            (
                "    drawn: Pile = ()\n",
                "    drawn: Pile = ()\n"
                "    if 0 < len(draw_pile) < needed and completed:\n"
                "        draw_pile, seed = shuffle(completed + draw_pile, seed)\n"
                "        completed = ()\n",
            ),
        ),
    ),
    Bug(
        "B03",
        ("R-DRAW-1",),
        "cards are drawn from the bottom of the draw pile",
        DRAW,
        "take",
        (
            ("drawn += draw_pile[-taken:]", "drawn += draw_pile[:taken]"),
            ("draw_pile = draw_pile[:-taken]", "draw_pile = draw_pile[taken:]"),
        ),
    ),
    Bug(
        "B04",
        ("R-DRAW-3", "R-TURN-1"),
        "with the draw pile empty and no completed cards, drawing stops the whole refill "
        "one card early when the draw pile runs out",
        DRAW,
        "take",
        (
            (
                "                break  #",
                "                drawn = drawn[1:]\n                break  #",
            ),
        ),
    ),
    Bug(
        "B05",
        ("R-TURN-4",),
        "a hand emptied by plays is not refilled mid-turn",
        ENGINE,
        "_build",
        (("    if not hands[seat]:\n", "    if not hands[seat] and state.turn_moves < 0:\n"),),
    ),
    Bug(
        "B06",
        ("R-TURN-1",),
        "the next player fills the hand to one card fewer than the hand size",
        ENGINE,
        "_end_turn",
        (("            rules.hand_size, hand,", "            rules.hand_size - 1, hand,"),),
    ),
    Bug(
        "B07",
        ("R-TURN-1",),
        "only an empty hand is filled at the start of a turn",
        ENGINE,
        "_end_turn",
        (("    if len(hand) < rules.hand_size:\n", "    if not hand:\n"),),
    ),
    Bug(
        "B08",
        ("R-BUILD-2",),
        "a build pile accepts any number above its next one",
        ENGINE,
        "_accepts",
        (("card == len(pile) + 1", "card >= len(pile) + 1"),),
    ),
    Bug(
        "B09",
        ("R-BUILD-3", "R-DISC-3"),
        "a wild on top of a discard pile is never offered as a play",
        ENGINE,
        "legal_moves",
        (
            (
                "                if top == WILD:\n                    moves.extend(rows[index])\n",
                "                if top == WILD:\n                    pass\n",
            ),
        ),
    ),
    Bug(
        "B10",
        ("R-BUILD-3",),
        "apply refuses a wild on a build pile",
        ENGINE,
        "_accepts",
        (("return card == WILD or card == len(pile) + 1", "return card == len(pile) + 1"),),
    ),
    Bug(
        "B11",
        ("R-BUILD-4",),
        "a full build pile is not completed",
        ENGINE,
        "_placed",
        (("    if len(pile) == highest:\n", "    if len(pile) > highest:\n"),),
    ),
    Bug(
        "B12",
        ("R-BUILD-4", "R-BUILD-3"),
        "a wild played as the last card does not complete the pile",
        ENGINE,
        "_placed",
        (("    if len(pile) == highest:\n", "    if card == highest:\n"),),
    ),
    Bug(
        "B13",
        ("R-TURN-3", "R-TURN-2"),
        "a play from the stock takes its bottom card",
        ENGINE,
        "_play_from_stock",
        (("    card = cards[-1]\n", "    card = cards[0]\n"),),
    ),
    Bug(
        "B14",
        ("R-DISC-3",),
        "a play from a discard pile takes its bottom card",
        ENGINE,
        "_play_from_discard",
        (("    card = cards[-1]\n", "    card = cards[0]\n"),),
    ),
    Bug(
        "B15",
        ("R-TURN-2", "R-TEAM-1", "R-TEAM-2"),
        "a play from another player's discard set is accepted",
        ENGINE,
        "_play_from_discard",
        (
            (
                "discard_set not in rules.seating.discard_sources[seat]",
                "not 0 <= discard_set < len(state.discards)",
            ),
        ),
    ),
    Bug(
        "B16",
        ("R-DISC-1", "R-DISC-2", "R-TURN-5"),
        "a discard goes onto the next player's discard piles",
        ENGINE,
        "_discard",
        (
            (
                "    own = rules.seating.own_discards[seat]\n",
                "    own = rules.seating.own_discards[(seat + 1) % rules.players]\n",
            ),
        ),
    ),
    Bug(
        "B17",
        ("R-TURN-7",),
        "the turn passes to the player two seats on",
        ENGINE,
        "_end_turn",
        (("following = (seat + 1) % rules.players", "following = (seat + 2) % rules.players"),),
    ),
    Bug(
        "B18",
        ("R-TEAM-3", "R-WIN-1"),
        "a team wins when one partner's stock is empty, the other's not",
        ENGINE,
        "_play_from_stock",
        (
            (
                "        if not any(stocks[other] for other in rules.seating.team_stocks[team]):\n",
                "        if not stocks[stock]:\n",
            ),
        ),
    ),
    Bug(
        "B19",
        ("R-WIN-1",),
        "playing the last stock card does not end the game",
        ENGINE,
        "_play_from_stock",
        (("    if len(cards) == 1:\n", "    if len(cards) == 0:\n"),),
    ),
    Bug(
        "B20",
        ("R-WIN-2",),
        "the turn limit ends the game one turn late",
        ENGINE,
        "_end_turn",
        (("state.turn >= rules.turn_limit", "state.turn > rules.turn_limit"),),
    ),
    Bug(
        "B21",
        ("R-WIN-2",),
        "a blocked game needs one more round of empty passes than there are players",
        ENGINE,
        "_end_turn",
        (("passes >= rules.players", "passes > rules.players"),),
    ),
    Bug(
        "B22",
        ("R-WIN-3",),
        "a finished game accepts every move but a pass",
        ENGINE,
        "apply",
        (
            (
                "    if state.outcome is not None:\n",
                "    if state.outcome is not None and not perform:\n",
            ),
        ),
    ),
    Bug(
        "B23",
        ("R-TURN-8", "R-TURN-5"),
        "a pass is accepted with one card in the hand",
        ENGINE,
        "_pass",
        (
            (
                "    if state.hands[state.current_player]:\n",
                "    if len(state.hands[state.current_player]) > 1:\n",
            ),
        ),
    ),
    Bug(
        "B24",
        ("R-BUILD-1",),
        "a play onto the build pile one past the last is not refused as such",
        ENGINE,
        "_check_build",
        (("not 0 <= build < len(builds)", "not 0 <= build <= len(builds)"),),
    ),
    Bug(
        "B25",
        ("R-TURN-6", "R-DISC-2"),
        "a discard of a card the hand does not hold is accepted",
        ENGINE,
        "_checked_hand_card",
        (
            (
                "    if type(card) is not int or card not in hand:\n",
                "    if type(card) is not int or (card not in hand and rule != 'R-TURN-6'):\n",
            ),
            (
                "    return _without(hand, card)\n",
                "    return _without(hand, card) if card in hand else hand\n",
            ),
        ),
    ),
    Bug(
        "B26",
        ("R-TEAM-4",),
        "the penalty cards go on top of the stock pile instead of under it",
        "skipbo.variants.penalty",
        "penalize",
        (("    stock = drawn + state.stocks[own]\n", "    stock = state.stocks[own] + drawn\n"),),
    ),
    Bug(
        "B27",
        ("R-SETUP-2", "R-SETUP-4"),
        "the stock piles are dealt one card short (the card stays in the draw pile)",
        "skipbo.deal",
        "_deal",
        (("    size = rules.stock_size\n", "    size = rules.stock_size - 1\n"),),
    ),
    Bug(
        "B28",
        ("R-SETUP-7", "R-TURN-1"),
        "every player's hand is filled at the deal, not only the first player's",
        "skipbo.deal",
        "_deal",
        (("    hands[first] = hand\n", "    hands = [hand] * rules.players\n"),),
    ),
)
"""Every injected bug of the matrix, in the order of its table."""
