"""The site's notebooks in the site's own Pyodide (under Node, no browser): every lesson runs top to bottom and shows
what its stored notebook shows (the same printed text and pictures); every exercise's starter runs up to the first
function the student writes; every exercise's solution, put beside its starter, passes the self-check in the page."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from graders.selfcheck import IN_THE_BROWSER
from lessons.nbfile import WIDGET_VIEW
from lite.build import Built
from tests.browser.lab import ROOT

pytestmark = pytest.mark.xdist_group("pyodide")  # one worker: the notebooks run in one Node run (`runs`)

RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")
NOTEBOOKS = [path.relative_to(ROOT).as_posix() for path in
             [*sorted((ROOT / "lessons").glob("*.ipynb")), *sorted((ROOT / "exercises").glob("*/*.ipynb"))]]
LESSONS = [name for name in NOTEBOOKS if name.startswith("lessons/")]
STARTERS = [name for name in NOTEBOOKS if name.startswith("exercises/")]
HIDDEN = ROOT / "graders_instructor" / "hidden"
EXERCISES = sorted(path.parent.name for path in HIDDEN.glob("*/reference.ipynb"))
# a student's notebook, uploaded into its exercise's folder of the site: each solution, and one of Islands' wrong ones
UPLOADS = {**{f"exercises/{name}/solution.ipynb": HIDDEN / name / "reference.ipynb" for name in EXERCISES},
           "exercises/01-islands/wrong.ipynb": sorted((HIDDEN / "01-islands" / "wrong").glob("*.ipynb"))[0]}


def with_self_check(notebook: Path, exercise: str, into: Path) -> Path:
    """The notebook as a student hands it in: with the starter's self-check cell at the end if it has none."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    if not any("check_here(" in "".join(cell["source"]) for cell in nb["cells"]):
        starter = json.loads(next((ROOT / "exercises" / exercise).glob("*.ipynb")).read_text(encoding="utf-8"))
        nb["cells"].append(next(cell for cell in starter["cells"] if "check_here(" in "".join(cell["source"])))
    path = into / exercise / notebook.name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def runs(built: Built, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict]]:
    """Each notebook's cell replies, from one Node run of every notebook in the site's Pyodide."""
    node = shutil.which("node")
    assert node, "node is missing: `python3 course.py setup` installs Debian's nodejs"
    folder = tmp_path_factory.mktemp("uploads")
    uploads = [f"{name}={with_self_check(path, name.split('/')[1], folder)}" for name, path in UPLOADS.items()]
    done = subprocess.run([node, str(RUNNER), str(built.site), *NOTEBOOKS, *uploads], capture_output=True, text=True,
                          timeout=3600)
    assert done.returncode == 0, done.stderr[-3000:]
    replies: dict[str, list[dict]] = {name: [] for name in [*NOTEBOOKS, *UPLOADS]}
    for line in done.stdout.splitlines():
        reply = json.loads(line)
        if "loaded_seconds" in reply:
            print(f"Pyodide loaded under Node in {reply['loaded_seconds']:.1f} s")
        elif "cell" in reply:
            replies[reply["notebook"]].append(reply)
    return replies


def shown(outputs: list[dict]) -> tuple[str, list[tuple[str, dict]]]:
    """What a cell shows: its printed text, and each rich output's kind and data (the widget view left out:
    a stored lesson keeps the picture drawn in its place, and a model id is new every run)."""
    text = "".join(output["text"] if isinstance(output["text"], str) else "".join(output["text"])
                   for output in outputs if output["output_type"] == "stream")
    rich = [(output["output_type"], {kind: "".join(value) if isinstance(value, list) else value
                                     for kind, value in output["data"].items() if kind != WIDGET_VIEW})
            for output in outputs if output["output_type"] != "stream"]
    return text, rich


def code_cells(path: Path) -> list[int]:
    """The indexes of a notebook's code cells."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [index for index, cell in enumerate(cells) if cell["cell_type"] == "code"]


def uses_check_here(path: Path) -> bool:
    """Whether the notebook has a self-check cell of its own."""
    return "check_here(" in path.read_text(encoding="utf-8")


def failure(reply: dict) -> str:
    """A failed cell's error, as the notebook would show it (colours and all)."""
    trace = "\n".join(reply.get("traceback", []))[-3000:]
    return f"cell {reply['cell']}: {reply.get('ename')}: {reply.get('evalue')}\n{trace}"


def printed(replies: list[dict]) -> list[str]:
    """The lines the notebook's last printing cell printed."""
    texts = [shown(reply["outputs"])[0] for reply in replies]
    return [text for text in texts if text.strip()][-1].splitlines()


@pytest.mark.parametrize("notebook", LESSONS)
def test_every_lesson_runs_top_to_bottom_in_pyodide(runs: dict[str, list[dict]], notebook: str):
    replies = runs[notebook]
    failed = [reply for reply in replies if reply["status"] != "ok"]
    assert failed == [], f"{notebook}, {failure(failed[0])}"
    assert [reply["cell"] for reply in replies] == code_cells(ROOT / notebook)


@pytest.mark.parametrize("notebook", STARTERS)
def test_every_starter_runs_up_to_the_first_function_the_student_writes(runs: dict[str, list[dict]], notebook: str):
    replies = runs[notebook]
    assert replies and [reply["cell"] for reply in replies] == code_cells(ROOT / notebook)[:len(replies)]
    failed = [reply for reply in replies if reply["status"] != "ok"]
    assert failed == [] or (failed == [replies[-1]] and "NotImplementedError" in failed[0]["ename"]), \
        f"{notebook}, {failure(failed[0])}"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_solution_passes_the_self_check_in_pyodide(runs: dict[str, list[dict]], exercise: str):
    notebook = f"exercises/{exercise}/solution.ipynb"
    replies = runs[notebook]
    failed = [reply for reply in replies if reply["status"] != "ok"]
    assert failed == [], f"{notebook}, {failure(failed[0])}"
    assert len(replies) == len(code_cells(UPLOADS[notebook])) + (not uses_check_here(UPLOADS[notebook]))
    report = printed(replies)
    assert report[0] == IN_THE_BROWSER, report
    assert re.search(r"^(\d+) of \1 checks pass", report[-1].strip()), report


def test_a_wrong_solution_fails_the_self_check_in_pyodide_with_feedback(runs: dict[str, list[dict]]):
    replies = runs["exercises/01-islands/wrong.ipynb"]
    assert all(reply["status"] == "ok" for reply in replies)
    report = printed(replies)
    assert report[0] == IN_THE_BROWSER, report
    assert not re.search(r"^(\d+) of \1 checks pass", report[-1].strip()), report
    assert any(line.strip().startswith("FAIL") for line in report), report


@pytest.mark.parametrize("notebook", LESSONS)
def test_every_lesson_shows_in_pyodide_what_its_stored_notebook_shows(runs: dict[str, list[dict]], notebook: str):
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    differ = [reply["cell"] for reply in runs[notebook]
              if shown(reply["outputs"]) != shown(cells[reply["cell"]]["outputs"])]
    assert differ == [], f"{notebook}: cells {differ} show something else in Pyodide than in the stored lesson"
