"""Judge the sandbox's plain answers against the expected ones, outside, and write the results."""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum

from graders.exercise import Check, Compare, Contract, Exercise
from graders.values import (
    BadAnswer,
    decode,
    same,
    same_lines,
    show,
    type_problem,
)

MAX_ANSWER_CHARS = 2_000_000


class Outcome(Enum):
    """How a whole submission ended."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    TIMEOUT = "timeout"
    DIED = "kernel died"


@dataclass(frozen=True)
class Verdict:
    """One check's result, with the text the student reads."""

    passed: bool
    text: str
    ended: Outcome | None = None  # TIMEOUT or DIED when the check itself ran out or crashed
    reason: str = "error"  # one of HIDDEN_TEXT's keys (or "passed"): all a hidden check's verdict may say


UNREADABLE = "the check could not run: the kernel sent something unreadable (out of memory?)"
TIMED_OUT = Verdict(
    False, "timeout: the check did not finish in time (an endless loop?)", Outcome.TIMEOUT, "timeout"
)
DIED = "the kernel died (os._exit, a crash, or a resource limit)"
# What a student reads of a failed hidden check: one of these few texts, filled in with the check's own public
# contract only. Nothing the submission chooses (an exception's type or message, a type's name, what it
# printed, a malformed answer) reaches it, so resubmitting cannot read a hidden input through the verdicts.
HIDDEN_TEXT = {
    "wrong answer": "wrong answer",
    "wrong type": "wrong type: the answer must be {returns}",
    "error": "error: the call raised an exception, or its answer could not be read",
    "timeout": TIMED_OUT.text,
    "kernel died": DIED,
    "not defined": "`{name}` is not defined in the notebook as a function",
}


def hidden_view(check: Check, contract: Contract, verdict: Verdict) -> Verdict:
    """What a hidden check's verdict shows: its reason's fixed text (the run's ending kept for the outcome)."""
    if verdict.passed:
        return Verdict(True, "passed", reason="passed")
    reason = verdict.reason if verdict.reason in HIDDEN_TEXT else "error"
    text = HIDDEN_TEXT[reason].format(returns=contract.returns, name=check.call)
    return Verdict(False, text, verdict.ended, reason)


def untrusted(text: object, cap: int) -> str:
    """Text that came from the sandbox, fit to show: a string only, cut to cap, one line, nothing invisible.

    Control characters (newlines and ANSI escapes among them) and bidirectional overrides are
    written as escapes, so a submission cannot draw a line of the grader's own report.
    """
    if type(text) is not str:
        return ""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text[:cap])


def printable(text: str) -> str:
    """A report's text with every invisible character but the newline escaped (the last line of defence)."""
    return "\n".join(untrusted(line, len(line)) for line in text.split("\n"))


def judge(check: Check, contract: Contract, event: dict) -> Verdict:
    """Verdict for one check from the runner's event for it (never trusting its content); a hidden check's
    verdict is one of a few fixed texts."""
    verdict = judge_event(check, contract, event)
    return hidden_view(check, contract, verdict) if check.hidden else verdict


def judge_event(check: Check, contract: Contract, event: dict) -> Verdict:
    """The full verdict for one check from the runner's event for it."""
    status = event.get("status")
    if status == "timeout":
        return TIMED_OUT
    if status == "died":
        return Verdict(False, DIED, Outcome.DIED, "kernel died")
    if status == "broken":
        return Verdict(False, UNREADABLE, Outcome.ERROR)
    if status == "error":
        return Verdict(False, f"the check could not run in the notebook's kernel ({untrusted(event.get('ename'), 80)})")
    if status != "answer" or not isinstance(event.get("answer"), str):
        return Verdict(False, "no answer came back from the notebook")
    try:
        if len(event["answer"]) > MAX_ANSWER_CHARS:
            raise BadAnswer("too large")
        result = json.loads(event["answer"])
    except (ValueError, RecursionError, BadAnswer):
        return Verdict(False, "the answer could not be read")
    return judge_result(check, contract, result)


def judge_result(check: Check, contract: Contract, result: object) -> Verdict:
    """Verdict from the probe's result dict ({"status": "ok", "value": tagged} or why not)."""
    if not isinstance(result, dict):
        return Verdict(False, "the answer could not be read")
    status = result.get("status")
    name = check.call
    if status == "missing":
        return Verdict(False, f"`{name}` is not defined in the notebook", reason="not defined")
    if status == "not callable":
        return Verdict(False, f"`{name}` is not a function", reason="not defined")
    if status == "too large":
        return Verdict(False, "the answer is too large")
    if status == "timeout":
        return TIMED_OUT
    if status == "raised":
        return Verdict(
            False, f"raised {untrusted(result.get('error'), 80)}: {untrusted(result.get('message'), 300)}"
        )
    if status != "ok":
        return Verdict(False, "the answer could not be read")
    try:
        value = decode(result.get("value"))
    except BadAnswer as error:
        return Verdict(False, f"the answer could not be read ({error})")
    return compare(check, contract, value)


