"""Tests for `skipbo.batch`: construction, conversion, errors, the shuffle, the invariants."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import ActionError, Deck, IllegalMoveError, InvariantViolation, Rules
from skipbo.batch import (
    GameBatch,
    IllegalActionError,
    _jit,
    batch_invariant_violations,
    check_batch_invariants,
    compiled,
    observations,
)
from skipbo.batch import observation as batch_observation
from skipbo.batch.arrays import write_states
from skipbo.batch.numpy_path import NumpyPath
from skipbo.batch.policies import PlayFirstPolicy, PriorityPolicy, choose
from skipbo.batch.shuffle import Shuffler, shuffled
from skipbo.common.randomness import derive_seed, shuffle
from skipbo.games.skipbo.actions import (
    action_count,
    action_to_move,
    legal_action_mask,
    move_to_action,
)
from skipbo.games.skipbo.moves import is_build_play
from skipbo.games.skipbo.rules import FirstPlayer
from skipbo.observation.skipbo import observation

ROOT = Path(__file__).resolve().parents[2]
SMALL = Rules(players=2, deck=Deck(copies=2, wilds=2, highest=4), stock_size=2, hand_size=3)


def _arrays_copy(batch: GameBatch) -> dict[str, object]:
    return {
        name: (value.copy() if isinstance(value, np.ndarray) else list(value))
        for name, value in ((n, getattr(batch.arrays, n)) for n in batch.arrays.__slots__)
        if not name.startswith("__")
    }


def _same_arrays(before: dict[str, object], batch: GameBatch) -> bool:
    after = _arrays_copy(batch)
    return all(np.array_equal(before[name], after[name]) for name in before)  # type: ignore[arg-type]


class TestNew:
    """Tests for `GameBatch.new`."""

    @pytest.mark.rule("R-SETUP-5")
    @pytest.mark.parametrize(
        "rules",
        [
            Rules(players=4),
            Rules(players=3, first_player=2),
            Rules.partners(first_player=1),
            Rules(players=2, first_player=FirstPlayer.HIGHEST_STOCK_TOP),
            Rules(players=3, first_player=FirstPlayer.DEALER_DRAW),
            SMALL,
        ],
        ids=repr,
    )
    def test_game_i_is_the_cores_game_of_the_derived_seed(self, rules: Rules) -> None:
        """The deal laid out in the arrays (a fixed first player) or the core's (others)."""
        batch = GameBatch.new(rules, 5, seed=9, auto_reset=True)
        for i in range(5):
            assert batch.state(i) == skipbo.new_game(batch.rules, seed=derive_seed(9, i))
            assert batch.game_seed(i) == derive_seed(9, i)
        assert batch.game_index.tolist() == [0, 1, 2, 3, 4]
        # Slots dealt again in mid-game: nothing of the games before is left in them.
        for _ in range(30):
            batch.step(batch.legal_action_mask().argmax(axis=1))
        batch.deal_next([1, 3])
        check_batch_invariants(batch)
        for slot in (1, 3):
            assert batch.state(slot) == skipbo.new_game(rules, seed=batch.game_seed(slot))

    def test_masks_have_the_action_layout(self) -> None:
        batch = GameBatch.new(Rules(players=3), 4, seed=2)
        mask = batch.legal_action_mask()
        assert mask.shape == (4, action_count(batch.rules))
        assert mask.dtype == np.bool_
        for i, state in enumerate(batch.states()):
            assert mask[i].tobytes() == legal_action_mask(state)

    def test_queries_read_each_game(self) -> None:
        batch = GameBatch.new(Rules(players=3, first_player=2), 3, seed=0)
        assert batch.current_player.tolist() == [2, 2, 2]
        assert batch.turn.tolist() == [1, 1, 1]
        assert not batch.is_over.any()
        assert batch.outcome(0) is None

    @pytest.mark.parametrize(
        ("rules", "size", "seed", "error"),
        [
            ("rules", 2, 0, TypeError),
            (SMALL, 2.0, 0, TypeError),
            (SMALL, 2, "0", TypeError),
            (SMALL, 0, 0, ValueError),
        ],
    )
    def test_bad_arguments(self, rules: object, size: object, seed: object, error: type) -> None:
        with pytest.raises(error):
            GameBatch.new(rules, size, seed=seed)  # type: ignore[arg-type]

    def test_rules_the_arrays_cannot_hold_are_refused(self) -> None:
        with pytest.raises(ValueError, match="build piles"):
            GameBatch.new(Rules(players=2, build_pile_count=17), 1, seed=0)
        with pytest.raises(ValueError, match="int8"):
            GameBatch.new(Rules(players=2, deck=Deck(copies=1, wilds=0, highest=128)), 1, seed=0)


