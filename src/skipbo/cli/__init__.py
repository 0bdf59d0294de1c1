"""The ``skipbo`` command line (also ``python -m skipbo``).

Subcommands: ``play`` (a person against bots in the terminal), ``tournament`` (bots
against bots, with win rates), ``replay`` (print or step through a recorded game),
``render`` (draw a saved state or view), ``demo`` (a seeded game between bots,
printed with a legend of the move notation), ``serve`` (host games in the browser,
with the ``web`` extra). ``skipbo --version`` prints the version.
docs/cli.md is the reference.

Bad input ends the command with a one-line message on stderr and exit status 2,
never a traceback; Ctrl-C ends it quietly with status 130 and a closed output pipe
(``skipbo demo | head``) with status 141, as a shell reports those signals.

The command line is built on the public API, :mod:`skipbo.games.skipbo.bots` and
:mod:`skipbo.games.skipbo.text`; it needs no third-party library except for the tournament's
progress bar (``pip install 'skipbo[cli]'``). The core never imports it.

>>> main(["--version"])  # doctest: +ELLIPSIS
skipbo ...
0
"""

from skipbo.cli.app import main

__all__ = ["main"]
