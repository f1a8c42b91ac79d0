"""Load an exercise's make script by its path, under a name of its own (two exercises both have make_hidden)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(folder: Path, name: str) -> ModuleType:
    """The module folder/name.py, loaded as `<folder>_<name>` with folder first on the path while it loads."""
    unique = f"{folder.name.replace('-', '_')}_{name}"
    if unique in sys.modules:
        return sys.modules[unique]
    spec = importlib.util.spec_from_file_location(unique, folder / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[unique] = module
    sys.path.insert(0, str(folder))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module
