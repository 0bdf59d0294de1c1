"""A straightforward mutable pure-Python Skip-Bo engine, the yardstick for skipbo's speed.

Written the way a simple game engine usually is: lists mutated in place, moves as
tuples, individual play only, no move validation beyond what the policy needs. It
plays the same play-first policy as ``bench_play.py`` so that both engines are
measured in one run on this noisy machine and compared as a ratio. It is not a
reference for correctness (``tests/reference`` is).

A helper module, not a benchmark of its own (hence no ``bench_`` prefix):
``bench_play.py`` and ``bench_batch.py`` import it.
"""

from __future__ import annotations

import random

WILD = 0
HIGHEST = 12
HAND = 5
BUILDS = 4
DISCARDS = 4


class MutableGame:
    def __init__(self, players: int, stock_size: int, seed: int) -> None:
        self.rng = random.Random(seed)
        deck = [WILD] * 18 + [v for v in range(1, HIGHEST + 1) for _ in range(12)]
        self.rng.shuffle(deck)
        self.players = players
        self.stocks = [deck[i * stock_size : (i + 1) * stock_size] for i in range(players)]
        self.draw = deck[players * stock_size :]
        self.completed: list[int] = []
        self.builds: list[list[int]] = [[] for _ in range(BUILDS)]
        self.discards = [[[] for _ in range(DISCARDS)] for _ in range(players)]
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.current = 0
        self.winner: int | None = None
        self.passes = 0
        self.refill()

    def refill(self) -> None:
        hand = self.hands[self.current]
        while len(hand) < HAND:
            if not self.draw:
                if not self.completed:
                    return
                self.draw = self.completed
                self.completed = []
                self.rng.shuffle(self.draw)
            hand.append(self.draw.pop())

    def legal_moves(self) -> list[tuple[str, int, int, int]]:
        p = self.current
        moves = []
        needs = [len(b) + 1 for b in self.builds]
        for card in set(self.hands[p]):
            for b in range(BUILDS):
                if card == WILD or card == needs[b]:
                    moves.append(("hand", card, 0, b))
        stock = self.stocks[p]
        if stock:
            for b in range(BUILDS):
                if stock[-1] == WILD or stock[-1] == needs[b]:
                    moves.append(("stock", 0, 0, b))
        for i, pile in enumerate(self.discards[p]):
            if pile:
                for b in range(BUILDS):
                    if pile[-1] == WILD or pile[-1] == needs[b]:
                        moves.append(("discard", 0, i, b))
        for card in set(self.hands[p]):
            for i in range(DISCARDS):
                moves.append(("to-discard", card, i, 0))
        if not self.hands[p]:
            moves.append(("pass", 0, 0, 0))
        return moves

    def apply(self, move: tuple[str, int, int, int]) -> None:
        kind, card, pile, build = move
        p = self.current
        if kind == "to-discard":
            self.hands[p].remove(card)
            self.discards[p][pile].append(card)
            self.end_turn(empty=False)
            return
        if kind == "pass":
            self.end_turn(empty=True)
            return
        if kind == "hand":
            self.hands[p].remove(card)
        elif kind == "stock":
            card = self.stocks[p].pop()
        else:
            card = self.discards[p][pile].pop()
        target = self.builds[build]
        target.append(card)
        if len(target) == HIGHEST:
            self.completed.extend(target)
            self.builds[build] = []
        if not self.stocks[p]:
            self.winner = p
            return
        if not self.hands[p]:
            self.refill()
        self.passes = 0

    def end_turn(self, empty: bool) -> None:
        self.passes = self.passes + 1 if empty else 0
        self.current = (self.current + 1) % self.players
        self.refill()

    @property
    def over(self) -> bool:
        return self.winner is not None or self.passes >= self.players


def play_first_game(players: int, stock_size: int, seed: int) -> int:
    game = MutableGame(players, stock_size, seed)
    rng = random.Random(seed)
    moves = 0
    while not game.over:
        legal = game.legal_moves()
        plays = [m for m in legal if m[0] != "to-discard" and m[0] != "pass"]
        game.apply(rng.choice(plays or legal))
        moves += 1
    return moves
