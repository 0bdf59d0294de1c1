"""Compile the Coq proofs of the rules (``coq/``) and check that nothing fools them.

The proofs are a Coq model of the rules and theorems about it (docs/verification.md,
"Proved"). A proof that compiles may still rest on something unproved (an
``Admitted`` claim, an ``Axiom``), or on a kernel check switched off (``Unset Guard
Checking``, ``#[bypass_check]``), and a claim nobody lists is a claim nobody checks.
So this command

1. reads every source of ``coq/theories`` and ``coq/extraction`` (comments and
   strings left out) and refuses every escape hatch of :data:`HATCHES`, and the
   section hypotheses of :data:`SECTION_ONLY` outside a section; it refuses a
   ``_CoqProject`` that passes options to Coq (``-arg -type-in-type``) or leaves a
   theory out;
2. finds every claim (``Theorem``, ``Lemma``, ``Corollary`` and their kin,
   :data:`CLAIMS`) and requires each theorem (:data:`THEOREMS`) to be classified by a
   marker comment before it, ``(* kind: rules *)`` or ``(* kind: restates *)``
   (:data:`KINDS`; docs/verification.md lists them);
3. copies ``coq/`` to a temporary folder and builds it there the Coq way
   (``coq_makefile -f _CoqProject``, then ``make``), so that no build output lands
   in the checkout;
4. prints the assumptions of every claim (``Print Assumptions``, from a file it writes
   itself, so no claim can be left out of the list) and requires each to be exactly
   "Closed under the global context" (Coq's own logic, nothing else);
5. runs Coq's independent checker, ``coqchk``, on every compiled module (and what they
   require): it must succeed and report no axiom, nothing relying on type-in-type,
   no unsafe fixpoint and no assumed positivity.

Usage (from the repository root)::

    python -m tools.coq_check

Exit status 0 when the proofs compile and every check holds, 1 otherwise. It needs
Debian's ``coq`` and ``libcoq-stdlib`` (``bash tools/check`` installs them).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COQ = ROOT / "coq"
THEORIES = COQ / "theories"

CLOSED = "Closed under the global context"
"""What ``Print Assumptions`` says of a claim that rests on nothing."""

THEOREMS = ("Theorem", "Corollary", "Proposition")
"""The claims the docs present as results: each must be classified (:data:`KINDS`)."""

CLAIMS = (*THEOREMS, "Lemma", "Fact", "Remark", "Example", "Property")
"""Every keyword that states a claim: each claim must be closed, whatever its keyword."""

KINDS = {
    "rules": "about the rules",
    "restates": "restates a definition",
}
"""A theorem's kind, as its marker comment names it, and what the kind means.

