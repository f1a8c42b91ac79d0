"""Data files that lessons read, made by scripts here; the regenerate command runs them first."""
from __future__ import annotations

import importlib

# lesson notebook (stem) -> the module whose main(argv) makes its data files (skipping current ones)
MAKERS: dict[str, str] = {"06-whole-strategy": "lessons.data.make_balance"}


def prepare(lesson: str) -> None:
    """Make the data files a lesson reads, if it reads any and they are not current."""
    maker = MAKERS.get(lesson)
    if maker is not None:
        importlib.import_module(maker).main([])
