"""Tables: the referee of each hosted match, and the registry of tables.

A :class:`Table` holds a match of any game registered in :mod:`skipbo.common.game`
(:meth:`~skipbo.common.game.Game.new_match`: Skip-Bo's :class:`~skipbo.Match`, or
a :class:`~skipbo.common.match.Series` of Skyjo games), the seats (people with
secret tokens, or bots), their names and the version: the number of events
accepted so far. A client posts each move with the version it was chosen on; any
other version is stale and refused (a retried post, or a move chosen on an old
view), so no move is ever played twice. An accepted event is stored before the
table changes in memory and before it is acknowledged.

Nothing here knows about HTTP, nor about any one game: the web app
(:mod:`skipbo.web.app`) calls these methods from its one event loop, so each call
runs alone.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import hmac
import json
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Hashable, Sequence
from http import HTTPStatus
from typing import Any

from skipbo.common.game import AnyGame, game_named, game_of, rules_from_data
from skipbo.common.match import MatchPlay
from skipbo.common.randomness import SEED_BITS, derive_seed
from skipbo.errors import IllegalMoveError, SkipBoError
from skipbo.web.botpool import choose_within
from skipbo.web.protocol import HUMAN, TableOptions, WebError
from skipbo.web.storage import NEXT_GAME, Event, Storage, StoredTable, VersionConflict

__all__ = [
    "ADDRESS_CHAT_RATE",
    "AWAY_EVENT",
    "BACK_EVENT",
    "CHAT_EVENT",
    "CHAT_LINES",
    "CHAT_RATE",
    "LAST_MOVES",
    "MAX_CHAT",
    "MAX_NAME",
    "NAME_EVENT",
    "RENAMES_PER_SECOND",
    "SPECTATOR_CHAT_EVENT",
    "Table",
    "Tables",
    "check_chat",
    "check_name",
]

LAST_MOVES = 12
"""How many of the current game's last moves each message lists."""

NAME_EVENT = "name "
"""An event that names its seat: this prefix, then the name (no move starts so)."""

MAX_NAME = 24
"""The longest player name, in characters."""

CHAT_EVENT = "chat "
"""An event that is a chat line of its seat: this prefix, then the text (no move starts so).

Stored with the table's events (so it survives a restart and reaches every server
process), but never a move: not in a game's record, not in the play version."""

AWAY_EVENT = "away"
"""The event of a seat whose player is away (disconnected too long, or out of time):
the table's stand-in bot plays it until :data:`BACK_EVENT`. Neither is a move."""

BACK_EVENT = "back"
"""The event of a seat whose player came back: they play it again."""

MAX_CHAT = 200
"""The longest chat line, in characters."""

CHAT_LINES = 30
"""How many of the last chat lines each seat's message holds."""

CHAT_RATE = (5, 10.0)
"""At most this many chat lines per seat (or spectator's connection) within this many
seconds (then 429)."""

SPECTATOR_CHAT_EVENT = "spectator-chat "
"""An event that is a spectator's chat line: this prefix, the spectator's number, a
space, then the text. Stored under no seat (``NO_SEAT``); like :data:`CHAT_EVENT`,
never a move."""

NO_SEAT = -1
"""The seat stored with a spectator's event (every seat is 0 or more)."""

ADDRESS_CHAT_RATE = (10, 10.0)
"""At most this many spectators' chat lines per client address and table within this
many seconds (then 429): opening more sockets does not buy more lines."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


RENAMES_PER_SECOND = 10
"""How many renames one seat may make within any second (the next is refused with 429)."""

_BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""The format characters that reorder the text around them (marks, embeddings, isolates)."""

