"""The engine tied to the Coq model of the rules, move by move (tools/coq_tie.py).

The model is extracted from the Coq proofs (coq/) to OCaml and built into a driver;
these tests compare the engine with it on the bounded set of positions (the first
positions of the exhaustive tiny games, seeded random games and walks of the model of
every variant, long games on tiny decks that reshuffle by the thousand), and make sure
the comparison fails when the engine breaks a rule. The long run is in
docs/verification.md.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from tools import coq_tie, perft_deals
from tools.bugs import by_name, injected
from tools.exhaustive import BOUNDED

import skipbo
from skipbo import Deck, Outcome, Rules, Termination
from skipbo.common.randomness import shuffle
from skipbo.games.skipbo.deal import deal


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[coq_tie.Model]:
    missing = [tool for tool in ("coqc", "coq_makefile", "ocamlopt") if shutil.which(tool) is None]
    assert not missing, f"the tie needs Debian's coq, libcoq-stdlib and ocaml-nox: {missing}"
    driver = coq_tie.build_driver(Path(tmp_path_factory.mktemp("coq")))
    with coq_tie.Model(driver) as running:
        yield running


def test_the_snapshot_of_a_state_holds_every_field_the_rules_look_at() -> None:
    state = skipbo.new_game(Rules(players=3), seed=5)
    snap = coq_tie.snapshot(state)
    assert snap[0] == state.stocks
    assert snap[2] == tuple(tuple(sorted(hand)) for hand in state.hands)
    assert snap[4] == state.draw_pile
    assert snap[6:10] == (state.current_player, state.turn, 0, 0)
    assert snap[10] == (0, -1, ())  # no outcome: no team, no winners


def test_the_snapshot_of_a_won_game_names_the_winning_seats() -> None:
    rules = Rules.partners()
    state = attrs.evolve(
        skipbo.new_game(rules, seed=5),
        outcome=Outcome(Termination.STOCK_EMPTIED, 1, (1, 3)),
    )
    assert coq_tie.snapshot(state)[10] == (1, 1, (1, 3))


def test_seeded_positions_order_cards_as_the_engines_shuffle() -> None:
    """The positions the tie hands the model are those the project's shuffle gives any
    cards (it moves positions, whatever they hold), chained like the state's seed."""
    cards = (5, 0, 7, 7, 1, 12, 3)
    order, following = shuffle(cards, 99)
    positions = coq_tie.SeededPositions(99)
    assert coq_tie.arranged(cards, positions(len(cards))) == order
    assert positions.seed == following


def test_the_model_refuses_positions_that_are_no_permutation(model: coq_tie.Model) -> None:
    rules = Rules(players=2, deck=Deck(copies=1, wilds=1, highest=3), stock_size=1, hand_size=1)
    with pytest.raises(coq_tie.NotAPermutation):
        model.deal(rules, (0, 1, 1, 3), 0)  # one card twice, one left out
    positions = (2, 0, 3, 1)
    dealt = deal(rules, coq_tie.arranged(rules.deck.cards(), positions), seed=0)
    assert model.deal(rules, positions, 0) == coq_tie.snapshot(dealt)


def test_a_model_walk_drives_the_engine_to_the_models_shuffles(model: coq_tie.Model) -> None:
    name = "tiny deck, long stocks, 2 players"
    tally = coq_tie.Tally()
    coq_tie.walks(model, dict(coq_tie.LONG)[name], tally, games=2, moves=2000, seed=3)
    assert tally.problems == []
    assert tally.walked == tally.moves > 0
    assert tally.reshuffles > 0
    assert tally.games_ended == 2


@pytest.mark.rule(
    "R-TURN-2", "R-TURN-4", "R-TURN-5", "R-BUILD-2", "R-BUILD-4", "R-DRAW-2", "R-WIN-1"
)
def test_engine_and_model_agree_on_the_first_positions_of_every_bounded_configuration(
    model: coq_tie.Model,
) -> None:
    """Every deal of each tiny configuration and its first 400 positions, breadth first."""
    tally = coq_tie.Tally()
    for rules in BOUNDED:
        coq_tie.exhaustive(model, rules, tally, max_positions=400)
    assert tally.problems == []
    assert tally.positions >= 3000
    assert tally.deals >= 500


@pytest.mark.rule("R-DECK-1", "R-DECK-4", "R-SETUP-2", "R-SETUP-5", "R-TURN-1", "R-BUILD-1")
def test_the_engines_defaults_are_the_models_own(model: coq_tie.Model) -> None:
    tally = coq_tie.Tally()
    coq_tie.check_defaults(model, tally)
    assert tally.problems == []
    assert tally.defaults == 9


