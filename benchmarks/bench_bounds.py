"""How long turns, stretches without progress and games get in bot play, with the bounds off.

The bounds of R-WIN-4 (Skip-Bo: ``turn_move_limit``, ``stall_limit``) and S-END-3
(Skyjo: ``stall_limit``, ``round_limit``) must lie far beyond any game seen in play:
each default is at least five times the longest seen (docs/rules.md, docs/skyjo-rules.md).
This measures the longest seen. Every game is played with those bounds off (``None``),
so that nothing is cut, and for each variant and policy it prints:

* Skip-Bo: games; the longest turn in moves (its plays and the discard or pass that
  ends it: the turn move bound allows ``turn_move_limit`` plays and then that one
  move); the longest stretch of turn ends without a stock play (the game is stalled
  when it reaches ``stall_limit``); the seed of the game of each; the mean game
  length in moves; the ends. The batch engine (:mod:`skipbo.batch`) plays them, with
  its policies ``random``, ``play-first`` and ``priority``
  (:mod:`skipbo.batch.policies`); ``--engine core`` plays the core's bots instead
  (:mod:`skipbo.games.skipbo.bots`), far slower.
* Skyjo: games; the longest stretch of turns in a round without a card turned face up
  or a column removed; the most rounds in a game; the longest round in turns; the
  seeds. The core plays them, with its bots ``random``, ``heuristic``, ``low-discard``
  and ``reveal-first``, the games spread over ``--workers`` processes (written before
  the Skyjo batch engine, :mod:`skipbo.batch.skyjo`, which would play many more).

A game whose turn (or Skyjo round) passes a cap far above anything seen (``--cap``,
100,000 moves, or turns in a round) is counted as endless and left: the bounds are
what end such a game in play. Each endless game is printed with its seed.

Skip-Bo game ``i`` of a job is ``skipbo.new_game(rules, seed=derive_seed(seed, i))``
(the printed seed); the batch policies choose with one random order per batch step,
so a game's moves depend on the batch it was played in: replay the job (same
``--seed``, ``--batch``, ``--games``) to replay it. A Skyjo game's seed replays it
alone: ``skyjo.new_game(rules, seed=...)``, seat ``s``'s bot seeded with
``derive_seed(seed, s)``.

Usage (from the repository root, in the background: a million games a variant take
hours)::

    nice .venv/bin/python benchmarks/bench_bounds.py skipbo --games 1000000 --workers 2
    nice .venv/bin/python benchmarks/bench_bounds.py skipbo --games 2000 --engine core
    nice .venv/bin/python benchmarks/bench_bounds.py skyjo --games 20000 --workers 2
    nice .venv/bin/python benchmarks/bench_bounds.py skipbo --games 1000 --variants standard-2 \\
        --policies priority --json bounds.jsonl

``--time-limit S`` stops dealing new games to a job after ``S`` seconds (the games
under way are played out): the figures then say how many games were played.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import attrs
import numpy as np

import skipbo
from skipbo import skyjo
from skipbo.batch import GameBatch
from skipbo.batch.arrays import TERMINATIONS
from skipbo.batch.policies import POLICIES, make_policy
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.actions import action_blocks
from skipbo.games.skipbo.bots import make_bot as make_skipbo_bot
from skipbo.games.skyjo.bots import make_bot as make_skyjo_bot

CAP = 100_000
"""A turn (Skip-Bo) or a round (Skyjo, in turns) longer than this counts as endless."""

SKIPBO_VARIANTS: dict[str, skipbo.Rules] = {
    **{f"standard-{p}": skipbo.Rules.standard(p) for p in range(2, 7)},
    **{f"short-{p}": skipbo.Rules.short(p) for p in range(2, 7)},
    "partners-2x2": skipbo.Rules.partners(),
    "partners-3x2": skipbo.Rules.partners(teams=((0, 3), (1, 4), (2, 5))),
    "team-piles-2x3": skipbo.Rules.team_piles(),
}
"""Every Skip-Bo variant measured, by name (the rules before the bounds are lifted)."""

SKIPBO_CORE_BOTS = ("random", "play-first", "heuristic")
"""The core's bots ``--engine core`` plays."""

