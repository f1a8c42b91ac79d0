"""A Parsons problem: the lines of a real function, shuffled, with a wrong line or two among them.

The student puts the lines in order, sets each line's indentation and leaves the wrong lines out,
by dragging a line to its place with the mouse (further right or left to indent it more or less), or
with buttons (every one reachable with Tab, pressed with Enter or Space, its tooltip saying what it
does to which line). The arrangement is judged by running it on the lesson's cases and comparing
with the real function, so any order that behaves the same is right. The shuffle comes from the
engine's own mulberry32 (`cosmos.rng.Random`), so it is the same on every run.
"""
from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as widgets

from cosmos.rng import Random
from graders.quizzes import Hints, Quiz, QuizBox, Verdict, hint_row, pre, words
from graders.tasks import Case, behaves_like

INDENT = "    "
MAX_LEVEL = 4


@dataclass(frozen=True)
class Piece:
    """One line offered: its text without indentation, and whether it belongs to the solution."""

    text: str
    wanted: bool


# A row of the arrangement: (piece index, indentation level, used).
Row = tuple[int, int, bool]


def assemble(pieces: Sequence[Piece], rows: Sequence[Row]) -> str:
    """The program an arrangement makes: the used rows, in order, each at its indentation."""
    return "".join(INDENT * level + pieces[index].text + "\n" for index, level, used in rows if used)


def code_of(function: Callable[..., Any]) -> str:
    """A function's real source without its docstring: the lines a Parsons problem offers."""
    text = textwrap.dedent(inspect.getsource(function))
    body = ast.parse(text).body[0]
    assert isinstance(body, ast.FunctionDef | ast.AsyncFunctionDef), "code_of takes a function"
    lines = text.split("\n")
    first = body.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        del lines[first.lineno - 1:first.end_lineno]
    return "\n".join(lines)


def shuffled(count: int, seed: int) -> list[int]:
    """The numbers 0..count-1 in an order made by mulberry32 from seed, never the identity (for count > 1)."""
    order = list(range(count))
    rng = Random(seed)
    rng.shuffle(order)
    if count > 1 and order == list(range(count)):
        order = order[1:] + order[:1]
    return order


