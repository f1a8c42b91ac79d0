"""Fixtures for the lesson tests: lesson 1 as stored, and the names its code cells define."""
from __future__ import annotations

import contextlib
import io
from typing import Any

import nbformat
import pytest

from tests.lessons.lesson_helpers import LESSON1, code_cells, is_play_cell


@pytest.fixture(scope="session")
def lesson1_nb() -> nbformat.NotebookNode:
    """Lesson 1 as stored, with its outputs."""
    return nbformat.read(LESSON1, as_version=4)


@pytest.fixture(scope="session")
def lesson1_ns(lesson1_nb: nbformat.NotebookNode) -> dict[str, Any]:
    """The names lesson 1 defines, from running its code cells (all but Play) in this process."""
    namespace: dict[str, Any] = {"__name__": "lesson1"}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in code_cells(lesson1_nb):
            if not is_play_cell(cell):
                exec(compile(cell.source, f"<cell {cell.id}>", "exec"), namespace)
    return namespace
