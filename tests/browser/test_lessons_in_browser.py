"""Every lesson in a real JupyterLab, as a student meets them one after another in one tab: finished when opened,
then run and used."""
from __future__ import annotations

import difflib
import html
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
# lesson 1 is checked the same way by test_practice_in_browser.py, which then works through its practice on the page
PRACTISED = "lessons/01-galaxy-from-a-seed.ipynb"


@pytest.fixture
def page(shared_page: Page) -> Page:
    """The worker's one JupyterLab tab, which these tests take in turn (tests/browser/conftest.py's SharedTab)."""
    return shared_page


def expected_after_save(stored: str) -> str:
    """What JupyterLab saves for a stored notebook: the same bytes (its kernel's language_info, which
    names the Python version, is the only thing another machine's course would write differently)."""
    return nbfile.jupyterlab_text(nbfile.with_kernel_metadata(nbformat.reads(stored, as_version=4)))


def changed(saved: Path, stored: str, what: str) -> list[str]:
    """What a save in JupyterLab changed in the stored notebook (nothing, if it is kept in JupyterLab's
    format): the first lines that differ."""
    expected, text = expected_after_save(stored), saved.read_text(encoding="utf-8")
    if text == expected:
        return []
    diff = [line[0] + line[1:].strip()[:80] for line in difflib.unified_diff(expected.splitlines(),
            text.splitlines(), n=0) if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    return [f"{what}: {' | '.join(diff[:4])}"]


def stored_as_jupyterlab_saves(stored: str) -> bool:
    """The stored notebook is byte for byte what JupyterLab saves (unless this machine's Python differs from
    the one named in its language_info, the only thing another machine's course writes differently)."""
    same_python = nbformat.reads(stored, as_version=4).metadata.language_info.get("version") == \
        nbfile.kernel_language_info()["version"]
    return expected_after_save(stored) == stored or not same_python


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
        problems.extend(f"{where}: {stand_in}" for stand_in in unrendered_html(cell, seen))
    return problems


def unrendered_html(cell: nbformat.NotebookNode, seen: dict) -> list[str]:
    """Stored HTML (a widget's static fallback, a picture) that the page shows as its plain-text stand-in
    ("StepPlayer: 45 frames ...") or not at all: what is wrong with a readable fallback."""
    wrong = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if "text/html" not in data:
            continue
        plain = "".join(data.get("text/plain", "")).strip()
        words = html.unescape(re.sub(r"<[^>]+>", " ", "".join(data["text/html"])))
        if plain and " ".join(plain.split()) not in " ".join(words.split()) and plain in seen["text"]:
            wrong.append(f"shows {plain[:60]!r} instead of its HTML")
        if not seen["text"].strip() and not seen["shown"]:
            wrong.append("shows nothing of its stored HTML")
    return wrong


def check_ran(page: Page, nb: nbformat.NotebookNode, name: str, console: list[str]) -> None:
    """After Run All: no cell error or warning, no widget error, nothing on the browser console."""
    for number, seen in enumerate(pages.cell_outputs(page), start=1):
        assert seen["stderr"] == "", f"{name}, cell {number} wrote an error: {seen['stderr'][:1500]}"
        for error in pages.WIDGET_ERRORS:
            assert error not in seen["text"], f"{name}, cell {number} says {error!r}"
    assert console == [], f"the browser console shows errors: {console[:5]}"


# the see-it on screen: the first stepper that shows, what its position reads, its visible frame and counters
STEPPER_STATE = """() => {
    const stepper = [...document.querySelectorAll('.cosmos-stepper')].find(s => s.offsetParent !== null);
    if (!stepper) return null;
    const frame = [...stepper.querySelectorAll('.cosmos-frame')].find(f => f.offsetParent !== null);
    return {position: stepper.querySelector('.cosmos-position')?.innerText || '',
            frame: frame ? frame.outerHTML : '',
            counters: frame?.querySelector('.cosmos-counters')?.innerText || ''};
}"""
POSITION = re.compile(r"^step (\d+) of (\d+)$")


def stepper_state(page: Page) -> dict:
    """Where the visible see-it is: its position ("step 3 of 45"), its frame's HTML and its counters."""
    return page.evaluate(STEPPER_STATE)


def wait_for_step(page: Page, step: int) -> dict:
    """Wait until the visible see-it's position reads this step, and return its state."""
    page.wait_for_function(f"() => [...document.querySelectorAll('.cosmos-stepper .cosmos-position')]"
                           f".some(p => p.offsetParent !== null && p.innerText.startsWith('step {step} of'))",
                           timeout=pages.KERNEL_S, polling=50)
    return stepper_state(page)


def check_stepper(page: Page, shots: Shots) -> None:
    """The see-it steps forward and back by mouse and keyboard, and plays; its frame and counters change with it."""
    first = stepper_state(page)
    assert first is not None, "no visible see-it (.cosmos-stepper) after Run All"
    stepper = page.locator(".cosmos-stepper").filter(has=page.locator(".cosmos-position:visible")).first
    stepper.scroll_into_view_if_needed()
    assert POSITION.match(first["position"]) and first["position"].startswith("step 1 of"), first["position"]
    total = int(POSITION.match(first["position"]).group(2))
    assert total >= 5, f"a see-it of {total} steps"
    assert first["counters"], "the see-it's frame shows no counters (.cosmos-counters)"
    button = {name: stepper.get_by_role("button", name=re.compile(rf"\b{pattern}$")) for name, pattern in
              (("Play / Pause", r"Play \/ Pause"), ("Stop", "Stop"), ("Back", "Back"), ("Forward", "Forward"))}
    for name in ("Back", "Forward"):
        assert button[name].get_attribute("title"), f"the see-it's {name} button has no tooltip"
    assert stepper.locator(".widget-play").get_attribute("title"), "the see-it's Play / Pause and Stop have no tooltip"
    shots.take(page, "see-it-first-frame", stepper)
    button["Forward"].click()
    wait_for_step(page, 2)
    button["Forward"].focus()
    page.keyboard.press("Enter")  # a focused button takes Enter and Space, as the hint under the buttons says
    wait_for_step(page, 3)
    page.keyboard.press("Space")
    later = wait_for_step(page, 4)
    shots.take(page, "see-it-three-steps-on", stepper)
    assert later["frame"] != first["frame"], "three steps on, the see-it shows the same frame"
    assert later["counters"] != first["counters"], "three steps on, the see-it's counters are the same"
    button["Back"].click()
    wait_for_step(page, 3)
    stepper.locator(".noUi-handle").first.focus()  # the slider: the arrow keys step, End jumps to the last step
    page.keyboard.press("ArrowLeft")
    assert wait_for_step(page, 2)["frame"] not in (later["frame"], first["frame"])
    page.keyboard.press("End")
    last = wait_for_step(page, total)
    shots.take(page, "see-it-last-frame", stepper)
    assert last["frame"] != first["frame"]
    button["Stop"].click()  # back to the start; Play then steps on by itself
    wait_for_step(page, 1)
    button["Play / Pause"].click()
    wait_for_step(page, 2)
    button["Stop"].click()
    assert wait_for_step(page, 1)["frame"] == first["frame"]


def check_quizzes(page: Page, shots: Shots) -> list[str]:
    """One quiz of each kind answered wrong, then right, with the feedback on screen; the kinds met."""
    boxes = page.locator(".cosmos-quiz")
    assert boxes.count() > 0, "no quiz (.cosmos-quiz) after Run All"
    first_of_kind: dict[str, int] = {}
    for index in range(boxes.count()):
        first_of_kind.setdefault(quizzes.kind_of(boxes.nth(index)), index)
    assert "unknown" not in first_of_kind, "a quiz of a kind the browser tests cannot answer"
    for practice in ("parsons", "task"):  # arranged or typed into a cell: test_practice_in_browser.py tries them
        first_of_kind.pop(practice, None)
    for kind, index in first_of_kind.items():
        quiz = boxes.nth(index)
        quiz.scroll_into_view_if_needed()
        attempt = quizzes.answer(quiz)
        shots.take(page, f"quiz-{kind}-answered", quiz)
        said = [(s.answer, s.text) for s in attempt.said]
        assert attempt.wrong_then_right(), f"the {kind} quiz never said wrong and then right: {said}"
        assert all(s.text for s in attempt.said), f"the {kind} quiz gave no feedback: {said}"
        if kind == "lines":  # find the bug: the verdict shows right under the line clicked
            misplaced = [(s.answer, s.under_line) for s in attempt.said if s.answer != f"line {s.under_line}"]
            assert misplaced == [], f"the find-the-bug feedback is not under the line clicked: {misplaced}"
        last = quiz.locator(".cosmos-feedback").filter(has_text=attempt.said[-1].text)
        assert attempt.said[-1].right and last.is_visible(), f"the {kind} quiz's last verdict (right) is not on screen"
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
                           arg=[play.element_handle(), before], timeout=pages.KERNEL_S, polling=50)
    shots.take(page, "play-map", play)
    assert screen.inner_text().rstrip() == Session(seed=seed).send("map").rstrip()


