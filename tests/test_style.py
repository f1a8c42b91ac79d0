"""The whole project is ruff clean with its own configuration; mypy is clean on the puzzle and the grader."""
from __future__ import annotations

import subprocess
import sys
import tomllib

from tests.reference import ROOT


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing_in_the_engine_the_puzzle_and_the_grader():
    result = subprocess.run([sys.executable, "-m", "mypy"], capture_output=True, text=True, cwd=ROOT, timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues found" in result.stdout
    files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    assert files == ["cosmos", "tents", "graders", "graders_instructor"]


def test_the_modules_mypy_still_excuses_do_have_errors():
    """An excused module that became clean leaves the list (pyproject.toml's ignore_errors override)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    (excused,) = [override["module"] for override in config["overrides"] if override.get("ignore_errors")]
    files = [str(ROOT / (name.replace(".", "/") + ".py")) for name in excused]
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "/dev/null", "--cache-dir", "/dev/null",
                             "--ignore-missing-imports", "--follow-imports", "silent", *files],
                            capture_output=True, text=True, cwd=ROOT, timeout=900)
    with_errors = {line.split(":")[0] for line in result.stdout.splitlines() if ": error:" in line}
    assert sorted(with_errors) == sorted(name.replace(".", "/") + ".py" for name in excused), result.stdout