def compare(check: Check, contract: Contract, value: object) -> Verdict:
    """Exact type first, then the value, against every acceptable answer."""
    problem = type_problem(value, contract.returns)
    if problem is not None:
        return Verdict(
            False, f"wrong type: the answer must be {contract.returns}, got {problem}", reason="wrong type"
        )
    for expected in check.expected:
        if check.compare is Compare.LINES:
            assert isinstance(value, str) and isinstance(expected, str)
            if same_lines(value, expected):
                return Verdict(True, "passed", reason="passed")
        elif same(value, expected, check.tolerance):
            return Verdict(True, "passed", reason="passed")
    if check.hidden:  # never rendered: hidden_view replaces the text, and the inputs stay out of it here too
        return Verdict(False, "wrong answer", reason="wrong answer")
    wanted = (
        show(check.expected[0])
        if len(check.expected) == 1
        else " or ".join(map(show, check.expected[:5]))
    )
    return Verdict(
        False,
        f"wrong answer\n  input:    {check.shown_input()}\n"
        f"  expected: {wanted}\n  got:      {show(value)}",
        reason="wrong answer",
    )


def run_summary(events: list[dict], budget: float) -> tuple[Outcome | None, str]:
    """What happened while the notebook itself ran: (an outcome that ends it, or None; the text).

    Only the events before the checks count: nothing reported once a check (a hidden input) has reached the
    kernel reaches the student's text from here.
    """
    lines: list[str] = []
    for event in events:
        if event.get("event") in ("notebook", "check"):
            break
        if event.get("event") == "cell":
            number = event["index"] + 1 if type(event.get("index")) is int else "?"
            status = event.get("status")
            if status == "error":
                message = untrusted(event.get("evalue"), 300)
                raised = f"code cell {number} raised {untrusted(event.get('ename'), 80)}"
                lines.append(f"{raised}: {message}" if message else raised)
            elif status == "timeout":
                return Outcome.TIMEOUT, (
                    f"timeout: code cell {number} was still running after the time limit of "
                    f"{budget:g} s (an endless loop?); no check could run"
                )
            elif status == "died":
                return Outcome.DIED, (
                    f"the kernel died in code cell {number} (os._exit, a crash, or a resource "
                    "limit such as memory or CPU time); no check could run"
                )
            elif status == "broken":
                return Outcome.ERROR, (
                    f"the kernel sent something unreadable while running code cell {number} "
                    "(out of memory?); no check could run"
                )
    return None, "\n".join(lines)


def check_events(events: list[dict], count: int) -> list[dict]:
    """The event for each check id (an empty dict when none came)."""
    found: list[dict] = [{} for _ in range(count)]
    for event in events:
        number = event.get("id")
        if (
            event.get("event") == "check"
            and type(number) is int
            and 0 <= number < count
            and not found[number]
        ):
            found[number] = event
    return found


def shown_verdict(check: Check, verdict: Verdict) -> str:
    """The verdict's text, and the check's hint under a failure (a hint is the instructor's, never an input)."""
    if verdict.passed or not check.hint:
        return verdict.text
    return f"{verdict.text}\nhint: {check.hint}"


def results(exercise: Exercise, verdicts: list[Verdict], outcome: Outcome, output: str) -> dict:
    """A Gradescope-style results.json."""
    tests: list[dict[str, object]] = []
    for check, verdict in zip(exercise.checks, verdicts, strict=True):
        tests.append(
            {
                "name": f"{'hidden' if check.hidden else 'public'}: {check.name}",
                "score": check.points if verdict.passed else 0,
                "max_score": check.points,
                "status": "passed" if verdict.passed else "failed",
                "output": printable(shown_verdict(check, verdict)),
                "visibility": "visible",
            }
        )
    score = sum(check.points for check, verdict in zip(exercise.checks, verdicts, strict=True) if verdict.passed)
    passed = sum(verdict.passed for verdict in verdicts)
    return {
        "score": score,
        "max_score": exercise.max_score,
        "output": printable(
            "\n".join(line for line in (output, f"{passed} of {len(tests)} checks passed") if line)
        ),
        "visibility": "visible",
        "tests": tests,
        "extra_data": {"outcome": outcome.value, "exercise": exercise.name},
    }
