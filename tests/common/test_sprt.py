"""The sequential test of a win rate, paired deals, the evaluation seeds and CPU times (issue 55).

The log-likelihood ratios are checked against values worked out by hand from the
definition (the ratio of the likelihoods of the wins and losses under H1 and H0), not
from the code's formula.
"""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import skipbo
from skipbo import skyjo
from skipbo.arena import (
    EVALUATION_SEED,
    EVALUATION_SEEDS,
    CpuTimes,
    SprtResult,
    deal_of,
    is_evaluation_seed,
    sprt,
    tournament,
)
from skipbo.cli.app import main
from skipbo.common.randomness import derive_seed
from skipbo.common.sprt import Decision, HypothesisError, Sprt
from skipbo.errors import ArgumentTypeError

SMALL = skipbo.Rules(players=2, stock_size=3)
"""Short Skip-Bo games: a few hundred of them take seconds."""


class TestLikelihoodRatio:
    def test_bounds_are_walds(self) -> None:
        # ln(0.05 / 0.95) = ln(1/19) and ln(0.95 / 0.05) = ln 19 = 2.944438979...
        test = Sprt(0.25, 0.28)
        assert test.lower == pytest.approx(-2.944438979, abs=1e-9)
        assert test.upper == pytest.approx(2.944438979, abs=1e-9)
        # alpha 0.1, beta 0.2: ln(0.2 / 0.9) = ln(2/9), ln(0.8 / 0.1) = ln 8.
        other = Sprt(0.25, 0.28, alpha=0.1, beta=0.2)
        assert other.lower == pytest.approx(-1.504077397, abs=1e-9)
        assert other.upper == pytest.approx(2.079441542, abs=1e-9)

    def test_llr_is_the_log_of_the_likelihood_ratio(self) -> None:
        # 3 wins, 2 losses; H1 0.6, H0 0.5: (0.6^3 * 0.4^2) / 0.5^5 = 0.03456 / 0.03125.
        assert Sprt(0.5, 0.6).llr(wins=3, games=5) == pytest.approx(math.log(1.10592))
        # 2 wins, 2 losses; H1 0.5, H0 0.25: 0.5^4 / (0.25^2 * 0.75^2) = 16 / 9.
        assert Sprt(0.25, 0.5).llr(wins=2, games=4) == pytest.approx(math.log(16 / 9))
        # No games: the likelihoods are equal.
        assert Sprt(0.25, 0.5).llr(wins=0, games=0) == 0.0

    def test_it_decides_exactly_at_the_bounds(self) -> None:
        # H0 0.5, H1 0.75: a win adds ln 1.5 = 0.405, a loss ln 0.5 = -0.693.
        test = Sprt(0.5, 0.75)
        assert test.decide(wins=7, games=7) is None  # 2.838 < 2.944
        assert test.decide(wins=8, games=8) is Decision.H1  # 3.244
        assert test.decide(wins=0, games=4) is None  # -2.773
        assert test.decide(wins=0, games=5) is Decision.H0  # -3.466
        assert test.decide(wins=8, games=13) is None  # 3.244 - 3.466 = -0.222

    def test_wins_beyond_the_games_are_refused(self) -> None:
        with pytest.raises(ValueError, match="wins must be between 0 and the 3 games"):
            Sprt(0.5, 0.6).llr(wins=4, games=3)
        with pytest.raises(ValueError, match="wins"):
            Sprt(0.5, 0.6).decide(wins=-1, games=3)


class TestBadHypotheses:
    @pytest.mark.parametrize(("h0", "h1"), [(0.3, 0.3), (0.3, 0.25)])
    def test_h0_must_be_below_h1(self, h0: float, h1: float) -> None:
        with pytest.raises(HypothesisError, match="H0 must be below H1"):
            Sprt(h0, h1)

    @pytest.mark.parametrize(
        ("h0", "h1", "name"),
        [(0.0, 0.3, "H0"), (-0.1, 0.3, "H0"), (0.3, 1.0, "H1"), (0.3, 1.5, "H1"),
         (math.nan, 0.3, "H0"), (0.3, math.inf, "H1")],
    )  # fmt: skip
    def test_rates_must_lie_inside_0_and_1(self, h0: float, h1: float, name: str) -> None:
        with pytest.raises(HypothesisError, match=f"{name} must lie strictly between 0 and 1"):
            Sprt(h0, h1)

    @pytest.mark.parametrize("rate", [0.0, 0.5, 0.7])
    def test_error_rates_must_lie_below_a_half(self, rate: float) -> None:
        with pytest.raises(HypothesisError, match="alpha"):
            Sprt(0.25, 0.28, alpha=rate)
        with pytest.raises(HypothesisError, match="beta"):
            Sprt(0.25, 0.28, beta=rate)

    @pytest.mark.parametrize("value", ["0.25", True, None])
    def test_a_rate_that_is_no_number_is_a_type_error(self, value: Any) -> None:
        with pytest.raises(ArgumentTypeError, match="H0 must be a number"):
            Sprt(value, 0.5)

    def test_the_hypothesis_error_is_a_value_error(self) -> None:
        assert issubclass(HypothesisError, ValueError)
        assert issubclass(HypothesisError, skipbo.SkipBoError)


