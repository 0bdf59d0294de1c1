"""Tie the Skyjo engine to the Coq model of its rules, move by move.

The Coq model of a whole game (``coq/theories/SkyjoGame.v``, on the round of
``Skyjo.v``) is extracted to OCaml and built into ``skyjo_driver``; this module asks
it, for positions the engine reaches, the legal moves and the state after each move,
and compares them with the engine's (:mod:`skipbo.games.skyjo.engine`): the legal-move
sets must be equal, every move the engine's ``apply`` accepts must be one the model
takes, and the states after a move must be equal: every grid place (card, face up or
down, gone), both piles card by card, the card held and where it came from, the seat
to move, the turn count, the round ender, the reveals chosen, the starter, the round,
every finished round's sums, ender and scores, and at the game's end the winners and
totals. The shuffle seed is the only field not compared: the model takes every order
as an input (a reshuffle, S-DRAW-1, and each new round's deal, S-SETUP-2), and the
tie gives it the orders the engine's shuffles made; the process machinery is
:mod:`tools.coq_tie`'s.

Deals: every order of tiny decks (:data:`DEALS`). Positions: every position of the
tiny configurations of :mod:`tools.skyjo_exhaustive` (a round from a late position, to
its end and into the next deal) and seeded random games of every variant
(:data:`VARIANTS`: 2 to 8 players, the standard deck and small ones, turn limits and
end scores), played to their end.

Usage (from the repository root)::

    python -m tools.coq_tie --game skyjo                       # the bounded run
    python -m tools.coq_tie --game skyjo --full --games 20     # the long run
    python -m tools.coq_tie --game skyjo --bugs                # which injected bugs it catches
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from skipbo import skyjo
from skipbo.common.randomness import shuffle
from skipbo.games.skyjo import Deck, GameState, Rules, engine
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.state import Phase, Source
from tools import skyjo_exhaustive
from tools.coq_tie import (
    Driver,
    Engine,
    Reader,
    Shuffles,
    Snapshot,
    Tally,
    compare_position,
    encode_list,
    perft_by_driver,
    watch_shuffles,
)
from tools.exhaustive import orders

DRIVER = "skyjo_driver"
"""The Skyjo driver's name in the built ``coq/extraction`` (``make -C coq skyjo_driver``)."""


# --- the line protocol (see coq/extraction/skyjo_driver.ml) ------------------------------


def _option(value: int | None) -> list[int]:
    return [0] if value is None else [1, value]


def encode_rules(rules: Rules) -> list[int]:
    """The rules in the driver's encoding."""
    copies = [n for pair in rules.deck.copies for n in pair]
    return [
        rules.players,
        *_option(rules.turn_limit),
        # S-END-3's bounds, where the rules have them (none: the model's rules without)
        *_option(getattr(rules, "stall_limit", None)),
        *_option(getattr(rules, "round_limit", None)),
        len(rules.deck.copies),
        *copies,
        rules.end_score,
    ]


def _grid(state: GameState, seat: int) -> list[int]:
    numbers = [len(state.grids[seat])]
    for card, up in zip(state.grids[seat], state.face_up[seat], strict=True):
        numbers += [0] if card is None else [2 if up else 1, card]
    return numbers


def _phase(state: GameState) -> list[int]:
    if state.phase is Phase.PLACE:
        assert state.held is not None  # phase PLACE holds a card
        return [1, state.held, int(state.source is Source.DRAW_PILE)]
    if state.phase is Phase.OVER:
        return [2, *encode_list(state.history[-1].scores)]
    return [0]


def encode_state(state: GameState) -> list[int]:
    """The state in the driver's encoding (all but the shuffle seed)."""
    numbers = [len(state.grids)]
    for seat in range(len(state.grids)):
        numbers += _grid(state, seat)
    numbers += [
        *encode_list(state.discard_pile),
        *encode_list(state.draw_pile),
        state.current_player,
        *_phase(state),
        state.turns,
        getattr(state, "stall_turns", 0),
        *_option(state.round_ender),
        int(state.phase is Phase.REVEAL),
        len(state.reveals),
    ]
    for chosen in state.reveals:
        numbers += [0] if chosen is None else [1, *chosen]
    numbers += [state.starter, state.round, len(state.history)]
    for score in state.history:
        numbers += [*encode_list(score.sums), *_option(score.ender), *encode_list(score.scores)]
    outcome = state.outcome
    if outcome is None:
        return [*numbers, 0]
    return [*numbers, 1, *encode_list(outcome.winners), *encode_list(outcome.totals)]