@pytest.mark.rule(
    "R-TURN-2", "R-TURN-4", "R-TURN-5", "R-BUILD-2", "R-BUILD-4", "R-DRAW-2", "R-WIN-1"
)
@pytest.mark.parametrize("name", [name for name, _ in coq_tie.VARIANTS])
def test_engine_and_model_agree_on_a_random_game_and_a_walk_of_every_variant(
    model: coq_tie.Model, name: str
) -> None:
    rules = dict(coq_tie.VARIANTS)[name]
    tally = coq_tie.Tally()
    coq_tie.random_games(model, rules, tally, games=1, moves=60, seed=7)
    coq_tie.walks(model, rules, tally, games=1, moves=60, seed=7)
    assert tally.problems == []
    assert tally.walked >= 1


@pytest.mark.rule("R-DRAW-2", "R-WIN-1", "R-TEAM-3")
def test_the_bounded_run_compares_a_thousand_reshuffles_and_partners_wins(
    model: coq_tie.Model,
) -> None:
    """The long games on tiny decks of ``python -m tools.coq_tie`` (18 random games and
    18 walks a variant): a thousand moves that reshuffle (R-DRAW-2), every game to its
    end, and the whole outcome of each compared, partners' wins among them."""
    tally = coq_tie.Tally()
    for index, (_, rules) in enumerate(coq_tie.LONG):
        coq_tie.random_games(
            model, rules, tally, games=18, moves=coq_tie.LONG_MOVES, seed=index + 1
        )
        coq_tie.walks(model, rules, tally, games=18, moves=coq_tie.LONG_MOVES, seed=index + 1)
    assert tally.problems == []
    assert tally.reshuffles >= 1000
    assert tally.games_ended == 2 * 18 * len(coq_tie.LONG)
    assert tally.outcomes >= tally.games_ended


PARTNERS = "tiny deck, long stocks, partners"


@pytest.mark.parametrize(
    ("bug", "variant", "expected"),
    [
        # a build pile accepts any number above its next one (apply only)
        ("B08", None, "the model refuses it"),
        # a full build pile is not completed
        ("B11", None, "after"),
        # the stock piles are dealt one card short
        ("B27", None, "deal of"),
        # the deck leaves out its highest number
        ("B29", None, "deck"),
        # a reshuffle also mixes a short draw pile in: only long games reshuffle so
        ("B02", "standard 5 players", "hands: engine"),
        # a shuffle that is no permutation: the model refuses the seed's positions
        ("B44", PARTNERS, "the model refuses"),
        # a partners' win names one seat
        ("B45", PARTNERS, "outcome: engine"),
        # four players get the 20-card stock by default
        ("B46", "defaults", "default stock_size"),
    ],
)
def test_the_tie_catches_an_engine_that_breaks_a_rule(
    model: coq_tie.Model, bug: str, variant: str | None, expected: str
) -> None:
    tally = coq_tie.Tally()
    with injected(by_name(bug)):
        if variant is None:
            for rules in BOUNDED[:3]:
                coq_tie.exhaustive(model, rules, tally, max_positions=300)
        elif variant == "defaults":
            coq_tie.check_defaults(model, tally)
        else:
            long = dict(coq_tie.LONG)
            rules = long[variant] if variant in long else dict(coq_tie.VARIANTS)[variant]
            moves = coq_tie.LONG_MOVES if variant in long else 100
            coq_tie.random_games(model, rules, tally, games=1, moves=moves, seed=1)
    assert any(expected in problem for problem in tally.problems), tally.problems[:3]


@pytest.mark.parametrize(
    "name", [name for name in perft_deals.VARIANTS if name.startswith("skipbo")]
)
def test_the_models_perft_counts_are_the_documented_ones(model: coq_tie.Model, name: str) -> None:
    """The model, from each documented deal on its own moves and steps, counts what the
    engine counts (docs/perft/counts.json): to depth 2 here, 3 for two deals, and 4 for
    the small deck's, whose draw pile runs out at depth 3 (the reshuffles take the
    positions the document's seed gives); ``python -m tools.coq_tie --perft`` counts
    every documented depth (the small deck's to 6)."""
    documented = json.loads(perft_deals.COUNTS.read_text(encoding="utf-8"))[name]
    deeper = {"skipbo-turn-limit-2": 3, "skipbo-international-2": 3, "skipbo-small-2": 4}
    depth = deeper.get(name, 2)
    assert coq_tie.model_perft(model, perft_deals.load(name), depth) == documented[: depth + 1]
