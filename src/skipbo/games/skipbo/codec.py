"""Plain-data encoders and strict decoders for the value types (no document headers).

Encoders turn values into JSON-compatible dicts, lists, ints, strings and ``None``.
Decoders read *untrusted* data: they check every type, range and field name, and
raise :class:`~skipbo.DataError` naming the JSON pointer of the first problem; the
final semantic check of a state is :func:`~skipbo.games.skipbo.invariants.located_violations` (its
places become JSON pointers) and of a view :func:`skipbo.games.skipbo.sampling.view_violations`
plus the invariants of a sampled state.

Decoders never trust sizes from the input: :data:`LIMITS` bounds every number that
the engine would allocate by (deck and pile counts), so hostile input cannot make
it build a huge move table.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, TypeVar

from skipbo.common.randomness import SEED_LIMIT
from skipbo.common.strictjson import (
    array,
    echo,
    fail,
    fields,
    integer,
    join,
    kind_of,
    optional,
    text,
)
from skipbo.errors import (
    ConfigurationError,
    InvalidMoveError,
    InvalidStateError,
    MoveSyntaxError,
)
from skipbo.games.skipbo.cards import WILD, Card, Deck
from skipbo.games.skipbo.invariants import (
    located_violations,
)
from skipbo.games.skipbo.moves import Move, parse_move
from skipbo.games.skipbo.rules import MAX_TEAM_PLAYERS, FirstPlayer, Rules
from skipbo.games.skipbo.sampling import sample_state, view_violations
from skipbo.games.skipbo.spec import MAX_COUNTER
from skipbo.games.skipbo.state import GameState, Outcome, Pile, Termination
from skipbo.games.skipbo.views import PlayerView

T = TypeVar("T")

LIMITS: Mapping[str, int] = {
    "copies": 50,
    "wilds": 500,
    "highest": 50,
    "hand_size": 50,
    "build_piles": 16,
    "discard_piles": 16,
}
"""Upper bounds for loaded rules (the JSON Schema states the same), far above any
real variant, so that untrusted input cannot make the engine allocate without bound."""

RULES_FIELDS = (
    "players",
    "deck",
    "stock_size",
    "hand_size",
    "build_piles",
    "discard_piles",
    "first_player",
    "turn_limit",
    "teams",
    "shared_piles",
)
"""The constructor parameters of :class:`~skipbo.Rules` every rules document holds."""
BOUND_FIELDS = ("turn_move_limit", "stall_limit")
"""The bounds of R-WIN-4, written in every rules document since they exist; a document
written before has none and loads with the defaults (``null`` lifts a bound)."""
STALL_FIELD = "stall_turns"
"""The state's count of turn ends without a stock play (R-WIN-4 (b)), written in every
state and view document since it exists; an earlier document loads with 0."""

DECK_FIELDS = ("copies", "wilds", "highest")
OUTCOME_FIELDS = ("termination", "team", "winners")
STATE_FIELDS = (
    "rules",
    "stocks",
    "discards",
    "hands",
    "builds",
    "draw_pile",
    "completed",
    "current_player",
    "turn",
    "turn_moves",
    "empty_passes",
    "outcome",
    "shuffle_seed",
)
PENALTY_FIELD = "penalty_cards"
"""The optional field of state and view documents: written only once a referee penalty
was given (R-TEAM-4), read as all zeros when absent, so that documents of games without
penalties are those of earlier releases, field for field."""
VIEW_FIELDS = (
    "rules",
    "player",
    "hand",
    "stock_tops",
    "stock_sizes",
    "discards",
    "builds",
    "hand_sizes",
    "draw_pile_size",
    "completed_count",
    "current_player",
    "turn",
    "turn_moves",
    "empty_passes",
    "outcome",
)


# --- encoders ----------------------------------------------------------------------------


def deck_data(deck: Deck) -> dict[str, Any]:
    """A deck as a dict."""
    return {"copies": deck.copies, "wilds": deck.wilds, "highest": deck.highest}


def rules_data(rules: Rules) -> dict[str, Any]:
    """Rules as a dict: every constructor parameter, the stock size resolved."""
    first = rules.first_player
    return {
        "players": rules.players,
        "deck": deck_data(rules.deck),
        "stock_size": rules.stock_size,
        "hand_size": rules.hand_size,
        "build_piles": rules.build_pile_count,
        "discard_piles": rules.discard_pile_count,
        "first_player": first.value if isinstance(first, FirstPlayer) else first,
        "turn_limit": rules.turn_limit,
        "teams": None if rules.teams is None else [list(team) for team in rules.teams],
        "shared_piles": rules.shared_piles,
        "turn_move_limit": rules.turn_move_limit,
        "stall_limit": rules.stall_limit,
    }


def outcome_data(outcome: Outcome | None) -> dict[str, Any] | None:
    """An outcome as a dict (``None`` stays ``None``)."""
    return None if outcome is None else outcome_body(outcome)


def outcome_body(outcome: Outcome) -> dict[str, Any]:
    """An outcome as a dict."""
    return {
        "termination": outcome.termination.value,
        "team": outcome.team,
        "winners": list(outcome.winners),
    }


def _piles(piles: tuple[Pile, ...]) -> list[list[Card]]:
    return [list(pile) for pile in piles]


def _with_penalties(data: dict[str, Any], penalty_cards: tuple[int, ...]) -> dict[str, Any]:
    """``data`` with the penalty counts when a penalty was given (see :data:`PENALTY_FIELD`)."""
    if any(penalty_cards):
        data[PENALTY_FIELD] = list(penalty_cards)
    return data


def state_data(state: GameState) -> dict[str, Any]:
    """A full state as a dict (hidden information included: for the server only)."""
    data = {
        "rules": rules_data(state.rules),
        "stocks": _piles(state.stocks),
        "discards": [_piles(piles) for piles in state.discards],
        "hands": _piles(state.hands),
        "builds": _piles(state.builds),
        "draw_pile": list(state.draw_pile),
        "completed": list(state.completed),
        "current_player": state.current_player,
        "turn": state.turn,
        "turn_moves": state.turn_moves,
        "empty_passes": state.empty_passes,
        "outcome": outcome_data(state.outcome),
        "shuffle_seed": state.shuffle_seed,
        STALL_FIELD: state.stall_turns,
    }
    return _with_penalties(data, state.penalty_cards)


def view_data(seen: PlayerView) -> dict[str, Any]:
    """A player's view as a dict."""
    data = {
        "rules": rules_data(seen.rules),
        "player": seen.player,
        "hand": None if seen.hand is None else list(seen.hand),
        "stock_tops": list(seen.stock_tops),
        "stock_sizes": list(seen.stock_sizes),
        "discards": [_piles(piles) for piles in seen.discards],
        "builds": _piles(seen.builds),
        "hand_sizes": list(seen.hand_sizes),
        "draw_pile_size": seen.draw_pile_size,
        "completed_count": seen.completed_count,
        "current_player": seen.current_player,
        "turn": seen.turn,
        "turn_moves": seen.turn_moves,
        "empty_passes": seen.empty_passes,
        "outcome": outcome_data(seen.outcome),
        STALL_FIELD: seen.stall_turns,
    }
    return _with_penalties(data, seen.penalty_cards)


