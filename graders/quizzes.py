"""In-notebook quizzes whose keys are computed by running code (or stored only as hashes).

- MultipleChoice: options with their own feedback; the key is computed or hashed.
- PredictOutput: the expected output is what the snippet prints when it is run.
- FindTheBug: the guilty line is where the buggy code differs from the engine's real function,
  and the wrong output is what the buggy variant prints.
- FillTheGap: the student's text is put in the gap and the result is compared, by behaviour,
  with the engine's real function.
Nothing in a notebook's text marks which option is right.
"""
from __future__ import annotations

import contextlib
import hashlib
import inspect
import io
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

import ipywidgets as widgets


@dataclass(frozen=True)
class Verdict:
    """The result of checking one answer: right or not, and what to tell the student."""

    correct: bool
    message: str


@dataclass(frozen=True)
class Choice:
    """One option of a question and the feedback shown when it is picked."""

    text: str
    feedback: str = ""


@dataclass(frozen=True)
class Hashed:
    """A key stored only as the SHA-256 of the question and the right option's text."""

    digest: str


@dataclass(frozen=True)
class Computed:
    """A key computed when the quiz is built: a function returning the right option's text."""

    compute: Callable[[], str]


def answer_digest(question: str, answer: str) -> str:
    """The hash under which a question's right answer is stored."""
    return hashlib.sha256(f"{question}\n{answer}".encode()).hexdigest()


