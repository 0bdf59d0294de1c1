"""Tests for `skipbo.games.skipbo.serialization`: documents, their schema, and loading untrusted
data."""

from __future__ import annotations

import copy
import json
import pickle
import random
from importlib import resources
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

import skipbo
from skipbo import DataError, Deck, FirstPlayer, GameState, Outcome, Rules, Termination
from skipbo.games.skipbo import codec
from skipbo.games.skipbo.codec import BOUND_FIELDS, DECK_FIELDS, RULES_FIELDS
from skipbo.games.skipbo.moves import move_table
from skipbo.games.skipbo.records import GameRecord, record_data
from skipbo.games.skipbo.sampling import sample_state, view_violations
from skipbo.games.skipbo.serialization import (
    FORMAT_VERSION,
    LIMITS,
    Document,
    Kind,
    dumps,
    from_data,
    json_schema,
    loads,
    to_data,
)
from skipbo.games.skipbo.views import PlayerView, view
from tests.strategies import game_states, json_values, mutated_documents, rules

KINDS: tuple[Kind, ...] = ("rules", "state", "move", "view", "outcome", "record")
VALIDATOR = jsonschema.Draft202012Validator(json_schema())
KIND_VALIDATORS = {kind: jsonschema.Draft202012Validator(json_schema(kind)) for kind in KINDS}


def check_document(value: Document, kind: Kind) -> dict[str, Any]:
    """The document of ``value``: valid under the schema, and loading it gives ``value``."""
    data = to_data(value)
    assert data["type"] == kind
    assert data["version"] == FORMAT_VERSION
    VALIDATOR.validate(data)
    KIND_VALIDATORS[kind].validate(data)
    assert from_data(data, kind) == value
    text = dumps(value)
    assert json.loads(text) == data
    assert loads(text, kind) == value
    assert loads(text.encode()) == value
    return data


def a_state() -> GameState:
    return skipbo.new_game(Rules(players=3), seed=5)


def tampered(change: Any, base: GameState | None = None) -> dict[str, Any]:
    """The document of a valid state after ``change(document)``."""
    data = to_data(base if base is not None else a_state())
    change(data)
    return data


def rejected(data: object, kind: Kind | None = None) -> DataError:
    with pytest.raises(DataError) as caught:
        from_data(data, kind)
    return caught.value


