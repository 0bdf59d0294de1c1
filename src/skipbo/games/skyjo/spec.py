"""Specification predicates: the Skyjo rules as plain functions, for contracts and checks.

Written from the rules' text, apart from the engine's code: the engine's PEP 316
contracts and :mod:`skipbo.games.skyjo.invariants` state what must hold with them, so a
mistake in the engine is not repeated in its own check.

>>> complete_column((4, 4, 4) + (1,) * 9, (True,) * 3 + (False,) * 9, 0)
True
>>> grid_cards((3, None, -2))
[-2, 3]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from skipbo.games.skyjo.cards import COLUMNS, GRID_SIZE, ROWS, Card, column_places
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard
from skipbo.games.skyjo.state import GameState, Phase, Source
from skipbo.games.skyjo.views import FACE_DOWN, PublicView

__all__ = [
    "card_counts",
    "complete_column",
    "conserves",
    "doubled",
    "grid_cards",
    "holds_card",
    "is_face_down",
    "is_legal",
    "lowest_alone",
    "no_complete_column",
    "phase_follows",
    "placed",
]


def complete_column(grid: Sequence[Card | None], up: Sequence[bool], column: int) -> bool:
    """Whether ``column`` holds three face-up cards of one value (S-COL-1)."""
    places = column_places(column)
    cards = {grid[place] for place in places}
    return None not in cards and len(cards) == 1 and all(up[place] for place in places)


def grid_cards(grid: Iterable[Card | None]) -> list[Card]:
    """The cards of a grid (removed places left out), in increasing order."""
    return sorted(card for card in grid if card is not None)


def lowest_alone(sums: Sequence[int], seat: int) -> bool:
    """Whether ``seat`` has the lowest sum and nobody else has it (S-SCORE-2)."""
    return list(sums).count(min(sums)) == 1 and sums[seat] == min(sums)


def doubled(sums: Sequence[int], ender: int) -> bool:
    """Whether the round ender's score is doubled: positive, not lowest alone (S-SCORE-2)."""
    return sums[ender] > 0 and not lowest_alone(sums, ender)


# --- states and moves (the contracts of apply and legal_moves) -----------------------------


def card_counts(state: GameState) -> Counter[Card]:
    """Every card of ``state``: grids, discard pile, draw pile and the card in hand."""
    counts = Counter(grid_cards(card for grid in state.grids for card in grid))
    counts.update(state.discard_pile)
    counts.update(state.draw_pile)
    if state.held is not None:
        counts[state.held] += 1
    return counts


def conserves(state: GameState) -> bool:
    """Whether ``state`` holds exactly the cards of its deck (S-DECK-1, S-DECK-2)."""
    return card_counts(state) == state.rules.deck.counts()


def no_complete_column(state: GameState) -> bool:
    """Whether no grid keeps a column of three equal face-up cards (S-COL-1)."""
    return not any(
        complete_column(grid, up, column)
        for grid, up in zip(state.grids, state.face_up, strict=True)
        for column in range(COLUMNS)
    )


def _seen_at(state: GameState | PublicView, place: int) -> Card | str | None:
    """What the table shows at grid place ``place`` of the player to move."""
    seat = state.current_player
    card = state.grids[seat][place]
    if isinstance(state, PublicView) or card is None or state.face_up[seat][place]:
        return card
    return FACE_DOWN


def holds_card(state: GameState | PublicView, place: int) -> bool:
    """Whether the player to move has a card (face up or down) at grid place ``place``."""
    return _seen_at(state, place) is not None


def is_face_down(state: GameState | PublicView, place: int) -> bool:
    """Whether the player to move has a face-down card at grid place ``place``."""
    return _seen_at(state, place) == FACE_DOWN


