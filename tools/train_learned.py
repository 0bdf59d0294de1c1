"""Train the learned bot's value by self-play and write its weights into the package.

Fitted value iteration with Monte-Carlo targets (TD(1)), for each table size asked
(``--players``, default 2 and 4, individual play at standard rules):

1. **Round 0**: ``--start-games`` games of the heuristic bot in every seat. Every
   end position of every seat's turn (a discard, a stock play, a play that empties
   the hand: :func:`skipbo.games.skipbo.bots.learned.step`) is kept with its
   features from that seat's view
   (:func:`~skipbo.games.skipbo.bots.learned.end_features`) and whether the seat went
   on to win. A logistic regression of the win on the features (Newton's method with
   an L2 penalty, :func:`tools.fit_leaf.fit`) gives the first weights.
2. **Rounds 1 to** ``--rounds``: ``--round-games`` games in which each seat is the
   newest learned bot (playing to a random end position a tenth of the time, to see
   positions off its own path) or, as often, one of the pool: the heuristic and every
   earlier version; at least one seat is the newest. Their end positions join the data
   and the value is fitted again on all of it.
3. After each fit the new weights play ``--eval-games`` games against the heuristic
   (one learned seat, seats rotated, evaluation seeds apart from the training ones): the
   strength against training games, drawn as an SVG chart (``--plot``).

Game ``g`` of round ``r`` is dealt with ``derive_seed(derive_seed(seed, r), g)``; the
evaluation's tournament seed is ``derive_seed(seed, 1000 + r)``. Everything draws its
randomness from ``--seed``, so the same command writes the same weights (the
heuristic draws none), and each table size's weights depend only on the seed, so
``--players 2`` and ``--players 4`` run apart (in parallel) give the same tables as one
run. The defaults take about 5 minutes of CPU a table size (more wall time on a
loaded machine); a progress bar shows the games. Needs NumPy and tqdm
(``skipbo[numpy,cli]``).

Usage: python -m tools.train_learned --game skipbo --seed 0 [--players 2 4]
[--start-games 1000] [--rounds 1] [--round-games 80] [--eval-games 50]
[--out src/skipbo/games/skipbo/bots/learned_weights.py] [--plot learned-strength.svg]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from tqdm import tqdm

import skipbo
from skipbo.arena import tournament, wilson
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots.heuristic import HeuristicBot
from skipbo.games.skipbo.bots.learned import LearnedBot, end_features, root, step, turn_table
from skipbo.games.skipbo.moves import Pass
from skipbo.games.skipbo.rules import Rules
from skipbo.pictures.charts import Bar, bar_chart
from tools.fit_leaf import fit, log_loss

EXPLORE = 0.1
"""How often a training game's newest bot plays to a random end position."""

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / (
    "src/skipbo/games/skipbo/bots/learned_weights.py"
)

Weights = tuple[float, ...]


def play(rules: Rules, bots: Sequence[object], seed: int) -> tuple[list[list[float]], list[float]]:
    """One game: every seat's end positions (features) and whether that seat won."""
    state = skipbo.new_game(rules, seed=seed)
    rows: list[tuple[int, list[float]]] = []
    highest = rules.deck.highest
    while state.outcome is None:
        seat = state.current_player
        seen = skipbo.view(state, seat)
        move = bots[seat].choose(seen)  # type: ignore[attr-defined]
        if not isinstance(move, Pass) and seen.hand is not None:
            after = step(root(seen), move, highest)
            if after.ended is not None and after.ended != "win":
                rows.append((seat, end_features(seen, turn_table(seen), after)))
        state = skipbo.apply(state, move)
    winners = state.outcome.winners
    return [row for _, row in rows], [1.0 if seat in winners else 0.0 for seat, _ in rows]


def learned(players: int, weights: Weights, explore: float = 0.0) -> Callable[[int | None], object]:
    """A factory of the learned bot playing ``weights`` at tables of ``players``."""

    def make(seed: int | None) -> object:
        return LearnedBot(seed, weights={players: weights}, explore=explore)

    make.__name__ = "learned"
    return make


def strength(rules: Rules, weights: Weights, games: int, seed: int) -> tuple[int, int]:
    """Games won by one learned seat against the heuristic in the others, and played."""
    lineup: list[str | Callable[[int | None], object]] = [
        learned(rules.players, weights),
        *["heuristic"] * (rules.players - 1),
    ]
    with tqdm(total=games, desc=f"{rules.players}p evaluation", unit="game") as bar:

        def progress(done: int) -> None:
            bar.update(done)

        result = tournament(rules, lineup, games=games, seed=seed, progress=progress)
    return result.entries[0].wins, games


