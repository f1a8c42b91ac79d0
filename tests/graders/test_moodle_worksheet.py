"""moodle-grades.csv from the instructor's own grading worksheet (any language), and feedback in four languages.

The worksheets are laid out as Moodle writes them: mod/assign/gradingtable.php's columns when downloading (the
identifier, the full name, an extra user field, the status, the grade, the maximum grade, whether it can be
changed, the submission's last change and online text, the grade's last change, the feedback comments), written
by dataformat_csv (Spout/OpenSpout: a UTF-8 BOM, fputcsv's quoting, "\\n" line ends). German words are Moodle
4.5's de pack (projectestac/moodle-langpacks: assign.php, moodle.php, assignsubmission_onlinetext.php,
langconfig.php's decsep "," and strftimedatetime). The Bulgarian worksheet's words are made up for this test: no
Bulgarian pack was found, and the point is that a language graders_instructor/grading/moodlelang.py lacks still works.
"""

from __future__ import annotations

import csv
import html
import io
import re
import shutil
from pathlib import Path

import pytest

from graders.scoring import HIDDEN_TEXT
from graders.values import Foreign, parse_type, type_problem
from graders_instructor.grading.feedback import comment, page
from graders_instructor.grading.feedbacklang import LANGUAGES, SENTENCES, WORDS, sentence, verdict
from graders_instructor.grading.moodlelang import WORDS as MOODLE_WORDS
from graders_instructor.grading.moodlelang import Words
from graders_instructor.grading.moodlesheet import WorksheetError, read_sheet
from graders_instructor.grading.platforms import without_notebook
from tests.graders.grader_helpers import graders_cli
from tests.graders.lms_downloads import ISLANDS, LATE_PENALTY, Graded, shared_batch
from tests.graders.moodle_importer import import_worksheet
from tests.graders.test_lms_feedback import graded_from

# The worksheet's other headers, per language: extra user field, status, can be changed, last modified
# (submission), the online text plugin's name; then a row's status and a date as userdate writes them.
OTHER = {
    "en": ("Email address", "Status", "Grade can be changed", "Last modified (submission)", "Online text",
           "Submitted for grading", "Tuesday, 1 December 2026, 10:15 AM"),
    "de": ("E-Mail-Adresse", "Status", "Bewertung kann geändert werden", "Zuletzt geändert (Abgabe)",
           "Texteingabe online", "Zur Bewertung abgegeben", "1. Dezember 2026, 10:15"),
    "bg": ("Имейл адрес", "Статус", "Оценката може да бъде променена", "Последна промяна (предаване)",
           "Онлайн текст", "Предадено за оценяване", "1 декември 2026, 10:15"),
}
BULGARIAN = Words("Участник ", "Идентификатор", "Пълно име", "Оценка", "Максимална оценка",
                  "Последна промяна (оценка)", "Коментари")  # made up (see the docstring)
SHEET_WORDS = {"en": MOODLE_WORDS["en"], "de": MOODLE_WORDS["de"], "bg": BULGARIAN}
DECSEP = {"en": ".", "de": ",", "bg": ","}
PARTICIPANTS = {"2001": "Jane Roe", "2002": "Иван Петров", "2004": "Max Mustermann"}  # 2004 did not submit


def fputcsv(row: list[str]) -> str:
    """One line as PHP's fputcsv writes it: a cell with a space, comma, quote, tab or line break is quoted."""
    return ",".join(f'"{cell.replace(chr(34), chr(34) * 2)}"' if re.search(r'[ ,"\t\r\n\\]', cell) else cell
                    for cell in row) + "\n"


def worksheet(lang: str, comments: bool = True) -> str:
    """A grading worksheet as Moodle writes it for the participants, one of them graded already."""
    words, (email, status, changeable, submitted, online, submitted_status, date) = SHEET_WORDS[lang], OTHER[lang]
    header = [words.recordid, words.fullname, email, status, words.grade, words.maxgrade, changeable, submitted,
              online, words.lastmodifiedgrade, words.comments]
    maximum = f"30{DECSEP[lang]}00"
    rows = [[f"{words.hiddenuser}{participant}", name, f"user{participant}@example.org", submitted_status,
             f"12{DECSEP[lang]}00" if participant == "2001" else "", maximum, "Yes", date, "",
             date if participant == "2001" else "-", "<p>first try</p>" if participant == "2001" else ""]
            for participant, name in PARTICIPANTS.items()]
    cut = None if comments else -1  # without the feedback comments plugin, no last column
    return "\ufeff" + "".join(fputcsv(row[:cut]) for row in [header, *rows])


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    """The Canvas and Moodle downloads graded with a late penalty (shared with test_lms_feedback)."""
    return shared_batch(tmp_path_factory)


