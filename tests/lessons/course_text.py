"""The course's prose read from the lessons' .md sources: paragraphs by section, prose stretches, the glossary.

A lesson's source (jupytext MyST) is cut into code cells and markdown; the markdown into
paragraphs (blank lines apart), each tagged with its lesson and its section (the last `## `
heading above it; "In short" before the first one). Fenced blocks, tables and pictures are
not prose: they break a stretch of prose as a program does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tests.lessons.lesson_helpers import LESSONS

GLOSSARY = LESSONS / "GLOSSARY.md"
FIRST_SECTION = "In short"
CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```[ \t]*$", re.S | re.M)


@dataclass(frozen=True)
class Paragraph:
    """One paragraph of prose: its lesson (the .md file name), its section and its text."""

    lesson: str
    section: str
    text: str
    heading: bool


@dataclass(frozen=True)
class Entry:
    """One row of the glossary: the spellings of a term, its plain words, where it is explained."""

    term: str
    spellings: tuple[str, ...]
    plain: str
    lesson: str
    section: str


def course_lessons() -> list[Path]:
    """The lessons' .md sources in course order: 01 to 06, then the bonus."""
    numbered = sorted(LESSONS.glob("[0-9][0-9]-*.md"))
    return numbered + sorted(LESSONS.glob("bonus-*.md"))


def body(path: Path) -> str:
    """The lesson's source without its front matter."""
    text = path.read_text(encoding="utf-8")
    if text.startswith("---\n"):
        text = text.split("\n---\n", 1)[1]
    return text


def is_break(line: str) -> bool:
    """A line that is not prose: a row of a table or a picture."""
    stripped = line.strip()
    return stripped.startswith(("|", "![", "<img", "<svg"))


def markdown_lines(path: Path) -> list[str | None]:
    """The lesson's markdown lines, with None wherever a program, fence, table or picture stands."""
    lines: list[str | None] = []
    for number, part in enumerate(CODE_CELL.split(body(path))):
        if number:
            lines.append(None)  # the code cell between two markdown parts
        fenced = False
        for line in part.splitlines():
            if line.strip().startswith("```"):
                fenced = not fenced
                lines.append(None)
            elif fenced or is_break(line):
                lines.append(None)
            elif line.strip() != "+++":
                lines.append(line)
    return lines


def stretches(path: Path) -> list[str]:
    """The runs of prose between programs, tables, fenced blocks and pictures."""
    runs, current = [], []
    for line in [*markdown_lines(path), None]:
        if line is None:
            if " ".join(current).split():
                runs.append(" ".join(current))
            current = []
        else:
            current.append(line)
    return runs


def paragraphs(path: Path) -> list[Paragraph]:
    """The lesson's paragraphs of prose in order, each with its section."""
    found, section, current = [], FIRST_SECTION, []

    def close() -> None:
        text = " ".join(current).strip()
        if text:
            found.append(Paragraph(path.name, section, text, False))
        current.clear()

    for line in [*markdown_lines(path), None]:
        if line is None or not line.strip():
            close()
        elif line.startswith("#"):
            close()
            if line.startswith("## "):
                section = line[3:].strip()
            found.append(Paragraph(path.name, section, line.lstrip("#").strip(), True))
        else:
            current.append(line.strip())
    return found


def plain_text(text: str) -> str:
    """Prose without inline code and link targets: names in backticks are code, not terms."""
    text = re.sub(r"`[^`]*`", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def term_pattern(spelling: str) -> re.Pattern[str]:
    """A spelling as a whole word or phrase, any case, with a plural ending allowed."""
    words = r"\s+".join(re.escape(word) for word in spelling.split())
    return re.compile(rf"(?<![\w-]){words}(?:s|es)?(?![\w-])", re.I)


def mentions(text: str, spellings: tuple[str, ...]) -> bool:
    """Does the prose name the term in one of its spellings?"""
    plain = plain_text(text)
    return any(term_pattern(spelling).search(plain) for spelling in spellings)


def emphasised(text: str) -> list[str]:
    """The spans of a paragraph set in bold or italics: where the lessons introduce a term."""
    plain = plain_text(text)
    bold = re.findall(r"\*\*(.+?)\*\*", plain)
    italic = re.findall(r"(?<![*\w])\*([^*\s][^*]*?)\*(?![*\w])", re.sub(r"\*\*.+?\*\*", " ", plain))
    return bold + italic


def read_glossary(path: Path = GLOSSARY) -> list[Entry]:
    """The glossary's rows: `| term | in plain words | lesson.md § section |`, spellings split by ' / '."""
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("term", "") or set(cells[0]) <= set("-: "):
            continue
        term, plain, where = cells
        lesson, _, section = where.partition("§")
        spellings = tuple(s.strip() for s in term.split(" / ") if s.strip())
        entries.append(Entry(term, spellings, plain, lesson.strip().strip("`"), section.strip()))
    return entries


def first_mention(entry: Entry, lessons: list[Path]) -> Paragraph | None:
    """The first paragraph of the course (headings aside) that names the term."""
    for path in lessons:
        for paragraph in paragraphs(path):
            if not paragraph.heading and mentions(paragraph.text, entry.spellings):
                return paragraph
    return None


def explains(paragraph: Paragraph, entry: Entry) -> bool:
    """Does the paragraph introduce the term: one of its spellings set in bold or italics?"""
    return any(mentions(span, entry.spellings) for span in emphasised(paragraph.text))
