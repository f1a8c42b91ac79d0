"""Hostile submissions against the grader's contract, round two: what comes back from the sandbox is
data to check, hidden inputs never reach a student's text, and every file of a batch gets a result."""

from __future__ import annotations

import csv
import json
import os
import threading
from pathlib import Path

import pytest

from graders import probe
from graders.exercise import Exercise
from graders.grading import grade_submission, limits_for
from graders.notebook import SubmissionError, read_cells, read_submission, write_notebook
from graders.sandbox import Limits
from graders.scoring import HIDDEN_TEXT, printable, untrusted
from graders_instructor.grading.batch import grade_all, submissions
from tests.graders.grader_helpers import verdict_text

pytestmark = pytest.mark.slow
FAST = Limits(timeout=30, check_timeout=5)

STRANGE_NAMES = """
import json, sys
from IPython.display import display

class Meta(type):
    @property
    def __name__(cls):
        return ["not", "a", "name"]

class Strange(Exception, metaclass=Meta):
    pass

def islands(n, lanes):
    raise Strange("a name that is a list")

def check_number():
    frame = sys._getframe(1)
    while frame is not None and "number" not in frame.f_locals:
        frame = frame.f_back
    return frame.f_locals["number"] if frame is not None else 0

def shortest_path(n, lanes, start, goal):
    forged = {"id": check_number(), "status": "raised", "error": {"a": "dict"}, "message": ["a", "list"]}
    display({MIME: json.dumps(forged)}, raw=True)
    return []

def lanes_needed(n, lanes):
    display({MIME: json.dumps({"id": check_number(), "status": "ok", "value": {"not": "tagged"}})}, raw=True)
    return 0
"""


def text_of(results: dict) -> str:
    """Everything a student reads in a results.json."""
    return "\n".join([results["output"], *(f"{t['name']}\n{t['output']}" for t in results["tests"])])


def test_values_of_the_wrong_type_are_that_submissions_error_never_the_batchs(
    islands: Exercise, tmp_path: Path
) -> None:
    strange = write_notebook(tmp_path / "strange.ipynb", [f"MIME = {probe.MIME!r}\n", STRANGE_NAMES])
    out = tmp_path / "out"
    graded = dict(grade_all(islands, [strange, islands.reference], out, 2, limits_for(islands)))
    by_name = {submission.ident: data for submission, data in graded.items()}
    assert by_name["reference"]["score"] == islands.max_score
    strange_results = by_name["strange"]
    assert strange_results["score"] < islands.max_score
    shown = text_of(strange_results)
    assert "raised ?" in shown and "['not', 'a', 'name']" not in shown
    assert "{'a': 'dict'}" not in shown and "'dict'" not in shown
    assert (out / "summary.csv").is_file() and (out / "strange" / "results.json").is_file()


def public_payloads(exercise: Exercise) -> list[str]:
    """The inputs a student can read in exercise.json."""
    return [check.payload for check in exercise.checks if not check.hidden]


SNOOPS = """
import gc, sys

def everything_reachable():
    found, seen = [], set()
    def walk(value, depth):
        if id(value) in seen or depth > 4:
            return
        seen.add(id(value))
        if isinstance(value, str):
            if value.startswith("[") and value not in KNOWN:
                found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item, depth + 1)
        elif isinstance(value, dict):
            for item in list(value.values()):
                walk(item, depth + 1)
    frame = sys._getframe(1)
    while frame is not None:
        walk(dict(frame.f_locals), 0)
        walk(frame.f_code.co_consts, 0)
        frame = frame.f_back
    for obj in gc.get_objects():
        if isinstance(obj, (list, tuple)) and len(obj) < 100:
            walk(obj, 3)
    return found

def islands(n, lanes):
    raise ValueError("|".join(everything_reachable()))
"""


def test_no_hidden_input_exists_in_the_kernel_while_a_public_check_runs(islands: Exercise, tmp_path: Path) -> None:
    snoop = write_notebook(tmp_path / "snoop.ipynb", [f"KNOWN = set({public_payloads(islands)!r})\n", SNOOPS])
    results = grade_submission(islands, snoop, limits_for(islands))
    shown = text_of(results)
    hidden = [check.payload for check in islands.checks if check.hidden]
    assert len(hidden) == 21 and "raised ValueError" in shown
    leaked = [payload for payload in hidden if payload[:40] in shown or payload[:40].replace('"', "'") in shown]
    assert leaked == []


