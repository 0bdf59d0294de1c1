"""The web table's rules help: one HTML page a game, made from the docs' rules pages.

Command line::

    python -m tools.rules_help --write   # (re)write the pages the web package ships
    python -m tools.rules_help --check   # exit 1 if a shipped page is not what the docs give

The docs' rules pages (``docs/rules.md``, ``docs/skyjo-rules.md``) are the normative
rules; the table's help must say the same, so each page is generated from them (with
markdown-it-py, a development dependency: the server only serves the written HTML) and
a test runs the check. A page has:

- "How a game goes": a few rules' own first sentences, in the order a beginner meets
  them, each linked to the full rule below;
- pictures of the game from :mod:`skipbo.pictures` (a table just dealt, a move), inline
  SVG with alt text and a caption, drawn from fixed seeds so the bytes never change
  unless the renderer or the engine does;
- the rules in full, with their IDs shown small, minus what only the project needs
  (where the sources are, how the tests trace the rules).

The pages keep to the server's Content-Security-Policy: no script, no ``<style>``, no
``style=`` attribute; their look is ``static/rules.css``.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

import attrs
from markdown_it import MarkdownIt
from markdown_it.token import Token

import skipbo
from skipbo import pictures, skyjo
from skipbo.games.skipbo.text.words import describe_move

__all__ = ["GUIDES", "Figure", "Guide", "main", "page", "problems", "write"]

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
STATIC = ROOT / "src" / "skipbo" / "web" / "static"
COMMAND = "python -m tools.rules_help --write"

RULE_ID = re.compile(r"\b([RS]-[A-Z]+-\d+)\b")
_RULE = re.compile(r"^- \*\*([RS]-[A-Z]+-\d+)\*\*\s+(.*?)(?=^- |^#|\Z)", re.M | re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z]|\*\*\()")  # also before **(engine ...
_MYST_ROLE = re.compile(r"\{[a-z:-]+\}(`[^`]+`)")
_TITLE = re.compile(r"<title>[^<]*</title>")
PICTURE_SIZE = 560
"""The pictures' width in pixels (the page's stylesheet shrinks them on a phone)."""


@attrs.frozen
class Figure:
    """One picture of a page: its SVG, what it shows in words (alt text), its caption."""

    svg: str
    alt: str
    caption: str


@attrs.frozen
class Step:
    """One line of "How a game goes": sentences of a rule, counted from 0."""

    rule: str
    first: int = 0
    count: int = 1


@attrs.frozen
class Guide:
    """What one game's help page is made of."""

    game: str
    """The game's short name: the page is ``rules-<game>.html``, served at ``/rules/<game>``."""
    name: str
    source: str
    """The docs' rules page, a file name in ``docs/``."""
    goal: str
    """The aim of the game in one sentence, for a beginner."""
    steps: tuple[Step, ...]
    left_out: tuple[str, ...]
    """The sections (``##`` titles) of the source that only the project needs."""
    figures: Callable[[], list[Figure]]

    @property
    def file(self) -> str:
        """The page's file name in the web package's static folder."""
        return f"rules-{self.game}.html"


def seat_zero_sees(state: Any, names: tuple[str, ...], last_move: object = None) -> str:
    """The SVG of what seat 0 sees in ``state``, labelled as the web table labels it."""
    return pictures.draw(
        state,
        seat=0,
        size=PICTURE_SIZE,
        names=names,
        last_move=last_move,
        mover=None if last_move is None else 0,
        board=True,
    ).svg


def _skipbo_greedy(moves: Sequence[Any]) -> Any:
    """A fixed, engine-only choice (no bot, so the pictures move only with the rules)."""
    for kind in (skipbo.PlayFromStock, skipbo.PlayFromDiscard, skipbo.PlayFromHand):
        for move in moves:
            if isinstance(move, kind):
                return move
    return moves[0]


SKIPBO_NAMES = ("Bea", "Ada")
"""The picture of seat 0's view calls it "Bea (you)"."""


