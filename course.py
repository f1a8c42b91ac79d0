#!/usr/bin/env python3
"""Set up and run the Epic Cosmos course: `python3 course.py` opens it, `python3 course.py test` tests it."""
from __future__ import annotations

import hashlib
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("COSMOS_VENV", ROOT / ".venv"))
CONSTRAINTS = ROOT / "constraints.txt"  # the exact versions the stored outputs were made with (`course.py lock`)
# the student edition (`course.py release DIR`) has no grader's side: it installs only what students use
STUDENT_EDITION = not (ROOT / "graders_instructor").is_dir()
# what each command installs into .venv (pyproject.toml's extras): opening the course needs only the notebook stack
TESTING = ("notebook", "test") if STUDENT_EDITION else ("notebook", "test", "dask")
EXTRAS = {
    "course": ("notebook",),
    "regenerate": ("notebook",),
    "release": ("notebook",),
    "test": TESTING,
    "setup": TESTING,
}
# the instructor's tools a student never runs: the real-browser tests' Playwright, the style and type checks
NOT_FOR_STUDENTS = ("playwright", "ruff", "mypy")
# the JupyterLite build runs in a virtual environment of its own (never the course's: see lite/requirements.txt)
LITE_VENV = Path(os.environ.get("COSMOS_LITE_VENV", ROOT / ".venv-lite"))
LITE_REQUIREMENTS = ROOT / "lite" / "requirements.txt"
# what an earlier course.py put into .venv (the `lite` extra): taken out again, it broke the course's JupyterLab
NOT_IN_THE_COURSE_VENV = ("jupyterlite-core", "jupyterlite-pyodide-kernel")
# command (or its path, when it lives outside PATH) -> Debian package that provides it
SANDBOX_PACKAGES = {  # the self-check's sandbox, which students run from the course's terminal
    "bwrap": "bubblewrap",
    "setpriv": "util-linux",
    "prlimit": "util-linux",
}
BUILD_PACKAGES = {
    "npm": "npm",  # `course.py lite` fetches Pyodide once from the npm registry (the `pyodide` package)
    "node": "nodejs",  # the JupyterLite tests run every lesson in the site's Pyodide under Node
}
TEST_PACKAGES = {
    **SANDBOX_PACKAGES,
    **BUILD_PACKAGES,
    "/usr/games/sgt-tents": "sgt-puzzles",  # Tatham's Tents, for the tents interchange tests
    # Debian's own Python, which any user may run: the test of grading as an ordinary user
    f"/usr/bin/python3.{sys.version_info.minor}": "python3",
    "/usr/bin/chromium": "chromium",  # the real-browser tests (tests/browser) drive it with Playwright
    # the kernel's system-call tables, which the test of the sandbox's seccomp filter compares with
    "/usr/include/asm-generic/unistd.h": "linux-libc-dev",
}
DEBIAN_PACKAGES = {
    "course": SANDBOX_PACKAGES,
    "regenerate": {},
    "release": {},
    "lite": BUILD_PACKAGES,
    "test": TEST_PACKAGES,
    "setup": TEST_PACKAGES,
}
if STUDENT_EDITION:  # the self-check's sandbox only: no Chromium, npm, Node, Tatham's puzzles or grading user
    DEBIAN_PACKAGES = {command: SANDBOX_PACKAGES for command in ("course", "test", "setup")}
FIRST_LESSON = "lessons/01-galaxy-from-a-seed.ipynb"

COMMANDS = ("course", "test", "setup") if STUDENT_EDITION else (
    "course", "test", "setup", "regenerate", "release", "lite", "lock")
