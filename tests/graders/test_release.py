"""The student edition (`course.py release DIR`): only the allow-list goes out, no hidden value, and it works alone."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from graders.exercise import EXERCISES, HIDDEN, load_exercise
from graders_instructor.release import edition as release
from graders_instructor.release.edition import (
    EDITION,
    MARKER,
    build,
    check_needles,
    check_values,
    hidden_needles,
    leaks,
    matches,
)

NAMES = sorted(path.parent.name for path in EXERCISES.glob("*/exercise.json"))


@pytest.fixture(scope="module")
def edition(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edition, built and then moved to a fresh folder (it must not depend on where it was written)."""
    built = tmp_path_factory.mktemp("built") / "edition"
    build(built)
    fresh = tmp_path_factory.mktemp("fresh") / "course"
    shutil.copytree(built, fresh, symlinks=True)
    shutil.rmtree(built)
    return fresh


def edition_files(edition: Path) -> list[str]:
    """Every file of the edition, relative to it."""
    return sorted(str(path.relative_to(edition)) for path in edition.rglob("*") if path.is_file())


def in_edition(
    edition: Path, *args: str, stdin: str | None = None, timeout: float = 1800
) -> subprocess.CompletedProcess[str]:
    """A command run in the edition with its own packages first (as its JupyterLab terminal would); it writes no
    bytecode there, nor hypothesis's database, so the edition keeps only the files the release wrote, whatever ran
    in it before a test."""
    env = dict(os.environ, PYTHONPATH=str(edition), PYTHONDONTWRITEBYTECODE="1",
               HYPOTHESIS_STORAGE_DIRECTORY=str(edition.parent / f"{edition.name}-hypothesis"))
    return subprocess.run([sys.executable, *args], cwd=edition, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)


def test_the_edition_holds_only_what_the_allow_list_names(edition: Path):
    files = edition_files(edition)
    targets = {ship.to for ship in EDITION if ship.to}
    for name in files:
        assert name == MARKER or name in targets or any(matches(name, ship.pattern) for ship in EDITION), name
    assert not [name for name in files if name.startswith(("graders_instructor/hidden", "graders_instructor/"))
                or "/wrong/" in name]
    banned = {"reference.ipynb", "make_hidden.py", "hidden.json", "release.py", "batch.py", "validate.py",
              "platforms.py", "ziparchive.py", "gradebook.py", "gradescope.py"}
    assert not [name for name in files if Path(name).name in banned]
    for needed in ("README.md", "course.py", "pyproject.toml", "cosmos/__main__.py", "cosmos/ui/session.py",
                   "tents/solver.py", "lessons/kit/player.py", "graders/quizzes.py", "graders/selfcheck.py",
                   "tests/test_student_edition.py", *(f"exercises/{name}/exercise.json" for name in NAMES)):
        assert needed in files
    # every file of the engine, the puzzle, the exercises and the lessons goes out, but the lessons' sources
    sources = {"lessons/regenerate.py", "lessons/.gitignore"}
    wanted = [name for name in release.tracked_files() if name.split("/")[0] in ("cosmos", "tents", "lessons")
              and not (name.startswith("lessons/") and name.endswith(".md")) and name not in sources]
    wanted += [name for name in release.tracked_files() if name.startswith("exercises/")]
    assert sorted(set(wanted) - set(files)) == []
    lessons = sorted(path.name for path in (release.ROOT / "lessons").glob("*.ipynb"))
    assert sorted(path.name for path in (edition / "lessons").glob("*.ipynb")) == lessons
    assert "python3 course.py test" in (edition / "README.md").read_text(encoding="utf-8")


def test_an_untracked_file_never_goes_out(tmp_path: Path):
    # a stray solution saved beside the starter is not in git, so the allow-list never sees it
    planned = release.plan(["exercises/01-islands/islands.ipynb",
                            "graders_instructor/hidden/01-islands/reference.ipynb",
                            "graders_instructor/hidden/01-islands/hidden.json", "graders_instructor/grading/batch.py",
                            "cosmos/ui/render.py"])
    assert list(planned) == ["cosmos/ui/render.py", "exercises/01-islands/islands.ipynb"]
    with pytest.raises(release.ReleaseError, match="outside"):
        build(release.ROOT / "edition-inside")
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(release.ReleaseError, match=r"holds files of its own \(notes.txt\)"):
        build(tmp_path)


