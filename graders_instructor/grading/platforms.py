"""Submissions as instructors receive them: notebooks, a folder per student, Canvas and Moodle bulk-download zips.

Every source becomes a list of `Found` submissions, each with the student it belongs to. A zip is untrusted:
its members are never extracted by their own names, only regular `.ipynb` members are read, each read is
capped (whatever the member's header claims), and the whole archive has a member count and a total cap.
"""

from __future__ import annotations

import os
import re
import stat
import struct
import zipfile
from contextlib import ExitStack
from dataclasses import dataclass, replace
from pathlib import Path

from graders.notebook import MAX_NOTEBOOK_BYTES
from graders_instructor.grading.ziparchive import open_zip

MAX_MEMBERS = 20_000  # entries in one archive (a class of hundreds, each with a few files)
MAX_TOTAL_BYTES = 1 << 30  # notebooks read out of one archive, in all

# Whose file a member is comes only from the naming each platform gives the top of a member's path, never from
# anything deeper (the student chose those names). Each pattern below is read with fullmatch on one name.
#
# Canvas, "Download Submissions" (instructure/canvas-lms, lib/content_zipper.rb): add_upload_submission names a
# file "#{filename}_#{file.id}_#{sanitize_attachment_filename(file.display_name)}", where get_filename's filename
# is [users_name, "LATE" if late, id].compact.join("_") with every non-word character removed, id the Canvas
# user id, or "anon_#{submission.anonymous_id}" (and no name) when the assignment anonymises students; users_name
# is the sortable name, lower case, which may hold "_" (sanitize_user_name). The display name can hold anything
# but NUL / \ : * ? " < > | (replaced by "_"), so a member is always one name with no folder. The first
# "_<digits>_<digits>_" after the name is the user and attachment ids: the student's own file name comes after them.
CANVAS = re.compile(r"(?P<name>\w*?)(?P<late>_LATE)?_(?P<id>\d+)_(?P<attachment>\d+)_(?P<file>.+)", re.S)
CANVAS_ANONYMOUS = re.compile(r"(?P<late>LATE_)?anon_(?P<id>[A-Za-z0-9]+)_(?P<attachment>\d+)_(?P<file>.+)", re.S)
# add_text_or_url: a text entry or a link is "#{filename}_text.html" or "#{filename}_link.html" (no attachment)
CANVAS_ONLINE = re.compile(r"(?P<name>\w*?)(?P<late>_LATE)?_(?P<id>\d+)_(?P<file>text\.html|link\.html)")
CANVAS_ONLINE_ANONYMOUS = re.compile(r"(?P<late>LATE_)?anon_(?P<id>[A-Za-z0-9]+)_(?P<file>text\.html|link\.html)")
# Moodle, "Download all submissions" (moodle/moodle, mod/assign): the prefix is the full name with "_" made " "
# and clean_filename's characters removed, then "_" and the participant's unique id (get_uniqueid_for_user: the
# user id, or the blind-marking id after "Participant"), so a name never holds "_". With "download submissions
# in folders" (the default since 3.1) a file goes to "<prefix>_<subtype>_<type>" + the file's own path:
# locallib.php download_submissions (3.x to 4.0) adds a trailing "_" ("Jane Doe_12_assignsubmission_file_/a.ipynb"),
# classes/downloader.php load_submissionplugin_filelist (4.1 and later) does not ("..._assignsubmission_file/
# a.ipynb"); team submissions in 4.1+ are "<group name>_<group id>" or the default team's name alone
# (get_student_prefix). Without folders every file is "<prefix>_<subtype>_<type>_<file name>", with no folder.
MOODLE_FOLDER = re.compile(r"(?P<name>[^_]*)(?:_(?P<id>\d+))?_assignsubmission_(?P<plugin>[a-z0-9]+)_?")
MOODLE_FILE = re.compile(r"(?P<name>[^_]*)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z0-9]+)_(?P<file>.+)", re.S)
MACOS_FORKS = "__MACOSX"  # what the Finder adds when an instructor zips a folder again


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
    error: str = ""  # why this student's notebook could not be taken from the source (graded as an error)
    no_notebook: str = ""  # the submission held no notebook: why (graded 0, "no notebook" in every output)


@dataclass(frozen=True)
class Member:
    """A zip member that may be a student's notebook, recognised by its platform's naming."""

    platform: str
    student_id: str
    name: str
    late: bool
    file: str  # the file name the student gave it (a path inside their own folder)
    info: zipfile.ZipInfo
    bad_name: bool = False  # the member's name is not the UTF-8 its zip entry claims
    not_plain: bool = False  # stored as a link, a FIFO or a device: never read, the student's row says why


def collect(sources: list[Path], notebook: str, scratch: Path) -> tuple[list[Found], list[str]]:
    """Every submission in the sources (in order) and the problems found; zip members are copied into scratch."""
    found: list[Found] = []
    problems: list[str] = []
    for source in sources:
        if source.is_symlink() or not source.is_dir() and source.suffix.lower() != ".zip":
            found.append(Found(shown(source.stem), shown(source.stem), "file", source, shown(source)))
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