def run_snippet(code: str, namespace: Mapping[str, Any] | None = None) -> str:
    """Run code in a fresh copy of namespace and return everything it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), dict(namespace or {}))
    return out.getvalue()


class MultipleChoice:
    """A question with options; each option has feedback; the key is computed or hashed."""

    def __init__(self, question: str, choices: Sequence[Choice], key: Hashed | Computed) -> None:
        if len({choice.text for choice in choices}) != len(choices):
            raise ValueError("two options of a question have the same text")
        self.question = question
        self.choices = list(choices)
        self._answer = self._resolve(key)

    def _resolve(self, key: Hashed | Computed) -> int:
        """The index of the right option; exactly one option must match the key."""
        if isinstance(key, Computed):
            expected = key.compute()
            matches = [i for i, c in enumerate(self.choices) if c.text == expected]
        else:
            matches = [i for i, c in enumerate(self.choices)
                       if answer_digest(self.question, c.text) == key.digest]
        if len(matches) != 1:
            raise ValueError(f"the key of {self.question!r} matches {len(matches)} options")
        return matches[0]

    def check(self, index: int | None) -> Verdict:
        """Judge the option at index."""
        if index is None or not 0 <= index < len(self.choices):
            return Verdict(False, "Pick one of the options first.")
        right = index == self._answer
        prefix = "Right." if right else "Not quite."
        return Verdict(right, f"{prefix} {self.choices[index].feedback}".strip())

    def widget(self) -> QuizBox:
        """The question as a widget: options, a Check button and the feedback."""
        return choice_widget(self.question, [c.text for c in self.choices], self.check)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_(**kwargs)


class PredictOutput:
    """Show code, offer outputs; the right one is whatever the code prints when run."""

    def __init__(self, code: str, distractors: Mapping[str, str], namespace: Mapping[str, Any],
                 question: str = "What does the program print?", explanation: str = "") -> None:
        self.code = code
        self.namespace = dict(namespace)
        self.question = question
        self.explanation = explanation
        self.expected = run_snippet(code, self.namespace).rstrip("\n")
        feedback = {text: note for text, note in distractors.items() if text != self.expected}
        self.choices = sorted({*feedback, self.expected})
        self._feedback = feedback

    def check(self, index: int | None) -> Verdict:
        """Judge the output at index against what the code really prints."""
        if index is None or not 0 <= index < len(self.choices):
            return Verdict(False, "Pick one of the outputs first.")
        picked = self.choices[index]
        if picked == self.expected:
            return Verdict(True, f"Right. {self.explanation}".strip())
        return Verdict(False, f"Not quite. {self._feedback.get(picked, '')}".strip())

    def widget(self) -> QuizBox:
        """The code, the candidate outputs, Check, and a Run button that shows the truth."""
        return choice_widget(self.question, self.choices, self.check, code=self.code,
                             reveal=lambda: self.expected)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_(**kwargs)


def source_text(function: Callable[..., Any] | str) -> str:
    """The source of a function (dedented), or the given text itself."""
    return function if isinstance(function, str) else textwrap.dedent(inspect.getsource(function))


@dataclass
class FindTheBug:
    """Buggy code with numbered lines; the bug is where it differs from the real function."""

    buggy: str
    reference: Callable[..., Any]
    program: str
    namespace: Mapping[str, Any] = field(default_factory=dict)
    explanation: str = ""

    def __post_init__(self) -> None:
        self.lines = self.buggy.rstrip("\n").split("\n")
        real = source_text(self.reference).rstrip("\n").split("\n")
        if len(real) != len(self.lines):
            raise ValueError(f"the buggy code has {len(self.lines)} lines, the real "
                             f"{self.reference.__name__} {len(real)}: change one line, add none")
        pairs = enumerate(zip(self.lines, real, strict=True))
        changed = [i for i, (mine, theirs) in pairs if mine != theirs]
        if len(changed) != 1:
            raise ValueError(f"the buggy code must differ from the real one in exactly one line, "
                             f"not in {len(changed)} (lines {[i + 1 for i in changed]})")
        self.bug_line = changed[0] + 1
        self.name = self.reference.__name__
        self.wrong_output = self.run(self.buggy_function()).rstrip("\n")
        self.fixed_output = self.run(self.reference).rstrip("\n")

    def buggy_function(self) -> Callable[..., Any]:
        """The buggy variant, defined with the same globals as the real function."""
        scope = dict(getattr(self.reference, "__globals__", {}))
        exec(compile(self.buggy, "<buggy>", "exec"), scope)
        return scope[self.name]

    def run(self, function: Callable[..., Any]) -> str:
        """What the program prints when it calls this variant of the function."""
        return run_snippet(self.program, {**self.namespace, self.name: function})

    def check(self, line: int | None) -> Verdict:
        """Judge a (1-based) line number."""
        if line is None or not 1 <= line <= len(self.lines):
            return Verdict(False, "Click the line you think is guilty.")
        if line == self.bug_line:
            return Verdict(True, f"Right: line {line}. {self.explanation} With the real line the "
                                 f"program prints: {self.fixed_output}".strip())
        return Verdict(False, f"Line {line} is exactly as in the game's real {self.name}. "
                              "Look for a line that changed.")

    def widget(self) -> QuizBox:
        """Numbered, clickable lines, the wrong output, and the feedback."""
        return line_widget(self.lines, self.wrong_output, self.check)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_(**kwargs)


@dataclass
class FillTheGap:
    """Code with a gap (___); the answer is right when the result behaves like the real function."""

    template: str
    reference: Callable[..., Any]
    cases: Sequence[tuple[Any, ...]]
    explanation: str = ""
    gap: str = "___"

    def __post_init__(self) -> None:
        if self.template.count(self.gap) != 1:
            raise ValueError(f"the template must have exactly one gap {self.gap!r}")
        self.name = self.reference.__name__

    def check(self, text: str) -> Verdict:
        """Fill the gap with text, run the result on every case, compare with the real function."""
        if not text.strip():
            return Verdict(False, "Type what belongs in the gap first.")
        scope = dict(getattr(self.reference, "__globals__", {}))
        try:
            exec(compile(self.template.replace(self.gap, text), "<gap>", "exec"), scope)
            filled = scope[self.name]
            for case in self.cases:
                got, want = filled(*case), self.reference(*case)
                if got != want:
                    return Verdict(False, f"Not quite: on one of the test galaxies it answers "
                                          f"{got!r} where the game's {self.name} answers {want!r}.")
        except Exception as error:  # the student's text may be anything
            return Verdict(False, f"That does not run: {type(error).__name__}: {error}")
        return Verdict(True, f"Right. {self.explanation}".strip())

    def widget(self) -> QuizBox:
        """The code with its gap, a text field and a Check button."""
        return gap_widget(self.template, self.gap, self.check)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_(**kwargs)




# ---- the widgets -------------------------------------------------------------------------

STYLE = """<style>
.cosmos-lines .widget-toggle-buttons { display: block; }
.cosmos-lines button { font-family: monospace; text-align: left; white-space: pre;
  justify-content: flex-start; height: 1.55em; line-height: 1.55em; margin: 0 !important;
  padding: 0 0.5em; border-radius: 0; box-shadow: none; }
