"""One place for the Hypothesis strategies of the test suite.

``game_states()`` plays random legal moves from a seeded game, so every generated
state is reachable.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs
from hypothesis import strategies as st

import skipbo
from skipbo import ConfigurationError, Deck, FirstPlayer, GameState, Move, Rules
from tests.helpers import forged

SMALL_DECKS = (
    Deck(copies=2, wilds=1, highest=3),
    Deck(copies=2, wilds=2, highest=4),
    Deck(copies=3, wilds=2, highest=5),
    Deck(copies=4, wilds=4, highest=6),
)


@st.composite
def decks(draw: st.DrawFn) -> Deck:
    """Small decks for fast games, and the two standard decks."""
    return draw(
        st.sampled_from((*SMALL_DECKS, Deck.mattel(), Deck.international_games()))
        | st.builds(
            Deck,
            copies=st.integers(1, 4),
            wilds=st.integers(0, 6),
            highest=st.integers(2, 8),
        )
    )


def _bounds(draw: st.DrawFn) -> dict[str, int | None]:
    """R-WIN-4's bounds: the defaults, none, or small ones that games reach."""
    default = Rules()
    return {
        "turn_move_limit": draw(
            st.sampled_from((default.turn_move_limit, None)) | st.integers(1, 12)
        ),
        "stall_limit": draw(st.sampled_from((default.stall_limit, None)) | st.integers(1, 40)),
    }


@st.composite
def individual_rules(draw: st.DrawFn) -> Rules:
    """Rules of individual play: 2-6 players, stock sizes 1-30 that the deck can deal."""
    players = draw(st.integers(2, 6))
    deck = draw(decks())
    hand_size = draw(st.integers(1, 5))
    most = (deck.size - hand_size) // players
    if most < 1:
        deck = Deck.mattel()
        most = (deck.size - hand_size) // players
    stock_size = draw(st.integers(1, min(30, most)))
    turn_limit = draw(st.none() | st.integers(1, 400))
    return _with_first_player(
        draw,
        players=players,
        deck=deck,
        stock_size=stock_size,
        hand_size=hand_size,
        turn_limit=turn_limit,
        **_bounds(draw),
    )


@st.composite
def team_rules(draw: st.DrawFn) -> Rules:
    """Team play in both forms: the partner form (R-TEAM-1: 2 or 3 pairs) and the
    shared-piles form (R-TEAM-2: 6-12 players in 2 or 3 teams of two or more), seats
    dealt to teams at random (partners need not sit together, R-TEAM-5)."""
    count = draw(st.integers(2, 3))
    shared = draw(st.booleans())
    players = draw(st.integers(max(6, 2 * count), 12)) if shared else 2 * count
    seats = draw(st.permutations(range(players)))
    teams = [list(seats[2 * team : 2 * team + 2]) for team in range(count)]
    for seat in seats[2 * count :]:
        teams[draw(st.integers(0, count - 1))].append(seat)
    deck = draw(decks())
    hand_size = draw(st.integers(1, 5))
    stock_piles = 2 * count  # two a team in both forms
    most = (deck.size - hand_size) // stock_piles
    if most < 1:
        deck = Deck.mattel()
        most = (deck.size - hand_size) // stock_piles
    sizes: st.SearchStrategy[int | None] = st.integers(1, min(30, most))
    if (30 if stock_piles <= 4 else 20) <= most:
        sizes = st.none() | sizes  # the default of R-TEAM-5
    stock_size = draw(sizes)
    default = {} if stock_size is None else {"stock_size": stock_size}
    return _with_first_player(
        draw,
        players=players,
        teams=teams,
        shared_piles=shared,
        deck=deck,
        **default,
        hand_size=hand_size,
        turn_limit=draw(st.none() | st.integers(1, 400)),
        **_bounds(draw),
    )


def _with_first_player(draw: st.DrawFn, **fields: Any) -> Rules:
    """``Rules(**fields)`` with any starting-player rule of R-SETUP-5 (the dealer draw
    when the deck allows it, else an explicit seat)."""
    first = draw(st.integers(0, fields["players"] - 1) | st.sampled_from(FirstPlayer))
    try:
        return Rules(first_player=first, **fields)
    except ConfigurationError as error:
        if error.parameter != "first_player / deck":
            raise
        return Rules(first_player=0, **fields)


