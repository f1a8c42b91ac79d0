"""Build the course as a static JupyterLite site: lessons, exercises, the game and the self-check in a browser tab."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from lite import fetch, lock, wheel

ROOT = Path(__file__).resolve().parent.parent
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# what Pyodide loads before the first cell runs (the kernel installs nothing else, and never from the network)
PRELOADED = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "ipywidgets",
             wheel.NAME)
# the browser's storage is the notebooks' folder, mounted at /drive: the Play widget's saves go there too,
# into a folder that the site ships (a folder the page makes itself is first looked for on the server, a 404)
DATA_FOLDER = "data"
DATA_HOME = f"/drive/{DATA_FOLDER}"
SAVES_README = """# Your saved games

`save 1` (up to `save 3`) in the Play widget of a lesson writes its slot here, as `slot1.sav` with a
`slot1.checkpoint` beside it; `load 1` reads it back. These files live in this browser's storage for
this site: they stay when the page is closed and come back when it is opened again, in the same
browser. Clearing the site's data in the browser deletes them; download a file (right-click it) to
keep a copy.

Your progress in the lessons (answers, tasks, Parsons problems, hints, self-check scores) is kept the
same way, in `progress.json` one folder up.
"""
SKIPPED_PYODIDE = ("*.map", "*.d.ts", "console*.html", "README.md")
# no network at run time: no news, no update check; every cell drawn (widgets keep their place when scrolled)
SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}


@dataclass(frozen=True)
class Built:
    """What a build made: where, how long it took and how big the site is."""

    site: Path
    seconds: float
    files: int
    size: int


def kernel_wheels() -> list[Path]:
    """The wheels that jupyterlite-pyodide-kernel ships for the kernel itself (piplite, pyodide-kernel, shims)."""
    pypi = (Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
            / "static" / "pypi")
    return sorted(path for path in pypi.glob("*.whl") if not path.name.startswith("widgetsnbextension-3."))


def course_version() -> str:
    """The course's version, from pyproject.toml."""
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def lite_config() -> dict:
    """jupyter-lite.json: the kernel loads everything from the site and keeps the saves in the browser."""
    kernel = {
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": list(PRELOADED),
                               "env": {"HOME": "/home/pyodide", "XDG_DATA_HOME": DATA_HOME}},
    }
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "Epic Cosmos", "litePluginSettings": {KERNEL_PLUGIN: kernel}}}


def stage_pyodide(pyodide: Path, wheels: list[Path], into: Path) -> None:
    """Pyodide's files, the wheels beside them and the lock file that names exactly those wheels."""
    shutil.copytree(pyodide, into, ignore=shutil.ignore_patterns(*SKIPPED_PYODIDE))
    for path in wheels:
        shutil.copy2(path, into / path.name)
    original = json.loads((pyodide / "pyodide-lock.json").read_text())
    narrowed = lock.site_lock(original, [into / path.name for path in wheels])
    (into / "pyodide-lock.json").write_text(json.dumps(narrowed, indent=1, sort_keys=True) + "\n")


