"""The security headers of every HTTP answer: what a browser may load, frame and send.

- ``Content-Security-Policy``: the pages run only the server's own scripts and
  styles (no inline script, no ``eval``), talk only to the server (its WebSocket
  included), and no other site may frame them (``frame-ancestors 'none'``, and
  ``X-Frame-Options: DENY`` for older browsers): a page cannot be overlaid to
  trick a click.
- ``X-Content-Type-Options: nosniff``: a JSON answer is never read as a script.
- ``Referrer-Policy: no-referrer``: a link followed from a table does not tell
  another site the table's address.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "SecurityHeaders"]

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # data: for the empty favicon
        "connect-src 'self'",  # the table's own WebSocket and posts
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The pages' policy: the server's own scripts, styles and connections, never framed."""

SECURITY_HEADERS = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cross-origin-opener-policy": "same-origin",
}
"""Every HTTP answer's security headers."""


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve ``scope`` with the inner app, adding the headers to an HTTP answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, with_headers)
