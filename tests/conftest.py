"""Settings and fixtures for the whole suite: no time limit on Hypothesis's examples; one Playwright per process;
every test keeps the student's progress in a folder of its own, never in the user's."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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


@pytest.fixture(autouse=True)
def own_progress(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty user data folder ($XDG_DATA_HOME) and a tracker that has seen nothing."""
    from graders import progress

    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setattr(progress, "TRACKER", progress.Tracker())
    return home
