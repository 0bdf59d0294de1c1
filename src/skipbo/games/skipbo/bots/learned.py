"""The learned bot: plays its turn to the end position its learned value rates best.

A turn of Skip-Bo is a run of build plays ended by a discard. Before its first move
the bot lists the distinct positions its turn can end in (:func:`turn_ends`): every
sequence of plays from its hand and its discard tops, each ended by one of the
discards of a card onto one of its discard piles. A line also ends where chance
comes in: a stock play shows a new stock top (R-TURN-3), a play that empties the hand
brings five new cards (R-TURN-4); the line stops there, and the bot plans again once
it sees the card. Lines reaching the same position count once. Each end position is
scored by a linear value of its features (:func:`end_features`, computed from the
seat's view alone: its own hand and discard piles, the build piles it leaves, every
seat's public stock tops, stock sizes, discard piles and hand sizes), fitted by
self-play (``python -m tools.train_learned``; see the guide "Train a bot by
self-play"); the bot plays the best line's moves one by one while the views it is
shown are those the line foretold.

The weights (:data:`skipbo.games.skipbo.bots.learned_weights.WEIGHTS`, 32 numbers for
two players and 58 for four) are fitted for two and for four players (individual play).
Another table size, team play, and a position with more than :data:`MAX_ENDS` end
positions are left to the heuristic
(:class:`~skipbo.games.skipbo.bots.heuristic.HeuristicBot`), as is a turn with an empty
hand. The bot draws no randomness at play time (ties go to the first line found), so
it is reproducible whatever its seed.

Known limit: it is not stronger than the heuristic it was trained from (on fresh
seeds 47.9% of 2,000 two-player games against it, 45.7% - 50.0%; as one against three
19.7% of 4,000 four-player games, under an even share); the guide "Train a bot by
self-play" has the figures. A move takes a few milliseconds of CPU (at most about
0.1 s).

>>> import skipbo
>>> from skipbo.games.skipbo.bots.learned import LearnedBot
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=4)
>>> seen = skipbo.view(state, state.current_player)
>>> LearnedBot().choose(seen) in skipbo.legal_moves(state)
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import attrs

from skipbo.common.budget import check_time_limit
from skipbo.games.skipbo.bots.heuristic import HeuristicBot
from skipbo.games.skipbo.bots.learned_weights import WEIGHTS
from skipbo.games.skipbo.cards import WILD
from skipbo.games.skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
)
from skipbo.games.skipbo.rules import Rules
from skipbo.games.skipbo.views import PlayerView, legal_moves

__all__ = [
    "FEATURES_PER_OPPONENT",
    "MAX_ENDS",
    "OWN_FEATURES",
    "STOCK_FIRST",
    "End",
    "LearnedBot",
    "Node",
    "TurnTable",
    "end_features",
    "feature_count",
    "root",
    "step",
    "turn_ends",
    "turn_table",
    "value",
    "weights_for",
]

OWN_FEATURES = 17
"""Features of the seat valued (see :func:`end_features`)."""

FEATURES_PER_OPPONENT = 13
"""Features of each other seat, in turn order from the seat valued."""

MAX_ENDS = 4000
"""The most end positions a turn's listing looks at; beyond, the heuristic moves."""

LEADER_STOCK = 5
"""A stock pile of this many cards or fewer is close to winning (its threats count twice)."""


def feature_count(players: int) -> int:
    """How many features :func:`end_features` gives at a table of ``players``.

    The constant term is included.
    """
    return OWN_FEATURES + FEATURES_PER_OPPONENT * (players - 1) + 2


def weights_for(rules: Rules) -> tuple[float, ...] | None:
    """The shipped weights the bot plays ``rules`` with, or ``None`` (the heuristic plays).

    The weights are fitted for two and for four players in individual play; the features
    are per seat, so another table size (or team play) has none.
    """
    if rules.team_play:
        return None
    return WEIGHTS.get(rules.players)


@attrs.frozen(slots=True)
class Node:
    """The seat's own part of a position during its turn, as its view shows it."""

    needs: tuple[int, ...]
    """The number each build pile takes next (R-BUILD-2)."""
    hand: tuple[int, ...]
    """The seat's hand, sorted."""
    discards: tuple[tuple[int, ...], ...]
    """The seat's own discard piles (tops last)."""
    stock_size: int
    """Cards left in the seat's stock pile."""
    stock_top: int | None
    """Its top, ``None`` when it is empty or not yet seen (after a stock play)."""
    ended: str | None = None
    """Why the turn's line stops here: ``"discard"`` (the turn is over), ``"stock"`` (a
    new stock top to see), ``"refill"`` (an emptied hand to refill), ``"win"`` (the
    stock is empty); ``None`` while the turn goes on."""


