"""The attack of issue 22 on the OpenSpiel games, measured: what a seat's first view tells.

The attacker knows the game's chance model and everything seat 0 sees at its first
decision (its information-state string and tensor, its observation), and looks for
the chance histories of the deal that show seat 0 exactly that. With the old
``python_skipbo`` (one chance node choosing one of 65,536 deal seeds) seat 0's
first view matched a single seed in most games, which gave away every hidden card.

Now a chance history is the deck's order, one card per chance node. For each game
this prints:

* the number of deal orders consistent with seat 0's first view (log10, counted
  exactly: the orders of the unseen cards over the places seat 0 does not see);
* the places of the deal seat 0 sees (found by exchanging cards: a seen place
  changes what seat 0 is shown);
* from random reorderings of the other places' cards, each replayed through
  OpenSpiel, how many show seat 0 exactly what it was shown (all of them, if no
  chance outcome tells more than its own card), how many distinct hidden parts they
  give (Skip-Bo: the draw pile's next five cards, what seat 1 may draw; Skyjo: seat
  1's face-down grid), and the total-variation distance between their frequency of
  each card on top of the draw pile and the unseen cards' shares, the rules' answer
  (near 0 within sampling noise: as uncertain as the rules make it).

Usage: python -m tools.openspiel_attack [--games G] [--samples S]
"""

from __future__ import annotations

import argparse
import math
import random
from collections import Counter

import pyspiel

import skipbo.envs.openspiel  # noqa: F401  (registers the games)
from skipbo.envs.openspiel import SpielState


def knowledge(state: pyspiel.State, seat: int) -> tuple[object, ...]:
    """Everything OpenSpiel shows ``seat`` of ``state``: its strings and tensors."""
    return (
        state.information_state_string(seat),
        state.information_state_tensor(seat),
        state.observation_string(seat),
        state.observation_tensor(seat),
    )


def _deal(game: pyspiel.Game, order: list[int]) -> SpielState | None:
    state = game.new_initial_state()
    for card in order:
        if card not in dict(state.chance_outcomes()):
            return None
        state.apply_action(card)
    assert isinstance(state, SpielState)
    return state


def _log10_orders(unseen: Counter[int]) -> float:
    """log10 of the number of distinct orders of the multiset ``unseen``."""
    total = math.lgamma(unseen.total() + 1) - sum(math.lgamma(n + 1) for n in unseen.values())
    return total / math.log(10)


def attack(name: str, parameters: dict[str, object], seed: int, samples: int) -> str:
    """One game's figures, as a line of text."""
    game = pyspiel.load_game(name, parameters)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    order = list(state.history())
    seen = knowledge(state, 0)
    # The places seat 0 sees: exchanging their card with most others' changes what it
    # sees (not all: two cards of its hand exchanged leave the same sorted hand).
    places = range(len(order))
    visible = set()
    for place in places:
        others = [other for other in places if order[other] != order[place]]
        changes = sum(
            (changed := _deal(game, _exchanged(order, place, other))) is None
            or knowledge(changed, 0) != seen
            for other in rng.sample(others, min(6, len(others)))
        )
        if changes > 3:
            visible.add(place)
    hidden = [place for place in places if place not in visible]
    unseen = Counter(order[place] for place in hidden)
    tops: Counter[int] = Counter()
    kinds: set[tuple[int | None, ...]] = set()
    consistent = 0
    for _ in range(samples):
        cards = [order[place] for place in hidden]
        rng.shuffle(cards)
        proposal = list(order)
        for place, card in zip(hidden, cards, strict=True):
            proposal[place] = card
        other = _deal(game, proposal)
        if other is None or knowledge(other, 0) != seen:
            continue
        consistent += 1
        top = other.game_state.draw_pile[-1]
        # A chance outcome is the card (Skip-Bo) or the index of its value (Skyjo).
        tops[top if name == "python_skipbo" else game.model.values.index(top)] += 1
        if name == "python_skipbo":
            kinds.add(tuple(sorted(other.game_state.draw_pile[-5:])))
        else:
            kinds.add(tuple(other.game_state.grids[1]))
    distance = _variation(tops, unseen)
    # The noise floor: the same distance for as many draws from the rules' shares.
    floor = (
        sum(
            _variation(
                Counter(rng.choices(list(unseen), list(unseen.values()), k=consistent)), unseen
            )
            for _ in range(20)
        )
        / 20
    )
    what = "next-five draws" if name == "python_skipbo" else "seat-1 grids"
    return (
        f"{name} seed {seed}: seat 0 sees {len(visible)} of {len(order)} places; "
        f"consistent deal orders 10^{_log10_orders(unseen):.0f}; {consistent} of {samples} "
        f"reorderings of the rest show seat 0 the same; {len(kinds)} distinct {what} "
        f"among them; draw-pile top against the rules' shares: total variation {distance:.3f} "
        f"(as many exact draws: {floor:.3f})"
    )


def _variation(counts: Counter[int], shares: Counter[int]) -> float:
    """The total-variation distance between the frequencies ``counts`` and ``shares``."""
    return 0.5 * sum(
        abs(counts[card] / max(counts.total(), 1) - count / shares.total())
        for card, count in shares.items()
    )


def _exchanged(order: list[int], first: int, second: int) -> list[int]:
    changed = list(order)
    changed[first], changed[second] = changed[second], changed[first]
    return changed


def main() -> None:
    """Run the attack on both games and print one line a game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--samples", type=int, default=400)
    options = parser.parse_args()
    for name in ("python_skipbo", "python_skyjo"):
        for seed in range(options.games):
            print(attack(name, {"players": 2}, seed, options.samples), flush=True)


if __name__ == "__main__":
    main()
