"""Choosing the few states a CrossHair corpus holds, for either game's plugin.

Both games' plugins (``tests/crosshair_states.py``, ``tests/skyjo/crosshair_states.py``)
play seeded games under a few small rules configurations and keep a handful of the
states that together show every branch the engine takes: few, so that CrossHair can
explore every move on every one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

S = TypeVar("S")
R = TypeVar("R")


def seeded_states(
    configurations: Sequence[R], games: int, game: Callable[[R, int], list[S]]
) -> list[S]:
    """Every state of ``games`` seeded games (``game(rules, seed)``) per configuration,
    interleaved across the configurations (:func:`interleaved`)."""
    return interleaved(
        [
            [state for seed in range(games) for state in game(rules, seed)]
            for rules in configurations
        ]
    )


def interleaved(per_rules: Sequence[Sequence[S]]) -> list[S]:
    """The states of each configuration taken in turn: the first of each, the second..."""
    longest = max(map(len, per_rules))
    return [
        states[index] for index in range(longest) for states in per_rules if index < len(states)
    ]


def greedy_cover(states: Sequence[S], features: Callable[[S], frozenset[str]]) -> tuple[S, ...]:
    """Few states that together show every feature any of ``states`` shows.

    Greedy: the state with the most features not yet shown, the earliest of a tie,
    until every feature is shown.
    """
    candidates = [(state, features(state)) for state in states]
    missing = frozenset[str]().union(*(found for _, found in candidates))
    chosen: list[S] = []
    while missing:
        state, found = max(candidates, key=lambda candidate: len(candidate[1] & missing))
        chosen.append(state)
        missing -= found
    return tuple(chosen)
