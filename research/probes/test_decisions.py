"""The probes of ``decisions.py`` and the choices of ``stop_early.py`` (both beside this file).

Each probe changes one kind of the heuristic's choices: it must make the heuristic's
move wherever its kind of choice is not at stake (else its figures would measure more
than that kind), a move of that kind where it is, and a legal one everywhere; and a
probe that throws away a kind of choice that matters must lose for it (a bounded run
of the probe).

A research test: it is not in ``tests/`` and CI does not run it; run it from the
repository root with ``python -m pytest -p no:cacheprovider research/probes``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import skipbo
from research.probes.decisions import (
    PROBES,
    NeverPlay,
    RandomCandidate,
    RandomDiscard,
    RandomPlay,
    RandomStockPlay,
)
from research.probes.stop_early import choices, verdicts
from skipbo import Discard, PlayFromStock, Rules
from skipbo.arena import tournament
from skipbo.games.skipbo.bots import HeuristicBot, SearchBot
from skipbo.games.skipbo.bots.heuristic import discards, plays, stock_move
from skipbo.games.skipbo.bots.leaf import fitted_leaf
from skipbo.games.skipbo.views import PlayerView


def heuristic_views(rules: Rules, games: int) -> Iterator[PlayerView]:
    """The views of the seat to move over ``games`` games of the heuristic against itself."""
    bot = HeuristicBot()
    for seed in range(games):
        state = skipbo.new_game(rules, seed=seed)
        while not skipbo.is_over(state):
            seen = skipbo.view(state, state.current_player)
            yield seen
            state = skipbo.apply(state, bot.choose(seen))


@pytest.mark.parametrize("players", [2, 4])
def test_each_probe_changes_only_its_kind_of_choice(players: int) -> None:
    """R-TURN-5, R-BUILD-1: off its kind of choice a probe plays as the heuristic;
    on it, a move of the same kind among those the heuristic would consider.
    """
    rules = Rules(players=players, stock_size=8)
    heuristic = HeuristicBot()
    probes = [RandomDiscard(1), RandomPlay(1), RandomStockPlay(1), NeverPlay(1)]
    changed = dict.fromkeys(map(type, probes), 0)
    for seen in heuristic_views(rules, games=6):
        moves = skipbo.legal_moves(seen)
        chosen = heuristic.choose(seen)
        free_play = not isinstance(chosen, Discard) and len(moves) > 1 and stock_move(seen) is None
        for probe in probes:
            move = probe.choose(seen)
            assert move in moves
            changed[type(probe)] += move != chosen
            if isinstance(probe, RandomDiscard) and isinstance(chosen, Discard):
                assert move in discards(seen, moves)
            elif isinstance(probe, RandomStockPlay) and isinstance(chosen, PlayFromStock):
                assert isinstance(move, PlayFromStock)
            elif isinstance(probe, RandomPlay) and free_play:
                assert move in (plays(seen, moves) or [chosen])
            elif isinstance(probe, NeverPlay) and free_play:
                assert move == next(iter(discards(seen, moves)), chosen)
            else:
                assert move == chosen
    # Each probe does change something in these games (else it would measure nothing).
    assert all(changed.values()), changed


def test_random_candidate_is_a_search_candidate() -> None:
    """The search-candidate probe picks among the search bot's candidates only."""
    search = SearchBot(3)
    probe = RandomCandidate(3)
    for seen in heuristic_views(Rules(players=2, stock_size=6), games=2):
        assert probe.choose(seen) in search.candidates(seen)


def test_the_heuristic_comes_first() -> None:
    """Every probe's figures are read against the unchanged heuristic, printed first."""
    assert next(iter(PROBES)) == "heuristic"
    assert PROBES["heuristic"] is HeuristicBot


def test_never_playing_loses() -> None:
    """A bounded run of the probe: a heuristic that ends its turn wherever it would
    play a number card outside a plan to its stock wins far fewer games than the
    heuristic it replaces (26% of 4,000 two-player games at standard rules, seed 7;
    53 of these 200, where the heuristic in its seat wins 99).
    """
    rules = Rules(players=2)
    games = 200
    never = tournament(rules, [NeverPlay, HeuristicBot], games=games, seed=7)
    assert never.entries[0].wins <= 0.4 * games


def test_stop_early_weighs_the_search_choices_on_shared_deals() -> None:
    """``research/probes/stop_early.py``: its choices are the search's, between the
    heuristic's play and a discard (R-TURN-5), and its verdicts are reproducible
    from the generator, a played-out verdict a mean of win differences.
    """
    rules = Rules(players=4)
    leaf = fitted_leaf(rules)
    assert leaf is not None
    found = choices(rules, seed=5)
    for _ in range(3):
        seen, play, stop = next(found)
        moves = skipbo.legal_moves(seen)
        assert play in moves
        assert stop in moves
        assert not isinstance(play, Discard)
        assert isinstance(stop, Discard)
        assert SearchBot(5).candidates(seen)[0] == play
        first = verdicts(seen, play, stop, 4, random.Random(1), leaf)
        assert first == verdicts(seen, play, stop, 4, random.Random(1), leaf)
        by_leaf, played_out, error = first
        assert -1 <= by_leaf <= 1
        assert error >= 0
        assert played_out * 4 == round(played_out * 4)  # four deals, each -1, 0 or 1
