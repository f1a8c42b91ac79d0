"""In-notebook quizzes whose keys are computed by running code (or stored only as hashes).

- MultipleChoice: options with their own feedback; the key is computed or hashed.
- PredictOutput: the expected output is what the snippet prints when it is run.
- FindTheBug: the guilty line is where the buggy code differs from the engine's real function,
  and the wrong output is what the buggy variant prints.
- FillTheGap: the student's text goes into the gap and the result is compared, by behaviour,
  with the engine's real function.
Nothing in a notebook's text marks which option is right, and options are offered in an order fixed
by a seed (the same on every run, but the right one is not always in the same place). Every wrong
option can say why it is wrong: a Choice's feedback, a distractor's note, a FindTheBug line note.
"""
from __future__ import annotations

import base64
import contextlib
import hashlib
import inspect
import io
import json
import textwrap
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from graders.text import Words

Hints = str | Sequence[str]  # one hint, or tiers: a nudge first, then a failing case, then one line


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


def seeded_order(texts: Sequence[str], seed: int | str, salt: str = "") -> list[str]:
    """The texts shuffled by a seed: the order depends only on seed, salt and the texts themselves."""
    def rank(text: str) -> str:
        return hashlib.sha256(f"{seed}\n{salt}\n{text}".encode()).hexdigest()

    return sorted(texts, key=rank)


def run_snippet(code: str, namespace: Mapping[str, Any] | None = None) -> str:
    """Run code in a fresh copy of namespace and return everything it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<snippet>", "exec"), dict(namespace or {}))
    return out.getvalue()


def source_text(function: Callable[..., Any]) -> str:
    """The source of a function, dedented."""
    return textwrap.dedent(inspect.getsource(function))


def hide(old: str, new: str) -> str:
    """A change (old text -> new text) packed so that a notebook's reader cannot see it at a glance."""
    return base64.b64encode(zlib.compress(json.dumps([old, new]).encode())).decode("ascii")


def pack_notes(distractors: Mapping[str, str], explanation: str = "") -> str:
    """A predict-the-output quiz's notes (wrong output -> why, and the right one's explanation), packed like hide:
    the notebook's reader cannot tell the offered wrong outputs, hence the right one, at a glance."""
    return hide(json.dumps(dict(distractors)), explanation)


def unpack_notes(packed: str) -> tuple[dict[str, str], str]:
    """The notes pack_notes packed: (distractors, explanation)."""
    distractors, explanation = json.loads(zlib.decompress(base64.b64decode(packed)))
    return json.loads(distractors), explanation


def variant(reference: Callable[..., Any], change: str) -> str:
    """The source of reference with one hidden change (from hide) applied once: a find-the-bug listing."""
    old, new = json.loads(zlib.decompress(base64.b64decode(change)))
    text = source_text(reference)
    if text.count(old) != 1:
        raise ValueError(f"the change must match the source of {reference.__name__} exactly once, "
                         f"not {text.count(old)} times")
    return text.replace(old, new)


def define_like(reference: Callable[..., Any], code: str, filename: str) -> Callable[..., Any]:
    """Define the function in code with the same globals as reference, and return it."""
    scope = dict(getattr(reference, "__globals__", {}))
    exec(compile(code, filename, "exec"), scope)
    return scope[reference.__name__]


class Quiz:
    """What every quiz has: a widget, shown when the quiz is the value of a cell, whose answers are kept."""

    kind = "quiz"

    def build(self) -> QuizBox:
        """The quiz as an interactive widget (each kind of quiz builds its own)."""
        raise NotImplementedError

    def widget(self) -> QuizBox:
        """The quiz as an interactive widget, with the student's last answer brought back and new ones kept."""
        return follow(self.build(), self.kind)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        return self.widget()._repr_mimebundle_(**kwargs)


