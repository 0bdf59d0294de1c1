"""What the web server lets in and writes out: same-origin JSON posts, bounded log fields.

- A post that changes something (a new table, a move, the next game) must be
  ``Content-Type: application/json``: a page of another site can send a
  ``text/plain`` or form post from a visitor's browser without asking (no CORS
  preflight), but not a JSON one. And it must come from the server's own page:
  a browser's ``Origin`` (or ``Sec-Fetch-Site``) says where the page is from.
  Clients that are not browsers send neither, and are let through.
- Log lines carry no client text but bounded, typed fields: every string is cut
  to :data:`FIELD_LIMIT` characters, and refusals are logged by status, not by
  their message (which may name a card of the person's own hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from urllib.parse import urlsplit

from skipbo.web.protocol import WebError

__all__ = ["FIELD_LIMIT", "bounded", "check_post", "same_origin"]

FIELD_LIMIT = 200
"""The longest string a log field holds (a 60 KB URL is cut to this)."""

_SAME = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values of the server's own pages (``none``: typed by the user)."""


def bounded(value: object) -> object:
    """``value``, with a string cut to :data:`FIELD_LIMIT` characters.

    >>> bounded("x" * 500) == "x" * 200 + "..."
    True
    >>> bounded(12)
    12
    """
    if isinstance(value, str) and len(value) > FIELD_LIMIT:
        return value[:FIELD_LIMIT] + "..."
    return value


def same_origin(headers: Mapping[str, str], allowed: tuple[str, ...]) -> bool:
    """Whether a request comes from the server's own page, an ``allowed`` origin, or no browser.

    >>> same_origin({"host": "a:1", "origin": "http://a:1"}, ())
    True
    >>> same_origin({"host": "a:1", "origin": "http://evil.example"}, ())
    False
    >>> same_origin({"host": "a:1", "sec-fetch-site": "cross-site"}, ())
    False
    >>> same_origin({"host": "a:1"}, ())
    True
    """
    origin = headers.get("origin")
    if origin is not None and origin != "null":
        return origin in allowed or urlsplit(origin).netloc == headers.get("host")
    site = headers.get("sec-fetch-site")
    return origin is None and (site is None or site in _SAME)


def check_post(headers: Mapping[str, str], allowed: tuple[str, ...]) -> None:
    """Refuse a changing post that is not JSON or not from the server's own page.

    Raises:
        WebError: 415 for another content type, 403 for another site's page.

    """
    media = headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise WebError(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "the body must be application/json")
    if not same_origin(headers, allowed):
        raise WebError(HTTPStatus.FORBIDDEN, "posts come from this server's own pages only")
