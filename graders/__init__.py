"""The grader's student side: quizzes, exercises' self-check and the sandboxed autograder it runs in.

The instructor's side (batches, LMS exports, Gradescope, release) is the package graders_instructor, which this
package never imports (tests/test_imports.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["check_here", "run_program", "step_through"]


def check_here(namespace: dict, exercise: str) -> None:
    """Run an exercise's public checks on the functions defined in a notebook (pass globals())."""
    from graders.selfcheck import check_here as run

    run(namespace, exercise)


def run_program(program: Callable[[], object], stdin: str) -> None:
    """Run a stdin/stdout program (a function of no arguments) on the input; show its output."""
    from graders.selfcheck import run_program as run

    run(program, stdin)


def step_through(function: Callable[..., object], *args: object) -> object:
    """Show function(*args) run line by line in the lesson's step player (nothing where the lesson kit is
    absent: the grader's sandbox runs a notebook without it, and a course cell must not fail there)."""
    try:
        from lessons.kit.yourcode import step_through as show
    except ImportError:
        return None
    return show(function, *args)
