"""How the browser tests answer a quiz of each kind: every kind-specific selector lives here.

A quiz is a `.cosmos-quiz`; its kind is told by what it holds: radio buttons (multiple choice,
predict the output), line buttons (`.cosmos-lines`: find the bug) or a text field (fill the gap).
Its verdict shows in its `.cosmos-feedback` (for find the bug: in the `.cosmos-line-note` right
under the line clicked). Answers are found by trying, as a student would: options one by one
until one is told wrong and one right (a find-the-bug's lines in the order of a student who compares them with the
game's own code: one that is in it first, then those that are not).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from playwright.sync_api import Locator
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
RIGHT = re.compile(r"^Right\b")
WRONG_GAP = "no_such_name_in_the_game"
GAP_MARK = "\u00a0?\u00a0"  # how the gap shows in the code
FEEDBACK_MS = 180_000  # a verdict comes back from the kernel within this
POLL_MS = 50  # ms between two looks at the quiz while waiting for its verdict
# the verdict given to the last answer: a feedback text that the page drew after the answer (older ones are marked)
NEW_VERDICT = """q => [...q.querySelectorAll('.cosmos-feedback .widget-html-content > *')]
                    .find(e => !e.dataset.judged && e.innerText.trim()) || null"""
MARK_OLD = "q => q.querySelectorAll('.cosmos-feedback .widget-html-content > *').forEach(e => e.dataset.judged = 1)"
# where the verdict of a find-the-bug shows: which line's button is just above it (0 = none)
NOTE_UNDER = """q => { const note = q.querySelector('.cosmos-lines > .cosmos-line-note');
                      const lines = [...q.querySelectorAll('.cosmos-lines > .cosmos-line')];
                      return note ? lines.indexOf(note.previousElementSibling) + 1 : 0; }"""


@dataclass
class Said:
    """One answer given and what the quiz said to it."""

    answer: str
    text: str
    under_line: int | None = None  # find the bug: the line whose button is just above the feedback

    @property
    def right(self) -> bool:
        """The quiz said this answer is right."""
        return bool(RIGHT.match(self.text))


@dataclass
class Attempt:
    """What a quiz said to each answer tried, in order."""

    kind: str
    said: list[Said] = field(default_factory=list)

    def wrong_then_right(self) -> bool:
        """A wrong answer was told so, and a later one was told it is right."""
        verdicts = [said.right for said in self.said]
        return False in verdicts and True in verdicts[verdicts.index(False):]


def kind_of(quiz: Locator) -> str:
    """choice, lines, gap, parsons or task: what kind of answer the quiz takes (the last two are tried by
    tests/browser/test_practice_in_browser.py, where the answer is arranged or typed into a cell)."""
    if quiz.locator(".cosmos-plines").count():
        return "parsons"
    if quiz.evaluate("q => q.classList.contains('cosmos-task')"):
        return "task"
    if quiz.locator(".cosmos-lines").count():
        return "lines"
    if quiz.locator("input[type=radio]").count():
        return "choice"
    if quiz.locator("input[type=text]").count():
        return "gap"
    return "unknown"


def give(quiz: Locator, label: str, action: Callable[[], object], kind: str, line: int | None = None) -> Said:
    """Give one answer and read the verdict it gets (a new one, even if it reads as the last did); for a line
    clicked, wait until the feedback has moved under it (and say where it is if it never does)."""
    quiz.evaluate(MARK_OLD)
    action()
    settled = f"q => ({NEW_VERDICT})(q) && (!{line or 0} || ({NOTE_UNDER})(q) === {line or 0})"
    try:
        quiz.page.wait_for_function(f"({settled})", arg=quiz.element_handle(), timeout=FEEDBACK_MS,
                                    polling=POLL_MS)
    except PlaywrightTimeout:
        if not quiz.evaluate(NEW_VERDICT):
            raise AssertionError(f"the quiz gave no verdict to {label} within {FEEDBACK_MS} ms") from None
    text = quiz.evaluate(f"q => ({NEW_VERDICT})(q).innerText").strip()
    return Said(label, text, quiz.evaluate(NOTE_UNDER) if kind == "lines" else None)


def answer(quiz: Locator) -> Attempt:
    """Answer a quiz until it said wrong to one answer and right to a later one; what it said to each."""
    attempt = Attempt(kind_of(quiz))
    right_one = None
    for label, action in candidates(quiz, attempt.kind):
        line = int(label.split()[1]) if attempt.kind == "lines" else None
        attempt.said.append(give(quiz, label, action, attempt.kind, line))
        if attempt.said[-1].right:
            right_one = right_one or (label, action, attempt.kind, line)
        if attempt.wrong_then_right():
            break
        if right_one and not attempt.said[-1].right:  # right came first, then a wrong one: give the right one again
            attempt.said.append(give(quiz, *right_one))
            break
    return attempt


def candidates(quiz: Locator, kind: str) -> Iterator[tuple[str, Callable[[], object]]]:
    """(label, action) pairs: each action gives one answer, in the order the quiz shows them."""
    if kind == "choice":
        radios = quiz.locator("input[type=radio]")
        check = quiz.get_by_role("button", name="Check")
        for i in range(radios.count()):
            label = radios.nth(i).evaluate("r => r.parentElement.innerText")
            yield label, lambda i=i: (radios.nth(i).check(), check.click())  # at once: Check carries the pick
    elif kind == "lines":
        buttons = quiz.locator(".cosmos-lines > .cosmos-line")
        shown = buttons.evaluate_all("lines => lines.map(line => line.textContent)")
        for i in suspects_last_but_one(shown):
            yield f"line {i + 1}", lambda i=i: buttons.nth(i).click()  # the label names the line (see answer)
    elif kind == "gap":
        field_ = quiz.locator("input[type=text]")
        check = quiz.get_by_role("button", name="Check")
        for text in [WRONG_GAP, *gap_candidates(quiz.inner_text())]:
            yield text, lambda text=text: (field_.fill(text), check.click())  # at once: Check carries the text


@cache
def engine_lines() -> frozenset[str]:
    """Every line of the game's and the puzzle's code, stripped (read once per process)."""
    return frozenset(line.strip() for package in ("cosmos", "tents") for source in (ROOT / package).rglob("*.py")
                     for line in source.read_text(encoding="utf-8").splitlines())


def suspects_last_but_one(shown: list[str]) -> list[int]:
    """The order in which to click a find-the-bug's numbered lines, as a student who reads the game's code would:
    first one line that is in the engine as shown (a wrong answer), then the lines that are not (the changed one
    among them), then the rest."""
    engine = engine_lines()
    code = [re.sub(r"^\s*\d+  ", "", text).strip() for text in shown]
    known = [i for i, line in enumerate(code) if line in engine]
    suspects = [i for i, line in enumerate(code) if line not in engine]
    return known[:1] + suspects + known[1:]


def gap_candidates(shown: str) -> list[str]:
    """What could fill the gap: the text at the gap's place in every engine line that fits around it."""
    line = next((line for line in shown.splitlines() if GAP_MARK in line), "")
    if not line:
        return []
    before, after = (re.escape(part.strip()) for part in line.split(GAP_MARK, 1))
    pattern = re.compile(rf"^\s*{before}\s*(.+?)\s*{after}\s*$")
    found: list[str] = []
    for source in sorted((ROOT / "cosmos").rglob("*.py")):
        for code in source.read_text(encoding="utf-8").splitlines():
            match = pattern.match(code)
            if match and match.group(1) not in found:
                found.append(match.group(1))
    return found