class TestFromStates:
    """Tests for `GameBatch.from_states` and the conversion back."""

    def test_round_trip(self) -> None:
        states = [skipbo.new_game(SMALL, seed=s) for s in range(4)]
        rng = np.random.default_rng(0)
        for _ in range(6):  # some play, so that every kind of pile holds cards
            states = [
                s if s.is_over else skipbo.apply(s, rng.choice(skipbo.legal_moves(s)))  # type: ignore[arg-type]
                for s in states
            ]
        batch = GameBatch.from_states(states)
        assert batch.states() == states
        with pytest.raises(ValueError, match="no seed"):
            batch.game_seed(0)

    def test_write_states_replaces_the_games_in_the_given_slots_only(self) -> None:
        rules = Rules(players=3)
        rng = np.random.default_rng(2)

        def play_first(state: skipbo.GameState) -> skipbo.GameState:
            moves = skipbo.legal_moves(state)
            plays = [move for move in moves if is_build_play(move)] or moves
            return skipbo.apply(state, plays[int(rng.integers(len(plays)))])

        states = [skipbo.new_game(rules, seed=s) for s in range(5)]
        for _ in range(120):  # long enough for discards, build piles and completed cards
            states = [s if s.is_over else play_first(s) for s in states]
        assert all(state.completed and not state.is_over for state in states)
        batch = GameBatch.from_states(states)
        assert batch.states() == states
        fresh = [skipbo.new_game(rules, seed=10), states[0]]
        write_states(batch.arrays, [3, 1], fresh)  # a deal over a game in progress
        assert batch.states() == [states[0], states[0], states[2], fresh[0], states[4]]
        check_batch_invariants(batch)

    def test_refuses_mixed_rules_empty_lists_and_non_states(self) -> None:
        with pytest.raises(ValueError, match="other rules"):
            GameBatch.from_states(
                [skipbo.new_game(SMALL, seed=0), skipbo.new_game(Rules(players=2), seed=0)]
            )
        with pytest.raises(ValueError, match="at least one"):
            GameBatch.from_states([])
        with pytest.raises(TypeError):
            GameBatch.from_states(["state"])  # type: ignore[list-item]

    def test_refuses_an_invalid_state(self) -> None:
        state = skipbo.new_game(SMALL, seed=0)
        broken = skipbo.GameState(
            **{f: getattr(state, f) for f in state.__slots__ if not f.startswith("__")},
        )
        object.__setattr__(broken, "draw_pile", broken.draw_pile + (1,))
        with pytest.raises(InvariantViolation):
            GameBatch.from_states([broken])

    def test_state_index_is_checked(self) -> None:
        batch = GameBatch.new(SMALL, 2, seed=0)
        with pytest.raises(IndexError):
            batch.state(2)
        with pytest.raises(TypeError):
            batch.state("0")  # type: ignore[arg-type]


