"""What ships where: every file of the course, by glob, to the pip wheel, the student edition, the JupyterLite
wheel and the Gradescope zip, or to none of them (the instructor's side and the repository's own tooling).

The first rule a path matches decides. `*` never crosses a `/`; `**/` is any number of folders (none too).
The student edition, the JupyterLite wheel and the Gradescope zip are made from these rules; the pip wheel
(pyproject.toml) is checked against them by tests/test_wheel.py; tests/test_manifest.py fails when a tracked
file matches no rule.

The folder is the first rule: everything students never get is the one package `graders_instructor` (the hidden
checks and their solutions in hidden/, batches and LMS files in grading/, new, validate and hints in authoring/,
the edition, Gradescope and this manifest in release/), with its own command line `python -m graders_instructor`
(the `graders-instructor` command, and the pip wheel's `graders`); `graders` is the student's side (the
self-check, the sandbox it runs in, the quizzes, Parsons problems, tasks, stepping and progress), all that the
student edition and the JupyterLite site hold. Nothing below imports `graders_instructor` (tests/test_imports.py).
The game and the puzzle use the standard library only; the wheel's dependencies are what its modules import: the
widgets of the lessons, quizzes and puzzle (ipywidgets, traitlets) and the self-check's kernel (nbformat, nbclient,
ipykernel), so `graders check` works after a plain `pip install .`; tests/test_wheel.py checks every module's
imports against these lists.
"""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

from graders.sandbox import SANDBOX_MODULES

WHEEL = "wheel"  # `pip install .` (pyproject.toml)
STUDENT = "student"  # `python3 course.py release DIR` (graders_instructor/release/edition.py)
LITE = "lite"  # the browser's wheel of the JupyterLite site (lite/wheel.py)
GRADESCOPE = "gradescope"  # `python -m graders_instructor gradescope` (release/gradescope.py): one exercise
TARGETS = (WHEEL, STUDENT, LITE, GRADESCOPE)
INSTRUCTOR_ONLY = "instructor-only"  # hidden checks, references, known-wrong solutions and what makes them
REPO_ONLY = "repo-only"  # the repository's own tooling and documents: tests, lesson sources, CI, benchmarks

ALL = frozenset(TARGETS)
INSTALLED = frozenset({WHEEL, STUDENT, LITE})  # what a student runs; Gradescope has no notebook front end
NOWHERE = frozenset({INSTRUCTOR_ONLY})
REPO = frozenset({REPO_ONLY})

# the grader's modules the Gradescope autograder runs (the student side, plus Gradescope's own)
GRADING = ("__init__", "exercise", "grading", "sandbox", "plainjail", "jail", "scoring", "values", "notebook",
           "probe", "runner", "kernel", "selfcheck", "seccomp", "bytecode", "cgroups")
# of those, what a submission's kernel may import inside the sandbox: the sandbox's own list, beside it
SANDBOX = SANDBOX_MODULES
# the rest of the student's side of the grader: `python -m graders check`, the quizzes and the lesson kit's parts
STUDENT_SIDE = ("__main__", "quizzes", "parsons", "tasks", "stepping", "progress", "progress_view")

