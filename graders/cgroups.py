"""Control groups for one sandbox, where the machine allows them: one CPU, total memory, processes.

The rlimits hold per process; a control group holds for the whole submission, so a fork bomb
gets one sandbox's CPU and a swarm of memory hogs one sandbox's memory. Groups are made inside
the grader's own groups (never above them) and only when root may write there.

cgroup v1 (a hierarchy per controller): the sandbox's group goes under the grader's group of each.
cgroup v2 (one hierarchy): a group that holds processes cannot give controllers to groups below it
(the "no internal processes" rule, the root group excepted), so the grader first moves the processes
of its own group into a leaf group beside the sandboxes' (epic-cosmos-grader), then enables cpu,
memory and pids for its children. Where the grader's group was given none of them (nothing
delegated), or no group can be made, the rlimits are the limit, and `describe` says so.
"""

from __future__ import annotations

import os
import shlex
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
CONTROLLERS = ("cpu", "memory", "pids")
GRADER_LEAF = "epic-cosmos-grader"  # cgroup v2: where the grader's own processes go, beside the sandboxes' groups
CPU_PERIOD_US = 100_000  # the sandbox's processes together get one CPU: a quota of one period per period
# the files read back from the group a process runs in: v1 per controller, v2 in its one group
V1_FILES = {
    "memory": ("memory.limit_in_bytes",),
    "pids": ("pids.max",),
    "cpu": ("cpu.cfs_quota_us", "cpu.cfs_period_us"),
}
V2_FILES = ("memory.max", "pids.max", "cpu.max")
_SETUP = threading.Lock()  # one thread at a time moves the grader into its leaf and enables the controllers


@dataclass
class Group:
    """The folders made for one sandbox and the files that move a process into them (none: no group, and why)."""

    folders: list[Path] = field(default_factory=list)
    version: int = 0  # 1 or 2; 0 where no group could be made
    reason: str = ""  # why no group could be made

    @property
    def procs(self) -> list[Path]:
        """The cgroup.procs files a process writes its pid to, to join."""
        return [folder / "cgroup.procs" for folder in self.folders]

    def remove(self) -> None:
        """Remove the folders (they empty as soon as the sandbox's processes are gone)."""
        for folder in reversed(self.folders):
            for _ in range(50):
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.02)


@dataclass(frozen=True)
class InForce:
    """The groups one process ran in (controller -> path; "" for v2) and their limits as read back (file -> value)."""

    pid: int
    version: int
    groups: dict[str, str]
    limits: dict[str, str]


def own_paths(pid: int | str = "self") -> dict[str, str]:
    """controller -> the group path of a process (this one by default), from /proc/PID/cgroup ("" is the v2 entry)."""
    paths: dict[str, str] = {}
    try:
        lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
    except OSError:
        return paths
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            paths[controller] = path
    return paths


def create(name: str, memory_bytes: int, processes: int, root: Path = ROOT) -> Group:
    """A group for one sandbox with its limits; where none can be made, a Group without folders that says why."""
    if os.geteuid() != 0:
        return Group(reason="the grader does not run as root")
    paths = own_paths()
    if all((root / c / "cgroup.procs").exists() and c in paths for c in CONTROLLERS):
        group = Group(version=1)
        settings = {
            "memory": {"memory.limit_in_bytes": str(memory_bytes)},
            "pids": {"pids.max": str(processes)},
            "cpu": {"cpu.cfs_period_us": str(CPU_PERIOD_US), "cpu.cfs_quota_us": str(CPU_PERIOD_US)},
        }
        folders = {c: root / c / paths[c].lstrip("/") / name for c in CONTROLLERS}
    elif (root / "cgroup.controllers").exists() and "" in paths:
        group = Group(version=2)
        try:
            with _SETUP:
                parent = delegated_parent(root / paths[""].lstrip("/"))
        except OSError as error:
            return Group(reason=f"cgroup v2: {error}")
        settings = {"": {"memory.max": str(memory_bytes), "pids.max": str(processes),
                         "cpu.max": f"{CPU_PERIOD_US} {CPU_PERIOD_US}"}}
        folders = {"": parent / name}
    else:
        return Group(reason=f"no cgroup v2 hierarchy and no v1 cpu, memory and pids hierarchies at {root}")
    try:
        for controller, folder in folders.items():
            _make(folder, settings[controller], group)
    except OSError as error:
        group.remove()
        return Group(reason=f"cgroup v{group.version}: {error}")
    return group


