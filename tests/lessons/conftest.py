"""Fixtures for the lesson tests: lesson 1 as stored, and the names its code cells define."""
from __future__ import annotations

from typing import Any

import nbformat
import pytest

from tests.lessons.lesson_helpers import LESSON1, run_cells


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups to name the items
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of a lesson's content share one xdist worker: the lesson's cells (lesson 6's 150 games) run once,
    in that worker's module fixture, instead of once in each worker that gets some of its tests."""
    for item in items:
        path = item.nodeid.split("::")[0]
        if item.get_closest_marker("xdist_group"):  # a module that names its group keeps it
            continue
        if path.startswith("tests/lessons/test_") and path.endswith("_content.py"):
            item.add_marker(pytest.mark.xdist_group(path.rsplit("/", 1)[1].removesuffix(".py")))


@pytest.fixture(scope="session")
def lesson1_nb() -> nbformat.NotebookNode:
    """Lesson 1 as stored, with its outputs."""
    return nbformat.read(LESSON1, as_version=4)


@pytest.fixture(scope="session")
def lesson1_ns(lesson1_nb: nbformat.NotebookNode) -> dict[str, Any]:
    """The names lesson 1 defines, from running its code cells (all but Play) in this process."""
    return run_cells(lesson1_nb, "lesson1")


@pytest.fixture(scope="session", autouse=True)
def own_data_home(tmp_path_factory: pytest.TempPathFactory):
    """The lessons run here keep their progress in a folder of the tests' own, never the user's."""
    import os

    old = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data-home"))
    yield
    if old is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = old
