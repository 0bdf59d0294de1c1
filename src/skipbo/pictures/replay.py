"""A game record as one self-contained HTML page: a picture a move, step and play controls.

The page holds every position as inline SVG (in ``<template>`` elements, which the
browser keeps inert until shown), the move that led to it in words, and a few lines
of script for the controls: first, back, play/pause, forward, last, a slider, and the
arrow keys. It loads nothing from the network, so it can be mailed or opened from a
file. Any game with a painter: the record's rules say which game draws it.

>>> import skipbo
>>> from skipbo.games.skipbo.bots import make_bot
>>> from skipbo.pictures.replay import replay_html
>>> rules = skipbo.Rules(players=2, stock_size=2)
>>> state, moves = skipbo.new_game(rules, seed=5), []
>>> bots = [make_bot("heuristic", seed=1), make_bot("heuristic", seed=2)]
>>> while not skipbo.is_over(state):
...     move = bots[state.current_player].choose(skipbo.view(state, state.current_player))
...     moves.append(move)
...     state = skipbo.apply(state, move)
>>> page = replay_html(skipbo.GameRecord(rules=rules, seed=5, moves=moves))
>>> page.count("<template") == len(moves) + 1, "http" in page.replace("http://www.w3.org", "")
(True, False)
"""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape, quoteattr

from skipbo.common.naming import type_name
from skipbo.pictures.drawing import draw, painter_of, steps

__all__ = ["replay_html"]

_STYLE = """
body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 0; background: #eef1f6;
       color: #1c1c28; }
main { max-width: 600px; margin: 0 auto; padding: 8px; }
h1 { font-size: 1.2rem; margin: 0.4rem 0; }
#stage svg { width: 100%; height: auto; display: block; }
#words { font-size: 1.05rem; min-height: 2.6em; margin: 0.4rem 0; }
.controls { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.controls button { font-size: 1.1rem; min-width: 2.8rem; min-height: 2.4rem; }
#slider { flex: 1 1 160px; }
"""

_SCRIPT = """
(function () {
  const frames = document.querySelectorAll("template.frame");
  const stage = document.getElementById("stage");
  const words = document.getElementById("words");
  const slider = document.getElementById("slider");
  const play = document.getElementById("play");
  let shown = -1, timer = null;
  function show(index) {
    index = Math.max(0, Math.min(frames.length - 1, index));
    if (index === shown) return;
    shown = index;
    stage.replaceChildren(frames[index].content.cloneNode(true));
    words.textContent = frames[index].dataset.words;
    slider.value = String(index);
    document.body.dataset.step = String(index);
    if (index === frames.length - 1) stop();
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    play.textContent = "play";
  }
  function start() {
    if (shown === frames.length - 1) show(0);
    // The pace: data-interval on the body (milliseconds a move), 700 by default.
    const pace = Number(document.body.dataset.interval) || 700;
    timer = setInterval(function () { show(shown + 1); }, pace);
    play.textContent = "pause";
  }
  document.getElementById("first").onclick = function () { stop(); show(0); };
  document.getElementById("back").onclick = function () { stop(); show(shown - 1); };
  document.getElementById("forward").onclick = function () { stop(); show(shown + 1); };
  document.getElementById("last").onclick = function () { stop(); show(frames.length - 1); };
  play.onclick = function () { if (timer === null) start(); else stop(); };
  slider.max = String(frames.length - 1);
  slider.oninput = function () { stop(); show(Number(slider.value)); };
  document.addEventListener("keydown", function (event) {
    if (event.key === "ArrowRight") { stop(); show(shown + 1); }
    if (event.key === "ArrowLeft") { stop(); show(shown - 1); }
  });
  show(0);
})();
"""


def _frame(index: int, total: int, svg: str, words: str) -> str:
    said = f"{index} of {total - 1}: {words}" if index else f"start: {words}"
    return f'<template class="frame" data-words={quoteattr(said)}>{svg}</template>'


def replay_html(record: Any, *, seat: int | None = None, size: float = 560) -> str:
    """The HTML page replaying ``record`` (a Skip-Bo or Skyjo game record), move by move.

    Args:
        record: the game record.
        seat: show only what this seat saw (its views); ``None``: the whole table.
        size: the pictures' width in pixels (the page scales them down on a phone).

    Raises:
        ArgumentTypeError: if ``record`` is no record of a game with a painter.
        ReplayError: the game's, if a recorded move is illegal.
        ValueError: if ``seat`` is not a seat of the game.

    """
    painter = painter_of(record)
    if not isinstance(record, painter.record_type):
        raise TypeError(f"replay_html takes a game record, not a {type_name(record)}")
    names = tuple(record.names)
    played = list(steps(record, seat))
    frames = [
        _frame(
            index,
            len(played),
            draw(
                step.state,
                seat=seat,
                size=size,
                last_move=step.move,
                mover=step.mover,
                names=names,
            ).svg,
            step.words,
        )
        for index, step in enumerate(played)
    ]
    game = "Skyjo" if "skyjo" in type(record).__module__ else "Skip-Bo"
    who = "the whole table" if seat is None else f"what seat {seat} saw"
    title = f"{game}: a game of {record.rules.players} players, seed {record.seed}"
    buttons = "".join(
        f'<button type="button" id="{name}" aria-label="{name}" title="{name}">{glyph}</button>'
        for name, glyph in (
            ("first", "|\u25c0"),
            ("back", "\u25c0"),
            ("play", "play"),
            ("forward", "\u25b6"),
            ("last", "\u25b6|"),
        )
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<main><h1>{escape(title)}</h1><p>{escape(f'{len(played) - 1} moves; showing {who}.')}</p>"
        '<div id="stage"></div><p id="words" aria-live="polite"></p>'
        f'<div class="controls">{buttons}'
        '<input id="slider" type="range" min="0" value="0" aria-label="move"></div>'
        + "".join(frames)
        + f"</main><script>{_SCRIPT}</script></body></html>\n"
    )