def delegated_parent(own: Path) -> Path:
    """The v2 group the sandboxes' groups go in, cpu, memory and pids enabled for its children: the grader's own
    group, whose processes move into a leaf first (only the root group may hold processes and give controllers)."""
    if own.name == GRADER_LEAF:  # moved there by an earlier sandbox
        own = own.parent
    missing = [c for c in CONTROLLERS if c not in (own / "cgroup.controllers").read_text().split()]
    if missing:
        raise OSError(f"the grader's group {own} was given no {', '.join(missing)} controller (none delegated)")
    enabled = (own / "cgroup.subtree_control").read_text().split()
    if all(c in enabled for c in CONTROLLERS):
        return own
    if (own / "cgroup.type").exists():  # not the root group: its processes leave it first
        move_into_leaf(own)
    (own / "cgroup.subtree_control").write_text(" ".join(f"+{c}" for c in CONTROLLERS if c not in enabled))
    return own


def move_into_leaf(own: Path) -> Path:
    """Move every process of a v2 group into its leaf group (epic-cosmos-grader), made if need be; the leaf."""
    leaf = own / GRADER_LEAF
    leaf.mkdir(exist_ok=True)
    for pid in (own / "cgroup.procs").read_text().split():
        try:
            (leaf / "cgroup.procs").write_text(pid)
        except ProcessLookupError:  # it ended meanwhile
            pass
    return leaf


def _make(folder: Path, settings: dict[str, str], group: Group) -> None:
    """Make one group folder (replacing an empty one a killed grader left) and write its limits."""
    if folder.is_dir():
        folder.rmdir()
    folder.mkdir()
    group.folders.append(folder)
    for file, value in settings.items():
        (folder / file).write_text(value)


def join_command(group: Group, command: list[str]) -> list[str]:
    """The command, started inside the group (a root shell writes its pid, then becomes it)."""
    if not group.folders:
        return command
    files = " ".join(shlex.quote(str(path)) for path in group.procs)
    script = f'for procs in {files}; do echo $$ > "$procs" 2>/dev/null; done; exec "$@"'
    return ["/bin/sh", "-c", script, "sandbox", *command]


def read_back(pid: int, version: int, root: Path = ROOT) -> InForce | None:
    """The groups process pid runs in now and their limits, read from cgroupfs (None once it has ended)."""
    paths = own_paths(pid)
    wanted = {c: V1_FILES[c] for c in CONTROLLERS} if version == 1 else {"": V2_FILES}
    if not all(controller in paths for controller in wanted):
        return None
    limits: dict[str, str] = {}
    try:
        for controller, files in wanted.items():
            folder = root / controller / paths[controller].lstrip("/")
            limits.update((file, (folder / file).read_text().strip()) for file in files)
    except OSError:
        return None
    return InForce(pid, version, {c: paths[c] for c in wanted}, limits)


def describe(group: Group, seen: InForce | None, rlimits: str) -> str:
    """One line for the grader's report: which limits held the submission, and where they were read."""
    if not group.folders:
        return f"limits: no control group ({group.reason}); only the rlimits, per process: {rlimits}"
    if seen is None:
        made = ", ".join(str(folder) for folder in group.folders)
        return (f"limits: cgroup v{group.version} group {made} made, but the kernel was not seen running in it; "
                f"the rlimits, per process: {rlimits}")
    where = ", ".join(f"{c}:{path}" if c else path for c, path in seen.groups.items())
    values = ", ".join(f"{file}={value}" for file, value in seen.limits.items())
    return (f"limits in force: cgroup v{seen.version} group {where} (read back from the group the kernel ran in): "
            f"{values}; and the rlimits, per process: {rlimits}")
