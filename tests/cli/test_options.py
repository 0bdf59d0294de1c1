"""The rules options of the command line name the documented presets (docs/variants.md)."""

from __future__ import annotations

import argparse

import pytest

from skipbo import ConfigurationError, Deck, FirstPlayer, Rules
from skipbo.cli.errors import UsageError
from skipbo.cli.options import add_rules_options, rules_from


def rules_of(*args: str, players: int = 2) -> Rules:
    parser = argparse.ArgumentParser()
    add_rules_options(parser, players=players)
    return rules_from(parser.parse_args(args))


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), Rules.standard()),
        (("--players", "5"), Rules.standard(players=5)),
        (("--stock", "7"), Rules(players=2, stock_size=7)),
        (("--variant", "short", "--players", "3"), Rules.short(players=3)),
        (("--variant", "short", "--stock", "15"), Rules.short(2, 15)),
        (("--variant", "partners"), Rules.partners()),
        (
            ("--variant", "partners", "--players", "6"),
            Rules.partners(teams=((0, 3), (1, 4), (2, 5))),
        ),
        (("--variant", "partners", "--teams", "0,1/2,3"), Rules.partners(teams=((0, 1), (2, 3)))),
        (("--variant", "team-piles"), Rules.team_piles()),
        (
            ("--variant", "team-piles", "--teams", "0,1,2/3,4,5", "--stock", "10"),
            Rules.team_piles(teams=((0, 1, 2), (3, 4, 5)), stock_size=10),
        ),
        (
            ("--deck", "international-games", "--first-player", "dealer-draw"),
            Rules(deck=Deck.international_games(), first_player=FirstPlayer.DEALER_DRAW),
        ),
        (
            ("--first-player", "highest-stock-top", "--turn-limit", "40"),
            Rules(first_player=FirstPlayer.HIGHEST_STOCK_TOP, turn_limit=40),
        ),
        (("--first-player", "1"), Rules(first_player=1)),
    ],
)
def test_every_preset_and_option(args: tuple[str, ...], expected: Rules) -> None:
    assert rules_of(*args) == expected


def test_the_default_number_of_players_is_the_commands() -> None:
    assert rules_of(players=3) == Rules(players=3)
    assert rules_of("--variant", "partners", players=3) == Rules.partners()


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("--teams", "0,1/2,3"), UsageError),
        (("--variant", "partners", "--players", "6", "--teams", "0,1/2,3"), UsageError),
        (("--variant", "short", "--stock", "9"), ConfigurationError),
        (("--players", "7"), ConfigurationError),
        (("--variant", "team-piles", "--players", "4"), ConfigurationError),
    ],
)
def test_impossible_combinations(args: tuple[str, ...], error: type[Exception]) -> None:
    with pytest.raises(error):
        rules_of(*args)
