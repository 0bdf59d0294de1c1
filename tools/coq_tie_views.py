"""Tie the engine's views to the Coq model's views, position by position (issue 62, point 2).

The Coq models of what a seat sees (``coq/theories/Views.v``, Skip-Bo, R-INFO-1..3;
``coq/theories/SkyjoViews.v``, Skyjo, S-INFO-1/2) are proved to leak nothing: two
states give a seat the same view exactly when they agree on what the rules let it
know, and the mover's legal moves computed from its view are the state's. This module
asks the drivers (their ``V`` command) for the model's view of every seat, and of the
spectator, in positions the engine reaches, and compares it with the engine's:

* ``view(state, seat)`` and ``spectator_view(state)`` of the game's views module;
* the JSON view document of each (the view written by the game's serialization
  module's ``dumps`` and read back by ``loads``);
* the legal moves the engine computes from the mover's view (``legal_moves(view)``)
  against the model's legal moves.

A view that shows a hidden card (a stock card below the top, another seat's hand, a
face-down Skyjo card) or hides a public one (a discard pile's lower cards, a face-up
card) disagrees with the model's. Fields the models leave out are not compared: the
rules record each view carries, Skip-Bo's referee penalty cards (R-TEAM-4, not
modelled); the model's hand is compared as a multiset (the engine sorts it).

Positions: seeded random games of every variant of each game's tie
(:data:`tools.coq_tie.VARIANTS`, :data:`tools.coq_tie_skyjo.VARIANTS`).

Usage (from the repository root)::

    python -m tools.coq_tie_views                   # both games
    python -m tools.coq_tie_views --game skyjo      # one
    python -m tools.coq_tie_views --bugs            # the view-leak bugs, caught by this tie alone

Exit status 0 when the engine's views and the model's agree everywhere (with
``--bugs``: when every view-leak bug of the catalogue is caught), 1 otherwise.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import skipbo
from skipbo import GameState, Rules
from skipbo import skyjo as skyjo_game
from skipbo.games.skipbo.moves import Discard, Pass
from tools import coq_tie, coq_tie_skyjo
from tools.coq_tie import Reader, Tally, build_driver

SKIPBO_VIEWS = "skipbo.games.skipbo.views"
SKIPBO_SERIALIZATION = "skipbo.games.skipbo.serialization"
SKYJO_VIEWS = "skipbo.games.skyjo.views"
SKYJO_SERIALIZATION = "skipbo.games.skyjo.serialization"

VIEW_BUGS = ("B34", "B37", "B43", "S22", "S23")
"""The catalogue's view-leak bugs (tools/bugs/catalogue.py), each to be caught here."""

View = tuple[Any, ...]
"""A view as both sides can give it: the fields the model has, in its order."""


def _module(name: str) -> Any:
    """The module, looked up at each call, so that an injected bug is in place."""
    return importlib.import_module(name)


def _outcome_code(outcome: Any) -> tuple[int, ...]:
    """Skip-Bo's outcome in the driver's encoding (as :func:`tools.coq_tie._outcome`)."""
    if outcome is None:
        return (0,)
    termination = outcome.termination
    if termination is skipbo.Termination.STOCK_EMPTIED:
        return (1, outcome.team if outcome.team is not None else -1)
    if termination is skipbo.Termination.BLOCKED:
        return (2,)
    return (4,) if termination is getattr(skipbo.Termination, "STALLED", None) else (3,)


# --- Skip-Bo ---------------------------------------------------------------------------


def skipbo_engine_view(seen: Any) -> View:
    """An engine's Skip-Bo ``PlayerView`` as a :data:`View`."""
    return (
        seen.player,
        None if seen.hand is None else tuple(sorted(seen.hand)),
        tuple(
            (size, 0 if top is None else top)
            for top, size in zip(seen.stock_tops, seen.stock_sizes, strict=True)
        ),
        tuple(tuple(tuple(pile) for pile in piles) for piles in seen.discards),
        tuple(tuple(pile) for pile in seen.builds),
        tuple(seen.hand_sizes),
        seen.draw_pile_size,
        seen.completed_count,
        seen.current_player,
        seen.turn,
        seen.turn_moves,
        seen.empty_passes,
        getattr(seen, "stall_turns", 0),
        _outcome_code(seen.outcome),
    )


