"""Skyjo observations: a fixed-length numeric encoding of the public view, seen from a seat.

Every seat sees the same :class:`~skipbo.skyjo.PublicView` (S-INFO-2): a face-down
card is hidden from its owner too. :func:`observation` encodes that view *from a
seat*: the rows of every per-seat field begin with the viewer and go on in seat
order (row ``r`` is seat ``(seat + r) % P``), so that a policy finds its own grid,
the only one its actions touch, always in row 0. It reads the view alone, never a
:class:`~skipbo.skyjo.GameState`, so no face-down value, draw pile order, hidden
reveal choice (S-SETUP-4) or shuffle seed can reach an agent through it.

The layout depends only on the :class:`~skipbo.skyjo.Rules` (and the discard depth):
it is *sized by the rules*, ``P`` rows for ``P`` players (2 to 8), not padded to 8.
A card is one-hot over the deck's distinct values in increasing order (the standard
deck: 15 values, -2 to 12). :func:`action_mask` gives the legal actions of
:mod:`skipbo.games.skyjo.actions` (92, for every variant), all 0 unless the seat is to move.

>>> from skipbo import skyjo
>>> from skipbo.observation.skyjo import observation, observation_layout
>>> rules = skyjo.Rules(players=2)
>>> layout = observation_layout(rules)
>>> layout.size  # 4 x 2 seat rows, 4 phases, 15 + 2 held, 2 x 12 x 17 grids, 45 + 15 + 15 + 2, 2
516
>>> seen = skyjo.view(skyjo.new_game(rules, seed=1))
>>> vector = observation(seen, 1)
>>> layout.read(vector, "seat"), layout.read(vector, "to_move")  # seat 0 moves: row 1 of seat 1
((0, 1), (0, 1))

Importing this module registers :data:`ENCODER`, Skyjo's encoder for the environments,
for :class:`skipbo.skyjo.Rules` (:func:`skipbo.observation.encoder.register_encoder`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from skipbo.common.extras import needs_extra
from skipbo.common.naming import type_name
from skipbo.common.strictjson import echo
from skipbo.games.skyjo.actions import ACTION_COUNT, action_to_move, legal_action_mask
from skipbo.games.skyjo.cards import GRID_SIZE
from skipbo.games.skyjo.errors import ArgumentTypeError, ConfigurationError
from skipbo.games.skyjo.moves import Move
from skipbo.games.skyjo.rules import Rules
from skipbo.games.skyjo.state import GameState, Phase, Source
from skipbo.games.skyjo.text import render_view
from skipbo.games.skyjo.views import FACE_DOWN, PublicView
from skipbo.observation.encoder import Encoder, register_encoder
from skipbo.observation.layout import ObservationLayout, make_layout

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "ACTION_COUNT",
    "DISCARD_DEPTH",
    "ENCODER",
    "PHASES",
    "action_mask",
    "card_values",
    "observation",
    "observation_array",
    "observation_layout",
    "text_observation",
]

DISCARD_DEPTH = 3
"""How many cards of the discard pile the observation shows one-hot, from the top.

Only the top can be taken (S-TURN-2); the whole pile is public (S-INFO-1), and the
``discard_counts`` field counts all of it by value.
"""

PHASES = (Phase.REVEAL, Phase.TAKE, Phase.PLACE, Phase.OVER)
"""The phases in the order of the ``phase`` field."""

_FACE_DOWN_ENTRY = 0
_REMOVED_ENTRY = 1
_FIRST_VALUE_ENTRY = 2
"""Each grid place has ``2 + V`` entries: face down, removed, then the value one-hot."""


def card_values(rules: Rules) -> tuple[int, ...]:
    """The deck's distinct card values in increasing order: the one-hot index of a card."""
    return tuple(value for value, _ in rules.deck.copies)


