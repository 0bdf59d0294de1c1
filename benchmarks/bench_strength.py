"""Strength of the shipped bots of both games: win rates with 95% Wilson intervals.

Plays seeded tournaments with :func:`skipbo.arena.tournament` (seats rotated every
game, so no bot keeps the first move) and prints, per line-up, each entry's wins,
win rate, 95% Wilson interval and thinking time per move (mean, 95th and 99th
percentile of the CPU time on one core, so that other work on a shared machine does
not count), with the average game
length, the seeds (the tournament's, and the first game's deal seed) and, where the
line-up has a bar, whether the first entry's win rate meets it ("met": the rate is at
least the bar; "confirmed": the whole interval is). In Skyjo a tie for the lowest
total is a win for each tied seat (S-SCORE-3), so its wins may add up to more than the
games.

Skip-Bo (standard rules, 30 stock cards): the line-ups of issue 9 (heuristic against
play-first and search against heuristic, 2 players; one against three of them, 4
players), and those of issue 24: the heuristic against the first heuristic
(``heuristic-1``) as one against three (bar: 33%) and with 2 players (bar: no loss,
50%), the heuristic against play-first with 2 players (bar: today's lower bound,
99.6%), the search bot against the heuristic with 2 players (bar: 65%) and as one
against three (bar: 35%), and the heuristic against three of itself
(``heuristic-self-4p``, no bar): the share the search's own rollout policy wins in the
search's seats of the same deals; and the search bot as one against three ``heuristic-1``
(``search-vs-1-4p``, no bar), the line-up issue 24 first measured it in.

Skyjo (standard rules): the heuristic against each reference bot (``heuristic-1``,
``low-discard``, ``reveal-first``) and the search bot against the heuristic, with 2,
4 and 8 players, one against the others; the bar is more than an even share (50%,
25%, 12.5%). The time printed is an average; the search bot's median time per move
(the bar of issue 24 is a median) is printed by ``benchmarks/bench_skyjo_move_time.py``.

With ``--workers N`` the games run in N processes (one core each); the results do not
depend on N, the times do depend on the machine's load. The games are played in
parts of P (default 100) of the one tournament, and the figures so far are printed
after each part. ``--first F`` plays only the games from index F on, so that two runs
can share one tournament (their wins, games and moves add up to those of the whole).
``--games G`` replaces every chosen line-up's default number of games. ``--paired``
plays each deal once in every rotation of the seats (see :func:`skipbo.arena.deal_of`;
give games and parts as multiples of the seats to keep whole deals). To decide whether
a bot is stronger, run a sequential test instead: ``skipbo tournament --sprt H0 H1``.

Usage: python benchmarks/bench_strength.py [--scale F] [--games G] [--workers N] [--seed S]
       [--part P] [--first F] [--paired] [--only NAME ...] [--game skipbo|skyjo] [--list]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, NamedTuple

import skipbo
from skipbo import skyjo
from skipbo.arena import TournamentResult, combine, tournament
from skipbo.common.randomness import derive_seed


class Lineup(NamedTuple):
    """A line-up: the game, the bots (one a seat of the first game), games, bar."""

    game: str
    """``"skipbo"`` or ``"skyjo"``."""
    bots: tuple[str, ...]
    """The bots' names; the first is the one measured."""
    games: int
    """The default number of games."""
    bar: float | None = None
    """The least win rate the first bot should reach, if any."""
    why: str = ""
    """What the bar stands for."""


def _one_against(bot: str, others: str, players: int) -> tuple[str, ...]:
    return (bot,) + (others,) * (players - 1)


# The names of the bots are those of skipbo.games.skipbo.bots.BOTS and
# skipbo.games.skyjo.bots.BOTS; a
# line-up is easy to add or change here.
LINEUPS: dict[str, Lineup] = {
    # Skip-Bo, issue 9.
    "heuristic-2p": Lineup(
        "skipbo", ("heuristic", "play-first"), 2_000, 0.996, "no loss (today: 99.6-99.9%)"
    ),
    "heuristic-4p": Lineup("skipbo", _one_against("heuristic", "play-first", 4), 400),
    "search-2p": Lineup("skipbo", ("search", "heuristic"), 1_000, 0.65, "issue 24: 65%"),
    "search-4p": Lineup(
        "skipbo", _one_against("search", "heuristic", 4), 400, 0.35, "issue 24: 35%"
    ),
    # The search's own rollout policy in its seats, on the same deals: what search-4p
    # compares with (blocked games are nobody's win, so an even share is below 25%).
    "heuristic-self-4p": Lineup("skipbo", ("heuristic",) * 4, 3_000),
    # The search against three of the heuristic issue 24 was measured with (now
    # heuristic-1), beside heuristic-vs-1-4p: how far both bots have come from there.
    "search-vs-1-4p": Lineup("skipbo", _one_against("search", "heuristic-1", 4), 200),
    # Skip-Bo, issue 24: the new heuristic against the first one.
    # 3,000 games each (about 40 s on one core): intervals of about +-1.7 points.
    "heuristic-vs-1-2p": Lineup(
        "skipbo", ("heuristic", "heuristic-1"), 3_000, 0.5, "no loss with two players"
    ),
    "heuristic-vs-1-4p": Lineup(
        "skipbo", _one_against("heuristic", "heuristic-1", 4), 3_000, 0.33, "issue 24: 33%"
    ),
}
SKYJO_GAMES = {2: 500, 4: 400, 8: 300}
"""Default games of the Skyjo line-ups of the heuristic, by players."""
SKYJO_SEARCH_GAMES = {2: 300, 4: 200, 8: 100}
"""Default games of the Skyjo search line-ups: fewer, each search move samples deals
(about 2, 7 and 10 s of CPU a game at 2, 4 and 8 players)."""
for _players in (2, 4, 8):
    _even = 1 / _players
    for _reference in ("heuristic-1", "low-discard", "reveal-first"):
        LINEUPS[f"skyjo-heuristic-vs-{_reference}-{_players}p"] = Lineup(
            "skyjo",
            _one_against("heuristic", _reference, _players),
            SKYJO_GAMES[_players],
            _even,
            f"more than an even share ({_even:.1%})",
        )
    LINEUPS[f"skyjo-search-vs-heuristic-{_players}p"] = Lineup(
        "skyjo",
        _one_against("search", "heuristic", _players),
        SKYJO_SEARCH_GAMES[_players],
        _even,
        f"more than an even share ({_even:.1%})",
    )