USAGE = """usage: python3 course.py [COMMAND] [ARGS]

  (nothing) [OPTIONS]  open the course in JupyterLab (installs what it needs first);
                       OPTIONS go to JupyterLab, e.g. --no-browser --port 8899
  course [OPTIONS]     the same, spelled out
  test [ARGS]          run every test (ARGS go to pytest, e.g. -k browser)
  setup                only install: the virtual environment and the Debian packages (all that
                       the tests need too)
  regenerate [NAMES]   re-execute every lesson (or the named ones) and store its outputs
  release DIR          write the student edition into DIR (no hidden checks, no solutions)
  lite DIR             build the course as a static JupyterLite site in DIR (Python in the browser:
                       serve DIR with any static web server, e.g. python3 -m http.server -d DIR)
  lock                 refresh constraints.txt: the newest versions pyproject.toml allows, pinned

JupyterLab's kernels and terminals run in the course's virtual environment (.venv/), so
`python -m graders check ...` typed in its terminal uses the course's packages.
"""


if STUDENT_EDITION:  # the instructor's commands (regenerate, release, lite) need files the edition leaves out
    USAGE = USAGE[: USAGE.index("  regenerate")] + USAGE[USAGE.index("\nJupyterLab's kernels") :]


def venv_python() -> Path:
    """The interpreter inside the project's virtual environment."""
    return VENV / "bin" / "python"


def run(cmd: list[str], **kwargs) -> int:
    """Run a command, echoing it first; return its exit code."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], **kwargs)


def present(command: str) -> bool:
    """A command on PATH, or a file at this absolute path."""
    return Path(command).exists() if command.startswith("/") else shutil.which(command) is not None


def ensure_debian_packages(packages: dict[str, str]) -> None:
    """Install the Debian packages named (command or path -> package) that are missing, when possible."""
    missing = list(dict.fromkeys(pkg for cmd, pkg in packages.items() if not present(cmd)))
    if not missing:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        print(f"note: please install {' '.join(missing)} (Debian): the grader's sandbox and its tests need them")
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update", "-qq"], env=env)
    if run(["apt-get", "install", "-y", "-qq", *missing], env=env) != 0:
        sys.exit(f"could not install {' '.join(missing)}")


def requirements(extras: tuple[str, ...] = EXTRAS["setup"]) -> list[str]:
    """The packages pyproject.toml asks for: run-time ones and the chosen extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    optional = project.get("optional-dependencies", {})
    wanted = [*project.get("dependencies", []), *(req for name in extras for req in optional[name])]
    if STUDENT_EDITION:
        wanted = [req for req in wanted if re.split(r"[<>=!~\[ ;]", req, maxsplit=1)[0] not in NOT_FOR_STUDENTS]
    return wanted


def installed_extras(stamp: Path, digest: str) -> set[str]:
    """The extras the venv holds, as its stamp records them (none when the pins changed since)."""
    try:
        recorded = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return set()
    if not isinstance(recorded, dict) or recorded.get("digest") != digest:
        return set()
    return set(recorded.get("extras", []))


def editable_installed(stamp: Path, digest: str) -> bool:
    """Whether the venv's stamp records the editable install of this folder (not of a moved or copied one)."""
    try:
        recorded = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return False
    return isinstance(recorded, dict) and recorded.get("digest") == digest and recorded.get("editable") == str(ROOT)


