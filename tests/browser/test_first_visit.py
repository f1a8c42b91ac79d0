"""A student's first visit to the course's JupyterLab: the first lesson opens and nothing asks for attention."""
from __future__ import annotations

from playwright.sync_api import Page

from tests.browser import pages
from tests.browser.lab import Lab
from tests.browser.pages import Shots

NOTIFICATION = "/lab/api/settings/@jupyterlab/apputils-extension:notification"
QUIET_S = 5  # the news prompt, when it comes, comes as soon as the settings are loaded: well within this


def test_the_course_lab_asks_for_no_news_and_checks_no_updates(lab: Lab):
    # the server applies the venv's overrides.json to the schema's defaults; the student's profile sets nothing
    answer = lab.api(NOTIFICATION)
    defaults = {name: spec["default"] for name, spec in answer["schema"]["properties"].items()}
    assert answer["settings"] == {}, answer["settings"]
    assert defaults["fetchNews"] == "false", f"{defaults} (python3 course.py setup writes the venv's overrides.json)"
    assert defaults["checkForUpdates"] is False, defaults


def test_a_first_visit_shows_the_lesson_and_no_pop_up(lab: Lab, page: Page, console: list[str], shots: Shots):
    pages.open_notebook(page, lab.url, lab.token, "lessons/01-galaxy-from-a-seed.ipynb")
    page.wait_for_timeout(QUIET_S * 1000)
    shots.take(page, "first-visit")
    toasts = page.locator(".Toastify__toast")
    assert toasts.count() == 0, [toasts.nth(i).inner_text() for i in range(toasts.count())]
    assert console == []
