"""How the browser tests answer a quiz of each kind: every kind-specific selector lives here.

A quiz is a `.cosmos-quiz`; its kind is told by what it holds: radio buttons (multiple choice,
predict the output), line buttons (`.cosmos-lines`: find the bug) or a text field (fill the gap).
Answers are found by trying, as a student would: options one by one until the feedback says
right. Feedback is the quiz's text that starts with "Right" or "Not quite" (or says what is wrong).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Locator

ROOT = Path(__file__).resolve().parents[2]
RIGHT = re.compile(r"^Right\b")
NOT_RIGHT = re.compile(r"^(Not quite|Not this one|Line \d+ is|That does not run|Pick one|Click the line|Type what)")
WRONG_GAP = "no_such_name_in_the_game"
GAP_MARK = "\u00a0?\u00a0"  # how the gap shows in the code


@dataclass
class Attempt:
    """What a quiz said to each answer tried, in order."""

    kind: str
    said: list[tuple[str, str]] = field(default_factory=list)  # (answer, feedback)

    def wrong_then_right(self) -> bool:
        """A wrong answer was told so, and a later one was told it is right."""
        verdicts = [bool(RIGHT.match(text)) for _answer, text in self.said]
        return False in verdicts and True in verdicts[verdicts.index(False):]


def kind_of(quiz: Locator) -> str:
    """choice, lines or gap: what kind of answer the quiz takes."""
    if quiz.locator(".cosmos-lines").count():
        return "lines"
    if quiz.locator("input[type=radio]").count():
        return "choice"
    if quiz.locator("input[type=text]").count():
        return "gap"
    return "unknown"


def feedback(quiz: Locator, before: str) -> str:
    """The feedback line that appears after an answer (waits until the quiz's text changes)."""
    quiz.page.wait_for_function(
        "([el, before]) => el.innerText !== before", arg=[quiz.element_handle(), before], timeout=60_000)
    for line in quiz.inner_text().splitlines():
        if RIGHT.match(line.strip()) or NOT_RIGHT.match(line.strip()):
            return line.strip()
    return ""


def answer(quiz: Locator) -> Attempt:
    """Answer a quiz wrong, then right, trying answers in order; what it said to each."""
    attempt = Attempt(kind_of(quiz))
    for label, give in candidates(quiz, attempt.kind):
        before = quiz.inner_text()
        give()
        attempt.said.append((label, feedback(quiz, before)))
        if attempt.wrong_then_right():
            break
    return attempt


def candidates(quiz: Locator, kind: str):
    """(label, action) pairs: each action gives one answer. Tried twice round, so that a right
    first answer is followed by a wrong one and the right one again."""
    if kind == "choice":
        radios = quiz.locator("input[type=radio]")
        check = quiz.get_by_role("button", name="Check")
        labels = [radios.nth(i).evaluate("r => r.parentElement.innerText") for i in range(radios.count())]
        for i in [*range(len(labels)), *range(len(labels))]:
            yield labels[i], lambda i=i: (radios.nth(i).check(), check.click())
    elif kind == "lines":
        buttons = quiz.locator(".cosmos-lines button")
        for i in [*range(buttons.count()), *range(buttons.count())]:
            yield f"line {i + 1}", lambda i=i: buttons.nth(i).click()
    elif kind == "gap":
        field_ = quiz.locator("input[type=text]")
        check = quiz.get_by_role("button", name="Check")
        for text in [WRONG_GAP, *gap_candidates(quiz.inner_text())]:
            yield text, lambda text=text: (field_.fill(text), check.click())


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
