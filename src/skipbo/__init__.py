"""skipbo: a typed, immutable, verified rules engine for the card game Skip-Bo.

>>> import random, skipbo
>>> state = skipbo.new_game(skipbo.Rules(players=3), seed=42)
>>> rng = random.Random(0)
>>> while not skipbo.is_over(state):
...     state = skipbo.apply(state, rng.choice(skipbo.legal_moves(state)))
>>> skipbo.outcome(state) is not None
True
"""

# Imported for its effect: registers Skip-Bo with skipbo.common.game (the arena, the checks).
import skipbo.bots.game  # noqa: F401
from skipbo.actions import ActionError
from skipbo.cards import HIGHEST_VALUE, WILD, Card, Deck, format_card, parse_card
from skipbo.checking.conformance import ConformanceError, ConformanceReport, check_conformance
from skipbo.checking.invariants import check_invariants, invariant_violations
from skipbo.deal import new_game
from skipbo.engine import apply, current_player, is_over, outcome
from skipbo.errors import (
    ConfigurationError,
    DataError,
    IllegalMoveError,
    InvalidStateError,
    InvariantViolation,
    MoveSyntaxError,
    SkipBoError,
)
from skipbo.io.records import GameRecord, ReplayError, replay
from skipbo.moves import (
    Discard,
    Move,
    Pass,
    PlayFromDiscard,
    PlayFromHand,
    PlayFromStock,
    all_moves,
    parse_move,
)
from skipbo.rules import FirstPlayer, Rules
from skipbo.state import GameState, Outcome, Pile, Termination
from skipbo.variants.match import Match, MatchError, new_match
from skipbo.variants.penalty import PenaltyError, penalize
from skipbo.views import PlayerView, ViewError, legal_moves, spectator_view, view

__version__ = "0.1.0"

__all__ = [
    "HIGHEST_VALUE",
    "WILD",
    "ActionError",
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
    "check_conformance",
    "check_invariants",
    "current_player",
    "format_card",
    "invariant_violations",
    "is_over",
    "legal_moves",
    "new_game",
    "new_match",
    "outcome",
    "parse_card",
    "parse_move",
    "penalize",
    "replay",
    "spectator_view",
    "view",
]
