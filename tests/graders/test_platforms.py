"""Submissions as instructors receive them: folders per student, Canvas and Moodle zips, grade exports, hints."""

from __future__ import annotations

import csv
import json
import shutil
import stat
import zipfile
from pathlib import Path

import pytest

from graders.exercise import EXERCISES, load_exercise
from graders.notebook import MAX_NOTEBOOK_BYTES
from graders.scoring import Outcome, Verdict, results
from graders_instructor.grading.batch import students
from graders_instructor.grading.gradebook import anonymous_note, moodle_csv
from graders_instructor.grading.platforms import SourceError, collect
from tests.graders.grader_helpers import graders_cli

ISLANDS = load_exercise("01-islands")
REFERENCE = ISLANDS.reference.read_bytes()
WRONG = (ISLANDS.hidden_folder / "wrong" / "list-instead-of-tuple.ipynb").read_bytes()


def make_zip(path: Path, members: dict[str, bytes], links: tuple[str, ...] = (), fifos: tuple[str, ...] = ()) -> Path:
    """A zip of these members (names exactly as given); links are stored as symbolic links to /etc/passwd."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        for kind, names in ((stat.S_IFLNK, links), (stat.S_IFIFO, fifos)):
            for name in names:
                info = zipfile.ZipInfo(name)
                info.external_attr = (kind | 0o777) << 16
                archive.writestr(info, "/etc/passwd")
    return path


def by_student(found: list) -> dict:
    """The found submissions keyed by student."""
    return {item.student: item for item in found}


def test_a_canvas_zip_maps_each_file_to_its_students_canvas_id(tmp_path: Path):
    archive = make_zip(tmp_path / "submissions.zip", {
        "doejane_1001_5001_islands.ipynb": REFERENCE,
        "doejane_1001_5002_scratch.ipynb": WRONG,  # a second notebook: the exercise's own name wins
        "doejohn_LATE_1002_5003_islands-1.ipynb": WRONG,  # late, and renamed by Canvas on resubmission
        "smithbob_1003_5004_notes.txt": b"not a notebook",
    })
    scratch = tmp_path / "scratch"
    found, problems = collect([archive], "islands.ipynb", scratch)
    students = by_student(found)
    assert sorted(students) == ["canvas-1001", "canvas-1002", "canvas-1003"]
    jane, john, bob = students["canvas-1001"], students["canvas-1002"], students["canvas-1003"]
    assert (jane.no_notebook, john.no_notebook) == ("", "")
    assert bob.no_notebook == ("no notebook: nothing the grader can read was submitted (notes.txt); "
                               "submit islands.ipynb")
    assert (jane.platform, jane.name, jane.late, john.late) == ("canvas", "doejane", False, True)
    assert jane.path.read_bytes() == REFERENCE and john.path.read_bytes() == WRONG
    assert "also submitted: scratch.ipynb" in jane.note
    assert problems == [f"{archive}: canvas student 1003 submitted no notebook (graded 0)"]
    assert all(item.path.parent.parent == scratch for item in found)


def test_a_moodle_zip_in_folders_or_flat_keeps_two_students_of_the_same_name_apart(tmp_path: Path):
    archive = make_zip(tmp_path / "moodle.zip", {
        "Jane Doe_2001_assignsubmission_file_/islands.ipynb": REFERENCE,
        "Jane Doe_2002_assignsubmission_file_islands.ipynb": WRONG,
        "Jane Doe_2002_assignsubmission_onlinetext_/onlinetext.html": b"<p>hi</p>",
    })
    found, problems = collect([archive], "islands.ipynb", tmp_path / "scratch")
    students = by_student(found)
    assert sorted(students) == ["moodle-2001", "moodle-2002"]
    assert {item.name for item in found} == {"Jane Doe"}
    assert students["moodle-2001"].path.read_bytes() == REFERENCE
    assert students["moodle-2002"].path.read_bytes() == WRONG
    assert problems == []  # the online text is 2002's own (Moodle's folder naming), just not a notebook


def test_a_folder_per_student(tmp_path: Path):
    for student, data in (("jane doe", REFERENCE), ("jane_doe", WRONG)):
        (tmp_path / "submissions" / student).mkdir(parents=True)
        (tmp_path / "submissions" / student / "my islands.ipynb").write_bytes(data)
    (tmp_path / "submissions" / "nobody").mkdir()
    found, problems = collect([tmp_path / "submissions"], "islands.ipynb", tmp_path / "scratch")
    assert [(item.student, item.platform, item.path.read_bytes()) for item in found if not item.no_notebook] == [
        ("jane doe", "folder", REFERENCE), ("jane_doe", "folder", WRONG)]
    assert [(item.student, item.no_notebook) for item in found if item.no_notebook] == [
        ("nobody", "no notebook: nothing was submitted; submit islands.ipynb")]
    assert problems == [f"{tmp_path / 'submissions' / 'nobody'}: no notebook in this student's folder (graded 0)"]
    # one student's own folder works as well
    alone, _ = collect([tmp_path / "submissions" / "jane doe"], "islands.ipynb", tmp_path / "scratch")
    assert [item.student for item in alone] == ["jane doe"]


def test_a_hostile_zip_writes_nothing_outside_its_scratch_folder_and_reads_no_link_or_bomb(tmp_path: Path):
    bomb = b"{" + b" " * (MAX_NOTEBOOK_BYTES + 10) + b"}"  # compresses to a few KB
    archive = make_zip(tmp_path / "evil.zip", {
        "../../escaped_1001_5001_islands.ipynb": REFERENCE,
        "/abs/olute_1002_5002_islands.ipynb": REFERENCE,
        "bomb_1003_5003_islands.ipynb": bomb,
    }, links=("linked_1004_5004_islands.ipynb",))
    assert archive.stat().st_size < 100_000
    scratch = tmp_path / "deep" / "scratch"
    found, problems = collect([archive], "islands.ipynb", scratch)
    students = by_student(found)
    assert sorted(students) == ["canvas-1003", "canvas-1004"]  # Canvas never writes a folder: the others are nobody's
    assert sum("follows neither" in problem for problem in problems) == 2
    written = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*") if path.is_file())
    assert written == ["deep/scratch/zip-0/0.ipynb", "deep/scratch/zip-0/1.ipynb", "evil.zip"]
    assert students["canvas-1003"].path.read_bytes() == b"" and "larger than 5 MB" in students["canvas-1003"].error
    assert students["canvas-1004"].path.read_bytes() == b"" and "as a link or a FIFO" in students["canvas-1004"].error
    assert any("linked_1004_5004_islands.ipynb: the notebook is stored in the zip as a link" in problem
               for problem in problems)
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(SourceError, match="not a readable zip"):
        collect([tmp_path / "broken.zip"], "islands.ipynb", scratch)


def test_a_failed_checks_hint_is_shown_and_a_hidden_one_gives_no_input(tmp_path: Path):
    exercise_dir = tmp_path / "exercises" / "01-islands"
    shutil.copytree(EXERCISES / "01-islands", exercise_dir)
    data = json.loads((exercise_dir / "exercise.json").read_text())
    data["checks"][0]["hint"] = "count the islands, not the lanes"
    (exercise_dir / "exercise.json").write_text(json.dumps(data))
    hidden_dir = tmp_path / "hidden" / "01-islands"
    hidden_dir.mkdir(parents=True)
    hidden = json.loads((ISLANDS.hidden_folder / "hidden.json").read_text())
    hidden["checks"][0]["hint"] = "an island may be a single system"
    (hidden_dir / "hidden.json").write_text(json.dumps(hidden))
    exercise = load_exercise(exercise_dir, hidden_root=tmp_path / "hidden")
    public, secret = exercise.checks[0], next(check for check in exercise.checks if check.hidden)
    verdicts = [Verdict(False, "wrong answer") if check in (public, secret) else Verdict(True, "passed")
                for check in exercise.checks]
    tests = {test["name"]: test for test in results(exercise, verdicts, Outcome.FAILED, "")["tests"]}
    assert tests[f"public: {public.name}"]["output"] == "wrong answer\nhint: count the islands, not the lanes"
    assert tests[f"hidden: {secret.name}"]["output"] == "wrong answer\nhint: an island may be a single system"
    passed = [test for test in tests.values() if test["status"] == "passed"]
    assert passed and all("hint" not in test["output"] for test in passed)
    hidden["checks"][0]["hint"] = 3
    (hidden_dir / "hidden.json").write_text(json.dumps(hidden))
    with pytest.raises(ValueError, match="hint must be a string"):
        load_exercise(exercise_dir, hidden_root=tmp_path / "hidden")


@pytest.mark.slow
def test_grading_a_canvas_zip_gives_results_by_student_and_a_gradebook_canvas_imports(tmp_path: Path):
    archive = make_zip(tmp_path / "submissions.zip", {
        "doejane_1001_5001_islands.ipynb": REFERENCE,
        "roebob_1002_5002_islands.ipynb": WRONG,
        "doejohn_LATE_1003_5003_islands.ipynb": WRONG,
        "islands.ipynb": REFERENCE,  # no student named: reported, not graded
    })
    run = graders_cli("grade", "01-islands", str(archive), "--out", str(tmp_path / "out"), "--jobs", "2",
                      "--canvas-assignment", "4242", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "islands.ipynb follows neither" in run.stderr
    out = tmp_path / "out"
    jane = json.loads((out / "canvas-1001" / "results.json").read_text())
    john = json.loads((out / "canvas-1003" / "results.json").read_text())
    assert jane["score"] == jane["max_score"] == ISLANDS.max_score and john["score"] < john["max_score"]
    assert jane["extra_data"]["student"] == "canvas-1001" and john["extra_data"]["late"] is True
    rows = list(csv.DictReader((out / "summary.csv").read_text().splitlines()))
    assert [(row["student"], row["name"], row["platform"], row["late"]) for row in rows] == [
        ("canvas-1001", "doejane", "canvas", "no"), ("canvas-1002", "roebob", "canvas", "no"),
        ("canvas-1003", "doejohn", "canvas", "yes")]
    gradebook = list(csv.reader((out / "canvas-grades.csv").read_text().splitlines()))
    assert gradebook[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Islands (4242)"]
    assert gradebook[1] == ["Points Possible", "", "", "", "", f"{ISLANDS.max_score:g}"]
    assert gradebook[2:] == [["doejane", "1001", "", "", "", f"{jane['score']:g}"],
                             ["roebob", "1002", "", "", "", f"{john['score']:g}"],
                             ["doejohn", "1003", "", "", "", f"{john['score']:g}"]]
    assert not (out / "moodle-grades.csv").exists()


def test_moodles_grading_worksheet_names_each_participant(tmp_path: Path):
    archive = make_zip(tmp_path / "moodle.zip", {
        "Jane Doe_2001_assignsubmission_file_/islands.ipynb": REFERENCE,
        "@Jane Doe_2002_assignsubmission_file_islands.ipynb": WRONG,
    })
    found, _ = collect([archive], "islands.ipynb", tmp_path / "scratch")
    graded = []
    for submission, score in zip(students(found), (30, 12), strict=True):
        tests = [{"name": f"public: check {number}", "status": "passed" if number < score // 3 else "failed"}
                 for number in range(10)]
        graded.append((submission, {"score": score, "max_score": 30, "tests": tests,
                                    "extra_data": {"outcome": "passed" if score == 30 else "failed"}}))
    rows = list(csv.reader(moodle_csv(graded, "en", "2026-12-02T03:00:00+00:00").splitlines()))
    assert rows == [["Identifier", "Full name", "Grade", "Maximum Grade", "Last modified (grade)", "Feedback comments"],
                    ["Participant 2001", "Jane Doe", "30", "30", "2026-12-02T03:00:00+00:00",
                     "30 of 30 points; 10 of 10 checks passed."],
                    ["Participant 2002", "'@Jane Doe", "12", "30", "2026-12-02T03:00:00+00:00",
                     "12 of 30 points; 4 of 10 checks passed. Failed: check 4; check 5; check 6; check 7; check 8; "
                     "check 9."]]
    assert [submission.ident for submission, _ in graded] == ["moodle-2001", "moodle-2002"]


@pytest.mark.slow
def test_anonymous_canvas_students_are_left_out_of_the_gradebook_with_the_reason(tmp_path: Path):
    """Canvas's import matches a row by its user id; `anon-ID` matches no one, so it is said, not written."""
    named = make_zip(tmp_path / "named.zip", {"doejane_1001_5001_islands.ipynb": REFERENCE})
    anonymous = make_zip(tmp_path / "anonymous.zip", {"anon_Xk3Pq_5002_islands.ipynb": WRONG})
    out = tmp_path / "out"
    run = graders_cli("grade", "01-islands", str(named), str(anonymous), "--out", str(out), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert f"note: {anonymous_note(1, 2)}\n" in run.stderr and "leaves out 1 anonymous Canvas submission:" in run.stderr
    gradebook = list(csv.reader((out / "canvas-grades.csv").read_text().splitlines()))
    assert [row[1] for row in gradebook[2:]] == ["1001"]
    assert (out / "canvas-anon-Xk3Pq" / "results.json").is_file()
    alone = graders_cli("grade", "01-islands", str(anonymous), "--out", str(tmp_path / "alone"), cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    assert f"note: {anonymous_note(1, 1)}\n" in alone.stderr and "no canvas-grades.csv" in alone.stderr
    assert not (tmp_path / "alone" / "canvas-grades.csv").exists()
    assert "canvas-grades.csv" not in alone.stdout.splitlines()[-2]


def test_a_download_holding_only_links_gives_each_student_a_row_with_the_reason(tmp_path: Path):
    archive = make_zip(tmp_path / "submissions.zip", {}, links=("doejane_1001_5001_islands.ipynb",),
                       fifos=("doejohn_1002_5002_islands.ipynb",))
    run = graders_cli("grade", "01-islands", str(archive), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert "no submission found" not in run.stderr
    rows = list(csv.DictReader((tmp_path / "out" / "summary.csv").read_text().splitlines()))
    assert [row["student"] for row in rows] == ["canvas-1001", "canvas-1002"]
    for row in rows:
        assert (row["outcome"], row["score"]) == ("error", "0")
        assert "stored in the zip as a link or a FIFO, not a plain file: not read" in row["note"], (row, run.stderr)
    assert "2 students: 0 graded, 0 without a notebook, 2 errors" in run.stdout


@pytest.mark.slow
def test_anonymous_ids_that_differ_by_case_only_never_share_a_folder_on_a_case_insensitive_disk(tmp_path: Path):
    """Canvas's anonymous ids are case-sensitive: abcde, ABCDE and AbCdE are three students, three folders."""
    archive = make_zip(tmp_path / "anonymous.zip", {"anon_abcde_5001_islands.ipynb": REFERENCE,
                                                    "anon_ABCDE_5002_islands.ipynb": WRONG,
                                                    "anon_AbCdE_5003_islands.ipynb": REFERENCE})
    out = tmp_path / "out"
    run = graders_cli("grade", "01-islands", str(archive), "--out", str(out), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader((out / "summary.csv").read_text().splitlines()))
    assert [row["student"] for row in rows] == ["canvas-anon-abcde", "canvas-anon-ABCDE", "canvas-anon-AbCdE"]
    assert [row["score"] for row in rows] == ["30", "20", "30"]
    folders = [row["submission"] for row in rows]
    assert folders == ["canvas-anon-abcde", "canvas-anon-ABCDE-2", "canvas-anon-AbCdE-3"]  # as FORMAT.md says
    for folder, row in zip(folders, rows, strict=True):
        assert json.loads((out / folder / "results.json").read_text())["extra_data"]["student"] == row["student"]
    pages = sorted(path.name for path in (out / "canvas-feedback").iterdir())
    assert len({page.casefold() for page in pages}) == 3, pages
    assert all(page.endswith(("_anon-abcde", "_anon-ABCDE", "_anon-AbCdE")) for page in pages)
    again = graders_cli("grade", "01-islands", str(archive), "--out", str(out), cwd=tmp_path)
    assert "(3 already done)" in again.stderr  # a resumed run finds each student's own results
