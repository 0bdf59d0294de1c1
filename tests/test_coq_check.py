"""The Coq proofs' check (tools/coq_check.py): what it refuses, what it counts, what it runs.

The check of the committed proofs runs in the test command as a stage of its own
(``python -m tools.coq_check``, about a minute). These tests write tiny Coq projects in
temporary folders: one per escape hatch, each refused by the scan before anything is
compiled; and a few compiled for real, small enough to take a second or two, showing
that ``Print Assumptions`` and ``coqchk`` refuse what the scan would miss.
"""

from __future__ import annotations

import doctest
import re
import shutil
from pathlib import Path

import pytest
from tools import coq_check
from tools.coq_check import CLOSED, Project, assumption_problems, coqchk_problems, scan

ROOT = Path(__file__).resolve().parent.parent
GOOD = """(** A theorem (* with a nested comment: Admitted, Axiom *) *)
(* kind: rules *)
Theorem good : True.
Proof. exact I. Qed.
Lemma helper : True.
Proof. exact I. Qed.
"""


def write_project(
    folder: Path, theory: str, *, extraction: str | None = None, project: str | None = None
) -> Path:
    """A ``coq/`` folder: ``theories/A.v`` holding ``theory``, mapped to ``P``."""
    (folder / "theories").mkdir(parents=True)
    (folder / "theories" / "A.v").write_text(theory, encoding="utf-8")
    (folder / "_CoqProject").write_text(project or "-R theories P\ntheories/A.v\n", "utf-8")
    if extraction is not None:
        (folder / "extraction").mkdir()
        (folder / "extraction" / "Extract.v").write_text(extraction, encoding="utf-8")
    return folder


def refusals(folder: Path) -> list[str]:
    return [str(finding) for finding in scan(folder).refused]


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(coq_check).failed == 0


def test_a_project_without_an_escape_hatch_is_not_refused(tmp_path: Path) -> None:
    assert refusals(write_project(tmp_path, GOOD)) == []


HATCHES = {
    "Admitted": "Theorem t : False.\nProof.\nAdmitted.",
    "admit": "Theorem t : False.\nProof.\n  admit.\nQed.",
    "give_up": "Theorem t : False.\nProof.\n  give_up.\nQed.",
    "Admit Obligations": "Program Definition x : {n : nat | n = 1} := 0.\nAdmit Obligations.",
    "Axiom": "Axiom false : False.",
    "Axioms": "Axioms a b : False.",
    "Parameter": "Parameter p : nat.",
    "Parameters": "Parameters p q : nat.",
    "Conjecture": "Conjecture c : False.",
    "Primitive": "Primitive i := #int63_type.",
    "Unset Guard Checking": "Unset Guard Checking.",
    "Local Unset Guard Checking": "Local Unset Guard Checking.",
    "#[local] Unset Guard Checking": "#[local] Unset Guard Checking.",
    "Unset Guard Checking over two lines": "Unset Guard\n  Checking.",
    "Set Guard Checking": "Set Guard Checking.",
    "Unset Positivity Checking": "Unset Positivity Checking.",
    "Global Unset Positivity Checking": "Global Unset Positivity Checking.",
    "Unset Universe Checking": "Unset Universe Checking.",
    "#[bypass_check(guard)]": "#[bypass_check(guard)]\nFixpoint f (n : nat) : False := f n.",
    "#[bypass_check(positivity=yes)]": "#[bypass_check(positivity=yes)] Inductive T := t.",
    "#[bypass_check] among attributes": "#[ universes(polymorphic),\n bypass_check ( universes ) ]",
    "Set Definitional UIP": "Set Definitional UIP.",
    "Declare ML Module": 'Declare ML Module "evil_plugin".',
    "Load": 'Load "Other".',
    "Add LoadPath": 'Add LoadPath "../elsewhere" as Elsewhere.',
    "Add Rec LoadPath": 'Add Rec LoadPath "../elsewhere" as Elsewhere.',
    "Add ML Path": 'Add ML Path "../plugins".',
    "Axiom after a string in a comment": '(* "*)" *) Axiom x : False. (* " *)',
    "Register": "Register bool as kernel.ind_bool.",
    "Extract Constant": 'Extract Constant step => "fun _ -> None".',
    "Extract Inlined Constant": 'Extract Inlined Constant step => "(fun _ -> None)".',
    "Extract Inductive": 'Extract Inductive bool => "bool" ["true" "false"].',
    "Variable": "Variable x : nat.",
    "Variables": "Variables x y : nat.",
    "Hypothesis": "Hypothesis h : False.",
    "Hypotheses": "Hypotheses (h : False) (g : False).",
    "Context": "Context (h : False).",
    "#[local] Hypothesis": "#[local] Hypothesis h : False.",
}
"""Each escape hatch, as it would be written in a theory (its last line holds it)."""