class MultipleChoice(Quiz):
    """A question with options; each option has feedback; the key is computed or hashed."""

    def __init__(self, question: str, choices: Sequence[Choice], key: Hashed | Computed,
                 seed: int | str | None = None) -> None:
        if len({choice.text for choice in choices}) != len(choices):
            raise ValueError("two options of a question have the same text")
        self.question = question
        self.choices = list(choices)
        if seed is not None:  # offer the options shuffled by the seed instead of as written
            by_text = {choice.text: choice for choice in self.choices}
            self.choices = [by_text[text] for text in seeded_order(list(by_text), seed, question)]
        if isinstance(key, Computed):
            expected = key.compute()
            matches = [i for i, c in enumerate(self.choices) if c.text == expected]
        else:
            matches = [i for i, c in enumerate(self.choices)
                       if answer_digest(question, c.text) == key.digest]
        if len(matches) != 1:
            raise ValueError(f"the key of {question!r} matches {len(matches)} options, not one")
        self._answer = matches[0]

    def check(self, index: int | None) -> Verdict:
        """Judge the option at index."""
        if index is None or not 0 <= index < len(self.choices):
            return Verdict(False, words()("pick_option"))
        right = index == self._answer
        prefix = words()("right" if right else "not_quite")
        return Verdict(right, f"{prefix} {self.choices[index].feedback}".strip())

    def unexplained(self) -> list[str]:
        """The wrong options that do not say why they are wrong (a lesson's test wants none)."""
        return [c.text for i, c in enumerate(self.choices) if i != self._answer and not c.feedback.strip()]

    def build(self) -> QuizBox:
        """Options, a Check button and the feedback."""
        return choice_widget(self.question, [c.text for c in self.choices], self.check)


class PredictOutput(Quiz):
    """Show code, offer outputs; the right one is whatever the code prints when run."""

    def __init__(self, code: str, distractors: Mapping[str, str] | str, namespace: Mapping[str, Any],
                 question: str = "", explanation: str = "", seed: int | str = 0) -> None:
        if isinstance(distractors, str):  # packed by pack_notes, with the explanation
            distractors, explanation = unpack_notes(distractors)
        self.code = code
        self.namespace = dict(namespace)
        self.question = question or words()("predict_question")
        self.explanation = explanation
        self.seed = seed
        self.expected = run_snippet(code, self.namespace).rstrip("\n")
        self._feedback = {text: note for text, note in distractors.items() if text != self.expected}
        # Shuffled by the seed (and the code), so the right output is not always in one place.
        self.choices = seeded_order(sorted({*self._feedback, self.expected}), seed, code)

    def check(self, index: int | None) -> Verdict:
        """Judge the output at index against what the code really prints."""
        if index is None or not 0 <= index < len(self.choices):
            return Verdict(False, words()("pick_output"))
        picked = self.choices[index]
        if picked == self.expected:
            return Verdict(True, f"{words()('right')} {self.explanation}".strip())
        return Verdict(False, f"{words()('not_quite')} {self._feedback.get(picked, '')}".strip())

    def unexplained(self) -> list[str]:
        """The wrong outputs offered without a note on the mistake behind them."""
        return [text for text in self.choices if text != self.expected and not self._feedback[text].strip()]

    def build(self) -> QuizBox:
        """The code, the candidate outputs, Check, and a Run button that shows the truth."""
        return choice_widget(self.question, self.choices, self.check, code=self.code, reveal=lambda: self.expected,
                             outputs=True)