@attrs.frozen(slots=True)
class End:
    """A position a turn can end in, with the moves that lead there from the root."""

    node: Node
    line: tuple[Move, ...]


def root(seen: PlayerView) -> Node:
    """The seat's node in ``seen``.

    Individual play: seat ``p`` owns stock pile ``p`` and discard set ``p``.
    """
    me = seen.player
    assert me is not None
    assert seen.hand is not None
    highest = seen.rules.deck.highest
    return Node(
        needs=tuple(len(pile) % highest + 1 for pile in seen.builds),
        hand=seen.hand,
        discards=seen.discards[me],
        stock_size=seen.stock_sizes[me],
        stock_top=seen.stock_tops[me],
    )


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]


def step(node: Node, move: Move, highest: int) -> Node:
    """The node after the seat makes ``move`` (a legal move of the seat in ``node``).

    A build pile that reaches ``highest`` is complete and takes a 1 next (R-BUILD-4).

    Raises:
        ValueError: for a pass, which ends no line (the hand is empty).

    """
    if isinstance(move, Discard):
        piles = list(node.discards)
        piles[move.pile] = (*piles[move.pile], move.card)
        hand = _without(node.hand, move.card)
        return Node(node.needs, hand, tuple(piles), node.stock_size, node.stock_top, "discard")
    if isinstance(move, Pass):
        raise ValueError("a pass ends no line: the hand is empty")
    needs = list(node.needs)
    needs[move.build] = needs[move.build] % highest + 1
    if isinstance(move, PlayFromHand):
        hand = _without(node.hand, move.card)
        return Node(
            tuple(needs),
            hand,
            node.discards,
            node.stock_size,
            node.stock_top,
            None if hand else "refill",
        )
    if isinstance(move, PlayFromDiscard):
        piles = list(node.discards)
        piles[move.pile] = piles[move.pile][:-1]
        return Node(tuple(needs), node.hand, tuple(piles), node.stock_size, node.stock_top)
    size = node.stock_size - 1
    return Node(tuple(needs), node.hand, node.discards, size, None, "win" if size == 0 else "stock")


def _moves(node: Node, me: int) -> Iterator[Move]:
    """The seat's distinct moves in ``node``, up to equal results.

    A card onto build piles needing the same number, or onto equal discard piles, is
    listed once.
    """
    seen_needs: set[tuple[int, int]] = set()
    for card in dict.fromkeys(node.hand):
        for build, need in enumerate(node.needs):
            if (card in (need, WILD)) and (card, need) not in seen_needs:
                seen_needs.add((card, need))
                yield PlayFromHand(card, build)
    for index, pile in enumerate(node.discards):
        if not pile:
            continue
        top = pile[-1]
        done: set[int] = set()
        for build, need in enumerate(node.needs):
            if (top in (need, WILD)) and need not in done:
                done.add(need)
                yield PlayFromDiscard(me, index, build)
    stock_top = node.stock_top
    if stock_top is not None:
        done = set()
        for build, need in enumerate(node.needs):
            if (stock_top in (need, WILD)) and need not in done:
                done.add(need)
                yield PlayFromStock(me, build)
    piles = list(dict.fromkeys(node.discards))
    for card in dict.fromkeys(node.hand):
        for pile in piles:
            yield Discard(card, node.discards.index(pile))


def turn_ends(seen: PlayerView, limit: int = MAX_ENDS) -> list[End] | None:
    """The distinct positions the turn of ``seen``'s seat can end in, each with a line.

    ``None`` when there are more than ``limit``. Positions are told apart by the build
    piles' needs (as a multiset), the hand, the discard piles (as a multiset) and the
    stock: lines reaching the same one count once (the first found is kept).
    """
    me = seen.player
    assert me is not None
    highest = seen.rules.deck.highest
    ends: dict[object, End] = {}
    visited: set[object] = set()
    stack: list[tuple[Node, tuple[Move, ...]]] = [(root(seen), ())]
    while stack:
        node, line = stack.pop()
        for move in _moves(node, me):
            after = step(node, move, highest)
            key = (
                tuple(sorted(after.needs)),
                after.hand,
                tuple(sorted(after.discards)),
                after.stock_size,
                after.ended,
            )
            if after.ended is not None:
                if key not in ends:
                    if len(ends) >= limit:
                        return None
                    ends[key] = End(after, (*line, move))
            elif key not in visited:
                visited.add(key)
                stack.append((after, (*line, move)))
    return list(ends.values())


