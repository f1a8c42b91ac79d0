"""Grade exports a learning platform imports: Canvas's gradebook CSV and Moodle's grading worksheet."""

from __future__ import annotations

from graders_instructor.grading.batch import Submission, csv_text
from graders_instructor.grading.feedback import comment
from graders_instructor.grading.moodlelang import words as moodle_words
from graders_instructor.grading.moodlesheet import Sheet
from graders_instructor.grading.platforms import Found

# Canvas's gradebook export and import: the student's name, Canvas user id, the SIS ids and section (which
# Canvas fills in itself when left empty), then one column per assignment headed "Title (assignment id)".
# The row under the header says each assignment's points possible.
CANVAS_FIELDS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
# Moodle's offline grading worksheet (Assignment → "Upload grading worksheet"): rows are matched by
# "Identifier", which is "Participant <participant id>" (in the site's language: grading/moodlelang.py).


def canvas_column(title: str, assignment_id: str | None) -> str:
    """The assignment's column heading: Canvas matches "Title (id)" to an existing assignment."""
    return f"{title} ({assignment_id})" if assignment_id else title


def is_anonymous(found: Found) -> bool:
    """Whether a Canvas submission came from an anonymous download (its student is `anon-ID`, not a user id)."""
    return found.platform == "canvas" and found.student.startswith("canvas-anon-")


def anonymous_note(anonymous: int, canvas: int) -> str:
    """Why anonymous Canvas students are not in canvas-grades.csv (and why there is none if all of them are)."""
    why = ("Canvas's grade import finds a student by the user id, which an anonymous download does not give; "
           "enter the grades in SpeedGrader (summary.csv has them)")
    if anonymous == canvas:
        return f"no canvas-grades.csv: every Canvas submission is anonymous, and {why}"
    return f"canvas-grades.csv leaves out {anonymous} anonymous Canvas submission{'s' * (anonymous != 1)}: {why}"


def canvas_csv(graded: list[tuple[Submission, dict]], column: str, max_score: float) -> str:
    """The Canvas gradebook CSV of the named Canvas students among the graded (others have no Canvas user id:
    Canvas's import matches a row by its ID column, which an anonymous download does not give)."""
    rows = [[*CANVAS_FIELDS, column], ["Points Possible", "", "", "", "", f"{max_score:g}"]]
    for submission, data in graded:
        found = submission.found
        if found is None or found.platform != "canvas" or is_anonymous(found):
            continue
        rows.append([found.name, found.student.removeprefix("canvas-"), "", "", "", f"{data['score']:g}"])
    return csv_text(rows)


def moodle_csv(graded: list[tuple[Submission, dict]], lang: str = "en", modified: str = "") -> str:
    """Moodle's grading worksheet for the Moodle students among the graded, its headers in the site's language.

    The importer (moodlelang's docstring) needs "Identifier", "Grade" and "Last modified (grade)" and reads
    "Feedback comments", which must not be the first column; a grade is a number from 0 to the maximum.
    modified is the grading time as strtotime reads it (ISO 8601); Moodle skips a row whose grade was changed
    in Moodle after it, unless the upload allows that.
    """
    words, _ = moodle_words(lang)
    rows = [[words.recordid, words.fullname, words.grade, words.maxgrade, words.lastmodifiedgrade, words.comments]]
    for submission, data in graded:
        found = submission.found
        if found is None or found.platform != "moodle":
            continue
        rows.append([f"{words.hiddenuser}{found.student.removeprefix('moodle-')}", found.name, f"{data['score']:g}",
                     f"{data['max_score']:g}", modified, comment(data, lang)])
    return csv_text(rows)


def moodle_from_sheet(sheet: Sheet, graded: list[tuple[Submission, dict]], modified: str,
                      lang: str = "en") -> tuple[str, list[str], list[str]]:
    """The instructor's own worksheet with the Moodle students' grades, time and comments filled in.

    Only the rows of graded participants are written (Moodle leaves the others as they are). Returns the file's
    text, the graded Moodle students the worksheet does not list, and the worksheet's participants with no
    submission among the graded.
    """
    moodle = {found.student.removeprefix("moodle-"): (found, data) for found, data in
              ((submission.found, data) for submission, data in graded)
              if found is not None and found.platform == "moodle"}
    rows, listed = [], set()
    for row in sheet.rows:
        participant = sheet.participant(row)
        if participant not in moodle:
            continue
        listed.add(participant)
        data = moodle[participant][1]
        row = list(row)
        row[sheet.grade] = f"{data['score']:g}".replace(".", sheet.decsep)
        row[sheet.modified] = modified
        if sheet.comments is not None:
            row[sheet.comments] = comment(data, lang)
        rows.append(row)
    missing = [f"{found.name} ({participant})" for participant, (found, _) in moodle.items()
               if participant not in listed]
    absent = [row[0] for row in sheet.rows if sheet.participant(row) not in moodle]
    return csv_text([sheet.header, *rows]), missing, absent