def _read_skipbo_view(answer: str) -> View:
    read = Reader(answer)

    def option(item: Callable[[], Any]) -> Any:
        return item() if read.number() == 1 else None

    def piles() -> tuple[tuple[int, ...], ...]:
        return tuple(read.pile() for _ in range(read.number()))

    seat = option(read.number)
    hand = option(read.pile)
    stocks = tuple((read.number(), read.number()) for _ in range(read.number()))
    discards = tuple(piles() for _ in range(read.number()))
    builds = piles()
    sizes = read.pile()
    counters = tuple(read.number() for _ in range(7))
    kind = read.number()
    outcome = (kind, read.number()) if kind == 1 else (kind,)
    return (
        seat,
        None if hand is None else tuple(sorted(hand)),
        stocks,
        discards,
        builds,
        sizes,
        *counters,
        outcome,
    )


class SkipBoViews(coq_tie.Model):
    """The extracted Skip-Bo model, asked for views."""

    def view(self, state: GameState, seat: int | None) -> View:
        """The model's view of ``state`` for ``seat`` (``None``: the spectator's)."""
        numbers = coq_tie.encode_rules(state.rules) + coq_tie.encode_state(state)
        numbers += [0] if seat is None else [1, seat]
        return _read_skipbo_view(self.ask("V", numbers))


def compare_skipbo(model: SkipBoViews, state: GameState, tally: Tally) -> None:
    """Every seat's view and the spectator's, engine against model, and the mover's moves."""
    views = _module(SKIPBO_VIEWS)
    serialization = _module(SKIPBO_SERIALIZATION)
    tally.positions += 1
    for seat in (*range(state.rules.players), None):
        expected = model.view(state, seat)
        seen = views.spectator_view(state) if seat is None else views.view(state, seat)
        for source in ("view", "JSON view"):
            engine = seen if source == "view" else _read_back(serialization, seen)
            if isinstance(engine, str):
                tally.problems.append(
                    f"the engine's JSON view of {_seat(seat)} does not read back: "
                    f"{engine} in {state!r}"
                )
                return
            got = skipbo_engine_view(engine)
            if got != expected:
                tally.problems.append(
                    f"the engine's {source} of {_seat(seat)} differs from the model's: "
                    f"{_differences(got, expected, SKIPBO_FIELDS)} in {state!r}"
                )
                return
    if state.outcome is None:
        mover = views.view(state, state.current_player)
        if set(views.legal_moves(mover)) != model.legal_moves(state):
            tally.problems.append(
                f"the legal moves from the mover's view differ from the model's in {state!r}"
            )


SKIPBO_FIELDS = (
    "player", "hand", "stocks (size, top)", "discards", "builds", "hand_sizes",
    "draw_pile_size", "completed_count", "current_player", "turn", "turn_moves",
    "empty_passes", "stall_turns", "outcome",
)  # fmt: skip


def skipbo_positions(rules: Rules, *, games: int, moves: int, seed: int) -> Iterator[GameState]:
    """The positions of ``games`` seeded random games of ``rules`` (as the state tie's)."""
    chooser = random.Random(seed)
    for game in range(games):
        state = skipbo.new_game(rules, seed=seed * 1000 + game)
        for _ in range(moves):
            yield state
            legal = skipbo.legal_moves(state)
            if not legal:
                break
            plays = [move for move in legal if not isinstance(move, Discard | Pass)]
            pool = plays if plays and chooser.random() < 0.8 else legal
            state = skipbo.apply(state, chooser.choice(pool))


def run_skipbo(model: SkipBoViews, *, games: int = 1, moves: int = 60) -> Tally:
    """The views of every variant's random games, engine against model."""
    tally = Tally()
    for index, (_, rules) in enumerate(coq_tie.VARIANTS):
        for state in skipbo_positions(rules, games=games, moves=moves, seed=index + 1):
            compare_skipbo(model, state, tally)
            if len(tally.problems) >= 20:
                return tally
    return tally


# --- Skyjo -----------------------------------------------------------------------------


