"""A student writes code in the course's JupyterLab: on a first visit (a new browser profile) lesson 1 opens and nothing
pops up; after lesson 1's own checks, on the same page, its Parsons problem solved by mouse (its lines dragged) and
mended by keyboard, a wrong arrangement's feedback, a hint, a task solved, progress that survives a kernel restart and
a page reload; and the helpers with which test_exercise_in_browser.py steps the student's own function through in an
exercise."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import nbformat
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, WebSocket

from graders.parsons import INDENT, Parsons
from tests.browser import pages
from tests.browser.lab import ROOT, Lab
from tests.browser.pages import Shots
from tests.browser.test_lessons_in_browser import PRACTISED, check_lesson

LESSON = PRACTISED
EXERCISE = "exercises/01-islands/islands.ipynb"
# textContent, not innerText: the rows keep their spaces (white-space: pre) either way, and innerText would make the
# browser lay the whole lesson out again at every look while the widget changes (a look every 50 ms while waiting)
ROWS = ("b => JSON.stringify([...b.querySelectorAll('.cosmos-ptext')]"
        ".map(e => [e.textContent, e.classList.contains('cosmos-unused')]))")
SETTLED = "[...b.querySelectorAll('.cosmos-ptext')].every((e, i) => +e.dataset.position === i)"
COMM_INFO_REPLY = b'"comm_info_reply"'  # in the header of the kernel's reply, on the page's kernel socket
FEEDBACK_MS = pages.KERNEL_S  # a widget's answer comes from the kernel: on a busy machine it may take minutes
# every pop-up (JupyterLab's notifications are toasts) that the page shows, from its first moment, kept in a list
TOAST = ".Toastify__toast"
WATCH_TOASTS = f"""window.cosmosToasts = [];
new MutationObserver(records => records.forEach(record => record.addedNodes.forEach(node => {{
    if (node.nodeType === Node.ELEMENT_NODE)
        window.cosmosToasts.push(...[node, ...node.querySelectorAll('{TOAST}')].filter(e => e.matches('{TOAST}')));
}}))).observe(document, {{childList: true, subtree: true}});"""


def the_puzzle() -> Parsons:
    """Lesson 1's Parsons problem, made here by running its own (hidden) cell."""
    nb = nbformat.read(ROOT / LESSON, as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "= Parsons(" in c.source)
    scope: dict[str, Any] = {}
    exec(compile(cell.source, "<lesson 1>", "exec"), scope)
    return next(v for v in scope.values() if isinstance(v, Parsons))


def rows(box: Locator) -> list[tuple[str, bool]]:
    """The rows as shown: each line's text with its indentation, and whether it is left out."""
    return [tuple(row) for row in json.loads(box.evaluate(ROWS))]


def press(box: Locator, title: str, keyboard: bool) -> None:
    """Press the row button with this tooltip, by mouse or by keyboard, and wait until the rows change."""
    before = box.evaluate(ROWS)
    button = box.get_by_title(title, exact=True)
    if keyboard:
        button.focus()
        box.page.keyboard.press("Enter")
    else:
        button.click()
    changed(box, before)


def changed(box: Locator, before: str) -> None:
    """Wait until the rows differ from before (the kernel answered and the page drew them anew)."""
    box.page.wait_for_function(f"([b, old]) => ({ROWS})(b) !== old", arg=[box.element_handle(), before],
                               timeout=FEEDBACK_MS, polling=50)


def drag(box: Locator, index: int, place: int, steps: int) -> None:
    """Drag a piece's line with the mouse onto the row at place, dropped steps indentations right of where it was
    picked up (left if negative), and wait until the rows change."""
    # the kernel redraws the rows one message each: wait until every row on the page knows its new place
    box.page.wait_for_function(f"b => {SETTLED}", arg=box.element_handle(), timeout=FEEDBACK_MS, polling=50)
    before = box.evaluate(ROWS)
    source = box.locator(f'.cosmos-ptext[data-piece="{index}"]')
    char = source.evaluate("e => { const r = document.createRange(); r.selectNodeContents(e);"
                           " return r.getBoundingClientRect().width / e.textContent.length; }")
    grab = {"x": 12 * char, "y": 4}
    source.drag_to(box.locator(".cosmos-ptext").nth(place), source_position=grab,
                   target_position={"x": grab["x"] + steps * len(INDENT) * char, "y": 4})
    changed(box, before)


def solve(box: Locator, puzzle: Parsons) -> None:
    """Arrange the rows as the real function is, each line dragged into place at its indentation, then leave the
    wrong lines out with their buttons."""
    for place, (index, level, _used) in enumerate(puzzle.solution):
        text = puzzle.pieces[index].text
        if (place, level) != ([shown.strip() for shown, _ in rows(box)].index(text), 0):  # else: in place
            drag(box, index, place, level)
    for piece in puzzle.pieces:
        if not piece.wanted:
            press(box, f"Leave this line out (or use it again): {piece.text}", keyboard=False)
    wanted = [(INDENT * level + puzzle.pieces[i].text, False) for i, level, _ in puzzle.solution]
    assert rows(box)[:len(wanted)] == wanted