class TestRoundTrip:
    """Every document loads back to an equal value and is valid under the schema."""

    @given(state=game_states())
    def test_states_and_their_rules(self, state: GameState) -> None:
        check_document(state, "state")
        check_document(state.rules, "rules")

    @given(data=st.data(), state=game_states())
    def test_views(self, data: st.DataObject, state: GameState) -> None:
        player = data.draw(st.none() | st.integers(0, state.rules.players - 1))
        check_document(view(state, player), "view")

    @given(rules=rules())
    def test_every_move(self, rules: Rules) -> None:
        for move in skipbo.all_moves(rules):
            assert check_document(move, "move")["move"] == str(move)

    @pytest.mark.parametrize(
        "outcome",
        [
            Outcome(Termination.BLOCKED),
            Outcome(Termination.TURN_LIMIT),
            Outcome(Termination.STOCK_EMPTIED, 1, (1,)),
            Outcome(Termination.STOCK_EMPTIED, 0, (0, 2)),
        ],
    )
    def test_outcomes(self, outcome: Outcome) -> None:
        check_document(outcome, "outcome")

    @pytest.mark.parametrize(
        "rules",
        [
            Rules(),
            Rules(players=4, teams=((0, 2), (1, 3))),
            Rules(players=6, teams=((0, 1, 2), (3, 4, 5)), shared_piles=True),
            Rules(players=3, first_player=FirstPlayer.DEALER_DRAW, turn_limit=50),
            Rules(first_player=FirstPlayer.HIGHEST_STOCK_TOP, deck=Deck.small(), stock_size=2),
            Rules(players=5, deck=Deck.international_games(), hand_size=3, build_pile_count=2),
        ],
    )
    def test_rules_of_every_kind(self, rules: Rules) -> None:
        data = check_document(rules, "rules")
        assert set(data) == {"type", "game", "version", *RULES_FIELDS, *BOUND_FIELDS}
        state = skipbo.new_game(rules, seed=2)
        check_document(state, "state")
        for player in (None, *range(rules.players)):
            check_document(view(state, player), "view")

    def test_every_rules_and_deck_field_is_written(self) -> None:
        # A new field of Rules or Deck must be added to the document format.
        written = {codec.DOCUMENT_NAMES.get(f.name, f.name) for f in attrs.fields(Rules) if f.init}
        assert written == {*RULES_FIELDS, *BOUND_FIELDS}
        assert {f.name for f in attrs.fields(Deck) if f.init} == set(DECK_FIELDS)

    @pytest.mark.rule("R-WIN-4")
    def test_documents_older_than_the_bounds_load_with_the_defaults(self) -> None:
        # Documents written before R-WIN-4 lack its fields: the rules get the default
        # bounds (null lifts one), the state and view counts start at 0.
        state = skipbo.new_game(Rules(players=3), seed=5)
        for _ in range(12):
            state = skipbo.apply(state, skipbo.legal_moves(state)[-1])  # discards: no stock play
        assert state.stall_turns > 0
        for value in (state, view(state, 1)):
            old = to_data(value)
            for name in BOUND_FIELDS:
                del old["rules"][name]
            del old["stall_turns"]
            loaded = from_data(old)
            assert isinstance(loaded, GameState | PlayerView)
            assert loaded.rules == Rules(players=3)
            assert loaded.stall_turns == 0
            assert attrs.evolve(loaded, stall_turns=value.stall_turns) == value
        lifted = to_data(Rules(turn_move_limit=None, stall_limit=None))
        assert from_data(lifted) == Rules(turn_move_limit=None, stall_limit=None)
        for name, bad in (("turn_move_limit", 0), ("stall_limit", "9"), ("stall_limit", 1.5)):
            with pytest.raises(DataError, match=name):
                from_data(to_data(Rules()) | {name: bad})

    def test_the_schema_is_shipped_and_valid(self) -> None:
        shipped = resources.files("skipbo.games.skipbo").joinpath("schemas", "skipbo.schema.json")
        assert json.loads(shipped.read_text(encoding="utf-8")) == json_schema()
        jsonschema.Draft202012Validator.check_schema(json_schema())
        for kind in KINDS:
            jsonschema.Draft202012Validator.check_schema(json_schema(kind))
        assert json_schema()["$defs"]["deck"]["properties"]["copies"]["maximum"] == LIMITS["copies"]

    def test_a_document_of_one_kind_is_not_another(self) -> None:
        data = to_data(Rules())
        assert KIND_VALIDATORS["state"].is_valid(data) is False
        assert rejected(data, "state").path == "/type"

    def test_values_without_a_document_form(self) -> None:
        with pytest.raises(TypeError, match="no document form"):
            to_data(Deck())  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no document type"):
            from_data({}, "deck")  # type: ignore[call-overload]


class TestPickle:
    """States and the other values pickle (for multiprocessing)."""

    @given(state=game_states())
    def test_states_pickle_and_play_on_identically(self, state: GameState) -> None:
        copied = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
        assert copied == state
        assert copied is not state
        assert move_table(copied.rules) is move_table(state.rules)
        moves = skipbo.legal_moves(copied)
        assert moves == skipbo.legal_moves(state)
        if moves:
            assert skipbo.apply(copied, moves[-1]) == skipbo.apply(state, moves[-1])

    def test_pickled_rules_carry_parameters_not_derived_tables(self) -> None:
        # The move table is cached by the moves module, not carried by the rules, so a
        # pickled state stays small: a few hundred bytes of cards, not the thousands of
        # the move table.
        state = skipbo.new_game(skipbo.Rules.partners(), seed=1)
        copied = pickle.loads(pickle.dumps(state))
        assert copied.rules.seating.stock_sources == state.rules.seating.stock_sources
        assert len(pickle.dumps(state)) < len(pickle.dumps(move_table(state.rules)))

    def test_views_and_records_pickle(self) -> None:
        state = a_state()
        record = GameRecord(rules=state.rules, seed=5, names=("a", "b", "c"), tags={"k": "v"})
        for value in (view(state, 1), record, state.rules):
            assert pickle.loads(pickle.dumps(value)) == value