``rules``: the theorem says something a reader of the rules cares about that no single
definition of the model says: an invariant along every game, conservation, a bound, a
computed list agreeing with the declarative rule, a finding. ``restates``: unfolding the
definitions it names gives the statement (the step is defined as a filter on the legal
moves, so it is defined exactly on them), or it says another theorem again (half of
an equivalence, the same fact as a permutation)."""

MARKER_HELP = (
    "classify it: put (* kind: rules *) or (* kind: restates *) on the line before it "
    "(docs/verification.md, 'Which theorems are about the rules', says which) "
    "and add it to that table"
)


@dataclass(frozen=True)
class Hatch:
    """A way of making Coq accept a claim that is not proved, and why it is refused."""

    pattern: re.Pattern[str]
    why: str
    theories_only: bool = False


def _hatch(pattern: str, why: str, *, theories_only: bool = False) -> Hatch:
    return Hatch(re.compile(pattern), why, theories_only)


HATCHES = (
    _hatch(r"\bAdmitted\b", "an admitted claim is assumed, not proved"),
    _hatch(r"\badmit\b", "admit closes a goal without a proof"),
    _hatch(r"\bgive_up\b", "give_up leaves a goal unproved"),
    _hatch(r"\bAdmit\b", "Admit Obligations assumes Program's obligations"),
    _hatch(
        r"\b(?:Axiom|Axioms|Parameter|Parameters|Conjecture|Conjectures)\b",
        "declares something assumed, not defined",
    ),
    _hatch(r"\bPrimitive\b", "declares a primitive the kernel trusts"),
    _hatch(
        r"(?:\b(?:Set|Unset)\s+)?\b(?:Guard|Positivity|Universe)\s+Checking\b",
        "a kernel check's flag: none may be switched off (or touched)",
    ),
    _hatch(r"\bbypass_check\b", "#[bypass_check] switches a kernel check off"),
    _hatch(r"\bDefinitional\s+UIP\b", "extends Coq's logic"),
    _hatch(r"\bDeclare\s+ML\s+Module\b", "loads OCaml code into Coq, which can do anything"),
    _hatch(r"\bLoad\b", "runs a file this check does not read"),
    _hatch(
        r"\bAdd\s+(?:Rec\s+)?(?:LoadPath|ML\s+Path)\b",
        "lets Coq read files this check does not read",
    ),
    _hatch(r"\bRegister\b", "hands a constant to the kernel as a primitive"),
    _hatch(
        r"\bExtract\s+(?:Inlined\s+|Foreign\s+)?Constant\b",
        "replaces a definition of the model by hand-written OCaml in the extracted model",
    ),
    _hatch(
        r"\bExtract\s+Inductive\b",
        "extraction's choices belong in coq/extraction, not in the theories",
        theories_only=True,
    ),
)
"""Refused wherever they appear outside comments and strings (the flags in any form:
``Unset``, ``Local Unset``, ``#[local] Unset``, ``Set``; ``Extract Inductive`` only in
the theories: the extraction files may map types, as the standard ExtrOcaml files do)."""

SECTION_ONLY = ("Variable", "Variables", "Hypothesis", "Hypotheses", "Context")
"""Inside a section these are parameters that every claim using them takes as a
hypothesis once the section ends; outside one Coq makes them axioms."""

_PREFIX = (
    r"(?:#\[[^\]]*\]\s*"
    r"|(?:Local|Global|Export|Polymorphic|Monomorphic|Program|Private|Cumulative|NonCumulative)\s+)*"
)
_CLAIM = re.compile(_PREFIX + r"(" + "|".join(CLAIMS) + r")\s+([A-Za-z_][A-Za-z0-9_']*)")
_SECTION_ONLY = re.compile(_PREFIX + r"(" + "|".join(SECTION_ONLY) + r")\b")
_OPEN = re.compile(r"(Section|Module(?:\s+Type)?)\s+(?:(?:Import|Export)\s+)?([A-Za-z_][\w']*)")
_END = re.compile(r"End\s+([A-Za-z_][\w']*)$")
_MARKER = re.compile(r"\(\*+\s*kind:\s*([\w-]+)\s*\*\)")
_SENTENCE_END = re.compile(r"\.(?=\s|\Z)")
_BULLETS = re.compile(r"[\s\-+*{}]*")


@dataclass(frozen=True)
class Finding:
    """Something refused, where it is."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class Claim:
    """A claim of a theory: ``Module.name``, its keyword, line and marked kind."""

    path: str
    module: str
    name: str
    keyword: str
    line: int
    kind: str | None

    @property
    def qualified(self) -> str:
        """``Module.name``: how the docs and this check's messages name it."""
        return f"{self.module}.{self.name}"

    @property
    def is_theorem(self) -> bool:
        """A result the docs present (and so classify), not a helper lemma."""
        return self.keyword in THEOREMS


def strip_comments(text: str) -> str:
    """``text`` with Coq comments ``(* .. *)`` (nested) and strings' insides blanked out.

    Every character keeps its place (newlines stay), so positions and line numbers
    stay those of the source. As Coq's lexer does, a string inside a comment is read
    as a string: a ``*)`` in it does not end the comment (else ``(* "*)" *)`` would
    hide from this scan what Coq compiles after it).

    >>> strip_comments('a (* b (* c *) d *) "e" f').split()
    ['a', '"', '"', 'f']
    >>> strip_comments('(* "*)" *) Axiom x : False. (* " *)').split()
    ['Axiom', 'x', ':', 'False.']
    """
    out: list[str] = []
    depth = 0
    index = 0
    in_string = False
    while index < len(text):
        pair = text[index : index + 2]
        char = text[index]
        blank = "\n" if char == "\n" else " "
        if char == '"':
            in_string = not in_string
            out.append(blank if depth else char)
        elif in_string or (depth and pair not in ("(*", "*)")):
            out.append(blank)
        elif pair == "(*" or (pair == "*)" and depth):
            depth += 1 if pair == "(*" else -1
            out.append("  ")
            index += 1
        else:
            out.append(char)
        index += 1
    return "".join(out)


def line_of(text: str, position: int) -> int:
    """The line (from 1) of ``position`` in ``text``."""
    return text.count("\n", 0, position) + 1


