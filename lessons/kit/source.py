"""Showing the engine's real source in a lesson: read with inspect at run time, never copied."""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from pathlib import Path

import cosmos

REPO_ROOT = Path(cosmos.__file__).resolve().parent.parent


@dataclass(frozen=True)
class Source:
    """A piece of the engine's source: where it is and its text."""

    path: str  # relative to the repository, e.g. "cosmos/graph.py"
    first: int
    last: int
    text: str

    def _repr_markdown_(self) -> str:
        """A heading with the file and lines, then the code, highlighted."""
        return f"`{self.path}`, lines {self.first}-{self.last}\n\n```python\n{self.text}```\n"

    def __repr__(self) -> str:
        return f"# {self.path}, lines {self.first}-{self.last}\n{self.text}"


def source_of(obj: object) -> Source:
    """The real source of an engine function or class, with its file and line numbers."""
    lines, first = inspect.getsourcelines(obj)  # type: ignore[arg-type]
    path = Path(inspect.getsourcefile(obj) or "").resolve()  # type: ignore[arg-type]
    try:
        shown = path.relative_to(REPO_ROOT).as_posix()
    except ValueError:
        shown = path.name
    return Source(shown, first, first + len(lines) - 1, "".join(lines))


def show_source(*objects: object) -> None:
    """Display the real source of each object, one after the other."""
    from IPython.display import display

    for obj in objects:
        display(source_of(obj))
