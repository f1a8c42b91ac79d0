"""A student's progress, kept outside the notebooks: quiz answers, tasks, Parsons problems, hints, self-checks.

The file is `progress.json` in the student's own Epic Cosmos folder (`~/.local/share/epic-cosmos/`, or
under $XDG_DATA_HOME), beside the game's saves. In the JupyterLite site $XDG_DATA_HOME is under /drive,
the kernel's view of the site's files, which the browser keeps in its storage (IndexedDB) for the site:
the file is there after a kernel restart, a page reload or another visit, in the same browser. It is
written whole into a temporary file and then renamed over the old one, so a crash never leaves half a
file; a file that cannot be read is set aside under another name with a message, and progress starts
afresh. Where nothing can be written (a browser that keeps no site data, a read-only folder), progress
is kept in the kernel's memory only, and the overview says so. A notebook is never changed by progress:
what a widget restores it shows in the live page only. When a lesson is run again, or after a kernel
restart, each quiz and Parsons problem comes back as it was last answered; `python3 course.py regenerate`
runs every lesson with an empty data folder of its own. `python -m graders progress` lists the whole course
(in a notebook: `progress()`), and `python -m graders progress --reset [LESSON]` forgets a lesson or
everything (each overview cell has a reset button too).

One kernel runs one notebook, so the kernel keeps one `Tracker` (`TRACKER`): the lesson the notebook's
overview cell named, and the parts (quizzes, tasks, Parsons problems) its cells have shown so far.
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graders.text import Words

FILE_NAME = "progress.json"
FORMAT = 1
NO_LESSON = "(outside a lesson)"
MAX_BYTES = 16 * 1024 * 1024  # far above any course's progress; a larger file is damaged, not read


def user_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The student's own Epic Cosmos folder: $XDG_DATA_HOME/epic-cosmos, by default ~/.local/share/epic-cosmos."""
    environ = os.environ if environ is None else environ
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "epic-cosmos"


def progress_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the progress file lives."""
    return user_data_dir(environ) / FILE_NAME


BROWSER_DRIVE = Path("/drive")  # where the JupyterLite kernel sees the site's files (the browser's storage)


def in_browser_storage(path: Path) -> bool:
    """Whether path is in the JupyterLite site's files, which the browser keeps (the kernel sees them at /drive)."""
    return path.is_relative_to(BROWSER_DRIVE)


def where(path: Path) -> str:
    """Where progress is kept, said for the student: a folder on their machine, or the browser's storage."""
    if in_browser_storage(path):
        return (f"this browser's storage for this site (the file {path.relative_to(BROWSER_DRIVE).as_posix()} "
                "in the file browser), kept when the page is closed")
    return str(path)


def unsaved_notice(path: Path, error: OSError) -> str:
    """What the student is told when their progress cannot be written."""
    if in_browser_storage(path):
        return ("This browser does not let the site keep your progress (a private window, or the site's data "
                f"blocked: {error.strerror or error}): it is kept only until this page is closed or reloaded.")
    return f"Your progress cannot be written to {path} ({error}): it is kept only while this kernel runs."


def empty() -> dict[str, Any]:
    """Progress of a student who has done nothing yet."""
    return {"format": FORMAT, "lessons": {}, "exercises": {}}


def part_id(kind: str, text: str) -> str:
    """A part's stable name: made from its kind and the text it shows (the same on every run)."""
    return hashlib.sha256(f"{kind}\n{text}".encode()).hexdigest()[:12]


def well_formed(data: object) -> bool:
    """Whether data has the shape of a progress file."""
    return (isinstance(data, dict) and data.get("format") == FORMAT
            and isinstance(data.get("lessons"), dict) and isinstance(data.get("exercises"), dict)
            and all(isinstance(v, dict) and isinstance(v.get("parts", {}), dict) for v in data["lessons"].values()))


def set_aside(path: Path) -> Path:
    """Rename a damaged file to a free name beside it (progress.json.damaged, .damaged-2, ...)."""
    n = 1
    while True:
        target = path.with_name(f"{path.name}.damaged" + ("" if n == 1 else f"-{n}"))
        if not os.path.lexists(target):
            os.replace(path, target)
            return target
        n += 1


