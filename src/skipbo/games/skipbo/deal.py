"""Setting up a game: :func:`new_game` (R-SETUP-*).

>>> import skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=3), seed=42)
>>> [len(pile) for pile in state.stocks], len(state.hand), state.current_player
([30, 30, 30], 5, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from skipbo.common.naming import type_name
from skipbo.common.randomness import SEED_BITS, secret_seed, shuffle
from skipbo.errors import ConfigurationError
from skipbo.games.skipbo.cards import WILD, Card
from skipbo.games.skipbo.draw import fill_hand
from skipbo.games.skipbo.rules import FirstPlayer, Rules
from skipbo.games.skipbo.state import GameState, Pile

__all__ = ["deal", "new_game"]


def new_game(rules: Rules, *, seed: int | None = None) -> GameState:
    """Shuffle, deal and return the state at the start of the first turn.

    Deterministic: the same ``rules`` and ``seed`` always give the same state, and
    (through :func:`skipbo.apply`) the same moves then give the same states.

    **The seed is the referee's secret.** Every hidden card (the other hands, the
    stock cards below the tops, the draw pile's order) follows from it: a player
    who knows or guesses the seed deals the same game and reads them all. Without
    ``seed`` the game is dealt with a fresh 64-bit seed from the operating system's
    randomness, which is what a real game (a server, an app) must do; pass a seed
    only to reproduce a game (tests, examples, a replay) or when nobody plays for
    real. The state keeps the seed of its next reshuffle, never shown to players.

    Each stock pile gets ``rules.stock_size`` cards (R-SETUP-2, R-SETUP-3); the rest
    form the draw pile (R-SETUP-4); the starting player is chosen (R-SETUP-5) and
    fills the hand (R-SETUP-7, R-TURN-1). Other hands stay empty until their turn.

    Raises:
        TypeError: if ``rules`` is not a :class:`Rules` or ``seed`` not an ``int``
            or ``None``.

    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a skipbo.Rules, got {type_name(rules)}")
    if seed is None:
        seed = secret_seed()
    elif type(seed) is not int:
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    deck, next_seed = shuffle(rules.deck.cards(), seed)
    return _deal(rules, deck, next_seed)


def deal(rules: Rules, cards: Sequence[Card], *, seed: int) -> GameState:
    """Deal a deck already in order: the state at the start of the first turn.

    :func:`~skipbo.new_game` is this function applied to a shuffled deck. Use it to set up a
    known deal (a physical deal entered by hand, a test, exhaustive checking over
    every order of a small deck). Stock pile ``s`` takes ``cards[s * n : (s + 1) * n]``
    for stock size ``n``, its top being the last of them (R-SETUP-2, R-SETUP-3); the
    rest form the draw pile, top last (R-SETUP-4). ``seed`` seeds whatever comes
    later: the dealer draw of R-SETUP-5 (a) and every reshuffle (R-DRAW-2).

    Raises:
        TypeError: if ``rules`` is not a :class:`~skipbo.Rules` or ``seed`` not an ``int``.
        ConfigurationError: if ``cards`` are not exactly the cards of the deck.

    >>> from skipbo import Deck, Rules
    >>> rules = Rules(players=2, deck=Deck(copies=1, wilds=1, highest=3), stock_size=1,
    ...               hand_size=1)
    >>> state = deal(rules, (3, 2, 1, 0), seed=0)
    >>> state.stocks, state.hands, state.draw_pile
    (((3,), (2,)), ((0,), ()), (1,))

    .. versionadded:: 0.1.0

    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a skipbo.Rules, got {type_name(rules)}")
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, got {type(seed).__name__}")
    deck = tuple(cards)
    if sorted(deck, key=repr) != sorted(rules.deck.cards(), key=repr):
        raise ConfigurationError("cards", "must be exactly the cards of rules.deck, in any order")
    return _deal(rules, deck, seed)


def _deal(rules: Rules, deck: tuple[Card, ...], next_seed: int) -> GameState:
    """Lay out ``deck`` (R-SETUP-2 .. R-SETUP-7); ``next_seed`` seeds what follows."""
    size = rules.stock_size
    stocks = tuple(deck[s * size : (s + 1) * size] for s in range(rules.stock_pile_count))
    draw_pile = deck[rules.stock_pile_count * size :]
    first, next_seed = _first_player(rules, stocks, next_seed)
    hands: list[Pile] = [()] * rules.players
    hand, draw_pile, completed, next_seed = fill_hand(rules.hand_size, (), draw_pile, (), next_seed)
    hands[first] = hand
    empty: Pile = ()
    return GameState(
        rules=rules,
        stocks=stocks,
        discards=((empty,) * rules.discard_pile_count,) * rules.stock_pile_count,
        hands=tuple(hands),
        builds=(empty,) * rules.build_pile_count,
        draw_pile=draw_pile,
        completed=completed,
        current_player=first,
        turn=1,
        turn_moves=0,
        empty_passes=0,
        outcome=None,
        shuffle_seed=next_seed,
    )


def _first_player(rules: Rules, stocks: tuple[Pile, ...], seed: int) -> tuple[int, int]:
    """The starting seat (R-SETUP-5) and the seed left for later shuffles."""
    rule = rules.first_player
    if rule is FirstPlayer.HIGHEST_STOCK_TOP:
        # (b) wild counts highest (engine decision); max() keeps the earliest seat on ties.
        def rank(seat: int) -> int:
            top = stocks[rules.seating.own_stock[seat]][-1]
            return rules.deck.highest + 1 if top == WILD else top

        return max(range(rules.players), key=rank), seed
    if rule is FirstPlayer.DEALER_DRAW:
        rng = random.Random(seed)
        dealer = draw_dealer(rules, rng)
        return (dealer + 1) % rules.players, rng.getrandbits(SEED_BITS)
    return rule, seed


def draw_dealer(rules: Rules, rng: random.Random) -> int:
    """Draw for the dealer (R-SETUP-5 a): the highest number deals.

    Each player in the draw takes a card from a freshly shuffled deck. Wilds do not
    count: a player who draws one draws again, which is the same as drawing from the
    number cards alone. Players tied for highest draw again among themselves
    (engine decision); :class:`Rules` checks that the deck makes this end.
    """
    numbers = [card for card in rules.deck.cards() if card != WILD]
    candidates = list(range(rules.players))
    while len(candidates) > 1:
        cards = rng.sample(numbers, len(candidates))
        best = max(cards)
        candidates = [seat for seat, card in zip(candidates, cards, strict=True) if card == best]
    return candidates[0]