def test_the_columns_are_found_by_name_in_a_known_language_and_by_moodles_order_in_any_other(tmp_path: Path):
    for lang in ("en", "de", "bg"):
        path = tmp_path / f"{lang}.csv"
        path.write_text(worksheet(lang), encoding="utf-8")
        sheet = read_sheet(path)
        words = SHEET_WORDS[lang]
        assert (sheet.header[sheet.grade], sheet.header[sheet.modified], sheet.header[sheet.comments]) == (
            words.grade, words.lastmodifiedgrade, words.comments), lang
        assert sheet.prefix == words.hiddenuser and sheet.decsep == DECSEP[lang]
        assert [sheet.participant(row) for row in sheet.rows] == list(PARTICIPANTS)
        assert sheet.maximum == 30 and sheet.maximum_note(30) == ""
        assert "Moodle skips every grade above 30; set the maximum grade to 40 first" in sheet.maximum_note(40)
        assert "not rescaled" in sheet.maximum_note(20)
        assert sheet.maximum_note(20).endswith(
            "a full score shows as 20/30 in Moodle: set the maximum grade to 20 for grades out of 20)")
    resaved = "".join(";".join(row) + "\r\n" for row in csv.reader(io.StringIO(worksheet("de").lstrip("\ufeff"))))
    path.write_text(resaved, encoding="utf-8")  # as a spreadsheet saves it again: semicolons, CRLF, no BOM
    sheet = read_sheet(path)
    assert sheet.header[sheet.grade] == "Bewertung" and len(sheet.rows) == len(PARTICIPANTS)
    assert sheet.rows[0][sheet.modified] == OTHER["de"][-1]  # "1. Dezember 2026, 10:15": the comma kept in its cell
    path.write_text(worksheet("bg", comments=False), encoding="utf-8")
    sheet = read_sheet(path)
    assert sheet.comments is None and sheet.header[sheet.modified] == BULGARIAN.lastmodifiedgrade
    assert "no feedback comments column" in sheet.columns()


@pytest.mark.parametrize(("content", "message"), [
    ("", "is empty"),
    ("Student,ID,Section\nRoe Jane,1001,A\n", "first column is not \"Identifier\""),
    ("Identifier,Grade\nParticipant 1,3,4\n", "rows do not all have as many cells"),
    ("Identifier,Full name\n", "lists no participant"),
    ("Identifier,Full name,Grade,Scale\nParticipant 1,Jane,Good,\"Bad\nGood\"\n", "graded in points"),
    ("Identifier,Full name,Grade,Scale,Last modified (grade)\nParticipant 1,Jane,Good,\"Bad\nGood\",-\n",
     "not graded in points"),
])
def test_a_file_that_is_not_a_worksheet_is_refused_with_the_reason(tmp_path: Path, content: str, message: str):
    path = tmp_path / "sheet.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(WorksheetError, match=re.escape(message)):
        read_sheet(path)
    path.write_bytes(b"\xff\xfe" + "Identifier".encode("utf-16-le"))
    with pytest.raises(WorksheetError, match="not UTF-8"):
        read_sheet(path)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de", "bg"])
def test_the_worksheet_filled_in_is_what_moodles_importer_takes(batch: Graded, tmp_path: Path, lang: str):
    from graders_instructor.grading.gradebook import moodle_from_sheet

    path = tmp_path / "sheet.csv"
    path.write_text(worksheet(lang), encoding="utf-8")
    sheet = read_sheet(path)
    text, missing, absent = moodle_from_sheet(sheet, graded_from(batch), "2026-12-02T05:00:00+00:00", lang)
    assert text.splitlines()[0].split(",") == sheet.header  # exactly the worksheet's headers
    assert missing == ["Ana García (2003)"] and absent == [f"{SHEET_WORDS[lang].hiddenuser}2004"]
    imported = import_worksheet(text.encode(), SHEET_WORDS[lang], set(PARTICIPANTS), ISLANDS.max_score, DECSEP[lang])
    assert sorted(imported) == ["2001", "2002"]  # 2004 is left out: Moodle keeps their grade
    assert imported["2001"].grade == 30 and imported["2002"].grade == batch.results["moodle-2002"]["score"] < 30
    assert all(row.modified is not None and row.modified.isoformat() == "2026-12-02T05:00:00+00:00"
               for row in imported.values())
    assert imported["2001"].feedback == comment(batch.results["moodle-2001"], lang)
    expected = {"en": "30 of 30 points; 30 of 30 checks passed.",
                "de": "30 von 30 Punkten; 30 von 30 Prüfungen bestanden.",
                "bg": "30 от 30 точки; 30 от 30 проверки са успешни."}
    assert imported["2001"].feedback == expected[lang]


