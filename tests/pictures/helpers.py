"""Positions for the pictures' tests, and reading a picture back as XML."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import skipbo
from skipbo import skyjo

SVG = "{http://www.w3.org/2000/svg}"


def play(game: Any, rules: Any, seed: int, moves: int) -> Any:
    """A state of ``game`` (the module skipbo or skyjo) after up to ``moves`` random moves."""
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


def played(rules: skipbo.Rules, seed: int, moves: int) -> skipbo.GameState:
    """A Skip-Bo state after up to ``moves`` random moves of the game dealt with ``seed``."""
    state: skipbo.GameState = play(skipbo, rules, seed, moves)
    return state


def played_skyjo(rules: skyjo.Rules, seed: int, moves: int) -> skyjo.GameState:
    """A Skyjo state after up to ``moves`` random moves."""
    state: skyjo.GameState = play(skyjo, rules, seed, moves)
    return state


def parse(svg: str) -> ET.Element:
    """The picture as XML (raises if it is not well-formed)."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def groups(root: ET.Element, role: str) -> list[ET.Element]:
    """Every ``<g>`` whose class is ``role``."""
    return [g for g in root.iter(SVG + "g") if role in (g.get("class") or "").split()]


def by(root: ET.Element, role: str, key: str) -> dict[str, ET.Element]:
    """The ``<g class=role>`` elements by their attribute ``key``."""
    found: dict[str, ET.Element] = {}
    for element in groups(root, role):
        name = element.get(key)
        assert name is not None, (role, key)
        assert name not in found, (role, key, name)
        found[name] = element
    return found


def values(element: ET.Element) -> list[int]:
    """The values of the face-up cards drawn inside ``element``, in document order."""
    return [int(g.get("data-value", "")) for g in groups(element, "card")]


def texts(root: ET.Element) -> list[str]:
    """Every text of the picture."""
    return [t.text or "" for t in root.iter(SVG + "text")]


def top(pile: Any) -> str:
    """A pile's top as the picture's ``data-top`` says it (empty: ``""``)."""
    return "" if not pile else str(pile[-1])