@pytest.mark.parametrize("source", HATCHES.values(), ids=HATCHES.keys())
def test_every_escape_hatch_is_refused_at_its_line(tmp_path: Path, source: str) -> None:
    found = refusals(write_project(tmp_path, GOOD + "\n" + source + "\n"))
    first_line = GOOD.count("\n") + 2
    assert found, f"not refused: {source!r}"
    assert all(f.startswith("theories/A.v:") for f in found)
    lines = {int(f.split(":")[1]) for f in found}
    assert lines <= set(range(first_line, first_line + source.count("\n") + 1))


@pytest.mark.parametrize(
    "source",
    ['Extract Constant step => "fun _ -> None".', 'Extract Inlined Constant step => "x".'],
)
def test_an_extraction_file_may_not_replace_a_definition_by_ocaml(
    tmp_path: Path, source: str
) -> None:
    found = refusals(write_project(tmp_path, GOOD, extraction=source))
    assert len(found) == 1
    assert found[0].startswith("extraction/Extract.v:1: Extract")


def test_an_extraction_file_may_map_an_inductive_type(tmp_path: Path) -> None:
    extraction = 'Extract Inductive bool => "bool" ["true" "false"].\nExtraction "m" x.'
    assert refusals(write_project(tmp_path, GOOD, extraction=extraction)) == []


def test_section_hypotheses_inside_a_section_are_not_refused(tmp_path: Path) -> None:
    section = (
        "Section S.\n  Variable x : nat.\n  Hypothesis h : x = 0.\n  Context (y : nat).\nEnd S.\n"
    )
    after = "Variable z : nat.\n"
    found = refusals(write_project(tmp_path, GOOD + section + after))
    assert found == ["theories/A.v:12: Variable: outside a section Coq makes it an axiom"]


def test_words_in_comments_and_strings_and_inside_names_are_not_refused(tmp_path: Path) -> None:
    source = (
        "(* Admitted, (* nested: Axiom *) Unset Guard Checking *)\n"
        "Definition admitted_count := 1.\n"
        'Definition s := "admit Axiom #[bypass_check]".\n'
    )
    assert refusals(write_project(tmp_path, GOOD + source)) == []


@pytest.mark.parametrize(
    ("project", "refused"),
    [
        ("-R theories P\n-arg -type-in-type\ntheories/A.v\n", "_CoqProject:2: -arg -type-in-type"),
        ("-R theories P\n-arg -impredicative-set\ntheories/A.v\n", "_CoqProject:2: -arg"),
        ("-R theories P\n-R ../elsewhere Q\ntheories/A.v\n", "_CoqProject:2: -R ../elsewhere Q"),
        ("-R theories P\n", "theories/A.v:1: not in _CoqProject"),
        ("theories/A.v\n", "_CoqProject:1: no -R folder"),
    ],
)
def test_a_project_that_changes_coqs_logic_or_leaves_a_theory_out_is_refused(
    tmp_path: Path, project: str, refused: str
) -> None:
    found = refusals(write_project(tmp_path, GOOD, project=project))
    assert any(finding.startswith(refused) for finding in found), found


def test_every_claim_keyword_is_counted_a_lemma_too(tmp_path: Path) -> None:
    claims = "".join(
        f"{marker}{keyword} c{index} : True.\nProof. exact I. Qed.\n"
        for index, keyword in enumerate(coq_check.CLAIMS)
        for marker in ["(* kind: restates *)\n" if keyword in coq_check.THEOREMS else ""]
    )
    sources = scan(write_project(tmp_path, claims))
    assert sources.refused == []
    assert [c.keyword for c in sources.claims] == list(coq_check.CLAIMS)
    assert "Lemma" in coq_check.CLAIMS
    assert coq_check.counts(sources.claims) == {"rules": 0, "restates": 3, "lemmas": 5}


