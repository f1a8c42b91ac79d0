"""Feedback for students: an HTML page per student, packed for Moodle and Canvas, and the worksheet's comment.

A page shows each check's name, its verdict and its hint; a failed public check also its input, the expected
answer and the answer got (the verdict's own aligned lines). A hidden check's verdict never holds its input or
answer (graders.scoring writes only its kind of failure), so the page shows nothing of one either.

Moodle ("Upload multiple feedback files in a zip"): mod/assign/feedback/file/importziplib.php reads each path
part as `fullname_participantid_plugintype_pluginname` (explode('_', part, 5), at least four pieces, the second
a participant id) and stores the rest of the path as the feedback file; files whose names start with "." or "~"
are skipped. So the zip holds `<Full name>_<participant id>_assignfeedback_file/feedback.html`, with no "_" in
the name. Canvas takes grades from a CSV but comments only through SpeedGrader or its API (its importer,
app/models/gradebook_importer.rb, GradebookImporter#process_submissions, keeps only each cell's grade), so its
feedback is a folder per student for the instructor to hand out. The page's and the comment's fixed words are
in the language asked for (graders_instructor/grading/feedbacklang.py).
"""

from __future__ import annotations

import html
import re
import zipfile
from pathlib import Path

from graders.exercise import Exercise
from graders_instructor.grading.feedbacklang import sentence, verdict, word

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


def score_line(data: dict, lang: str = "en") -> str:
    """The score as the student reads it, with the late penalty when one was taken."""
    extra = data.get("extra_data", {})
    text = word(lang, "points", score=float(data["score"]), max=float(data["max_score"]))
    if extra.get("late_penalty"):
        text += word(lang, "late_penalty", penalty=float(extra["late_penalty"]),
                     before=float(extra["score_before_penalty"]))
    elif extra.get("late"):
        text += word(lang, "late")
    return text


def page(exercise: Exercise, data: dict, who: str, lang: str = "en") -> str:
    """The feedback page of one student's results, its fixed words in the language."""
    items = []
    for check, test in zip(exercise.checks, data["tests"], strict=True):
        text, hint = split_output(str(test.get("output", "")))
        passed = test.get("status") == "passed"
        hint = hint or (check.hint if not passed else "")
        kind = word(lang, "hidden check" if check.hidden else "public check")
        body = "" if passed else f"<pre>{html.escape(verdict(text, lang))}</pre>"
        body += f'<p class="hint">{html.escape(word(lang, "hint", hint=hint))}</p>' if hint and not passed else ""
        points = word(lang, "check_points", points=float(test["max_score"]))
        status = "passed" if passed else "failed"
        items.append(f"<li><b>{html.escape(check.name)}</b> ({kind}, {points}): "
                     f'<span class="{status}">{word(lang, status)}</span>{body}</li>')
    summary = verdict(str(data.get("output", "")), lang)
    return "\n".join([
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{html.escape(word(lang, 'title', title=exercise.title))}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(word(lang, 'heading', title=exercise.title, who=who))}</h1>",
        f"<p><b>{html.escape(word(lang, 'score', score=score_line(data, lang)))}</b></p>",
        f"<pre>{html.escape(summary)}</pre>" if summary else "",
        f"<p>{html.escape(word(lang, 'hidden_note'))}</p>",
        f"<ol>{''.join(items)}</ol>" if items else "",
        "</body></html>\n",
    ])


def comment(data: dict, lang: str = "en") -> str:
    """The worksheet's feedback comment: the score, then which checks failed (hidden ones marked so)."""
    failed = []
    for test in data["tests"]:
        if test.get("status") != "passed":
            name = str(test.get("name", "?"))
            failed.append(word(lang, "hidden_mark", name=name.removeprefix("hidden: ")) if name.startswith("hidden: ")
                          else name.removeprefix("public: "))
    passed = len(data["tests"]) - len(failed)
    text = f"{score_line(data, lang)}; {word(lang, 'checks_passed', passed=passed, total=len(data['tests']))}."
    if failed and not passed:
        text += " " + word(lang, "none_passed")
    elif failed:
        shown = failed[:MAX_NAMED]
        more = f"; {word(lang, 'more', count=len(failed) - len(shown))}" if len(failed) > len(shown) else ""
        text += " " + word(lang, "failed_list", names="; ".join(shown) + more)
    reason = sentence(str(data.get("extra_data", {}).get("no_notebook", "")), lang)
    return f"{reason[:1].upper()}{reason[1:]}. {text}" if reason else text


def folder_name(text: str) -> str:
    """A name fit for one path part in Moodle's and Canvas's naming: no "/", no "_", not hidden."""
    cleaned = re.sub(r"[/\\_\x00-\x1f]+", " ", text).strip().lstrip(".~")
    return cleaned or "student"


def moodle_zip(exercise: Exercise, graded: list[tuple[object, dict]], path: Path, lang: str = "en") -> int:
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
            archive.writestr(member, page(exercise, data, found.name, lang))
            count += 1
    return count


def canvas_folders(exercise: Exercise, graded: list[tuple[object, dict]], folder: Path, lang: str = "en") -> int:
    """A folder per Canvas student (`<name>_<user id>/feedback.html`); how many were written.

    Folder names are unique under casefold(): a second `anon abcde` (Canvas's anonymous ids differ by case
    only) becomes `anon abcde-2`, its id kept, so no page overwrites another on a case-insensitive disk.
    """
    count = 0
    taken: set[str] = set()
    for submission, data in graded:
        found = getattr(submission, "found", None)
        if found is None or found.platform != "canvas":
            continue
        name, user, number = folder_name(found.name), found.student.removeprefix("canvas-"), 1
        while (target := folder / f"{name}{f'-{number}' if number > 1 else ''}_{user}").name.casefold() in taken:
            number += 1
        taken.add(target.name.casefold())
        target.mkdir(parents=True, exist_ok=True)
        (target / PAGE).write_text(page(exercise, data, found.name, lang), encoding="utf-8")
        count += 1
    return count
