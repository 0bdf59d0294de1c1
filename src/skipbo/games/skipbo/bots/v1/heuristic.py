"""Frozen copy of :mod:`skipbo.games.skipbo.bots.heuristic` as of issue 55.

It is the heuristic of ``heuristic@1``. Never edit it: it is a reference that bars are
measured against (see :mod:`skipbo.games.skipbo.bots.v1`), and
``tests/test_frozen_bots.py`` fails if its moves change. What follows is the live
module's description as it was then.

The heuristic bot: races for its stock while watching the players after it.

Its idea in two sentences: like the reference heuristic (:mod:`skipbo.games.skipbo.bots.reference`)
it first takes the cheapest sequence of build plays that reaches one of its stock
tops; every other play is judged by what it offers the players who move after it
before the bot moves again (the next player most, the last one least, since the
build piles change as each plays; a player close to emptying its stock more; a
partner as help rather than harm), by the cards it keeps for its own stock, and by
the five new cards an emptied hand brings. With two players it plays only what
offers the opponent little, as the reference does; at a fuller table it plays nearly
every number card its hand can, the least offering first, and keeps its discard tops
for its plans to the stock (issue 24).

In detail, for the seat to move:

1. **Reach the stock** (:func:`stock_move`): :func:`~skipbo.games.skipbo.bots.reference.stock_plan`,
   as the reference; from three players on a number the plan needs is taken from the
   hand before a discard top (``BRIDGE_PLAYERS``).
2. **Empty the hand**: if every card of a hand without wilds can be played this turn
   (with discard tops as bridges), it does so (:func:`empty_hand_plan`): an emptied
   hand is refilled with five cards at once (R-TURN-4), new chances to reach the
   stock.
3. **Plays** (:func:`plays`): each play of a number card from the hand or a discard
   top is scored (:func:`~skipbo.games.skipbo.bots.reference.play_candidates`): a hand play and
   freeing a discard top count for it, a hand play the more (``HAND_FIRST_SCORE``:
   it plays its hand first, towards five new cards); a card just below its own
   stock top counts against it (``KEEP_VALUE``); so does the rise of
   :func:`exposure`, what the build piles offer the players after it, counted from
   where each player's public discard tops would take it. A play scores as the best
   run of plays it starts on its build pile, so a card that alone would hand the
   next player its stock top is played when the cards that carry the build pile
   past it are at hand. Wilds are kept for the stock. With two players a play is
   made when its score is above the reference's ``NO_PLAY_SCORE``; with three or
   more, above ``OPEN_PLAY_SCORE``, which only a play that hands a next player close
   to winning its stock top misses, and only from the hand: its discard tops are
   kept as bridges for the plans of step 1 (``BRIDGE_PLAYERS``).
4. **Discard** (:func:`discards`): a card of which the hand holds another first
   (``DUPLICATE_DISCARD_SCORE``), not a card just below its own stock top
   (``DISCARD_KEEP_FACTOR``), and otherwise as the reference (descending runs of
   playable tops, high cards first, never onto a wild).
5. **Keep the game going**: with two players and few cards left to draw it completes
   build piles (whose cards come back, R-DRAW-2) rather than let the game end blocked
   (R-WIN-2); at a fuller table its open play keeps the cards moving anyway.

Why it plays so freely at a full table: the build piles pass through every other
player before the bot moves again, so holding a card back rarely denies the player
it was kept from, while it keeps the bot's hand full, and a player draws only as many
cards as it played. A 4-player deal leaves 37 cards to draw, and cards come back only
from completed build piles (R-DRAW-2): the player who plays its cards sees new ones.
As one against three references, holding back as at two players won 20.8% of 800
4-player games (seed 7); the open play 33.0% (the figures are in the bots' guide).
For the same reason it plays from its hand and leaves its discard piles alone: a
card played from the hand is a new card drawn at its next turn (R-TURN-1), one
played from a discard pile is none, and a discard top waits there, out of every
other player's reach, as a step towards its stock. As one against three of the
heuristic that also played its discard tops, this won 30.4% and 31.0% of 4,000
4-player games (seeds 7 and 11; the unchanged copy 25.2% and 25.0%).

It draws no randomness (ties go to the first candidate in legal-move order), so it is
reproducible whatever its seed.

>>> import skipbo
>>> from skipbo.games.skipbo.bots.v1.heuristic import HeuristicBot
>>> seen = skipbo.view(skipbo.new_game(skipbo.Rules(players=4), seed=8), 0)
>>> len({HeuristicBot(seed).choose(seen) for seed in range(5)})  # the same move for any seed
1
"""

