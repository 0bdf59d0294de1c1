"""Every agent's observation is its own view, and hides what its seat may not see.

For both games and every agent (not only the one to act), at every step of a game:
``observe(agent)`` is the encoding of that agent's own view, its mask is the legal
actions if and only if it is the agent to act, and re-dealing every card hidden from
that agent's seat changes neither. An ``observe`` that returned the mover's view for
whichever agent asked fails the first assertion: in Skip-Bo the hands and the seat
differ, in Skyjo the seat and the rows (the viewer's grid comes first).
"""

from __future__ import annotations

import random

import attrs
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import skipbo
from skipbo import skyjo
from skipbo.envs.pettingzoo import GameAECEnv, env
from skipbo.games.skipbo.actions import legal_action_mask
from skipbo.games.skyjo.actions import legal_action_mask as skyjo_legal_action_mask
from skipbo.observation import skyjo as skyjo_observation
from skipbo.observation.skipbo import observation_array
from tests.skyjo.strategies import with_hidden_shuffled

STEPS = 40
"""Steps of each game checked (every agent at each)."""


def own_encoding(state: object, seat: int) -> tuple[np.ndarray, bytes]:
    """The observation and mask the agent of ``seat`` must get, from its own view."""
    if isinstance(state, skipbo.GameState):
        vector = observation_array(skipbo.view(state, seat))
        to_act = seat == state.current_player and not state.is_over
        mask = legal_action_mask(state) if to_act else bytes(len(legal_action_mask(state)))
        return vector, mask
    assert isinstance(state, skyjo.GameState)
    vector = skyjo_observation.observation_array(skyjo.view(state), seat)
    to_act = seat == state.current_player and not skyjo.is_over(state)
    flags = skyjo_legal_action_mask(state)
    return vector, bytes(map(int, flags)) if to_act else bytes(len(flags))


def check_every_agent(game: GameAECEnv, redeal: object) -> None:
    """Play ``STEPS`` random legal steps, checking every agent before each."""
    rng = random.Random(0)
    for _ in range(STEPS):
        state = game.state_of_game
        for agent in game.possible_agents:
            seat = int(agent.removeprefix("player_"))
            observed = game.observe(agent)
            vector, mask = own_encoding(state, seat)
            np.testing.assert_array_equal(observed["observation"], vector)
            assert observed["action_mask"].tobytes() == mask
            # The cards hidden from this seat dealt again: the agent sees no difference.
            other = redeal(state, seat)  # type: ignore[operator]
            game._table.state = other  # a test's look behind the table: the same game, other cards
            again = game.observe(agent)
            game._table.state = state
            np.testing.assert_array_equal(again["observation"], observed["observation"])
            np.testing.assert_array_equal(again["action_mask"], observed["action_mask"])
        _, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            return
        legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
        game.step(int(legal[rng.randrange(len(legal))]))


def skipbo_redeal(state: skipbo.GameState, seat: int, rng: random.Random) -> skipbo.GameState:
    """``state`` with the cards hidden from ``seat`` dealt again (R-INFO-3): the other
    hands, the stock cards below the tops, the draw pile, and the shuffle seed."""
    others = [other for other in range(state.rules.players) if other != seat]
    pool = [card for other in others for card in state.hands[other]]
    pool += [card for pile in state.stocks for card in pile[:-1]] + list(state.draw_pile)
    rng.shuffle(pool)
    cards = iter(pool)

    def take(count: int) -> tuple[int, ...]:
        return tuple(next(cards) for _ in range(count))

    hands = tuple(
        hand if other == seat else tuple(sorted(take(len(hand))))
        for other, hand in enumerate(state.hands)
    )
    stocks = tuple(take(len(pile) - 1) + pile[-1:] if pile else () for pile in state.stocks)
    redealt = attrs.evolve(
        state,
        hands=hands,
        stocks=stocks,
        draw_pile=take(len(state.draw_pile)),
        shuffle_seed=rng.getrandbits(64),
    )
    skipbo.check_invariants(redealt)
    return redealt


@pytest.mark.rule("R-INFO-3")
@pytest.mark.parametrize(
    ("rules", "seed"),
    [(skipbo.Rules(players=2), 1), (skipbo.Rules(players=3), 2), (skipbo.Rules.partners(), 3)],
)
def test_every_skipbo_agent_observes_its_own_view(rules: skipbo.Rules, seed: int) -> None:
    game = env(rules)
    game.reset(seed=seed)
    rng = random.Random(seed)
    check_every_agent(game, lambda state, seat: skipbo_redeal(state, seat, rng))


@pytest.mark.rule("S-INFO-2")
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6))
def test_every_skyjo_agent_observes_its_own_view(players: int, seed: int) -> None:
    game = env(skyjo.Rules(players=players))
    game.reset(seed=seed)
    rng = random.Random(seed)
    check_every_agent(game, lambda state, seat: with_hidden_shuffled(state, rng))


class MoversView(GameAECEnv):
    """A wrong environment: every agent is shown the view of the agent to act."""

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return super().observe(self.agent_selection)


@pytest.mark.parametrize("rules", [skipbo.Rules(players=2), skyjo.Rules(players=3)])
def test_the_check_catches_an_observe_that_shows_the_movers_view(
    rules: skipbo.Rules | skyjo.Rules,
) -> None:
    right = env(rules)
    wrong = MoversView(right.env_game, right.rules, depth=right.depth, render_mode=None)
    wrong.reset(seed=1)
    rng = random.Random(1)
    with pytest.raises(AssertionError):
        check_every_agent(
            wrong,
            lambda state, seat: (
                state if isinstance(state, skipbo.GameState) else with_hidden_shuffled(state, rng)
            ),
        )
