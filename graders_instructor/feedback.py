"""Feedback for students: an HTML page per student, packed for Moodle and Canvas, and the worksheet's comment.

A page shows each check's name, its verdict and its hint; a failed public check also its input, the expected
answer and the answer got (the verdict's own aligned lines). A hidden check's verdict never holds its input or
answer (graders.scoring writes only its kind of failure), so the page shows nothing of one either.

Moodle ("Upload multiple feedback files in a zip"): mod/assign/feedback/file/importziplib.php reads each path
part as `fullname_participantid_plugintype_pluginname` (explode('_', part, 5), at least four pieces, the second
a participant id) and stores the rest of the path as the feedback file; files whose names start with "." or "~"
are skipped. So the zip holds `<Full name>_<participant id>_assignfeedback_file/feedback.html`, with no "_" in
the name. Canvas takes grades from a CSV but comments only through SpeedGrader or its API, so its feedback is a
folder per student for the instructor to hand out.
"""

from __future__ import annotations

import html
import re
import zipfile
from pathlib import Path

from graders.exercise import Exercise

PAGE = "feedback.html"
MOODLE_ZIP = "moodle-feedback.zip"
CANVAS_FOLDER = "canvas-feedback"
MAX_NAMED = 10  # failed checks named in the worksheet's comment (the feedback page lists them all)
STYLE = """
body { font-family: sans-serif; margin: 2em auto; max-width: 50em; color: #1d1d1d; }
.passed { color: #1a6b2a; } .failed { color: #a01818; } .late { color: #a04000; }
pre { background: #f4f4f4; padding: 0.6em; overflow-x: auto; }
li { margin-bottom: 0.8em; } .hint { font-style: italic; }
"""


def split_output(output: str) -> tuple[str, str]:
    """A verdict's text and its hint (the line "hint: ..." that graders.scoring adds under a failure)."""
    lines = output.split("\n")
    hints = [line.removeprefix("hint: ") for line in lines if line.startswith("hint: ")]
    return "\n".join(line for line in lines if not line.startswith("hint: ")), " ".join(hints)


def score_line(data: dict) -> str:
    """The score as the student reads it, with the late penalty when one was taken."""
    extra = data.get("extra_data", {})
    text = f"{data['score']:g} of {data['max_score']:g} points"
    if extra.get("late_penalty"):
        text += (f" (submitted late: {extra['late_penalty']:g}% taken off the {extra['score_before_penalty']:g} "
                 "points the checks gave)")
    elif extra.get("late"):
        text += " (submitted late)"
    return text


def page(exercise: Exercise, data: dict, who: str) -> str:
    """The feedback page of one student's results."""
    items = []
    for check, test in zip(exercise.checks, data["tests"], strict=True):
        verdict, hint = split_output(str(test.get("output", "")))
        passed = test.get("status") == "passed"
        hint = hint or (check.hint if not passed else "")
        kind = "hidden check" if check.hidden else "public check"
        body = "" if passed else f"<pre>{html.escape(verdict)}</pre>"
        body += f'<p class="hint">Hint: {html.escape(hint)}</p>' if hint and not passed else ""
        points = f'{test["max_score"]:g} point{"" if test["max_score"] == 1 else "s"}'
        items.append(f'<li><b>{html.escape(check.name)}</b> ({kind}, {points}): '
                     f'<span class="{"passed" if passed else "failed"}">{"passed" if passed else "failed"}</span>'
                     f"{body}</li>")
    summary = str(data.get("output", ""))
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(exercise.title)}: feedback</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(exercise.title)}: feedback for {html.escape(who)}</h1>",
        f"<p><b>Score: {html.escape(score_line(data))}</b></p>",
        f"<pre>{html.escape(summary)}</pre>" if summary else "",
        "<p>Hidden checks are new inputs of the same kind as the public ones: their inputs and answers are not "
        "shown, only how they failed and a hint.</p>",
        f"<ol>{''.join(items)}</ol>" if items else "",
        "</body></html>\n",
    ])


def comment(data: dict) -> str:
    """The worksheet's feedback comment: the score, then which checks failed (hidden ones marked so)."""
    failed = []
    for test in data["tests"]:
        if test.get("status") != "passed":
            name = str(test.get("name", "a check"))
            failed.append(f"{name.removeprefix('hidden: ')} (hidden)" if name.startswith("hidden: ")
                          else name.removeprefix("public: "))
    passed = len(data["tests"]) - len(failed)
    text = f"{score_line(data)}; {passed} of {len(data['tests'])} checks passed."
    if failed and not passed:
        text += " No check passed."
    elif failed:
        shown = failed[:MAX_NAMED]
        more = f"; and {len(failed) - len(shown)} more" if len(failed) > len(shown) else ""
        text += " Failed: " + "; ".join(shown) + more + "."
    reason = str(data.get("extra_data", {}).get("no_notebook", ""))
    return f"{reason[:1].upper()}{reason[1:]}. {text}" if reason else text


def folder_name(text: str) -> str:
    """A name fit for one path part in Moodle's and Canvas's naming: no "/", no "_", not hidden."""
    cleaned = re.sub(r"[/\\_\x00-\x1f]+", " ", text).strip().lstrip(".~")
    return cleaned or "student"


def moodle_zip(exercise: Exercise, graded: list[tuple[object, dict]], path: Path) -> int:
    """Moodle's "feedback files in a zip" for the Moodle students among the graded; how many went in."""
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for submission, data in graded:
            found = getattr(submission, "found", None)
            if found is None or found.platform != "moodle":
                continue
            participant = found.student.removeprefix("moodle-")
            member = zipfile.ZipInfo(f"{folder_name(found.name)}_{participant}_assignfeedback_file/{PAGE}",
                                     date_time=(2026, 1, 1, 0, 0, 0))
            member.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(member, page(exercise, data, found.name))
            count += 1
    return count


def canvas_folders(exercise: Exercise, graded: list[tuple[object, dict]], folder: Path) -> int:
    """A folder per Canvas student (`<name>_<user id>/feedback.html`); how many were written."""
    count = 0
    for submission, data in graded:
        found = getattr(submission, "found", None)
        if found is None or found.platform != "canvas":
            continue
        target = folder / f"{folder_name(found.name)}_{found.student.removeprefix('canvas-')}"
        target.mkdir(parents=True, exist_ok=True)
        (target / PAGE).write_text(page(exercise, data, found.name), encoding="utf-8")
        count += 1
    return count