def test_every_claim_is_printed_a_lemma_too_and_one_not_closed_is_refused(tmp_path: Path) -> None:
    sources = scan(write_project(tmp_path, GOOD + "Local Lemma other : True.\n"))
    assert sources.project is not None
    printing = coq_check.assumptions_file(sources.project, sources.claims)
    assert printing.splitlines() == [
        "From P Require A.",
        'Redirect "assumptions/0" Print Assumptions P.A.good.',
        'Redirect "assumptions/1" Print Assumptions P.A.helper.',
        'Redirect "assumptions/2" Print Assumptions P.A.other.',
    ]
    printed = [CLOSED, "Axioms:\nfalse : False", CLOSED]
    found = assumption_problems(sources.claims, printed)
    assert len(found) == 1
    assert found[0].startswith("theories/A.v:5: Lemma A.helper rests on more than Coq's logic")


def test_claims_in_modules_are_named_by_their_module_path() -> None:
    source = (
        "Module M.\nModule N.\nLemma a : True.\nEnd N.\nLemma b : True.\nEnd M.\nLemma c : True."
    )
    names = [claim.qualified for claim in coq_check.claims("A.v", "A", source)]
    assert names == ["A.M.N.a", "A.M.b", "A.c"]


def test_a_theorem_without_a_kind_is_refused_saying_how_to_classify_it(tmp_path: Path) -> None:
    source = "(** A doc comment is no marker. *)\nCorollary new_one : True.\nProof. exact I. Qed.\n"
    found = refusals(write_project(tmp_path, GOOD + source))
    assert len(found) == 1
    assert found[0].startswith("theories/A.v:8: Corollary A.new_one: not classified")
    assert "(* kind: rules *) or (* kind: restates *)" in found[0]


def test_a_marker_counts_only_for_the_claim_right_after_it(tmp_path: Path) -> None:
    source = "(* kind: rules *)\nLemma l : True.\nProof. exact I. Qed.\nTheorem t : True.\n"
    found = refusals(write_project(tmp_path, source))
    assert [f.split(": ", 1)[1][:30] for f in found] == [
        "Lemma A.l has a kind: make it ",
        "Theorem A.t: not classified; c",
    ]


def test_an_unknown_kind_is_refused(tmp_path: Path) -> None:
    found = refusals(write_project(tmp_path, "(* kind: important *)\nTheorem t : True."))
    assert len(found) == 1
    assert "unknown kind 'important'" in found[0]


SUMMARY = "\n  \n".join(
    [
        "CONTEXT SUMMARY\n===============\n",
        "* Theory: Set is predicative",
        "* Axioms: <none>",
        "* Constants/Inductives relying on type-in-type: <none>",
        "* Constants/Inductives relying on unsafe (co)fixpoints: <none>",
        "* Inductives whose positivity is assumed: <none>",
        "",
    ]
)
"""What coqchk -o prints of modules that rest on nothing (each part ends in a line of
two spaces)."""


def test_coqchks_clean_summary_is_no_problem() -> None:
    assert coqchk_problems(0, SUMMARY) == []


@pytest.mark.parametrize(
    ("line", "replacement"),
    [
        ("* Axioms: <none>", "* Axioms:\n    P.A.false"),
        ("* Theory: Set is predicative", "* Theory: Set is impredicative"),
        ("type-in-type: <none>", "type-in-type:\n    P.A.u"),
        ("(co)fixpoints: <none>", "(co)fixpoints:\n    P.A.loop"),
        ("assumed: <none>", "assumed:\n    P.A.T"),
    ],
)
def test_anything_in_coqchks_summary_is_a_problem(line: str, replacement: str) -> None:
    assert coqchk_problems(0, SUMMARY.replace(line, replacement))


def test_coqchk_failing_or_printing_no_summary_is_a_problem() -> None:
    assert coqchk_problems(1, SUMMARY)[0].startswith("coqchk failed (exit status 1)")
    assert coqchk_problems(0, "")[0].startswith("coqchk printed no summary of its axioms")


def test_the_committed_proofs_pass_the_scan_every_theorem_classified() -> None:
    sources = scan(coq_check.COQ)
    assert sources.refused == []
    tally = coq_check.counts(sources.claims)
    assert tally["rules"] >= 20
    assert tally["restates"] >= 20
    assert tally["lemmas"] >= 50


