"""Rule traceability: which tests verify which rule of the games' rules documents.

The documents are ``docs/rules.md`` (Skip-Bo, IDs ``R-...``) and
``docs/skyjo-rules.md`` (Skyjo, IDs ``S-...``).

Tests name the rules they verify with the registered marker
``@pytest.mark.rule("R-BUILD-2", ...)`` on a test function or class, or in a
module's ``pytestmark``. This module reads the rule IDs from the rules document and
the markers from the test sources (by parsing, without importing or running them).

Command line::

    python -m tools.traceability            # print the table, exit 1 if a rule has no test
    python -m tools.traceability --write docs/traceability.md   # regenerate the docs page
    python -m tools.traceability --check docs/traceability.md   # exit 1 if the page is stale
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_DOCUMENT = ROOT / "docs" / "rules.md"
SKYJO_RULES_DOCUMENT = ROOT / "docs" / "skyjo-rules.md"
RULE_DOCUMENTS = (RULES_DOCUMENT, SKYJO_RULES_DOCUMENT)
"""Every game's rules: Skip-Bo's IDs start with ``R-``, Skyjo's with ``S-``."""
TESTS = ROOT / "tests"
RULE_ID = re.compile(r"\*\*([RS]-[A-Z]+-\d+)\*\*")

INFORMATIVE = frozenset({"R-REL-1", "R-REL-2", "S-REL-1"})
"""Rules that describe other games (Spite and Malice, Skyjo, Skip-Bo): nothing to verify."""


def _text(document: Path | None) -> str:
    documents = RULE_DOCUMENTS if document is None else (document,)
    return "\n".join(path.read_text(encoding="utf-8") for path in documents)


def rule_ids(document: Path | None = None) -> list[str]:
    """Every rule ID defined in the rules document (default: every game's), in order."""
    return list(dict.fromkeys(RULE_ID.findall(_text(document))))


_STATEMENT = re.compile(
    r"^- \*\*([RS]-[A-Z]+-\d+)\*\*(?P<text>.*?)(?=^- \*\*[RS]-|^\s*$|^#)", re.M | re.S
)

STATEMENT_LENGTH = 160
"""Longest rule statement shown in the table (longer ones are cut at a word)."""

TECHNIQUES = (
    ("tests/skyjo/property/test_exhaustive.py", "exhaustive"),
    ("tests/skyjo/property/test_stateful.py", "stateful model"),
    ("tests/skyjo/property/", "property"),
    ("tests/skyjo/test_coq_tie.py", "Coq model"),
    ("tests/skipbo/property/test_exhaustive.py", "exhaustive"),
    ("tests/skipbo/property/test_differential.py", "differential"),
    ("tests/skipbo/property/test_stateful.py", "stateful model"),
    ("tests/skipbo/test_crosshair.py", "CrossHair"),
    ("tests/skipbo/test_contracts.py", "contracts"),
    ("tests/skipbo/test_coq_tie.py", "Coq model"),
    ("tests/skipbo/property/", "property"),
)
"""How a test verifies, by where it lives (first match); anything else is a scenario or
unit test (see docs/verification.md)."""


def rule_statements(document: Path | None = None) -> dict[str, str]:
    """The first sentence of each rule, as plain text (for the table)."""
    found = {}
    for match in _STATEMENT.finditer(_text(document)):
        text = " ".join(match.group("text").replace("**", "").split())
        sentence = re.split(r"(?<=\.)\s", text, maxsplit=1)[0]
        if len(sentence) > STATEMENT_LENGTH:
            sentence = sentence[:STATEMENT_LENGTH].rsplit(" ", 1)[0] + " ..."
        found[match.group(1)] = sentence.replace("|", "\\|")
    return found


def technique(test: str) -> str:
    """How ``test`` (a node ID) verifies its rules: its kind of test."""
    return next((kind for prefix, kind in TECHNIQUES if test.startswith(prefix)), "scenario/unit")