_UNPRINTABLE = frozenset({"Cc", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Controls, surrogates, private use, unassigned code points, line and paragraph breaks."""

_INVISIBLE = frozenset({"Cf", "Mn", "Me", "Mc", "Zs"})
"""Categories that show nothing by themselves: a name needs one character of another."""

_RESERVED = re.compile(r"you|(bot|seat|player|team|spectator) ?\d*")
"""Names the page gives seats and spectators itself ("You", "Bot 1", "seat 2" in words,
"Team 1", "Spectator 1"): a seat cannot pass for a spectator, nor the other way."""


def _name_key(name: str) -> str:
    """How a name reads: format characters dropped, compatibility forms folded, any case."""
    visible = "".join(char for char in name if unicodedata.category(char) != "Cf")
    return " ".join(unicodedata.normalize("NFKC", visible).casefold().split())


def _printable(text: object, field: str, limit: int) -> str:
    """``text``, its runs of white space made one space, if it is fit to show.

    1 to ``limit`` printable characters, one of them visible, no bidi control.

    Raises:
        WebError: 400 naming ``field`` for anything else.

    """
    if type(text) is not str:
        raise WebError(HTTPStatus.BAD_REQUEST, f"{field}: must be a string")
    text = " ".join(text.split())
    if not 1 <= len(text) <= limit:
        raise WebError(HTTPStatus.BAD_REQUEST, f"{field}: must be 1 to {limit} characters")
    categories = [unicodedata.category(char) for char in text]
    if any(category in _UNPRINTABLE for category in categories):
        raise WebError(HTTPStatus.BAD_REQUEST, f"{field}: must hold printable characters only")
    if any(char in _BIDI_CONTROLS for char in text):
        raise WebError(
            HTTPStatus.BAD_REQUEST, f"{field}: must not hold bidi controls (they reorder the page)"
        )
    if all(category in _INVISIBLE for category in categories):
        raise WebError(HTTPStatus.BAD_REQUEST, f"{field}: must hold a visible character")
    return text


def check_chat(text: object) -> str:
    """A chat line: 1 to :data:`MAX_CHAT` printable characters, as a name is checked.

    The page shows it as text, never as markup: ``<script>`` stays those letters.

    Raises:
        WebError: 400 for anything else.

    """
    return _printable(text, "/text", MAX_CHAT)


_RATE_KEYS = 64
"""Past this many keys (spectators' connections and addresses), a rate forgets the idle."""


class _Rate:
    """At most ``most`` events per key within any ``seconds`` (a sliding window)."""

    def __init__(self, most: int, seconds: float, clock: Callable[[], float]) -> None:
        self.most, self.seconds, self.clock = most, seconds, clock
        self._stamps: dict[Hashable, collections.deque[float]] = {}

    def take(self, key: Hashable, refusal: str) -> None:
        """Count one event of ``key`` now.

        Raises:
            WebError: 429 with ``refusal`` if ``key`` had its ``most`` already.

        """
        now = self.clock()
        if len(self._stamps) > _RATE_KEYS:  # spectators' keys come and go: forget the idle
            for idle in [k for k, v in self._stamps.items() if v[-1] <= now - self.seconds]:
                del self._stamps[idle]
        stamps = self._stamps.setdefault(key, collections.deque())
        while stamps and stamps[0] <= now - self.seconds:
            stamps.popleft()
        if len(stamps) >= self.most:
            raise WebError(HTTPStatus.TOO_MANY_REQUESTS, refusal)
        stamps.append(now)


def check_name(name: object, others: Sequence[str] = (), own: str | None = None) -> str:
    r"""A player's name, its runs of white space made one space: any printable text.

    1 to :data:`MAX_NAME` characters with one visible; joiners (U+200D, U+200C) are
    welcome (emoji families, Persian), the bidi controls that reorder the page are
    not. A name cannot pass for someone else: not "You", "Bot N", "seat N",
    "Player N" (but ``own``, the seat's own default name) nor any of ``others`` (the
    other seats' names), compared as they read (any case, joiners ignored).

    >>> check_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> check_name("\U0001f468\u200d\U0001f469") == "\U0001f468\u200d\U0001f469"
    True
    >>> check_name("bot 2")
    Traceback (most recent call last):
    ...
    skipbo.web.protocol.WebError: /name: 'bot 2' is the page's own name for a seat

    The page shows names as text (never as markup), so any printable text is safe.

    Raises:
        WebError: 400 for anything else.

    """
    name = _printable(name, "/name", MAX_NAME)
    key = _name_key(name)
    if _RESERVED.fullmatch(key) and (own is None or key != _name_key(own)):
        raise WebError(HTTPStatus.BAD_REQUEST, f"/name: {name!r} is the page's own name for a seat")
    if any(key == _name_key(other) for other in others):
        raise WebError(HTTPStatus.BAD_REQUEST, f"/name: {name!r} is another seat's name")
    return name


def _no_move(event: str) -> bool:
    """Whether a stored event leaves the game as it is (a name, a chat line, away, back)."""
    chat = event.startswith((NAME_EVENT, CHAT_EVENT, SPECTATOR_CHAT_EVENT))
    return chat or event in (AWAY_EVENT, BACK_EVENT)


def _default_names(seats: tuple[str, ...]) -> list[str]:
    """``Player 1``, ``Bot 1``, ...: people and bots numbered apart, in seat order."""
    names, counts = [], {True: 0, False: 0}
    for kind in seats:
        person = kind == HUMAN
        counts[person] += 1
        names.append(f"{'Player' if person else 'Bot'} {counts[person]}")
    return names


class Table:
    """One hosted match of any registered game: its referee state, seats and version."""

    def __init__(
        self,
        stored: StoredTable,
        events: list[Event],
        bot_time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.id = stored.table
        self.stored = stored
        self.adapter: AnyGame = game_named(stored.game)
        found, self.rules = rules_from_data(json.loads(stored.rules))
        if found is not self.adapter:
            raise ValueError(f"table {self.id}: its rules are not {stored.game}'s")
        target = stored.target or None  # 0: a game without a match target
        self.match: MatchPlay = self.adapter.new_match(self.rules, stored.seed, target)
        # Bots are seeded from the operating system, never from the match seed.
        # A searching bot stops within ``bot_time_limit`` seconds a move (anytime search).
        limit = {} if bot_time_limit is None else {"time_limit": bot_time_limit}
        factories: Any = self.adapter.bots
        self.bots: dict[int, Any] = {
            seat: factories[kind](secrets.randbits(SEED_BITS), **limit)
            for seat, kind in enumerate(stored.seats)
            if kind != HUMAN
        }
        self.options = TableOptions.from_data(json.loads(stored.options))
        stand_in = self.options.stand_in or self.adapter.hint_bot
        # One stand-in bot per person's seat, made when first needed.
        self._stand_in = functools.partial(factories[stand_in], **limit)
        self._stand_ins: dict[int, Any] = {}
        self.away: set[int] = set()
        """The people's seats the stand-in bot plays now (:data:`AWAY_EVENT`)."""
        self.names = _default_names(stored.seats)
        self.games: list[tuple[Any, list[Any]]] = [(self.match.game.rules, [])]
        # The last moves, each with its seat, the state it was made in (to say it) and
        # whether the stand-in bot made it.
        self.last: collections.deque[tuple[int, Any, Any, bool]] = collections.deque(
            maxlen=LAST_MOVES
        )
        self.moves = 0  # moves of the current game
        self.round_end: dict[str, Any] | None = None
        """The end of the current game's last ended round as the game shows it (Skyjo's
        grids all turned up, scored), until the next one; ``None``: none yet."""
        self.version = 0
        self.play_version = 0
        """The version after the last event that changed the game (a move or a deal).

        Names are not part of it: a move chosen at any version from this one on is
        current, so renaming never invalidates a move in progress.
        """
        self._renames = _Rate(RENAMES_PER_SECOND, 1.0, clock)
        self._chats = _Rate(*CHAT_RATE, clock)
        self._connection_chats = _Rate(*CHAT_RATE, clock)
        self._address_chats = _Rate(*ADDRESS_CHAT_RATE, clock)
        self.chat: collections.deque[tuple[int, int | None, int | None, str]] = collections.deque(
            maxlen=CHAT_LINES
        )
        """The last chat lines: their number, seat (``None``: a spectator's), spectator's
        number (``None``: a seat's) and text."""
        self.chats = 0  # chat lines so far
        self.spectators = 0
        """The highest spectator's number that chatted so far ("Spectator 3")."""
        self._replay(events)

    def _replay(self, events: list[Event]) -> None:
        for event in events:
            if event.version != self.version:
                raise ValueError(f"table {self.id}: event {event.version} is out of order")
            self._accept(self._next_match(event.seat, event.event), event)

    def catch_up(self, storage: Storage) -> bool:
        """Accept the events stored by other processes since this version; whether any.

        A table shared by several server processes is changed in memory by the
        process that stored the event; each other process catches up when told
        (a notify), when a post is ahead of it, or when it loses a version race.
        """
        events = storage.events(self.id, self.version)
        self._replay(events)
        return bool(events)

    @property
    def game_over(self) -> bool:
        """Whether the current game has ended."""
        return bool(self.adapter.is_over(self.match.game))

    # --- seats -------------------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat of a secret ``token`` (``None``: a spectator).

        Raises:
            WebError: 401 if the token is no seat's.

        """
        if token is None:
            return None
        digest = _hash(token)
        for seat, expected in enumerate(self.stored.token_hashes):
            if expected and hmac.compare_digest(digest, expected):
                return seat
        raise WebError(HTTPStatus.UNAUTHORIZED, "unknown token")

    def bot_to_move(self) -> int | None:
        """The bot's seat whose turn it is, or ``None`` (a person's turn, or game over).

        A person's seat while they are away is the stand-in bot's.
        """
        if self.game_over:
            return None
        seat = self.adapter.current_player(self.match.game)
        return seat if seat in self.bots or seat in self.away else None

    def person_to_move(self) -> int | None:
        """The person's seat whose turn it is (not away), or ``None``."""
        if self.game_over:
            return None
        seat = self.adapter.current_player(self.match.game)
        return None if seat in self.bots or seat in self.away else seat

    def stand_in(self, storage: Storage, seat: int) -> None:
        """Let the stand-in bot play ``seat`` (its player is away) until they come back.

        Raises:
            WebError: 409 for a bot's seat or a seat already stood in for.

        """
        if seat in self.bots or seat in self.away:
            raise WebError(HTTPStatus.CONFLICT, "that seat is played by a bot already")
        self._store(storage, seat, AWAY_EVENT)

    def come_back(self, storage: Storage, seat: int | None) -> None:
        """Give ``seat`` back to its player (nothing if it is theirs already).

        Raises:
            WebError: 403 for a spectator.

        """
        if seat is None:
            raise WebError(HTTPStatus.FORBIDDEN, "spectators have no seat")
        if seat in self.away:
            self._store(storage, seat, BACK_EVENT)

    # --- events ------------------------------------------------------------------------

    def play(
        self,
        storage: Storage,
        seat: int | None,
        move: Any,
        version: int,
        *,
        by_person: bool = True,
    ) -> None:
        """Make ``move`` for ``seat``, chosen on ``version``; store it, then accept it.

        ``by_person``: the seat's person posts it (refused while a bot stands in).

        Raises:
            WebError: 403 for a spectator, 409 for a stale version, a finished game or
                another seat's turn, 422 for an illegal move. Nothing changes.

        """
        if version > self.version:  # chosen on a view of another process, which is ahead
            self.catch_up(storage)
        seat = self._check(seat, version)
        if self.game_over:
            raise WebError(HTTPStatus.CONFLICT, f"game {self.match.number} is over")
        mover = self.adapter.current_player(self.match.game)
        if seat != mover:
            raise WebError(HTTPStatus.CONFLICT, f"it is {self.names[mover]}'s turn")
        if by_person and seat in self.away:
            raise WebError(HTTPStatus.CONFLICT, "a bot plays your seat: take it back first")
        self._store(storage, seat, str(move))

    def next_game(self, storage: Storage, seat: int | None, version: int) -> None:
        """Deal the next game of the match (R-SETUP-6) for ``seat``.

        Raises:
            WebError: 403 for a spectator, 409 for a stale version, a game still on or
                a finished match.

        """
        if version > self.version:
            self.catch_up(storage)
        self._store(storage, self._check(seat, version), NEXT_GAME)

    def rename(self, storage: Storage, seat: int | None, name: object) -> None:
        """Give ``seat`` the name ``name`` (checked by :func:`check_name`), at any version.

        A seat renames at most :data:`RENAMES_PER_SECOND` times within any second
        (a name is stored as an event: a flood would fill the table's record), and
        a name equal to the seat's own stores nothing.

        Raises:
            WebError: 403 for a spectator, 400 for a bad name (see :func:`check_name`),
                429 for a rename beyond the rate.

        """
        if seat is None:
            raise WebError(HTTPStatus.FORBIDDEN, "spectators have no name")
        self._renames.take(seat, f"at most {RENAMES_PER_SECOND} renames a second: wait a moment")
        others = [other for index, other in enumerate(self.names) if index != seat]
        own = _default_names(self.stored.seats)[seat]
        checked = check_name(name, others, own)
        if checked != self.names[seat]:
            self._store(storage, seat, NAME_EVENT + checked)

    def say(self, storage: Storage, seat: int | None, text: object) -> None:
        """Add a chat line of ``seat`` (checked by :func:`check_chat`), at any version.

        Each seat at most :data:`CHAT_RATE` lines. A line is stored with the table
        but is no move: no game's record holds it, and it never makes a move in
        progress stale. Spectators chat with :meth:`say_as_spectator`.

        Raises:
            WebError: 403 for a spectator, 400 for a bad line, 429 beyond the rate.

        """
        if seat is None:
            refusal = "spectators chat on their socket, if the table lets them"
            raise WebError(HTTPStatus.FORBIDDEN, refusal)
        line = check_chat(text)
        most, seconds = CHAT_RATE
        self._chats.take(seat, f"at most {most} chat lines in {seconds:g} seconds: wait a moment")
        self._store(storage, seat, CHAT_EVENT + line)

    def say_as_spectator(
        self,
        storage: Storage,
        spectator: int | None,
        text: object,
        connection: Hashable,
        address: str,
    ) -> int:
        """Add a chat line of a spectator, if the table's options let spectators chat.

        ``spectator`` is the number the spectator chatted under before (``None``:
        the next one, "Spectator 1" for the first). A connection (any key of the
        caller's) chats at most :data:`CHAT_RATE` lines, and the spectators of one
        client ``address`` at most :data:`ADDRESS_CHAT_RATE`. Like a seat's line, it
        is stored with the table and is no move. Returns the spectator's number.

        Raises:
            WebError: 403 when the table's spectators may not chat, 400 for a bad
                line (see :func:`check_chat`), 429 beyond a rate.

        """
        if not self.options.spectator_chat:
            raise WebError(HTTPStatus.FORBIDDEN, "spectators may not chat at this table")
        line = check_chat(text)
        most, seconds = CHAT_RATE
        refusal = f"at most {most} chat lines in {seconds:g} seconds: wait a moment"
        self._connection_chats.take(connection, refusal)
        most, seconds = ADDRESS_CHAT_RATE
        refusal = f"at most {most} spectators' lines in {seconds:g} seconds from one address"
        self._address_chats.take(address, refusal)
        number = self.spectators + 1 if spectator is None else spectator
        self._store(storage, NO_SEAT, f"{SPECTATOR_CHAT_EVENT}{number} {line}")
        return number

    def bot_turn(self) -> tuple[int, Callable[..., Any], int] | None:
        """The bot's turn, if it is one: its seat, its choice to run, and the version.

        The choice reads only the bot's own view (immutable), so it may run in
        another process while the server goes on; its move is then played with
        :meth:`play` at that version, which refuses it if the table moved on. Called
        with a number of seconds, the choice thinks at most that long.
        """
        seat = self.bot_to_move()
        if seat is None:
            return None
        bot = self.bots.get(seat)
        if bot is None:  # an absent person's seat: the stand-in's
            bot = self._stand_ins.get(seat)
            if bot is None:
                bot = self._stand_ins[seat] = self._stand_in(secrets.randbits(SEED_BITS))
        seen = self.adapter.view(self.match.game, seat)
        # A partial of the pool's function pickles, and a worker has its module loaded.
        return seat, functools.partial(choose_within, bot, seen), self.version

    def play_bot(self, storage: Storage) -> None:
        """Let the bot whose turn it is choose from its own view, and play its move."""
        turn = self.bot_turn()
        if turn is None:
            raise ValueError("no bot is to move")
        seat, choose, version = turn
        self.play(storage, seat, choose(), version, by_person=False)

    def hint(self, seat: int | None) -> dict[str, str]:
        """The heuristic bot's choice for ``seat``, from its own view: move and words.

        Raises:
            WebError: 403 for a spectator, 409 when it is not the seat's turn.

        """
        if seat is None:
            raise WebError(HTTPStatus.FORBIDDEN, "spectators get no hints")
        if self.game_over or self.adapter.current_player(self.match.game) != seat:
            raise WebError(HTTPStatus.CONFLICT, "a hint is for the seat to move")
        seen = self.adapter.view(self.match.game, seat)
        move = self.adapter.hint(seen)
        return {"move": str(move), "words": self.adapter.say_move(move, seen)}

    def _check(self, seat: int | None, version: int) -> int:
        if seat is None:
            raise WebError(HTTPStatus.FORBIDDEN, "spectators cannot play")
        # Chosen on the game as it is now: only names may have changed since.
        if not self.play_version <= version <= self.version:
            raise WebError(
                HTTPStatus.CONFLICT,
                f"stale version {version}: the table is at version {self.version}",
            )
        return seat

    def _next_match(self, seat: int, event: str) -> MatchPlay:
        if _no_move(event):
            return self.match
        try:
            if event == NEXT_GAME:
                return self.match.next_game()
            return self.match.apply(self.adapter.parse_move(event))
        except IllegalMoveError as error:
            raise WebError(HTTPStatus.UNPROCESSABLE_ENTITY, self._refusal(seat, error)) from None
        except SkipBoError as error:  # the next game refused (R-SCORE-1, R-SCORE-3)
            raise WebError(HTTPStatus.CONFLICT, str(error)) from None

    def _refusal(self, seat: int, error: IllegalMoveError) -> str:
        """An illegal move's refusal as the seat reads its board.

        The move in the board's words (piles and places as the board labels them), then
        the engine's reason, which numbers no place, and the rule it names.
        """
        seen = self.adapter.view(self.match.game, seat)
        words = self.adapter.say_move(error.move, seen)
        return f"you cannot {words}: {error.reason} ({error.rule})"

    def _store(self, storage: Storage, seat: int, event: str) -> None:
        match = self._next_match(seat, event)  # refuses before anything is stored
        stored = Event(self.version, seat, event)
        try:
            # A match with winners is over; a series (Skyjo) never is, so its table
            # counts as finished once its current game is over.
            finished = bool(match.winners) or bool(self.adapter.is_over(match.game))
            storage.append(self.id, stored, finished=finished)
        except VersionConflict:
            # Another process stored this version first: this copy is stale (W5).
            self.catch_up(storage)
            raise
        self._accept(match, stored)

    def _accept(self, match: MatchPlay, event: Event) -> None:
        if event.event.startswith(NAME_EVENT):
            self.names[event.seat] = event.event[len(NAME_EVENT) :]
        elif event.event.startswith(CHAT_EVENT):
            self.chats += 1
            self.chat.append((self.chats, event.seat, None, event.event[len(CHAT_EVENT) :]))
        elif event.event.startswith(SPECTATOR_CHAT_EVENT):
            number, _, text = event.event[len(SPECTATOR_CHAT_EVENT) :].partition(" ")
            self.chats += 1
            self.spectators = max(self.spectators, int(number))
            self.chat.append((self.chats, None, int(number), text))
        elif event.event == AWAY_EVENT:
            self.away.add(event.seat)
        elif event.event == BACK_EVENT:
            self.away.discard(event.seat)
        elif event.event == NEXT_GAME:
            self.games.append((match.game.rules, []))
            self.last.clear()
            self.moves = 0
            self.round_end = None
        else:
            move = self.adapter.parse_move(event.event)
            ended = self.adapter.round_end(self.match.game, move)
            if ended is not None:
                self.round_end = ended
            self.games[-1][1].append(move)
            self.moves += 1
            self.last.append((event.seat, move, self.match.game, event.seat in self.away))
        self.match = match
        self.version += 1
        if not _no_move(event.event):
            self.play_version = self.version

    # --- what clients see --------------------------------------------------------------

    def finished_games(self) -> int:
        """How many games of the match are over (their records may be released)."""
        return self.match.number - (0 if self.game_over else 1)

    def record(self, number: int) -> Any:
        """The record of game ``number`` of the match, once that game is over.

        A record holds its game's seed, from which every hidden card of that game
        follows (R-INFO-3), so it is released only after the game. Each game has
        its own seed derived from the match seed, which stays secret.

        Raises:
            WebError: 404 for no such game, 409 while the game goes on.

        """
        if not 1 <= number <= self.match.number:
            raise WebError(HTTPStatus.NOT_FOUND, f"no game {number} at this table")
        if number > self.finished_games():
            raise WebError(HTTPStatus.CONFLICT, f"game {number} is not over yet")
        rules, moves = self.games[number - 1]
        seed = derive_seed(self.stored.seed, number)  # how the match dealt game `number`
        return self.adapter.record(rules, seed, moves, self.names)

    def message(self, seat: int | None) -> dict[str, Any]:
        """The ``"table"`` message for ``seat`` (``None``: a spectator): its view and the match.

        It holds the seat's view and public facts only; never the seed or a hidden card.
        Each last move is said in words as the seat saw it when it was made.
        """
        play, match = self.adapter, self.match
        seen = play.view(match.game, seat)
        to_move = seat is not None and self.person_to_move() == seat
        first = self.moves - len(self.last)
        return {
            "type": "table",
            "table": self.id,
            "game_type": play.game_type.short_name,
            "version": self.version,
            "play_version": self.play_version,
            "seat": seat,
            "seats": list(self.stored.seats),
            "names": list(self.names),
            "seating": play.seating(self.rules),
            "view": play.to_data(seen),
            "legal": [str(move) for move in play.legal_moves(seen)] if to_move else [],
            "last": [
                {
                    "number": first + index + 1,
                    "seat": who,
                    "move": str(move),
                    "words": play.say_move(move, play.view(before, seat)),
                    "stand_in": stood_in,
                }
                for index, (who, move, before, stood_in) in enumerate(self.last)
            ],
            "game": match.number,
            "target": match.target,
            "scores": list(match.scores),
            "results": [
                {
                    "game": result.number,
                    "winners": list(result.outcome.winners),
                    "outcome": play.to_data(result.outcome),
                    "points": result.points,
                }
                for result in match.results
            ],
            "match_winners": list(match.winners),
            "away": sorted(self.away),
            # Every card of it is face up (public): the same for every seat.
            "round_end": self.round_end,
            "options": self.options.to_data(),
            # The players' chat, for the seated only unless spectators may chat too.
            "chat": []
            if seat is None and not self.options.spectator_chat
            else [
                {"number": number, "seat": who, "spectator": spectator, "text": text}
                for number, who, spectator, text in self.chat
            ],
        }


class Tables:
    """Every table of a server, loaded from (and stored in) one storage.

    ``storage`` is any :class:`~skipbo.web.storage.base.Storage`.
    """

    def __init__(
        self,
        storage: Storage,
        bot_time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.storage = storage
        self.bot_time_limit = bot_time_limit
        """Seconds each bot of a table may think a move (``None``: as long as it likes)."""
        self.clock = clock
        """The seconds of the rate limits (tests pass a clock of their own)."""
        self._tables: dict[str, Table] = {}

    def create(
        self,
        rules: Any,
        seats: list[str],
        target: int | None,
        options: TableOptions | None = None,
    ) -> tuple[Table, list[str | None]]:
        """A new table of the game of ``rules``, stored; with each person's secret token.

        ``target`` is the match target (``None``: the game's default, or none);
        ``options`` say who stands in for an absent person, and when (none: never).
        A bot's seat has the token ``None``.
        """
        play = game_of(rules)
        match = play.new_match(rules, 0, target)  # refuses a target the game has not
        tokens = [secrets.token_urlsafe(18) if kind == HUMAN else None for kind in seats]
        stored = StoredTable(
            table=secrets.token_urlsafe(9),
            rules=json.dumps(play.rules_to_data(rules), separators=(",", ":")),
            seed=secrets.randbits(SEED_BITS),  # the referee's secret (R-INFO-3)
            target=match.target or 0,
            seats=tuple(seats),
            token_hashes=tuple("" if token is None else _hash(token) for token in tokens),
            game=play.game_type.short_name,
            options=json.dumps((options or TableOptions()).to_data(), separators=(",", ":")),
        )
        self.storage.create(stored)
        table = self._tables[stored.table] = Table(stored, [], self.bot_time_limit, self.clock)
        return table, tokens

    def get(self, table: str) -> Table:
        """The table called ``table``, loaded from storage on first use.

        Raises:
            WebError: 404 if there is no such table.

        """
        found = self._tables.get(table)
        if found is None:
            loaded = self.storage.load(table)
            if loaded is None:
                raise WebError(HTTPStatus.NOT_FOUND, "no such table")
            found = self._tables[table] = Table(*loaded, self.bot_time_limit, self.clock)
        return found

    def load_all(self) -> list[Table]:
        """Load the live tables (neither finished nor expired: a restarted server resumes them)."""
        return [self.get(table) for table in self.storage.live_tables()]

    def loaded(self) -> list[Table]:
        """The tables in memory."""
        return list(self._tables.values())

    def changed_elsewhere(self, table: str | None, version: int) -> list[Table]:
        """Catch up with another process's commit (``table`` at ``version``); what changed.

        ``None`` (a lost notify channel) catches up every table in memory; a table
        not in memory is loaded afresh when it is next asked for.
        """
        if table is None:
            return [found for found in self.loaded() if found.catch_up(self.storage)]
        found = self._tables.get(table)
        if found is None or found.version >= version or not found.catch_up(self.storage):
            return []
        return [found]

    def forget(self, table: str) -> None:
        """Drop ``table`` from memory (it expired)."""
        self._tables.pop(table, None)