def train(
    players: int, seed: int, start_games: int, rounds: int, round_games: int, eval_games: int
) -> tuple[Weights, list[tuple[int, int, int]]]:
    """The weights for ``players`` and the strength after each fit: (training games,
    wins, evaluation games)."""
    rules = Rules(players=players)
    table = players
    x: list[list[float]] = []
    y: list[float] = []
    versions: list[Weights] = []
    curve: list[tuple[int, int, int]] = []
    played = 0
    for round_ in range(rounds + 1):
        games = start_games if round_ == 0 else round_games
        pick = random.Random(derive_seed(seed, 500 + round_))
        for game in tqdm(range(games), desc=f"{players}p round {round_}", unit="game"):
            if round_ == 0:
                bots: list[object] = [HeuristicBot()] * players
            else:
                pool: list[Weights | None] = [None, *versions[:-1]]
                seats: list[Weights | None] = []
                for _ in range(players):
                    if pick.random() < 0.5:
                        seats.append(versions[-1])
                    else:
                        seats.append(pick.choice(pool))
                if versions[-1] not in seats:
                    seats[pick.randrange(players)] = versions[-1]
                bots = [
                    HeuristicBot()
                    if weights is None
                    else learned(table, weights, EXPLORE if weights is versions[-1] else 0.0)(
                        derive_seed(seed, game * players + seat)
                    )
                    for seat, weights in enumerate(seats)
                ]
            rows, wins = play(rules, bots, derive_seed(derive_seed(seed, round_), game))
            x += rows
            y += wins
        played += games
        fitted = fit(np.array(x), np.array(y))
        versions.append(tuple(round(float(w), 4) for w in fitted))
        loss = log_loss(np.array(x), np.array(y), fitted)
        print(
            f"{players}p round {round_}: {len(y)} positions, log-loss {loss:.4f}", file=sys.stderr
        )
        won, of = strength(rules, versions[-1], eval_games, derive_seed(seed, 1000 + round_))
        curve.append((played, won, of))
        low, high = wilson(won, of)
        print(
            f"{players}p after {played} games: {won}/{of} = {won / of:.1%} "
            f"({low:.1%} - {high:.1%}) against the heuristic",
            file=sys.stderr,
        )
    return versions[-1], curve


def weights_module(weights: dict[int, Weights], command: str) -> str:
    """The text of the weights module."""
    lines = [
        '"""The learned bot\'s weights, written by ``python -m tools.train_learned``.',
        "",
        f"Command: ``{command}``. Do not edit: train again.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Mapping",
        "",
        "# fmt: off",
        "WEIGHTS: Mapping[int, tuple[float, ...]] = {",
    ]
    for players, table in sorted(weights.items()):
        lines.append(f"    {players}: (")
        for start in range(0, len(table), 6):
            lines.append("        " + ", ".join(f"{w!r}" for w in table[start : start + 6]) + ",")
        lines.append("    ),")
    lines += [
        "}",
        "# fmt: on",
        '"""The weights of :func:`~skipbo.games.skipbo.bots.learned.end_features` by table size',
        '(2 or 4 players), the constant\'s last."""',
        "",
    ]
    return "\n".join(lines)


def chart(curves: dict[int, list[tuple[int, int, int]]]) -> str:
    """The strength against training games as an SVG bar chart."""
    bars = []
    for players, curve in sorted(curves.items()):
        for played, won, of in curve:
            low, high = wilson(won, of)
            bars.append(
                Bar(
                    f"{players}p after {played} games",
                    won / of,
                    low,
                    high,
                    reference=1 / players,
                )
            )
    return bar_chart(
        bars,
        title="Learned bot against the heuristic, by training games",
        note="one learned seat, the heuristic in the others; 95% Wilson intervals",
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Train for each table size, write the weights module and the chart."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["skipbo"], default="skipbo")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4], choices=[2, 4])
    parser.add_argument("--start-games", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--round-games", type=int, default=80)
    parser.add_argument("--eval-games", type=int, default=50)
    parser.add_argument("--out", type=Path, default=WEIGHTS_FILE)
    parser.add_argument("--plot", type=Path, default=None)
    args = parser.parse_args(argv)
    command = "python -m tools.train_learned " + " ".join(sys.argv[1:] if argv is None else argv)
    weights: dict[int, Weights] = {}
    curves: dict[int, list[tuple[int, int, int]]] = {}
    for players in args.players:
        weights[players], curves[players] = train(
            players, args.seed, args.start_games, args.rounds, args.round_games, args.eval_games
        )
    args.out.write_text(weights_module(weights, command.strip()))
    print(f"wrote {args.out}")
    if args.plot is not None:
        args.plot.write_text(chart(curves))
        print(f"wrote {args.plot}")


if __name__ == "__main__":
    main()
