"""Lesson 1 in the JupyterLite site, with no network but loopback: run in the browser's own Python, then used."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
from playwright.sync_api import Page

from lite.build import DATA_HOME
from tests.browser import pages
from tests.browser.lab import ROOT
from tests.browser.pages import Shots
from tests.browser.test_lessons_in_browser import check_play, check_quizzes, check_ran, stepper_state, wait_for_step
from tests.lite.lite_pages import open_in_lite
from tests.lite.site import Served

LESSON = "lessons/01-galaxy-from-a-seed.ipynb"


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


def test_lesson_one_runs_and_its_widgets_work_in_the_browser(served: Served, page: Page, console: list[str],
                                                              network: list[str], shots: Shots, tmp_path: Path):
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
    saved = check_save(page, tmp_path)
    shots.take(page, "play-saved")
    assert saved.startswith("epic-cosmos save"), saved
    assert network == [], f"the site asked for something outside the machine: {network[:5]}"
    assert console == [], f"the browser console shows errors: {console[:5]}"
    assert served.missing == [], f"the site lacks files the page asked for: {served.missing[:5]}"


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