def check_lesson(page: Page, lab: Lab, path: Path, console: list[str], shots: Shots) -> list[str]:
    """The lesson opened in JupyterLab, saved, run from the top, saved again, and its quizzes, Play and see-it used:
    every problem found (none stops the others from being looked for)."""
    stored = path.read_text(encoding="utf-8")
    nb = nbformat.reads(stored, as_version=4)
    relative = path.relative_to(ROOT).as_posix()
    copy = lab.root / relative

    pages.open_notebook(page, lab.url, lab.token, relative)
    shots.take(page, "opened")
    problems = [f"not finished when opened: {problem}" for problem in problems_when_opened(page, nb, path.name)]
    if not stored_as_jupyterlab_saves(stored):
        problems.append("the stored notebook is not in the format JupyterLab saves (lessons.regenerate stores it so)")
    pages.save(page)
    problems += changed(copy, stored, "open and save changed the file")

    pages.run_all(page)
    shots.take(page, "ran")
    check_ran(page, nb, path.name, console)
    pages.save(page)
    # a student who runs the lesson from the top and saves it leaves git clean: the same bytes
    problems += changed(copy, stored, "run from the top and saved in the course's JupyterLab, it differs from the "
                                      "stored one")
    for check in (check_quizzes, check_play, check_stepper):  # each is tried, and all that fail are told
        if check is check_play and not page.locator(".cosmos-play").count():
            continue
        try:
            check(page, shots)
        except (AssertionError, PlaywrightError) as error:
            problems.append(f"{check.__name__}: {error}".splitlines()[0])
            shots.take(page, f"failed-{check.__name__}")
    return problems


@pytest.mark.parametrize("path", [path for path in LESSONS if path.relative_to(ROOT).as_posix() != PRACTISED],
                         ids=lambda p: p.stem)
def test_lesson_in_jupyterlab(path: Path, lab: Lab, page: Page, console: list[str], shots: Shots):
    problems = check_lesson(page, lab, path, console, shots)
    assert console == [], f"the browser console shows errors: {console[:5]}"
    assert problems == [], f"{path.name} in JupyterLab (screenshots in {shots.folder}):\n" + "\n".join(problems)
