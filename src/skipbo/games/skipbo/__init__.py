"""Skip-Bo: the rules core, its services and its adapter (re-exported as ``skipbo``).

Its core names are Skyjo's (:mod:`skipbo.games.skyjo`), with the same meaning:
``new_game``, ``legal_moves``, ``apply``, ``is_over``, ``outcome``,
``current_player``, ``view``, ``spectator_view``, ``check_invariants``,
``invariant_violations``, ``check_conformance``, ``parse_move``, ``all_moves``, ``max_moves``,
the JSON, records, bots and words (``dumps``, ``play_game``, ``make_bot``,
``describe_move``, ...) and the errors, so code written for one game plays the other. Where the
games differ the name says so: Skip-Bo's
:class:`~skipbo.games.skipbo.views.PlayerView` holds its player's hand (R-INFO-2),
where Skyjo shows every seat one public view.

>>> import skipbo
>>> from skipbo.games import skipbo as game
>>> game.new_game is skipbo.new_game and [*game.__all__, "__version__"] == skipbo.__all__
True
"""

# Imported for its effect: registers Skip-Bo with skipbo.common.game (the arena, the checks).
import skipbo.games.skipbo.adapter  # noqa: F401  (registers the game)
from skipbo.errors import (
    ArgumentTypeError,
    ConfigurationError,
    DataError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    InvariantViolation,
    MoveSyntaxError,
    SkipBoError,
)
from skipbo.games.skipbo.actions import ActionError
from skipbo.games.skipbo.cards import HIGHEST_VALUE, WILD, Card, Deck, format_card, parse_card
from skipbo.games.skipbo.conformance import ConformanceError, ConformanceReport, check_conformance
from skipbo.games.skipbo.deal import new_game
from skipbo.games.skipbo.engine import apply, current_player, is_over, outcome
from skipbo.games.skipbo.facade import (
    bot_names,
    describe_move,
    make_bot,
    play_game,
    render_view,
)
from skipbo.games.skipbo.invariants import check_invariants, invariant_violations
from skipbo.games.skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    all_moves,
    parse_move,
)
from skipbo.games.skipbo.records import (
    GameRecord,
    ReplayError,
    final_state,
    format_record,
    parse_record,
    replay,
)
from skipbo.games.skipbo.rules import FirstPlayer, Rules, max_moves
from skipbo.games.skipbo.serialization import dumps, from_data, json_schema, loads, to_data
from skipbo.games.skipbo.state import GameState, Outcome, Pile, Termination
from skipbo.games.skipbo.variants.match import Match, MatchError, new_match
from skipbo.games.skipbo.variants.penalty import PenaltyError, penalize
from skipbo.games.skipbo.views import PlayerView, ViewError, legal_moves, spectator_view, view

__all__ = [
    "HIGHEST_VALUE",
    "WILD",
    "ActionError",
    "ArgumentTypeError",
    "Card",
    "ConfigurationError",
    "ConformanceError",
    "ConformanceReport",
    "DataError",
    "Deck",
    "Discard",
    "FirstPlayer",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidStateError",
    "InvariantViolation",
    "Match",
    "MatchError",
    "Move",
    "MoveSyntaxError",
    "Outcome",
    "Pass",
    "PenaltyError",
    "Pile",
    "PlayFromDiscard",
    "PlayFromHand",
    "PlayFromStock",
    "PlayerView",
    "ReplayError",
    "Rules",
    "SkipBoError",
    "Termination",
    "ViewError",
    "all_moves",
    "apply",
    "bot_names",
    "check_conformance",
    "check_invariants",
    "current_player",
    "describe_move",
    "dumps",
    "final_state",
    "format_card",
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
    "new_match",
    "outcome",
    "parse_card",
    "parse_move",
    "parse_record",
    "penalize",
    "play_game",
    "render_view",
    "replay",
    "spectator_view",
    "to_data",
    "view",
]
