"""The bonus lesson notebook as stored: one clean run, no ids, the widget with a picture beside it.

That a fresh run in a real kernel reproduces every stored output is tested for every lesson by
tests/lessons/test_lesson_notebooks.py (regenerate with `python -m lessons.regenerate`); what the
outputs and quizzes say is tested in tests/lessons/test_bonus_content.py.
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


def test_the_play_cell_stores_a_picture_in_place_of_the_widget(stored):
    (play,) = [cell for cell in code_cells(stored) if cell.source.startswith("from tents.widget import play")]
    data = play.outputs[0]["data"]
    assert WIDGET_VIEW not in data and data["text/html"].startswith('<img src="data:image/svg+xml;base64,')
    assert "De Biasi" in "".join(cell.source for cell in stored.cells if cell.cell_type == "markdown")
