"""Tables: the referee of each hosted match, and the registry of tables.

A :class:`Table` holds a :class:`~skipbo.Match` (the full, hidden state), the
seats (people with secret tokens, or bots) and the version: the number of events
accepted so far. A client posts each move with the version it was chosen on; any
other version is stale and refused (a retried post, or a move chosen on an old
view), so no move is ever played twice. An accepted event is stored before the
table changes in memory and before it is acknowledged.

Nothing here knows about HTTP: the web app (:mod:`skipbo.web.app`) calls these
methods from its one event loop, so each call runs alone.
"""

from __future__ import annotations

import collections
import hashlib
import hmac
import secrets
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from skipbo import (
    GameRecord,
    IllegalMoveError,
    Match,
    MatchError,
    Move,
    Rules,
    legal_moves,
    new_match,
    parse_move,
    view,
)
from skipbo.bots import Bot, make_bot
from skipbo.common.randomness import SEED_BITS, derive_seed
from skipbo.io.serialization import dumps, loads, to_data
from skipbo.web.protocol import HUMAN, WebError
from skipbo.web.storage import NEXT_GAME, Event, Storage, StoredTable, VersionConflict

__all__ = ["LAST_MOVES", "Table", "Tables"]

LAST_MOVES = 12
"""How many of the current game's last moves each message lists."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """One hosted match: its referee state, seats and version."""

    def __init__(self, stored: StoredTable, events: list[Event]) -> None:
        self.id = stored.table
        self.stored = stored
        self.rules = loads(stored.rules, "rules")
        self.match: Match = new_match(self.rules, seed=stored.seed, target=stored.target)
        # Bots are seeded from the operating system, never from the match seed.
        self.bots: dict[int, Bot] = {
            seat: make_bot(kind, secrets.randbits(SEED_BITS))
            for seat, kind in enumerate(stored.seats)
            if kind != HUMAN
        }
        self.games: list[tuple[Rules, list[Move]]] = [(self.match.game.rules, [])]
        self.last: collections.deque[tuple[int, str]] = collections.deque(maxlen=LAST_MOVES)
        self.version = 0
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
        """The bot's seat whose turn it is, or ``None`` (a person's turn, or game over)."""
        game = self.match.game
        if game.is_over or game.current_player not in self.bots:
            return None
        return game.current_player

    # --- events ------------------------------------------------------------------------

    def play(self, storage: Storage, seat: int | None, move: Move, version: int) -> None:
        """Make ``move`` for ``seat``, chosen on ``version``; store it, then accept it.

        Raises:
            WebError: 403 for a spectator, 409 for a stale version, a finished game or
                another seat's turn, 422 for an illegal move. Nothing changes.

        """
        if version > self.version:  # chosen on a view of another process, which is ahead
            self.catch_up(storage)
        seat = self._check(seat, version)
        game = self.match.game
        if game.is_over:
            raise WebError(HTTPStatus.CONFLICT, f"game {self.match.number} is over")
        if seat != game.current_player:
            raise WebError(HTTPStatus.CONFLICT, f"it is seat {game.current_player}'s turn")
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

    def bot_turn(self) -> tuple[int, Callable[[], Move], int] | None:
        """The bot's turn, if it is one: its seat, its choice to run, and the version.

        The choice reads only the bot's own view (immutable), so it may run in
        another thread while the server goes on; its move is then played with
        :meth:`play` at that version, which refuses it if the table moved on.
        """
        seat = self.bot_to_move()
        if seat is None:
            return None
        bot, seen = self.bots[seat], view(self.match.game, seat)
        return seat, lambda: bot.choose(seen), self.version

    def play_bot(self, storage: Storage) -> None:
        """Let the bot whose turn it is choose from its own view, and play its move."""
        turn = self.bot_turn()
        if turn is None:
            raise ValueError("no bot is to move")
        seat, choose, version = turn
        self.play(storage, seat, choose(), version)

    def _check(self, seat: int | None, version: int) -> int:
        if seat is None:
            raise WebError(HTTPStatus.FORBIDDEN, "spectators cannot play")
        if version != self.version:
            raise WebError(
                HTTPStatus.CONFLICT,
                f"stale version {version}: the table is at version {self.version}",
            )
        return seat

    def _next_match(self, seat: int, event: str) -> Match:
        try:
            if event == NEXT_GAME:
                return self.match.next_game()
            return self.match.apply(parse_move(event))
        except IllegalMoveError as error:
            raise WebError(HTTPStatus.UNPROCESSABLE_ENTITY, str(error)) from None
        except MatchError as error:
            raise WebError(HTTPStatus.CONFLICT, str(error)) from None

    def _store(self, storage: Storage, seat: int, event: str) -> None:
        match = self._next_match(seat, event)  # refuses before anything is stored
        stored = Event(self.version, seat, event)
        try:
            storage.append(self.id, stored, finished=match.is_over)
        except VersionConflict:
            # Another process stored this version first: this copy is stale (W5).
            self.catch_up(storage)
            raise
        self._accept(match, stored)

    def _accept(self, match: Match, event: Event) -> None:
        if event.event == NEXT_GAME:
            self.games.append((match.game.rules, []))
            self.last.clear()
        else:
            self.games[-1][1].append(parse_move(event.event))
            self.last.append((event.seat, event.event))
        self.match = match
        self.version += 1

    # --- what clients see --------------------------------------------------------------

    def finished_games(self) -> int:
        """How many games of the match are over (their records may be released)."""
        return self.match.number - (0 if self.match.game.is_over else 1)

    def record(self, number: int) -> GameRecord:
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
        return GameRecord(rules=rules, seed=seed, moves=moves, names=self.stored.seats)

    def message(self, seat: int | None) -> dict[str, Any]:
        """The ``"table"`` message for ``seat`` (``None``: a spectator): its view and the match.

        It holds the seat's view and public facts only; never the seed or a hidden card.
        """
        match = self.match
        seen = view(match.game, seat)
        return {
            "type": "table",
            "table": self.id,
            "version": self.version,
            "seat": seat,
            "seats": list(self.stored.seats),
            # Which stock pile and discard set each seat plays (public, from the rules).
            "seat_stock": list(self.rules.seating.own_stock),
            "seat_discards": list(self.rules.seating.own_discards),
            "seat_team": list(self.rules.seating.team_of),
            "view": to_data(seen),
            "legal": [str(move) for move in legal_moves(seen)] if seen.to_move else [],
            "last": [{"seat": who, "move": move} for who, move in self.last],
            "game": match.number,
            "target": match.target,
            "scores": list(match.scores),
            "results": [
                {"game": result.number, "outcome": to_data(result.outcome), "points": result.points}
                for result in match.results
            ],
            "match_winners": list(match.winners),
        }


class Tables:
    """Every table of a server, loaded from (and stored in) one storage.

    ``storage`` is any :class:`~skipbo.web.storage.base.Storage`.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._tables: dict[str, Table] = {}

    def create(self, rules: Rules, seats: list[str], target: int) -> tuple[Table, list[str | None]]:
        """A new table, stored; with each person's secret token (``None`` for a bot's seat)."""
        tokens = [secrets.token_urlsafe(18) if kind == HUMAN else None for kind in seats]
        stored = StoredTable(
            table=secrets.token_urlsafe(9),
            rules=dumps(rules),
            seed=secrets.randbits(SEED_BITS),  # the referee's secret (R-INFO-3)
            target=target,
            seats=tuple(seats),
            token_hashes=tuple("" if token is None else _hash(token) for token in tokens),
        )
        self.storage.create(stored)
        table = self._tables[stored.table] = Table(stored, [])
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
            found = self._tables[table] = Table(*loaded)
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
