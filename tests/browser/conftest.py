"""Fixtures of the real-browser tests: one JupyterLab (fresh profile, copy of the course) and Chromium."""
from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright

from tests.browser import pages
from tests.browser.lab import Lab, start_lab
from tests.browser.pages import CHROMIUM, CHROMIUM_ARGS, KERNEL_S, Shots, collect_console_errors
from tests.conftest import failed

ACTION_MS = 180_000  # a click or a read of the page that takes longer has failed
SHOTS = Path(os.environ.get("COSMOS_BROWSER_SHOTS", Path(tempfile.gettempdir()) / "cosmos-browser-shots"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tests. They are in no xdist group: each worker that runs one starts its own JupyterLab
    and Chromium (session fixtures), so that under `course.py test` (-n 3) every worker can drive a browser."""
    for item in items:
        if "tests/browser/" in item.nodeid:
            item.add_marker(pytest.mark.browser)


def pytest_terminal_summary(terminalreporter) -> None:
    """Say where the screenshots are, so that a person can look at them."""
    if SHOTS.is_dir() and any(SHOTS.iterdir()):
        terminalreporter.write_line(f"browser tests: screenshots of every step in {SHOTS}/<test>/")


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """The course's JupyterLab as course.py starts it, on a copy of the course, as a new user."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: `python3 course.py setup` installs Debian's chromium"
    running = start_lab(tmp_path_factory.mktemp("jupyterlab"))
    yield running
    running.stop()


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, driven by the process's one Playwright (tests/conftest.py)."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


@pytest.fixture
def console(request: pytest.FixtureRequest) -> list[str]:
    """The browser console's errors (and uncaught page errors) during the test."""
    return []


def new_tab(browser: Browser) -> Page:
    """A new browser tab in a profile of its own (its own storage), with the suite's waits."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_navigation_timeout(KERNEL_S)  # JupyterLab's page loads slowly on a busy machine
    context.set_default_timeout(ACTION_MS)
    return context.new_page()


@pytest.fixture
def page(browser: Browser, console: list[str], lab: Lab) -> Iterator[Page]:
    """A new browser tab (its own storage) whose console errors are collected; its kernels end with it."""
    tab = new_tab(browser)
    collect_console_errors(tab, console)
    yield tab
    tab.context.close()
    lab.shut_down_kernels()  # the next test starts its own; idle ones would only hold memory


class SharedTab:
    """One tab of the course's JupyterLab per worker, which the lesson and exercise tests take in turn: each opens
    its notebook from the file browser, where loading JupyterLab anew took 4 to 7 s a test. After a failure the
    tab is dropped, and the next test takes a new one."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.tab: Page | None = None

    def take(self) -> Page:
        """The tab (a new one in a new profile if there is none)."""
        if self.tab is None or self.tab.is_closed():
            self.tab = new_tab(self.browser)
        return self.tab

    def drop(self) -> None:
        """Close the tab and its profile."""
        if self.tab is not None:
            self.tab.context.close()
            self.tab = None


@pytest.fixture(scope="session")
def shared_tab(browser: Browser) -> Iterator[SharedTab]:
    """The worker's shared JupyterLab tab (see SharedTab)."""
    shared = SharedTab(browser)
    yield shared
    shared.drop()


@pytest.fixture
def shared_page(request: pytest.FixtureRequest, shared_tab: SharedTab, console: list[str], lab: Lab) -> Iterator[Page]:
    """The worker's shared JupyterLab tab for one test, its console errors collected meanwhile; afterwards every tab
    of JupyterLab's main area is closed (changes discarded), or after a failure the whole tab, and the kernels are
    shut down."""
    tab = shared_tab.take()
    stop = collect_console_errors(tab, console)
    yield tab
    stop()
    if failed(request.node) or not tab.locator(".jp-FileBrowser").count():
        shared_tab.drop()
    else:
        pages.close_everything(tab)
    lab.shut_down_kernels()


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Iterator[Shots]:
    """A fresh folder for this test's screenshots, outside the repository (after a failure, one more of the page)."""
    name = request.node.name.replace("/", "_").replace("[", "-").rstrip("]")
    folder = SHOTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"screenshots: {folder}")
    taken = Shots(folder)
    yield taken
    pages.shot_of_failure(request, taken)
