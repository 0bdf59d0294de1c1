"""Where a Skip-Bo bot's choices matter: the heuristic with one kind of choice made at random.

Each probe is the heuristic bot (:class:`skipbo.games.skipbo.bots.HeuristicBot`) with one kind of
its choices made uniformly at random among the moves it would consider, played as one
against the unchanged heuristic in every other seat with
:func:`skipbo.arena.tournament` (seats rotated every game; game g dealt with
``derive_seed(seed, g)``, the same deals for every probe). It prints each probe's
wins, win rate and 95% Wilson interval, and how far its rate lies from the unchanged
heuristic's on the same deals (the first line of each table).

The probes, by the kind of choice made at random:

- ``discard``: which card it discards, and onto which pile (among the number cards it
  would discard; a wild only when it holds nothing else, as the heuristic);
- ``play``: which number card it plays where it plays one outside a plan to its stock
  top (among the plays it would make, :func:`skipbo.games.skipbo.bots.heuristic.plays`);
- ``stock play``: which build pile takes a stock top that can be played at once;
- ``never play``: not a random choice but none: where it would play a number card
  outside a plan, it ends the turn with its discard instead;
- ``search candidate``: one of the moves the search bot weighs
  (:meth:`skipbo.games.skipbo.bots.search.SearchBot.candidates`: its play, its other plays, its
  best discards, which end the turn).

What it tells: how much the heuristic's choices of a kind are worth against a random
choice among the same moves. A search that re-chooses among moves of a kind can gain
over the heuristic where these choices are worth something, and the search bot gains
most where they are worth most (research/search-experiments.md, "Where the choices matter"). It
bounds nothing: a random choice is worth the average of the moves, not the best one.

Usage: python research/probes/decisions.py [--players 2 4] [--games 4000] [--seed 7]
       [--workers 2] [--only PROBE ...]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Mapping

import skipbo
from skipbo.arena import tournament
from skipbo.games.skipbo.bots import HeuristicBot
from skipbo.games.skipbo.bots.heuristic import discards, plays, stock_move
from skipbo.games.skipbo.bots.search import SearchBot
from skipbo.games.skipbo.moves import Discard, Move, PlayFromStock
from skipbo.games.skipbo.views import PlayerView, legal_moves


class _Probe(HeuristicBot):
    """The heuristic with its own seeded generator for the probes' random choices."""

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        super().__init__(seed, time_limit=time_limit)
        self._rng = random.Random(seed)


def plays_freely(view: PlayerView, chosen: Move, moves: list[Move]) -> bool:
    """Whether the heuristic's ``chosen`` move is a play outside a plan to its stock top.

    ``moves`` are the legal moves of ``view``: a single one is no choice.
    """
    return not isinstance(chosen, Discard) and len(moves) > 1 and stock_move(view) is None


class RandomDiscard(_Probe):
    """The heuristic, but for a random discard among those it would make."""

    def choose(self, view: PlayerView) -> Move:
        """The heuristic's move, or a random discard where that is a discard."""
        chosen = super().choose(view)
        if isinstance(chosen, Discard):
            return self._rng.choice(discards(view, legal_moves(view)))
        return chosen


class _FreePlayProbe(_Probe):
    """The heuristic, but where it plays outside a plan to its stock: :meth:`instead`."""

    def choose(self, view: PlayerView) -> Move:
        """The heuristic's move, or :meth:`instead` where it plays outside a plan."""
        chosen = super().choose(view)
        moves = legal_moves(view)
        if not plays_freely(view, chosen, moves):
            return chosen
        return self.instead(view, chosen, moves)

    def instead(self, view: PlayerView, chosen: Move, moves: list[Move]) -> Move:
        """The probe's move where the heuristic would play ``chosen`` outside a plan."""
        raise NotImplementedError


class RandomPlay(_FreePlayProbe):
    """The heuristic, but for a random play where it plays outside a plan to its stock."""

    def instead(self, view: PlayerView, chosen: Move, moves: list[Move]) -> Move:
        """A random one of the plays the heuristic would make."""
        return self._rng.choice(plays(view, moves) or [chosen])


class RandomStockPlay(_Probe):
    """The heuristic, but a stock top that can be played at once goes on a random build pile."""

    def choose(self, view: PlayerView) -> Move:
        """A random play of a stock top where there is one, else the heuristic's move."""
        chosen = super().choose(view)
        if isinstance(chosen, PlayFromStock):
            return self._rng.choice(
                [move for move in legal_moves(view) if isinstance(move, PlayFromStock)]
            )
        return chosen


class NeverPlay(_FreePlayProbe):
    """The heuristic, but where it would play outside a plan to its stock it discards."""

    def instead(self, view: PlayerView, chosen: Move, moves: list[Move]) -> Move:
        """The heuristic's first discard (its play where it has none: an empty hand)."""
        return next(iter(discards(view, moves)), chosen)


class RandomCandidate(_Probe):
    """A random one of the moves the search bot weighs (its candidates)."""

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        super().__init__(seed, time_limit=time_limit)
        self._search = SearchBot(seed)

    def choose(self, view: PlayerView) -> Move:
        """A uniformly random candidate of the search bot."""
        return self._rng.choice(self._search.candidates(view))


PROBES: Mapping[str, Callable[..., HeuristicBot]] = {
    "heuristic": HeuristicBot,
    "discard": RandomDiscard,
    "play": RandomPlay,
    "stock play": RandomStockPlay,
    "never play": NeverPlay,
    "search candidate": RandomCandidate,
}
"""Each probe by name; the unchanged heuristic first (what the others are compared with)."""


def main() -> None:
    """Play every probe against the heuristic and print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--games", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--only", nargs="*", choices=sorted(PROBES), default=None)
    args = parser.parse_args()
    names = ["heuristic", *(name for name in PROBES if name != "heuristic")]
    if args.only:
        names = ["heuristic", *(name for name in args.only if name != "heuristic")]
    for players in args.players:
        print(
            f"{players} players, {args.games} games, seed {args.seed}: one probe against "
            f"{players - 1} heuristic, seats rotated (fair share {1 / players:.1%})",
            flush=True,
        )
        base = None
        for name in names:
            result = tournament(
                skipbo.Rules(players=players),
                [PROBES[name], *[HeuristicBot] * (players - 1)],
                games=args.games,
                seed=args.seed,
                workers=args.workers,
            )
            entry = result.entries[0]
            low, high = entry.interval
            if base is None:
                base = entry.win_rate
            print(
                f"  {name:<17} wins {entry.wins:>5}  rate {entry.win_rate:6.1%}"
                f"  95% Wilson [{low:6.1%}, {high:6.1%}]"
                f"  {100 * (entry.win_rate - base):+5.1f} points"
                f"  blocked {result.blocked_share:5.1%}",
                flush=True,
            )


if __name__ == "__main__":
    main()
