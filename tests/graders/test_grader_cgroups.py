"""Control groups on this host's real cgroup v2 hierarchies: the sandbox's group is made where the grader's group
was given cpu, memory and pids, with the limits asked for as a process in it reads them back; elsewhere the
grader says why not, and that only the rlimits hold."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

from graders import cgroups

CONTROLLERS = {"cpu", "memory", "pids"}


def cgroup2_mounts() -> list[Path]:
    """Where a cgroup v2 hierarchy is mounted (on a hybrid host, /sys/fs/cgroup/unified beside the v1 ones)."""
    fields = [line.split() for line in Path("/proc/self/mounts").read_text().splitlines()]
    return [Path(field[1]) for field in fields if field[2] == "cgroup2"]


def test_a_v2_group_is_made_where_delegated_or_the_grader_says_why_only_the_rlimits_hold() -> None:
    mounts = cgroup2_mounts()
    assert mounts, "no cgroup v2 hierarchy is mounted on this host"
    name = f"epic-cosmos-test-{os.getpid()}"
    for mount in mounts:
        own = mount / cgroups.own_paths()[""].lstrip("/")
        own = own.parent if own.name == cgroups.GRADER_LEAF else own
        given = set((own / "cgroup.controllers").read_text().split())
        group = cgroups.create(name, 256 << 20, 40, root=mount)
        try:
            if os.geteuid() == 0 and CONTROLLERS <= given:
                assert group.version == 2 and group.folders == [own / name], group.reason
                process = subprocess.Popen(cgroups.join_command(group, ["sleep", "600"]))
                try:
                    deadline = time.monotonic() + 300
                    seen = cgroups.read_back(process.pid, 2, mount)
                    while (seen is None or not seen.groups[""].endswith(f"/{name}")) and time.monotonic() < deadline:
                        time.sleep(0.05)  # the shell joins the group, then becomes sleep
                        seen = cgroups.read_back(process.pid, 2, mount)
                    assert seen is not None and seen.groups[""].endswith(f"/{name}")
                    assert seen.limits == {"memory.max": str(256 << 20), "pids.max": "40", "cpu.max": "100000 100000"}
                finally:
                    process.kill()
                    process.wait()
            else:
                assert group.folders == [] and group.version == 0
                if os.geteuid() == 0:
                    missing = ", ".join(c for c in ("cpu", "memory", "pids") if c not in given)
                    assert group.reason == (f"cgroup v2: the grader's group {own} was given no {missing} controller "
                                            "(none delegated)")
                else:
                    assert group.reason == "the grader does not run as root"
                assert cgroups.describe(group, None, "address space 1 MB") == (
                    f"limits: no control group ({group.reason}); only the rlimits, per process: address space 1 MB")
        finally:
            group.remove()
        assert not (own / name).exists()


def test_on_a_v2_hierarchy_the_processes_of_a_group_move_into_its_leaf() -> None:
    """What the grader does to its own group before it enables the controllers, done to a group of the test's own
    (made below this process's group on the first cgroup v2 mount), with a real process in it."""
    if os.geteuid() != 0:
        assert cgroups.create("epic-cosmos-test", 1 << 20, 1).reason == "the grader does not run as root"
        return
    mount = cgroup2_mounts()[0]
    group = mount / cgroups.own_paths()[""].lstrip("/") / f"epic-cosmos-test-leaf-{os.getpid()}"
    group.mkdir()
    process = None
    try:
        process = subprocess.Popen(cgroups.join_command(cgroups.Group([group], 2), ["sleep", "600"]))
        deadline = time.monotonic() + 300
        while str(process.pid) not in (group / "cgroup.procs").read_text().split() and time.monotonic() < deadline:
            time.sleep(0.05)  # the shell joins the group, then becomes sleep
        assert (group / "cgroup.procs").read_text().split() == [str(process.pid)]
        leaf = cgroups.move_into_leaf(group)
        assert leaf == group / cgroups.GRADER_LEAF
        assert (group / "cgroup.procs").read_text().split() == [] and (leaf / "cgroup.procs").read_text().split() == [
            str(process.pid)]
        inside = f"{cgroups.own_paths()[''].rstrip('/')}/{group.name}/{cgroups.GRADER_LEAF}"
        assert cgroups.own_paths(process.pid)[""] == inside
        assert cgroups.move_into_leaf(group) == leaf  # again: nothing left to move, the leaf stays
    finally:
        if process is not None:
            process.kill()
            process.wait()
        cgroups.Group([group, group / cgroups.GRADER_LEAF]).remove()
    assert not group.exists()