class TestPairedDeals:
    def test_each_deal_is_played_once_from_every_rotation(self) -> None:
        result = tournament(SMALL, ["heuristic", "random"], games=6, seed=5, paired=True)
        seeds = [game.seed for game in result.summaries]
        assert seeds == [derive_seed(5, deal) for deal in (0, 0, 1, 1, 2, 2)]
        for start in range(0, 6, 2):
            pair = result.summaries[start : start + 2]
            # Entry 0 plays both seats of the deal, entry 1 the other.
            assert sorted(game.seats[0] for game in pair) == [0, 1]
            assert sorted(game.seats[1] for game in pair) == [0, 1]
        assert result.paired
        assert result.to_dict()["paired"] is True

    def test_four_seats_give_four_rotations_of_a_deal(self) -> None:
        rules = skipbo.Rules(players=4, stock_size=3)
        result = tournament(rules, ["heuristic"] + ["random"] * 3, games=8, seed=1, paired=True)
        for start in (0, 4):
            deal = result.summaries[start : start + 4]
            assert len({game.seed for game in deal}) == 1
            # Every entry sits in every seat once.
            for entry in range(4):
                assert sorted(game.seats[entry] for game in deal) == [0, 1, 2, 3]
        assert result.summaries[0].seed != result.summaries[4].seed

    def test_unpaired_games_each_have_a_deal_of_their_own(self) -> None:
        result = tournament(SMALL, ["heuristic", "random"], games=4, seed=5)
        assert [game.seed for game in result.summaries] == [derive_seed(5, g) for g in range(4)]
        assert [deal_of(2, game, paired=False) for game in range(4)] == [0, 1, 2, 3]

    def test_a_bot_against_itself_wins_exactly_half_of_paired_deals(self) -> None:
        # The same bots on the same seats of the same deal play the same game, so the
        # rotation hands the win to each entry once: the deal's luck cancels out.
        result = tournament(SMALL, ["heuristic", "heuristic"], games=20, seed=3, paired=True)
        assert all(game.winners for game in result.summaries)
        assert [entry.wins for entry in result.entries] == [10, 10]

    def test_paired_and_unpaired_parts_do_not_combine(self) -> None:
        from skipbo.arena import combine

        one = tournament(SMALL, ["random", "random"], games=2, seed=1, paired=True)
        two = tournament(SMALL, ["random", "random"], games=2, seed=1, first=2)
        with pytest.raises(ValueError, match="paired"):
            combine([one, two])


class TestSequentialTest:
    def test_a_clearly_stronger_bot_is_accepted_as_h1(self) -> None:
        result = sprt(SMALL, ["heuristic", "random"], Sprt(0.5, 0.75), games=200, seed=1)
        assert result.decision is Decision.H1
        assert result.games < 200
        assert result.games % 2 == 0
        assert result.llr >= result.test.upper
        # It stopped at the first whole deal that decided: one deal earlier did not.
        assert result.test.decide(result.wins - 2, result.games - 2) is None

    def test_a_bot_against_itself_is_accepted_as_h0(self) -> None:
        result = sprt(SMALL, ["heuristic", "heuristic"], Sprt(0.5, 0.75), games=200, seed=2)
        assert result.decision is Decision.H0
        assert result.llr <= result.test.lower
        assert result.wins * 2 == result.games

    def test_skyjo_too_and_at_three_seats(self) -> None:
        result = sprt(skyjo.Rules(players=2), ["heuristic", "random"], Sprt(0.5, 0.75), games=60)
        assert result.decision is Decision.H1
        three = sprt(skyjo.Rules(players=3), ["random"] * 3, Sprt(1 / 3, 0.6), games=120, seed=1)
        assert three.decision is Decision.H0
        assert three.games % 3 == 0

    def test_the_cap_ends_it_inconclusive_after_whole_deals(self) -> None:
        # 5 games at 2 seats: 2 whole deals, 4 games; 4 wins would not reach ln 19.
        result = sprt(SMALL, ["heuristic", "random"], Sprt(0.5, 0.75), games=5, seed=1)
        assert result.decision is Decision.INCONCLUSIVE
        assert result.games == 4
        assert result.test.lower < result.llr < result.test.upper

    def test_fewer_games_than_seats_are_refused(self) -> None:
        with pytest.raises(ValueError, match="at least one whole deal of 2 games"):
            sprt(SMALL, ["heuristic", "random"], Sprt(0.5, 0.75), games=1)

    def test_the_default_seed_is_reserved_for_evaluation(self) -> None:
        result = sprt(SMALL, ["heuristic", "random"], Sprt(0.5, 0.75), games=4)
        assert result.tournament.seed == EVALUATION_SEED
        assert is_evaluation_seed(EVALUATION_SEED)
        assert not is_evaluation_seed(0)
        assert not is_evaluation_seed(EVALUATION_SEEDS.stop)
        assert is_evaluation_seed(EVALUATION_SEEDS.stop - 1)

    def test_the_verdict_does_not_depend_on_the_workers(self) -> None:
        # Batches of many deals overshoot the deciding deal; the games after it are dropped.
        test = Sprt(0.5, 0.75)
        alone = sprt(SMALL, ["heuristic", "random"], test, games=200, seed=4)
        with ThreadPoolExecutor(2) as pool:
            batched = sprt(
                SMALL, ["heuristic", "random"], test, games=200, seed=4, workers=2, executor=pool
            )
        assert batched == alone

    def test_report_and_progress_follow_the_games(self) -> None:
        standings: list[SprtResult] = []
        done: list[int] = []
        result = sprt(
            SMALL, ["heuristic", "random"], Sprt(0.5, 0.75), games=100, seed=1,
            report=standings.append, progress=done.append,
        )  # fmt: skip
        assert [standing.games for standing in standings] == list(range(2, result.games + 1, 2))
        assert all(standing.decision is None for standing in standings[:-1])
        assert standings[-1].decision is result.decision
        assert sum(done) == result.games


