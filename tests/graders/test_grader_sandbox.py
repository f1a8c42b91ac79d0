"""The jail itself, seen from inside a real sandbox with a real kernel."""

from __future__ import annotations

import ast
import json
import os
import re
import uuid
from pathlib import Path

import pytest

from graders import cgroups, probe, sandbox
from graders.exercise import load_exercise
from graders.grading import PROBE_SOURCE
from graders.values import decode

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

FACTS = """
import os, resource, socket, sys


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
        "finders": ",".join(getattr(finder, "__module__", "") for finder in sys.meta_path),
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
    # the course's editable install maps its packages to the host's folders: the jail's Python never loads it
    assert "__editable__" not in facts["finders"] and facts["finders"], facts["finders"]
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
    assert_limits_stated(result.limits, limits, facts["uid"])


def cgroups_offered() -> int:
    """Which control groups this host lets root make for the sandbox: 1 (v1 cpu, memory and pids hierarchies),
    2 (a v2 group given cpu, memory and pids), 0 (neither, or not root)."""
    root = Path("/sys/fs/cgroup")
    if os.geteuid() != 0:
        return 0
    if all((root / controller / "cgroup.procs").exists() for controller in ("cpu", "memory", "pids")):
        return 1
    own = next((line.split(":", 2)[2] for line in Path("/proc/self/cgroup").read_text().splitlines()
                if line.startswith("0::")), None)
    if own is None or not (root / "cgroup.controllers").exists():
        return 0
    group = root / own.lstrip("/")
    group = group.parent if group.name == cgroups.GRADER_LEAF else group
    return 2 if {"cpu", "memory", "pids"} <= set((group / "cgroup.controllers").read_text().split()) else 0


def assert_limits_stated(statement: str, limits: sandbox.Limits, uid: int) -> None:
    """The sandbox's report says which limits held the kernel: the group it ran in, as read back, with the limits
    the grader asked for; or, where the host offers no group, that only the rlimits held."""
    rlimits = (f"address space {limits.memory_mb} MB, CPU time {int(limits.timeout) + 1} s, {limits.processes} "
               f"processes and threads of the uid, files up to {limits.file_mb} MB, no core dumps, 512 open files")
    name = f"epic-cosmos-sandbox-{uid}"
    memory, pids = (2 * limits.memory_mb) << 20, limits.processes + 8
    version = cgroups_offered()
    if version == 1:
        groups = ", ".join(f"{controller}:{path}" for controller, path in sorted(own_groups().items()))
        assert statement == (
            f"limits in force: cgroup v1 group {groups} (read back from the group the kernel ran in): "
            f"cpu.cfs_quota_us=100000, cpu.cfs_period_us=100000, memory.limit_in_bytes={memory}, pids.max={pids}; "
            f"and the rlimits, per process: {rlimits}").replace("{name}", name), statement
    elif version == 2:
        assert re.fullmatch(
            rf"limits in force: cgroup v2 group /\S*/{name} \(read back from the group the kernel ran in\): "
            rf"memory\.max={memory}, pids\.max={pids}, cpu\.max=100000 100000; "
            rf"and the rlimits, per process: {re.escape(rlimits)}", statement), statement
    else:
        assert re.fullmatch(rf"limits: no control group \(.+\); only the rlimits, per process: {re.escape(rlimits)}",
                            statement), statement


def own_groups() -> dict[str, str]:
    """This process's v1 group of cpu, memory and pids, with the sandbox's name below each ({name})."""
    found = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(","):
            if controller in ("cpu", "memory", "pids"):
                found[controller] = f"{path.rstrip('/')}/{{name}}"
    return found


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


def test_the_first_cells_output_reaches_the_report_however_soon_the_kernel_started() -> None:
    # A SUB socket misses what is published before its subscription reaches the kernel: the runner waits until the
    # kernel's status for one of its requests comes on iopub before the kernel counts as ready. Without that, the
    # first cell's output was lost in most runs, and the runner waited a second for the status that ends it.
    limits = sandbox.Limits(timeout=60, check_timeout=30)
    runs = [run_cells(['print("first")\n'], limits, []) for _ in range(5)]
    outputs = [[(e.get("index"), e.get("status"), e.get("text")) for e in run.events if e["event"] == "output"]
               for run in runs]
    assert outputs == [[(0, "stdout", "first\n")]] * 5


def test_the_kernel_in_the_jail_starts_without_jupyter_clients_managers_or_debugger() -> None:
    # Every module a kernel imports before it is ready costs CPU on each submission: ipykernel needs two functions
    # of jupyter_client and one class, whose __init__ would import all its clients and managers, and never debugpy.
    limits = sandbox.Limits(timeout=60, check_timeout=30)
    cell = ("import sys\nprint(sorted(name for name, module in sys.modules.items()\n"
            "             if module is not None and name.startswith(('jupyter_client', 'debugpy'))))\n")
    run = run_cells([cell, "import jupyter_client\nprint(jupyter_client.__version__ > '')\n"], limits, [])
    texts = [e.get("text") for e in run.events if e["event"] == "output"]
    assert len(texts) == 2 and texts[1] == "True\n", texts
    loaded = set(ast.literal_eval(texts[0]))
    assert "jupyter_client.session" in loaded
    assert not loaded & {"jupyter_client.manager", "jupyter_client.asynchronous", "jupyter_client.launcher",
                         "jupyter_client.multikernelmanager", "jupyter_client.provisioning", "debugpy"}, loaded
