"""Tests for `skipbo.batch.single` (one game in one buffer) and `skipbo.batch.packed`.

The single game is stepped against the core move by move, in every configuration of
the batch's differential run: the state, the mask and every seat's observation after
each move, through reshuffles (R-DRAW-2), blocked games and turn limits.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from tools.batch_differential import CONFIGURATIONS

import skipbo
from skipbo import ActionError, Rules
from skipbo.batch import IllegalActionError, compiled_play, compiled_single, single
from skipbo.batch._jit import sources_stamp
from skipbo.batch.arrays import ArraySpec
from skipbo.batch.packed import Packed
from skipbo.batch.single import AVAILABLE, SingleGame
from skipbo.games.skipbo.actions import action_to_move, legal_action_mask
from skipbo.observation.skipbo import seat_observation_array


def test_the_test_command_has_the_kernels() -> None:
    assert AVAILABLE  # the test command installs Numba: every test here runs compiled


def play_against_the_core(rules: Rules, seed: int, steps: int) -> tuple[int, int]:
    """Random legal play by both, compared after every move; (games, reshuffles)."""
    rng = random.Random(seed)
    game = SingleGame(rules, depth=2)
    games = reshuffles = made = 0
    while made < steps:
        game.deal(state_seed := rng.randrange(2**63))
        state = skipbo.new_game(rules, seed=state_seed)
        games += 1
        while True:
            assert game.state == state
            assert game.mask.tobytes() == legal_action_mask(state)
            for seat in range(rules.players):
                expected = seat_observation_array(state, seat, 2)
                np.testing.assert_array_equal(game.observation(seat), expected)
            if state.outcome is not None or made >= steps:
                break
            action = int(rng.choice(np.flatnonzero(game.mask)))
            after = skipbo.apply(state, action_to_move(rules, action))
            reshuffles += after.shuffle_seed != state.shuffle_seed
            assert game.step_if_legal(action) == after.current_player
            assert game.is_over == (after.outcome is not None)
            state = after
            made += 1
    return games, reshuffles


@pytest.mark.rule("R-DRAW-2", "R-WIN-1", "R-WIN-2", "R-TURN-7", "R-TEAM-1")
@pytest.mark.parametrize("index", range(len(CONFIGURATIONS)))
def test_single_game_plays_as_the_core(index: int) -> None:
    rules = CONFIGURATIONS[index]
    play_against_the_core(rules, seed=index, steps=150)


@pytest.mark.rule("R-DRAW-2")
def test_single_game_reshuffles_as_the_core() -> None:
    """A small deck, long enough for many reshuffles: each is the core's seeded shuffle."""
    rules = Rules(players=3, deck=skipbo.Deck.small(highest=5, copies=3, wilds=2), stock_size=3)
    games, reshuffles = play_against_the_core(rules, seed=5, steps=800)
    assert games >= 2
    assert reshuffles >= 10


def test_deal_is_new_game() -> None:
    for rules in (Rules(players=2), Rules(players=3, first_player=skipbo.FirstPlayer.DEALER_DRAW)):
        game = SingleGame(rules)
        for seed in (0, 1, 2**62 + 7):
            game.deal(seed)
            assert game.state == skipbo.new_game(rules, seed=seed)


def test_load_holds_any_valid_state() -> None:
    rules = Rules(players=3)
    state = skipbo.new_game(rules, seed=9)
    for _ in range(30):
        state = skipbo.apply(state, skipbo.legal_moves(state)[-1])
    game = SingleGame(rules)
    game.load(state)
    assert game.state is state  # kept until the next move
    assert game.current_player == state.current_player
    assert game.outcome is None


def test_errors_change_nothing() -> None:
    rules = Rules(players=2)
    game = SingleGame(rules)
    with pytest.raises(ActionError, match="no state yet"):
        game.step(0)
    with pytest.raises(ActionError, match="no state yet"):
        _ = game.state
    with pytest.raises(ActionError, match="no state yet"):
        game.observation(0)
    assert game.step_if_legal(0) == -1  # nothing is legal before a deal
    game.deal(3)
    before = game.state
    observed = game.observation(0).copy()
    illegal = int(np.flatnonzero(~game.mask)[0])
    with pytest.raises(IllegalActionError) as raised:
        game.step(illegal)
    assert raised.value.rule.startswith("R-")
    for action in (-1, game.action_count, 10**6):
        with pytest.raises(ActionError, match="not in"):
            game.step(action)
    assert game.step_if_legal(illegal) == -1
    assert game.state == before
    np.testing.assert_array_equal(game.observation(0), observed)
    for seat in (-1, 2, 1.0, True):
        with pytest.raises(IndexError, match="not in this game"):
            game.observation(seat)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="other rules"):
        game.load(skipbo.new_game(Rules(players=3), seed=1))
    with pytest.raises(TypeError, match=r"not a skipbo\.GameState"):
        game.load("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be an int"):
        game.deal("1")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rules must be"):
        SingleGame("rules")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="at most 16 build piles"):
        SingleGame(Rules(players=2, build_pile_count=17))
    assert game.state == before
    assert not game.mask.flags.writeable


