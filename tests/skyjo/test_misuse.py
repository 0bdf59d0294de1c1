"""Skyjo misused as a careless caller would: each mistake gets the library's typed error.

Found by the probe of session 2: wrong kinds of objects raised ``AttributeError`` or a
bare ``TypeError``, ``Swap(True)`` equalled ``Swap(1)``, and huge integers broke the
error messages themselves (Python prints no integer of more than 4,300 digits).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import skipbo
from skipbo import skyjo
from skipbo.games.skyjo.errors import ArgumentTypeError, InvalidMoveError
from skipbo.games.skyjo.records import final_state
from skipbo.games.skyjo.sampling import sample_state, unseen_cards

STATE = skyjo.new_game(skyjo.Rules(players=2), seed=1)
SKIP_BO_STATE = skipbo.new_game(skipbo.Rules(players=2), seed=1)


@pytest.mark.parametrize("wrong", [None, 5, SKIP_BO_STATE])
@pytest.mark.parametrize(
    "function",
    [
        skyjo.view,
        skyjo.legal_moves,
        skyjo.is_over,
        skyjo.outcome,
        skyjo.invariant_violations,
        skyjo.check_invariants,
        lambda wrong: skyjo.apply(wrong, skyjo.Draw()),
        lambda wrong: sample_state(wrong, random.Random(1)),
    ],
)
def test_a_wrong_kind_of_position_is_an_argument_type_error(
    function: Callable[[object], object], wrong: object
) -> None:
    with pytest.raises(ArgumentTypeError, match=r"GameState|PublicView") as raised:
        function(wrong)
    assert isinstance(raised.value, skipbo.SkipBoError)
    assert isinstance(raised.value, TypeError)  # as before, for callers catching it


def test_sample_state_needs_a_random_generator() -> None:
    with pytest.raises(ArgumentTypeError, match="Random"):
        sample_state(skyjo.view(STATE), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "make",
    [
        lambda: skyjo.Swap(True),  # would equal Swap(1) and write "sTrue"
        lambda: skyjo.DiscardFlip(1.0),  # type: ignore[arg-type]
        lambda: skyjo.Reveal(0, "1"),  # type: ignore[arg-type]
    ],
)
def test_a_move_field_must_be_an_int(make: Callable[[], skyjo.Move]) -> None:
    with pytest.raises(ArgumentTypeError, match="must be an int"):
        make()


@pytest.mark.parametrize("make", [lambda: skyjo.Swap(10**5000), lambda: skyjo.Reveal(-(10**20), 1)])
def test_a_place_too_large_to_print_is_refused_when_made(make: Callable[[], skyjo.Move]) -> None:
    with pytest.raises(InvalidMoveError, match="bits") as raised:
        make()
    assert isinstance(raised.value, skipbo.errors.InvalidMoveError)
    assert len(str(raised.value)) < 200


def test_places_out_of_the_grid_are_still_refused_by_apply() -> None:
    with pytest.raises(skyjo.IllegalMoveError, match="S-SETUP-2"):
        skyjo.apply(STATE, skyjo.Reveal(0, 2**31 - 1))


@pytest.mark.parametrize("players", [10**5000, "2" * 10_000], ids=["huge-int", "long-str"])
def test_rules_echo_a_huge_value_briefly(players: object) -> None:
    with pytest.raises(skyjo.ConfigurationError, match="players") as raised:
        skyjo.Rules(players=players)  # type: ignore[arg-type]
    assert len(str(raised.value)) < 200


@pytest.mark.parametrize(
    "wrong", [None, 7, skipbo.GameRecord(rules=skipbo.Rules(players=2), seed=1)]
)
def test_replay_needs_a_skyjo_record(wrong: object) -> None:
    with pytest.raises(ArgumentTypeError, match="GameRecord"):
        final_state(wrong)  # type: ignore[arg-type]


def test_unseen_cards_needs_a_view() -> None:
    with pytest.raises(ArgumentTypeError, match="PublicView"):
        unseen_cards(STATE)  # type: ignore[arg-type]


def test_an_action_too_large_to_print_is_an_action_error() -> None:
    # Found by the probe of session 2: the message's repr raised ValueError.
    from skipbo.games.skyjo.actions import ActionError, action_to_move

    with pytest.raises(ActionError, match="bits"):
        action_to_move(10**5000)


def test_a_deck_echoes_a_huge_card_value_briefly() -> None:
    with pytest.raises(skyjo.ConfigurationError, match="bits") as raised:
        skyjo.Deck(copies={10**5000: 1})
    assert len(str(raised.value)) < 200