def skyjo_engine_view(seen: Any) -> View:
    """An engine's Skyjo ``PublicView`` as a :data:`View`."""
    face_down = _module(SKYJO_VIEWS).FACE_DOWN
    phase_type = type(seen.phase)
    grids = tuple(
        tuple((0,) if card is None else (1,) if card == face_down else (2, card) for card in grid)
        for grid in seen.grids
    )
    if seen.phase is phase_type.PLACE:
        drawn = seen.source is not None and seen.source.name == "DRAW_PILE"
        phase: tuple[Any, ...] = (1, seen.held, int(drawn))
    elif seen.phase is phase_type.OVER:
        phase = (2, tuple(seen.history[-1].scores))
    else:
        phase = (0,)
    if seen.phase is not phase_type.PLACE and (seen.held, seen.source) != (None, None):
        phase = ("held outside a turn", seen.held, seen.source)
    history = tuple((tuple(score.sums), score.ender, tuple(score.scores)) for score in seen.history)
    outcome = seen.outcome
    return (
        grids,
        tuple(seen.discard_pile),
        seen.draw_pile_size,
        seen.current_player,
        phase,
        seen.turns,
        getattr(seen, "stall_turns", 0),
        seen.round_ender,
        int(seen.phase is phase_type.REVEAL),
        seen.starter,
        seen.round,
        history,
        None if outcome is None else (tuple(outcome.winners), tuple(outcome.totals)),
    )


def _read_skyjo_view(answer: str) -> View:
    read = Reader(answer)

    def option() -> int | None:
        return read.number() if read.number() == 1 else None

    def place() -> tuple[int, ...]:
        kind = read.number()
        return (kind, read.number()) if kind == 2 else (kind,)

    grids = tuple(tuple(place() for _ in range(read.number())) for _ in range(read.number()))
    discard = read.pile()
    draw_size, current = read.number(), read.number()
    kind = read.number()
    phase: tuple[Any, ...] = (
        (1, read.number(), read.number()) if kind == 1 else (2, read.pile()) if kind == 2 else (0,)
    )
    turns, stall = read.number(), read.number()
    ender = option()
    revealing, starter, number = read.number(), read.number(), read.number()
    history = tuple((read.pile(), option(), read.pile()) for _ in range(read.number()))
    outcome = (read.pile(), read.pile()) if read.number() == 1 else None
    return (grids, discard, draw_size, current, phase, turns, stall, ender, revealing,
            starter, number, history, outcome)  # fmt: skip


SKYJO_FIELDS = (
    "grids (as seen)", "discard_pile", "draw_pile_size", "current_player", "phase (held card)",
    "turns", "stall_turns", "round_ender", "revealing", "starter", "round", "history",
    "outcome (winners, totals)",
)  # fmt: skip


class SkyjoViews(coq_tie_skyjo.SkyjoModel):
    """The extracted Skyjo model, asked for views."""

    def view(self, state: Any, seat: int | None) -> View:
        """The model's public view of ``state`` (the same for every ``seat``)."""
        numbers = coq_tie_skyjo.encode_rules(state.rules) + coq_tie_skyjo.encode_state(state)
        numbers += [0] if seat is None else [1, seat]
        return _read_skyjo_view(self.ask("V", numbers))


def compare_skyjo(model: SkyjoViews, state: Any, tally: Tally) -> None:
    """Every seat's view and the spectator's, engine against model, and the moves."""
    views = _module(SKYJO_VIEWS)
    serialization = _module(SKYJO_SERIALIZATION)
    tally.positions += 1
    for seat in (*range(state.rules.players), None):
        expected = model.view(state, seat)
        seen = views.spectator_view(state) if seat is None else views.view(state, seat)
        for source in ("view", "JSON view"):
            engine = seen if source == "view" else _read_back(serialization, seen)
            if isinstance(engine, str):
                tally.problems.append(
                    f"the engine's Skyjo JSON view of {_seat(seat)} does not read back: "
                    f"{engine} in {state!r}"
                )
                return
            got = skyjo_engine_view(engine)
            if got != expected:
                tally.problems.append(
                    f"the engine's Skyjo {source} of {_seat(seat)} differs from the model's: "
                    f"{_differences(got, expected, SKYJO_FIELDS)} in {state!r}"
                )
                return
    if state.outcome is None:
        moves = set(skyjo_game.legal_moves(views.view(state, state.current_player)))
        if moves != model.legal_moves(state):
            tally.problems.append(
                f"the Skyjo legal moves from the public view differ from the model's in {state!r}"
            )


