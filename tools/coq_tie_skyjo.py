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
totals. The shuffle seed is the only field not compared: the model takes every shuffle
as an input (a reshuffle, S-DRAW-1, and each new round's deal, S-SETUP-2), as
positions it applies to its own cards: those the state's seed gives, computed by the
tie (:class:`tools.coq_tie.SeededPositions`), or in the model's walks positions the
tie chooses, which the engine is then made to take. The defaults of the engine's
rules are compared with the model's own. The process machinery is
:mod:`tools.coq_tie`'s.

Deals: every order of tiny decks (:data:`DEALS`). Positions: every position of the
tiny configurations of :mod:`tools.skyjo_exhaustive` (a round from a late position, to
its end and into the next deal) and seeded random games of every variant
(:data:`VARIANTS`: 2 to 8 players, the standard deck and small ones, turn limits and
end scores), played to their end, each once led by the engine (every move of each
position compared) and once walked by the model.

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

from skipbo import skyjo
from skipbo.games.skyjo import Deck, GameState, Rules, engine
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.state import Phase, Source
from tools import skyjo_exhaustive
from tools.coq_tie import (
    Choose,
    Engine,
    NotAPermutation,
    Reader,
    SeededPositions,
    Snapshot,
    Tally,
    TiedDriver,
    arranged,
    chosen_positions,
    compare_defaults,
    compare_position,
    encode_list,
    perft_by_driver,
    positions_of,
    walk,
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
        *_option(rules.stall_limit),
        *_option(rules.round_limit),
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
        state.stall_turns,
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

    def grid(self) -> tuple[tuple[int, ...], ...]:
        # A place: (0,) gone, (1, value) face down, (2, value) face up. Read inline:
        # a run reads millions of places.
        numbers, index = self.numbers, self.index
        places: list[tuple[int, ...]] = []
        for _ in range(numbers[index]):
            index += 1
            if numbers[index] == 0:
                places.append((0,))
            else:
                places.append((numbers[index], numbers[index + 1]))
                index += 1
        self.index = index + 1
        return tuple(places)

    def phase(self) -> tuple[int, ...]:
        kind = self.number()
        if kind == 1:
            return (kind, self.number(), self.number())
        return (kind, self.pile()) if kind == 2 else (kind,)  # type: ignore[return-value]

    def snapshot(self) -> Snapshot:
        grids = tuple(self.grid() for _ in range(self.number()))
        discard_pile, draw_pile = self.pile(), self.pile()
        current, phase, turns = self.number(), self.phase(), self.number()
        stall_turns = self.number()
        ender = self.option()
        revealing = self.number()
        reveals = tuple(self.pair() for _ in range(self.number()))
        starter, number = self.number(), self.number()
        history = tuple((self.pile(), self.option(), self.pile()) for _ in range(self.number()))
        over = self.number() == 1
        outcome = (self.pile(), self.pile()) if over else None
        return (grids, discard_pile, draw_pile, current, phase, turns, stall_turns, ender,
                revealing, reveals, starter, number, history, outcome)  # fmt: skip


FIELDS = (
    "grids",
    "discard_pile",
    "draw_pile",
    "current_player",
    "phase",
    "turns",
    "stall_turns",
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


class SkyjoModel(TiedDriver):
    """The extracted Skyjo model, running as a driver process."""

    def move_list(self, state: GameState) -> list[Move]:
        """The model's legal moves in ``state``, in its order."""
        answer = self.ask("L", encode_rules(state.rules) + encode_state(state))
        return _Reader(answer).moves()

    def step_numbers(self, state: GameState, move: Move) -> list[int]:
        """A step's request in the driver's encoding."""
        return encode_rules(state.rules) + encode_state(state) + encode_move(move)

    def read_state(self, answer: str) -> Snapshot:
        """A state the driver answered."""
        return _Reader(answer).snapshot()

    def deck(self, rules: Rules) -> tuple[int, ...]:
        """The cards of the rules' deck, as the model composes them (S-DECK-2)."""
        return _Reader(self.ask("K", encode_rules(rules))).pile()

    def standard_deck(self) -> tuple[int, ...]:
        """The cards of the model's standard deck (S-DECK-1), in increasing order."""
        return _Reader(self.ask("T", [])).pile()

    def deal(self, rules: Rules, positions: Sequence[int]) -> Snapshot:
        """The model's first round dealt from its own deck in the order of ``positions``."""
        return _Reader(self.ask_deal(encode_rules(rules), positions)).snapshot()


def model_perft(model: SkyjoModel, state: GameState, depth: int) -> list[list[int]]:
    """Perft by the model alone from the engine's ``state`` (as :func:`tools.coq_tie.model_perft`).

    Positions are told apart by their snapshot and the seed of their next shuffle.
    """
    return perft_by_driver(
        model,
        encode_rules(state.rules),
        (snapshot(state), encode_state(state), state.shuffle_seed),
        depth,
        moves=lambda answer: [encode_move(move) for move in _Reader(answer).moves()],
        read=lambda answer: _Reader(answer).snapshot(),
        is_over=lambda snap: snap[-1] is not None,
    )


# --- the comparison -----------------------------------------------------------------------


SKYJO = Engine(
    legal_moves=skyjo.legal_moves,
    apply=skyjo.apply,
    illegal=skyjo.IllegalMoveError,
    snapshot=snapshot,
    fields=FIELDS,
    shuffles=engine,
)
"""Skyjo's engine, for :func:`tools.coq_tie.compare_position`; its shuffles (the
S-DRAW-1 refill, the next round's deal) are the engine module's."""


def check_position(model: SkyjoModel, state: GameState, tally: Tally) -> None:
    """Compare the legal moves of ``state`` and the state after each move the engine takes."""
    compare_position(SKYJO, model, state, skyjo.all_moves(), tally)


def check_deal(
    model: SkyjoModel, rules: Rules, positions: Sequence[int], dealt: GameState, tally: Tally
) -> None:
    """Compare the engine's first round ``dealt`` with the model's, dealt from its own
    deck in the order of ``positions``."""
    tally.deals += 1
    try:
        theirs = model.deal(rules, positions)
    except NotAPermutation as error:
        tally.problems.append(f"deal: the model refuses {error}")
        return
    found = SKYJO.differences(snapshot(dealt), theirs)
    if found:
        tally.problems.append(f"deal of {tuple(positions)}: {'; '.join(found)}")


def first_round(rules: Rules, positions: Sequence[int]) -> GameState:
    """The engine's first round dealt from its deck in the order of ``positions``."""
    return engine.deal(rules, arranged(rules.deck.cards(), positions), 0, round=1, starter=0)


def check_deck(model: SkyjoModel, rules: Rules, tally: Tally) -> tuple[int, ...] | None:
    """Compare the engine's deck with the model's, card by card, in increasing order;
    the model's deck when they agree (deals are then compared), else None."""
    theirs = model.deck(rules)
    if tuple(rules.deck.cards()) != theirs:
        tally.problems.append(f"deck {rules.deck}: engine {rules.deck.cards()}, model differs")
        return None
    return theirs


def check_standard_deck(model: SkyjoModel, tally: Tally) -> None:
    """Compare the engine's standard deck with the model's (S-DECK-1)."""
    if tuple(Deck.standard().cards()) != model.standard_deck():
        tally.problems.append(f"standard deck: engine {Deck.standard()}, model differs")


DEFAULTS = ("deck", "end_score", "turn_limit", "stall_limit", "round_limit")
"""The parameters of :class:`Rules` with a default, in the order of the driver's "F"
answer: a parameter added to both is one name here and one line in skyjo_driver.ml."""


def default_numbers(value: object) -> list[int]:
    """A Skyjo rules parameter as the driver's "F" answer gives it."""
    if value is None:
        return []
    if isinstance(value, Deck):
        return [n for pair in value.copies for n in pair]
    return [value] if isinstance(value, int) else [-1]


def check_defaults(model: SkyjoModel, tally: Tally) -> None:
    """Compare the defaults of the engine's rules, for 2 to 8 players, with the model's
    own (the rules are made when this runs, so that an injected bug shows)."""
    answer = model.defaults([])
    for players in range(2, 9):
        compare_defaults(DEFAULTS, Rules(players=players), answer, default_numbers, tally)


def every_deal(model: SkyjoModel, rules: Rules, tally: Tally) -> None:
    """Compare the engine's deal with the model's for every distinct order of the deck."""
    cards = check_deck(model, rules, tally)
    if cards is None:
        return
    for order in orders(cards):
        positions = positions_of(order, cards)
        check_deal(model, rules, positions, first_round(rules, positions), tally)


DEALS: tuple[Rules, ...] = (
    Rules(players=2, deck=Deck({0: 24, 1: 1}), end_score=1),
    Rules(players=2, deck=Deck({0: 23, 1: 2}), end_score=1),
    Rules(players=3, deck=Deck({-2: 1, 0: 35, 5: 1}), end_score=1),
)
"""Tiny decks whose every order is dealt by both (25, 300 and 1,332 orders)."""


def exhaustive(
    model: SkyjoModel, starts: list[GameState], tally: Tally, max_positions: int
) -> None:
    """The first ``max_positions`` positions reachable from ``starts``, breadth first
    (:func:`tools.skyjo_exhaustive.position`)."""
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


def choose_flip(legal: list[Move], chooser: random.Random) -> Move:
    """Turning cards up, mostly: the rounds end sooner, so games reach their end."""
    flips = [move for move in legal if isinstance(move, DiscardFlip)]
    return chooser.choice(flips if flips and chooser.random() < 0.6 else legal)


def random_games(
    model: SkyjoModel, rules: Rules, tally: Tally, *, games: int, moves: int, seed: int
) -> None:
    """``games`` seeded random games of ``rules``, each compared for up to ``moves`` moves.

    The engine deals (:func:`skipbo.skyjo.new_game`) and the model deals its own deck in
    the order the seed gives; at each position every move is compared.
    """
    cards = check_deck(model, rules, tally)
    if cards is None:
        return
    chooser = random.Random(seed)
    for game in range(games):
        state = skyjo.new_game(rules, seed=seed * 1000 + game)
        check_deal(model, rules, SeededPositions(seed * 1000 + game)(len(cards)), state, tally)
        for _ in range(moves):
            check_position(model, state, tally)
            legal = skyjo.legal_moves(state)
            if not legal:
                tally.games_ended += 1
                break
            move = choose_flip(legal, chooser)
            try:
                state = skyjo.apply(state, move)
            except skyjo.IllegalMoveError:
                tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")
                break


def walks(
    model: SkyjoModel, rules: Rules, tally: Tally, *, games: int, moves: int, seed: int
) -> None:
    """``games`` games the model walks (:func:`tools.coq_tie.walk`), its own deals too."""
    cards = check_deck(model, rules, tally)
    if cards is None:
        return
    chooser = random.Random(seed)
    choose: Choose = choose_flip
    for _ in range(games):
        positions = chosen_positions(chooser)(len(cards))
        dealt = first_round(rules, positions)
        check_deal(model, rules, positions, dealt, tally)
        walk(SKYJO, model, dealt, tally, moves=moves, chooser=chooser, choose=choose)


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

LONG: tuple[tuple[str, Callable[[], Rules]], ...] = (
    ("3 players, tiny deck of three values, end score 60",
     lambda: Rules(players=3, deck=Deck({-1: 10, 0: 14, 3: 14}), end_score=60)),
)  # fmt: skip
"""A deck so small that the draw pile runs out every few turns (S-DRAW-1), with an end
score high enough for a dozen rounds, each ended by a new deal: the shuffles compared
by the hundred a game."""

LONG_MOVES = 5000
"""More moves than a game of :data:`LONG` lasts (it ends within about 500)."""


def run(
    model: SkyjoModel,
    *,
    configurations: Sequence[tuple[str, Callable[[], list[GameState]]]] = (
        skyjo_exhaustive.BOUNDED
    ),
    max_positions: int = 400,
    games: int = 1,
    moves: int = 400,
    walked: int = 1,
    long_games: int = 0,
    long_walks: int = 10,
    progress: Callable[[str], None] | None = None,
) -> Tally:
    """The tie: the defaults, every deal of the tiny decks, the tiny exhaustive
    configurations, ``games`` random games and ``walked`` walks of every variant, and
    ``long_games`` random games and ``long_walks`` walks of every :data:`LONG`
    variant, to their end (walks cost a tenth of a random game's move: they compare
    one move a position, not every one)."""
    tally = Tally()
    check_standard_deck(model, tally)
    check_defaults(model, tally)
    for tiny in DEALS:
        every_deal(model, tiny, tally)
    for name, starts in configurations:
        exhaustive(model, starts(), tally, max_positions)
        if progress:
            progress(f"exhaustive {name}: {tally.positions} positions so far")
    for index, (name, rules) in enumerate(VARIANTS):
        random_games(model, rules(), tally, games=games, moves=moves, seed=index + 1)
        walks(model, rules(), tally, games=walked, moves=moves, seed=index + 1)
        if progress:
            progress(f"{name}: {tally.positions} positions so far")
    for index, (name, rules) in enumerate(LONG):
        random_games(model, rules(), tally, games=long_games, moves=LONG_MOVES, seed=index + 1)
        walks(model, rules(), tally, games=long_walks, moves=LONG_MOVES, seed=index + 1)
        if progress:
            progress(f"{name}: {tally.reshuffles} shuffling moves so far")
    return tally
