"""Every command the README shows works: its program answers --help, and each option it uses is one the
program takes. (The README's sentences are free to change; its commands are not free to rot.)"""
from __future__ import annotations

import re
import shlex
import subprocess
import sys

import pytest

import course
from tests.reference import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def shown_commands(text: str) -> list[list[str]]:
    """Each `python3 course.py ...` and `python -m ...` line of the text's code blocks and code spans, as words."""
    blocks = re.findall(r"^```\n(.*?)^```", text, flags=re.S | re.M)
    lines = [line for block in blocks for line in block.splitlines()]
    lines += re.findall(r"(?<!`)`(python[^`]*)`", text)
    found = []
    for line in lines:
        line = re.split(r"\s#\s", line)[0].strip()
        if line.startswith(("python3 course.py", "python -m ")):
            found.append(shlex.split(line))
    return found


def options(words: list[str]) -> list[str]:
    """The long options among the words, without their values (--seed=42 -> --seed)."""
    return [word.split("=", 1)[0] for word in words if word.startswith("--")]


def program_and_subcommand(words: list[str]) -> list[str]:
    """`python -m graders_instructor grade 01-islands x` -> [graders_instructor, grade]: the module and its command."""
    module, rest = words[2], words[3:]
    if module in ("graders", "graders_instructor", "tents") and rest and not rest[0].startswith("-"):
        return [module, rest[0]]
    return [module]


def test_the_readme_shows_the_two_commands_and_every_part_of_a_first_session():
    shown = [" ".join(words) for words in shown_commands(README)]
    assert "python3 course.py" in shown and "python3 course.py test" in shown
    for start in ("python -m cosmos", "python -m graders check", "python -m graders_instructor grade",
                  "python3 course.py release"):
        assert any(command.startswith(start) for command in shown), start


def test_each_course_py_command_the_readme_shows_is_one_course_py_has(capsys: pytest.CaptureFixture[str]):
    assert course.main(["--help"]) == 0
    usage = capsys.readouterr().out
    for words in shown_commands(README):
        if words[:2] != ["python3", "course.py"] or len(words) == 2:
            continue
        if words[2].startswith("-"):  # options for JupyterLab, which the usage names
            assert " ".join(words[2:]) in usage or words[2] in ("--help", "-h"), words
        else:
            assert words[2] in course.COMMANDS and f"  {words[2]} " in usage, words


def test_each_python_m_command_the_readme_shows_answers_help_and_takes_its_options():
    seen = set()
    for words in shown_commands(README):
        if words[:2] != ["python", "-m"]:
            continue
        program = program_and_subcommand(words)
        done = subprocess.run([sys.executable, "-m", *program, "--help"], cwd=ROOT, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, (words, done.stderr)
        assert done.stdout.startswith("usage:"), (words, done.stdout)
        for option in options(words):
            assert option in done.stdout, f"README: {' '.join(words)}: {' '.join(program)} has no {option}"
        seen.add(" ".join(program))
    assert {"cosmos", "tents generate", "graders check", "graders progress",
            "graders_instructor grade", "graders_instructor report"} <= seen
