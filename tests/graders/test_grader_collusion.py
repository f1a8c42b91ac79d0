"""Two submissions graded at once share nothing one can signal through and the other observe
(graders/SECURITY.md, "Concurrent submissions")."""

from __future__ import annotations

import errno
import json
import subprocess
import sys
from pathlib import Path

import pytest

from graders import sandbox, seccomp
from graders.exercise import Exercise
from graders.notebook import read_cells, write_notebook
from tests.graders.collusion import CHANNEL_NAMES, CHANNELS, donor_cells, head, new_place, receiver_cells, window
from tests.graders.grader_helpers import REPO, graders_cli
from tests.graders.hostile_submissions import FILL_DEV_SHM
from tests.graders.test_grader_jail_denies import SYSCALLS
from tests.graders.test_grader_sandbox import answer, run_cells

KEY = 0x5EC2E7A1
SECONDS = 12  # how long the donor sends and the receiver listens
pytestmark = pytest.mark.slow


def host_process(body: str, place: int) -> subprocess.Popen[str]:
    """A Python process on the host (no sandbox) running the channels' code, then body."""
    return subprocess.Popen([sys.executable, "-c", head(place) + CHANNELS + body], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)


def test_outside_the_sandbox_the_pair_passes_its_key_on_every_channel() -> None:
    # The control: the same code as two ordinary processes on one machine opens every channel. The donor
    # says "ready" once every channel is open and sends until told to stop (its stdin closes), the receiver
    # listens until every channel has given it a key: no margin of time for a busy machine to miss.
    place = new_place()
    donor = host_process(f"import sys, threading\nready = threading.Event()\n"
                         f"threading.Thread(target=send, args=({KEY}, 600, ready), daemon=True).start()\n"
                         "ready.wait()\nprint('ready', flush=True)\nsys.stdin.read()\n", place)
    try:
        assert donor.stdout is not None and donor.stdout.readline().strip() == "ready"
        receiver = host_process("import json\nprint(json.dumps(receive(120)))\n", place)
        found, _ = receiver.communicate(timeout=300)
        assert json.loads(found) == dict.fromkeys(CHANNEL_NAMES, KEY)
    finally:
        donor.communicate(timeout=120)
        subprocess.run(["ipcrm", "-M", str(place)], capture_output=True, check=False)
        Path(f"/dev/shm/cosmos-collusion-{place:08x}").unlink(missing_ok=True)


def test_a_receiver_graded_beside_its_donor_earns_no_hidden_point(islands: Exercise, tmp_path: Path) -> None:
    solution = read_cells(islands.reference)
    place = new_place()
    donor = write_notebook(tmp_path / "a-donor.ipynb", donor_cells(KEY, solution, SECONDS, place))
    receiver = write_notebook(tmp_path / "b-receiver.ipynb", receiver_cells(KEY, solution, SECONDS, place))
    out = tmp_path / "out"
    graded = graders_cli("grade", "01-islands", str(donor), str(receiver), str(islands.reference), "--out", str(out),
                         "--jobs", "2", "--timeout", "40", cwd=REPO)
    assert graded.returncode == 0, graded.stderr
    results = {name: json.loads((out / name / "results.json").read_text()) for name in ("a-donor", "b-receiver",
                                                                                       "reference")}
    assert results["a-donor"]["score"] == 30 and results["reference"]["score"] == 30
    hidden = [test for test in results["b-receiver"]["tests"] if test["name"].startswith("hidden: ")]
    assert len(hidden) >= 20 and sum(test["score"] for test in hidden) == 0
    # They ran side by side: the receiver listened while the donor sent (both on the clock the sandboxes share).
    sent = window(out / "a-donor" / "ran.ipynb", "donor")
    listened = window(out / "b-receiver" / "ran.ipynb", "receiver")
    assert listened[0] < sent[1] and sent[0] < listened[1], (sent, listened)


FCNTL_CELL = """
import fcntl, os, struct

def fcntl_refused():
    fd = os.open("/usr/bin/env", os.O_RDONLY)
    lock = struct.pack("hhqqi4x", fcntl.F_RDLCK, 0, 0, 0, 0)
    seen = {}
    for command in FCNTL:
        try:
            fcntl.fcntl(fd, command, lock)
            seen[str(command)] = 0
        except OSError as error:
            seen[str(command)] = error.errno
    seen["F_GETFL still works"] = fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY
    seen["F_SETFD still works"] = fcntl.fcntl(fd, fcntl.F_SETFD, fcntl.FD_CLOEXEC) == 0
    return seen
"""


def test_inside_the_jail_locks_watches_and_machine_counters_are_refused_and_dev_shm_is_capped() -> None:
    numbers = seccomp.NUMBERS[seccomp.machine()]
    table = {name: numbers[name] for name in seccomp.SHARED_OBJECTS if numbers[name] is not None}
    head = f"NUMBERS = {table!r}\nFCNTL = {list(seccomp.FCNTL_REFUSED)!r}\n"
    limits = sandbox.Limits(timeout=20, check_timeout=10, memory_mb=512)
    result = run_cells([head, SYSCALLS, FCNTL_CELL, FILL_DEV_SHM], limits, ["refused", "fcntl_refused", "fill_dev_shm"])
    calls, commands = answer(result, 0), answer(result, 1)
    assert isinstance(calls, dict) and set(calls) == set(table) >= {"flock", "inotify_add_watch", "sysinfo"}
    assert set(calls.values()) == {errno.EPERM}
    assert isinstance(commands, dict) and commands.pop("F_GETFL still works") and commands.pop("F_SETFD still works")
    assert commands == {str(command): errno.EPERM for command in seccomp.FCNTL_REFUSED}
    written, error = answer(result, 2)
    assert error == errno.ENOSPC and written <= limits.tmp_mb  # /dev/shm is the job's own, as small as /tmp