def without_notebook(names: list[str], notebook: str) -> str:
    """Why a student's submission has no notebook, for their row and their feedback."""
    files = sorted(Path(name).name for name in names)
    shown_files = ", ".join(shown(name) for name in files[:5]) + (", ..." if len(files) > 5 else "")
    if any(name.lower().endswith(".py") for name in files):
        return f"no notebook: only a Python file was submitted ({shown_files}); submit {notebook}"
    if files:
        return f"no notebook: nothing the grader can read was submitted ({shown_files}); submit {notebook}"
    return f"no notebook: nothing was submitted; submit {notebook}"


def exercise_file(notebook: str) -> str:
    """A name in a student's folder that is not there (the path of a submission without a notebook)."""
    return f".{Path(notebook).stem}-missing.ipynb"


def from_folder(folder: Path, notebook: str, problems: list[str]) -> list[Found]:
    """`submissions/<student>/<notebook>.ipynb`: one student per sub-folder (or the folder itself is one student's)."""
    entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    own = [entry.name for entry in entries if entry.is_file(follow_symlinks=False)]
    students = [entry for entry in entries if entry.is_dir(follow_symlinks=False) and entry.name[:1] not in "._"]
    if pick(own, notebook)[0] is not None:
        students, own_folder = [], [folder]
    else:
        own_folder = []
    result = []
    for student in [*own_folder, *(Path(entry.path) for entry in students)]:
        names = [entry.name for entry in os.scandir(student) if entry.is_file(follow_symlinks=False)]
        chosen, note = pick(names, notebook)
        if chosen is None:
            problems.append(f"{shown(student)}: no notebook in this student's folder (graded 0)")
            result.append(Found(student.name, student.name, "folder", student / exercise_file(notebook),
                                shown(student), no_notebook=without_notebook(names, notebook)))
            continue
        result.append(Found(shown(student.name), shown(student.name), "folder", student / chosen,
                            shown(student / chosen), note=shown(note)))
    if not result and not problems:
        problems.append(f"{shown(folder)}: no notebooks, and no folders of students with notebooks")
    return result


def top_folder(names: list[str]) -> str:
    """The one folder every member sits in when an instructor zipped the download again ("" if none).

    Neither platform writes such a folder, and no student can add a member outside their own folder, so a
    folder around everything whose name is not a platform's naming is stripped; nothing else is.
    """
    tops = {name.split("/", 1)[0] for name in names if name.split("/", 1)[0] != MACOS_FORKS}
    if len(tops) != 1 or any("/" not in name for name in names if not name.startswith(MACOS_FORKS + "/")):
        return ""
    top = tops.pop()
    return "" if MOODLE_FOLDER.fullmatch(top) or CANVAS.fullmatch(top) else top


def moodle_member(path: str, info: zipfile.ZipInfo) -> Member | None:
    """A member of Moodle's naming: the owner from the first name of its path, nothing deeper."""
    first, slash, rest = path.partition("/")
    if slash:
        folder = MOODLE_FOLDER.fullmatch(first)
        if folder is None or not rest:
            return None
        student = folder["id"] or f"team-{safe_key(folder['name'])}"  # 4.1+'s default team has no id
        return Member("moodle", student, folder["name"].strip(), False, rest, info)
    flat = MOODLE_FILE.fullmatch(first)
    return Member("moodle", flat["id"], flat["name"].strip(), False, flat["file"], info) if flat else None


def canvas_member(path: str, info: zipfile.ZipInfo, anonymous: bool) -> Member | None:
    """A member of Canvas's naming (named, or anonymous when the whole download is)."""
    if "/" in path:
        return None
    if anonymous:
        match = CANVAS_ANONYMOUS.fullmatch(path) or CANVAS_ONLINE_ANONYMOUS.fullmatch(path)
        return Member("canvas", f"anon-{match['id']}", f"anon_{match['id']}", bool(match["late"]), match["file"],
                      info) if match else None
    match = CANVAS.fullmatch(path) or CANVAS_ONLINE.fullmatch(path)  # an upload's own form first
    return Member("canvas", match["id"], match["name"], bool(match["late"]), match["file"], info) if match else None