SKYJO_BOTS = ("random", "heuristic", "low-discard", "reveal-first")
"""The Skyjo bots measured."""

SKYJO_PLAYERS = tuple(range(skyjo.MIN_PLAYERS, skyjo.MAX_PLAYERS + 1))


def unbounded_skipbo(rules: skipbo.Rules) -> skipbo.Rules:
    """``rules`` without the bounds of R-WIN-4: nothing is cut."""
    return attrs.evolve(rules, turn_move_limit=None, stall_limit=None)


def unbounded_skyjo(players: int) -> skyjo.Rules:
    """Skyjo's rules for ``players`` without the bounds of S-END-3."""
    return skyjo.Rules(players=players, stall_limit=None, round_limit=None)


@attrs.define
class Peak:
    """The greatest value seen of one figure, and the seed of a game that reached it."""

    value: int = 0
    seed: int | None = None

    def see(self, value: int, seed: int) -> None:
        """Keep ``value`` if it is the greatest yet (the first game to reach it keeps it)."""
        if value > self.value or self.seed is None:
            self.value, self.seed = value, seed


@attrs.define
class Figures:
    """What one job (a variant and a policy) measured."""

    game: str
    variant: str
    policy: str
    engine: str
    games: int = 0
    moves: int = 0
    seconds: float = 0.0
    peaks: dict[str, Peak] = attrs.field(factory=dict)
    ends: Counter[str] = attrs.field(factory=Counter)
    endless: list[int] = attrs.field(factory=list)
    """The seeds of the games that passed the cap."""

    def see(self, name: str, value: int, seed: int) -> None:
        """Record one game's ``name`` figure."""
        self.peaks.setdefault(name, Peak()).see(value, seed)

    def record(self) -> dict[str, object]:
        """The figures as one JSON object."""
        return {
            "game": self.game,
            "variant": self.variant,
            "policy": self.policy,
            "engine": self.engine,
            "games": self.games,
            "moves": self.moves,
            "seconds": round(self.seconds, 1),
            **{name: attrs.asdict(peak) for name, peak in self.peaks.items()},
            "ends": dict(self.ends),
            "endless": self.endless,
        }

    def line(self) -> str:
        """One line of the table."""
        peaks = "  ".join(
            f"{name} {peak.value:>6,} (seed {peak.seed})" for name, peak in self.peaks.items()
        )
        ends = ", ".join(f"{end} {count:,}" for end, count in sorted(self.ends.items()))
        endless = f"  ENDLESS {len(self.endless)}: seeds {self.endless[:5]}" if self.endless else ""
        mean = self.moves / self.games if self.games else 0.0
        return (
            f"{self.game:>6} {self.variant:>15} {self.policy:>12} {self.engine:>5}"
            f" {self.games:>9,} games  {peaks}  mean {mean:,.0f} moves  [{ends}]"
            f"  {self.seconds:,.0f} s{endless}"
        )


# --- Skip-Bo, batch ----------------------------------------------------------------


