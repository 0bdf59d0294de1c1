"""The catalogue of injected rule bugs (see :mod:`tools.bugs`).

At least one bug per verifiable rule of both games: Skip-Bo's engine (turn, build
piles, discard piles, drawing, winning, teams, set-up: B01-B28), the rules around it
(the decks, the configuration, who starts, match play and scoring, the views: B29-B43)
and Skyjo's (S01-S23). Each is written as the plausible mistake it stands for;
several are from the first mutation runs and the issue that asked for this matrix
(B02: a reshuffle that mixes a short draw pile in).
"""

from __future__ import annotations

from tools.bugs import Bug

ENGINE = "skipbo.games.skipbo.engine"
DRAW = "skipbo.games.skipbo.draw"

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
        (("    if not hands[seat]", "    if not hands[seat] and state.turn_moves < 0"),),
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
        "skipbo.games.skipbo.variants.penalty",
        "penalize",
        (("    stock = drawn + state.stocks[own]\n", "    stock = state.stocks[own] + drawn\n"),),
    ),
    Bug(
        "B27",
        ("R-SETUP-2", "R-SETUP-4"),
        "the stock piles are dealt one card short (the card stays in the draw pile)",
        "skipbo.games.skipbo.deal",
        "_deal",
        (("    size = rules.stock_size\n", "    size = rules.stock_size - 1\n"),),
    ),
    Bug(
        "B28",
        ("R-SETUP-7", "R-TURN-1"),
        "every player's hand is filled at the deal, not only the first player's",
        "skipbo.games.skipbo.deal",
        "_deal",
        (("    hands[first] = hand\n", "    hands = [hand] * rules.players\n"),),
    ),
)
"""The bugs in Skip-Bo's engine, drawing, deal and penalty."""

MATCH = "skipbo.games.skipbo.variants.match"
VIEWS = "skipbo.games.skipbo.views"
RULES = "skipbo.games.skipbo.rules"

