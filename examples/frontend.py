"""A chat frontend for every game of skipbo: one program, written once, plays both games.

Each seat is a chat client or empty. A client is sent its seat's view as a JSON
document and answers a move, as people type it (``pass``, ``H5>B0``, `` Draw``) or as
a JSON move document; a wrong answer is told why and asked again. An empty seat is
played by the game's ``heuristic`` bot. The finished game's record is saved (its text
form), read back and replayed to the same final state; its JSON document is read back
by :func:`skipbo.games.load`, which finds its game.

The program uses only :mod:`skipbo`, :mod:`skipbo.skyjo` and :mod:`skipbo.games`, and
type-checks under ``mypy --strict --disallow-any-expr``: it is generic in the game's
types (a :class:`skipbo.games.Game` of them), so every value keeps its game's type.

Run it: ``python examples/frontend.py`` plays a game of each with a scripted client
in seat 0 and a bot in seat 1.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import skipbo
import skipbo.errors
import skipbo.games
from skipbo import skyjo
from skipbo.games import Bot, Game, HasWinners

R = TypeVar("R")  # the rules
S = TypeVar("S")  # the state
V = TypeVar("V")  # the view
M = TypeVar("M")  # the move
O = TypeVar("O", bound=HasWinners)  # the outcome  # noqa: E741
Rec = TypeVar("Rec")  # the record

Client = Callable[[str], str]
"""A seat's chat client: given a message (a view as JSON, or why an answer was
refused), the answer (a move as text or as a JSON document)."""

MAX_TRIES = 3
"""How many answers a client may give for one move before its seat is played for it."""


def read_move(game: Game[R, S, V, M, O, Rec], answer: str) -> M:
    """A move from a client's answer: a JSON move document, or the move as typed."""
    if answer.lstrip().startswith("{"):
        return game.loads(answer, "move")
    return game.parse_move(answer)


def ask(
    game: Game[R, S, V, M, O, Rec], state: S, client: Client, stand_in: Bot[V, M]
) -> tuple[M, S]:
    """The move of the seat to move, asked of its client, and the state after it."""
    view = game.view(state, game.current_player(state))
    message = game.dumps(view)
    for _ in range(MAX_TRIES):
        answer = client(message)
        try:
            move = read_move(game, answer)
            return move, game.apply(state, move)
        except (skipbo.errors.MoveSyntaxError, skipbo.errors.DataError) as error:
            message = f"not a move: {error}"
        except skipbo.errors.IllegalMoveError as error:
            message = f"not allowed: {error.reason} ({error.rule})"
    move = stand_in.choose(view)
    return move, game.apply(state, move)


def play(
    game: Game[R, S, V, M, O, Rec],
    rules: R,
    seats: Sequence[Client | None],
    seed: int,
    folder: Path,
) -> O:
    """Play one game of ``rules``, seat ``s`` by ``seats[s]`` (``None``: a bot); its outcome.

    The record is saved in ``folder`` and replayed; the replay must end where the game did.
    """
    bots = [game.make_bot("heuristic", seed=seat) for seat in range(len(seats))]
    state = game.new_game(rules, seed=seed)
    moves: list[M] = []
    while not game.is_over(state):
        seat = game.current_player(state)
        client = seats[seat]
        if client is None:
            move = bots[seat].choose(game.view(state, seat))
            state = game.apply(state, move)
        else:
            move, state = ask(game, state, client, bots[seat])
        moves.append(move)
    record = game.record(rules, seed, moves)
    saved = folder / f"{game.name}.record"
    saved.write_text(game.format_record(record), encoding="utf-8")
    replayed = game.final_state(game.parse_record(saved.read_text(encoding="utf-8")))
    if replayed != state:
        raise AssertionError("the saved record does not replay to the game's end")
    loaded = skipbo.games.load(game.dumps(record))
    if loaded.game is not game or loaded.value != record:
        raise AssertionError("the record's document is not read back as this game's record")
    outcome = game.outcome(state)
    if outcome is None:
        raise AssertionError("a game that is over has an outcome")
    return outcome


def standings(game: Game[R, S, V, M, O, Rec], rules: R, games: int) -> str:
    """A short tournament of the game's ``heuristic`` and ``random`` bots, in a line."""
    result = game.tournament(rules, ["heuristic", "random"], games=games, seed=1)
    return ", ".join(f"{entry.bot} won {entry.wins}" for entry in result.entries)


def scripted_client(game: Game[R, S, V, M, O, Rec], *, shout: bool) -> Client:
    """A client that answers the first legal move of its view, as a person might type it.

    With ``shout`` the move is typed in capitals with spaces around it; every third
    answer is a JSON move document instead; the first answer of all is nonsense.
    """
    answers = 0
    seen = ""

    def answer(message: str) -> str:
        nonlocal answers, seen
        answers += 1
        if answers == 1:
            seen = message
            return "shuffle the deck, please"
        if message.startswith("{"):
            seen = message  # a view; anything else says why the last answer was refused
        view = game.loads(seen, "view")
        move = game.legal_moves(view)[0]
        if answers % 3 == 0:
            return game.dumps(move)
        return f"  {str(move).upper()} " if shout else str(move)

    return answer


def main(folder: Path) -> list[str]:
    """Play a game of each, a scripted client in seat 0 and a bot in seat 1: each outcome."""
    skip_bo = play(
        skipbo.games.SKIPBO,
        skipbo.Rules(players=2, stock_size=5),
        [scripted_client(skipbo.games.SKIPBO, shout=True), None],
        seed=7,
        folder=folder,
    )
    sky_jo = play(
        skipbo.games.SKYJO,
        skyjo.Rules(players=2, end_score=40),
        [scripted_client(skipbo.games.SKYJO, shout=True), None],
        seed=7,
        folder=folder,
    )
    return [
        f"Skip-Bo: {skip_bo}",
        f"Skyjo: {sky_jo}",
        f"Skip-Bo bots: {standings(skipbo.games.SKIPBO, skipbo.Rules(stock_size=5), games=4)}",
        f"Skyjo bots: {standings(skipbo.games.SKYJO, skyjo.Rules(end_score=40), games=4)}",
    ]


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as temporary:
        sys.stdout.write("\n".join(main(Path(temporary))) + "\n")
