"""Step through your own code: the student's function, run once under the step recorder, in the see-it player.

Each frame shows the student's source with the line about to run lit, the local variables at that
moment, and how the run ended: the value returned, the exception raised, or that it was stopped
after a bound number of steps (a loop that may never end). Recorded with `graders.stepping`
(sys.settrace and a step counter: no thread, signal or clock, so it works in the JupyterLite site too).
"""
from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from graders.stepping import MAX_STEPS, Recording, Step, record_call
from lessons.kit import seeit
from lessons.kit.player import StepPlayer
from lessons.kit.source import Source


def own_source(function: Callable[..., Any]) -> Source | None:
    """The source of a function typed in a notebook cell (None when Python cannot find it)."""
    try:
        lines, first = inspect.getsourcelines(function)
    except (OSError, TypeError):
        return None
    return Source(f"your {function.__name__}", first, first + len(lines) - 1, "".join(lines))


def locals_table(step: Step) -> str:
    """The local variables of a step as a small two-column table."""
    if not step.local_values:
        return '<div class="cosmos-locals"><i>no local variables yet</i></div>'
    rows = "".join(f'<tr><td style="padding:1px 8px 1px 0;color:#475569">{escape(name)}</td>'
                   f'<td style="font-family:monospace">{escape(value)}</td></tr>'
                   for name, value in step.local_values)
    return f'<table class="cosmos-locals" style="border-collapse:collapse">{rows}</table>'


def caption(step: Step, index: int, recording: Recording, call: str) -> str:
    """What a frame says: the line about to run, what came back, or how the run ended."""
    where = f"in {step.function}" + (f" (called {step.depth} deep)" if step.depth else "")
    if step.event == "return" and step.depth == 0 and index == len(recording.steps) - 1:
        if recording.error is not None:
            return f"{call} stops with {recording.error}: the exception leaves your function."
        return f"{call} returns {step.note}."
    if step.event == "return":
        return f"{step.function} returns {step.note} to its caller."
    if step.event == "exception":
        return f"Line {step.line} {where} raises {step.note}."
    return f"Line {step.line} {where} runs next."


def frames_of(function: Callable[..., Any], args: Sequence[Any], max_steps: int = MAX_STEPS) -> list[str]:
    """Every frame of one run of the student's function, as HTML for a StepPlayer."""
    recording = record_call(function, args, max_steps=max_steps)
    call = f"{function.__name__}({', '.join(repr(a) for a in args)})"
    if len(call) > 80:
        call = f"{function.__name__}(...)"
    source = own_source(function)
    home = function.__code__.co_filename
    frames = []
    for index, step in enumerate(recording.steps):
        text = caption(step, index, recording, call)
        if recording.endless and index == len(recording.steps) - 1:
            text += (f" The run was stopped here, after {max_steps} steps: a loop that never reaches its end "
                     "would run for ever. Look at what changes (or does not) from one round to the next.")
        shows_code = source is not None and step.function == function.__name__
        code = seeit.code_pane(source, step.line) if shows_code else ""
        counters = [("step", f"{index + 1} of {len(recording.steps)}"), ("line", step.line),
                    ("depth", step.depth)]
        frames.append(seeit.frame_html(locals_table(step), text, counters, code))
    if not frames:
        frames.append(seeit.frame_html("", f"{call} ran no line of code from {home}."))
    if recording.printed:
        frames = [frame + f"<div><small>printed so far in the whole run:</small>{escape(recording.printed)}</div>"
                  for frame in frames]
    return frames


def step_through(function: Callable[..., Any], *args: Any, max_steps: int = MAX_STEPS) -> StepPlayer:
    """Run function(*args) once, line by line, and show it in the step player (the last frame when not run)."""
    if not callable(function) or not hasattr(function, "__code__"):
        raise TypeError(f"step_through wants a function written in Python, not {type(function).__name__}")
    frames = frames_of(function, args, max_steps)
    return StepPlayer(frames, title=f"your {function.__name__}, step by step", fallback=-1)
