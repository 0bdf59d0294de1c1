"""Game-agnostic machinery: seeded randomness, strict JSON reading, game metadata.

Shared by every game; nothing here imports a game.
"""
