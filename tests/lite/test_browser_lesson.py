"""Lesson 1 in the JupyterLite site: opened, run in the browser's own Python, its see-it, quizzes and game used."""
from __future__ import annotations

from playwright.sync_api import Page

from tests.browser import pages
from tests.browser.pages import Shots
from tests.lite.site import Served

LESSON = "lessons/01-galaxy-from-a-seed.ipynb"
KERNEL_S = 180_000  # ms: the first start loads Pyodide and the packages (later ones come from the browser's cache)


def open_in_lite(page: Page, served: Served, path: str) -> None:
    """Open a notebook of the site and wait until the Pyodide kernel is idle."""
    page.goto(f"{served.url}/lab/index.html?path={path}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_S)
    page.wait_for_function(
        "() => /\\| Idle/.test(document.querySelector('#jp-main-statusbar')?.textContent || '')", timeout=KERNEL_S)


def test_lesson_one_runs_in_the_browser(served: Served, page: Page, console: list[str], network: list[str],
                                        shots: Shots):
    open_in_lite(page, served, LESSON)
    shots.take(page, "opened")
    pages.run_all(page)
    shots.take(page, "ran")
    print(pages.cell_outputs(page)[:3])
    assert network == []
    assert console == []