class TestStep:
    """Tests for `GameBatch.step`: bad actions change nothing."""

    def test_an_illegal_action_names_the_game_and_the_rule(self) -> None:
        batch = GameBatch.new(Rules(players=2), 3, seed=4)
        mask = batch.legal_action_mask()
        actions = mask.argmax(axis=1)
        state = batch.state(1)
        needing = len(state.builds[0]) + 1
        illegal = next(card for card in range(1, 13) if card not in state.hand and card != needing)
        actions[1] = move_to_action(batch.rules, skipbo.PlayFromHand(illegal, 0))
        before = _arrays_copy(batch)
        with pytest.raises(IllegalActionError) as caught:
            batch.step(actions)
        assert caught.value.game == 1
        assert caught.value.rule == "R-TURN-2"
        assert "game 1" in str(caught.value)
        assert isinstance(caught.value, IllegalMoveError)
        assert _same_arrays(before, batch)

    def test_out_of_range_and_malformed_actions(self) -> None:
        batch = GameBatch.new(SMALL, 2, seed=0)
        before = _arrays_copy(batch)
        count = action_count(SMALL)
        with pytest.raises(ActionError, match="game 1"):
            batch.step(np.array([0, count]))
        with pytest.raises(ActionError, match="game 0"):
            batch.step(np.array([-1, 0]))
        with pytest.raises(ValueError, match="shape"):
            batch.step(np.array([0, 0, 0]))
        with pytest.raises(TypeError):
            batch.step(np.array([0.0, 1.0]))
        with pytest.raises(TypeError):
            batch.step(np.array([True, False]))
        assert _same_arrays(before, batch)

    @pytest.mark.rule("R-WIN-3")
    def test_finished_games_have_no_legal_action_and_ignore_theirs(self) -> None:
        """R-WIN-3: "A finished game accepts no further moves; asking for legal moves
        returns none." """
        rules = Rules(players=2, turn_limit=1)
        batch = next(
            b
            for b in (GameBatch.new(rules, 2, seed=seed) for seed in range(100))
            if is_build_play(skipbo.legal_moves(b.state(1))[0])
        )
        # Game 0 discards (the turn limit ends it), game 1 plays on.
        actions = np.array(
            [
                move_to_action(rules, skipbo.legal_moves(batch.state(0))[-1]),
                batch.legal_action_mask()[1].argmax(),
            ]
        )
        result = batch.step(actions)
        assert result.ended.tolist() == [True, False]
        assert batch.outcome(0) == skipbo.Outcome(skipbo.Termination.TURN_LIMIT)
        finished = batch.state(0)
        assert not batch.legal_action_mask()[0].any()
        batch.step(np.array([0, batch.legal_action_mask()[1].argmax()]))  # 0 is ignored
        assert batch.state(0) == finished

    def test_the_mask_is_read_only(self) -> None:
        batch = GameBatch.new(SMALL, 2, seed=0)
        with pytest.raises(ValueError, match="read-only"):
            batch.legal_action_mask()[0, 0] = True

    def test_auto_reset_deals_the_next_games_and_reports_the_ended_ones(self) -> None:
        rules = Rules(players=2, turn_limit=1)
        batch = GameBatch.new(rules, 3, seed=5, auto_reset=True)
        actions = np.array(
            [move_to_action(rules, skipbo.legal_moves(s)[-1]) for s in batch.states()]
        )
        result = batch.step(actions)
        assert result.ended.all()
        assert result.game_index.tolist() == [0, 1, 2]
        assert (result.termination == 3).all()
        assert (result.winning_team == -1).all()
        assert batch.game_index.tolist() == [3, 4, 5]
        for slot in range(3):
            assert batch.state(slot) == skipbo.new_game(rules, seed=derive_seed(5, 3 + slot))