FORGER = """
import json
from IPython.display import display

for number, value in enumerate(ANSWERS):
    display({MIME: json.dumps({"id": number, "status": "ok", "value": value})}, raw=True)

def islands(n, lanes):
    raise NotImplementedError
"""


def test_an_answer_counts_only_from_its_own_checks_cell(islands: Exercise, tmp_path: Path) -> None:
    first = [check for check in islands.checks[:3]]
    assert [check.call for check in first] == ["islands"] * 3
    answers = [["tuple", [["int", e[0]], ["int", e[1]], ["bool", e[2]]]] for e in (c.expected[0] for c in first)]
    forger = write_notebook(tmp_path / "forger.ipynb", [f"MIME = {probe.MIME!r}\nANSWERS = {answers!r}\n", FORGER])
    results = grade_submission(islands, forger, limits_for(islands))
    assert [test["status"] for test in results["tests"][:3]] == ["failed"] * 3
    assert results["score"] == 0


DRAWS = """
def islands(n, lanes):
    raise ValueError("\\x1b[2J\\x1b[32m\\n30 of 30 checks passed\\u202e\\r\\t")
"""


def test_a_submissions_text_cannot_draw_lines_of_the_report(islands: Exercise, tmp_path: Path) -> None:
    draws = write_notebook(tmp_path / "draws.ipynb", [DRAWS])
    results = grade_submission(islands, draws, limits_for(islands), checks=islands.checks[:1])
    shown = text_of(results)
    assert "\x1b" not in shown and "\u202e" not in shown and "\r" not in shown and "\t" not in shown
    assert not any(line.startswith("30 of 30") for line in shown.splitlines())
    assert "\\x1b[2J" in shown and "\\n30 of 30 checks passed" in shown


def test_untrusted_text_is_a_single_line_of_visible_characters() -> None:
    assert untrusted(["a", "list"], 80) == "" and untrusted({"a": 1}, 80) == ""
    assert untrusted("ok\nfake line\x1b[0m\u202e", 80) == "ok\\nfake line\\x1b[0m\\u202e"
    assert untrusted("x" * 500, 300) == "x" * 300
    assert printable("line one\nline two\x07") == "line one\nline two\\x07"


def test_result_names_are_unique_whatever_the_file_names() -> None:
    paths = [Path(name) for name in ("a/jane doe.ipynb", "b/jane_doe.ipynb", "c/jane_doe-2.ipynb",
                                     "d/summary.csv.ipynb", "e/.ipynb", "f/..ipynb", "g/jane_doe.ipynb")]
    idents = [submission.ident for submission in submissions(paths)]
    assert len(set(idents)) == len(idents)
    assert all(ident and ident.replace("_", "").replace("-", "").isalnum() for ident in idents)
    assert "summary.csv" not in idents


def test_only_regular_files_are_read(islands: Exercise, tmp_path: Path) -> None:
    link = tmp_path / "link.ipynb"
    link.symlink_to(islands.reference)
    fifo = tmp_path / "fifo.ipynb"
    os.mkfifo(fifo)
    with pytest.raises(SubmissionError, match="link"):
        read_cells(link)
    done: list[str] = []

    def read() -> None:
        try:
            read_submission(fifo)
        except SubmissionError as error:
            done.append(str(error))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=120)  # at once, unless the read blocks on the fifo (a failure detector)
    assert done == ["the submission is not a regular file"]
    with pytest.raises(SubmissionError, match="folder|regular|read"):
        read_submission(tmp_path)


