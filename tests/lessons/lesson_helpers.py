"""Helpers for the lesson tests: where things are, reading outputs.md and stored outputs."""
from __future__ import annotations

import re
from pathlib import Path

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


def is_play_cell(cell: nbformat.NotebookNode) -> bool:
    """The one kind of cell allowed to reach beyond its lesson: the finished game."""
    return bool(cell.metadata.get("cosmos", {}).get("play"))