class TestCpuTimes:
    def test_percentiles_are_nearest_rank(self) -> None:
        times = CpuTimes.of(float(ms) for ms in range(100, 0, -1))  # 1 .. 100, unsorted
        assert (times.moves, times.mean, times.p95, times.p99, times.most) == (
            100, 50.5, 95.0, 99.0, 100.0,
        )  # fmt: skip
        # 10 moves: the p95 and p99 are the 10th smallest, the longest.
        ten = CpuTimes.of([1.0] * 9 + [7.0])
        assert (ten.p95, ten.p99, ten.mean) == (7.0, 7.0, 1.6)

    def test_a_tournament_times_every_move(self) -> None:
        result = tournament(SMALL, ["heuristic", "random"], games=4, seed=2)
        for entry in result.entries:
            assert entry.cpu.moves == entry.moves
            assert 0.0 <= entry.cpu.mean <= entry.cpu.p95 <= entry.cpu.p99 <= entry.cpu.most
            assert entry.cpu.mean == pytest.approx(entry.seconds_per_move)
        data = result.to_dict()["entries"][0]["cpu_per_move"]
        assert sorted(data) == ["max", "mean", "p95", "p99"]


class TestCommand:
    def test_sprt_prints_the_verdict(self, capsys: pytest.CaptureFixture[str]) -> None:
        status = main(["tournament", "heuristic", "random", "--stock", "3",
                       "--sprt", "0.5", "0.75", "--games", "60", "--no-progress"])  # fmt: skip
        out = capsys.readouterr().out
        assert status == 0
        assert f"seed {EVALUATION_SEED}" in out
        last = out.splitlines()[-1]
        assert last.startswith("LLR 3.24 [-2.94, 2.94] after 8 games, 8 wins")
        assert last.endswith(": H1")
        assert "p95" in out
        assert "p99" in out

    def test_sprt_json_names_the_verdict(self, capsys: pytest.CaptureFixture[str]) -> None:
        status = main(["tournament", "heuristic", "heuristic", "--stock", "3", "--seed", "2",
                       "--sprt", "0.5", "0.55", "--games", "10", "--json"])  # fmt: skip
        data = json.loads(capsys.readouterr().out)
        assert status == 0
        assert data["sprt"]["verdict"] == "inconclusive"
        assert data["games"] == 10
        assert data["paired"] is True
        assert data["seed"] == 2

    @pytest.mark.parametrize(
        ("h0", "h1", "message"),
        [("0.3", "0.25", "H0 must be below H1"), ("0.25", "1.2", "H1 must lie strictly"),
         ("0", "0.3", "H0 must lie strictly")],
    )  # fmt: skip
    def test_bad_hypotheses_are_a_usage_error(
        self, capsys: pytest.CaptureFixture[str], h0: str, h1: str, message: str
    ) -> None:
        status = main(["tournament", "random", "--sprt", h0, h1, "--no-progress"])
        captured = capsys.readouterr()
        assert status == 2
        assert captured.out == ""
        assert captured.err.startswith("skipbo tournament: ")
        assert message in captured.err

    def test_paired_tournament_option(self, capsys: pytest.CaptureFixture[str]) -> None:
        status = main(["tournament", "heuristic", "heuristic", "--stock", "3", "--games", "6",
                       "--paired", "--json"])  # fmt: skip
        data = json.loads(capsys.readouterr().out)
        assert status == 0
        assert data["paired"] is True
        assert [entry["wins"] for entry in data["entries"]] == [3, 3]