def test_the_search_finds_every_written_form_of_a_hidden_value(tmp_path: Path):
    needles = hidden_needles()
    assert len(needles) > 1000
    # every hidden check of every exercise is searched for, but for a few whose values are all short or public
    for name in NAMES:
        public = json.loads((EXERCISES / name / "exercise.json").read_text(encoding="utf-8"))["checks"]
        shown = {json.dumps(value, sort_keys=True) for check in public for _, value in check_values(check)}
        checks = json.loads((HIDDEN / name / "hidden.json").read_text(encoding="utf-8"))["checks"]
        missed = [check["name"] for check in checks if not check_needles(check, shown)]
        assert len(missed) <= len(checks) // 10, (name, missed)
        assert all(check_needles(check, shown) <= needles.keys() for check in checks)
    searched = set(needles.values())
    # the hidden files themselves, copied in, are found check by check
    for name in NAMES:
        shutil.copy(HIDDEN / name / "hidden.json", tmp_path / f"{name}.json")
    found = leaks(tmp_path, needles)
    assert {line.split(": ", 1)[1] for line in found} == searched
    # as Python literals in a script, and as text inside a notebook's code cell
    exercise = load_exercise("01-islands")
    hidden = [check for check in exercise.checks if check.hidden]
    args = next(json.loads(check.payload) for check in hidden if not check.program and len(check.payload) > 40)
    answer = max((check.expected[0] for check in hidden if not check.program), key=lambda value: len(repr(value)))
    stdin = next(json.loads(check.payload) for check in hidden if check.program)
    probe = tmp_path / "probe"
    probe.mkdir()
    (probe / "script.py").write_text(f"print(islands(*{tuple(args)!r}))\n")
    (probe / "answer.py").write_text(f"ANSWER = {answer!r}\n")
    cell = {"cell_type": "code", "source": [f"run_program(main, {stdin!r})\n"], "metadata": {}, "outputs": [],
            "execution_count": None}
    (probe / "note.ipynb").write_text(json.dumps({"cells": [cell], "metadata": {}, "nbformat": 4,
                                                  "nbformat_minor": 5}, indent=1))
    assert {line.split(":")[0] for line in leaks(probe, needles)} == {"script.py", "answer.py", "note.ipynb"}


def test_no_hidden_value_is_in_any_file_of_the_edition(edition: Path):
    assert leaks(edition) == []


@pytest.mark.slow
def test_the_editions_own_commands_work_from_a_fresh_copy(edition: Path):
    where = in_edition(edition, "-c", "import cosmos, graders, lessons; print(graders.__file__, cosmos.__file__)")
    assert all(Path(path).is_relative_to(edition) for path in where.stdout.split()), where.stdout
    # every module of the edition's graders imports there (none needs a file that stayed behind)
    modules = sorted(path.stem for path in (edition / "graders").glob("*.py") if path.stem != "__main__")
    imports = in_edition(edition, "-c", "; ".join(f"import graders.{name}" for name in modules))
    assert imports.returncode == 0, imports.stderr
    # every test of the edition can be collected (none needs a file that stayed behind)
    collected = in_edition(edition, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                           "tests")
    assert collected.returncode == 0, collected.stdout[-3000:]
    # its tests: a quick lesson from the top, the game from piped commands
    tests = in_edition(edition, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                       "tests/test_student_edition.py", "-k", "04-the-rivals or game")
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert "2 passed" in tests.stdout
    # a correct solution passes its self-check in the edition's sandbox
    notebook = edition / "exercises" / "01-islands" / "islands.ipynb"
    shutil.copy(load_exercise("01-islands").reference, notebook)
    check = in_edition(edition, "-m", "graders", "check", str(notebook.relative_to(edition)))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "FAIL" not in check.stdout and "checks pass" in check.stdout
    # the grader's side is not there: the edition's command line offers only the self-check
    grade = in_edition(edition, "-m", "graders", "grade", "01-islands", str(notebook))
    assert grade.returncode == 2 and "invalid choice: 'grade' (choose from 'check', 'progress')" in grade.stderr
    game = in_edition(edition, "-m", "cosmos", "--plain", "--seed=2026", stdin="map\nquit\n", timeout=600)
    assert game.returncode == 0 and "Elara" in game.stdout


