"""The Islands exercise in the JupyterLite site: the self-check runs in the page and says it is not the grade."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from graders.selfcheck import IN_THE_BROWSER
from tests.browser import pages
from tests.browser.lab import ROOT
from tests.browser.pages import Shots
from tests.lite.lite_pages import last_printed, open_in_lite, upload
from tests.lite.site import Served

HIDDEN = ROOT / "graders" / "hidden" / "01-islands"
PASSED = re.compile(r"^(\d+) of \1 checks pass")


def self_check(page: Page, served: Served, notebook: Path, shots: Shots) -> str:
    """Upload a student's notebook, run it all in the page, and return what its self-check printed."""
    upload(page, served, notebook)
    open_in_lite(page, served, notebook.name)
    pages.run_all(page)
    report = last_printed(page)
    shots.take(page, f"checked-{notebook.stem}")
    return report


def test_a_correct_solution_passes_the_self_check_in_the_page(served: Served, page: Page, console: list[str],
                                                               network: list[str], shots: Shots):
    report = self_check(page, served, HIDDEN / "reference.ipynb", shots)
    lines = report.splitlines()
    assert lines[0] == IN_THE_BROWSER, report
    assert PASSED.search(lines[-1].strip()), report
    assert "FAIL" not in report
    assert network == [] and console == [] and served.missing == []


def test_a_wrong_solution_gets_readable_feedback_in_the_page(served: Served, page: Page, console: list[str],
                                                              network: list[str], shots: Shots):
    wrong = sorted((HIDDEN / "wrong").glob("*.ipynb"))[0]
    report = self_check(page, served, wrong, shots)
    lines = report.splitlines()
    assert lines[0] == IN_THE_BROWSER, report
    assert not PASSED.search(lines[-1].strip()), report
    failures = [line for line in lines if line.strip().startswith("FAIL")]
    assert failures and "Traceback" not in report, report
    first = lines.index(failures[0])
    assert lines[first + 1].startswith(" " * 6) and len(lines[first + 1].split()) >= 3, report
    assert network == [] and console == [] and served.missing == []