def test_observe_gives_new_arrays_and_a_mask_only_to_the_mover() -> None:
    rules = Rules(players=2)
    game = SingleGame(rules)
    game.deal(11)
    mover = game.current_player
    observation, mask = game.observe(mover, to_act=True)
    assert mask.dtype == np.int8
    assert mask.tobytes() == legal_action_mask(game.state)
    other, none = game.observe(1 - mover, to_act=True)
    assert not none.any()
    assert not game.observe(mover, to_act=False)[1].any()
    np.testing.assert_array_equal(other, seat_observation_array(game.state, 1 - mover))
    kept = observation.copy()
    game.step(int(np.flatnonzero(game.mask)[0]))
    np.testing.assert_array_equal(observation, kept)  # the caller's own arrays


def _callee_modules(kernel: Any, seen: set[str] | None = None) -> set[ModuleType]:
    """The modules of the kernels ``kernel`` calls, through its own module's kernels."""
    function = kernel.py_func
    seen = set() if seen is None else seen
    found: set[ModuleType] = set()
    for name in function.__code__.co_names:
        called = function.__globals__.get(name)
        if not hasattr(called, "py_func") or name in seen:
            continue  # not a kernel, or followed already
        seen.add(name)
        if called.py_func.__module__ == function.__module__:
            found |= _callee_modules(called, seen)
        else:
            found.add(sys.modules[called.py_func.__module__])
    return found


@pytest.mark.parametrize(
    "kernel", [compiled_single.single_game, compiled_play.play_others], ids=lambda k: k.__name__
)
def test_a_cached_kernel_is_keyed_by_its_callees_files(kernel: Any) -> None:
    """Numba checks a cached kernel against its own file: its callees' files are in its key."""
    closure = kernel.py_func.__closure__
    assert closure is not None
    callees = _callee_modules(kernel)
    assert callees  # each calls kernels of other files
    assert sources_stamp(*callees) in [cell.cell_contents for cell in closure]


def test_a_stamp_changes_with_any_of_its_files(tmp_path: Path) -> None:
    modules = []
    for name in ("first", "second"):
        path = tmp_path / f"{name}.py"
        path.write_text("VALUE = 1\n", encoding="utf-8")
        module = ModuleType(name)
        module.__file__ = str(path)
        modules.append(module)
    stamp = sources_stamp(*modules)
    assert sources_stamp(*reversed(modules)) == stamp  # the order given does not matter
    (tmp_path / "second.py").write_text("VALUE = 2\n", encoding="utf-8")
    assert sources_stamp(*modules) != stamp


def test_without_the_kernels_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(single, "AVAILABLE", False)
    with pytest.raises(RuntimeError, match=r"skipbo\[numpy\]"):
        SingleGame(Rules(players=2))


class TestPacked:
    def test_arrays_are_views_of_the_buffer_with_their_start_values(self) -> None:
        packed = Packed(
            [
                ArraySpec("a", (2, 3), np.int64, 5),
                ArraySpec("b", (3,), np.int8, -1),
                ArraySpec("c", (1, 2, 2, 2), np.float32, 0),
            ]
        )
        a, b, c = (packed.arrays[name] for name in "abc")
        assert a.tolist() == [[5, 5, 5], [5, 5, 5]]
        assert b.tolist() == [-1, -1, -1]
        for array in (a, b, c):
            assert np.shares_memory(array, packed.buffer)
        starts = packed.layout[:, 0].tolist()
        assert all(start % 8 == 0 for start in starts)
        assert starts == sorted(set(starts))
        assert packed.layout[2, 2:].tolist() == [1, 2, 2, 2]
        assert packed.layout[1].tolist() == [starts[1], 3, 3, 1, 1, 1]
        b[1] = 7
        assert packed.buffer[starts[1] + 1] == 7

    def test_bad_specs(self) -> None:
        with pytest.raises(ValueError, match="distinct names"):
            Packed([ArraySpec("a", (1,), np.int8, 0), ArraySpec("a", (1,), np.int8, 0)])
        with pytest.raises(ValueError, match="at most 4 axes"):
            Packed([ArraySpec("a", (1, 1, 1, 1, 1), np.int8, 0)])
