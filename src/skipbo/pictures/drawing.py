"""One entry point for every game's pictures: :func:`draw`, and the painters behind it.

Each game supplies a :class:`Painter`: how it draws a state or view, how it says a
move in words (the terminal's words), and how its records replay. It registers it
with :func:`register_painter` for its rules type, in this layer's module named after
the game (:mod:`skipbo.pictures.skipbo`, :mod:`skipbo.pictures.skyjo`), which
:mod:`skipbo.pictures` imports; a game from elsewhere registers its painter when its
own module is imported. The machinery above (pictures of records, the HTML replay,
the notebook display) is written once over painters; a painter is found from the
rules of the value drawn, and what a seat sees from the game's
:meth:`~skipbo.common.game.Game.view`. This module imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from skipbo.common.game import game_of
from skipbo.common.naming import type_name
from skipbo.common.registry import LayerRegistry
from skipbo.errors import ArgumentTypeError
from skipbo.pictures.layout import Options
from skipbo.pictures.svg import Picture

__all__ = ["Painter", "Step", "draw", "painter_of", "painters", "register_painter", "steps"]


@attrs.frozen
class Painter:
    """What the pictures need of one game (its view comes from the game's registration)."""

    draw: Callable[[Any, Options], str]
    """The SVG of a state (everything) or a view (what its seat sees)."""
    say: Callable[[Any, Any, int | None], str]
    """A move in words: ``say(move, state_before, seat)``, seat ``None`` for anyone."""
    state_types: tuple[type[Any], ...]
    """The game's state class, then its view classes."""
    record_type: type[Any]
    """The game's record class."""
    replay: Callable[[Any], Iterator[Any]]
    """The states of a record: the deal, then one after each move."""


_PAINTERS: LayerRegistry[Painter] = LayerRegistry("painter")


def register_painter(rules_type: type, painter: Painter) -> None:
    """Draw the states, views and records of the game of ``rules_type`` with ``painter``.

    Raises:
        skipbo.errors.ArgumentTypeError: if ``rules_type`` is not a class or ``painter``
            not a :class:`Painter`.
        ValueError: if another painter is registered for ``rules_type``.

    """
    if not isinstance(painter, Painter):
        raise ArgumentTypeError(f"painter must be a Painter, not {type(painter).__name__}")
    _PAINTERS.register(rules_type, painter)


def painters() -> tuple[Painter, ...]:
    """Every game's painter."""
    return tuple(_PAINTERS.entries().values())


def painter_of(value: object) -> Painter:
    """The painter of the game ``value`` (a state, view or record) belongs to.

    Raises:
        ArgumentTypeError: if ``value`` is no state, view or record of a game with a painter.

    """
    painter = _PAINTERS.entries().get(type(getattr(value, "rules", None)))
    if painter is None or not isinstance(value, (*painter.state_types, painter.record_type)):
        raise ArgumentTypeError(
            f"cannot draw a {type_name(value)}: draw takes a state, view or record of "
            f"a game with a painter ({', '.join(_PAINTERS.games())})"
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
    board: bool = False,
) -> Picture:
    """The picture of a state, a view or a record (its last position), of any game.

    Args:
        value: a state of a game with a painter (drawn whole: in Skip-Bo every
            hand, in Skyjo every face-down card shown, for referees), a view (drawn
            as its seat sees it), or a record.
        seat: draw only what this seat sees of a state or record (its view).
        size: the width shown, in pixels; the height follows. 360 suits a phone.
        bottom: the seat drawn at the bottom (default: the viewer's seat, else 0).
        last_move: a move to highlight: the piles or places it touched are outlined.
        mover: the seat that made ``last_move`` (default: the seat to move).
        caption: a line of words under the picture.
        names: the players' names by seat (a record's names by default).
        board: label the piles as a board for people does (Skip-Bo's build and
            discard piles from 1, as the web table) rather than by their names in the
            move notation (``b0``, ``d1.2``), and call seats by their names alone, else
            counted from 1 as teams are, for pictures shown beside the table.

    Raises:
        ArgumentTypeError: if ``value`` is nothing a registered painter draws.
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
        shown = game_of(shown.rules).view(shown, seat)
        bottom = seat if bottom is None else bottom
    options = Options(
        size=size,
        bottom=bottom,
        last_move=last_move,
        mover=mover,
        caption=caption,
        names=names,
        board=board,
    )
    return Picture(painter.draw(shown, options))