from __future__ import annotations

import attrs

from skipbo.common.budget import check_time_limit
from skipbo.games.skipbo.bots.reference import (
    NO_PLAY_SCORE,
    discard_candidates,
    next_number,
    play_candidates,
    stock_plan,
)
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.moves import Move, PlayFromDiscard, PlayFromHand
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.views import PlayerView, legal_moves

__all__ = [
    "BRIDGE_PLAYERS",
    "HeuristicBot",
    "discards",
    "empty_hand_plan",
    "exposure",
    "keep_values",
    "keeps_bridges",
    "plays",
    "stock_move",
]

SEAT_WEIGHTS = (1.0, 0.55, 0.3, 0.2, 0.15)
"""How much a build pile offered to the player 1, 2, 3, ... seats after counts.

The next player finds the build piles as this bot leaves them; each later player
finds them changed by the players in between, so what is offered counts less.
"""

PARTNER_HELP = 0.5
"""What a stock play offered to a partner is worth, against the same offered to an opponent."""

GAP_RISK = (10.0, 4.0, 1.5, 0.5)
"""What a build pile whose next number is 0, 1, 2, 3 below a stock top offers that stock."""

LEADER_STOCK = 5
"""A stock pile of this many cards or fewer is close to winning: its offers count double."""


KEEP_VALUE = (0.0, 3.0, 2.0, 1.0)
"""What a card 0, 1, 2, 3 below one of the bot's own stock tops is worth keeping.

With several players the build piles move a lot between two turns of the bot, so its
chance to reach a stock top then rests on the cards just below it that it holds.
"""


def keep_values(seen: PlayerView) -> dict[int, float]:
    """What keeping each number is worth to the seat to move (see ``KEEP_VALUE``)."""
    assert seen.player is not None
    values: dict[int, float] = {}
    for stock in seen.rules.seating.stock_sources[seen.player]:
        top = seen.stock_tops[stock]
        if top is None or top == WILD:
            continue
        for gap, value in enumerate(KEEP_VALUE):
            number = top - gap
            if number >= 1:
                values[number] = max(values.get(number, 0.0), value)
    return values


def _climb(piles: list[list[int]], need: int, top: int) -> int:
    """How far a player climbs from ``need`` towards ``top`` with public discard tops alone.

    A discard pile's top that fits is played, which shows the card below it: a
    descending run in a discard pile is a ladder anyone can see.
    """
    if need > top:
        return need
    piles = [pile.copy() for pile in piles]
    while need < top:
        pile = next((pile for pile in piles if pile and pile[-1] in (need, WILD)), None)
        if pile is None:
            break
        pile.pop()
        need += 1
    return need


def exposure(seen: PlayerView, needs: list[int]) -> float:
    """What build piles needing ``needs`` offer the players after the seat to move.

    For each later seat (in turn order) and each stock top it may play (R-TEAM-1/2),
    a need just below the top is an offer (``GAP_RISK``), counted from where the
    seat's own discard piles, played from their tops, would take it; weighted by the seat's distance
    (``SEAT_WEIGHTS``) and doubled for a nearly empty stock pile; an offer to a
    partner counts as help (negative, ``PARTNER_HELP``). A wild stock top can
    always be played, so nothing a play does changes it. Stock piles this seat plays
    itself are left out. The offer is a sum over the needs, each worked out once a view.
    """
    offers = _offers_of(seen)
    parts = []
    for need in needs:
        part = offers.by_need.get(need)
        if part is None:
            part = offers.by_need[need] = offers.of(need)
        parts.append(part)
    # Summed stock top by stock top, as the offers were first counted (the same
    # floating-point sums, so the same choices).
    total = 0.0
    for target in range(len(offers.targets)):
        for part in parts:
            total += part[target]
    return total