def check(box: Locator) -> str:
    """Press Check and read the verdict it gives (a new one)."""
    box.evaluate("b => b.querySelectorAll('.cosmos-feedback .widget-html-content > *').forEach(e => e.dataset.old = 1)")
    box.get_by_role("button", name="Check").click()
    box.page.wait_for_function(
        "b => [...b.querySelectorAll('.cosmos-feedback .widget-html-content > *')].some(e => !e.dataset.old)",
        arg=box.element_handle(), timeout=FEEDBACK_MS, polling=50)
    return box.locator(".cosmos-feedback").inner_text().strip()


def cell_with(page: Page, text: str) -> Locator:
    """The code cell whose source holds text."""
    return page.locator(".jp-CodeCell").filter(has=page.locator(".jp-InputArea", has_text=text)).first


def type_into(page: Page, cell: Locator, code: str) -> None:
    """Replace a cell's code, as a student types it (no auto-indent), and run it."""
    cell.scroll_into_view_if_needed()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(code)
    page.keyboard.press("Control+Enter")
    pages.wait_idle(page)


def run_cell(page: Page, cell: Locator) -> str:
    """Run one cell and return the text of its output."""
    cell.scroll_into_view_if_needed()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function("c => !c.querySelector('.jp-InputPrompt').textContent.includes('*')",
                           arg=cell.element_handle(), timeout=FEEDBACK_MS, polling=50)
    pages.wait_idle(page)
    outputs = cell.locator(".jp-OutputArea-output")
    return outputs.last.inner_text().strip() if outputs.count() else ""


@contextmanager
def widgets_asked_for(page: Page) -> Iterator[None]:
    """The block connects the page to the restarted kernel; after it, wait until the page's widget manager has had
    the kernel's list of its widgets (the comm_info_reply on the new kernel socket).

    The manager asks for that list (comm_info_request) on connecting, and makes a model of each widget the reply
    names: widgets that a run made in the meantime got a second model with their state at that moment (on a busy
    machine two rows of the Parsons problem kept their first indentation after a restart and Run All; the console
    said "widget model not found"). A student who clicks Run All by hand comes long after that reply."""
    replies: list[bytes] = []

    def on_frame(frame: str | bytes) -> None:
        data = frame.encode() if isinstance(frame, str) else frame
        if COMM_INFO_REPLY in data:
            replies.append(data)

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    try:
        yield
        waited = 0
        while not replies:
            assert waited < pages.KERNEL_S, "the page never asked the kernel it connected to for its widgets"
            page.wait_for_timeout(pages.POLL_MS)  # Playwright hands on the socket's frames while it waits
            waited += pages.POLL_MS
        print(f"waited {waited} ms for the widget manager's list of the kernel's widgets")
    finally:
        page.remove_listener("websocket", on_socket)


def restart_then_run_all(page: Page) -> None:
    """Kernel -> Restart Kernel, confirmed; once the server has restarted it and the page's widget manager has the
    new kernel's widgets, Run -> Run All Cells, and wait until every cell ran again. (One command, Restart Kernel
    and Run All, raced the widgets of the restarted kernel on a busy machine, see widgets_asked_for.)"""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Kernel$")).click()
    page.get_by_text("Restart Kernel…", exact=True).click()
    with widgets_asked_for(page):
        with page.expect_response(lambda answer: answer.request.method == "POST" and answer.url.split("?")[0]
                                  .endswith("/restart"), timeout=pages.KERNEL_S) as answer:
            page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept").click()  # "Confirm Kernel Restart"
        assert answer.value.ok, f"the restart failed: {answer.value.status}"
        pages.wait_idle(page)
    # every output on the page is marked old: the run is over when no cell is queued and none is left (each cell
    # that runs clears its own); the prompts alone cannot tell, a restart leaves the old numbers until a cell runs
    page.evaluate("() => document.querySelectorAll('.jp-Notebook .jp-OutputArea-output')"
                  ".forEach(o => o.dataset.old = 1)")
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.get_by_text("Run All Cells", exact=True).click()
    prompts = "[...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')].map(p => p.textContent)"
    old = "document.querySelector('.jp-Notebook .jp-OutputArea-output[data-old]')"
    try:
        page.wait_for_function(f"() => !{old} && !{prompts}.some(t => t.includes('*'))", timeout=pages.KERNEL_S,
                               polling=pages.POLL_MS)
    except PlaywrightError:
        raise AssertionError(f"the run after the restart never ended; the prompts: {page.evaluate(prompts)}") from None
    pages.wait_idle(page)