def ensure_venv(extras: tuple[str, ...] = EXTRAS["setup"]) -> None:
    """Create the virtual environment, install the requirements of these extras at the locked versions,
    and the course's own packages from this folder (an editable install)."""
    stamp = VENV / ".cosmos-installed"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + CONSTRAINTS.read_bytes()).hexdigest()
    have = installed_extras(stamp, digest) if venv_python().exists() else set()
    editable = editable_installed(stamp, digest) if venv_python().exists() else False
    if not set(extras) <= have:
        if not venv_python().exists():
            print(f"creating the virtual environment in {VENV}")
            venv.create(VENV, with_pip=True)
        pip = [venv_python(), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-c", CONSTRAINTS]
        if run([*pip, *requirements(extras)]) != 0:
            sys.exit("pip could not install the requirements (see the messages above)")
        have |= set(extras)
        stamp.write_text(json.dumps({"digest": digest, "extras": sorted(have)}))
    purelib = Path(subprocess.check_output(
        [venv_python(), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], text=True
    ).strip())
    remove_lite_from_course_venv(purelib)
    if not editable:
        install_editable(purelib)
        stamp.write_text(json.dumps({"digest": digest, "extras": sorted(have), "editable": str(ROOT)}))
    write_lab_defaults()


# what an older course.py wrote into the venv: this whole folder on the path (tests, benchmarks and all)
OLD_PATH_FILE = "epic-cosmos-course.pth"


def install_editable(purelib: Path) -> None:
    """pip install -e this folder: the packages pyproject.toml lists import from here, in any kernel, and no
    other folder of the repository does (setuptools' finder maps those packages alone)."""
    (purelib / OLD_PATH_FILE).unlink(missing_ok=True)
    # PIP_CONSTRAINT reaches the isolated build environment too: setuptools at the version of constraints.txt
    env = dict(os.environ, PIP_CONSTRAINT=str(CONSTRAINTS))
    command = [venv_python(), "-m", "pip", "install", "--disable-pip-version-check", "-q", "--no-deps", "-e", ROOT]
    if run(command, env=env) != 0:
        sys.exit(f"pip could not install the course's packages from {ROOT} (see the messages above)")


def frozen(python: Path) -> list[str]:
    """The exact versions a venv holds (name==version), sorted by name."""
    text = subprocess.check_output([python, "-m", "pip", "freeze", "--exclude-editable"], text=True)
    return sorted((line for line in text.splitlines() if "==" in line), key=str.lower)


def lock() -> int:
    """Write constraints.txt and binder/requirements.txt anew: the newest versions pyproject.toml allows,
    resolved in a fresh venv (the notebook stack first: Binder's environment is exactly that part)."""
    with tempfile.TemporaryDirectory(prefix="cosmos-lock-") as folder:
        venv.create(folder, with_pip=True)
        python = Path(folder) / "bin" / "python"
        pip = [python, "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        if run([*pip, *requirements(EXTRAS["course"])]) != 0:
            return 1
        course_names = {pin.split("==")[0].lower() for pin in frozen(python)}
        if run([*pip, *requirements(EXTRAS["setup"])]) != 0:
            return 1
        pins = frozen(python)
    CONSTRAINTS.write_text(CONSTRAINTS_HEADER + "".join(f"{pin}\n" for pin in pins))
    course_pins = [pin for pin in pins if pin.split("==")[0].lower() in course_names]
    BINDER_REQUIREMENTS.write_text(BINDER_HEADER + "".join(f"{pin}\n" for pin in course_pins))
    print(f"wrote {len(pins)} pins to {CONSTRAINTS.name}, {len(course_pins)} to binder/requirements.txt")
    return 0


BINDER_REQUIREMENTS = ROOT / "binder" / "requirements.txt"
BINDER_HEADER = """\
# Binder (repo2docker): the environment `python3 course.py` makes, the notebook stack at the versions of
# constraints.txt. Written by `python3 course.py lock`; tests/test_project_files.py compares the two.
"""
CONSTRAINTS_HEADER = """\
# The exact versions of the notebook, test and Dask stack (pyproject.toml's extras) that the stored
# lesson outputs were made and tested with. course.py installs with `pip install -c constraints.txt`;
# `python3 course.py lock` writes this file anew from the newest versions pyproject.toml allows.
"""


# JupyterLab's defaults for the course (the venv's overrides.json): a student's first visit asks nothing
# (no "Would you like to get notified about official Jupyter news?") and fetches nothing from the internet
LAB_DEFAULTS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}


def write_lab_defaults() -> Path:
    """Write the course's JupyterLab defaults into the venv, where JupyterLab reads them (settings/overrides.json)."""
    path = VENV / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    text = json.dumps(LAB_DEFAULTS, indent=2) + "\n"
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return path


def lite_in_course_venv(purelib: Path) -> list[str]:
    """The JupyterLite distributions installed in the site-packages folder purelib (an older course.py put them)."""
    return [name for name in NOT_IN_THE_COURSE_VENV if any(purelib.glob(f"{name.replace('-', '_')}-*.dist-info"))]


def remove_lite_from_course_venv(purelib: Path) -> None:
    """Uninstall JupyterLite from the course's venv if an earlier course.py installed it there."""
    found = lite_in_course_venv(purelib)
    if found and run([venv_python(), "-m", "pip", "uninstall", "-y", "-q", *found]) != 0:
        sys.exit(f"could not uninstall {' '.join(found)} from {VENV}: the course's JupyterLab needs them gone")


def lite_python() -> Path:
    """The interpreter of the JupyterLite build's own virtual environment, made (or remade) when its pins change."""
    python = LITE_VENV / "bin" / "python"
    stamp = LITE_VENV / ".cosmos-lite-installed"
    wanted = hashlib.sha256(LITE_REQUIREMENTS.read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted and python.exists():
        return python
    print(f"creating the JupyterLite build's virtual environment in {LITE_VENV}")
    venv.create(LITE_VENV, with_pip=True, clear=True)  # anew: nothing left over from older pins
    if run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", LITE_REQUIREMENTS]) != 0:
        sys.exit("pip could not install the JupyterLite build's requirements (see the messages above)")
    stamp.write_text(wanted)
    return python


def setup(command: str = "setup") -> None:
    """What a fresh machine needs for this command: its Debian packages and its part of the venv."""
    ensure_debian_packages(DEBIAN_PACKAGES[command])
    if command in EXTRAS:
        ensure_venv(EXTRAS[command])


def parse_command(argv: list[str]) -> tuple[str, list[str]]:
    """The command and its arguments: options with no command before them belong to the course."""
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        return "course", argv
    return argv[0], argv[1:]


def venv_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of the course's JupyterLab: the venv's bin first on PATH, VIRTUAL_ENV set, and
    the venv's kernel spec found before any user-wide one named the same."""
    env = dict(os.environ if environ is None else environ)
    env.pop("PYTHONHOME", None)
    env["VIRTUAL_ENV"] = str(VENV)
    env["PATH"] = os.pathsep.join([str(VENV / "bin"), *(p for p in env.get("PATH", "").split(os.pathsep) if p)])
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(VENV / "share" / "jupyter"), *(p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p)])
    return env


