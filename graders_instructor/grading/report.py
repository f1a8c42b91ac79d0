"""`python -m graders_instructor report OUT`: one HTML page (and optionally CSV) of a graded batch's figures.

The page reads the batch's summary.csv and every student's results.json. It is one file with its pictures as
inline SVG and no script, font or link to anything outside, so it reads offline. A hidden check shows only its
name and how many failed it: the wrong answers listed are those of public checks, whose inputs students see.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from graders_instructor.grading.batch import NO_NOTEBOOK, spreadsheet_safe

BINS = 10  # bars of the score histogram
TOP_ANSWERS = 5  # wrong answers listed per public check
TROUBLE = ("timeout", "error", "kernel died", "no notebook")  # outcomes listed student by student
MAX_SHOWN = 120  # characters of a wrong answer or a message shown in the page


class ReportError(ValueError):
    """The folder holds no graded batch; the message says what is missing."""


@dataclass(frozen=True)
class Student:
    """One row of summary.csv with its results."""

    row: dict[str, str]
    results: dict

    @property
    def score(self) -> float:
        """The score as graded (after any late penalty)."""
        return float(self.row["score"])

    @property
    def who(self) -> str:
        """The student's name, or their key when the source names nobody."""
        return self.row.get("name") or self.row["student"]


@dataclass
class Figures:
    """Everything the page and the CSV files show."""

    exercise: str
    max_score: float
    students: list[Student]
    histogram: list[tuple[float, float, int]] = field(default_factory=list)  # (from, to, students)
    checks: list[tuple[str, int, int]] = field(default_factory=list)  # (check, failed, graded)
    wrong: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # public check -> (answer, students)
    outcomes: Counter = field(default_factory=Counter)


