"""Grades and feedback that import: Moodle's worksheet and feedback zip by its importers' rules, Canvas's folders,
every student accounted for (no notebook, late, the notebook as it ran), nothing hidden in any of it."""

from __future__ import annotations

import csv
import json
import zipfile
from pathlib import Path

import pytest

from graders_instructor.grading.batch import RAN_NOTEBOOK, Submission
from graders_instructor.grading.feedback import comment, page
from graders_instructor.grading.gradebook import moodle_csv
from graders_instructor.grading.moodlelang import WORDS, words
from graders_instructor.grading.platforms import Found
from graders_instructor.release.edition import hidden_needles
from tests.graders.lms_downloads import ISLANDS, LATE_PENALTY, Graded, shared_batch
from tests.graders.moodle_importer import ImportRefused, feedback_files, import_worksheet

MOODLE_PARTICIPANTS = {"2001", "2002", "2003"}
DECIMAL_SEPARATOR = {"en": ".", "de": ",", "es": ","}  # langconfig.php's decsep in Moodle 4.5's packs


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    """The Canvas and Moodle downloads graded with a late penalty."""
    return shared_batch(tmp_path_factory)


def graded_from(batch: Graded) -> list[tuple[Submission, dict]]:
    """The graded list as the grade command had it, rebuilt from the results it wrote."""
    graded = []
    for ident, data in sorted(batch.results.items()):
        extra = data["extra_data"]
        found = Found(extra["student"], extra["student_name"], extra["platform"], Path("x.ipynb"), "", extra["late"])
        graded.append((Submission(ident, found.path, found), data))
    return graded


@pytest.mark.slow
def test_every_student_is_accounted_for_in_every_output(batch: Graded):
    assert batch.stdout.splitlines()[-1] == "7 students: 5 graded, 2 without a notebook, 0 errors (1 late)"
    rows = {row["student"]: row for row in csv.DictReader((batch.out / "summary.csv").read_text().splitlines())}
    assert sorted(rows) == ["canvas-1001", "canvas-1002", "canvas-1003", "canvas-1004", "moodle-2001", "moodle-2002",
                            "moodle-2003"]
    lee, ana = rows["canvas-1004"], rows["moodle-2003"]
    assert (lee["score"], lee["outcome"], ana["score"], ana["outcome"]) == ("0", "no notebook", "0", "no notebook")
    assert "only a Python file was submitted (leeann_1004_5004_islands.py)" not in lee["note"]  # the student's name
    assert "only a Python file was submitted (islands.py); submit islands.ipynb" in lee["note"]
    assert "nothing the grader can read was submitted (notes.txt, onlinetext.html)" in ana["note"]
    canvas = {row[1]: row[-1] for row in csv.reader((batch.out / "canvas-grades.csv").read_text().splitlines()[2:])}
    assert canvas == {"1001": "30", "1002": rows["canvas-1002"]["score"], "1003": "0", "1004": "0"}


@pytest.mark.slow
def test_a_late_submission_loses_the_penalty_and_every_output_says_so(batch: Graded):
    john = batch.results["canvas-1002"]
    extra = john["extra_data"]
    assert extra["late"] is True and extra["late_penalty"] == float(LATE_PENALTY)
    assert john["score"] == round(extra["score_before_penalty"] * 0.9, 4) and 0 < john["score"] < 30
    row = next(r for r in csv.DictReader((batch.out / "summary.csv").read_text().splitlines())
               if r["student"] == "canvas-1002")
    assert row["late"] == "yes" and f"late: 10% taken off {extra['score_before_penalty']:g}" in row["note"]
    feedback = (batch.out / "canvas-feedback" / "doejohn_1002" / "feedback.html").read_text()
    assert f"submitted late: 10% taken off the {extra['score_before_penalty']:g} points the checks gave" in feedback
    assert batch.results["canvas-1001"]["score"] == 30 and "late_penalty" not in batch.results["canvas-1001"][
        "extra_data"]
    assert "late submissions lost 10%" in batch.stdout


