"""Checking games: the invariants every state satisfies and the conformance checker."""