def sentences(stripped: str) -> Iterator[tuple[int, int, str]]:
    """Each sentence of a stripped source: where its previous one ended, where it
    starts (past bullets and braces), and its text.

    >>> [s for _, _, s in sentences("Lemma a : True.\\nProof. - exact I. Qed.")]
    ['Lemma a : True', 'Proof', 'exact I', 'Qed']
    """
    previous = 0
    for end in _SENTENCE_END.finditer(stripped):
        bullets = _BULLETS.match(stripped, previous)
        start = bullets.end() if bullets else previous
        if start < end.start():
            yield previous, start, stripped[start : end.start()]
        previous = end.end()


def hatches(path: str, text: str, *, theory: bool) -> list[Finding]:
    """Every escape hatch in a source, outside comments and strings.

    >>> [str(f) for f in hatches("A.v", "Lemma a : True.\\nProof. admit. (* Axiom *)", theory=True)]
    ['A.v:2: admit: admit closes a goal without a proof']
    """
    stripped = strip_comments(text)
    found = [
        Finding(path, line_of(stripped, match.start()), f"{match.group(0)}: {hatch.why}")
        for hatch in HATCHES
        if theory or not hatch.theories_only
        for match in hatch.pattern.finditer(stripped)
    ]
    found.extend(outside_sections(path, stripped))
    return sorted(found, key=lambda finding: finding.line)


def outside_sections(path: str, stripped: str) -> list[Finding]:
    """The section hypotheses (:data:`SECTION_ONLY`) declared outside a section."""
    found = []
    for _, start, sentence, blocks in _walk(stripped):
        match = _SECTION_ONLY.match(sentence)
        if match and "Section" not in (kind for kind, _ in blocks):
            why = "outside a section Coq makes it an axiom"
            found.append(Finding(path, line_of(stripped, start), f"{match.group(1)}: {why}"))
    return found


def _walk(stripped: str) -> Iterator[tuple[int, int, str, tuple[tuple[str, str], ...]]]:
    """Each sentence with the sections and modules open around it (kind, name)."""
    blocks: list[tuple[str, str]] = []
    for previous, start, sentence in sentences(stripped):
        yield previous, start, sentence, tuple(blocks)
        opened = _OPEN.match(sentence)
        ended = _END.match(sentence)
        if opened and ":=" not in sentence:
            kind = "Section" if opened.group(1) == "Section" else "Module"
            blocks.append((kind, opened.group(2)))
        elif ended and blocks and blocks[-1][1] == ended.group(1):
            blocks.pop()


def claims(path: str, module: str, text: str) -> list[Claim]:
    """Every claim of a theory, named as ``Module.[Submodule.]name``, with its marker.

    The marker is the last ``(* kind: ... *)`` comment between the claim and the
    sentence before it.

    >>> source = "(* kind: rules *)\\nTheorem t : True.\\nProof. exact I. Qed.\\nLemma l : True."
    >>> [(c.qualified, c.keyword, c.line, c.kind) for c in claims("A.v", "A", source)]
    [('A.t', 'Theorem', 2, 'rules'), ('A.l', 'Lemma', 4, None)]
    """
    stripped = strip_comments(text)
    found = []
    for previous, start, sentence, blocks in _walk(stripped):
        match = _CLAIM.match(sentence)
        if match:
            modules = [name for kind, name in blocks if kind == "Module"]
            markers = _MARKER.findall(text, previous, start)
            found.append(
                Claim(
                    path,
                    ".".join([module, *modules]),
                    match.group(2),
                    match.group(1),
                    line_of(stripped, start),
                    markers[-1] if markers else None,
                )
            )
    return found


def classification(found: Iterable[Claim]) -> list[Finding]:
    """Every theorem without a known kind, and every kind marker on a mere lemma."""
    problems = []
    for claim in found:
        if claim.is_theorem and claim.kind not in KINDS:
            what = "not classified" if claim.kind is None else f"unknown kind {claim.kind!r}"
            message = f"{claim.keyword} {claim.qualified}: {what}; {MARKER_HELP}"
            problems.append(Finding(claim.path, claim.line, message))
        elif not claim.is_theorem and claim.kind is not None:
            message = f"{claim.keyword} {claim.qualified} has a kind: make it a Theorem or drop it"
            problems.append(Finding(claim.path, claim.line, message))
    return problems


