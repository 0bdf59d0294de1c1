"""``python -m skipbo``: the command line of :mod:`skipbo.cli`."""

import sys

from skipbo.cli import main

if __name__ == "__main__":
    sys.exit(main())
