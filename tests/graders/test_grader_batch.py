"""Batch grading: 60 mixed submissions (every attack, every wrong solution, good copies), Gradescope results,
the summary, stopping and resuming."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import threading
import time
from io import StringIO
from pathlib import Path

import pytest

from graders import sandbox
from graders.exercise import Exercise
from graders.grading import limits_for
from graders.notebook import write_notebook
from graders_instructor.grading.batch import grade_all
from tests.graders.grader_helpers import BATCH_SIZE, Batch, verdict_text

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def test_a_batch_of_mixed_submissions_grades_completely(islands_batch: Batch) -> None:
    assert len(islands_batch.results) == BATCH_SIZE
    kinds = islands_batch.kinds
    assert {kind: list(kinds.values()).count(kind) for kind in set(kinds.values())}.keys() == {
        "reference",
        "wrong",
        "starter",
        "attack",
    }
    for name, results in islands_batch.results.items():
        assert set(results) >= {"score", "max_score", "output", "tests", "visibility", "extra_data"}
        for test in results["tests"]:
            assert set(test) >= {"name", "score", "max_score", "status", "output", "visibility"}
            assert test["status"] in ("passed", "failed")
            assert test["score"] == (test["max_score"] if test["status"] == "passed" else 0)
        full = results["score"] == results["max_score"] == 30
        assert full == (kinds[name] == "reference"), (name, results["output"])
    print(f"\n{BATCH_SIZE} submissions graded in {islands_batch.seconds:.0f} s")


def test_the_summary_has_one_row_per_submission(islands_batch: Batch) -> None:
    rows = list(csv.DictReader(StringIO((islands_batch.out / "summary.csv").read_text())))
    assert [row["submission"] for row in rows] == list(islands_batch.kinds)
    for row in rows:
        results = islands_batch.results[row["submission"]]
        assert float(row["score"]) == results["score"]
        assert row["outcome"] == results["extra_data"]["outcome"]


def test_a_scratch_cell_that_raises_costs_nothing_but_is_reported(islands_batch: Batch) -> None:
    raising = [
        name
        for name, kind in islands_batch.kinds.items()
        if kind == "reference" and "ZeroDivisionError" in islands_batch.results[name]["output"]
    ]
    assert raising
    for name in raising:
        assert islands_batch.results[name]["score"] == 30
        assert "raised ZeroDivisionError: division by zero" in islands_batch.results[name]["output"]


def test_the_starter_fails_every_check_with_the_reason(islands_batch: Batch) -> None:
    results = islands_batch.results["starter"]
    assert results["score"] == 0
    public = [verdict_text(test["output"]) for test in results["tests"] if test["name"].startswith("public")]
    assert "raised NotImplementedError: write islands(n, lanes)" in public


def test_a_second_run_regrades_nothing(
    islands_batch: Batch, islands: Exercise, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_sandbox(*args: object, **kwargs: object) -> None:
        raise AssertionError("a finished submission was graded again")

    monkeypatch.setattr(sandbox, "run", no_sandbox)
    folder = islands_batch.out.parent / "submissions"
    paths = [folder / f"{name}.ipynb" for name in islands_batch.kinds]
    progress = StringIO()
    again = grade_all(islands, paths, islands_batch.out, 2, limits_for(islands), progress)
    assert {s.ident: data for s, data in again} == islands_batch.results
    assert f"{BATCH_SIZE}/{BATCH_SIZE} ({BATCH_SIZE} already done)" in progress.getvalue()


def test_a_changed_submission_is_graded_again(islands: Exercise, tmp_path: Path) -> None:
    path = tmp_path / "student.ipynb"
    path.write_text("not a notebook")
    first = grade_all(islands, [path], tmp_path / "out", 1, limits_for(islands), StringIO())
    assert "not valid notebook JSON" in first[0][1]["output"]
    path.write_text("[]")
    second = grade_all(islands, [path], tmp_path / "out", 1, limits_for(islands), StringIO())
    assert "not a notebook" in second[0][1]["output"]


def test_ctrl_c_stops_the_batch_whichever_thread_the_signal_reaches(islands: Exercise, tmp_path: Path) -> None:
    # a SIGINT sent to the process is taken by one of its threads, not always the main one: the main thread, waiting
    # for the running sandbox, must still stop it and end (it slept on: about one `grade` stopped in thirty ran on)
    assert threading.current_thread() is threading.main_thread()
    taken: list[int] = []
    stopped = threading.Event()

    def run_job(job: dict, limits: sandbox.Limits, stop: threading.Event | None) -> sandbox.SandboxResult:
        """A sandbox that runs until the grader stops it."""
        taken.append(threading.get_ident())
        assert stop is not None
        if stop.wait(timeout=120):  # a failure detector, not a speed target
            stopped.set()
            raise sandbox.Stopped
        raise RuntimeError("the grader never stopped the sandbox")

    def interrupt() -> None:
        while not taken:
            time.sleep(0.01)
        signal.pthread_kill(taken[0], signal.SIGINT)  # to the thread that runs the sandbox

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        threading.Thread(target=interrupt, daemon=True).start()
        with pytest.raises(KeyboardInterrupt):
            grade_all(islands, [islands.reference], tmp_path / "out", 1, limits_for(islands), StringIO(),
                      run_job=run_job)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert stopped.is_set(), "the Ctrl+C was answered only once the sandbox had ended by itself"
    assert not (tmp_path / "out" / "reference").exists()


def test_grading_stopped_midway_carries_on_where_it_stopped(islands: Exercise, tmp_path: Path) -> None:
    reference = islands.reference
    sleepy = write_notebook(tmp_path / "sleepy.ipynb", ["import time\ntime.sleep(600)\n"])
    paths = [str(reference), str(sleepy)]
    command = [
        sys.executable,
        "-m",
        "graders_instructor",
        "grade",
        "01-islands",
        *paths,
        "--out",
        str(tmp_path / "out"),
        "--jobs",
        "1",  # the reference first, then the sleeper: stopped while the sleeper runs, however slow the machine
    ]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    # the first run gives the sleeper a limit it cannot reach (a window no test can miss, however long it is kept
    # from looking); the second, the same command but for its limit, lets it time out soon
    # Ctrl+C as in a terminal: SIGINT at its default, whatever this test inherited (a shell's background job, as a
    # CI script may start the suite, ignores it, and Python keeps an ignored SIGINT ignored)
    first = subprocess.Popen([*command, "--timeout", "600"], cwd=REPO, env=env, stderr=subprocess.PIPE, text=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 600  # a failure detector, not a speed target
    while not (tmp_path / "out" / "reference" / "results.json").exists():
        assert time.monotonic() < deadline and first.poll() is None
        time.sleep(0.1)
    first.send_signal(signal.SIGINT)
    _, stderr = first.communicate(timeout=300)
    assert first.returncode == 130 and "run the same command again" in stderr
    assert not (tmp_path / "out" / "sleepy").exists()
    done = (tmp_path / "out" / "reference" / "results.json").read_text()
    second = subprocess.run([*command, "--timeout", "5"], cwd=REPO, env=env, capture_output=True, text=True,
                            timeout=600)
    assert second.returncode == 0, second.stderr
    assert "(1 already done)" in second.stderr
    assert (tmp_path / "out" / "reference" / "results.json").read_text() == done
    sleepy_results = json.loads((tmp_path / "out" / "sleepy" / "results.json").read_text())
    assert sleepy_results["extra_data"]["outcome"] == "timeout"
