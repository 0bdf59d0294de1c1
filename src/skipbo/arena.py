"""The arena: bots play seeded games and tournaments against each other, in any game.

The arena is game-agnostic: it finds the game from the rules' type
(:func:`skipbo.common.game.game_of`), so Skip-Bo rules play Skip-Bo and
:class:`skipbo.skyjo.Rules` play Skyjo, with the same code. :func:`play_game` plays one
game between bots and returns the game's record (a :class:`~skipbo.GameRecord`
for
Skip-Bo). :func:`tournament` plays many games between bots named in the game's bots
(:data:`skipbo.games.skipbo.bots.BOTS`, :data:`skipbo.games.skyjo.bots.BOTS`), rotating the seats
so that
no bot keeps the advantage of moving first, and reports for each entry of the line-up
its win rate with a 95% Wilson interval, plus the average game length and how the
games ended (for Skip-Bo, how many ended blocked or at the turn limit, R-WIN-2).

Every game ends: the rules bound it (R-WIN-4, S-END-3), and the arena plays a game at
most the proved bound of moves (:func:`skipbo.common.game.max_moves`). Rules that lift
a bound (``stall_limit=None``, ...) prove no bound, and a game of them may never end:
the arena then refuses them up front, unless the caller caps each game's moves with
``max_moves=`` (a game stopped there ends ``"max-moves"``, without a winner).

Everything is derived from one seed: game ``g`` is dealt with
``derive_seed(seed, g)`` and each of its bots is seeded from that game seed and its
seat, so a game depends on nothing but the seed and its index. That is why the
games can be spread over worker processes (``workers``) or any
``concurrent.futures.Executor`` and still give the same result.

>>> import skipbo
>>> from skipbo.arena import tournament
>>> result = tournament(skipbo.Rules(players=2, stock_size=5), ["heuristic", "random"],
...                     games=20, seed=1)
>>> [entry.bot for entry in result.entries], result.games
(['heuristic', 'random'], 20)
>>> result.entries[0].wins > result.entries[1].wins
True

This module imports no game, only the game-agnostic ``skipbo.common``; the games
come in through the registry.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from skipbo.common.game import AnyGame, game_of, unknown_bot
from skipbo.common.game import max_moves as game_max_moves
from skipbo.common.randomness import derive_seed
from skipbo.common.sprt import Decision, Sprt
from skipbo.common.strictjson import echo

__all__ = [
    "EVALUATION_SEED",
    "EVALUATION_SEEDS",
    "MAX_MOVES_ENDED",
    "MAX_WORKERS",
    "BotFactory",
    "CpuTimes",
    "Entrant",
    "EntryResult",
    "GameSummary",
    "SprtResult",
    "TournamentResult",
    "combine",
    "deal_of",
    "entrant_name",
    "is_evaluation_seed",
    "move_cap",
    "play_game",
    "seating",
    "sprt",
    "tournament",
    "wilson",
]

WILSON_Z = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

MAX_WORKERS = 1024
"""The most worker processes a tournament starts: a pool forks all its workers at
once, so a mistyped count (``10**6``) would otherwise try to fork that many."""

MAX_MOVES_ENDED = "max-moves"
"""The :attr:`GameSummary.termination` of a game the arena stopped at its ``max_moves``
cap, without a winner (the game itself had not ended)."""

CHUNKS_PER_WORKER = 8
"""Games are sent to workers in about this many chunks per worker: few enough that
sending them costs little, many enough that the progress callback moves smoothly."""

EVALUATION_SEEDS = range(1_000_000_000, 2_000_000_000)
"""The tournament seeds reserved for evaluation: never train or tune on them.