def skipbo_figures() -> list[Figure]:
    """A two-player table just dealt, and a play from the stock onto a build pile."""
    dealt = skipbo.new_game(skipbo.Rules(players=2), seed=3)
    wild = ""
    if skipbo.view(dealt, 0).stock_tops[0] == skipbo.WILD:
        wild = (
            " Yours is a wild Skip-Bo card (SB): it stands for the number a build pile "
            "needs (R-BUILD-3)."
        )
    figures = [
        Figure(
            seat_zero_sees(dealt, SKIPBO_NAMES),
            "A two-player Skip-Bo table just dealt, as you see it: the draw pile and four "
            "empty build piles in the centre; your opponent's stock pile with its top card "
            "face up and their hidden hand; your own stock pile, four empty discard piles "
            "and your hand of five cards.",
            "A table just dealt: only the top card of each stock pile is face up (R-SETUP-3)."
            + wild,
        )
    ]
    state = dealt
    while True:  # a few turns on: a stock card goes onto a started build pile
        moves = skipbo.legal_moves(state)
        if state.current_player == 0:
            stock = [
                move
                for move in moves
                if isinstance(move, skipbo.PlayFromStock) and state.builds[move.build]
            ]
            if stock:
                break
        state = skipbo.apply(state, _skipbo_greedy(moves))
    move = stock[0]
    # The board's words and labels (piles from 1), as on the table the help is opened from.
    words = describe_move(move, skipbo.view(state, 0), board=True)
    after = skipbo.apply(state, move)
    figures.append(
        Figure(
            seat_zero_sees(after, SKIPBO_NAMES, last_move=move),
            f"The table a few turns later, after your move: {words}. The stock pile and "
            "the build pile it went onto are outlined; the next card of your stock pile "
            "is now face up.",
            f"A move: {words}. Your stock's next card turns face up and may be played "
            "in the same turn (R-TURN-3).",
        )
    )
    return figures


SKYJO_NAMES = ("Bea (you)", "Ada")
"""Skyjo's view is the same for every seat, so the picture says which seat is "you"
itself, as Skip-Bo's picture of seat 0's view does ("Bea (you)")."""


def skyjo_figures() -> list[Figure]:
    """A two-player round after the first reveals, and a card taken from the discard pile."""
    state = skyjo.new_game(skyjo.Rules(players=2), seed=3)
    while isinstance(skyjo.legal_moves(state)[0], skyjo.Reveal):
        state = skyjo.apply(state, skyjo.legal_moves(state)[0])
    figures = [
        Figure(
            seat_zero_sees(state, SKYJO_NAMES),
            "A two-player Skyjo round after the deal: each player's grid of twelve cards "
            "in four columns of three, two of them turned face up; the draw pile and the "
            "discard pile with one card face up.",
            "The round starts: every player has turned two cards of their grid face up "
            "(S-SETUP-4).",
        )
    ]
    if skyjo.current_player(state) != 0:
        raise ValueError("the seed must let seat 0 (You) start, so the captions speak to you")
    taken = skyjo.apply(state, skyjo.TakeDiscard())
    swap = next(move for move in skyjo.legal_moves(taken) if isinstance(move, skyjo.Swap))
    seen = skyjo.spectator_view(state)
    card, replaced = seen.discard_pile[-1], seen.grids[0][swap.place]
    after = skyjo.apply(taken, swap)
    figures.append(
        Figure(
            seat_zero_sees(after, SKYJO_NAMES, last_move=swap),
            f"The same table after your first turn: you took the {card} from the discard "
            f"pile and put it in your grid in place of the {replaced}, which now lies face "
            "up on the discard pile. The grid place and the discard pile are outlined.",
            f"A turn: you take the {card} from the discard pile and swap it for the "
            f"{replaced} in your grid, which goes face up on the discard pile (S-TURN-2).",
        )
    )
    return figures


GUIDES = (
    Guide(
        game="skipbo",
        name="Skip-Bo",
        source="rules.md",
        goal="Be the first to play every card of your stock pile onto the build piles.",
        steps=(
            Step("R-DECK-1"),
            Step("R-SETUP-3"),
            Step("R-TURN-1"),
            Step("R-TURN-2"),
            Step("R-BUILD-2", count=2),
            Step("R-BUILD-3"),
            Step("R-BUILD-4"),
            Step("R-TURN-4"),
            Step("R-TURN-5"),
            Step("R-WIN-1"),
        ),
        left_out=("Traceability", "Related games in the sources"),
        figures=skipbo_figures,
    ),
    Guide(
        game="skyjo",
        name="Skyjo",
        source="skyjo-rules.md",
        goal="Have as few points as you can: the game ends after a round in which someone "
        "reaches 100 points, and the lowest total wins.",
        steps=(
            Step("S-DECK-1"),
            Step("S-SETUP-2", first=1),
            Step("S-SETUP-4"),
            Step("S-TURN-1"),
            Step("S-TURN-2"),
            Step("S-TURN-3", count=2),
            Step("S-COL-1"),
            Step("S-END-1", count=2),
            Step("S-SCORE-1"),
            Step("S-SCORE-2"),
        ),
        left_out=(),
        figures=skyjo_figures,
    ),
)
"""The pages, one a game."""


