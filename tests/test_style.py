"""The whole project is ruff clean with its own configuration; mypy is clean on the puzzle and the grader."""
from __future__ import annotations

import re
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


def test_mypy_excuses_no_module_and_no_line_goes_unexplained():
    """No module is left out of the check (an ignore_errors override), and every `# type: ignore` in the grader
    and the puzzle names its error code and gives its reason (a comment on its line)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert [override["module"] for override in config["overrides"] if override.get("ignore_errors")] == []
    unexplained = []
    for folder in [name for name in config["files"] if name != "cosmos"]:  # the engine's lines are shown in lessons
        for path in sorted((ROOT / folder).rglob("*.py")):
            if any(re.search(pattern, path.relative_to(ROOT).as_posix()) for pattern in config["exclude"]):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if "type: ignore" in line and not re.search(r"# type: ignore\[[a-z-]+(, [a-z-]+)*\]  # \S", line):
                    unexplained.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert unexplained == []
