"""The `browser` (Debian's chromium, one a module) and `server` (the app on a fresh database) fixtures
of the table's browser tests; a test module asks for them with `pytest_plugins`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

from tests.browser_support import ARGS, CHROMIUM
from tests.web_support import running_server


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"the browser tests need Debian's chromium at {CHROMIUM}")  # CI installs it and fails on skips
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    with running_server(tmp_path / "g.sqlite3") as found:
        yield found
