"""course.py: options go to JupyterLab, whose kernels and terminals use the course's venv; git's notebook filter."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from tests.reference import ROOT

sys.path.insert(0, str(ROOT))
import course  # noqa: E402

sys.path.remove(str(ROOT))


def test_options_without_a_command_go_to_jupyterlab():
    assert course.parse_command(["--no-browser", "--port", "8899"]) == ("course", ["--no-browser", "--port", "8899"])
    assert course.parse_command([]) == ("course", [])
    assert course.parse_command(["course", "--port=1"]) == ("course", ["--port=1"])
    assert course.parse_command(["test", "-k", "browser"]) == ("test", ["-k", "browser"])
    assert course.parse_command(["--help"])[0] == "--help"
    command = course.lab_command(["--no-browser", "--port", "8899"])
    assert command[:4] == [str(course.venv_python()), "-m", "jupyter", "lab"]
    assert command[-3:] == ["--no-browser", "--port", "8899"]


def test_help_and_the_readme_say_how_to_pass_options(capsys: pytest.CaptureFixture[str]):
    assert course.main(["--help"]) == 0
    usage = capsys.readouterr().out
    assert "--no-browser --port 8899" in usage
    assert "python3 course.py --no-browser --port 8899" in (ROOT / "README.md").read_text()


@pytest.mark.parametrize("command", ["setup", "regenerate", "release", "lite", "lock"])
def test_a_commands_help_says_what_it_does_and_starts_no_work(command: str, capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(course, "setup", lambda *_: pytest.fail("--help set the course up"))
    monkeypatch.setattr(course, "lock", lambda: pytest.fail("--help refreshed the pins"))
    monkeypatch.setattr(course, "run", lambda *_a, **_k: pytest.fail("--help ran a command"))
    assert course.main([command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: python3 course.py {command}")
    described = next(line for line in course.USAGE.splitlines() if line.split()[:1] == [command])
    assert described.split("  ")[-1].strip().split()[0] in out  # the first word of what USAGE says it does


def test_an_unknown_command_is_refused(capsys: pytest.CaptureFixture[str]):
    assert course.main(["serve"]) == 2
    assert "unknown command 'serve'" in capsys.readouterr().err


def test_jupyterlab_runs_with_the_venv_first_and_its_kernel_spec_before_the_users(tmp_path: Path):
    env = course.venv_environment({"PATH": "/usr/bin:/bin", "PYTHONHOME": "/elsewhere", "HOME": str(tmp_path)})
    assert env["PATH"].split(os.pathsep)[0] == str(course.VENV / "bin")
    assert env["VIRTUAL_ENV"] == str(course.VENV) and "PYTHONHOME" not in env
    # a user-wide "python3" kernel that points at another Python must not win
    rogue = tmp_path / "data" / "kernels" / "python3"
    rogue.mkdir(parents=True)
    (rogue / "kernel.json").write_text(json.dumps({"argv": ["/usr/bin/python3", "-m", "ipykernel_launcher", "-f",
                                                            "{connection_file}"], "display_name": "rogue",
                                                   "language": "python"}))
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "data")
    found = subprocess.run([str(course.venv_python()), "-m", "jupyter", "kernelspec", "list", "--json"], env=env,
                           capture_output=True, text=True, check=True)
    spec = json.loads(found.stdout)["kernelspecs"]["python3"]
    assert spec["spec"]["display_name"] != "rogue"
    assert Path(spec["resource_dir"]).resolve().is_relative_to(course.VENV.resolve())


def test_the_terminals_start_bash_with_the_venv_activated_after_the_users_own_start_up_file(tmp_path: Path):
    command = course.lab_command([])
    (setting,) = [arg for arg in command if arg.startswith("--ServerApp.terminado_settings=")]
    shell = eval(setting.split("=", 1)[1])["shell_command"]  # the literal course.py wrote
    assert shell[1:3] == ["--rcfile", str(course.terminal_rc())] and "-l" not in shell
    (tmp_path / ".bashrc").write_text("export PATH=/usr/bin:/bin\n")  # a user's own that resets PATH
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "TERM": "dumb"}
    done = subprocess.run([*shell, "-c", "command -v python; echo $VIRTUAL_ENV"], env=env, capture_output=True,
                          text=True, timeout=600, input="")
    # -c runs no start-up file, so run the one the terminal runs, as an interactive bash would
    done = subprocess.run([shell[0], "-c", f". '{course.terminal_rc()}'; command -v python; echo $VIRTUAL_ENV"],
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.stdout.splitlines() == [str(course.VENV / "bin" / "python"), str(course.VENV)]


def test_the_course_jupyterlab_saves_lessons_as_they_are_stored():
    assert "--FileContentsManager.pre_save_hook=lessons.nbfile.pre_save" in course.lab_command([])


def test_the_test_command_keeps_an_xdist_group_on_one_worker_and_ends_with_its_times(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
):
    # course.py test runs -n 3 --dist loadgroup; the Dask and JupyterLite tests rely on their group sharing a worker
    (tmp_path / "test_grouped.py").write_text(
        "import pytest\n\npytestmark = pytest.mark.xdist_group('one')\n\n\n"
        "@pytest.mark.parametrize('i', range(6))\ndef test_it(i):\n    pass\n")
    code = course.run_tests(sys.executable, ["-v", "-p", "no:cacheprovider", str(tmp_path / "test_grouped.py")])
    out = capfd.readouterr().out
    assert code == 0, out
    workers = {line.split()[0] for line in out.splitlines() if "PASSED" in line and line.startswith("[gw")}
    assert len(workers) == 1, out
    # at the end: the ten slowest tests, pytest's closing line (what CI reads), then the wall clock and CPU it took
    lines = out.rstrip().splitlines()
    assert "slowest 10 durations" in out
    assert re.fullmatch(r"=+ 6 passed in .* =+", lines[-2]), lines[-2:]
    assert re.fullmatch(r"course\.py test: (\d+ min )?\d+ s of wall clock, (\d+ min )?\d+ s of CPU \(.*\)", lines[-1])


def test_the_test_command_runs_in_one_process_when_xdist_is_turned_off(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
):
    # CONTRIBUTING and the README give `course.py test ... -p no:xdist`: pytest then knows no -n, so none is passed
    assert course.workers(["-k", "x"]) == ["-n", "3", "--dist", "loadgroup"]
    for off in (["-p", "no:xdist"], ["-pno:xdist"], ["-p=no:xdist"], ["-k", "x", "-p", "no:xdist"]):
        assert course.workers(off) == [], off
    # (not PYTEST_XDIST_WORKER: an outer run's worker passes it on to the inner pytest)
    (tmp_path / "test_alone.py").write_text(
        "def test_it(request):\n    assert not request.config.pluginmanager.hasplugin('xdist')\n")
    alone = str(tmp_path / "test_alone.py")
    code = course.run_tests(sys.executable, ["-p", "no:xdist", "-p", "no:cacheprovider", alone])
    out = capfd.readouterr().out
    assert code == 0, out
    assert re.search(r"=+ 1 passed in .* =+", out), out
    assert "workers" not in out, out


def test_the_test_command_compiles_the_course_first_even_where_no_process_writes_bytecode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    # with PYTHONDONTWRITEBYTECODE every kernel, grader and command of the suite compiled the course anew
    engine = tmp_path / "engine"
    (engine / "rules").mkdir(parents=True)
    for name in ("__init__.py", "rules/__init__.py", "rules/combat.py"):
        (engine / name).write_text("X = 1\n")
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "loose.py").write_text("Y = 2\n")  # in no package: not the course's
    (tmp_path / "course.py").write_text("Z = 3\n")
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    course.compile_sources(sys.executable, tmp_path)
    tag = sys.implementation.cache_tag
    compiled = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.pyc"))
    assert compiled == [f"__pycache__/course.{tag}.pyc", f"engine/__pycache__/__init__.{tag}.pyc",
                        f"engine/rules/__pycache__/__init__.{tag}.pyc", f"engine/rules/__pycache__/combat.{tag}.pyc"]


IMPORTS = """
import importlib, json, sys
found = {}
for name in NAMES:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        found[name] = None
    else:
        found[name] = getattr(module, "__file__", None) or list(module.__path__)[0]