class TestStepSome:
    """`GameBatch.step(..., only=...)`: the flagged games move as the core's, the others not."""

    @pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
    @given(seed=st.integers(0, 2**32), steps=st.integers(1, 60))
    @settings(max_examples=20, deadline=None)
    def test_the_flagged_games_follow_the_core_and_the_others_stay(
        self, compiled: bool, seed: int, steps: int
    ) -> None:
        rules = Rules(players=2, stock_size=5)
        batch = GameBatch.new(rules, 6, seed=seed, compiled=compiled)
        rng = np.random.default_rng(seed)
        for _ in range(steps):
            only = rng.random(6) < 0.5
            before = batch.states()
            games = np.flatnonzero(only)
            actions = np.zeros(6, dtype=np.int64)
            rows = batch.legal_action_rows(games)
            for row, game in zip(rows, games, strict=True):
                legal = np.flatnonzero(row)
                if legal.size:
                    actions[game] = rng.choice(legal)
            batch.step(actions, only=only)
            for slot in range(6):
                expected = before[slot]
                if only[slot] and expected.outcome is None:
                    move = action_to_move(rules, int(actions[slot]))
                    expected = skipbo.apply(expected, move)
                assert batch.state(slot) == expected

    def test_rows_asked_before_a_step_do_not_vouch_for_an_action_after_it(self) -> None:
        """The rows kept for the step's check are dropped by every change of the games."""
        rules = Rules(players=2)
        for seed in range(50):
            batch = GameBatch.new(rules, 2, seed=seed)
            games = np.array([0])
            only = np.array([True, False])
            # A play of a hand card held once: legal now, not after it is played.
            state = batch.state(0)
            plays = [
                move
                for move in skipbo.legal_moves(state)
                if isinstance(move, skipbo.PlayFromHand)
                and state.hand.count(move.card) == 1
                and move.card != skipbo.WILD
                and len(state.hand) > 1
            ]
            if not plays:
                continue
            action = move_to_action(rules, plays[0])
            actions = np.array([action, 0])
            assert batch.legal_action_rows(games)[0, action]
            batch.step(actions, only=only)
            before = _arrays_copy(batch)
            with pytest.raises(IllegalActionError):
                batch.step(actions, only=only)
            assert _same_arrays(before, batch)
            return
        pytest.fail("no seed gave a hand card held once")

    @pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
    def test_no_game_flagged_moves_none(self, compiled: bool) -> None:
        """Regression: the rows of no game (an empty index) failed to reshape."""
        batch = GameBatch.new(Rules(players=2), 3, seed=1, compiled=compiled)
        assert batch.legal_action_rows(np.array([], dtype=np.int64)).shape == (0, 145)
        before = _arrays_copy(batch)
        batch.step(np.zeros(3, dtype=np.int64), only=np.zeros(3, dtype=np.bool_))
        assert _same_arrays(before, batch)

    @pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
    def test_rows_written_by_the_caller_do_not_vouch_for_an_action(self, compiled: bool) -> None:
        batch = GameBatch.new(Rules(players=2), 2, seed=3, compiled=compiled)
        rows = batch.legal_action_rows(np.array([1]))
        illegal = int(np.flatnonzero(~rows[0])[0])
        rows[:] = True  # the caller's own array
        before = _arrays_copy(batch)
        with pytest.raises(IllegalActionError):
            batch.step(np.array([0, illegal]), only=np.array([False, True]))
        assert _same_arrays(before, batch)

    @pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
    def test_rows_of_slots_out_of_range_are_refused(self, compiled: bool) -> None:
        # The compiled mask reads the arrays unchecked: the slots are checked first.
        batch = GameBatch.new(Rules(players=2), 3, seed=4, compiled=compiled)
        with pytest.raises(IndexError):
            batch.legal_action_rows(np.array([1, 3]))
        assert np.array_equal(batch.legal_action_rows([-1]), batch.legal_action_mask()[[2]])


class TestLargeBatches:
    """Paths only a large batch takes: the mask's table of build pile heights."""

    @pytest.mark.rule("R-BUILD-2", "R-BUILD-3")
    def test_the_table_of_build_pile_heights_gives_the_masks_of_the_core(self) -> None:
        rules = Rules(players=3)
        # The NumPy path's mask (the compiled one reads no table).
        batch = GameBatch.new(rules, 1024, seed=4, auto_reset=True, compiled=False)
        assert isinstance(batch._path, NumpyPath)
        legal = batch._path.legal
        table = legal.takers_table
        assert table is not None  # a batch this large reads the table
        rng = np.random.default_rng(1)
        for _ in range(40):
            mask = batch.legal_action_mask().copy()
            # The same masks computed without the table (scattered per build pile) ...
            legal.takers_table = None
            batch._compute_mask()
            assert np.array_equal(batch._mask, mask)
            legal.takers_table = table
            # ... and the core's, for a few games.
            for slot in (0, 511, 1023):
                assert mask[slot].tobytes() == legal_action_mask(batch.state(slot))
            scores = np.where(mask, rng.random(mask.shape), -1.0)
            batch.step(scores.argmax(axis=1))
            batch._mask_valid = False  # the mask was overwritten above: recompute it