@dataclass(frozen=True)
class Project:
    """What ``_CoqProject`` says: the theories' folder, its logical name, its files."""

    folder: str
    logical: str
    files: tuple[str, ...]


def read_project(path: str, text: str) -> tuple[Project | None, list[Finding]]:
    """The project, and every line of it that passes Coq anything else.

    Only ``-R`` or ``-Q`` (once) and the theories' files may appear: ``-arg
    -type-in-type`` or ``-arg -impredicative-set`` would change Coq's logic.

    >>> read_project("_CoqProject", "-R theories P\\ntheories/A.v\\n")[0]
    Project(folder='theories', logical='P', files=('theories/A.v',))
    """
    mapping: tuple[str, str] | None = None
    files: list[str] = []
    refused = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if len(words) == 3 and words[0] in ("-R", "-Q") and mapping is None:
            mapping = (words[1], words[2])
        elif len(words) == 1 and words[0].endswith(".v") and not words[0].startswith("-"):
            files.append(words[0])
        elif words:
            why = "passes Coq an option or a folder this check does not read"
            refused.append(Finding(path, number, f"{line.strip()}: {why}"))
    if mapping is None:
        return None, [*refused, Finding(path, 1, "no -R folder: the theories are not mapped")]
    outside = [f for f in files if Path(f).parent != Path(mapping[0])]
    refused.extend(Finding(path, 1, f"{f}: not in {mapping[0]}/") for f in outside)
    return Project(mapping[0], mapping[1], tuple(files)), refused


def modules(project: Project) -> list[str]:
    """The compiled modules' logical names, in the project's order."""
    return [f"{project.logical}.{Path(file).stem}" for file in project.files]


@dataclass
class Sources:
    """What the scan of a ``coq/`` folder found: claims and refusals."""

    project: Project | None
    claims: list[Claim]
    refused: list[Finding]


def scan(coq: Path) -> Sources:
    """Read a ``coq/`` folder (``_CoqProject``, theories, extraction) without compiling."""
    project, refused = read_project("_CoqProject", (coq / "_CoqProject").read_text("utf-8"))
    folder = project.folder if project else "theories"
    found: list[Claim] = []
    for path in sorted((coq / folder).glob("*.v")):
        name = f"{folder}/{path.name}"
        text = path.read_text(encoding="utf-8")
        refused.extend(hatches(name, text, theory=True))
        found.extend(claims(name, path.stem, text))
        if project and name not in project.files:
            refused.append(Finding(name, 1, "not in _CoqProject: it would not be compiled"))
    for path in sorted((coq / "extraction").glob("*.v")):
        text = path.read_text(encoding="utf-8")
        refused.extend(hatches(f"extraction/{path.name}", text, theory=False))
    refused.extend(classification(found))
    return Sources(project, found, refused)


def assumptions_file(project: Project, found: Iterable[Claim]) -> str:
    """A Coq file printing the assumptions of every claim, each to its own file.

    ``Redirect`` writes ``assumptions/N.out`` for the N-th claim: nothing a theory
    prints can pass for a claim's assumptions.
    """
    required = " ".join(Path(file).stem for file in project.files)
    lines = [f"From {project.logical} Require {required}."]
    lines.extend(
        f'Redirect "assumptions/{index}" Print Assumptions {project.logical}.{claim.qualified}.'
        for index, claim in enumerate(found)
    )
    return "\n".join(lines) + "\n"


def assumption_problems(found: Iterable[Claim], printed: list[str]) -> list[str]:
    """Every claim whose printed assumptions are not exactly :data:`CLOSED`."""
    return [
        f"{claim.path}:{claim.line}: {claim.keyword} {claim.qualified} rests on more than "
        f"Coq's logic:\n{text}"
        for claim, text in zip(found, printed, strict=True)
        if text != CLOSED
    ]


_SUMMARY_CLEAN = re.compile(r"\* (?:Theory: Set is predicative|[^:]+: <none>)")