def _climb(piles: Sequence[tuple[int, ...]], need: int, top: int, highest: int) -> int:
    """How many numbers from ``need`` up to ``top`` a seat's discard tops cannot cover.

    Its public discard piles are played from the top, so a descending run is a ladder.
    """
    gap = (top - need) % highest
    if gap == 0:
        return 0
    tops = [list(pile) for pile in piles if pile]
    while gap:
        pile = next((pile for pile in tops if pile[-1] in (need, WILD)), None)
        if pile is None:
            break
        pile.pop()
        if not pile:
            tops.remove(pile)
        need = need % highest + 1
        gap -= 1
    return gap


@attrs.frozen
class TurnTable:
    """What a view's features share across the turn's end positions.

    Made by :func:`~skipbo.games.skipbo.bots.learned.turn_table`.
    """

    rules: Rules
    """The variant played."""
    me: int
    """The seat valued."""
    opponents: list[tuple[int, tuple[float, ...], int | None, int]]
    """Each other seat in turn order: its seat, its fixed features, stock top, stock size."""
    tail: tuple[float, ...]
    """The table's features after the seats' (draw pile), the constant last."""
    by_needs: dict[tuple[int, ...], list[float]]
    """The other seats' features by the build piles' needs, worked out once each."""


def turn_table(seen: PlayerView) -> TurnTable:
    """The features of ``seen`` that every end position of the seat's turn shares."""
    rules = seen.rules
    me = seen.player
    assert me is not None
    opponents: list[tuple[int, tuple[float, ...], int | None, int]] = []
    for distance in range(1, rules.players):
        seat = (me + distance) % rules.players
        size = seen.stock_sizes[seat]
        share = size / rules.stock_size
        fixed: tuple[float, ...] = (
            share,
            share * share,
            1.0 / (size + 1),
            float(sum(pile[-1] == WILD for pile in seen.discards[seat] if pile)),
            seen.hand_sizes[seat] / rules.hand_size,
        )
        opponents.append((seat, fixed, seen.stock_tops[seat], size))
    return TurnTable(rules, me, opponents, (seen.draw_pile_size / 100, 1.0), {})


def _threats(seen: PlayerView, table: TurnTable, needs: tuple[int, ...]) -> list[float]:
    """The other seats' features, which depend on the build piles the seat leaves."""
    cached = table.by_needs.get(needs)
    if cached is not None:
        return cached
    highest = table.rules.deck.highest
    features: list[float] = []
    for seat, fixed, top, size in table.opponents:
        gaps = [0.0] * 8
        if top is not None:
            if top == WILD:
                gap = 0
            else:
                gap = min(_climb(seen.discards[seat], need, top, highest) for need in needs)
            if gap < 4:
                gaps[gap] = 1.0
                if size <= LEADER_STOCK:
                    gaps[4 + gap] = 1.0
        features += [*fixed, *gaps]
    table.by_needs[needs] = features
    return features


def end_features(seen: PlayerView, table: TurnTable, node: Node) -> list[float]:
    """The features of the end position ``node`` of ``seen``'s seat (constant last).

    The seat's own: its stock share, its square, 1 / (stock + 1); whether a new stock
    top is still to be seen; how many numbers from the nearest build pile's need to its
    stock top its hand and discard tops cannot supply, less its wilds (0, 1, 2, 3 or
    more, one-hot); its hand cards one to three below its stock top; the wilds in its
    hand and on its discard tops; its hand's size; whether an emptied hand is to be
    refilled; the hand's repeated cards; its non-empty discard piles and the cards in
    them (in tens); its discard tops that a build pile takes next. Then each other seat
    in turn order: stock share, its square, 1 / (stock + 1), wilds on its discard tops,
    hand size, and how many numbers from the nearest build pile's need to its stock top
    its discard tops cannot supply (0 to 3, one-hot, then again only when its stock has
    ``LEADER_STOCK`` cards or fewer). Last the draw pile (in hundreds) and a constant.
    """
    rules = table.rules
    highest = rules.deck.highest
    hand = node.hand
    size = node.stock_size
    share = size / rules.stock_size
    tops = [pile[-1] for pile in node.discards if pile]
    wilds = hand.count(WILD)
    reach = [0.0] * 4
    below = 0.0
    top = node.stock_top
    if top is not None:
        if top == WILD:
            reach[0] = 1.0
        else:
            have = set(hand) | set(tops)
            best = highest
            for need in node.needs:
                missing = 0
                number = need
                while number != top and missing <= 3 + wilds:
                    if number not in have:
                        missing += 1
                    number = number % highest + 1
                best = min(best, missing)
            reach[min(3, max(0, best - wilds))] = 1.0
            below = float(sum(1 for card in set(hand) if 1 <= top - card <= 3))
    own = [
        share,
        share * share,
        1.0 / (size + 1),
        float(node.ended == "stock"),
        *reach,
        below,
        float(wilds),
        float(sum(card == WILD for card in tops)),
        len(hand) / rules.hand_size,
        float(node.ended == "refill"),
        float(len(hand) - len(set(hand))),
        len(tops) / max(1, len(node.discards)),
        sum(map(len, node.discards)) / 10,
        float(sum(1 for card in tops if card in node.needs)),
    ]
    return [*own, *_threats(seen, table, node.needs), *table.tail]


