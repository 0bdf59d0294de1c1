"""The PEP 316 contracts, checked at run time on random games and on the small functions.

CrossHair checks the contracts symbolically within a budget (``tests/skipbo/test_crosshair.py``);
here the same conditions are evaluated on concrete inputs (:mod:`tests.contracts`):
every call the engine makes while random games of every variant are played, and
Hypothesis inputs for the small pure functions. Counterexamples that CrossHair has
reported (on deliberately broken copies of these functions, see the teeth tests of
``test_crosshair.py``) are kept as ``@example`` regression cases.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import skipbo
from skipbo import Rules
from skipbo.common import randomness as _random
from skipbo.games.skipbo import draw, engine
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.moves import is_build_play
from tests import strategies
from tests.contracts import ContractBroken, conditions, enforced

cards = st.integers(WILD, 12)
runs = st.integers(0, 11).map(lambda n: tuple(range(1, n + 1)))
wild_runs = st.lists(st.booleans(), max_size=11).map(
    lambda wilds: tuple(WILD if wild else n for n, wild in enumerate(wilds, start=1))
)
hands = st.lists(cards, max_size=6).map(lambda h: tuple(sorted(h)))
piles = st.lists(cards, max_size=10).map(tuple)


@pytest.mark.rule("R-BUILD-2", "R-BUILD-4", "R-TURN-1", "R-TURN-4", "R-DRAW-1", "R-DRAW-2")
@given(strategies.rules(), st.integers(0, 2**64 - 1), st.booleans())
def test_contracts_hold_in_random_games(rules: Rules, seed: int, prefer_plays: bool) -> None:
    """Every contracted call while a random game is played (and illegal moves tried)."""
    rng = random.Random(seed)
    space = skipbo.all_moves(rules)
    with enforced(engine) as checked, enforced(draw) as drawing, enforced(_random):
        assert {"apply", "legal_moves", "_placed"} <= set(checked)
        assert {"fill_hand", "take"} <= set(drawing)
        state = skipbo.new_game(rules, seed=seed)
        for _ in range(150):
            if state.is_over:
                break
            legal = engine.legal_moves(state)
            illegal = [move for move in space if move not in legal]
            if illegal:
                with pytest.raises(skipbo.IllegalMoveError):
                    engine.apply(state, rng.choice(illegal))
            plays = [m for m in legal if is_build_play(m)]
            state = engine.apply(state, rng.choice(plays if prefer_plays and plays else legal))


def test_contracts_hold_for_the_movers_view() -> None:
    """`legal_moves` of the mover's view keeps the contract (checked on the stand-in)."""
    state = skipbo.new_game(Rules(players=3, stock_size=5), seed=2)
    with enforced(engine) as checked:
        assert "legal_moves" in checked
        moves = skipbo.legal_moves(skipbo.view(state, state.current_player))
    assert moves == engine.legal_moves(state)


