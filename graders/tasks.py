"""Small coding tasks in a lesson: the student writes a function, a check cell judges it by its behaviour.

A task names the function to write and the lesson's own objects to try it on; the check runs the
student's function on each case (bounded in steps, so an endless loop is reported, not waited for) and
names the first input where it differs from what is expected. What is expected comes from the engine's
real function where the engine has one (students have the engine anyway), and otherwise from results
recorded on the lesson's cases (`Recorded`, read from lessons/data/tasks.json): the function that made
them stays on the instructor's side (graders_instructor/hidden/lessons/make_tasks.py), so no student receives it.
"""
from __future__ import annotations

import ast
import dataclasses
import inspect
import json
import textwrap
from collections.abc import Callable, Mapping
from functools import cache
from html import escape
from importlib import resources
from typing import Any

import ipywidgets as widgets

from graders.quizzes import Hints, Quiz, QuizBox, Verdict, feedback_html, follow, hint_row, words
from graders.stepping import MAX_RUN, record_call

# A case: the arguments, or a function that makes them afresh (for functions that change their arguments).
Case = tuple[Any, ...] | Callable[[], tuple[Any, ...]]


class Recorded:
    """The expected results of a task on the lesson's cases, as recorded by the instructor's make_tasks.py."""

    def __init__(self, name: str) -> None:
        self.__name__ = name

    def result(self, case: str) -> Any:
        """The recorded result of a case (read when first needed, so a lesson can be run to record them)."""
        results = recorded_results().get(self.__name__, {})
        if case not in results:
            raise LookupError(f"lessons/data/tasks.json has no result for {self.__name__} on {case!r}: "
                              "run python graders_instructor/hidden/lessons/make_tasks.py")
        return ast.literal_eval(results[case])

    def __repr__(self) -> str:
        return f"Recorded({self.__name__!r})"


@cache
def recorded_results() -> dict[str, dict[str, str]]:
    """Every recorded result: task name -> case -> the result's repr (so a tuple stays a tuple)."""
    text = (resources.files("lessons.data") / "tasks.json").read_text(encoding="utf-8")
    return json.loads(text)["tasks"]


def arguments(case: Case) -> tuple[Any, ...]:
    """The arguments of a case, made afresh when the case is a function."""
    return case() if callable(case) else case


Reference = Callable[..., Any] | Recorded


def whose(reference: Reference) -> str:
    """How feedback names the function compared with: the game's own, the puzzle's own, or the right answer."""
    module = getattr(reference, "__module__", "") or ""
    owner = "owner_game" if module.startswith("cosmos") else "owner_puzzle" if module.startswith("tents") else ""
    say = words()
    if owner:
        return say("whose_owner", owner=say(owner), name=reference.__name__)
    return say("whose_expected", name=reference.__name__)


def expected(reference: Reference, case: str, made: Case,
             look: Callable[[Any, tuple[Any, ...]], Any]) -> Any:
    """What a case should give: recorded, or what the real function gives on fresh arguments."""
    if isinstance(reference, Recorded):
        return reference.result(case)
    theirs = arguments(made)
    return look(reference(*theirs), theirs)


def behaves_like(candidate: Any, reference: Reference, cases: Mapping[str, Case],
                 observe: Callable[[Any, tuple[Any, ...]], Any] | None = None) -> Verdict:
    """Run candidate and reference on every case; the first case where they differ is named, with what it gave.

    observe(result, args) says what is compared (by default the value returned); a Recorded reference holds
    the observed results themselves.
    """
    name = reference.__name__
    if not callable(candidate):
        return Verdict(False, words()("not_a_function", name=name))
    look = observe or (lambda result, _args: result)
    for case, made in cases.items():
        wrong = judge_case(candidate, reference, case, made, look)
        if wrong is not None:
            return wrong
    return Verdict(True, words()("all_cases", whose=whose(reference), count=len(cases)))


def judge_case(candidate: Any, reference: Reference, case: str, made: Case,
               look: Callable[[Any, tuple[Any, ...]], Any]) -> Verdict | None:
    """Why the candidate is wrong on one case, or None where it is right.

    The candidate runs before the expected value exists, so no frame it can walk back to holds it; the two are
    compared with exact types all the way down, so items whose == says yes to anything are not the answer.
    """
    args = arguments(made)
    run = record_call(candidate, args, max_steps=MAX_RUN, keep=False)
    say = words()
    printed = say("it_printed", text=repr(run.printed.strip())) if run.printed.strip() else ""
    if run.endless:
        return Verdict(False, say("never_stops", case=case, steps=MAX_RUN, printed=printed))
    if run.error is not None:
        return Verdict(False, say("stops_with", case=case, error=run.error, printed=printed))
    got = look(run.value, args)
    want = expected(reference, case, made, look)
    if not same_value(got, want):
        return Verdict(False, say("gives", case=case, got=repr(got), whose=whose(reference), want=repr(want),
                                  printed=printed))
    return None


