"""The grading worksheet an instructor downloads from their own Moodle, filled in with a batch's grades.

Moodle writes the worksheet (Assignment → "Download grading worksheet": mod/assign/feedback/offline/locallib.php,
download_grades, through mod/assign/gradingtable.php with is_downloading) in the downloader's language, and its
importer compares the headers with the same strings in the uploader's language. So a worksheet's own header row
is right in any language, whether or not grading/moodlelang.py knows it. gradingtable.php's columns come in a
fixed order: "Identifier" first (get_string('hiddenuser', 'assign') followed by the participant id), then the
full name and the site's extra user fields, the status, "Grade" (format_float of the grade, or empty), "Maximum
Grade" (format_float of the assignment's maximum, the same in every row), whether the grade can be changed,
the submission's last change and text fields, "Last modified (grade)" ("-" or userdate), each feedback
plugin's text field ("Feedback comments"), and the outcomes if any. A known language's words find the columns
by name; otherwise that order does.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from graders_instructor.grading.moodlelang import WORDS

IDENTIFIER = re.compile(r"^(\D*?)(\d+)$")  # hiddenuser + the participant id
NUMBER = re.compile(r"^\d+([.,]\d+)?$")  # format_float of a non-negative grade, either decimal separator
TIME = re.compile(r"\d:\d\d")  # userdate's time of day, in every language's strftimedatetime


class WorksheetError(ValueError):
    """A file that is not a Moodle grading worksheet Moodle would take back."""


@dataclass(frozen=True)
class Sheet:
    """A downloaded worksheet and where its importer's columns are."""

    header: list[str]
    rows: list[list[str]]
    prefix: str  # what comes before the participant id in "Identifier"
    grade: int
    modified: int
    comments: int | None  # None: the assignment's feedback comments are off
    decsep: str  # the decimal separator the worksheet's numbers use
    maximum: float  # the assignment's maximum grade

    def maximum_note(self, points: float) -> str:
        """What to fix when the assignment's maximum grade is not the exercise's points (else "")."""
        if self.maximum < points:
            return (f"the assignment's maximum grade in Moodle is {self.maximum:g} but the exercise gives up to "
                    f"{points:g} points: Moodle skips every grade above {self.maximum:g}; set the maximum grade to "
                    f"{points:g} first")
        if self.maximum > points:
            return (f"the assignment's maximum grade in Moodle is {self.maximum:g}, the exercise's points "
                    f"{points:g}: the grades are points out of {points:g}, not rescaled (a full score shows as "
                    f"{points:g}/{self.maximum:g} in Moodle: set the maximum grade to {points:g} for grades out of "
                    f"{points:g})")
        return ""

    def participant(self, row: list[str]) -> str:
        """The participant id of a row."""
        return row[0][len(self.prefix):]

    def columns(self) -> str:
        """Which headers the grades, the time and the comments go into, for the instructor to see."""
        comments = f', comments in "{self.header[self.comments]}"' if self.comments is not None else (
            "; no feedback comments column (turn on Feedback comments in the assignment to send them)")
        return (f'grades in "{self.header[self.grade]}", the time in "{self.header[self.modified]}"'
                f"{comments}")


def parse(text: str) -> list[list[str]]:
    """The worksheet's rows as Moodle's own CSV reader sees them (BOM and blank lines dropped).

    Moodle writes commas; a spreadsheet that saved the file again may have used semicolons or tabs (Moodle's
    upload form asks which), so the separator that splits the header into the most cells is taken.
    """
    text = text.removeprefix("\ufeff")
    first = text.split("\n", 1)[0]
    separator = max((",", ";", "\t"), key=lambda candidate: len(next(csv.reader([first], delimiter=candidate), [])))
    try:
        table = [row for row in csv.reader(io.StringIO(text, newline=""), delimiter=separator)
                 if any(cell.strip() for cell in row)]
    except csv.Error as error:
        raise WorksheetError(f"not a CSV file Moodle wrote ({error})") from None
    if not table:
        raise WorksheetError("the file is empty")
    if any(len(row) != len(table[0]) for row in table):
        raise WorksheetError("its rows do not all have as many cells as its header (Moodle refuses such a file)")
    return table


def known_columns(header: list[str]) -> tuple[int, int, int | None] | None:
    """Grade, time and comments columns by a known language's words, or None."""
    for words in WORDS.values():
        if {words.recordid, words.grade, words.lastmodifiedgrade} <= set(header) and header[0] == words.recordid:
            comments = header.index(words.comments) if words.comments in header else None
            return header.index(words.grade), header.index(words.lastmodifiedgrade), comments
    return None


def ordered_columns(header: list[str], rows: list[list[str]]) -> tuple[int, int, int | None]:
    """Grade, time and comments columns by gradingtable.php's order (a language moodlelang.py lacks)."""
    def column(index: int) -> list[str]:
        return [row[index].strip() for row in rows]

    grade = next((index - 1 for index in range(2, len(header))
                  if len(set(column(index))) == 1 and NUMBER.match(column(index)[0])
                  and all(cell == "" or NUMBER.match(cell) for cell in column(index - 1))), None)
    if grade is None:
        raise WorksheetError("no grade column followed by the maximum grade: is the assignment graded in points "
                             "(not a scale), and is this the worksheet Moodle wrote?")
    times = [index for index in range(grade + 2, len(header))
             if all(cell == "-" or TIME.search(cell) for cell in column(index))]
    if not times:
        raise WorksheetError("no \"Last modified (grade)\" column after the grade: is this the worksheet Moodle wrote?")
    modified = times[-1]
    return grade, modified, modified + 1 if modified + 1 < len(header) else None


def read_sheet(path: Path) -> Sheet:
    """The worksheet at path, with its importer's columns found; WorksheetError says why it cannot be used."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise WorksheetError(f"{path} is not UTF-8 text: download the worksheet from Moodle again") from None
    except OSError as error:
        raise WorksheetError(f"{path}: {error.strerror}") from None
    try:
        header, *rows = parse(text)
    except WorksheetError as error:
        raise WorksheetError(f"{path}: {error}") from None
    if not rows:
        raise WorksheetError(f"{path} lists no participant")
    found = [IDENTIFIER.match(row[0].strip()) for row in rows]
    prefixes = {match.group(1) for match in found if match}
    if not all(found) or len(prefixes) != 1:
        raise WorksheetError(f'{path}: its first column is not "Identifier" (the same word followed by a number in '
                             "every row): is this Moodle's grading worksheet?")
    try:
        grade, modified, comments = known_columns(header) or ordered_columns(header, rows)
    except WorksheetError as error:
        raise WorksheetError(f"{path}: {error}") from None
    maximum = rows[0][grade + 1].strip() if grade + 1 < len(header) else ""
    if not NUMBER.match(maximum):
        raise WorksheetError(f"{path}: the assignment is not graded in points (no maximum grade after the grade: "
                             "a scale?); give it the exercise's points as its maximum grade")
    rows = [[row[0].strip(), *row[1:]] for row in rows]
    return Sheet(header, rows, prefixes.pop(), grade, modified, comments, "," if "," in maximum else ".",
                 float(maximum.replace(",", ".")))