@lru_cache(maxsize=64, typed=True)  # typed: a depth of True is refused, not taken for 1
def observation_layout(rules: Rules, depth: int = DISCARD_DEPTH) -> ObservationLayout:
    """The layout of Skyjo's observation vector for ``rules``, ``depth`` discard cards deep.

    With ``P`` players and ``V`` distinct card values the fields are those of the table
    in the docs ("Skyjo's observation"); rows of per-seat fields start at the viewer.

    Raises:
        ~skipbo.games.skyjo.errors.ArgumentTypeError: if ``rules`` is not a Skyjo
            :class:`~skipbo.skyjo.Rules`.
        ~skipbo.games.skyjo.errors.ConfigurationError: (a ``ValueError``) if ``depth``
            is not an integer from 1 to the deck's size.

    >>> from skipbo import skyjo
    >>> [field.name for field in observation_layout(skyjo.Rules()).fields][:5]
    ['seat', 'to_move', 'starter', 'round_ender', 'phase']

    """
    if not isinstance(rules, Rules):
        raise ArgumentTypeError(f"rules must be a skipbo.skyjo.Rules, not {type_name(rules)}")
    if type(depth) is not int or not 1 <= depth <= rules.deck.size:
        raise ConfigurationError(
            "depth", f"must be an integer from 1 to {rules.deck.size}, got {echo(depth)}"
        )
    players = rules.players
    values = len(card_values(rules))
    most = rules.deck.size
    copies = max(count for _, count in rules.deck.copies)
    highest = max(0, max(card_values(rules)))
    # Before the last round every total is below the end score (S-SCORE-3); a round adds
    # at most a doubled grid of the highest card (S-SCORE-2).
    top_total = rules.end_score - 1 + 2 * GRID_SIZE * highest
    specs = (
        ("seat", (players,), 0, 1, "one-hot: the viewing seat (absolute)"),
        ("to_move", (players,), 0, 1, "one-hot, from the viewer: the seat to move"),
        ("starter", (players,), 0, 1, "one-hot, from the viewer: the round's starter"),
        ("round_ender", (players,), 0, 1, "one-hot, from the viewer: the round ender, if any"),
        ("phase", (len(PHASES),), 0, 1, "one-hot: reveal, take, place, over"),
        ("held", (values,), 0, 1, "one-hot: the card in hand (S-TURN-3), if any"),
        ("held_from", (2,), 0, 1, "one-hot: the draw pile, the discard pile"),
        ("grids", (players, GRID_SIZE, _FIRST_VALUE_ENTRY + values), 0, 1, "per seat from "
         "the viewer, per place: face down, removed, then the face-up value one-hot"),
        ("discard_top", (depth, values), 0, 1, "one-hot: the top cards of the discard pile, "
         "the top first"),
        ("discard_counts", (values,), 0, copies, "the discard pile's cards, by value"),
        ("unseen", (values,), 0, copies, "by value: the cards not in view (the draw pile "
         "and every face-down card)"),
        ("discard_size", (1,), 0, most, "the size of the discard pile"),
        ("draw_pile_size", (1,), 0, most, "the size of the draw pile"),
        ("totals", (players,), -rules.end_score, top_total, "from the viewer: each total "
         "over the finished rounds (clipped below at minus the end score)"),
    )  # fmt: skip
    return make_layout(rules, depth, specs)


def _check(seen: PublicView, seat: int) -> None:
    if not isinstance(seen, PublicView):
        raise ArgumentTypeError(
            f"a Skyjo observation encodes a skipbo.skyjo.PublicView, not {type_name(seen)}"
        )
    if type(seat) is not int or not 0 <= seat < seen.rules.players:
        raise ConfigurationError(
            "seat", f"must be a seat from 0 to {seen.rules.players - 1}, got {echo(seat)}"
        )


