"""Settings and fixtures for the whole suite: no time limit on Hypothesis's examples; one Playwright per process."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings
from playwright.sync_api import Playwright, sync_playwright

# Hypothesis's defaults fail an example that takes over 200 ms, or data that is slow to draw: on a busy machine
# that is every test of them. No test of this suite depends on how fast the machine is.
settings.register_profile("any-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("any-machine")


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """The process's one Playwright (its sync API runs an asyncio loop for as long as it is open, and a second
    sync_playwright() in the same process refuses to start beside it): the JupyterLab tests (tests/browser) and
    the JupyterLite tests (tests/lite) each launch their own Chromium from it, in any order, in one process."""
    with sync_playwright() as started:
        yield started
