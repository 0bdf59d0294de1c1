"""An independent reference implementation of the rules, for differential testing.

Written for obviousness, not speed: mutable plain lists, one method per rule, the
seating worked out again from ``Rules.players`` / ``teams`` / ``shared_piles``. It
shares no code with ``src/skipbo`` beyond the public value types it reads and
returns (``Rules``, ``Deck``, the move classes, ``GameState``, ``Outcome``), so a
mistake in the engine shows up as a disagreement instead of being copied.
"""

from tests.skipbo.reference.game import ReferenceGame, public_information

__all__ = ["ReferenceGame", "public_information"]
