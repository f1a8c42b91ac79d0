"""The jail: bubblewrap, an unprivileged uid, no network, rlimits, a wall clock, capped output."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from graders import bytecode, cgroups, plainjail, seccomp

ROOT = Path(__file__).resolve().parent.parent
COURSE = "/course"  # where the course's public packages appear inside
SANDBOX_VENV = "/venv"  # where the grader's virtual environment appears inside the jail
PUBLIC_PACKAGES = ("cosmos", "tents")  # importable by a submission, read-only
# what a submission's kernel may import of the grader inside the sandbox (bound read-only; the fallback jail adds
# jail.py, which starts the kernel); the manifest (graders_instructor/release/manifest.py) reads this list
SANDBOX_MODULES = ("__init__", "selfcheck", "probe", "runner", "kernel")
SANDBOX_GRADERS_FILES = tuple(f"{name}.py" for name in SANDBOX_MODULES)
SANDBOX_ENVIRONMENT = (  # everything else of the grader's environment stays outside
    ("HOME", "/tmp"),
    ("USER", "student"),
    ("LANG", "C.UTF-8"),
    ("PYTHONPATH", COURSE),
    ("PYTHONDONTWRITEBYTECODE", "1"),
    ("MALLOC_ARENA_MAX", "2"),
    ("COSMOS_GRADING", "1"),
    ("MPLBACKEND", "Agg"),
    ("IPYTHONDIR", "/tmp/.ipython"),
    ("JUPYTER_RUNTIME_DIR", "/tmp/.jupyter"),
    ("JUPYTER_PLATFORM_DIRS", "1"),
    ("PYDEVD_DISABLE_FILE_VALIDATION", "1"),
)
UID_BASE = 64_000  # one uid per running sandbox: 64000, 64001, ...
UID_COUNT = 512
GRACE_SECONDS = 75.0  # kernel start-up (the runner allows 60 s on a busy machine) and tear-down, on top


class SandboxUnavailable(RuntimeError):
    """The machine lacks what the jail needs (bubblewrap, util-linux)."""


class Stopped(Exception):
    """The grader was asked to stop; the run was killed and has no result."""


@dataclass(frozen=True)
class Limits:
    """What one submission may use."""

    timeout: float = 60.0  # wall clock for the notebook and all checks
    check_timeout: float = 10.0  # one check
    memory_mb: int = 1024  # address space of each process
    processes: int = 32  # processes and threads of the submission (it starts with 17)
    parallel: int = 1  # sandboxes running at once (without root they share one uid's count)
    file_mb: int = 16  # largest file it may write
    tmp_mb: int = 64  # its private /tmp
    log_kb: int = 64  # kept of what the sandbox prints outside the notebook
    channel_mb: int = 16  # kept of the runner's reports


@dataclass
class SandboxResult:
    """What came back: the runner's events, and how the run ended."""

    events: list[dict] = field(default_factory=list)
    killed: bool = False  # the outer wall clock ran out
    returncode: int | None = None
    log: str = ""
    garbled: bool = False  # the channel held something that is not the runner's JSON
    seconds: float = 0.0
    limits: str = ""  # which limits held the submission (cgroups.describe): the control group's, or the rlimits alone


def tools(names: tuple[str, ...] = ("bwrap", "prlimit", "setpriv")) -> dict[str, str]:
    """Paths of the programs the jail needs; SandboxUnavailable if one is missing."""
    found = {name: shutil.which(name) for name in names}
    missing = [name for name, path in found.items() if path is None]
    if missing:
        raise SandboxUnavailable(
            f"the grader's sandbox needs {', '.join(missing)}: run `python3 course.py setup` "
            "as root (Debian packages bubblewrap and util-linux)"
        )
    return {name: str(path) for name, path in found.items()}


def uid_lock_folder() -> Path:
    """Where the uid locks live: a folder of root's in /run (under /tmp only where /run is not root's)."""
    run = Path("/run")
    try:
        info = run.lstat()
        safe = stat.S_ISDIR(info.st_mode) and info.st_uid == 0 and not info.st_mode & 0o022
    except OSError:
        safe = False
    return (run if safe else Path(tempfile.gettempdir())) / "epic-cosmos-sandbox-uids"


