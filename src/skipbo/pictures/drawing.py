"""One entry point for every game's pictures: :func:`draw`, and the painters behind it.

Each game supplies a :class:`Painter`: how it draws a state or view, how it says a
move in words (the terminal's words), what a seat sees and how its records replay.
The machinery above (pictures of records, the HTML replay, the notebook display) is
written once over painters; a painter is found from the rules of the value drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from skipbo import skyjo
from skipbo.errors import ArgumentTypeError
from skipbo.games.skipbo import records as skipbo_records
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.text.words import describe_move
from skipbo.games.skipbo.views import PlayerView, view
from skipbo.games.skyjo import records as skyjo_records
from skipbo.games.skyjo import text as skyjo_display
from skipbo.pictures import skipbo as skipbo_table
from skipbo.pictures import skyjo as skyjo_table
from skipbo.pictures.layout import Options
from skipbo.pictures.svg import Picture

__all__ = ["Painter", "Step", "draw", "painter_of", "painters", "steps"]


@attrs.frozen
class Painter:
    """What the pictures need of one game."""

    draw: Callable[[Any, Options], str]
    """The SVG of a state (everything) or a view (what its seat sees)."""
    say: Callable[[Any, Any, int | None], str]
    """A move in words: ``say(move, state_before, seat)``, seat ``None`` for anyone."""
    view: Callable[[Any, int | None], Any]
    """What seat ``seat`` sees of a state (``None``: a spectator)."""
    state_types: tuple[type[Any], ...]
    """The game's state and view classes."""
    record_type: type[Any]
    """The game's record class."""
    replay: Callable[[Any], Iterator[Any]]
    """The states of a record: the deal, then one after each move."""


def _skipbo_words(move: Any, before: Any, seat: int | None) -> str:
    # The mover hears "play 5 from your hand", everyone else "seat 1 plays 5 ...".
    return describe_move(move, view(before, seat))


def _skyjo_words(move: Any, before: Any, seat: int | None) -> str:
    words = skyjo_display.describe_move(move, skyjo.view(before))
    return f"seat {before.current_player}: {words}"


_PAINTERS: dict[type, Painter] = {
    Rules: Painter(
        draw=skipbo_table.draw,
        say=_skipbo_words,
        view=view,
        state_types=(GameState, PlayerView),
        record_type=skipbo_records.GameRecord,
        replay=skipbo_records.replay,
    ),
    skyjo.Rules: Painter(
        draw=skyjo_table.draw,
        say=_skyjo_words,
        view=skyjo.view,
        state_types=(skyjo.GameState, skyjo.PublicView),
        record_type=skyjo_records.GameRecord,
        replay=skyjo_records.replay,
    ),
}


def painters() -> tuple[Painter, ...]:
    """Every game's painter."""
    return tuple(_PAINTERS.values())


def painter_of(value: object) -> Painter:
    """The painter of the game ``value`` (a state, view or record) belongs to.

    Raises:
        ArgumentTypeError: if ``value`` is none of either game's states, views or records.

    """
    painter = _PAINTERS.get(type(getattr(value, "rules", None)))
    if painter is None or not isinstance(value, (*painter.state_types, painter.record_type)):
        raise ArgumentTypeError(
            f"cannot draw a {type(value).__name__}: draw takes a Skip-Bo or Skyjo "
            "state, view or record"
        )
    return painter


@attrs.frozen
class Step:
    """One position of a replayed record: the move that led to it, said in words."""

    state: Any
    """The state after the move (the deal for the first step)."""
    move: Any
    """The move played, ``None`` for the deal."""
    mover: int | None
    """The seat that played it."""
    words: str
    """The move said in words (``"the deal"`` for the first step)."""


def steps(record: Any, seat: int | None = None) -> Iterator[Step]:
    """The positions of ``record`` in order, each with its move in words.

    ``seat`` says whose words: the mover's own ("play 5 from your hand ...") when it is
    the seat's move, else a report ("seat 1 plays ..."); ``None``: as a spectator hears it.
    """
    painter = painter_of(record)
    states = painter.replay(record)
    before = next(states)
    yield Step(before, None, None, "the deal")
    for move, after in zip(record.moves, states, strict=True):
        yield Step(after, move, before.current_player, painter.say(move, before, seat))
        before = after


def draw(
    value: Any,
    *,
    seat: int | None = None,
    size: float = 560,
    bottom: int | None = None,
    last_move: object | None = None,
    mover: int | None = None,
    caption: str | None = None,
    names: tuple[str, ...] = (),
) -> Picture:
    """The picture of a state, a view or a record (its last position), of either game.

    Args:
        value: a Skip-Bo or Skyjo state (drawn whole, every hand and, in Skyjo,
            every face-down card shown: for referees), a view (drawn as its seat
            sees it), or a record.
        seat: draw only what this seat sees of a state or record (its view).
        size: the width shown, in pixels; the height follows. 360 suits a phone.
        bottom: the seat drawn at the bottom (default: the viewer's seat, else 0).
        last_move: a move to highlight: the piles or places it touched are outlined.
        mover: the seat that made ``last_move`` (default: the seat to move).
        caption: a line of words under the picture.
        names: the players' names by seat (a record's names by default).

    Raises:
        ArgumentTypeError: if ``value`` is nothing either game draws.
        ValueError: if ``seat`` or ``bottom`` is no seat of the game, or ``size`` is
            out of range.

    """
    painter = painter_of(value)
    shown: Any = value
    if isinstance(shown, painter.record_type):
        names = names or shown.names
        *_, last = steps(shown)  # the record's last position (a record has its deal)
        shown = last.state
        if last_move is None:
            last_move, mover = last.move, last.mover if mover is None else mover
    if seat is not None:
        if not isinstance(shown, painter.state_types[0]):
            raise ArgumentTypeError("seat= applies to a state or a record; a view has its seat")
        players = shown.rules.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat {seat!r} is not in this game (seats 0 to {players - 1})")
        shown = painter.view(shown, seat)
        bottom = seat if bottom is None else bottom
    options = Options(
        size=size, bottom=bottom, last_move=last_move, mover=mover, caption=caption, names=names
    )
    return Picture(painter.draw(shown, options))