def same_value(got: Any, want: Any) -> bool:
    """Equal with exact types all the way down, into containers and dataclass fields (never asking got's ==)."""
    if type(got) is not type(want):
        return False
    if isinstance(want, list | tuple):
        return len(got) == len(want) and all(same_value(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(want, set | frozenset):
        return len(got) == len(want) and all(any(same_value(g, w) for g in got) for w in want)
    if isinstance(want, dict):
        return len(got) == len(want) and all(
            any(same_value(gk, wk) and same_value(gv, wv) for gk, gv in got.items()) for wk, wv in want.items())
    if dataclasses.is_dataclass(want):
        return all(same_value(getattr(got, f.name), getattr(want, f.name)) for f in dataclasses.fields(want))
    return bool(want == got)


def untouched(candidate: Any) -> bool:
    """True when candidate is still the lesson's starter: a def whose body is only `...`, `pass` or a docstring."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(candidate)))
    except (OSError, TypeError, SyntaxError):
        return False  # no source to read (a lambda in a string, a built-in): judged as written
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
        return False
    return all(isinstance(line, ast.Pass) or (isinstance(line, ast.Expr) and isinstance(line.value, ast.Constant)
                                              and (line.value.value is Ellipsis or isinstance(line.value.value, str)))
               for line in tree.body[0].body)


class Task(Quiz):
    """Write a function; the check cell runs it on the lesson's objects and compares with the engine's (or with
    the recorded results)."""

    kind = "task"

    def __init__(self, statement: str, reference: Reference, cases: Mapping[str, Case],
                 hint: Hints = "", explanation: str = "",
                 observe: Callable[[Any, tuple[Any, ...]], Any] | None = None, name: str = "",
                 unseen: Callable[[], Mapping[str, Case]] | None = None) -> None:
        self.statement = statement
        self.reference = reference
        self.name = name or reference.__name__  # another name where the lesson's own code uses the engine's
        self.cases = dict(cases)
        self.hint = hint
        self.explanation = explanation
        self.observe = observe
        self.unseen = unseen  # more cases, made when the check runs: never in the notebook, nor their answers
        self.box: QuizBox | None = None

    def check(self, candidate: Any) -> Verdict:
        """Judge the student's function by its behaviour on the lesson's cases, then on the unseen ones."""
        cases = {**self.cases, **(self.unseen() if self.unseen is not None else {})}
        verdict = behaves_like(candidate, self.reference, cases, self.observe)
        if verdict.correct and self.explanation:
            return Verdict(True, f"{verdict.message} {self.explanation}")
        return verdict

    def build(self) -> QuizBox:
        """The task's statement, its hint and the place where the last verdict shows."""
        say = words()
        head = (f"<b>{say('task_head', name=f'<code>{escape(self.name)}</code>')}</b><p>{escape(self.statement)}</p>"
                f"<p><small>{escape(say('task_how'))}</small></p>")
        parts: list[widgets.Widget] = [widgets.HTML(head)] + ([hint_row(self.hint)] if self.hint else [])
        box = QuizBox(parts, say("task_title", name=self.name), head)
        box.add_class("cosmos-task")
        box.answer = lambda: box.verdict.message if box.verdict is not None else None
        box.restore = lambda message: box.feedback.__setattr__(
            "value", feedback_html(Verdict(False, words()("last_checked", message=message))).replace(
                "#b45309", "#475569"))
        return box

    def widget(self) -> QuizBox:
        """The task's box (made once, so that the check cell can show its verdict there too)."""
        if self.box is None:
            self.box = follow(self.build(), self.kind)
        return self.box

    def judge(self, candidate: Any) -> CheckResult:
        """What the check cell shows: the verdict on the student's function (also kept in the progress).

        The starter stub, as the lesson gives it, is not judged: Run All on a fresh notebook records no task as
        tried; the task counts as tried once the student has written something in its cell."""
        if untouched(candidate):
            return CheckResult(Verdict(False, words()("not_tried", name=self.name)), pending=True)
        verdict = self.check(candidate)
        self.widget().show(verdict)
        return CheckResult(verdict)


class CheckResult:
    """A task's verdict as the check cell shows it: plain HTML, the same in the stored notebook."""

    def __init__(self, verdict: Verdict, pending: bool = False) -> None:
        self.verdict = verdict
        self.pending = pending  # not judged yet: shown in grey, neither right nor wrong

    def _repr_html_(self) -> str:
        html = feedback_html(self.verdict)
        return html.replace("#b45309", "#475569") if self.pending else html

    def __repr__(self) -> str:
        return self.verdict.message
