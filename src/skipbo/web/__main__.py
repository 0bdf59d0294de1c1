"""``python -m skipbo.web``: the same as ``skipbo serve``."""

import sys

from skipbo.web.serve import serve_main

if __name__ == "__main__":
    sys.exit(serve_main())