.cosmos-lines button:hover { background: #fde68a; }
.cosmos-quiz pre { background: #f3f4f6; padding: 0.5em; margin: 0.3em 0; }
</style>"""


def feedback_html(verdict: Verdict) -> str:
    """A verdict as coloured text."""
    colour = "#15803d" if verdict.correct else "#b45309"
    return f'<div style="color:{colour};font-weight:500">{escape(verdict.message)}</div>'


def pre(text: str) -> str:
    """Text shown as it is, in a code block."""
    return f"<pre>{escape(text)}</pre>"


class QuizBox(widgets.VBox):
    """The widget of one quiz: remembers the last verdict and tells listeners about new ones."""

    def __init__(self, children: Sequence[widgets.Widget], title: str) -> None:
        super().__init__([widgets.HTML(STYLE), *children])
        self.add_class("cosmos-quiz")
        self.title = title
        self.verdict: Verdict | None = None
        self.listeners: list[Callable[[Verdict], None]] = []
        self.feedback = widgets.HTML("")
        self.children = (*self.children, self.feedback)

    def show(self, verdict: Verdict) -> None:
        """Show a verdict and pass it on."""
        self.verdict = verdict
        self.feedback.value = feedback_html(verdict)
        for listener in self.listeners:
            listener(verdict)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = f"Quiz: {self.title} (run the notebook to answer)"
        return bundle


def choice_widget(question: str, options: Sequence[str], check: Callable[[int | None], Verdict],
                  code: str | None = None, reveal: Callable[[], str] | None = None) -> QuizBox:
    """Options as radio buttons, a Check button and, optionally, a Run button for the truth."""
    radio = widgets.RadioButtons(options=list(options), value=None,
                                 layout=widgets.Layout(width="max-content"))
    button = widgets.Button(description="Check", button_style="primary")
    parts: list[widgets.Widget] = [widgets.HTML(f"<b>{escape(question)}</b>")]
    if code is not None:
        parts.append(widgets.HTML(pre(code)))
    row: list[widgets.Widget] = [button]
    truth = widgets.HTML("")
    runner = widgets.Button(description="Run it", disabled=True)
    if reveal is not None:
        row.append(runner)
        runner.on_click(lambda _b: setattr(truth, "value", "It prints:" + pre(reveal())))
    box = QuizBox([*parts, radio, widgets.HBox(row), truth], question)
    box.radio, box.button, box.runner, box.truth = radio, button, runner, truth

    def on_check(_button: widgets.Button) -> None:
        box.show(check(radio.index))
        runner.disabled = False

    button.on_click(on_check)
    return box


def line_widget(lines: Sequence[str], output: str,
                check: Callable[[int | None], Verdict]) -> QuizBox:
    """Numbered lines as buttons; clicking one judges it at once."""
    width = len(str(len(lines)))
    buttons = widgets.ToggleButtons(
        options=[(f"{n:>{width}}  {line}", n) for n, line in enumerate(lines, start=1)],
        value=None, style={"button_width": "100%"}, layout=widgets.Layout(width="100%"))
    buttons.add_class("cosmos-lines")
    box = QuizBox([widgets.HTML("<b>The program prints:</b>" + pre(output) +
                                "<b>Which line is guilty? Click it.</b>"), buttons], "find the bug")
    box.lines = buttons
    buttons.observe(lambda change: box.show(check(change["new"])), names="value")
    return box


def gap_widget(template: str, gap: str, check: Callable[[str], Verdict]) -> QuizBox:
    """The code with its gap marked, a field for the missing piece and a Check button."""
    mark = '<span style="background:#fde68a">&nbsp;?&nbsp;</span>'
    shown = escape(template).replace(escape(gap), mark)
    field_ = widgets.Text(placeholder="what goes in the gap", layout=widgets.Layout(width="16em"))
    button = widgets.Button(description="Check", button_style="primary")
    row = widgets.HBox([field_, button])
    box = QuizBox([widgets.HTML(f"<pre>{shown}</pre>"), row], "fill the gap")
    box.field, box.button = field_, button
    button.on_click(lambda _b: box.show(check(field_.value)))
    return box


class QuizSet(widgets.VBox):
    """Several quizzes one under the other, with a running score."""

    def __init__(self, quizzes: Sequence[MultipleChoice | PredictOutput | FindTheBug | FillTheGap],
                 title: str = "Your score") -> None:
        self.quizzes = list(quizzes)
        self.boxes = [quiz.widget() for quiz in self.quizzes]
        self.title = title
        self.score = widgets.HTML("")
        for box in self.boxes:
            box.listeners.append(lambda _verdict: self.update())
        numbered = [widgets.VBox([widgets.HTML(f"<h4>{i}.</h4>"), box])
                    for i, box in enumerate(self.boxes, start=1)]
        super().__init__([*numbered, self.score])
        self.update()

    def right(self) -> int:
        """How many quizzes were last answered right."""
        return sum(1 for box in self.boxes if box.verdict is not None and box.verdict.correct)

    def update(self) -> None:
        """Redraw the score."""
        answered = sum(1 for box in self.boxes if box.verdict is not None)
        self.score.value = (f"<b>{self.title}: {self.right()} of {len(self.boxes)} right</b> "
                            f"({answered} answered)")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = f"{len(self.boxes)} questions (run the notebook to answer)"
        return bundle
