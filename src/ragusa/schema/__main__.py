"""``python -m ragusa.schema write [DIR] | check [DIR] | print NAME`` (see :func:`ragusa.schema.main`)."""

from __future__ import annotations

from . import main

raise SystemExit(main())
