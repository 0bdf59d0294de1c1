"""Project tools: the long verification runs and generators (run as ``python -m tools.NAME``)."""