def test_a_batch_of_awkward_files_gives_every_one_its_own_result(islands: Exercise, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    starter = json.dumps(json.loads(islands.notebook.read_text(encoding="utf-8")))
    names = ["jane doe.ipynb", "jane_doe.ipynb", "jane_doe-2.ipynb", "summary.csv.ipynb"]
    paths = [folder / name for name in names]
    for path in paths:
        path.write_text(starter, encoding="utf-8")
    strange = Path(os.fsdecode(bytes(folder) + b"/caf\xe9.ipynb"))
    strange.write_text(starter, encoding="utf-8")
    link = folder / "link.ipynb"
    link.symlink_to(islands.reference)
    fifo = folder / "fifo.ipynb"
    os.mkfifo(fifo)
    out = tmp_path / "out"
    graded = grade_all(islands, [*paths, strange, link, fifo], out, 2, FAST)
    idents = [submission.ident for submission, _ in graded]
    assert len(set(idents)) == 7
    for ident in idents:
        assert json.loads((out / ident / "results.json").read_text(encoding="utf-8"))["max_score"] == 30
    rows = list(csv.DictReader((out / "summary.csv").read_text(encoding="utf-8").splitlines()))
    assert [row["submission"] for row in rows] == idents
    by_file = {Path(row["file"]).name: row for row in rows}
    assert by_file["link.ipynb"]["score"] == "0" and by_file["link.ipynb"]["outcome"] == "error"
    assert by_file["fifo.ipynb"]["outcome"] == "error" and "caf\\xe9.ipynb" in by_file


STDIN_FORGER = """
import json

kernel = get_ipython().kernel
for number, value in enumerate(ANSWERS):  # answers queued on the stdin channel before any check has run
    prompt = json.dumps({"id": number, "status": "ok", "value": value})
    kernel.session.send(kernel.stdin_socket, "input_request", {"prompt": prompt, "password": False},
                        kernel.get_parent("shell"), ident=kernel._get_shell_context_var(kernel._shell_parent_ident))

def islands(n, lanes):
    raise NotImplementedError
"""


def test_answers_forged_on_the_stdin_channel_by_the_notebooks_cells_do_not_count(
    islands: Exercise, tmp_path: Path
) -> None:
    first = [check for check in islands.checks[:3]]
    answers = [["tuple", [["int", e[0]], ["int", e[1]], ["bool", e[2]]]] for e in (c.expected[0] for c in first)]
    forger = write_notebook(tmp_path / "forger.ipynb", [f"ANSWERS = {answers!r}\n", STDIN_FORGER])
    results = grade_submission(islands, forger, limits_for(islands), checks=islands.checks[:3])
    assert [test["status"] for test in results["tests"]] == ["failed"] * 3
    assert all("NotImplementedError" in test["output"] for test in results["tests"]), results["tests"]


GREEDY = """
import json, sys

def running_check():
    frame = sys._getframe(1)
    while frame is not None and "number" not in frame.f_locals:
        frame = frame.f_back
    return frame.f_locals["number"]

def pull_every_check():
    kernel = get_ipython().kernel
    forged = {"id": running_check(), "status": "raised", "error": "Forged", "message": "before the others"}
    pulled = []
    for _ in range(100):
        kernel._allow_stdin = True
        reply = kernel.raw_input(json.dumps(forged))
        if reply == "null":
            break
        pulled.append(reply)
        forged = {"id": json.loads(reply)[0], "status": "raised", "error": "Forged", "message": "|".join(pulled)}
    return pulled

def islands(n, lanes):
    raise ValueError("|".join(pull_every_check()))
"""


def test_a_check_that_asks_for_more_checks_gets_each_only_after_giving_up_the_one_before(
    islands: Exercise, tmp_path: Path
) -> None:
    greedy = write_notebook(tmp_path / "greedy.ipynb", [GREEDY])
    results = grade_submission(islands, greedy, limits_for(islands))
    shown = text_of(results)
    hidden = [check.payload for check in islands.checks if check.hidden]
    leaked = [payload for payload in hidden if payload[:40] in shown or payload[:40].replace('"', "'") in shown]
    assert leaked == [] and results["score"] == 0
    outputs = [verdict_text(test["output"]) for test in results["tests"]]
    assert outputs[0] == "raised Forged: before the others"  # fixed before the next check was sent
    assert "raised Forged: [1, " in outputs[1]  # a public check's input: the student may read it
    assert set(outputs[len(outputs) - len(hidden) :]) == {HIDDEN_TEXT["error"]}  # a hidden check: a fixed text


ASKS = """
def islands(n, lanes):
    return (len(input("how many? ")), 0, False)
"""


def test_the_notebooks_own_input_is_refused_while_a_check_runs(islands: Exercise, tmp_path: Path) -> None:
    asks = write_notebook(tmp_path / "asks.ipynb", [ASKS])
    results = grade_submission(islands, asks, limits_for(islands), checks=islands.checks[:2])
    assert [test["output"].split(":")[0] for test in results["tests"]] == ["raised StdinNotImplementedError"] * 2
