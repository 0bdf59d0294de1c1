"""Skyjo, the library's second game, on the same conventions as Skip-Bo.

Immutable states, :func:`~skipbo.skyjo.legal_moves` and :func:`~skipbo.skyjo.apply`, a
public view, typed errors and seeded randomness; the rules with their IDs are in
``docs/skyjo-rules.md``. The Skip-Bo core never imports this package.

The core names are Skip-Bo's, with the same meaning (``new_game``, ``legal_moves``,
``apply``, ``is_over``, ``outcome``, ``current_player``, ``view``,
``spectator_view``, ``check_invariants``, ``invariant_violations``,
``check_conformance``, ``parse_move``, ``all_moves``, ``replay``, the JSON,
records, bots and words ...), so code written for one game plays the other. Where
the games differ the name says so: Skyjo's view is one :class:`~skipbo.skyjo.PublicView` for every
seat (S-INFO-2), where Skip-Bo's ``PlayerView`` holds its player's hand.

>>> import random
>>> from skipbo import skyjo
>>> state = skyjo.new_game(skyjo.Rules(players=4), seed=42)
>>> rng = random.Random(0)
>>> while not skyjo.is_over(state):
...     state = skyjo.apply(state, rng.choice(skyjo.legal_moves(state)))
>>> skyjo.check_invariants(state)
"""

# Imported for its effect: registers Skyjo with skipbo.common.game (the arena, the checks).
import skipbo.games.skyjo.adapter  # noqa: F401
from skipbo.games.skyjo.actions import ActionError
from skipbo.games.skyjo.cards import COLUMNS, GRID_SIZE, ROWS, Card, Deck, column_of, column_places
from skipbo.games.skyjo.conformance import ConformanceError, ConformanceReport, check_conformance
from skipbo.games.skyjo.engine import (
    apply,
    current_player,
    deal,
    first_round_starter,
    is_over,
    legal_moves,
    new_game,
    outcome,
    round_end,
    round_scores,
)
from skipbo.games.skyjo.errors import (
    ArgumentTypeError,
    ConfigurationError,
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    InvariantViolation,
    MoveSyntaxError,
    SkyjoError,
)
from skipbo.games.skyjo.facade import (
    bot_names,
    describe_move,
    make_bot,
    play_game,
    render_view,
)
from skipbo.games.skyjo.invariants import check_invariants, invariant_violations
from skipbo.games.skyjo.moves import (
    DiscardFlip,
    Draw,
    Move,
    Reveal,
    Swap,
    TakeDiscard,
    all_moves,
    parse_move,
)
from skipbo.games.skyjo.records import (
    GameRecord,
    ReplayError,
    final_state,
    format_record,
    parse_record,
    replay,
)
from skipbo.games.skyjo.rules import MAX_PLAYERS, MIN_PLAYERS, Rules, max_moves
from skipbo.games.skyjo.serialization import dumps, from_data, json_schema, loads, to_data
from skipbo.games.skyjo.state import GameState, Grid, Outcome, Phase, RoundScore, Source
from skipbo.games.skyjo.views import (
    FACE_DOWN,
    PublicView,
    SeenGrid,
    ViewError,
    spectator_view,
    view,
)

__all__ = [
    "COLUMNS",
    "FACE_DOWN",
    "GRID_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ROWS",
    "ActionError",
    "ArgumentTypeError",
    "Card",
    "ConfigurationError",
    "ConformanceError",
    "ConformanceReport",
    "DataError",
    "Deck",
    "DiscardFlip",
    "Draw",
    "GameRecord",
    "GameState",
    "Grid",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "Move",
    "MoveSyntaxError",
    "Outcome",
    "Phase",
    "PublicView",
    "ReplayError",
    "Reveal",
    "RoundScore",
    "Rules",
    "SeenGrid",
    "SkyjoError",
    "Source",
    "Swap",
    "TakeDiscard",
    "ViewError",
    "all_moves",
    "apply",
    "bot_names",
    "check_conformance",
    "check_invariants",
    "column_of",
    "column_places",
    "current_player",
    "deal",
    "describe_move",
    "dumps",
    "final_state",
    "first_round_starter",
    "format_record",
    "from_data",
    "invariant_violations",
    "is_over",
    "json_schema",
    "legal_moves",
    "loads",
    "make_bot",
    "max_moves",
    "new_game",
    "outcome",
    "parse_move",
    "parse_record",
    "play_game",
    "render_view",
    "replay",
    "round_end",
    "round_scores",
    "spectator_view",
    "to_data",
    "view",
]
