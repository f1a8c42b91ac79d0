"""Read a submitted notebook as untrusted bytes and keep only the source of its code cells."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

MAX_NOTEBOOK_BYTES = 5 << 20
MAX_CELLS = 1000
MAX_SOURCE_CHARS = 1 << 20


class SubmissionError(ValueError):
    """The submission is not a notebook the grader can run; the message is for the student."""


def read_submission(path: Path) -> bytes:
    """A submitted file's bytes: a regular file only, opened without following a link, at most 5 MB.

    A link (to the reference solution, say), a FIFO, a device or a folder is the submission's
    error, never a hang or somebody else's file.
    """
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if os.path.islink(path):
            raise SubmissionError("the submission is a link, not a notebook file") from None
        raise SubmissionError(f"the file could not be read ({error.strerror})") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SubmissionError("the submission is not a regular file")
        chunks, size = [], 0
        while size <= MAX_NOTEBOOK_BYTES and (chunk := os.read(fd, 1 << 20)):
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        raise SubmissionError(f"the file could not be read ({error.strerror})") from None
    finally:
        os.close(fd)
    if size > MAX_NOTEBOOK_BYTES:
        raise SubmissionError(
            f"the notebook is larger than {MAX_NOTEBOOK_BYTES >> 20} MB (clear its outputs)"
        )
    return b"".join(chunks)


def read_cells(path: Path) -> list[str]:
    """The source of every code cell, in order; SubmissionError for anything else."""
    return clean(read_submission(path))


def clean(data: bytes) -> list[str]:
    """Parse notebook JSON and return its code cells' source; outputs and metadata are dropped."""
    notebook = parse_notebook(data)
    sources = [source for number, cell in enumerate(notebook["cells"], start=1)
               if (source := cell_source(number, cell)) is not None]
    if sum(len(source) for source in sources) > MAX_SOURCE_CHARS:
        raise SubmissionError(f"the notebook has more than {MAX_SOURCE_CHARS >> 10} KB of code")
    return sources


def parse_notebook(data: bytes) -> dict:
    """The notebook's JSON, checked to be a format 4 notebook with a list of at most MAX_CELLS cells."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SubmissionError("the file is not UTF-8 text, so it is not a notebook") from None
    try:
        notebook = json.loads(text)
    except RecursionError:
        raise SubmissionError("the notebook's JSON is nested too deeply") from None
    except ValueError as error:
        raise SubmissionError(f"the file is not valid notebook JSON ({error})") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        raise SubmissionError("the file is JSON but not a notebook (it has no list of cells)")
    if notebook.get("nbformat") != 4:
        raise SubmissionError(
            f"the notebook has format version {str(notebook.get('nbformat'))[:10]}; save it with "
            "JupyterLab (format 4)"
        )
    if len(notebook["cells"]) > MAX_CELLS:
        raise SubmissionError(f"the notebook has more than {MAX_CELLS} cells")
    return notebook


def cell_source(number: int, cell: object) -> str | None:
    """A code cell's source as one string (None for any other cell); SubmissionError if it is malformed."""
    if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
        raise SubmissionError(f"cell {number} of the notebook is malformed")
    if cell["cell_type"] != "code":
        return None
    source = cell.get("source", "")
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        source = "".join(source)
    if not isinstance(source, str):
        raise SubmissionError(f"cell {number} of the notebook has malformed source")
    return source


def code_notebook(sources: list[str]) -> dict:
    """A minimal notebook (nbformat 4) holding the given code cells: for tests and tools."""
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "cells": [
            {
                "cell_type": "code",
                "id": f"cell-{i}",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": source,
            }
            for i, source in enumerate(sources)
        ],
    }


def write_notebook(path: Path, sources: list[str]) -> Path:
    """Write code_notebook(sources) to path; return path."""
    path.write_text(json.dumps(code_notebook(sources), indent=1) + "\n", encoding="utf-8")
    return path
