"""The fallback jail where bubblewrap cannot make namespaces (a Docker container such as Gradescope's).

The submission still runs outside the grader's process, as a uid of its own (setpriv: no capabilities, no
new privileges), under the same rlimits, with the same seccomp filter (loaded by graders/jail.py before the
runner starts), in a private folder, with only copies of the public packages on its path. What it lacks
compared with bubblewrap is listed in FORMAT.md ("Gradescope"): no private network, pid, IPC or mount
namespaces, so the machine's files that every user may read stay readable. Only for root: without a uid
of its own the submission could read the grader's files.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MODE_VARIABLE = "COSMOS_SANDBOX"  # "plain": grade in this jail instead of bubblewrap's


def wanted() -> bool:
    """Whether this grader was told to use the fallback jail."""
    return os.environ.get(MODE_VARIABLE) == "plain"


def bwrap_works(bwrap: str | None = None) -> bool:
    """Whether bubblewrap can make the namespaces the real jail needs here (it cannot in a default Docker)."""
    bwrap = bwrap or shutil.which("bwrap")
    if bwrap is None:
        return False
    probe = [bwrap, "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--ro-bind", "/", "/",
             "--dev", "/dev", "true"]
    try:
        return subprocess.run(probe, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def prepare(root: Path, packages: tuple[str, ...], graders_files: tuple[str, ...], uid: int) -> Path:
    """A private folder: `course/` (copies of the public packages and the runner's files), `home/` (the uid's)."""
    folder = Path(tempfile.mkdtemp(prefix="cosmos-plain-"))
    folder.chmod(0o755)
    course = folder / "course"
    for package in packages:
        if (root / package).is_dir():
            shutil.copytree(root / package, course / package, ignore=shutil.ignore_patterns("__pycache__"))
    (course / "graders").mkdir(parents=True)
    for name in graders_files:
        shutil.copyfile(root / "graders" / name, course / "graders" / name)
    for path in [course, *course.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    home = folder / "home"
    home.mkdir(mode=0o700)
    os.chown(home, uid, uid)
    return folder


def environment(folder: Path, python: str, variables: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """The submission's whole environment: the jail's variables, with its own home and the copies on its path."""
    env = dict(variables)
    home = str(folder / "home")
    env.update(HOME=home, TMPDIR=home, IPYTHONDIR=f"{home}/.ipython", JUPYTER_RUNTIME_DIR=f"{home}/.jupyter",
               PYTHONPATH=str(folder / "course"), PATH=f"{Path(python).parent}:/usr/bin:/bin")
    return env


def command(rlimits: list[str], uid: int, python: str, folder: Path, seccomp_fd: int, channel_fd: int,
            prlimit: str, setpriv: str) -> list[str]:
    """prlimit, setpriv down to uid, then jail.py (the seccomp filter), which becomes the runner."""
    graders = folder / "course" / "graders"
    return [prlimit, *rlimits, "--", setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "--no-new-privs",
            "--inh-caps=-all", "--bounding-set=-all", python, str(graders / "jail.py"), str(seccomp_fd),
            str(graders / "runner.py"), str(channel_fd)]


def kill_uid(uid: int) -> None:
    """Kill every process of the sandbox's uid (one that left the process group too), until none is left."""
    for _ in range(50):
        pids = [pid for pid in map(int, filter(str.isdigit, os.listdir("/proc"))) if real_uid(pid) == uid]
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.02)


def real_uid(pid: int) -> int | None:
    """A process's real uid from /proc/PID/status (its /proc folder belongs to root once it is not dumpable)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Uid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def finish(folder: Path, uid: int) -> None:
    """Nothing of the submission outlives its run: its processes, its folder."""
    kill_uid(uid)
    shutil.rmtree(folder, ignore_errors=True)


def interpreter() -> str:
    """The Python that runs the submission: the grader's own."""
    return sys.executable