def encode_move(move: Move) -> list[int]:
    """The move in the driver's encoding."""
    if isinstance(move, Reveal):
        return [0, move.first, move.second]
    if isinstance(move, TakeDiscard):
        return [1]
    if isinstance(move, Draw):
        return [2]
    return [3 if isinstance(move, Swap) else 4, move.place]


class _Reader(Reader):
    def option(self) -> int | None:
        present = self.number() == 1
        return self.number() if present else None

    def pair(self) -> tuple[int, int] | None:
        present = self.number() == 1
        return (self.number(), self.number()) if present else None

    def move(self) -> Move:
        kind = self.number()
        if kind == 0:
            return Reveal(self.number(), self.number())
        if kind == 1:
            return TakeDiscard()
        if kind == 2:
            return Draw()
        return Swap(self.number()) if kind == 3 else DiscardFlip(self.number())

    def moves(self) -> list[Move]:
        return [self.move() for _ in range(self.number())]

    def place(self) -> tuple[int, ...]:
        kind = self.number()
        return (kind,) if kind == 0 else (kind, self.number())

    def phase(self) -> tuple[int, ...]:
        kind = self.number()
        if kind == 1:
            return (kind, self.number(), self.number())
        return (kind, self.pile()) if kind == 2 else (kind,)  # type: ignore[return-value]

    def snapshot(self) -> Snapshot:
        grids = tuple(
            tuple(self.place() for _ in range(self.number())) for _ in range(self.number())
        )
        discard_pile, draw_pile = self.pile(), self.pile()
        current, phase, turns = self.number(), self.phase(), self.number()
        stall_turns = self.number()
        stall = (stall_turns,) if _STALL else ()  # an engine without the count: not compared
        ender = self.option()
        revealing = self.number()
        reveals = tuple(self.pair() for _ in range(self.number()))
        starter, number = self.number(), self.number()
        history = tuple((self.pile(), self.option(), self.pile()) for _ in range(self.number()))
        over = self.number() == 1
        outcome = (self.pile(), self.pile()) if over else None
        return (grids, discard_pile, draw_pile, current, phase, turns, *stall, ender,
                revealing, reveals, starter, number, history, outcome)  # fmt: skip


_STALL = "stall_turns" in attrs.fields_dict(GameState)
"""Whether the engine counts S-END-3's turns without progress (the model always does)."""

FIELDS = (
    "grids",
    "discard_pile",
    "draw_pile",
    "current_player",
    "phase",
    "turns",
    *(("stall_turns",) if _STALL else ()),
    "round_ender",
    "revealing",
    "reveals",
    "starter",
    "round",
    "history",
    "outcome",
)


def snapshot(state: GameState) -> Snapshot:
    """The engine's state as a :data:`~tools.coq_tie.Snapshot` of the driver's fields.

    A card held outside the placing phase has no place in the driver's encoding: the
    snapshot's phase then names it, so that it differs from every model state.
    """
    snap = _Reader(" ".join(map(str, encode_state(state)))).snapshot()
    if state.phase is not Phase.PLACE and (state.held, state.source) != (None, None):
        held = ("held outside a turn", state.held, state.source)
        return (*snap[:4], held, *snap[5:])
    return snap


class SkyjoModel(Driver):
    """The extracted Skyjo model, running as a driver process."""

    def legal_moves(self, state: GameState) -> set[Move]:
        """The model's legal moves in ``state``."""
        answer = self.ask("L", encode_rules(state.rules) + encode_state(state))
        return set(_Reader(answer).moves())

    def step(self, state: GameState, move: Move, shuffles: Shuffles) -> Snapshot | None:
        """The model's state after ``move`` (``None`` if illegal); orders from ``shuffles``."""
        numbers = encode_rules(state.rules) + encode_state(state) + encode_move(move)
        answer = self.ask_step(numbers, shuffles)
        return None if answer is None else _Reader(answer).snapshot()

    def deck(self, rules: Rules) -> tuple[int, ...]:
        """The cards of the rules' deck, as the model composes them (S-DECK-2)."""
        return _Reader(self.ask("K", encode_rules(rules))).pile()

    def standard_deck(self) -> tuple[int, ...]:
        """The cards of the model's standard deck (S-DECK-1), in increasing order."""
        return _Reader(self.ask("T", [])).pile()

    def deal(self, rules: Rules, order: Sequence[int]) -> Snapshot:
        """The model's first round dealt from ``order`` (top last)."""
        return _Reader(self.ask("D", encode_rules(rules) + encode_list(order))).snapshot()


