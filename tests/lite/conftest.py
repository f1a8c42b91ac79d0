"""Fixtures of the JupyterLite tests: the site built once, served on loopback, and a tab with no other network."""
from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request

import course
from lite.build import Built, inputs_digest, site_size
from tests.browser import pages
from tests.browser.conftest import ACTION_MS, SHOTS
from tests.browser.lab import ROOT
from tests.browser.pages import CHROMIUM, CHROMIUM_ARGS, Shots
from tests.lite.lite_pages import KERNEL_S
from tests.lite.site import Served, serve

LOOPBACK = {"127.0.0.1"}
CACHE = Path(tempfile.gettempdir()) / "epic-cosmos-lite-sites"
# the browser resolves no name and no address but loopback's (an address too: without this a fetch of
# http://93.184.215.14/ got an answer), so nothing leaves the machine; a request to anywhere else is noted (`context`)
# and fails the test. Not a Playwright route: routing turns the browser's HTTP cache off, and each of the site
# test's four Pyodide starts fetched everything anew through it
SEALED_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that drive the site in Chromium. They are in no xdist group: the site is built once for all
    workers (`cached_site`), and each worker that runs one serves it and starts its own Chromium (both quick); only
    the notebooks' one Node run keeps its tests on one worker (test_notebooks_in_pyodide.py)."""
    for item in items:
        if "tests/lite/" in item.nodeid and "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def cached_site(root: Path = ROOT) -> Built:
    """The course's site for these inputs: built by `python3 course.py lite` in its own venv the first time,
    then kept under the temp folder by the inputs' digest and reused (by every test session until they change)."""
    home = CACHE / inputs_digest(root)
    record = home / "built.json"
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{home.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second worker (or session) waits for the first one's build, then uses it
        if not record.is_file():
            build_into(home, root)
    made = json.loads(record.read_text())
    return Built(home / "site", made["seconds"], made["files"], made["size"])


def build_into(home: Path, root: Path) -> None:
    """Build the site (`python -m lite` in .venv-lite) in a fresh folder, then move it to home whole."""
    fresh = Path(tempfile.mkdtemp(prefix="building-", dir=CACHE))
    started = time.monotonic()
    subprocess.run([str(course.lite_python()), "-m", "lite", str(fresh / "site")], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    files, size = site_size(fresh / "site")
    (fresh / "built.json").write_text(json.dumps({"seconds": time.monotonic() - started, "files": files,
                                                  "size": size}))
    fresh.rename(home)  # whole or not at all: a site half built is never found


@pytest.fixture(scope="session")
def built() -> Built:
    """The course's site, built once for its inputs (`python3 course.py lite` in .venv-lite) and then reused."""
    site = cached_site()
    print(f"JupyterLite site {site.site}: built in {site.seconds:.1f} s, {site.files} files, {site.size / 1e6:.1f} MB")
    return site


@pytest.fixture(scope="session")
def served(built: Built) -> Iterator[Served]:
    """The built site on a loopback port."""
    with serve(built.site) as site:
        yield site


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, driven by the process's one Playwright (tests/conftest.py), whose DNS knows only loopback."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: `python3 course.py setup` installs Debian's chromium"
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=SEALED_ARGS)
    yield chromium
    chromium.close()


def outside(url: str) -> bool:
    """A request that would leave the machine (data:, blob: and loopback stay)."""
    parts = urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOOPBACK


@pytest.fixture
def network() -> list[str]:
    """Every request to anywhere but loopback during the test (each one is refused and fails the test)."""
    return []


@pytest.fixture
def console() -> list[str]:
    """The browser console's errors (and uncaught page errors) during the test."""
    return []


@pytest.fixture
def context(browser: Browser, network: list[str]) -> Iterator[BrowserContext]:
    """A fresh browser profile (its own storage) in which every non-loopback request is noted (and refused by the
    browser, see SEALED_ARGS)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_navigation_timeout(KERNEL_S)  # as the JupyterLab tests: failure detectors, not speed targets
    context.set_default_timeout(ACTION_MS)

    def noted(request: Request) -> None:  # also what a service worker asks for
        if outside(request.url) and request.url not in network:
            network.append(request.url)

    context.on("request", noted)
    yield context
    context.close()


@pytest.fixture
def page(context: BrowserContext, console: list[str], monkeypatch: pytest.MonkeyPatch) -> Page:
    """A tab whose console errors are collected; the JupyterLab helpers wait as long as Pyodide needs."""
    monkeypatch.setattr(pages, "KERNEL_S", KERNEL_S)
    tab = context.new_page()
    pages.collect_console_errors(tab, console)
    return tab


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Iterator[Shots]:
    """A fresh folder for this test's screenshots, outside the repository (after a failure, one more of the page)."""
    folder = SHOTS / f"lite-{request.node.name}".replace("/", "_").replace("[", "-").rstrip("]")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    print(f"screenshots: {folder}")
    taken = Shots(folder, started=time.monotonic())
    yield taken
    pages.shot_of_failure(request, taken)
