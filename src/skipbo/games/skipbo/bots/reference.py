"""The reference heuristic ("heuristic-1"): plans its way to a stock top, plays safely.

This was the ``heuristic`` bot until issue 24 and stays as a reference to measure
the bots against; its building blocks (:func:`stock_plan`, the discard choice) are
the new heuristic's too (:mod:`skipbo.games.skipbo.bots.heuristic`).

Its idea in two sentences: every card that leaves the stock pile brings the win
closer, so it first looks for the cheapest sequence of build plays (hand cards,
discard tops, wilds last) that lets a stock top be played; when there is none it
plays only cards that do not bring a build pile closer to an opponent's stock top,
and ends the turn with a discard that keeps its discard piles in descending runs
of playable tops.

In detail, for the seat to move:

1. **Reach the stock.** For each stock top it may play (its own, and its team's
   in team play, R-TEAM-1/2) and each build pile, it fills the gap between the
   pile's next number and the stock top greedily: a discard top of that number,
   else a hand card, else a wild from a discard pile, else a wild from the hand.
   The plan with the fewest wilds, then the fewest cards, wins; its first move is
   played (the bot plans again after every move, since a play may reveal a card).
2. **Safe plays.** Otherwise it scores each play of a number card from the hand or
   a discard top: emptying the hand (a redraw, R-TURN-4) and freeing discard tops
   count for it, bringing a build pile near an opponent's stock top counts
   against it (its *danger*), blocking an opponent counts for it. Wilds are kept
   for the stock.
3. **Discard.** It puts a number card (a wild only if it holds nothing else) where
   it keeps its piles playable: on a card of the same value or one higher (a
   descending run), else on an empty pile, never onto a wild; high cards go first.
4. **Keep the game going.** When few cards are left to draw, hoarding them would
   end the game blocked (R-WIN-2), so plays that complete build piles (whose cards
   are reshuffled into the draw pile, R-DRAW-2) score higher, wilds included, and
   with an empty hand it plays whatever it can rather than pass.

It draws no randomness (ties go to the first candidate in legal-move order), so
it is reproducible whatever its seed.

>>> import skipbo
>>> from skipbo.games.skipbo.bots.reference import ReferenceHeuristicBot
>>> seen = skipbo.view(skipbo.new_game(skipbo.Rules(players=3), seed=8), 0)
>>> len({ReferenceHeuristicBot(seed).choose(seen) for seed in range(5)})  # one move for any seed
1
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from skipbo.common.budget import check_time_limit
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.moves import Discard, Move, PlayFromDiscard, PlayFromHand, PlayFromStock
from skipbo.games.skipbo.views import PlayerView, legal_moves

__all__ = [
    "GAP_RISK",
    "Offers",
    "ReferenceHeuristicBot",
    "danger",
    "discard_candidates",
    "next_number",
    "play_candidates",
    "scarce",
    "stock_plan",
]

NO_PLAY_SCORE = 0.25
"""A safe play must score above this to be made rather than ending the turn."""

HAND_PLAY_SCORE = 1.0
"""What a play from the hand scores, before what it offers (less than a discard top's)."""

EMPTY_HAND_SCORE = 3.0
"""What a play of the hand's last card scores: the hand is refilled at once (R-TURN-4)."""

DISCARD_TOP_SCORE = 1.25
"""What a play from a discard top scores, before what it offers: it frees the card below."""

SCARCE_HANDS = 3
"""The draw pile (with the completed cards) is scarce below this many hands per player."""

SCARCE_BONUS = 8.0
"""What completing a build pile is worth when cards are scarce (less for fewer cards)."""

WILD_COST = 10
"""How many plain cards a wild is worth when plans to the stock are compared."""

GAP_RISK = (10.0, 4.0, 1.5, 0.5)
"""What a build pile whose next number is 0, 1, 2, 3 below a stock top offers that stock.

At 0 the stock's owner plays its top at once; at 1 one card does. The reference's
:func:`danger` and the heuristic's :func:`~skipbo.games.skipbo.bots.heuristic.exposure`
weigh what they offer by it."""
_REACHABLE_RISK = 6.0  # extra when the opponent's own discard top closes a gap of one


def next_number(pile_size: int, highest: int) -> int:
    """The number a build pile of ``pile_size`` cards takes next (R-BUILD-2)."""
    return pile_size + 1 if pile_size < highest else 1


def danger(seen: PlayerView, needs: list[int]) -> float:
    """How close build piles needing ``needs`` bring the opponents to a stock play.

    Opponents are the seats of other teams; their stock tops and their own discard
    tops are public (R-INFO-1). A wild stock top can always be played, so it adds
    nothing that a play could avoid.
    """
    rules = seen.rules
    mine = rules.seating.stock_sources[seen.player if seen.player is not None else 0]
    total = 0.0
    for stock, top in enumerate(seen.stock_tops):
        if top is None or top == WILD or stock in mine:
            continue
        helpers = {piles[-1] for piles in seen.discards[stock] if piles}
        for need in needs:
            gap = top - need
            if 0 <= gap < len(GAP_RISK):
                total += GAP_RISK[gap]
                if gap == 1 and (need in helpers or WILD in helpers):
                    total += _REACHABLE_RISK
    return total


def stock_plan(seen: PlayerView, *, hand_first: bool = False) -> tuple[int, Move] | None:
    """The cost and first move of the cheapest plan that plays a stock top, if any.

    The cost counts a wild as ``WILD_COST`` cards; a stock top that can be
    played at once costs 0. See the module docs for how plans are made. With
    ``hand_first`` a gap's number is taken from the hand before a discard top (the
    reference takes the discard top first), unless the reference's way makes a
    cheaper plan of that build pile (a discard top played may free a card the gap
    needs later): it finds a plan wherever the reference does, never a dearer one.
    """
    rules = seen.rules
    seat = seen.player
    assert seat is not None
    assert seen.hand is not None
    highest = rules.deck.highest
    needs = [next_number(len(pile), highest) for pile in seen.builds]
    # Every card a plan could use, at any depth of a discard pile: a gap with more
    # numbers missing from these than there are wilds among them cannot be filled.
    usable = Counter(seen.hand)
    for discard_set in rules.seating.discard_sources[seat]:
        for pile in seen.discards[discard_set]:
            usable.update(pile)
    wilds = usable[WILD]
    # missing[k]: how many of the numbers 1..k no usable card shows (so that a gap's
    # count takes two lookups: this runs in every search rollout).
    missing = [0] * (highest + 1)
    for number in range(1, highest + 1):
        missing[number] = missing[number - 1] + (not usable[number])
    best: tuple[int, float, Move] | None = None
    for stock in rules.seating.stock_sources[seat]:
        top = seen.stock_tops[stock]
        if top is None:
            continue
        for build, need in enumerate(needs):
            if top in (WILD, need):
                after = needs.copy()
                after[build] = next_number(len(seen.builds[build]) + 1, highest)
                key = (0, danger(seen, after))
                if best is None or key < best[:2]:
                    best = (*key, PlayFromStock(stock, build))
                continue
            if need < top:
                numbers: Iterable[int] = range(need, top)
                gap = missing[top - 1] - missing[need - 1]
                length = top - need
            else:
                numbers = [*range(need, highest + 1), *range(1, top)]
                gap = missing[highest] - missing[need - 1] + missing[top - 1]
                length = highest - need + top
            # Every card costs at least 1: a plan no cheaper than the best is skipped.
            if gap > wilds or (best is not None and best[0] <= length):
                continue
            found = _fill(seen, build, numbers, hand_first=hand_first)
            if hand_first and (found is None or found[0] > length):
                # A discard top may free a card the gap needs later: the reference's
                # way is kept where it is cheaper (hand first misses 0.9% of the plans
                # of a four-player game, and finds a dearer one in 0.4%); a plan of
                # `length` cards is the cheapest there is.
                other = _fill(seen, build, numbers, hand_first=False)
                if other is not None and (found is None or other[0] < found[0]):
                    found = other
            if found is not None:
                cost, first = found
                if best is None or (cost, 0.0) < best[:2]:
                    best = (cost, 0.0, first)
    return None if best is None else (int(best[0]), best[2])


def _fill(
    seen: PlayerView, build: int, numbers: Iterable[int], *, hand_first: bool
) -> tuple[int, Move] | None:
    """The cost and first move of playing ``numbers`` onto build pile ``build``, greedily.

    Each number is taken from a discard top, else from the hand (``hand_first``: the
    other way round), before a wild is.
    """
    assert seen.player is not None
    assert seen.hand is not None
    hand = Counter(seen.hand)
    sources = seen.rules.seating.discard_sources[seen.player]
    # Each discard pile with how many of its cards are left (no copies: the tops are
    # read at the depth left).
    piles = [(d, i, pile) for d in sources for i, pile in enumerate(seen.discards[d])]
    depths = [len(pile) for _, _, pile in piles]
    cost = 0
    first: Move | None = None
    for number in numbers:
        move: Move | None = None
        for card in (number, WILD):  # a number before a wild: keep wilds for the stock
            spot = next(
                (
                    k
                    for k, (_, _, pile) in enumerate(piles)
                    if depths[k] and pile[depths[k] - 1] == card
                ),
                None,
            )
            if hand[card] and (hand_first or spot is None):
                hand[card] -= 1
                move = PlayFromHand(card, build)
            elif spot is not None:
                depths[spot] -= 1
                move = PlayFromDiscard(piles[spot][0], piles[spot][1], build)
            if move is not None:
                cost += WILD_COST if card == WILD else 1
                break
        if move is None:
            return None
        if first is None:
            first = move
    assert first is not None
    return cost, first


def scarce(seen: PlayerView) -> bool:
    """Whether the cards left to draw are scarce: hoarding them would block the game.

    Only completed build piles bring cards back to the draw pile (R-DRAW-2); when
    too few are left, every player's hand runs dry and the game ends blocked
    (R-WIN-2), which is nobody's win.
    """
    rules = seen.rules
    return (
        seen.draw_pile_size + seen.completed_count < SCARCE_HANDS * rules.hand_size * rules.players
    )


Offers = Callable[[PlayerView, list[int]], float]
"""What build piles needing the numbers given offer the others (:func:`danger`)."""


def play_candidates(
    seen: PlayerView,
    moves: list[Move],
    *,
    offers: Offers = danger,
    keep: Mapping[int, float] | None = None,
    least: float = NO_PLAY_SCORE,
    mind_scarcity: bool = True,
    hand_play: float = HAND_PLAY_SCORE,
    runs: bool = False,
) -> list[Move]:
    """The safe plays of number cards from the hand or a discard top, best first.

    A play is safe when its score (see the module docs) is above ``least``
    (the reference's ``NO_PLAY_SCORE``); ties keep legal-move order. ``offers``
    judges what a play hands the others (the reference's :func:`danger`, or the
    multi-player :func:`skipbo.games.skipbo.bots.heuristic.exposure`); ``keep`` is what playing
    each number costs besides (nothing for the reference); ``hand_play`` is what a
    play from the hand scores unless it empties the hand (the reference's
    ``HAND_PLAY_SCORE``). With ``mind_scarcity``
    (the reference's way) completing build piles scores higher when cards are
    :func:`scarce`, wilds included. With ``runs`` a play scores as the best run of
    plays it starts on its build pile (from the hand, then from discard tops), so
    that a play which alone would hand the others a stock top is made when the
    cards that carry the build pile past it are at hand (the reference judges each
    play alone).
    """
    hand = seen.hand
    assert hand is not None
    keep = keep or {}
    highest = seen.rules.deck.highest
    needs = [next_number(len(pile), highest) for pile in seen.builds]
    before = offers(seen, needs)
    short = mind_scarcity and scarce(seen)
    scored: list[tuple[float, Move]] = []
    for move in moves:
        if isinstance(move, PlayFromHand):
            card = move.card
            # R-TURN-4: a hand emptied by plays is refilled at once.
            bonus = EMPTY_HAND_SCORE if len(hand) == 1 else hand_play
        elif isinstance(move, PlayFromDiscard):
            card = seen.discards[move.discard_set][move.pile][-1]
            bonus = DISCARD_TOP_SCORE
        else:
            continue
        if card == WILD and not short:
            continue
        pile_size = len(seen.builds[move.build])
        if short:
            # Cards come back only from completed build piles (R-DRAW-2): the fuller
            # the pile, the sooner it completes; a wild is worth the least there.
            bonus += SCARCE_BONUS * (pile_size + 1) / highest - (2.0 if card == WILD else 0.0)
        after = needs.copy()
        after[move.build] = next_number(pile_size + 1, highest)
        score = bonus - keep.get(card, 0.0) - (offers(seen, after) - before)
        if runs:
            run = _run_score(seen, move, bonus, keep, offers, needs, before, hand_play)
            score = max(score, run)
        if score > least:
            scored.append((score, move))
    scored.sort(key=lambda pair: -pair[0])  # stable: ties keep legal-move order
    return [move for _, move in scored]


def _run_score(
    seen: PlayerView,
    first: PlayFromHand | PlayFromDiscard,
    bonus: float,
    keep: Mapping[int, float],
    offers: Offers,
    needs: list[int],
    before: float,
    hand_play: float,
) -> float:
    """The best score of ``first`` followed by more number cards on its build pile.

    ``first`` scores ``bonus``; the run goes on with the number the build pile
    needs next while the hand (first) or a discard top of the seat holds it (a
    discard top played shows the card below it). Each card played counts as in
    :func:`play_candidates`, and what the build pile offers the others is counted
    where the run stops: the best of those stops is the run's score (minus infinity
    when no card follows ``first``, which :func:`play_candidates` scores alone).
    """
    assert seen.hand is not None
    assert seen.player is not None
    highest = seen.rules.deck.highest
    hand = list(seen.hand)
    piles = [
        (source, index, list(pile))
        for source in seen.rules.seating.discard_sources[seen.player]
        for index, pile in enumerate(seen.discards[source])
    ]
    if isinstance(first, PlayFromHand):
        card = first.card
        hand.remove(card)
    else:
        played = next(p for s, i, p in piles if (s, i) == (first.discard_set, first.pile))
        card = played.pop()
    total = bonus - keep.get(card, 0.0)
    # A build pile's top number is its count of cards: ``on_pile`` is both (a
    # completed pile, R-BUILD-4, is cleared: :func:`next_number` then gives a 1).
    on_pile = len(seen.builds[first.build]) + 1
    best = -math.inf
    while True:
        need = next_number(on_pile, highest)
        if need in hand:
            hand.remove(need)
            # R-TURN-4: a hand emptied by plays is refilled at once.
            total += (EMPTY_HAND_SCORE if not hand else hand_play) - keep.get(need, 0.0)
        else:
            pile = next((p for _, _, p in piles if p and p[-1] == need), None)
            if pile is None:
                return best
            pile.pop()
            total += DISCARD_TOP_SCORE - keep.get(need, 0.0)
        on_pile = need
        after = needs.copy()
        after[first.build] = next_number(on_pile, highest)
        best = max(best, total - (offers(seen, after) - before))


def _discard_score(seen: PlayerView, card: Card, pile_index: int, empties: int) -> float:
    """How well ``card`` goes on the player's own discard pile ``pile_index``."""
    rules = seen.rules
    assert seen.player is not None
    pile = seen.discards[rules.seating.own_discards[seen.player]][pile_index]
    if not pile:
        score = 3.0 if empties > 1 else 1.5
    else:
        top = pile[-1]
        if top == WILD:
            score = -8.0
        elif top == card:
            score = 5.0
        elif top == card + 1:
            score = 6.0
        elif top > card:
            score = max(1.0, 4.0 - 0.5 * (top - card - 1))
        else:
            score = -2.0 - 0.5 * (card - top)
    return score + 0.15 * card


def discard_candidates(
    seen: PlayerView,
    moves: list[Move],
    *,
    cost: Mapping[int, float] | None = None,
    duplicate: float = 0.0,
) -> list[Move]:
    """The discards (R-TURN-5) best first; wilds only when the hand holds nothing else.

    Each discard is scored by how well its card goes on the pile (descending runs,
    high cards first, never onto a wild), less what discarding its number costs
    besides (``cost``: nothing for the reference), plus ``duplicate`` when the hand
    holds another card of that number (nothing for the reference).
    """
    hand = seen.hand
    assert hand is not None
    assert seen.player is not None
    cost = cost or {}
    own = seen.discards[seen.rules.seating.own_discards[seen.player]]
    empties = sum(not pile for pile in own)
    numbers = any(card != WILD for card in hand)
    scored = [
        (
            _discard_score(seen, move.card, move.pile, empties)
            - cost.get(move.card, 0.0)
            + (duplicate if hand.count(move.card) > 1 else 0.0),
            move,
        )
        for move in moves
        if isinstance(move, Discard) and not (numbers and move.card == WILD)
    ]
    scored.sort(key=lambda pair: -pair[0])  # stable: ties keep legal-move order
    return [move for _, move in scored]


class ReferenceHeuristicBot:
    """Plans the way to its stock top, plays safely, keeps wilds, discards in runs.

    See :mod:`skipbo.games.skipbo.bots.reference` for the plan. ``seed`` is accepted like every
    bot's, but the heuristic bot draws no randomness.
    """

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        self.seed = seed
        self.time_limit = check_time_limit(time_limit)  # far more than a move takes

    def choose(self, view: PlayerView) -> Move:
        """The heuristic's move for ``view.player``, the seat to move."""
        moves = legal_moves(view)
        if view.hand is None or len(moves) == 1:
            return moves[0]
        planned = stock_plan(view)
        if planned is not None:
            return planned[1]
        for choices in (play_candidates, discard_candidates):  # the discards only if no play
            chosen = choices(view, moves)
            if chosen:
                return chosen[0]
        # An empty hand: any play rather than a pass, which would bring a block closer
        # (R-WIN-2); the last legal move is the pass (R-TURN-8).
        return moves[0]
