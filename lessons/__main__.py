"""`python -m lessons`: the course's lesson notebooks, where they are; `--copy DIR` copies them there to open."""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import sys
from importlib import resources
from pathlib import Path

NOTEBOOK_EXTRA = 'pip install "epic-cosmos-course[notebook]"'


def notebooks() -> list[Path]:
    """The lesson notebooks, in course order (the package's data when installed, the checkout's files otherwise)."""
    folder = Path(str(resources.files("lessons")))
    return sorted(folder.glob("*.ipynb"))


def title(notebook: Path) -> str:
    """A lesson's title: the first Markdown heading of its notebook."""
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown" and text.startswith("# "):
            return text.splitlines()[0].removeprefix("# ").strip()
    return notebook.stem


def copy_to(folder: Path) -> list[Path]:
    """Copy every lesson notebook into folder (never over a notebook already there); return the copies."""
    folder.mkdir(parents=True, exist_ok=True)
    copies = []
    for notebook in notebooks():
        target = folder / notebook.name
        if not target.exists():
            shutil.copyfile(notebook, target)
        copies.append(target)
    return copies


def main(argv: list[str] | None = None) -> int:
    """List the lessons, or copy them into a folder of the student's."""
    parser = argparse.ArgumentParser(prog="python -m lessons", description=__doc__)
    parser.add_argument("--copy", type=Path, metavar="DIR", help="copy the notebooks into DIR (kept if there)")
    args = parser.parse_args(argv)
    found = notebooks()
    if not found:
        print("no lesson notebooks found beside the lessons package", file=sys.stderr)
        return 1
    if args.copy is not None:
        try:
            copies = copy_to(args.copy)
        except OSError as error:
            print(f"cannot copy the lessons into {args.copy}: {error.strerror or error}", file=sys.stderr)
            return 1
        print(f"{len(copies)} lessons in {args.copy}; open them with: jupyter lab {args.copy}")
        if importlib.util.find_spec("jupyterlab") is None:
            print(f"JupyterLab is not installed here; it comes with the notebook extra: {NOTEBOOK_EXTRA}")
        return 0
    for notebook in found:
        print(f"{title(notebook)}\n    {notebook}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
