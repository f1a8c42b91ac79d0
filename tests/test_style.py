"""The whole project is ruff clean with its own configuration."""
from __future__ import annotations

import subprocess
import sys

from tests.reference import ROOT


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing_in_the_engine_and_the_puzzle():
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "cosmos", "tents"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
