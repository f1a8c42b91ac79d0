"""The Islands exercise in the JupyterLite site: the self-check runs in the page and says it is not the grade."""
from __future__ import annotations

import re

from playwright.sync_api import Page

from graders.selfcheck import IN_THE_BROWSER
from tests.browser import pages
from tests.browser.lab import ROOT
from tests.browser.pages import Shots
from tests.lite.lite_pages import KERNEL_S, close_notebook, last_printed, upload
from tests.lite.site import Served

HIDDEN = ROOT / "graders" / "hidden"
REFERENCE = HIDDEN / "01-islands" / "reference.ipynb"
WRONG = sorted((HIDDEN / "01-islands" / "wrong").glob("*.ipynb"))[0]
PASSED = re.compile(r"^(\d+) of \1 checks pass")


def self_check(page: Page, name: str, shots: Shots) -> list[str]:
    """Open an uploaded notebook from the file browser (no new page load), run it all, and return the lines its
    self-check printed; its tab is closed afterwards, so that the next notebook is the only one on screen."""
    page.locator(".jp-DirListing-item", has_text=name).dblclick()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=KERNEL_S)
    pages.wait_idle(page)
    pages.run_all(page)
    report = last_printed(page).splitlines()
    shots.take(page, f"checked-{name.removesuffix('.ipynb')}")
    close_notebook(page)  # unsaved: the next check needs the uploaded file as it was
    return report


def test_the_self_check_passes_a_correct_solution_and_explains_a_wrong_one_in_the_page(
        served: Served, page: Page, console: list[str], network: list[str], shots: Shots):
    upload(page, served, REFERENCE, WRONG)

    right = self_check(page, REFERENCE.name, shots)
    assert right[0] == IN_THE_BROWSER, right
    assert PASSED.search(right[-1].strip()) and not [line for line in right if "FAIL" in line], right

    wrong = self_check(page, WRONG.name, shots)
    assert wrong[0] == IN_THE_BROWSER, wrong
    assert not PASSED.search(wrong[-1].strip()), wrong
    failures = [line for line in wrong if line.strip().startswith("FAIL")]
    assert failures and "Traceback" not in "\n".join(wrong), wrong
    explained = wrong[wrong.index(failures[0]) + 1]  # under the verdict: what the check asked and what it got
    assert explained.startswith(" " * 6) and len(explained.split()) >= 3, wrong
    assert network == [] and console == [] and served.missing == []
