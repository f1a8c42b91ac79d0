"""Fixtures for the grader's tests: the Islands exercise and one shared batch of 60 submissions."""

from __future__ import annotations

import fcntl
import json
import os
from pathlib import Path

import pytest

from graders.exercise import Exercise, load_exercise
from graders.notebook import read_cells
from tests.graders.grader_helpers import Batch, grade_batch
from tests.graders.hostile_submissions import attacks


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups to name the items
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of the graded batch share one xdist worker: it grades the batch while the other worker goes on
    with other tests (instead of waiting, test by test, for the batch the first one is grading)."""
    for item in items:
        if "islands_batch" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("islands-batch"))


@pytest.fixture(scope="session")
def islands() -> Exercise:
    """The Islands exercise with its hidden checks."""
    return load_exercise("01-islands")


@pytest.fixture(scope="session")
def islands_batch(islands: Exercise, tmp_path_factory: pytest.TempPathFactory) -> Batch:
    """The batch of 60 submissions, graded once per test run even with several xdist workers."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    shared = tmp_path_factory.getbasetemp().parent / f"islands-batch-{run}" if run else tmp_path_factory.mktemp("batch")
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "batch.json").exists():
            grade_batch(islands, shared)
    info = json.loads((shared / "batch.json").read_text())
    out = shared / "out"
    marker = Path(info["marker"])
    hostile = attacks(read_cells(islands.reference), islands, out, 0, "", marker)
    results = {name: json.loads((out / name / "results.json").read_text()) for name in info["kinds"]}
    return Batch(
        out,
        info["kinds"],
        hostile,
        results,
        info["seconds"],
        info["connections"],
        info["leaks"],
        marker,
    )
