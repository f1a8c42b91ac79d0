"""Lesson 1 in the JupyterLite site, with no network but loopback: run in the browser's own Python, then used."""
from __future__ import annotations

import nbformat
from playwright.sync_api import Page

from tests.browser import pages
from tests.browser.lab import ROOT
from tests.browser.pages import Shots
from tests.browser.test_lessons_in_browser import check_play, check_quizzes, check_ran, check_stepper
from tests.lite.lite_pages import open_in_lite
from tests.lite.site import Served

LESSON = "lessons/01-galaxy-from-a-seed.ipynb"


def test_lesson_one_runs_and_its_widgets_work_in_the_browser(served: Served, page: Page, console: list[str],
                                                              network: list[str], shots: Shots):
    nb = nbformat.read(ROOT / LESSON, as_version=4)
    open_in_lite(page, served, LESSON)
    shots.take(page, "opened")
    assert len(pages.cell_outputs(page)) == len(nb.cells)

    pages.run_all(page)
    shots.take(page, "ran")
    check_ran(page, nb, LESSON, console)

    check_stepper(page, shots)
    kinds = check_quizzes(page, shots)
    assert "choice" in kinds
    check_play(page, shots)
    assert network == [], f"the site asked for something outside the machine: {network[:5]}"
    assert console == [], f"the browser console shows errors: {console[:5]}"
