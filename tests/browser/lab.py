"""The course's JupyterLab for the browser tests: a copy of the course, a fresh profile, a free port."""
from __future__ import annotations

import json
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COPIED = ("lessons", "exercises", "graders", "cosmos", "tents")  # what a student's JupyterLab shows
SKIPPED = shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints", "saves", "*.pyc")
STARTUP_S = 300  # s: JupyterLab answers within this (a failure detector: a loaded machine is slow)
# the test profile's JupyterLab settings: every cell rendered (no windowing), terminals that keep their text
# in the page (xterm's screen-reader rows) so that a test can read it, and no autosave (every two minutes by
# default: a slow test would find what it typed saved into the notebook; a test that saves presses Ctrl+S)
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/terminal-extension/plugin.jupyterlab-settings": {"screenReaderMode": True},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def copy_course(into: Path) -> Path:
    """A copy of the course's folders (no .git, no venv), so that saving in the browser leaves the repository alone."""
    into.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        shutil.copytree(ROOT / name, into / name, ignore=SKIPPED)
    shutil.copy2(ROOT / "pyproject.toml", into / "pyproject.toml")
    return into


def course_module():
    """course.py, imported from the repository root."""
    sys.path.insert(0, str(ROOT))
    try:
        import course
    finally:
        sys.path.remove(str(ROOT))
    return course


@dataclass
class Lab:
    """A running JupyterLab: where it serves, its token, the folder it shows, its process."""

    url: str
    token: str
    root: Path
    home: Path
    process: subprocess.Popen
    log: Path

    def api(self, path: str, method: str = "GET") -> object:
        """Ask the server's REST API (GET by default); its JSON answer, if any."""
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
            return json.loads(body) if body else None

    def shut_down_kernels(self) -> None:
        """Shut down every kernel the server runs (their notebooks' sessions go with them)."""
        for kernel in self.api("/api/kernels"):
            self.api(f"/api/kernels/{kernel['id']}", method="DELETE")

    def stop(self) -> None:
        """Shut the server down (its kernels and terminals with it)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_lab(workdir: Path) -> Lab:
    """The course's JupyterLab, started as course.py starts it, on a copy of the course with a fresh profile."""
    course = course_module()
    root = copy_course(workdir / "course")
    home = workdir / "home"
    profile = {name: home / name.lower() for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR")}
    for folder in profile.values():
        folder.mkdir(parents=True)
    env = course.venv_environment()
    env.update({name: str(path) for name, path in profile.items()})
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_CACHE_HOME=str(home / "cache"), IPYTHONDIR=str(home / "ipython"),
               JUPYTERLAB_SETTINGS_DIR=str(home / "lab-settings"), JUPYTERLAB_WORKSPACES_DIR=str(home / "lab-ws"))
    for name, settings in LAB_SETTINGS.items():
        path = home / "lab-settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings))
    port, token = free_port(), secrets.token_hex(16)
    options = ["--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
               "--ServerApp.port_retries=0"]  # news and update checks are off by the course's own defaults
    log = workdir / "jupyterlab.log"
    with open(log, "w") as out:
        process = subprocess.Popen(course.lab_command(options, root), cwd=root, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    lab = Lab(f"http://127.0.0.1:{port}", token, root, home, process, log)
    deadline = time.monotonic() + STARTUP_S
    while True:
        try:
            lab.api("/api/status")
            return lab
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                lab.stop()
                raise RuntimeError(f"JupyterLab did not start:\n{log.read_text()[-3000:]}") from None
            time.sleep(0.25)
