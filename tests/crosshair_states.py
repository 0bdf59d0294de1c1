"""CrossHair plugin: how to make a :class:`~skipbo.GameState` for the state-level contracts.

CrossHair builds symbolic arguments from type annotations, but a game state is
far too constrained for that (the cards of all places must be exactly the deck, the
build piles runs, the hands sorted): a symbolic ``GameState`` never meets
``pre: spec.is_consistent(state)`` and CrossHair would report "Unable to meet
precondition" without checking anything. So this plugin gives CrossHair *reachable*
states instead: a corpus of states from seeded games in several small rules
configurations (individual play with 2 and 3 players, and both team forms), of
which CrossHair picks one by forking on the bits of its index, so that its path
search spreads over the corpus. The move passed with the state stays fully
symbolic (any kind, any card and pile numbers), which is where the engine's checks
branch.

The tuple-level contracts (placing a card, drawing, taking a card from the hand)
do not need this: CrossHair checks them over symbolic piles.

Used by ``python -m tools.crosshair_check`` through a generated ``--extra_plugin``
file that imports this module.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Callable
from typing import Any, TypeVar

import attrs
import crosshair.core
from crosshair import register_type
from crosshair.condition_parser import Conditions
from crosshair.core import SymbolicFactory
from crosshair.tracers import ResumedTracing
from crosshair.util import IgnoreAttempt

import skipbo
from skipbo import Deck, GameState, Rules
from skipbo.games.skipbo.bots import PlayFirstBot
from skipbo.games.skipbo.moves import (
    Discard,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    is_build_play,
)
from skipbo.games.skipbo.views import PlayerView, view
from tests.corpus import greedy_cover, seeded_states

GAMES_PER_RULES = 12
"""Seeded games played per rules configuration; half random, half play-first."""

SMALL = Deck(copies=2, wilds=2, highest=4)
"""A small deck: short games that reach completed piles, reshuffles and wins."""

CONTRACT_RULES: tuple[Rules, ...] = (
    Rules(
        players=2, deck=SMALL, stock_size=3, hand_size=3, build_pile_count=2, discard_pile_count=2
    ),
    Rules(players=3, deck=Deck(copies=3, wilds=2, highest=4), stock_size=2, hand_size=2),
    attrs.evolve(Rules.partners(), deck=Deck(copies=3, wilds=3, highest=4), stock_size=2),
    attrs.evolve(
        Rules.team_piles(), deck=Deck(copies=3, wilds=3, highest=4), stock_size=2, hand_size=2
    ),
)
"""Small configurations of every form of play: the corpus draws states from each."""

T = TypeVar("T")


def _game(rules: Rules, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    bot = PlayFirstBot(seed=seed) if seed % 2 else None
    state = skipbo.new_game(rules, seed=seed)
    states = [state]
    while not state.is_over:
        move = (
            bot.choose(skipbo.view(state, state.current_player))
            if bot
            else rng.choice(skipbo.legal_moves(state))
        )
        state = skipbo.apply(state, move)
        states.append(state)
    return states


def played() -> list[GameState]:
    """Every state of the seeded games, interleaved across the rules configurations."""
    return seeded_states(CONTRACT_RULES, GAMES_PER_RULES, _game)


def features(state: GameState) -> frozenset[str]:
    """What a state offers the engine's branches: the corpus holds one state for each.

    The form of play, the start or middle of a turn, a hand of none, one or more
    cards, a pile one card short of complete, each kind of legal move, a play that
    completes a pile or empties the hand, a draw pile empty or too short for a
    refill while completed cards wait, nothing left to draw, an empty pass before,
    the last stock card of a team, and each way a game ends.
    """
    rules, seat = state.rules, state.current_player
    found = {f"rules {CONTRACT_RULES.index(rules)}"}
    if state.outcome is not None:
        return frozenset({*found, f"over: {state.outcome.termination.name}"})
    hand = state.hands[seat]
    short = rules.deck.highest - 1
    found.add("turn start" if state.turn_moves == 0 else "mid-turn")
    found.add(f"hand of {min(len(hand), 2)}")
    legal = skipbo.legal_moves(state)
    found.update(f"can {type(move).__name__}" for move in legal)
    plays = [move for move in legal if is_build_play(move)]
    if any(len(state.builds[move.build]) == short for move in plays):  # type: ignore[union-attr]
        found.add("a play completes a pile")
    if len(hand) == 1 and any(isinstance(move, PlayFromHand) for move in plays):
        found.add("a play empties the hand")
    if state.completed and len(state.draw_pile) < rules.hand_size:
        found.add("a refill reshuffles" + (" a short draw pile" if state.draw_pile else ""))
    if not state.draw_pile and not state.completed:
        found.add("nothing to draw")
    if state.empty_passes:
        found.add("after an empty pass")
    team = rules.seating.team_stocks[rules.seating.team_of[seat]]
    if sum(len(state.stocks[stock]) for stock in team) == 1:
        found.add("the team's last stock card")
    return frozenset(found)


def corpus() -> tuple[GameState, ...]:
    """Few states that together show every feature (:func:`features`) of the played ones.

    Greedy (:func:`tests.corpus.greedy_cover`); few, so that CrossHair can explore every move on
    every one of them (and confirm a condition over all paths).
    """
    return greedy_cover(played(), features)


CORPUS = corpus()

CORPUS_BITS = (len(CORPUS) - 1).bit_length()
"""CrossHair picks a state by ``CORPUS_BITS`` forks."""


def _chosen_state(factory: SymbolicFactory) -> GameState:
    # Each bit is a fork in CrossHair's path tree, so different paths get different states.
    index = sum(
        int(factory.space.smt_fork(desc=f"corpus_bit_{bit}")) << bit for bit in range(CORPUS_BITS)
    )
    if index >= len(CORPUS):
        raise IgnoreAttempt  # no such state: a path CrossHair need not explore
    return CORPUS[index]


def _chosen_view(factory: SymbolicFactory) -> PlayerView:
    state = _chosen_state(factory)
    return view(state, state.current_player)


def _field_bounds() -> dict[str, int]:
    """The largest value of each move field worth trying: one past every index in use."""
    return {
        "card": max(rules.deck.highest for rules in CONTRACT_RULES) + 1,
        "build": max(rules.build_pile_count for rules in CONTRACT_RULES),
        "stock": max(rules.stock_pile_count for rules in CONTRACT_RULES),
        "discard_set": max(len(rules.seating.discard_sources) for rules in CONTRACT_RULES),
        "pile": max(rules.discard_pile_count for rules in CONTRACT_RULES),
    }


FIELD_BOUNDS = _field_bounds()


def _bounded_move(kind: Callable[..., T], *names: str) -> Callable[[SymbolicFactory], T]:
    """A factory of ``kind`` moves whose fields are symbolic integers from 0 to their bound.

    A move's fields are never negative (its constructor refuses it); any value past
    the last pile of every configuration is refused the way the first one past it
    is. Bounded, the fields have finitely many paths, which CrossHair can exhaust.
    """

    def make(factory: SymbolicFactory) -> T:
        values = [factory(int, f"_{name}") for name in names]
        with ResumedTracing():  # type: ignore[no-untyped-call]
            if not all(0 <= v <= FIELD_BOUNDS[n] for v, n in zip(values, names, strict=True)):
                raise IgnoreAttempt
            return kind(*values)

    return make


_consider_shortcircuit = crosshair.core.consider_shortcircuit


def _call_into(
    fn: Callable[..., Any],
    sig: inspect.Signature,
    bound: inspect.BoundArguments,
    subconditions: Conditions,
    allow_interpretation: bool,
) -> type | None:
    """Call into every contracted function rather than assume its contract.

    By default CrossHair explores both at each call of a contracted function: the
    call, and a symbolic result that only satisfies the callee's postconditions. Such
    a result is a tuple of any length, a path tree no budget exhausts; the call on a
    corpus state has finitely many paths.
    """
    if not allow_interpretation:  # a function declared to be replaced by its contract
        return _consider_shortcircuit(fn, sig, bound, subconditions, allow_interpretation)
    return None


crosshair.core.consider_shortcircuit = _call_into

register_type(GameState, _chosen_state)
register_type(PlayerView, _chosen_view)
register_type(PlayFromHand, _bounded_move(PlayFromHand, "card", "build"))
register_type(PlayFromStock, _bounded_move(PlayFromStock, "stock", "build"))
register_type(PlayFromDiscard, _bounded_move(PlayFromDiscard, "discard_set", "pile", "build"))
register_type(Discard, _bounded_move(Discard, "card", "pile"))

# The engine imports PlayerView only for the type checker (views build on the engine);
# CrossHair resolves legal_moves' annotation at run time, and without this name it
# cannot read the signature and silently skips the function.
skipbo.games.skipbo.engine.PlayerView = PlayerView  # type: ignore[attr-defined]
