"""Observations: a fixed-length numeric encoding of a player's view, and a text one.

Learning agents need a vector of the same length in every state of a variant.
:func:`observation` encodes a :class:`~skipbo.games.skipbo.views.PlayerView` (never a
:class:`~skipbo.GameState`, so it holds nothing hidden, R-INFO-3) as a tuple of
integers; :func:`observation_array` gives the same numbers as a NumPy ``float32``
array, and :func:`seat_observation_array` the same array filled straight from a state
for one seat (the environments' fast path; it reads only what that seat's view
shows). The layout depends only on the :class:`~skipbo.Rules` (and the discard
depth) and is described by :func:`observation_layout`: named fields, one after another.

Cards are one-hot over the ``H + 1`` cards of the deck, wild first (index 0 is
:data:`~skipbo.WILD`, index ``v`` the number ``v``); an empty place is all zeros.
Piles, stock piles and discard sets keep the engine's indices, the same as the
integer actions of :mod:`skipbo.games.skipbo.actions`, so a policy reads "stock pile 1" in both.

Importing this module registers :data:`ENCODER`, Skip-Bo's encoder for the environments,
for :class:`skipbo.Rules` (:func:`skipbo.observation.encoder.register_encoder`).

>>> import skipbo
>>> from skipbo.observation.skipbo import observation, observation_layout
>>> rules = skipbo.Rules(players=2)
>>> layout = observation_layout(rules)
>>> layout.size  # 2+2+2 seats, 13 hand, 2+2+26+2 stocks, 48 builds, 312+8 discards, 2+1+1
423
>>> obs = observation(skipbo.view(skipbo.new_game(rules, seed=1), 0))
>>> len(obs) == layout.size, layout.read(obs, "stock_size"), sum(layout.read(obs, "hand"))
(True, (30, 30), 5)
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from skipbo import ConfigurationError, GameState, PlayerView, Rules, Termination, format_card
from skipbo.common.extras import needs_extra
from skipbo.common.naming import type_name
from skipbo.common.strictjson import echo
from skipbo.games.skipbo.actions import action_count, action_to_move, legal_action_mask
from skipbo.games.skipbo.text.display import format_pile
from skipbo.observation.encoder import Encoder, Observe, register_encoder
from skipbo.observation.layout import ObservationField, ObservationLayout, make_layout

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "DISCARD_DEPTH",
    "ENCODER",
    "TRUNCATIONS",
    "IncrementalObservations",
    "ObservationField",
    "ObservationLayout",
    "observation",
    "observation_array",
    "observation_layout",
    "seat_observation_array",
    "text_observation",
]

DISCARD_DEPTH = 3
"""How many cards of each discard pile the observation shows by default, from the top.

