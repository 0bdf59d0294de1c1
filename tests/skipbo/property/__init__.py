"""Property tests: invariants, determinism and the move space under random play."""
