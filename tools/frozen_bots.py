"""Golden moves of the frozen reference bots ``heuristic@1`` and ``search@1`` of both games.

The frozen references (:mod:`skipbo.games.skipbo.bots.v1`, :mod:`skipbo.games.skyjo.bots.v1`)
must never change: a bar measured against them would move. This tool plays seeded games
with them and records every move in the game's notation, so that any change of their
behaviour (an edit of the frozen code, or of something they use: the first heuristic
they build on, the sampling of hidden cards, the engine) shows as a diff:

* Skip-Bo: ``heuristic@1`` in every seat at 2 and 4 players (short stocks) and at 2
  players with the standard rules; ``search@1`` at its defaults (no fitted leaf on
  short stocks) in seat 0 against ``heuristic@1``; and the choices of ``search@1`` at
  its defaults with the fitted leaf (standard rules, 2 and 4 players) in the first
  positions of a ``heuristic@1`` game where it has more than one candidate.
* Skyjo: ``heuristic@1`` in every seat at 2 and 4 players; ``search@1`` in seat 0
  against ``heuristic@1`` at 2 players.

The bot in seat ``s`` is seeded with ``s``. ``tests/test_frozen_bots.py`` compares the
file with what the bots play now::

    python -m tools.frozen_bots --write   # write tests/golden/frozen_bots.txt (once, at v1)
    python -m tools.frozen_bots           # compare; exit status 1 on a difference
    python -m tools.frozen_bots --live    # do the live heuristic and search still play so?

Unlike ``tools/golden.py`` the file is not to be regenerated when it differs: the
frozen bots are wrong then, not the file. ``--live`` plays the same games with the live
``heuristic`` and ``search`` in place of ``@1`` and prints the diff: empty while the
live bots are still version 1.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import skipbo
from skipbo import skyjo
from skipbo.arena import play_game
from skipbo.games.skipbo.bots import BOTS as SKIPBO_BOTS
from skipbo.games.skyjo.bots import BOTS as SKYJO_BOTS
from tools.golden import difference

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "frozen_bots.txt"
"""The golden file."""

HEADER = """\
# Golden moves of the frozen bots heuristic@1 and search@1 (see tools/frozen_bots.py):
# never regenerate to make a difference go away; a difference means a frozen bot changed.
# Per game: the game, the rules, the deal seed, the bot of each seat; then every move.
# Per search: the position's game and ply, then the choice of search@1 at its defaults.
"""

SEARCH_POSITIONS = 4
"""How many positions of each standard table ``search@1`` is asked to choose in."""


def _names(version: str, names: list[str]) -> list[str]:
    """The bots' names, with ``@1`` dropped for ``--live``."""
    return [name.removesuffix("@1") if version == "live" else name for name in names]


def _game(label: str, rules: Any, names: list[str], seed: int, bots: Any, version: str) -> str:
    """One game's line: the frozen bots' names (whatever ``version`` played), the moves."""
    playing = _names(version, names)
    record = play_game(rules, [bots[name](seat) for seat, name in enumerate(playing)], seed)
    moves = " ".join(str(move) for move in record.moves)
    head = f"{label} seed={seed} seats={','.join(names)} plies={len(record.moves)}"
    return head + "\n" + textwrap.fill(moves, width=88) + "\n"


def _searched(rules: skipbo.Rules, seed: int, version: str) -> Iterator[str]:
    """The choices of the search in the first positions of a heuristic game with a choice."""
    heuristic, search = _names(version, ["heuristic@1", "search@1"])
    policy = SKIPBO_BOTS[heuristic](0)
    state = skipbo.new_game(rules, seed=seed)
    found = 0
    ply = 0
    while not skipbo.is_over(state) and found < SEARCH_POSITIONS:
        seen = skipbo.view(state, state.current_player)
        bot = SKIPBO_BOTS[search](state.current_player)
        if len(bot.candidates(seen)) > 1:  # type: ignore[attr-defined]
            found += 1
            yield f"skipbo players={rules.players} seed={seed} ply={ply}: {bot.choose(seen)}\n"
        state = skipbo.apply(state, policy.choose(seen))
        ply += 1


def generate(version: str = "v1") -> str:
    """The whole file as the frozen bots (``"v1"``) or the live ones (``"live"``) play now."""
    short = {players: skipbo.Rules(players=players, stock_size=5) for players in (2, 4)}
    parts = [HEADER]
    for players, seed in ((2, 1), (4, 2)):
        label = f"skipbo players={players} stock=5"
        names = ["heuristic@1"] * players
        parts.append(_game(label, short[players], names, seed, SKIPBO_BOTS, version))
    parts.append(
        _game("skipbo players=2 stock=30", skipbo.Rules(players=2),
              ["heuristic@1"] * 2, 3, SKIPBO_BOTS, version)
    )  # fmt: skip
    parts.append(
        _game("skipbo players=2 stock=3", skipbo.Rules(players=2, stock_size=3),
              ["search@1", "heuristic@1"], 4, SKIPBO_BOTS, version)
    )  # fmt: skip
    for players, seed in ((2, 5), (4, 6)):
        parts.extend(_searched(skipbo.Rules(players=players), seed, version))
    for players, seed in ((2, 7), (4, 8)):
        names = ["heuristic@1"] * players
        parts.append(
            _game(f"skyjo players={players}", skyjo.Rules(players=players), names, seed,
                  SKYJO_BOTS, version)
        )  # fmt: skip
    parts.append(
        _game("skyjo players=2", skyjo.Rules(players=2),
              ["search@1", "heuristic@1"], 9, SKYJO_BOTS, version)
    )  # fmt: skip
    return "".join(parts)


def main(argv: list[str] | None = None) -> int:
    """Write the file (``--write``), or compare the frozen (or ``--live``) bots with it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--write", action="store_true", help="write the golden file")
    choice.add_argument("--live", action="store_true", help="compare the live bots instead")
    args = parser.parse_args(argv)
    actual = generate("live" if args.live else "v1")
    if args.write:
        GOLDEN.write_text(actual, encoding="utf-8")
        print(f"wrote {GOLDEN} ({len(actual)} bytes)")
        return 0
    diff = difference(GOLDEN.read_text(encoding="utf-8"), actual)
    print(diff or "the bots play the golden moves")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main())
