"""Compile the Coq proofs of the rules (``coq/``) and check what they rest on.

The proofs are a Coq model of the rules and theorems about it (docs/verification.md,
"Proved"). A proof that compiles may still rest on something unproved: an
``Admitted`` theorem, an ``admit`` inside a proof, an ``Axiom`` or a ``Parameter``
standing in for a rule. So this command

1. reads every source of ``coq/theories`` (comments and strings left out) and fails
   on any of the words :data:`FORBIDDEN`;
2. copies ``coq/`` to a temporary folder and builds it there the Coq way
   (``coq_makefile -f _CoqProject``, then ``make``), so that no build output lands
   in the checkout;
3. reads what compiling ``theories/Check.v`` printed: for every ``Theorem`` and
   ``Corollary`` of the theories, Check.v must print its name and then its
   assumptions (``Print Assumptions``), and they must be exactly "Closed under the
   global context" (Coq's own logic, nothing else).

Usage (from the repository root)::

    python -m tools.coq_check

Exit status 0 when the proofs compile and every theorem is closed, 1 otherwise. It
needs Debian's ``coq`` and ``libcoq-stdlib`` (``bash tools/check`` installs them).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COQ = ROOT / "coq"
THEORIES = COQ / "theories"
CHECK_FILE = "Check.v"

FORBIDDEN = (
    "Admitted",
    "admit",
    "give_up",
    "Axiom",
    "Axioms",
    "Parameter",
    "Parameters",
    "Conjecture",
    "Hypothesis",
    "Hypotheses",
    "Variable",
    "Variables",
)
"""Words that would let a theorem rest on something unproved (the last four make
section hypotheses, which become assumptions of every theorem that uses them)."""

CLOSED = "Closed under the global context"
"""What ``Print Assumptions`` says of a theorem that rests on nothing."""

_WORD = re.compile(r"\b(" + "|".join(FORBIDDEN) + r")\b")
_THEOREM = re.compile(r"^\s*(?:Theorem|Corollary)\s+([A-Za-z_][A-Za-z0-9_']*)", re.M)
_HEADER = re.compile(r"^theorem (\S+)$")


def strip_comments(text: str) -> str:
    """``text`` with Coq comments ``(* .. *)`` (nested) and strings blanked out.

    Newlines are kept, so line numbers stay those of the source.

    >>> strip_comments('a (* b (* c *) d *) "e" f').split()
    ['a', '""', 'f']
    """
    out: list[str] = []
    depth = 0
    index = 0
    in_string = False
    while index < len(text):
        pair = text[index : index + 2]
        char = text[index]
        if in_string:
            if char == '"':
                in_string = False
                out.append(char)
            else:
                out.append("\n" if char == "\n" else "")
            index += 1
        elif pair == "(*":
            depth += 1
            out.append("  ")
            index += 2
        elif pair == "*)" and depth:
            depth -= 1
            out.append("  ")
            index += 2
        elif depth:
            out.append("\n" if char == "\n" else " ")
            index += 1
        else:
            if char == '"':
                in_string = True
            out.append(char)
            index += 1
    return "".join(out)


def forbidden_words(text: str) -> list[tuple[int, str]]:
    """The forbidden words in a Coq source (outside comments), with their line numbers.

    >>> forbidden_words("Lemma a : True.\\nProof. admit. Admitted. (* Axiom *)")
    [(2, 'admit'), (2, 'Admitted')]
    """
    found: list[tuple[int, str]] = []
    for number, line in enumerate(strip_comments(text).splitlines(), start=1):
        found.extend((number, word) for word in _WORD.findall(line))
    return found


def theorem_names(sources: dict[str, str]) -> list[str]:
    """``Module.name`` of every Theorem and Corollary in ``sources`` (module -> text)."""
    return [
        f"{module}.{name}"
        for module, text in sources.items()
        for name in _THEOREM.findall(strip_comments(text))
    ]


def assumptions(output: str) -> dict[str, str]:
    """The assumptions printed for each theorem: name -> the text after its name.

    Check.v prints ``theorem NAME`` and then the output of ``Print Assumptions NAME``.

    >>> closed = "Closed under the global context"
    >>> printed = assumptions(f"theorem A.x\\n{closed}\\ntheorem A.y\\nAxioms:\\nf : nat")
    >>> printed["A.x"] == closed, printed["A.y"]
    (True, 'Axioms:\\nf : nat')
    """
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in output.splitlines():
        header = _HEADER.match(line.strip())
        if header:
            current = found.setdefault(header.group(1), [])
        elif current is not None and line.strip() and not line.startswith(("COQ", "make")):
            current.append(line.rstrip())
    return {name: "\n".join(lines).strip() for name, lines in found.items()}


def problems(sources: dict[str, str], output: str) -> list[str]:
    """Everything wrong: forbidden words, theorems not listed, assumptions not closed."""
    found = [
        f"coq/theories/{module}.v:{line}: {word}"
        for module, text in sources.items()
        for line, word in forbidden_words(text)
    ]
    printed = assumptions(output)
    for name in theorem_names({m: t for m, t in sources.items() if m != CHECK_FILE[:-2]}):
        if name not in printed:
            found.append(f"{name}: not listed in {CHECK_FILE} (no Print Assumptions)")
        elif printed[name] != CLOSED:
            found.append(f"{name}: rests on more than Coq's logic:\n{printed[name]}")
    return found


def build(folder: Path) -> str:
    """Build a copy of ``coq/`` in ``folder``; return what the build printed."""
    shutil.copytree(COQ, folder, ignore=shutil.ignore_patterns("*.vo*", "*.glob", ".*.aux"))
    subprocess.run(
        ["coq_makefile", "-f", "_CoqProject", "-o", "CoqMakefile"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    done = subprocess.run(
        ["make", "-f", "CoqMakefile"], cwd=folder, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"the proofs do not compile:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def main() -> int:
    """Build the proofs, check their assumptions, print the verdict; 0 when all hold."""
    if shutil.which("coqc") is None or shutil.which("coq_makefile") is None:
        print("coq_check needs Debian's coq and libcoq-stdlib (apt-get install coq libcoq-stdlib)")
        return 1
    sources = {path.stem: path.read_text(encoding="utf-8") for path in THEORIES.glob("*.v")}
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="skipbo-coq-") as temporary:
        try:
            output = build(Path(temporary) / "coq")
        except RuntimeError as error:
            print(error)
            return 1
    took = time.monotonic() - started
    found = problems(sources, output)
    names = theorem_names({m: t for m, t in sources.items() if m != CHECK_FILE[:-2]})
    for problem in found:
        print(problem)
    if found:
        print(f"coq proofs: {len(found)} problems")
        return 1
    print(f"coq proofs: {len(names)} theorems, each closed under the global context ({took:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
