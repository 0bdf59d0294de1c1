"""Options shared by the subcommands: the rules (every preset and variant) and the seed.

The bounds that end every game (R-WIN-4, S-END-3) are options too, each ``N`` or
``none``: ``--turn-move-limit`` (Skip-Bo), ``--stall-limit`` (both games, each with its
own default) and ``--round-limit`` (Skyjo). ``none`` lifts a bound: no bound on a
game's length is proved then, and a command that plays whole games of bots
(``tournament``) refuses such rules unless ``--max-moves`` caps each game.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Mapping

import skipbo.games
from skipbo import Deck, FirstPlayer, Rules, skyjo
from skipbo.cli.errors import UsageError
from skipbo.common.randomness import SEED_BITS
from skipbo.games.skipbo.rules import PresetOptions

__all__ = [
    "SKIPBO_RULES_OPTIONS",
    "add_game_option",
    "add_integer_option",
    "add_rules_options",
    "check_options_apply",
    "random_seed",
    "rules_from",
    "skyjo_rules_from",
]

GAMES = tuple(skipbo.games.names())
"""The ``--game`` choices of the commands that play either game: every game's name."""

SKIPBO_RULES_OPTIONS = {
    "variant": ("--variant", "standard"),
    "stock": ("--stock", None),
    "deck": ("--deck", "mattel"),
    "first_player": ("--first-player", 0),
    "teams": ("--teams", None),
}
"""The rules options only Skip-Bo has: each by its attribute, with its flag and default."""

VARIANTS = ("standard", "short", "partners", "team-piles")
"""The ``--variant`` choices: :class:`~skipbo.Rules` presets of the same names."""

DECKS = {"mattel": Deck.mattel, "international-games": Deck.international_games}
"""The ``--deck`` choices (R-DECK-1, R-DECK-4)."""

DEFAULT_PLAYERS = {"standard": 2, "short": 2, "partners": 4, "team-piles": 6}


def _teams(text: str) -> tuple[tuple[int, ...], ...]:
    """``0,2/1,3`` -> ``((0, 2), (1, 3))``."""
    try:
        return tuple(tuple(int(seat) for seat in team.split(",")) for team in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"teams are seats separated by commas, teams by slashes (e.g. 0,2/1,3), got {text!r}"
        ) from None


def bound(text: str) -> int | None:
    """A bound of R-WIN-4 / S-END-3 on the command line: a positive integer, or ``none``."""
    if text.strip().lower() == "none":
        return None
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a positive integer or none, got {text!r}"
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer or none, got {value}")
    return value


def add_bound_option(
    parser: argparse.ArgumentParser | argparse._ArgumentGroup, name: str, default: str, help: str
) -> None:
    """``--NAME N|none``: a bound that every game ends by, ``none`` lifting it.

    Left out, the option sets nothing (the game's rules give the default, ``default``
    says it in the help), so that each game can have its own default.
    """
    parser.add_argument(
        name,
        type=bound,
        default=argparse.SUPPRESS,
        metavar="N|none",
        help=f"{help} (default {default})",
    )


def _bounds(
    args: argparse.Namespace, given: tuple[str, ...], refused: tuple[str, ...]
) -> dict[str, int | None]:
    """The bounds among ``given`` set on the command line, by name; ``refused`` may not be."""
    for name in refused:
        if hasattr(args, name):
            raise UsageError(f"--{name.replace('_', '-')} is not an option of this game")
    return {name: getattr(args, name) for name in given if hasattr(args, name)}


def _first_player(text: str) -> int | FirstPlayer:
    if text.isdecimal():
        return int(text)
    try:
        return FirstPlayer(text)
    except ValueError:
        choices = ", ".join(rule.value for rule in FirstPlayer)
        raise argparse.ArgumentTypeError(
            f"a seat number or one of {choices}, got {text[:40]!r}"
        ) from None


def add_rules_options(parser: argparse.ArgumentParser, *, players: int = 2) -> None:
    """Add the options that choose the rules; :func:`rules_from` reads them back.

    ``players`` is the default number of players of the individual variants (the
    team variants default to 4 and 6).
    """
    group = parser.add_argument_group("rules")
    group.add_argument(
        "--players",
        type=int,
        metavar="N",
        default=None,
        help=f"number of players (default {players}; partners 4, team-piles 6)",
    )
    group.add_argument("--variant", choices=VARIANTS, default="standard", help="rules preset")
    group.add_argument(
        "--stock",
        "--stock-size",
        dest="stock",
        type=int,
        metavar="N",
        default=None,
        help="cards per stock pile (default: by the rules; short game 10-15)",
    )
    group.add_argument("--deck", choices=tuple(DECKS), default="mattel", help="the deck")
    group.add_argument(
        "--first-player",
        type=_first_player,
        default=0,
        metavar="SEAT|dealer-draw|highest-stock-top",
        help="who starts (default seat 0)",
    )
    group.add_argument(
        "--turn-limit",
        type=int,
        metavar="N",
        default=None,
        help="end without a winner after N turns",
    )
    defaults, skyjo_defaults = Rules(), skyjo.Rules()
    add_bound_option(
        group,
        "--turn-move-limit",
        str(defaults.turn_move_limit),
        "Skip-Bo: moves a turn may make before only a discard ends it (R-WIN-4)",
    )
    add_bound_option(
        group,
        "--stall-limit",
        f"{defaults.stall_limit}, Skyjo {skyjo_defaults.stall_limit}",
        "Skip-Bo: turns without a stock play that end the game stalled (R-WIN-4); Skyjo: "
        "turns without a card turned up or a column removed that end the round (S-END-3)",
    )
    add_bound_option(
        group,
        "--round-limit",
        str(skyjo_defaults.round_limit),
        "Skyjo: rounds after which the game ends (S-END-3)",
    )
    group.add_argument(
        "--teams",
        type=_teams,
        default=None,
        metavar="0,2/1,3",
        help="the seats of each team (partners and team-piles; default: alternating seats)",
    )
    parser.set_defaults(default_players=players)


