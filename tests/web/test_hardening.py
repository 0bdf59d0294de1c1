"""What every answer of the web server carries and refuses, in process (httpx's ASGI client).

The security headers on every route, the friendly page for a missing table, and a
new table's rules checked for size before anything is dealt.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import skipbo
from skipbo import skyjo
from skipbo.games.skipbo.serialization import to_data
from skipbo.games.skyjo.adapter import SKYJO
from skipbo.games.skyjo.serialization import to_data as skyjo_to_data
from skipbo.web.app import create_app
from skipbo.web.storage import SQLiteStorage

RULES = skipbo.Rules(players=2, stock_size=3)
PAGE = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
"""What a browser asks for when an address is typed or followed."""
JSON = {"content-type": "application/json"}


class Client:
    """The app's answers, one request at a time on one event loop (as the server runs it)."""

    def __init__(self, path: Path) -> None:
        # Without its lifespan: no bot workers, no sweeper (these routes need neither).
        app = create_app(SQLiteStorage(path))
        self.loop = asyncio.new_event_loop()
        self.client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://testserver"
        )

    def request(self, method: str, path: str, **options: Any) -> httpx.Response:
        return self.loop.run_until_complete(self.client.request(method, path, **options))

    def get(self, path: str, **options: Any) -> httpx.Response:
        return self.request("GET", path, **options)

    def post(self, path: str, **options: Any) -> httpx.Response:
        return self.request("POST", path, **options)

    def delete(self, path: str, **options: Any) -> httpx.Response:
        return self.request("DELETE", path, **options)

    def close(self) -> None:
        self.loop.run_until_complete(self.client.aclose())
        self.loop.close()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[Client]:
    started = Client(tmp_path / "tables.sqlite3")
    yield started
    started.close()


def open_table(client: Client, rules: Any = RULES) -> Any:
    body = {"rules": to_data(rules), "seats": ["human", "human"], "target": None}
    answer = client.post("/api/tables", content=json.dumps(body), headers=JSON)
    assert answer.status_code == 201, answer.text
    return answer.json()


def token(created: Any, seat: int) -> str:
    return str(created["seats"][seat]["link"].split("#")[1])


def test_every_route_carries_the_security_headers(client: Client) -> None:
    created = open_table(client)
    table = created["table"]
    mover = client.get(f"/api/tables/{table}").json()["view"]["current_player"]
    seat = {"authorization": f"Bearer {token(created, mover)}"}
    message = client.get(f"/api/tables/{table}", headers=seat).json()
    move = {"move": message["legal"][0], "version": message["version"]}
    answers = {
        "lobby": client.get("/", headers=PAGE),
        "faces": client.get("/faces.css"),
        "table page": client.get(f"/t/{table}", headers=PAGE),
        "missing table page": client.get("/t/nothing-here", headers=PAGE),
        "missing page": client.get("/nowhere", headers=PAGE),
        "Skip-Bo rules page": client.get("/rules/skipbo", headers=PAGE),
        "Skyjo rules page": client.get("/rules/skyjo", headers=PAGE),
        "missing rules page": client.get("/rules/chess", headers=PAGE),
        "rules stylesheet": client.get("/static/rules.css"),
        "static script": client.get("/static/table.js"),
        "missing static": client.get("/static/nothing.js"),
        "presets": client.get("/api/presets"),
        "table": client.get(f"/api/tables/{table}"),
        "missing table": client.get("/api/tables/nothing-here"),
        "hint": client.get(f"/api/tables/{table}/hint", headers=seat),
        "name": client.post(
            f"/api/tables/{table}/name", content=json.dumps({"name": "Ada"}), headers=seat | JSON
        ),
        "chat": client.post(
            f"/api/tables/{table}/chat", content=json.dumps({"text": "hi"}), headers=seat | JSON
        ),
        "move": client.post(
            f"/api/tables/{table}/moves", content=json.dumps(move), headers=seat | JSON
        ),
        "refused move": client.post(
            f"/api/tables/{table}/moves", content=json.dumps(move), headers=seat | JSON
        ),
        "next": client.post(
            f"/api/tables/{table}/next", content=json.dumps({"version": 0}), headers=seat | JSON
        ),
        "record": client.get(f"/api/tables/{table}/games/1/record"),
        "not JSON": client.post(
            "/api/tables", content=b"x", headers={"content-type": "text/plain"}
        ),
        "wrong method": client.delete("/api/tables"),
    }
    statuses = {name: answer.status_code for name, answer in answers.items()}
    assert statuses["move"] == 200, statuses
    assert statuses["chat"] == 200, statuses
    assert statuses["refused move"] == 409, statuses
    assert statuses["Skyjo rules page"] == statuses["Skip-Bo rules page"] == 200, statuses
    assert statuses["missing rules page"] == 404, statuses
    for name, answer in answers.items():
        headers = answer.headers
        policy = headers.get("content-security-policy", "")
        directives = dict(
            (part.strip().split(" ", 1) + [""])[:2] for part in policy.split(";") if part.strip()
        )
        assert directives.get("frame-ancestors") == "'none'", name
        assert directives.get("default-src") == "'none'", name
        assert directives.get("script-src") == "'self'", name  # no inline script, no eval
        assert "unsafe" not in policy, name
        assert headers.get("x-content-type-options") == "nosniff", name
        assert headers.get("referrer-policy") == "no-referrer", name
        assert headers.get("x-frame-options") == "DENY", name


