"""The Coq proofs' check (tools/coq_check.py): what it reads in sources and in Coq's output.

The check itself (compiling the proofs) runs in the test command as a stage of its own;
these tests make sure that its reading of sources and of ``Print Assumptions`` cannot
pass a proof that rests on an axiom or an admitted lemma.
"""

from __future__ import annotations

import doctest

from tools import coq_check
from tools.coq_check import CLOSED, assumptions, forbidden_words, problems, theorem_names

SOURCE = """(** A theorem (* with a nested comment: Admitted *) *)
Theorem good : True.
Proof. exact I. Qed.
Corollary also_good : True.
Proof. exact I. Qed.
Lemma helper : True.
Proof. exact I. Qed.
"""


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(coq_check).failed == 0


def test_every_way_of_leaving_a_proof_open_is_found() -> None:
    source = "Axiom ax : False.\nLemma x : True.\nProof. admit. Admitted.\nParameter p : nat.\n"
    expected = [(1, "Axiom"), (3, "admit"), (3, "Admitted"), (4, "Parameter")]
    assert forbidden_words(source) == expected


def test_words_in_comments_and_strings_and_inside_names_are_not_forbidden() -> None:
    source = '(* Admitted, Axiom *) Definition admitted_count := 1.\nidtac "admit".'
    assert forbidden_words(source) == []


def test_theorems_and_corollaries_are_named_by_module() -> None:
    assert theorem_names({"Legal": SOURCE}) == ["Legal.good", "Legal.also_good"]


def test_an_axiom_behind_a_theorem_is_a_problem() -> None:
    output = f"theorem Legal.good\n{CLOSED}\ntheorem Legal.also_good\nAxioms:\nfalse_ax : False\n"
    assert assumptions(output)["Legal.also_good"] == "Axioms:\nfalse_ax : False"
    found = problems({"Legal": SOURCE}, output)
    assert len(found) == 1
    assert found[0].startswith("Legal.also_good: rests on more")


def test_a_theorem_without_print_assumptions_is_a_problem() -> None:
    found = problems({"Legal": SOURCE}, f"theorem Legal.good\n{CLOSED}\n")
    assert found == ["Legal.also_good: not listed in Check.v (no Print Assumptions)"]


def test_every_theorem_closed_is_no_problem() -> None:
    output = (
        f"COQC theories/Check.v\ntheorem Legal.good\n{CLOSED}\ntheorem Legal.also_good\n{CLOSED}\n"
    )
    assert problems({"Legal": SOURCE}, output) == []


def test_the_committed_proofs_list_every_theorem_in_the_check_file() -> None:
    sources = {p.stem: p.read_text(encoding="utf-8") for p in coq_check.THEORIES.glob("*.v")}
    check = sources.pop("Check")
    names = theorem_names(sources)
    assert len(names) >= 20
    for name in names:
        assert f"Print Assumptions {name}." in check
        assert f'idtac "theorem {name}"' in check
    assert all(not forbidden_words(text) for text in sources.values())