class TestShuffled:
    """Tests for `shuffled`: the core's shuffle, faster."""

    @settings(max_examples=200)
    @given(st.integers(0, 200), st.integers(0, 2**64 - 1))
    def test_equals_the_core_shuffle(self, count: int, seed: int) -> None:
        cards, next_seed = shuffled(range(count), seed)
        assert shuffle(range(count), seed) == (tuple(cards), next_seed)

    def test_equals_the_core_shuffle_for_other_seeds(self) -> None:
        for seed in (-5, 2**70 + 3, 0):
            cards, next_seed = shuffled([0, 3, 3, 7, 12] * 10, seed)
            assert shuffle([0, 3, 3, 7, 12] * 10, seed) == (tuple(cards), next_seed)

    @pytest.mark.parametrize("compiled", [True, False])
    @settings(max_examples=100)
    @given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 2**64 - 1)), max_size=8))
    def test_runs_shuffle_each_run_as_the_core_does(
        self, compiled: bool, runs: list[tuple[int, int]]
    ) -> None:
        # One reseeded generator for all runs: nothing of one shuffle carries into the next.
        shuffler = Shuffler(compiled=compiled)
        lengths = [length for length, _ in runs]
        items = [value for length in lengths for value in range(length)]
        next_seeds = shuffler.runs(items, lengths, [seed for _, seed in runs])
        start = 0
        for (length, seed), next_seed in zip(runs, next_seeds, strict=True):
            run = tuple(items[start : start + length])
            assert (run, next_seed) == shuffle(range(length), seed)
            start += length
        assert start == len(items)

    @pytest.mark.parametrize("compiled", [True, False])
    @pytest.mark.parametrize("dtype", [np.int64, np.int8])
    def test_shuffle_array_shuffles_an_array_in_place_as_the_core_does(
        self, compiled: bool, dtype: type
    ) -> None:
        # Long runs too (over 624 outputs: the generator's state is renewed mid-run),
        # seeds of one and two 32-bit words, negative ones (random.seed takes abs).
        lengths, seeds = [0, 1, 700, 162, 30], [5, 2**64 - 1, 2**32, -(2**40), 0]
        cards: np.ndarray = np.concatenate([np.arange(n) % 100 for n in lengths]).astype(dtype)
        expected = [
            shuffle(tuple((np.arange(n) % 100).tolist()), s)
            for n, s in zip(lengths, seeds, strict=True)
        ]
        next_seeds = Shuffler(compiled=compiled).shuffle_array(cards, lengths, seeds)
        assert next_seeds == [next_seed for _, next_seed in expected]
        assert cards.tolist() == [card for run, _ in expected for card in run]

    def test_the_compiled_kernels_can_be_turned_off(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("SKIPBO_NO_NUMBA", "1")
        assert _jit.numba_jit() is None
        monkeypatch.delenv("SKIPBO_NO_NUMBA")
        # The test command installs the numpy extra, which brings Numba.
        assert _jit.numba_jit() is not None
        assert compiled.KERNELS is not None


class TestObservations:
    """Tests for `observations`: each row is the envs encoding of one seat's view.

    Each test runs twice: with the compiled kernel (the test command has Numba) and
    with the NumPy encoding.
    """

    @pytest.fixture(autouse=True, params=["compiled", "numpy"])
    def encoding(self, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
        if request.param == "numpy":
            monkeypatch.setattr(batch_observation, "KERNELS", None)
        else:
            assert compiled.KERNELS is not None

    def test_games_and_out_give_the_same_rows(self) -> None:
        rules = Rules(players=3)
        batch = GameBatch.new(rules, 5, seed=2)
        rng = np.random.default_rng(1)
        for _ in range(40):
            mask = batch.legal_action_mask()
            batch.step(np.where(mask, rng.random(mask.shape), -1).argmax(axis=1))
        seats = np.array([0, 1, 2, 2, 1])
        rows = observations(batch, seats)
        out = np.full_like(rows, 7.0)
        assert observations(batch, seats, out=out) is out
        assert np.array_equal(out, rows)
        some = observations(batch, seats[[4, 0, 4]], games=[4, 0, -1])
        assert np.array_equal(some, rows[[4, 0, 4]])
        with pytest.raises(ValueError, match="out must be"):
            observations(batch, seats, out=np.zeros((5, 3), dtype=np.float32))
        with pytest.raises(IndexError):
            observations(batch, [0], games=[5])

    @pytest.mark.parametrize(
        "rules", [Rules(players=2), Rules(players=6), Rules.partners(), SMALL], ids=repr
    )
    def test_rows_equal_the_envs_observation(self, rules: Rules) -> None:
        batch = GameBatch.new(rules, 6, seed=3)
        rng = np.random.default_rng(0)
        for step in range(120):
            mask = batch.legal_action_mask()
            batch.step(np.where(mask, rng.random(mask.shape), -1).argmax(axis=1))
            if step % 30 == 0:
                seats = rng.integers(0, rules.players, 6)
                for depth in (1, 3):
                    rows = observations(batch, seats, depth)
                    for i in range(6):
                        seen = skipbo.view(batch.state(i), int(seats[i]))
                        assert rows[i].tolist() == list(observation(seen, depth))
        movers = observations(batch)
        for i in range(6):
            state = batch.state(i)
            assert movers[i].tolist() == list(observation(skipbo.view(state, state.current_player)))

    @pytest.mark.rule("R-INFO-3")
    def test_hidden_cards_do_not_change_an_observation(self) -> None:
        """R-INFO-3: hidden from all are "stock cards below the top, the draw pile's
        order" -- and R-INFO-2: another player's hand."""
        batch = GameBatch.new(Rules(players=3), 2, seed=1)
        before = observations(batch, [1, 1])  # seat 0 holds the only hand
        a = batch.arrays
        a.draw[0, : a.draw_len[0]] = a.draw[0, : a.draw_len[0]][::-1]
        a.stock[0, 1, :-1] = a.stock[0, 1, :-1][::-1]
        a.stock[0, 0, :-1] = a.stock[0, 0, :-1][::-1]
        a.hand[0, 0] = np.roll(a.hand[0, 0], 1)  # other cards, as many
        assert np.array_equal(observations(batch, [1, 1]), before)
        assert not np.array_equal(observations(batch, [0, 0]), observations(batch, [1, 1]))

    def test_bad_seats(self) -> None:
        batch = GameBatch.new(SMALL, 2, seed=0)
        for seats in ([0], [0, 2], [0.0, 1.0]):
            with pytest.raises(ValueError, match="seats"):
                observations(batch, seats)


class TestInvariants:
    """Tests for `batch_invariant_violations`: it catches broken arrays."""

    def test_a_new_batch_is_valid(self) -> None:
        check_batch_invariants(GameBatch.new(Rules(players=6), 3, seed=1))

    def test_a_lost_card_breaks_conservation(self) -> None:
        batch = GameBatch.new(Rules(players=2), 3, seed=1)
        batch.arrays.draw_len[2] -= 1
        assert batch_invariant_violations(batch) == ["game 2: cards not conserved"]
        with pytest.raises(InvariantViolation):
            check_batch_invariants(batch)

    @pytest.mark.rule("R-BUILD-2")
    def test_a_build_pile_that_skips_a_number_is_caught(self) -> None:
        """R-BUILD-2: "No number may be skipped." """
        batch = GameBatch.new(SMALL, 2, seed=1)
        a = batch.arrays
        # Move a draw card that is neither 1 nor wild onto an empty build pile.
        position = int(np.flatnonzero(a.draw[1, : a.draw_len[1]] > 1)[0])
        a.build[1, 0, 0] = a.draw[1, position]
        a.build_len[1, 0] = 1
        a.draw[1, position : a.draw_len[1] - 1] = a.draw[1, position + 1 : a.draw_len[1]]
        a.draw_len[1] -= 1
        assert batch_invariant_violations(batch) == ["game 1: build pile is not a run (R-BUILD-2)"]

    def test_stale_tops_and_hand_lengths_are_caught(self) -> None:
        batch = GameBatch.new(SMALL, 2, seed=1)
        batch.arrays.stock_top[0, 1] = -1
        batch.arrays.hand_len[1, 0] += 1
        problems = batch_invariant_violations(batch)
        assert "game 1: hand length differs from its cards" in problems


class TestPackaging:
    """The numpy extra: the core never needs NumPy."""

    def test_the_core_depends_on_attrs_only_and_numpy_is_an_extra(self) -> None:
        project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
        assert [d.split(">")[0] for d in project["dependencies"]] == ["attrs"]
        assert any(d.startswith("numpy") for d in project["optional-dependencies"]["numpy"])

    def test_without_numpy_the_core_imports_and_the_batch_names_the_extra(self) -> None:
        script = (
            "import sys; sys.modules['numpy'] = None\n"
            "import skipbo, skipbo.games.skipbo.actions, skipbo.games.skipbo.bots\n"
            "assert 'numpy' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
            "try:\n    import skipbo.batch\nexcept ImportError as e:\n    print(e)\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        )
        assert "pip install 'skipbo[numpy]'" in done.stdout


class TestProbeFindings:
    """Found by the probe of session 2: batch misuse raised bare Python errors."""

    def test_a_huge_unsigned_action_is_named_as_given(self) -> None:
        # The cast to int64 wrapped 2**64 - 1 to -1, and the error named action -1.
        batch = GameBatch.new(SMALL, 2, seed=0)
        before = _arrays_copy(batch)
        with pytest.raises(ActionError, match=f"action {2**64 - 1} is not in"):
            batch.step(np.array([2**64 - 1, 0], dtype=np.uint64))
        assert _same_arrays(before, batch)

    def test_misuse_raises_the_librarys_errors(self) -> None:
        batch = GameBatch.new(SMALL, 2, seed=0)
        for bad_call in (
            lambda: batch.step(np.array([0.0, 1.0])),
            lambda: batch.step(np.array([0, 0, 0])),
            lambda: batch.state(True),
            lambda: GameBatch.new(None, 1, seed=0),  # type: ignore[arg-type]
            lambda: GameBatch.new(SMALL, 0, seed=0),
            lambda: GameBatch.from_states([]),
            lambda: GameBatch.from_states([skipbo.view(batch.state(0), 0)]),  # type: ignore[list-item]
            lambda: GameBatch.new(Rules(players=2, deck=Deck(1, 0, 200), stock_size=5), 1, seed=0),
        ):
            with pytest.raises(skipbo.SkipBoError):
                bad_call()


class TestPlayOthers:
    """`GameBatch.play_others`: the other seats' steps up to a seat's turn, by a policy."""

    @pytest.mark.parametrize(
        "rules",
        [
            Rules(players=2, stock_size=5),
            Rules(players=4, stock_size=3),
            Rules.partners(),
            Rules(players=3, stock_size=5, turn_move_limit=2, stall_limit=6),  # R-WIN-4
        ],
        ids=repr,
    )
    def test_the_compiled_path_is_the_numpy_path_step_by_step(self, rules: Rules) -> None:
        # Both paths must reach the same states, use the same rank rows, and stop at
        # the same ended games (each is held to `step(only=...)` below).
        seat = 1
        batches = [
            GameBatch.new(rules, 12, seed=5, compiled=compiled) for compiled in (True, False)
        ]
        policies = [PlayFirstPolicy(rules, seed=9) for _ in batches]
        rng = np.random.default_rng(3)
        ended = done = 0
        for _ in range(60):
            answers = [b.play_others(seat, p) for b, p in zip(batches, policies, strict=True)]
            (first, first_done), (second, second_done) = answers
            assert first_done == second_done
            for name in ("ended", "termination", "winning_team", "game_index"):
                assert np.array_equal(getattr(first, name), getattr(second, name)), name
            assert batches[0].states() == batches[1].states()
            assert policies[0].upcoming().tolist() == policies[1].upcoming().tolist()
            ended += int(first.ended.sum())
            done += first_done
            running = batches[0].termination == 0
            if first_done:
                assert (batches[0].current_player[running] == seat).all()
            else:
                assert first.ended.any()
            # The seat's own move in every running game, the same in both batches.
            mask = batches[0].legal_action_mask()
            actions = np.where(mask, rng.random(mask.shape), -1).argmax(axis=1)
            for batch in batches:
                if batch.is_over.all():
                    continue
                moving = (batch.current_player == seat) & (batch.termination == 0)
                if moving.any():
                    batch.step(actions, only=moving)
        assert ended > 0
        assert done > 0

    @pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
    def test_each_batch_step_is_a_step_of_the_waiting_games(self, compiled: bool) -> None:
        # What play_others promises, spelled out with the public API: one `step(only=...)`
        # of the games where another seat is to move, by each one's legal action of
        # highest rank in the next rank row, until the seat is to move everywhere or a
        # step ends games. (The steps are checked against the core by the differential run.)
        rules, seat = Rules(players=3, stock_size=4), 2
        played, stepped = (GameBatch.new(rules, 10, seed=7, compiled=compiled) for _ in "ab")
        policies = [PriorityPolicy(rules), PlayFirstPolicy(rules, seed=4)]
        mirrors = [PriorityPolicy(rules), PlayFirstPolicy(rules, seed=4)]
        actions = np.zeros(stepped.size, dtype=np.int64)
        rng = np.random.default_rng(2)
        answers = set()
        for round_ in range(80):
            policy, mirror = policies[round_ % 2], mirrors[round_ % 2]
            result, done = played.play_others(seat, policy)
            while True:
                waiting = (stepped.current_player != seat) & (stepped.termination == 0)
                if not waiting.any():
                    expected, expected_done = None, True
                    break
                moving = np.flatnonzero(waiting)
                ranks = mirror.upcoming()[0]
                mirror.consume(1)
                actions[moving] = choose(stepped.legal_action_rows(moving), ranks)
                expected = stepped.step(actions, only=waiting)
                if expected.ended.any():
                    expected_done = False
                    break
            assert done == expected_done
            answers.add(done)
            if expected is None:
                assert not result.ended.any()
            else:
                for name in ("ended", "termination", "winning_team", "game_index"):
                    assert np.array_equal(getattr(result, name), getattr(expected, name))
            assert played.states() == stepped.states()
            assert policy.upcoming().tolist() == mirror.upcoming().tolist()
            mask = played.legal_action_mask()
            mine = np.where(mask, rng.random(mask.shape), -1).argmax(axis=1)
            for batch in (played, stepped):
                moving = (batch.current_player == seat) & (batch.termination == 0)
                if moving.any():
                    batch.step(mine, only=moving)
        assert answers == {True, False}  # phases that ended games, and phases that did not

    def test_a_step_that_ends_games_is_returned_before_the_rest(self) -> None:
        rules = Rules(players=2, stock_size=1)  # one stock card: games end fast
        batch = GameBatch.new(rules, 16, seed=2)
        policy = PriorityPolicy(rules)
        for _ in range(200):
            result, done = batch.play_others(0, policy)
            if not done:
                assert result.ended.any()
                for slot in np.flatnonzero(result.ended):
                    assert batch.outcome(int(slot)) is not None
                return
            running = np.flatnonzero(batch.termination == 0)
            if not running.size:
                break
            batch.step(batch.legal_action_mask().argmax(axis=1), only=batch.termination == 0)
        pytest.fail("no opponent ended a game")

    @pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "numpy"])
    def test_a_phase_longer_than_allowed_is_an_error(self, compiled: bool) -> None:
        # Seat 0 starts: seats 0 and 1 move before seat 2, more than one step.
        batch = GameBatch.new(Rules(players=3), 4, seed=1, compiled=compiled)
        with pytest.raises(RuntimeError, match="not to move everywhere"):
            batch.play_others(2, PriorityPolicy(batch.rules), max_steps=1)

    def test_a_seat_or_policy_that_is_not_one_is_refused(self) -> None:
        batch = GameBatch.new(Rules(players=2), 2, seed=1)
        policy = PriorityPolicy(batch.rules)
        before = batch.states()
        for seat, error in ((2, ValueError), (-1, ValueError), (True, TypeError), ("0", TypeError)):
            with pytest.raises(error):
                batch.play_others(seat, policy)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a policy of skipbo"):
            batch.play_others(0, object())  # type: ignore[arg-type]
        assert batch.states() == before