def is_legal(state: GameState | PublicView, move: object) -> bool:
    """Whether the player to move may make ``move`` now, read from the rules' text.

    Only public facts decide it, so it takes a state or its public view.

    >>> from skipbo import skyjo
    >>> state = skyjo.new_game(skyjo.Rules(), seed=1)
    >>> is_legal(state, Reveal(0, 5)), is_legal(state, Reveal(5, 0)), is_legal(state, Draw())
    (True, False, False)
    """
    phase = state.phase
    if isinstance(move, Reveal):  # S-SETUP-4: two face-down cards, named in increasing order
        return (
            phase is Phase.REVEAL
            and type(move.first) is int
            and type(move.second) is int
            and 0 <= move.first < move.second < GRID_SIZE
            and is_face_down(state, move.first)
            and is_face_down(state, move.second)
        )
    if isinstance(move, Draw):  # S-TURN-1, S-DRAW-1: the discard pile but its top refills
        draw_size = len(state.draw_pile) if isinstance(state, GameState) else state.draw_pile_size
        return phase is Phase.TAKE and (draw_size > 0 or len(state.discard_pile) > 1)
    if isinstance(move, TakeDiscard):  # S-TURN-1
        return phase is Phase.TAKE and len(state.discard_pile) > 0
    if isinstance(move, (Swap, DiscardFlip)):
        place = move.place
        if phase is not Phase.PLACE or type(place) is not int or not 0 <= place < GRID_SIZE:
            return False
        if isinstance(move, Swap):  # S-TURN-2: onto any card of the grid (S-COL-4)
            return holds_card(state, place)
        # S-TURN-3: only a drawn card may be discarded, turning a face-down card up.
        return state.source is Source.DRAW_PILE and is_face_down(state, place)
    return False


def phase_follows(before: GameState, move: Move, after: GameState) -> bool:
    """Whether the phase and the player to move after ``move`` follow the rules.

    A reveal passes to the next seat, the last one begins play (S-SETUP-4); taking a
    card leaves it to be placed by the same player (S-TURN-1); placing it ends the
    turn (S-TURN-4), the round (S-END-1, S-END-3) or the game (S-SCORE-3).
    """
    seat, players = before.current_player, before.rules.players
    if isinstance(move, Reveal):
        if seat + 1 < players:
            return (after.phase, after.current_player) == (Phase.REVEAL, seat + 1)
        return after.phase is Phase.TAKE
    if isinstance(move, (Draw, TakeDiscard)):
        return (after.phase, after.current_player) == (Phase.PLACE, seat) and (
            after.held is not None
        )
    if after.phase is Phase.OVER:
        return after.round == before.round and max(after.totals) >= before.rules.end_score
    if after.round == before.round:
        return (after.phase, after.current_player) == (Phase.TAKE, (seat + 1) % players)
    return (after.phase, after.round) == (Phase.REVEAL, before.round + 1)


def placed(before: GameState, move: Swap | DiscardFlip, after: GameState) -> bool:
    """Whether the card held went where ``move`` says, in a turn that did not end the round.

    A swap puts the card held face up at the place and discards the card that lay
    there (S-TURN-2); a discard-and-flip discards the card held and turns the place
    up (S-TURN-3); a column made complete goes on the discard pile after the
    discarded card (S-COL-1, S-COL-2). Every other place stays as it was.
    """
    seat, place, held = before.current_player, move.place, before.held
    grid, up = before.grids[seat], before.face_up[seat]
    now, now_up = after.grids[seat], after.face_up[seat]
    if isinstance(move, Swap):
        out, card = grid[place], held
    else:
        out, card = held, grid[place]
    places = column_places(place // ROWS)
    if now[place] is None:  # the column was removed
        column = tuple(card if p == place else grid[p] for p in places)
        on_top: tuple[Card | None, ...] = (out, *column)
        removed = all(now[p] is None and not now_up[p] for p in places)
    else:
        on_top = (out,)
        removed = now[place] == card and now_up[place]
    # The other places keep their cards and sides (those of a removed column are gone).
    stays = now[place] is not None
    kept = [p for p in range(GRID_SIZE) if p != place and (stays or p not in places)]
    return (
        removed
        and after.discard_pile == before.discard_pile + on_top
        and all((now[p], now_up[p]) == (grid[p], up[p]) for p in kept)
        and after.held is None
    )


def revealed(before: GameState, move: Reveal, after: GameState) -> bool:
    """Whether the round's last reveal turned up the places chosen; who begins (S-SETUP-4/5).

    Every player's two chosen places, and only those, are face up.
    In the first round the highest sum of the two cards begins, the earliest seat
    of a tie; later rounds begin with the starter the previous round set.
    """
    chosen = [c for c in (*before.reveals[:-1], (move.first, move.second)) if c is not None]
    if len(chosen) != before.rules.players:
        return False
    for seat, places in enumerate(chosen):
        if after.face_up[seat] != tuple(p in places for p in range(GRID_SIZE)):
            return False
    if before.round > 1:
        return after.current_player == before.starter
    sums = [
        sum(grid_cards(grid[p] for p in places))
        for grid, places in zip(before.grids, chosen, strict=True)
    ]
    begins = after.current_player
    return sums[begins] == max(sums) and all(earlier < sums[begins] for earlier in sums[:begins])