@attrs.frozen
class _Offers:
    """The stock tops a view's build piles may offer, with each need's offer worked out."""

    targets: list[tuple[float, list[list[int]], int]]
    """Each later seat's stock top it may play: weight, the seat's discard piles, the top."""
    by_need: dict[int, tuple[float, ...]]
    """What a build pile needing each number asked about so far offers each target."""

    def of(self, need: int) -> tuple[float, ...]:
        """What one build pile needing ``need`` offers each target (0.0: nothing)."""
        parts = []
        for weight, piles, top in self.targets:
            gap = top - _climb(piles, need, top)
            parts.append(weight * GAP_RISK[gap] if 0 <= gap < len(GAP_RISK) else 0.0)
        return tuple(parts)


_last_offers: tuple[PlayerView, _Offers] | None = None
"""The last view :func:`exposure` was asked about, with its offers.

The heuristic judges every candidate play of a move against one view: the offers of
that view serve them all. The view is held, so no other object takes its identity
while it is cached; the pair is replaced in one assignment, so a thread always finds
a view with its own offers.
"""


def _offers_of(seen: PlayerView) -> _Offers:
    """The :class:`_Offers` of ``seen`` (worked out once for the last view asked about)."""
    global _last_offers
    cached = _last_offers
    if cached is not None and cached[0] is seen:
        return cached[1]
    rules = seen.rules
    seating = rules.seating
    me = seen.player if seen.player is not None else seen.current_player
    mine = set(seating.stock_sources[me])
    team = seating.team_of[me]
    players = rules.players
    targets: list[tuple[float, list[list[int]], int]] = []
    for distance in range(1, players):
        seat = (me + distance) % players
        weight = SEAT_WEIGHTS[min(distance, len(SEAT_WEIGHTS)) - 1]
        if seating.team_of[seat] == team:
            weight = -weight * PARTNER_HELP
        tops = [
            list(pile)
            for source in seating.discard_sources[seat]
            for pile in seen.discards[source]
            if pile
        ]
        for stock in seating.stock_sources[seat]:
            top = seen.stock_tops[stock]
            if top is None or top == WILD or stock in mine:
                continue
            urgency = 2.0 if seen.stock_sizes[stock] <= LEADER_STOCK else 1.0
            targets.append((weight * urgency, tops, top))
    offers = _Offers(targets, {})
    _last_offers = (seen, offers)
    return offers


OPEN_PLAY_SCORE = -9.0
"""With three or more players a play is made when it scores above this.

A play scores at most this only when what it offers the players after it rises by
about ten: a stock top handed at once (``GAP_RISK[0]``) to a next player close to
winning (counted double, ``LEADER_STOCK``), or as much to several. Nearly every play is
made, the least offering first; the module docs say why.
"""


HAND_FIRST_SCORE = 2.0
"""What a play from the hand scores here, before what it offers (the reference's:
``skipbo.games.skipbo.bots.reference.HAND_PLAY_SCORE``).

Above what freeing a discard top scores (``skipbo.games.skipbo.bots.reference.DISCARD_TOP_SCORE``),
so the hand is played first: a hand emptied by plays is refilled with five cards
(R-TURN-4), where a discard pile's cards stay there for later turns. Tuned on
heuristic-only games (seed 1, 4,000 games each, seats rotated): against the
heuristic as it was with the reference's score, it won 56.5% with two players and
28.1% as one against three; 1.5 to 6 all did about as well.
"""


