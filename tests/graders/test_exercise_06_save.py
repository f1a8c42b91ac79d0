"""Save files (exercise 06-save): graded in the real sandbox, each wrong solution loses exactly
the checks that an in-process run of its code says it fails; the checks agree with the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cosmos.save import SaveGame
from graders.exercise import EXERCISES, load_exercise
from graders.notebook import read_cells
from graders_instructor.hints import with_hints
from tests.graders.grader_helpers import graders_cli
from tests.hidden_scripts import load_script

pytestmark = pytest.mark.slow

HIDDEN = load_exercise("06-save").hidden_folder
make_hidden = load_script(HIDDEN, "make_hidden")
make_notebooks = load_script(HIDDEN, "make_notebooks")


def all_checks() -> list[dict]:
    """Public checks, then hidden ones, as stored."""
    public = json.loads((EXERCISES / "06-save" / "exercise.json").read_text())["checks"]
    return public + json.loads((HIDDEN / "hidden.json").read_text())["checks"]


def plain(value: object) -> object:
    """Tuples as lists, as the checks store answers."""
    return [plain(item) for item in value] if isinstance(value, list | tuple) else value


def failed_in_process(notebook: Path) -> set[str]:
    """The checks that the notebook's code fails when run here (exact types, like the grader)."""
    scope: dict = {}
    for source in read_cells(notebook):
        if "check_here" in source or "print(" in source:
            continue
        exec(compile(source, str(notebook), "exec"), scope)
    failed = set()
    for check in all_checks():
        try:
            got = scope[check["call"]](*check["args"])
        except Exception:  # noqa: BLE001 - any exception fails the check
            failed.add(check["name"])
            continue
        expect = check["expect"]
        if check["call"] == "read_save":
            ok = type(got) is tuple and type(got[1]) is list and plain(got) == expect
        elif check["call"] == "win_rates":
            ok = type(got) is dict and got.keys() == expect.keys() and all(
                type(got[k]) is float and abs(got[k] - expect[k]) <= 1e-9 for k in expect)
        elif check["call"] == "victory":
            ok = type(got) is tuple and plain(got) == expect
        else:
            ok = got == expect
        if not ok:
            failed.add(check["name"])
    return failed


def test_the_checks_agree_with_the_engine() -> None:
    checks = all_checks()
    for check in checks:
        if check["call"] == "save_text":
            assert check["expect"] == SaveGame(check["args"][0], tuple(check["args"][1])).to_text()
        if check["call"] == "read_save":
            save = SaveGame.from_text(check["args"][0])
            assert check["expect"] == [save.seed, list(save.lines)]
        if check["call"] == "verdicts":
            assert check["expect"] == [make_hidden.engine_verdict(text) for text in check["args"][0]]
    by_name = {check["name"]: check for check in checks}
    flips = by_name["verdicts: every single-bit flip of a save"]["args"][0]
    cuts = by_name["verdicts: every truncation of a save"]["args"][0]
    original = cuts[-1] + "\n"
    assert len(flips) == 8 * len(original) and len(cuts) == len(original)
    flipped = by_name["verdicts: every single-bit flip of a save"]["expect"]
    assert {"truncated", "corrupt", "foreign", "newer"} <= set(flipped) and "ok" not in flipped


def test_the_stored_files_are_what_the_scripts_make(tmp_path: Path) -> None:
    assert json.loads((HIDDEN / "hidden.json").read_text())["checks"] == json.loads(
        json.dumps(with_hints(make_hidden.hidden_checks(), make_hidden.HIDDEN_HINTS)))
    assert json.loads((EXERCISES / "06-save" / "exercise.json").read_text())["checks"] == json.loads(
        json.dumps(with_hints(make_hidden.public_checks(), make_hidden.PUBLIC_HINTS)))
    wrong = sorted(path.stem for path in (HIDDEN / "wrong").glob("*.ipynb"))
    assert wrong == sorted(make_notebooks.WRONG) and len(wrong) >= 8
    for name in wrong:
        cells = read_cells(HIDDEN / "wrong" / f"{name}.ipynb")
        assert any(part in cells for part in make_notebooks.broken(name)), name


def test_the_students_folder_holds_nothing_hidden() -> None:
    folder = EXERCISES / "06-save"
    assert sorted(p.name for p in folder.iterdir()) == ["exercise.json", "save.ipynb"]
    text = "".join((folder / name).read_text() for name in ("exercise.json", "save.ipynb"))
    for check in json.loads((HIDDEN / "hidden.json").read_text())["checks"]:
        assert check["name"] not in text
    assert "zlib.crc32(body" not in (folder / "save.ipynb").read_text()  # no solution inside


def test_reference_and_wrong_solutions_graded_in_the_sandbox(tmp_path: Path) -> None:
    notebooks = [HIDDEN / "reference.ipynb", *sorted((HIDDEN / "wrong").glob("*.ipynb"))]
    out = tmp_path / "out"
    done = graders_cli("grade", "06-save", *map(str, notebooks), "--out", str(out), "--jobs", "2",
                       cwd=tmp_path, timeout=900)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    max_score = len(all_checks())
    for notebook in notebooks:
        results = json.loads(next(out.glob(f"{notebook.stem}*/results.json")).read_text())
        failed = {test["name"].split(": ", 1)[1] for test in results["tests"] if test["score"] < test["max_score"]}
        assert {test["name"].split(": ", 1)[0] for test in results["tests"]} == {"public", "hidden"}
        expected = failed_in_process(notebook)
        assert failed == expected, notebook.stem
        assert results["max_score"] == max_score
        assert results["score"] == max_score - len(expected), notebook.stem
        if notebook.stem == "reference":
            assert not expected
        else:
            assert expected, f"{notebook.stem} must lose points"


def test_validate_passes(tmp_path: Path) -> None:
    done = graders_cli("validate", "06-save", "--jobs", "2", cwd=tmp_path, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "valid"