def _score(features: Sequence[float], weights: Sequence[float]) -> float:
    total = 0.0
    for feature, weight in zip(features, weights, strict=True):
        total += feature * weight
    return total


STOCK_FIRST = 1000.0
"""What a line ending in a stock play scores above its value: more than any value's
spread, so a line that reaches the stock top beats every line that does not, and the
value chooses among the lines that reach it (which cards to spend on the way)."""


def value(seen: PlayerView, table: TurnTable, node: Node, weights: Sequence[float]) -> float:
    """The score of end position ``node``.

    The learned value's logit, ``STOCK_FIRST`` more after a stock play, infinite for a
    win.
    """
    if node.ended == "win":
        return float("inf")
    score = _score(end_features(seen, table, node), weights)
    return score + STOCK_FIRST if node.ended == "stock" else score


class LearnedBot:
    """Plays its turn to the end position its learned value rates best.

    See :mod:`skipbo.games.skipbo.bots.learned`. ``weights`` replace the shipped ones
    (training passes its own); ``explore`` (training only) is the chance of playing to
    a random end position instead of the best, drawn from the bot's seeded generator;
    ``max_ends`` is the most end positions a turn's listing may find before the bot
    leaves the move to the heuristic.
    A move takes far less than any ``time_limit``.

    Raises:
        ValueError: if ``weights`` are not of
            :func:`~skipbo.games.skipbo.bots.learned.feature_count` features for some
            table size, or ``time_limit`` is not ``None`` or a positive number.

    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        time_limit: float | None = None,
        weights: Mapping[int, Sequence[float]] | None = None,
        explore: float = 0.0,
        max_ends: int = MAX_ENDS,
    ) -> None:
        import random

        self.seed = seed
        self.time_limit = check_time_limit(time_limit)
        if weights is not None:
            for players, table in weights.items():
                if len(table) != feature_count(players):
                    raise ValueError(
                        f"the weights for {players} players need {feature_count(players)} "
                        f"values, got {len(table)}"
                    )
        self._weights = None if weights is None else {k: tuple(v) for k, v in weights.items()}
        self._explore = explore
        self._max_ends = max_ends
        self._rng = random.Random(seed)
        self._fallback = HeuristicBot()
        self._plan: tuple[tuple[int, int, int], list[tuple[Move, Node]]] | None = None

    def _table_weights(self, rules: Rules) -> tuple[float, ...] | None:
        if self._weights is None:
            return weights_for(rules)
        if rules.team_play:
            return None
        return self._weights.get(rules.players)

    def choose(self, view: PlayerView) -> Move:
        """The next move of the best line for ``view.player``, the seat to move."""
        moves = legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        weights = self._table_weights(view.rules)
        if weights is None or not view.hand:
            return self._fallback.choose(view)
        planned = self._planned(view)
        if planned is not None and planned in moves:
            return planned
        ends = turn_ends(view, self._max_ends)
        if not ends:
            return self._fallback.choose(view)
        table = turn_table(view)
        scores = [value(view, table, end.node, weights) for end in ends]
        if self._explore and self._rng.random() < self._explore:
            best = self._rng.randrange(len(ends))
        else:
            best = max(range(len(ends)), key=scores.__getitem__)
        line = ends[best].line
        node = root(view)
        steps = []
        for move in line:
            node = step(node, move, view.rules.deck.highest)
            steps.append((move, node))
        assert view.player is not None
        self._plan = ((view.turn, view.player, view.turn_moves), steps)
        return line[0] if line[0] in moves else self._fallback.choose(view)

    def _planned(self, view: PlayerView) -> Move | None:
        """The plan's next move if ``view`` is the position the plan foretold."""
        plan = self._plan
        if plan is None:
            return None
        (turn, player, made), steps = plan
        done = view.turn_moves - made
        if view.turn != turn or view.player != player or not 1 <= done < len(steps):
            return None
        expected = steps[done - 1][1]
        if attrs.evolve(root(view), ended=expected.ended) != expected:
            return None
        return steps[done][0]
