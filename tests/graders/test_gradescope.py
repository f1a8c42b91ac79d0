"""The Gradescope autograder: unpacked into a root laid out like Gradescope's, run on real submissions."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders.notebook import read_cells, write_notebook
from graders_instructor.release.gradescope import build

ISLANDS = load_exercise("01-islands")
WRONG = ISLANDS.hidden_folder / "wrong" / "list-instead-of-tuple.ipynb"
TEST_KEYS = {"name", "score", "max_score", "status", "output", "visibility", "output_format"}


@pytest.fixture(scope="module")
def autograder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The autograder zip for Islands."""
    out = tmp_path_factory.mktemp("zip") / "autograder.zip"
    build(ISLANDS, out)
    return out


def gradescope_root(autograder: Path, where: Path, submission: Path) -> Path:
    """/autograder as Gradescope lays it out: source (the zip), run_autograder, submission, results."""
    root = where / "autograder"
    with zipfile.ZipFile(autograder) as archive:
        archive.extractall(root / "source")
        modes = {info.filename: info.external_attr >> 16 for info in archive.infolist()}
    for name in ("setup.sh", "run_autograder"):
        (root / "source" / name).chmod(modes[name] & 0o777)
    (root / "run_autograder").write_bytes((root / "source" / "run_autograder").read_bytes())
    (root / "run_autograder").chmod(0o755)
    (root / "submission").mkdir()
    (root / "submission" / submission.name).write_bytes(submission.read_bytes())
    (root / "results").mkdir()
    # Gradescope's harness writes this beside the submission: earlier submissions' results among them
    (root / "submission_metadata.json").write_text('{"previous_submissions": [{"score": 30.0}]}')
    (root / "submission_metadata.json").chmod(0o644)
    return root