def skipbo_batch(
    variant: str, policy: str, games: int, seed: int, size: int, cap: int, time_limit: float
) -> Figures:
    """``games`` games of ``variant`` by the batch ``policy``, ``size`` at a time."""
    rules = unbounded_skipbo(SKIPBO_VARIANTS[variant])
    figures = Figures("skipbo", variant, policy, "batch")
    start = time.monotonic()
    size = min(size, games)
    batch = GameBatch.new(rules, size, seed=seed)
    chooser = make_policy(policy, rules, seed)
    arrays = batch.arrays
    plays = action_blocks(rules)["Discard"].start  # the first action that ends a turn
    longest_turn = np.zeros(size, dtype=np.int64)
    longest_stall = np.zeros(size, dtype=np.int64)
    moves = np.zeros(size, dtype=np.int64)
    dealt = size
    while True:
        running = arrays.termination == 0
        if not running.any():
            break
        actions = chooser(batch.legal_action_mask())
        before = arrays.turn_moves.copy()
        ended = batch.step(actions).ended
        # A turn's moves: those before its ending move, and that move; a turn still
        # going (or won by its last stock card) has made turn_moves so far.
        length = np.where(actions >= plays, before + 1, arrays.turn_moves)
        np.maximum(longest_turn, np.where(running, length, 0), out=longest_turn)
        np.maximum(longest_stall, arrays.stall_turns, out=longest_stall)
        moves += running
        endless = np.flatnonzero(running & ~ended & (arrays.turn_moves > cap))
        done = np.flatnonzero(ended)
        for slot in [*done.tolist(), *endless.tolist()]:
            game_seed = batch.game_seed(slot)
            if slot in endless:
                figures.endless.append(game_seed)
                figures.ends["endless"] += 1
            else:
                end = TERMINATIONS[int(arrays.termination[slot])]
                assert end is not None
                figures.ends[end.value] += 1
            figures.games += 1
            figures.moves += int(moves[slot])
            figures.see("turn", int(longest_turn[slot]), game_seed)
            figures.see("stall", int(longest_stall[slot]), game_seed)
        again = np.concatenate([done, endless])
        if again.size and dealt < games and time.monotonic() - start < time_limit:
            again = again[: games - dealt]
            batch.deal_next(again)
            dealt += again.size
            longest_turn[again] = longest_stall[again] = moves[again] = 0
        elif endless.size:
            # Left, not played on (recorded above): marked finished, it is not stepped.
            arrays.termination[endless] = 1
    figures.seconds = time.monotonic() - start
    return figures


# --- Skip-Bo, core -----------------------------------------------------------------


def skipbo_core(
    variant: str, policy: str, games: int, seed: int, cap: int, time_limit: float
) -> Figures:
    """``games`` games of ``variant``, every seat the core's bot ``policy``."""
    rules = unbounded_skipbo(SKIPBO_VARIANTS[variant])
    figures = Figures("skipbo", variant, policy, "core")
    start = time.monotonic()
    for index in range(games):
        if time.monotonic() - start >= time_limit:
            break
        game_seed = derive_seed(seed, index)
        bots = [
            make_skipbo_bot(policy, derive_seed(game_seed, seat)) for seat in range(rules.players)
        ]
        state = skipbo.new_game(rules, seed=game_seed)
        turn = stall = made = 0
        while state.outcome is None and state.turn_moves <= cap:
            seat = state.current_player
            moved = state.turn_moves
            state = skipbo.apply(state, bots[seat].choose(skipbo.view(state, seat)))
            made += 1
            # The turn's moves so far; at its end (the turn changed), all of them.
            turn = max(turn, moved + 1 if state.turn_moves == 0 else state.turn_moves)
            stall = max(stall, state.stall_turns)
        figures.games += 1
        figures.moves += made
        figures.see("turn", turn, game_seed)
        figures.see("stall", stall, game_seed)
        if state.outcome is None:
            figures.endless.append(game_seed)
            figures.ends["endless"] += 1
        else:
            figures.ends[state.outcome.termination.value] += 1
    figures.seconds = time.monotonic() - start
    return figures


# --- Skyjo, core -------------------------------------------------------------------


def skyjo_games(
    players: int, bot: str, games: range, seed: int, cap: int, time_limit: float
) -> Figures:
    """Skyjo games ``games`` of ``seed`` (game ``i``: ``derive_seed(seed, i)``), all ``bot``."""
    rules = unbounded_skyjo(players)
    figures = Figures("skyjo", f"players-{players}", bot, "core")
    start = time.monotonic()
    for index in games:
        if time.monotonic() - start >= time_limit:
            break
        game_seed = derive_seed(seed, index)  # here, not in the parent: a million a job
        bots = [make_skyjo_bot(bot, derive_seed(game_seed, seat)) for seat in range(players)]
        state = skyjo.new_game(rules, seed=game_seed)
        stall = longest_round = made = 0
        while state.outcome is None and state.turns <= cap:
            seat = state.current_player
            state = skyjo.apply(state, bots[seat].choose(skyjo.view(state, seat)))
            made += 1
            stall = max(stall, state.stall_turns)
            longest_round = max(longest_round, state.turns)
        figures.games += 1
        figures.moves += made
        figures.see("stall", stall, game_seed)
        figures.see("rounds", state.round, game_seed)
        figures.see("round turns", longest_round, game_seed)
        if state.outcome is None:
            figures.endless.append(game_seed)
            figures.ends["endless"] += 1
        else:
            figures.ends["ended"] += 1
    figures.seconds = time.monotonic() - start
    return figures