A tournament's deals are derived from its seed by a hash
(:func:`~skipbo.common.randomness.derive_seed`), so tournaments of different seeds share
no deal. A bot tuned on the deals it is then
measured on is measured on its own training data; so every training, fitting or
tuning run (``tools/fit_leaf.py``, the screens of ``benchmarks/``, a self-play loop)
draws its seeds below this range, and a measurement that is to be trusted, such as
a sequential test (:func:`sprt`, whose default seed is :data:`EVALUATION_SEED`), draws
them from it. :func:`is_evaluation_seed` tells them apart."""

EVALUATION_SEED = EVALUATION_SEEDS.start
"""The default seed of a sequential test: the first seed reserved for evaluation."""


def is_evaluation_seed(seed: int) -> bool:
    """Whether ``seed`` is reserved for evaluation (:data:`EVALUATION_SEEDS`).

    A training or tuning loop refuses such a seed.

    >>> is_evaluation_seed(EVALUATION_SEED), is_evaluation_seed(0)
    (True, False)
    """
    return seed in EVALUATION_SEEDS


def wilson(successes: int, trials: int, z: float = WILSON_Z) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% by default).

    Unlike the normal approximation it stays inside ``[0, 1]`` and is sound for
    rates near 0 or 1 and for few trials.

    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    factor = z * z / trials
    centre = (rate + factor / 2) / (1 + factor)
    half = z * math.sqrt(rate * (1 - rate) / trials + factor / (4 * trials)) / (1 + factor)
    # At 0 or all successes the bound is exactly 0 or 1 (rounding would move it).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def play_game(
    rules: Any,
    bots: Sequence[Any],
    seed: int,
    *,
    names: Sequence[str] = (),
    max_moves: int | None = None,
) -> Any:
    """Play one game of ``rules`` dealt with ``seed``; ``bots[s]`` plays seat ``s``.

    Each bot is shown only the view of its own seat. The game ends as the rules end
    it (for Skip-Bo a win, a blocked game, a stall, or the turn limit if ``rules`` set
    one), whatever the bots do: within the proved bound of
    :func:`skipbo.common.game.max_moves`.

    Args:
        rules: The variant: the rules of any registered game (Skip-Bo, Skyjo).
        bots: One bot of that game per seat.
        seed: The deal's seed (see :func:`skipbo.new_game`).
        names: Optional names of the seats for the record.
        max_moves: The most moves to play: the game stops there even if it has not
            ended. Needed when the rules lift a bound (then no bound is proved and a
            game may never end); by default the proved bound, which no game reaches.

    Returns:
        The game's record (a :class:`~skipbo.GameRecord` for Skip-Bo, a
        :class:`skipbo.games.skyjo.records.GameRecord` for Skyjo); the game's ``replay``
        reproduces every state from it. A game stopped at ``max_moves`` has a record
        whose last state is not over.

    Raises:
        ValueError: if there is not one bot per seat; if the rules lift a bound and no
            ``max_moves`` is given; if ``max_moves`` is not a positive integer.
        TypeError: if ``rules`` are of no registered game.
        IllegalMoveError: if a bot makes an illegal move (the game's error).

    >>> import skipbo
    >>> from skipbo.games.skipbo.bots import RandomBot
    >>> rules = skipbo.Rules(players=2, stock_size=3)
    >>> record = play_game(rules, [RandomBot(1), RandomBot(2)], seed=7)
    >>> skipbo.is_over(list(skipbo.replay(record))[-1])
    True

    """
    game = game_of(rules)
    cap = move_cap(rules, max_moves)
    return _play(game, rules, bots, seed, names, cap).record


def move_cap(rules: Any, max_moves: int | None = None) -> int:
    """The most moves the arena plays of a game of ``rules``: ``max_moves`` or the proved bound.

    :func:`play_game`, :func:`tournament` and :func:`sprt` ask this before their first
    game, so that rules that could play forever are refused at once rather than hang.
    (The conformance checkers have their own default for such rules:
    :func:`skipbo.common.conformance.move_limit`.)

    >>> import skipbo
    >>> move_cap(skipbo.Rules(players=2)) == skipbo.max_moves(skipbo.Rules(players=2))
    True
    >>> move_cap(skipbo.Rules(stall_limit=None), max_moves=10_000)
    10000
    >>> move_cap(skipbo.Rules(stall_limit=None))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: these rules lift a bound of the game's length ...

    Raises:
        ValueError: if ``max_moves`` is ``None`` and the rules lift a bound (no bound is
            proved: a game may never end), or ``max_moves`` is not a positive integer.
        TypeError: if ``rules`` are of no registered game.

    """
    bound = game_max_moves(rules)
    if max_moves is None:
        if bound is None:
            raise ValueError(
                "these rules lift a bound of the game's length (R-WIN-4, S-END-3: a "
                "turn-move, stall or round limit is None), so a game may never end; "
                "pass max_moves= to stop each game after that many moves"
            )
        return bound
    if type(max_moves) is not int or max_moves < 1:
        raise ValueError(f"max_moves must be a positive integer, got {echo(max_moves)}")
    return max_moves


@attrs.frozen(slots=True)
class _Played:
    """A finished game as the arena sees it."""

    record: Any
    final: Any
    turns: int
    moves: tuple[int, ...]  # moves made by each seat
    seconds: tuple[tuple[float, ...], ...]  # thinking time of each move, by seat


def _play(
    game: AnyGame, rules: Any, bots: Sequence[Any], seed: int, names: Sequence[str], cap: int
) -> _Played:
    """Play a game, at most ``cap`` moves; keep its record, final state, turns, moves and time."""
    players = game.info(rules).players
    if len(bots) != players:
        raise ValueError(f"{len(bots)} bots for {players} seats: give one bot a seat")
    state = game.deal(rules, seed)
    moves: list[Any] = []
    made = [0] * players
    seconds: list[list[float]] = [[] for _ in range(players)]
    turns, last = 0, None
    # CPU time of this thread, not wall time: on a shared machine the wall clock
    # also counts the time other processes ran, which says nothing about the bot.
    clock = time.thread_time
    while not game.is_over(state) and len(moves) < cap:
        seat = game.current_player(state)
        turn = game.turn(state)
        turns += turn != last
        last = turn
        started = clock()
        move = bots[seat].choose(game.view(state, seat))
        seconds[seat].append(clock() - started)
        state = game.apply(state, move)
        moves.append(move)
        made[seat] += 1
    record = game.record(rules, seed, moves, names)
    return _Played(record, state, turns, tuple(made), tuple(map(tuple, seconds)))


@attrs.frozen(slots=True)
class GameSummary:
    """What a tournament keeps of one game."""

    index: int
    """The game's number in the tournament, from 0."""
    seed: int
    """The game's deal seed: ``derive_seed(tournament seed, index)``."""
    seats: tuple[int, ...]
    """``seats[e]``: the seat that line-up entry ``e`` played."""
    termination: str
    """How the game ended, in the game's words (for Skip-Bo a
    :class:`~skipbo.Termination` value such as ``"blocked"``), or
    :data:`MAX_MOVES_ENDED` if the arena stopped it at its ``max_moves`` cap."""
    winners: tuple[int, ...]
    """The winning seats (empty when nobody won)."""
    turns: int
    """The number of turns played."""
    moves: tuple[int, ...]
    """The moves each line-up entry made."""
    move_seconds: tuple[tuple[float, ...], ...] = attrs.field(eq=False)
    """Each line-up entry's thinking time of each of its moves: the CPU seconds its
    bot's ``choose`` took on one core (measured, so not reproducible)."""

    @property
    def seconds(self) -> tuple[float, ...]:
        """Each line-up entry's thinking time in the game, in CPU seconds."""
        return tuple(map(sum, self.move_seconds))


def seating(players: int, game: int) -> tuple[int, ...]:
    """The seat of each line-up entry in game ``game``: rotated one seat per game.

    >>> seating(3, 0), seating(3, 1), seating(3, 4)
    ((0, 1, 2), (1, 2, 0), (1, 2, 0))
    """
    return tuple((entry + game) % players for entry in range(players))


def deal_of(players: int, game: int, *, paired: bool) -> int:
    """The number of the deal game ``game`` is dealt with (from its tournament's seed).

    Unpaired, every game has a deal of its own. Paired, the games come in groups of
    ``players``: the games ``players * d`` to ``players * d + players - 1`` all play
    deal ``d``, one in each rotation of the seats (:func:`seating`), so that every
    line-up entry plays that deal from every seat. Luck of the deal then falls on
    every entry alike, which narrows the spread of a comparison at no cost.

    >>> [deal_of(3, game, paired=True) for game in range(7)]
    [0, 0, 0, 1, 1, 1, 2]
    >>> [seating(3, game) for game in range(3)]  # deal 0 from every seat
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    >>> deal_of(3, 4, paired=False)
    4
    """
    return game // players if paired else game


BotFactory = Callable[[int | None], Any]
"""Makes a bot from its seed, like the values of :data:`skipbo.games.skipbo.bots.BOTS` and bot
classes."""

Entrant = str | BotFactory
"""A line-up entry: a shipped bot's name, or a factory of one's own bot."""


def entrant_name(entrant: Entrant) -> str:
    """The name a line-up entry goes by: the bot's name, or the factory's ``__name__``."""
    return entrant if isinstance(entrant, str) else getattr(entrant, "__name__", repr(entrant))


def _make(game: AnyGame, entrant: Entrant, seed: int) -> Any:
    return game.bots[entrant](seed) if isinstance(entrant, str) else entrant(seed)


def _play_one(
    rules: Any, lineup: Sequence[Entrant], seed: int, index: int, paired: bool, cap: int
) -> GameSummary:
    game = game_of(rules)
    players = game.info(rules).players
    game_seed = derive_seed(seed, deal_of(players, index, paired=paired))
    seats = seating(players, index)
    entry_at = sorted(range(players), key=seats.__getitem__)  # the entry on each seat
    bots = [
        _make(game, lineup[entry], derive_seed(game_seed, seat))
        for seat, entry in enumerate(entry_at)
    ]
    played = _play(game, rules, bots, game_seed, (), cap)
    over = game.is_over(played.final)
    return GameSummary(
        index=index,
        seed=game_seed,
        seats=seats,
        termination=game.termination(played.final) if over else MAX_MOVES_ENDED,
        winners=game.winners(played.final) if over else (),
        turns=played.turns,
        moves=tuple(played.moves[seat] for seat in seats),
        move_seconds=tuple(played.seconds[seat] for seat in seats),
    )


def _play_chunk(
    rules: Any, lineup: tuple[Entrant, ...], seed: int, games: range, paired: bool, cap: int
) -> list[GameSummary]:
    """Play the games numbered ``games`` (run in a worker: a top-level function)."""
    return [_play_one(rules, lineup, seed, game, paired, cap) for game in games]


@attrs.frozen(slots=True)
class CpuTimes:
    """The thinking time of a bot's moves: mean, 95th and 99th percentile, most, in seconds.

    CPU time of the thread that chose the move (``time.thread_time``), not wall
    time: on a shared machine the wall clock also counts other processes. The
    percentiles are nearest-rank: the p95 is the smallest time that at least 95% of
    the moves took no longer than.

    >>> times = CpuTimes.of([0.001] * 95 + [0.010] * 4 + [0.100])
    >>> round(times.mean, 5), times.p95, times.p99, times.most
    (0.00235, 0.001, 0.01, 0.1)
    >>> CpuTimes.of([])
    CpuTimes(moves=0, mean=0.0, p95=0.0, p99=0.0, most=0.0)
    """

    moves: int
    """How many moves were timed."""
    mean: float
    """The mean time of a move."""
    p95: float
    """The 95th percentile."""
    p99: float
    """The 99th percentile."""
    most: float
    """The longest move."""

    @classmethod
    def of(cls, seconds: Iterable[float]) -> CpuTimes:
        """The figures of the times ``seconds`` (all zero for no moves)."""
        ordered = sorted(seconds)
        if not ordered:
            return cls(0, 0.0, 0.0, 0.0, 0.0)

        def rank(share: float) -> float:
            # Nearest rank: the ceil(share * n)-th smallest; the rounding guards against
            # 0.95 * 100 coming out as 95.00000000000001.
            return ordered[max(0, math.ceil(round(share * len(ordered), 9)) - 1)]

        return cls(len(ordered), sum(ordered) / len(ordered), rank(0.95), rank(0.99), ordered[-1])


@attrs.frozen(slots=True)
class EntryResult:
    """How one entry of a tournament's line-up did."""

    entry: int
    """The entry's position in the line-up."""
    bot: str
    """The bot's name."""
    games: int
    """Games played."""
    wins: int
    """Games won (in team play: games its team won)."""
    moves: int
    """Moves it made in all games."""
    seconds: float = attrs.field(eq=False)
    """Its total thinking time in CPU seconds on one core (measured, so not reproducible)."""
    cpu: CpuTimes = attrs.field(eq=False, factory=lambda: CpuTimes.of(()))
    """Its thinking time per move: mean, p95, p99 (measured, so not reproducible)."""

    @property
    def win_rate(self) -> float:
        """The share of games won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def seconds_per_move(self) -> float:
        """Average thinking time per move in seconds."""
        return self.seconds / self.moves if self.moves else 0.0


@attrs.frozen(slots=True)
class TournamentResult:
    """The result of :func:`tournament`; equal for equal arguments, whatever the workers.

    The thinking times are measured and so differ between runs; they take no part in
    equality.
    """

    rules: Any
    """The variant played (the rules of any registered game)."""
    lineup: tuple[str, ...]
    """The bots' names (see :func:`entrant_name`), one per seat of the first game."""
    seed: int
    """The tournament's seed."""
    entries: tuple[EntryResult, ...]
    """The result of each line-up entry, in line-up order."""
    summaries: tuple[GameSummary, ...] = attrs.field(repr=False)
    """Every game, in order."""
    paired: bool = False
    """Whether each deal was played once in every rotation of the seats (:func:`deal_of`)."""

    @property
    def games(self) -> int:
        """The number of games played."""
        return len(self.summaries)

    @property
    def average_turns(self) -> float:
        """The average game length in turns."""
        return sum(game.turns for game in self.summaries) / self.games if self.games else 0.0

    def share(self, termination: str) -> float:
        """The share of games that ended by ``termination`` (a :attr:`GameSummary.termination`)."""
        ended = sum(game.termination == termination for game in self.summaries)
        return ended / self.games if self.games else 0.0

    @property
    def blocked_share(self) -> float:
        """The share of Skip-Bo games that ended blocked, without a winner (R-WIN-2)."""
        return self.share("blocked")

    @property
    def turn_limit_share(self) -> float:
        """The share of Skip-Bo games that ended at the turn limit, without a winner (R-WIN-2)."""
        return self.share("turn-limit")

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-able data, the rules as the game's document.

        For Skip-Bo the rules are a :mod:`skipbo.games.skipbo.serialization` document.

        >>> import json, skipbo
        >>> result = tournament(skipbo.Rules(players=2, stock_size=2), ["random"] * 2,
        ...                     games=2, seed=0)
        >>> sorted(json.loads(json.dumps(result.to_dict())))  # doctest: +NORMALIZE_WHITESPACE
        ['average_turns', 'blocked_share', 'entries', 'games', 'lineup', 'paired', 'rules',
         'seed', 'turn_limit_share']
        """
        return {
            "rules": game_of(self.rules).rules_to_data(self.rules),
            "lineup": list(self.lineup),
            "seed": self.seed,
            "paired": self.paired,
            "games": self.games,
            "average_turns": self.average_turns,
            "blocked_share": self.blocked_share,
            "turn_limit_share": self.turn_limit_share,
            "entries": [
                {
                    "entry": entry.entry,
                    "bot": entry.bot,
                    "games": entry.games,
                    "wins": entry.wins,
                    "win_rate": entry.win_rate,
                    "wilson_95": list(entry.interval),
                    "moves": entry.moves,
                    "seconds_per_move": entry.seconds_per_move,
                    "cpu_per_move": {
                        "mean": entry.cpu.mean,
                        "p95": entry.cpu.p95,
                        "p99": entry.cpu.p99,
                        "max": entry.cpu.most,
                    },
                }
                for entry in self.entries
            ],
        }


def _chunks(games: range, parts: int) -> list[range]:
    size = max(1, math.ceil(len(games) / parts))
    return [games[start : start + size] for start in range(0, len(games), size)]


def tournament(
    rules: Any,
    lineup: Sequence[Entrant],
    *,
    games: int,
    seed: int,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    first: int = 0,
    paired: bool = False,
    max_moves: int | None = None,
) -> TournamentResult:
    """Play ``games`` games between the bots named in ``lineup``, rotating the seats.

    Entry ``e`` of the line-up plays seat ``(e + g) % players`` in game ``g``, and
    game ``g`` is dealt with ``derive_seed(seed, g)`` (paired: with
    ``derive_seed(seed, g // players)``, see :func:`deal_of`); its bot on seat ``s`` is
    seeded with ``derive_seed(game seed, s)``. The result is the same for any
    ``workers`` or ``executor``.

    Args:
        rules: The variant: the rules of any registered game (Skip-Bo, Skyjo).
        lineup: One entry per seat: a bot's name (a key of the game's bots, such as
            :data:`skipbo.games.skipbo.bots.BOTS` or :data:`skipbo.games.skyjo.bots.BOTS`)
            or a factory making a bot from its seed (such as a bot class; to play
            in worker processes it must be importable, i.e. defined in a module).
        games: How many games to play (at least 1).
        seed: The tournament's seed.
        workers: Worker processes to play in (1: play in this process).
        executor: Any ``concurrent.futures.Executor`` to play in instead (e.g.
            a process pool or a cluster's executor); ``workers`` is then only used
            to split the games into chunks.
        progress: Called with the number of games just finished, each time some
            finish (so a progress bar's ``update`` fits).
        first: The index of the first game: a long tournament can be played in
            parts (``first=0, games=100``, then ``first=100``, ...) that
            :func:`combine` joins into the result of the whole.
        paired: Play each deal in every rotation of the seats (:func:`deal_of`): the
            games ``players * d`` to ``players * d + players - 1`` share deal ``d``.
            Give ``games`` and ``first`` as multiples of the table size to keep
            whole deals.
        max_moves: The most moves of a game: a game stopped there ends
            :data:`MAX_MOVES_ENDED` (``"max-moves"``), without a winner. Needed when
            the rules lift a bound; by default the proved bound
            (:func:`skipbo.common.game.max_moves`), which no game reaches.

    Raises:
        ValueError: if the line-up does not give one bot per seat, names an unknown bot, or
            ``games`` or ``workers`` is below 1 (or ``workers`` above :data:`MAX_WORKERS`),
            or ``first`` below 0; if the rules lift a bound and no ``max_moves`` is
            given (see :func:`move_cap`), before any game is played.
        TypeError: if ``rules`` are of no registered game.

    """
    game = game_of(rules)
    players = game.info(rules).players
    entrants = tuple(lineup)
    if len(entrants) != players:
        raise ValueError(f"the line-up names {len(entrants)} bots for {players} seats")
    unknown = [name for name in entrants if isinstance(name, str) and name not in game.bots]
    if unknown:
        raise unknown_bot(unknown[0], game.bots)
    for name, value, least in (("games", games, 1), ("workers", workers, 1), ("first", first, 0)):
        if type(value) is not int or value < least:
            raise ValueError(f"{name} must be an integer of at least {least}, got {echo(value)}")
    if workers > MAX_WORKERS:
        raise ValueError(f"workers must be at most {MAX_WORKERS}, got {workers}")
    cap = move_cap(rules, max_moves)
    played = range(first, first + games)
    summaries = _run(rules, entrants, seed, played, workers, executor, progress, paired, cap)
    return _result(rules, tuple(map(entrant_name, entrants)), seed, summaries, paired)


def _result(
    rules: Any,
    names: tuple[str, ...],
    seed: int,
    summaries: Iterable[GameSummary],
    paired: bool = False,
) -> TournamentResult:
    ordered = sorted(summaries, key=lambda game: game.index)
    return TournamentResult(
        rules=rules,
        lineup=names,
        seed=seed,
        entries=tuple(_entry(entry, name, ordered) for entry, name in enumerate(names)),
        summaries=tuple(ordered),
        paired=paired,
    )


def combine(parts: Sequence[TournamentResult]) -> TournamentResult:
    """Join the parts of one tournament played with different ``first`` games.

    >>> import skipbo
    >>> rules, lineup = skipbo.Rules(players=2, stock_size=2), ["random", "play-first"]
    >>> whole = tournament(rules, lineup, games=4, seed=1)
    >>> parts = [tournament(rules, lineup, games=2, seed=1, first=n) for n in (0, 2)]
    >>> combine(parts) == whole
    True

    Raises:
        ValueError: if there are no parts, they differ in rules, line-up or seed, or
            a game is in two parts.

    """
    if not parts:
        raise ValueError("no tournament to combine")
    head = parts[0]
    if any(
        (part.rules, part.lineup, part.seed) != (head.rules, head.lineup, head.seed)
        for part in parts
    ):
        raise ValueError("the parts are not of one tournament: rules, line-up or seed differ")
    if any(part.paired != head.paired for part in parts):
        raise ValueError("the parts are not of one tournament: some are paired, some not")
    summaries = [game for part in parts for game in part.summaries]
    if len({game.index for game in summaries}) != len(summaries):
        raise ValueError("a game is in two parts")
    return _result(head.rules, head.lineup, head.seed, summaries, head.paired)


def _run(
    rules: Any,
    lineup: tuple[Entrant, ...],
    seed: int,
    games: range,
    workers: int,
    executor: Executor | None,
    progress: Callable[[int], None] | None,
    paired: bool,
    cap: int,
) -> Iterable[GameSummary]:
    if executor is None and workers == 1:
        for game in games:
            yield _play_one(rules, lineup, seed, game, paired, cap)
            if progress is not None:
                progress(1)
        return
    chunks = _chunks(games, workers * CHUNKS_PER_WORKER)
    # No more processes than chunks: a short tournament needs few.
    pool = (
        ProcessPoolExecutor(max_workers=min(workers, len(chunks))) if executor is None else executor
    )
    try:
        futures: list[Future[list[GameSummary]]] = [
            pool.submit(_play_chunk, rules, lineup, seed, chunk, paired, cap) for chunk in chunks
        ]
        for future in as_completed(futures):
            done = future.result()
            yield from done
            if progress is not None:
                progress(len(done))
    finally:
        if executor is None:
            pool.shutdown(cancel_futures=True)


def _entry(entry: int, name: str, summaries: Sequence[GameSummary]) -> EntryResult:
    return EntryResult(
        entry=entry,
        bot=name,
        games=len(summaries),
        wins=sum(game.seats[entry] in game.winners for game in summaries),
        moves=sum(game.moves[entry] for game in summaries),
        seconds=sum(sum(game.move_seconds[entry]) for game in summaries),
        cpu=CpuTimes.of(time for game in summaries for time in game.move_seconds[entry]),
    )


@attrs.frozen(slots=True)
class SprtResult:
    """Where a sequential test (:func:`sprt`) stands: its games so far and its verdict."""

    test: Sprt
    """The hypotheses and error rates."""
    tournament: TournamentResult
    """The games counted: whole deals, each in every rotation of the seats."""
    decision: Decision | None
    """H0 or H1 once decided; :attr:`~skipbo.common.sprt.Decision.INCONCLUSIVE` if the game cap came
    first; ``None`` while the test plays on (only seen by ``report``)."""

    @property
    def games(self) -> int:
        """Games counted."""
        return self.tournament.games

    @property
    def wins(self) -> int:
        """Games the first entry of the line-up won."""
        return self.tournament.entries[0].wins

    @property
    def llr(self) -> float:
        """The log-likelihood ratio of H1 to H0 (:meth:`~skipbo.common.sprt.Sprt.llr`)."""
        return self.test.llr(self.wins, self.games)

    def status(self) -> str:
        """One line: the log-likelihood ratio between its bounds, the games, the wins.

        >>> import skipbo
        >>> result = sprt(skipbo.Rules(players=2, stock_size=3), ["heuristic", "random"],
        ...               Sprt(0.5, 0.75), games=100, seed=1)
        >>> print(result.status())  # 8 wins in a row: 8 ln(0.75/0.5) = 3.24 >= ln 19
        LLR 3.24 [-2.94, 2.94] after 8 games, 8 wins (100.0%): H1
        """
        word = "playing on" if self.decision is None else self.decision.value
        rate = self.wins / self.games if self.games else 0.0
        return (
            f"LLR {self.llr:.2f} [{self.test.lower:.2f}, {self.test.upper:.2f}] after "
            f"{self.games} games, {self.wins} wins ({rate:.1%}): {word}"
        )


DEALS_PER_WORKER = 4
"""In worker processes, a sequential test plays about this many deals a worker before
it looks at the games again."""


def sprt(
    rules: Any,
    lineup: Sequence[Entrant],
    test: Sprt,
    *,
    games: int,
    seed: int = EVALUATION_SEED,
    workers: int = 1,
    executor: Executor | None = None,
    progress: Callable[[int], None] | None = None,
    report: Callable[[SprtResult], None] | None = None,
    max_moves: int | None = None,
) -> SprtResult:
    """Run the sequential test ``test`` of the first entry of ``lineup`` against the rest.

    The games are paired (:func:`deal_of`): each deal is played once in every rotation
    of the seats, and the test looks at the games after each whole deal, in order, so
    it stops at the first deal after which the wins of the line-up's first entry
    accept H0 or H1 (:meth:`~skipbo.common.sprt.Sprt.decide`), or after the most whole
    deals that fit in ``games`` (then the verdict is
    :attr:`~skipbo.common.sprt.Decision.INCONCLUSIVE`). A won game is one the first
    entry won (a game nobody won counts as a loss). The games counted, the
    verdict and the stopping point are the same for any ``workers`` or ``executor``:
    games played in a batch beyond the deciding deal are dropped.

    Args:
        rules: The variant: the rules of any registered game.
        lineup: One entry per seat, as for :func:`tournament`; the first is tested.
            For one bot against ``N - 1`` copies of another, an even share is ``1/N``.
        test: The hypotheses about the first entry's win rate.
        games: The game cap (rounded down to whole deals: a multiple of the seats).
        seed: The tournament's seed; by default the first of the seeds reserved for
            evaluation (:data:`EVALUATION_SEEDS`).
        workers: Worker processes to play in, as for :func:`tournament`.
        executor: An executor to play in instead, as for :func:`tournament`.
        progress: Called with the number of games just finished, as for
            :func:`tournament` (it counts the games of a batch played beyond the
            deciding deal too).
        report: Called with the standing of the test after each batch of deals
            (each deal when ``workers`` is 1), e.g. to show it beside a progress bar.
        max_moves: The most moves of a game, as for :func:`tournament` (a game
            stopped there counts as a loss of the first entry).

    Raises:
        ValueError: if ``games`` is fewer than the seats (not one whole deal), or as
            :func:`tournament` raises.
        TypeError: if ``rules`` are of no registered game.

    """
    players = game_of(rules).info(rules).players
    move_cap(rules, max_moves)  # rules that could play forever are refused at once
    if type(games) is not int or games < players:
        raise ValueError(
            f"games must be at least one whole deal of {players} games, got {echo(games)}"
        )
    deals = games // players
    if executor is None and workers > 1:
        with ProcessPoolExecutor(max_workers=min(workers, MAX_WORKERS)) as pool:
            return sprt(
                rules, lineup, test, games=games, seed=seed, workers=workers,
                executor=pool, progress=progress, report=report, max_moves=max_moves,
            )  # fmt: skip
    batch = 1 if executor is None else max(1, workers) * DEALS_PER_WORKER
    kept: list[GameSummary] = []
    wins = 0
    decision: Decision | None = None
    names: tuple[str, ...] = ()
    played = 0
    while decision is None and played < deals:
        count = min(batch, deals - played)
        part = tournament(
            rules, lineup, games=count * players, seed=seed, workers=workers,
            executor=executor, progress=progress, first=played * players, paired=True,
            max_moves=max_moves,
        )  # fmt: skip
        names = part.lineup
        for start in range(0, part.games, players):
            deal = part.summaries[start : start + players]
            kept.extend(deal)
            wins += sum(game.seats[0] in game.winners for game in deal)
            decision = test.decide(wins, len(kept))
            if decision is not None:
                break
        played += count
        if report is not None:
            report(SprtResult(test, _result(rules, names, seed, kept, True), decision))
    final = Decision.INCONCLUSIVE if decision is None else decision
    return SprtResult(test, _result(rules, names, seed, kept, True), final)
