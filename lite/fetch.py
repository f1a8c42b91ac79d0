"""What the site is built from, fetched once from the registries (npm: Pyodide; PyPI: wheels) into a cache."""
from __future__ import annotations

import importlib.metadata
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

# the Python packages the kernel starts with (the rest of the lock file is left out of the site)
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
# the widgets: the same versions as the course's JupyterLab, so that the page's widget manager speaks their protocol
WIDGET_PACKAGES = ("ipywidgets", "jupyterlab_widgets", "comm")


def cache_dir() -> Path:
    """Where fetched files are kept: inside the running virtual environment (so never in git)."""
    return Path(sys.prefix) / "share" / "epic-cosmos-lite"


def pyodide_version() -> str:
    """The Pyodide release that the installed JupyterLite kernel is made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def pyodide_dir(cache: Path) -> Path:
    """The unpacked npm package `pyodide` (pyodide.mjs, the wasm, python_stdlib.zip, pyodide-lock.json)."""
    return cache / f"pyodide-{pyodide_version()}"


def fetch_pyodide(cache: Path) -> Path:
    """The npm package `pyodide`, packed by npm and unpacked into the cache (once)."""
    target = pyodide_dir(cache)
    if (target / "pyodide-lock.json").is_file():
        return target
    if shutil.which("npm") is None:
        raise SystemExit("npm is needed once, to fetch the `pyodide` package (Debian: apt-get install npm)")
    packs = cache / "npm"
    packs.mkdir(parents=True, exist_ok=True)
    name = subprocess.check_output(["npm", "pack", f"pyodide@{pyodide_version()}", "--silent",
                                    "--pack-destination", str(packs)], text=True).strip().splitlines()[-1]
    unpacked = cache / "npm" / "unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    with tarfile.open(packs / name) as archive:
        archive.extractall(unpacked, filter="data")
    shutil.rmtree(target, ignore_errors=True)
    (unpacked / "package").rename(target)
    return target


def lock_closure(lock: dict, roots: tuple[str, ...]) -> list[str]:
    """The packages of a Pyodide lock file that roots need, roots included, sorted."""
    packages = lock["packages"]
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        name = todo.pop().lower().replace("_", "-")
        if name not in seen:
            seen.add(name)
            todo.extend(packages[name]["depends"])
    return sorted(seen)


def wheel_dir(cache: Path) -> Path:
    """Where the wheels from PyPI are kept."""
    return cache / "wheels"


def wanted_wheels(lock: dict) -> list[str]:
    """name==version for every wheel the site serves from PyPI: the kernel's (as the lock pins) and the widgets'."""
    pins = [f"{name}=={lock['packages'][name]['version']}" for name in lock_closure(lock, KERNEL_ROOTS)]
    return pins + [f"{name}=={importlib.metadata.version(name)}" for name in WIDGET_PACKAGES]


def fetch_wheels(cache: Path, lock: dict) -> Path:
    """pip downloads the pure-Python wheels of wanted_wheels into the cache (pip's cache makes it quick)."""
    folder = wheel_dir(cache)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = folder / "wanted.json"
    wanted = wanted_wheels(lock)
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return folder
    python = ".".join(lock["info"]["python"].split(".")[:2])  # the browser's Python, not this one
    subprocess.check_call([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
                           "--no-deps", "--only-binary=:all:", f"--python-version={python}",
                           "--dest", str(folder), *wanted])
    stamp.write_text(json.dumps(wanted))
    return folder


def fetch_all(cache: Path | None = None) -> Path:
    """Everything the build needs from outside; afterwards the build runs offline."""
    cache = cache_dir() if cache is None else cache
    pyodide = fetch_pyodide(cache)
    fetch_wheels(cache, json.loads((pyodide / "pyodide-lock.json").read_text()))
    return cache
