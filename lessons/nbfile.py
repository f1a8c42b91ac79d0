"""Notebooks stored byte for byte as JupyterLab saves them, so that opening and saving one changes nothing.

JupyterLab (jupyter_server) saves a notebook with `nbformat.write`: keys sorted, one space of
indent, multi-line strings split into lists of lines, non-ASCII as it is, a newline at the end.
On opening it also fills in the kernel's `kernelspec` and `language_info`, and every cell has an
id (nbformat 4.5). Stored widget views are replaced by their static fallback: no widget state is
kept, so a view would only say "model not found".

`python -m lessons.nbfile NOTEBOOK...` rewrites notebooks in this form (exercise starters).
The course's JupyterLab (course.py) saves lessons through `pre_save`, which drops what a run adds
beyond the stored outputs (widget views, timings), so a lesson run from the top and saved is
byte for byte the stored one and git sees no change.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
FALLBACKS = ("text/html", "image/svg+xml", "image/png", "text/markdown", "text/plain")


def kernel_language_info() -> dict:
    """The language_info the course's kernel tells JupyterLab, its Python named as major.minor only."""
    from ipykernel.ipkernel import IPythonKernel

    return normalised_language_info(json.loads(json.dumps(IPythonKernel.language_info)))


def normalised_language_info(info: dict) -> dict:
    """language_info as stored: the version as major.minor ("3.11.7" -> "3.11"), so that a patch release
    of Python changes no byte of a notebook."""
    version = info.get("version")
    if isinstance(version, str) and version.count(".") >= 2:
        info["version"] = ".".join(version.split(".")[:2])
    return info


def with_kernel_metadata(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with the kernelspec and language_info that JupyterLab fills in when it opens it."""
    nb.metadata["kernelspec"] = nbformat.from_dict(KERNELSPEC)
    nb.metadata["language_info"] = nbformat.from_dict(kernel_language_info())
    return nb


def static_widget_views(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Drop every stored widget view that has a static fallback beside it (HTML, a picture, text)."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and any(kind in data for kind in FALLBACKS):
                del data[WIDGET_VIEW]
    return nb


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


def as_stored(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A run notebook as a lesson is stored: static widget fallbacks, no timings, streams joined."""
    static_widget_views(nb)
    if isinstance(nb.metadata.get("language_info"), dict):
        normalised_language_info(nb.metadata.language_info)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = coalesce_streams(cell.outputs)
    return nb


def pre_save(model: dict, path: str, **_kwargs: object) -> None:
    """jupyter_server's pre-save hook: a lesson (lessons/*.ipynb) is saved as it is stored; any notebook
    names its Python as major.minor."""
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    info = model["content"].get("metadata", {}).get("language_info")
    if isinstance(info, dict):
        normalised_language_info(info)
    if Path(path).parent.name == "lessons" and path.endswith(".ipynb"):
        model["content"] = as_stored(nbformat.from_dict(model["content"]))


def jupyterlab_text(nb: nbformat.NotebookNode) -> str:
    """The notebook as the text JupyterLab saves: nbformat 4.5 with cell ids, nbformat.write's layout."""
    nb.nbformat, nb.nbformat_minor = 4, max(5, nb.get("nbformat_minor", 5))
    text = nbformat.writes(nb, version=4)
    return text if text.endswith("\n") else text + "\n"


def store(nb: nbformat.NotebookNode, path: Path) -> None:
    """Write a notebook as JupyterLab would save it (unchanged bytes are not rewritten)."""
    text = jupyterlab_text(nb)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    """Rewrite the named notebooks in JupyterLab's form."""
    if not argv or any(arg.startswith("-") for arg in argv):
        print("usage: python -m lessons.nbfile NOTEBOOK...", file=sys.stderr)
        return 2
    for name in argv:
        path = Path(name)
        store(with_kernel_metadata(static_widget_views(nbformat.read(path, as_version=4))), path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