def _markdown() -> MarkdownIt:
    # Raw HTML in the docs is shown as text, never passed through into the page.
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _sections(text: str) -> tuple[str, list[tuple[str, str]]]:
    """The text before the first ``##`` heading, and each ``##`` section: title, body."""
    parts = re.split(r"^## +(.+)$", text, flags=re.M)
    return parts[0], [(parts[i].strip(), parts[i + 1]) for i in range(1, len(parts), 2)]


def rules_of(text: str) -> dict[str, str]:
    """Every rule of a rules page: its ID and its text (markdown, on one line)."""
    return {rule: " ".join(body.split()) for rule, body in _RULE.findall(text)}


def _sentences(text: str, first: int, count: int) -> str:
    sentences = _SENTENCE_END.split(text)
    if first + count > len(sentences):
        raise ValueError(f"{text[:40]!r}...: no sentences {first} to {first + count - 1}")
    return " ".join(sentences[first : first + count])


def _link_ids(children: list[Token], known: set[str]) -> list[Token]:
    """Inline tokens with each rule ID of a text made a link to that rule on the page."""
    linked: list[Token] = []
    for child in children:
        if child.type != "text" or not RULE_ID.search(child.content):
            linked.append(child)
            continue
        for index, piece in enumerate(RULE_ID.split(child.content)):
            if index % 2 and piece in known:
                html = f'<a class="rule-ref" href="#{piece}">{piece}</a>'
                linked.append(Token("html_inline", "", 0, content=html))
            elif piece:
                linked.append(Token("text", "", 0, content=piece))
    return linked


def _mark_rules(tokens: list[Token], known: set[str]) -> None:
    """Give each rule's list item the ID as anchor, shown small, and link cited IDs.

    A rule is a list item whose text starts with its ID in bold (``**R-TURN-1**``).
    """
    item: Token | None = None
    for token in tokens:
        if token.type == "list_item_open":
            item = token
        elif token.type in ("heading_open", "heading_close"):
            token.tag = {"h2": "h3", "h3": "h4"}.get(token.tag, token.tag)
        elif token.type == "inline" and token.children is not None:
            # The parser starts an inline with an empty text before a leading bold.
            children = [c for c in token.children[:1] if c.content or c.type != "text"]
            children += token.children[1:]
            lead = [child.type for child in children[:3]]
            if item is not None and lead == ["strong_open", "text", "strong_close"]:
                rule = children[1].content
                if RULE_ID.fullmatch(rule):
                    item.attrSet("id", rule)
                    span = f'<span class="rule-id">{rule}</span>'
                    children = [Token("html_inline", "", 0, content=span), *children[3:]]
            item = None
            token.children = _link_ids(children, known)


def _rewrite_links(tokens: list[Token], pages: dict[str, str]) -> None:
    """Links to another rules page go to its help page; links to other docs pages go."""
    for token in tokens:
        if token.type != "inline" or token.children is None:
            continue
        kept: list[Token] = []
        dropping = False
        for child in token.children:
            if child.type == "link_open":
                target = pages.get(str(child.attrGet("href") or "").split("#")[0])
                if target is None:
                    dropping = True
                    continue
                child.attrSet("href", target)
            elif child.type == "link_close" and dropping:
                dropping = False
                continue
            kept.append(child)
        token.children = kept


ENGINE_DECISION = re.compile(r"<strong>\(engine\s+decision")
ENGINE = re.compile(r"\b([Tt])he engine\b")
TABLE_CHOICE = "<strong>(this table's choice)</strong>"


def _render(markdown: str, known: set[str]) -> str:
    md = _markdown()
    # A MyST role ({func}`skipbo.apply`) is Sphinx's; here its text is plain code.
    tokens = md.parse(_MYST_ROLE.sub(r"\1", markdown))
    _rewrite_links(tokens, {guide.source: f"/rules/{guide.game}" for guide in GUIDES})
    _mark_rules(tokens, known)
    html = str(md.renderer.render(tokens, md.options, {}))
    # Said to players: a case the printed rules leave open is the table's choice (the
    # docs call it the engine's decision, for the project's readers).
    html = ENGINE_DECISION.sub(r"<strong>(this table's choice", html)
    return ENGINE.sub(lambda found: f"{found[1]}his table", html)