def merge(parts: Sequence[Figures]) -> Figures:
    """The figures of one job played in parts (the Skyjo workers' shares)."""
    whole = attrs.evolve(parts[0], peaks={}, ends=Counter(), endless=[])
    whole.games = whole.moves = 0
    whole.seconds = 0.0
    for part in parts:
        whole.games += part.games
        whole.moves += part.moves
        whole.seconds = max(whole.seconds, part.seconds)
        whole.ends.update(part.ends)
        whole.endless.extend(part.endless)
        for name, peak in part.peaks.items():
            if peak.seed is not None:
                whole.see(name, peak.value, peak.seed)
    return whole


# --- the command -------------------------------------------------------------------


def _run(job: tuple[Callable[..., Figures], tuple[object, ...]]) -> Figures:
    function, arguments = job
    return function(*arguments)


def jobs(args: argparse.Namespace) -> Iterator[tuple[Callable[..., Figures], tuple[object, ...]]]:
    """The jobs of the command line, each a function and its arguments."""
    if args.game == "skipbo":
        for variant in args.variants or SKIPBO_VARIANTS:
            for policy in args.policies or (
                SKIPBO_CORE_BOTS if args.engine == "core" else tuple(POLICIES)
            ):
                if args.engine == "core":
                    yield (
                        skipbo_core,
                        (variant, policy, args.games, args.seed, args.cap, args.time_limit),
                    )
                else:
                    size = args.batch
                    yield skipbo_batch, (
                        variant, policy, args.games, args.seed, size, args.cap, args.time_limit,
                    )  # fmt: skip
        return
    # Skyjo: each job's games in one share per worker, merged afterwards.
    for players in args.players or SKYJO_PLAYERS:
        for bot in args.policies or SKYJO_BOTS:
            for share in range(args.workers):
                games = range(share, args.games, args.workers)
                yield skyjo_games, (players, bot, games, args.seed, args.cap, args.time_limit)


def main(argv: list[str] | None = None) -> int:
    """Play the jobs, print a line for each (and its JSON with ``--json``)."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=("skipbo", "skyjo"))
    parser.add_argument("--games", type=int, default=10_000, help="games a variant and policy")
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--engine", choices=("batch", "core"), default="batch", help="Skip-Bo")
    parser.add_argument("--batch", type=int, default=4096, help="games a batch (Skip-Bo)")
    parser.add_argument("--variants", nargs="+", choices=tuple(SKIPBO_VARIANTS), help="Skip-Bo")
    parser.add_argument("--players", nargs="+", type=int, choices=SKYJO_PLAYERS, help="Skyjo")
    parser.add_argument("--policies", nargs="+", help="policies or bots (default: all)")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--cap", type=int, default=CAP, help="a longer turn or round is endless")
    parser.add_argument("--time-limit", type=float, default=float("inf"), help="seconds a job")
    parser.add_argument("--json", help="append each job's figures to this file, one a line")
    args = parser.parse_args(argv)
    work = list(jobs(args))
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.imap(_run, work) if args.workers > 1 else map(_run, work)
        parts: list[Figures] = []
        for figures in results:
            parts.append(figures)
            if args.game == "skyjo" and len(parts) < args.workers:
                continue
            whole = merge(parts)
            parts = []
            print(whole.line(), flush=True)
            if args.json:
                with open(args.json, "a", encoding="utf-8") as out:
                    out.write(json.dumps(whole.record()) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
