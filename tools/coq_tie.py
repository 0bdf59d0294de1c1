"""Tie the engine to the Coq model of the rules, move by move.

The Coq model (``coq/theories/SkipBo.v``) is extracted to OCaml and built into a small
driver (``make -C coq driver``); this module asks it, for positions the engine
reaches, the legal moves and the state after each move, and compares them with the
engine's: the legal-move sets must be equal, every move the engine's
:func:`skipbo.apply` accepts must be one the model takes, and the states after a move
must be equal (every pile, card by card; hands as multisets; the turn counters; the
outcome). The reshuffle seed is the only field not compared: the model takes the
reshuffled order as an input, and the tie gives it the order the engine's shuffle
made for the cards the engine reshuffled; if the model reshuffles other cards the
driver says so and the tie reports it. Deals are compared too: the model's deal of
a deck order against :func:`skipbo.games.skipbo.deal.deal`.

Positions: every position of the exhaustive tiny games (:data:`tools.exhaustive.BOUNDED`,
or ``FULL`` with ``--full``), following the engine's seeded reshuffles, and seeded
random games of every variant (:data:`VARIANTS`).

Usage (from the repository root)::

    python -m tools.coq_tie                        # the bounded run of the test suite
    python -m tools.coq_tie --full --positions 20000 --games 200 --moves 3000   # the long run
    python -m tools.coq_tie --bugs                 # which injected rule bugs the tie catches
    python -m tools.coq_tie --perft                # both models' perft counts of docs/perft
    python -m tools.coq_tie --game skyjo           # Skyjo's tie (tools/coq_tie_skyjo.py)

Exit status 0 when the engine and the model agree everywhere, 1 otherwise. Needs
Debian's ``coq``, ``libcoq-stdlib`` and ``ocaml-nox`` (``bash tools/check`` installs them).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TypeVar

import attrs

import skipbo
from skipbo import Deck, GameState, IllegalMoveError, Move, Rules, Termination
from skipbo.common.perft import count_levels
from skipbo.common.randomness import shuffle
from skipbo.games.skipbo import draw
from skipbo.games.skipbo.codec import STATE_FIELDS
from skipbo.games.skipbo.deal import deal
from skipbo.games.skipbo.moves import Discard, Pass, PlayFromDiscard, PlayFromHand, PlayFromStock
from tools.exhaustive import BOUNDED, FULL, orders, position

ROOT = Path(__file__).resolve().parent.parent
COQ = ROOT / "coq"

Snapshot = tuple[Any, ...]
"""A state as both sides can give it: every field the rules look at, hands sorted."""


def build_driver(folder: Path, name: str = "driver") -> Path:
    """Extract a model and build its driver in a copy of ``coq/`` inside ``folder``.

    ``name`` is the driver's: ``driver`` (Skip-Bo) or ``skyjo_driver`` (Skyjo); both
    can be built in one ``folder``. Returns the driver's path.
    """
    copy = folder / "coq"
    if not copy.exists():
        shutil.copytree(
            COQ,
            copy,
            ignore=shutil.ignore_patterns(
                "*.vo*", "*.glob", ".*.aux", "*.cm*", "*.o", "driver", "skyjo_driver"
            ),
        )
    done = subprocess.run(["make", name], cwd=copy, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the driver does not build:\n{done.stdout}\n{done.stderr}")
    return copy / "extraction" / name


# --- the line protocol (see coq/extraction/driver.ml) ------------------------------------


def encode_list(items: Sequence[int]) -> list[int]:
    """A list of integers in the drivers' encoding: its length, then the items."""
    return [len(items), *items]


_pile = encode_list


def _piles(piles: Sequence[Sequence[int]]) -> list[int]:
    return [len(piles), *(n for pile in piles for n in _pile(pile))]


