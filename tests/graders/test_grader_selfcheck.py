"""The student's self-check: in their own kernel, and `python -m graders check` in the sandbox."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from graders import check_here
from graders.exercise import EXERCISES, load_exercise
from graders.notebook import read_cells
from tests.graders.grader_helpers import graders_cli

REPO = Path(__file__).resolve().parents[2]
STARTER = EXERCISES / "01-islands" / "islands.ipynb"


def namespace_of(path: Path) -> dict:
    """Run a notebook's code cells in a fresh namespace, as a kernel does (errors go on)."""
    namespace: dict = {}
    for source in read_cells(path):
        if "check_here" not in source:
            with contextlib.suppress(Exception):
                exec(source, namespace)
    return namespace


def test_check_here_passes_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    check_here(namespace_of(load_exercise("01-islands").reference), "01-islands")
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "9 of 9 checks pass, score 9/9."
    assert "hidden" not in out


def test_check_here_explains_what_fails_in_the_starter(capsys: pytest.CaptureFixture[str]) -> None:
    check_here(namespace_of(STARTER), "01-islands")
    out = capsys.readouterr().out
    assert "FAIL  public: islands: the lesson's example" in out
    assert "raised NotImplementedError: write islands(n, lanes)" in out
    assert "FAIL  public: the program: the lesson's example" in out
    assert out.count("raised NotImplementedError: write islands(n, lanes)") == 4  # and via main
    assert out.splitlines()[-1] == "0 of 9 checks pass, score 0/9."


def test_check_here_stands_aside_when_the_grader_runs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COSMOS_GRADING", "1")
    check_here({}, "01-islands")
    assert capsys.readouterr().out == "(the grader runs its own checks)\n"


@pytest.mark.slow
def test_the_reference_notebook_checks_itself_in_a_real_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.setenv("PYTHONPATH", str(REPO))
    notebook = nbformat.read(load_exercise("01-islands").reference, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(REPO)}}).execute()
    outputs = "".join(out.get("text", "") for cell in notebook.cells for out in cell.get("outputs", []))
    assert "islands: 3\nlargest island: 3\nconnected: no\n" in outputs
    assert "9 of 9 checks pass, score 9/9." in outputs


@pytest.mark.slow
@pytest.mark.parametrize(
    ("notebook", "code", "last"),
    [
        (STARTER, 1, "0 of 9 checks pass, score 0/9."),
        (None, 0, "9 of 9 checks pass, score 9/9."),
    ],
)
def test_check_runs_the_public_checks_in_the_sandbox(
    tmp_path: Path, notebook: Path | None, code: int, last: str
) -> None:
    path = notebook or load_exercise("01-islands").reference
    extra = ["--exercise", "01-islands"] if notebook is None else []
    done = graders_cli("check", str(path), *extra, cwd=tmp_path)
    assert done.returncode == code, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == last
    assert "hidden" not in done.stdout
    # the course's own cells run in the sandbox without an error (the step cell shows nothing there)
    assert "ModuleNotFoundError" not in done.stdout and "ImportError" not in done.stdout


def test_check_needs_a_known_exercise(tmp_path: Path) -> None:
    lost = tmp_path / "lost.ipynb"
    lost.write_text("{}")
    done = graders_cli("check", str(lost), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"error: {lost} is not in an exercise folder; name the exercise with --exercise\n"


@pytest.mark.slow
def test_the_instructors_check_of_a_students_notebook_stays_out_of_the_instructors_progress(tmp_path: Path) -> None:
    import json
    import shutil

    data = tmp_path / "data"
    submission = tmp_path / "downloads" / "jane_islands.ipynb"  # a student's work, outside the course's folder
    submission.parent.mkdir()
    shutil.copy(load_exercise("01-islands").reference, submission)
    done = graders_cli("check", str(submission), "--exercise", "01-islands", cwd=tmp_path,
                       env={"XDG_DATA_HOME": str(data)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[0].startswith("(not kept in your progress: the notebook is outside")
    assert done.stdout.splitlines()[-1] == "9 of 9 checks pass, score 9/9."
    progress_file = data / "epic-cosmos" / "progress.json"
    assert not progress_file.exists() or json.loads(progress_file.read_text())["exercises"] == {}
    own = graders_cli("check", str(STARTER), cwd=tmp_path, env={"XDG_DATA_HOME": str(data)})  # the course's own
    assert "not kept" not in own.stdout
    assert json.loads(progress_file.read_text())["exercises"]["01-islands"]["score"] == 0


def test_in_a_students_course_every_checked_notebook_is_their_own(tmp_path: Path) -> None:
    from graders.selfcheck import is_own_notebook

    assert is_own_notebook(tmp_path / "x.ipynb", instructor=False)
    assert not is_own_notebook(tmp_path / "x.ipynb", instructor=True)
    assert is_own_notebook(STARTER, instructor=True)