class FindTheBug(Quiz):
    """Buggy code with numbered lines; the bug is the one line that differs from the real one."""

    def __init__(self, buggy: str, reference: Callable[..., Any], program: str,
                 namespace: Mapping[str, Any] | None = None, explanation: str = "",
                 notes: Mapping[str, str] | None = None) -> None:
        self.lines = buggy.rstrip("\n").split("\n")
        real = source_text(reference).rstrip("\n").split("\n")
        if len(real) != len(self.lines):
            raise ValueError(f"the buggy code has {len(self.lines)} lines, the real "
                             f"{reference.__name__} {len(real)}: change one line, add none")
        pairs = enumerate(zip(self.lines, real, strict=True))
        changed = [i for i, (mine, theirs) in pairs if mine != theirs]
        if len(changed) != 1:
            raise ValueError(f"the buggy code must differ from the real one in exactly one line, "
                             f"not in {len(changed)} (lines {[i + 1 for i in changed]})")
        self.buggy = buggy
        self.reference = reference
        self.program = program
        self.namespace = dict(namespace or {})
        self.explanation = explanation
        self.name = reference.__name__
        self.bug_line = changed[0] + 1
        self.wrong_output = self.run(define_like(reference, buggy, "<buggy>")).rstrip("\n")
        self.fixed_output = self.run(reference).rstrip("\n")
        self.notes = {self.line_with(fragment): note for fragment, note in (notes or {}).items()}

    def line_with(self, fragment: str) -> int:
        """The (1-based) number of the one line of the buggy code that contains fragment."""
        found = [n for n, line in enumerate(self.lines, start=1) if fragment in line]
        if len(found) != 1:
            raise ValueError(f"{fragment!r} is in {len(found)} lines of the buggy code, not in one")
        return found[0]

    def run(self, function: Callable[..., Any]) -> str:
        """What the program prints when it calls this variant of the function."""
        return run_snippet(self.program, {**self.namespace, self.name: function})

    def check(self, line: int | None) -> Verdict:
        """Judge a (1-based) line number."""
        if line is None or not 1 <= line <= len(self.lines):
            return Verdict(False, words()("click_line"))
        if line == self.bug_line:
            return Verdict(True, words()("bug_right", line=line, explanation=self.explanation,
                                         output=self.fixed_output))
        note = self.notes.get(line, "")
        return Verdict(False, words()("bug_wrong", line=line, name=self.name, note=note).replace("  ", " "))

    def build(self) -> QuizBox:
        """Numbered, clickable lines, the wrong output, and the feedback."""
        return line_widget(self.lines, self.wrong_output, self.check)


class FillTheGap(Quiz):
    """Code with a gap (___); right when the filled code behaves like the real function."""

    def __init__(self, template: str, reference: Callable[..., Any],
                 cases: Mapping[str, tuple[Any, ...]], explanation: str = "",
                 gap: str = "___", hint: Hints = "") -> None:
        if template.count(gap) != 1:
            raise ValueError(f"the template must have exactly one gap {gap!r}")
        self.template = template
        self.reference = reference
        self.cases = dict(cases)
        self.explanation = explanation
        self.gap = gap
        self.hint = hint

    def check(self, text: str) -> Verdict:
        """Fill the gap with text, run the result on every case, compare with the real function."""
        if not text.strip():
            return Verdict(False, words()("gap_first"))
        name = self.reference.__name__
        try:
            filled = define_like(self.reference, self.template.replace(self.gap, text), "<gap>")
            for case, args in self.cases.items():
                got, want = filled(*args), self.reference(*args)
                if got != want:
                    return Verdict(False, words()("gap_wrong", case=case, got=repr(got), name=name,
                                                  want=repr(want)))
        except Exception as error:  # the student's text may be anything
            return Verdict(False, words()("does_not_run", error=f"{type(error).__name__}: {error}"))
        return Verdict(True, f"{words()('right')} {self.explanation}".strip())

    def build(self) -> QuizBox:
        """The code with its gap, a text field, a Check button and the hint."""
        return gap_widget(self.template, self.gap, self.check, self.hint)


# ---- the widgets -------------------------------------------------------------------------
# (an option's label and a verdict keep their newlines: a printed output of several lines shows as those lines)

