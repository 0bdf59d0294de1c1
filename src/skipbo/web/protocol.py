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

import attrs

from skipbo.common import strictjson
from skipbo.common.game import AnyGame, rules_from_data
from skipbo.errors import DataError, InvalidMoveError, MoveSyntaxError

__all__ = [
    "HUMAN",
    "MAX_SECONDS",
    "MAX_TARGET",
    "TableOptions",
    "WebError",
    "check_target",
    "parse_back",
    "parse_chat",
    "parse_create",
    "parse_hello",
    "parse_move",
    "parse_name",
    "parse_next",
    "parse_options",
    "parse_socket_chat",
]

HUMAN = "human"
"""The seat kind of a person (any other seat kind is a bot's name)."""

MAX_TARGET = 10_000
"""The largest match target a table accepts (R-SCORE-3 sets 500 by default)."""


MAX_SECONDS = 86_400
"""The longest turn timer or absence a table's options may set (a day)."""


@attrs.frozen(slots=True, kw_only=True)
class TableOptions:
    """What a table does for a seat whose player is gone, and whether spectators chat.

    A seat whose player has had no open page for ``away_seconds`` while it was their
    turn, or whose turn lasted ``turn_seconds``, is played by the ``stand_in`` bot
    until the player comes back (the page opens again, or says so). ``None``: never.
    """

    turn_seconds: int | None = None
    """The turn timer (seconds a person's turn may last), or ``None``: none."""
    away_seconds: int | None = None
    """Seconds a person's turn waits for their page to reconnect, or ``None``: forever."""
    stand_in: str | None = None
    """The bot that plays for an absent person (``None``: the game's hint bot)."""
    spectator_chat: bool = False
    """Whether spectators read the table's chat and write to it (as "Spectator N").

    Off, the chat is the seated players' own: spectators neither read nor write it."""

    def to_data(self) -> dict[str, Any]:
        """The options as JSON data."""
        return attrs.asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> TableOptions:
        """Options from :meth:`to_data` (stored by this server, so trusted)."""
        return cls(**data)


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


def _object(
    body: bytes | str, names: tuple[str, ...], optional: tuple[str, ...] = ()
) -> Mapping[str, object]:
    try:
        return strictjson.fields(_json(body), "", names, optional)
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


def parse_socket_chat(text: bytes | str) -> object:
    """A socket's message ``{"type": "chat", "text": "hello"}``: the line (checked by the table).

    The one message a client sends after its hello: a spectator, who has no token to
    post with, chats over its socket.

    Raises:
        WebError: 400 for any other message.

    """
    data = _object(text, ("type", "text"))
    if data["type"] != "chat":
        raise WebError(HTTPStatus.BAD_REQUEST, 'expected {"type": "chat", "text": <str>}')
    return data["text"]


def parse_back(body: bytes | str) -> None:
    """A post ``{}`` by which an absent player takes their seat back from the stand-in bot."""
    _object(body, ())


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

    The rules document may be of any game (its ``"game"`` says which; one written
    before documents named their game, by its ``"type"``: Skip-Bo's ``"rules"`` or
    Skyjo's ``"skyjo-rules"``). ``seats`` has one entry per
    player: ``"human"`` or the name of one of that game's bots; at least one seat is a
    person's (a person deals each next game). ``target`` is the match target, or
    ``null``: the game's default (500 for Skip-Bo) or none (Skyjo has no match target;
    :func:`check_target` refuses one, once the rules are checked).
    Returns the game, the rules, the seats and the target.
    """
    data = _object(body, ("rules", "seats", "target"), ("options",))
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


def parse_options(body: bytes | str, game: AnyGame) -> TableOptions:
    """The optional ``"options"`` of a new table's post (:func:`parse_create` read the rest).

    ``{"turn_seconds": 60 or null, "away_seconds": 120 or null, "stand_in": a bot of
    the game or null, "spectator_chat": true or false}``, each field optional
    (``null``: none, or the hint bot; ``spectator_chat`` is off unless given).

    >>> from skipbo.games.skipbo.adapter import SKIPBO
    >>> body = b'{"rules": 0, "seats": 0, "target": 0, "options": {"turn_seconds": 60}}'
    >>> parse_options(body, SKIPBO)
    TableOptions(turn_seconds=60, away_seconds=None, stand_in=None, spectator_chat=False)

    Raises:
        WebError: 400 naming the field.

    """
    found = _object(body, ("rules", "seats", "target"), ("options",)).get("options")
    if found is None:
        return TableOptions()
    names = ("turn_seconds", "away_seconds", "stand_in", "spectator_chat")
    try:
        data = strictjson.fields(found, "/options", (), names)
        seconds = {
            name: None
            if data.get(name) is None
            else strictjson.integer(data[name], f"/options/{name}", 1, MAX_SECONDS)
            for name in names[:2]
        }
    except DataError as error:
        raise WebError(HTTPStatus.BAD_REQUEST, f"{error.path}: {error.reason}") from None
    stand_in = data.get("stand_in")
    if stand_in is not None and (type(stand_in) is not str or stand_in not in game.bots):
        bots = ", ".join(map(repr, game.bots))
        raise WebError(HTTPStatus.BAD_REQUEST, f"/options/stand_in: must be one of {bots}")
    spectator_chat = data.get("spectator_chat", False)
    if type(spectator_chat) is not bool:
        raise WebError(HTTPStatus.BAD_REQUEST, "/options/spectator_chat: must be true or false")
    return TableOptions(**seconds, stand_in=stand_in, spectator_chat=spectator_chat)


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
