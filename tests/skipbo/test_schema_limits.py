"""The JSON Schema states the loader's upper bounds, and both agree at each boundary.

For each bounded field: the largest value the loader takes is valid under the schema
and loads; one more is invalid under the schema and the loader refuses it with a
:class:`~skipbo.DataError` at the field's pointer. Before, the schema had no maximum
for counters, seeds, moves or strings, so it accepted documents the loader refused.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import jsonschema
import pytest

import skipbo
from skipbo import DataError, Rules
from skipbo.common.strictjson import MAX_INTEGER_BITS, MAX_TEXT
from skipbo.games.skipbo.moves import MAX_MOVE_TEXT
from skipbo.games.skipbo.records import GameRecord
from skipbo.games.skipbo.serialization import from_data, json_schema, to_data
from skipbo.games.skipbo.spec import MAX_COUNTER
from skipbo.games.skipbo.variants.penalty import penalize

LARGEST_INTEGER = 2**MAX_INTEGER_BITS - 1
LONGEST_MOVE = "d2147483647.2147483647>b2147483647"  # every index at its largest


# Without R-WIN-4's bounds, which would refuse the largest counters before the schema does.
UNBOUNDED: dict[str, Any] = {"turn_move_limit": None, "stall_limit": None}


def state_document() -> dict[str, Any]:
    return to_data(penalize(skipbo.new_game(Rules.partners(**UNBOUNDED), seed=1), 0))


def view_document() -> dict[str, Any]:
    return to_data(skipbo.view(skipbo.new_game(Rules(players=2, **UNBOUNDED), seed=1), 0))


def record_document() -> dict[str, Any]:
    data = to_data(GameRecord(rules=Rules(players=2), seed=1, names=("ann", "bo")))
    data["tags"] = {"event": "club night"}
    return data


def move_document() -> dict[str, Any]:
    return to_data(skipbo.parse_move("h5>b0"))


def rules_document() -> dict[str, Any]:
    return to_data(Rules(players=2))


def at(path: str) -> Callable[[dict[str, Any], object], None]:
    """A setter of the field at the JSON pointer ``path``."""
    *parents, last = path.strip("/").split("/")

    def put(document: dict[str, Any], value: object) -> None:
        place: Any = document
        for key in parents:
            place = place[int(key) if key.isdigit() else key]
        place[int(last) if last.isdigit() else last] = value

    return put


CASES = [
    # kind, document, pointer, largest accepted, first refused
    ("state", state_document, "/turn", MAX_COUNTER, MAX_COUNTER + 1),
    ("state", state_document, "/turn_moves", MAX_COUNTER, MAX_COUNTER + 1),
    ("state", state_document, "/stall_turns", MAX_COUNTER, MAX_COUNTER + 1),
    ("state", state_document, "/rules/turn_move_limit", LARGEST_INTEGER, LARGEST_INTEGER + 1),
    ("state", state_document, "/rules/stall_limit", LARGEST_INTEGER, LARGEST_INTEGER + 1),
    ("state", state_document, "/penalty_cards/1", MAX_COUNTER, MAX_COUNTER + 1),
    ("state", state_document, "/shuffle_seed", LARGEST_INTEGER, LARGEST_INTEGER + 1),
    ("state", state_document, "/rules/turn_limit", LARGEST_INTEGER, LARGEST_INTEGER + 1),
    ("view", view_document, "/turn", MAX_COUNTER, MAX_COUNTER + 1),
    ("view", view_document, "/turn_moves", MAX_COUNTER, MAX_COUNTER + 1),
    ("view", view_document, "/stall_turns", MAX_COUNTER, MAX_COUNTER + 1),
    ("rules", rules_document, "/hand_size", 50, 51),
    ("record", record_document, "/seed", LARGEST_INTEGER, LARGEST_INTEGER + 1),
    ("record", record_document, "/seed", -LARGEST_INTEGER, -LARGEST_INTEGER - 1),
    ("record", record_document, "/names/0", "a" * MAX_TEXT, "a" * (MAX_TEXT + 1)),
    ("record", record_document, "/tags/event", "a" * MAX_TEXT, "a" * (MAX_TEXT + 1)),
    ("move", move_document, "/move", LONGEST_MOVE, "h5>b" + "1" * (MAX_MOVE_TEXT - 3)),
]


@pytest.mark.parametrize(
    ("kind", "document", "pointer", "largest", "refused"),
    CASES,
    ids=[f"{kind}{pointer}={str(refused)[:12]}" for kind, _, pointer, _, refused in CASES],
)
def test_the_schema_and_the_loader_agree_at_the_boundary(
    kind: str,
    document: Callable[[], dict[str, Any]],
    pointer: str,
    largest: object,
    refused: object,
) -> None:
    validator = jsonschema.Draft202012Validator(json_schema(kind))  # type: ignore[arg-type]
    put = at(pointer)
    data = copy.deepcopy(document())
    put(data, largest)
    assert not list(validator.iter_errors(data))
    from_data(data, kind)  # type: ignore[call-overload]
    put(data, refused)
    assert list(validator.iter_errors(data))
    with pytest.raises(DataError) as error:
        from_data(data, kind)  # type: ignore[call-overload]
    assert error.value.path == pointer, error.value


def test_a_move_too_long_is_too_long_for_the_schema() -> None:
    schema = json_schema("move")["$defs"]["move"]
    assert schema["maxLength"] == MAX_MOVE_TEXT
    assert len(LONGEST_MOVE) <= MAX_MOVE_TEXT