def terminal_rc() -> Path:
    """A bash start-up file for JupyterLab's terminals: the user's own, then the venv activated."""
    rc = VENV / "cosmos-terminal.bashrc"
    text = ("# JupyterLab's terminals in the Epic Cosmos course (written by course.py)\n"
            "[ -f /etc/bash.bashrc ] && . /etc/bash.bashrc\n"
            "[ -f ~/.bashrc ] && . ~/.bashrc\n"
            f". '{VENV / 'bin' / 'activate'}'\n")
    if not rc.exists() or rc.read_text() != text:
        rc.write_text(text)
    return rc


def lab_command(options: list[str], root: Path = ROOT) -> list[str]:
    """The JupyterLab command line: the course's folder, its first lesson, terminals in the venv, then options."""
    as_root = ["--allow-root"] if os.geteuid() == 0 else []
    opening = [f"--ServerApp.root_dir={root}"]
    if (root / FIRST_LESSON).exists():
        opening.append(f"--LabApp.default_url=/lab/tree/{FIRST_LESSON}")
    bash = shutil.which("bash")
    # A login shell (the terminals' default) would let /etc/profile put the system's python first again.
    shell = [bash, "--rcfile", str(terminal_rc()), "-i"] if bash else [os.environ.get("SHELL") or "sh"]
    terminals = f"--ServerApp.terminado_settings={ {'shell_command': shell}!r}"
    # a lesson saved after a run is stored as regenerate stores it: no widget views, no timings (git stays clean)
    saving = "--FileContentsManager.pre_save_hook=lessons.nbfile.pre_save"
    return [str(venv_python()), "-m", "jupyter", "lab", *as_root, *opening, terminals, saving, *options]


