"""Tie the engine to the Coq model of the rules, move by move.

The Coq model (``coq/theories/SkipBo.v``) is extracted to OCaml and built into a small
driver (``make -C coq driver``); this module asks it, for positions the engine
reaches, the legal moves and the state after each move, and compares them with the
engine's: the legal-move sets must be equal, every move the engine's
:func:`skipbo.apply` accepts must be one the model takes, and the states after a move
must be equal (every pile, card by card; hands as multisets; the turn counters; the
whole outcome: how the game ended, the winning team and its seats).

Shuffles are inputs of the model, handed to it as positions, never as cards: the
model shuffles its own cards, the ``i``-th card of the new order being the one at the
``i``-th position (``apply_perm``, coq/theories/Perm.v, which refuses positions that
are no permutation). The positions are those the state's seed gives through the
project's shuffle (:class:`SeededPositions`), computed by the tie, not read from the
engine's reshuffle: a reshuffle that loses, doubles or swaps a card disagrees. The
deal too: the model deals its own deck (R-DECK-1/2) in the order of the positions of
the engine's deal. The rules' defaults are the model's own, compared with the
engine's (:func:`check_defaults`).

Positions: the first ``--positions`` positions of each exhaustive tiny configuration
(:data:`tools.exhaustive.BOUNDED`, or ``FULL`` with ``--full``), breadth first,
following the engine's seeded reshuffles, from every deal of its deck; seeded random
games of every variant (:data:`VARIANTS`), every move of every position compared;
games the model walks (:func:`walk`: its own moves and its own positions for every
shuffle, the engine made to follow); and long games on tiny decks (:data:`LONG`),
where the draw pile runs out every few turns.

Usage (from the repository root)::

    python -m tools.coq_tie                        # the bounded run of the test suite
    python -m tools.coq_tie --full --positions 20000 --games 200 --moves 3000 \
        --walks 20 --long-games 1600 --long-walks 1600    # the long run
    python -m tools.coq_tie --json                 # the figures as one JSON object
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
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

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


TERMINATIONS = {
    Termination.STOCK_EMPTIED: 1,
    Termination.BLOCKED: 2,
    Termination.TURN_LIMIT: 3,
    Termination.STALLED: 4,
}
"""Each way a game ends, by its code in the driver's encoding."""


def encode_state(state: GameState) -> list[int]:
    """The state in the driver's encoding."""
    outcome = state.outcome
    ended = [0] if outcome is None else [TERMINATIONS[outcome.termination]]
    if outcome is not None and outcome.termination is Termination.STOCK_EMPTIED:
        ended.append(outcome.team if outcome.team is not None else -1)
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
        state.stall_turns,
        *ended,
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
        self.numbers = list(map(int, text.split()))
        self.index = 0

    def number(self) -> int:
        """The next integer."""
        index = self.index
        self.index = index + 1
        return self.numbers[index]

    def pile(self) -> tuple[int, ...]:
        """The next list of integers (its length first)."""
        start = self.index + 1
        self.index = start + self.numbers[start - 1]
        return tuple(self.numbers[start : self.index])


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

    def snapshot(self, *, answer: bool = True) -> Snapshot:
        """A state; ``answer``: the model's, whose stock emptied outcome names the winners."""
        stocks = self.piles()
        discards = tuple(self.piles() for _ in range(self.number()))
        hands = tuple(tuple(sorted(hand)) for hand in self.piles())
        builds = self.piles()
        draw_pile, completed = self.pile(), self.pile()
        counters = tuple(self.number() for _ in range(5))
        if "stall_turns" not in FIELDS:  # an engine without R-WIN-4's stall count
            counters = counters[:4]
        kind = self.number()
        outcome: tuple[Any, ...] = (kind, -1, ())
        if kind == 1:
            team = self.number()
            outcome = (kind, team, self.pile() if answer else ())
        return (stocks, discards, hands, builds, draw_pile, completed, *counters, outcome)


def snapshot(state: GameState) -> Snapshot:
    """The engine's state as a :data:`Snapshot`: its outcome whole (the way it ended,
    the winning team, -1 for none, and the winning seats)."""
    snap = _Reader(" ".join(map(str, encode_state(state)))).snapshot(answer=False)
    outcome = state.outcome
    if outcome is None:
        return snap
    ended = TERMINATIONS[outcome.termination]
    team = -1 if outcome.team is None else outcome.team
    return (*snap[:-1], (ended, team, tuple(outcome.winners)))


