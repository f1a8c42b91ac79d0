"""Every lesson's text source (jupytext MyST Markdown) and its stored notebook agree, cell for cell."""
from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from lessons import regenerate
from tests.lessons.lesson_helpers import LESSONS

SOURCES = regenerate.lesson_sources(LESSONS)

SAMPLE = """---
jupytext:
  text_representation:
    extension: .md
    format_name: myst
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

# A lesson

Some prose.

```{code-cell} ipython3
print(6 * 7)
```

More prose.

```{code-cell} ipython3
print("again")
```
"""


def cells_of(nb: nbformat.NotebookNode) -> list[tuple[str, str, str]]:
    """What a notebook's cells are, without their outputs: type, id and source."""
    return [(cell.cell_type, cell.id, cell.source) for cell in nb.cells]


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_stored_notebook_is_made_from_its_source(source: Path):
    stored = source.with_suffix(".ipynb")
    assert stored.exists(), f"{stored.name} is missing: python3 course.py regenerate {source.stem}"
    made = regenerate.notebook_from_source(source)
    assert cells_of(nbformat.read(stored, as_version=4)) == cells_of(made), \
        f"{stored.name} is out of date with {source.name}: python3 course.py regenerate {source.stem}"


def test_a_source_becomes_code_and_markdown_cells(tmp_path: Path):
    source = tmp_path / "09-sample.md"
    source.write_text(SAMPLE, encoding="utf-8")
    nb = regenerate.notebook_from_source(source)
    assert [cell.cell_type for cell in nb.cells] == ["markdown", "code", "markdown", "code"]
    assert nb.cells[1].source == "print(6 * 7)"
    assert "jupytext" not in nb.metadata and nb.metadata.kernelspec.name == "python3"
    nbformat.validate(nb)


def test_cell_ids_follow_content_so_an_unchanged_cell_keeps_its_id(tmp_path: Path):
    source = tmp_path / "09-sample.md"
    source.write_text(SAMPLE, encoding="utf-8")
    before = regenerate.notebook_from_source(source)
    assert cells_of(before) == cells_of(regenerate.notebook_from_source(source))
    source.write_text(SAMPLE.replace("More prose.", "A new paragraph.\n\n+++\n\nMore prose."), encoding="utf-8")
    after = regenerate.notebook_from_source(source)
    ids_before = {cell.source: cell.id for cell in before.cells}
    kept = [cell for cell in after.cells if cell.source in ids_before]
    assert len(kept) == 4 and all(cell.id == ids_before[cell.source] for cell in kept)
    assert len({cell.id for cell in after.cells}) == len(after.cells)


def test_identical_cells_get_distinct_ids(tmp_path: Path):
    source = tmp_path / "09-sample.md"
    source.write_text(SAMPLE.replace('print("again")', "print(6 * 7)"), encoding="utf-8")
    ids = [cell.id for cell in regenerate.notebook_from_source(source).cells]
    assert len(set(ids)) == len(ids)


def test_plain_markdown_beside_the_lessons_is_not_a_source(tmp_path: Path):
    (tmp_path / "WRITING.md").write_text("# How to write a lesson\n", encoding="utf-8")
    (tmp_path / "09-sample.md").write_text(SAMPLE, encoding="utf-8")
    assert regenerate.lesson_sources(tmp_path) == [tmp_path / "09-sample.md"]


def test_a_lesson_is_named_with_or_without_its_suffix():
    wanted = LESSONS / "01-galaxy-from-a-seed.ipynb"
    for name in ("01-galaxy-from-a-seed", "01-galaxy-from-a-seed.md", "01-galaxy-from-a-seed.ipynb"):
        assert regenerate.lesson_path(name) == wanted
