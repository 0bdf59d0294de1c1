"""Skyjo's metadata (:data:`GAME_TYPE`, :func:`game_info`) and :data:`SKYJO`, its Game.

:data:`SKYJO` is Skyjo as a :class:`skipbo.common.game.Game`, registered for
:class:`skipbo.skyjo.Rules` when :mod:`skipbo.games.skyjo` is imported: the arena and
:func:`skipbo.check_conformance` play Skyjo through it.

>>> from skipbo import skyjo
>>> from skipbo.games.skyjo.adapter import GAME_TYPE, game_info
>>> GAME_TYPE.short_name, GAME_TYPE.min_players, GAME_TYPE.max_players
('skyjo', 2, 8)
>>> game_info(skyjo.Rules(players=4)).action_count
92
"""

from __future__ import annotations

import functools
from typing import Any

from skipbo.common.adapter import GameAdapter
from skipbo.common.bots import BotsOf
from skipbo.common.game import Game, register_game
from skipbo.common.gameinfo import Chance, GameInfo, GameType, Information
from skipbo.games.skyjo.conformance import check_conformance
from skipbo.games.skyjo.engine import apply, is_over, legal_moves, new_game, round_end
from skipbo.games.skyjo.moves import DiscardFlip, Move, Reveal, Swap, all_moves, parse_move
from skipbo.games.skyjo.records import GameRecord
from skipbo.games.skyjo.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, max_moves
from skipbo.games.skyjo.serialization import claims, from_data, to_data
from skipbo.games.skyjo.state import GameState, Phase
from skipbo.games.skyjo.text import describe_move
from skipbo.games.skyjo.views import PublicView, view

__all__ = ["GAME_TYPE", "SKYJO", "SkyjoGame", "game_info"]

GAME_TYPE = GameType(
    short_name="skyjo",
    long_name="Skyjo",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    # Every deal and reshuffle (S-SETUP-2, S-DRAW-1) draws from the state's hidden seed.
    chance=Chance.SAMPLED,
    # Face-down grid cards and the draw pile are hidden from everyone (S-INFO-2).
    information=Information.IMPERFECT,
)
"""Facts of every Skyjo variant: 2 to 8 players (S-SETUP-1), sampled chance,
imperfect information, one player moves at a time (the reveals of S-SETUP-4 are
chosen in seat order)."""


def game_info(rules: Rules) -> GameInfo:
    """The numbers of the variant ``rules``: players, distinct actions, game length bound.

    ``max_game_length`` is the proved bound on a game's moves,
    :func:`skipbo.skyjo.max_moves` (S-END-3); ``None`` when the rules lift
    the stall or the round limit.
    """
    return GameInfo(
        players=rules.players, action_count=len(all_moves()), max_game_length=max_moves(rules)
    )


def _read_rules(data: object) -> Rules:
    """The rules of an untrusted rules document."""
    return from_data(data, "rules")


def _a(card: int | None) -> str:
    """``card`` with its article: "a 9", "an 8", "an 11" (a face-down place holds one)."""
    return f"an {card}" if card in (8, 11) else f"a {card}"


def _say_revealed(state: GameState, move: Move) -> str:
    """The face-down cards ``move`` shows, which the view before it did not name.

    A swap at a face-down place puts that card face up on the discard pile; a turn-up
    (and a discard's turning up) shows the card in the grid: public once the move is
    made (S-INFO-2), so the move's words may name them.
    """
    seat = state.current_player
    match move:
        case Reveal(first, second):
            return f": {_a(state.grids[seat][first])} and {_a(state.grids[seat][second])}"
        case Swap(place) if not state.face_up[seat][place]:
            return f"; it was {_a(state.grids[seat][place])}"
        case DiscardFlip(place) if not state.face_up[seat][place]:
            return f": {_a(state.grids[seat][place])}"
    return ""


def _round_end(state: GameState, move: Move) -> dict[str, Any] | None:
    """The end of the round ``move`` ends (not the game's) as a table shows it.

    The round, every grid turned up (S-END-2: public) and the round's score.
    """
    ended = round_end(state, move)
    if ended is None or ended.outcome is not None:
        return None
    score = ended.history[-1]
    return {
        "round": ended.round,
        "grids": [list(grid) for grid in ended.grids],
        "score": {"sums": list(score.sums), "ender": score.ender, "scores": list(score.scores)},
    }


def _turn(state: GameState) -> tuple[int, int, int, bool]:
    """The round, its completed turns, the seat to move, and whether it reveals.

    A reveal of S-SETUP-4 counts as a turn of its own: one a seat, before the
    round's first turn (which its starter may begin right after its reveal).
    """
    return state.round, state.turns, state.current_player, state.phase is Phase.REVEAL


def _termination(state: GameState) -> str:
    """``"end-score"``: a Skyjo game ends only when a total reaches the end score."""
    return "end-score" if state.outcome is not None else ""


class SkyjoGame(GameAdapter[Rules, GameState, PublicView, Move, GameRecord]):
    """Skyjo's functions under the names of :class:`~skipbo.common.game.Game`.

    Every seat sees the public view (S-INFO-2); a turn is the round, its completed turns,
    the seat to move and whether it reveals (a reveal of S-SETUP-4 counts as a turn of
    its own); the termination is always ``"end-score"`` (S-END); the winners are the
    seats with the lowest total (S-SCORE-3).
    """

    def __init__(self) -> None:
        super().__init__(
            game_type=GAME_TYPE,
            bots=BotsOf("skipbo.games.skyjo.bots"),
            info=game_info,
            new_game=new_game,
            view=view,
            legal_moves=legal_moves,
            apply=apply,
            is_over=is_over,
            turn=_turn,
            termination=_termination,
            record_type=GameRecord,
            rules_to_data=to_data,
            check_conformance=check_conformance,
            to_data=to_data,
            rules_document="skyjo-rules",
            claims_document=claims,
            read_rules=_read_rules,
            parse_move=parse_move,
            describe_move=describe_move,
            say_move=functools.partial(describe_move, board=True),
            round_end=_round_end,
            say_revealed=_say_revealed,
        )


SKYJO: Game[Rules, GameState, PublicView, Move, GameRecord] = SkyjoGame()
"""Skyjo for game-agnostic machinery."""

register_game(Rules, SKYJO)
