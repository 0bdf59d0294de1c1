"""Skip-Bo's table drawn as SVG: the centre, then each seat's (or team's) piles and hand.

The picture of a view is made from the view alone (its public piles and the viewer's
own hand), so it cannot show a hidden card (R-INFO-3); the full state's picture adds
every hand, for referees and debugging. Piles are named as in the move notation
(``b0``, ``s1``, ``d1.2``), or with ``board`` as the web table labels them (``pile 1``,
``stock``); a discard pile is fanned so every card of it shows (they are
public, R-INFO-1), a stock pile shows its top on face-down cards with its size.

Importing this module registers :data:`PAINTER`, Skip-Bo's painter, for
:class:`skipbo.Rules` (:func:`skipbo.pictures.drawing.register_painter`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from skipbo.common.naming import type_name
from skipbo.errors import ArgumentTypeError
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.moves import Discard, PlayFromDiscard, PlayFromHand, PlayFromStock
from skipbo.games.skipbo.records import GameRecord, replay
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.state import GameState
from skipbo.games.skipbo.text.display import format_pile
from skipbo.games.skipbo.text.words import describe_move
from skipbo.games.skipbo.views import PlayerView, spectator_view, view
from skipbo.pictures import layout
from skipbo.pictures.drawing import Painter, register_painter
from skipbo.pictures.faces import CARD_RATIO, CardFace, card_back, card_front, skipbo_face
from skipbo.pictures.layout import Item, Options, flow, label, panel, pile_item
from skipbo.pictures.svg import document, element, group

__all__ = ["PAINTER", "draw", "marked_piles", "say"]

CARD = 44.0
"""A card's width in the picture's units."""
GAP = 10.0
WIDTH = 560.0
MARGIN = 12.0
PAD = 10.0
TITLE = CARD * layout.TITLE_ROOM
"""The room above a pile or hand for its name."""
BELOW = CARD * layout.COUNT_ROOM
"""The room below a pile for its count."""


def marked_piles(move: object, seen: PlayerView, mover: int | None) -> set[str]:
    """The piles ``move`` touched, by name (``b2``, ``s0``, ``d1.3``), to highlight."""
    match move:
        case PlayFromHand(build=build):
            return {f"b{build}"}
        case PlayFromStock(stock=stock, build=build):
            return {f"s{stock}", f"b{build}"}
        case PlayFromDiscard(discard_set=discard_set, pile=index, build=build):
            return {f"d{discard_set}.{index}", f"b{build}"}
        case Discard(pile=index) if mover is not None and 0 <= mover < seen.rules.players:
            return {f"d{seen.rules.seating.own_discards[mover]}.{index}"}
    return set()


def _faces(cards: Iterable[Card]) -> list[tuple[CardFace, int | str]]:
    return [(skipbo_face(card), card) for card in cards]


def _hand_item(owner: str, seat: int, hand: Sequence[Card] | None, size: int) -> Item:
    """A hand: its cards face up when known, else as many backs as it holds."""
    step = CARD + 4 if hand is not None else CARD * 0.42
    title = f"{owner} hand"
    cards = CARD + step * max(0, size - 1) if size else CARD
    width = max(cards, len(title) * CARD * 0.3 * layout.TEXT_WIDTH)
    height = TITLE + CARD * CARD_RATIO + BELOW

    def draw(x: float, y: float) -> str:
        parts = [label(x, y + TITLE - CARD * 0.1, title, size=CARD * 0.3)]
        top = y + TITLE
        for index in range(size):
            left = x + index * step
            if hand is not None:
                parts.append(
                    card_front(left, top, CARD, skipbo_face(hand[index]), value=hand[index])
                )
            else:
                parts.append(card_back(left, top, CARD, colour=layout.BACK))
        if not size:
            parts.append(label(x, top + CARD * 0.8, "empty", size=CARD * 0.3, fill=layout.MUTED))
        count = f"{size} card" + ("" if size == 1 else "s")
        parts.append(
            label(
                x, top + CARD * CARD_RATIO + CARD * 0.38, count, size=CARD * 0.28, fill=layout.MUTED
            )
        )
        known = "" if hand is None else format_pile(tuple(hand))
        return group(
            parts, class_="hand", data_seat=seat, data_count=size, data_cards=known or None
        )

    return Item(width, height, draw)


def _centre(seen: PlayerView, marked: set[str], options: Options) -> list[Item]:
    items = [
        pile_item(
            "draw",
            marked,
            CARD,
            title="draw",
            backs=seen.draw_pile_size,
            count=seen.draw_pile_size,
        )
    ]
    for index, build in enumerate(seen.builds):
        # R-BUILD-2: a pile of n cards stands at n; a wild on top stands for n (R-BUILD-3).
        standing = len(build)
        top = build[-1] if build else None
        note = f"needs {standing + 1}" if top != WILD else f"SB is {standing}"
        items.append(
            pile_item(
                f"b{index}",
                marked,
                CARD,
                title=f"pile {index + 1}" if options.board else f"b{index}",
                faces=_faces(build[-1:]),
                count=standing,
                top=top,
                note=note,
            )
        )
    items.append(
        pile_item(
            "completed",
            marked,
            CARD,
            title="aside",
            backs=seen.completed_count,
            count=seen.completed_count,
        )
    )
    return items


def _team_items(
    seen: PlayerView,
    team: int,
    hands: Mapping[int, Sequence[Card]],
    marked: set[str],
    options: Options,
) -> list[Item]:
    seating = seen.rules.seating
    items = []
    stocks = seating.team_stocks[team]
    for number, stock in enumerate(stocks, 1):
        top = seen.stock_tops[stock]
        board_title = "stock" if len(stocks) == 1 else f"stock {number}"
        size = seen.stock_sizes[stock]
        items.append(
            pile_item(
                f"s{stock}",
                marked,
                CARD,
                title=board_title if options.board else f"s{stock}",
                faces=_faces(() if top is None else (top,)),
                backs=max(0, size - 1),
                count=size,
                top=top,
            )
        )
    seats = seating.team_seats[team]
    for discard_set in sorted({seating.own_discards[seat] for seat in seats}):
        for index, cards in enumerate(seen.discards[discard_set]):
            items.append(
                pile_item(
                    f"d{discard_set}.{index}",
                    marked,
                    CARD,
                    title=f"pile {index + 1}" if options.board else f"d{discard_set}.{index}",
                    faces=_faces(cards),
                    fan=True,
                    top=cards[-1] if cards else None,
                )
            )
    for seat in seats:
        owner = "your" if seat == seen.player else options.seat_name(seat) + "'s"
        items.append(_hand_item(owner, seat, hands.get(seat), seen.hand_sizes[seat]))
    return items


def _team_title(seen: PlayerView, team: int, options: Options) -> str:
    seats = seen.rules.seating.team_seats[team]
    names = ", ".join(
        options.seat_name(seat) + (" (you)" if seat == seen.player else "") for seat in seats
    )
    number = team + 1 if options.board else team  # a table for people counts from 1
    title = names if len(seats) == 1 else f"team {number}: {names}"
    if seen.outcome is None and seen.current_player in seats:
        mover = "" if len(seats) == 1 else f" {options.seat_name(seen.current_player)}"
        title += f" -{mover} to move"
    if seen.outcome is not None and seats[0] in seen.outcome.winners:
        title += " - won"
    return title


def _order(seen: PlayerView, bottom: int) -> list[int]:
    """The teams from the top of the picture down, the bottom seat's team last."""
    seating = seen.rules.seating
    seats = [(bottom + step) % seen.rules.players for step in range(1, seen.rules.players + 1)]
    teams: list[int] = []
    for seat in seats:
        if seating.team_of[seat] not in teams:
            teams.append(seating.team_of[seat])
    mine = seating.team_of[bottom]
    teams.remove(mine)
    return [*teams, mine]


