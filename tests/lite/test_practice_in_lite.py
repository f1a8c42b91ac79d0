"""A student writes code in the JupyterLite site, with no network but loopback: lesson 1's Parsons problem solved
by dragging and by keyboard, a wrong arrangement's feedback, a hint, a task solved, progress kept in the browser's
storage through a kernel restart and a page reload, and the student's own function stepped in an exercise (its
trace recorded with sys.settrace in Pyodide)."""
from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser import pages
from tests.browser import test_practice_in_browser as practice
from tests.browser.pages import Shots
from tests.lite.lite_pages import KERNEL_S, close_notebook, open_in_lite
from tests.lite.site import Served

pytestmark = pytest.mark.xdist_group("lite")  # one worker: one built site, one Node run, one Chromium


def open_from_the_site(page: Page, path: str) -> None:
    """Close the notebook on screen (its changes discarded) and open another of the site's from the file browser,
    folder by folder, as a student does (the page is not loaded again)."""
    close_notebook(page)
    if not page.locator(".jp-FileBrowser").is_visible():
        page.locator(".lm-TabBar-tab[data-id='filebrowser']").click()
    page.locator(".jp-FileBrowser .jp-BreadCrumbs-home").click()
    for name in path.split("/"):
        page.locator(".jp-FileBrowser .jp-DirListing-item").filter(has=page.get_by_text(name, exact=True)).dblclick()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_S)
    pages.wait_idle(page)


def test_parsons_task_progress_and_stepping_in_the_site(served: Served, page: Page, console: list[str],
                                                        network: list[str], shots: Shots):
    open_in_lite(page, served, practice.LESSON)
    pages.run_all(page)
    overview = page.locator(".cosmos-progress").first.inner_text()
    assert "Kept in this browser's storage for this site (the file data/epic-cosmos/progress.json" in overview
    puzzle = practice.practise_parsons(page, shots, key="Space")  # JupyterLab's test presses Enter
    practice.solve_the_task(page, shots)

    # Pyodide's kernel starts afresh in its worker: the progress comes back from the browser's storage
    practice.restart_and_run_all(page)
    practice.came_back_solved(page, puzzle, shots, "after-kernel-restart")
    # the tab is loaded anew: Pyodide and the site start again, the progress is still there
    practice.reload_and_run_all(page)
    practice.came_back_solved(page, puzzle, shots, "after-page-reload")

    open_from_the_site(page, practice.EXERCISE)
    practice.step_the_starter(page, shots)
    assert network == [], f"the site asked for something outside the machine: {network[:5]}"
    assert console == [], f"the browser console shows errors: {console[:5]}"
    assert served.missing == [], f"the site lacks files the page asked for: {served.missing[:5]}"
