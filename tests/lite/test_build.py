"""The JupyterLite build: what the site holds, that it needs nothing from outside, and that no secret is in it."""
from __future__ import annotations

import inspect
import json
import zipfile
from pathlib import Path

import nbformat
import pytest

from lite import lock, wheel
from lite.build import DATA_HOME, KERNEL_PLUGIN, PRELOADED, Built, course_version, joined, refused
from tests.browser.lab import ROOT
from tests.hidden_scripts import load_script

HIDDEN = ROOT / "graders_instructor" / "hidden"


def site_config(built: Built) -> dict:
    """The site's jupyter-lite.json settings of the Pyodide kernel."""
    config = json.loads((built.site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    return config["litePluginSettings"][KERNEL_PLUGIN]


def test_the_kernel_loads_pyodide_and_every_package_from_the_site(built: Built):
    settings = site_config(built)
    assert settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert (built.site / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    assert settings["disablePyPIFallback"] is True
    assert settings["loadPyodideOptions"]["packages"] == list(PRELOADED)
    assert settings["loadPyodideOptions"]["env"]["XDG_DATA_HOME"] == DATA_HOME
    site_lock = json.loads((built.site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert set(PRELOADED) <= set(site_lock["packages"])
    for name, item in site_lock["packages"].items():
        path = built.site / "static" / "pyodide" / item["file_name"]
        assert path.is_file(), f"{name}: {item['file_name']} is not in the site"
        assert lock.sha256(path) == item["sha256"], name
        assert set(item["depends"]) <= set(site_lock["packages"]), name


def test_no_file_of_the_site_names_a_place_outside_it_for_pyodide(built: Built):
    text = (built.site / "jupyter-lite.json").read_text() + (built.site / "static" / "pyodide" /
                                                             "pyodide-lock.json").read_text()
    assert "://" not in text


def test_every_lesson_and_starter_is_in_the_site_with_its_stored_outputs(built: Built):
    sources = [*sorted((ROOT / "lessons").glob("*.ipynb")), *sorted((ROOT / "exercises").glob("*/*.ipynb"))]
    assert len(sources) >= 2
    for source in sources:
        copy = built.site / "files" / source.relative_to(ROOT)
        assert copy.is_file(), f"{source.name} is not in the site"
        stored = json.loads(source.read_text(encoding="utf-8"))
        assert json.loads(copy.read_text(encoding="utf-8")) == joined(stored)
        # the same notebook, only its lines joined: nbformat reads both the same way
        assert nbformat.reads(copy.read_text(encoding="utf-8"), as_version=4) == \
            nbformat.reads(source.read_text(encoding="utf-8"), as_version=4)


def test_the_course_wheel_holds_the_packages_and_the_public_exercises_only(built: Built):
    path = built.site / "static" / "pyodide" / wheel.wheel_name(course_version())
    names = zipfile.ZipFile(path).namelist()
    for package in wheel.PACKAGES:
        assert f"{package}/__init__.py" in names
    assert "graders/selfcheck.py" in names and "exercises/01-islands/exercise.json" in names
    assert not [name for name in names if "hidden" in name or "reference" in name or "/wrong/" in name]


def test_the_course_wheel_is_the_same_bytes_every_time(tmp_path: Path):
    first = wheel.build_wheel(ROOT, tmp_path / "a", "0.1.0").read_bytes()
    assert wheel.build_wheel(ROOT, tmp_path / "b", "0.1.0").read_bytes() == first


@pytest.fixture(scope="module")
def public() -> str:
    """Every public file of the course (lessons, starters, the packages), as one text."""
    return "\n".join(path.read_text(encoding="utf-8") for folder in ("lessons", "exercises", *wheel.PACKAGES)
                     for path in (ROOT / folder).rglob("*") if path.suffix in (".py", ".md", ".ipynb")
                     and "hidden" not in path.parts)


@pytest.fixture(scope="module")
def site_text(built: Built) -> str:
    """Every text file of the site and every file inside its wheels, as one text (read once for all exercises)."""
    blobs = []
    for path in built.site.rglob("*"):
        if path.is_file() and path.suffix in (".json", ".ipynb", ".md", ".py"):
            blobs.append(path.read_text(encoding="utf-8", errors="replace"))
        elif path.suffix == ".whl":
            with zipfile.ZipFile(path) as archive:
                blobs.extend(archive.read(name).decode("utf-8", "replace") for name in archive.namelist())
    return "\n".join(blobs)


EXERCISES = sorted(path.name for path in HIDDEN.iterdir() if (path / "hidden.json").is_file())


def test_every_exercise_has_its_hidden_side_and_the_lessons_tasks_theirs():
    assert EXERCISES == sorted(path.name for path in (ROOT / "exercises").iterdir() if path.is_dir())
    assert (HIDDEN / "lessons" / "make_tasks.py").is_file()


@pytest.mark.parametrize("exercise", EXERCISES)
def test_no_hidden_check_and_no_solution_reaches_the_site(site_text: str, public: str, exercise: str):
    hidden = json.loads((HIDDEN / exercise / "hidden.json").read_text())
    secrets = [check["name"] for check in hidden["checks"]]
    reference = nbformat.read(HIDDEN / exercise / "reference.ipynb", as_version=4)
    # a solution's own lines: those that no public file of the course (lessons, engine, starters) has too
    secrets += [line.strip() for cell in reference.cells if cell.cell_type == "code"
                for line in cell.source.splitlines() if len(line.strip()) > 30 and line.strip() not in public]
    assert secrets
    leaked = [secret for secret in secrets if secret in site_text]
    assert leaked == [], f"{exercise}: the site holds hidden checks or solution lines: {leaked[:3]}"


def test_no_answer_of_the_lessons_tasks_reaches_the_site(site_text: str):
    make_tasks = load_script(HIDDEN / "lessons", "make_tasks")
    bodies = [inspect.getsource(answer).split('"""')[-1].strip() for answer in make_tasks.ANSWERS.values()]
    assert len(bodies) >= 10 and all(bodies)
    assert [body for body in bodies if body in site_text] == []


def test_the_saves_folder_is_in_the_site_so_the_page_finds_it(built: Built):
    folder = DATA_HOME.removeprefix("/drive/") + "/epic-cosmos/saves"
    assert (built.site / "api" / "contents" / folder / "all.json").is_file()


def test_a_folder_with_other_files_is_never_replaced(tmp_path: Path):
    (tmp_path / "notes.txt").write_text("mine")
    assert "not a JupyterLite site" in refused(tmp_path)
    assert refused(ROOT) is not None
    assert refused(tmp_path / "new") is None
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "jupyter-lite.json").write_text("{}")
    assert refused(tmp_path / "old") is None
