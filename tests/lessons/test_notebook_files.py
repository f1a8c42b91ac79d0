"""Notebooks are stored as JupyterLab saves them, with static fallbacks instead of widget views."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

from lessons import nbfile
from tests.lessons.lesson_helpers import REPO_ROOT

STORED = sorted([*(REPO_ROOT / "lessons").glob("*.ipynb"), *(REPO_ROOT / "exercises").glob("*/*.ipynb")])
WIDGET_VIEW = nbfile.WIDGET_VIEW


def widget_output(text: str = "x", html: str | None = "<b>x</b>") -> dict:
    """A display_data output of a widget, as the kernel sends it."""
    data = {"text/plain": text, WIDGET_VIEW: {"model_id": "ab" * 16, "version_major": 2, "version_minor": 0}}
    if html is not None:
        data["text/html"] = html
    return {"output_type": "display_data", "metadata": {}, "data": data}


def notebook_with(*outputs: dict) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("# Über"),
                nbformat.v4.new_code_cell("x = 1\nx", outputs=[nbformat.from_dict(o) for o in outputs])]
    for number, cell in enumerate(nb.cells):
        cell.id = f"cell-{number}"
    return nb


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_stored_notebook_is_byte_for_byte_what_jupyterlab_saves(path: Path):
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=4)
    assert text == nbfile.jupyterlab_text(nb), f"rewrite it: .venv/bin/python -m lessons.nbfile {path}"
    assert nb.metadata.kernelspec == nbfile.KERNELSPEC
    info = nb.metadata.language_info
    assert sorted(info) == sorted(nbfile.kernel_language_info()), "language_info as the kernel tells JupyterLab"
    assert all(cell.get("id") for cell in nb.cells)


@pytest.mark.parametrize("path", STORED, ids=lambda p: p.relative_to(REPO_ROOT).as_posix())
def test_stored_notebook_has_no_widget_view_to_say_model_not_found(path: Path):
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata
    views = [cell.id for cell in nb.cells for o in cell.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
    assert views == []


def test_the_text_is_nbformat_layout_with_sorted_keys_and_a_final_newline():
    nb = notebook_with()
    nb.nbformat_minor = 4
    text = nbfile.jupyterlab_text(nb)
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text.startswith('{\n "cells": [\n  {\n   "cell_type": "markdown",\n')  # sorted, indent 1
    assert '"# Über"' in text  # not escaped
    assert '"x = 1\\n",\n' in text  # multi-line sources as lists of lines
    assert json.loads(text)["nbformat_minor"] == 5


def test_kernel_metadata_is_what_the_course_kernel_reports():
    nb = nbfile.with_kernel_metadata(notebook_with())
    assert nb.metadata.kernelspec == nbfile.KERNELSPEC
    assert nb.metadata.language_info["version"] == ".".join(map(str, sys.version_info[:2]))
    assert nb.metadata.language_info["name"] == "python"


def test_a_notebook_saved_under_another_patch_release_of_python_is_stored_the_same():
    nb = nbfile.with_kernel_metadata(notebook_with())
    stored = nbfile.jupyterlab_text(nb)
    nb.metadata.language_info["version"] = f"{sys.version_info.major}.{sys.version_info.minor}.99"
    model = {"type": "notebook", "content": json.loads(nbfile.jupyterlab_text(nb))}
    nbfile.pre_save(model, "exercises/01-islands/islands.ipynb")
    assert nbfile.jupyterlab_text(nbformat.from_dict(model["content"])) == stored
    assert nbfile.jupyterlab_text(nbfile.as_stored(nb)) == stored


def test_widget_views_give_way_to_their_fallback_and_views_without_one_stay():
    nb = notebook_with(widget_output(), widget_output("only text", html=None),
                       {"output_type": "display_data", "metadata": {}, "data": {WIDGET_VIEW: {"model_id": "c"}}})
    nb.metadata["widgets"] = {"state": {}}
    outputs = nbfile.static_widget_views(nb).cells[1].outputs
    assert [sorted(o.data) for o in outputs] == [["text/html", "text/plain"], ["text/plain"], [WIDGET_VIEW]]
    assert "widgets" not in nb.metadata


def test_store_writes_what_jupyterlab_would_and_leaves_equal_files_alone(tmp_path: Path):
    path = tmp_path / "n.ipynb"
    nb = notebook_with()
    nbfile.store(nb, path)
    assert path.read_text(encoding="utf-8") == nbfile.jupyterlab_text(nb)
    stamp = path.stat().st_mtime_ns
    nbfile.store(nbformat.read(path, as_version=4), path)
    assert path.stat().st_mtime_ns == stamp


def test_a_lesson_run_and_saved_in_jupyterlab_is_saved_as_stored():
    stored = nbfile.with_kernel_metadata(notebook_with(
        {"output_type": "stream", "name": "stdout", "text": "a\nb\n"}, widget_output()))
    nbfile.static_widget_views(stored)
    run = nbfile.with_kernel_metadata(notebook_with(
        {"output_type": "stream", "name": "stdout", "text": "a\n"},
        {"output_type": "stream", "name": "stdout", "text": "b\n"}, widget_output()))
    run.cells[1].metadata["execution"] = {"iopub.status.busy": "2026-01-01T00:00:00Z"}
    model = {"type": "notebook", "content": json.loads(json.dumps(run))}
    nbfile.pre_save(model=model, path="lessons/01-x.ipynb", contents_manager=None)
    assert nbfile.jupyterlab_text(nbformat.from_dict(model["content"])) == nbfile.jupyterlab_text(stored)
    elsewhere = {"type": "notebook", "content": json.loads(json.dumps(run))}
    nbfile.pre_save(model=elsewhere, path="exercises/01-islands/islands.ipynb", contents_manager=None)
    assert elsewhere["content"] == json.loads(json.dumps(run))  # a student's exercise is saved as it is
    text = {"type": "file", "content": "x"}
    nbfile.pre_save(model=text, path="lessons/notes.txt", contents_manager=None)
    assert text == {"type": "file", "content": "x"}