# --- decoding the value types ----------------------------------------------------------


def card(data: object, path: str, deck: Deck) -> Card:
    """A card of ``deck``."""
    if not deck.is_card(data):
        wild = f"{WILD} for the wild or " if deck.wilds else ""
        fail(path, f"{echo(data)} is not a card of the deck ({wild}1 to {deck.highest})")
    return data  # type: ignore[return-value]  # is_card checked it is an int


def pile(data: object, path: str, deck: Deck) -> Pile:
    """An array of cards of ``deck``, as a pile (top at the end)."""
    return tuple(card(item, join(path, i), deck) for i, item in enumerate(array(data, path)))


def piles(data: object, path: str, deck: Deck, length: int) -> tuple[Pile, ...]:
    """An array of ``length`` piles."""
    return tuple(
        pile(item, join(path, i), deck) for i, item in enumerate(array(data, path, length))
    )


def move(data: object, path: str) -> Move:
    """A move in the move notation (a string such as ``"h5>b0"``)."""
    written = text(data, path)
    try:
        parsed = parse_move(written)
    except (MoveSyntaxError, InvalidMoveError) as error:  # bad text; a number out of range
        fail(path, str(error))
    if str(parsed) != written:
        # One spelling per move, so that equal moves have equal documents.
        fail(path, f"must be written {str(parsed)!r}, got {echo(written)}")
    return parsed


# --- decoders -----------------------------------------------------------------------------


def read_deck(data: object, path: str) -> Deck:
    """A :class:`~skipbo.Deck` from a dict."""
    found = fields(data, path, DECK_FIELDS)
    low = {"copies": 1, "wilds": 0, "highest": 1}
    values = {
        name: integer(found[name], join(path, name), low[name], LIMITS[name])
        for name in DECK_FIELDS
    }
    return Deck(**values)