FIELDS = tuple(name for name in STATE_FIELDS if name not in ("rules", "shuffle_seed"))
"""A snapshot's fields: the state's, in the documents' order, but the rules (the
model's input) and the shuffle seed (the model takes each shuffle as an input)."""


class NotAPermutation(Exception):
    """The positions handed to a model for a shuffle are no permutation: it refuses them."""


class ShuffleMismatch(Exception):
    """In a model walk, the engine shuffles other cards than the model (or none)."""


Positions = Callable[[int], tuple[int, ...]]
"""Where a step's shuffle positions come from: the number of cards shuffled -> the
positions (the new order's ``i``-th card is the one at ``positions[i]``)."""


class SeededPositions:
    """The positions the project's seeded shuffle gives, the seeds chained as a state's.

    :func:`skipbo.common.randomness.shuffle` moves positions whatever the cards (its
    swaps depend on the seed and the length only), so the order in which a correct
    engine shuffles ``n`` cards with ``seed`` takes the cards at these positions. They
    are computed here from the state's seed and the model's count of cards, not from
    the cards the engine shuffled: an engine whose reshuffle loses, doubles or swaps a
    card then disagrees with the model.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        """The seed of the next shuffle."""

    def __call__(self, count: int) -> tuple[int, ...]:
        order, self.seed = shuffle(range(count), self.seed)
        return order


def chosen_positions(chooser: random.Random) -> Positions:
    """Positions the tie chooses itself (model walks): any permutation, not a seed's."""

    def positions(count: int) -> tuple[int, ...]:
        order = list(range(count))
        chooser.shuffle(order)
        return tuple(order)

    return positions


def arranged(cards: Sequence[int], positions: Sequence[int]) -> tuple[int, ...]:
    """The cards in the order of ``positions`` (as the drivers' ``apply_perm``)."""
    return tuple(cards[position] for position in positions)