def rules() -> st.SearchStrategy[Rules]:
    """Every rules configuration the engine supports: individual and team play, every
    starting-player rule, any deck (both named decks included), stock sizes from 1
    (short games among them), optional turn limits and R-WIN-4's bounds."""
    return individual_rules() | team_rules()


def random_game(rules: Rules, seed: int, max_moves: int | None = None) -> list[GameState]:
    """The states of a game played with uniformly random legal moves (seeded)."""
    rng = random.Random(seed)
    state = skipbo.new_game(rules, seed=seed)
    states = [state]
    while not skipbo.is_over(state) and (max_moves is None or len(states) <= max_moves):
        state = skipbo.apply(state, rng.choice(skipbo.legal_moves(state)))
        states.append(state)
    return states


@st.composite
def game_states(
    draw: st.DrawFn, rules_strategy: st.SearchStrategy[Rules] | None = None
) -> GameState:
    """A reachable state: a seeded game after a random number of random legal moves."""
    chosen = draw(rules_strategy if rules_strategy is not None else rules())
    seed = draw(st.integers(0, 2**32))
    moves = draw(st.integers(0, 300))
    return random_game(chosen, seed, max_moves=moves)[-1]


def moves(rules: Rules) -> st.SearchStrategy[Move]:
    """Any move of the whole move space of ``rules`` (legal or not), plus out-of-range ones.

    Negative fields are forged: the constructors refuse them (tests/skipbo/test_moves.py).
    """
    index = st.integers(
        -1, max(rules.build_pile_count, rules.discard_pile_count, rules.stock_pile_count)
    )
    card = st.integers(-1, rules.deck.highest + 1)
    return st.sampled_from(skipbo.all_moves(rules)) | st.one_of(
        st.builds(forged, st.just(skipbo.PlayFromHand), card, index),
        st.builds(forged, st.just(skipbo.PlayFromStock), index, index),
        st.builds(forged, st.just(skipbo.PlayFromDiscard), index, index, index),
        st.builds(forged, st.just(skipbo.Discard), card, index),
        st.just(skipbo.Pass()),
    )


def malformed_moves() -> st.SearchStrategy[Move]:
    """Moves whose fields are no index or card at all: bools, floats, text, None, huge ints.

    ``True == 1`` and ``1.0 == 1``, so some of these *equal* legal moves; the engine
    must still reject them (an index is an ``int``, never a ``bool``).
    """
    junk: st.SearchStrategy[Any] = st.one_of(
        st.booleans(),
        st.floats(),
        st.text(max_size=2),
        st.none(),
        st.integers(-(2**70), 2**70),
        st.tuples(st.integers(0, 3)),
    )
    return st.one_of(
        # Forged: the constructors refuse such fields (tests/skipbo/test_moves.py).
        st.builds(forged, st.just(skipbo.PlayFromHand), junk, junk),
        st.builds(forged, st.just(skipbo.PlayFromStock), junk, junk),
        st.builds(forged, st.just(skipbo.PlayFromDiscard), junk, junk, junk),
        st.builds(forged, st.just(skipbo.Discard), junk, junk),
    )


# --- hidden information and untrusted documents (views, serialization) -------------------


