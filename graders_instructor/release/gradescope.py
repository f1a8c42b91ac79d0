"""A Gradescope autograder for one exercise: `python -m graders_instructor gradescope EXERCISE --out autograder.zip`.

Gradescope unpacks the zip into /autograder/source, runs setup.sh there once when it builds the image, and
runs run_autograder for every submission: the student's files are in /autograder/submission and the grade
goes to /autograder/results/results.json. `run` (below) is what run_autograder calls.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import stat
import sys
import zipfile
from pathlib import Path

from graders import plainjail
from graders.exercise import Exercise, load_exercise
from graders.grading import grade_submission, limits_for
from graders_instructor.grading.platforms import pick
from graders_instructor.release import manifest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = "autograder.json"
# Gradescope's output formats (gradescope/autograder_samples docs/specs.md, "Output format" and "Output String
# Formatting"): a test's output "will be placed in a <pre> tag"; "text" renders "No html, markdown, or ansi" (the
# default of a test's output); the top-level output's default, "simple_format", renders HTML and turns "\n" into
# "<br />", and HTML joins runs of spaces, which would break the aligned input/expected/got lines. So every
# output says "text": its layout kept, nothing a submission wrote rendered.
OUTPUT_FORMAT = "text"
VISIBILITIES = ("after_published", "after_due_date", "hidden", "visible")  # Gradescope's own words
PUBLIC_PACKAGES = ("cosmos", "tents")  # a submission may import them
KERNEL_PACKAGES = ("nbformat", "nbclient", "jupyter_client", "ipykernel")

VENV = "/opt/cosmos-autograder/venv"  # outside /autograder, which run_autograder makes root's only
SETUP_SH = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image (choose the Ubuntu 24.04 base:
# the grader needs Python 3.11 or newer). bubblewrap is the grader's jail where the container allows it.
# The venv lives outside /autograder: the submission's kernel runs its Python, and nothing under /autograder
# may be readable to the submission (run_autograder makes /autograder root's only).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq python3 python3-venv bubblewrap util-linux
python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "the grader needs Python 3.11+"; exit 1; }
python3 -m venv {venv}
{venv}/bin/pip install -q {packages}
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this for every submission, as root. AUTOGRADER_ROOT and AUTOGRADER_PYTHON exist for tests.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${AUTOGRADER_PYTHON:-{venv}/bin/python}"
# Root's only, before anything runs: the hidden checks (source/), submission_metadata.json (earlier
# submissions' results), results/ and the submission itself. The submission runs as a uid of its own and
# never needs a path under /autograder (the fallback jail copies what it needs into a folder of its own).
chmod 0700 "$ROOT" "$ROOT/source"
cd "$ROOT/source"
PYTHONPATH="$ROOT/source" exec "$PYTHON" -m graders_instructor.release.gradescope run --root "$ROOT"
"""


def pinned_packages() -> str:
    """The kernel's packages at the versions this grader runs with."""
    return " ".join(f"{name}=={importlib.metadata.version(name)}" for name in KERNEL_PACKAGES)


def members(exercise: Exercise, visibility: str) -> dict[str, bytes]:
    """Every file of the autograder zip, by its path in the zip."""
    files: dict[str, bytes] = {
        "setup.sh": SETUP_SH.replace("{packages}", pinned_packages()).replace("{venv}", VENV).encode(),
        "run_autograder": RUN_AUTOGRADER.replace("{venv}", VENV).encode(),
        CONFIG: (json.dumps({"exercise": exercise.name, "hidden_visibility": visibility}, indent=1) + "\n").encode(),
        f"exercises/{exercise.name}/exercise.json": (exercise.folder / "exercise.json").read_bytes(),
        f"exercises/{exercise.name}/{exercise.notebook.name}": exercise.notebook.read_bytes(),
        f"graders_instructor/hidden/{exercise.name}/hidden.json": (exercise.hidden_folder / "hidden.json").read_bytes(),
    }
    for name in grader_files():
        files[name] = (ROOT / name).read_bytes()
    return files


def grader_files(root: Path = ROOT) -> list[str]:
    """What the autograder runs besides the exercise: the modules release/manifest.py ships to Gradescope."""
    found = [path.relative_to(root).as_posix() for folder in ("graders", "graders_instructor", *PUBLIC_PACKAGES)
             for path in sorted((root / folder).rglob("*.py")) if "__pycache__" not in path.parts]
    return manifest.select(found, manifest.GRADESCOPE)


def build(exercise: Exercise, out: Path, visibility: str = "after_published") -> list[str]:
    """Write the autograder zip (the two scripts executable); return its members."""
    files = members(exercise, visibility)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            executable = name in ("setup.sh", "run_autograder")
            info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return list(files)