def test_a_missing_table_is_a_friendly_page_for_a_browser_and_json_for_a_client(
    client: Client,
) -> None:
    page = client.get("/t/mistyped", headers=PAGE)
    assert page.status_code == 404
    assert page.headers["content-type"].startswith("text/html")
    assert "No table here" in page.text
    assert 'href="/"' in page.text  # a way on: open a new table
    assert "{" not in page.text  # no raw JSON
    for path in ("/t/mistyped", "/api/tables/mistyped"):
        answer = client.get(path, headers={"accept": "application/json"})
        assert answer.status_code == 404
        assert answer.json() == {"error": "no such table", "status": 404}
    # An API path stays JSON even for a browser.
    assert client.get("/api/tables/mistyped", headers=PAGE).json()["status"] == 404
    # Any other address is a page the server does not have, not a table (issue 66).
    for path in ("/nowhere", "/rules/chess"):
        other = client.get(path, headers=PAGE)
        assert other.status_code == 404
        assert "No page here" in other.text
        assert "table" in other.text
        assert "expired" not in other.text


def test_a_huge_skyjo_deck_is_refused_before_anything_is_dealt(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    dealt: list[Any] = []

    def deal(*args: Any) -> Any:
        dealt.append(args)
        raise AssertionError("dealt before the size check")

    monkeypatch.setattr(type(SKYJO), "new_match", deal)
    rules = skyjo_to_data(skyjo.Rules(players=2))
    rules["deck"] = [[value, 1000] for value in range(-20, 100)]  # 120,000 cards
    for target in (None, 50):  # a target is checked after the size too
        body = {"rules": rules, "seats": ["human", "heuristic"], "target": target}
        answer = client.post("/api/tables", content=json.dumps(body), headers=JSON)
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"] == "this server allows deck size up to 162"
    assert dealt == []


def test_a_target_for_skyjo_is_refused_once_the_rules_are_checked(client: Client) -> None:
    body = {"rules": skyjo_to_data(skyjo.Rules(players=2)), "seats": ["human", "human"]}
    answer = client.post("/api/tables", content=json.dumps(body | {"target": 50}), headers=JSON)
    assert answer.status_code == 400
    assert answer.json()["error"].startswith("/target:")
    assert (
        client.post(
            "/api/tables", content=json.dumps(body | {"target": None}), headers=JSON
        ).status_code
        == 201
    )
    assert SKYJO.game_type.short_name == "skyjo"