def read_bounded(path: Path) -> bytes | None:
    """The file's bytes, or None where it is no regular file (a link, a FIFO, a device) or larger than MAX_BYTES.

    It is opened without following a link and without blocking (a FIFO never hangs the lesson), and never read
    past MAX_BYTES (a link to /dev/zero or a huge file never fills the memory).
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP:  # a link where the file should be
            return None
        raise
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_BYTES:
            chunk = os.read(handle, MAX_BYTES + 1 - size)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
        return None
    finally:
        os.close(handle)


def load(path: Path) -> tuple[dict[str, Any], str]:
    """The progress in path and a message for the student ("" when all is well); never raises for bad content."""
    try:
        raw = read_bounded(path)
    except FileNotFoundError:
        return empty(), ""
    except OSError as error:
        if in_browser_storage(path):
            return empty(), unsaved_notice(path, error)
        return empty(), f"Your progress file {path} cannot be read ({error}); this session starts afresh."
    data: Any = None
    try:
        data = None if raw is None else json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):
        data = None
    if well_formed(data):
        return data, ""
    try:
        moved = set_aside(path)
    except OSError as error:
        return empty(), f"Your progress file {path} is damaged and could not be moved ({error}); starting afresh."
    return empty(), (f"Your progress file was damaged: it is kept as {moved.name} in {moved.parent}, "
                     "and your progress starts afresh.")


def save(path: Path, data: Mapping[str, Any]) -> None:
    """Write progress atomically: into a temporary file beside it, then renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True) + "\n"
    try:
        handle, temporary = tempfile.mkstemp(prefix=".progress-", suffix=".tmp", dir=path.parent)
    except OSError:  # a file system without exclusive creation (a browser's storage may be one): write in place
        path.write_text(text, encoding="utf-8")
        return
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@dataclass
class Part:
    """One thing a student does in a lesson, as the tracker follows it."""

    pid: str
    kind: str
    title: str
    restore: Callable[[Any], None] | None = None


@dataclass
class Tracker:
    """The kernel's view of the progress: the lesson open, the parts shown, and the file behind them."""

    path_of: Callable[[], Path] = progress_path
    lesson: str = NO_LESSON
    lang: str = "en"  # the language of the lesson open: its widgets speak it
    parts: dict[str, Part] = field(default_factory=dict)
    notice: str = ""
    listeners: list[Callable[[], None]] = field(default_factory=list)
    memory: dict[str, Any] | None = None  # the progress, once it could not be written: kept here instead

    def read(self) -> dict[str, Any]:
        """The progress file's content now (a damaged file is set aside and its message kept)."""
        if self.memory is not None:
            return json.loads(json.dumps(self.memory))  # a copy, as a file read gives
        data, message = load(self.path_of())
        if message:
            self.notice = message
        return data

    def write(self, data: dict[str, Any]) -> None:
        """Save the progress; if it cannot be written, keep it in memory from now on and say so (never raise)."""
        if self.memory is None:
            try:
                save(self.path_of(), data)
                return
            except OSError as error:
                self.notice = unsaved_notice(self.path_of(), error)
        self.memory = data

    def open_lesson(self, lesson: str, lang: str = "en") -> None:
        """The notebook is this lesson, in this language: parts shown from now on belong to it."""
        if lesson != self.lesson:
            self.parts = {}
        self.lesson, self.lang = lesson, lang

    def entry(self, data: dict[str, Any], lesson: str | None = None) -> dict[str, Any]:
        """The record of a lesson in data, made if missing."""
        record = data["lessons"].setdefault(lesson or self.lesson, {})
        record.setdefault("parts", {})
        return record

    def register(self, pid: str, kind: str, title: str, restore: Callable[[Any], None] | None = None) -> dict | None:
        """A part is on screen: remember it, and give back what the student did with it last time (or None)."""
        self.parts[pid] = Part(pid, kind, title, restore)
        self.changed()
        saved = self.read()["lessons"].get(self.lesson, {}).get("parts", {}).get(pid)
        return saved if isinstance(saved, dict) else None

    def record(self, pid: str, **values: Any) -> None:
        """Store what the student did with a part (an answer, a verdict, a hint opened), if it changed."""
        data = self.read()
        record = self.entry(data)
        old = record["parts"].get(pid, {})
        new = {**old, **values}
        if values.get("correct") is True:
            new["solved"] = True  # done right once stays done (Run All after a reload judges the empty starter again)
        part = self.parts.get(pid)
        if part is not None:
            new.update(kind=part.kind, title=part.title)
        if new == old and sorted(self.parts) == record.get("known"):
            return
        record["parts"][pid] = new
        record["known"] = sorted(set(record.get("known", [])) | set(self.parts))
        self.write(data)
        self.changed()

    def hint_opened(self, pid: str) -> None:
        """Count one more look at a part's hint."""
        saved = self.read()["lessons"].get(self.lesson, {}).get("parts", {}).get(pid, {})
        self.record(pid, hints=int(saved.get("hints", 0)) + 1)

    def record_exercise(self, exercise: str, score: float, max_score: float) -> None:
        """Keep an exercise's latest self-check score."""
        data = self.read()
        data["exercises"][exercise] = {"score": score, "max_score": max_score}
        self.write(data)
        self.changed()

    def reset(self, lesson: str | None = None) -> None:
        """Forget the progress of one lesson, or of the whole course."""
        data = self.read()
        if lesson is None:
            data = empty()
        else:
            data["lessons"].pop(lesson, None)
        self.write(data)
        self.changed()

    def changed(self) -> None:
        """Tell the overviews on screen to redraw."""
        for listener in list(self.listeners):
            listener()