def _marked_rules(decorators: list[ast.expr]) -> list[str]:
    found = []
    for decorator in decorators:
        if (
            isinstance(decorator, ast.Call)
            and isinstance(decorator.func, ast.Attribute)
            and decorator.func.attr == "rule"
        ):
            found += [
                arg.value
                for arg in decorator.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
    return found


def _module_marks(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            value = node.value
            items = value.elts if isinstance(value, ast.List | ast.Tuple) else [value]
            return _marked_rules(items)
    return []


def rule_coverage(test_dir: Path = TESTS) -> dict[str, list[str]]:
    """Map each rule ID to the test node IDs marked with it."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(test_dir.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = path.relative_to(test_dir.parent).as_posix()
        module_rules = _module_marks(tree)

        def visit(body: list[ast.stmt], prefix: str, inherited: list[str]) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    visit(
                        node.body,
                        f"{prefix}::{node.name}",
                        inherited + _marked_rules(node.decorator_list),
                    )
                elif isinstance(
                    node, ast.FunctionDef | ast.AsyncFunctionDef
                ) and node.name.startswith("test"):
                    for rule in dict.fromkeys(inherited + _marked_rules(node.decorator_list)):
                        found[rule].append(f"{prefix}::{node.name}")

        visit(tree.body, module, module_rules)
    return dict(found)


def untested(required: list[str] | None = None) -> list[str]:
    """The rule IDs (all verifiable ones by default) that no test is marked with."""
    covered = rule_coverage()
    ids = required if required is not None else [r for r in rule_ids() if r not in INFORMATIVE]
    return [rule for rule in ids if not covered.get(rule)]


def markdown_table() -> str:
    """The traceability table as a Markdown page for the docs."""
    covered = rule_coverage()
    statements = rule_statements()
    ids = rule_ids()
    verifiable = [rule for rule in ids if rule not in INFORMATIVE]
    tests = {test for rule in ids for test in covered.get(rule, [])}
    missing = [rule for rule in verifiable if not covered.get(rule)]
    lines = [
        "# Rule traceability",
        "",
        "Generated by `python -m tools.traceability --write docs/traceability.md`: for each",
        "rule of [the rules](rules.md) and of [the Skyjo rules](skyjo-rules.md), the tests",
        "marked with its ID",
        '(`@pytest.mark.rule("R-...")`) and how they verify it (see',
        "[How skipbo is verified](verification.md)).",
        "",
        f"{len(verifiable)} verifiable rules, {len(verifiable) - len(missing)} of them with "
        f"tests; {len(tests)} tests name a rule"
        + (f"; **without a test: {', '.join(missing)}**." if missing else "."),
        "",
        "| rule | statement | verified by | tests |",
        "| --- | --- | --- | --- |",
    ]
    for rule in ids:
        marked = covered.get(rule, [])
        if rule in INFORMATIVE:
            kinds = "informative"
            cell = "describes another game, nothing to verify"
        else:
            kinds = ", ".join(sorted({technique(t) for t in marked})) or "**none**"
            cell = "<br>".join(f"`{t}`" for t in marked) or "**none**"
        lines.append(f"| {rule} | {statements.get(rule, '')} | {kinds} | {cell} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Print (or write) the table; exit status 1 if a verifiable rule has no test."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", type=Path, help="write the Markdown table to this file")
    parser.add_argument("--check", type=Path, help="exit 1 unless this file is up to date")
    args = parser.parse_args(argv)
    table = markdown_table()
    if args.write:
        args.write.write_text(table, encoding="utf-8")
    elif args.check:
        current = args.check.read_text(encoding="utf-8") if args.check.exists() else ""
        if current != table:
            print(f"{args.check} is out of date: run with --write {args.check}", file=sys.stderr)
            return 1
    else:
        print(table)
    missing = untested()
    if missing:
        print("rules without a test: " + ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
