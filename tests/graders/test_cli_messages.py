"""`python -m graders` answers a mistyped command, a missing argument or a path it cannot use with one clear
message and exit code 2, never a traceback (each command tried in this process, as the command line runs it)."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

import pytest

from graders_instructor.commands import main, parser
from tests.graders.grader_helpers import REPO

REQUIRED = {"grade": "exercise, submissions", "validate": "exercise", "check": "notebook", "new": "name",
            "report": "out", "gradescope": "exercise"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """The exit code and stderr of one command line."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse's own exit
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return code, err


@pytest.mark.parametrize(("typo", "meant"), [("grde", "grade"), ("gradescop", "gradescope"), ("valdate", "validate"),
                                             ("raport", "report"), ("chek", "check")])
def test_a_mistyped_command_is_named(capsys: pytest.CaptureFixture[str], typo: str, meant: str):
    code, err = run(capsys, typo)
    assert code == 2 and f"invalid choice: '{typo}'" in err and err.rstrip().endswith(f"did you mean '{meant}'?")


@pytest.mark.parametrize("command", sorted(REQUIRED))
def test_a_missing_argument_is_named(capsys: pytest.CaptureFixture[str], command: str):
    code, err = run(capsys, command)
    assert code == 2 and f"the following arguments are required: {REQUIRED[command]}" in err


def test_paths_it_cannot_use_are_one_line_each(capsys: pytest.CaptureFixture[str], tmp_path: Path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code, err = run(capsys, "gradescope", "01-islands", "--out", str(blocker / "autograder.zip"))
    assert code == 2 and err == f"error: {blocker / 'autograder.zip'}: Not a directory\n"
    code, err = run(capsys, "new", "09-trade", "--root", str(tmp_path / "nowhere"))
    assert code == 2 and f"no folder {tmp_path / 'nowhere'}" in err and not (tmp_path / "nowhere").exists()
    code, err = run(capsys, "progress", "--reset", "01-no-such-lesson")
    assert code == 2 and "no lesson '01-no-such-lesson'; the lessons: 01-galaxy-from-a-seed" in err
    code, err = run(capsys, "grade", "01-islands", str(REPO / "README.md"), "--out", str(blocker / "out"))
    assert code == 2 and err.endswith(f"error: {blocker / 'out'}: Not a directory\n")
    code, err = run(capsys, "grade", "01-islands", str(REPO / "README.md"), "--moodle-worksheet",
                    str(tmp_path / "missing.csv"))
    assert code == 2 and err == f"error: --moodle-worksheet {tmp_path / 'missing.csv'}: No such file or directory\n"


def test_grades_help_says_where_the_results_go_and_how_many_run_at_once(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        main(["grade", "--help"])
    shown = " ".join(capsys.readouterr().out.split())  # argparse wraps the help at the terminal's width
    assert "folder for the results (default: grading-out)" in shown
    assert f"submissions at a time (default: the machine's {os.cpu_count() or 1} cores)" in shown


def test_every_option_the_docs_give_a_graders_command_is_one_it_takes():
    commands = next(action for action in parser()._actions if isinstance(action, argparse._SubParsersAction))
    taken = {name: {option for action in sub._actions for option in action.option_strings}
             for name, sub in commands.choices.items()}
    seen = 0
    for doc in ("README.md", "docs/instructors.md", "graders/FORMAT.md"):
        for line in (REPO / doc).read_text(encoding="utf-8").splitlines():
            for command, rest in re.findall(r"python -m graders (\w+)([^`|#]*)", line):
                for option in re.findall(r"(?<![\w-])--[a-z][a-z-]*", rest):
                    assert option in taken[command], f"{doc}: {line.strip()!r}: {command} has no {option}"
                    seen += 1
    assert seen >= 15  # the docs' examples were read: --out, --lang, --late-penalty, --moodle-worksheet, --root...
