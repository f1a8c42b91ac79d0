"""The student edition: `python3 course.py release DIR` copies an explicit allow-list of the course's files."""

from __future__ import annotations

import argparse
import fnmatch
import json
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARKER = ".cosmos-student-edition"  # a file at the top of every edition (so a rebuild may replace it)


@dataclass(frozen=True)
class Ship:
    """Files that go out: instructor paths matching `pattern` (fnmatch on the whole path), placed at `to` if given."""

    pattern: str
    to: str | None = None


# Everything the student edition holds. Anything not named here stays with the instructor: hidden checks,
# reference and known-wrong solutions, the scripts that make hidden checks, the grader's batch and platform side.
EDITION: tuple[Ship, ...] = (
    Ship("cosmos/*.py"),
    Ship("tents/*.py"),
    Ship("lessons/__init__.py"),
    Ship("lessons/nbfile.py"),  # course.py's pre-save hook: a lesson saved in JupyterLab stays as stored
    Ship("lessons/kit/*.py"),
    Ship("lessons/*.ipynb"),
    Ship("exercises/*/exercise.json"),
    Ship("exercises/*/*.ipynb"),
    # the student side of the graders: quizzes, the self-check (check_here, `python -m graders check`) and the jail
    *(Ship(f"graders/{name}") for name in (
        "__init__.py", "__main__.py", "selfcheck.py", "probe.py", "runner.py", "kernel.py", "quizzes.py",
        "exercise.py", "values.py", "scoring.py", "notebook.py", "grading.py", "sandbox.py", "seccomp.py",
        "bytecode.py", "cgroups.py",
    )),
    # the engine's and the puzzle's own tests, and the edition's test of itself
    Ship("tests/__init__.py"),
    Ship("tests/cosmos/*.py"),
    Ship("tests/cosmos/ui/*.py"),
    Ship("tests/golden/*"),
    Ship("tests/reference/*"),
    Ship("tests/reference/*/*"),
    Ship("tests/tents/__init__.py"),
    Ship("tests/tents/helpers.py"),
    Ship("tests/tents/data/*"),
    *(Ship(f"tests/tents/test_{name}.py") for name in (
        "cli", "gameid", "generate", "hint", "notebook", "play", "render", "solver", "tatham",
    )),
    Ship("graders/edition/test_student_edition.py", "tests/test_student_edition.py"),
    Ship("course.py"),
    Ship("pyproject.toml"),
    Ship(".gitignore"),
    Ship("graders/edition/README.md", "README.md"),
)  # fmt: skip


class ReleaseError(RuntimeError):
    """The edition cannot be written where asked."""


def tracked_files(root: Path = ROOT) -> list[str]:
    """The course's files as git knows them (only what is committed or staged, never a stray local file)."""
    try:
        listing = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached"], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        raise ReleaseError(f"{root} is not a git checkout: the edition is made from the course's tracked files") from None
    return sorted(name for name in listing.decode("utf-8", "surrogateescape").split("\0") if name)


def matches(path: str, pattern: str) -> bool:
    """fnmatch on the whole path, where `*` never crosses a `/`."""
    return path.count("/") == pattern.count("/") and fnmatch.fnmatchcase(path, pattern)


def plan(files: list[str]) -> dict[str, str]:
    """Destination in the edition -> source in the course, for every tracked file the allow-list names."""
    chosen: dict[str, str] = {}
    for source in files:
        for ship in EDITION:
            if matches(source, ship.pattern):
                chosen[ship.to or source] = source
                break
    return dict(sorted(chosen.items()))


def build(out: Path, root: Path = ROOT) -> list[str]:
    """Write the student edition into out (absent, empty or an earlier edition); return its files."""
    out = out.resolve()
    if out == root or out.is_relative_to(root) or root.is_relative_to(out):
        raise ReleaseError(f"{out}: the edition must go outside the course's folder")
    if out.exists():
        if not out.is_dir():
            raise ReleaseError(f"{out} is not a folder")
        if any(out.iterdir()) and not (out / MARKER).is_file():
            raise ReleaseError(f"{out} is not empty and holds no earlier student edition; choose a new folder")
        shutil.rmtree(out)
    chosen = plan(tracked_files(root))
    missing = [path for path in ("README.md", "course.py", "graders/selfcheck.py") if path not in chosen]
    if missing:
        raise ReleaseError(f"the allow-list found no {missing[0]}")
    for target, source in chosen.items():
        destination = out / target
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(root / source, destination)
        shutil.copymode(root / source, destination)
    (out / MARKER).write_text(json.dumps({"files": list(chosen)}, indent=1) + "\n", encoding="utf-8")
    return list(chosen)


def main(argv: list[str] | None = None) -> int:
    """`python -m graders.release DIR`: write the edition, say what went out."""
    parser = argparse.ArgumentParser(prog="python3 course.py release", description="Write the student edition.")
    parser.add_argument("out", type=Path, help="a new folder (or an earlier edition, which is replaced)")
    args = parser.parse_args(argv)
    try:
        files = build(args.out)
    except ReleaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    lessons = sum(path.startswith("lessons/") and path.endswith(".ipynb") for path in files)
    exercises = sum(path.endswith("/exercise.json") for path in files)
    print(f"student edition: {len(files)} files in {args.out} ({lessons} lessons, {exercises} exercises, "
          "public checks only)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