@pytest.mark.slow
def test_moodles_importer_takes_the_worksheet_in_each_language(batch: Graded):
    english = import_worksheet((batch.out / "moodle-grades.csv").read_bytes(), WORDS["en"], MOODLE_PARTICIPANTS,
                               ISLANDS.max_score)
    assert sorted(english) == sorted(MOODLE_PARTICIPANTS)
    assert english["2001"].grade == 30 and english["2003"].grade == 0
    assert english["2002"].grade == batch.results["moodle-2002"]["score"] < 30
    assert all(row.modified is not None and row.modified.tzinfo is not None for row in english.values())
    assert english["2001"].feedback == "30 of 30 points; 30 of 30 checks passed."
    assert "Failed: lanes_needed: the lesson's example;" in english["2002"].feedback
    assert english["2003"].feedback.startswith("No notebook: nothing the grader can read was submitted")
    graded = graded_from(batch)
    for lang in ("de", "es"):
        text = moodle_csv(graded, lang, "2026-12-02T03:00:00+00:00").encode()
        imported = import_worksheet(text, WORDS[lang], MOODLE_PARTICIPANTS, ISLANDS.max_score, DECIMAL_SEPARATOR[lang])
        assert {key: row.grade for key, row in imported.items()} == {key: row.grade for key, row in english.items()}
        assert {key: row.feedback for key, row in imported.items()} == {  # the comment in the site's language
            key.removeprefix("moodle-"): comment(data, lang) for key, data in batch.results.items()
            if key.startswith("moodle-")}
        with pytest.raises(ImportRefused, match="invalidgradeimport"):  # a German site refuses English headers
            import_worksheet((batch.out / "moodle-grades.csv").read_bytes(), WORDS[lang], MOODLE_PARTICIPANTS, 30)
    assert text.decode().splitlines()[0] == ("Identificador,Nombre completo,Calificación,Calificación máxima,"
                                             "Última modificación (calificación),Comentarios de retroalimentación")
    bulgarian, note = words("bg")
    assert bulgarian == WORDS["en"] and "could not be verified" in note


def test_the_old_worksheet_without_last_modified_is_refused_as_moodle_refused_it():
    old = b"Identifier,Full name,Grade,Maximum Grade,Feedback comments\nParticipant 2001,Jane Roe,30,30,ok\n"
    with pytest.raises(ImportRefused, match="invalidgradeimport"):
        import_worksheet(old, WORDS["en"], {"2001"}, 30)
    with pytest.raises(ImportRefused, match="csvweirdcolumns"):
        import_worksheet(b"Identifier,Grade,Last modified (grade)\nParticipant 1,3\n", WORDS["en"], {"1"}, 30)


@pytest.mark.slow
def test_moodles_feedback_zip_gives_each_participant_their_page(batch: Graded):
    with zipfile.ZipFile(batch.out / "moodle-feedback.zip") as archive:
        names = archive.namelist()
        pages = {name: archive.read(name).decode() for name in names}
    taken = feedback_files(names, MOODLE_PARTICIPANTS, {("assignfeedback", "file")})
    assert taken == {participant: "/feedback.html" for participant in MOODLE_PARTICIPANTS}
    assert "Иван Петров_2002_assignfeedback_file/feedback.html" in names
    ivan = pages["Иван Петров_2002_assignfeedback_file/feedback.html"]
    assert "feedback for Иван Петров" in ivan
    # a failed public check shows its input, the expected answer and the answer got, aligned in a <pre>
    assert "<pre>wrong answer\n  input:    lanes_needed(8, [[1, 2], [2, 3], [4, 5], [6, 7], [7, 8]])\n" \
           "  expected: 2\n  got:      3</pre>" in ivan


@pytest.mark.slow
def test_canvas_gets_a_folder_per_student(batch: Graded):
    folders = sorted(path.name for path in (batch.out / "canvas-feedback").iterdir())
    assert folders == ["doejane_1001", "doejohn_1002", "leeann_1004", "smithbob_1003"]
    lee = (batch.out / "canvas-feedback" / "leeann_1004" / "feedback.html").read_text()
    assert "Score: 0 of 30 points" in lee and "no notebook: only a Python file was submitted" in lee


@pytest.mark.slow
def test_the_notebook_as_it_ran_is_kept_with_its_outputs(batch: Graded):
    ran = json.loads((batch.out / "canvas-1001" / RAN_NOTEBOOK).read_text())
    outputs = [output for cell in ran["cells"] for output in cell["outputs"]]
    assert {"output_type": "stream", "name": "stdout",
            "text": "(3, 3, False)\nislands: 3\nlargest island: 3\nconnected: no\n"} in outputs
    starter = json.loads((batch.out / "canvas-1003" / RAN_NOTEBOOK).read_text())
    errors = [output for cell in starter["cells"] for output in cell["outputs"] if output["output_type"] == "error"]
    assert errors and any("NotImplementedError" in line for line in errors[0]["traceback"])
    assert not (batch.out / "canvas-1004" / RAN_NOTEBOOK).exists()  # nothing ran