def observation(seen: PublicView, seat: int, depth: int = DISCARD_DEPTH) -> tuple[int, ...]:
    """The observation vector of ``seen`` from ``seat`` (see :func:`observation_layout`).

    A function of the public view and the seat alone: states with the same view give
    every seat the same observation, so no face-down card reaches an agent (S-INFO-2).

    Raises:
        ~skipbo.games.skyjo.errors.ArgumentTypeError: if ``seen`` is not a
            :class:`~skipbo.skyjo.PublicView`.
        ~skipbo.games.skyjo.errors.ConfigurationError: (a ``ValueError``) if ``seat`` is
            not a seat of the rules or ``depth`` is not an integer from 1 to the deck's size.

    """
    _check(seen, seat)
    rules = seen.rules
    layout = observation_layout(rules, depth)
    players = rules.players
    index = {value: position for position, value in enumerate(card_values(rules))}
    values = len(index)
    vector = [0] * layout.size
    at = {field.name: field.start for field in layout.fields}

    def row(absolute: int) -> int:
        return (absolute - seat) % players

    vector[at["seat"] + seat] = 1
    vector[at["to_move"] + row(seen.current_player)] = 1
    vector[at["starter"] + row(seen.starter)] = 1
    if seen.round_ender is not None:
        vector[at["round_ender"] + row(seen.round_ender)] = 1
    vector[at["phase"] + PHASES.index(seen.phase)] = 1
    if seen.held is not None:
        vector[at["held"] + index[seen.held]] = 1
    if seen.source is not None:
        vector[at["held_from"] + (seen.source is Source.DISCARD_PILE)] = 1
    unseen = [count for _, count in rules.deck.copies]
    width = _FIRST_VALUE_ENTRY + values
    for owner, grid in enumerate(seen.grids):
        first = at["grids"] + row(owner) * GRID_SIZE * width
        for place, card in enumerate(grid):
            entry = first + place * width
            if card is None:
                vector[entry + _REMOVED_ENTRY] = 1
            elif card == FACE_DOWN:
                vector[entry + _FACE_DOWN_ENTRY] = 1
            else:
                vector[entry + _FIRST_VALUE_ENTRY + index[card]] = 1
                unseen[index[card]] -= 1
    for depth_index, card in enumerate(reversed(seen.discard_pile[-depth:])):
        vector[at["discard_top"] + depth_index * values + index[card]] = 1
    for card in seen.discard_pile:
        vector[at["discard_counts"] + index[card]] += 1
        unseen[index[card]] -= 1
    if seen.held is not None:
        unseen[index[seen.held]] -= 1
    # A removed column's cards went to the discard pile (S-COL-4), so they are counted there.
    vector[at["unseen"] : at["unseen"] + values] = unseen
    vector[at["discard_size"]] = len(seen.discard_pile)
    vector[at["draw_pile_size"]] = seen.draw_pile_size
    totals = seen.totals
    for owner in range(players):
        vector[at["totals"] + row(owner)] = max(totals[owner], -rules.end_score)
    return tuple(vector)


def observation_array(
    seen: PublicView, seat: int, depth: int = DISCARD_DEPTH
) -> npt.NDArray[np.float32]:
    """:func:`observation` as a NumPy ``float32`` array (needs NumPy).

    Raises:
        ImportError: if NumPy is not installed (it comes with every adapter's extra).

    """
    with needs_extra("numpy"):
        import numpy as np
    return np.array(observation(seen, seat, depth), dtype=np.float32)


def action_mask(seen: PublicView, seat: int) -> tuple[int, ...]:
    """One 0/1 flag per action of :mod:`skipbo.games.skyjo.actions`: legal for ``seat`` now.

    All 0 unless ``seat`` is the seat to move (and the game goes on).

    >>> from skipbo import skyjo
    >>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(), seed=1))
    >>> sum(action_mask(seen, 0)), sum(action_mask(seen, 1))  # 66 reveal pairs for seat 0
    (66, 0)

    """
    _check(seen, seat)
    if seat != seen.current_player or seen.outcome is not None:
        return (0,) * ACTION_COUNT
    return tuple(int(flag) for flag in legal_action_mask(seen))


def text_observation(seen: PublicView, seat: int) -> str:
    """What ``seen`` shows, in words, headed by the viewing seat (for people and LLM agents).

    >>> from skipbo import skyjo
    >>> seen = skyjo.view(skyjo.new_game(skyjo.Rules(), seed=1))
    >>> print(text_observation(seen, 1).splitlines()[0])
    You are seat 1.
    """
    _check(seen, seat)
    return f"You are seat {seat}.\n{render_view(seen)}"


def _mask(state: GameState) -> bytes:
    return bytes(legal_action_mask(state))


def _action_count(rules: Rules) -> int:
    return ACTION_COUNT  # the same for every rules configuration


def _to_move(rules: Rules, action: int) -> Move:
    return action_to_move(action)


def _default_rules(players: int) -> Rules:
    return Rules(players=players)


ENCODER = Encoder(
    name="Skyjo",
    default_rules=_default_rules,
    default_depth=DISCARD_DEPTH,
    layout=observation_layout,
    encode=observation_array,
    legal_mask=_mask,
    action_count=_action_count,
    to_move=_to_move,
    text=text_observation,
    # A Skyjo game ends only at the end score (S-SCORE-3); a turn limit ends a round.
)
"""Skyjo for the environments: the public view seen from each seat (S-INFO-2)."""

register_encoder(Rules, ENCODER)