STYLE = """<style>
.cosmos-lines { gap: 0 !important; }
.cosmos-lines .cosmos-line { font-family: monospace; text-align: left; white-space: pre;
  justify-content: flex-start; height: 1.55em; line-height: 1.55em; margin: 0 !important;
  padding: 0 0.5em; border-radius: 0; box-shadow: none; width: 100%; }
.cosmos-lines .cosmos-line:hover, .cosmos-lines .cosmos-line:focus { background: #fde68a; }
.cosmos-lines .cosmos-line-note { margin: 2px 0 4px 3.5em; }
.cosmos-lines .cosmos-line.mod-warning { background: #fde68a; color: #1f2937; }
.cosmos-lines .cosmos-line.mod-success { background: #bbf7d0; color: #14532d; }
.cosmos-quiz pre { background: #f3f4f6; padding: 0.5em; margin: 0.3em 0; }
.cosmos-quiz .widget-radio-box label { white-space: pre-wrap; height: auto; line-height: 1.35; margin: 2px 0; }
.cosmos-quiz.cosmos-outputs .widget-radio-box label { font-family: monospace; }
.cosmos-quiz .jupyter-button.mod-primary.cosmos-check.mod-active { box-shadow: none;
  background-color: var(--jp-brand-color1); }
.cosmos-quiz .cosmos-feedback .widget-html-content { line-height: 1.45; padding: 4px 0; white-space: pre-line; }
</style>"""


def later() -> str:
    """What a page without a kernel shows under a question: run the notebook to answer."""
    return f"<p><i>{escape(words()('run_to_answer'))}</i></p>"


def words() -> Words:
    """The kit's texts in the language of the lesson open (English until a lesson says otherwise)."""
    from graders.progress import TRACKER

    return Words(TRACKER.lang)


def feedback_html(verdict: Verdict) -> str:
    """A verdict as coloured text."""
    colour = "#15803d" if verdict.correct else "#b45309"
    return f'<div style="color:{colour};font-weight:500">{escape(verdict.message)}</div>'


def pre(text: str) -> str:
    """Text shown as it is, in a code block."""
    return f"<pre>{escape(text)}</pre>"


class QuizBox(widgets.VBox):
    """The widget of one quiz: remembers the last verdict and tells listeners about new ones."""

    def __init__(self, children: Sequence[widgets.Widget], title: str, static_html: str,
                 feedback_at: int | None = None, place_feedback: bool = True) -> None:
        self.feedback = widgets.HTML("")
        self.feedback.add_class("cosmos-feedback")  # where the verdict shows (the browser tests find it by it)
        parts = list(children)
        if place_feedback:  # otherwise the caller puts self.feedback where it belongs
            parts.insert(len(parts) if feedback_at is None else feedback_at, self.feedback)
        super().__init__([widgets.HTML(STYLE), *parts])
        self.add_class("cosmos-quiz")
        self.title = title
        self.static_html = static_html
        self.verdict: Verdict | None = None
        self.judged: Any = None  # the answer the verdict shown is for
        self.listeners: list[Callable[[Verdict], None]] = []

    def show(self, verdict: Verdict) -> None:
        """Show a verdict and pass it on."""
        self.verdict = verdict
        html = feedback_html(verdict)
        if self.feedback.value == html:  # the same verdict again (a restored answer checked anew) still shows anew
            self.feedback.value = ""
        self.feedback.value = html
        for listener in self.listeners:
            listener(verdict)

    def clear(self) -> None:
        """Take the last feedback away: the answer it judged has changed."""
        self.feedback.value = ""
        self.judged = None

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus the question without its answer for viewers that cannot run it."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = words()("quiz_later", title=self.title)
        bundle["text/html"] = self.static_html + later()
        return bundle


