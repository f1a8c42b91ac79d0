"""The Islands exercise in the course's JupyterLab: its starter stepped through, the self-check in the notebook and
in its terminal."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from lessons import nbfile
from tests.browser import pages
from tests.browser.lab import ROOT, Lab
from tests.browser.pages import Shots
from tests.browser.test_practice_in_browser import step_the_starter

EXERCISE = "exercises/01-islands"
HIDDEN = ROOT / "graders_instructor" / "hidden" / "01-islands"
PASSED = re.compile(r"^(\d+) of \1 checks pass")


@pytest.fixture
def page(shared_page: Page) -> Page:
    """The worker's one JupyterLab tab, which these tests take in turn (tests/browser/conftest.py's SharedTab)."""
    return shared_page


def hand_in(lab: Lab, source: Path, name: str) -> str:
    """A student's notebook in the exercise folder of the copy, written as JupyterLab saves it."""
    relative = f"{EXERCISE}/{name}"
    nbfile.store(nbfile.with_kernel_metadata(nbformat.read(source, as_version=4)), lab.root / relative)
    return relative


def self_check_text(page: Page) -> str:
    """What the notebook's last code cell (the self-check) printed (scrolled into view)."""
    page.locator(".jp-Notebook .jp-Cell").last.scroll_into_view_if_needed()
    return [cell for cell in pages.cell_outputs(page) if cell["text"]][-1]["text"]


def test_the_starter_opens_saves_unchanged_and_steps_the_students_own_function(lab: Lab, page: Page,
                                                                               console: list[str], shots: Shots):
    starter = next((ROOT / EXERCISE).glob("*.ipynb"))
    relative = starter.relative_to(ROOT).as_posix()
    pages.open_notebook(page, lab.url, lab.token, relative)
    shots.take(page, "starter-opened")
    pages.save(page)
    assert (lab.root / relative).read_bytes() == starter.read_bytes()
    # the student runs the starter's function as it is, then an endless loop of their own, in the see-it
    step_the_starter(page, shots)
    assert console == []


def test_a_correct_solution_passes_in_the_notebook_and_in_the_terminal(lab: Lab, page: Page, console: list[str],
                                                                       shots: Shots):
    relative = hand_in(lab, HIDDEN / "reference.ipynb", "my-solution.ipynb")
    pages.open_notebook(page, lab.url, lab.token, relative)
    pages.run_all(page)
    report = self_check_text(page)
    shots.take(page, "solution-checked-in-the-notebook")
    assert PASSED.search(report.splitlines()[-1].strip()), report
    assert "FAIL" not in report and console == []

    pages.open_terminal(page, lab.url, lab.token)
    text = pages.type_in_terminal(page, "which python", until=r"^/\S+/bin/python\s*$")
    assert "/.venv/bin/python" in text, f"the terminal's python is not the course's: {text}"
    text = pages.type_in_terminal(page, f"python -m graders check {relative}", until=r"checks pass, score")
    shots.take(page, "solution-checked-in-the-terminal")
    last = [line.strip() for line in text.splitlines() if "checks pass" in line][-1]
    assert PASSED.search(last), text
    assert "not run" not in text


def test_a_wrong_solution_gets_readable_feedback(lab: Lab, page: Page, console: list[str], shots: Shots):
    wrong = sorted((HIDDEN / "wrong").glob("*.ipynb"))[0]
    relative = hand_in(lab, wrong, "my-wrong-try.ipynb")
    pages.open_notebook(page, lab.url, lab.token, relative)
    pages.run_all(page)
    report = self_check_text(page)
    shots.take(page, f"wrong-{wrong.stem}-checked")
    assert not PASSED.search(report.splitlines()[-1].strip()), report
    failures = [line for line in report.splitlines() if line.strip().startswith("FAIL")]
    assert failures, report
    assert "Traceback" not in report
    # under every failed check, a sentence saying what went wrong
    lines = report.splitlines()
    first = lines.index(failures[0])
    assert lines[first + 1].startswith(" " * 6) and len(lines[first + 1].split()) >= 3, report
