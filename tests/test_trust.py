"""Regression tests of issue 10: each finding of the attacker's and new user's review.

Every test here failed on the main branch before the fix: tampered states loaded,
misuse raised untyped errors (``AttributeError``, a bare ``ValueError``), moves took
any field, the conformance checker trusted a corrupted :class:`~skipbo.Rules`, and
the seed of a game dealt without one was not the referee's secret.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import skipbo
from skipbo import (
    DataError,
    Deck,
    GameState,
    InvariantViolation,
    Outcome,
    PlayFromHand,
    PlayFromStock,
    Rules,
    SkipBoError,
    Termination,
)
from skipbo.errors import ArgumentTypeError, InvalidMoveError
from skipbo.games.skipbo.actions import legal_actions
from skipbo.games.skipbo.conformance import ConformanceError, check_conformance
from skipbo.games.skipbo.moves import move_table
from skipbo.games.skipbo.records import GameRecord, format_record, parse_record
from skipbo.games.skipbo.sampling import sample_state
from skipbo.games.skipbo.serialization import from_data, loads, to_data
from skipbo.games.skipbo.variants.match import new_match
from skipbo.games.skipbo.variants.penalty import penalize

ROOT = Path(__file__).resolve().parent.parent
TWO = Rules(players=2)
HUGE = 10**4400  # more than 4,300 digits: int() and str() refuse such numbers


def dealt(rules: Rules = TWO) -> GameState:
    return skipbo.new_game(rules, seed=5)


def recovered_hands(rules: Rules, seen: skipbo.PlayerView, hidden: tuple[int, ...]) -> list[int]:
    """The seeds below 3,000 that deal ``seen`` to seat 1 and ``hidden`` to seat 0."""
    found = []
    for seed in range(3_000):
        candidate = skipbo.new_game(rules, seed=seed)
        if skipbo.view(candidate, 1) == seen and candidate.hands[0] == hidden:
            found.append(seed)
    return found


def refused(state: GameState, rule: str, pointer: str) -> None:
    """``state`` breaks an invariant of ``rule``; its document is refused at ``pointer``."""
    with pytest.raises(InvariantViolation) as violation:
        skipbo.check_invariants(state)
    assert any(rule in line for line in violation.value.violations), violation.value
    with pytest.raises(DataError) as error:
        from_data(to_data(state), "state")
    assert (error.value.path, rule in error.value.reason) == (pointer, True), error.value


class TestReachableStates:
    """Tampered states that no game reaches are refused (point 1)."""

    @pytest.mark.rule("R-SETUP-2")
    def test_a_stock_pile_larger_than_dealt(self) -> None:
        state = dealt()
        grown = (state.draw_pile[:3] + state.stocks[0], state.stocks[1])
        refused(
            attrs.evolve(state, stocks=grown, draw_pile=state.draw_pile[3:]),
            "R-SETUP-2",
            "/stocks/0",
        )

    @pytest.mark.rule("R-SETUP-2", "R-TEAM-4")
    def test_the_team_penalty_still_grows_a_stock_pile(self) -> None:
        state = penalize(dealt(Rules.partners()), 1)
        assert len(state.stocks[1]) == Rules.partners().stock_size + 2
        skipbo.check_invariants(state)

    @pytest.mark.rule("R-TURN-1", "R-DRAW-3")
    def test_an_empty_hand_at_the_start_of_a_turn_with_cards_to_draw(self) -> None:
        """The state of the review: one pass then ended the game with 102 cards to draw."""
        state = dealt()
        seat = state.current_player
        hands = tuple(() for _ in state.hands)
        dodging = attrs.evolve(
            state, hands=hands, draw_pile=state.draw_pile + state.hands[seat], empty_passes=1
        )
        refused(dodging, "R-TURN-1", f"/hands/{seat}")

    @pytest.mark.rule("R-TURN-4")
    def test_an_empty_hand_during_a_turn_with_cards_to_draw(self) -> None:
        state = dealt()
        seat = state.current_player
        emptied = attrs.evolve(
            state,
            hands=((),) * 2,
            draw_pile=state.draw_pile + state.hands[seat],
            turn_moves=1,
        )
        refused(emptied, "R-TURN-4", f"/hands/{seat}")

    @pytest.mark.rule("R-WIN-2")
    def test_blocked_with_a_full_hand_and_a_full_draw_pile(self) -> None:
        blocked = attrs.evolve(dealt(), outcome=Outcome(Termination.BLOCKED), empty_passes=2)
        refused(blocked, "R-WIN-2", "/hands/0")

    @pytest.mark.rule("R-WIN-2")
    def test_ended_by_the_turn_limit_past_the_limit(self) -> None:
        state = dealt(Rules(players=2, turn_limit=5))
        late = attrs.evolve(state, turn=9, outcome=Outcome(Termination.TURN_LIMIT))
        refused(late, "R-WIN-2", "/outcome")

    def test_an_outcome_that_is_no_termination(self) -> None:
        garbage = attrs.evolve(dealt(), outcome=Outcome("garbage"))  # type: ignore[arg-type]
        assert skipbo.invariant_violations(garbage) == [
            "termination must be a Termination, got 'garbage'"
        ]

    @pytest.mark.parametrize(
        ("field", "value"),
        [("shuffle_seed", -1), ("shuffle_seed", 2**64), ("turn", HUGE), ("turn_moves", 2**60)],
        ids=["negative seed", "65-bit seed", "huge turn", "turn_moves past 2**53"],
    )
    def test_counters_and_the_seed_out_of_range(self, field: str, value: int) -> None:
        changes: dict[str, Any] = {field: value}
        state = attrs.evolve(dealt(), **changes)
        [message] = skipbo.invariant_violations(state)
        assert message.startswith(f"{field} ")
        assert "out of range" in message
        assert len(message) < 100  # the number is not printed in full
        data = to_data(dealt())
        data[field] = value
        with pytest.raises(DataError) as error:
            from_data(data, "state")
        assert error.value.path == f"/{field}"

    @pytest.mark.rule("R-DECK-2")
    def test_an_extra_card_is_pointed_at(self) -> None:
        data = to_data(dealt())
        data["draw_pile"].append(7)
        with pytest.raises(DataError) as error:
            from_data(data, "state")
        assert error.value.path == "/draw_pile"


class TestTypedErrors:
    """Every misuse gets a typed error naming what was wanted (point 3)."""

    def test_apply_to_a_view(self) -> None:
        state = dealt()
        seen = skipbo.view(state, state.current_player)
        wanted = r"apply needs a skipbo\.GameState, not skipbo\.PlayerView"
        with pytest.raises(ArgumentTypeError, match=wanted):
            skipbo.apply(seen, skipbo.legal_moves(seen)[0])  # type: ignore[arg-type]

    @pytest.mark.parametrize(
        "call",
        [
            skipbo.check_invariants,
            skipbo.invariant_violations,
            lambda junk: skipbo.view(junk, 0),
            lambda junk: penalize(junk, 0),
            legal_actions,
            lambda junk: sample_state(junk, random.Random(0)),
        ],
    )
    @pytest.mark.parametrize("junk", [None, {"turn": 1}, "state"])
    def test_functions_given_no_state(self, call: Callable[[Any], object], junk: object) -> None:
        with pytest.raises(TypeError) as error:
            call(junk)
        assert isinstance(error.value, SkipBoError)
        assert "GameState" in str(error.value) or "PlayerView" in str(error.value)
        assert type(junk).__name__ in str(error.value)

    def test_functions_given_no_rules_or_record(self) -> None:
        with pytest.raises(ArgumentTypeError, match=r"all_moves needs a skipbo\.Rules, not dict"):
            skipbo.all_moves({})  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError, match=r"replay needs a skipbo\.GameRecord, not str"):
            skipbo.replay("skipbo-record 1")  # type: ignore[arg-type]

    def test_from_data_names_the_kinds(self) -> None:
        with pytest.raises(TypeError, match="kind must be None or one of 'rules', 'state'"):
            from_data(to_data(TWO), ["x"])  # type: ignore[call-overload]

    @pytest.mark.parametrize(
        ("document", "pointer"),
        [
            ({"type": "move", "version": 1, "move": "s" + "1" * 4400 + ">b0"}, "/move"),
            ({"type": "move", "version": 1, "move": "x" * 1_000_000}, "/move"),
            ({"type": "x" * 1_000_000, "version": 1}, "/type"),
            ({"type": "rules", "version": HUGE}, "/version"),
        ],
        ids=["huge number in a move", "long move", "long type", "huge version"],
    )
    def test_oversized_input_is_refused_briefly(self, document: object, pointer: str) -> None:
        with pytest.raises(DataError) as error:
            from_data(document)
        assert error.value.path == pointer
        assert len(str(error.value)) < 200

    @pytest.mark.parametrize(
        ("change", "pointer"),
        [
            (lambda d: d["rules"].update(players=HUGE), "/rules/players"),
            (lambda d: d["hands"][0].append(HUGE), "/hands/0/5"),
            (lambda d: d.update(turn=HUGE), "/turn"),
        ],
    )
    def test_huge_integers_in_a_state(self, change: Callable[[Any], None], pointer: str) -> None:
        data = to_data(dealt())
        change(data)
        with pytest.raises(DataError) as error:
            from_data(data, "state")
        assert error.value.path == pointer
        assert len(str(error.value)) < 200

    def test_a_huge_number_in_a_record(self) -> None:
        text = format_record(GameRecord(rules=TWO, seed=1))
        with pytest.raises(DataError) as error:
            parse_record(text + " s" + "1" * 4400 + ">b0")
        assert error.value.path == "/moves/0"
        with pytest.raises(DataError) as error:
            parse_record(text.replace("\nmoves", "\nname " + "1" * 4400 + " Ann\nmoves"))
        assert len(str(error.value)) < 200


class TestMoveFields:
    """Moves refuse fields that are not indices (point 3)."""

    @pytest.mark.parametrize(
        "make",
        [
            lambda: PlayFromHand(True, 0),
            lambda: PlayFromHand(1.5, 0),  # type: ignore[arg-type]
            lambda: PlayFromStock(0, "1"),  # type: ignore[arg-type]
            lambda: skipbo.Discard(None, 0),  # type: ignore[arg-type]
        ],
    )
    def test_the_wrong_type(self, make: Callable[[], object]) -> None:
        with pytest.raises(ArgumentTypeError, match="must be an int"):
            make()

    @pytest.mark.parametrize(
        "make",
        [
            lambda: PlayFromHand(-1, 0),
            lambda: skipbo.PlayFromDiscard(0, -1, 0),
            lambda: skipbo.Discard(1, HUGE),
        ],
        ids=["negative card", "negative pile", "huge pile"],
    )
    def test_out_of_range(self, make: Callable[[], object]) -> None:
        with pytest.raises(InvalidMoveError) as error:
            make()
        assert isinstance(error.value, ValueError)
        assert len(str(error.value)) < 100

    def test_a_move_that_exists_round_trips(self) -> None:
        for move in skipbo.all_moves(Rules.team_piles()):
            assert loads(skipbo.games.skipbo.serialization.dumps(move), "move") == move


class TestConformanceChecksTheRules:
    """``check_conformance`` trusts no corrupted :class:`~skipbo.Rules` (point 4)."""

    @pytest.mark.parametrize(
        ("field", "value", "named"),
        [
            ("hand_size", 0, "hand_size"),
            ("players", 3, "seating"),
            ("players", 7, "players"),
            ("build_pile_count", 0, "build_pile_count"),
        ],
    )
    def test_a_corrupted_parameter(self, field: str, value: int, named: str) -> None:
        rules = Rules(players=2, deck=Deck.small(), stock_size=2, hand_size=2)
        object.__setattr__(rules, field, value)
        with pytest.raises(ConformanceError) as error:
            check_conformance(rules, games=1)
        assert named in error.value.reason

    def test_a_corrupted_seating(self) -> None:
        rules = Rules.partners(deck=Deck.small(copies=6), stock_size=2)
        seating = attrs.evolve(rules.seating, team_stocks=((0,), (1, 3)))
        object.__setattr__(rules, "seating", seating)
        with pytest.raises(ConformanceError, match=r"rules\.seating"):
            check_conformance(rules, games=1)

    def test_a_corrupted_move_table(self, monkeypatch: pytest.MonkeyPatch) -> None:
        rules = Rules(players=2, deck=Deck.small(), stock_size=2, hand_size=2)
        table = move_table(rules)
        corrupted = attrs.evolve(table, moves=table.moves[:-1])
        monkeypatch.setitem(skipbo.games.skipbo.moves._TABLES, id(rules), (rules, corrupted))
        with pytest.raises(ConformanceError, match="move table"):
            check_conformance(rules, games=1)


class TestSecrets:
    """A game dealt without a seed cannot be re-dealt by trying seeds (point 2)."""

    @pytest.mark.rule("R-INFO-3")
    def test_new_game_without_a_seed_is_not_found_by_trying_seeds(self) -> None:
        """Seat 1 deals every small seed, keeps those that show it its own view, and
        reads seat 0's hand from them: it must never be right."""
        state = skipbo.new_game(TWO)
        assert recovered_hands(state.rules, skipbo.view(state, 1), state.hands[0]) == []
        assert skipbo.new_game(TWO).draw_pile != state.draw_pile

    def test_the_attack_works_on_a_known_seed(self) -> None:
        """The attack itself is sound: a small seed is found."""
        state = skipbo.new_game(TWO, seed=7)
        assert recovered_hands(state.rules, skipbo.view(state, 1), state.hands[0]) == [7]

    def test_a_match_without_a_seed(self) -> None:
        assert new_match(TWO).seed != new_match(TWO).seed


