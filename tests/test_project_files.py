"""The project's conventions: licence, changelog, contributing guide, pinned stack, Binder, devcontainer,
CI workflows and pre-commit all agree with course.py and the README."""
from __future__ import annotations

import importlib
import json
import re
import subprocess
import sys
import tomllib

import yaml
from packaging.requirements import Requirement

import course
from tests.reference import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
README = (ROOT / "README.md").read_text()


def pins(path) -> dict[str, str]:
    """name -> exact version of every `name==version` line of a requirements file (names normalised)."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            found[re.sub(r"[-_.]+", "-", name).lower()] = version.strip()
    return found


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_the_licence_changelog_and_contributing_guide_are_there_and_named_in_the_readme():
    assert "MIT License" in (ROOT / "LICENSE").read_text() and "CC BY 4.0" in (ROOT / "LICENSE").read_text()
    assert PYPROJECT["project"]["license"] == "MIT AND CC-BY-4.0"
    assert "## Unreleased" in (ROOT / "CHANGELOG.md").read_text()
    assert "lessons/WRITING.md" in (ROOT / "CONTRIBUTING.md").read_text()
    for name in ("LICENSE", "CHANGELOG.md", "CONTRIBUTING.md"):
        assert name in README, f"the README names {name}"


def test_contributings_lesson_checks_select_that_lessons_tests_and_its_notebooks():
    """CONTRIBUTING's `-k` for lesson 2 takes its content and trace tests and the tests of its stored notebook."""
    text = (ROOT / "CONTRIBUTING.md").read_text()
    assert 'python3 course.py test tests/lessons -k "lessonN or NN-" -p no:xdist' in text
    keyword = re.search(r'lesson 2:\s+`-k "([^"]+)"`', text)
    assert keyword and keyword[1] == "lesson2 or 02-"
    done = subprocess.run([sys.executable, "-m", "pytest", "tests/lessons", "-k", keyword[1], "-p", "no:xdist",
                           "-p", "no:randomly", "-p", "no:cacheprovider", "--collect-only", "-q"],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    chosen = {line.split("::")[0] + "::" + line.split("::")[1].split("[")[0] for line in done.stdout.splitlines()
              if "::" in line}
    files = {name.split("::")[0] for name in chosen}
    assert {"tests/lessons/test_lesson2_content.py", "tests/lessons/test_lesson2_trace.py"} <= files
    for test in ("test_lesson_notebooks.py::test_reexecuting_reproduces_every_stored_output",
                 "test_lesson_sources.py::test_stored_notebook_is_made_from_its_source",
                 "test_notebook_files.py::test_stored_notebook_is_byte_for_byte_what_jupyterlab_saves"):
        assert f"tests/lessons/{test}" in chosen, test
    assert "02-technology-tree" in done.stdout and "01-galaxy" not in done.stdout and "lesson1" not in done.stdout


def test_the_guides_for_writers_point_inside_the_repository():
    for path in [ROOT / "CONTRIBUTING.md", *sorted((ROOT / "lessons").glob("*.md"))]:
        text = path.read_text()
        assert "../shared" not in text, f"{path.name} names the workplace's shared folder"
        for target in re.findall(r"\]\(([^)#\s]+)", text):
            if "://" not in target:
                assert (path.parent / target).resolve().is_relative_to(ROOT), f"{path.name} links to {target}"
    assert (ROOT / "lessons" / "PATTERN.md").is_file()


def test_the_constraints_pin_every_requirement_and_every_extras_within_its_range():
    pinned = pins(course.CONSTRAINTS)
    for extra in [PYPROJECT["project"]["dependencies"], *PYPROJECT["project"]["optional-dependencies"].values()]:
        for line in extra:
            req = Requirement(line)
            assert normal(req.name) in pinned, f"{req.name} is not pinned in constraints.txt"
            assert req.specifier.contains(pinned[normal(req.name)]), f"{req.name}=={pinned[normal(req.name)]}: {req}"


def test_binder_installs_exactly_the_courses_notebook_stack_at_the_same_versions():
    binder, locked = pins(ROOT / "binder" / "requirements.txt"), pins(course.CONSTRAINTS)
    assert {name: locked.get(name) for name in binder} == binder, "binder/requirements.txt and constraints.txt differ"
    wanted = {normal(Requirement(line).name) for line in course.requirements(course.EXTRAS["course"])}
    assert wanted <= set(binder)
    assert not {"pytest", "playwright", "dask", "hypothesis"} & set(binder), "Binder opens the course: no test tools"


def test_binder_installs_the_course_packages_as_course_py_does():
    """An editable install of this folder, never a .pth that puts the whole repository on the path."""
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "PIP_CONSTRAINT=constraints.txt python -m pip install" in post_build and "--no-deps -e ." in post_build
    assert ".pth" not in post_build
    assert '"--no-deps", "-e", ROOT' in (ROOT / "course.py").read_text()

def test_the_browser_site_uses_the_widget_versions_of_the_course():
    lite, locked = pins(ROOT / "lite" / "requirements.txt"), pins(course.CONSTRAINTS)
    shared = sorted(set(lite) & set(locked))
    assert "ipywidgets" in shared
    assert {name: lite[name] for name in shared} == {name: locked[name] for name in shared}


def test_opening_the_course_installs_neither_browsers_nor_build_tools_nor_dask():
    names = {normal(Requirement(line).name) for line in course.requirements(course.EXTRAS["course"])}
    assert "jupyterlab" in names and not names & {"playwright", "dask", "pytest"}
    assert not {"chromium", "npm", "nodejs"} & set(course.DEBIAN_PACKAGES["course"].values())
    assert "bubblewrap" in course.DEBIAN_PACKAGES["course"].values()  # the self-check's sandbox
    assert {"chromium", "npm", "nodejs"} <= set(course.DEBIAN_PACKAGES["test"].values())


def test_the_ci_workflows_run_the_readmes_commands():
    steps = {}
    for name in ("test", "pages"):
        workflow = yaml.safe_load((ROOT / ".github" / "workflows" / f"{name}.yml").read_text())
        steps[name] = [step["run"] for job in workflow["jobs"].values() for step in job["steps"] if "run" in step]
    assert steps == {"test": ["python3 course.py test"], "pages": ["python3 course.py lite site/"]}
    assert "python3 course.py test " in README and "python3 course.py lite site/" in README
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("python3 course.py test")


def test_the_devcontainer_sets_up_with_the_readmes_command():
    config = json.loads((ROOT / ".devcontainer" / "devcontainer.json").read_text())
    assert config["postCreateCommand"] == "python3 course.py setup" and "python3 course.py setup" in README
    assert "python:3.11" in config["image"]


def test_pre_commit_runs_the_ruff_version_the_project_is_pinned_to():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    ruff = next(repo for repo in config["repos"] if repo["repo"].endswith("/ruff-pre-commit"))
    assert ruff["rev"] == f"v{pins(course.CONSTRAINTS)['ruff']}"


def test_the_console_commands_name_real_functions():
    scripts = PYPROJECT["project"]["scripts"]
    assert sorted(scripts) == ["cosmos", "graders", "graders-instructor", "tents"]
    for target in scripts.values():
        module, function = target.split(":")
        assert callable(getattr(importlib.import_module(module), function))
