"""Where one sandboxed submission's CPU goes, phase by phase (root: CPU from cpuacct control groups).

    python benchmarks/grade_profile.py [--runs N]

Each line is the median of N runs: the jail alone (bubblewrap, seccomp, setpriv), Python started
in it, the imports of the runner and of the kernel in it (with whether every import used a valid
.pyc), then whole sandbox runs (an empty notebook, the Islands reference without checks, with its
30 checks) beside the floor (the same notebook executed with bare nbclient, no sandbox).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from graders import bytecode, sandbox  # noqa: E402
from graders.exercise import load_exercise  # noqa: E402
from graders.grading import job_for, limits_for  # noqa: E402
from graders.notebook import clean, read_submission  # noqa: E402

CPUACCT = Path("/sys/fs/cgroup/cpuacct")
RUNNER_IMPORTS = "import zmq, json, hmac, hashlib, subprocess, uuid"
KERNEL_IMPORTS = (  # what graders.kernel.main imports before it starts the kernel
    "import sys\nsys.modules['debugpy'] = None\nfrom graders.kernel import lean_jupyter_client\n"
    "lean_jupyter_client()\nfrom zmq.utils.garbage import gc\nfrom ipykernel.kernelapp import IPKernelApp"
)


class Group:
    """A cpuacct control group this process joins (with its children) for one measurement."""

    def __enter__(self) -> Group:
        self.path = CPUACCT / f"epic-cosmos-profile-{os.getpid()}"
        self.path.mkdir()
        (self.path / "cgroup.procs").write_text(str(os.getpid()))
        return self

    def seconds(self) -> float:
        """CPU seconds used in the group so far."""
        return int((self.path / "cpuacct.usage").read_text()) / 1e9

    def __exit__(self, *_: object) -> None:
        (CPUACCT / "cgroup.procs").write_text(str(os.getpid()))
        for _ in range(100):
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.02)


def measure(work, runs: int) -> tuple[float, float]:
    """Median (wall, CPU) seconds of work()."""
    walls, cpus = [], []
    for _ in range(runs):
        with Group() as group:
            started = time.monotonic()
            work()
            walls.append(time.monotonic() - started)
            cpus.append(group.seconds())
    return statistics.median(walls), statistics.median(cpus)


def in_jail(inner: list[str]) -> subprocess.CompletedProcess:
    """Run a command in a jail made as sandbox.run makes it (its own uid as root, the seccomp filter)."""
    data = {name: sandbox.data_pipe(content) for name, content in sandbox.jail_data().items()}
    _, channel = os.pipe()
    argv = sandbox.command(sandbox.Limits(), sandbox.UID_BASE + sandbox.UID_COUNT - 1, channel, data)
    runner = len(argv) - 1 - argv[::-1].index(sandbox.sandbox_python())
    try:
        return subprocess.run([*argv[:runner], *inner], capture_output=True, pass_fds=(channel, *data.values()))
    finally:
        for fd in (channel, *data.values()):
            os.close(fd)


def pyc_use(code: str) -> str:
    """How many modules the code imports from a valid .pyc, and how many it compiles, inside the jail."""
    lines = in_jail([sandbox.sandbox_python(), "-v", "-c", code]).stderr.decode().splitlines()
    cached = sum(" matches " in line for line in lines)
    compiled = sum(line.startswith("# code object from") and line.endswith((".py", ".py'")) for line in lines)
    return f"{cached} from .pyc, {compiled} compiled"


def main() -> None:
    """Print the profile."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    if os.geteuid() != 0 or not CPUACCT.is_dir():
        raise SystemExit("the profile needs root and a cpuacct control group hierarchy")
    bytecode.jail_bytecode(sandbox.venv_prefix(), sandbox.SANDBOX_VENV)
    python = sandbox.sandbox_python()
    islands = load_exercise("01-islands")
    limits = limits_for(islands)
    cells = clean(read_submission(islands.reference))

    def bare() -> None:
        import nbformat
        from nbclient import NotebookClient

        nb = nbformat.read(islands.reference, as_version=4)
        NotebookClient(nb, kernel_name="python3", allow_errors=True, timeout=60).execute()

    bare()  # nbclient's own imports, once, as in the benchmark's floor
    phases = [
        ("jail: bwrap + seccomp + setpriv, /bin/true", lambda: in_jail(["/bin/true"])),
        ("jail: python -c pass", lambda: in_jail([python, "-c", "pass"])),
        ("jail: the runner's imports", lambda: in_jail([python, "-c", RUNNER_IMPORTS])),
        ("jail: the kernel's imports", lambda: in_jail([python, "-c", KERNEL_IMPORTS])),
        ("sandbox: empty notebook", lambda: sandbox.run(job_for((), ["pass"], limits), limits)),
        ("sandbox: Islands reference, no checks", lambda: sandbox.run(job_for((), cells, limits), limits)),
        ("sandbox: Islands reference, 30 checks", lambda: sandbox.run(job_for(islands.checks, cells, limits), limits)),
        ("floor: bare nbclient, Islands reference", bare),
    ]
    print(f"load average {os.getloadavg()[0]:.1f}; medians of {runs} runs")
    print(f"imports in the jail: runner {pyc_use(RUNNER_IMPORTS)}; kernel {pyc_use(KERNEL_IMPORTS)}")
    for label, work in phases:
        wall, cpu = measure(work, runs)
        print(f"{label:44} wall {wall:6.3f} s   CPU {cpu:6.3f} s")


if __name__ == "__main__":
    main()
