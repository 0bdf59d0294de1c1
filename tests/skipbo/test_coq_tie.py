"""The engine tied to the Coq model of the rules, move by move (tools/coq_tie.py).

The model is extracted from the Coq proofs (coq/) to OCaml and built into a driver;
these tests compare the engine with it on the bounded set of positions (the
exhaustive tiny games and seeded random games of every variant), and make sure the
comparison fails when the engine breaks a rule. The long run is
``python -m tools.coq_tie --full --positions 20000 --games 200 --moves 3000``
(docs/verification.md).
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tools import coq_tie, perft_deals
from tools.bugs import by_name, injected
from tools.exhaustive import BOUNDED

import skipbo
from skipbo import Rules


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
    assert snap[10] == (0,)


@pytest.mark.rule(
    "R-TURN-2", "R-TURN-4", "R-TURN-5", "R-BUILD-2", "R-BUILD-4", "R-DRAW-2", "R-WIN-1"
)
def test_engine_and_model_agree_on_every_bounded_exhaustive_position(
    model: coq_tie.Model,
) -> None:
    tally = coq_tie.run(model, configurations=BOUNDED, max_positions=400, games=0)
    assert tally.problems == []
    assert tally.positions >= 3000
    assert tally.deals >= 500


@pytest.mark.rule(
    "R-TURN-2", "R-TURN-4", "R-TURN-5", "R-BUILD-2", "R-BUILD-4", "R-DRAW-2", "R-WIN-1"
)
@pytest.mark.parametrize("name", [name for name, _ in coq_tie.VARIANTS])
def test_engine_and_model_agree_on_a_random_game_of_every_variant(
    model: coq_tie.Model, name: str
) -> None:
    rules = dict(coq_tie.VARIANTS)[name]
    tally = coq_tie.Tally()
    coq_tie.random_games(model, rules, tally, games=1, moves=60, seed=7)
    assert tally.problems == []
    assert tally.positions >= 1


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
        ("B02", "standard 5 players", "shuffles other cards"),
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
        else:
            rules = dict(coq_tie.VARIANTS)[variant]
            coq_tie.random_games(model, rules, tally, games=1, moves=100, seed=1)
    assert any(expected in problem for problem in tally.problems), tally.problems[:3]


@pytest.mark.parametrize(
    "name", [name for name in perft_deals.VARIANTS if name.startswith("skipbo")]
)
def test_the_models_perft_counts_are_the_documented_ones(model: coq_tie.Model, name: str) -> None:
    """The model, from each documented deal on its own moves and steps, counts what the
    engine counts (docs/perft/counts.json): to depth 2 here, 3 for the small decks'
    deals; ``python -m tools.coq_tie --perft`` counts every documented depth."""
    documented = json.loads(perft_deals.COUNTS.read_text(encoding="utf-8"))[name]
    depth = 3 if name in ("skipbo-turn-limit-2", "skipbo-international-2") else 2
    assert coq_tie.model_perft(model, perft_deals.load(name), depth) == documented[: depth + 1]
