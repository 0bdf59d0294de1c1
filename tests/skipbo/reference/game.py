"""Skip-Bo by the book: :class:`ReferenceGame`, a mutable model with plain lists.

Every pile is a list with its top at the end (as in RULES.md's pictures of a pile
lying face up). The game starts from a dealt :class:`~skipbo.GameState` (the deal
is the engine's, since the deck order comes from its seed) and from then on plays
by itself. Each method names the rule it implements.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from skipbo import (
    WILD,
    Discard,
    GameState,
    Move,
    Outcome,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    Rules,
    Termination,
)

SEED_BITS = 64
"""The documented size of the seed chained from one reshuffle to the next."""


class IllegalMove(Exception):
    """The reference's own verdict that a move breaks the rules."""


# --- the small rules, as functions over lists ----------------------------------------------


def fits(pile: list[int], card: int) -> bool:
    """R-BUILD-2/3: an empty pile takes a 1, a pile showing n takes n + 1; a wild fits all."""
    if card == WILD:
        return True
    return card == len(pile) + 1


def place(
    builds: list[list[int]], completed: list[int], build: int, card: int, highest: int
) -> None:
    """Put ``card`` on build pile ``build``; a pile that reaches ``highest`` is set aside
    (R-BUILD-4)."""
    builds[build].append(card)
    if len(builds[build]) == highest:
        completed.extend(builds[build])
        builds[build] = []


def remove_card(hand: list[int], card: int) -> None:
    """Take one ``card`` out of ``hand`` (ValueError if it is not there)."""
    hand.remove(card)


def fisher_yates(cards: list[int], choose: Callable[[int], int]) -> None:
    """Shuffle in place: for i from the last position down to 1, swap position i with
    position ``choose(i)``, which lies in 0..i."""
    for i in range(len(cards) - 1, 0, -1):
        j = choose(i)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled(cards: list[int], seed: int) -> tuple[list[int], int]:
    """The documented reshuffle (R-DRAW-2): Fisher-Yates with ``random.Random(seed)``
    choosing each swap uniformly; then the next seed is drawn from the same generator."""
    rng = random.Random(seed)
    cards = list(cards)
    fisher_yates(cards, lambda i: rng.randrange(i + 1))
    return cards, rng.getrandbits(SEED_BITS)


# --- seating, worked out from the rules' parameters ----------------------------------------


class Seating(NamedTuple):
    """Who owns and plays from which piles."""

    teams: list[list[int]]
    """The seats of each team (in individual play, each seat alone)."""
    team_of: list[int]
    """Each seat's team."""
    own_stock: list[int]
    """Each seat's own stock pile, and so its own discard set."""
    team_stocks: list[list[int]]
    """Each team's stock piles (and discard sets)."""


def seating(rules: Rules) -> Seating:
    """Which stock pile and discard set each seat owns and may play from, and the teams.

    Individual play: seat s owns stock pile s and discard set s. Partner form
    (R-TEAM-1): the same, and a seat also plays from its partner's piles. Shared-piles
    form (R-TEAM-2): team t owns stock piles 2t and 2t+1 (and the discard sets with the
    same numbers); the team's seats, in seat order, take them in turn.
    """
    if rules.teams is None:
        teams = [[seat] for seat in range(rules.players)]
    else:
        teams = [sorted(team) for team in rules.teams]
    own_stock = [0] * rules.players
    team_of = [0] * rules.players
    team_stocks: list[list[int]] = []
    for t, team in enumerate(teams):
        for seat in team:
            team_of[seat] = t
        if rules.shared_piles:
            team_stocks.append([2 * t, 2 * t + 1])
            for position, seat in enumerate(team):
                own_stock[seat] = 2 * t + position % 2
        else:
            team_stocks.append(list(team))
            for seat in team:
                own_stock[seat] = seat
    return Seating(teams, team_of, own_stock, team_stocks)


# --- the game ------------------------------------------------------------------------------