def test_a_match_from_given_scores() -> None:
    match = new_match(TWO, seed=1, target=200, scores=(150, 75))
    assert match.scores == (150, 75)
    assert not match.is_over
    for scores in [(200, 0), (1,), (-1, 0), (True, 0)]:
        with pytest.raises(skipbo.ConfigurationError, match="scores"):
            new_match(TWO, seed=1, target=200, scores=scores)


def test_license_and_readme() -> None:
    """The LICENSE held the word MIT only; the README's first command needed PEP 668 off."""
    license_text = (ROOT / "LICENSE").read_text()
    assert "Copyright (c) 2026 The skipbo developers" in license_text
    assert "Permission is hereby granted, free of charge" in license_text
    readme = (ROOT / "README.md").read_text()
    first = readme.split("```sh\n", 1)[1].splitlines()[0]
    assert first.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")


def test_the_package_metadata_names_project_urls() -> None:
    """The package metadata had no project URLs (issue 10)."""
    import tomllib

    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls["Homepage"] == "https://pypi.org/project/skipbo/"
    assert all(url.startswith("https://pypi.org/project/skipbo/") for url in urls.values())


def test_the_demo_without_a_stock_size() -> None:
    from skipbo.cli import main

    assert main(["demo", "--players", "2", "--seed", "1", "--quiet"]) == 0