TABLE_BUGS: tuple[Bug, ...] = (
    Bug(
        "B29",
        ("R-DECK-1", "R-DECK-2"),
        "the deck leaves out its highest number (no 12s)",
        "skipbo.games.skipbo.cards",
        "Deck.cards",
        (("range(1, self.highest + 1)", "range(1, self.highest)"),),
    ),
    Bug(
        "B30",
        ("R-DECK-4",),
        "the International Games deck has the Mattel deck's 18 wilds",
        "skipbo.games.skipbo.cards",
        "Deck.international_games",
        (("wilds=24", "wilds=18"),),
    ),
    Bug(
        "B31",
        ("R-DECK-2",),
        "a deck that deals every stock pile but not the first hand is accepted",
        RULES,
        "Rules.__attrs_post_init__",
        (
            (
                "needed = seating.stock_pile_count * self.stock_size + self.hand_size",
                "needed = seating.stock_pile_count * self.stock_size",
            ),
        ),
    ),
    Bug(
        "B32",
        ("R-DECK-3",),
        "with playing cards, a king is not read as a wild (only a joker is)",
        "skipbo.games.skipbo.variants.playing_cards",
        "parse_card",
        (("    if rank in _WILD_NAMES:\n", "    if rank in _WILD_NAMES - {_WILD_RANK}:\n"),),
    ),
    Bug(
        "B33",
        ("R-SETUP-1",),
        "individual play accepts up to 12 players, the team limit",
        RULES,
        "Rules.__attrs_post_init__",
        (
            (
                "MAX_TEAM_PLAYERS if team_play else MAX_INDIVIDUAL_PLAYERS",
                "MAX_TEAM_PLAYERS",
            ),
        ),
    ),
    Bug(
        "B34",
        ("R-SETUP-3", "R-INFO-1", "R-INFO-3"),
        "a view shows each stock pile's bottom card as its top",
        VIEWS,
        "view",
        (("stock_tops=tuple(pile[-1] if pile", "stock_tops=tuple(pile[0] if pile"),),
    ),
    Bug(
        "B35",
        ("R-SETUP-5",),
        "under the highest-stock-top rule a wild counts as the lowest card, not the highest",
        "skipbo.games.skipbo.deal",
        "_first_player",
        (("return rules.deck.highest + 1 if top == WILD else top", "return top"),),
    ),
    Bug(
        "B36",
        ("R-SETUP-6",),
        "the dealer of a match does not move on after a game",
        MATCH,
        "Match.next_game",
        (("dealer = (self.dealer + 1) % self.rules.players", "dealer = self.dealer"),),
    ),
    Bug(
        "B37",
        ("R-DISC-4", "R-INFO-1"),
        "a view shows only the top card of each discard pile",
        VIEWS,
        "view",
        (
            (
                "discards=state.discards,",
                "discards=tuple(tuple(pile[-1:] for pile in piles) for piles in state.discards),",
            ),
        ),
    ),
    Bug(
        "B38",
        ("R-SCORE-2",),
        "the winner scores 5 points per opponent with stock cards left, not per card",
        MATCH,
        "game_points",
        (("        len(state.stocks[stock])\n", "        min(len(state.stocks[stock]), 1)\n"),),
    ),
    Bug(
        "B39",
        ("R-SCORE-3",),
        "a score exactly at the target does not end the match",
        MATCH,
        "Match.winner",
        (("if score >= self.target:", "if score > self.target:"),),
    ),
    Bug(
        "B40",
        ("R-SCORE-4",),
        "a team scores the opposing stock piles once per opposing player (shared piles "
        "counted twice)",
        MATCH,
        "game_points",
        (
            (
                "        for team, stocks in enumerate(rules.seating.team_stocks)\n"
                "        if team != result.team\n"
                "        for stock in stocks\n",
                "        for seat, stock in enumerate(rules.seating.own_stock)\n"
                "        if rules.seating.team_of[seat] != result.team\n",
            ),
        ),
    ),
    Bug(
        "B41",
        ("R-SCORE-1",),
        "the next game of a match can be dealt before the current one is over",
        MATCH,
        "Match.next_game",
        (
            (
                "        if not self.game.is_over:\n"
                '            raise MatchError("R-SCORE-1", f"game {self.number} is not over")\n',
                "",
            ),
        ),
    ),
    Bug(
        "B42",
        ("R-TEAM-5",),
        "the default stock size counts players, not stock piles, in the shared-piles form",
        RULES,
        "_default_stock_size",
        (("piles = SHARED_PILES_PER_TEAM * len(rules.teams)", "piles = rules.players"),),
    ),
    Bug(
        "B43",
        ("R-INFO-2",),
        "a view shows the hand of the player to move, whoever looks",
        VIEWS,
        "view",
        (
            (
                "hand=None if player is None else state.hands[player],",
                "hand=None if player is None else state.hands[state.current_player],",
            ),
        ),
    ),
    Bug(
        "B47",
        ("R-WIN-4",),
        "a stock play does not start the count of turns without one anew: games end stalled early",
        ENGINE,
        "_play_from_stock",
        (("played = replace(state, stall_turns=0)", "played = state"),),
    ),
)
"""Bugs in the rules around the engine: the deck, the configuration, the deal, match
play and scoring, and what each player may see."""

SKYJO = "skipbo.games.skyjo.engine"

