"""Play in the browser: a game server with a web table (``skipbo serve``).

Needs the ``web`` extra (``pip install 'skipbo[web]'``): Starlette and uvicorn
with WebSockets. Run ``python -m skipbo.web`` (or ``skipbo serve``) and open the
printed address; see the how-to "Host games in the browser".

* :mod:`skipbo.web.app`: the ASGI app (:func:`~skipbo.web.app.create_app`), its
  routes, pushes, bots and limits;
* :mod:`skipbo.web.tables`: the referee of each table (versions, seats, records);
* :mod:`skipbo.web.storage`: durable tables (the :class:`~skipbo.web.storage.base.Storage`
  interface, SQLite for one process, PostgreSQL for several);
* :mod:`skipbo.web.lifecycle`: when tables expire, and what becomes of them;
* :mod:`skipbo.web.protocol`: parsing clients' messages, the errors;
* :mod:`skipbo.web.serve`: the command (:func:`~skipbo.web.serve.serve_main`).

Importing this package only checks that the extra is installed (without loading
it), so the command line can offer ``serve`` at no cost to its other commands.
"""

from __future__ import annotations

from importlib.util import find_spec

_MISSING = [name for name in ("starlette", "uvicorn", "websockets") if find_spec(name) is None]
if _MISSING:
    raise ImportError(
        f"skipbo.web needs the 'web' extra ({', '.join(_MISSING)} missing): "
        "pip install 'skipbo[web]'",
        name=_MISSING[0],
    )
