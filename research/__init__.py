"""The record of experiments on the bots: not part of the skipbo package (see README.md)."""
