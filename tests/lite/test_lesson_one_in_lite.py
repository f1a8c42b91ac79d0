"""Lesson 1 in the JupyterLite site, with no network but loopback, as a student meets it: run in the browser's own
Python, its widgets used (a see-it, a quiz of each kind, the game saved into the browser's storage), its Parsons
problem solved by dragging and mended by keyboard, a wrong arrangement's feedback, a hint, a task solved, progress
kept in the browser's storage through a page reload (a fresh Pyodide); then a finished exercise uploaded into the
site: its self-check, run in the page, passes it; the student's own function stepped through (its trace recorded
with sys.settrace in Pyodide); the self-check explains what is wrong with a wrong function. One page for all of it:
each start of the site, and each notebook opened, loads Pyodide anew, the slowest part of these tests (the
starter's own first steps are tried in JupyterLab, test_exercise_in_browser.py, and the starters run in Pyodide
under Node, test_notebooks_in_pyodide.py)."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
from playwright.sync_api import Page

from graders.selfcheck import IN_THE_BROWSER
from lite.build import DATA_HOME
from tests.browser import pages
from tests.browser import test_practice_in_browser as practice
from tests.browser.lab import ROOT
from tests.browser.pages import Shots
from tests.browser.test_exercise_in_browser import PASSED
from tests.browser.test_lessons_in_browser import check_play, check_quizzes, check_ran, stepper_state, wait_for_step
from tests.lite.lite_pages import close_notebook, last_printed, open_in_lite, upload
from tests.lite.site import Served

REFERENCE = ROOT / "graders_instructor" / "hidden" / "01-islands" / "reference.ipynb"
ALWAYS_TWO = "def islands(n, lanes):\n    return (2, 2, False)\n"  # a student's guess, wrong for most galaxies
# places outside the machine, by name and by address: the tab reaches none (SEALED_ARGS in tests/lite/conftest.py)
OUTSIDE = ("http://example.com/simple/", "https://cdn.jsdelivr.net/pyodide/", "http://93.184.215.14/")


def check_stepper(page: Page, shots: Shots) -> None:
    """The first see-it steps forward three times and back once; its frame and counters follow."""
    first = stepper_state(page)
    assert first is not None and first["position"].startswith("step 1 of"), first
    stepper = page.locator(".cosmos-stepper").filter(has=page.locator(".cosmos-position:visible")).first
    stepper.scroll_into_view_if_needed()
    forward, back = (stepper.get_by_role("button", name=re.compile(rf"\b{name}$")) for name in ("Forward", "Back"))
    for step in (2, 3, 4):
        forward.click()
        later = wait_for_step(page, step)
    shots.take(page, "see-it-three-steps-on")
    assert later["frame"] != first["frame"] and later["counters"] != first["counters"]
    back.click()
    assert wait_for_step(page, 3)["frame"] not in (first["frame"], later["frame"])
    shots.take(page, "see-it-one-step-back")


def send(page: Page, line: str) -> str:
    """Type a line into the Play widget, press Enter and return the new screen."""
    play = page.locator(".cosmos-play").first
    before = play.locator(".cosmos-screen").inner_text()
    play.locator("input[type=text]").fill(line)
    play.locator("input[type=text]").press("Enter")
    page.wait_for_function("([el, old]) => el.querySelector('.cosmos-screen')?.innerText !== old",
                           arg=[play.element_handle(), before], timeout=pages.KERNEL_S)
    return play.locator(".cosmos-screen").inner_text()


def check_save(page: Page, tmp_path: Path) -> str:
    """`end`, then `save 1`: the game in the page writes its slot into the browser's storage (the site's
    data/epic-cosmos/saves/ folder) and answers as the same game does on disk."""
    from cosmos.ui.session import Session

    play = page.locator(".cosmos-play").first
    seed = int(re.search(r"seed (\d+)", play.inner_text()).group(1))
    folder = re.search(r"into the folder (\S+)/", play.inner_text()).group(1)
    assert folder.startswith(DATA_HOME), folder  # the browser's storage, kept between visits
    send(page, "end")
    screen = send(page, "save 1")
    game = Session(seed=seed, saves_dir=tmp_path)
    game.send("map")
    game.send("end")
    assert game.send("save 1").rstrip() == screen.rstrip()
    return (tmp_path / "slot1.sav").read_text()


def handed_in(into: Path) -> Path:
    """A student's finished Islands notebook, as handed in: the reference solution with the starter's cell that steps
    through islands before its self-check."""
    solution = nbformat.read(REFERENCE, as_version=4)
    starter = nbformat.read(ROOT / practice.EXERCISE, as_version=4)
    solution.cells.insert(-1, next(cell for cell in starter.cells if "step_through(islands," in cell.source))
    path = into / "islands.ipynb"
    nbformat.write(solution, path)
    return path


def check_a_solution_handed_in(page: Page, shots: Shots, notebook: Path) -> None:
    """A finished notebook uploaded into the site and opened: its self-check, run in the page, passes it and says it
    is no grade; the student's islands, changed into a loop that never ends, stepped through (its trace recorded
    with sys.settrace in Pyodide); then changed into a wrong one: the self-check fails it and says why."""
    close_notebook(page)
    upload(page, notebook)
    pages.open_from_the_file_browser(page, notebook.name)
    pages.run_all(page)
    right = last_printed(page).splitlines()
    shots.take(page, "self-check-passed")
    assert right[0] == IN_THE_BROWSER, right
    assert PASSED.search(right[-1].strip()) and not [line for line in right if "FAIL" in line], right

    practice.step_an_endless_loop(page, shots)
    practice.type_into(page, practice.cell_with(page, "def islands(n, lanes):"), ALWAYS_TWO)
    practice.run_cell(page, practice.cell_with(page, "check_here("))
    wrong = last_printed(page).splitlines()
    shots.take(page, "self-check-failed")
    assert wrong[0] == IN_THE_BROWSER, wrong
    assert not PASSED.search(wrong[-1].strip()), wrong
    failures = [line for line in wrong if line.strip().startswith("FAIL")]
    assert failures and "Traceback" not in "\n".join(wrong), wrong
    under = wrong[wrong.index(failures[0]) + 1:][:3]  # under the verdict: what went wrong, the call, the answer due
    assert all(line.startswith(" " * 6) for line in under) and under[0].strip() == "wrong answer", wrong
    assert [" ".join(line.split()) for line in under[1:]] == [
        "input: islands(8, [[1, 2], [2, 3], [4, 5], [6, 7], [7, 8]])", "expected: (3, 3, False)"], wrong


def unreachable(page: Page, urls: tuple[str, ...]) -> list[str]:
    """The urls that the page's fetch could not reach."""
    return page.evaluate("""async urls => (await Promise.all(urls.map(url => fetch(url, {mode: 'no-cors'})
        .then(() => null, () => url)))).filter(Boolean)""", list(urls))


