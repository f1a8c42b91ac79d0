"""The grader run by an ordinary user, as on an instructor's own machine: no root, no cgroups.

Without root every sandbox runs as the grader's own uid inside a user namespace, and the
kernel counts the processes of all of them, and of the user's other programs, together.
This test copies the course and a Python environment where an unprivileged uid can read
them, then grades real submissions as that uid, two at a time.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graders import sandbox
from graders.notebook import write_notebook
from tests.graders.hostile_submissions import FILL_DEV_SHM, LOOPS, MEMORY_HOG, code

REPO = Path(__file__).resolve().parents[2]
NOBODY = 65534
COURSE_PARTS = ("cosmos", "tents", "graders", "graders_instructor", "exercises")
pytestmark = pytest.mark.slow


def system_python() -> str:
    """Debian's interpreter of our Python version (ours lives under root's home, closed to others)."""
    path = f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"
    assert Path(path).is_file(), f"{path} is missing: `python3 course.py setup` installs Debian's python3"
    return path


def readable_by_all(folder: Path) -> None:
    """Let every user read folder and everything below it."""
    subprocess.run(["chmod", "-R", "a+rX", str(folder)], check=True)


@pytest.fixture(scope="module")
def course_as_a_user() -> Iterator[Path]:
    """A copy of the course and a virtual environment in a folder any uid can read."""
    if os.geteuid() != 0:
        pytest.skip("already an ordinary user: every other grader test runs the sandbox without root")
    top = Path(tempfile.mkdtemp(prefix="cosmos-nonroot-"))
    try:
        top.chmod(0o755)
        venv = top / "venv"
        subprocess.run([system_python(), "-m", "venv", "--without-pip", str(venv)], check=True)
        ours = Path(sys.prefix) / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}"
        copy = venv / ours.relative_to(sys.prefix) / "site-packages"
        # hard links where the filesystem allows (seconds faster); our files are readable by all
        links = subprocess.run(["cp", "-al", f"{ours / 'site-packages'}/.", str(copy)], capture_output=True)
        if links.returncode != 0:
            subprocess.run(["cp", "-a", f"{ours / 'site-packages'}/.", str(copy)], check=True)
        for part in COURSE_PARTS:
            shutil.copytree(REPO / part, top / "course" / part,
                            ignore=shutil.ignore_patterns("__pycache__"))
        (top / "home").mkdir()
        (top / "home").chmod(0o777)
        readable_by_all(top / "course")
        yield top
    finally:
        shutil.rmtree(top, ignore_errors=True)


@contextlib.contextmanager
def one_grader_as_nobody() -> Iterator[None]:
    """Held while a grader runs as nobody: the kernel counts all of the uid's processes together, so two such
    graders at once (this module's tests on two xdist workers) starved each other's kernels of processes."""
    with open(Path(tempfile.gettempdir()) / "cosmos-tests-nobody.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def grade_as_nobody(top: Path, submissions: list[Path], jobs: int, out: str, timeout: int = 60) -> dict[str, dict]:
    """`python -m graders_instructor grade` run by uid 65534 on the copied course: each submission's results (timeout:
    seconds     per submission; the exercise's own 60 s by default, which no submission that ends comes near)."""
    home = top / "home"
    readable_by_all(home)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home), "TMPDIR": str(home), "LANG": "C.UTF-8",
           "PYTHONPATH": str(top / "course")}
    command = [
        "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
        str(top / "venv" / "bin" / "python"), "-m", "graders_instructor", "grade", "01-islands",
        *map(str, submissions), "--out", str(home / out), "--jobs", str(jobs), "--timeout", str(timeout),
    ]
    with one_grader_as_nobody():
        result = subprocess.run(command, cwd=top / "course", env=env, capture_output=True, text=True, timeout=900)
        processes_left(NOBODY)  # the next grader as nobody starts with the uid's whole count of processes
    assert result.returncode == 0, result.stderr
    return {path.stem: json.loads((home / out / path.stem / "results.json").read_text(encoding="utf-8"))
            for path in submissions}