def _default_teams(variant: str, players: int) -> tuple[tuple[int, ...], ...]:
    # Partners sit opposite each other (R-TEAM-1); in the shared-piles form two teams
    # alternate around the table.
    count = players // 2 if variant == "partners" else 2
    return tuple(tuple(range(team, players, count)) for team in range(count))


def rules_from(args: argparse.Namespace, *, players: int | None = None) -> Rules:
    """The :class:`~skipbo.Rules` that the options of :func:`add_rules_options` name.

    ``players`` overrides the default number of players of the individual variants.

    Raises:
        ConfigurationError: if the combination is impossible (the rules say why).
        UsageError: if ``--teams`` is given for individual play.

    """
    variant: str = args.variant
    individual = variant in ("standard", "short")
    default = (players or args.default_players) if individual else DEFAULT_PLAYERS[variant]
    players = default if args.players is None else args.players
    options = PresetOptions(
        deck=DECKS[args.deck](), first_player=args.first_player, turn_limit=args.turn_limit
    )
    bounds = _bounds(args, ("turn_move_limit", "stall_limit"), ("round_limit",))
    if "turn_move_limit" in bounds:
        options["turn_move_limit"] = bounds["turn_move_limit"]
    if "stall_limit" in bounds:
        options["stall_limit"] = bounds["stall_limit"]
    stock: int | None = args.stock  # None: the preset's own default (R-SETUP-2, R-TEAM-5)
    if individual:
        if args.teams is not None:
            raise UsageError("--teams needs --variant partners or team-piles")
        if variant == "short":
            return (
                Rules.short(players, **options)
                if stock is None
                else Rules.short(players, stock, **options)
            )
        if stock is None:
            return Rules.standard(players, **options)
        return Rules(players=players, stock_size=stock, **options)
    teams = args.teams or _default_teams(variant, players)
    if args.players is not None and args.teams is not None and players != sum(map(len, teams)):
        raise UsageError(f"--teams seat {sum(map(len, teams))} players, not --players {players}")
    preset = Rules.partners if variant == "partners" else Rules.team_piles
    if stock is None:
        return preset(teams, **options)
    return preset(teams, stock_size=stock, **options)


def skyjo_rules_from(args: argparse.Namespace, players: int) -> skyjo.Rules:
    """The Skyjo rules the options name: ``players``, ``--turn-limit`` and the bounds.

    Raises:
        UsageError: if ``--turn-move-limit`` (a Skip-Bo bound) is given.
        ConfigurationError: if the combination is impossible.

    """
    bounds = _bounds(args, ("stall_limit", "round_limit"), ("turn_move_limit",))
    defaults = skyjo.Rules()
    return skyjo.Rules(
        players=players,
        turn_limit=args.turn_limit,
        stall_limit=bounds.get("stall_limit", defaults.stall_limit),
        round_limit=bounds.get("round_limit", defaults.round_limit),
    )


def add_integer_option(
    parser: argparse.ArgumentParser, flag: str, *, default: int | None, help: str
) -> None:
    """Add the option ``flag N`` of a whole number (a seat, a seed, a count)."""
    parser.add_argument(flag, type=int, metavar="N", default=default, help=help)


def add_game_option(parser: argparse.ArgumentParser, *, help: str) -> None:
    """Add ``--game skipbo|skyjo`` (Skip-Bo by default); ``help`` says which options apply."""
    parser.add_argument("--game", choices=GAMES, default="skipbo", help=help)


def check_options_apply(
    args: argparse.Namespace, game: str, options: Mapping[str, tuple[str, object]]
) -> None:
    """Refuse the ``options`` given for ``game`` that do not apply to it.

    ``options`` maps an option's attribute to its flag and default; an option whose
    value is not its default was given, and is an error rather than silently ignored.

    Raises:
        UsageError: naming the first such option and the game.

    """
    for attribute, (flag, default) in options.items():
        if getattr(args, attribute, default) != default:
            raise UsageError(f"{flag} does not apply to --game {game}")


def random_seed() -> int:
    """A fresh seed nobody can predict: a seed reveals every hidden card of its deal."""
    return secrets.randbits(SEED_BITS)
