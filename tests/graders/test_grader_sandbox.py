"""The jail itself, seen from inside a real sandbox with a real kernel."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from graders import probe, sandbox
from graders.exercise import load_exercise
from graders.grading import PROBE_SOURCE
from graders.values import decode

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

FACTS = """
import os, resource, socket


def facts():
    def can(path, mode):
        try:
            with open(path, mode) as handle:
                handle.write("x") if "w" in mode else handle.read(1)
            return True
        except OSError:
            return False

    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)

    def effective_capabilities():
        header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
        data = (ctypes.c_uint32 * 6)()
        assert libc.capget(header, data) == 0
        return data[0] | data[3] << 32

    def allocates(megabytes):
        try:
            return len(bytearray(megabytes << 20)) > 0
        except MemoryError:
            return False

    return {
        "uid": os.getuid(), "gid": os.getgid(), "groups": len(os.getgroups()),
        "hostname": socket.gethostname(),
        "interfaces": ",".join(name for _, name in socket.if_nameindex()),
        "capabilities": effective_capabilities(), "no_new_privs": libc.prctl(39, 0, 0, 0, 0),
        "memory": resource.getrlimit(resource.RLIMIT_AS)[1],
        "processes": resource.getrlimit(resource.RLIMIT_NPROC)[1],
        "file_size": resource.getrlimit(resource.RLIMIT_FSIZE)[1],
        "cwd": os.getcwd(), "environment": ",".join(sorted(os.environ)),
        "sees_repository": os.path.exists(REPO), "sees_hidden": os.path.exists(HIDDEN),
        "tmp_writable": can("/tmp/x", "w"), "root_writable": can("/x", "w"),
        "course_writable": can("/course/graders/probe.py", "a"),
        "reads_shadow": can("/etc/shadow", "r"),
        "has_proc": os.path.exists("/proc/self"),
        "allocates_100_mb": allocates(100), "allocates_600_mb": allocates(600),
    }
"""


def run_cells(cells: list[str], limits: sandbox.Limits, calls: list[str]) -> sandbox.SandboxResult:
    """Run code cells in a real sandbox, then call each named function without arguments."""
    job = {
        "cells": cells,
        "budget": limits.timeout,
        "check_timeout": limits.check_timeout,
        "checks": [{"kind": "function", "name": name, "payload": "[]"} for name in calls],
        "probe": PROBE_SOURCE,
        "mime": probe.MIME,
    }
    return sandbox.run(job, limits)


def answer(result: sandbox.SandboxResult, number: int = 0) -> object:
    """The decoded answer of check `number`."""
    event = next(e for e in result.events if e.get("event") == "check" and e.get("id") == number)
    reply = json.loads(event["answer"])
    assert reply["status"] == "ok", reply
    return decode(reply["value"])


def test_inside_the_jail_a_submission_is_nobody_with_nothing() -> None:
    hidden = load_exercise("01-islands").hidden_folder
    cells = [f"REPO = {str(REPO)!r}\nHIDDEN = {str(hidden)!r}\n", FACTS]
    limits = sandbox.Limits(timeout=20, check_timeout=10, memory_mb=512)
    result = run_cells(cells, limits, ["facts"])
    facts = answer(result)
    assert isinstance(facts, dict)
    assert sandbox.UID_BASE <= facts["uid"] < sandbox.UID_BASE + sandbox.UID_COUNT
    assert facts["gid"] == facts["uid"] and facts["groups"] == 0
    assert facts["capabilities"] == 0 and facts["no_new_privs"] == 1
    assert facts["hostname"] == "sandbox" and facts["interfaces"] == "lo"
    assert facts["memory"] == 512 << 20 and facts["processes"] == limits.processes
    assert facts["file_size"] == limits.file_mb << 20
    assert facts["allocates_100_mb"] and not facts["allocates_600_mb"]
    assert facts["cwd"] == "/tmp" and facts["tmp_writable"]
    assert not facts["root_writable"] and not facts["course_writable"] and not facts["reads_shadow"]
    assert not facts["sees_repository"] and not facts["sees_hidden"]
    assert not facts["has_proc"]  # nothing of the host, the runner or another process to read
    allowed = {
        "PATH",
        "HOME",
        "USER",
        "LANG",
        "PYTHONPATH",
        "PYTHONDONTWRITEBYTECODE",
        "MALLOC_ARENA_MAX",
        "COSMOS_GRADING",
        "MPLBACKEND",
        "IPYTHONDIR",
        "JUPYTER_RUNTIME_DIR",
        "JUPYTER_PLATFORM_DIRS",
        "PYDEVD_DISABLE_FILE_VALIDATION",
        "JUPYTER_PATH",
        "JPY_PARENT_PID",
        "PYDEVD_USE_FRAME_EVAL",
        "CLICOLOR",
        "CLICOLOR_FORCE",
        "FORCE_COLOR",
        "PAGER",
        "GIT_PAGER",
        "TERM",
        "PWD",
        "SHLVL",
        "_",
    }
    assert set(facts["environment"].split(",")) <= allowed, facts["environment"]


def test_a_daemon_started_by_the_notebook_dies_with_the_sandbox() -> None:
    marker = f"cosmos-daemon-{uuid.uuid4().hex}"
    daemon = (
        "import subprocess, sys\n"
        "subprocess.Popen([sys.executable, '-c', 'import os, time\\nif os.fork(): os._exit(0)\\n"
        f"os.setsid()\\ntime.sleep(600)', {marker!r}], start_new_session=True)\n"
        "import time\ntime.sleep(1)\n"
    )
    result = run_cells([daemon], sandbox.Limits(timeout=60, check_timeout=30), [])  # it ends in a second or two
    assert [e["event"] for e in result.events][-1] == "done"
    survivors = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if marker.encode() in cmdline.read_bytes():
                survivors.append(cmdline.parent.name)
        except OSError:
            continue
    assert survivors == []


def test_the_wall_clock_stops_a_runner_that_never_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    command = sandbox.command

    def hang(limits: sandbox.Limits, uid: int | None, fd: int, data: dict[str, int]) -> list[str]:
        return [*command(limits, uid, fd, data)[:-2], "-c", "import time; time.sleep(600)"]

    monkeypatch.setattr(sandbox, "command", hang)
    monkeypatch.setattr(sandbox, "GRACE_SECONDS", 2.0)
    job = {"cells": [], "checks": [], "budget": 1, "check_timeout": 1, "probe": "", "mime": ""}
    result = sandbox.run(job, sandbox.Limits(timeout=1, check_timeout=1))
    assert result.killed and result.events == [] and result.seconds < 300  # long before the sleep's 600 s


def test_the_first_check_reaches_the_kernel_however_soon_the_notebook_ends() -> None:
    # The kernel drops an input_request to a client whose stdin channel is not connected yet: the
    # runner waits for that connection before the kernel counts as ready (one run in five hung without).
    limits = sandbox.Limits(timeout=60, check_timeout=30)  # nothing here loops: limits no busy machine comes near
    runs = [run_cells(["def f():\n    return 1\n"], limits, ["f"]) for _ in range(8)]
    statuses = [[e.get("status") for e in run.events if e["event"] == "check"] for run in runs]
    assert statuses == [["answer"]] * 8
