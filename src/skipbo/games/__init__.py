"""The games: each a package on one pattern, the same module name for the same role.

A game package holds its rules core (``cards``, ``rules``, ``state``, ``moves``,
``engine``, ``views``, ``spec``), its services (``actions``, ``sampling``,
``invariants``, ``conformance``, ``serialization``, ``records``, ``text``), its
``bots`` and its ``adapter``, which registers it with :mod:`skipbo.common.game` so
that the game-agnostic layers (the arena, the envs, the pictures, the web) can play
it. A game imports ``skipbo.common`` and itself, never another game.
"""
