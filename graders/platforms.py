"""Submissions as instructors receive them: notebooks, a folder per student, Canvas and Moodle bulk-download zips.

Every source becomes a list of `Found` submissions, each with the student it belongs to. A zip is untrusted:
its members are never extracted by their own names, only regular `.ipynb` members are read, each read is
capped (whatever the member's header claims), and the whole archive has a member count and a total cap.
"""

from __future__ import annotations

import os
import re
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from graders.notebook import MAX_NOTEBOOK_BYTES

MAX_MEMBERS = 20_000  # entries in one archive (a class of hundreds, each with a few files)
MAX_TOTAL_BYTES = 1 << 30  # notebooks read out of one archive, in all
# Canvas: "smithbob_340934_208490284_islands.ipynb"; a late one "smithbob_LATE_340934_208490284_islands.ipynb";
# a resubmission keeps Canvas's renamed file ("islands-1.ipynb"). The name is Canvas's: surname then
# given name, lower case, no spaces (taken as any text without "_"); the first number is the Canvas user id.
CANVAS = re.compile(r"^(?P<name>[^_]+)(?P<late>_late)?_(?P<id>\d+)_(?P<attachment>\d+)_(?P<file>.+)$", re.I | re.S)
# Moodle: "Jane Doe_123456_assignsubmission_file_islands.ipynb", or in a folder per submission
# "Jane Doe_123456_assignsubmission_file_/islands.ipynb"; the number is the participant id.
MOODLE = re.compile(r"^(?P<name>.+?)_(?P<id>\d+)_assignsubmission_file_/?(?P<file>.+)$", re.S)


class SourceError(ValueError):
    """A source of submissions that cannot be read at all (not a notebook, folder or readable zip)."""


@dataclass(frozen=True)
class Found:
    """One student's submission: who it belongs to, where it came from, and the notebook on disk."""

    student: str  # the key of the student's results: "canvas-340934", "moodle-123456", a folder or file name
    name: str  # the student's name as the source spells it ("smithbob", "Jane Doe", the folder's name)
    platform: str  # "canvas", "moodle", "folder" or "file"
    path: Path  # the notebook to grade (for zip members: a copy in the scratch folder)
    origin: str  # where it came from, for the summary ("submissions.zip: smithbob_..._islands.ipynb")
    late: bool = False  # Canvas marks a submission made after the due date
    note: str = ""  # what the instructor should know (another notebook was ignored, ...)


@dataclass(frozen=True)
class Member:
    """A zip member that may be a student's notebook, recognised by its platform's naming."""

    platform: str
    student_id: str
    name: str
    late: bool
    file: str  # the file name the student gave it
    info: zipfile.ZipInfo


def collect(sources: list[Path], notebook: str, scratch: Path) -> tuple[list[Found], list[str]]:
    """Every submission in the sources (in order) and the problems found; zip members are copied into scratch."""
    found: list[Found] = []
    problems: list[str] = []
    for source in sources:
        if source.is_symlink() or not source.is_dir() and source.suffix.lower() != ".zip":
            found.append(Found(source.stem, source.stem, "file", source, shown(source)))
        elif source.is_dir():
            found.extend(from_folder(source, notebook, problems))
        else:
            found.extend(from_zip(source, notebook, scratch, problems))
    return found, problems