def test_lesson_one_and_the_practice_in_the_site(served: Served, page: Page, console: list[str], network: list[str],
                                                 shots: Shots, tmp_path: Path):
    nb = nbformat.read(ROOT / practice.LESSON, as_version=4)
    open_in_lite(page, served, practice.LESSON)
    shots.take(page, "opened")
    assert len(pages.cell_outputs(page)) == len(nb.cells)
    pages.run_all(page)
    shots.take(page, "ran")
    check_ran(page, nb, practice.LESSON, console)
    overview = page.locator(".cosmos-progress").first.inner_text()
    assert "Kept in this browser's storage for this site (the file data/epic-cosmos/progress.json" in overview

    # the lesson's widgets: a see-it, one quiz of each kind, the game played and saved
    check_stepper(page, shots)
    kinds = check_quizzes(page, shots)
    assert "choice" in kinds
    check_play(page, shots)
    saved = check_save(page, tmp_path)
    shots.take(page, "play-saved")
    assert saved.startswith("epic-cosmos save"), saved

    # the practice: a Parsons problem and a task
    puzzle = practice.practise_parsons(page, shots, key="Space")  # JupyterLab's test presses Enter
    practice.solve_the_task(page, shots)

    # the tab is loaded anew: the site and a fresh Pyodide start again, and the progress comes back from the
    # browser's storage (a kernel restart alone starts Pyodide afresh the same way: JupyterLab's test tries one)
    practice.reload_and_run_all(page)
    practice.came_back_solved(page, puzzle, shots, "after-page-reload")

    check_a_solution_handed_in(page, shots, handed_in(tmp_path))
    assert network == [], f"the site asked for something outside the machine: {network[:5]}"
    assert console == [], f"the browser console shows errors: {console[:5]}"
    assert served.missing == [], f"the site lacks files the page asked for: {served.missing[:5]}"
    # and the tab was sealed all along: what it asks of the outside fails, and is noted
    assert unreachable(page, OUTSIDE) == list(OUTSIDE)
    assert sorted(network) == sorted(OUTSIDE), network
