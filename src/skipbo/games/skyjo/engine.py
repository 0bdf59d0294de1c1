"""The Skyjo rules: new_game, legal_moves, apply, is_over, outcome, current_player.

Pure functions over immutable values, like Skip-Bo's engine: ``apply`` returns a new
state and never changes its input; a refused move raises
:class:`~skipbo.games.skyjo.errors.IllegalMoveError` naming the rule it breaks. The only randomness
is the seed given to :func:`new_game`; the state carries the seed of the next shuffle
(the reshuffle of S-DRAW-1 and each new round's deal, S-SETUP-2).

A round opens with every seat turning up two cards (S-SETUP-4); then each turn takes
a card, from the draw pile or the discard pile (S-TURN-1), and places it:

>>> from skipbo import skyjo
>>> state = skyjo.new_game(skyjo.Rules(players=2), seed=7)
>>> state.phase.value
'reveal'
>>> for seat in range(2):
...     state = skyjo.apply(state, skyjo.Reveal(0, 1))
>>> state.phase.value, [str(move) for move in skyjo.legal_moves(state)]
('take', ['draw', 'take'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from skipbo.common.naming import type_name
from skipbo.common.randomness import secret_seed, shuffle
from skipbo.games.skyjo import spec  # noqa: F401  (the PEP 316 contracts below use it)
from skipbo.games.skyjo.cards import (  # noqa: F401  (ROWS: the PEP 316 contracts below use it)
    COLUMNS,
    GRID_SIZE,
    ROWS,
    Card,
    column_of,
    column_places,
)
from skipbo.games.skyjo.errors import ArgumentTypeError, ConfigurationError, IllegalMoveError
from skipbo.games.skyjo.moves import DiscardFlip, Draw, Move, Reveal, Swap, TakeDiscard, all_moves
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.state import (
    GameState,
    Grid,
    Outcome,
    Phase,
    RoundScore,
    Source,
    has_face_down,
)
from skipbo.games.skyjo.views import FACE_DOWN, PublicView

__all__ = [
    "apply",
    "current_player",
    "deal",
    "first_round_starter",
    "is_over",
    "legal_moves",
    "new_game",
    "outcome",
    "round_end",
    "round_scores",
]

T = TypeVar("T")

_DRAW, _TAKE = all_moves()[0], all_moves()[1]
_SWAPS = all_moves()[2 : 2 + GRID_SIZE]
_FLIPS = all_moves()[2 + GRID_SIZE : 2 + 2 * GRID_SIZE]
_REVEALS = [move for move in all_moves() if isinstance(move, Reveal)]


def deal(rules: Rules, order: Sequence[Card], seed: int, *, round: int, starter: int) -> GameState:
    """The start of a round dealt from the deck in ``order`` (S-SETUP-2, S-SETUP-3).

    Player ``p`` gets ``order[12p : 12p + 12]`` as places 0 to 11, all face down; the
    next card starts the discard pile and the rest is the draw pile (top at the end).
    ``seed`` is the seed of the next shuffle. :func:`new_game` deals a shuffled deck;
    tests deal arranged ones.
    """
    cards = tuple(order)
    if sorted(cards) != list(rules.deck.cards()):
        raise ConfigurationError("order", "must hold exactly the cards of the rules' deck")
    players = rules.players
    grids = tuple(cards[p * GRID_SIZE : (p + 1) * GRID_SIZE] for p in range(players))
    dealt = players * GRID_SIZE
    return GameState(
        rules=rules,
        round=round,
        phase=Phase.REVEAL,
        grids=grids,
        face_up=((False,) * GRID_SIZE,) * players,
        discard_pile=(cards[dealt],),
        draw_pile=cards[dealt + 1 :],
        held=None,
        source=None,
        current_player=0,  # S-SETUP-4: the reveals are chosen in seat order
        starter=starter,
        turns=0,
        round_ender=None,
        reveals=(None,) * players,
        history=(),
        outcome=None,
        shuffle_seed=seed,
    )


def new_game(rules: Rules, *, seed: int | None = None) -> GameState:
    """The first round of a new game, the whole deck shuffled with ``seed`` (S-SETUP-2).

    The same rules and seed always give the same game. As in Skip-Bo
    (:func:`skipbo.new_game`), **the seed is the referee's secret**: every face-down
    card follows from it (S-INFO-2). Without ``seed`` the game is dealt with a fresh
    64-bit seed from the operating system's randomness, as a real game must be; pass
    one only to reproduce a game.

    >>> from skipbo import skyjo
    >>> skyjo.new_game(skyjo.Rules(), seed=3) == skyjo.new_game(skyjo.Rules(), seed=3)
    True
    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"new_game() takes a skipbo.skyjo.Rules, got {type_name(rules)}")
    if seed is None:
        seed = secret_seed()
    elif type(seed) is not int:
        raise ArgumentTypeError(f"the seed must be an int, got {type(seed).__name__}")
    order, next_seed = shuffle(rules.deck.cards(), seed)
    # The first round's starter is known only after the reveals (S-SETUP-5).
    return deal(rules, order, next_seed, round=1, starter=0)


