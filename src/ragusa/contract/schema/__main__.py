"""`python -m ragusa.contract.schema write [DIR] | check [DIR] | print NAME` (see `ragusa.contract.schema.main`)."""

from __future__ import annotations

from ragusa.contract.schema import main

raise SystemExit(main())
