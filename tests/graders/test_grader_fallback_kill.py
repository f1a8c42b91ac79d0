"""The fallback jail (no bubblewrap, graders/plainjail.py): nothing of a submission outlives its run,
each run starts in a fresh home, and two submissions never meet (graders/SECURITY.md, "The fallback jail")."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from graders import plainjail, sandbox
from graders.exercise import Exercise
from graders.notebook import read_cells, write_notebook
from tests.graders.collusion import donor_cells, new_place, receiver_cells
from tests.graders.grader_helpers import REPO
from tests.graders.hostile_submissions import code

pytestmark = pytest.mark.slow

# A chain of fork-and-exit that leaves its session (its pid changes all the time), a CPU burner beside it,
# and in every step an IPython start-up file planted in every home the chain's uid may write. Each process
# writes its pid to the pipe REPORT when there is one.
CHAIN = code("""
    import ctypes, glob, os, time

    def _name(tag):
        ctypes.CDLL(None).prctl(15, tag.encode(), 0, 0, 0)  # PR_SET_NAME: the test finds us by it
        if REPORT is not None:
            try:
                os.write(REPORT, b"%d\\n" % os.getpid())
            except OSError:
                pass

    def _plant():
        for home in glob.glob("/tmp/cosmos-plain-*/home"):
            try:
                startup = os.path.join(home, ".ipython", "profile_default", "startup")
                os.makedirs(startup, exist_ok=True)
                with open(os.path.join(startup, "00-planted.py"), "w") as handle:
                    handle.write("import builtins\\nbuiltins.PLANTED = True\\n")
            except OSError:
                pass

    def _detach(body):
        if os.fork() == 0:
            os.setsid()
            body()
            os._exit(0)

    def _burn():
        _name(TAG)
        while True:
            pass

    def _chain():
        while True:
            _name(TAG)
            try:
                if os.fork() != 0:
                    os._exit(0)
            except OSError:
                pass
            _plant()
            time.sleep(0.001)

    _detach(_burn)
    _detach(_chain)
""")
# The next submission: the reference solution, unless a planted start-up file ran before it.
SPOILED = code("""
    import builtins
    if getattr(builtins, "PLANTED", False):
        def islands(n, lanes):
            return (0, 0, False)
""")


def tagged(tag: str) -> list[int]:
    """Pids of live (not zombie) processes named tag."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                name = (entry / "comm").read_text().strip()
            except OSError:
                continue
            if name == tag and plainjail.real_uid_and_state(int(entry.name))[1] != "Z":
                found.append(int(entry.name))
    return found


def reported_pids(read: int, wanted: int) -> set[int]:
    """The pids the chain writes to the pipe, read until there are wanted of them (or two minutes pass)."""
    pids: set[int] = set()
    text = b""
    deadline = time.monotonic() + 120
    while len(pids) < wanted and time.monotonic() < deadline:
        if select.select([read], [], [], 1)[0]:
            text += os.read(read, 4096)
            *lines, text = text.split(b"\n")
            pids.update(int(line) for line in lines)
    return pids


def test_kill_uid_stops_a_fork_and_exit_chain_under_load() -> None:
    tag = f"chain-{uuid.uuid4().hex[:8]}"
    with sandbox.claim_uid() as uid:
        try:
            for _ in range(3):
                read, write = os.pipe()
                os.set_blocking(write, False)  # a full pipe never stops the chain
                try:
                    subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", sys.executable,
                                    "-c", f"TAG = {tag!r}\nREPORT = {write}\n" + CHAIN], check=True, cwd="/",
                                   pass_fds=(write,))
                    os.close(write)
                    assert len(reported_pids(read, 3)) >= 3  # the burner and two links: the chain is forking
                finally:
                    os.close(read)
                plainjail.kill_uid(uid)
                assert plainjail.live_processes(uid) == []
                time.sleep(0.5)
                assert tagged(tag) == []
        finally:
            plainjail.kill_uid(uid)


