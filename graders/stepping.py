"""Run a student's function line by line with sys.settrace: the steps, the locals, and a bound on both.

Nothing here uses a thread, a signal or the clock, so it works the same in Pyodide (the JupyterLite
site): the bound is a count of steps. A run that reaches it stops with `StepLimit` raised inside the
student's code, and the recording says that the function did not finish (most likely an endless loop).
"""
from __future__ import annotations

import contextlib
import io
import reprlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import Any

MAX_STEPS = 400  # steps kept for the step player
MAX_RUN = 200_000  # steps allowed when only the result matters (a Parsons problem, a task)
SHORT = reprlib.Repr()
SHORT.maxstring, SHORT.maxother, SHORT.maxlist, SHORT.maxdict = 40, 40, 8, 6


class StepLimit(Exception):
    """The function ran more steps than allowed: it would probably never stop."""


@dataclass(frozen=True)
class Step:
    """One moment of a run: the line about to run (or the one that returned or raised), and the locals then."""

    event: str  # "line", "return" or "exception"
    function: str
    line: int  # the line's number in its file (as the function's code object counts it)
    depth: int  # 0 for the function called, 1 for a function it called, ...
    local_values: tuple[tuple[str, str], ...]
    note: str = ""  # what was returned or raised


@dataclass(frozen=True)
class Recording:
    """A whole run: its steps, and how it ended."""

    steps: tuple[Step, ...]
    result: str | None  # repr of the value returned, when it returned
    error: str | None  # "ZeroDivisionError: division by zero", when it raised
    endless: bool  # stopped at the step limit
    printed: str
    value: Any = None  # the value returned itself

    @property
    def finished(self) -> bool:
        """Whether the function returned normally."""
        return self.error is None and not self.endless


def shown_locals(frame: FrameType) -> tuple[tuple[str, str], ...]:
    """A frame's local variables as (name, short repr), in the order they were made."""
    return tuple((name, SHORT.repr(value)) for name, value in frame.f_locals.items()
                 if not name.startswith("__"))


def record_call(function: Callable[..., Any], args: Sequence[Any] = (), max_steps: int = MAX_STEPS,
                keep: bool = True) -> Recording:
    """Call function(*args) under sys.settrace, recording each line of the code in its file.

    Every line run in any function counts towards max_steps (so a loop in a helper is bounded
    too); steps are kept (with locals) only for code from the function's own file, and only when keep.
    """
    home = function.__code__.co_filename
    steps: list[Step] = []
    count = 0
    depth_of: dict[int, int] = {}

    def local(frame: FrameType, event: str, arg: Any) -> Callable | None:
        nonlocal count
        if event == "line":
            count += 1
            if count > max_steps:
                raise StepLimit(f"more than {max_steps} steps")
        mine = frame.f_code.co_filename == home
        if keep and mine and event in ("line", "return", "exception"):
            note = ""
            if event == "return":
                note = SHORT.repr(arg)
            elif event == "exception":
                note = f"{arg[0].__name__}: {arg[1]}"
            steps.append(Step(event, frame.f_code.co_name, frame.f_lineno, depth_of.get(id(frame), 0),
                              shown_locals(frame), note))
        return local

    def call(frame: FrameType, event: str, arg: Any) -> Callable | None:
        parent = depth_of.get(id(frame.f_back), -1) if frame.f_back is not None else -1
        depth_of[id(frame)] = parent + 1
        return local

    printed = io.StringIO()
    old = sys.gettrace()
    result = error = None
    value: Any = None
    endless = False
    try:
        with contextlib.redirect_stdout(printed):
            sys.settrace(call)
            try:
                value = function(*args)
            finally:
                sys.settrace(old)
        result = repr(value)
    except StepLimit:
        endless = True
    except Exception as raised:  # the student's code may raise anything
        error = f"{type(raised).__name__}: {raised}"
    return Recording(tuple(steps), result, error, endless, printed.getvalue(), value)