@pytest.mark.slow
def test_no_hidden_input_or_answer_in_anything_a_student_or_the_report_shows(batch: Graded):
    needles = {needle: where for needle, where in hidden_needles().items() if where.startswith("01-islands")}
    assert needles
    texts = {str(path): path.read_text(encoding="utf-8") for path in batch.out.rglob("*")
             if path.suffix in (".html", ".csv", ".ipynb")}
    with zipfile.ZipFile(batch.out / "moodle-feedback.zip") as archive:
        texts |= {name: archive.read(name).decode() for name in archive.namelist()}
    squeezed = {name: "".join(text.split()) for name, text in texts.items()}
    assert [(name, where) for name, text in squeezed.items() for needle, where in needles.items()
            if needle in text] == []


def test_a_hint_is_shown_under_a_failed_check_and_a_hidden_check_shows_no_input():
    tests = []
    for check in ISLANDS.checks:
        output = "wrong answer" if check.hidden else f"wrong answer\n  input:    {check.shown_input()}"
        tests.append({"name": check.name, "status": "failed", "max_score": check.points, "score": 0,
                      "output": output + "\nhint: count the islands first"})
    data = {"score": 0, "max_score": ISLANDS.max_score, "tests": tests, "output": "",
            "extra_data": {"outcome": "failed"}}
    html = page(ISLANDS, data, "<b>Eve</b>")
    assert html.count("Hint: count the islands first") == len(ISLANDS.checks)
    assert "&lt;b&gt;Eve&lt;/b&gt;" in html and "<b>Eve</b>" not in html
    hidden = [check for check in ISLANDS.checks if check.hidden]
    assert html.count("(hidden check,") == len(hidden) and "input:" in html


@pytest.mark.slow
def test_a_flood_of_output_is_cut_in_the_notebook_kept_and_costs_no_points(tmp_path: Path):
    from graders.notebook import read_cells, write_notebook
    from graders.runner import MAX_NOTEBOOK_OUTPUT_CHARS, MAX_OUTPUT_CHARS
    from tests.graders.grader_helpers import graders_cli

    flood = ["print('x' * 5_000_000)", "for number in range(20_000):\n    print(number)",
             *read_cells(ISLANDS.reference)]
    notebook = write_notebook(tmp_path / "flood.ipynb", flood)
    run = graders_cli("grade", "01-islands", str(notebook), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    results = json.loads((tmp_path / "out" / "flood" / "results.json").read_text())
    assert results["score"] == ISLANDS.max_score
    ran = json.loads((tmp_path / "out" / "flood" / RAN_NOTEBOOK).read_text())
    first = ran["cells"][0]["outputs"]
    assert len(first) == 1 and first[0]["text"].startswith("x" * 1000)
    assert first[0]["text"].endswith(f"[... output cut at {MAX_OUTPUT_CHARS} characters]")
    total = sum(len(output.get("text", "")) for cell in ran["cells"] for output in cell["outputs"])
    assert MAX_OUTPUT_CHARS < total <= MAX_NOTEBOOK_OUTPUT_CHARS + 1000


@pytest.mark.slow
def test_a_flood_of_empty_outputs_is_capped_per_cell_and_per_notebook(tmp_path: Path):
    """Empty outputs cost characters too: 7,500 displays of an object whose text is "" keep about 2,000."""
    from graders.notebook import read_cells, write_notebook
    from graders.runner import MAX_CELL_OUTPUTS, MAX_NOTEBOOK_OUTPUT_CHARS, OUTPUT_COST
    from tests.graders.grader_helpers import graders_cli

    empty = "class Empty:\n    def __repr__(self):\n        return ''\nfor _ in range(5_000):\n    display(Empty())"
    flood = [empty, *["for _ in range(100):\n    display(Empty())"] * 25, *read_cells(ISLANDS.reference)]
    notebook = write_notebook(tmp_path / "empty.ipynb", flood)
    run = graders_cli("grade", "01-islands", str(notebook), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert json.loads((tmp_path / "out" / "empty" / "results.json").read_text())["score"] == ISLANDS.max_score
    ran = json.loads((tmp_path / "out" / "empty" / RAN_NOTEBOOK).read_text())
    cells = [cell["outputs"] for cell in ran["cells"]]
    first = cells[0]
    assert len(first) == MAX_CELL_OUTPUTS + 1 and first[-1]["text"].startswith("[... 4900 more outputs not kept")
    kept = [output for outputs in cells for output in outputs if output["output_type"] == "display_data"]
    assert len(kept) == MAX_NOTEBOOK_OUTPUT_CHARS // OUTPUT_COST  # the notebook's share, every output costing
    assert all(output["data"]["text/plain"] == "" for output in kept)
    assert "more outputs not kept" in cells[20][-1]["text"] and cells[25] == [cells[25][0]]
    assert (tmp_path / "out" / "empty" / RAN_NOTEBOOK).stat().st_size < 500_000
