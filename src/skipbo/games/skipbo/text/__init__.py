"""Plain text for people: a game rendered for a terminal, and moves in words.

:func:`render_view` draws what one player may see (a :class:`~skipbo.games.skipbo.views.PlayerView`:
nothing hidden can reach it), :func:`describe` draws the referee's picture of a
:class:`~skipbo.GameState`, and :func:`describe_move` says a move in plain words
("play 5 from your hand on build pile 2"). ``LEGEND`` explains the move
notation. The command line (:mod:`skipbo.cli`) is built on them; the core never
imports this package.

>>> import skipbo
>>> from skipbo.games.skipbo.text import describe_move
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=3)
>>> describe_move(skipbo.parse_move("h12>d0"), skipbo.view(state, 0))
'discard 12 on your discard pile 0 (ends your turn)'
"""

from skipbo.games.skipbo.text.display import describe, format_pile, render_view
from skipbo.games.skipbo.text.words import LEGEND, card_name, describe_move

__all__ = ["LEGEND", "card_name", "describe", "describe_move", "format_pile", "render_view"]
