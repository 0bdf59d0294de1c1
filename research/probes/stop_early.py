"""Is ending the turn early worth it? The search's leaf and games played to the end, compared.

Where the heuristic bot would play a number card outside a plan to its stock top,
the search bot (:class:`skipbo.games.skipbo.bots.search.SearchBot`) also weighs ending the turn
with a discard. This script finds such choices in games of the heuristic against
itself (standard rules; game g dealt with ``derive_seed(seed, g)``; each choice of
any seat kept with chance ``KEPT``, drawn with ``random.Random(seed)``) and, for each,
deals what the seat to move cannot see ``--deals`` times
(:func:`skipbo.games.skipbo.sampling.sample_state`, as the search deals). In every deal it makes
both moves, the heuristic's play and its best discard (the same deal for both), and
plays on with the heuristic for every seat: to the search's horizon, where the
fitted leaf values the position (the search's verdict), and on to the end of the
game (a win counts 1). It prints, per choice, what ending the turn early gains over
the play by each verdict, with the standard error of the played-out one; then their
means over the choices, their correlation, and how many choices each finds ending
early better.

What it tells: whether the search's leaf judges ending the turn early as the whole
game does, and how much ending it early is worth at each table size (research/search-experiments.md,
"Where the choices matter").

Usage: python research/probes/stop_early.py [--players 4] [--choices 40] [--deals 200]
       [--seed 99]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Iterator

import skipbo
from skipbo.common.randomness import derive_seed
from skipbo.games.skipbo.bots import HeuristicBot, SearchBot
from skipbo.games.skipbo.bots.leaf import Leaf, fitted_leaf
from skipbo.games.skipbo.bots.search import COMPLETED_WILDS, horizon
from skipbo.games.skipbo.moves import Discard, Move
from skipbo.games.skipbo.sampling import sample_state
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.views import PlayerView

KEPT = 0.25
"""The share of the choices kept (the choices of one turn are much alike)."""

_HEURISTIC = HeuristicBot()


def choices(rules: skipbo.Rules, seed: int) -> Iterator[tuple[PlayerView, Move, Discard]]:
    """Kept choices between the heuristic's play and its best discard, in game order."""
    search = SearchBot(seed)
    keep = random.Random(seed)
    game = 0
    while True:
        state = skipbo.new_game(rules, seed=derive_seed(seed, game))
        game += 1
        while state.outcome is None:
            seen = skipbo.view(state, state.current_player)
            found = search.candidates(seen)
            stops = [move for move in found if isinstance(move, Discard)]
            # The random draw only at a choice, so the kept choices depend on the seed alone.
            choice = len(found) > 1 and not isinstance(found[0], Discard) and bool(stops)
            if choice and keep.random() < KEPT:
                yield seen, found[0], stops[0]
            state = skipbo.apply(state, _HEURISTIC.choose(seen))


def play_on(state: GameState, until: int | None = None) -> GameState:
    """``state`` played on by the heuristic in every seat, to turn ``until`` or the end."""
    while state.outcome is None and (until is None or state.turn < until):
        state = skipbo.apply(state, _HEURISTIC.choose(skipbo.view(state, state.current_player)))
    return state


def _won(state: GameState, seat: int) -> float:
    """1 if ``seat`` won the finished game ``state``, else 0 (a loss or a block)."""
    assert state.outcome is not None
    return float(seat in state.outcome.winners)


def verdicts(
    seen: PlayerView, play: Move, stop: Discard, deals: int, rng: random.Random, leaf: Leaf
) -> tuple[float, float, float]:
    """What ending the turn with ``stop`` gains over ``play``: by the leaf, played out
    to the end, and the standard error of the second (the same deals for both moves).
    """
    seat = seen.current_player
    end = horizon(seen)
    by_leaf: list[float] = []
    played_out: list[float] = []
    for _ in range(deals):
        deal = sample_state(seen, rng, completed_wilds=COMPLETED_WILDS)
        ends = [play_on(skipbo.apply(deal, move), end) for move in (stop, play)]
        by_leaf.append(leaf(ends[0], seat) - leaf(ends[1], seat))
        wins = [_won(play_on(end), seat) for end in ends]
        played_out.append(wins[0] - wins[1])
    error = statistics.pstdev(played_out) / deals**0.5
    return statistics.fmean(by_leaf), statistics.fmean(played_out), error


def main() -> None:
    """Find the choices, weigh both moves in each, and print the verdicts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--choices", type=int, default=40)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=99)
    args = parser.parse_args()
    rules = skipbo.Rules(players=args.players)
    leaf = fitted_leaf(rules)
    if leaf is None:
        raise SystemExit(f"no fitted leaf for {args.players} players: the search has none there")
    rng = random.Random(args.seed)
    print(
        f"{args.players} players, {args.choices} choices, {args.deals} deals each, "
        f"seed {args.seed}: what ending the turn early gains over the heuristic's play "
        "(win chance): by the leaf / played out (standard error)",
        flush=True,
    )
    rows: list[tuple[float, float]] = []
    found = choices(rules, args.seed)
    for _ in range(args.choices):
        seen, play, stop = next(found)
        by_leaf, played_out, error = verdicts(seen, play, stop, args.deals, rng, leaf)
        rows.append((by_leaf, played_out))
        print(f"  {by_leaf:+.4f} / {played_out:+.4f} ({error:.4f})", flush=True)
    leaf_gains = [row[0] for row in rows]
    played = [row[1] for row in rows]
    print(
        f"mean {statistics.fmean(leaf_gains):+.4f} / {statistics.fmean(played):+.4f}; "
        f"correlation {statistics.correlation(leaf_gains, played):.2f}; ending early better "
        f"in {sum(gain > 0 for gain in leaf_gains)} / {sum(gain > 0 for gain in played)} "
        f"of {len(rows)} choices"
    )


if __name__ == "__main__":
    main()