# xdist workers: one more than the 2 cores of the project's machine, so that a test waiting for a sandbox's limit or a
# browser's answer leaves its core to another (both cores were busy 91 % of the time with two workers, 97 % with three)
WORKERS = 3


def workers(args: list[str]) -> list[str]:
    """WORKERS xdist workers, unless the arguments turn xdist off (`-p no:xdist`: then pytest knows no -n)."""
    for i, arg in enumerate(args):
        if arg in ("-pno:xdist", "-p=no:xdist") or (arg == "no:xdist" and i > 0 and args[i - 1] == "-p"):
            return []
    return ["-n", str(WORKERS), "--dist", "loadgroup"]


def run_tests(python: str, args: list[str]) -> int:
    """The whole suite on WORKERS workers; then how long it took (wall and CPU), below pytest's ten slowest tests."""
    # --dist loadgroup: tests marked with one xdist_group share a worker (the Dask cluster tests; the
    # JupyterLite tests, tests/lite, which share one built site, one Node run and one Chromium)
    started, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    compile_sources(python)
    code = run([python, "-m", "pytest", *workers(args), "--durations=10", *args], cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"course.py test: {clock(time.monotonic() - started)} of wall clock, {clock(cpu)} of CPU "
          f"(pytest and the processes it waited for; the ten slowest tests are listed above)")
    return code


def compile_sources(python: str, root: Path = ROOT) -> None:
    """Compile the course's own modules into their __pycache__ folders, once before the tests. Where
    PYTHONDONTWRITEBYTECODE is set (as on the machine the suite is measured on) no process writes bytecode, and each
    of the suite's hundreds of Python processes (kernels, graders, commands) compiled the course anew."""
    sources = sorted(path.name for path in root.iterdir()
                     if (path / "__init__.py").is_file() or path.name == "course.py")
    subprocess.run([python, "-m", "compileall", "-q", "-j", "0", *sources], cwd=root, stdout=subprocess.DEVNULL,
                   check=False)


def clock(seconds: float) -> str:
    """Seconds as "7 min 12 s" (or "42 s")."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def command_usage(command: str) -> str:
    """The usage of one command, from its lines of USAGE: the command line, then what it does."""
    lines = USAGE.splitlines()
    start = next(i for i, line in enumerate(lines) if line.split()[:1] == [command])
    end = start + 1
    while end < len(lines) and lines[end].startswith(" " * 8):
        end += 1
    spelled, _, does = lines[start].strip().partition("  ")
    words = " ".join([does.strip(), *(line.strip() for line in lines[start + 1:end])])
    return f"usage: python3 course.py {spelled}\n\n" + textwrap.fill(words, 96, initial_indent="  ",
                                                                     subsequent_indent="  ")


def main(argv: list[str]) -> int:
    """Dispatch the command line."""
    command, args = parse_command(argv)
    if command in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if command not in COMMANDS:
        print(f"unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    if command not in ("course", "test") and ({"-h", "--help"} & set(args)):
        print(command_usage(command))  # its own lines of the usage, before any work is started
        return 0
    if command == "lock":
        return lock()
    setup(command)
    python = str(venv_python())
    if command == "setup":
        return 0
    if command == "test":
        return run_tests(python, args)
    if command == "release":
        if STUDENT_EDITION:
            print("this is already the student edition: only the instructor's course makes one", file=sys.stderr)
            return 2
        return run([python, "-m", "graders_instructor.release.edition", *args], cwd=ROOT)
    if command == "regenerate":
        return run([python, "-m", "lessons.regenerate", *args], cwd=ROOT)
    if command == "lite":
        # the folder is named from where the command was typed
        return run([lite_python(), "-m", "lite", *(a if a.startswith("-") else str(Path(a).resolve()) for a in args)],
                   cwd=ROOT)
    return run(lab_command(args), cwd=ROOT, env=venv_environment())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
