"""The simulation and the grading on a Dask LocalCluster (2 worker processes): the same results as here."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import distributed
import pytest

from cosmos.cluster import play_on_cluster
from cosmos.simulate import batches, format_report, play_here, run_simulation
from cosmos.ui.progress import Progress, Tick
from graders.exercise import Exercise, load_exercise
from graders.grading import limits_for
from graders.notebook import read_cells
from graders.sandbox import Limits, SandboxUnavailable
from graders_instructor.grading.batch import grade_all
from graders_instructor.grading.cluster import cluster_threads, received, sandbox_on_worker, trial_job
from tests.graders.hostile_submissions import attacks, write

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "100"}  # the report wraps as format_report does by default
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("dask")]
HOSTILE = ("forged-results", "malformed-not-json")
MOST_GAMES = 8  # the most games any test plays


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    """A client of a cluster of two worker processes, one thread each, on this machine."""
    # the scheduler's HTTP server on a free port: 8787 may be another engineer's
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                 dashboard_address="127.0.0.1:0") as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def local_reports() -> dict[int, str]:
    """The local report of n games for every n up to MOST_GAMES, from one run in this process."""
    reports = {0: format_report(run_simulation(0))}
    run_simulation(MOST_GAMES, jobs=1, on_game=lambda result, report: reports.update(
        {report.games: format_report(report)}))
    assert reports[MOST_GAMES] == format_report(run_simulation(MOST_GAMES, jobs=2))  # as the command line plays
    return reports


@pytest.mark.parametrize(("games", "batch_size"), [(1, 4), (7, 4), (8, 3), (5, 1)])
def test_the_report_on_the_cluster_is_the_local_one(
    client: distributed.Client, local_reports: dict[int, str], games: int, batch_size: int
) -> None:
    done: list[int] = []
    report = run_simulation(games, player=play_on_cluster(client, done.append), batch_size=batch_size)
    assert format_report(report) == local_reports[games]
    assert sum(done) == games and len(done) == -(-games // batch_size)  # every batch reported once


def test_the_command_line_prints_the_local_report_and_progress_on_stderr(
    client: distributed.Client, local_reports: dict[int, str]
) -> None:
    address = client.scheduler.address
    run = subprocess.run([sys.executable, "-m", "cosmos", "--simulate=5", "--dask", address], capture_output=True,
                         text=True, env=ENV, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout == local_reports[5]
    assert "5/5 games (100%)" in run.stderr and "left" in run.stderr


def test_a_scheduler_file_names_the_cluster(
    client: distributed.Client, local_reports: dict[int, str], tmp_path: Path
) -> None:
    info = tmp_path / "scheduler.json"
    info.write_text(json.dumps({"address": client.scheduler.address}))
    run = subprocess.run([sys.executable, "-m", "cosmos", "--simulate=2", "--dask-scheduler-file", str(info)],
                         capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout == local_reports[2]


def test_a_bad_address_is_a_clear_message_not_a_traceback() -> None:
    address = "nonsense://x:1"
    run = subprocess.run([sys.executable, "-m", "cosmos", "--simulate=2", "--dask", address], capture_output=True,
                         text=True, env=ENV, cwd=ROOT, timeout=600)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(f"python -m cosmos: cannot reach the Dask scheduler at {address}: ")
    assert "Traceback" not in run.stderr
    starter = str(ROOT / "exercises" / "01-islands" / "islands.ipynb")
    grading = subprocess.run([sys.executable, "-m", "graders_instructor", "grade", "01-islands", starter,
                              "--dask", address],
                             capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600)
    assert grading.returncode == 2 and grading.stdout == ""
    assert grading.stderr.startswith(f"error: cannot reach the Dask scheduler at {address}: ")
    assert "Traceback" not in grading.stderr


def test_without_dask_neither_command_imports_it(tmp_path: Path) -> None:
    broken = tmp_path / "broken.ipynb"
    broken.write_text("not a notebook")
    code = (
        "import sys, contextlib, io\n"
        "from cosmos.__main__ import main as game\n"
        "from graders_instructor.__main__ import main as grader\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    assert game(['--simulate=2']) == 0\n"
        f"    assert grader(['grade', '01-islands', {str(broken)!r}, '--out', {str(tmp_path / 'out')!r}]) == 0\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout == "[]\n"


def test_batches_cover_the_games_in_order_and_their_size_changes_nothing_here(
    local_reports: dict[int, str]
) -> None:
    assert batches(10, 4) == [range(0, 4), range(4, 8), range(8, 10)]
    assert batches(0, 4) == [] and batches(3, 8) == [range(0, 3)]
    with pytest.raises(ValueError):
        batches(3, 0)
    done: list[int] = []
    pooled = run_simulation(7, player=play_here(2, done.append), batch_size=3)
    assert format_report(pooled) == local_reports[7] and done == [3, 3, 1]


def test_progress_reports_done_rate_and_time_left() -> None:
    ticks: list[Tick] = []
    stream = StringIO()
    progress = Progress(20, "games", stream=stream, callback=ticks.append)
    for _ in range(20):
        progress.advance()
    assert [tick.done for tick in ticks] == list(range(1, 21))
    assert ticks[-1].remaining == 0.0 and ticks[-1].rate > 0
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("20/20 games (100%)") and lines[-1].endswith("0:00 left")


@pytest.fixture(scope="module")
def islands() -> Exercise:
    """The Islands exercise with its hidden checks."""
    return load_exercise("01-islands")


def test_grading_on_the_cluster_gives_the_local_scores(
    client: distributed.Client, islands: Exercise, tmp_path: Path
) -> None:
    found = attacks(read_cells(islands.reference), islands, tmp_path / "local", 9, "127.0.0.1", tmp_path / "marker")
    (tmp_path / "hostile").mkdir()
    paths = [islands.reference, islands.wrong_solutions[0],
             *(write(tmp_path / "hostile", name, found[name]) for name in HOSTILE)]
    limits = limits_for(islands, timeout=45)  # none of these loops: a limit no busy machine comes near, on both sides
    command = [sys.executable, "-m", "graders_instructor", "grade", "01-islands", *map(str, paths), "--out",
               str(tmp_path / "remote"), "--timeout", "45", "--dask", client.scheduler.address]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV,
                          cwd=ROOT) as remote:  # the cluster grades while this process grades locally
        here = grade_all(islands, paths, tmp_path / "local", 1, limits, StringIO())
        _, stderr = remote.communicate(timeout=900)
    assert remote.returncode == 0, stderr
    assert f"{len(paths)}/{len(paths)} (0 already done)" in stderr and "/min" in stderr
    for submission, data in here:
        there = json.loads((tmp_path / "remote" / submission.ident / "results.json").read_text())
        assert there["score"] == data["score"], submission.ident
        assert [t["status"] for t in there["tests"]] == [t["status"] for t in data["tests"]]
        assert there["extra_data"]["outcome"] == data["extra_data"]["outcome"]
        assert there["output"] == data["output"], submission.ident
    scores = {s.ident: d["score"] for s, d in here}
    assert scores["reference"] == islands.max_score > scores[islands.wrong_solutions[0].stem]
    assert all(scores[name] <= found[name].max_score for name in HOSTILE)
    assert (tmp_path / "remote" / "summary.csv").read_text().count("\n") == 1 + len(paths)


def break_the_sandbox(dask_worker: distributed.Worker) -> None:
    """On a worker: no bwrap, prlimit or setpriv on its PATH, and its sandbox to be checked again."""
    os.environ["COSMOS_SAVED_PATH"] = os.environ["PATH"]
    os.environ["PATH"] = "/nonexistent"
    dask_worker.epic_cosmos_sandbox = None


def mend_the_sandbox(dask_worker: distributed.Worker) -> None:
    """On a worker: its PATH back, and its sandbox to be checked again."""
    saved = os.environ.pop("COSMOS_SAVED_PATH", None)
    if saved is not None:
        os.environ["PATH"] = saved
    dask_worker.epic_cosmos_sandbox = None


def test_a_worker_without_a_sandbox_refuses_to_grade(
    client: distributed.Client, islands: Exercise, tmp_path: Path
) -> None:
    client.wait_for_workers(2, timeout=600)
    assert cluster_threads(client) == 2
    worker = sorted(client.nthreads())[0]
    client.run(break_the_sandbox, workers=[worker])
    try:
        future = client.submit(sandbox_on_worker, trial_job(), Limits(timeout=30), workers=[worker], pure=False)
        with pytest.raises(SandboxUnavailable, match=f"worker {worker} refuses to grade: .*needs bwrap"):
            future.result(timeout=600)
        client.run(break_the_sandbox, workers=[w for w in client.nthreads() if w != worker])
        command = [sys.executable, "-m", "graders_instructor", "grade", "01-islands", str(islands.reference), "--out",
                   str(tmp_path / "out"), "--dask", client.scheduler.address]
        run = subprocess.run(command, capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=600)
        assert run.returncode == 2 and "refuses to grade" in run.stderr and "Traceback" not in run.stderr
        assert not (tmp_path / "out" / "reference").exists()  # nothing graded without the sandbox
    finally:
        client.run(mend_the_sandbox)


def test_what_a_worker_sends_back_is_read_as_untrusted() -> None:
    limits = Limits()
    assert received("not a dict", limits).garbled
    forged = received({"events": [{"event": "done"}, {"event": "check", "score": 30}, "junk"], "killed": "yes",
                       "returncode": 0.5, "log": b"x", "garbled": False, "seconds": float("inf")}, limits)
    assert forged.events == [{"event": "done"}] and forged.garbled
    assert forged.killed is False and forged.returncode is None and forged.log == "" and forged.seconds == 0.0
    fair = received({"events": [{"event": "kernel", "t": 1.5}], "killed": True, "returncode": -9, "log": "ok",
                     "garbled": False, "seconds": 3.0}, limits)
    assert (fair.events, fair.garbled, fair.killed, fair.returncode, fair.log, fair.seconds) == (
        [{"event": "kernel", "t": 1.5}], False, True, -9, "ok", 3.0)


# Last in the file: no other test depends on the nanny bringing the killed worker back.
def test_a_worker_killed_mid_run_costs_a_retry_not_the_report(
    client: distributed.Client, local_reports: dict[int, str]
) -> None:
    pids = client.run(os.getpid)
    killed: list[str] = []

    def kill_a_busy_worker(_games: int) -> None:
        busy = [worker for worker, tasks in client.processing().items() if tasks and worker in pids]
        if not killed and busy:
            os.kill(pids[busy[0]], signal.SIGKILL)  # mid-batch: that batch must be played again elsewhere
            killed.append(busy[0])

    report = run_simulation(MOST_GAMES, player=play_on_cluster(client, kill_a_busy_worker), batch_size=1)
    assert killed, "no worker was busy when the first batch came back"
    assert format_report(report) == local_reports[MOST_GAMES]