class Parsons(Quiz):
    """Lines of a function to put in order and indent; right when the result behaves like the real one."""

    kind = "parsons"

    def __init__(self, solution: str, reference: Callable[..., Any], cases: Mapping[str, Case],
                 distractors: Sequence[str] = (), seed: int = 1, hint: Hints = "", explanation: str = "",
                 namespace: Mapping[str, Any] | None = None, title: str = "",
                 observe: Callable[[Any, tuple[Any, ...]], Any] | None = None) -> None:
        lines = textwrap.dedent(solution).strip("\n").split("\n")
        texts = [line.strip() for line in lines] + [line.strip() for line in distractors]
        if len(set(texts)) != len(texts) or not all(texts):
            raise ValueError("every line of a Parsons problem must be different and not empty")
        if not 1 <= len(distractors) <= 2:
            raise ValueError("a Parsons problem mixes in one or two wrong lines")
        offered = [Piece(text, i < len(lines)) for i, text in enumerate(texts)]
        self.pieces = [offered[i] for i in shuffled(len(offered), seed)]
        self.reference = reference
        self.name = reference.__name__
        self.cases = dict(cases)
        self.observe = observe
        self.hint = hint
        self.explanation = explanation
        self.namespace = dict(getattr(reference, "__globals__", {}) if namespace is None else namespace)
        self.title = title or words()("parsons_title", name=self.name)
        self.solution = [(self.pieces.index(offered[i]), (len(line) - len(line.lstrip())) // len(INDENT), True)
                         for i, line in enumerate(lines)]
        if not self.check(self.solution).correct:
            raise ValueError(f"the solution of this Parsons problem does not behave like {self.name}")

    def start(self) -> list[Row]:
        """The arrangement the student starts from: the shuffled lines, all used, none indented."""
        return [(index, 0, True) for index in range(len(self.pieces))]

    def check(self, rows: Sequence[Row]) -> Verdict:
        """Run the arrangement on every case and compare with the real function; name the first case that fails."""
        code = assemble(self.pieces, rows)
        if not code.strip():
            return Verdict(False, words()("all_left_out"))
        try:
            compiled = compile(code, "<your arrangement>", "exec")
        except SyntaxError as error:
            return Verdict(False, words()("cannot_read", line=error.lineno, message=error.msg))
        scope = dict(self.namespace)
        try:
            exec(compiled, scope)
        except Exception as error:  # the arrangement may do anything at the top level
            return Verdict(False, words()("defining_fails", error=f"{type(error).__name__}: {error}"))
        mine = scope.get(self.name)
        if not callable(mine) or mine is self.namespace.get(self.name):
            return Verdict(False, words()("first_line_def", name=self.name))
        verdict = behaves_like(mine, self.reference, self.cases, self.observe)
        if verdict.correct:
            return Verdict(True, f"{verdict.message} {self.explanation}".strip())
        return verdict

    def build(self) -> QuizBox:
        """The lines with their buttons, Check, the hint, and the feedback."""
        return ParsonsBox(self)


BUTTONS = (("arrow-up", "move_up", -1, 0), ("arrow-down", "move_down", 1, 0),
           ("outdent", "indent_less", 0, -1), ("indent", "indent_more", 0, 1))  # icon, its words, move, indent
STYLE = """<style>
.cosmos-parsons .cosmos-prow { align-items: center; margin: 0; }
.cosmos-parsons .cosmos-prow button { width: 2.4em; padding: 0; margin: 1px; }
.cosmos-parsons .cosmos-prow button.cosmos-use { width: 6.5em; }
.cosmos-parsons .cosmos-ptext { font-family: monospace; white-space: pre; display: block; cursor: grab; }
.cosmos-parsons .cosmos-pline { flex: 1 1 auto; }
.cosmos-parsons .cosmos-ptext.cosmos-unused { color: #94a3b8; text-decoration: line-through; }
</style>"""


# Drag and drop in the page itself (the HTML widget runs these attributes' code, as any page does): a line
# dragged carries its piece's number, where the drag began and the width of one character; dropped on a
# row, it writes "piece onto steps" into the problem's hidden drop field, which sends it to the kernel (onto:
# the piece of the row it was dropped on; steps: how many indentations further right, or left if negative).
DRAG_TYPE = "application/x-cosmos-parsons"
ON_DRAG = ("const r=document.createRange();r.selectNodeContents(this);event.dataTransfer.effectAllowed='move';"
           f"event.dataTransfer.setData('{DRAG_TYPE}',[this.dataset.piece,event.clientX,"
           "r.getBoundingClientRect().width/Math.max(1,this.textContent.length)].join(' '))")
ON_OVER = f"if(event.dataTransfer.types.includes('{DRAG_TYPE}')){{event.preventDefault()}}"
ON_DROP = (f"event.preventDefault();const [p,x,w]=event.dataTransfer.getData('{DRAG_TYPE}').split(' ')"
           ".map(Number);const f=this.closest('.cosmos-parsons').querySelector('.cosmos-pdrop input');"
           f"f.value=[p,this.dataset.piece,Math.round((event.clientX-x)/({len(INDENT)}*w))].join(' ');"
           "f.dispatchEvent(new Event('input',{bubbles:true}))")


def row_html(piece: Piece, level: int, used: bool, position: int, index: int = 0) -> str:
    """One line as shown in its row: its position, its indentation and its text, to drag and to drop on."""
    mark = "" if used else " cosmos-unused"
    return (f'<span class="cosmos-ptext{mark}" data-position="{position}" data-piece="{index}" draggable="true" '
            f'ondragstart="{ON_DRAG}" ondragover="{ON_OVER}" ondrop="{ON_DROP}">'
            f"{escape(INDENT * level + piece.text)}</span>")


def parse_drop(value: str, pieces: int) -> tuple[int, int, int] | None:
    """A drop the page reported ("piece onto steps") as three numbers, or None if it is not one."""
    try:
        piece, onto, steps = (int(part) for part in value.split())
    except ValueError:
        return None
    if not (0 <= piece < pieces and 0 <= onto < pieces):
        return None
    return piece, onto, steps


class ParsonsBox(QuizBox):
    """Rows of buttons and code; the arrangement lives in the widget as a list of rows."""

    def __init__(self, quiz: Parsons) -> None:
        say = self.say = words()
        static = (f"<b>{escape(quiz.title)}</b>"
                  f"<p>{escape(say('parsons_lines'))}</p>" + pre("\n".join(p.text for p in quiz.pieces)))
        self.quiz = quiz
        self.rows_box = widgets.VBox([])
        self.rows_box.add_class("cosmos-plines")
        self.check_button = widgets.Button(description=say("check"), button_style="primary", icon="check",
                                           tooltip=say("parsons_check_tip"))
        self.reset_button = widgets.Button(description=say("start_again"), icon="undo", tooltip=say("start_again_tip"))
        head = widgets.HTML(f"{STYLE}<b>{escape(quiz.title)}</b><br><small>{escape(say('parsons_how'))}</small>")
        self.dropped = widgets.Text(layout=widgets.Layout(display="none"))  # the page writes a drop here (ON_DROP)
        self.dropped.add_class("cosmos-pdrop")
        parts: list[widgets.Widget] = [head, self.rows_box, widgets.HBox([self.check_button, self.reset_button]),
                                       self.dropped]
        if quiz.hint:
            parts.append(hint_row(quiz.hint))
        super().__init__(parts, quiz.title, static)
        self.add_class("cosmos-parsons")
        self.rows: list[Row] = quiz.start()
        self.row_widgets: dict[int, widgets.HBox] = {}
        self.check_button.on_click(lambda _b: self.show(quiz.check(self.rows)))
        self.reset_button.on_click(lambda _b: self.start_again())
        self.dropped.observe(self.on_drop, names="value")
        self.draw()

    def make_row(self, index: int) -> widgets.HBox:
        """The row of one line: its four buttons, Leave out, and the line itself."""
        piece = self.quiz.pieces[index]
        buttons = []
        for icon, what, move, step in BUTTONS:
            button = widgets.Button(icon=icon, tooltip=f"{self.say(what)}: {piece.text}")
            button.on_click(lambda _b, m=move, s=step: self.move(index, m, s))
            buttons.append(button)
        use = widgets.Button(description=self.say("leave_out"), tooltip=self.say("leave_out_tip", line=piece.text))
        use.add_class("cosmos-use")
        use.on_click(lambda _b: self.toggle(index))
        text = widgets.HTML()
        text.add_class("cosmos-pline")
        row = widgets.HBox([*buttons, use, text])
        row.add_class("cosmos-prow")
        row.text, row.use = text, use
        return row

    def draw(self) -> None:
        """Show the rows in their order, each with its indentation and its Leave out or Use again."""
        for position, (index, level, used) in enumerate(self.rows):
            row = self.row_widgets.setdefault(index, self.make_row(index))
            row.text.value = row_html(self.quiz.pieces[index], level, used, position, index)
            row.use.description = self.say("leave_out" if used else "use_again")
        self.rows_box.children = [self.row_widgets[index] for index, _level, _used in self.rows]

    def place_of(self, index: int) -> int:
        """Where the line of piece `index` stands now."""
        return next(i for i, row in enumerate(self.rows) if row[0] == index)

    def move(self, index: int, move: int, step: int) -> None:
        """Move a line up or down by `move` rows and indent it `step` steps more (or less)."""
        at = self.place_of(index)
        _, level, used = self.rows[at]
        self.rows[at] = (index, min(max(level + step, 0), MAX_LEVEL), used)
        to = min(max(at + move, 0), len(self.rows) - 1)
        self.rows.insert(to, self.rows.pop(at))
        self.clear()
        self.draw()

    def drop(self, index: int, onto: int, steps: int) -> None:
        """A line dragged onto another's row, `steps` indentations further right."""
        at, position = self.place_of(index), self.place_of(onto)
        if (position, steps) != (at, 0):  # dropped where it was picked up: nothing changes
            self.move(index, position - at, steps)

    def on_drop(self, change: dict) -> None:
        """Read what the page wrote into the drop field."""
        found = parse_drop(change["new"], len(self.quiz.pieces))
        if found is not None:
            self.dropped.value = ""  # ready for the next drop (the same one again included)
            self.drop(*found)

    def toggle(self, index: int) -> None:
        """Leave a line out, or use it again."""
        at = self.place_of(index)
        _, level, used = self.rows[at]
        self.rows[at] = (index, level, not used)
        self.clear()
        self.draw()

    def start_again(self) -> None:
        """Back to the shuffled lines."""
        self.rows = self.quiz.start()
        self.clear()
        self.draw()

    def answer(self) -> list[list[Any]]:
        """The arrangement as kept in the progress."""
        return [list(row) for row in self.rows]

    def restore(self, answer: Any) -> None:
        """Bring back an arrangement from the progress, unless the problem has changed since."""
        rows = [(int(i), int(level), bool(used)) for i, level, used in answer]
        if sorted(i for i, _l, _u in rows) != list(range(len(self.quiz.pieces))):
            return  # the problem changed since: keep the fresh start
        self.rows = rows
        self.draw()
        self.show(self.quiz.check(rows))
