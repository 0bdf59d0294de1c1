"""The web table's protocol: what clients send, what the server answers and pushes.

Client input is untrusted: every body and WebSocket message is parsed with the
library's strict JSON loader (no repeated keys, no ``NaN``, no runaway nesting)
and checked field by field; anything else is a :class:`WebError` with a 4xx status
and changes nothing. The messages are listed in the embedding reference
(``docs/api-embedding.md``, "Web table protocol").
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from skipbo.common import strictjson
from skipbo.common.game import AnyGame, rules_from_data
from skipbo.errors import DataError, InvalidMoveError, MoveSyntaxError

__all__ = [
    "HUMAN",
    "MAX_TARGET",
    "WebError",
    "check_target",
    "parse_chat",
    "parse_create",
    "parse_hello",
    "parse_move",
    "parse_name",
    "parse_next",
]

HUMAN = "human"
"""The seat kind of a person (any other seat kind is a bot's name)."""

MAX_TARGET = 10_000
"""The largest match target a table accepts (R-SCORE-3 sets 500 by default)."""


class WebError(Exception):
    """A refused request: an HTTP status (4xx) and a message for the client.

    Raised before anything changes, so a refused request leaves the table as it was.
    """

    def __init__(self, status: HTTPStatus, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def _json(body: bytes | str) -> object:
    try:
        return strictjson.parse_json(body)
    except DataError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, error.reason) from None


def _object(body: bytes | str, names: tuple[str, ...]) -> Mapping[str, object]:
    try:
        return strictjson.fields(_json(body), "", names)
    except DataError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"{error.path or '/'}: {error.reason}") from None


def _version(value: object) -> int:
    try:
        return strictjson.integer(value, "/version")
    except DataError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"{error.path}: {error.reason}") from None


def parse_move(body: bytes | str, game: AnyGame) -> tuple[Any, int]:
    """A move post ``{"move": "h5>b0", "version": 12}``: the move of ``game`` and its version.

    The move is in the game's notation, spelt the one way the game writes it.

    >>> from skipbo.games.skipbo.adapter import SKIPBO
    >>> parse_move(b'{"move": "s0>b1", "version": 3}', SKIPBO)
    (PlayFromStock(stock=0, build=1), 3)
    >>> parse_move(b'{"move": "s0>b1", "move": "pass", "version": 3}', SKIPBO)
    Traceback (most recent call last):
    ...
    skipbo.web.protocol.WebError: not JSON: an object has a repeated key

    """
    data = _object(body, ("move", "version"))
    version = _version(data["version"])
    text = data["move"]
    if type(text) is not str:
        raise WebError(HTTPStatus.BAD_REQUEST, "/move: must be a string")
    try:
        move = game.parse_move(text)
    except (MoveSyntaxError, InvalidMoveError) as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"/move: {error}") from None
    if str(move) != text:  # one spelling per move, as in the game's documents
        raise WebError(HTTPStatus.BAD_REQUEST, f"/move: must be written {str(move)!r}")
    return move, version


def parse_name(body: bytes | str) -> object:
    """A post ``{"name": "Ada"}`` naming the poster's seat: the name (checked by the table)."""
    return _object(body, ("name",))["name"]


def parse_chat(body: bytes | str) -> object:
    """A post ``{"text": "good game"}``: a chat line of the poster's seat (checked by the table)."""
    return _object(body, ("text",))["text"]


def parse_next(body: bytes | str) -> int:
    """A post ``{"version": 40}`` that deals the next game of the match: the version."""
    return _version(_object(body, ("version",))["version"])


def parse_hello(text: bytes | str) -> str | None:
    """The first WebSocket message ``{"type": "hello", "token": ...}``: the seat token.

    ``null`` is a spectator's hello.
    """
    data = _object(text, ("type", "token"))
    token = data["token"]
    if data["type"] != "hello" or not (token is None or type(token) is str):
        raise WebError(HTTPStatus.BAD_REQUEST, 'expected {"type": "hello", "token": <str|null>}')
    return token


def parse_create(body: bytes | str) -> tuple[AnyGame, Any, list[str], int | None]:
    """A new table ``{"rules": <rules document>, "seats": [...], "target": 500}``.

    The rules document may be of any registered game (its ``"type"`` says which):
    Skip-Bo's ``"rules"`` or Skyjo's ``"skyjo-rules"``. ``seats`` has one entry per
    player: ``"human"`` or the name of one of that game's bots; at least one seat is a
    person's (a person deals each next game). ``target`` is the match target, or
    ``null``: the game's default (500 for Skip-Bo) or none (Skyjo has no match target;
    :func:`check_target` refuses one, once the rules are checked).
    Returns the game, the rules, the seats and the target.
    """
    data = _object(body, ("rules", "seats", "target"))
    try:
        game, rules = rules_from_data(data["rules"])
    except DataError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"/rules{error.path}: {error.reason}") from None
    try:
        target = None
        if data["target"] is not None:
            target = strictjson.integer(data["target"], "/target", 1, MAX_TARGET)
        seats = strictjson.array(data["seats"], "/seats", game.info(rules).players)
    except DataError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"{error.path}: {error.reason}") from None
    kinds = [HUMAN, *game.bots]
    for seat, kind in enumerate(seats):
        if type(kind) is not str or kind not in kinds:
            names = ", ".join(map(repr, kinds))
            raise WebError(HTTPStatus.BAD_REQUEST, f"/seats/{seat}: must be one of {names}")
    if HUMAN not in seats:
        raise WebError(HTTPStatus.BAD_REQUEST, "/seats: at least one seat must be 'human'")
    return game, rules, [str(kind) for kind in seats], target


def check_target(game: AnyGame, rules: Any, target: int | None) -> None:
    """Refuse a match ``target`` for a game without one (Skyjo).

    It deals a match to see, so the server calls it only once the rules are within
    its limits (:func:`skipbo.web.tablerules.check_table`): a huge deck is refused
    before anything is dealt.

    Raises:
        WebError: 400 naming the target.

    """
    if target is None:
        return  # the game's default, or none: every game accepts it
    try:
        game.new_match(rules, 0, target)
    except ValueError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"/target: {error}") from None


def error_message(error: WebError) -> dict[str, Any]:
    """The body of a refusal: ``{"error": <message>, "status": <code>}``."""
    return {"error": error.message, "status": int(error.status)}