class TestRejection:
    """Tampered documents are rejected with the place and the reason."""

    @pytest.mark.parametrize(
        ("change", "path", "reason"),
        [
            (lambda d: d.update(extra=1), "/extra", "unknown field"),
            (lambda d: d.pop("turn"), "/turn", "missing field"),
            (lambda d: d.update(turn="7"), "/turn", "must be an integer, got a string"),
            (lambda d: d.update(turn=True), "/turn", "got a boolean"),
            (lambda d: d.update(turn=1.0), "/turn", "got a number with a fraction"),
            (lambda d: d.update(turn=0), "/turn", "must be from 1 to"),
            (lambda d: d.update(current_player=3), "/current_player", "from 0 to 2"),
            (lambda d: d["hands"][0].__setitem__(0, 13), "/hands/0/0", "13 is not a card"),
            (lambda d: d["hands"][0].__setitem__(0, -1), "/hands/0/0", "not a card"),
            (lambda d: d["hands"][0].__setitem__(0, "W"), "/hands/0/0", "not a card"),
            (lambda d: d["hands"][0].append(12), "/hands/0", "holds 6 cards, the hand size is 5"),
            (lambda d: d["hands"][0].reverse(), "/hands/0", "must be sorted"),
            (lambda d: d["builds"].__setitem__(2, [2]), "/builds/2", "not a run"),
            (lambda d: d["builds"].__setitem__(2, [1, 3]), "/builds/2", "not a run"),
            (lambda d: d.update(completed=[1, 2]), "/completed", "complete build piles"),
            (lambda d: d["builds"].pop(), "/builds", "must hold 4 entries, holds 3"),
            (lambda d: d["discards"][1].append([]), "/discards/1", "must hold 4 entries"),
            (lambda d: d.update(stocks={}), "/stocks", "must be an array, got an object"),
            (lambda d: d["rules"].update(players=7), "/rules/players", "from 2 to 6"),
            (lambda d: d["rules"]["deck"].update(copies=10**9), "/rules/deck/copies", "50"),
            (lambda d: d["rules"].update(build_piles=10**6), "/rules/build_piles", "16"),
            (lambda d: d["rules"].update(first_player="left"), "/rules/first_player", "one of"),
            (lambda d: d["rules"].update(shared_piles=0), "/rules/shared_piles", "boolean"),
            (lambda d: d["rules"].update(stock_size=60), "/rules", "deck has 162"),
            (lambda d: d.update(shuffle_seed=-1), "/shuffle_seed", "from 0"),
            (lambda d: d.update(shuffle_seed=2**64), "/shuffle_seed", "from 0"),
            (lambda d: d.update(version=2), "/version", "reads version 1"),
            (lambda d: d.update(version="1"), "/version", "reads version 1"),
            (lambda d: d.update(type="view"), "/type", "must be 'state'"),
            (lambda d: d.pop("type"), "/type", "missing field"),
            (lambda d: d.update(outcome={"termination": "won"}), "/outcome/team", "missing"),
        ],
    )
    def test_tampered_states(self, change: Any, path: str, reason: str) -> None:
        error = rejected(tampered(change), "state")
        assert error.path == path
        assert reason in error.reason

    def test_more_wilds_than_the_deck_holds(self) -> None:
        def wild_draw_pile(data: dict[str, Any]) -> None:
            data["draw_pile"] = [0] * len(data["draw_pile"])

        state = a_state()
        wilds = [card for pile in (*state.stocks, *state.hands) for card in pile].count(0)
        wilds += len(state.draw_pile)
        error = rejected(tampered(wild_draw_pile, state), "state")
        assert error.path == "/draw_pile"  # where the count of wilds runs over
        assert "cards are not conserved" in error.reason
        assert f"extra {{0: {wilds - 18}" in error.reason

    def test_a_state_failing_the_invariants(self) -> None:
        # One card less: every field is well-formed but the deck is not conserved.
        error = rejected(tampered(lambda d: d["draw_pile"].pop()), "state")
        # No place holds too many: the error points where the rest of the deck lies.
        assert error.path == "/draw_pile"
        assert "cards are not conserved" in error.reason
        # A game that goes on although a stock pile is empty (R-WIN-1).
        state = a_state()

        def empty_stock(data: dict[str, Any]) -> None:
            data["draw_pile"] += data["stocks"][1]
            data["stocks"][1] = []

        error = rejected(tampered(empty_stock, state), "state")
        assert "R-WIN-1" in error.reason

    @pytest.mark.parametrize(
        ("change", "reason"),
        [
            (lambda d: d["hand"].pop(), "the hand holds 4 cards"),
            (lambda d: d.update(player=None), "a hand exactly when it has a player"),
            (lambda d: d["stock_sizes"].__setitem__(0, 0), "does not fit its size"),
            (lambda d: d.update(draw_pile_size=0), "places for"),
            (lambda d: d.update(completed_count=5), "whole number of complete build piles"),
            (lambda d: d["discards"][0][0].extend([0] * 20), "more cards than the deck holds"),
        ],
    )
    def test_tampered_views(self, change: Any, reason: str) -> None:
        data = to_data(view(a_state(), 0))
        change(data)
        error = rejected(data, "view")
        assert reason in error.reason

    def test_a_view_of_a_finished_game_that_is_not_finished(self) -> None:
        # Every count fits, but a stock pile is empty while the game goes on (R-WIN-1).
        state = a_state()
        data = to_data(view(state, 0))
        data["stock_sizes"][2] = 0
        data["stock_tops"][2] = None
        data["draw_pile_size"] += 30
        error = rejected(data, "view")
        assert "R-WIN-1" in error.reason

    @pytest.mark.parametrize(
        ("text", "reason"),
        [
            ("", "not JSON"),
            ("[1, 2", "not JSON"),
            ('{"type": "move", "type": "move"}', "repeated key"),
            ('{"type": "move", "version": NaN, "move": "pass"}', "NaN is not JSON"),
            ("9" * 5000, "not JSON"),
            ("[" * 100_000, "not JSON"),
            (b"\xff\xfe{", "not JSON"),
            ("[]", "must be an object, got an array"),
        ],
    )
    def test_text_that_is_no_document(self, text: str | bytes, reason: str) -> None:
        with pytest.raises(DataError, match=reason):
            loads(text)

    @pytest.mark.parametrize(
        ("move", "reason"),
        [("h13x", "not a move"), ("hw>b0", "must be written 'hW>b0'"), (" pass", "'pass'")],
    )
    def test_moves_must_be_written_in_the_notation(self, move: str, reason: str) -> None:
        error = rejected({"type": "move", "version": 1, "move": move})
        assert error.path == "/move"
        assert reason in error.reason

    def test_loads_rejects_values_that_are_not_text(self) -> None:
        with pytest.raises(DataError, match="str or bytes"):
            loads(123)  # type: ignore[call-overload]


