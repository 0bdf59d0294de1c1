"""Play in the browser: a game server with a web table (``skipbo serve``).

Needs the ``web`` extra (``pip install 'skipbo[web]'``): Starlette and uvicorn
with WebSockets. Run ``python -m skipbo.web`` (or ``skipbo serve``) and open the
printed address; see the how-to "Host games in the browser".

* :mod:`skipbo.web.app`: the ASGI app (:func:`create_app`), its routes, pushes,
  bots and limits;
* :mod:`skipbo.web.tables`: the referee of each table (versions, seats, records);
* :mod:`skipbo.web.storage`: durable tables (:class:`Storage`, SQLite);
* :mod:`skipbo.web.protocol`: parsing clients' messages, the errors.
"""

from __future__ import annotations

try:
    import starlette  # noqa: F401
    import uvicorn  # noqa: F401
    import websockets  # noqa: F401
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"skipbo.web needs the 'web' extra ({error.name} is missing): pip install 'skipbo[web]'"
    ) from error

from skipbo.web.app import Limits, create_app
from skipbo.web.protocol import WebError
from skipbo.web.serve import serve_main
from skipbo.web.storage import SQLiteStorage, Storage

__all__ = ["Limits", "SQLiteStorage", "Storage", "WebError", "create_app", "serve_main"]