RULES: tuple[tuple[str, frozenset[str]], ...] = (
    # the instructor's side: never shipped, except each exercise's hidden.json inside its own Gradescope zip
    ("graders_instructor/hidden/*/hidden.json", frozenset({GRADESCOPE})),
    ("graders_instructor/hidden/**/*", NOWHERE),
    ("graders_instructor/release/student/test_student_edition.py", frozenset({STUDENT})),  # as tests/...
    ("graders_instructor/release/student/README.md", frozenset({STUDENT})),  # as README.md
    *((f"graders/{name}.py", ALL) for name in GRADING),
    *((f"graders/{name}.py", INSTALLED) for name in STUDENT_SIDE),
    ("graders/text/*.py", INSTALLED),  # the kit's words in each language of the course
    # what the Gradescope autograder runs of the instructor's side: its entry point, and what that imports
    *((f"graders_instructor/{name}.py", frozenset({WHEEL, GRADESCOPE})) for name in
      ("__init__", "release/__init__", "release/gradescope", "release/manifest", "grading/__init__",
       "grading/platforms", "grading/ziparchive")),
    # the instructor's package (batch, report, release, validate, new...): in the pip wheel, never given to students
    ("graders_instructor/*.py", frozenset({WHEEL})),
    ("graders_instructor/*/*.py", frozenset({WHEEL})),
    ("graders_instructor/authoring/schema/*.json", frozenset({WHEEL})),  # authoring/schemas.py reads them
    ("graders/*.md", REPO),
    # the engine and the puzzle
    ("cosmos/**/*.py", ALL),
    ("tents/*.py", ALL),
    # the lessons: the notebooks, their kit and the data they read
    ("lessons/__init__.py", INSTALLED),
    ("lessons/__main__.py", frozenset({WHEEL, STUDENT})),  # `python -m lessons`: the lessons, where they are
    ("lessons/nbfile.py", INSTALLED),  # course.py's pre-save hook: a lesson saved in JupyterLab stays as stored
    ("lessons/kit/*.py", INSTALLED),
    ("lessons/data/*", INSTALLED),  # lesson 6's balance figures and the script that makes them
    ("lessons/*.ipynb", frozenset({WHEEL, STUDENT})),  # the site holds them as files, not in its wheel
    ("lessons/regenerate.py", frozenset({WHEEL})),  # a module of the package; it needs the repository's *.md
    ("lessons/**/*", REPO),  # the lessons' sources (*.md), their writing guides, regenerate.py
    # the exercises: what the self-check reads, and the starters
    ("exercises/*/exercise.json", ALL),
    ("exercises/*/*.ipynb", ALL),
    # the engine's and the puzzle's own tests go to students; the rest of the tests stay in the repository
    ("tests/__init__.py", frozenset({STUDENT})),
    ("tests/cosmos/*.py", frozenset({STUDENT})),
    ("tests/cosmos/ui/*.py", frozenset({STUDENT})),
    ("tests/golden/*", frozenset({STUDENT})),
    ("tests/reference.py", frozenset({STUDENT})),
    ("tests/elsewhere.py", frozenset({STUDENT})),  # the engine's determinism tests run code in fresh processes
    ("tests/reference/*", frozenset({STUDENT})),
    ("tests/reference/*/*", frozenset({STUDENT})),
    ("tests/tents/__init__.py", frozenset({STUDENT})),
    ("tests/tents/helpers.py", frozenset({STUDENT})),
    # not tests/tents/data: Tatham's game ids with their solutions are the Tents exercise's hidden checks
    # (so neither are test_gameid, test_solver and test_tatham, which read them)
    *((f"tests/tents/test_{name}.py", frozenset({STUDENT})) for name in
      ("cli", "generate", "hint", "notebook", "play", "render")),
    ("tests/tents/data/*", NOWHERE),
    ("tests/**/*", REPO),
    # the course's own set-up goes to students too
    ("course.py", frozenset({STUDENT})),
    ("pyproject.toml", frozenset({STUDENT})),
    ("constraints.txt", frozenset({STUDENT})),  # course.py installs the versions the lessons' outputs were made with
    ("LICENSE", frozenset({WHEEL, STUDENT})),  # the wheel holds it as its licence file
    (".gitignore", frozenset({STUDENT})),
    ("README.md", REPO),  # the students' README is graders_instructor/release/student/README.md
    ("*.md", REPO),
    ("docs/*.md", REPO),  # the instructor's guide and the JupyterLite page
    (".pre-commit-config.yaml", REPO),
    (".ci/*", REPO),
    (".devcontainer/*", REPO),
    (".github/workflows/*", REPO),
    ("binder/*", REPO),
    ("benchmarks/*", REPO),
    ("lite/*", REPO),
)

# where a file goes in the student edition when not at its own path
STUDENT_PLACES = {
    "graders_instructor/release/student/test_student_edition.py": "tests/test_student_edition.py",
    "graders_instructor/release/student/README.md": "README.md",
}


@cache
def _regex(pattern: str) -> re.Pattern[str]:
    """A glob as a regular expression on the whole path."""
    out = []
    for part in re.split(r"(\*\*/|\*|\?)", pattern):
        out.append({"**/": "(?:[^/]+/)*", "*": "[^/]*", "?": "[^/]"}.get(part, re.escape(part)))
    return re.compile("".join(out))


def matches(path: str, pattern: str) -> bool:
    """Whether path matches the glob pattern (`*` never crosses a `/`, `**/` is any number of folders)."""
    return _regex(pattern).fullmatch(path) is not None


def rule_for(path: str) -> tuple[str, frozenset[str]] | None:
    """The first rule that matches path, None when none does."""
    return next((rule for rule in RULES if matches(path, rule[0])), None)


def targets(path: str) -> frozenset[str]:
    """Where path ships (empty when no rule names it)."""
    rule = rule_for(path)
    return rule[1] if rule else frozenset()


def select(files: list[str], target: str) -> list[str]:
    """The files among `files` that ship to target, sorted."""
    return sorted(path for path in files if target in targets(path))


def unmatched(files: list[str]) -> list[str]:
    """The files no rule names."""
    return [path for path in files if rule_for(path) is None]


class NotACheckout(RuntimeError):
    """The folder is not a git checkout of the course."""


def tracked_files(root: Path) -> list[str]:
    """The course's files as git knows them (only what is committed or staged, never a stray local file)."""
    try:
        listing = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached"], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        raise NotACheckout(f"{root} is not a git checkout: what ships is chosen from its tracked files") from None
    return sorted(name for name in listing.decode("utf-8", "surrogateescape").split("\0") if name)