def test_an_ordinary_user_grades_two_at_a_time_with_every_limit_in_place(course_as_a_user: Path) -> None:
    top = course_as_a_user
    home = top / "home"
    hidden = top / "course" / "graders_instructor" / "hidden" / "01-islands"
    submissions = [
        hidden / "reference.ipynb",
        hidden / "wrong" / "always-equal.ipynb",
        write_notebook(home / "memory-hog.ipynb", MEMORY_HOG),
    ]
    results = grade_as_nobody(top, submissions, jobs=2, out="out")
    assert (results["reference"]["score"], results["reference"]["extra_data"]["outcome"]) == (30, "passed")
    # no control group without root: the report says so, and which rlimits held each process instead
    assert re.fullmatch(r"limits: no control group \(the grader does not run as root\); only the rlimits, per "
                        r"process: address space \d+ MB, CPU time 61 s, \d+ processes and threads of the uid, files up "
                        r"to \d+ MB, no core dumps, 512 open files", results["reference"]["extra_data"]["limits"])
    assert results["always-equal"]["extra_data"]["outcome"] == "failed"
    assert results["always-equal"]["score"] < 30
    hog = results["memory-hog"]
    assert hog["score"] == 0 and "MemoryError" in hog["output"] + str(hog["tests"])


def test_an_ordinary_users_fork_bomb_is_stopped_and_leaves_nothing_behind(course_as_a_user: Path) -> None:
    # Alone: without root there are no control groups to keep its CPU share fair to others.
    bomb = write_notebook(course_as_a_user / "home" / "fork-bomb.ipynb", [LOOPS["fork-bomb"]])
    result = grade_as_nobody(course_as_a_user, [bomb], jobs=1, out="out-bomb", timeout=6)["fork-bomb"]
    assert result["extra_data"]["outcome"] in ("timeout", "kernel died") and result["score"] == 0, result
    assert processes_left(NOBODY) == []  # the bomb's processes went with its sandbox


def processes_left(uid: int, patience: float = 120.0) -> list[str]:
    """The uid's processes, once the kernel has reaped a killed sandbox's (it takes a moment)."""
    deadline = time.monotonic() + patience
    while True:
        found = subprocess.run(["pgrep", "-a", "-u", str(uid)], capture_output=True, text=True).stdout
        if not found or time.monotonic() > deadline:
            return found.splitlines()
        time.sleep(0.1)


SHM_FILL = FILL_DEV_SHM + code("""
    import time

    _written, _error = fill_dev_shm()
    time.sleep(4)  # the files stay while the other submission looks


    def islands(n, lanes):
        return (_written, _error, False)
""")
SHM_PEEK = code("""
    import os, time

    time.sleep(2)
    _seen = len(os.listdir("/dev/shm"))


    def islands(n, lanes):
        return (_seen, 0, False)
""")
ANSWER = re.compile(r"got:\s+\((\d+), (\d+), False\)")


def test_an_ordinary_users_dev_shm_is_private_and_capped_like_tmp(course_as_a_user: Path) -> None:
    home = course_as_a_user / "home"
    fill = write_notebook(home / "shm-fill.ipynb", [SHM_FILL])
    peek = write_notebook(home / "shm-peek.ipynb", [SHM_PEEK])
    results = grade_as_nobody(course_as_a_user, [fill, peek], jobs=2, out="out-shm")

    def answer(name: str) -> tuple[int, int]:
        found = ANSWER.search(json.dumps(results[name]["tests"]).replace("\\n", "\n"))
        assert found, results[name]["tests"][0]["output"]
        return int(found[1]), int(found[2])

    written, error = answer("shm-fill")
    assert error == errno.ENOSPC and 32 <= written <= sandbox.Limits().tmp_mb
    assert answer("shm-peek") == (0, 0)  # the other submission's files are not in its /dev/shm