class ReferenceGame:
    """A game in progress, changed in place by :meth:`play`."""

    def __init__(self, state: GameState) -> None:
        self.rules = state.rules
        self.highest = state.rules.deck.highest
        self.hand_size = state.rules.hand_size
        self.seats = seating(state.rules)
        self.stocks = [list(pile) for pile in state.stocks]
        self.discards = [[list(pile) for pile in piles] for piles in state.discards]
        self.hands = [list(hand) for hand in state.hands]
        self.builds = [list(pile) for pile in state.builds]
        self.draw_pile = list(state.draw_pile)
        self.completed = list(state.completed)
        self.player = state.current_player
        self.turn = state.turn
        self.moves_this_turn = state.turn_moves
        self.empty_passes = state.empty_passes
        self.stall_turns = state.stall_turns
        self.outcome = state.outcome
        self.seed = state.shuffle_seed

    # -- what may be played ------------------------------------------------------------------

    def my_stocks(self) -> list[int]:
        """The stock piles the player to move may play from: the own team's (R-TEAM-1/2)."""
        return self.seats.team_stocks[self.seats.team_of[self.player]]

    def my_discard_sets(self) -> list[int]:
        """The discard sets the player may play from; they pair with the stock piles."""
        return self.my_stocks()

    def own_discard_set(self) -> int:
        """Where the player's discards go (R-TURN-5): the set paired with the own stock pile."""
        return self.seats.own_stock[self.player]

    def legal_moves(self) -> set[Move]:
        """Every move the rules allow now, as a set."""
        if self.outcome is not None:
            return set()  # R-WIN-3
        moves: set[Move] = set()
        hand = self.hands[self.player]
        limit = self.rules.turn_move_limit
        if limit is not None and self.moves_this_turn >= limit:
            # R-WIN-4 (a): "the only legal moves are those that end it: a discard, or the
            # pass of R-TURN-8 when the hand is empty".
            moves = {Discard(c, i) for c in hand for i in range(self.rules.discard_pile_count)}
            return moves or {Pass()}
        for card in set(hand):  # R-TURN-2: any hand card ...
            for b, pile in enumerate(self.builds):
                if fits(pile, card):
                    moves.add(PlayFromHand(card, b))
        for s in self.my_stocks():  # ... the stock top ...
            if self.stocks[s]:
                for b, pile in enumerate(self.builds):
                    if fits(pile, self.stocks[s][-1]):
                        moves.add(PlayFromStock(s, b))
        for d in self.my_discard_sets():  # ... and the discard-pile tops (R-DISC-3)
            for i, discard_pile in enumerate(self.discards[d]):
                if discard_pile:
                    for b, pile in enumerate(self.builds):
                        if fits(pile, discard_pile[-1]):
                            moves.add(PlayFromDiscard(d, i, b))
        for card in set(hand):  # R-TURN-5, R-DISC-2: any hand card on any own discard pile
            for i in range(self.rules.discard_pile_count):
                moves.add(Discard(card, i))
        if not hand:
            moves.add(Pass())  # R-TURN-8
        return moves

    # -- playing -----------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Make ``move``; raises :class:`IllegalMove` (changing nothing) if it is not legal."""
        if move not in self.legal_moves():
            raise IllegalMove(str(move))
        self.moves_this_turn += 1
        hand = self.hands[self.player]
        if isinstance(move, PlayFromHand):
            remove_card(hand, move.card)
            self.build(move.build, move.card)
        elif isinstance(move, PlayFromStock):
            card = self.stocks[move.stock].pop()  # R-TURN-3: the next card shows
            self.stall_turns = 0  # R-WIN-4 (b): counted from the last stock play
            self.build(move.build, card)
        elif isinstance(move, PlayFromDiscard):
            card = self.discards[move.discard_set][move.pile].pop()
            self.build(move.build, card)
        elif isinstance(move, Discard):
            remove_card(hand, move.card)
            self.discards[self.own_discard_set()][move.pile].append(move.card)
            self.end_turn(empty_pass=False)
        else:
            # R-WIN-2: an empty pass is a pass that is the turn's first move.
            self.end_turn(empty_pass=self.moves_this_turn == 1)

    def build(self, build: int, card: int) -> None:
        """A card goes on a build pile; then the win (R-WIN-1) or a redraw (R-TURN-4)."""
        place(self.builds, self.completed, build, card, self.highest)
        team = self.seats.team_of[self.player]
        if all(not self.stocks[s] for s in self.seats.team_stocks[team]):
            winners = tuple(self.seats.teams[team])
            self.outcome = Outcome(Termination.STOCK_EMPTIED, team, winners)
            return
        if not self.hands[self.player]:
            self.draw(self.player)

    def end_turn(self, *, empty_pass: bool) -> None:
        """R-TURN-7: the next player's turn, unless the game ended (R-WIN-2)."""
        self.empty_passes = self.empty_passes + 1 if empty_pass else 0
        self.stall_turns += 1
        if self.empty_passes >= self.rules.players:
            self.outcome = Outcome(Termination.BLOCKED)
            return
        if self.rules.turn_limit is not None and self.turn >= self.rules.turn_limit:
            self.outcome = Outcome(Termination.TURN_LIMIT)
            return
        if self.rules.stall_limit is not None and self.stall_turns >= self.rules.stall_limit:
            self.outcome = Outcome(Termination.STALLED)  # R-WIN-4 (b)
            return
        self.player = (self.player + 1) % self.rules.players
        self.turn += 1
        self.moves_this_turn = 0
        self.draw(self.player)  # R-TURN-1

    def draw(self, seat: int) -> None:
        """Fill the hand to the hand size one card at a time (R-DRAW-1), reshuffling the
        completed cards when the draw pile is empty (R-DRAW-2), stopping when both are
        empty (R-DRAW-3)."""
        hand = self.hands[seat]
        while len(hand) < self.hand_size:
            if not self.draw_pile:
                if not self.completed:
                    break
                self.draw_pile, self.seed = shuffled(self.completed, self.seed)
                self.completed = []
            hand.append(self.draw_pile.pop())
        hand.sort()

    # -- reading the game --------------------------------------------------------------------

    def state(self) -> GameState:
        """The whole game as a GameState (hands sorted, as the engine keeps them)."""
        return GameState(
            rules=self.rules,
            stocks=tuple(tuple(pile) for pile in self.stocks),
            discards=tuple(tuple(tuple(pile) for pile in piles) for piles in self.discards),
            hands=tuple(tuple(sorted(hand)) for hand in self.hands),
            builds=tuple(tuple(pile) for pile in self.builds),
            draw_pile=tuple(self.draw_pile),
            completed=tuple(self.completed),
            current_player=self.player,
            turn=self.turn,
            turn_moves=self.moves_this_turn,
            empty_passes=self.empty_passes,
            outcome=self.outcome,
            shuffle_seed=self.seed,
            stall_turns=self.stall_turns,
        )


def public_information(game: ReferenceGame) -> dict[str, object]:
    """What every player may see (R-INFO-1): stock tops and sizes, the discard piles in
    full, the build piles, hand sizes, the draw pile's and the completed cards' counts,
    whose turn it is, and the outcome."""
    return {
        "stock_tops": tuple(pile[-1] if pile else None for pile in game.stocks),
        "stock_sizes": tuple(len(pile) for pile in game.stocks),
        "discards": tuple(tuple(tuple(pile) for pile in piles) for piles in game.discards),
        "builds": tuple(tuple(pile) for pile in game.builds),
        "hand_sizes": tuple(len(hand) for hand in game.hands),
        "draw_pile_size": len(game.draw_pile),
        "completed_count": len(game.completed),
        "current_player": game.player,
        "turn": game.turn,
        "empty_passes": game.empty_passes,
        "stall_turns": game.stall_turns,
        "outcome": game.outcome,
    }
