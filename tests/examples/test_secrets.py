"""The seed attack against the HTTP example, run as its operator starts it (issue 10).

A client holding seat 1's token deals every small seed itself, keeps the seeds that
show it its own view, and reads seat 0's hand from them (R-INFO-3). The example
must deal with a seed nobody can guess, so the attack must never find the hand.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import skipbo
from skipbo.games.skipbo.serialization import from_data

ROOT = Path(__file__).resolve().parents[2]
SEEDS = 10_000
"""Seeds tried: about a second (the review tried 10**6 in a minute)."""
TIMEOUT = 20.0


def get(base: str, path: str, token: str) -> Any:
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        return json.loads(response.read())


@pytest.mark.rule("R-INFO-3")
def test_seat_one_cannot_recover_seat_zeros_hand_from_the_seed() -> None:
    command = [sys.executable, "-u", "examples/http_server.py", "--players", "2", "--port", "0"]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True) as server:
        try:
            assert server.stdout is not None
            tokens: dict[int, str] = {}
            base = ""
            for line in server.stdout:
                seat = re.fullmatch(r"seat (\d+): Authorization: Bearer (\S+)\n", line)
                if seat:
                    tokens[int(seat[1])] = seat[2]
                served = re.fullmatch(r"serving on (http://[^/]+)/view\n", line)
                if served:
                    base = served[1]
                    break
            seen = from_data(get(base, "/view", tokens[1]), "view")
            hidden = from_data(get(base, "/view", tokens[0]), "view").hand
        finally:
            server.terminate()
    recovered = [
        seed
        for seed in range(SEEDS)
        if skipbo.view(game := skipbo.new_game(seen.rules, seed=seed), 1) == seen
        and game.hands[0] == hidden
    ]
    assert recovered == [], f"seed {recovered[0]} reveals seat 0's hand {hidden}"