print(json.dumps({"found": found, "path": sys.path}))
"""


def test_a_kernel_of_the_venv_imports_the_course_packages_and_no_other_folder_of_the_repository(tmp_path: Path):
    """course.py installs the packages pyproject.toml lists (editable): a kernel started in another folder, as
    JupyterLab and nbclient start them, imports each from this repository, and nothing else of it (no .pth of
    the whole folder, which made tests, lite and course.py itself importable everywhere)."""
    import nbformat
    from nbclient import NotebookClient

    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    ours = sorted({name.split(".")[0] for name in packages} | {"lessons.kit"})
    others = sorted({path.parent.name for path in ROOT.glob("*/__init__.py")} - set(ours) | {"course", "benchmarks"})
    assert {"cosmos", "graders", "lessons", "tents"} <= set(ours) and {"tests", "lite", "course"} <= set(others)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(f"NAMES = {ours + others!r}\n{IMPORTS}")])
    NotebookClient(notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
                   ).execute()
    report = json.loads(notebook.cells[0].outputs[0]["text"])
    for name in ours:
        assert Path(report["found"][name]).is_relative_to(ROOT / name.split(".")[0]), (name, report["found"])
    assert {name: report["found"][name] for name in others} == dict.fromkeys(others)
    assert str(ROOT) not in report["path"]
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(course.VENV), "platbase": str(course.VENV)}))
    assert not (purelib / course.OLD_PATH_FILE).exists()


def test_the_editable_install_is_made_again_for_another_folder_or_other_pins(tmp_path: Path):
    stamp = tmp_path / ".cosmos-installed"
    stamp.write_text(json.dumps({"digest": "d", "extras": ["notebook"], "editable": str(ROOT)}))
    assert course.editable_installed(stamp, "d")
    assert not course.editable_installed(stamp, "pyproject.toml changed")
    stamp.write_text(json.dumps({"digest": "d", "extras": ["notebook"], "editable": "/a/copy/elsewhere"}))
    assert not course.editable_installed(stamp, "d")
    stamp.write_text(json.dumps({"digest": "d", "extras": ["notebook"]}))  # written by an older course.py
    assert not course.editable_installed(stamp, "d")