The whole pile is public (R-DISC-4), but a fixed-length vector needs a bound; the
top cards are the ones that can be played soonest (R-DISC-3), and each pile's size
is encoded as well.
"""


@lru_cache(maxsize=64, typed=True)  # typed: a depth of True is refused, not taken for 1
def observation_layout(rules: Rules, depth: int = DISCARD_DEPTH) -> ObservationLayout:
    """The layout of the observation vector for ``rules``, ``depth`` discard cards deep.

    With ``P`` seats, ``H`` the highest number (``C = H + 1`` cards), ``S`` stock piles
    (= discard sets), ``B`` build piles and ``D`` discard piles a set, the fields are
    those of the table in the docs ("Observation layout").

    Raises:
        ~skipbo.ConfigurationError: (a ``ValueError``) if ``depth`` is not an integer from
            1 to the deck's size (no discard pile holds more cards).

    >>> import skipbo
    >>> [field.name for field in observation_layout(skipbo.Rules(players=2)).fields][:4]
    ['seat', 'current_player', 'teammates', 'hand']

    """
    # Bounded because the layout's size grows with the depth: a huge depth would
    # allocate gigabytes for cards no pile can hold.
    if type(depth) is not int or not 1 <= depth <= rules.deck.size:
        raise ConfigurationError(
            "depth", f"must be an integer from 1 to {rules.deck.size}, got {echo(depth)}"
        )
    players = rules.players
    cards = rules.deck.highest + 1
    stocks = rules.stock_pile_count
    most = rules.deck.size
    specs: tuple[tuple[str, tuple[int, ...], int, str], ...] = (
        ("seat", (players,), 1, "one-hot: the viewing seat (all 0 for a spectator)"),
        ("current_player", (players,), 1, "one-hot: the seat to move"),
        ("teammates", (players,), 1, "1 for each seat of the viewer's team, itself included"),
        ("hand", (cards,), rules.hand_size, "the own hand: how many of each card"),
        ("stock_own", (stocks,), 1, "1 for the viewer's own stock pile"),
        ("stock_playable", (stocks,), 1, "1 for each stock pile (and discard set) it plays from"),
        ("stock_top", (stocks, cards), 1, "one-hot: each stock pile's top card"),
        # Penalty cards (R-TEAM-4) can grow a stock pile past its dealt size.
        ("stock_size", (stocks,), most, "the size of each stock pile"),
        ("build_need", (rules.build_pile_count, rules.deck.highest), 1, "one-hot: the number "
         "each build pile needs next, 1 to H (an empty pile needs 1)"),
        ("discard_top", (stocks, rules.discard_pile_count, depth, cards), 1, "one-hot: the top "
         "cards of each discard pile, the top first"),
        ("discard_size", (stocks, rules.discard_pile_count), most, "the size of each discard pile"),
        ("hand_size", (players,), rules.hand_size, "the size of each seat's hand"),
        ("draw_pile_size", (1,), most, "the size of the draw pile"),
        ("completed_count", (1,), most, "the number of completed (set-aside) cards"),
    )  # fmt: skip
    return make_layout(
        rules, depth, ((name, shape, 0, high, text) for name, shape, high, text in specs)
    )


def observation(seen: PlayerView, depth: int = DISCARD_DEPTH) -> tuple[int, ...]:
    """The observation vector of ``seen`` (see :func:`observation_layout`).

    A function of the view alone: states that show a seat the same view give it the
    same observation, so nothing hidden (R-INFO-3) can reach an agent through it.

    Raises:
        TypeError: if ``seen`` is not a :class:`~skipbo.games.skipbo.views.PlayerView`.
        ValueError: if ``depth`` is not an integer from 1 to the deck's size.

    """
    if not isinstance(seen, PlayerView):
        raise TypeError(f"an observation encodes a skipbo.PlayerView, not {type_name(seen)}")
    rules = seen.rules
    layout = observation_layout(rules, depth)
    vector = [0] * layout.size
    cards = rules.deck.highest + 1
    fields = {field.name: field.start for field in layout.fields}

    if seen.player is not None:
        vector[fields["seat"] + seen.player] = 1
        team = rules.seating.team_of[seen.player]
        for seat in rules.seating.team_seats[team]:
            vector[fields["teammates"] + seat] = 1
        vector[fields["stock_own"] + rules.seating.own_stock[seen.player]] = 1
        for stock in rules.seating.stock_sources[seen.player]:
            vector[fields["stock_playable"] + stock] = 1
    vector[fields["current_player"] + seen.current_player] = 1
    for card in seen.hand or ():
        vector[fields["hand"] + card] += 1
    for stock, top in enumerate(seen.stock_tops):
        if top is not None:
            vector[fields["stock_top"] + stock * cards + top] = 1
    vector[fields["stock_size"] : fields["stock_size"] + rules.stock_pile_count] = seen.stock_sizes
    for build, pile in enumerate(seen.builds):
        # A build pile of n cards counts as n (R-BUILD-3): it needs n + 1 (R-BUILD-2).
        vector[fields["build_need"] + build * rules.deck.highest + len(pile)] = 1
    piles = rules.discard_pile_count
    for discard_set, pile_set in enumerate(seen.discards):
        for index, pile in enumerate(pile_set):
            position = discard_set * piles + index
            vector[fields["discard_size"] + position] = len(pile)
            for depth_index, card in enumerate(reversed(pile[-depth:])):
                vector[fields["discard_top"] + (position * depth + depth_index) * cards + card] = 1
    vector[fields["hand_size"] : fields["hand_size"] + rules.players] = seen.hand_sizes
    vector[fields["draw_pile_size"]] = seen.draw_pile_size
    vector[fields["completed_count"]] = seen.completed_count
    return tuple(vector)


def observation_array(seen: PlayerView, depth: int = DISCARD_DEPTH) -> npt.NDArray[np.float32]:
    """:func:`observation` as a NumPy ``float32`` array (needs NumPy).

    Raises:
        ImportError: if NumPy is not installed (it comes with every adapter's extra).

    """
    with needs_extra("numpy"):
        import numpy as np
    vector = observation(seen, depth)
    return np.fromiter(vector, dtype=np.float32, count=len(vector))


class _Plan:
    """The fixed parts of the observation of one (rules, depth): field starts, seat entries."""

    def __init__(self, rules: Rules, depth: int) -> None:
        with needs_extra("numpy"):
            import numpy as np
        layout = observation_layout(rules, depth)
        self.size = layout.size
        self._numpy: Any = np  # imported here: this module loads without NumPy
        self.cards = rules.deck.highest + 1
        self.piles = rules.discard_pile_count
        start = {field.name: field.start for field in layout.fields}
        self.current = start["current_player"]
        self.hand = start["hand"]
        self.stock_top = start["stock_top"]
        self.stock_size = start["stock_size"]
        self.build_need = start["build_need"]
        self.highest = rules.deck.highest
        self.discard_top = start["discard_top"]
        self.discard_size = start["discard_size"]
        self.hand_size = start["hand_size"]
        self.draw = start["draw_pile_size"]
        self.completed = start["completed_count"]
        stocks, players = rules.stock_pile_count, rules.players
        # The sizes' entries in the order the encoder lists them.
        self.size_entries = np.array(
            [
                *(start["stock_size"] + stock for stock in range(stocks)),
                *(start["discard_size"] + pile for pile in range(stocks * self.piles)),
                *(start["hand_size"] + seat for seat in range(players)),
                start["draw_pile_size"],
                start["completed_count"],
            ],
            dtype=np.intp,
        )
        seating = rules.seating
        # Per seat: the entries that are 1 whatever the state (seat, team, own stocks).
        self.seat_ones = tuple(
            (
                start["seat"] + seat,
                *(start["teammates"] + mate for mate in seating.team_seats[seating.team_of[seat]]),
                start["stock_own"] + seating.own_stock[seat],
                *(start["stock_playable"] + stock for stock in seating.stock_sources[seat]),
            )
            for seat in range(rules.players)
        )

    def zeros(self) -> npt.NDArray[np.float32]:
        """A new vector of zeros."""
        out: npt.NDArray[np.float32] = self._numpy.zeros(self.size, dtype=self._numpy.float32)
        return out


@lru_cache(maxsize=64)
def _plan(rules: Rules, depth: int) -> _Plan:
    return _Plan(rules, depth)


def seat_observation_array(
    state: GameState, seat: int, depth: int = DISCARD_DEPTH
) -> npt.NDArray[np.float32]:
    """``observation_array(skipbo.view(state, seat), depth)``, filled from the state directly.

    The same numbers (a test holds the two equal over many states and every seat),
    without building the view and walking it: the environments' fast path. It reads
    of the state only what the seat's view shows (R-INFO-1, R-INFO-2): the seat's own
    hand, the other hands' sizes, each stock pile's top and size, the draw pile's and
    the completed cards' counts (R-INFO-3), and the public piles.

    Raises:
        ImportError: if NumPy is not installed.
        ~skipbo.ConfigurationError: if ``depth`` is not an integer from 1 to the deck's size.
        IndexError: if ``seat`` is not a seat of the game.

    """
    rules = state.rules
    if type(seat) is not int or not 0 <= seat < rules.players:
        raise IndexError(f"seat {echo(seat)} is not in this game (seats 0 to {rules.players - 1})")
    plan = _plan(rules, depth)
    cards = plan.cards
    # Three writes in all (NumPy's cost is per call): the one-hot entries, set to 1;
    # the sizes, at entries fixed by the layout; the hand's counts.
    ones = [*plan.seat_ones[seat], plan.current + state.current_player]
    one = ones.append
    sizes: list[int] = []
    size = sizes.append
    hand = state.hands[seat]  # the viewer's own hand only (R-INFO-2)
    held_at, held = [], []
    previous = -1
    for card in hand:  # sorted: one entry per distinct card, its count
        if card != previous:
            previous = card
            held_at.append(plan.hand + card)
            held.append(hand.count(card))
    stock_top = plan.stock_top
    for stock, pile in enumerate(state.stocks):
        if pile:  # only the top card of a stock pile is seen (R-INFO-3)
            one(stock_top + stock * cards + pile[-1])
        size(len(pile))
    need, highest = plan.build_need, plan.highest
    for build, pile in enumerate(state.builds):
        one(need + build * highest + len(pile))
    first, per_pile = plan.discard_top, depth * cards
    for pile_set in state.discards:
        for pile in pile_set:
            size(len(pile))
            at = first
            for card in reversed(pile[-depth:]):  # the top first
                one(at + card)
                at += cards
            first += per_pile
    sizes += map(len, state.hands)
    size(len(state.draw_pile))
    size(len(state.completed))
    out = plan.zeros()
    out[ones] = 1  # no index twice: each one-hot entry is set once
    out[plan.size_entries] = sizes
    if held_at:
        out[held_at] = held
    return out


class IncrementalObservations:
    """:func:`seat_observation_array` of one game's successive states, updated in place.

    An environment encodes state after state of one game, and a move changes few
    places: a hand, a pile or two, some counts. The engine's states share the piles a
    move leaves alone (the same tuple objects), so each seat's last array is kept and
    only the fields of the places that changed are written again; any other state
    (another game, a first look) is encoded whole. The numbers are those of
    :func:`seat_observation_array` (a test holds them equal over whole games).

    Not thread-safe; the arrays returned are the tracker's own, rewritten by the next
    call for the same seat: copy one to keep it.

    >>> import skipbo
    >>> from skipbo.observation.skipbo import IncrementalObservations, seat_observation_array
    >>> state = skipbo.new_game(skipbo.Rules(players=2), seed=3)
    >>> tracker = IncrementalObservations(state.rules)
    >>> _ = tracker.observe(state, 0)
    >>> later = skipbo.apply(state, skipbo.legal_moves(state)[0])
    >>> bool((tracker.observe(later, 0) == seat_observation_array(later, 0)).all())
    True
    """

    def __init__(self, rules: Rules, depth: int = DISCARD_DEPTH) -> None:
        self.rules = rules
        self.depth = depth
        self._plan = _plan(rules, depth)  # checks the depth
        self._last: dict[int, tuple[GameState, npt.NDArray[np.float32]]] = {}

    def observe(self, state: GameState, seat: int) -> npt.NDArray[np.float32]:
        """``seat_observation_array(state, seat, depth)``, as the tracker's own array.

        Raises:
            IndexError: if ``seat`` is not a seat of the game.
            ~skipbo.ConfigurationError: if ``state`` has other rules than the tracker.

        """
        if state.rules is not self.rules and state.rules != self.rules:
            raise ConfigurationError("state", "has other rules than the observation tracker")
        if type(seat) is not int or not 0 <= seat < self.rules.players:
            raise IndexError(
                f"seat {echo(seat)} is not in this game (seats 0 to {self.rules.players - 1})"
            )
        last = self._last.get(seat)
        if last is None:
            out = seat_observation_array(state, seat, self.depth)
        else:
            before, out = last
            if before is not state:
                self._update(before, state, seat, out)
        self._last[seat] = (state, out)
        return out

    def _update(self, before: GameState, state: GameState, seat: int, out: Any) -> None:
        """Rewrite in ``out`` (``before``'s array) the fields that differ in ``state``."""
        plan = self._plan
        cards = plan.cards
        if before.current_player != state.current_player:
            out[plan.current + before.current_player] = 0
            out[plan.current + state.current_player] = 1
        hand = state.hands[seat]  # the viewer's own hand only (R-INFO-2)
        if hand is not before.hands[seat]:
            start = plan.hand
            out[start : start + cards] = 0
            for card in set(hand):
                out[start + card] = hand.count(card)
        if state.stocks is not before.stocks:
            for stock, (pile, old) in enumerate(zip(state.stocks, before.stocks, strict=True)):
                if pile is not old:
                    start = plan.stock_top + stock * cards
                    out[start : start + cards] = 0
                    if pile:  # only the top card of a stock pile is seen (R-INFO-3)
                        out[start + pile[-1]] = 1
                    out[plan.stock_size + stock] = len(pile)
        if state.builds is not before.builds:
            highest = plan.highest
            for build, (pile, old) in enumerate(zip(state.builds, before.builds, strict=True)):
                if pile is not old:
                    start = plan.build_need + build * highest
                    out[start + len(old)] = 0
                    out[start + len(pile)] = 1
        if state.discards is not before.discards:
            self._update_discards(before, state, out)
        if state.hands is not before.hands:
            start = plan.hand_size
            out[start : start + len(state.hands)] = list(map(len, state.hands))
        out[plan.draw] = len(state.draw_pile)
        out[plan.completed] = len(state.completed)

    def _update_discards(self, before: GameState, state: GameState, out: Any) -> None:
        plan, depth = self._plan, self.depth
        cards = plan.cards
        per_pile = depth * cards
        position = 0
        for pile_set, old_set in zip(state.discards, before.discards, strict=True):
            if pile_set is old_set:
                position += len(pile_set)
                continue
            for pile, old in zip(pile_set, old_set, strict=True):
                if pile is not old:
                    start = plan.discard_top + position * per_pile
                    out[start : start + per_pile] = 0
                    for card in reversed(pile[-depth:]):  # the top first
                        out[start + card] = 1
                        start += cards
                    out[plan.discard_size + position] = len(pile)
                position += 1


def text_observation(seen: PlayerView) -> str:
    """What ``seen`` shows, in words: for people and for language-model agents.

    Only the view is read, so the text holds nothing hidden either. Piles are
    written bottom to top, ``W`` is a wild.

    >>> import skipbo
    >>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
    >>> print(text_observation(skipbo.view(state, 1)))  # doctest: +NORMALIZE_WHITESPACE
    You are seat 1. Turn 1: seat 0 to move.
    Build piles: [] [] [] [] (next: 1 1 1 1)
    Draw pile: 97 cards; completed: 0 cards.
    Seat 0: stock top 11 (30 cards), hand 5 cards, discard piles [] [] [] []
    Seat 1 (you): stock top 9 (30 cards), hand 0 cards, discard piles [] [] [] []
    Your hand: []
    """
    rules = seen.rules
    who = "You are a spectator." if seen.player is None else f"You are seat {seen.player}."
    if seen.outcome is not None:
        status = f"The game is over: {seen.outcome}."
    else:
        status = f"Turn {seen.turn}: seat {seen.current_player} to move."
    needs = " ".join(str(len(pile) + 1) for pile in seen.builds)
    lines = [
        f"{who} {status}",
        "Build piles: " + " ".join(map(format_pile, seen.builds)) + f" (next: {needs})",
        f"Draw pile: {seen.draw_pile_size} cards; completed: {seen.completed_count} cards.",
    ]
    for seat in range(rules.players):
        stock = rules.seating.own_stock[seat]
        top = seen.stock_tops[stock]
        discards = " ".join(map(format_pile, seen.discards[rules.seating.own_discards[seat]]))
        marks = []
        if seat == seen.player:
            marks.append("you")
        elif (
            seen.player is not None
            and rules.seating.team_of[seat] == rules.seating.team_of[seen.player]
        ):
            marks.append("your partner")
        mark = f" ({', '.join(marks)})" if marks else ""
        lines.append(
            f"Seat {seat}{mark}: stock top {'-' if top is None else format_card(top)} "
            f"({seen.stock_sizes[stock]} cards), hand {seen.hand_sizes[seat]} cards, "
            f"discard piles {discards}"
        )
    if seen.hand is not None:
        lines.append(f"Your hand: {format_pile(seen.hand)}")
    return "\n".join(lines)


TRUNCATIONS = frozenset({Termination.TURN_LIMIT, Termination.STALLED})
"""The ends that cut a game short by a bound of the rules, undecided by play: the turn
limit (R-WIN-2) and the stall limit (R-WIN-4 (b)). An environment reports them as
*truncated*: the game was stopped, not played out."""


def truncated(state: GameState) -> bool:
    """Whether the game was cut short by a bound of the rules (:data:`TRUNCATIONS`)."""
    return state.outcome is not None and state.outcome.termination in TRUNCATIONS


def _encode(seen: PlayerView, seat: int, depth: int) -> npt.NDArray[np.float32]:
    return observation_array(seen, depth)


def _tracker(rules: Rules, depth: int) -> Observe:
    return IncrementalObservations(rules, depth).observe


def _text(seen: PlayerView, seat: int) -> str:
    return text_observation(seen)


def _default_rules(players: int) -> Rules:
    return Rules(players=players)


ENCODER = Encoder(
    name="Skip-Bo",
    default_rules=_default_rules,
    default_depth=DISCARD_DEPTH,
    layout=observation_layout,
    encode=_encode,
    legal_mask=legal_action_mask,
    action_count=action_count,
    to_move=action_to_move,
    text=_text,
    truncated=truncated,
    fast_tracker=_tracker,
)
"""Skip-Bo for the environments: each seat's own view (R-INFO-3), tracked incrementally."""

register_encoder(Rules, ENCODER)
