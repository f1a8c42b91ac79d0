"""The bonus lesson notebook as stored: one clean run, no ids, and outputs that back the prose.

That a fresh run in a real kernel reproduces every stored output is tested for every lesson by
tests/lessons/test_lesson_notebooks.py (regenerate with `python -m lessons.regenerate`).
"""
from __future__ import annotations

import re

import nbformat
import pytest

from tests.tents.helpers import ROOT

LESSON = ROOT / "lessons" / "bonus-tents-and-trees.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def code_cells(nb: nbformat.NotebookNode) -> list:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def outputs_by_id(nb: nbformat.NotebookNode) -> dict[str, list]:
    return {cell.id: cell.outputs for cell in code_cells(nb)}


def text_of(nb: nbformat.NotebookNode, cell_id: str) -> str:
    return "".join(o.get("text", "") for o in outputs_by_id(nb)[cell_id])


@pytest.fixture(scope="module")
def stored() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


def test_the_lesson_is_stored_after_one_clean_run(stored):
    cells = code_cells(stored)
    assert [cell.execution_count for cell in cells] == list(range(1, len(cells) + 1))
    for cell in cells:
        assert all(o.output_type != "error" and o.get("name") != "stderr" for o in cell.outputs), cell.id
        for output in cell.outputs:
            text = output.get("data", {}).get("text/plain", "") + output.get("text", "")
            assert not re.search(r"[0-9a-f]{32}|0x[0-9a-f]{6,}", text), f"an id or address in {cell.id}"


def test_the_stored_outputs_say_what_the_prose_says(stored):
    assert "a tree in column 0 beside a tent in column 1: 0" in text_of(stored, "source-run")
    assert "a tent in the bottom right square: 0" in text_of(stored, "source-run")
    assert re.search(r"more than one\s+[1-9]\d*", text_of(stored, "source-run"))
    assert re.search(r"without the corner check, [1-9]\d* of 200 seeds hang", text_of(stored, "stuck"))
    for level in ("easy", "hard"):
        assert f"{level}: one solution 50 of 50, graded {level} 50 of 50" in text_of(stored, "ours-run")
    assert "solutions: 2 - the tents are the same" in text_of(stored, "pairings")
    play = outputs_by_id(stored)["play"][0]["data"]
    assert WIDGET_VIEW in play and play["text/html"].startswith("<svg")
    assert "De Biasi" in "".join(cell.source for cell in stored.cells if cell.cell_type == "markdown")
