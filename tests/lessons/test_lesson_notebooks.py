"""Every lessons/*.ipynb, re-executed in a real kernel, reproduces its stored outputs exactly."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

import nbformat
import pytest

from lessons import regenerate
from tests.lessons.lesson_helpers import LESSONS, code_cells

NOTEBOOKS = regenerate.lesson_notebooks(LESSONS)


def test_there_is_at_least_the_first_lesson():
    assert LESSONS / "01-galaxy-from-a-seed.ipynb" in NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_notebook_was_run_to_the_end_without_errors(path: Path):
    nb = nbformat.read(path, as_version=4)
    cells = code_cells(nb)
    assert [cell.execution_count for cell in cells] == list(range(1, len(cells) + 1)), \
        f"{path.name} was not stored after one clean run: python -m lessons.regenerate"
    for cell in cells:
        kinds = {output.output_type for output in cell.outputs}
        assert "error" not in kinds, f"cell {cell.id} of {path.name} stored an error"
        assert not [o for o in cell.outputs if o.get("name") == "stderr"], \
            f"cell {cell.id} of {path.name} wrote to stderr"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_reexecuting_reproduces_every_stored_output(path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    temp = tmp_path / "temp"  # the kernel's temporary folder too: a lesson leaves nothing in it
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    stored = nbformat.read(path, as_version=4)
    fresh = regenerate.execute(path)
    assert sorted(p.name for p in temp.iterdir()) == [], f"{path.name} left files in the temporary folder"
    assert len(code_cells(fresh)) == len(code_cells(stored))
    for old, new in zip(code_cells(stored), code_cells(fresh), strict=True):
        assert [o.output_type for o in new.outputs if o.output_type == "error"] == [], \
            f"cell {new.id} of {path.name} failed: {json.dumps(new.outputs)[:2000]}"
        assert new.execution_count == old.execution_count
        assert new.outputs == old.outputs, (
            f"cell {old.id} of {path.name} now prints something else than the stored notebook; "
            "if the change is intended, run: python3 course.py regenerate")


def test_regenerate_refuses_a_notebook_that_does_not_exist(capsys):
    assert regenerate.main(["no-such-lesson.ipynb"]) == 2
    assert "no such lesson: no-such-lesson.ipynb" in capsys.readouterr().err


def test_the_kernel_runs_this_checkout_of_the_code(tmp_path: Path):
    env = regenerate.kernel_env(str(tmp_path))
    assert env["PYTHONPATH"].split(":")[0] == str(Path(__file__).resolve().parents[2])
    assert env["XDG_DATA_HOME"] == str(tmp_path)


def test_a_run_keeps_its_data_folder_empty_and_leaves_none_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # each run made a data folder under the temp folder and left it there (88 of them after a day of test runs)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import os\nprint(sorted(os.listdir(os.environ['XDG_DATA_HOME'])), os.environ['XDG_DATA_HOME'] != '')")])
    ran = regenerate.execute(tmp_path / "lesson.ipynb", notebook)
    assert ran.cells[0].outputs[0]["text"] == "[] True\n"
    assert list((tmp_path / "temp").iterdir()) == []


def test_stream_chunks_are_joined_but_different_streams_are_not():
    outputs = [{"output_type": "stream", "name": "stdout", "text": "a\n"},
               {"output_type": "stream", "name": "stdout", "text": "b\n"},
               {"output_type": "stream", "name": "stderr", "text": "c\n"},
               {"output_type": "display_data", "data": {}, "metadata": {}},
               {"output_type": "stream", "name": "stdout", "text": "d\n"}]
    joined = regenerate.coalesce_streams(outputs)
    assert [o.get("text") for o in joined] == ["a\nb\n", "c\n", None, "d\n"]
