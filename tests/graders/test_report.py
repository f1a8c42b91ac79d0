"""`python -m graders_instructor report OUT`: the figures of a real graded batch, as HTML (and CSV), nothing hidden."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from graders_instructor.grading.report import BINS, ReportError, figures, histogram
from graders_instructor.grading.report import page as report_page
from graders_instructor.release.edition import hidden_needles
from tests.graders.grader_helpers import graders_cli
from tests.graders.lms_downloads import Graded, shared_batch


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    """The Canvas and Moodle downloads graded (seven students) and its report written with the CSV files."""
    graded = shared_batch(tmp_path_factory)
    run = graders_cli("report", str(graded.out), "--csv", cwd=graded.out)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(f"wrote {graded.out / 'report.html'}, {graded.out / 'report-scores.csv'}")
    return graded


def test_the_histogram_counts_every_score_in_its_bin():
    bins = histogram([0, 0, 2.9, 3, 29.9, 30, 30], 30)
    assert len(bins) == BINS and [count for _, _, count in bins] == [3, 1, 0, 0, 0, 0, 0, 0, 0, 3]
    assert bins[0][:2] == (0, 3) and bins[-1][:2] == (27, 30)


def test_a_folder_with_no_graded_batch_is_a_clear_error(tmp_path: Path):
    run = graders_cli("report", str(tmp_path), cwd=tmp_path)
    assert run.returncode == 2 and run.stderr == (
        f"error: {tmp_path} holds no summary.csv: grade a batch into it "
        "first (python -m graders_instructor grade EXERCISE SOURCE... --out OUT)\n")
    with pytest.raises(ReportError):
        figures(tmp_path)


@pytest.mark.slow
def test_the_report_shows_the_batchs_figures(batch: Graded):
    scores = {ident: data["score"] for ident, data in batch.results.items()}
    found = figures(batch.out)
    assert sum(count for _, _, count in found.histogram) == len(scores) == 7
    assert found.histogram[0][2] == sum(score < 3 for score in scores.values())
    assert found.histogram[-1][2] == sum(score >= 27 for score in scores.values())
    checks = {name: (failed, graded) for name, failed, graded in found.checks}
    lanes = "public: lanes_needed: the lesson's example"
    # of the five who sent a notebook: the starter and the lanes_needed bug (no-notebook students are listed apart)
    sent = [data for data in batch.results.values() if data["extra_data"]["outcome"] != "no notebook"]
    outcomes = {ident: (data["extra_data"]["outcome"], data["output"][:300]) for ident, data in batch.results.items()}
    assert checks[lanes] == (sum(data["tests"][8]["status"] != "passed" for data in sent), 5) == (2, 5), outcomes
    assert found.wrong[lanes] == [("raised NotImplementedError: write lanes_needed(n, lanes)", 1), ("3", 1)]
    assert not [answer for answers in found.wrong.values() for answer, _ in answers if answer.startswith("not run")]
    assert not [name for name in found.wrong if name.startswith("hidden")]
    assert found.outcomes == {"passed": 2, "failed": 3, "no notebook": 2}
    page = (batch.out / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") == 3 and "<script" not in page and "http" not in page.replace(
        "http://www.w3.org/2000/svg", "")
    assert "<h2 id=\"late\">Late submissions</h2>\n<table><tr><th>student</th>" in page and "doejohn" in page
    assert "leeann" in page and "Ana García" in page and "only a Python file was submitted" in page
    rows = list(csv.reader((batch.out / "report-checks.csv").read_text().splitlines()))
    assert rows[0] == ["check", "failed", "graded"] and [lanes, "2", "5"] in rows
    answers = list(csv.reader((batch.out / "report-wrong-answers.csv").read_text().splitlines()))
    assert [lanes, "3", "1"] in answers


@pytest.mark.slow
def test_the_report_holds_no_hidden_input_or_answer(batch: Graded):
    needles = {needle: where for needle, where in hidden_needles().items() if where.startswith("01-islands")}
    for path in batch.out.glob("report*"):
        text = "".join(path.read_text(encoding="utf-8").split())
        assert [where for needle, where in needles.items() if needle in text] == [], path
    hidden_names = [test["name"] for test in json.loads((batch.out / "canvas-1001" / "results.json").read_text())[
        "tests"] if test["name"].startswith("hidden: ")]
    page = (batch.out / "report.html").read_text(encoding="utf-8")
    assert all(name in page for name in hidden_names[:3])  # hidden checks appear by name and failure share only


@pytest.mark.slow
def test_a_regrade_into_a_reported_folder_makes_its_report_anew(tmp_path: Path):
    """report.html (and its CSV files) follow the grades of the latest run into the same --out, never stale."""
    hidden = Path(__file__).resolve().parents[2] / "graders_instructor" / "hidden" / "01-islands"
    out, ana = tmp_path / "out", tmp_path / "ana.ipynb"
    ana.write_bytes((hidden / "reference.ipynb").read_bytes())
    first = graders_cli("grade", "01-islands", str(ana), "--out", str(out), cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert graders_cli("report", str(out), "--csv", cwd=tmp_path).returncode == 0
    assert "passed,1" in (out / "report-outcomes.csv").read_text().replace("\r", "")
    ana.write_bytes((hidden / "wrong" / "always-equal.ipynb").read_bytes())
    second = graders_cli("grade", "01-islands", str(ana), "--out", str(out), cwd=tmp_path)
    assert second.returncode == 0, second.stderr
    assert "report.html (made anew)" in second.stdout
    outcomes = (out / "report-outcomes.csv").read_text().replace("\r", "")
    assert "failed,1" in outcomes and "passed" not in outcomes
    assert figures(out).outcomes == {"failed": 1}
    assert (out / "report.html").read_text(encoding="utf-8") == report_page(figures(out))