LEGACY_UID_LOCKS = Path("/tmp/epic-cosmos-sandbox-uids")  # where an older grader on this machine locks


def private_folder(path: Path, create: bool = True) -> int:
    """An fd of path, a folder of this user's that no one else may write or enter and not a link
    (made if missing); SandboxUnavailable if anything else stands there."""
    if create:
        try:
            os.mkdir(path, 0o700)
        except FileExistsError:
            pass
    try:
        fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as error:
        reason = error.strerror
        raise SandboxUnavailable(f"{path} is not a private folder of the grader's ({reason}): remove it") from None
    info = os.fstat(fd)
    if info.st_uid != os.geteuid() or info.st_mode & 0o077:
        os.close(fd)
        raise SandboxUnavailable(f"{path} belongs to uid {info.st_uid} with mode {stat.S_IMODE(info.st_mode):o}, "
                                 "not to the grader alone: remove it")
    return fd


def lock_file(folder: int, name: str) -> int:
    """An fd of the lock file name in an open folder: created or opened, never through a link, never truncated."""
    try:
        fd = os.open(name, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=folder)
    except OSError as error:
        raise SandboxUnavailable(f"the uid lock {name} cannot be opened safely ({error.strerror})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_uid != os.geteuid():
        os.close(fd)
        raise SandboxUnavailable(f"the uid lock {name} is not the grader's own file")
    return fd


def try_lock(folder: int | None, name: str) -> int | None:
    """The locked fd of a lock file, or None if another holds it (no folder: nothing to lock, -1)."""
    if folder is None:
        return -1
    fd = lock_file(folder, name)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def legacy_folder() -> int | None:
    """The older grader's lock folder, if it is there and safe (root's, private, no link), else None."""
    try:
        return private_folder(LEGACY_UID_LOCKS, create=False)
    except SandboxUnavailable:
        return None


@contextmanager
def plain_turn() -> Iterator[None]:
    """The fallback jail's turn: one at a time on this machine, since it has no namespaces to keep two apart."""
    folder = private_folder(uid_lock_folder())
    try:
        fd = lock_file(folder, "plain")
    finally:
        os.close(folder)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


@contextmanager
def claim_uid(folder_path: Path | None = None) -> Iterator[int]:
    """A uid no other running sandbox on this machine uses (a lock file per uid, held for the run), and that
    no process runs as, zombies included (they count against the uid's process limit until reaped).

    An older grader's lock in /tmp is held too where it is safe, so that the two never share a uid.
    """
    path = folder_path or uid_lock_folder()
    folder = private_folder(path)
    legacy = legacy_folder() if folder_path is None and path != LEGACY_UID_LOCKS else None
    running = uids_running()
    try:
        for uid in range(UID_BASE, UID_BASE + UID_COUNT):
            if uid in running:  # a process (a zombie too) left by an earlier run: its limits and files are not fresh
                continue
            held = [try_lock(folder, str(uid)), try_lock(legacy, str(uid))]
            taken = [fd for fd in held if fd is not None]  # None: another sandbox holds this uid
            if len(taken) < len(held):
                for fd in taken:
                    if fd >= 0:
                        os.close(fd)
                continue
            try:
                yield uid
            finally:
                for fd in taken:
                    if fd >= 0:
                        os.close(fd)
            return
        raise SandboxUnavailable(f"all {UID_COUNT} sandbox uids are busy")
    finally:
        for opened in (folder, legacy):
            if opened is not None:
                os.close(opened)


def uids_running() -> set[int]:
    """The real uids of every process on this machine, zombies included."""
    found: set[int] = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        uid, _ = plainjail.real_uid_and_state(int(pid))
        if uid is not None:
            found.add(uid)
    return found


def _bind_parents(path: Path, made: set[Path]) -> list[str]:
    """bwrap arguments creating path's parent folders readable by everyone (not 0700)."""
    args: list[str] = []
    for parent in reversed(path.parents):
        if parent != Path("/") and parent not in made:
            made.add(parent)
            args += ["--perms", "0755", "--dir", str(parent)]
    return args


def venv_prefix() -> Path:
    """The virtual environment the grader runs in (or the base Python when there is none)."""
    return Path(sys.prefix).resolve()


def sandbox_python() -> str:
    """The interpreter's path as the sandbox sees it."""
    if venv_prefix() == Path(sys.base_prefix).resolve():
        return sys.executable
    return f"{SANDBOX_VENV}/bin/{Path(sys.executable).name}"


def bwrap_args(limits: Limits, uid: int | None, data: dict[str, int] | None = None) -> list[str]:
    """The bubblewrap command line, up to and including `--`; data: fds of the files jail_data() makes."""
    data = data or {}
    args = [
        *"--unshare-ipc --unshare-pid --unshare-net --unshare-uts --unshare-cgroup-try".split(),
        *"--die-with-parent --new-session --hostname sandbox --clearenv".split(),
        *"--ro-bind /usr /usr --dev /dev".split(),  # no /proc: nothing of the host or the runner to read
        *f"--perms 1777 --size {limits.tmp_mb << 20} --tmpfs /tmp".split(),
        *f"--perms 1777 --size {limits.tmp_mb << 20} --tmpfs /dev/shm".split(),  # bwrap's own is uncapped
    ]
    if uid is None:
        args += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
    for top in ("bin", "lib", "lib32", "lib64", "sbin"):
        path = Path("/") / top
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    made: set[Path] = set()
    base = Path(sys.base_prefix).resolve()
    if not base.is_relative_to("/usr"):
        args += [*_bind_parents(base, made), "--ro-bind", str(base), str(base)]
    if venv_prefix() != base:  # the venv appears at a neutral path, without its scripts or its config's paths
        args += venv_args(data)
    args += ["--perms", "0755", "--dir", COURSE, "--perms", "0755", "--dir", f"{COURSE}/graders"]
    for package in PUBLIC_PACKAGES:
        if (ROOT / package).is_dir():
            args += ["--ro-bind", str(ROOT / package), f"{COURSE}/{package}"]
            for cache in sorted((ROOT / package).rglob("__pycache__")):  # compiled here, they name the host path
                args += ["--tmpfs", f"{COURSE}/{cache.relative_to(ROOT).as_posix()}"]
    for name in SANDBOX_GRADERS_FILES:
        args += ["--ro-bind", str(ROOT / "graders" / name), f"{COURSE}/graders/{name}"]
    env = [("PATH", f"{Path(sandbox_python()).parent}:/usr/bin:/bin"), *SANDBOX_ENVIRONMENT]
    for name, value in env:
        args += ["--setenv", name, value]
    if "seccomp" in data:
        args += ["--seccomp", str(data["seccomp"])]
    return [*args, "--chdir", "/tmp", "--"]


def venv_args(data: dict[str, int]) -> list[str]:
    """bwrap arguments showing the venv at /venv: its libraries and interpreter, a pyvenv.cfg of our own."""
    venv = venv_prefix()
    python = Path(sys.executable).name
    args = ["--perms", "0755", "--dir", f"{SANDBOX_VENV}/bin"]
    for name in ("lib", "lib64"):
        if (venv / name).is_symlink():
            args += ["--symlink", os.readlink(venv / name), f"{SANDBOX_VENV}/{name}"]
        elif (venv / name).is_dir():
            args += ["--ro-bind", str(venv / name), f"{SANDBOX_VENV}/{name}"]
    args += ["--ro-bind", str(venv / "bin" / python), f"{SANDBOX_VENV}/bin/{python}"]
    for key, fd in data.items():
        if key == "pyvenv":
            args += ["--perms", "0444", "--ro-bind-data", str(fd), f"{SANDBOX_VENV}/pyvenv.cfg"]
        elif key.startswith(f"{SANDBOX_VENV}/"):
            args += ["--perms", "0444", "--ro-bind-data", str(fd), key]
    return args


def path_files() -> list[str]:
    """The venv's files that name the host's folders, which the jail sees empty: .pth files naming a folder
    outside the venv, an editable install's (setuptools' finder, its module and bytecode: the course's packages
    mapped to their folders on the host) and pip's record of where each distribution came from."""
    venv = venv_prefix()
    found: list[Path] = []
    for site in sorted(venv.glob("lib/python*/site-packages")):
        for pth in sorted(site.glob("*.pth")):
            text = pth.read_text(encoding="utf-8", errors="replace")
            if any(line.startswith("/") for line in text.splitlines()):
                found.append(pth)
        found += sorted(site.glob("__editable__*")) + sorted(site.glob("__pycache__/__editable__*"))
        found += sorted(site.glob("*.dist-info/direct_url.json"))
    return [f"{SANDBOX_VENV}/{path.relative_to(venv).as_posix()}" for path in found if path.is_file()]


def jail_data() -> dict[str, bytes]:
    """The files the jail gets as data rather than from the host: the seccomp filter, pyvenv.cfg, emptied .pth files."""
    files = {"seccomp": seccomp.program()}
    if venv_prefix() != Path(sys.base_prefix).resolve():
        files["pyvenv"] = pyvenv_cfg()
        files.update((path, b"") for path in path_files())
    return files


def pyvenv_cfg() -> bytes:
    """The venv's configuration as the jail sees it: where Python lives, and nothing of the venv's own path."""
    base = Path(sys.base_prefix).resolve()
    version = ".".join(map(str, sys.version_info[:3]))
    return f"home = {base / 'bin'}\ninclude-system-site-packages = false\nversion = {version}\n".encode()


def user_tasks(uid: int) -> int:
    """Processes and threads now running with this real uid (what RLIMIT_NPROC counts)."""
    count = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status", encoding="ascii", errors="replace") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
        except OSError:  # the process ended while we looked
            continue
        if int(fields.get("Uid", "-1").split()[0]) == uid:
            count += int(fields.get("Threads", "1"))
    return count


def process_limit(limits: Limits, uid: int | None) -> int:
    """RLIMIT_NPROC for a sandbox: its own uid's count as root, else room on top of the user's."""
    if uid is not None:
        return limits.processes
    # Without root every sandbox runs as the grader's own uid, and the kernel counts all of
    # that user's tasks together: the user's programs, the grader, every sandbox running.
    return user_tasks(os.getuid()) + limits.processes * max(1, limits.parallel)


def command(limits: Limits, uid: int | None, fd: int, data: dict[str, int] | None = None) -> list[str]:
    """prlimit, then bwrap, then (as root) setpriv down to uid, then the runner."""
    paths = tools()
    inner = [sandbox_python(), f"{COURSE}/graders/runner.py", str(fd)]
    if uid is not None:
        inner = [
            paths["setpriv"],
            f"--reuid={uid}",
            f"--regid={uid}",
            "--clear-groups",
            "--no-new-privs",
            "--inh-caps=-all",
            "--bounding-set=-all",
            *inner,
        ]
    return [paths["prlimit"], *rlimits(limits, uid), "--", paths["bwrap"], *bwrap_args(limits, uid, data), *inner]


RLIMIT_WORDS = {  # prlimit's option -> the limit in words, from its value
    "as": lambda value: f"address space {int(value) >> 20} MB",
    "cpu": lambda value: f"CPU time {value.split(':')[0]} s",
    "nproc": lambda value: f"{value} processes and threads of the uid",
    "fsize": lambda value: f"files up to {int(value) >> 20} MB",
    "core": lambda value: "no core dumps" if value == "0" else f"core dumps up to {value} bytes",
    "nofile": lambda value: f"{value} open files",
}


def rlimits_text(argv: list[str]) -> str:
    """The rlimits that prlimit's options at the head of argv set, in words, for the grader's report."""
    words = []
    for arg in argv[: argv.index("--")] if "--" in argv else argv:
        option, _, value = arg.removeprefix("--").partition("=")
        if arg.startswith("--") and option in RLIMIT_WORDS:
            words.append(RLIMIT_WORDS[option](value))
    return ", ".join(words)


def kernel_process(uid: int) -> int | None:
    """The pid of the sandbox's kernel (graders.kernel run by the sandbox's uid), None until it has started."""
    with os.scandir("/proc") as entries:
        for entry in entries:
            try:
                if entry.name.isdigit() and entry.stat().st_uid == uid:
                    with open(f"/proc/{entry.name}/cmdline", "rb") as cmdline:
                        if b"\0graders.kernel\0" in cmdline.read():
                            return int(entry.name)
            except OSError:  # the process ended while we looked
                continue
    return None


def rlimits(limits: Limits, uid: int | None) -> list[str]:
    """prlimit's options: address space, CPU time, processes, file size, no core dumps, open files."""
    cpu = int(limits.timeout + 1)
    return [
        f"--as={limits.memory_mb << 20}",
        f"--cpu={cpu}:{cpu + 1}",
        f"--nproc={process_limit(limits, uid)}",
        f"--fsize={limits.file_mb << 20}",
        "--core=0",
        "--nofile=512",
    ]


def plain_start(limits: Limits, uid: int | None, channel: int) -> tuple[list[str], tuple[int, ...], dict, Path]:
    """The fallback jail's command line, the fds it inherits, its environment and its private folder."""
    if uid is None:
        raise SandboxUnavailable("the fallback jail (COSMOS_SANDBOX=plain) runs submissions as a uid of their own, "
                                 "so it needs root")
    paths = tools(("prlimit", "setpriv"))
    folder = plainjail.prepare(ROOT, PUBLIC_PACKAGES, (*SANDBOX_GRADERS_FILES, "jail.py"), uid)
    filter_fd = data_pipe(seccomp.program())
    python = plainjail.interpreter()
    argv = plainjail.command(rlimits(limits, uid), uid, python, folder, filter_fd, channel, paths["prlimit"],
                             paths["setpriv"])
    return argv, (channel, filter_fd), plainjail.environment(folder, python, SANDBOX_ENVIRONMENT), folder


def data_pipe(data: bytes) -> int:
    """A pipe holding data (less than a pipe's 64 KB), its end closed: the read end, for bwrap to read."""
    read, write = os.pipe()
    try:
        os.write(write, data)
    finally:
        os.close(write)
    return read


def bwrap_options(argv: list[str]) -> tuple[int, int]:
    """Where bwrap's own options stand in a command line: [start, end), before its `--`."""
    start = argv.index(tools()["bwrap"]) + 1
    return start, argv.index("--", start)


def hidden_arguments(argv: list[str], fd: int) -> list[str]:
    """The command with bwrap's options passed through fd (`--args`), so its command line shows none of them."""
    start, end = bwrap_options(argv)
    return [*argv[:start], "--args", str(fd), *argv[end:]]


def bwrap_argument_data(argv: list[str]) -> bytes:
    """bwrap's options as `--args` reads them: each one NUL-terminated."""
    start, end = bwrap_options(argv)
    return b"".join(arg.encode() + b"\0" for arg in argv[start:end])


def _drain(stream: int, cap: int, into: list[bytes], overflow: list[bool], drop: bool = True) -> None:
    """Read a pipe, keeping at most cap bytes. Past the cap, drop=True reads the rest and drops it;
    drop=False closes the pipe at once, so a flood costs the writer a broken pipe, not the grader its CPU."""
    kept = 0
    while chunk := os.read(stream, 65536):
        room = cap - kept
        if room > 0:
            into.append(chunk[:room])
            kept += len(into[-1])
        if len(chunk) > room:
            overflow[0] = True
            if not drop:
                break
    os.close(stream)


def _feed(stream: int, data: bytes) -> None:
    """Write the job to the runner's stdin; a runner that stops reading is not our problem."""
    try:
        with os.fdopen(stream, "wb") as pipe:
            pipe.write(data)
    except (BrokenPipeError, OSError):
        pass


def run(job: dict, limits: Limits, stop: threading.Event | None = None) -> SandboxResult:
    """Run the runner on one job in a fresh sandbox; collect its events (Stopped if stop is set)."""
    plain = plainjail.wanted()
    if venv_prefix() != Path(sys.base_prefix).resolve() and not plain:
        bytecode.jail_bytecode(venv_prefix(), SANDBOX_VENV)
    privileged = os.geteuid() == 0
    if plain:
        plainjail.become_reaper()  # the jail's orphans come to the grader, which reaps them (plainjail.kill_uid)
    with plain_turn() if plain else nullcontext(), claim_uid() if privileged else _no_uid() as uid:
        group = cgroups.create(
            f"epic-cosmos-sandbox-{uid}", (2 * limits.memory_mb) << 20, limits.processes + 8
        )
        channel_r, channel_w = os.pipe()
        stdin_r, stdin_w = os.pipe()
        log_r, log_w = os.pipe()
        folder: Path | None = None
        env: dict | None = None
        passed: tuple[int, ...] = ()
        try:
            if plain:
                argv, passed, env, folder = plain_start(limits, uid, channel_w)
            else:
                data = {name: data_pipe(content) for name, content in jail_data().items()}
                bwrap = command(limits, uid, channel_w, data)
                arguments = data_pipe(bwrap_argument_data(bwrap))
                argv, passed = hidden_arguments(bwrap, arguments), (channel_w, arguments, *data.values())
            started = time.monotonic()  # the clock starts with the sandbox: not while bytecode or a turn waited
            process = subprocess.Popen(
                cgroups.join_command(group, argv),
                stdin=stdin_r,
                stdout=log_w,
                stderr=log_w,
                pass_fds=passed,
                start_new_session=True,
                close_fds=True,
                env=env,
                cwd=folder / "home" if folder else None,
            )
        except BaseException:
            if folder is not None and uid is not None:
                plainjail.finish(folder, uid)
            raise
        finally:
            for fd in {stdin_r, log_w, channel_w, *passed}:
                os.close(fd)
        channel: list[bytes] = []
        log: list[bytes] = []
        overflow = [False]
        log_overflow = [False]
        threads = [
            threading.Thread(target=_feed, args=(stdin_w, json.dumps(job).encode()), daemon=True),
            threading.Thread(
                target=_drain,
                args=(channel_r, limits.channel_mb << 20, channel, overflow),
                daemon=True,
            ),
            threading.Thread(
                target=_drain, args=(log_r, limits.log_kb << 10, log, log_overflow, False), daemon=True
            ),
        ]
        for thread in threads:
            thread.start()
        result = SandboxResult()
        deadline = started + limits.timeout + GRACE_SECONDS
        seen: cgroups.InForce | None = None  # the group the kernel runs in, read back once it has started
        try:
            while result.returncode is None and not result.killed:
                try:
                    result.returncode = process.wait(timeout=0.1)
                except subprocess.TimeoutExpired:
                    result.killed = time.monotonic() > deadline
                if seen is None and group.folders and uid is not None:
                    kernel = kernel_process(uid)
                    seen = None if kernel is None else cgroups.read_back(kernel, group.version)
                if stop is not None and stop.is_set():
                    raise Stopped
        finally:
            kill(process)
            if folder is not None and uid is not None:
                plainjail.finish(folder, uid)  # the processes that left the group too
            for thread in threads:
                thread.join(timeout=GRACE_SECONDS)
            group.remove()
    result.limits = cgroups.describe(group, seen, rlimits_text(argv))
    result.events, result.garbled = parse_events(b"".join(channel))
    result.garbled = result.garbled or overflow[0]
    result.log = b"".join(log).decode("utf-8", "replace")
    result.seconds = time.monotonic() - started
    return result


@contextmanager
def _no_uid() -> Iterator[None]:
    """Without root, bwrap maps the caller to nobody inside a user namespace."""
    yield None


def kill(process: subprocess.Popen) -> None:
    """Kill the sandbox: bwrap dies, and with it its pid namespace, every process inside."""
    if process.poll() is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    process.wait()


EVENT_FIELDS = {  # every field an event may have, and its exact type
    "event": (str,), "index": (int,), "id": (int,), "status": (str,), "ename": (str,),
    "evalue": (str,), "answer": (str,), "t": (int, float), "cpu": (int, float), "text": (str,),
}  # fmt: skip


def well_formed(event: object) -> bool:
    """Whether a decoded line has the shape of a runner's event: known fields of their exact types."""
    return (
        type(event) is dict
        and type(event.get("event")) is str
        and all(key in EVENT_FIELDS and type(value) in EVENT_FIELDS[key] for key, value in event.items())
    )


def parse_events(data: bytes) -> tuple[list[dict], bool]:
    """The runner's JSON lines; (events, garbled) where garbled means something else was there."""
    events: list[dict] = []
    garbled = False
    for line in data.split(b"\n"):
        if not line:
            continue
        try:
            event = json.loads(line)
        except (ValueError, RecursionError):
            garbled = True
            continue
        if well_formed(event):
            events.append(event)
        else:
            garbled = True
    return events, garbled
