"""Pictures of both games: SVG tables, HTML replays of records, charts of results.

A layer above the games (it imports them; they never import it), pure standard
library. :func:`draw` draws a Skip-Bo or Skyjo state (the whole table, for referees),
a player's or a spectator's view (only what that seat sees), or a record (its last
position):

>>> import skipbo
>>> from skipbo import pictures
>>> state = skipbo.new_game(skipbo.Rules(players=2), seed=1)
>>> picture = pictures.draw(skipbo.view(state, 0), size=360)
>>> picture.svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True

In Jupyter, ``%load_ext skipbo.pictures`` (or :func:`enable_notebook`) makes states,
views and records display as these pictures.

The layer is :mod:`skipbo.pictures.drawing` (the generic part) plus one module a game
(:mod:`skipbo.pictures.skipbo`, :mod:`skipbo.pictures.skyjo`), which registers the
game's painter when imported; this package imports the modules of the games that come
with skipbo.
"""

from __future__ import annotations

# Imported for their effect: each registers its game's painter.
from skipbo.pictures import skipbo, skyjo  # noqa: F401
from skipbo.pictures.drawing import draw
from skipbo.pictures.notebook import enable_notebook, load_ipython_extension
from skipbo.pictures.svg import Picture

__all__ = ["Picture", "draw", "enable_notebook", "load_ipython_extension"]
