"""Pictures made at doc build: the ``skipbo-table`` and ``skipbo-chart`` directives.

``skipbo-table`` plays a position (a game, its seed, moves or bots) and draws it with
:func:`skipbo.pictures.draw`, so the tutorials' pictures are the library's own output
at every build (no image is kept in the repository)::

    ```{skipbo-table}
    :game: skipbo
    :players: 2
    :seed: 3
    :moves: h12>d0
    :seat: 0
    ```

``skipbo-chart strength`` draws the Skip-Bo strength table of guide-bots.md,
``skipbo-chart strength skyjo`` its Skyjo one, and ``skipbo-chart matrix skipbo|skyjo``
the technique x rule matrix of matrix.md: the numbers are read from those pages' tables
at build time (the tables stay their one place).
"""

from __future__ import annotations

import random
import re
from html import escape
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

import skipbo
from skipbo import pictures, skyjo
from skipbo.games.skipbo.bots import make_bot
from skipbo.games.skyjo.bots import make_bot as make_skyjo_bot
from skipbo.pictures.charts import Bar, bar_chart

DOCS = Path(__file__).resolve().parent.parent
MAX_MOVES = 20_000
"""More moves than any game the docs play (a bound, not a timer)."""


def _figure(svg: str, caption: str | None) -> list[nodes.Node]:
    said = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
    return [nodes.raw("", f'<figure class="skipbo-picture">{svg}{said}</figure>', format="html")]


def _play(options: dict[str, Any]) -> tuple[Any, Any, int | None]:
    """The position the options describe: the state, the last move and its mover."""
    game = options.get("game", "skipbo")
    seed = options.get("seed", 0)
    if game == "skyjo":
        rules: Any = skyjo.Rules(players=options.get("players", 2))
        engine: Any = skyjo
        state = skyjo.new_game(rules, seed=seed)
        bot_maker: Any = make_skyjo_bot
        parse = skyjo.parse_move
    else:
        stock = options.get("stock-size")
        extra = {} if stock is None else {"stock_size": stock}
        rules = skipbo.Rules(players=options.get("players", 2), **extra)
        engine = skipbo
        state = skipbo.new_game(rules, seed=seed)
        bot_maker = make_bot
        parse = skipbo.parse_move
    last, mover = None, None
    for text in options.get("moves", "").split():
        last, mover = parse(text), state.current_player
        state = engine.apply(state, last)
    if "random" in options:  # the tutorials' loop: a random legal move until the end
        rng = random.Random(options["random"])
        while not engine.is_over(state):
            state = engine.apply(state, rng.choice(engine.legal_moves(state)))
        last = None
    if "bots" in options:  # "name:seed" per seat, playing from their views until the end
        bots = [
            bot_maker(name, seed=int(s))
            for name, s in (b.split(":") for b in options["bots"].split())
        ]
        for _ in range(MAX_MOVES):
            if engine.is_over(state):
                break
            seat = state.current_player
            seen = skyjo.view(state) if game == "skyjo" else skipbo.view(state, seat)
            state = engine.apply(state, bots[seat].choose(seen))
        last = None
    return state, last, mover


class TableDirective(Directive):
    """``skipbo-table``: the picture of a played position."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "game": lambda text: directives.choice(text, ("skipbo", "skyjo")),
        "players": directives.positive_int,
        "stock-size": directives.positive_int,
        "seed": directives.nonnegative_int,
        "moves": directives.unchanged,
        "random": directives.nonnegative_int,
        "bots": directives.unchanged,
        "seat": directives.unchanged,
        "size": directives.positive_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        state, last, mover = _play(self.options)
        seat_text = self.options.get("seat", "all")
        size = self.options.get("size", 560)
        keywords: dict[str, Any] = {"size": size, "last_move": last, "mover": mover}
        if seat_text == "spectator":
            shown: Any = (
                skyjo.view(state)
                if isinstance(state, skyjo.GameState)
                else skipbo.spectator_view(state)
            )
        elif seat_text == "all":
            shown = state
        else:
            shown, keywords["seat"] = state, int(seat_text)
        picture = pictures.draw(shown, **keywords)
        return _figure(picture.svg, self.options.get("caption"))


def markdown_table(page: str, heading: str) -> list[dict[str, str]]:
    """The rows of the first table under ``heading`` in docs page ``page``, by column."""
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip("# ") == heading)
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    header, _, *body = rows
    return [dict(zip(header, row, strict=True)) for row in body]


def _share(text: str) -> float:
    return float(re.match(r"\s*([\d.]+)%", text).group(1)) / 100  # type: ignore[union-attr]


STRENGTH_TABLES = {"skipbo": ("Strength", "Skip-Bo"), "skyjo": ("Skyjo's strength", "Skyjo")}
"""The heading of each game's strength table in guide-bots.md, and the game's name."""


def strength_chart(game: str = "skipbo") -> str:
    """A strength table of guide-bots.md: each line-up's win rate and Wilson interval."""
    heading, name = STRENGTH_TABLES[game]
    bars = []
    for row in markdown_table("guide-bots.md", heading):
        low, high = (_share(end) for end in row["95% Wilson interval"].split(" - "))
        players = int(re.search(r"(\d+) players", row["line-up"]).group(1))  # type: ignore[union-attr]
        bars.append(
            Bar(row["line-up"], _share(row["win rate of the first"]), low, high, 1 / players)
        )
    return bar_chart(
        bars,
        title=f"{name}: win rate of the first bot (95% Wilson interval)",
        note="dashed: the fair share, one game in the number of players",
    )


def matrix_chart(game: str) -> str:
    """How many injected rule bugs each technique catches alone (matrix.md)."""
    name = {"skipbo": "Skip-Bo", "skyjo": "Skyjo"}[game]
    rows = markdown_table("matrix.md", f"{name}: by bug")
    techniques = [column for column in rows[0] if column not in ("bug", "rules", "what it does")]
    bars = []
    for technique in techniques:
        caught = sum(row[technique].startswith("✓") for row in rows)
        bars.append(Bar(technique, caught / len(rows), text=f"{caught} of {len(rows)}"))
    return bar_chart(bars, title=f"{name}: injected rule bugs each technique catches alone")


class ChartDirective(Directive):
    """``skipbo-chart strength [skipbo|skyjo]`` or ``skipbo-chart matrix skipbo|skyjo``."""

    required_arguments = 1
    optional_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {"caption": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind == "strength" and self.arguments[1:] in ([], ["skipbo"], ["skyjo"]):
            svg = strength_chart(*self.arguments[1:])
        elif kind == "matrix" and len(self.arguments) == 2:
            svg = matrix_chart(self.arguments[1])
        else:
            raise self.error(f"unknown chart {' '.join(self.arguments)!r}")
        for page in ("guide-bots.md", "matrix.md"):  # rebuild when the tables change
            self.state.document.settings.env.note_dependency(str(DOCS / page))
        return _figure(svg, self.options.get("caption"))


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("skipbo-table", TableDirective)
    app.add_directive("skipbo-chart", ChartDirective)
    app.add_css_file("pictures.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
