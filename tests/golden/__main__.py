"""``python -m tests.golden [--write]``: see :mod:`tests.golden`."""

from __future__ import annotations

import sys

from tests.golden import main

if __name__ == "__main__":
    sys.exit(main())
