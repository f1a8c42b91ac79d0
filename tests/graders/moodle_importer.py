"""What Moodle's importers accept, written from their PHP (moodle/moodle, read for this test helper):

- lib/csvlib.class.php, csv_import_reader::load_csv_content (commit cf29c007): the text is converted to UTF-8,
  its BOM trimmed ("core_text::trim_utf8_bom"), "\\r\\n?" made "\\n" and the whole trimmed; rows are read with
  fgetcsv(delimiter, '"'); a line that is a single null is skipped; no row at all is "csvemptyfile"; a row
  whose cell count differs from the header's is "csvweirdcolumns".
- mod/assign/feedback/offline/importgradeslib.php (commit 9762977c), init(): "$strgrade =
  get_string('gradenoun'); $strid = get_string('recordid', 'assign'); $strmodified =
  get_string('lastmodifiedgrade', 'assign');", each column found by "$column == ..."; "if ($this->idindex < 0
  || $this->gradeindex < 0 || $this->modifiedindex < 0) return false" (invalidgradeimport); a feedback plugin's
  column is found by its description (assignfeedback_comments: get_string('pluginname',
  'assignfeedback_comments')). next(): "$id = substr($idstr, strlen(get_string('hiddenuser', 'assign')));",
  the id must be a participant's; "$result->modified = strtotime(...)"; "if (!empty($details['index']))": a
  feedback column at index 0 is never read.
- mod/assign/feedback/offline/locallib.php (commit 04975560), process_import_grades: "$record->grade =
  unformat_float($record->grade);" then a grade that is '' or below 0, or above the assignment's maximum,
  is skipped.
- mod/assign/feedback/file/importziplib.php (commit 0203d8f2), is_valid_filename_for_import: files whose name
  starts with "." or "~" are skipped; each path part is "explode('_', $pathpart, 5)", needs at least four
  pieces, the second a participant id ("is_numeric"), the third and fourth a plugin ("get_plugin_by_type");
  what follows in the path is the feedback file's name.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from datetime import datetime

from graders_instructor.grading.moodlelang import Words

NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")  # PHP's is_numeric, without spaces or hex


class ImportRefused(ValueError):
    """Moodle would refuse the whole file; the message is its language string's key."""


@dataclass(frozen=True)
class Row:
    """What the importer takes from one row."""

    grade: float | None  # None: the row's grade is skipped
    modified: datetime | None  # None: strtotime failed
    feedback: str | None  # None: no feedback column read


def rows(content: bytes) -> list[list[str]]:
    """csv_import_reader::load_csv_content's rows."""
    text = content.decode("utf-8").removeprefix("\ufeff")
    text = re.sub(r"\r\n?", "\n", text).strip()
    table = [row for row in csv.reader(text.split("\n") if text else []) if row != []]
    if not table:
        raise ImportRefused("csvemptyfile")
    if any(len(row) != len(table[0]) for row in table):
        raise ImportRefused("csvweirdcolumns")
    return table


def unformat_float(value: str, decsep: str) -> float | None:
    """lib/moodlelib.php's unformat_float, strict: None for '' (no grade); a non-number is refused here
    (Moodle's lenient cast would read it as 0)."""
    value = value.strip().replace(" ", "").replace(decsep, ".")
    if value == "":
        return None
    if not NUMBER.fullmatch(value):
        raise AssertionError(f"{value!r} is not a number Moodle reads")
    return float(value)


def import_worksheet(content: bytes, words: Words, participants: set[str], max_grade: float,
                     decsep: str = ".") -> dict[str, Row]:
    """Participant id -> what Moodle imports from the worksheet (ImportRefused if it refuses the file)."""
    table = rows(content)
    header = table[0]
    found = {key: header.index(name) for key, name in (("id", words.recordid), ("grade", words.grade),
                                                        ("modified", words.lastmodifiedgrade)) if name in header}
    if len(found) < 3:
        raise ImportRefused("invalidgradeimport")
    comments = header.index(words.comments) if words.comments in header else None
    prefix = len(words.hiddenuser.encode())
    imported: dict[str, Row] = {}
    for row in table[1:]:
        participant = row[found["id"]].encode()[prefix:].decode()
        if participant not in participants:
            continue
        grade = unformat_float(row[found["grade"]], decsep)
        if grade is not None and not 0 <= grade <= max_grade:
            grade = None
        try:
            modified = datetime.fromisoformat(row[found["modified"]])
        except ValueError:
            modified = None
        imported[participant] = Row(grade, modified, row[comments] if comments else None)
    return imported


def feedback_files(names: list[str], participants: set[str], plugins: set[tuple[str, str]]) -> dict[str, str]:
    """Participant id -> the feedback file's name, for each member of a feedback zip Moodle takes."""
    taken: dict[str, str] = {}
    for name in names:
        if name.endswith("/") or name.rsplit("/", 1)[-1][:1] in (".", "~"):
            continue
        parts = ("/" + name).split("/")
        while parts:
            info = parts.pop(0).split("_", 4)
            if len(info) < 4 or not info[1].isdigit() or info[1] not in participants:
                continue
            if (info[2], info[3]) not in plugins:
                continue
            taken[info[1]] = "/".join([info[4] if len(info) == 5 else "", *parts])
            break
    return taken
