"""Differential run of Skyjo's batch against the Skyjo core, move by move and card by card.

For each variant of :data:`CONFIGURATIONS` (2 to 8 players, small decks with many
reshuffles and complete columns, turn limits, the bounds ``stall_limit`` and
``round_limit`` of S-END-3, low end scores), a :class:`~skipbo.batch.skyjo.SkyjoBatch`
of ``games`` games plays random legal actions for ``steps`` steps while, for each
game, the core (:mod:`skipbo.games.skyjo`) plays the same moves. After every step
each game's mask must equal the core's ``legal_action_mask``, its state
(:meth:`~skipbo.batch.skyjo.SkyjoBatch.state`: every card, the piles in order, the
shuffle seed, the history) must equal the core's, and, every few steps, each game's
observation must equal :func:`skipbo.observation.skyjo.observation_array` of the
core's view. With auto-reset, a slot's new game must be the core's ``new_game`` of
the next derived seed. :func:`replay_fused` checks the fused loop: its games equal
the core's games under the same policy choices.

The golden file ``tests/batch/golden/skyjo_fused.txt`` records, for 2, 4 and 8 players
and each built-in policy, a digest of the fused loop's games of fixed seeds (totals,
rounds, moves): it guards against unintended behaviour change, not correctness (the
differential run checks that); ``--write-golden`` regenerates it after an intended one.

Usage: python -m tools.skyjo_batch_differential [--games G] [--steps S] [--write-golden]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import attrs
import numpy as np

from skipbo.batch.skyjo import SkyjoBatch, play
from skipbo.common.randomness import derive_seed
from skipbo.games import skyjo
from skipbo.games.skyjo.actions import action_to_move, legal_action_mask
from skipbo.games.skyjo.cards import Deck
from skipbo.observation.skyjo import observation_array

__all__ = ["CONFIGURATIONS", "GOLDEN", "Tally", "golden_text", "replay_fused", "run"]

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "batch" / "golden" / "skyjo_fused.txt"
"""The golden file of the fused loop's games."""
GOLDEN_GAMES = 50

_TINY = Deck({-2: 4, 0: 8, 5: 9, 12: 8})
"""29 cards: two grids and the first discard card leave 4 to draw (reshuffles every few
turns), and few values make complete columns (S-COL-1) common."""
_SMALL = Deck({-1: 10, 3: 12, 9: 20, 11: 8})
"""50 cards, enough for 4 players: 1 card left to draw at 4."""

CONFIGURATIONS = (
    skyjo.Rules(players=2),
    skyjo.Rules(players=3, end_score=30),
    skyjo.Rules(players=4),
    skyjo.Rules(players=5, turn_limit=12),
    skyjo.Rules(players=6, end_score=40),
    skyjo.Rules(players=7, stall_limit=2),
    skyjo.Rules(players=8),
    skyjo.Rules(players=2, deck=_TINY),
    skyjo.Rules(players=2, deck=_TINY, stall_limit=None, round_limit=None, end_score=60),
    skyjo.Rules(players=4, deck=_SMALL, turn_limit=30, stall_limit=3),
    skyjo.Rules(players=3, stall_limit=1, round_limit=2),
    skyjo.Rules(players=2, round_limit=1, stall_limit=None),
    skyjo.Rules(players=8, turn_limit=5, round_limit=3, end_score=1000),
)
"""The variants: every player count, small decks, turn limits and the S-END-3 bounds."""


@attrs.define
class Tally:
    """What a run checked, and the problems it found (empty: the batch equals the core)."""

    steps: int = 0
    games: int = 0
    rounds: int = 0
    reshuffles: int = 0
    problems: list[str] = attrs.field(factory=list)


