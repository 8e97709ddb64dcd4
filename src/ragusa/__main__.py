"""`python -m ragusa`: the `ragusa` command line (`ragusa.cli`)."""

from __future__ import annotations

import sys

from ragusa.cli import main

if __name__ == "__main__":
    sys.exit(main())
