"""Re-execute every lesson notebook in a real kernel and store its outputs.

`python -m lessons.regenerate` regenerates all of them (course.py's `regenerate` command);
`python -m lessons.regenerate 01-galaxy-from-a-seed.ipynb` regenerates only the named ones.

Widget state is not stored: a widget's output also carries plain HTML (a frame of an
animation, a quiz's question), which is what a saved notebook or a static export shows until
the notebook is run. Widget model ids are numbered, so the same lesson stores the same bytes.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

LESSONS_DIR = Path(__file__).resolve().parent
REPO_ROOT = LESSONS_DIR.parent
TIMEOUT_S = 300
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def lesson_notebooks(folder: Path = LESSONS_DIR) -> list[Path]:
    """Every lesson notebook, in name order."""
    return sorted(folder.glob("*.ipynb"))


def kernel_env() -> dict[str, str]:
    """The environment for the kernel: this checkout first on the path, whatever the venv says."""
    paths = [str(REPO_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


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


def coalesce_streams(outputs: list) -> list:
    """Join neighbouring outputs of the same stream: where text is cut into chunks is timing."""
    joined: list = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (output.get("output_type") == "stream" and last is not None
                and last.get("output_type") == "stream" and last.get("name") == output.get("name")):
            last["text"] += output["text"]
        else:
            joined.append(output)
    return joined


def stable_widget_ids(nb: nbformat.NotebookNode) -> None:
    """Number the widget model ids in order of appearance: the kernel's are random, and no state is kept."""
    ids: dict[str, str] = {}
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if view is not None and "model_id" in view:
                view["model_id"] = ids.setdefault(view["model_id"], f"{len(ids) + 1:032x}")


def execute(path: Path) -> nbformat.NotebookNode:
    """The notebook at path, freshly executed with its outputs (not written back)."""
    nb = nbformat.read(path, as_version=4)
    clean(nb)
    make_client(nb, path).execute(env=kernel_env())
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
    stable_widget_ids(nb)
    return nb


def regenerate(path: Path) -> None:
    """Make the lesson's data files (if stale), execute the notebook and write it back with its new outputs."""
    from lessons.data import prepare

    prepare(path.stem)
    nb = execute(path)
    nbformat.validate(nb)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    """Regenerate the named notebooks, or all of them."""
    paths = [LESSONS_DIR / name for name in argv] if argv else lesson_notebooks()
    missing = [path.name for path in paths if not path.exists()]
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
