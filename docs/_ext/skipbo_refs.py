"""Link a short reference to the class of its own game: ``DataError`` in Skyjo's docs is Skyjo's.

Both games name their classes in the rules' vocabulary (``Rules``, ``GameState``,
``DataError``, ``ReplayError``, ``Bot``, ...), each documented at its public path
(``skipbo.DataError``, ``skipbo.skyjo.DataError``) beside the shared base
(``skipbo.errors.DataError``). A short reference, such as a docstring's
``Raises: DataError``, then has several targets. Python's domain would warn and take
the first; this one takes the target of the game the reference is written in (its
module's), else the shared one, else the one with the shortest name: the public path.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain

_FACADES = {"skipbo": "skipbo", "skipbo.skyjo": "skyjo"}
"""Each facade module and its game."""

_GAMES = ("skipbo", "skyjo")


def game_of(name: str, *, module: bool = False) -> str | None:
    """The game a dotted name belongs to (``None``: shared by every game).

    ``skipbo.Rules`` is Skip-Bo's (its facade), ``skipbo.skyjo.Rules`` and
    ``skipbo.games.skyjo.views.PublicView`` Skyjo's, ``skipbo.observation.skyjo`` Skyjo's
    layer module; ``skipbo.errors.DataError`` and ``skipbo.common.game.Bot`` are shared.
    With ``module``, ``name`` is a module's: ``skipbo`` is Skip-Bo's facade, and
    ``skipbo.games`` or ``skipbo.arena`` are shared.
    """
    parts = name.split(".")
    if len(parts) > 2 and parts[:2] == ["skipbo", "games"]:
        return parts[2]
    for part in parts[1:]:
        if part in _GAMES:
            return part
    owner = name if module else ".".join(parts[:-1])
    return _FACADES.get(owner)


def _preferred(modname: str | None, names: list[str]) -> list[str]:
    """The candidates of the reference's own game, else the shared ones, else all."""
    mine = game_of(modname, module=True) if modname else None
    if mine is not None:
        own = [name for name in names if game_of(name) == mine]
        if own:
            return own
    shared = [name for name in names if game_of(name) is None]
    return shared or names


class GamePythonDomain(PythonDomain):
    """Python's domain, with a short reference of several targets taken in its own game."""

    def find_obj(  # type: ignore[override]
        self,
        env: Any,
        modname: str,
        classname: str,
        name: str,
        type: str | None,
        searchmode: int = 0,
    ) -> list[tuple[str, Any]]:
        """The targets of a reference; of several, the one of its own game (see the module)."""
        matches: list[tuple[str, Any]] = super().find_obj(
            env, modname, classname, name, type, searchmode
        )
        if len(matches) <= 1:
            return matches
        best = _preferred(modname, [found for found, _ in matches])
        chosen = min(best, key=lambda found: (found.count("."), len(found), found))
        return [match for match in matches if match[0] == chosen]


def setup(app: Sphinx) -> dict[str, Any]:
    """Replace Python's domain by :class:`GamePythonDomain`."""
    app.add_domain(GamePythonDomain, override=True)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