def kept_progress(lab: Lab) -> dict:
    """The progress file the student's kernel wrote (under the lab's own XDG_DATA_HOME)."""
    files = list(lab.root.parent.rglob("epic-cosmos/progress.json"))
    assert len(files) == 1, files
    return json.loads(files[0].read_text())


def practise_parsons(page: Page, shots: Shots, key: str) -> Parsons:
    """Lesson 1's Parsons problem, run: its hint opened, a row's button pressed with Enter and Start again, solved
    by dragging, made wrong with a button, and mended by tabbing to the button that undoes the wrong step and
    pressing key (Enter or Space); gives back the puzzle."""
    puzzle = the_puzzle()
    box = page.locator(".cosmos-parsons").first
    box.scroll_into_view_if_needed()
    shots.take(page, "parsons-shuffled", box)
    shuffled = rows(box)
    assert [text.strip() for text, _ in shuffled] == [p.text for p in puzzle.pieces]

    # the hint, behind its button
    box.get_by_role("button", name="Hint").click()
    box.locator(".cosmos-hint").filter(has_text="Hint:").wait_for()

    # by keyboard, the first line moved down a row; Start again brings the shuffled lines back
    first, second = (text.strip() for text, _ in shuffled[:2])
    press(box, f"Move down: {first}", keyboard=True)
    assert [text.strip() for text, _ in rows(box)][:2] == [second, first]
    before = box.evaluate(ROWS)
    box.get_by_role("button", name="Start again").click()
    changed(box, before)
    assert rows(box) == shuffled

    # by mouse: every line dragged into place at its indentation, the wrong ones left out with their buttons,
    # then one line indented too far with its button (a wrong arrangement that runs)
    solve(box, puzzle)
    assert check(box).startswith("Right: yours behaves like the game's bfs on all 3 cases")
    shots.take(page, "parsons-solved-by-dragging", box)
    last = puzzle.pieces[puzzle.solution[-1][0]].text
    press(box, f"Indent one step more: {last}", keyboard=False)
    wrong = check(box)
    shots.take(page, "parsons-wrong-arrangement", box)
    assert wrong.startswith("For a chain of four, from 1 yours gives BfsResult(dist=[0, 1, -1, -1]"), wrong
    assert "the game's bfs gives BfsResult(dist=[0, 1, 2, 3]" in wrong

    # by keyboard: Tab from the row's Move down reaches its Indent one step less, and key presses it
    box.get_by_title(f"Move down: {last}", exact=True).focus()
    page.keyboard.press("Tab")
    assert box.evaluate("b => document.activeElement.title") == f"Indent one step less: {last}"
    before = box.evaluate(ROWS)
    page.keyboard.press(key)
    changed(box, before)
    assert check(box).startswith("Right")
    shots.take(page, "parsons-mended-by-keyboard", box)
    return puzzle


def solve_the_task(page: Page, shots: Shots) -> None:
    """Lesson 1's count_lanes task: typed wrong (the check names the failing input), then right."""
    starter = cell_with(page, "def count_lanes(systems):")
    judged = cell_with(page, "lanes_task.judge(count_lanes)")
    type_into(page, starter, "def count_lanes(systems):\n    return sum(len(s.links) for s in systems)\n")
    said = run_cell(page, judged)
    assert said.startswith("For a chain of four yours gives 6, the expected count_lanes gives 3."), said
    type_into(page, starter, "def count_lanes(systems):\n    return sum(len(s.links) for s in systems) // 2\n")
    said = run_cell(page, judged)
    shots.take(page, "task-solved", judged)
    assert said.startswith("Right: yours behaves like the expected count_lanes on all 3 cases"), said


def came_back_solved(page: Page, puzzle: Parsons, shots: Shots, when: str) -> None:
    """After a restart or a reload and a new run: the Parsons shows the solved arrangement, its verdict, its hint,
    and the overview counts the parts done."""
    box = page.locator(".cosmos-parsons").first
    box.scroll_into_view_if_needed()
    shots.take(page, when, box)
    assert box.locator(".cosmos-feedback").inner_text().startswith("Right")
    assert "Hint:" in box.locator(".cosmos-hint").inner_text()
    wanted = [(INDENT * level + puzzle.pieces[i].text, False) for i, level, _ in puzzle.solution]
    assert rows(box)[:len(wanted)] == wanted
    overview = page.locator(".cosmos-progress").first.inner_text()
    assert re.search(r"Your progress in this lesson: [2-9] of \d+ parts done right", overview), overview


def toasts_seen(page: Page) -> list[str]:
    """The text of every pop-up the page has shown since it was loaded (WATCH_TOASTS watches from before its first
    element)."""
    return page.evaluate("() => window.cosmosToasts.map(e => e.textContent)")