def run(
    rules: skyjo.Rules,
    games: int,
    steps: int,
    *,
    seed: int,
    auto_reset: bool = False,
    observe_every: int = 7,
) -> Tally:
    """Play ``games`` games of ``rules`` for ``steps`` steps in the batch and the core; compare."""
    tally = Tally()
    batch = SkyjoBatch.new(rules, games, seed=seed, auto_reset=auto_reset)
    cores = [skyjo.new_game(rules, seed=derive_seed(seed, slot)) for slot in range(games)]
    rng = np.random.default_rng(seed)
    for step in range(steps):
        mask = batch.legal_action_mask()
        for slot, state in enumerate(cores):
            expected = np.frombuffer(legal_action_mask(state), dtype=np.bool_)
            if skyjo.is_over(state):
                expected = np.zeros_like(expected)
            if not np.array_equal(mask[slot], expected):
                tally.problems.append(f"step {step}, game {slot}: mask differs")
        if step % observe_every == 0:
            seats = rng.integers(0, rules.players, size=games)
            rows = batch.observations(seats)
            for slot, state in enumerate(cores):
                wanted = observation_array(skyjo.view(state), int(seats[slot]))
                if not np.array_equal(rows[slot], wanted):
                    tally.problems.append(f"step {step}, game {slot}: observation differs")
        if tally.problems:
            return tally
        running = ~batch.is_over
        if not running.any():
            break
        # A uniformly random legal action per game (any action where the game is over).
        noise = rng.random(mask.shape) * mask
        actions = np.where(running, noise.argmax(axis=1), 0)
        result = batch.step(actions)
        tally.steps += 1
        for slot in (int(game) for game in np.flatnonzero(running)):
            before = cores[slot]
            after = skyjo.apply(before, action_to_move(int(actions[slot])))
            if after.draw_pile and not before.draw_pile and before.phase is skyjo.Phase.TAKE:
                tally.reshuffles += 1
            if len(after.history) != len(before.history):
                tally.rounds += 1
                if not result.round_ended[slot]:
                    tally.problems.append(f"step {step}, game {slot}: round end missed")
            if bool(result.ended[slot]) != skyjo.is_over(after):
                tally.problems.append(f"step {step}, game {slot}: end differs")
            if skyjo.is_over(after):
                tally.games += 1
                outcome = after.outcome
                assert outcome is not None
                if tuple(result.totals[slot]) != outcome.totals:
                    tally.problems.append(f"step {step}, game {slot}: totals differ")
                rewards = tuple(1.0 if p in outcome.winners else -1.0 for p in range(rules.players))
                if tuple(result.rewards[slot]) != rewards:
                    tally.problems.append(f"step {step}, game {slot}: rewards differ")
                if auto_reset:
                    index = int(batch.game_index[slot])
                    after = skyjo.new_game(rules, seed=derive_seed(seed, index))
            cores[slot] = after
            if batch.state(slot) != after:
                tally.problems.append(f"step {step}, game {slot}: state differs")
        if tally.problems:
            return tally
    return tally


def replay_fused(rules: skyjo.Rules, games: int, *, seed: int, policy: str) -> list[str]:
    """Problems found replaying the fused loop's games in the step API and the core.

    The fused loop plays ``games`` games; each is replayed in a one-game batch whose
    actions :meth:`~skipbo.batch.skyjo.SkyjoBatch.policy_actions` chooses (the fused
    loop's policy, the same generator), applied to the core too: every state must be
    the core's, and the final totals, rounds and moves the fused loop's.
    """
    fused = play(rules, games, seed=seed, policy=policy)
    problems = []
    for game in range(games):
        game_seed = derive_seed(seed, game)
        batch = SkyjoBatch.new(rules, 1, seed=seed, first=game)
        core = skyjo.new_game(rules, seed=game_seed)
        rng = batch.policy_rng()
        moves = 0
        while not skyjo.is_over(core):
            action = int(batch.policy_actions(policy, rng)[0])
            batch.step(np.array([action]))
            core = skyjo.apply(core, action_to_move(action))
            moves += 1
            if batch.state(0) != core:
                problems.append(f"game {game}, move {moves}: state differs from the core's")
                return problems
        outcome = core.outcome
        assert outcome is not None
        if tuple(fused.totals[game]) != outcome.totals:
            problems.append(f"game {game}: fused totals {fused.totals[game]} != {outcome.totals}")
        if (int(fused.rounds[game]), int(fused.moves[game])) != (core.round, moves):
            problems.append(f"game {game}: fused rounds/moves differ")
    return problems


def golden_text() -> str:
    """The golden file's text: one line per player count and policy."""
    lines = [
        "# Skyjo fused loop, generated by `python -m tools.skyjo_batch_differential "
        "--write-golden`:",
        f"# players, policy, seed 7, {GOLDEN_GAMES} games: total moves, total rounds, "
        "sha256 prefix of (totals, rounds, moves)",
    ]
    for players in (2, 4, 8):
        for policy in ("random", "replace-highest"):
            result = play(skyjo.Rules(players=players), GOLDEN_GAMES, seed=7, policy=policy)
            digest = hashlib.sha256()
            for array in (result.totals, result.rounds, result.moves):
                digest.update(array.astype("<i8").tobytes())
            lines.append(
                f"{players} {policy} {int(result.moves.sum())} {int(result.rounds.sum())} "
                f"{digest.hexdigest()[:16]}"
            )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=64)
    parser.add_argument("--steps", type=int, default=2_000)
    parser.add_argument("--write-golden", action="store_true", help="regenerate the golden file")
    options = parser.parse_args()
    if options.write_golden:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(golden_text())
        return 0
    failed = False
    for index, rules in enumerate(CONFIGURATIONS):
        for auto_reset in (False, True):
            tally = run(rules, options.games, options.steps, seed=index, auto_reset=auto_reset)
            print(f"{rules!r} auto_reset={auto_reset}: {tally.steps} steps, {tally.games} games, "
                  f"{tally.rounds} rounds, {tally.reshuffles} reshuffles, "
                  f"{len(tally.problems)} problems")  # fmt: skip
            for problem in tally.problems[:5]:
                print("   ", problem)
            failed = failed or bool(tally.problems)
        for policy in ("random", "replace-highest"):
            problems = replay_fused(rules, 4, seed=index, policy=policy)
            print(f"    fused {policy}: {len(problems)} problems")
            failed = failed or bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
