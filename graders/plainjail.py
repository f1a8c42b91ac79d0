"""The fallback jail where bubblewrap cannot make namespaces (a Docker container such as Gradescope's).

The submission still runs outside the grader's process, as a uid of its own (setpriv: no capabilities, no
new privileges), under the same rlimits, with the same seccomp filter (loaded by graders/jail.py before the
runner starts), in a private folder, with only copies of the public packages on its path. What it lacks
compared with bubblewrap is listed in FORMAT.md ("Gradescope"): no private network, pid, IPC or mount
namespaces, so the machine's files that every user may read stay readable; and so that two submissions
cannot meet in what every uid shares (System V IPC, abstract sockets, /dev/shm), one fallback jail runs at a
time on the machine (graders.sandbox.plain_turn). Its end is atomic: kill(-1) as the sandbox's uid, then its
files in the shared folders and its System V objects are removed; each run gets a fresh home. Only for root:
without a uid of its own the submission could read the grader's files.
"""

from __future__ import annotations

import os
import shutil
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


def kill_uid(uid: int, seconds: float = 30.0) -> None:
    """Kill every process of the sandbox's uid at once: kill(-1, SIGKILL) sent as that uid.

    The kernel signals every process the sender may signal in one pass under its task-list lock, and a
    fork that has not finished fails once its parent has a fatal signal, so a chain of fork-and-exit has
    no gap to slip through (a loop of listings and kills had one). Repeated until no live process is left,
    for up to `seconds` (a killed process still needs the CPU to end, which a busy machine gives it late).
    """
    kill = [shutil.which("kill") or "", "-9", "-1"]  # procps's and util-linux's: every process we may signal
    if not kill[0]:
        kill = [sys.executable, "-c", "import os, signal; os.kill(-1, signal.SIGKILL)"]
    killer = [shutil.which("setpriv") or "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", *kill]
    deadline = time.monotonic() + seconds
    while True:
        subprocess.run(killer, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        if not live_processes(uid):
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"processes of the sandbox's uid {uid} survived: {live_processes(uid)}")
        time.sleep(0.02)
    # A killed process stays a zombie until its parent reaps it, and a zombie still counts against the uid's
    # process limit (RLIMIT_NPROC). The grader is the subreaper of its fallback jails (become_reaper), so it reaps
    # their orphans itself; elsewhere init does, when it gets to it (every 2 s on one machine, never in some
    # containers): sandbox.claim_uid never hands out a uid that still has a process, zombies included.
    for _ in range(250):
        reap_orphans(uid)
        if not processes(uid):
            return
        time.sleep(0.02)


PR_SET_CHILD_SUBREAPER = 36


def become_reaper() -> None:
    """Make this process the reaper of its descendants' orphans (the fallback jail's kernel, a detached process)."""
    import ctypes

    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def reap_orphans(uid: int) -> None:
    """Reap the uid's zombies whose parent is this process (orphans it adopted as subreaper), one pid at a time."""
    for pid in processes(uid):
        if parent_of(pid) == os.getpid():
            try:
                os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                pass


def parent_of(pid: int) -> int | None:
    """A process's parent pid from /proc/PID/status (None if it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("PPid:"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return None


def processes(uid: int) -> list[int]:
    """Every process of the uid, zombies included (what RLIMIT_NPROC counts)."""
    return [pid for pid in map(int, filter(str.isdigit, os.listdir("/proc"))) if real_uid_and_state(pid)[0] == uid]


def live_processes(uid: int) -> list[int]:
    """The uid's processes that are not zombies (a zombie runs nothing; its parent or init reaps it)."""
    found = []
    for pid in map(int, filter(str.isdigit, os.listdir("/proc"))):
        uid_of, state = real_uid_and_state(pid)
        if uid_of == uid and state != "Z":
            found.append(pid)
    return found


def real_uid_and_state(pid: int) -> tuple[int | None, str]:
    """A process's real uid and state letter from /proc/PID/status (its /proc folder belongs to root once
    it is not dumpable); (None, "") if it is gone."""
    uid, state = None, ""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("State:"):
                    state = line.split()[1]
                elif line.startswith("Uid:"):
                    uid = int(line.split()[1])
                    break
    except (OSError, ValueError, IndexError):
        return None, ""
    return uid, state


SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/dev/mqueue")  # where any uid may leave a file


def sweep(uid: int) -> None:
    """Remove what the uid left where the next submission (often the same uid) could find it: its files
    in the folders every user may write, and its System V shared memory, semaphores and queues."""
    for top in SHARED_FOLDERS:
        try:
            entries = list(os.scandir(top))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)
            except OSError:
                pass
    for kind, flag in (("shm", "-m"), ("sem", "-s"), ("msg", "-q")):
        for ident in sysv_objects(kind, uid):
            subprocess.run(["ipcrm", flag, ident], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def sysv_objects(kind: str, uid: int) -> list[str]:
    """The ids of the System V objects of one kind (shm, sem, msg) that belong to uid, from /proc/sysvipc."""
    try:
        lines = Path(f"/proc/sysvipc/{kind}").read_text().splitlines()
    except OSError:
        return []
    columns = lines[0].split() if lines else []
    found = []
    for line in lines[1:]:
        values = dict(zip(columns, line.split(), strict=False))
        if values.get("uid") == str(uid) or values.get("cuid") == str(uid):
            found.append(values.get("shmid") or values.get("semid") or values.get("msqid") or "")
    return [ident for ident in found if ident.isdigit()]


def finish(folder: Path, uid: int) -> None:
    """Nothing of the submission outlives its run: its processes, its folder, what it left elsewhere."""
    kill_uid(uid)
    shutil.rmtree(folder, ignore_errors=True)
    sweep(uid)


def interpreter() -> str:
    """The Python that runs the submission: the grader's own."""
    return sys.executable