def _first_player(data: object, path: str) -> int | FirstPlayer:
    if type(data) is str:
        try:
            return FirstPlayer(data)
        except ValueError:
            choices = ", ".join(repr(rule.value) for rule in FirstPlayer)
            fail(path, f"must be a seat or one of {choices}, got {echo(data)}")
    return integer(data, path)


def _teams(data: object, path: str) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(
            integer(seat, join(join(path, t), s))
            for s, seat in enumerate(array(team, join(path, t)))
        )
        for t, team in enumerate(array(data, path))
    )


DOCUMENT_NAMES = {"build_pile_count": "build_piles", "discard_pile_count": "discard_piles"}
"""Rules parameters whose JSON field (format 1) has another name."""


def read_rules(data: object, path: str) -> Rules:
    """:class:`~skipbo.Rules` from a dict; impossible rules are rejected with their reason."""
    found = fields(data, path, RULES_FIELDS, BOUND_FIELDS)

    def at(name: str) -> str:
        return join(path, name)

    shared = found["shared_piles"]
    if type(shared) is not bool:
        fail(at("shared_piles"), f"must be a boolean, got {kind_of(shared)}")
    values: dict[str, Any] = {
        "players": integer(found["players"], at("players")),
        "deck": read_deck(found["deck"], at("deck")),
        "stock_size": integer(found["stock_size"], at("stock_size"), 1),
        "hand_size": integer(found["hand_size"], at("hand_size"), 1, LIMITS["hand_size"]),
        "build_pile_count": integer(
            found["build_piles"], at("build_piles"), 1, LIMITS["build_piles"]
        ),
        "discard_pile_count": integer(
            found["discard_piles"], at("discard_piles"), 1, LIMITS["discard_piles"]
        ),
        "first_player": _first_player(found["first_player"], at("first_player")),
        "turn_limit": optional(found["turn_limit"], at("turn_limit"), integer),
        "teams": optional(found["teams"], at("teams"), _teams),
        "shared_piles": shared,
    }
    for name in BOUND_FIELDS:
        if name in found:  # else the default of the rules (a document older than R-WIN-4)
            values[name] = optional(found[name], at(name), integer)
    try:
        return Rules(**values)
    except ConfigurationError as error:
        # The parameter names one field ("teams", "deck.copies") or two that conflict
        # ("deck / stock_size"): point at the one field, else at the rules.
        name = DOCUMENT_NAMES.get(error.parameter, error.parameter)
        where = path if " / " in name else path + "".join(f"/{part}" for part in name.split("."))
        fail(where, str(error))


def read_outcome(data: object, path: str) -> Outcome:
    """An :class:`~skipbo.Outcome` from a dict, checked for consistency on its own."""
    found = fields(data, path, OUTCOME_FIELDS)
    name = text(found["termination"], join(path, "termination"))
    try:
        termination = Termination(name)
    except ValueError:
        choices = ", ".join(repr(t.value) for t in Termination)
        fail(join(path, "termination"), f"must be one of {choices}, got {echo(name)}")
    team = optional(found["team"], join(path, "team"), integer)
    winners = tuple(
        integer(seat, join(join(path, "winners"), i), 0, MAX_TEAM_PLAYERS - 1)
        for i, seat in enumerate(array(found["winners"], join(path, "winners")))
    )
    if termination is Termination.STOCK_EMPTIED:
        if team is None or not winners:
            fail(path, "a game won by emptying the stock piles has a team and winners (R-WIN-1)")
        if list(winners) != sorted(set(winners)):
            fail(join(path, "winners"), "must be distinct seats in increasing order")
    elif team is not None or winners:
        fail(path, f"a game that ended by {termination.value!r} has no winner (R-WIN-2)")
    return Outcome(termination, team, winners)


def _penalty_cards(found: dict[str, object], path: str, rules: Rules) -> tuple[int, ...]:
    """The penalty counts of a state or view document; all zeros when the field is absent."""
    if PENALTY_FIELD not in found:
        return (0,) * rules.stock_pile_count
    where = join(path, PENALTY_FIELD)
    counts = array(found[PENALTY_FIELD], where, rules.stock_pile_count)
    return tuple(integer(count, join(where, s), 0, MAX_COUNTER) for s, count in enumerate(counts))


