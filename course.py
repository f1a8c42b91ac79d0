#!/usr/bin/env python3
"""Set up and run the Epic Cosmos course: `python3 course.py` opens it, `python3 course.py test` tests it."""
from __future__ import annotations

import hashlib
import json
import os
import resource
import shutil
import subprocess
import sys
import time
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("COSMOS_VENV", ROOT / ".venv"))
EXTRAS = ("notebook", "test", "dask")
# the JupyterLite build runs in a virtual environment of its own (never the course's: see lite/requirements.txt)
LITE_VENV = Path(os.environ.get("COSMOS_LITE_VENV", ROOT / ".venv-lite"))
LITE_REQUIREMENTS = ROOT / "lite" / "requirements.txt"
# what an earlier course.py put into .venv (the `lite` extra): taken out again, it broke the course's JupyterLab
NOT_IN_THE_COURSE_VENV = ("jupyterlite-core", "jupyterlite-pyodide-kernel")
# command (or its path, when it lives outside PATH) -> Debian package that provides it
DEBIAN_PACKAGES = {
    "bwrap": "bubblewrap",  # the grader's sandbox
    "setpriv": "util-linux",
    "prlimit": "util-linux",
    "/usr/games/sgt-tents": "sgt-puzzles",  # Tatham's Tents, for the tents interchange tests
    # Debian's own Python, which any user may run: the test of grading as an ordinary user
    f"/usr/bin/python3.{sys.version_info.minor}": "python3",
    "/usr/bin/chromium": "chromium",  # the real-browser tests (tests/browser) drive it with Playwright
    "npm": "npm",  # `course.py lite` fetches Pyodide once from the npm registry (the `pyodide` package)
    "node": "nodejs",  # the JupyterLite tests run every lesson in the site's Pyodide under Node
}
FIRST_LESSON = "lessons/01-galaxy-from-a-seed.ipynb"

COMMANDS = ("course", "test", "setup", "regenerate", "release", "lite")
USAGE = """usage: python3 course.py [COMMAND] [ARGS]

  (nothing) [OPTIONS]  open the course in JupyterLab (installs what it needs first);
                       OPTIONS go to JupyterLab, e.g. --no-browser --port 8899
  course [OPTIONS]     the same, spelled out
  test [ARGS]          run every test (ARGS go to pytest, e.g. -k browser)
  setup                only install: the virtual environment and the Debian packages
  regenerate [NAMES]   re-execute every lesson (or the named ones) and store its outputs
  release DIR          write the student edition into DIR (no hidden checks, no solutions)
  lite DIR             build the course as a static JupyterLite site in DIR (Python in the browser:
                       serve DIR with any static web server, e.g. python3 -m http.server -d DIR)

JupyterLab's kernels and terminals run in the course's virtual environment (.venv/), so
`python -m graders check ...` typed in its terminal uses the course's packages.
"""


def venv_python() -> Path:
    """The interpreter inside the project's virtual environment."""
    return VENV / "bin" / "python"


def run(cmd: list[str], **kwargs) -> int:
    """Run a command, echoing it first; return its exit code."""
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.call([str(c) for c in cmd], **kwargs)


def ensure_debian_packages() -> None:
    """Install the Debian packages the course needs (the grader's sandbox, Tatham's tents for the
    interchange tests), when missing and possible."""
    missing = list(dict.fromkeys(pkg for cmd, pkg in DEBIAN_PACKAGES.items() if shutil.which(cmd) is None))
    if not missing:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        print(f"note: please install {' '.join(missing)} (Debian): the grader's sandbox and its tests need them")
        return
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update", "-qq"], env=env)
    if run(["apt-get", "install", "-y", "-qq", *missing], env=env) != 0:
        sys.exit(f"could not install {' '.join(missing)}")


def requirements() -> list[str]:
    """The packages pyproject.toml asks for: run-time ones and the chosen extras."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {})
    return [*project.get("dependencies", []), *(req for name in EXTRAS for req in extras[name])]


def ensure_venv() -> None:
    """Create the virtual environment, install the requirements, and put this folder on its path."""
    stamp = VENV / ".cosmos-installed"
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not (stamp.exists() and stamp.read_text() == wanted and venv_python().exists()):
        if not venv_python().exists():
            print(f"creating the virtual environment in {VENV}")
            venv.create(VENV, with_pip=True)
        pip = [venv_python(), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        if run([*pip, *requirements()]) != 0:
            sys.exit("pip could not install the requirements (see the messages above)")
        stamp.write_text(wanted)
    purelib = subprocess.check_output(
        [venv_python(), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], text=True
    ).strip()
    remove_lite_from_course_venv(Path(purelib))
    # The course's packages (cosmos, graders, tents) import from this folder, in any kernel.
    pth = Path(purelib) / "epic-cosmos-course.pth"
    if not pth.exists() or pth.read_text() != f"{ROOT}\n":
        pth.write_text(f"{ROOT}\n")
    write_lab_defaults()


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


def setup() -> None:
    """Everything a fresh machine needs."""
    ensure_debian_packages()
    ensure_venv()


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


def run_tests(python: str, args: list[str]) -> int:
    """The whole suite on two workers; then how long it took (wall and CPU), below pytest's ten slowest tests."""
    # --dist loadgroup: tests marked with one xdist_group share a worker (the Dask cluster tests; the
    # JupyterLite tests, tests/lite, which share one built site, one Node run and one Chromium)
    started, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    code = run([python, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "--durations=10", *args], cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"course.py test: {clock(time.monotonic() - started)} of wall clock, {clock(cpu)} of CPU "
          f"(pytest and the processes it waited for; the ten slowest tests are listed above)")
    return code


def clock(seconds: float) -> str:
    """Seconds as "7 min 12 s" (or "42 s")."""
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s" if minutes else f"{rest} s"


def main(argv: list[str]) -> int:
    """Dispatch the command line."""
    command, args = parse_command(argv)
    if command in ("-h", "--help", "help"):
        print(USAGE)
        return 0
    if command not in COMMANDS:
        print(f"unknown command {command!r}\n\n{USAGE}", file=sys.stderr)
        return 2
    setup()
    python = str(venv_python())
    if command == "setup":
        return 0
    if command == "test":
        return run_tests(python, args)
    if command == "release":
        if not (ROOT / "graders" / "release.py").exists():
            print("this is already the student edition: only the instructor's course makes one", file=sys.stderr)
            return 2
        return run([python, "-m", "graders.release", *args], cwd=ROOT)
    if command == "regenerate":
        return run([python, "-m", "lessons.regenerate", *args], cwd=ROOT)
    if command == "lite":
        # the folder is named from where the command was typed
        return run([lite_python(), "-m", "lite", *(a if a.startswith("-") else str(Path(a).resolve()) for a in args)],
                   cwd=ROOT)
    return run(lab_command(args), cwd=ROOT, env=venv_environment())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
