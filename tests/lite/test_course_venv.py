"""The course's venv holds no JupyterLite: the site is built in .venv-lite, and the course's JupyterLab stays whole."""
from __future__ import annotations

import importlib.metadata
from pathlib import Path

from jupyter_core.paths import jupyter_path

import course


def test_the_course_venv_has_no_jupyterlite_distribution():
    names = sorted({dist.metadata["Name"].lower() for dist in importlib.metadata.distributions()})
    assert [name for name in names if "jupyterlite" in name or "pyodide" in name] == []


def lab_extensions() -> list[str]:
    """The lab extensions the course's JupyterLab loads: every package.json in its labextensions folders,
    found as JupyterLab finds them (`jupyter labextension list` says the same, in half a minute on a busy machine)."""
    found = []
    for folder in map(Path, jupyter_path("labextensions")):
        found += [path.parent.relative_to(folder).as_posix() for pattern in ("*/package.json", "@*/*/package.json")
                  for path in folder.glob(pattern)]
    return sorted(found)


def test_the_course_jupyterlab_lists_no_pyodide_lab_extension():
    extensions = lab_extensions()
    assert "@jupyter-widgets/jupyterlab-manager" in extensions  # the course's own list, widgets and all
    assert [name for name in extensions if "jupyterlite" in name or "pyodide" in name] == []


def test_the_course_requirements_leave_jupyterlite_to_the_lite_venv():
    assert not [req for req in course.requirements() if "jupyterlite" in req.lower()]
    pins = [line for line in course.LITE_REQUIREMENTS.read_text().splitlines() if line and not line.startswith("#")]
    assert all("==" in pin for pin in pins), pins  # exact pins: the lite venv is keyed by them
    assert {pin.split("==")[0] for pin in pins} >= {"jupyterlite-core", "jupyterlite-pyodide-kernel"}
    assert course.LITE_VENV != course.VENV


def test_jupyterlite_left_in_the_course_venv_by_an_older_course_py_is_found(tmp_path: Path):
    (tmp_path / "jupyterlite_core-0.8.6.dist-info").mkdir()
    (tmp_path / "ipywidgets-8.1.9.dist-info").mkdir()
    assert course.lite_in_course_venv(tmp_path) == ["jupyterlite-core"]
    assert course.lite_in_course_venv(tmp_path / "empty") == []