def reload_and_run_all(page: Page) -> None:
    """Load the page anew (what was typed is gone with it) and run the notebook again."""
    page.on("dialog", lambda dialog: dialog.accept())
    page.reload()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=pages.KERNEL_S)
    pages.wait_idle(page)
    pages.run_all(page)


def test_lesson_one_and_its_practice_in_jupyterlab(lab: Lab, page: Page, console: list[str], shots: Shots):
    # a first visit, in a new profile: what every lesson's test does (test_lessons_in_browser.py): opened, saved,
    # run, saved, widgets used; and in all that time nothing popped up (no news prompt, no update check)
    page.add_init_script(script=WATCH_TOASTS)
    problems = check_lesson(page, lab, ROOT / LESSON, console, shots)
    assert problems == [], f"{LESSON} in JupyterLab (screenshots in {shots.folder}):\n" + "\n".join(problems)
    assert toasts_seen(page) == []
    saved_lesson = (lab.root / LESSON).read_bytes()
    # Run All judged no task: the starters, untouched, are not tried yet
    parts = kept_progress(lab)["lessons"]["01-galaxy-from-a-seed"]["parts"].values()
    assert [p["title"] for p in parts if p.get("kind") == "task" and p.get("correct") is not None] == []

    # then, on the page as it is, its practice
    puzzle = practise_parsons(page, shots, key="Enter")
    solve_the_task(page, shots)

    saved = kept_progress(lab)["lessons"]["01-galaxy-from-a-seed"]["parts"]
    by_title = {part["title"]: part for part in saved.values()}
    assert by_title["Put the lines of bfs in order"]["correct"] is True
    assert by_title["Put the lines of bfs in order"]["hints"] == 1
    assert by_title["write count_lanes"]["correct"] is True

    # the kernel restarts: the arrangement, its verdict and the hint come back; the overview counts them
    restart_then_run_all(page)
    came_back_solved(page, puzzle, shots, "after-kernel-restart")
    # the page is loaded anew and run again: the Parsons comes back solved
    reload_and_run_all(page)
    came_back_solved(page, puzzle, shots, "after-page-reload")
    assert toasts_seen(page) == []
    # progress never touches the notebook: the file on disk is the one the lesson's last save wrote
    assert (lab.root / LESSON).read_bytes() == saved_lesson
    assert console == [], console[:5]


def step_the_starter(page: Page, shots: Shots) -> None:
    """In the exercise on screen: the starter stepped (it raises), then the student's endless loop stepped."""
    run_cell(page, cell_with(page, "def islands(n, lanes):"))  # the starter as it is: Run All would stop at its
    stepped = cell_with(page, "step_through(islands,")  # example call, which raises NotImplementedError
    run_cell(page, stepped)
    stepper = stepped.locator(".cosmos-stepper")
    stepper.scroll_into_view_if_needed()
    shots.take(page, "starter-stepped", stepper)
    assert stepper.locator(".cosmos-position").inner_text() == "step 1 of 3"
    assert "runs next" in stepper.locator(".cosmos-caption:visible").inner_text()
    stepper.get_by_role("button", name=re.compile(r"\bForward$")).click()
    page.wait_for_function("s => s.querySelector('.cosmos-position').innerText === 'step 2 of 3'",
                           arg=stepper.element_handle(), timeout=FEEDBACK_MS)
    caption = stepper.locator(".cosmos-caption:visible").inner_text()
    assert "raises NotImplementedError: write islands(n, lanes)" in caption, caption
    step_an_endless_loop(page, shots)


def step_an_endless_loop(page: Page, shots: Shots) -> None:
    """In the exercise on screen: the student's islands, a loop that never ends, stepped through: stopped after 400
    steps, and called what it is."""
    stepped = cell_with(page, "step_through(islands,")
    type_into(page, cell_with(page, "def islands(n, lanes):"),
              "def islands(n, lanes):\n    count = 0\n    while n > 0:\n        count += 1\n    return count\n")
    run_cell(page, stepped)
    stepper = stepped.locator(".cosmos-stepper")
    assert stepper.locator(".cosmos-position").inner_text() == "step 1 of 400"
    stepper.locator(".noUi-handle").first.focus()
    page.keyboard.press("End")
    page.wait_for_function("s => s.querySelector('.cosmos-position').innerText === 'step 400 of 400'",
                           arg=stepper.element_handle(), timeout=FEEDBACK_MS)
    shots.take(page, "endless-loop-stepped", stepper)
    caption = stepper.locator(".cosmos-caption:visible").inner_text()
    assert "stopped here, after 400 steps" in caption, caption
    assert "count" in stepper.locator(".cosmos-locals:visible").inner_text()
