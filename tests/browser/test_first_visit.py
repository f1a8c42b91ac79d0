"""A student's first visit to the course's JupyterLab asks nothing: the settings that would pop up a news prompt or an
update check are off for a new profile. The page itself, on a first visit, is watched for pop-ups by
test_practice_in_browser.py (its tab is a new profile that opens lesson 1)."""
from __future__ import annotations

from tests.browser.lab import Lab

NOTIFICATION = "/lab/api/settings/@jupyterlab/apputils-extension:notification"


def test_the_course_lab_asks_for_no_news_and_checks_no_updates(lab: Lab):
    # the server applies the venv's overrides.json to the schema's defaults; the student's profile sets nothing
    answer = lab.api(NOTIFICATION)
    defaults = {name: spec["default"] for name, spec in answer["schema"]["properties"].items()}
    assert answer["settings"] == {}, answer["settings"]
    assert defaults["fetchNews"] == "false", f"{defaults} (python3 course.py setup writes the venv's overrides.json)"
    assert defaults["checkForUpdates"] is False, defaults
