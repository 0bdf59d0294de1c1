"""Hand-arranged game states for scenario tests.

:func:`arrange` builds a :class:`GameState` from the piles a test cares about and
puts every remaining card of the deck on the draw pile (or where the test says),
so that card conservation holds and :func:`skipbo.check_invariants` applies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from skipbo import GameState, Outcome, Rules
from skipbo.games.skipbo.state import Pile


def arrange(
    rules: Rules,
    *,
    stocks: Sequence[Pile] | None = None,
    hands: Sequence[Pile] | None = None,
    discards: Sequence[Sequence[Pile]] | None = None,
    builds: Sequence[Pile] | None = None,
    completed: Pile = (),
    draw_pile: Pile | None = None,
    current_player: int = 0,
    turn: int = 1,
    turn_moves: int = 0,
    empty_passes: int = 0,
    outcome: Outcome | None = None,
    shuffle_seed: int = 0,
    penalty_cards: tuple[int, ...] | None = None,
    stall_turns: int = 0,
) -> GameState:
    """A state with the given piles (top at the end); unnamed places start empty.

    Without ``draw_pile``, the draw pile holds every card of the deck not placed
    elsewhere (in sorted order, so the top is the highest card). With ``draw_pile``,
    the remaining cards must be zero: the test then accounts for every card.

    Raises:
        ValueError: if the arranged cards are not a sub-multiset of the deck, or an
            explicit draw pile leaves cards unaccounted for.
    """
    empty: Pile = ()
    stock_piles = tuple(stocks) if stocks is not None else (empty,) * rules.stock_pile_count
    hand_piles = (
        tuple(tuple(sorted(h)) for h in hands) if hands is not None else ((empty,) * rules.players)
    )
    discard_sets = (
        tuple(tuple(piles) for piles in discards)
        if discards is not None
        else ((empty,) * rules.discard_pile_count,) * rules.stock_pile_count
    )
    build_piles = tuple(builds) if builds is not None else (empty,) * rules.build_pile_count
    placed: Counter[int] = Counter()
    for pile in (*stock_piles, *hand_piles, *build_piles, completed):
        placed.update(pile)
    for piles in discard_sets:
        for pile in piles:
            placed.update(pile)
    rest = rules.deck.counts() - placed
    if placed - rules.deck.counts():
        raise ValueError(f"more cards than the deck holds: {dict(placed - rules.deck.counts())}")
    remaining = tuple(sorted(rest.elements()))
    if draw_pile is None:
        draw_pile = remaining
    elif Counter(draw_pile) != rest:
        raise ValueError(f"draw pile {draw_pile} does not hold the remaining cards {remaining}")
    return GameState(
        rules=rules,
        stocks=stock_piles,
        discards=discard_sets,
        hands=hand_piles,
        builds=build_piles,
        draw_pile=draw_pile,
        completed=completed,
        current_player=current_player,
        turn=turn,
        turn_moves=turn_moves,
        empty_passes=empty_passes,
        outcome=outcome,
        shuffle_seed=shuffle_seed,
        penalty_cards=penalty_cards or (0,) * rules.stock_pile_count,
        stall_turns=stall_turns,
    )
