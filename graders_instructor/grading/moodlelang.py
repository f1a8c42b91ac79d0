"""The words of Moodle's grading worksheet in the site's language, as its importer compares them.

Moodle's worksheet importer (mod/assign/feedback/offline/importgradeslib.php, init and next) finds its columns
by comparing each header with get_string('recordid', 'assign'), get_string('gradenoun') and
get_string('lastmodifiedgrade', 'assign') in the language of the user who uploads, and the feedback column with
get_string('pluginname', 'assignfeedback_comments'); it reads a participant's id as what follows the first
strlen(get_string('hiddenuser', 'assign')) bytes of the "Identifier" cell (the export writes hiddenuser + id).

English is Moodle's own (mod/assign/lang/en/assign.php, lang/en/moodle.php,
mod/assign/feedback/comments/lang/en/assignfeedback_comments.php); German and Spanish are Moodle 4.5's AMOS
language packs (de/ and es/ of projectestac/moodle-langpacks, updated 2026-06-18: assign.php, moodle.php,
assignfeedback_comments.php). Bulgarian could not be verified: no Bulgarian pack of the assign module was found
(projectestac/moodle-langpacks has none; the oldest packs, Moodle 2.2's, predate mod/assign), so `--lang bg`
writes the English words and says so. `--moodle-worksheet` (moodlesheet.py) works in every language: it
takes the headers of the worksheet the instructor's own Moodle wrote.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Words:
    """The worksheet's words in one language."""

    hiddenuser: str  # the "Identifier" cell is this followed by the participant id
    recordid: str  # "Identifier"
    fullname: str  # "Full name" (moodle's fullnameuser; informative, the importer ignores it)
    grade: str  # gradenoun: "Grade"
    maxgrade: str  # assign's maxgrade (informative)
    lastmodifiedgrade: str  # "Last modified (grade)"
    comments: str  # assignfeedback_comments' pluginname: "Feedback comments"


WORDS: dict[str, Words] = {
    "en": Words("Participant ", "Identifier", "Full name", "Grade", "Maximum Grade", "Last modified (grade)",
                "Feedback comments"),
    "de": Words("Teilnehmer/in", "ID", "Vollständiger Name", "Bewertung", "Bestwertung",
                "Zuletzt geändert (Bewertung)", "Feedback als Kommentar"),
    "es": Words("Participante", "Identificador", "Nombre completo", "Calificación", "Calificación máxima",
                "Última modificación (calificación)", "Comentarios de retroalimentación"),
}
UNVERIFIED = {"bg": "en"}  # languages asked for whose Moodle strings could not be checked, and what is used instead
LANGUAGES = (*WORDS, *UNVERIFIED)


def words(lang: str) -> tuple[Words, str]:
    """The worksheet's words for a language, and a note when they are not that language's (else "")."""
    if lang in WORDS:
        return WORDS[lang], ""
    fallback = UNVERIFIED[lang]
    return WORDS[fallback], (
        f"Moodle's {lang} strings for the worksheet could not be verified, so moodle-grades.csv has Moodle's "
        f"{fallback} headers: switch your own Moodle language to {fallback} (the language menu) before you upload "
        "it, since Moodle compares the headers with the uploader's language; or download the assignment's grading "
        "worksheet from your Moodle and grade again with --moodle-worksheet FILE, which keeps its headers")
