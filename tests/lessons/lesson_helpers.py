"""Helpers for the lesson tests: where things are, reading outputs.md and stored outputs."""
from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat

from tests.reference import REFERENCE

REPO_ROOT = Path(__file__).resolve().parents[2]
LESSONS = REPO_ROOT / "lessons"
LESSON1 = LESSONS / "01-galaxy-from-a-seed.ipynb"


def reference_dir() -> Path:
    """tests/reference, where the facts every test reads live."""
    return REFERENCE


def reference_blocks() -> dict[str, str]:
    """The blocks of lesson1/outputs.md by the start of their heading (up to " (")."""
    text = (reference_dir() / "lesson1" / "outputs.md").read_text(encoding="utf-8")
    blocks = {}
    for heading, body in re.findall(r"^## (.+?)\n```\n(.*?)```", text, flags=re.S | re.M):
        blocks[heading.split(" (")[0].strip()] = body
    if not blocks:
        raise AssertionError("outputs.md has no blocks: has its format changed?")
    return blocks


def stdout_of(cell: nbformat.NotebookNode) -> str:
    """Everything a stored code cell printed to stdout."""
    return "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    """The notebook's code cells."""
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def cell_with(nb: nbformat.NotebookNode, fragment: str) -> nbformat.NotebookNode:
    """The one code cell whose source contains fragment."""
    cells = [cell for cell in code_cells(nb) if fragment in cell.source]
    assert len(cells) == 1, f"{len(cells)} cells contain {fragment!r}"
    return cells[0]


def words_before_first_program(nb: nbformat.NotebookNode, skip_play: bool = False) -> int:
    """The words of prose before the first code cell (the Play cell not counting as one if skip_play)."""
    words = 0
    for cell in nb.cells:
        if cell.cell_type == "code" and not (skip_play and is_play_cell(cell)):
            break
        if cell.cell_type == "markdown":
            words += len(cell.source.split())
    return words


def is_play_cell(cell: nbformat.NotebookNode) -> bool:
    """The one kind of cell allowed to reach beyond its lesson: the finished game."""
    return bool(cell.metadata.get("cosmos", {}).get("play"))


def run_cells(nb: nbformat.NotebookNode, name: str, skip_play: bool = True) -> dict[str, Any]:
    """The names a lesson defines, from running its code cells (Play's too unless skip_play) in this process."""
    namespace: dict[str, Any] = {"__name__": name}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in code_cells(nb):
            if not (skip_play and is_play_cell(cell)):
                exec(compile(cell.source, f"<cell {cell.id}>", "exec"), namespace)
    return namespace


@functools.cache
def lesson_names(lesson: str) -> dict[str, Any]:
    """The names a lesson (its file's stem) defines, from running all its code cells, Play's too, in this process:
    once per process (lesson 6 plays 150 games), for every test that reads them (treat them as read-only)."""
    return run_cells(nbformat.read(LESSONS / f"{lesson}.ipynb", as_version=4), lesson, skip_play=False)


def engine_modules_loaded(nb: nbformat.NotebookNode, folder: Path) -> set[str]:
    """The cosmos modules a fresh interpreter has loaded after running the lesson's cells (all but Play)."""
    cells = [cell.source for cell in code_cells(nb) if not is_play_cell(cell)]
    script = folder / "cells.py"
    script.write_text(
        "import contextlib, io, json, sys\n"
        f"cells = {cells!r}\n"
        "ns = {}\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    for cell in cells:\n"
        "        exec(cell, ns)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'cosmos')))\n")
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env,
                         cwd=folder, timeout=300, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr
    return set(json.loads(run.stdout))


def markdown(nb: nbformat.NotebookNode) -> str:
    """The lesson's prose: its markdown cells joined by newlines."""
    return "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")


def prose_blocks(source: str) -> list[str]:
    """A markdown cell's prose, fenced blocks left out, cut where a table stands: the one measure of prose."""
    return re.split(r"\n(?:\|.*(?:\n|$))+", re.sub(r"```.*?```", "", source, flags=re.S))


def prose_runs(nb: nbformat.NotebookNode) -> list[tuple[int, str]]:
    """Every stretch of prose between programs or tables: (its words, its first words)."""
    runs: list[tuple[int, str]] = []
    words, start = 0, ""
    for cell in nb.cells:
        if cell.cell_type == "code":
            runs.append((words, start))
            words, start = 0, ""
            continue
        for number, block in enumerate(prose_blocks(cell.source)):
            if number:  # a table stood before this block
                runs.append((words, start))
                words, start = 0, ""
            words += len(block.split())
            start = start or " ".join(block.split()[:8])
    runs.append((words, start))
    return [run for run in runs if run[0]]


@functools.cache
def read_lesson(lesson: str) -> nbformat.NotebookNode:
    """The stored notebook of a lesson (its file's stem), read once per process (treat it as read-only)."""
    return nbformat.read(LESSONS / f"{lesson}.ipynb", as_version=4)


# The constructors of the lesson kit's activities: a cell that builds one gives the student something to do.
ACTIVITIES = ("Task(", "FillTheGap(", "Parsons(", "PredictOutput(", "MultipleChoice(", "QuizSet(", "FindTheBug(")
EXPECT = "**What do you expect?**"  # a markdown cell that asks it, with the program that answers it next


def is_activity(cell: nbformat.NotebookNode) -> bool:
    """Whether the cell gives the student something to do: a task or quiz, or a "what do you expect?" question."""
    if cell.cell_type == "code":
        return any(name in cell.source for name in ACTIVITIES)
    return EXPECT in cell.source


def activity_gaps(nb: nbformat.NotebookNode) -> list[tuple[int, str]]:
    """The words of prose (as prose_runs counts them) before the first activity, then between each two and after
    the last: (words, first words)."""
    gaps: list[tuple[int, str]] = []
    words, start = 0, ""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            words += sum(len(block.split()) for block in prose_blocks(cell.source))
            start = start or " ".join(cell.source.split()[:8])
        if is_activity(cell):
            gaps.append((words, start))
            words, start = 0, ""
    gaps.append((words, start))
    return gaps