class CheckButton(widgets.ToggleButton):
    """A Check button whose press carries the answer the page shows.

    ipywidgets holds an answer's change back while the kernel has not yet taken the one before, but sends a
    Button's click at once: a Check pressed right after a new pick could be judged on the pick before. So the
    page copies the answer into this button's `shown` (a link made in the browser, jsdlink) and a press flips its
    `value`: both are changes of this one widget, which reach the kernel in the order they were made (in one
    message when held back), so a press is judged on the answer shown when it was made.
    """

    shown = traitlets.Any(None, allow_none=True).tag(sync=True)

    def __init__(self, source: widgets.Widget, trait: str, tooltip: str) -> None:
        super().__init__(value=False, description=words()("check"), button_style="primary", icon="check",
                         tooltip=tooltip)
        self.add_class("cosmos-check")
        self.source, self.trait = source, trait
        self.shown = getattr(source, trait)
        self.link = widgets.jsdlink((source, trait), (self, "shown"))
        self.handlers: list[Callable[[Any], None]] = []
        self.observe(lambda _change: self.judge(self.shown), names="value")  # pressed in the page

    def on_check(self, handler: Callable[[Any], None]) -> None:
        """Call handler(answer) on every press, with the answer it judges."""
        self.handlers.append(handler)

    def judge(self, answer: Any) -> None:
        """Pass the answer on to every handler."""
        for handler in self.handlers:
            handler(answer)

    def click(self) -> None:
        """A press made from Python: judge the answer the kernel holds."""
        self.judge(getattr(self.source, self.trait))


def checked_by(box: QuizBox, button: CheckButton, check: Callable[[Any], Verdict]) -> None:
    """Judge an answer on every press of button and keep which answer the verdict is for; a changed answer (in
    the kernel or in the page) takes the verdict away, unless it is the answer judged (arriving late)."""
    def judge(answer: Any) -> None:
        box.judged = answer
        box.show(check(answer))

    def changed(change: dict[str, Any]) -> None:
        if change["new"] != box.judged:
            box.clear()

    button.on_check(judge)
    button.source.observe(changed, names=button.trait)
    button.observe(changed, names="shown")
    box.answer = lambda: box.judged


def choice_widget(question: str, options: Sequence[str], check: Callable[[int | None], Verdict],
                  code: str | None = None, reveal: Callable[[], str] | None = None, outputs: bool = False) -> QuizBox:
    """Options as radio buttons, a Check button and, optionally, a Run button for the truth.

    outputs=True: the options are printed outputs, shown line by line in monospace (live and in the stored picture).
    """
    head = f"<b>{escape(question)}</b>" + (pre(code) if code is not None else "")
    radio = widgets.RadioButtons(options=list(options), value=None,
                                 layout=widgets.Layout(width="max-content"))
    button = CheckButton(radio, "index", words()("check_option_tip"))
    runner = widgets.Button(description=words()("run_it"), disabled=True, icon="play",
                            tooltip=words()("run_it_tip"))
    truth = widgets.HTML("")
    row = [button, runner] if reveal is not None else [button]
    listing = "".join(f"<li>{pre(option) if outputs else escape(option)}</li>" for option in options)
    box = QuizBox([widgets.HTML(head), radio, widgets.HBox(row), truth], question,
                  f"{head}<ul>{listing}</ul>")
    if outputs:
        box.add_class("cosmos-outputs")
    box.radio, box.button, box.runner, box.truth = radio, button, runner, truth
    checked_by(box, button, check)
    button.on_check(lambda _answer: setattr(runner, "disabled", False))

    def restore(index: Any) -> None:
        if isinstance(index, int) and 0 <= index < len(options):
            radio.index = index
            button.click()

    box.restore = restore
    if reveal is not None:
        runner.on_click(lambda _b: setattr(truth, "value", words()("it_prints") + pre(reveal())))
    return box


