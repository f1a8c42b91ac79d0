"""`python -m graders check` with a Python that lacks the course's packages says why and what to run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEBIAN_PYTHON = f"/usr/bin/python3.{sys.version_info.minor}"  # course.py setup installs it
STARTER = "exercises/01-islands/islands.ipynb"


def test_the_system_python_is_told_to_use_the_course_python() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    lacks = subprocess.run([DEBIAN_PYTHON, "-c", "import ipykernel"], cwd=REPO, env=env, capture_output=True)
    assert lacks.returncode != 0, "Debian's python has ipykernel here: this test needs a Python without it"
    done = subprocess.run([DEBIAN_PYTHON, "-m", "graders", "check", STARTER], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2
    assert done.stdout == ""  # no 0-of-9 report of checks that never ran
    assert "not run" not in done.stderr
    assert f"this Python ({DEBIAN_PYTHON}) has no" in done.stderr and "ipykernel" in done.stderr
    assert f"/.venv/bin/python -m graders check {STARTER}" in done.stderr
    assert "the notebook's kernel cannot start" in done.stderr
