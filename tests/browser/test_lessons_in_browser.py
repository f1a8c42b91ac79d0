"""Every lesson in a real JupyterLab, as a new student meets it: finished when opened, then run and used."""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from lessons import nbfile
from tests.browser import pages, quizzes
from tests.browser.lab import ROOT, Lab
from tests.browser.pages import Shots

LESSONS = sorted((ROOT / "lessons").glob("*.ipynb"))  # a new lesson is picked up by its file


def expected_after_save(stored: str) -> str:
    """What JupyterLab saves for a stored notebook: the same bytes (its kernel's language_info, which
    names the Python version, is the only thing another machine's course would write differently)."""
    return nbfile.jupyterlab_text(nbfile.with_kernel_metadata(nbformat.reads(stored, as_version=4)))


def problems_when_opened(page: Page, nb: nbformat.NotebookNode, name: str) -> list[str]:
    """Before anything runs: every stored picture shows, no stripped SVG, no widget error (what fails)."""
    shown = pages.cell_outputs(page)
    assert len(shown) == len(nb.cells), "the page shows another number of cells than the notebook has"
    problems = []
    for number, (cell, seen) in enumerate(zip(nb.cells, shown, strict=True), start=1):
        where = f"{name}, cell {number} ({cell.get('id')})"
        pictures = pages.stored_pictures(cell.get("outputs", []))
        if seen["broken"]:
            problems.append(f"{where}: {seen['broken']} picture(s) do not load")
        if seen["shown"] < pictures:
            problems.append(f"{where}: {pictures} stored picture(s), {seen['shown']} shown")
        digits = pages.DIGIT_RUN.findall(seen["text"])
        if digits:
            problems.append(f"{where}: a stripped SVG shows as digits {digits[:2]}")
        problems.extend(f"{where} says {error!r}" for error in pages.WIDGET_ERRORS if error in seen["text"])
    return problems


def check_ran(page: Page, nb: nbformat.NotebookNode, name: str, console: list[str]) -> None:
    """After Run All: no cell error or warning, no widget error, nothing on the browser console."""
    for number, seen in enumerate(pages.cell_outputs(page), start=1):
        assert seen["stderr"] == "", f"{name}, cell {number} wrote an error: {seen['stderr'][:1500]}"
        for error in pages.WIDGET_ERRORS:
            assert error not in seen["text"], f"{name}, cell {number} says {error!r}"
    assert console == [], f"the browser console shows errors: {console[:5]}"


def check_stepper(page: Page, shots: Shots) -> None:
    """The first see-it steps forward and back, and its counters change with it."""
    assert page.locator(".cosmos-stepper").count(), "no see-it (.cosmos-stepper) after Run All"
    stepper = page.locator(".cosmos-stepper").first
    stepper.scroll_into_view_if_needed()
    counters = ".cosmos-stepper .cosmos-counters"
    first = pages.visible_text(page, counters)
    assert first, "the see-it shows no counters (.cosmos-counters)"
    shots.take(page, "see-it-first-frame")
    for _ in range(3):
        stepper.get_by_role("button", name=re.compile("step forward")).click()
    page.wait_for_function("([sel, old]) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent)"
                           ".map(e => e.innerText).join('\\n') !== old", arg=[counters, first], timeout=pages.KERNEL_S)
    later = pages.visible_text(page, counters)
    shots.take(page, "see-it-three-steps-on")
    stepper.get_by_role("button", name=re.compile("step back")).click()
    page.wait_for_function("([sel, old]) => [...document.querySelectorAll(sel)].filter(e => e.offsetParent)"
                           ".map(e => e.innerText).join('\\n') !== old", arg=[counters, later], timeout=pages.KERNEL_S)
    shots.take(page, "see-it-one-step-back")
    assert later != first


def check_quizzes(page: Page, shots: Shots) -> list[str]:
    """One quiz of each kind answered wrong, then right, with the feedback on screen; the kinds met."""
    boxes = page.locator(".cosmos-quiz")
    assert boxes.count() > 0, "no quiz (.cosmos-quiz) after Run All"
    first_of_kind: dict[str, int] = {}
    for index in range(boxes.count()):
        first_of_kind.setdefault(quizzes.kind_of(boxes.nth(index)), index)
    assert "unknown" not in first_of_kind, "a quiz of a kind the browser tests cannot answer"
    for kind, index in first_of_kind.items():
        quiz = boxes.nth(index)
        quiz.scroll_into_view_if_needed()
        attempt = quizzes.answer(quiz)
        shots.take(page, f"quiz-{kind}-answered")
        assert attempt.wrong_then_right(), f"the {kind} quiz never said wrong and then right: {attempt.said}"
        assert all(text for _answer, text in attempt.said), f"the {kind} quiz gave no feedback: {attempt.said}"
        assert quizzes.RIGHT.match(attempt.said[-1][1])
        assert quiz.get_by_text(attempt.said[-1][1]).first.is_visible()
    return sorted(first_of_kind)


def check_play(page: Page, shots: Shots) -> None:
    """The Play widget answers `map` with the game's own map screen."""
    from cosmos.ui.session import Session

    play = page.locator(".cosmos-play").first
    play.scroll_into_view_if_needed()
    seed = int(re.search(r"seed (\d+)", play.inner_text()).group(1))
    screen = play.locator(".cosmos-screen")
    before = screen.inner_text()
    play.locator("input[type=text]").fill("map")
    play.locator("input[type=text]").press("Enter")
    # the screen's <pre> is drawn anew on every change: ask the widget (which stays) for it each time
    page.wait_for_function("([el, old]) => el.querySelector('.cosmos-screen')?.innerText !== old",
                           arg=[play.element_handle(), before], timeout=pages.KERNEL_S)
    shots.take(page, "play-map")
    assert screen.inner_text().rstrip() == Session(seed=seed).send("map").rstrip()


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_lesson_in_jupyterlab(path: Path, lab: Lab, page: Page, console: list[str], shots: Shots):
    stored = path.read_text(encoding="utf-8")
    nb = nbformat.reads(stored, as_version=4)
    relative = path.relative_to(ROOT).as_posix()
    copy = lab.root / relative

    pages.open_notebook(page, lab.url, lab.token, relative)
    shots.take(page, "opened")
    opened = problems_when_opened(page, nb, path.name)  # asserted at the end, so one run tells everything
    pages.save(page)
    assert copy.read_text(encoding="utf-8") == expected_after_save(stored), "open and save changed the file"
    assert expected_after_save(stored) == stored or nb.metadata.language_info.get("version") != \
        nbfile.kernel_language_info()["version"]

    pages.run_all(page)
    shots.take(page, "ran")
    check_ran(page, nb, path.name, console)
    pages.save(page)
    # a student who runs the lesson from the top and saves it leaves git clean: the same bytes
    assert copy.read_text(encoding="utf-8") == expected_after_save(stored), \
        "a lesson run from the top and saved in the course's JupyterLab differs from the stored one"

    problems = [f"not finished when opened: {problem}" for problem in opened]
    for check in (check_quizzes, check_play, check_stepper):  # each is tried, and all that fail are told
        if check is check_play and not page.locator(".cosmos-play").count():
            continue
        try:
            check(page, shots)
        except (AssertionError, PlaywrightError) as error:
            problems.append(f"{check.__name__}: {error}".splitlines()[0])
            shots.take(page, f"failed-{check.__name__}")
    assert console == [], f"the browser console shows errors: {console[:5]}"
    assert problems == [], f"{path.name} in JupyterLab (screenshots in {shots.folder}):\n" + "\n".join(problems)
