"""`python -m ragusa.service.engine_main`: the same as `ragusa engine`."""

from __future__ import annotations

import sys

from .engine import run

if __name__ == "__main__":
    sys.exit(run())