def _position(state: object, function: str) -> GameState | PublicView:
    """``state``, if it is a Skyjo state or view; else an ArgumentTypeError naming both."""
    if not isinstance(state, GameState | PublicView):
        raise ArgumentTypeError(
            f"{function}() takes a skipbo.skyjo.GameState or PublicView, got {type_name(state)}"
        )
    return state


def current_player(state: GameState | PublicView) -> int:
    """The seat to move: the seat choosing its reveal, or whose turn it is (S-SETUP-4, S-TURN).

    In a finished game, the seat that moved last (as in Skip-Bo).
    """
    return _position(state, "current_player").current_player


def is_over(state: GameState | PublicView) -> bool:
    """Whether the game has ended (S-SCORE-3); then :func:`legal_moves` is empty."""
    return _position(state, "is_over").phase is Phase.OVER


def outcome(state: GameState | PublicView) -> Outcome | None:
    """The :class:`~skipbo.skyjo.Outcome` of a finished game, or ``None`` while it goes on."""
    return _position(state, "outcome").outcome


def legal_moves(state: GameState | PublicView) -> list[Move]:
    """Every legal move of the player to move, each once, in :func:`all_moves` order.

    Works on the public view too: every rule that decides legality is public.
    An ended game has none; one that goes on always has one.

    Contract (PEP 316, checked by CrossHair)::

        post: __return__ == [move for move in all_moves() if spec.is_legal(state, move)]
        post: bool(__return__) == (state.phase is not Phase.OVER)

    """
    seat = _position(state, "legal_moves").current_player
    if isinstance(state, GameState):
        grid: Sequence[object] = state.grids[seat]
        up = state.face_up[seat]
        present = [card is not None for card in grid]
        face_down = [card is not None and not u for card, u in zip(grid, up, strict=True)]
        draw_size = len(state.draw_pile)
    elif isinstance(state, PublicView):
        grid = state.grids[seat]
        present = [card is not None for card in grid]
        face_down = [card == FACE_DOWN for card in grid]
        draw_size = state.draw_pile_size
    else:
        raise ArgumentTypeError(
            f"legal_moves() takes a skipbo.skyjo.GameState or PublicView, got {type_name(state)}"
        )
    phase = state.phase
    if phase is Phase.TAKE:
        moves: list[Move] = []
        # S-DRAW-1: an empty draw pile is refilled from the discard pile but its top.
        if draw_size or len(state.discard_pile) > 1:
            moves.append(_DRAW)
        if state.discard_pile:
            moves.append(_TAKE)
        return moves
    if phase is Phase.PLACE:
        moves = [swap for swap, here in zip(_SWAPS, present, strict=True) if here]
        if state.source is Source.DRAW_PILE:
            moves += [flip for flip, down in zip(_FLIPS, face_down, strict=True) if down]
        return moves
    if phase is Phase.REVEAL:
        return [move for move in _REVEALS if face_down[move.first] and face_down[move.second]]
    return []


