"""Settings and fixtures for the whole suite: no time limit on Hypothesis's examples; one Playwright per process;
every test keeps the student's progress in a folder of its own, never in the user's."""
from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
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
    asyncio._set_running_loop(None)  # one left marked running by an earlier test (see loop_guard) is no loop here
    with sync_playwright() as started:
        yield started


@contextmanager
def no_loop_marked_running() -> Iterator[None]:
    """No asyncio loop marked running in this thread for the block; the one marked before is marked again after."""
    kept = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(kept)


def loop_guard(item: pytest.Item, last: bool = False) -> AbstractContextManager[None]:
    """What a step of a test runs in. Between tests nothing runs an asyncio loop in pytest's thread, yet one can
    stay marked running there: Playwright's sync API marks its own between its calls (for as long as the session's
    Playwright is open), and a test whose loop stopped inside a callback or a greenlet can leave one. Then
    `asyncio.run()` refuses to start, and so does `sync_playwright()`. So a test that drives no browser runs with
    none marked and leaves none behind; a browser test, and the session's last teardown (which closes Playwright),
    keep Playwright's."""
    if "playwright" in item.fixturenames or last:
        return nullcontext()
    return no_loop_marked_running()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    """Set a test up in its loop_guard."""
    with loop_guard(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Run a test in its loop_guard."""
    with loop_guard(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Tear a test down in its loop_guard."""
    with loop_guard(item, last=nextitem is None):
        return (yield)


# The modules whose tests mostly wait on a sandbox (its wall clock, a kill, a second sandbox beside it): handed out
# one after another, two of them at once left both cores idle for a minute and a half of the run.
WAITING = ("test_grader_fallback_kill.py", "test_grader_collusion.py", "test_grader_nonroot.py",
           "test_grader_jail_denies.py", "test_grader_sandbox.py", "test_grader_host.py")


def spread(long: list[pytest.Item], blocks: list[list[pytest.Item]]) -> list[pytest.Item]:
    """The blocks spread evenly among the long tests (each block whole, in order), the long tests in their order."""
    every = max(1, len(long) // (len(blocks) + 1))
    ordered: list[pytest.Item] = []
    for index, item in enumerate(long):
        ordered.append(item)
        if (index + 1) % every == 0 and (index + 1) // every <= len(blocks):
            ordered += blocks[(index + 1) // every - 1]
    return ordered + [item for block in blocks[len(long) // every:] for item in block]


@pytest.hookimpl(trylast=True)  # after the hooks that mark the browser tests and set the xdist groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first: those that drive a browser page (the WAITING modules' tests spread among them, so that a
    browser keeps both cores busy while one of those waits), then the grouped and slow ones, then the rest, each in
    the order collected. xdist hands out tests in this order as workers free up, so the run ends with short tests on
    every worker (a browser test of two minutes handed out last kept one worker busy alone)."""
    browser = [item for item in items if item.get_closest_marker("browser") and "page" in item.fixturenames]
    browser.sort(key=lambda item: "tests/lite/" not in item.nodeid)  # the site's test, the longest, first
    waiting = [[item for item in items if item.path.name == name and item not in browser] for name in WAITING]
    first = spread(browser, [block for block in waiting if block])
    chosen = set(first)
    rest = [item for item in items if item not in chosen]
    rest.sort(key=lambda item: 0 if item.get_closest_marker("xdist_group") or item.get_closest_marker("slow") else 1)
    items[:] = first + rest


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[pytest.TestReport]:
    """Note on the test whether a step of it failed (a browser test then takes a last screenshot, see failed)."""
    report = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


def failed(item: pytest.Item) -> bool:
    """Whether the test's setup or call has failed so far."""
    return item.stash.get(FAILED, False)


@pytest.fixture(autouse=True)
def own_progress(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty user data folder ($XDG_DATA_HOME) and a tracker that has seen nothing."""
    from graders import progress

    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setattr(progress, "TRACKER", progress.Tracker())
    return home