class LinePicker(widgets.VBox):
    """Numbered lines of code as buttons, one under the other; `value` is the line last clicked."""

    value = traitlets.Int(None, allow_none=True)

    def __init__(self, numbered: Sequence[str], feedback: widgets.HTML,
                 judge: Callable[[int], bool] | None = None) -> None:
        self.options = [(text, n) for n, text in enumerate(numbered, start=1)]
        self.buttons = [widgets.Button(description=text, tooltip=words()("line_tip", n=n),
                                       layout=widgets.Layout(width="100%")) for text, n in self.options]
        for n, button in enumerate(self.buttons, start=1):
            button.add_class("cosmos-line")
            button.on_click(lambda _b, n=n: self.pick(n))
        self.note = widgets.VBox([feedback])
        self.note.add_class("cosmos-line-note")
        self.judge = judge
        super().__init__(list(self.buttons), layout=widgets.Layout(width="100%"))
        self.add_class("cosmos-lines")
        self.observe(lambda change: self.picked(change["new"]), names="value")

    def pick(self, line: int) -> None:
        """What a click on a line does: choose it (a second click on it changes nothing)."""
        self.value = line

    def picked(self, line: int | None) -> None:
        """Judge the line chosen, then move the feedback under it (in that order: the note that the browser
        draws anew under the line then already holds the new verdict, never the last one)."""
        right = self.judge(line) if self.judge is not None and line is not None else False
        self.place(line, right)

    def place(self, line: int | None, right: bool = False) -> None:
        """Put the feedback right under the line clicked, and mark that line (green when it is the guilty one)."""
        for n, button in enumerate(self.buttons, start=1):
            button.button_style = ("success" if right else "warning") if n == line else ""
        if line is None:
            self.children = list(self.buttons)
        else:
            self.children = [*self.buttons[:line], self.note, *self.buttons[line:]]


def line_widget(lines: Sequence[str], output: str,
                check: Callable[[int | None], Verdict]) -> QuizBox:
    """Numbered lines as buttons; clicking one judges it at once, the feedback right under it."""
    width = len(str(len(lines)))
    numbered = [f"{n:>{width}}  {line}" for n, line in enumerate(lines, start=1)]
    head = "<b>The program prints:</b>" + pre(output)
    box = QuizBox([widgets.HTML(head + "<b>Which line is guilty? Click it.</b>")], "find the bug",
                  head + pre("\n".join(numbered)), place_feedback=False)

    def judge(line: int) -> bool:
        box.show(check(line))
        return box.verdict is not None and box.verdict.correct

    picker = LinePicker(numbered, box.feedback, judge)
    box.children = [*box.children, picker]
    box.lines = picker
    box.answer = lambda: picker.value

    def restore(line: Any) -> None:
        if isinstance(line, int) and 1 <= line <= len(lines):
            picker.value = line

    box.restore = restore
    return box


def gap_widget(template: str, gap: str, check: Callable[[str], Verdict], hint: Hints = "") -> QuizBox:
    """The code with its gap marked, a field for the missing piece, Check."""
    mark = '<span style="background:#fde68a">&nbsp;?&nbsp;</span>'
    shown = f"<pre>{escape(template).replace(escape(gap), mark)}</pre>"
    field = widgets.Text(placeholder="what goes in the gap", layout=widgets.Layout(width="16em"))
    button = CheckButton(field, "value", words()("check_gap_tip"))
    parts = [widgets.HTML(shown), widgets.HBox([field, button])] + ([hint_row(hint)] if hint else [])
    box = QuizBox(parts, "fill the gap", shown)
    box.field, box.button = field, button
    checked_by(box, button, lambda text: check(text if isinstance(text, str) else ""))

    def restore(text: Any) -> None:
        if isinstance(text, str) and text:
            field.value = text
            button.click()

    box.restore = restore
    return box


def hint_tiers(hint: Hints) -> list[str]:
    """The hint's tiers, in the order they are shown (a single string is one tier)."""
    return [hint] if isinstance(hint, str) else list(hint)


def hint_row(hint: Hints) -> widgets.VBox:
    """A Hint button that shows one more tier of the hint at each press (every press is counted in the progress)."""
    tiers = hint_tiers(hint)
    button = widgets.Button(description=hint_label(0, len(tiers)), icon="lightbulb-o", tooltip=words()("hint_tip"))
    text = widgets.HTML("")
    text.add_class("cosmos-hint")
    row = widgets.VBox([button, text])
    row.button, row.text, row.listeners, row.shown = button, text, [], 0

    def show(_button: object = None) -> None:
        if row.shown >= len(tiers):
            return
        row.shown += 1
        text.value = "".join(
            f'<div style="background:#eff6ff;padding:4px 8px;border-radius:4px;margin-top:2px">'
            f'{escape(hint_title(number, len(tiers)))}: {escape(tier)}</div>'
            for number, tier in enumerate(tiers[:row.shown], 1))
        button.description = hint_label(row.shown, len(tiers))
        button.disabled = row.shown == len(tiers)
        for listener in row.listeners:
            listener()

    row.reveal = show
    button.on_click(show)
    return row


