"""Tests do not depend on their order through asyncio: a loop left marked running by one test (Playwright's own,
or one a test left behind) stops neither a later `asyncio.run()` nor the browser tests' Playwright."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# run in this order in one process, with the suite's own conftest (tests/conftest.py) as a plugin
IN_ORDER = '''
import asyncio


def test_one_leaves_a_loop_marked_running():
    asyncio._set_running_loop(asyncio.new_event_loop())  # as a loop stopped inside a callback or a greenlet leaves


def test_the_next_runs_asyncio():
    assert asyncio.run(asyncio.sleep(0, result="ran")) == "ran"


def test_playwright_starts_after_it(playwright):
    context = playwright.request.new_context()  # calls to Playwright's driver; no browser needed
    context.dispose()


def test_asyncio_runs_after_a_playwright_call():
    assert asyncio.run(asyncio.sleep(0, result="ran")) == "ran"


def test_playwright_still_answers(playwright):
    playwright.request.new_context().dispose()
'''


def test_a_loop_left_marked_running_stops_neither_asyncio_nor_playwright_in_later_tests(tmp_path: Path):
    tests = tmp_path / "test_in_order.py"
    tests.write_text(IN_ORDER)
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:xdist", "-p", "no:randomly",
                          "-p", "no:cacheprovider", "-q", "--rootdir", str(tmp_path), "-c", "/dev/null", str(tests)],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "5 passed" in run.stdout, run.stdout[-3000:]