SKYJO_BUGS: tuple[Bug, ...] = (
    Bug(
        "S01",
        ("S-DECK-1",),
        "the standard deck holds ten each of 1 to 11, no 12s",
        "skipbo.games.skyjo.cards",
        "Deck.standard",
        (("range(1, 13)", "range(1, 12)"),),
    ),
    Bug(
        "S02",
        ("S-DECK-2",),
        "a deck that deals every grid but not the first discard card is accepted",
        "skipbo.games.skyjo.rules",
        "Rules.__attrs_post_init__",
        (("needed = self.players * GRID_SIZE + 1", "needed = self.players * GRID_SIZE"),),
    ),
    Bug(
        "S03",
        ("S-SETUP-1",),
        "eight players are refused",
        "skipbo.games.skyjo.rules",
        "Rules.__attrs_post_init__",
        (
            (
                "not MIN_PLAYERS <= self.players <= MAX_PLAYERS",
                "not MIN_PLAYERS <= self.players < MAX_PLAYERS",
            ),
        ),
    ),
    Bug(
        "S04",
        ("S-SETUP-2",),
        "the rounds after the first are dealt from the deck unshuffled",
        SKYJO,
        "_end_round",
        (
            (
                "order, seed = shuffle(state.rules.deck.cards(), state.shuffle_seed)",
                "order, seed = state.rules.deck.cards(), state.shuffle_seed",
            ),
        ),
    ),
    Bug(
        "S05",
        ("S-SETUP-3", "S-SETUP-2"),
        "the first discard card is also the last card of the last grid (dealt twice)",
        SKYJO,
        "deal",
        (("    dealt = players * GRID_SIZE\n", "    dealt = players * GRID_SIZE - 1\n"),),
    ),
    Bug(
        "S06",
        ("S-SETUP-4",),
        "each player's choice turns up only the first of the two cards",
        SKYJO,
        "_reveal",
        (("chosen is not None and place in chosen", "chosen is not None and place == chosen[0]"),),
    ),
    Bug(
        "S07",
        ("S-SETUP-5",),
        "a tie for the highest sum goes to the latest seat",
        SKYJO,
        "first_round_starter",
        (("key=lambda seat: (sums[seat], -seat)", "key=lambda seat: (sums[seat], seat)"),),
    ),
    Bug(
        "S08",
        ("S-TURN-1", "S-TURN-2"),
        "taking from the discard pile takes its bottom card",
        SKYJO,
        "_take",
        (
            ("discard_pile=state.discard_pile[:-1],", "discard_pile=state.discard_pile[1:],"),
            ("held=state.discard_pile[-1],", "held=state.discard_pile[0],"),
        ),
    ),
    Bug(
        "S09",
        ("S-TURN-2",),
        "a card taken from the discard pile may be discarded again (and a card turned up)",
        SKYJO,
        "_place",
        (
            (
                "        if state.source is not Source.DRAW_PILE:\n",
                "        if state.source is None:\n",
            ),
        ),
    ),
    Bug(
        "S10",
        ("S-TURN-3",),
        "after a draw, turning up is offered for face-up cards too",
        SKYJO,
        "legal_moves",
        (
            (
                "moves += [flip for flip, down in zip(_FLIPS, face_down, strict=True) if down]",
                "moves += [flip for flip, here in zip(_FLIPS, present, strict=True) if here]",
            ),
        ),
    ),
    Bug(
        "S11",
        ("S-TURN-4",),
        "the turn passes counter-clockwise",
        SKYJO,
        "_end_turn",
        (("following = (seat + 1) % players", "following = (seat - 1) % players"),),
    ),
    Bug(
        "S12",
        ("S-COL-1",),
        "a column of three equal negative cards stays",
        SKYJO,
        "_remove_column",
        (("or len(set(cards)) != 1:", "or len(set(cards)) != 1 or cards[0] < 0:"),),
    ),
    Bug(
        "S13",
        ("S-COL-2",),
        "when a swap completes a column, the column goes on the discard pile before the "
        "swapped-out card",
        SKYJO,
        "_place",
        (
            (
                "discard_pile=state.discard_pile + discarded + removed,",
                "discard_pile=state.discard_pile + removed + discarded,",
            ),
        ),
    ),
    Bug(
        "S14",
        ("S-COL-3",),
        "the final reveal of a round removes no column",
        SKYJO,
        "_end_round",
        (
            (
                "        for column in range(COLUMNS):\n"
                "            grid, up, removed = _remove_column(grid, up, column)\n"
                "            discard_pile += removed\n",
                "",
            ),
        ),
    ),
    Bug(
        "S15",
        ("S-COL-4",),
        "a drawn card can be swapped into the empty place of a removed column",
        SKYJO,
        "_place",
        (
            (
                "    if grid[place] is None:\n",
                "    if grid[place] is None and isinstance(move, DiscardFlip):\n",
            ),
        ),
    ),
    Bug(
        "S16",
        ("S-DRAW-1",),
        "the refill of the draw pile shuffles in the discard pile's top card too",
        SKYJO,
        "_draw",
        (
            (
                "draw_pile, seed = shuffle(discard_pile[:-1], seed)",
                "draw_pile, seed = shuffle(discard_pile, seed)",
            ),
            ("discard_pile = discard_pile[-1:]", "discard_pile = ()"),
        ),
    ),
    Bug(
        "S17",
        ("S-END-1",),
        "after the round ender, the player just before the ender has no last turn",
        SKYJO,
        "_end_turn",
        (("    if following == ender:\n", "    if (following + 1) % players == ender:\n"),),
    ),
    Bug(
        "S18",
        ("S-END-2", "S-SCORE-1"),
        "the round scores only the cards that were face up before the final reveal",
        SKYJO,
        "_end_round",
        (
            (
                "sums = tuple(sum(card for card in grid if card is not None) for grid in grids)",
                "sums = tuple(\n"
                "        sum(c for c, u in zip(g, f, strict=True) if c is not None and u)\n"
                "        for g, f in zip(grids, state.face_up, strict=True)\n"
                "    )",
            ),
        ),
    ),
    Bug(
        "S19",
        ("S-END-3",),
        "the round turn limit scores the round one turn late",
        SKYJO,
        "_end_turn",
        (("turns >= rules.turn_limit", "turns > rules.turn_limit"),),
    ),
    Bug(
        "S20",
        ("S-SCORE-2",),
        "a round ender tied for the lowest score is not doubled",
        SKYJO,
        "round_scores",
        (("any(score <= mine", "any(score < mine"),),
    ),
    Bug(
        "S21",
        ("S-SCORE-3",),
        "a total exactly at the end score does not end the game",
        SKYJO,
        "_end_round",
        (
            (
                "if max(totals) >= state.rules.end_score or last:",
                "if max(totals) > state.rules.end_score or last:",
            ),
        ),
    ),
    Bug(
        "S22",
        ("S-INFO-2",),
        "the player to move sees their own face-down cards",
        "skipbo.games.skyjo.views",
        "view",
        (
            (
                "grids=tuple(_seen(g, up) for g, up in zip(state.grids, state.face_up, "
                "strict=True)),",
                "grids=tuple(\n"
                "            g if seat == state.current_player else _seen(g, up)\n"
                "            for seat, (g, up) in enumerate(zip(state.grids, state.face_up))\n"
                "        ),",
            ),
        ),
    ),
    Bug(
        "S23",
        ("S-INFO-1",),
        "a face-up 0 is shown as a face-down card (a truthiness slip)",
        "skipbo.games.skyjo.views",
        "_seen",
        (("card if card is None or up else", "card if card is None or (up and card) else"),),
    ),
)
"""Bugs in Skyjo's rules (``skipbo.games.skyjo``)."""

