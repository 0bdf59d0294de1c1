"""The Skyjo engine tied to the Coq model of its rules, move by move (tools/coq_tie_skyjo.py).

The model of a whole game (coq/theories/SkyjoGame.v, on the round of Skyjo.v) is
extracted to OCaml and built into a driver; these tests compare the engine with it on
a bounded set of positions (the first positions of the tiny exhaustive configurations,
a seeded random game and a walk of the model of every variant, walks of a tiny deck
that shuffles by the thousand, all played to their end), check the model's perft counts
of the documented deals, and make sure the comparison fails when the engine breaks a
rule. The long run is in docs/verification.md.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from tools import coq_tie, coq_tie_skyjo, perft_deals, skyjo_exhaustive
from tools.bugs import by_name, injected

from skipbo import skyjo


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[coq_tie_skyjo.SkyjoModel]:
    missing = [tool for tool in ("coqc", "coq_makefile", "ocamlopt") if shutil.which(tool) is None]
    assert not missing, f"the tie needs Debian's coq, libcoq-stdlib and ocaml-nox: {missing}"
    driver = coq_tie.build_driver(Path(tmp_path_factory.mktemp("coq")), coq_tie_skyjo.DRIVER)
    with coq_tie_skyjo.SkyjoModel(driver) as running:
        yield running


def test_the_snapshot_of_a_state_holds_every_field_the_rules_look_at() -> None:
    state = skyjo.new_game(skyjo.Rules(players=3), seed=5)
    snap = coq_tie_skyjo.snapshot(state)
    assert snap[0][1] == tuple((1, card) for card in state.grids[1])  # all face down
    assert snap[1:4] == (state.discard_pile, state.draw_pile, 0)
    # phase take, no turn yet, no turn without progress (S-END-3), no ender, revealing
    assert snap[4:9] == ((0,), 0, 0, None, 1)
    assert snap[9:] == ((None, None, None), 0, 1, (), None)
    # A card held outside a turn is no state of the model's: the snapshot says so.
    assert coq_tie_skyjo.snapshot(attrs.evolve(state, held=3)) != snap


@pytest.mark.rule(
    "S-DECK-1", "S-SETUP-2", "S-SETUP-3", "S-SETUP-4", "S-SETUP-5", "S-TURN-1", "S-TURN-2",
    "S-TURN-3", "S-TURN-4", "S-COL-1", "S-COL-2", "S-COL-3", "S-COL-4", "S-DRAW-1",
    "S-END-1", "S-END-2", "S-END-3", "S-SCORE-1", "S-SCORE-2", "S-SCORE-3",
)  # fmt: skip
def test_engine_and_model_agree_on_the_bounded_run(
    model: coq_tie_skyjo.SkyjoModel,
) -> None:
    """Every order of three tiny decks dealt, the first 400 positions of every tiny
    exhaustive configuration, one random game and one walk of the model of each variant,
    2 to 8 players, and ten walks of a tiny deck, each to its end: the same deals, moves
    and states, the defaults, a thousand moves that shuffle (S-DRAW-1's refill and the
    next round's deal, S-SETUP-2) and the outcome of every game (the bounded run of
    ``python -m tools.coq_tie --game skyjo``)."""
    tally = coq_tie_skyjo.run(model, max_positions=400, games=1, moves=400)
    assert tally.problems == []
    assert tally.positions >= 2000
    variants = len(coq_tie_skyjo.VARIANTS)
    walks = variants + 10  # one walk of each variant and ten of the long one
    assert tally.deals == 25 + 300 + 1332 + variants + walks  # every order dealt
    assert tally.games_ended == variants + walks  # S-SCORE-3 compared too
    assert tally.reshuffles >= 1000
    assert tally.walked > 0
    assert tally.defaults == 7


NEGATIVE = "2 players, negative deck, end score 5"


@pytest.mark.parametrize(
    ("bug", "where", "expected"),
    [
        ("S01", "decks", "standard deck"),  # the standard deck has no 12s
        ("S05", NEGATIVE, "deal of"),  # the first discard card is dealt twice
        ("S04", NEGATIVE, "grids"),  # the next round dealt unshuffled
        ("S06", NEGATIVE, "after r"),  # a reveal turns up one card
        ("S07", NEGATIVE, "current_player"),  # a tied first round goes to the latest seat
        ("S12", NEGATIVE, "grids"),  # a column of negative cards stays
        ("S16", NEGATIVE, "draw_pile"),  # the refill takes the discard's top
        ("S24", NEGATIVE, "after draw"),  # a refill that is no permutation
        ("S25", "exhaustive 3", "outcome"),  # a tie for the lowest total is not shared
        ("S26", "decks", "default deck"),  # the default deck has ten -2s
        ("S17", NEGATIVE, "grids"),  # a player misses the last turn
        ("S18", NEGATIVE, "history"),  # the final reveal's cards are not scored
        ("S09", "exhaustive", "the model refuses it"),  # a taken card discarded again
        ("S20", "exhaustive", "phase"),  # a tied round ender is not doubled
        ("S21", "exhaustive", "grids"),  # a total at the end score does not end the game
    ],
)
def test_the_tie_catches_an_engine_that_breaks_a_rule(
    model: coq_tie_skyjo.SkyjoModel, bug: str, where: str, expected: str
) -> None:
    tally = coq_tie.Tally()
    with injected(by_name(bug)):
        if where == "decks":
            coq_tie_skyjo.check_standard_deck(model, tally)
            coq_tie_skyjo.check_defaults(model, tally)
        elif where.startswith("exhaustive"):
            configuration = int(where.removeprefix("exhaustive") or 0)
            starts = skyjo_exhaustive.BOUNDED[configuration][1]()
            coq_tie_skyjo.exhaustive(model, starts, tally, max_positions=300)
        else:
            rules = dict(coq_tie_skyjo.VARIANTS)[where]()
            coq_tie_skyjo.random_games(model, rules, tally, games=1, moves=400, seed=1)
    assert any(expected in problem for problem in tally.problems), tally.problems[:3]


@pytest.mark.parametrize(
    "name", [name for name in perft_deals.VARIANTS if name.startswith("skyjo")]
)
def test_the_models_perft_counts_are_the_documented_ones(
    model: coq_tie_skyjo.SkyjoModel, name: str
) -> None:
    """The model, from each documented deal on its own moves and steps, counts what the
    engine counts (docs/perft/counts.json) to depth 2: every pair of reveals (S-SETUP-4);
    ``python -m tools.coq_tie --perft`` counts every documented depth."""
    documented = json.loads(perft_deals.COUNTS.read_text(encoding="utf-8"))[name]
    assert coq_tie_skyjo.model_perft(model, perft_deals.load(name), 2) == documented[:3]