def _read_public(data: object, path: str, names: tuple[str, ...]) -> tuple[dict[str, object], Any]:
    """The fields of a state or view document, and the public values both hold.

    Returns the document's fields and, by parameter name, the values a view shows in
    full and a state holds alike (rules, discard and build piles, counters, outcome,
    penalties), read the same way for both.
    """
    found = fields(data, path, names, (PENALTY_FIELD, STALL_FIELD))
    at = functools.partial(join, path)
    rules = read_rules(found["rules"], at("rules"))
    deck = rules.deck
    public = {
        "rules": rules,
        "discards": tuple(
            piles(item, join(at("discards"), d), deck, rules.discard_pile_count)
            for d, item in enumerate(
                array(found["discards"], at("discards"), rules.stock_pile_count)
            )
        ),
        "builds": piles(found["builds"], at("builds"), deck, rules.build_pile_count),
        "current_player": integer(
            found["current_player"], at("current_player"), 0, rules.players - 1
        ),
        "turn": integer(found["turn"], at("turn"), 1, MAX_COUNTER),
        "turn_moves": integer(found["turn_moves"], at("turn_moves"), 0, MAX_COUNTER),
        "empty_passes": integer(found["empty_passes"], at("empty_passes"), 0, rules.players),
        "outcome": optional(found["outcome"], at("outcome"), read_outcome),
        "penalty_cards": _penalty_cards(found, path, rules),
        # Absent from documents older than R-WIN-4: the count starts there.
        "stall_turns": integer(found.get(STALL_FIELD, 0), at(STALL_FIELD), 0, MAX_COUNTER),
    }
    return found, public


def read_state(data: object, path: str) -> GameState:
    """A :class:`~skipbo.GameState` from a dict; it passes :func:`skipbo.check_invariants`."""
    found, public = _read_public(data, path, STATE_FIELDS)
    at = functools.partial(join, path)
    rules: Rules = public["rules"]
    deck = rules.deck
    state = GameState(
        stocks=piles(found["stocks"], at("stocks"), deck, rules.stock_pile_count),
        hands=piles(found["hands"], at("hands"), deck, rules.players),
        draw_pile=pile(found["draw_pile"], at("draw_pile"), deck),
        completed=pile(found["completed"], at("completed"), deck),
        shuffle_seed=integer(found["shuffle_seed"], at("shuffle_seed"), 0, SEED_LIMIT - 1),
        **public,
    )
    # The invariants are stated once, in skipbo.games.skipbo.invariants; one the state
    # breaks is reported at its place, preferring one about a single place (a card
    # added to a hand is "hand 0 holds 6 cards" before "cards are not conserved").
    violations = located_violations(state)
    if violations:
        violation = min(violations, key=lambda v: v.summary)
        where = path
        for key in violation.place:
            where = join(where, key)
        fail(where, violation.message)
    return state


def read_view(data: object, path: str) -> PlayerView:
    """A :class:`~skipbo.PlayerView` from a dict; some valid state has exactly this view."""
    found, public = _read_public(data, path, VIEW_FIELDS)
    at = functools.partial(join, path)
    rules: Rules = public["rules"]
    deck = rules.deck
    player = optional(found["player"], at("player"), integer)
    seen = PlayerView(
        player=None if player is None else integer(player, at("player"), 0, rules.players - 1),
        hand=optional(found["hand"], at("hand"), lambda item, where: pile(item, where, deck)),
        stock_tops=tuple(
            optional(top, join(at("stock_tops"), s), lambda item, where: card(item, where, deck))
            for s, top in enumerate(
                array(found["stock_tops"], at("stock_tops"), rules.stock_pile_count)
            )
        ),
        stock_sizes=tuple(
            integer(size, join(at("stock_sizes"), s))
            for s, size in enumerate(
                array(found["stock_sizes"], at("stock_sizes"), rules.stock_pile_count)
            )
        ),
        hand_sizes=tuple(
            integer(size, join(at("hand_sizes"), p), 0, rules.hand_size)
            for p, size in enumerate(array(found["hand_sizes"], at("hand_sizes"), rules.players))
        ),
        draw_pile_size=integer(found["draw_pile_size"], at("draw_pile_size")),
        completed_count=integer(found["completed_count"], at("completed_count")),
        **public,
    )
    problems = view_violations(seen)
    if problems:
        fail(path, "not a view of any valid state: " + "; ".join(problems))
    try:
        # The end-of-game conditions: a state with this view must pass the invariants.
        sample_state(seen, random.Random(0))
    except InvalidStateError as error:
        fail(path, str(error))
    return seen