BUGS = BUGS + TABLE_BUGS + SKYJO_BUGS
"""Every injected bug of the matrix, in the order of its tables."""

TIE_BUGS: tuple[Bug, ...] = (
    Bug(
        "B44",
        ("R-DRAW-2",),
        "a Fisher-Yates step copies a card instead of swapping two: a shuffle that is no "
        "permutation (it loses one card and doubles another)",
        "skipbo.common.randomness",
        "permute",
        (
            (
                "result[i], result[j] = result[j], result[i]",
                "result[i] = result[j]",
            ),
        ),
    ),
    Bug(
        "B45",
        ("R-TEAM-3", "R-WIN-1"),
        "a team that empties its stock piles is named the winner with only the seat that "
        "played the last card",
        ENGINE,
        "_play_from_stock",
        (
            (
                "Outcome(Termination.STOCK_EMPTIED, team, rules.seating.team_seats[team])",
                "Outcome(Termination.STOCK_EMPTIED, team, (seat,))",
            ),
        ),
    ),
    Bug(
        "B46",
        ("R-SETUP-2",),
        "the default stock size is 30 cards only below four stock piles: four players get 20",
        "skipbo.games.skipbo.rules",
        "_default_stock_size",
        (("piles <= LARGE_STOCK_MAX_PILES", "piles < LARGE_STOCK_MAX_PILES"),),
    ),
    Bug(
        "S24",
        ("S-DRAW-1",),
        "the refill of the draw pile puts a copy of its bottom card on top, in place of the "
        "card shuffled there (no permutation: one card lost, one doubled)",
        SKYJO,
        "_draw",
        (
            (
                "        draw_pile, seed = shuffle(discard_pile[:-1], seed)\n",
                "        draw_pile, seed = shuffle(discard_pile[:-1], seed)\n"
                "        draw_pile = (*draw_pile[:-1], draw_pile[0])\n",
            ),
        ),
    ),
    Bug(
        "S25",
        ("S-SCORE-3",),
        "a tie for the lowest total is won by the earliest of the tied seats alone",
        SKYJO,
        "_end_round",
        (
            (
                "winners = tuple(seat for seat, total in enumerate(totals) if total == best)",
                "winners = (totals.index(best),)",
            ),
        ),
    ),
    Bug(
        "S26",
        ("S-DECK-1",),
        "the standard deck, the rules' default, holds ten -2 and five -1 (the counts swapped)",
        "skipbo.games.skyjo.cards",
        "Deck.standard",
        (("((-2, 5), (-1, 10), (0, 15),", "((-2, 10), (-1, 5), (0, 15),"),),
    ),
)
"""The bugs of issue 61 that the Coq tie must catch on its own (``python -m tools.coq_tie
--bugs``, tests/*/test_coq_tie.py): a shuffle that is no permutation, a wrong winner and a
wrong default, in each game. They are not yet measured by the matrix (``python -m
tools.matrix`` runs every technique's tests once a bug, too long for the branch that
added them), so they are kept out of :data:`BUGS` until they are."""
