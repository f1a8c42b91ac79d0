"""The exercise notebooks that a make script writes are exactly what it writes: run again, byte for byte the same
(the starters' step-through cells included)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from graders.exercise import ExerciseError
from graders_instructor.authoring.scaffold import step_cells
from tests.hidden_scripts import load_script
from tests.reference import ROOT

# exercise -> its script and the notebooks it writes (exercise 03's script writes the reference and the wrong ones)
SCRIPTS = {
    "03-battle": ("make_solutions.py", ["graders_instructor/hidden/03-battle/reference.ipynb",
                                        "graders_instructor/hidden/03-battle/wrong"]),
    "05-event-bus": ("make_notebooks.py", ["exercises/05-event-bus/event_bus.ipynb",
                                           "graders_instructor/hidden/05-event-bus/reference.ipynb",
                                           "graders_instructor/hidden/05-event-bus/wrong"]),
    "06-save": ("make_notebooks.py", ["exercises/06-save/save.ipynb",
                                      "graders_instructor/hidden/06-save/reference.ipynb",
                                      "graders_instructor/hidden/06-save/wrong"]),
}


def notebooks(root: Path, places: list[str]) -> dict[str, bytes]:
    """Every notebook at these places under root (a file, or the notebooks of a folder), by its path."""
    found = {}
    for place in places:
        path = root / place
        for one in sorted(path.glob("*.ipynb")) if path.is_dir() else [path]:
            found[one.relative_to(root).as_posix()] = one.read_bytes()
    return found


@pytest.mark.parametrize("exercise", sorted(SCRIPTS))
def test_the_make_script_writes_the_committed_notebooks_byte_for_byte(exercise: str, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch):
    script, places = SCRIPTS[exercise]
    for folder in (f"exercises/{exercise}", f"graders_instructor/hidden/{exercise}"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    written = notebooks(tmp_path, places)
    for name in written:
        (tmp_path / name).unlink()  # the script must write each of them again
    maker = load_script(ROOT / "graders_instructor" / "hidden" / exercise, script.removesuffix(".py"))
    for name in ("HERE", "ROOT", "STARTER", "EXERCISE"):  # the script writes into the copy, not the repository
        if hasattr(maker, name):
            monkeypatch.setattr(maker, name, tmp_path / getattr(maker, name).relative_to(ROOT))
    maker.main()
    again = notebooks(tmp_path, places)
    assert sorted(again) == sorted(written)
    assert [name for name in written if again[name] != written[name]] == []
    if exercise != "03-battle":
        starter = next(name for name in again if name.startswith("exercises/"))
        assert b"step_through(" in again[starter]  # the step cell is the script's, not added by hand


def test_the_step_cell_runs_the_students_function_on_a_public_checks_example(tmp_path: Path):
    made = tmp_path / "exercise.json"
    made.write_text(json.dumps({"checks": [
        {"name": "solve: the example", "call": "solve", "args": [[3, 1, 2], "a \u00e9"], "expect": 6},
        {"name": "solve: a flag", "call": "solve", "args": [True], "expect": 1}]}), encoding="utf-8")
    text, code = step_cells(made, "solve: the example")
    assert code == 'from graders import step_through\n\nstep_through(solve, [3, 1, 2], "a \u00e9")'
    assert "**your** `solve`" in text and "\u201csolve: the example\u201d" in text
    with pytest.raises(ExerciseError, match="do not read back as Python: true"):
        step_cells(made, "solve: a flag")  # JSON's true is no Python name