def encode_rules(rules: Rules, first_player: int = 0) -> list[int]:
    """The rules in the driver's encoding (``first_player``: the starting seat)."""
    deck = rules.deck
    teams = [0] if rules.teams is None else [1, *_piles(rules.teams)]
    # R-WIN-4's bounds (turn_move_limit, stall_limit) are read where the rules have
    # them; rules without them are the model's rules with neither bound.
    limits = [
        getattr(rules, name, None) for name in ("turn_limit", "turn_move_limit", "stall_limit")
    ]
    return [
        rules.players,
        *teams,
        int(rules.shared_piles),
        deck.copies,
        deck.wilds,
        deck.highest,
        rules.stock_size,
        rules.hand_size,
        rules.build_pile_count,
        rules.discard_pile_count,
        first_player,
        *(n for limit in limits for n in ([0] if limit is None else [1, limit])),
    ]


def _outcome(state: GameState) -> tuple[int, ...]:
    outcome = state.outcome
    if outcome is None:
        return (0,)
    if outcome.termination is Termination.STOCK_EMPTIED:
        return (1, outcome.team if outcome.team is not None else -1)
    if outcome.termination is Termination.BLOCKED:
        return (2,)
    return (4,) if outcome.termination is getattr(Termination, "STALLED", None) else (3,)


def encode_state(state: GameState) -> list[int]:
    """The state in the driver's encoding."""
    return [
        *_piles(state.stocks),
        len(state.discards),
        *(n for piles in state.discards for n in _piles(piles)),
        *_piles(state.hands),
        *_piles(state.builds),
        *_pile(state.draw_pile),
        *_pile(state.completed),
        state.current_player,
        state.turn,
        state.turn_moves,
        state.empty_passes,
        getattr(state, "stall_turns", 0),
        *_outcome(state),
    ]


def encode_move(move: Move) -> list[int]:
    """The move in the driver's encoding."""
    if isinstance(move, PlayFromHand):
        return [0, move.card, move.build]
    if isinstance(move, PlayFromStock):
        return [1, move.stock, move.build]
    if isinstance(move, PlayFromDiscard):
        return [2, move.discard_set, move.pile, move.build]
    if isinstance(move, Discard):
        return [3, move.card, move.pile]
    return [4]


class Reader:
    """Reads a driver's answer: integers, lists of them (length first)."""

    def __init__(self, text: str) -> None:
        self.numbers = [int(word) for word in text.split()]
        self.index = 0

    def number(self) -> int:
        """The next integer."""
        self.index += 1
        return self.numbers[self.index - 1]

    def pile(self) -> tuple[int, ...]:
        """The next list of integers (its length first)."""
        return tuple(self.number() for _ in range(self.number()))


class _Reader(Reader):
    def piles(self) -> tuple[tuple[int, ...], ...]:
        return tuple(self.pile() for _ in range(self.number()))

    def move(self) -> Move:
        kind = self.number()
        if kind == 0:
            return PlayFromHand(self.number(), self.number())
        if kind == 1:
            return PlayFromStock(self.number(), self.number())
        if kind == 2:
            return PlayFromDiscard(self.number(), self.number(), self.number())
        if kind == 3:
            return Discard(self.number(), self.number())
        return Pass()

    def moves(self) -> list[Move]:
        # The model lists a move once for each card that makes it (two 5s in the hand:
        # h5>b0 twice); a sequence of moves is counted once, as the engine lists moves.
        return list(dict.fromkeys(self.move() for _ in range(self.number())))

    def snapshot(self) -> Snapshot:
        stocks = self.piles()
        discards = tuple(self.piles() for _ in range(self.number()))
        hands = tuple(tuple(sorted(hand)) for hand in self.piles())
        builds = self.piles()
        draw_pile, completed = self.pile(), self.pile()
        counters = tuple(self.number() for _ in range(5))
        if "stall_turns" not in FIELDS:  # an engine without R-WIN-4's stall count
            counters = counters[:4]
        kind = self.number()
        outcome = (kind, self.number()) if kind == 1 else (kind,)
        return (stocks, discards, hands, builds, draw_pile, completed, *counters, outcome)


