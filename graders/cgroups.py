"""Control groups for one sandbox, where the machine allows them: fair CPU, total memory, processes.

The rlimits hold per process; a control group holds for the whole submission, so a fork bomb
gets one sandbox's share of the CPU and a swarm of memory hogs one sandbox's memory. Groups are
made inside the grader's own groups (never above them) and only when root may write there;
otherwise the rlimits are the limit, and `describe` says so.
"""

from __future__ import annotations

import os
import shlex
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
V1_CONTROLLERS = ("cpu", "memory", "pids")


@dataclass
class Group:
    """The folders made for one sandbox and the files that move a process into them."""

    folders: list[Path] = field(default_factory=list)

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


def own_paths() -> dict[str, str]:
    """controller -> this process's group path, from /proc/self/cgroup ("" is the v2 entry)."""
    paths: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return paths
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            paths[controller] = path
    return paths


def create(name: str, memory_bytes: int, processes: int) -> Group | None:
    """A group for one sandbox with its limits, or None where groups cannot be made."""
    if os.geteuid() != 0:
        return None
    group = Group()
    paths = own_paths()
    limits = {
        "memory": {"memory.limit_in_bytes": str(memory_bytes)},
        "pids": {"pids.max": str(processes)},
        "cpu": {},  # default shares: every sandbox weighs the same, whatever it forks
    }
    try:
        if all((ROOT / c / "cgroup.procs").exists() and c in paths for c in V1_CONTROLLERS):
            for controller in V1_CONTROLLERS:
                folder = ROOT / controller / paths[controller].lstrip("/") / name
                _make(folder, limits[controller], group)
        elif (ROOT / "cgroup.controllers").exists() and "" in paths:
            parent = ROOT / paths[""].lstrip("/")
            wanted = {"cpu", "memory", "pids"}
            if not wanted <= set((parent / "cgroup.subtree_control").read_text().split()):
                raise OSError("controllers not delegated")
            settings = {"memory.max": str(memory_bytes), "pids.max": str(processes)}
            _make(parent / name, settings, group)
        else:
            return None
    except OSError:
        group.remove()
        return None
    return group


def _make(folder: Path, settings: dict[str, str], group: Group) -> None:
    """Make one group folder (replacing an empty one a killed grader left) and write its limits."""
    if folder.is_dir():
        folder.rmdir()
    folder.mkdir()
    group.folders.append(folder)
    for file, value in settings.items():
        (folder / file).write_text(value)


def join_command(group: Group | None, command: list[str]) -> list[str]:
    """The command, started inside the group (a root shell writes its pid, then becomes it)."""
    if group is None:
        return command
    files = " ".join(shlex.quote(str(path)) for path in group.procs)
    script = f'for procs in {files}; do echo $$ > "$procs" 2>/dev/null; done; exec "$@"'
    return ["/bin/sh", "-c", script, "sandbox", *command]