BRIDGE_PLAYERS = 3
"""From this many players on the heuristic keeps its discard tops as bridges.

It plays number cards from its hand only, outside plans (to a stock top, or emptying
the hand), and a plan takes a number from the hand before a discard top
(:func:`stock_move`). Every card played from the hand is a new card drawn at the
next turn (R-TURN-1), where a card played from a discard pile brings none; a discard
pile's cards wait there, out of every other player's reach, for a plan to the stock. As
one against three of the heuristic without it (4,000 games each, seats rotated):
30.4% and 31.0% of 4-player games (seeds 7 and 11; the unchanged copy 25.2% and
25.0%), 40.6% of 3-player and 19.7% of 6-player games (2,000, seed 7; even shares
33.3% and 16.7%); with two players (plans not yet falling back to the reference's
way) it won 49.8% of 3,000 (seed 7), so two players keep the reference's way. The
bots' guide has the figures.
"""


def keeps_bridges(rules: Rules) -> bool:
    """Whether the heuristic keeps its discard tops as bridges at ``rules`` (see above)."""
    return rules.players >= BRIDGE_PLAYERS


def stock_move(seen: PlayerView) -> Move | None:
    """The heuristic's first move of its cheapest plan to a stock top, if it has one.

    The reference's plan (:func:`~skipbo.games.skipbo.bots.reference.stock_plan`), taking hand
    cards before discard tops where the heuristic keeps its bridges
    (:func:`keeps_bridges`).
    """
    planned = stock_plan(seen, hand_first=keeps_bridges(seen.rules))
    return None if planned is None else planned[1]


def plays(seen: PlayerView, moves: list[Move]) -> list[Move]:
    """The plays of number cards that the heuristic would make in ``seen``, best first.

    ``moves`` are the legal moves of ``seen``. With two players only the plays that
    offer the opponent little, minding scarce cards (as the reference); with more,
    nearly every play from the hand (``OPEN_PLAY_SCORE``; discard tops are kept as
    bridges, ``BRIDGE_PLAYERS``), never a wild to complete a build pile.
    """
    if seen.rules.players <= 2:
        least, mind_scarcity = NO_PLAY_SCORE, True
    else:
        least, mind_scarcity = OPEN_PLAY_SCORE, False
    if keeps_bridges(seen.rules):
        # Only the hand's plays are scored: a discard top's would be dropped anyway.
        moves = [move for move in moves if isinstance(move, PlayFromHand)]
    return play_candidates(
        seen,
        moves,
        offers=exposure,
        keep=keep_values(seen),
        least=least,
        mind_scarcity=mind_scarcity,
        hand_play=HAND_FIRST_SCORE,
        runs=True,
    )


DISCARD_KEEP_FACTOR = 2.0
"""How many times its ``KEEP_VALUE`` discarding a card costs: it is kept in the hand.

A card just below a stock top of the bot's waits in the hand for the build pile to
come; on a discard pile it is covered by the next discard. Tuned with
``DUPLICATE_DISCARD_SCORE`` (see there).
"""

DUPLICATE_DISCARD_SCORE = 8.0
"""What discarding a card scores when the hand holds another card of its number.

More than any pile's fit, so a duplicate goes first: the hand keeps as many
different numbers as it can, so it can play on more build piles. Tuned on
heuristic-only games (4,000 each, seats rotated, seed 1), with the runs of
:func:`plays` and ``DISCARD_KEEP_FACTOR`` = 2, against the heuristic without the
three: 62.5% with two players, 27.4% as one against three (the runs alone: 55.6%
and 22.9%); 6 to 20 did about as well. The figures are in the bots' guide.
"""