def submitted_notebook(folder: Path, notebook: str) -> Path | None:
    """The student's notebook among the uploaded files: the exercise's name first, else the only one."""
    names = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.ipynb")
                   if path.is_file() and not path.is_symlink())
    chosen, _ = pick(names, notebook)
    return folder / chosen if chosen else None


WHEN = {"after_published": "once the grades are published", "after_due_date": "after the due date",
        "hidden": "never: the instructor keeps them"}


def to_gradescope(exercise: Exercise, data: dict, visibility: str, jail: str) -> dict:
    """Our results as Gradescope's results.json: hidden checks with the visibility chosen for them.

    Gradescope's specification ("Controlling Test Case Visibility", gradescope-autograders.readthedocs.io
    /en/latest/specs/): a top-level "visibility" is the default of every test that sets none, and "if test cases
    are hidden, students will not be able to see their total score"; "output" is text for the whole submission
    and "execution_time" is optional. So until the hidden checks are shown, nothing students see may depend on
    them: the top level takes their visibility, the output speaks of the notebook's run (up to the first check)
    and the public checks only, and no execution time is sent (a submission could time itself on a hidden input).
    """
    tests = []
    for check, test in zip(exercise.checks, data["tests"], strict=True):
        tests.append({key: test[key] for key in ("name", "score", "max_score", "status", "output")}
                     | {"visibility": visibility if check.hidden else "visible", "output_format": OUTPUT_FORMAT})
    hidden = sum(check.hidden for check in exercise.checks)
    extra = {key: data["extra_data"][key] for key in ("outcome", "exercise")} | {
        "jail": jail, "seconds": data.get("execution_time", 0)}  # extra_data is stored for the instructor
    if visibility == "visible" or not hidden:
        return {"score": data["score"], "output": data["output"], "output_format": OUTPUT_FORMAT,
                "test_output_format": OUTPUT_FORMAT, "visibility": "visible", "stdout_visibility": "hidden",
                "tests": tests, "extra_data": extra}
    public = [test for check, test in zip(exercise.checks, tests, strict=True) if not check.hidden]
    passed = sum(test["status"] == "passed" for test in public)
    lines = [data["extra_data"].get("notebook_output", ""), f"{passed} of {len(public)} public checks passed",
             f"{hidden} hidden checks: shown {WHEN.get(visibility, WHEN['hidden'])}"]
    return {
        "score": data["score"],
        "output": "\n".join(line for line in lines if line),
        "output_format": OUTPUT_FORMAT,
        "test_output_format": OUTPUT_FORMAT,
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "tests": tests,
        "extra_data": extra,
    }


def choose_jail() -> str:
    """bubblewrap where the container lets it make namespaces, else the fallback jail (FORMAT.md, "Gradescope")."""
    if plainjail.wanted():
        return "plain"
    if plainjail.bwrap_works():
        return "bubblewrap"
    os.environ[plainjail.MODE_VARIABLE] = "plain"
    return "plain"


def run(root: Path) -> dict:
    """Grade root/submission with the exercise in root/source; write root/results/results.json."""
    config = json.loads((root / "source" / CONFIG).read_text(encoding="utf-8"))
    visibility = config.get("hidden_visibility", "after_published")
    exercise = load_exercise(root / "source" / "exercises" / config["exercise"],
                             hidden_root=root / "source" / "graders_instructor" / "hidden")
    jail = choose_jail()
    notebook = submitted_notebook(root / "submission", exercise.notebook.name)
    if notebook is None:
        results = {"score": 0, "output": f"No notebook was submitted: upload your {exercise.notebook.name}.",
                   "visibility": "visible", "tests": [], "extra_data": {"outcome": "error", "jail": jail}}
    else:
        results = to_gradescope(exercise, grade_submission(exercise, notebook, limits_for(exercise)), visibility,
                                jail)
    out = root / "results"
    out.mkdir(parents=True, exist_ok=True)
    temporary = out / ".results.json.tmp"
    temporary.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, out / "results.json")
    return results


def main(argv: list[str] | None = None) -> int:
    """`python -m graders_instructor.release.gradescope run --root /autograder` (what run_autograder calls)."""
    parser = argparse.ArgumentParser(prog="python -m graders_instructor.release.gradescope")
    commands = parser.add_subparsers(dest="command", required=True)
    runner = commands.add_parser("run", help="grade the submission Gradescope gave")
    runner.add_argument("--root", type=Path, default=Path("/autograder"))
    args = parser.parse_args(argv)
    results = run(args.root)
    print(f"score {results['score']:g}: {results['extra_data']['outcome']} ({results['extra_data']['jail']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