# --- apply ---------------------------------------------------------------------------------


def _refuse(move: object, rule: str, reason: str) -> IllegalMoveError:
    return IllegalMoveError(move, rule, reason)


def _check_place(move: Swap | DiscardFlip | Reveal, place: int) -> None:
    if type(place) is not int or not 0 <= place < GRID_SIZE:
        raise _refuse(move, "S-SETUP-2", f"a grid has places 0 to {GRID_SIZE - 1}, not {place!r}")


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; ``state`` itself is unchanged.

    Raises:
        IllegalMoveError: if the rules do not allow ``move`` now (``rule`` names the
            rule it breaks); nothing changes.
        TypeError: if ``state`` is not a Skyjo state or ``move`` not a Skyjo move.

    Contract (PEP 316, checked by CrossHair)::

        raises: IllegalMoveError
        pre: spec.conserves(state)
        post: spec.is_legal(state, move)
        post: spec.conserves(__return__)
        post: spec.no_complete_column(__return__)
        post: spec.phase_follows(state, move, __return__)
        post: state == __old__.state

    """
    if not isinstance(state, GameState):
        raise ArgumentTypeError(f"apply() takes a skipbo.skyjo.GameState, got {type_name(state)}")
    phase = state.phase
    if phase is Phase.OVER:
        raise _refuse(move, "S-SCORE-3", "the game is over")
    match move:
        case Reveal():
            if phase is not Phase.REVEAL:
                raise _refuse(
                    move, "S-SETUP-4", "cards are chosen to turn up only as a round begins"
                )
            return _reveal(state, move)
        case Draw() | TakeDiscard():
            if phase is not Phase.TAKE:
                raise _refuse(move, "S-TURN-1", _not_now(phase))
            return _draw(state, move) if isinstance(move, Draw) else _take(state, move)
        case Swap() | DiscardFlip():
            if phase is not Phase.PLACE:
                raise _refuse(move, "S-TURN-1", _not_now(phase))
            return _place(state, move)
        case _:
            raise ArgumentTypeError(f"not a skyjo move: {move!r}")


def _not_now(phase: Phase) -> str:
    if phase is Phase.REVEAL:
        return "every player first turns two cards up (S-SETUP-4)"
    if phase is Phase.TAKE:
        return "a turn begins by taking a card"
    return "the card taken must be placed first"


def _reveal(state: GameState, move: Reveal) -> GameState:
    """Choose two places to turn up; the last choice turns every grid's up (S-SETUP-4/5).

    raises: IllegalMoveError
    pre: state.phase is Phase.REVEAL
    post: __return__.grids == state.grids
    post: __return__.phase is Phase.REVEAL or spec.revealed(state, move, __return__)
    """
    _check_place(move, move.first)
    _check_place(move, move.second)
    if move.first >= move.second:
        raise _refuse(move, "S-SETUP-4", "two different places, in increasing order")
    seat = state.current_player
    reveals = _replace(state.reveals, seat, (move.first, move.second))
    if seat + 1 < state.rules.players:
        return attrs.evolve(state, reveals=reveals, current_player=seat + 1)
    # S-SETUP-4: the choices become visible together, once every player has chosen.
    face_up = tuple(
        tuple(chosen is not None and place in chosen for place in range(GRID_SIZE))
        for chosen in reveals
    )
    starter = state.starter
    if state.round == 1:
        starter = first_round_starter(
            [_revealed_sum(grid, chosen) for grid, chosen in zip(state.grids, reveals, strict=True)]
        )
    return attrs.evolve(
        state,
        phase=Phase.TAKE,
        face_up=face_up,
        reveals=(None,) * state.rules.players,
        starter=starter,
        current_player=starter,
    )


def _revealed_sum(grid: Grid, chosen: tuple[int, int] | None) -> int:
    assert chosen is not None  # every seat has chosen when this is called
    return sum(grid[place] or 0 for place in chosen)


def first_round_starter(sums: Sequence[int]) -> int:
    """The seat whose two face-up cards have the highest sum; the earliest if tied (S-SETUP-5).

    >>> first_round_starter([12 + -2, 4 + 2])  # the source's example: 10 beats 6
    0
    >>> first_round_starter([6, 10, 10])
    1

    pre: len(sums) >= 1
    post: sums[__return__] == max(sums)
    post: all(earlier < sums[__return__] for earlier in sums[:__return__])
    """
    return max(range(len(sums)), key=lambda seat: (sums[seat], -seat))


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _draw(state: GameState, move: Draw) -> GameState:
    """Draw the top of the draw pile, refilling it first if it is empty (S-TURN-1, S-DRAW-1).

    raises: IllegalMoveError
    pre: state.phase is Phase.TAKE
    pre: spec.conserves(state)
    post: spec.conserves(__return__)
    post: (__return__.phase, __return__.source) == (Phase.PLACE, Source.DRAW_PILE)
    post: not state.draw_pile or __return__.held == state.draw_pile[-1]
    post: not state.draw_pile or __return__.draw_pile == state.draw_pile[:-1]
    post: bool(state.draw_pile) or __return__.discard_pile == state.discard_pile[-1:]
    """
    draw_pile, discard_pile, seed = state.draw_pile, state.discard_pile, state.shuffle_seed
    if not draw_pile:
        if len(discard_pile) < 2:
            raise _refuse(move, "S-DRAW-1", "the draw pile is empty and cannot be refilled")
        # S-DRAW-1: the discard pile but its top, shuffled, becomes the draw pile.
        draw_pile, seed = shuffle(discard_pile[:-1], seed)
        discard_pile = discard_pile[-1:]
    return attrs.evolve(
        state,
        phase=Phase.PLACE,
        draw_pile=draw_pile[:-1],
        discard_pile=discard_pile,
        held=draw_pile[-1],
        source=Source.DRAW_PILE,
        shuffle_seed=seed,
    )


def _take(state: GameState, move: TakeDiscard) -> GameState:
    """Take the top of the discard pile (S-TURN-1, S-TURN-2).

    raises: IllegalMoveError
    pre: state.phase is Phase.TAKE
    post: __return__.held == state.discard_pile[-1]
    post: __return__.discard_pile == state.discard_pile[:-1]
    post: (__return__.phase, __return__.source) == (Phase.PLACE, Source.DISCARD_PILE)
    """
    if not state.discard_pile:
        raise _refuse(move, "S-TURN-1", "the discard pile is empty")
    return attrs.evolve(
        state,
        phase=Phase.PLACE,
        discard_pile=state.discard_pile[:-1],
        held=state.discard_pile[-1],
        source=Source.DISCARD_PILE,
    )


def _place(state: GameState, move: Swap | DiscardFlip, *, deal_next: bool = True) -> GameState:
    """Place the card held and end the turn (S-TURN-2 to S-TURN-4, S-COL-1/2, S-END).

    ``deal_next=False`` stops a round that ends at its end, before the next deal.

    raises: IllegalMoveError
    pre: state.phase is Phase.PLACE
    pre: spec.conserves(state)
    post: spec.conserves(__return__)
    post: spec.no_complete_column(__return__)
    post: __return__.phase is not Phase.TAKE or spec.placed(state, move, __return__)
    """
    _check_place(move, move.place)
    seat, place, held = state.current_player, move.place, state.held
    assert held is not None  # phase PLACE holds a card
    grid, up = state.grids[seat], state.face_up[seat]
    if grid[place] is None:
        raise _refuse(move, "S-COL-4", "that place is empty: its column was removed")
    if isinstance(move, Swap):
        # S-TURN-2: the card taken lies face up; the one replaced goes on the discard pile.
        discarded: tuple[Card, ...] = (grid[place],)  # type: ignore[assignment]
        grid = _replace(grid, place, held)
    else:
        if state.source is not Source.DRAW_PILE:
            raise _refuse(move, "S-TURN-2", "a card taken from the discard pile must be swapped in")
        if up[place]:
            raise _refuse(move, "S-TURN-3", "the card there is already face up")
        discarded = (held,)
    # S-END-3: a turn that turns a card face up or removes a column makes progress.
    turned_up = not up[place]
    up = _replace(up, place, True)
    grid, up, removed = _remove_column(grid, up, column_of(place))
    state = attrs.evolve(
        state,
        grids=_replace(state.grids, seat, grid),
        face_up=_replace(state.face_up, seat, up),
        # S-COL-2: the swapped-out card first, then the column.
        discard_pile=state.discard_pile + discarded + removed,
        held=None,
        source=None,
        stall_turns=0 if turned_up or removed else state.stall_turns + 1,
    )
    return _end_turn(state, deal_next=deal_next)


def _remove_column(
    grid: Grid, up: tuple[bool, ...], column: int
) -> tuple[Grid, tuple[bool, ...], tuple[Card, ...]]:
    """S-COL-1: a column of three face-up cards of equal value goes to the discard pile.

    Returns the grid and face-up flags after the check, and the cards removed (top to
    bottom; none if the column stays).

    pre: len(grid) == len(up) == GRID_SIZE
    pre: 0 <= column < COLUMNS
    post: len(__return__[0]) == len(__return__[1]) == GRID_SIZE
    post: (len(__return__[2]) == ROWS) == spec.complete_column(grid, up, column)
    post: __return__[2] == () or __return__[2] == tuple(grid[p] for p in column_places(column))
    post: not spec.complete_column(__return__[0], __return__[1], column)
    post: sorted(spec.grid_cards(__return__[0]) + list(__return__[2])) == spec.grid_cards(grid)
    post: all(__return__[0][p] == grid[p] for p in range(GRID_SIZE) if column_of(p) != column)
    post: all(__return__[1][p] == up[p] for p in range(GRID_SIZE) if column_of(p) != column)
    """
    places = column_places(column)
    cards = [grid[place] for place in places]
    if cards[0] is None or not all(up[place] for place in places) or len(set(cards)) != 1:
        return grid, up, ()
    grid = tuple(None if column_of(p) == column else card for p, card in enumerate(grid))
    up = tuple(False if column_of(p) == column else u for p, u in enumerate(up))
    return grid, up, tuple(cards)  # type: ignore[arg-type]  # none is None here


def _end_turn(state: GameState, *, deal_next: bool = True) -> GameState:
    seat, players = state.current_player, state.rules.players
    turns = state.turns + 1
    ender = state.round_ender
    if ender is None and not has_face_down(state, seat):
        ender = seat  # S-END-1: the others play once more
    rules = state.rules
    limited = rules.turn_limit is not None and turns >= rules.turn_limit
    stalled = rules.stall_limit is not None and state.stall_turns >= rules.stall_limit
    if limited or stalled:
        return _end_round(state, None, deal_next=deal_next)  # S-END-3: at once, no ender
    following = (seat + 1) % players
    if following == ender:
        # S-END-1: everyone else has played once more.
        return _end_round(state, ender, deal_next=deal_next)
    return attrs.evolve(
        state, phase=Phase.TAKE, current_player=following, turns=turns, round_ender=ender
    )


def round_end(state: GameState, move: Move) -> GameState | None:
    """The position at the end of the round ``move`` ends, before the next deal.

    Every card is face up and complete columns are removed (S-END-2, S-COL-3), the
    round is scored in ``history``: all of it public, as at a real table where the
    grids lie turned up until the next deal. ``None`` if ``move`` ends no round; at
    the game's end, the final position (as :func:`apply` returns it).

    >>> from skipbo.games.skyjo.moves import Swap
    >>> from skipbo.games.skyjo.rules import Rules
    >>> state = new_game(Rules(players=2, turn_limit=1), seed=3)
    >>> while state.phase is not Phase.PLACE:  # both reveal two cards, then a draw
    ...     state = apply(state, legal_moves(state)[0])
    >>> ended = round_end(state, Swap(0))
    >>> [all(ended.face_up[seat]) for seat in (0, 1)]
    [True, True]
    >>> ended.history == apply(state, Swap(0)).history
    True

    Raises:
        IllegalMoveError: as :func:`apply` does; nothing changes.

    """
    after = apply(state, move)  # checks the move
    if len(after.history) == len(state.history):
        return None
    if after.phase is Phase.OVER:
        return after
    assert isinstance(move, Swap | DiscardFlip)  # only placing a card ends a round
    return _place(state, move, deal_next=False)


def round_scores(sums: Sequence[int], ender: int | None) -> tuple[int, ...]:
    """What each player scores for a round with these grid sums (S-SCORE-1, S-SCORE-2).

    The round ender's positive sum is doubled unless it is the lowest alone.

    >>> round_scores([10, 24, 10], ender=0)  # the source's example: A scores 20
    (20, 24, 10)
    >>> round_scores([-3, -5], ender=0)  # 0 and negative sums are never doubled
    (-3, -5)

    pre: len(sums) >= 2
    pre: ender is None or 0 <= ender < len(sums)
    post: len(__return__) == len(sums)
    post: all(__return__[i] == sums[i] for i in range(len(sums)) if i != ender)
    post: ender is None or __return__[ender] in (sums[ender], 2 * sums[ender])
    post: ender is None or __return__[ender] == sums[ender] * (1 + spec.doubled(sums, ender))
    """
    scores = tuple(sums)
    if ender is None:
        return scores
    mine = scores[ender]
    beaten = any(score <= mine for seat, score in enumerate(scores) if seat != ender)
    if mine > 0 and beaten:
        return _replace(scores, ender, 2 * mine)
    return scores


def _end_round(state: GameState, ender: int | None, *, deal_next: bool = True) -> GameState:
    """S-END-2: turn every card up, remove columns (S-COL-3), score, then deal anew.

    ``deal_next=False``: the position at the round's end, scored, before the deal.
    """
    grids, face_up = [], []
    discard_pile = state.discard_pile
    for grid, up in zip(state.grids, state.face_up, strict=True):
        up = tuple(card is not None for card in grid)
        for column in range(COLUMNS):
            grid, up, removed = _remove_column(grid, up, column)
            discard_pile += removed
        grids.append(grid)
        face_up.append(up)
    sums = tuple(sum(card for card in grid if card is not None) for grid in grids)
    history = state.history + (RoundScore(sums, ender, round_scores(sums, ender)),)
    ended = attrs.evolve(
        state,
        grids=tuple(grids),
        face_up=tuple(face_up),
        discard_pile=discard_pile,
        turns=state.turns + 1,
        round_ender=ender,
        history=history,
    )
    totals = ended.totals
    last = state.rules.round_limit is not None and state.round >= state.rules.round_limit
    if max(totals) >= state.rules.end_score or last:  # S-SCORE-3, S-END-3
        best = min(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        return attrs.evolve(ended, phase=Phase.OVER, outcome=Outcome(winners, totals))
    if not deal_next:
        return ended
    # S-SETUP-5: the round ender starts the next round; after the turn limit, the next seat.
    starter = ender if ender is not None else (state.starter + 1) % state.rules.players
    order, seed = shuffle(state.rules.deck.cards(), state.shuffle_seed)
    fresh = deal(state.rules, order, seed, round=state.round + 1, starter=starter)
    return attrs.evolve(fresh, history=history)