def run_autograder(root: Path, **env: str) -> dict:
    """Run run_autograder as Gradescope does (with this Python); the results.json it wrote."""
    variables = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "COSMOS_SANDBOX")}
    variables.update(AUTOGRADER_ROOT=str(root), AUTOGRADER_PYTHON=sys.executable, **env)
    run = subprocess.run([str(root / "run_autograder")], cwd=root, env=variables, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads((root / "results" / "results.json").read_text(encoding="utf-8"))


def test_the_command_says_how_many_points_to_give_the_assignment(tmp_path: Path):
    run = subprocess.run([sys.executable, "-m", "graders_instructor", "gradescope", "01-islands", "--out",
                          str(tmp_path / "autograder.zip")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    public = sum(not check.hidden for check in ISLANDS.checks)
    assert run.stdout.splitlines()[-1] == (f"In Gradescope, give the assignment {ISLANDS.max_score:g} points "
                                           f"(Autograder points): {len(ISLANDS.checks)} checks, {public} public and "
                                           f"{len(ISLANDS.checks) - public} hidden")


def test_the_zip_holds_the_scripts_the_checks_and_the_grader_and_no_solution(autograder: Path):
    with zipfile.ZipFile(autograder) as archive:
        names = set(archive.namelist())
        assert archive.getinfo("run_autograder").external_attr >> 16 & 0o111
        setup = archive.read("setup.sh").decode()
    assert {"setup.sh", "run_autograder", "graders_instructor/hidden/01-islands/hidden.json",
            "exercises/01-islands/exercise.json", "graders/runner.py", "graders/jail.py", "cosmos/graph.py"} <= names
    assert not [name for name in names if "reference" in name or "/wrong/" in name or "make_hidden" in name]
    assert "bubblewrap" in setup and "nbclient==" in setup


def check_results(results: dict, full: bool) -> None:
    """results.json in Gradescope's schema: every check a test, hidden ones after publication, no hidden input,
    and nothing shown before publication that depends on a hidden check (the score, the output, the time)."""
    assert set(results) >= {"score", "output", "tests", "visibility", "stdout_visibility"}
    assert results["visibility"] == "after_published" and "execution_time" not in results
    assert "public checks passed" in results["output"] and "21 hidden checks: shown once the grades are published" in \
        results["output"]
    assert len(results["tests"]) == len(ISLANDS.checks)
    # plain text, its layout kept (the top level's default, simple_format, would join the aligned columns' spaces)
    assert results["output_format"] == results["test_output_format"] == "text"
    for check, test in zip(ISLANDS.checks, results["tests"], strict=True):
        assert set(test) == TEST_KEYS and test["status"] in ("passed", "failed") and test["output_format"] == "text"
        assert test["visibility"] == ("after_published" if check.hidden else "visible")
        assert test["score"] == (test["max_score"] if test["status"] == "passed" else 0)
        if check.hidden:
            assert check.payload not in test["output"] and "input:" not in test["output"]
    assert (results["score"] == ISLANDS.max_score) == full
    assert results["score"] == sum(test["score"] for test in results["tests"])


@pytest.mark.slow
def test_run_autograder_grades_a_reference_and_a_wrong_submission(autograder: Path, tmp_path: Path):
    reference = run_autograder(gradescope_root(autograder, tmp_path / "a", ISLANDS.reference))
    check_results(reference, full=True)
    wrong = run_autograder(gradescope_root(autograder, tmp_path / "b", WRONG))
    check_results(wrong, full=False)
    assert wrong["extra_data"]["outcome"] == "failed"
    assert reference["extra_data"]["jail"] == wrong["extra_data"]["jail"] == "bubblewrap"  # it works here


UNSHARE_USER = ("import ctypes, os\n"
                "if ctypes.CDLL(None).unshare(0x10000000) == 0:  # CLONE_NEWUSER: the filter must refuse it\n"
                "    os._exit(4)\n")


LINGER = "import subprocess\nsubprocess.Popen(['sleep', '4242.5'], start_new_session=True)\n"  # outlives the run?


def spying(paths: list[Path], where: Path) -> Path:
    """The reference, with first cells that end the kernel if it can read any of paths (or list a folder) or make
    a user namespace, and one that leaves a process behind in a session of its own."""
    spy = (f"import os\nfor path in {[str(path) for path in paths]!r}:\n    try:\n"
           "        os.listdir(path) if os.path.isdir(path) else open(path).read()\n        os._exit(3)\n"
           "    except OSError:\n        pass\n")
    return write_notebook(where / "islands.ipynb", [spy, UNSHARE_USER, LINGER, *read_cells(ISLANDS.reference)])


def lingering() -> list[int]:
    """Processes running LINGER's sleep."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if b"4242.5" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(int(pid))
        except OSError:
            continue
    return found


@pytest.mark.slow
def test_the_fallback_jail_grades_alike_and_keeps_the_hidden_checks_from_the_submission(autograder: Path):
    # a root every user may walk through, as /autograder is (pytest's own temporary folders are root's only)
    with tempfile.TemporaryDirectory(prefix="gradescope-root-") as name:
        where = Path(name)
        where.chmod(0o755)
        root = where / "p" / "autograder"
        hidden = root / "source" / "graders_instructor" / "hidden" / "01-islands" / "hidden.json"
        readable = where / "readable.txt"
        readable.write_text("anyone may read this")
        readable.chmod(0o644)
        (where / "p").mkdir(mode=0o755)
        control = run_autograder(gradescope_root(autograder, where / "p", spying([readable], where)),
                                 COSMOS_SANDBOX="plain")
        assert control["score"] == 0 and control["extra_data"]["outcome"] == "kernel died"  # the spy works
        # without the filter, an ordinary user here may make a user namespace (so the spy's second cell means it)
        free = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c",
                               UNSHARE_USER.replace("os._exit(4)", "os._exit(0)") + "os._exit(1)\n"])
        assert free.returncode == 0
        shutil.rmtree(where / "p")
        (where / "p").mkdir(mode=0o755)
        # nothing under /autograder: the hidden checks, earlier results, the results folder, the submission
        secrets = [hidden, root / "submission_metadata.json", root / "results", root / "submission", root / "source",
                   root / "run_autograder", root]
        root = gradescope_root(autograder, where / "p", spying(secrets, where))
        assert hidden.is_file() and (root / "submission_metadata.json").stat().st_mode & 0o004
        results = run_autograder(root, COSMOS_SANDBOX="plain")
        assert results["extra_data"]["jail"] == "plain"
        check_results(results, full=True)  # the hidden checks were out of its reach
        assert lingering() == []  # every process of the sandbox's uid ended with it
        (where / "q").mkdir(mode=0o755)
        wrong = run_autograder(gradescope_root(autograder, where / "q", WRONG), COSMOS_SANDBOX="plain")
        check_results(wrong, full=False)


def test_no_notebook_submitted_is_a_zero_with_a_reason(autograder: Path, tmp_path: Path):
    text = tmp_path / "answers.txt"
    text.write_text("I did it in my head")
    results = run_autograder(gradescope_root(autograder, tmp_path, text))
    assert results["score"] == 0 and "upload your islands.ipynb" in results["output"]


PUBLIC_ONLY = """
_islands = islands
def islands(n, lanes):  # right on the public checks' inputs, wrong on most others
    return _islands(n, lanes) if n in (1, 4, 8) and len(lanes) <= 5 else (0, 0, False)
"""


@pytest.mark.slow
def test_before_publication_a_student_sees_the_same_whatever_the_hidden_checks_said(autograder: Path, tmp_path: Path):
    reference = run_autograder(gradescope_root(autograder, tmp_path / "a", ISLANDS.reference))
    cheat = write_notebook(tmp_path / "islands.ipynb", [*read_cells(ISLANDS.reference), PUBLIC_ONLY])
    partial = run_autograder(gradescope_root(autograder, tmp_path / "b", cheat))
    assert reference["score"] == ISLANDS.max_score > partial["score"]  # the hidden checks did tell them apart

    def before_publication(results: dict) -> dict:
        """What Gradescope shows a student before the grades are published (its specification)."""
        assert results["visibility"] == "after_published"  # so the total score is not shown either
        shown = {key: value for key, value in results.items() if key not in ("score", "tests", "extra_data")}
        return shown | {"tests": [test for test in results["tests"] if test["visibility"] == "visible"]}

    assert before_publication(partial) == before_publication(reference)
    assert "9 of 9 public checks passed" in reference["output"]