class TestSmallFunctions:
    """Hypothesis inputs (and CrossHair's counterexamples) for the tuple-level helpers."""

    @example(pile=(1, 2), card=3)
    @example(pile=(), card=WILD)
    @given(st.one_of(runs, wild_runs), cards)
    def test_accepts(self, pile: tuple[int, ...], card: int) -> None:
        with enforced(engine):
            accepted = engine._accepts(pile, card)
        assert accepted == (card in (WILD, len(pile) + 1))

    # CrossHair, "a full pile is not completed": _placed(((1, 2),), (), 0, 3, 3).
    @example(builds=((1, 2),), build=0, card=3, highest=3, done=0)
    @example(builds=((), (WILD,)), build=1, card=WILD, highest=3, done=1)
    @given(
        st.lists(st.one_of(runs, wild_runs), min_size=1, max_size=4).map(tuple),
        st.integers(0, 3),
        cards,
        st.integers(1, 12),
        st.integers(0, 2),
    )
    def test_placed(
        self, builds: tuple[tuple[int, ...], ...], build: int, card: int, highest: int, done: int
    ) -> None:
        builds = tuple(pile for pile in builds if len(pile) < highest) or ((),)
        build %= len(builds)
        card = card if engine._accepts(builds[build], card) else WILD
        completed = tuple(range(1, highest + 1)) * done
        with enforced(engine):
            _, now_completed = engine._placed(builds, completed, build, card, highest)
        assert len(now_completed) in (len(completed), len(completed) + highest)

    # CrossHair, "taking a card drops two": _without((0, 0), 0).
    @example(hand=(WILD, WILD), index=0)
    @given(hands.filter(bool), st.integers(0, 5))
    def test_without(self, hand: tuple[int, ...], index: int) -> None:
        card = hand[index % len(hand)]
        with enforced(engine):
            rest = engine._without(hand, card)
        assert len(rest) == len(hand) - 1

    # CrossHair, "reshuffled cards stay completed": _take(1, (), (0,), 0).
    @example(needed=1, draw_pile=(), completed=(WILD,), seed=0)
    @example(needed=3, draw_pile=(4,), completed=(1, 2, 3), seed=7)
    @example(needed=0, draw_pile=(), completed=(1,), seed=0)
    @given(st.integers(-2, 8), piles, piles, st.integers(0, 2**64 - 1))
    def test_take(
        self, needed: int, draw_pile: tuple[int, ...], completed: tuple[int, ...], seed: int
    ) -> None:
        with enforced(draw):
            drawn, *_ = draw.take(needed, draw_pile, completed, seed)
        assert len(drawn) <= max(needed, 0)

    @example(hand_size=2, hand=(), draw_pile=(), completed=(1, WILD), seed=0)
    @given(st.integers(0, 6), hands, piles, piles, st.integers(0, 2**64 - 1))
    def test_draw(
        self,
        hand_size: int,
        hand: tuple[int, ...],
        draw_pile: tuple[int, ...],
        completed: tuple[int, ...],
        seed: int,
    ) -> None:
        hand = hand[:hand_size]
        with enforced(draw):
            new_hand, *_ = draw.fill_hand(hand_size, hand, draw_pile, completed, seed)
        assert len(new_hand) <= hand_size

    @given(st.lists(st.integers(), max_size=8), st.data())
    def test_permute(self, items: list[int], data: st.DataObject) -> None:
        swaps = [data.draw(st.integers(0, i)) for i in range(len(items) - 1, 0, -1)]
        with enforced(_random):
            result = _random.permute(items, swaps)
        assert sorted(result) == sorted(items)


class TestEnforcement:
    """The run-time checker itself: it reads the contracts and catches a broken function."""

    def test_conditions_are_read_from_the_docstring(self) -> None:
        found = conditions(engine._placed)
        assert found["pre"]
        assert any("is_valid_build_pile" in text for text in found["post"])
        assert conditions(engine.apply)["raises"] == ["IllegalMoveError"]

    def test_a_broken_function_is_caught(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = engine._placed

        def never_completes(
            builds: tuple[tuple[int, ...], ...], completed: tuple[int, ...], build: int,
            card: int, highest: int,
        ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:  # fmt: skip
            pile = builds[build] + (card,)
            return builds[:build] + (pile,) + builds[build + 1 :], completed

        never_completes.__doc__ = original.__doc__
        never_completes.__module__ = engine.__name__
        monkeypatch.setattr(engine, "_placed", never_completes)
        with (
            enforced(engine),
            pytest.raises(ContractBroken, match=r"post: all\(spec\.is_valid_build_pile"),
        ):
            engine._placed(((1,),), (), 0, 2, 2)  # the pile reaches 2 but is not completed

    def test_the_originals_come_back(self) -> None:
        original = engine._placed
        table = dict(engine._PERFORM)
        with enforced(engine):
            assert engine._placed is not original
            assert table != engine._PERFORM
        assert engine._placed is original
        assert table == engine._PERFORM