def skyjo_positions(rules: Any, *, games: int, moves: int, seed: int) -> Iterator[Any]:
    """The positions of ``games`` seeded random games of ``rules`` (as the state tie's)."""
    chooser = random.Random(seed)
    for game in range(games):
        state = skyjo_game.new_game(rules, seed=seed * 1000 + game)
        for _ in range(moves):
            yield state
            legal = skyjo_game.legal_moves(state)
            if not legal:
                break
            flips = [move for move in legal if type(move).__name__ == "DiscardFlip"]
            pool = flips if flips and chooser.random() < 0.6 else legal
            state = skyjo_game.apply(state, chooser.choice(pool))


def run_skyjo(model: SkyjoViews, *, games: int = 1, moves: int = 120) -> Tally:
    """The views of every variant's random games, engine against model."""
    tally = Tally()
    for index, (_, rules) in enumerate(coq_tie_skyjo.VARIANTS):
        for state in skyjo_positions(rules(), games=games, moves=moves, seed=index + 1):
            compare_skyjo(model, state, tally)
            if len(tally.problems) >= 20:
                return tally
    return tally


# --- both ------------------------------------------------------------------------------


def _read_back(serialization: Any, seen: Any) -> Any:
    """The view written as its JSON document and read back; the reason, if it is refused."""
    try:
        return serialization.loads(serialization.dumps(seen))
    except ValueError as error:  # the documents' DataError: a view no valid state has
        return str(error)


def _seat(seat: int | None) -> str:
    return "the spectator" if seat is None else f"seat {seat}"


def _differences(got: View, expected: View, fields: tuple[str, ...]) -> str:
    names = [
        f"{name}: engine {mine!r}, model {theirs!r}"
        for name, mine, theirs in zip(fields, got, expected, strict=True)
        if mine != theirs
    ]
    return "; ".join(names)[:400]


def run(folder: Path, game: str, *, games: int, moves: int | None) -> Tally:
    """Build ``game``'s driver in ``folder`` and tie its views."""
    if game == "skyjo":
        driver = build_driver(folder, coq_tie_skyjo.DRIVER)
        with SkyjoViews(driver) as sky:
            return run_skyjo(sky, games=games, moves=moves or 120)
    driver = build_driver(folder, "driver")
    with SkipBoViews(driver) as model:
        return run_skipbo(model, games=games, moves=moves or 60)


def catch_bugs(folder: Path, games: int, moves: int | None) -> dict[str, str]:
    """For each view-leak bug of the catalogue: what this tie finds with it injected."""
    from tools.bugs import BUGS, injected  # only this command needs the catalogue

    found: dict[str, str] = {}
    for bug in BUGS:
        if bug.name not in VIEW_BUGS:
            continue
        with injected(bug):
            try:
                tally = run(folder, bug.game, games=games, moves=moves)
            except Exception as error:  # a bug may crash the engine: caught
                found[bug.name] = f"caught: the engine fails ({type(error).__name__})"
                continue
        found[bug.name] = f"caught: {tally.problems[0][:200]}" if tally.problems else "not caught"
    return found


def main(argv: list[str] | None = None) -> int:
    """Build the drivers, tie the views, print the figures; 0 when all agree."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("skipbo", "skyjo", "both"), default="both")
    parser.add_argument("--games", type=int, default=1, help="random games per variant")
    parser.add_argument("--moves", type=int, help="moves per game (Skip-Bo 60, Skyjo 120)")
    parser.add_argument("--bugs", action="store_true", help="which view-leak bugs the tie catches")
    args = parser.parse_args(argv)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="skipbo-views-") as temporary:
        folder = Path(temporary)
        if args.bugs:
            verdicts = catch_bugs(folder, args.games, args.moves)
            for name, verdict in verdicts.items():
                print(f"{name}: {verdict}")
            missed = [name for name in VIEW_BUGS if not verdicts.get(name, "").startswith("caught")]
            print(f"{len(VIEW_BUGS) - len(missed)} of {len(VIEW_BUGS)} view-leak bugs caught")
            return 1 if missed else 0
        failed = False
        for game in ("skipbo", "skyjo") if args.game == "both" else (args.game,):
            tally = run(folder, game, games=args.games, moves=args.moves)
            for problem in tally.problems[:20]:
                print(problem)
            print(
                f"{game} views compared: {tally.positions} positions, every seat and the "
                f"spectator, view and JSON view, {len(tally.problems)} disagreements "
                f"({time.monotonic() - started:.0f} s)"
            )
            failed = failed or bool(tally.problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