@st.composite
def hidden_redeals(draw: st.DrawFn, state: GameState, player: int | None) -> GameState:
    """``state`` with everything hidden from ``player`` dealt again (R-INFO-3).

    The other hands, the stock cards below the tops, the draw pile's order, the
    completed cards (their piles reordered, and wilds in them exchanged with hidden
    number cards and back) and the shuffle seed change; everything public and
    ``player``'s own hand stay. Cards are conserved, so the result is a valid state.
    """
    rules = state.rules
    highest = rules.deck.highest
    others = [seat for seat in range(rules.players) if seat != player]
    pool: list[int] = [card for seat in others for card in state.hands[seat]]
    pool += [card for pile in state.stocks for card in pile[:-1]]
    pool += state.draw_pile
    blocks = [state.completed[i : i + highest] for i in range(0, len(state.completed), highest)]
    blocks = draw(st.permutations(blocks)) if blocks else []
    completed: list[int] = []
    for block in blocks:
        for position, card in enumerate(block, start=1):
            # R-BUILD-3: a wild may stand for the number in a completed pile and back.
            swap = skipbo.WILD if card == position else position
            if swap in pool and draw(st.booleans()):
                pool[pool.index(swap)] = card
                card = swap
            completed.append(card)
    pool = draw(st.permutations(pool))

    def take(count: int) -> tuple[int, ...]:
        nonlocal pool
        taken, pool = tuple(pool[:count]), pool[count:]
        return taken

    hands = tuple(
        hand if seat == player else tuple(sorted(take(len(hand))))
        for seat, hand in enumerate(state.hands)
    )
    stocks = tuple(take(len(pile) - 1) + pile[-1:] if pile else () for pile in state.stocks)
    return attrs.evolve(
        state,
        hands=hands,
        stocks=stocks,
        draw_pile=take(len(state.draw_pile)),
        completed=tuple(completed),
        shuffle_seed=draw(st.integers(0, 2**64 - 1)),
    )


def oversized_values() -> st.SearchStrategy[Any]:
    """Values hostile by size: large integers, long strings (and moves), deep nesting.

    Integers of more than 4,300 digits, which ``str()`` refuses, are tested in
    tests/test_trust.py: Hypothesis itself cannot print them.
    """
    return st.one_of(
        st.integers(2**64, 2**80),
        st.integers(-(2**80), -(2**64)),
        st.builds(
            lambda text, count: text * count,
            st.sampled_from(["1", "x", "W", "h5>b0 "]),
            st.integers(1_000, 200_000),
        ),
        st.builds(lambda digits: f"s{'1' * digits}>b0", st.integers(40, 5_000)),
        st.builds(lambda depth: _nested(depth), st.integers(50, 500)),
    )


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def json_values() -> st.SearchStrategy[Any]:
    """Any JSON value (for fuzzing the loaders): nulls, booleans, numbers, text, nesting,
    and values hostile by size."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.integers(-2, 14),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=8),
        st.sampled_from(["W", "pass", "h5>b0", "state", "view", "rules", "dealer-draw"]),
        oversized_values(),
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
        ),
        max_leaves=20,
    )


@st.composite
def mutated_documents(draw: st.DrawFn, document: Any) -> Any:
    """A copy of a JSON document with a few random changes at random places.

    A change swaps two integers of the document (which keeps a state's cards
    conserved, so that only the finer checks can reject it), nudges an integer,
    replaces a value by another value of the document or by any JSON value, deletes
    or adds an object field, or removes or duplicates an array item.
    """
    document = copy.deepcopy(document)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        places: list[tuple[Any, Any]] = []  # (container, key or index)
        stack: list[Any] = [document]
        while stack:
            node = stack.pop()
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                places.append((node, key))
                if isinstance(value, dict | list):
                    stack.append(value)
        if not places:
            break
        numbers = [(node, key) for node, key in places if type(node[key]) is int]
        change = draw(
            st.sampled_from(["swap", "swap", "nudge", "replace", "copy", "remove", "grow"])
        )
        if change in ("swap", "nudge") and numbers:
            node, key = draw(st.sampled_from(numbers))
            if change == "swap":
                other, where = draw(st.sampled_from(numbers))
                node[key], other[where] = other[where], node[key]
            else:
                node[key] += draw(st.sampled_from([-1, 1, 12, -(2**64), 2**70]))
            continue
        node, key = draw(st.sampled_from(places))
        value = node[key]
        if change == "copy":
            source, where = draw(st.sampled_from(places))
            node[key] = copy.deepcopy(source[where])
        elif change == "remove":
            del node[key]
        elif change == "grow" and isinstance(node, list):
            node.insert(key, copy.deepcopy(value))
        elif change == "grow":
            node[draw(st.text(max_size=6))] = draw(json_values())
        else:
            node[key] = draw(json_values())
    return document
