"""The browser tests' own detectors, on made-up page readings: they flag what they are meant to, nothing else."""
from __future__ import annotations

from pathlib import Path

import nbformat

from lessons import nbfile
from tests.browser import pages
from tests.browser.test_lessons_in_browser import changed, unrendered_html


def shown(text: str, pictures: int = 0) -> dict:
    """What pages.cell_outputs reads for one cell."""
    return {"text": text, "shown": pictures, "broken": 0, "stderr": ""}


def html_cell(html: str, plain: str) -> nbformat.NotebookNode:
    """A code cell whose one output is HTML with its plain-text stand-in."""
    output = nbformat.v4.new_output("execute_result", data={"text/html": html, "text/plain": plain}, execution_count=1)
    return nbformat.v4.new_code_cell("x", outputs=[output])


def test_a_stripped_svg_is_a_run_of_digits_a_float_is_not():
    assert pages.DIGIT_RUN.findall("lanes 102133445262738493104114124 done") == ["102133445262738493104114124"]
    assert pages.DIGIT_RUN.findall("floats: 29.999999999999996, 1234567890123.5") == []


def test_stored_html_shown_as_its_plain_stand_in_is_flagged():
    stand_in = "StepPlayer: 45 frames (run the notebook to play)"
    cell = html_cell("<p><i>Step 3 of 45.</i></p><img src='data:x'>", stand_in)
    assert unrendered_html(cell, shown("Step 3 of 45.", pictures=1)) == []
    assert unrendered_html(cell, shown(stand_in)) == [f"shows {stand_in!r} instead of its HTML"]
    assert unrendered_html(cell, shown("")) == ["shows nothing of its stored HTML"]


def test_html_whose_text_is_its_plain_stand_in_is_not_flagged():
    screen = "Turn 1/150  Terran Empire (A)\n[ 1]....[ 2]"
    cell = html_cell(f'<pre class="cosmos-screen">{screen}</pre>', screen)  # the Play widget's fallback
    assert unrendered_html(cell, shown(screen)) == []


def test_a_save_that_changes_the_notebook_names_the_lines(tmp_path: Path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("first"), nbformat.v4.new_code_cell("x = 1")])
    stored = nbfile.jupyterlab_text(nbfile.with_kernel_metadata(nb))
    saved = tmp_path / "saved.ipynb"
    saved.write_text(stored, encoding="utf-8")
    assert changed(saved, stored, "saving") == []
    saved.write_text(stored.replace('"x = 1"', '"x = 2"'), encoding="utf-8")
    assert changed(saved, stored, "saving") == ['saving: -"x = 1" | +"x = 2"']
