"""Bulk downloads laid out as Canvas and Moodle lay them out, and one graded batch of both, shared by the tests.

Canvas's "Download Submissions" zip is flat: `<lastfirst>[_LATE]_<user id>_<attachment id>_<file name>`.
Moodle's "Download all submissions" (with "Download submissions in folders") holds a folder per submission
plugin and participant: `<Full name>_<participant id>_assignsubmission_file_/<file name>`, and the online text
as `<Full name>_<participant id>_assignsubmission_onlinetext_/onlinetext.html`.
"""

from __future__ import annotations

import fcntl
import json
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from tests.graders.grader_helpers import graders_cli

ISLANDS = load_exercise("01-islands")
WRONG = ISLANDS.hidden_folder / "wrong"
LATE_PENALTY = "10"  # percent, given to the shared batch's grade command


def canvas_zip(path: Path) -> Path:
    """A Canvas download: a right, a late wrong, an untouched starter, and a student who sent only a .py."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("doejane_1001_5001_islands.ipynb", ISLANDS.reference.read_bytes())
        archive.writestr("doejohn_LATE_1002_5002_islands.ipynb", (WRONG / "list-instead-of-tuple.ipynb").read_bytes())
        archive.writestr("smithbob_1003_5003_islands.ipynb", ISLANDS.notebook.read_bytes())
        archive.writestr("leeann_1004_5004_islands.py", "def islands(n, lanes):\n    return (n, 1, False)\n")
    return path


def moodle_zip(path: Path) -> Path:
    """A Moodle download in folders: a right, a wrong, and a participant with nothing readable."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Jane Roe_2001_assignsubmission_file_/islands.ipynb", ISLANDS.reference.read_bytes())
        archive.writestr("Иван Петров_2002_assignsubmission_file_/islands.ipynb",
                         (WRONG / "lanes-needed-equals-islands.ipynb").read_bytes())
        archive.writestr("Ana García_2003_assignsubmission_file_/notes.txt", "I ran out of time")
        archive.writestr("Ana García_2003_assignsubmission_onlinetext_/onlinetext.html", "<p>sorry</p>")
    return path


@dataclass(frozen=True)
class Graded:
    """The shared batch: its folder, the command's output and each student's results."""

    out: Path
    stdout: str
    stderr: str
    results: dict[str, dict]


def grade_downloads(folder: Path, *extra: str) -> Graded:
    """Grade both downloads into folder/out with the command line, as an instructor would."""
    folder.mkdir(parents=True, exist_ok=True)
    sources = [str(canvas_zip(folder / "canvas.zip")), str(moodle_zip(folder / "moodle.zip"))]
    run = graders_cli("grade", "01-islands", *sources, "--out", str(folder / "out"), "--jobs", "2", *extra,
                      cwd=folder, timeout=900)
    assert run.returncode == 0, run.stderr
    out = folder / "out"
    results = {path.parent.name: json.loads(path.read_text()) for path in out.glob("*/results.json")}
    return Graded(out, run.stdout, run.stderr, results)


def shared_batch(factory: pytest.TempPathFactory) -> Graded:
    """The two downloads graded once per test run (with --late-penalty), even across xdist workers."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID")
    shared = factory.getbasetemp().parent / f"lms-batch-{run}" if run else factory.mktemp("lms")
    shared.mkdir(exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "graded.json"
        if not done.exists():
            graded = grade_downloads(shared, "--late-penalty", LATE_PENALTY)
            done.write_text(json.dumps({"stdout": graded.stdout, "stderr": graded.stderr}))
    info = json.loads(done.read_text())
    out = shared / "out"
    results = {path.parent.name: json.loads(path.read_text()) for path in out.glob("*/results.json")}
    return Graded(out, info["stdout"], info["stderr"], results)