TRACKER = Tracker()


def lesson_counts(record: Mapping[str, Any], shown: Mapping[str, Part] | None = None) -> tuple[int, int, int]:
    """(parts done right at least once, parts tried, parts known) in one lesson's record, counting parts shown now as
    known."""
    parts = record.get("parts", {})
    known = set(record.get("known", [])) | set(shown or {}) | set(parts)
    right = sum(1 for p in parts.values() if p.get("correct") is True or p.get("solved") is True)
    tried = sum(1 for p in parts.values() if p.get("correct") is not None)
    return right, tried, len(known)


def short_title(title: str, width: int = 60) -> str:
    """A part's title on one line, cut at a word boundary (with an ellipsis) when longer than width."""
    flat = " ".join(title.split())
    if len(flat) <= width:
        return flat
    return flat[:width].rsplit(" ", 1)[0] + "\u2026"


def still_to_do(record: Mapping[str, Any], shown: Mapping[str, Part]) -> list[str]:
    """The titles of the parts shown now that were never done right, in the lesson's order."""
    parts = record.get("parts", {})
    done = {pid for pid, p in parts.items() if p.get("correct") is True or p.get("solved") is True}
    return [short_title(part.title) for pid, part in shown.items() if pid not in done]


def course_lines(data: Mapping[str, Any], lessons: list[str], lang: str = "en") -> list[str]:
    """The whole course's progress as lines of text: every lesson, then every exercise self-checked."""
    say = Words(lang)
    lines = []
    for lesson in sorted(set(lessons) | set(data["lessons"])):
        record = data["lessons"].get(lesson)
        if not record:
            lines.append(say("not_started", lesson=lesson))
            continue
        right, tried, known = lesson_counts(record)
        hints = sum(int(p.get("hints", 0)) for p in record.get("parts", {}).values())
        lines.append(say("lesson_line", lesson=lesson, right=right, known=known, tried=tried, hints=hints))
    for name, result in sorted(data["exercises"].items()):
        score, out_of = f"{result['score']:g}", f"{result['max_score']:g}"
        lines.append(say("exercise_line", name=name, score=score, max_score=out_of))
    return lines


def course_lessons() -> list[str]:
    """The names of the course's lessons, from the lessons folder beside this package (none if absent)."""
    folder = Path(__file__).resolve().parent.parent / "lessons"
    return sorted(path.stem for path in folder.glob("*.ipynb"))
