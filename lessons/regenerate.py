"""Build every lesson notebook from its text source, execute it in a real kernel and store its outputs.

A lesson's source is `lessons/NN-name.md`, jupytext's MyST Markdown: it reads as prose in a
review and a diff. The stored `lessons/NN-name.ipynb` is made from it, cell for cell, and
executed. A notebook without a text source is re-executed as it is.

`python -m lessons.regenerate` regenerates all of them (course.py's `regenerate` command);
`python -m lessons.regenerate 01-galaxy-from-a-seed` regenerates only the named ones (with or
without `.md` / `.ipynb`).

Widget state is not stored, and neither are widget views (they would only say "model not
found"): a widget's output also carries plain HTML (a frame of an animation, a quiz's question),
which is what JupyterLab shows, trusted or not, until the notebook is run. The notebook is
written exactly as JupyterLab saves it (`lessons.nbfile`), so opening it changes no byte.
"""
from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient

from lessons.nbfile import coalesce_streams, static_widget_views, store, with_kernel_metadata

LESSONS_DIR = Path(__file__).resolve().parent
REPO_ROOT = LESSONS_DIR.parent
TIMEOUT_S = 300


def lesson_notebooks(folder: Path = LESSONS_DIR) -> list[Path]:
    """Every lesson notebook, in name order."""
    return sorted(folder.glob("*.ipynb"))


def is_lesson_source(path: Path) -> bool:
    """Whether a Markdown file is a lesson's text source (jupytext front matter), not plain prose."""
    head = path.read_text(encoding="utf-8")[:400]
    return head.startswith("---\n") and "jupytext:" in head and "format_name: myst" in head


def lesson_sources(folder: Path = LESSONS_DIR) -> list[Path]:
    """Every lesson's text source, in name order."""
    return sorted(path for path in folder.glob("*.md") if is_lesson_source(path))


def source_of_notebook(path: Path) -> Path | None:
    """The text source a stored notebook is made from, if it has one."""
    source = path.with_suffix(".md")
    return source if source.exists() and is_lesson_source(source) else None


def stable_cell_ids(nb: nbformat.NotebookNode) -> None:
    """Give every cell an id made from its content, so that an unchanged cell keeps its id."""
    seen: dict[str, int] = {}
    for cell in nb.cells:
        digest = hashlib.sha256(f"{cell.cell_type}\n{cell.source}".encode()).hexdigest()[:12]
        seen[digest] = seen.get(digest, 0) + 1
        cell["id"] = digest if seen[digest] == 1 else f"{digest}-{seen[digest]}"


def notebook_from_source(source: Path) -> nbformat.NotebookNode:
    """The notebook a MyST text source describes, without outputs and without jupytext's own metadata."""
    nb = jupytext.read(source, fmt="md:myst")
    nb.metadata.pop("jupytext", None)
    nb.nbformat, nb.nbformat_minor = 4, 5
    stable_cell_ids(nb)
    return nb


def kernel_env(data_home: str) -> dict[str, str]:
    """The environment for the kernel: this checkout first on the path, whatever the venv says, and data_home
    (an empty folder of its own) as the user data folder, so that no student's progress (answers brought back)
    and no saves reach the stored outputs."""
    paths = [str(REPO_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "XDG_DATA_HOME": data_home}


def clean(nb: nbformat.NotebookNode) -> None:
    """Drop every output and every stored widget state, so nothing old survives a run."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)


def make_client(nb: nbformat.NotebookNode, path: Path) -> NotebookClient:
    """An nbclient that runs the notebook in its own folder and records no timings."""
    return NotebookClient(
        nb,
        timeout=TIMEOUT_S,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        store_widget_state=False,
        record_timing=False,
    )


def execute(path: Path, nb: nbformat.NotebookNode | None = None) -> nbformat.NotebookNode:
    """The notebook at path (or nb, to be stored at path), freshly executed with its outputs (not written back)."""
    nb = nbformat.read(path, as_version=4) if nb is None else nb
    clean(nb)
    with tempfile.TemporaryDirectory(prefix="cosmos-regenerate-data-") as data_home:  # gone after the run
        make_client(nb, path).execute(env=kernel_env(data_home))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
    static_widget_views(nb)
    return nb


def regenerate(path: Path) -> None:
    """Make the lesson's data files (if stale), build the notebook from its text source (if it has one),
    execute it and store it."""
    from lessons.data import prepare

    prepare(path.stem)
    source = source_of_notebook(path)
    nb = execute(path, notebook_from_source(source) if source is not None else None)
    nbformat.validate(nb)
    store(with_kernel_metadata(nb), path)


def lesson_path(name: str) -> Path:
    """The stored notebook a lesson's name, source or notebook file name stands for."""
    stem = Path(name).name.removesuffix(".ipynb").removesuffix(".md")
    return LESSONS_DIR / f"{stem}.ipynb"


def all_lessons() -> list[Path]:
    """Every stored notebook and every notebook a text source will make, in name order."""
    made = [source.with_suffix(".ipynb") for source in lesson_sources()]
    return sorted(set(lesson_notebooks()) | set(made))


def main(argv: list[str]) -> int:
    """Regenerate the named notebooks, or all of them."""
    paths = [lesson_path(name) for name in argv] if argv else all_lessons()
    missing = [path.name for path in paths if not path.exists() and source_of_notebook(path) is None]
    if missing:
        print(f"no such lesson: {', '.join(missing)}", file=sys.stderr)
        return 2
    for path in paths:
        print(f"executing {path.relative_to(REPO_ROOT)}", flush=True)
        regenerate(path)
    print(f"stored the outputs of {len(paths)} notebook(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