def release_cli(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m graders_instructor.release.edition ARGS` as course.py runs it."""
    return subprocess.run([sys.executable, "-m", "graders_instructor.release.edition", *args], cwd=release.ROOT,
                          capture_output=True, text=True, timeout=600)


def test_a_second_release_updates_the_edition_in_place_and_keeps_git_and_the_students_files(tmp_path: Path):
    out = tmp_path / "edition"
    first = release_cli(str(out))
    assert first.returncode == 0, first.stderr
    files = json.loads((out / MARKER).read_text())["files"]
    assert f"{len(files)} added, 0 changed, 0 removed, 0 unchanged" in first.stdout
    git = ["git", "-C", str(out), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "first release"], check=True)
    (out / "NOTES.md").write_text("the instructor's own page")  # never written by a release: kept
    (out / "lessons" / "99-old.ipynb").write_text("{}")  # as if an earlier release had written it
    (out / "exercises" / "99-gone").mkdir()
    (out / "exercises" / "99-gone" / "exercise.json").write_text("{}")
    manifest = [*files, "lessons/99-old.ipynb", "exercises/99-gone/exercise.json", "../outside.txt", ".git/config"]
    (out / MARKER).write_text(json.dumps({"files": manifest}))
    (tmp_path / "outside.txt").write_text("a manifest never reaches outside the edition")
    (out / "README.md").write_text("edited by hand")
    second = release_cli(str(out))
    assert second.returncode == 0, second.stderr
    assert f"0 added, 1 changed, 2 removed, {len(files) - 1} unchanged" in second.stdout
    assert "  ~ README.md" in second.stdout.splitlines()
    assert {"  - lessons/99-old.ipynb", "  - exercises/99-gone/exercise.json"} <= set(second.stdout.splitlines())
    assert not (out / "lessons" / "99-old.ipynb").exists() and not (out / "exercises" / "99-gone").exists()
    assert (out / "NOTES.md").read_text() == "the instructor's own page"
    assert (tmp_path / "outside.txt").exists() and (out / ".git" / "config").exists()
    assert json.loads((out / MARKER).read_text())["files"] == files
    status = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True, check=True).stdout
    assert status.splitlines() == ["?? .cosmos-student-edition", "?? NOTES.md"] or status.splitlines() == [
        "?? NOTES.md"]  # README.md is back as the first release wrote it: git sees no change


def test_a_folder_that_is_no_edition_is_refused_and_force_deletes_nothing(tmp_path: Path):
    out = tmp_path / "mine"
    (out / "notes").mkdir(parents=True)
    (out / "thesis.tex").write_text("not an edition")
    (out / "notes" / "week1.md").write_text("mine too")
    refused = release_cli(str(out))
    assert refused.returncode == 2 and "no earlier student edition" in refused.stderr and "--force" in refused.stderr
    assert "thesis.tex" in refused.stderr
    assert sorted(path.name for path in out.iterdir()) == ["notes", "thesis.tex"]
    forced = release_cli(str(out), "--force")
    assert forced.returncode == 0, forced.stderr
    assert (out / "thesis.tex").read_text() == "not an edition" and (out / "notes" / "week1.md").exists()
    assert (out / MARKER).is_file() and (out / "course.py").is_file()


def git_repository(folder: Path) -> list[str]:
    """A fresh git repository with one empty commit, as `git init` and a first commit leave it; its git command."""
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    folder.mkdir(parents=True)
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "empty"], check=True)
    return git


def test_a_fresh_git_repository_takes_the_edition_and_keeps_its_history(tmp_path: Path):
    out = tmp_path / "students"
    git = git_repository(out)
    done = release_cli(str(out))
    assert done.returncode == 0, done.stderr
    log = subprocess.run([*git, "log", "--format=%s"], capture_output=True, text=True, check=True).stdout
    assert log.splitlines() == ["empty"] and (out / "course.py").is_file()


def test_a_kept_readme_of_the_instructors_own_is_never_written_over(tmp_path: Path):
    out = tmp_path / "students"
    git = git_repository(out)
    (out / "README.md").write_text("the instructor's own front page")
    refused = release_cli(str(out))
    assert refused.returncode == 2 and "README.md" in refused.stderr
    for _ in range(2):  # the first release and an update
        done = release_cli(str(out), "--keep", "README.md")
        assert done.returncode == 0, done.stderr
        assert (out / "README.md").read_text() == "the instructor's own front page"
        assert "README.md" not in json.loads((out / MARKER).read_text())["files"]
    assert subprocess.run([*git, "log", "--format=%s"], capture_output=True, text=True).stdout == "empty\n"


def test_force_never_removes_a_folder_that_stands_where_the_edition_writes_a_file(tmp_path: Path):
    out = tmp_path / "mine"
    (out / "course.py").mkdir(parents=True)
    (out / "course.py" / "mine.txt").write_text("a folder of the instructor's")
    forced = release_cli(str(out), "--force")
    assert forced.returncode == 2 and "is a folder where the edition writes a file" in forced.stderr
    assert (out / "course.py" / "mine.txt").exists() and not (out / MARKER).exists()


def test_the_editions_course_py_installs_only_what_students_need(edition: Path):
    spec = importlib.util.spec_from_file_location("edition_course", edition / "course.py")
    course = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(course)
    assert course.STUDENT_EDITION and course.EXTRAS["test"] == ("notebook", "test")
    assert set(course.EXTRAS) == {"course", "regenerate", "release", "test", "setup"}
    wanted = " ".join(course.requirements(course.EXTRAS["test"])).lower()
    assert "jupyterlab" in wanted and "pytest" in wanted and "hypothesis" in wanted
    for left_out in ("playwright", "dask", "ruff", "mypy"):
        assert left_out not in wanted
    for command in ("course", "test", "setup"):
        assert sorted(set(course.DEBIAN_PACKAGES[command].values())) == ["bubblewrap", "util-linux"]
    usage = in_edition(edition, "course.py", "--help").stdout
    assert "release DIR" not in usage and "lite DIR" not in usage and "setup" in usage
    # the instructor's own course.py still installs everything
    instructor = " ".join(__import__("course").requirements()).lower()
    assert "playwright" in instructor and "dask" in instructor


def test_the_editions_grader_lists_only_the_self_check(edition: Path):
    shown = in_edition(edition, "-m", "graders", "--help")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("usage: python -m graders [-h] {check,progress} ...")
    instructor = subprocess.run([sys.executable, "-m", "graders_instructor", "--help"], cwd=release.ROOT,
                                capture_output=True, text=True, timeout=60).stdout
    assert "{validate,grade,check,progress,new,report,gradescope}" in instructor
    refused = in_edition(edition, "-m", "graders", "grade", "01-islands", "x.ipynb")
    assert refused.returncode == 2 and "invalid choice" in refused.stderr


def test_the_editions_pyproject_is_written_with_the_students_commands_only(edition: Path):
    ours = tomllib.loads((release.ROOT / "pyproject.toml").read_text())
    assert tomllib.loads(release.toml_text(ours)) == ours  # the writer loses nothing of the course's settings
    theirs = tomllib.loads((edition / "pyproject.toml").read_text())
    assert theirs["project"]["scripts"] == {"cosmos": "cosmos.__main__:main", "graders": "graders.__main__:main",
                                            "tents": "tents.cli:main"}  # no graders-instructor
    assert "graders_instructor" not in (edition / "pyproject.toml").read_text()
    assert theirs["project"]["dependencies"] == ours["project"]["dependencies"]
    assert theirs["tool"]["mypy"]["files"] == ["cosmos", "tents", "graders"]


def test_the_editions_pyproject_lists_only_the_packages_it_holds_and_installs_editable(edition: Path, tmp_path: Path):
    """The edition's course.py runs pip install -e on it: a listed package without its folder would stop it."""
    ours = tomllib.loads((release.ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    theirs = tomllib.loads((edition / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = ours.get("package-dir", {})

    def held(name: str) -> bool:
        return (edition / folders.get(name, name.replace(".", "/"))).is_dir()

    assert theirs["packages"] == [name for name in ours["packages"] if held(name)]
    assert {"cosmos", "graders", "lessons", "tents"} <= set(theirs["packages"])
    assert set(theirs.get("package-data", {})) <= set(theirs["packages"])
    copy = tmp_path / "edition"
    shutil.copytree(edition, copy)  # the build writes its egg-info beside pyproject.toml
    built = subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; "
                            "print(build_meta.build_editable(sys.argv[1]))", str(tmp_path / "wheel")],
                           cwd=copy, capture_output=True, text=True, timeout=600)
    assert built.returncode == 0 and built.stdout.strip().endswith(".whl"), built.stderr[-2000:]


def test_the_editions_readme_names_only_the_kinds_of_failure_a_hidden_check_can_report():
    """The student's README lists what a failed hidden check says (scoring.HIDDEN_TEXT), and no exception's type."""
    from graders.scoring import HIDDEN_TEXT

    readme = " ".join((release.ROOT / "graders_instructor" / "release" / "student" / "README.md").read_text().split())
    said = readme[readme.index("When a hidden check fails"):].split(")")[0]
    kinds = {"wrong answer": "a wrong answer", "wrong type": "a wrong type", "error": "an error",
             "timeout": "a timeout", "kernel died": "a kernel that died", "not defined": "a function not defined"}
    assert set(kinds) == set(HIDDEN_TEXT)
    assert all(phrase in said for phrase in kinds.values())
    assert "exception's type" not in said and "which exception your code raised" in readme