# Runs a command as the subreaper of its descendants and never reaps their orphans: an init that is slow to reap
# (on some machines init reaps every few seconds, in some containers never), so a killed sandbox's processes stay
# zombies of their uid, counted against that uid's process limit.
LAZY_INIT = code("""
    import ctypes, subprocess, sys
    ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    sys.exit(subprocess.run(sys.argv[1:]).returncode)
""")


def plain_grade(*paths: Path, out: Path, jobs: int, timeout: int, lazy_init: bool = False) -> dict[str, dict]:
    """`python -m graders_instructor grade` in the fallback jail (under LAZY_INIT if asked): what each got."""
    env = {**os.environ, "COSMOS_SANDBOX": "plain"}
    command = [sys.executable, "-m", "graders_instructor", "grade", "01-islands", *map(str, paths), "--out", str(out),
               "--jobs", str(jobs), "--timeout", str(timeout)]
    if lazy_init:
        command = [sys.executable, "-c", LAZY_INIT, *command]
    graded = subprocess.run(command, cwd=REPO, env={**env, "PYTHONPATH": str(REPO)}, capture_output=True, text=True,
                            timeout=600)
    assert graded.returncode == 0, graded.stderr
    return {path.stem: json.loads((out / path.stem / "results.json").read_text()) for path in paths}


def test_a_chain_left_by_one_submission_neither_survives_nor_reaches_the_next(islands: Exercise,
                                                                               tmp_path: Path) -> None:
    tag = f"chain-{uuid.uuid4().hex[:8]}"
    solution = read_cells(islands.reference)
    chain = write_notebook(tmp_path / "a-chain.ipynb", [f"TAG = {tag!r}\nREPORT = None\n" + CHAIN,
                                                        "import time\ntime.sleep(3)\n"])
    after = write_notebook(tmp_path / "b-after.ipynb", [*solution, SPOILED])
    results = plain_grade(chain, after, out=tmp_path / "out", jobs=1, timeout=20)
    assert results["b-after"]["score"] == 30, results["b-after"]["output"]
    assert tagged(tag) == []


def test_under_an_init_slow_to_reap_the_next_submission_still_gets_a_fresh_uid(islands: Exercise,
                                                                                tmp_path: Path) -> None:
    # The chain leaves dozens of zombies of its uid when it is killed. The grader used to wait 10 s for init to
    # reap them, then hand the same uid to the next submission, whose kernel could not start under RLIMIT_NPROC
    # ("error: the notebook's kernel could not start in the sandbox", a score of 0 for a correct notebook).
    tag = f"chain-{uuid.uuid4().hex[:8]}"
    chain = write_notebook(tmp_path / "a-chain.ipynb", [f"TAG = {tag!r}\nREPORT = None\n" + CHAIN,
                                                        "import time\ntime.sleep(2)\n"])
    after = write_notebook(tmp_path / "b-after.ipynb", read_cells(islands.reference))
    results = plain_grade(chain, after, out=tmp_path / "out", jobs=1, timeout=20, lazy_init=True)
    assert results["b-after"]["score"] == 30, results["b-after"]["output"]
    assert tagged(tag) == []


def test_in_the_fallback_jail_a_receiver_beside_its_donor_earns_no_hidden_point(islands: Exercise,
                                                                               tmp_path: Path) -> None:
    # One fallback jail at a time, and what the donor leaves (System V memory, /dev/shm) goes with it.
    solution = read_cells(islands.reference)
    place = new_place()
    donor = write_notebook(tmp_path / "a-donor.ipynb", donor_cells(0x5EC2E7A1, solution, 6, place))
    receiver = write_notebook(tmp_path / "b-receiver.ipynb", receiver_cells(0x5EC2E7A1, solution, 6, place))
    results = plain_grade(donor, receiver, out=tmp_path / "out", jobs=2, timeout=30)
    assert results["a-donor"]["score"] == 30
    hidden = [test for test in results["b-receiver"]["tests"] if test["name"].startswith("hidden: ")]
    assert len(hidden) >= 20 and sum(test["score"] for test in hidden) == 0