def coqchk_problems(returncode: int, output: str) -> list[str]:
    """What is wrong in coqchk's verdict: a failure, or anything in its summary but
    "Set is predicative" and "<none>" (axioms, type-in-type, unsafe fixpoints,
    assumed positivity).

    >>> coqchk_problems(0, "CONTEXT SUMMARY\\n===\\n* Axioms: <none>\\n")
    []
    >>> coqchk_problems(0, "CONTEXT SUMMARY\\n* Axioms:\\n    P.A.ax\\n")
    ['coqchk: * Axioms:', 'coqchk:     P.A.ax']
    """
    if returncode != 0:
        return [f"coqchk failed (exit status {returncode}):\n{output.strip()}"]
    _, marker, summary = output.partition("CONTEXT SUMMARY")
    lines = [line for line in summary.splitlines() if line.strip().strip("=")]
    if not marker or not any(line.startswith("* Axioms:") for line in lines):
        return [f"coqchk printed no summary of its axioms:\n{output.strip()}"]
    return [f"coqchk: {line}" for line in lines if not _SUMMARY_CLEAN.fullmatch(line.strip())]


def _run(command: list[str], folder: Path, what: str) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in ``folder``; raise with its output if it fails."""
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{what}:\n{done.stdout}\n{done.stderr}".rstrip())
    return done


def build(coq: Path, folder: Path) -> None:
    """Copy ``coq`` to ``folder`` and build it there (coq_makefile, make)."""
    shutil.copytree(coq, folder, ignore=shutil.ignore_patterns("*.vo*", "*.glob", ".*.aux"))
    _run(["coq_makefile", "-f", "_CoqProject", "-o", "CoqMakefile"], folder, "coq_makefile failed")
    _run(["make", "-f", "CoqMakefile"], folder, "the proofs do not compile")


def print_assumptions(folder: Path, project: Project, found: list[Claim]) -> list[str]:
    """Compile :func:`assumptions_file` in the built ``folder``; each claim's assumptions."""
    (folder / "assumptions").mkdir()
    (folder / "Assumptions.v").write_text(assumptions_file(project, found), encoding="utf-8")
    mapping = ["-Q", project.folder, project.logical]
    _run(["coqc", "-q", *mapping, "Assumptions.v"], folder, "a claim cannot be printed")
    return [
        (folder / "assumptions" / f"{index}.out").read_text(encoding="utf-8").strip()
        for index in range(len(found))
    ]


def run_coqchk(folder: Path, project: Project) -> list[str]:
    """coqchk on every compiled module of the built ``folder``; what is wrong."""
    command = ["coqchk", "-silent", "-o", "-Q", project.folder, project.logical]
    done = subprocess.run(
        [*command, *modules(project)], cwd=folder, capture_output=True, text=True, check=False
    )
    return coqchk_problems(done.returncode, done.stdout + done.stderr)


@dataclass
class Verdict:
    """The outcome of :func:`check`: the claims and everything wrong."""

    claims: list[Claim]
    problems: list[str]


def check(coq: Path = COQ) -> Verdict:
    """Scan ``coq``, then build it, print every claim's assumptions and run coqchk."""
    sources = scan(coq)
    problems = [str(finding) for finding in sources.refused]
    if problems or sources.project is None:
        return Verdict(sources.claims, problems)
    with tempfile.TemporaryDirectory(prefix="skipbo-coq-") as temporary:
        folder = Path(temporary) / "coq"
        try:
            build(coq, folder)
            printed = print_assumptions(folder, sources.project, sources.claims)
        except RuntimeError as error:
            return Verdict(sources.claims, [str(error)])
        problems = assumption_problems(sources.claims, printed)
        problems.extend(run_coqchk(folder, sources.project))
    return Verdict(sources.claims, problems)


def counts(found: Iterable[Claim]) -> dict[str, int]:
    """How many theorems of each kind, and how many helper lemmas."""
    found = list(found)
    tally = {kind: sum(c.kind == kind for c in found if c.is_theorem) for kind in KINDS}
    tally["lemmas"] = sum(not claim.is_theorem for claim in found)
    return tally


def main() -> int:
    """Check the proofs, print the verdict and the counts; 0 when all hold."""
    needed = ("coqc", "coq_makefile", "coqchk")
    if any(shutil.which(tool) is None for tool in needed):
        print("coq_check needs Debian's coq and libcoq-stdlib (apt-get install coq libcoq-stdlib)")
        return 1
    started = time.monotonic()
    verdict = check()
    for problem in verdict.problems:
        print(problem)
    if verdict.problems:
        print(f"coq proofs: {len(verdict.problems)} problems")
        return 1
    tally = counts(verdict.claims)
    print(
        f"coq proofs: {tally['rules']} theorems about the rules, {tally['restates']} that "
        f"restate a definition, {tally['lemmas']} lemmas; every claim closed under the "
        f"global context, coqchk: no axiom ({time.monotonic() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
