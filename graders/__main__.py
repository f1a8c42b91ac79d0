"""The grader's command line: `python -m graders check|progress ...` (the student's self-check and progress).

The instructor's commands (validate, grade, new, report, gradescope) are the instructor's own command line,
`python -m graders_instructor` (the `graders-instructor` command; the pip wheel's `graders` too), which builds on
this one. This package never imports that one (tests/test_imports.py).
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from graders.exercise import HIDDEN, ExerciseError
from graders.sandbox import SandboxUnavailable

INSTRUCTOR_HINT = "the instructor's commands (validate, grade, new, report, gradescope): python -m graders_instructor"


class Parser(argparse.ArgumentParser):
    """argparse's parser, which also names the command meant when a command is mistyped."""

    def error(self, message: str) -> NoReturn:
        """Exit with the usage and the message, plus "did you mean" for a mistyped command."""
        typo = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if typo:
            close = difflib.get_close_matches(typo.group(1), re.findall(r"'([^']*)'", typo.group(2)), n=1)
            message += f"; did you mean '{close[0]}'?" if close else ""
        super().error(message)


def parser() -> argparse.ArgumentParser:
    """The student's commands and their options."""
    main = Parser(prog="python -m graders", description="Check your exercises.")
    commands = main.add_subparsers(dest="command", required=True)
    add_check(commands)
    add_progress(commands)
    return main


def add_check(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """The `check` command: the student's self-check."""
    check = commands.add_parser("check", help="run the public checks on your saved notebook")
    check.add_argument("notebook", type=Path)
    check.add_argument("--exercise", help="the exercise, if the notebook is not in its folder")
    add_limits(check)
    return check


def add_progress(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """The `progress` command: the student's progress in the whole course, or forgetting it."""
    progress = commands.add_parser("progress", help="your progress in the whole course (kept outside the notebooks)")
    progress.add_argument("--reset", nargs="?", const="", metavar="LESSON",
                          help="forget the progress of one lesson (its name), or with no name of the whole course")
    return progress


def add_limits(command: argparse.ArgumentParser) -> None:
    """--memory and --timeout."""
    command.add_argument("--memory", type=int, metavar="MB", help="memory per process (default 1024)")
    command.add_argument("--timeout", type=float, metavar="S", help="seconds per submission")


def main(argv: list[str] | None = None, make_parser: Callable[[], argparse.ArgumentParser] = parser,
         dispatch: Callable[[argparse.Namespace], int] | None = None) -> int:
    """Run one command (of make_parser's, run by dispatch); problems become one clear line on stderr and exit 2."""
    args = make_parser().parse_args(argv)
    try:
        return (dispatch or run)(args)
    except (ExerciseError, SandboxUnavailable) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:  # a folder that cannot be made, a file that cannot be written
        where = f"{error.filename}: " if error.filename else ""
        print(f"error: {where}{error.strerror or error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nstopped; run the same command again to carry on where it stopped", file=sys.stderr)
        return 130


def show_progress(reset: str | None) -> int:
    """Print the course's progress, after forgetting one lesson's or all of it when asked."""
    from graders.progress import TRACKER, course_lessons, course_lines, progress_path

    if reset is not None:
        known = set(course_lessons()) | set(TRACKER.read().get("lessons", {}))
        if reset and reset not in known:
            raise ExerciseError(f"no lesson {reset!r}; the lessons: {', '.join(sorted(known)) or 'none'}")
        TRACKER.reset(reset or None)
        print(f"forgot the progress of {reset or 'the whole course'}")
    data = TRACKER.read()
    if TRACKER.notice:
        print(TRACKER.notice)
    print(f"your progress (kept in {progress_path()}):")
    print("\n".join(f"  {line}" for line in course_lines(data, course_lessons())))
    return 0


def run(args: argparse.Namespace) -> int:
    """Dispatch a parsed command line."""
    if args.command == "progress":
        return show_progress(args.reset)
    if args.command == "check":
        from graders.selfcheck import check_notebook, is_own_notebook

        if not args.notebook.is_file():
            raise ExerciseError(f"no notebook {args.notebook}")
        own = is_own_notebook(args.notebook, instructor=HIDDEN.is_dir())  # the copy with the hidden checks
        passed, text = check_notebook(args.notebook, args.exercise, keep=own)
        print(text)
        return 0 if passed else 1
    raise ExerciseError(f"no command {args.command!r}; {INSTRUCTOR_HINT}")


if __name__ == "__main__":
    sys.exit(main())