def load(out: Path) -> list[Student]:
    """The batch's students, in summary.csv's order."""
    summary = out / "summary.csv"
    try:
        rows = list(csv.DictReader(summary.read_text(encoding="utf-8").splitlines()))
    except OSError:
        raise ReportError(f"{out} holds no summary.csv: grade a batch into it first "
                          "(python -m graders_instructor grade EXERCISE SOURCE... --out OUT)") from None
    if not rows or "submission" not in rows[0]:
        raise ReportError(f"{summary} lists no graded submission")
    students = []
    for row in rows:
        try:
            data = json.loads((out / row["submission"] / "results.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {"tests": [], "extra_data": {}}
        students.append(Student(row, data))
    return students


def histogram(scores: list[float], top: float) -> list[tuple[float, float, int]]:
    """BINS equal bins from 0 to top (the last one includes top)."""
    top = top or max(scores, default=1) or 1
    width = top / BINS
    counts = [0] * BINS
    for score in scores:
        counts[min(BINS - 1, max(0, int(score / width)))] += 1
    return [(width * index, width * (index + 1), count) for index, count in enumerate(counts)]


def wrong_answer(output: str) -> str:
    """What a failed public check got ("got: ..."), else the verdict's first line."""
    for line in output.splitlines():
        if line.strip().startswith("got:"):
            return line.strip().removeprefix("got:").strip()
    return output.splitlines()[0] if output else "(no answer)"


def figures(out: Path) -> Figures:
    """Every figure of the batch in out."""
    students = load(out)
    max_score = max((float(s.row.get("max_score") or 0) for s in students), default=0.0)
    exercise = next((s.results["extra_data"].get("exercise", "") for s in students if s.results.get("extra_data")),
                    "")
    result = Figures(exercise, max_score, students)
    result.histogram = histogram([s.score for s in students], max_score)
    result.outcomes = Counter(s.row.get("outcome", "") for s in students)
    failed: Counter = Counter()
    graded: Counter = Counter()
    answers: dict[str, Counter] = {}
    order: list[str] = []
    for student in students:
        if student.row.get("outcome") == NO_NOTEBOOK:  # listed apart: their checks never ran
            continue
        for test in student.results.get("tests", []):
            name = str(test.get("name", ""))
            if name not in graded:
                order.append(name)
            graded[name] += 1
            if test.get("status") != "passed":
                failed[name] += 1
                if name.startswith("public: ") and not str(test.get("output", "")).startswith("not run"):
                    answers.setdefault(name, Counter())[wrong_answer(str(test.get("output", "")))] += 1
    result.checks = [(name, failed[name], graded[name]) for name in order]
    result.wrong = {name: counts.most_common(TOP_ANSWERS) for name, counts in answers.items()}
    return result


def cut(text: str, most: int = MAX_SHOWN) -> str:
    """A text cut to most characters."""
    return text if len(text) <= most else text[: most - 1] + "…"


def bar_chart(bars: list[tuple[str, float, str]], top: float, unit: str) -> str:
    """A horizontal bar chart as SVG: (label, value, value's text) per bar, the longest bar at top."""
    label_width, bar_width, row = 440, 300, 26
    height = row * len(bars) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{label_width + bar_width + 90}" height="{height}" '
             f'role="img" aria-label="{html.escape(unit)}">']
    for index, (label, value, text) in enumerate(bars):
        y = 5 + index * row
        length = 0 if top <= 0 else bar_width * value / top
        parts.append(f'<text x="{label_width - 8}" y="{y + 17}" text-anchor="end">{html.escape(cut(label, 64))}</text>'
                     f'<rect x="{label_width}" y="{y + 3}" width="{length:.1f}" height="{row - 8}" class="bar"/>'
                     f'<text x="{label_width + length + 6:.1f}" y="{y + 17}">{html.escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def histogram_chart(bins: list[tuple[float, float, int]], max_score: float) -> str:
    """The score histogram as SVG: a column per bin, its count above, its range below."""
    column, chart_height, left = 64, 220, 40
    most = max((count for _, _, count in bins), default=0) or 1
    width = left + column * len(bins) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{chart_height + 45}" role="img" '
             f'aria-label="scores">',
             f'<line x1="{left}" y1="{chart_height + 20}" x2="{width - 10}" y2="{chart_height + 20}" class="axis"/>']
    for index, (low, high, count) in enumerate(bins):
        x = left + index * column
        bar = chart_height * count / most
        top = chart_height + 20 - bar
        parts.append(f'<rect x="{x + 6}" y="{top:.1f}" width="{column - 12}" height="{bar:.1f}" class="bar"/>'
                     f'<text x="{x + column / 2}" y="{top - 5:.1f}" text-anchor="middle">{count}</text>'
                     f'<text x="{x + column / 2}" y="{chart_height + 38}" text-anchor="middle" class="small">'
                     f'{low:g}–{high:g}</text>')
    parts.append("</svg>")
    parts.append(f"<p>Score (of {max_score:g}): each bar counts the scores from its first bound up to, not "
                 f"including, its second; the last bar includes {max_score:g}.</p>")
    return "".join(parts)


STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 62em; color: #1d1d1d; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
svg text { font-size: 13px; fill: #1d1d1d; } svg .small { font-size: 11px; }
svg .bar { fill: #3a6ea5; } svg .axis { stroke: #555; }
table { border-collapse: collapse; margin: 0.5em 0; } td, th { border: 1px solid #ccc; padding: 0.2em 0.6em; }
th { background: #f0f0f0; text-align: left; } td.n { text-align: right; } code { white-space: pre-wrap; }
.late { color: #a04000; font-weight: bold; }
"""


def table(head: tuple[str, ...], rows: list[tuple[object, ...]]) -> str:
    """An HTML table; numbers right-aligned, every cell escaped."""
    cells = "".join(f"<th>{html.escape(name)}</th>" for name in head)
    body = "".join("<tr>" + "".join(
        f'<td class="n">{value:g}</td>' if isinstance(value, int | float) else f"<td>{html.escape(str(value))}</td>"
        for value in row) + "</tr>" for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"


def page(figures: Figures) -> str:
    """The report as one HTML page."""
    students = figures.students
    total = len(students)
    scores = [s.score for s in students]
    mean = sum(scores) / total if total else 0.0
    middle = sorted(scores)[total // 2] if total else 0.0
    late = [s for s in students if s.row.get("late") == "yes"]
    trouble = [s for s in students if s.row.get("outcome") in TROUBLE]
    submitted = sum(s.row.get("outcome") != NO_NOTEBOOK for s in students)
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>Report: {html.escape(figures.exercise)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(figures.exercise)}: {total} students</h1>",
        f"<p>Mean score {mean:.2f} of {figures.max_score:g}, median {middle:g}; "
        + ", ".join(f"{count} {html.escape(outcome)}" for outcome, count in sorted(figures.outcomes.items()))
        + f"; {len(late)} late.</p>",
        '<h2 id="scores">Scores</h2>',
        histogram_chart(figures.histogram, figures.max_score),
        f'<h2 id="checks">Share of students who failed each check (of the {submitted} who sent a notebook)</h2>',
        bar_chart([(name, failed / graded if graded else 0, f"{failed} of {graded} ({100 * failed / graded:.0f}%)")
                   for name, failed, graded in figures.checks], 1.0, "failures by check")
        if figures.checks else "<p>No check was run.</p>",
        "<p>A hidden check shows only how many failed it: its inputs and answers stay with the grader.</p>",
        '<h2 id="wrong">Most common wrong answers of public checks</h2>',
    ]
    if not figures.wrong:
        parts.append("<p>No public check was failed.</p>")
    for name, answers in figures.wrong.items():
        parts.append(f"<h3>{html.escape(name)}</h3>" + table(("answer", "students"), [
            (cut(answer), count) for answer, count in answers]))
    parts.append('<h2 id="outcomes">Outcomes</h2>')
    parts.append(bar_chart([(outcome or "(none)", count, str(count)) for outcome, count in
                            sorted(figures.outcomes.items())], max(figures.outcomes.values(), default=1), "outcomes"))
    parts.append('<h2 id="trouble">Timeouts, errors and missing notebooks</h2>')
    parts.append(table(("student", "outcome", "score", "what happened"), [
        (s.who, s.row.get("outcome", ""), s.score, cut(first_line(s))) for s in trouble])
        if trouble else "<p>None.</p>")
    parts.append('<h2 id="late">Late submissions</h2>')
    parts.append(table(("student", "score", "note"), [(s.who, s.score, s.row.get("note", "")) for s in late])
                 if late else "<p>None.</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def first_line(student: Student) -> str:
    """The first line of what the grader said about a submission as a whole (or summary.csv's note)."""
    output = str(student.results.get("output", "")) or student.row.get("note", "")
    return output.splitlines()[0] if output else ""


def csv_files(figures: Figures) -> dict[str, str]:
    """The same figures as CSV: scores (histogram), checks, wrong answers of public checks, outcomes."""
    tables: dict[str, tuple[tuple[str, ...], list[tuple[object, ...]]]] = {
        "report-scores.csv": (("from", "to", "students"), [(f"{a:g}", f"{b:g}", n) for a, b, n in figures.histogram]),
        "report-checks.csv": (("check", "failed", "graded"), list(figures.checks)),
        "report-wrong-answers.csv": (("check", "answer", "students"), [
            (name, spreadsheet_safe(answer), count) for name, answers in figures.wrong.items()
            for answer, count in answers]),
        "report-outcomes.csv": (("outcome", "students"), sorted(figures.outcomes.items())),
    }
    files = {}
    for name, (head, rows) in tables.items():
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(head)
        writer.writerows(rows)
        files[name] = buffer.getvalue()
    return files


def write(out: Path, with_csv: bool = False) -> list[Path]:
    """Write report.html (and the CSV files) into out; return what was written."""
    found = figures(out)
    written = [out / "report.html"]
    written[0].write_text(page(found), encoding="utf-8")
    if with_csv:
        for name, text in csv_files(found).items():
            (out / name).write_text(text, encoding="utf-8")
            written.append(out / name)
    return written
