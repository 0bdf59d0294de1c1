"""Tests for `skipbo.arena`: games, tournaments, seat rotation, Wilson intervals."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import Rules, Termination, arena
from skipbo.arena import MAX_WORKERS, combine, play_game, seating, tournament, wilson
from skipbo.games.skipbo.bots import PlayFirstBot, RandomBot
from skipbo.games.skipbo.serialization import from_data

SMALL = Rules(players=2, stock_size=3)


class TestPlayGame:
    """Tests for `play_game`."""

    def test_the_record_replays_the_game_to_its_end(self) -> None:
        record = play_game(SMALL, [RandomBot(1), PlayFirstBot(2)], seed=5, names=("a", "b"))
        states = list(skipbo.replay(record))
        assert skipbo.is_over(states[-1])
        assert not any(skipbo.is_over(state) for state in states[:-1])
        assert (record.seed, record.names) == (5, ("a", "b"))

    def test_one_bot_a_seat(self) -> None:
        with pytest.raises(ValueError, match="3 bots for 2 seats"):
            play_game(SMALL, [RandomBot(1)] * 3, seed=5)

    @pytest.mark.rule("R-WIN-2")
    def test_a_turn_limit_ends_the_game(self) -> None:
        """R-WIN-2: with a turn limit, the game ends there without a winner."""
        rules = Rules(players=2, turn_limit=3)
        record = play_game(rules, [RandomBot(1), RandomBot(2)], seed=1)
        final = list(skipbo.replay(record))[-1]
        assert final.outcome == skipbo.Outcome(Termination.TURN_LIMIT)


class TestTournament:
    """Tests for `tournament`."""

    def test_counts_add_up(self) -> None:
        result = tournament(SMALL, ["play-first", "random"], games=12, seed=4)
        wins = sum(entry.wins for entry in result.entries)
        no_winner = (result.blocked_share + result.turn_limit_share) * result.games
        assert wins + round(no_winner) == result.games == 12
        assert all(entry.games == 12 for entry in result.entries)
        assert sum(entry.moves for entry in result.entries) == sum(
            sum(game.moves) for game in result.summaries
        )

    def test_seats_rotate(self) -> None:
        """Each entry plays each seat equally often, so the first move is shared."""
        result = tournament(Rules(players=3, stock_size=2), ["random"] * 3, games=6, seed=0)
        for entry in range(3):
            seats = [game.seats[entry] for game in result.summaries]
            assert sorted(seats) == [0, 0, 1, 1, 2, 2]
        assert seating(4, 5) == (1, 2, 3, 0)

    def test_each_entry_plays_its_own_bot_on_every_seat(self) -> None:
        """The strong entry wins from either seat: the bots move with their entries."""
        result = tournament(SMALL, ["heuristic", "random"], games=10, seed=4)
        for seat in (0, 1):
            games = [game for game in result.summaries if game.seats[0] == seat]
            assert all(game.winners == (seat,) for game in games)

    def test_games_are_seeded_by_index(self) -> None:
        """A longer tournament starts with the same games as a shorter one."""
        short = tournament(SMALL, ["heuristic", "play-first"], games=3, seed=8)
        long = tournament(SMALL, ["heuristic", "play-first"], games=5, seed=8)
        assert long.summaries[:3] == short.summaries
        other = tournament(SMALL, ["heuristic", "play-first"], games=3, seed=9)
        assert [game.seed for game in other.summaries] != [game.seed for game in short.summaries]

    def test_the_same_for_any_number_of_workers(self) -> None:
        """Worker processes (or any executor) give the very same result as one process."""
        lineup = ["heuristic", "play-first"]
        alone = tournament(SMALL, lineup, games=16, seed=2)
        assert tournament(SMALL, lineup, games=16, seed=2, workers=2) == alone
        with ThreadPoolExecutor(max_workers=3) as executor:
            assert tournament(SMALL, lineup, games=16, seed=2, executor=executor) == alone

    @pytest.mark.parametrize("workers", [1, 2])
    def test_progress_counts_every_game(self, workers: int) -> None:
        finished: list[int] = []
        tournament(
            SMALL, ["random"] * 2, games=7, seed=1, workers=workers, progress=finished.append
        )
        assert sum(finished) == 7
        assert all(count > 0 for count in finished)

    def test_team_games_count_for_both_partners(self) -> None:
        """R-TEAM-3: a team's win is a win for each of its seats' entries."""
        rules = Rules.partners(stock_size=2)
        result = tournament(rules, ["heuristic", "random", "heuristic", "random"], games=4, seed=3)
        assert result.entries[0].wins == result.entries[2].wins
        assert result.entries[1].wins == result.entries[3].wins

    def test_parts_combine_into_the_whole(self) -> None:
        """A tournament played in parts (``first``) and combined equals the whole."""
        lineup = ["heuristic", "random"]
        whole = tournament(SMALL, lineup, games=6, seed=5)
        parts = [tournament(SMALL, lineup, games=n, seed=5, first=f) for f, n in ((4, 2), (0, 4))]
        assert combine(parts) == whole
        with pytest.raises(ValueError, match="two parts"):
            combine([parts[0], parts[0]])
        with pytest.raises(ValueError, match="not of one tournament"):
            combine([whole, tournament(SMALL, lineup, games=1, seed=6, first=9)])
        with pytest.raises(ValueError, match="no tournament"):
            combine([])

    def test_a_factory_enters_like_a_name(self) -> None:
        """A bot class is a line-up entry under its own name, playing like its registered name."""
        by_name = tournament(SMALL, ["play-first", "random"], games=4, seed=6)
        by_class = tournament(SMALL, [PlayFirstBot, "random"], games=4, seed=6, workers=2)
        assert by_class.lineup == ("PlayFirstBot", "random")
        assert by_class.summaries == by_name.summaries

    def test_to_dict_is_json(self) -> None:
        result = tournament(SMALL, ["random", "play-first"], games=3, seed=1)
        data = json.loads(json.dumps(result.to_dict()))
        assert data["games"] == 3
        assert [entry["bot"] for entry in data["entries"]] == ["random", "play-first"]
        assert from_data(data["rules"], "rules") == SMALL
        low, high = data["entries"][0]["wilson_95"]
        assert low <= data["entries"][0]["win_rate"] <= high

    @pytest.mark.parametrize(
        ("lineup", "games", "workers", "message"),
        [
            (["random"], 1, 1, "names 1 bots for 2 seats"),
            (["random", "nobody"], 1, 1, "unknown bot 'nobody'"),
            (["random", "random"], 0, 1, "games must be"),
            (["random", "random"], 1, 0, "workers must be"),
            (["random", "random"], 1.5, 1, "games must be"),
            # Found by the probe of session 2: a pool forks all its workers at once.
            (["random", "random"], 2, 10**6, "workers must be at most"),
        ],
    )
    def test_bad_arguments(self, lineup: list[str], games: int, workers: int, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            tournament(SMALL, lineup, games=games, seed=0, workers=workers)


def test_a_short_tournament_starts_no_more_processes_than_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started: list[int] = []

    class Pool(ThreadPoolExecutor):
        def __init__(self, max_workers: int) -> None:
            started.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(arena, "ProcessPoolExecutor", Pool)
    alone = tournament(SMALL, ["random"] * 2, games=3, seed=4)
    assert tournament(SMALL, ["random"] * 2, games=3, seed=4, workers=MAX_WORKERS) == alone
    assert started == [3]


class TestWilson:
    """Tests for `wilson`."""

    @given(trials=st.integers(1, 10_000), data=st.data())
    def test_contains_the_rate_within_bounds(self, trials: int, data: st.DataObject) -> None:
        successes = data.draw(st.integers(0, trials))
        low, high = wilson(successes, trials)
        assert 0.0 <= low <= successes / trials <= high <= 1.0

    def test_narrows_with_more_trials(self) -> None:
        small = wilson(6, 10)
        large = wilson(600, 1000)
        assert small[0] < large[0] < 0.6 < large[1] < small[1]

    def test_known_value(self) -> None:
        """Wilson (1927): 0 of 10 gives the upper bound z^2 / (n + z^2)."""
        z2 = 1.959963984540054**2
        assert wilson(0, 10) == pytest.approx((0.0, z2 / (10 + z2)))