def _inline(markdown: str, known: set[str]) -> str:
    return _render(markdown, known).strip().removeprefix("<p>").removesuffix("</p>")


def _figure(figure: Figure, number: int) -> str:
    # The SVG's accessible name is its <title>: the alt text, replacing the renderer's.
    svg, replaced = _TITLE.subn(f"<title>{escape(figure.alt)}</title>", figure.svg, count=1)
    if replaced != 1:
        raise ValueError("a picture without a <title>: it would have no alt text")
    return (
        f'<figure id="picture-{number}">{svg}'
        f"<figcaption>{escape(figure.caption)}</figcaption></figure>"
    )


def page(guide: Guide, docs: Path = DOCS) -> str:
    """The help page of ``guide``'s game, from its rules page in ``docs``.

    Raises:
        ValueError: if a step names a rule the rules page does not have, or asks for
            more sentences than the rule has.

    """
    text = (docs / guide.source).read_text(encoding="utf-8")
    preamble, sections = _sections(text)
    kept = [(title, body) for title, body in sections if title not in guide.left_out]
    known = set(rules_of("".join(body for _, body in kept)))
    rules = rules_of(text)
    lines = []
    for step in guide.steps:
        if step.rule not in known:
            raise ValueError(f"{guide.source} has no rule {step.rule} (in a section kept)")
        said = _inline(_sentences(rules[step.rule], step.first, step.count), known)
        link = f'<a class="rule-ref" href="#{step.rule}">{step.rule}</a>'
        lines.append(f'<li>{said} <span class="cite">({link})</span></li>')
    words = ""
    for paragraph in re.split(r"\n\s*\n", preamble):
        if paragraph.startswith("Vocabulary:"):  # a glossary in words (not a table)
            glossary = _inline(paragraph.removeprefix("Vocabulary:").strip(), known)
            words = f'<p class="words"><strong>Words used here:</strong> {glossary}</p>\n'
    full = _render("".join(f"## {title}\n{body}" for title, body in kept), known)
    figures = "\n".join(_figure(figure, n) for n, figure in enumerate(guide.figures(), 1))
    return f"""<!doctype html>
<!-- Generated from docs/{guide.source} by `{COMMAND}`: edit the docs page, not this. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>How to play {guide.name}: the rules</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/rules.css">
</head>
<body class="rules-page">
<header>
<h1>How to play {guide.name}</h1>
<p class="goal">{escape(guide.goal)}</p>
</header>
<main>
<section aria-labelledby="summary-title">
<h2 id="summary-title">How a game goes</h2>
<ol class="summary">
{chr(10).join(lines)}
</ol>
<div class="figures">
{figures}
</div>
</section>
<section aria-labelledby="rules-title">
<h2 id="rules-title">The rules in full</h2>
<p class="note">These are the rules this table plays. Each has a short name, such as
<span class="rule-id">{guide.steps[0].rule}</span>, to point a friend to it.
A rule marked {TABLE_CHOICE} covers a case the printed rules leave open: the table
plays it as written here.</p>
{words}{full}</section>
</main>
<footer><p><a href="/">Open a table</a></p></footer>
</body>
</html>
"""


def problems(docs: Path = DOCS, static: Path = STATIC) -> list[str]:
    """Each shipped page that is missing or differs from what its docs page gives."""
    found = []
    for guide in GUIDES:
        shipped = static / guide.file
        if not shipped.exists():
            found.append(f"{guide.file} is missing: run {COMMAND}")
            continue
        expected = page(guide, docs).splitlines()
        actual = shipped.read_text(encoding="utf-8").splitlines()
        if actual != expected:
            line = next(
                (n for n, (a, b) in enumerate(zip(actual, expected, strict=False), 1) if a != b),
                min(len(actual), len(expected)) + 1,
            )
            found.append(
                f"{guide.file} differs from docs/{guide.source} from line {line}: run {COMMAND}"
            )
    return found


def write(docs: Path = DOCS, static: Path = STATIC) -> list[Path]:
    """Write every page from ``docs`` into ``static``; the files written."""
    written = []
    for guide in GUIDES:
        path = static / guide.file
        path.write_text(page(guide, docs), encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Write or check the pages; 0 if all is well."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true", help="write the pages")
    action.add_argument("--check", action="store_true", help="check the shipped pages")
    arguments = parser.parse_args(argv)
    if arguments.write:
        for path in write():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    found = problems()
    for problem in found:
        print(f"!! {problem}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
