"""``skipbo serve``: host tables in the browser (the web layer, :mod:`skipbo.web`).

Needs the ``web`` extra. Without it, ``skipbo serve`` ends with the one-line
message of the ImportError, which names the extra (``pip install 'skipbo[web]'``),
and the other commands work as before: nothing of the web layer is imported to
build the parser.
"""

from __future__ import annotations

import argparse

NAME = "serve"
HELP = "host games in the browser: a web table with bots (needs skipbo[web])"


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the server's options (the same as ``python -m skipbo.web``)."""
    try:
        from skipbo.web.options import add_arguments
    except ImportError:  # run() reports the missing extra
        return
    add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from skipbo.web.serve import serve  # an ImportError names the extra

    return serve(args)