def positions_of(order: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    """Positions that arrange ``cards`` into ``order`` (equal cards taken in turn)."""
    places: dict[int, deque[int]] = {}
    for index, card in enumerate(cards):
        places.setdefault(card, deque()).append(index)
    return tuple(places[card].popleft() for card in order)


MAX_SHUFFLES = 4
"""More shuffles than any step makes (Skip-Bo: one draw; Skyjo: a refill or a deal)."""

BATCH = 16
"""Requests sent to a driver before its answers are read: few enough that the
requests and the answers (a few kilobytes each) fit the pipes, so neither process
waits on the other while both write."""


class Driver:
    """An extracted model's driver, running as a process that answers one line a request."""

    def __init__(self, driver: Path) -> None:
        self._process = subprocess.Popen(
            [str(driver)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
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
        return self.ask_all([(command, numbers)])[0]

    def ask_all(self, requests: Sequence[tuple[str, list[int]]]) -> list[str]:
        """The driver's answers to ``requests``, sent :data:`BATCH` at a time (one
        flush, and one wait for the driver, a batch rather than a request)."""
        process = self._process
        assert process.stdin is not None
        assert process.stdout is not None
        answers: list[str] = []
        for start in range(0, len(requests), BATCH):
            batch = requests[start : start + BATCH]
            for command, numbers in batch:
                process.stdin.write(f"{command} {' '.join(map(str, numbers))}\n")
            process.stdin.flush()
            answers += [process.stdout.readline().strip() for _ in batch]
        return answers

    def ask_steps(
        self, requests: Sequence[tuple[list[int], Positions]]
    ) -> list[tuple[str, list[tuple[int, ...]]]]:
        """The model's answers to steps, and the positions of the shuffles each made.

        Each request is the rules, state and move as the game encodes them, and where
        the positions of its shuffles come from. The model says how many cards a
        shuffle takes ("shuffle n"); the step is then asked again with the positions
        for them. An answer is the next state, "none" (an illegal move) or
        "not-a-permutation" (the model refuses the positions).
        """
        first = self.ask_all([("S", numbers + [0]) for numbers, _ in requests])
        answers = []
        for (numbers, positions), answer in zip(requests, first, strict=True):
            table: list[tuple[int, ...]] = []
            while answer.startswith("shuffle ") and len(table) < MAX_SHUFFLES:
                table.append(positions(int(answer.split()[1])))
                shuffles = [len(table), *(n for entry in table for n in encode_list(entry))]
                answer = self.ask("S", numbers + shuffles)
            answers.append((answer, table))
        return answers

    def ask_deal(self, numbers: list[int], positions: Sequence[int]) -> str:
        """The model's deal of its own deck in the order of ``positions``.

        Raises:
            NotAPermutation: if they are no permutation of the model's deck.

        """
        answer = self.ask("D", numbers + encode_list(positions))
        if answer == "not-a-permutation":
            raise NotAPermutation(f"deal positions {tuple(positions)}")
        return answer

    def defaults(self, numbers: list[int]) -> list[tuple[int, ...]]:
        """The model's defaults ("F"), each field a list of integers."""
        reader = Reader(self.ask("F", numbers))
        fields = []
        while reader.index < len(reader.numbers):
            fields.append(reader.pile())
        return fields


DriverT = TypeVar("DriverT", bound=Driver)


class TiedDriver(Driver):
    """A game's model behind its driver: what the comparison asks of it."""

    def legal_moves(self, state: Any) -> set[Any]:
        """The model's legal moves in the engine's ``state``."""
        return set(self.move_list(state))

    def move_list(self, state: Any) -> list[Any]:
        """The model's legal moves in the engine's ``state``, in its order, each once."""
        raise NotImplementedError

    def step_numbers(self, state: Any, move: Any) -> list[int]:
        """A step's request: the rules, ``state`` and ``move`` in the driver's encoding."""
        raise NotImplementedError

    def read_state(self, answer: str) -> Snapshot:
        """A state the driver answered, as a :data:`Snapshot`."""
        raise NotImplementedError

    def steps(
        self, state: Any, moves: Sequence[Any], positions: Callable[[], Positions]
    ) -> list[tuple[Snapshot | None, list[tuple[int, ...]]]]:
        """The model's state after each of ``moves`` (``None`` if illegal) and its
        shuffles' positions, each step's from a fresh ``positions()``.

        Raises:
            NotAPermutation: if the model refuses the positions.

        """
        requests = [(self.step_numbers(state, move), positions()) for move in moves]
        found: list[tuple[Snapshot | None, list[tuple[int, ...]]]] = []
        for answer, made in self.ask_steps(requests):
            if answer == "not-a-permutation" or answer.startswith("shuffle "):
                # (positions refused, or more shuffles asked for than any step makes)
                raise NotAPermutation(f"{answer}: positions {[entry[:12] for entry in made]}")
            found.append((None if answer == "none" else self.read_state(answer), made))
        return found

    def step(
        self, state: Any, move: Any, positions: Positions
    ) -> tuple[Snapshot | None, list[tuple[int, ...]]]:
        """The model's state after ``move`` (``None`` if illegal), its shuffles' positions
        from ``positions``, and those positions."""
        return self.steps(state, [move], lambda: positions)[0]


class Model(TiedDriver):
    """The extracted Skip-Bo model, running as a driver process."""

    def move_list(self, state: GameState) -> list[Move]:
        """The model's legal moves in ``state``, in its order, each once."""
        return _Reader(self.ask("L", encode_rules(state.rules) + encode_state(state))).moves()

    def step_numbers(self, state: GameState, move: Move) -> list[int]:
        """A step's request in the driver's encoding."""
        return encode_rules(state.rules) + encode_state(state) + encode_move(move)

    def read_state(self, answer: str) -> Snapshot:
        """A state the driver answered."""
        return _Reader(answer).snapshot()

    def deck(self, rules: Rules) -> tuple[int, ...]:
        """The cards of the rules' deck, as the model composes it (R-DECK-1, R-DECK-2)."""
        return _Reader(self.ask("K", encode_rules(rules))).pile()

    def deal(self, rules: Rules, positions: Sequence[int], first_player: int) -> Snapshot:
        """The model's deal of its own deck in the order of ``positions`` (top last),
        ``first_player`` to start."""
        answer = self.ask_deal(encode_rules(rules, first_player), positions)
        return _Reader(answer).snapshot()


def model_perft(model: Model, state: GameState, depth: int) -> list[list[int]]:
    """Perft by the model alone (``[depth, sequences, positions, ended]`` a level).

    From the engine's ``state`` on, only the model's legal moves and steps count: each
    position is the model's own answer, fed back to it, and positions are told apart by
    their :data:`Snapshot` and the seed of their next shuffle. The counts the engine
    gives (:mod:`skipbo.common.perft`) must be the same (docs/perft.md).
    """
    return perft_by_driver(
        model,
        encode_rules(state.rules),
        (snapshot(state), encode_state(state), state.shuffle_seed),
        depth,
        moves=lambda answer: [encode_move(move) for move in _Reader(answer).moves()],
        read=lambda answer: _Reader(answer).snapshot(),
        is_over=lambda snap: snap[-1][0] != 0,
    )


Position = tuple[Snapshot, list[int], int]
"""A position of a model's perft: its snapshot, its encoding and its next shuffle's seed."""


def perft_by_driver(
    driver: Driver,
    rules: list[int],
    root: Position,
    depth: int,
    *,
    moves: Callable[[str], list[list[int]]],
    read: Callable[[str], Snapshot],
    is_over: Callable[[Snapshot], bool],
) -> list[list[int]]:
    """Perft by a driver's own legal moves (``L``) and steps (``S``), any game.

    ``root`` is the starting position as a :data:`Snapshot` (what tells positions
    apart, with the seed), in the driver's encoding, and the seed of its next shuffle;
    ``moves`` reads an ``L`` answer into the distinct moves (encoded), ``read`` an
    ``S`` answer into a snapshot. A reshuffle takes the positions the seed gives
    (:class:`SeededPositions`), and the child keeps the seed that follows, as the
    engine's state does.
    """

    def children(position: Position) -> Iterator[Position]:
        numbers, seed = position[1], position[2]
        listed = moves(driver.ask("L", rules + numbers))
        requests = [(rules + numbers + move, SeededPositions(seed)) for move in listed]
        for (_, positions), (answer, _) in zip(requests, driver.ask_steps(requests), strict=True):
            if answer in ("none", "not-a-permutation") or answer.startswith("shuffle "):
                raise NotAPermutation(f"the model cannot make a move it lists in perft: {answer}")
            yield read(answer), [int(n) for n in answer.split()], positions.seed

    levels = count_levels(
        root,
        depth,
        children,
        is_over=lambda position: is_over(position[0]),
        key=lambda position: (position[0], position[2]),
    )
    return [[level.depth, level.sequences, level.positions, level.ended] for level in levels]


# --- the comparison -----------------------------------------------------------------------


@contextmanager
def forced_shuffles(module: ModuleType, table: Sequence[tuple[int, ...]]) -> Iterator[None]:
    """While the block runs, the engine's shuffles (``module.shuffle``) take ``table``'s
    positions in turn, the model's.

    The engine takes no order as an input: its shuffles are seeded. In a model walk the
    model's positions are not a seed's, so they replace what the seeded primitive would
    choose, at the engine's own call: the engine still decides which cards it shuffles
    and where the order goes, and a shuffle of other cards than the model's (another
    count, or one too many or too few) raises :class:`ShuffleMismatch`.
    """
    original = vars(module)["shuffle"]
    pending = deque(table)

    def forced(items: Sequence[int], seed: int) -> tuple[tuple[int, ...], int]:
        following = original((), seed)[1]
        if not items:
            return (), following  # an empty pile: the model needs no positions
        if not pending or len(pending[0]) != len(items):
            raise ShuffleMismatch(f"the engine shuffles {len(items)} cards, the model {table}")
        return arranged(items, pending.popleft()), following

    vars(module)["shuffle"] = forced
    try:
        yield
    finally:
        vars(module)["shuffle"] = original
    if pending:
        raise ShuffleMismatch(f"the model shuffles {table}, the engine does not")


@attrs.define
class Tally:
    """What a run compared, and every disagreement found."""

    positions: int = 0
    moves: int = 0
    """Moves whose next states were compared (the model's walks' included)."""
    reshuffles: int = 0
    """Of those, the moves that shuffle (a reshuffle, or Skyjo's next deal)."""
    outcomes: int = 0
    """Of those, the moves that end the game: the whole outcome compared."""
    walked: int = 0
    """Of those, the moves the model chose (:func:`walk`)."""
    deals: int = 0
    defaults: int = 0
    """Rules whose defaults were compared with the model's own."""
    games_ended: int = 0
    """Random games and walks compared to their end."""
    problems: list[str] = attrs.Factory(list)

    def summary(self) -> dict[str, int]:
        """The figures, for the JSON summary (``--json``)."""
        figures = attrs.asdict(self)
        figures["disagreements"] = len(figures.pop("problems"))
        return figures


@attrs.frozen
class Engine:
    """What the comparison asks of a game's engine, and how its states are compared."""

    legal_moves: Callable[[Any], Iterable[Any]]
    """The engine's legal moves."""
    apply: Callable[[Any, Any], Any]
    """The state after a move."""
    illegal: type[Exception]
    """What ``apply`` raises for an illegal move."""
    snapshot: Callable[[Any], Snapshot]
    """A state as the model's driver gives it."""
    fields: tuple[str, ...]
    """The names of a snapshot's fields, in order."""
    shuffles: ModuleType
    """The module whose ``shuffle`` the engine's moves call (:func:`forced_shuffles`)."""

    def differences(self, engine: Snapshot, model: Snapshot) -> list[str]:
        """The fields in which the engine's snapshot and the model's differ, with both values."""
        return [
            f"{name}: engine {mine!r}, model {theirs!r}"
            for name, mine, theirs in zip(self.fields, engine, model, strict=True)
            if mine != theirs
        ]

    def apply_shuffled(self, state: Any, move: Any, table: Sequence[tuple[int, ...]]) -> Any:
        """The state after ``move``, its shuffles taking ``table``'s positions."""
        with forced_shuffles(self.shuffles, table):
            return self.apply(state, move)


def compare_step(
    engine: Engine,
    tally: Tally,
    where: tuple[str, Any, Any],
    after: Any,
    model_after: Snapshot,
    made: Sequence[tuple[int, ...]],
) -> bool:
    """Count a compared move and record how the two states after it differ; True if equal.

    ``where`` names the comparison, the move and the state before it (made into text
    only for a problem: a state's text takes longer than its comparison).
    """
    tally.moves += 1
    tally.reshuffles += bool(made)
    tally.outcomes += after.outcome is not None
    found = engine.differences(engine.snapshot(after), model_after)
    if found:
        kind, move, state = where
        tally.problems.append(f"{kind}after {move}: {'; '.join(found)}: {state!r}")
    return not found


def compare_position(
    engine: Engine, model: TiedDriver, state: Any, space: Iterable[Any], tally: Tally
) -> None:
    """Compare the legal moves of ``state`` and the state after each move the engine takes.

    Every move of ``space`` is tried on the engine; each one it accepts must be one the
    model takes, and the two states after it must be equal. The model's shuffles take
    the positions of the state's seed (:class:`SeededPositions`).
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
    accepted = []
    for move in space:
        try:
            accepted.append((move, engine.apply(state, move)))
        except engine.illegal:
            if move in model_legal:
                tally.problems.append(f"engine refuses {move}, the model takes it: {state!r}")
    try:
        answers = model.steps(
            state, [move for move, _ in accepted], lambda: SeededPositions(state.shuffle_seed)
        )
    except NotAPermutation as error:
        tally.problems.append(f"the model refuses the seed's {error}: {state!r}")
        return
    for (move, after), (model_after, made) in zip(accepted, answers, strict=True):
        if model_after is None:
            tally.problems.append(f"engine accepts {move}, the model refuses it: {state!r}")
            continue
        compare_step(engine, tally, ("", move, state), after, model_after, made)


Choose = Callable[[list[Any], random.Random], Any]
"""How a random game picks its next move among the legal ones."""


def walk(
    engine: Engine,
    model: TiedDriver,
    state: Any,
    tally: Tally,
    *,
    moves: int,
    chooser: random.Random,
    choose: Choose,
) -> None:
    """The model walks from ``state`` for up to ``moves`` moves, the engine following.

    At each position the legal moves must be the same; the model's move is chosen among
    its own, its shuffles take positions the tie chooses (:func:`chosen_positions`,
    not a seed's), and the engine makes the same move with the same shuffles
    (:func:`forced_shuffles`); the two states after it must be equal. So the positions
    compared are the model's, not only those the engine's seeds lead to.
    """
    for _ in range(moves):
        tally.positions += 1
        listed = model.move_list(state)
        engine_legal = set(engine.legal_moves(state))
        if engine_legal != set(listed):
            tally.problems.append(f"walk: legal moves differ, engine {engine_legal}: {state!r}")
            return
        if not listed:
            tally.games_ended += 1
            return
        move = choose(listed, chooser)
        model_after, made = model.step(state, move, chosen_positions(chooser))
        if model_after is None:
            tally.problems.append(f"walk: the model lists {move} and refuses it: {state!r}")
            return
        try:
            after = engine.apply_shuffled(state, move, made)
        except (engine.illegal, ShuffleMismatch) as error:
            tally.problems.append(f"walk: the engine fails {move} ({error}): {state!r}")
            return
        tally.walked += 1
        if not compare_step(engine, tally, ("walk: ", move, state), after, model_after, made):
            return
        state = after


def compare_defaults(
    fields: Sequence[str],
    rules: Any,
    model: Sequence[tuple[int, ...]],
    numbers: Callable[[object], list[int]],
    tally: Tally,
) -> None:
    """Compare the engine's defaults (``rules``' ``fields``) with the model's own.

    ``model`` is the driver's answer to "F", a list of integers a field in the order
    of ``fields``; ``numbers`` encodes an engine value the same way (None: empty).
    """
    tally.defaults += 1
    if len(model) != len(fields):
        tally.problems.append(f"defaults: the model gives {len(model)} fields, not {fields}")
        return
    for name, theirs in zip(fields, model, strict=True):
        mine = getattr(rules, name)
        if tuple(numbers(mine)) != theirs:
            tally.problems.append(f"default {name} of {rules!r}: engine {mine!r}, model {theirs}")


SKIPBO = Engine(
    legal_moves=skipbo.legal_moves,
    apply=skipbo.apply,
    illegal=IllegalMoveError,
    snapshot=snapshot,
    fields=FIELDS,
    shuffles=draw,
)
"""Skip-Bo's engine, for :func:`compare_position`; its reshuffles are :mod:`draw`'s."""


def check_position(model: Model, state: GameState, space: Sequence[Move], tally: Tally) -> None:
    """Compare the legal moves of ``state`` and the state after each move the engine takes."""
    compare_position(SKIPBO, model, state, space, tally)


def first_seat(rules: Rules, dealt: GameState) -> int:
    """The seat the model's deal starts with: the rules' seat (R-SETUP-5 (c), the
    default); under (a) and (b), which the model leaves out, the seat the engine chose."""
    return rules.first_player if isinstance(rules.first_player, int) else dealt.current_player


def check_deal(
    model: Model, rules: Rules, positions: Sequence[int], dealt: GameState, tally: Tally
) -> None:
    """Compare the engine's deal ``dealt`` with the model's deal of its own deck in the
    order of ``positions``."""
    tally.deals += 1
    try:
        theirs = model.deal(rules, positions, first_seat(rules, dealt))
    except NotAPermutation as error:
        tally.problems.append(f"deal: the model refuses {error}")
        return
    found = SKIPBO.differences(snapshot(dealt), theirs)
    if found:
        tally.problems.append(f"deal of {tuple(positions)}: {'; '.join(found)}")


def check_deck(model: Model, rules: Rules, tally: Tally) -> tuple[int, ...] | None:
    """Compare the cards of the engine's deck with the model's, in order; the model's
    deck when they agree (deals are then compared), else None."""
    engine, theirs = rules.deck.cards(), model.deck(rules)
    if engine != theirs:
        tally.problems.append(f"deck {rules.deck}: engine {engine}, model {theirs}")
        return None
    return theirs


DEFAULTS = (
    "deck",
    "stock_size",
    "hand_size",
    "build_pile_count",
    "discard_pile_count",
    "first_player",
    "turn_limit",
    "turn_move_limit",
    "stall_limit",
)
"""The parameters of :class:`Rules` with a default, in the order of the driver's "F"
answer: a parameter added to both is one name here and one line in driver.ml."""


def default_numbers(value: object) -> list[int]:
    """A Skip-Bo rules parameter as the driver's "F" answer gives it."""
    if value is None:
        return []
    if isinstance(value, Deck):
        return [value.copies, value.wilds, value.highest]
    if isinstance(value, int):
        return [int(value)]
    return [-1]  # a FirstPlayer rule where the rules' default is a seat


def check_defaults(model: Model, tally: Tally) -> None:
    """Compare the defaults of the engine's rules with the model's own (R-SETUP-2, ..),
    for every individual player count and every form of team play. The rules are made
    when this runs, so that an injected bug in a default shows."""
    configurations = [Rules(players=players) for players in range(2, 7)]
    configurations += [
        Rules(players=4, teams=((0, 2), (1, 3))),
        Rules(players=6, teams=((0, 3), (1, 4), (2, 5))),
        Rules(players=6, teams=((0, 2, 4), (1, 3, 5)), shared_piles=True),
        Rules(players=9, teams=((0, 3, 6), (1, 4, 7), (2, 5, 8)), shared_piles=True),
    ]
    for rules in configurations:
        answer = model.defaults(encode_rules(rules))
        compare_defaults(DEFAULTS, rules, answer, default_numbers, tally)


def _successors(state: GameState, tally: Tally) -> Iterator[GameState]:
    """The states after each legal move (a move the engine lists but refuses is reported)."""
    for move in skipbo.legal_moves(state):
        try:
            yield skipbo.apply(state, move)
        except IllegalMoveError:
            tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")


def exhaustive(model: Model, rules: Rules, tally: Tally, max_positions: int) -> None:
    """Every deal of ``rules``' deck, and the first ``max_positions`` positions reachable
    from them, breadth first (the engine's seeded reshuffles)."""
    cards = check_deck(model, rules, tally)
    if cards is None:
        return
    space = skipbo.all_moves(rules)
    seen: set[GameState] = set()
    queue: deque[GameState] = deque()
    for order in orders(cards):
        positions = positions_of(order, cards)
        dealt = deal(rules, arranged(rules.deck.cards(), positions), seed=0)
        check_deal(model, rules, positions, dealt, tally)
        queue.append(dealt)
    while queue and len(seen) < max_positions:
        state = queue.popleft()
        key = position(state)
        if key in seen:
            continue
        seen.add(key)
        check_position(model, state, space, tally)
        if state.outcome is None:
            queue.extend(_successors(state, tally))


def choose_play(legal: list[Move], chooser: random.Random) -> Move:
    """Plays first, mostly: random discards would end most turns at once."""
    plays = [move for move in legal if not isinstance(move, Discard | Pass)]
    return chooser.choice(plays if plays and chooser.random() < 0.8 else legal)


def random_games(
    model: Model, rules: Rules, tally: Tally, *, games: int, moves: int, seed: int
) -> None:
    """``games`` seeded random games of ``rules``, each compared for up to ``moves`` moves.

    The engine deals (:func:`skipbo.new_game`) and the model deals its own deck in the
    order the seed gives; at each position every move is compared.
    """
    cards = check_deck(model, rules, tally)
    if cards is None:
        return
    space = skipbo.all_moves(rules)
    chooser = random.Random(seed)
    for game in range(games):
        state = skipbo.new_game(rules, seed=seed * 1000 + game)
        check_deal(model, rules, SeededPositions(seed * 1000 + game)(len(cards)), state, tally)
        for _ in range(moves):
            check_position(model, state, space, tally)
            legal = skipbo.legal_moves(state)
            if not legal:
                tally.games_ended += 1
                break
            move = choose_play(legal, chooser)
            try:
                state = skipbo.apply(state, move)
            except IllegalMoveError:
                tally.problems.append(f"the engine lists {move} and refuses it: {state!r}")
                break


def walks(model: Model, rules: Rules, tally: Tally, *, games: int, moves: int, seed: int) -> None:
    """``games`` games the model walks (:func:`walk`), from deals whose order it is given."""
    cards = check_deck(model, rules, tally)
    if cards is None:
        return
    chooser = random.Random(seed)
    for _ in range(games):
        positions = chosen_positions(chooser)(len(cards))
        dealt = deal(rules, arranged(rules.deck.cards(), positions), seed=0)
        check_deal(model, rules, positions, dealt, tally)
        walk(SKIPBO, model, dealt, tally, moves=moves, chooser=chooser, choose=choose_play)


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

LONG: tuple[tuple[str, Rules], ...] = (
    ("tiny deck, long stocks, 2 players",
     Rules(players=2, deck=Deck(copies=8, wilds=2, highest=3), stock_size=10, hand_size=2,
           build_pile_count=1, discard_pile_count=1)),
    ("tiny deck, long stocks, 3 players",
     Rules(players=3, deck=Deck(copies=8, wilds=1, highest=2), stock_size=5, hand_size=1,
           build_pile_count=1, discard_pile_count=1)),
    ("tiny deck, long stocks, partners",
     Rules(players=4, teams=((0, 2), (1, 3)), deck=Deck(copies=8, wilds=2, highest=3),
           stock_size=4, hand_size=2, build_pile_count=1, discard_pile_count=1)),
)  # fmt: skip
"""Decks so small that the draw pile runs out every few turns, with stock piles long
enough that the games last: the reshuffles (R-DRAW-2) and the ends, partners' wins
among them, compared by the hundred a game."""


def run(
    model: Model,
    *,
    configurations: Sequence[Rules] = BOUNDED,
    max_positions: int = 400,
    games: int = 1,
    moves: int = 60,
    walked: int = 1,
    long_games: int = 18,
    long_walks: int = 18,
    progress: Callable[[str], None] | None = None,
) -> Tally:
    """The tie: the defaults, the exhaustive configurations, ``games`` random games of
    every variant and ``walked`` games the model walks of every variant, and
    ``long_games`` random games and ``long_walks`` walks of every :data:`LONG` variant,
    to their end."""
    tally = Tally()
    check_defaults(model, tally)
    for rules in configurations:
        exhaustive(model, rules, tally, max_positions)
        if progress:
            progress(f"exhaustive {rules.players} players: {tally.positions} positions so far")
    for index, (name, rules) in enumerate(VARIANTS):
        random_games(model, rules, tally, games=games, moves=moves, seed=index + 1)
        walks(model, rules, tally, games=walked, moves=moves, seed=index + 1)
        if progress:
            progress(f"{name}: {tally.positions} positions so far")
    for index, (name, rules) in enumerate(LONG):
        random_games(model, rules, tally, games=long_games, moves=LONG_MOVES, seed=index + 1)
        walks(model, rules, tally, games=long_walks, moves=LONG_MOVES, seed=index + 1)
        if progress:
            progress(f"{name}: {tally.reshuffles} reshuffles so far")
    return tally


LONG_MOVES = 2000
"""More moves than a game of :data:`LONG` lasts (it ends within a few hundred)."""


def catch_bugs(driver: Path, game: str = "skipbo", **bounds: Any) -> dict[str, str]:
    """For each engine bug of ``game`` in the catalogue: what the tie finds with it injected.

    ``driver`` is the built ``coq/extraction`` folder's driver of ``game``.
    """
    from tools.bugs import BUGS, TIE_BUGS, injected  # only this command needs the catalogue

    if game == "skyjo":
        from tools import coq_tie_skyjo  # it builds on this module

        start: Callable[[Path], Driver] = coq_tie_skyjo.SkyjoModel
        tie: Callable[..., Tally] = coq_tie_skyjo.run
    else:
        start, tie = Model, run
    found: dict[str, str] = {}
    for bug in BUGS + TIE_BUGS:
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
    parser.add_argument("--walks", type=int, default=1, help="games the model walks per variant")
    parser.add_argument(
        "--long-games", type=int, help="random games per LONG variant (Skip-Bo 18, Skyjo 0)"
    )
    parser.add_argument(
        "--long-walks", type=int, help="walks per LONG variant (Skip-Bo 18, Skyjo 10)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--bugs", action="store_true", help="which injected bugs the tie catches")
    parser.add_argument(
        "--perft", action="store_true", help="the model's perft counts of docs/perft's deals"
    )
    args = parser.parse_args(argv)
    skyjo = args.game == "skyjo"
    if skyjo:
        from tools import coq_tie_skyjo, skyjo_exhaustive  # it builds on this module

        start: Callable[[Path], TiedDriver] = coq_tie_skyjo.SkyjoModel
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
        "walked": args.walks,
    }
    if args.long_games is not None:
        bounds["long_games"] = args.long_games
    if args.long_walks is not None:
        bounds["long_walks"] = args.long_walks
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
            tally = tie(model, progress=None if args.json else print, **bounds)
    for problem in tally.problems[:20]:
        print(problem, file=sys.stderr if args.json else sys.stdout)
    seconds = round(time.monotonic() - started)
    if args.json:
        print(json.dumps({"game": args.game, **tally.summary(), "seconds": seconds}))
    else:
        print(
            f"engine and model compared: {tally.deals} deals, {tally.defaults} rules' "
            f"defaults, {tally.positions} positions, {tally.moves} moves ({tally.walked} "
            f"walked by the model), {tally.reshuffles} of them shuffling, "
            f"{tally.outcomes} ending the game, {tally.games_ended} games to their end, "
            f"{len(tally.problems)} disagreements ({seconds} s)"
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