def joined(notebook: dict) -> dict:
    """The notebook with every multi-line string in one piece, as a Jupyter server hands it to the page.

    On disk a cell's source and an output's text are lists of lines; JupyterLite serves the file as it
    is, and parts of the page (the table of contents reading Markdown outputs) expect strings."""
    def one(value: object) -> object:
        return "".join(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else value

    for cell in notebook["cells"]:
        cell["source"] = one(cell["source"])
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = one(output["text"])
            if "data" in output:
                output["data"] = {kind: value if kind.endswith("json") else one(value)
                                  for kind, value in output["data"].items()}
    return notebook


def stage_notebook(source: Path, target: Path) -> None:
    """One notebook into the site's contents, its lines joined."""
    target.parent.mkdir(parents=True, exist_ok=True)
    notebook = joined(json.loads(source.read_text(encoding="utf-8")))
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def stage_contents(root: Path, into: Path) -> None:
    """What the student sees in the file browser: every lesson and every exercise's starter notebook."""
    for notebook in sorted((root / "lessons").glob("*.ipynb")):
        stage_notebook(notebook, into / "lessons" / notebook.name)
    for spec in sorted((root / "exercises").glob("*/exercise.json")):
        for notebook in sorted(spec.parent.glob("*.ipynb")):
            stage_notebook(notebook, into / "exercises" / spec.parent.name / notebook.name)
    saves = into / DATA_FOLDER / "epic-cosmos" / "saves"  # where play.py puts them under XDG_DATA_HOME
    saves.mkdir(parents=True)
    (saves / "README.md").write_text(SAVES_README, encoding="utf-8")


def site_size(site: Path) -> tuple[int, int]:
    """How many files the site has and how many bytes they take."""
    files = [path for path in site.rglob("*") if path.is_file()]
    return len(files), sum(path.stat().st_size for path in files)


def refused(site: Path) -> str | None:
    """Why the folder cannot take the site (the build replaces it whole), or None: new, empty or an old site."""
    if site.is_file() or (site.is_dir() and any(site.iterdir()) and not (site / "jupyter-lite.json").is_file()):
        return f"{site} is not empty and is not a JupyterLite site: the build replaces the folder whole, name another"
    return None


def inputs(root: Path = ROOT) -> list[Path]:
    """Every file a build reads from the course: the wheel's sources, the notebooks, the build itself and its pins."""
    files = [*wheel.package_files(root), *wheel.exercise_files(root),
             *(path.relative_to(root).as_posix() for path in sorted((root / "lessons").glob("*.ipynb"))),
             *(path.relative_to(root).as_posix() for path in sorted((root / "lite").iterdir()) if path.is_file()),
             "pyproject.toml"]
    return [root / name for name in sorted(set(files))]


def inputs_digest(root: Path = ROOT) -> str:
    """A hash of every input's name and bytes: the same digest, the same site."""
    digest = hashlib.sha256()
    for path in inputs(root):
        data = path.read_bytes()
        digest.update(f"{path.relative_to(root).as_posix()}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def build(site: Path, root: Path = ROOT, cache: Path | None = None) -> Built:
    """Build the site into the folder `site` (made anew); the first build fetches Pyodide and wheels once."""
    problem = refused(site)
    if problem:
        raise SystemExit(problem)
    started = time.monotonic()
    cache = fetch.fetch_all(cache)
    pyodide = fetch.pyodide_dir(cache)
    with tempfile.TemporaryDirectory(prefix="cosmos-lite-") as work:
        lite_dir, contents = Path(work) / "lite", Path(work) / "contents"
        course = wheel.build_wheel(root, Path(work) / "course-wheel", course_version())
        wheels = [*sorted(fetch.wheel_dir(cache).glob("*.whl")), *kernel_wheels(), course]
        stage_pyodide(pyodide, wheels, lite_dir / "static" / "pyodide")
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=2) + "\n")
        (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS, indent=2) + "\n")
        stage_contents(root, contents)
        if site.exists():
            shutil.rmtree(site)  # only ever a site of ours: refused() said so
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(lite_dir),
                   "--contents", str(contents), "--output-dir", str(site.resolve()), "--no-sourcemaps",
                   "--no-unused-shared-packages"]
        done = subprocess.run(command, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if done.returncode != 0:
            raise SystemExit(f"jupyter lite build failed:\n{done.stdout[-4000:]}")
    # browsers ask for /favicon.ico before the page names its own: the same icon there, so nothing is missing
    shutil.copy2(site / "lab" / "favicon.ico", site / "favicon.ico")
    files, size = site_size(site)
    return Built(site, time.monotonic() - started, files, size)


def main(argv: list[str]) -> int:
    """`python -m lite DIR`: build the site into DIR and say how to open it."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: python3 course.py lite DIR   (builds the course as a static JupyterLite site in DIR)")
        return 2
    built = build(Path(argv[0]))
    print(f"built {built.site} in {built.seconds:.0f} s: {built.files} files, {built.size / 1e6:.1f} MB\n"
          f"serve it with any static web server, e.g. python3 -m http.server -d {built.site} 8000, "
          "and open http://127.0.0.1:8000/lab/index.html")
    return 0