def discards(seen: PlayerView, moves: list[Move]) -> list[Move]:
    """The heuristic's discards in ``seen``, best first (``moves``: its legal moves).

    The reference's order (:func:`~skipbo.games.skipbo.bots.reference.discard_candidates`), less
    what a card kept for the bot's stock tops is worth (``DISCARD_KEEP_FACTOR``),
    duplicates first (``DUPLICATE_DISCARD_SCORE``).
    """
    keep = keep_values(seen)
    return discard_candidates(
        seen,
        moves,
        cost={number: DISCARD_KEEP_FACTOR * value for number, value in keep.items()},
        duplicate=DUPLICATE_DISCARD_SCORE,
    )


EMPTY_HAND_NODES = 60
"""The most positions :func:`empty_hand_plan` looks at (it gives up beyond)."""


def empty_hand_plan(seen: PlayerView) -> Move | None:
    """The first move of a sequence of plays that empties the hand of number cards, if any.

    An emptied hand is refilled at once with five cards (R-TURN-4): new chances to
    reach the stock this turn, and more cards seen. The plays may use discard tops
    as bridges; a hand holding a wild is not emptied (the wild is kept for the stock).
    """
    hand = seen.hand
    assert hand is not None
    assert seen.player is not None
    if not hand or WILD in hand:
        return None
    highest = seen.rules.deck.highest
    sources = seen.rules.seating.discard_sources[seen.player]
    spots = [(d, i) for d in sources for i in range(len(seen.discards[d]))]
    start = (
        tuple(next_number(len(pile), highest) for pile in seen.builds),
        tuple(sorted(hand)),
        tuple(len(seen.discards[d][i]) for d, i in spots),
    )
    # Most hands hold a card that no build pile can reach through the hand's and the
    # discard tops' numbers: the search is skipped for them (this keeps the bot fast).
    numbers = set(hand) | {seen.discards[d][i][-1] for d, i in spots if seen.discards[d][i]}
    for card in set(hand):
        if not any(
            need <= card and all(number in numbers for number in range(need, card))
            for need in start[0]
        ):
            return None
    seen_positions: set[object] = set()

    def search(
        position: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
    ) -> list[Move] | None:
        needs, cards, depths = position
        if not cards:
            return []
        if position in seen_positions or len(seen_positions) >= EMPTY_HAND_NODES:
            return None
        seen_positions.add(position)
        for build, need in enumerate(needs):
            after = (*needs[:build], need % highest + 1, *needs[build + 1 :])
            if need in cards:
                index = cards.index(need)
                rest = search((after, cards[:index] + cards[index + 1 :], depths))
                if rest is not None:
                    return [PlayFromHand(need, build), *rest]
            for spot, depth in enumerate(depths):
                d, i = spots[spot]
                if depth and seen.discards[d][i][depth - 1] == need:
                    lower = (*depths[:spot], depth - 1, *depths[spot + 1 :])
                    rest = search((after, cards, lower))
                    if rest is not None:
                        return [PlayFromDiscard(d, i, build), *rest]
        return None

    plan = search(start)
    return plan[0] if plan else None


class HeuristicBot:
    """Reaches its stock first, and otherwise plays what does not hand the players after it theirs.

    See :mod:`skipbo.games.skipbo.bots.v1.heuristic`. ``seed`` is accepted like every bot's,
    but this bot draws no randomness; a move takes far less than any ``time_limit``.
    """

    def __init__(self, seed: int | None = None, *, time_limit: float | None = None) -> None:
        self.seed = seed
        self.time_limit = check_time_limit(time_limit)

    def choose(self, view: PlayerView) -> Move:
        """The heuristic's move for ``view.player``, the seat to move."""
        moves = legal_moves(view)
        if view.hand is None or len(moves) == 1:
            return moves[0]
        planned = stock_move(view)
        if planned is not None:
            return planned
        emptying = empty_hand_plan(view)
        if emptying is not None:
            return emptying
        chosen = plays(view, moves)
        if chosen:
            return chosen[0]
        discarded = discards(view, moves)
        if discarded:
            return discarded[0]
        # An empty hand: any play rather than a pass (R-WIN-2, R-TURN-8).
        return moves[0]