def snapshot(state: GameState) -> Snapshot:
    """The engine's state as a :data:`Snapshot`."""
    return _Reader(" ".join(map(str, encode_state(state)))).snapshot()


FIELDS = tuple(name for name in STATE_FIELDS if name not in ("rules", "shuffle_seed"))
"""A snapshot's fields: the state's, in the documents' order, but the rules (the
model's input) and the shuffle seed (the model takes each shuffle as an input)."""


class UnknownShuffle(Exception):
    """The model reshuffled cards the engine did not reshuffle."""


Shuffles = Sequence[tuple[tuple[int, ...], tuple[int, ...]]]
"""The shuffles a move made: (the cards shuffled, the order they took) pairs."""


class Driver:
    """An extracted model's driver, running as a process that answers one line a request."""

    def __init__(self, driver: Path) -> None:
        self._process = subprocess.Popen(
            [str(driver)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def close(self) -> None:
        """End the driver process."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()

    def __enter__(self: DriverT) -> DriverT:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def ask(self, command: str, numbers: list[int]) -> str:
        """The driver's answer to ``command`` with ``numbers`` (driver.ml's protocol)."""
        process = self._process
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(f"{command} {' '.join(map(str, numbers))}\n")
        process.stdin.flush()
        return process.stdout.readline().strip()

    def ask_step(self, numbers: list[int], shuffles: Shuffles) -> str | None:
        """The model's answer to a step, ``None`` if the move is illegal.

        ``numbers`` are the rules, state and move as the game encodes them; the orders
        of ``shuffles`` are told to the model after them.

        Raises:
            UnknownShuffle: if the step shuffles cards that ``shuffles`` does not hold.

        """
        table = [len(shuffles)]
        for cards, order in shuffles:
            table += encode_list(cards) + encode_list(order)
        answer = self.ask("S", numbers + table)
        if answer == "none":
            return None
        if answer == "unknown-shuffle":
            raise UnknownShuffle
        return answer


DriverT = TypeVar("DriverT", bound=Driver)


class Model(Driver):
    """The extracted Skip-Bo model, running as a driver process."""

    def legal_moves(self, state: GameState) -> set[Move]:
        """The model's legal moves in ``state``."""
        reader = _Reader(self.ask("L", encode_rules(state.rules) + encode_state(state)))
        return {reader.move() for _ in range(reader.number())}

    def step(
        self,
        state: GameState,
        move: Move,
        shuffles: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    ) -> Snapshot | None:
        """The model's state after ``move`` (``None`` if illegal); reshuffles from ``shuffles``."""
        numbers = encode_rules(state.rules) + encode_state(state) + encode_move(move)
        answer = self.ask_step(numbers, shuffles)
        return None if answer is None else _Reader(answer).snapshot()

    def deck(self, rules: Rules) -> tuple[int, ...]:
        """The cards of the rules' deck, as the model composes it (R-DECK-1, R-DECK-2)."""
        return _Reader(self.ask("K", encode_rules(rules))).pile()

    def deal(self, rules: Rules, order: Sequence[int], first_player: int) -> Snapshot:
        """The model's deal of ``order`` (top last) with ``first_player`` to start."""
        return _Reader(self.ask("D", encode_rules(rules, first_player) + _pile(order))).snapshot()


def model_perft(model: Model, state: GameState, depth: int) -> list[list[int]]:
    """Perft by the model alone (``[depth, sequences, positions, ended]`` a level).

    From the engine's ``state`` on, only the model's legal moves and steps count: each
    position is the model's own answer, fed back to it, and positions are told apart by
    their :data:`Snapshot`. The counts the engine gives (:mod:`skipbo.common.perft`)
    must be the same (docs/perft.md); a reshuffle, which the model takes as an input,
    lies deeper than the documented counts reach.
    """
    return perft_by_driver(
        model,
        encode_rules(state.rules),
        (snapshot(state), encode_state(state)),
        depth,
        moves=lambda answer: [encode_move(move) for move in _Reader(answer).moves()],
        read=lambda answer: _Reader(answer).snapshot(),
        is_over=lambda snap: snap[-1][0] != 0,
    )


def perft_by_driver(
    driver: Driver,
    rules: list[int],
    root: tuple[Snapshot, list[int]],
    depth: int,
    *,
    moves: Callable[[str], list[list[int]]],
    read: Callable[[str], Snapshot],
    is_over: Callable[[Snapshot], bool],
) -> list[list[int]]:
    """Perft by a driver's own legal moves (``L``) and steps (``S``), any game.

    ``root`` is the starting position as a :data:`Snapshot` (what tells positions
    apart) and in the driver's encoding; ``moves`` reads an ``L`` answer into the
    distinct moves (encoded), ``read`` an ``S`` answer into a snapshot.
    """

    def children(position: tuple[Snapshot, list[int]]) -> Iterator[tuple[Snapshot, list[int]]]:
        numbers = position[1]
        for move in moves(driver.ask("L", rules + numbers)):
            answer = driver.ask("S", rules + numbers + move + [0])
            if answer in ("none", "unknown-shuffle"):
                raise UnknownShuffle(f"the model cannot step {move} in perft: {answer}")
            yield read(answer), [int(n) for n in answer.split()]

    levels = count_levels(
        root,
        depth,
        children,
        is_over=lambda position: is_over(position[0]),
        key=lambda position: position[0],
    )
    return [[level.depth, level.sequences, level.positions, level.ended] for level in levels]


# --- the comparison -----------------------------------------------------------------------


def apply_watched(
    state: GameState, move: Move
) -> tuple[GameState, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """``skipbo.apply(state, move)`` and the reshuffles it made: (cards, order) pairs."""
    return watch_shuffles(draw, lambda: skipbo.apply(state, move))


ResultT = TypeVar("ResultT")


def watch_shuffles(
    module: ModuleType, action: Callable[[], ResultT]
) -> tuple[ResultT, list[tuple[tuple[int, ...], tuple[int, ...]]]]:
    """``action()`` and the shuffles ``module`` made meanwhile: (cards, order) pairs.

    The engine's shuffles are seeded; the models take each order as an input, so the
    tie hands them the orders the engine's own shuffles made.
    """
    made: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    original = vars(module)["shuffle"]

    def watched(items: Sequence[int], seed: int) -> tuple[tuple[int, ...], int]:
        order, following = original(items, seed)
        made.append((tuple(items), tuple(order)))
        return order, following

    vars(module)["shuffle"] = watched
    try:
        return action(), made
    finally:
        vars(module)["shuffle"] = original


@attrs.define
class Tally:
    """What a run compared, and every disagreement found."""

    positions: int = 0
    moves: int = 0
    deals: int = 0
    games_ended: int = 0
    """Random games compared to their end."""
    problems: list[str] = attrs.Factory(list)


class TiedModel(Protocol):
    """What the comparison asks of a game's model (:class:`Model`, Skyjo's ``SkyjoModel``)."""

    def legal_moves(self, state: Any) -> set[Any]:
        """The model's legal moves in the engine's ``state``."""

    def step(self, state: Any, move: Any, shuffles: Shuffles) -> Snapshot | None:
        """The model's state after ``move`` (``None`` if illegal), orders from ``shuffles``."""


@attrs.frozen
class Engine:
    """What the comparison asks of a game's engine, and how its states are compared."""

    legal_moves: Callable[[Any], Iterable[Any]]
    """The engine's legal moves."""
    apply: Callable[[Any, Any], tuple[Any, Shuffles]]
    """The state after a move, with the shuffles it made (:func:`watch_shuffles`)."""
    illegal: type[Exception]
    """What ``apply`` raises for an illegal move."""
    snapshot: Callable[[Any], Snapshot]
    """A state as the model's driver gives it."""
    fields: tuple[str, ...]
    """The names of a snapshot's fields, in order."""

    def differences(self, engine: Snapshot, model: Snapshot) -> list[str]:
        """The fields in which the engine's snapshot and the model's differ, with both values."""
        return [
            f"{name}: engine {mine!r}, model {theirs!r}"
            for name, mine, theirs in zip(self.fields, engine, model, strict=True)
            if mine != theirs
        ]


def compare_position(
    engine: Engine, model: TiedModel, state: Any, space: Iterable[Any], tally: Tally
) -> None:
    """Compare the legal moves of ``state`` and the state after each move the engine takes.

    Every move of ``space`` is tried on the engine; each one it accepts must be one the
    model takes, and the two states after it must be equal.
    """
    tally.positions += 1
    engine_legal = set(engine.legal_moves(state))
    model_legal = model.legal_moves(state)
    if engine_legal != model_legal:
        only_engine = sorted(map(str, engine_legal - model_legal))
        only_model = sorted(map(str, model_legal - engine_legal))
        tally.problems.append(
            f"legal moves differ (engine only {only_engine}, model only {only_model}): {state!r}"
        )
    for move in space:
        try:
            after, shuffles = engine.apply(state, move)
        except engine.illegal:
            if move in model_legal:
                tally.problems.append(f"engine refuses {move}, the model takes it: {state!r}")
            continue
        tally.moves += 1
        try:
            model_after = model.step(state, move, shuffles)
        except UnknownShuffle:
            tally.problems.append(
                f"{move}: the model shuffles other cards than the engine {shuffles}: {state!r}"
            )
            continue
        if model_after is None:
            tally.problems.append(f"engine accepts {move}, the model refuses it: {state!r}")
            continue
        found = engine.differences(engine.snapshot(after), model_after)
        if found:
            tally.problems.append(f"after {move}: {'; '.join(found)}: {state!r}")


SKIPBO = Engine(
    legal_moves=skipbo.legal_moves,
    apply=apply_watched,
    illegal=IllegalMoveError,
    snapshot=snapshot,
    fields=FIELDS,
)
"""Skip-Bo's engine, for :func:`compare_position`."""


def check_position(model: Model, state: GameState, space: Sequence[Move], tally: Tally) -> None:
    """Compare the legal moves of ``state`` and the state after each move the engine takes."""
    compare_position(SKIPBO, model, state, space, tally)


def check_deal(model: Model, rules: Rules, order: Sequence[int], tally: Tally) -> GameState:
    """Compare the engine's deal of ``order`` with the model's; return the engine's."""
    tally.deals += 1
    state = deal(rules, order, seed=0)
    found = SKIPBO.differences(snapshot(state), model.deal(rules, order, state.current_player))
    if found:
        tally.problems.append(f"deal of {order}: {'; '.join(found)}")
    return state


def check_deck(model: Model, rules: Rules, tally: Tally) -> None:
    """Compare the cards of the engine's deck with the model's (as multisets)."""
    engine, theirs = sorted(rules.deck.cards()), sorted(model.deck(rules))
    if engine != theirs:
        tally.problems.append(f"deck {rules.deck}: engine {engine}, model {theirs}")


def _successors(state: GameState, tally: Tally) -> Iterator[GameState]:
    """The states after each legal move (a move the engine lists but refuses is reported)."""
    for move in skipbo.legal_moves(state):
        try:
            yield skipbo.apply(state, move)
        except IllegalMoveError:
            tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")


def exhaustive(model: Model, rules: Rules, tally: Tally, max_positions: int) -> None:
    """Every deal of ``rules``' deck and every position reachable (seeded reshuffles)."""
    check_deck(model, rules, tally)
    space = skipbo.all_moves(rules)
    seen: set[GameState] = set()
    queue: deque[GameState] = deque()
    for order in orders(rules.deck.cards()):
        queue.append(check_deal(model, rules, order, tally))
    while queue and len(seen) < max_positions:
        state = queue.popleft()
        key = position(state)
        if key in seen:
            continue
        seen.add(key)
        check_position(model, state, space, tally)
        if state.outcome is None:
            queue.extend(_successors(state, tally))


def random_games(
    model: Model, rules: Rules, tally: Tally, *, games: int, moves: int, seed: int
) -> None:
    """``games`` seeded random games of ``rules``, each compared for up to ``moves`` moves."""
    check_deck(model, rules, tally)
    space = skipbo.all_moves(rules)
    chooser = random.Random(seed)
    for game in range(games):
        cards, _ = shuffle(rules.deck.cards(), seed * 1000 + game)
        state = check_deal(model, rules, cards, tally)
        for _ in range(moves):
            check_position(model, state, space, tally)
            legal = skipbo.legal_moves(state)
            if not legal:
                tally.games_ended += 1
                break
            # Plays first, mostly: random discards would end most turns at once.
            plays = [move for move in legal if not isinstance(move, Discard | Pass)]
            pool = plays if plays and chooser.random() < 0.8 else legal
            move = chooser.choice(pool)
            try:
                state = skipbo.apply(state, move)
            except IllegalMoveError:
                tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")
                break


SMALL = Deck(copies=2, wilds=3, highest=5)
"""A small deck whose games end within a few hundred moves, so the ends are compared."""

VARIANTS: tuple[tuple[str, Rules], ...] = (
    ("standard 2 players", Rules(players=2)),
    ("standard 3 players, IG deck", Rules(players=3, deck=Deck.international_games())),
    ("standard 5 players", Rules(players=5)),
    ("short 2 players", Rules.short(players=2)),
    ("partners 4 players", Rules.partners()),
    ("partners 6 players", Rules.partners(teams=((0, 3), (1, 4), (2, 5)))),
    ("shared piles 6 players", Rules.team_piles()),
    ("shared piles 7 players", Rules.team_piles(teams=((0, 2, 4, 6), (1, 3, 5)))),
    ("small deck 2 players", Rules(players=2, deck=SMALL, stock_size=3, hand_size=3)),
    ("small deck 4 players, turn limit",
     Rules(players=4, deck=SMALL, stock_size=2, hand_size=2, turn_limit=12)),
    ("small deck partners", Rules.partners(deck=SMALL, stock_size=2)),
    ("small deck shared piles", Rules.team_piles(deck=SMALL, stock_size=2)),
)  # fmt: skip
"""Every variant of the rules: player counts, both decks, the short game, both team
forms, a turn limit, and small decks whose games reach their ends."""


def run(
    model: Model,
    *,
    configurations: Sequence[Rules] = BOUNDED,
    max_positions: int = 400,
    games: int = 1,
    moves: int = 60,
    progress: Callable[[str], None] | None = None,
) -> Tally:
    """The tie over the exhaustive configurations and random games of every variant."""
    tally = Tally()
    for rules in configurations:
        exhaustive(model, rules, tally, max_positions)
        if progress:
            progress(f"exhaustive {rules.players} players: {tally.positions} positions so far")
    for index, (name, rules) in enumerate(VARIANTS):
        random_games(model, rules, tally, games=games, moves=moves, seed=index + 1)
        if progress:
            progress(f"{name}: {tally.positions} positions so far")
    return tally


def catch_bugs(driver: Path, game: str = "skipbo", **bounds: Any) -> dict[str, str]:
    """For each engine bug of ``game`` in the catalogue: what the tie finds with it injected.

    ``driver`` is the built ``coq/extraction`` folder's driver of ``game``.
    """
    from tools.bugs import BUGS, injected  # only this command needs the catalogue

    if game == "skyjo":
        from tools import coq_tie_skyjo  # it builds on this module

        start: Callable[[Path], Driver] = coq_tie_skyjo.SkyjoModel
        tie: Callable[..., Tally] = coq_tie_skyjo.run
    else:
        start, tie = Model, run
    found: dict[str, str] = {}
    for bug in BUGS:
        if bug.game != game:
            continue
        with start(driver) as model, injected(bug):
            try:
                tally = tie(model, **bounds)
            except Exception as error:  # a bug may crash the engine: caught
                found[bug.name] = f"caught: the engine fails ({type(error).__name__})"
                continue
        found[bug.name] = f"caught: {tally.problems[0][:150]}" if tally.problems else "not caught"
    return found


def main(argv: list[str] | None = None) -> int:
    """Build the driver, run the tie, print the figures; 0 when engine and model agree."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--game", choices=("skipbo", "skyjo"), default="skipbo", help="the game to tie"
    )
    parser.add_argument("--full", action="store_true", help="every exhaustive configuration")
    parser.add_argument("--positions", type=int, default=400, help="positions per configuration")
    parser.add_argument("--games", type=int, default=1, help="random games per variant")
    parser.add_argument(
        "--moves", type=int, help="moves per random game (Skip-Bo 60, Skyjo 400: to their end)"
    )
    parser.add_argument("--bugs", action="store_true", help="which injected bugs the tie catches")
    parser.add_argument(
        "--perft", action="store_true", help="the model's perft counts of docs/perft's deals"
    )
    args = parser.parse_args(argv)
    skyjo = args.game == "skyjo"
    if skyjo:
        from tools import coq_tie_skyjo, skyjo_exhaustive  # it builds on this module

        start: Callable[[Path], Driver] = coq_tie_skyjo.SkyjoModel
        tie: Callable[..., Tally] = coq_tie_skyjo.run
        configurations: Any = skyjo_exhaustive.FULL if args.full else skyjo_exhaustive.BOUNDED
    else:
        start, tie = Model, run
        configurations = FULL if args.full else BOUNDED
    bounds: dict[str, Any] = {
        "configurations": configurations,
        "max_positions": args.positions,
        "games": args.games,
        "moves": args.moves if args.moves is not None else 400 if skyjo else 60,
    }
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="skipbo-tie-") as temporary:
        driver = build_driver(Path(temporary), "skyjo_driver" if skyjo else "driver")
        if args.bugs:
            for name, verdict in catch_bugs(driver, args.game, **bounds).items():
                print(f"{name}: {verdict}")
            return 0
        if args.perft:
            return _perft(Path(temporary))
        with start(driver) as model:
            tally = tie(model, progress=print, **bounds)
    for problem in tally.problems[:20]:
        print(problem)
    print(
        f"engine and model compared: {tally.deals} deals, {tally.positions} positions, "
        f"{tally.moves} moves, {tally.games_ended} games to their end, "
        f"{len(tally.problems)} disagreements "
        f"({time.monotonic() - started:.0f} s)"
    )
    return 1 if tally.problems else 0


def _perft(folder: Path) -> int:
    """Count every deal of docs/perft with its game's model; 0 when all agree."""
    from tools import coq_tie_skyjo, perft_deals  # only this command needs them

    documented = json.loads(perft_deals.COUNTS.read_text(encoding="utf-8"))
    wrong = 0
    with (
        Model(build_driver(folder)) as model,
        coq_tie_skyjo.SkyjoModel(build_driver(folder, "skyjo_driver")) as skyjo_model,
    ):
        for name in perft_deals.VARIANTS:
            deal, depth = perft_deals.load(name), len(documented[name]) - 1
            if name.startswith("skyjo"):
                counts = coq_tie_skyjo.model_perft(skyjo_model, deal, depth)
            else:
                counts = model_perft(model, deal, depth)
            agree = counts == documented[name]
            wrong += not agree
            print(f"{name}: {counts[-1]} {'agrees' if agree else 'DIFFERS'}", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