def assert_valid(value: Document, data: Any) -> None:
    """What a loaded document guarantees, checked independently of the loader."""
    errors = list(VALIDATOR.iter_errors(data))  # the schema accepts what the loader accepts
    assert not errors, jsonschema.exceptions.best_match(errors).message
    if isinstance(value, GameState):
        skipbo.check_invariants(value)
    elif isinstance(value, PlayerView):
        assert view_violations(value) == []
        sampled = sample_state(value, random.Random(1))
        assert view(sampled, value.player) == value
    elif isinstance(value, GameRecord):
        for state in skipbo.games.skipbo.records.replay(value):
            skipbo.check_invariants(state)
    assert from_data(to_data(value)) == value


def documents_of(state: GameState) -> list[dict[str, Any]]:
    """One valid document of each kind from a state's game."""
    played = skipbo.new_game(state.rules, seed=1)
    record = GameRecord(
        rules=state.rules, seed=1, names=[f"p{seat}" for seat in range(state.rules.players)]
    )
    for _ in range(12):
        if played.is_over:
            break
        move = skipbo.legal_moves(played)[-1]
        played = skipbo.apply(played, move)
        record = record.with_move(move)
    moves = skipbo.legal_moves(state) or [skipbo.Pass()]
    return [
        to_data(state),
        to_data(view(state, state.current_player)),
        to_data(view(state, None)),
        to_data(state.rules),
        to_data(moves[0]),
        to_data(state.outcome or Outcome(Termination.STOCK_EMPTIED, 0, (0,))),
        {"type": "record", "version": 1, **record_data(record)},
    ]


MAX_MESSAGE = 2_000
"""The longest error message for a hostile document: a pile or two of cards and a
few values cut to 60 characters, however large the input."""


def load(document: Any, kind: Kind | None = None) -> Any:
    """The loaded value, or the DataError that refused it (checked to be short)."""
    try:
        return from_data(document, kind)
    except DataError as error:
        rejected = error
    assert len(str(rejected)) <= MAX_MESSAGE  # the input is not echoed in full
    return rejected


class TestFuzz:
    """Any input either loads into a valid value or raises DataError, nothing else."""

    @given(data=json_values())
    def test_random_json(self, data: Any) -> None:
        value = load(data)
        if not isinstance(value, DataError):
            assert_valid(value, data)

    @given(data=json_values(), kind=st.sampled_from(KINDS))
    def test_random_json_with_a_document_header(self, data: Any, kind: Kind) -> None:
        document = {"type": kind, "version": 1, **data} if isinstance(data, dict) else data
        value = load(document, kind)
        if not isinstance(value, DataError):
            assert_valid(value, document)

    @given(text=st.text(max_size=30) | st.binary(max_size=30))
    def test_random_text(self, text: str | bytes) -> None:
        with pytest.raises(DataError):
            loads(text)

    @given(data=st.data(), state=game_states())
    def test_mutated_documents(self, data: st.DataObject, state: GameState) -> None:
        original = data.draw(st.sampled_from(documents_of(state)), label="document")
        document = data.draw(mutated_documents(original), label="mutated")
        snapshot = copy.deepcopy(document)
        value = load(document)
        assert document == snapshot  # loading never changes its input
        if not isinstance(value, DataError):
            assert_valid(value, document)