def safe_key(text: str) -> str:
    """Text fit for a student key: letters and digits, the rest "-"."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower() or "unnamed"


def recognise_all(infos: list[zipfile.ZipInfo], source: Path) -> tuple[list[Member], list[zipfile.ZipInfo]]:
    """The members of the archive's one platform (whichever names more of them), and the members of neither.

    A download comes from one platform. Every genuine member follows its naming, so the platform is the one
    that recognises more members; no single member decides (a member may be shaped to fit both).
    """
    names = [info.filename for info in infos]
    top = top_folder(names)
    paths = [name[len(top) + 1 :] if top else name for name in names]
    moodle = [moodle_member(path, info) for path, info in zip(paths, infos, strict=True)]
    # anonymous grading names every member "anon_..." (a stray file of neither form does not decide)
    flat = [(CANVAS_ANONYMOUS.fullmatch(path) or CANVAS_ONLINE_ANONYMOUS.fullmatch(path),
             CANVAS.fullmatch(path) or CANVAS_ONLINE.fullmatch(path)) for path in paths if "/" not in path]
    anonymous = [bool(anon) for anon, named in flat if anon or named]
    everyone_anonymous = bool(anonymous) and all(anonymous)
    canvas = [canvas_member(path, info, everyone_anonymous) for path, info in zip(paths, infos, strict=True)]
    moodle_count = sum(member is not None for member in moodle)
    canvas_count = sum(member is not None for member in canvas)
    if moodle_count == canvas_count and moodle_count:
        raise SourceError(f"{shown(source)}: as many members fit Canvas's naming as Moodle's (every one fits both?), "
                          "so whose each file is cannot be told; download it again from the platform")
    chosen = moodle if moodle_count > canvas_count else canvas
    return [m for m in chosen if m is not None], [i for m, i in zip(chosen, infos, strict=True) if m is None]


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
    """The notebooks of a Canvas or Moodle bulk download, one per student, copied under scratch by number.

    Parsing is linear in the archive's size; a member that cannot be read (a damaged stream, a name that is
    not UTF-8) is its own student's error, reported in their row, never the batch's.
    """
    stack = ExitStack()
    try:
        archive, bad_names = stack.enter_context(open_zip(source))
    except (OSError, zipfile.BadZipFile, ValueError, EOFError, struct.error) as unreadable:
        raise SourceError(f"{shown(source)} is not a readable zip ({unreadable})") from None
    with stack:
        infos = [info for info in archive.infolist() if not info.is_dir()]
        if len(infos) > MAX_MEMBERS:
            raise SourceError(f"{shown(source)} has {len(infos)} members; at most {MAX_MEMBERS} are read")
        recognised, strangers = recognise_all(infos, source)
        for info in strangers:
            problems.append(f"{shown(source)}: {shown(info.filename)} follows neither Canvas's nor Moodle's naming")
        members: dict[tuple[str, str], list[Member]] = {}
        for member in recognised:
            bad = member.info.filename in bad_names
            plain = regular(member.info)
            members.setdefault((member.platform, member.student_id), []).append(
                replace(member, bad_name=bad, not_plain=not plain))
        folder = scratch / f"zip-{len(list(scratch.iterdir())) if scratch.is_dir() else 0}"
        folder.mkdir(parents=True)
        total = 0
        result: list[Found] = []
        for (platform, student_id), own in members.items():
            by_file = {m.file: m for m in own}
            chosen, note = pick(list(by_file), notebook)
            if chosen is None:
                problems.append(f"{shown(source)}: {platform} student {student_id} submitted no notebook (graded 0)")
                target = folder / f"none-{len(result)}.ipynb"
                target.write_bytes(b"")
                result.append(Found(f"{platform}-{student_id}", own[0].name, platform, target,
                                    f"{shown(source)}: {', '.join(shown(m.info.filename) for m in own[:5])}",
                                    own[0].late, no_notebook=without_notebook([m.file for m in own], notebook)))
                continue
            member = by_file[chosen]
            target = folder / f"{len(result)}.ipynb"  # never the member's own name: no path of the zip is used
            data, error = take(archive, member, own)
            total += len(data)
            if total > MAX_TOTAL_BYTES:
                raise SourceError(f"{shown(source)} holds more than {MAX_TOTAL_BYTES >> 20} MB of notebooks")
            target.write_bytes(data)
            if error:
                problems.append(f"{shown(source)}: {shown(member.info.filename)}: {error}")
            result.append(Found(f"{platform}-{student_id}", member.name, platform, target,
                                f"{shown(source)}: {shown(member.info.filename)}", member.late, note, error))
    return result


def take(archive: zipfile.ZipFile, member: Member, own: list[Member]) -> tuple[bytes, str]:
    """The chosen member's bytes, or b"" and why they cannot be graded (the student's row says so)."""
    names = sorted({m.name for m in own})
    if len(names) > 1:
        return b"", (f"the download holds this student's files under {len(names)} names ("
                     f"{', '.join(names[:3])}): not graded, check the download")
    if member.not_plain:
        return b"", "the notebook is stored in the zip as a link or a FIFO, not a plain file: not read"
    if member.bad_name:
        return b"", "the notebook's name in the zip is not valid UTF-8, as its entry claims: not read"
    try:
        data = read_member(archive, member.info, MAX_NOTEBOOK_BYTES)
    except Exception as error:  # noqa: BLE001 (a damaged member of any kind: zlib, CRC, header, encoding)
        return b"", f"the notebook could not be read from the zip ({type(error).__name__}: {str(error)[:200]})"
    if data is None:
        return b"", f"the notebook is larger than {MAX_NOTEBOOK_BYTES >> 20} MB: not read"
    return data, ""