def _headline(seen: PlayerView, options: Options) -> str:
    if seen.outcome is not None:
        return f"Turn {seen.turn} - game over: {seen.outcome}"
    return f"Turn {seen.turn} - {options.seat_name(seen.current_player)} to move"


def _picture(
    seen: PlayerView, hands: Mapping[int, Sequence[Card]], options: Options, title: str
) -> str:
    bottom = options.bottom
    if bottom is None:
        bottom = seen.player if seen.player is not None else 0
    if not 0 <= bottom < seen.rules.players:
        raise ValueError(
            f"bottom seat {bottom} is not in this game (seats 0 to {seen.rules.players - 1})"
        )
    mover = options.mover if options.mover is not None else seen.current_player
    marked = (
        marked_piles(options.last_move, seen, mover) if options.last_move is not None else set()
    )
    inner = WIDTH - 2 * MARGIN
    parts = [
        label(MARGIN, 24, _headline(seen, options), size=17, bold=True, role="headline"),
    ]
    y = 36.0
    drawn, height = flow(_centre(seen, marked, options), MARGIN, y, inner, GAP)
    parts.append(group([drawn], class_="centre"))
    y += height + GAP
    for team in _order(seen, bottom):
        items = _team_items(seen, team, hands, marked, options)
        seats = seen.rules.seating.team_seats[team]
        drawn, height = flow(items, MARGIN + PAD, y + 30, inner - 2 * PAD, GAP)
        active = seen.outcome is None and seen.current_player in seats
        box = panel(
            MARGIN,
            y,
            inner,
            height + 38,
            active=active,
            role="seat",
            seat=" ".join(map(str, seats)),
        )
        heading = label(
            MARGIN + PAD, y + 20, _team_title(seen, team, options), size=15, bold=active
        )
        parts.append(group([box, heading, drawn], class_="team", data_team=team))
        y += height + 38 + GAP
    if options.caption:
        parts.append(label(MARGIN, y + 16, options.caption, size=15, role="caption"))
        y += 26
    return document(
        WIDTH,
        y + MARGIN - GAP / 2,
        [_background(y + MARGIN), *parts],
        title=title,
        size=options.size,
    )


def _background(height: float) -> str:
    return element("rect", width=WIDTH, height=height, fill=layout.BACKGROUND)


def draw(value: GameState | PlayerView, options: Options) -> str:
    """The SVG of a view (what its seat sees) or of a full state (every hand shown).

    Raises:
        ArgumentTypeError: if ``value`` is neither a Skip-Bo state nor a view.
        ValueError: if ``options.bottom`` is not a seat of the game.

    """
    if type(value) is GameState:
        hands = dict(enumerate(value.hands))
        return _picture(spectator_view(value), hands, options, "Skip-Bo: the whole table")
    if type(value) is PlayerView:
        own = {} if value.player is None or value.hand is None else {value.player: value.hand}
        who = "a spectator" if value.player is None else f"seat {value.player}"
        return _picture(value, own, options, f"Skip-Bo: what {who} sees")
    raise ArgumentTypeError(f"not a Skip-Bo state or view: {type_name(value)}")


def say(move: Any, before: GameState, seat: int | None) -> str:
    """``move`` in words as ``seat`` hears it (the terminal's words).

    The mover hears "play 5 from your hand", everyone else "seat 1 plays 5 ...".
    """
    return describe_move(move, view(before, seat))


PAINTER = Painter(
    draw=draw,
    say=say,
    state_types=(GameState, PlayerView),
    record_type=GameRecord,
    replay=replay,
)
"""Skip-Bo's painter: its tables, its moves in words, its records."""

register_painter(Rules, PAINTER)
