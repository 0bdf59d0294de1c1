"""Probe scripts of the experiments on the bots, runnable from the repository root."""