def model_perft(model: SkyjoModel, state: GameState, depth: int) -> list[list[int]]:
    """Perft by the model alone from the engine's ``state`` (as :func:`tools.coq_tie.model_perft`).

    Positions are told apart by their snapshot: the whole state but the shuffle seed,
    which no move changes before a reshuffle, deeper than the documented counts.
    """
    return perft_by_driver(
        model,
        encode_rules(state.rules),
        (snapshot(state), encode_state(state)),
        depth,
        moves=lambda answer: [encode_move(move) for move in _Reader(answer).moves()],
        read=lambda answer: _Reader(answer).snapshot(),
        is_over=lambda snap: snap[-1] is not None,
    )


# --- the comparison -----------------------------------------------------------------------


SKYJO = Engine(
    legal_moves=skyjo.legal_moves,
    apply=lambda state, move: watch_shuffles(engine, lambda: skyjo.apply(state, move)),
    illegal=skyjo.IllegalMoveError,
    snapshot=snapshot,
    fields=FIELDS,
)
"""Skyjo's engine, for :func:`tools.coq_tie.compare_position`; its shuffles (the
S-DRAW-1 refill, the next round's deal) are the engine module's."""


def check_position(model: SkyjoModel, state: GameState, tally: Tally) -> None:
    """Compare the legal moves of ``state`` and the state after each move the engine takes."""
    compare_position(SKYJO, model, state, skyjo.all_moves(), tally)


def check_deal(model: SkyjoModel, rules: Rules, order: Sequence[int], tally: Tally) -> GameState:
    """Compare the engine's first round dealt from ``order`` with the model's."""
    tally.deals += 1
    state = engine.deal(rules, order, 0, round=1, starter=0)
    found = SKYJO.differences(snapshot(state), model.deal(rules, order))
    if found:
        tally.problems.append(f"deal of {tuple(order)}: {'; '.join(found)}")
    return state


def check_deck(model: SkyjoModel, rules: Rules, tally: Tally) -> None:
    """Compare the engine's deck with the model's, card by card, in increasing order."""
    if tuple(rules.deck.cards()) != model.deck(rules):
        tally.problems.append(f"deck {rules.deck}: engine {rules.deck.cards()}, model differs")


def check_standard_deck(model: SkyjoModel, tally: Tally) -> None:
    """Compare the engine's standard deck with the model's (S-DECK-1)."""
    if tuple(Deck.standard().cards()) != model.standard_deck():
        tally.problems.append(f"standard deck: engine {Deck.standard()}, model differs")


def every_deal(model: SkyjoModel, rules: Rules, tally: Tally) -> None:
    """Compare the engine's deal with the model's for every distinct order of the deck."""
    check_deck(model, rules, tally)
    for order in orders(rules.deck.cards()):
        check_deal(model, rules, order, tally)


DEALS: tuple[Rules, ...] = (
    Rules(players=2, deck=Deck({0: 24, 1: 1}), end_score=1),
    Rules(players=2, deck=Deck({0: 23, 1: 2}), end_score=1),
    Rules(players=3, deck=Deck({-2: 1, 0: 35, 5: 1}), end_score=1),
)
"""Tiny decks whose every order is dealt by both (25, 300 and 1,332 orders)."""


def exhaustive(
    model: SkyjoModel, starts: list[GameState], tally: Tally, max_positions: int
) -> None:
    """Every position reachable from ``starts`` (:func:`tools.skyjo_exhaustive.position`)."""
    seen: set[Any] = set()
    queue: deque[GameState] = deque(starts)
    while queue and len(seen) < max_positions:
        state = queue.popleft()
        key = skyjo_exhaustive.position(state)
        if key in seen:
            continue
        seen.add(key)
        check_position(model, state, tally)
        for move in skyjo.legal_moves(state):
            try:
                queue.append(skyjo.apply(state, move))
            except skyjo.IllegalMoveError:
                tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")


