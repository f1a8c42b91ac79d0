"""Loading exercises: the Islands data, and a clear message for every kind of broken data."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from graders.exercise import EXERCISES, Compare, ExerciseError, Kind, load_exercise
from graders.grading import job_for, limits_for
from graders.notebook import SubmissionError, clean, code_notebook, read_cells


def test_islands_has_public_and_hidden_checks_for_every_contract_name() -> None:
    islands = load_exercise("01-islands")
    assert set(islands.contract) == {
        "islands",
        "main",
        "shortest_path",
        "main_path",
        "lanes_needed",
    }
    assert islands.contract["main"].kind is Kind.PROGRAM
    public = [check for check in islands.checks if not check.hidden]
    hidden = [check for check in islands.checks if check.hidden]
    assert public and hidden and islands.checks == (*public, *hidden)
    for name in islands.contract:
        assert any(check.call == name for check in public), name
        assert any(check.call == name for check in hidden), name
    assert all(check.compare is Compare.LINES for check in islands.checks if check.program)
    assert islands.max_score == len(islands.checks)
    assert load_exercise(EXERCISES / "01-islands", hidden=False).checks == tuple(public)


def test_the_students_folder_holds_nothing_hidden() -> None:
    folder = EXERCISES / "01-islands"
    assert sorted(p.name for p in folder.iterdir()) == ["exercise.json", "islands.ipynb"]
    text = (folder / "exercise.json").read_text() + (folder / "islands.ipynb").read_text()
    hidden = json.loads((load_exercise("01-islands").hidden_folder / "hidden.json").read_text())
    for check in hidden["checks"]:
        assert check["name"] not in text


@pytest.fixture
def broken(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of Islands (public and hidden) that a test may break."""
    exercise = tmp_path / "exercises" / "01-islands"
    hidden = tmp_path / "hidden" / "01-islands"
    shutil.copytree(EXERCISES / "01-islands", exercise)
    shutil.copytree(load_exercise("01-islands").hidden_folder, hidden)
    return exercise, tmp_path / "hidden"


def edit(path: Path, change: callable) -> None:  # type: ignore[valid-type]
    """Apply change to the JSON in path."""
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["checks"][0].update(call="islandz"), '"call" must be one of'),
        (lambda d: d["checks"][0].update(expect=[3, 3, 0]), "is not bool"),
        (lambda d: d["checks"][0].update(expect=[3, 3]), "needs 3 items"),
        (lambda d: d["checks"][0].update(expct=[3, 3, False]), "unknown key 'expct'"),
        (lambda d: d["checks"][0].pop("expect"), "exactly one of"),
        (lambda d: d["checks"][0].update(args="8 5"), 'needs "args" (a list)'),
        (lambda d: d["checks"][3].update(args=[1]), 'no "args"'),
        (lambda d: d["checks"][0].update(points=0), "points must be a positive number"),
        (lambda d: d["checks"][1].update(name=d["checks"][0]["name"]), "two checks are named"),
        (
            lambda d: d["contract"]["islands"].update(returns="tuple[int, int, boolean]"),
            "unknown type",
        ),
        (lambda d: d["contract"]["islands"].update(kind="method"), "kind must be"),
        (lambda d: d.update(format=2), '"format" must be 1'),
        (lambda d: d.update(notebook="missing.ipynb"), "is not in"),
        (lambda d: d["limits"].update(timeout=-1), "timeout must be a positive number"),
        (lambda d: d["checks"][0].update(compare="lines"), "needs a str answer"),
    ],
)
def test_broken_exercise_data_is_refused_with_a_message(
    broken: tuple[Path, Path], change: callable, message: str
) -> None:  # type: ignore[valid-type]
    exercise, hidden = broken
    edit(exercise / "exercise.json", change)
    with pytest.raises(ExerciseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_exercise(exercise, hidden_root=hidden)


def test_broken_hidden_checks_are_refused_too(broken: tuple[Path, Path]) -> None:
    exercise, hidden = broken
    edit(hidden / "01-islands" / "hidden.json", lambda d: d["checks"][0].update(expect="three"))
    with pytest.raises(ExerciseError, match="hidden.json: check .* is not a list for tuple"):
        load_exercise(exercise, hidden_root=hidden)
    (hidden / "01-islands" / "hidden.json").write_text("{nope")
    with pytest.raises(ExerciseError, match="is not valid JSON"):
        load_exercise(exercise, hidden_root=hidden)


def test_an_unknown_exercise_lists_the_known_ones() -> None:
    with pytest.raises(ExerciseError, match="known exercises: .*01-islands"):
        load_exercise("99-nothing")


def test_cleaning_keeps_only_code_cell_sources() -> None:
    notebook = code_notebook(["x = 1\n", "print(x)\n"])
    notebook["cells"].insert(1, {"cell_type": "markdown", "metadata": {}, "source": ["# hi"]})
    notebook["cells"][0]["outputs"] = [{"output_type": "stream", "name": "stdout", "text": "forged"}]
    notebook["cells"][0]["source"] = ["x = ", "1\n"]
    notebook["metadata"]["kernelspec"] = {"name": "bash"}
    assert clean(json.dumps(notebook).encode()) == ["x = 1\n", "print(x)\n"]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"\xff\xfe", "not UTF-8"),
        (b"{", "not valid notebook JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply|not valid notebook JSON"),
        (b'{"cells": {}}', "not a notebook"),
        (b'{"nbformat": 3, "cells": []}', "format version 3"),
        (b'{"nbformat": 4, "cells": [7]}', "cell 1 of the notebook is malformed"),
        (b'{"nbformat": 4, "cells": [{"cell_type": "code", "source": [1]}]}', "malformed source"),
    ],
)
def test_malformed_notebooks_get_a_clear_message(data: bytes, message: str) -> None:
    with pytest.raises(SubmissionError, match=message):
        clean(data)


def test_huge_or_missing_files_get_a_clear_message(tmp_path: Path) -> None:
    big = tmp_path / "big.ipynb"
    big.write_bytes(b" " * (6 << 20))
    with pytest.raises(SubmissionError, match="larger than 5 MB"):
        read_cells(big)
    with pytest.raises(SubmissionError, match="could not be read"):
        read_cells(tmp_path / "missing.ipynb")


def test_the_job_sent_into_the_sandbox_holds_no_expected_answer() -> None:
    islands = load_exercise("01-islands")
    sent = job_for(islands.checks, read_cells(islands.reference), limits_for(islands))
    assert all(sorted(check) == ["kind", "name", "payload"] for check in sent["checks"])
    job = json.dumps(sent)
    programs = [e for check in islands.checks if check.program for e in check.expected]
    assert len(programs) >= 6
    for expected in programs:
        assert json.dumps(expected)[1:-1] not in job


@pytest.mark.parametrize("folder", sorted(p.parent.name for p in EXERCISES.glob("*/exercise.json")))
def test_every_exercise_follows_the_format(folder: str) -> None:
    exercise = load_exercise(folder)
    assert exercise.reference.is_file() and exercise.wrong_solutions
    assert any(check.hidden for check in exercise.checks)
    assert any(not check.hidden for check in exercise.checks)
    student = {p.name for p in exercise.folder.rglob("*")}
    assert {"exercise.json", exercise.notebook.name} <= student
    assert not student & {"hidden.json", "reference.ipynb", "wrong"}
    read_cells(exercise.notebook)