"""Each line-up by name."""


def rules_of(lineup: Lineup) -> Any:
    """The standard rules of the line-up's game, for its number of seats."""
    players = len(lineup.bots)
    return skyjo.Rules(players=players) if lineup.game == "skyjo" else skipbo.Rules(players=players)


def verdict(lineup: Lineup, result: TournamentResult) -> str:
    """Whether the first entry meets the line-up's bar ("" if it has none)."""
    if lineup.bar is None:
        return ""
    entry = result.entries[0]
    low, _ = entry.interval
    if low >= lineup.bar:
        word = "confirmed (the whole interval is above it)"
    elif entry.win_rate >= lineup.bar:
        word = "met (the rate; not the whole interval)"
    else:
        word = "NOT met"
    return f"  bar {lineup.bar:.1%} ({lineup.why}): {word}"


def report(name: str, lineup: Lineup, result: TournamentResult, seconds: float) -> str:
    """The lines printed for one tournament."""
    ends = (
        f"blocked {result.blocked_share:.1%}, turn limit {result.turn_limit_share:.1%}"
        if lineup.game == "skipbo"
        else f"{sum(len(g.winners) > 1 for g in result.summaries)} shared wins"
    )
    first = result.summaries[0]
    lines = [
        f"{name}: {lineup.game}, {result.games} games, {result.rules.players} players, "
        f"{result.average_turns:.1f} turns a game, {ends}, {seconds:.0f} s; "
        f"seed {result.seed} (game {first.index} dealt with {first.seed})"
    ]
    for entry in result.entries:
        low, high = entry.interval
        lines.append(
            f"  {entry.entry} {entry.bot:<12} wins {entry.wins:>5}  rate {entry.win_rate:6.1%}"
            f"  95% Wilson [{low:6.1%}, {high:6.1%}]"
            f"  CPU ms/move mean {entry.cpu.mean * 1000:.2f} p95 {entry.cpu.p95 * 1000:.2f}"
            f" p99 {entry.cpu.p99 * 1000:.2f} ({entry.moves} moves)"
        )
    judged = verdict(lineup, result)
    if judged:
        lines.append(judged)
    return "\n".join(lines)


class Progress:
    """Counts finished games on standard error (the figures go to standard output)."""

    def __init__(self, name: str, games: int) -> None:
        self.name, self.games, self.done = name, games, 0

    def __call__(self, finished: int) -> None:
        self.done += finished
        print(f"\r{self.name}: {self.done}/{self.games} games", end="", file=sys.stderr)


def main() -> None:
    """Run the line-ups and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the games")
    parser.add_argument("--games", type=int, default=None, help="games of every line-up")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--part", type=int, default=100, help="games between reports")
    parser.add_argument(
        "--first", type=int, default=0, help="play only the games from this index on"
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="play each deal in every rotation of the seats (skipbo.arena.deal_of)",
    )
    parser.add_argument("--only", nargs="*", choices=sorted(LINEUPS), default=None)
    parser.add_argument("--game", choices=("skipbo", "skyjo"), default=None)
    parser.add_argument("--list", action="store_true", help="list the line-ups and stop")
    args = parser.parse_args()
    names = args.only or [
        name for name, lineup in LINEUPS.items() if args.game in (None, lineup.game)
    ]
    if args.list:
        for name in names:
            lineup = LINEUPS[name]
            bar = "" if lineup.bar is None else f", bar {lineup.bar:.1%}"
            print(f"{name}: {lineup.game}, {' '.join(lineup.bots)}, {lineup.games} games{bar}")
        return
    print(
        f"skipbo {skipbo.__version__}, seed {args.seed} (game g is dealt with "
        f"derive_seed({args.seed}, {'g // seats' if args.paired else 'g'}), e.g. "
        f"{derive_seed(args.seed, 0)} for game 0), workers {args.workers}"
        f"{', paired deals' if args.paired else ''}",
        flush=True,
    )
    for name in names:
        lineup = LINEUPS[name]
        games = args.games or max(1, round(lineup.games * args.scale))
        rules = rules_of(lineup)
        started = time.perf_counter()
        progress = Progress(name, games - args.first)
        parts: list[TournamentResult] = []
        # Played in parts of one tournament, each reported as it ends, so that a run
        # stopped early still leaves the figures of every game it finished.
        for first in range(args.first, games, args.part):
            part = tournament(
                rules,
                lineup.bots,
                games=min(args.part, games - first),
                seed=args.seed,
                workers=args.workers,
                progress=progress,
                first=first,
                paired=args.paired,
            )
            parts.append(part)
            result = combine(parts)
            label = name if result.games == games - args.first else f"{name} (so far)"
            if args.first:
                label += f" games {args.first} to {args.first + result.games - 1}"
            print(file=sys.stderr)
            print(report(label, lineup, result, time.perf_counter() - started), flush=True)


if __name__ == "__main__":
    main()
