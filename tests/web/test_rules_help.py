"""The rules help pages: what the docs' rules pages give, kept to the page policy, served.

``tools/rules_help.py`` makes one page a game from ``docs/rules.md`` and
``docs/skyjo-rules.md``; the pages ship in the web package and ``/rules/<game>``
serves them. The first test is the one that keeps them from drifting from the docs.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from tools import rules_help
from tools.rules_help import GUIDES, Step

from tests.web.test_hardening import PAGE, Client


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    started = Client(tmp_path / "tables.sqlite3")
    yield started
    started.close()


@pytest.fixture
def copies(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the docs' rules pages and of the shipped help pages, to change."""
    docs, static = tmp_path / "docs", tmp_path / "static"
    docs.mkdir()
    static.mkdir()
    for guide in GUIDES:
        shutil.copy(rules_help.DOCS / guide.source, docs)
        shutil.copy(rules_help.STATIC / guide.file, static)
    return docs, static


def shipped(game: str) -> str:
    return (rules_help.STATIC / f"rules-{game}.html").read_text(encoding="utf-8")


def test_the_shipped_pages_are_what_the_docs_rules_pages_give() -> None:
    assert rules_help.problems() == [], "run: python -m tools.rules_help --write"


def test_a_rule_changed_in_the_docs_fails_the_check_until_the_pages_are_written(
    copies: tuple[Path, Path],
) -> None:
    docs, static = copies
    assert rules_help.problems(docs, static) == []
    source = docs / "rules.md"
    text = source.read_text(encoding="utf-8")
    changed = text.replace(
        "until the\n  hand holds five cards", "until the\n  hand holds six cards"
    )
    assert changed != text
    source.write_text(changed, encoding="utf-8")
    found = rules_help.problems(docs, static)
    assert len(found) == 1, found
    assert "rules-skipbo.html" in found[0], found
    assert "docs/rules.md" in found[0], found
    rules_help.write(docs, static)
    assert rules_help.problems(docs, static) == []
    assert "hand holds six cards" in (static / "rules-skipbo.html").read_text(encoding="utf-8")
    (static / "rules-skyjo.html").unlink()
    assert rules_help.problems(docs, static) == [
        f"rules-skyjo.html is missing: run {rules_help.COMMAND}"
    ]


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.game)
def test_every_rule_kept_has_its_anchor_and_every_rule_link_resolves(
    guide: rules_help.Guide,
) -> None:
    text = (rules_help.DOCS / guide.source).read_text(encoding="utf-8")
    rules = rules_help.rules_of(text)
    left_out = set()
    for title in guide.left_out:  # the sections only the project needs
        section = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
        left_out |= set(rules_help.rules_of(section))
    page = shipped(guide.game)
    anchors = re.findall(r'<li id="([RS]-[A-Z]+-\d+)">', page)
    assert anchors == [rule for rule in rules if rule not in left_out]
    for target in re.findall(r'href="#([^"]+)"', page):
        assert f'id="{target}"' in page, target
    assert [f"#{step.rule}" for step in guide.steps] == re.findall(
        r'<span class="cite">\(<a class="rule-ref" href="(#[^"]+)"', page
    )


def test_docs_markup_meant_for_sphinx_is_plain_text_in_a_page(copies: tuple[Path, Path]) -> None:
    docs, _ = copies
    source = docs / "skyjo-rules.md"
    text = source.read_text(encoding="utf-8")
    text = text.replace("one more turn, in\n  order", "one more turn ({func}`skipbo.skyjo.apply`)")
    text = text.replace(
        "Skyjo is not Skip-Bo:", "Skyjo is not [Skip-Bo](rules.md), see [tests](traceability.md):"
    )
    source.write_text(text, encoding="utf-8")
    page = rules_help.page(GUIDES[1], docs)
    assert "one more turn (<code>skipbo.skyjo.apply</code>)" in page
    assert "{func}" not in page
    # Links to the other rules page go to its help page; to other docs pages, nowhere.
    assert 'Skyjo is not <a href="/rules/skipbo">Skip-Bo</a>, see tests:' in page
    assert "traceability" not in page


def test_a_summary_naming_a_rule_the_docs_lack_is_a_clear_error() -> None:
    skipbo_guide = GUIDES[0]
    missing = attrs.evolve(skipbo_guide, steps=(Step("R-NOPE-1"),))
    with pytest.raises(ValueError, match=r"rules\.md has no rule R-NOPE-1"):
        rules_help.page(missing)
    too_long = attrs.evolve(skipbo_guide, steps=(Step("R-TURN-1", count=5),))
    with pytest.raises(ValueError, match="no sentences 0 to 4"):
        rules_help.page(too_long)


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.game)
def test_the_pages_keep_to_the_content_security_policy_and_describe_their_pictures(
    guide: rules_help.Guide,
) -> None:
    """No script, no inline style (the policy would refuse them); pictures with alt text."""
    page = shipped(guide.game)
    assert "<script" not in page
    assert "<style" not in page
    assert not re.search(r"\sstyle=", page)
    assert not re.search(r"\son[a-z]+=", page)  # no inline event handler
    stylesheets = re.findall(r'<link rel="stylesheet" href="/static/([^"]+)">', page)
    assert stylesheets == ["rules.css"]
    assert (rules_help.STATIC / "rules.css").exists()
    figures = re.findall(r"<figure[^>]*>(<svg.*?</svg>)<figcaption>([^<]+)</figcaption>", page)
    assert len(figures) == len(guide.figures()) == 2
    for svg, caption in figures:
        (title,) = re.findall(r"<title>([^<]*)</title>", svg)
        assert len(title) > 80, title  # the renderer's title replaced by what it shows
        assert caption.strip()
        assert 'role="img"' in svg


@pytest.mark.parametrize("guide", GUIDES, ids=lambda guide: guide.game)
def test_each_game_s_page_is_served_at_its_address(client: Client, guide: rules_help.Guide) -> None:
    answer = client.get(f"/rules/{guide.game}", headers=PAGE)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert answer.text == shipped(guide.game)
    assert client.get("/static/rules.css").status_code == 200


def test_every_game_of_the_lobby_has_a_rules_page(client: Client) -> None:
    games = client.get("/api/presets").json()["games"]
    assert sorted(games) == sorted(guide.game for guide in GUIDES)


@pytest.mark.parametrize("path", ["/rules/chess", "/rules/SKIPBO", "/rules/skipbo.html"])
def test_an_unknown_game_s_rules_are_the_missing_page(client: Client, path: str) -> None:
    page = client.get(path, headers=PAGE)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert 'href="/"' in page.text  # the friendly page, with a way on
    answer = client.get(path, headers={"accept": "application/json"})
    assert answer.status_code == 404
    assert answer.json()["status"] == 404