def hint_title(number: int, count: int) -> str:
    """'Hint' for a single hint, 'Hint 2 of 3' for a tier."""
    return words()("hint") if count == 1 else words()("hint_tier", number=number, count=count)


def hint_label(shown: int, count: int) -> str:
    """The Hint button's label once `shown` tiers of `count` are on the page."""
    say = words()
    if count == 1:
        return say("hint")
    if shown == 0:
        return say("hint_first", count=count)
    return say("hint_next", number=shown + 1, count=count) if shown < count else say("hint_none")


def hint_rows(widget: widgets.Widget) -> list[widgets.VBox]:
    """Every hint row inside a widget, found by walking its children."""
    found = []
    if hasattr(widget, "reveal") and hasattr(widget, "listeners"):
        found.append(widget)
    for child in getattr(widget, "children", ()):
        found.extend(hint_rows(child))
    return found


def follow(box: QuizBox, kind: str) -> QuizBox:
    """Bring back what the student last did with this quiz, and keep every new verdict and hint opened."""
    from graders.progress import TRACKER, part_id

    pid = part_id(kind, box.static_html)
    box.part_id = pid
    saved = TRACKER.register(pid, kind, box.title)
    if saved is not None:
        if saved.get("answer") is not None and hasattr(box, "restore"):
            try:
                box.restore(saved["answer"])
            except Exception:  # an answer from an older version of the lesson: start afresh
                box.clear()
        for row in hint_rows(box):
            for _ in range(int(saved.get("hints", 0))):
                row.reveal()
    answer = getattr(box, "answer", lambda: None)
    box.listeners.append(lambda verdict: TRACKER.record(pid, answer=answer(), correct=verdict.correct))
    for row in hint_rows(box):
        row.listeners.append(lambda: TRACKER.hint_opened(pid))
    return box


class QuizSet(widgets.VBox):
    """Several quizzes one under the other, numbered, with a running score."""

    def __init__(self, quizzes: Sequence[Quiz], title: str = "") -> None:
        self.quizzes = list(quizzes)
        self.boxes = [quiz.widget() for quiz in self.quizzes]
        self.title = title or words()("your_score")
        self.score = widgets.HTML("")
        for box in self.boxes:
            box.listeners.append(lambda _verdict: self.update())
        count = len(self.boxes)
        numbered = [widgets.VBox([widgets.HTML(f"<b>{escape(words()('question_of', number=i, count=count))}</b>"), box],
                                 layout=widgets.Layout(margin="0 0 1.2em 0"))
                    for i, box in enumerate(self.boxes, start=1)]
        super().__init__([*numbered, self.score])
        self.update()

    def right(self) -> int:
        """How many quizzes were last answered right."""
        return sum(1 for box in self.boxes if box.verdict is not None and box.verdict.correct)

    def update(self) -> None:
        """Redraw the score."""
        answered = sum(1 for box in self.boxes if box.verdict is not None)
        say = words()
        self.score.value = (f"<b>{escape(say('score', title=self.title, right=self.right(), count=len(self.boxes)))}"
                            f"</b> {escape(say('answered', answered=answered))}")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus every question without its answer for viewers that cannot run it."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = words()("questions_later", count=len(self.boxes))
        bundle["text/html"] = "".join(f"<p><b>{escape(words()('question', number=i))}</b></p>{box.static_html}"
                                      for i, box in enumerate(self.boxes, start=1)) + later()
        return bundle