def shown(path: Path | str) -> str:
    """A path as text any report takes (undecodable bytes as escapes)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def pick(names: list[str], notebook: str) -> tuple[str | None, str]:
    """The student's notebook among their files: the exercise's own name (or Canvas's renamed `name-N`), else the
    only notebook; and a note when others were left out."""
    notebooks = sorted(name for name in names if name.lower().endswith(".ipynb"))
    if not notebooks:
        return None, ""
    stem = Path(notebook).stem.lower()
    own = [name for name in notebooks if re.fullmatch(rf"{re.escape(stem)}(-\d+)?\.ipynb", Path(name).name.lower())]
    chosen = own[-1] if own else notebooks[0]
    others = [name for name in notebooks if name != chosen]
    note = f"graded {Path(chosen).name}; also submitted: {', '.join(Path(n).name for n in others)}" if others else ""
    return chosen, note


def from_folder(folder: Path, notebook: str, problems: list[str]) -> list[Found]:
    """`submissions/<student>/<notebook>.ipynb`: one student per sub-folder (or the folder itself is one student's)."""
    entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    own = [entry.name for entry in entries if entry.is_file(follow_symlinks=False)]
    students = [entry for entry in entries if entry.is_dir(follow_symlinks=False)]
    if pick(own, notebook)[0] is not None:
        students, own_folder = [], [folder]
    else:
        own_folder = []
    result = []
    for student in [*own_folder, *(Path(entry.path) for entry in students)]:
        names = [entry.name for entry in os.scandir(student) if entry.is_file(follow_symlinks=False)]
        chosen, note = pick(names, notebook)
        if chosen is None:
            problems.append(f"{shown(student)}: no notebook in this student's folder")
            continue
        result.append(Found(student.name, student.name, "folder", student / chosen, shown(student / chosen),
                            note=note))
    if not result and not problems:
        problems.append(f"{shown(folder)}: no notebooks, and no folders of students with notebooks")
    return result


def recognise(info: zipfile.ZipInfo) -> Member | None:
    """The platform, student and file a member's path names, or None for a member of neither naming."""
    path = info.filename
    parts = PurePosixPath(path).parts
    for start in range(len(parts)):  # a download may sit in a folder of its own ("Course-Assignment/...")
        tail = "/".join(parts[start:])
        moodle = MOODLE.match(tail)
        if moodle and "/" not in moodle["file"]:
            return Member("moodle", moodle["id"], moodle["name"].strip(), False, moodle["file"], info)
    canvas = CANVAS.match(parts[-1]) if parts else None
    if canvas:
        return Member("canvas", canvas["id"], canvas["name"], bool(canvas["late"]), canvas["file"], info)
    return None


def regular(info: zipfile.ZipInfo) -> bool:
    """Whether a member is a plain file (not a folder, a link or a device, whatever it is called)."""
    kind = stat.S_IFMT(info.external_attr >> 16)  # 0 when the zip's maker stored no file type (Windows, writestr)
    return not info.is_dir() and kind in (0, stat.S_IFREG)


def read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, cap: int) -> bytes | None:
    """At most cap bytes of a member, None if it holds more (its header's sizes are never trusted)."""
    with archive.open(info) as member:
        data = member.read(cap + 1)
    return None if len(data) > cap else data


def from_zip(source: Path, notebook: str, scratch: Path, problems: list[str]) -> list[Found]:
    """The notebooks of a Canvas or Moodle bulk download, one per student, copied under scratch by number."""
    try:
        archive = zipfile.ZipFile(source)
    except (OSError, zipfile.BadZipFile) as error:
        raise SourceError(f"{shown(source)} is not a readable zip ({error})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise SourceError(f"{shown(source)} has {len(infos)} members; at most {MAX_MEMBERS} are read")
        members: dict[tuple[str, str], list[Member]] = {}
        for info in infos:
            if info.is_dir():
                continue
            member = recognise(info)
            if member is None:
                problems.append(f"{shown(source)}: {shown(info.filename)} follows neither Canvas's nor Moodle's naming")
            elif not regular(info):
                problems.append(f"{shown(source)}: {shown(info.filename)} is not a plain file (a link?): not read")
            else:
                members.setdefault((member.platform, member.student_id), []).append(member)
        folder = scratch / f"zip-{len(list(scratch.iterdir())) if scratch.is_dir() else 0}"
        folder.mkdir(parents=True)
        total = 0
        result = []
        for (platform, student_id), own in members.items():
            by_file = {m.file: m for m in own}
            chosen, note = pick(list(by_file), notebook)
            if chosen is None:
                problems.append(f"{shown(source)}: {platform} student {student_id} submitted no notebook")
                continue
            member = by_file[chosen]
            target = folder / f"{len(result)}.ipynb"  # never the member's own name: no path of the zip is used
            try:
                data = read_member(archive, member.info, MAX_NOTEBOOK_BYTES)
            except (OSError, zipfile.BadZipFile, RuntimeError, NotImplementedError, EOFError) as error:
                problems.append(f"{shown(source)}: {shown(member.info.filename)} could not be read ({error})")
                data = b""  # graded as an unreadable notebook: the student still gets a result
            if data is None:
                note = _join(note, f"the notebook is larger than {MAX_NOTEBOOK_BYTES >> 20} MB: not read")
                data = b""
            total += len(data)
            if total > MAX_TOTAL_BYTES:
                raise SourceError(f"{shown(source)} holds more than {MAX_TOTAL_BYTES >> 20} MB of notebooks")
            target.write_bytes(data)
            result.append(Found(f"{platform}-{student_id}", member.name, platform, target,
                                f"{shown(source)}: {shown(member.info.filename)}", member.late, note))
    return result


def _join(first: str, second: str) -> str:
    """Two notes, either of which may be empty."""
    return "; ".join(text for text in (first, second) if text)