def random_games(
    model: SkyjoModel, rules: Rules, tally: Tally, *, games: int, moves: int, seed: int
) -> None:
    """``games`` seeded random games of ``rules``, each compared for up to ``moves`` moves."""
    check_deck(model, rules, tally)
    chooser = random.Random(seed)
    for game in range(games):
        order, _ = shuffle(rules.deck.cards(), seed * 1000 + game)
        state = check_deal(model, rules, order, tally)
        state = attrs.evolve(state, shuffle_seed=seed * 1000 + game)
        for _ in range(moves):
            check_position(model, state, tally)
            legal = skyjo.legal_moves(state)
            if not legal:
                tally.games_ended += 1
                break
            # Turning cards up, mostly: the rounds end sooner, so games reach their end.
            flips = [move for move in legal if isinstance(move, DiscardFlip)]
            pool = flips if flips and chooser.random() < 0.6 else legal
            move = chooser.choice(pool)
            try:
                state = skyjo.apply(state, move)
            except skyjo.IllegalMoveError:
                tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")
                break


def small_deck() -> Deck:
    """31 cards of four values for 2 players: complete columns and reshuffles come often."""
    return Deck({-2: 6, 0: 10, 5: 12, 12: 3})


def negative_deck() -> Deck:
    """31 cards, mostly negative, for 2 players: complete columns of -2 and -1 (S-COL-1)."""
    return Deck({-2: 13, -1: 9, 3: 9})


VARIANTS: tuple[tuple[str, Callable[[], Rules]], ...] = (
    ("2 players, standard deck, end score 40", lambda: Rules(players=2, end_score=40)),
    ("3 players, standard deck, end score 30", lambda: Rules(players=3, end_score=30)),
    ("4 players, standard deck, turn limit 30",
     lambda: Rules(players=4, end_score=50, turn_limit=30)),
    ("5 players, standard deck, end score 20", lambda: Rules(players=5, end_score=20)),
    ("6 players, standard deck, turn limit 20",
     lambda: Rules(players=6, end_score=30, turn_limit=20)),
    ("7 players, standard deck, end score 15", lambda: Rules(players=7, end_score=15)),
    ("8 players, standard deck, turn limit 16",
     lambda: Rules(players=8, end_score=25, turn_limit=16)),
    ("2 players, small deck, end score 30",
     lambda: Rules(players=2, deck=small_deck(), end_score=30)),
    ("2 players, small deck, turn limit 6",
     lambda: Rules(players=2, deck=small_deck(), end_score=60, turn_limit=6)),
    ("2 players, negative deck, end score 5",
     lambda: Rules(players=2, deck=negative_deck(), end_score=5, turn_limit=40)),
    ("3 players, 0/1/2 deck",
     lambda: Rules(players=3, deck=Deck({0: 13, 1: 12, 2: 13}), end_score=12)),
)  # fmt: skip
"""Every form of the rules: 2 to 8 players, the standard deck and small ones, turn
limits and end scores low enough that random games reach their end. Each is built
when a run begins, so that an injected bug in the rules' configuration shows."""


def run(
    model: SkyjoModel,
    *,
    configurations: Sequence[tuple[str, Callable[[], list[GameState]]]] = (
        skyjo_exhaustive.BOUNDED
    ),
    max_positions: int = 400,
    games: int = 1,
    moves: int = 400,
    progress: Callable[[str], None] | None = None,
) -> Tally:
    """The tie over the tiny exhaustive configurations and random games of every variant."""
    tally = Tally()
    check_standard_deck(model, tally)
    for tiny in DEALS:
        every_deal(model, tiny, tally)
    for name, starts in configurations:
        exhaustive(model, starts(), tally, max_positions)
        if progress:
            progress(f"exhaustive {name}: {tally.positions} positions so far")
    for index, (name, rules) in enumerate(VARIANTS):
        random_games(model, rules(), tally, games=games, moves=moves, seed=index + 1)
        if progress:
            progress(f"{name}: {tally.positions} positions so far")
    return tally