KIND_ROW = re.compile(r"^\| `(\w+\.\w+)` \| (about the rules|restates a definition) \|", re.M)


def documented_kinds() -> dict[str, str]:
    text = (ROOT / "docs" / "verification.md").read_text(encoding="utf-8")
    return dict(KIND_ROW.findall(text))


def test_the_docs_sort_the_theorems_as_the_sources_do() -> None:
    theorems = [claim for claim in scan(coq_check.COQ).claims if claim.is_theorem]
    marked = {claim.qualified: coq_check.KINDS[str(claim.kind)] for claim in theorems}
    assert documented_kinds() == marked


def test_the_readme_counts_only_the_theorems_about_the_rules() -> None:
    tally = coq_check.counts(scan(coq_check.COQ).claims)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    said = f"{tally['rules']} theorems about the rules (and {tally['restates']} more that restate"
    assert said in readme
    assert f"{tally['rules'] + tally['restates']} theorems" not in readme


@pytest.fixture(scope="module")
def coq() -> None:
    missing = [tool for tool in ("coqc", "coq_makefile", "coqchk") if shutil.which(tool) is None]
    assert not missing, f"the proofs' check needs Debian's coq and libcoq-stdlib: {missing}"


@pytest.mark.usefixtures("coq")
def test_a_tiny_project_compiles_and_passes_the_whole_check(tmp_path: Path) -> None:
    verdict = coq_check.check(write_project(tmp_path / "coq", GOOD))
    assert verdict.problems == []
    assert [claim.qualified for claim in verdict.claims] == ["A.good", "A.helper"]


@pytest.mark.usefixtures("coq")
def test_a_lemma_left_aborted_fails_the_check(tmp_path: Path) -> None:
    source = GOOD + "Lemma gone : False.\nProof. Abort.\n"
    verdict = coq_check.check(write_project(tmp_path / "coq", source))
    assert len(verdict.problems) == 1
    assert "a claim cannot be printed" in verdict.problems[0]
    assert "P.A.gone" in verdict.problems[0]


UNSAFE = {
    "guard": (
        "Unset Guard Checking.\nFixpoint loop (n : nat) : False := loop n.\n"
        "Set Guard Checking.\nLemma bad : False.\nProof. exact (loop 0). Qed.\n",
        "loop",
    ),
    "bypass_check": (
        "#[bypass_check(guard)] Fixpoint loop (n : nat) : False := loop n.\n"
        "Lemma bad : False.\nProof. exact (loop 0). Qed.\n",
        "loop",
    ),
    "positivity": (
        "#[bypass_check(positivity)] Inductive T := mk : (T -> False) -> T.\n"
        "Lemma bad : T -> True.\nProof. intros _. exact I. Qed.\n",
        "T",
    ),
    "universe": (
        "Unset Universe Checking.\nDefinition U := Type.\nDefinition u : U := U.\n"
        "Set Universe Checking.\nLemma bad : u = u.\nProof. reflexivity. Qed.\n",
        "u",
    ),
    "axiom": ("Axiom false : False.\nLemma bad : False.\nProof. exact false. Qed.\n", "false"),
}
"""Escape hatches that compile, and what each rests on: past the scan, Coq itself must
refuse each, naming it."""


@pytest.mark.usefixtures("coq")
@pytest.mark.parametrize(("source", "unsafe"), UNSAFE.values(), ids=UNSAFE.keys())
def test_past_the_scan_coqchk_and_print_assumptions_still_refuse(
    tmp_path: Path, source: str, unsafe: str
) -> None:
    folder = tmp_path / "built"
    coq_check.build(write_project(tmp_path / "coq", source), folder)
    project = Project("theories", "P", ("theories/A.v",))
    assert f"coqchk:     P.A.{unsafe}" in coq_check.run_coqchk(folder, project)
    bad = [c for c in coq_check.claims("theories/A.v", "A", source) if c.name == "bad"]
    (problem,) = assumption_problems(bad, coq_check.print_assumptions(folder, project, bad))
    assert problem.startswith("theories/A.v:")
    assert re.search(rf"^A\.{unsafe}\b", problem, re.M), problem
