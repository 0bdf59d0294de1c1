"""The technique x rule matrix: its page is current, its fixtures apply, the goal holds.

The measurement itself (``python -m tools.matrix``, minutes) is not rerun here: these
tests read the committed results (``tools/bugs/results.json``) and check the page,
the fixtures and the goal; and they put bug B02 in place to see the injection work.
"""

from __future__ import annotations

from collections import Counter

import pytest
from tools import matrix
from tools.bugs import BUGS, by_name, injected, stale
from tools.traceability import rule_ids

from skipbo import WILD
from skipbo.games.skipbo import draw, engine
from tests.contracts import ContractBroken, enforced


def test_the_page_matches_the_results_and_the_fixtures() -> None:
    """``python -m tools.matrix --check``: the page is generated from the results,
    every bug has a result and every fixture still applies to the code."""
    assert matrix.main(["--check"]) == 0


def test_every_rule_with_a_bug_is_caught_by_two_techniques_besides_differential() -> None:
    by_rule = matrix.coverage(matrix.load())
    below = {rule: sorted(t) for rule, t in by_rule.items() if len(t) < matrix.GOAL}
    assert below == {}


def test_every_bug_is_caught_by_two_techniques_besides_differential() -> None:
    results = matrix.load()["bugs"]
    counted = [key for key, _, _ in matrix.TECHNIQUES if key not in matrix.BESIDES]
    caught = {
        bug.name: [key for key in counted if matrix.catches(results[bug.name], key)] for bug in BUGS
    }
    assert {name: keys for name, keys in caught.items() if len(keys) < matrix.GOAL} == {}


def test_b02_is_caught_by_the_contracts_the_scenario_and_the_state_machine() -> None:
    """Issue 15: the B02 gap closed at every level, each technique on its own."""
    result = matrix.load()["bugs"]["B02"]
    assert {"contracts", "scenario", "stateful"} <= {
        key for key, _, _ in matrix.TECHNIQUES if matrix.catches(result, key)
    }


def test_the_fixtures_name_known_rules_and_distinct_bugs() -> None:
    known = set(rule_ids())
    assert all(set(bug.rules) <= known for bug in BUGS)
    assert len({bug.name for bug in BUGS}) == len(BUGS)
    assert stale() == []


def test_a_stale_fixture_is_reported() -> None:
    bug = by_name("B11")
    moved = type(bug)(
        bug.name, bug.rules, bug.summary, bug.module, bug.function, (("no such text", "x"),)
    )
    assert stale((moved,)) == [f"B11: {'no such text'!r} is not once in _placed"]


@pytest.mark.rule("R-DRAW-2")
def test_b02_in_place_breaks_take_contract_and_is_taken_out_again() -> None:
    """B02 mixes a short draw pile into the reshuffle: the old draw pile's card is no
    longer the first taken, which ``take``'s contract refuses."""
    original = draw.take
    with injected(by_name("B02")):
        assert draw.take is not original
        broken = 0
        for seed in range(20):
            drawn, pile, _, _ = draw.take(3, (WILD,), (1, 2, 3, 4), seed)
            assert Counter(drawn + pile) == Counter((WILD, 1, 2, 3, 4))  # conserved
            if drawn[:1] != (WILD,):  # the wild went into the new draw pile
                broken += 1
                with enforced(draw), pytest.raises(ContractBroken):
                    draw.take(3, (WILD,), (1, 2, 3, 4), seed)
        assert broken > 0
    assert draw.take is original
    assert engine._placed is by_name("B11").original_function()


def test_every_verifiable_rule_of_both_games_has_an_injected_bug() -> None:
    from tools.traceability import INFORMATIVE

    named = {rule for bug in BUGS for rule in bug.rules}
    assert [rule for rule in rule_ids() if rule not in INFORMATIVE and rule not in named] == []


def test_a_bug_in_a_method_reaches_every_reference_and_is_taken_out_again() -> None:
    """B29 changes ``Deck.cards``; S01 changes ``skyjo.Deck.standard``, which the Skyjo
    rules hold as their default factory: the bug must reach that reference too."""
    from skipbo import Deck, Rules, skyjo

    with injected(by_name("B29")):
        assert 12 not in Deck.mattel().cards()
    assert Deck.mattel().cards().count(12) == 12
    with injected(by_name("S01")):
        assert 12 not in skyjo.Rules().deck.counts()
    assert skyjo.Rules().deck.size == 150
    assert Rules().deck.size == 162


def test_each_bug_is_measured_with_its_own_games_tests() -> None:
    assert {bug.game for bug in BUGS} == {"skipbo", "skyjo"}
    assert by_name("S12").game == "skyjo"
    assert matrix.techniques_of("skyjo") == [
        "scenario",
        "property",
        "stateful",
        "contracts",
        "crosshair",
        "exhaustive",
        "conformance",
    ]