@pytest.mark.slow
def test_the_grade_command_follows_the_worksheet_and_says_who_is_missing(batch: Graded, tmp_path: Path):
    out = tmp_path / "out"
    shutil.copytree(batch.out, out)  # the batch's results: grade again only writes the files anew
    sheet = tmp_path / "Bewertungstabelle.csv"
    sheet.write_text(worksheet("de"), encoding="utf-8")
    run = graders_cli("grade", "01-islands", str(batch.out.parent / "moodle.zip"), "--out", str(out),
                      "--late-penalty", LATE_PENALTY, "--lang", "de", "--moodle-worksheet", str(sheet), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "3/3 (2 already done)" in run.stderr  # both notebooks kept their results (no notebook: nothing to run)
    assert 'grades in "Bewertung", the time in "Zuletzt geändert (Bewertung)", comments in "Feedback als ' \
           'Kommentar"' in run.stderr
    assert "1 graded Moodle student(s) not in the worksheet" in run.stderr and "Ana García (2003)" in run.stderr
    assert "1 participant(s) of the worksheet with no submission here" in run.stderr
    assert "Teilnehmer/in2004" in run.stderr
    generic = "Moodle skips a grade above the assignment's maximum grade: give the assignment 30 points"
    assert generic in batch.stderr and generic not in run.stderr  # the worksheet's maximum is known: 30, right
    assert "maximum grade in Moodle is" not in run.stderr
    text = (out / "moodle-grades.csv").read_bytes()
    imported = import_worksheet(text, MOODLE_WORDS["de"], set(PARTICIPANTS), ISLANDS.max_score, ",")
    assert imported["2002"].feedback.startswith("25 von 30 Punkten; 25 von 30 Prüfungen bestanden. Nicht bestanden:")
    ivan = (out / "moodle-2002" / "feedback.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in ivan and "Rückmeldung für Иван Петров" in ivan
    assert "falsche Antwort\n  Eingabe:  lanes_needed(8, [[1, 2], [2, 3], [4, 5], [6, 7], [7, 8]])\n" \
           "  erwartet: 2\n  erhalten: 3</pre>" in ivan
    bad = tmp_path / "bad.csv"
    bad.write_text("Student,ID\nRoe Jane,1001\n", encoding="utf-8")
    refused = graders_cli("grade", "01-islands", str(batch.out.parent / "moodle.zip"), "--out", str(tmp_path / "x"),
                          "--moodle-worksheet", str(bad), cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.startswith("error: --moodle-worksheet ")
    assert "Traceback" not in refused.stderr and not (tmp_path / "x").exists()  # refused before any grading


def english_fragments() -> set[str]:
    """Every run of English words in the fixed texts (placeholders and counted forms cut out)."""
    templates = [*WORDS["en"].values(), *SENTENCES]
    parts = {part.strip(" .,:;()`?%-") for template in templates for part in re.split(r"\{[^}]*\}", template)}
    return {part for part in parts if re.search(r"[a-z]{3}", part) and part not in ("os._exit",)}


@pytest.mark.slow
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_languages_feedback_has_no_english_left(batch: Graded, lang: str):
    """Every student's page and comment of the real batch, less what the exercise and the student wrote."""
    fragments = english_fragments()
    assert {"of", "points the checks gave", "Hidden checks are new inputs"} & fragments
    own = sorted({check.name for check in ISLANDS.checks} | {check.hint for check in ISLANDS.checks if check.hint}
                 | {ISLANDS.title, "Иван Петров", "Jane Roe", "Ana García", "doejohn", "smithbob", "leeann",
                    "doejane", "islands.ipynb", "islands.py", "notes.txt", "onlinetext.html"}, key=len, reverse=True)
    for ident, data in batch.results.items():
        texts = [page(ISLANDS, data, ident, lang), comment(data, lang)]
        for text in texts:
            text = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", text, flags=re.S))
            for phrase in own:
                text = text.replace(phrase, " ")
            for phrase in ("NotImplementedError", "lanes_needed", "islands("):
                text = text.replace(phrase, " ")
            left = sorted(fragment for fragment in fragments if re.search(rf"\b{re.escape(fragment)}\b", text))
            assert left == [], (ident, lang, left, text)


def test_the_grade_commands_languages_are_the_feedbacks():
    from graders_instructor.grading.moodlelang import LANGUAGES as MOODLE_LANGUAGES

    assert sorted(MOODLE_LANGUAGES) == sorted(LANGUAGES) == sorted(WORDS)
    assert all(WORDS[lang].keys() == WORDS["en"].keys() for lang in LANGUAGES)


MISSING = Foreign("Island")  # an object of a class the submission made


def test_the_graders_fixed_sentences_are_each_translated():
    filled = [template.format(returns="tuple[int, int, bool]", name="islands") for template in HIDDEN_TEXT.values()]
    filled += [without_notebook(names, "islands.ipynb") for names in (["a.py"], ["notes.txt"], [])]
    for lang in ("de", "es", "bg"):
        for line in filled:
            assert sentence(line, lang) != line, (lang, line)
        assert "islands" in sentence("`islands` is not defined in the notebook as a function", lang)
        for answer in ([1, 2, 3], (1, 2), (1, "2", True), MISSING):
            problem = type_problem(answer, parse_type("tuple[int, int, bool]"))
            said = sentence(f"wrong type: the answer must be tuple[int, int, bool], got {problem}", lang)
            assert not re.search(r"\b(an?|holding|items|object of type)\b", said), said
        shown = verdict("wrong answer\n  input:    f(1)\n  expected: 2\n  got:      3", lang).split("\n")
        assert shown[0] == WORDS[lang]["wrong answer"]
        assert len({line.index(value) for line, value in zip(shown[1:], ("f(1)", "2", "3"), strict=True)}) == 1
