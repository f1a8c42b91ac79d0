"""Grade many submissions in parallel, with a progress bar; stop any time and resume later."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from graders.exercise import Exercise
from graders.grading import RAN_KEY, SandboxRun, file_digest, grade_submission, not_graded
from graders.sandbox import Limits, SandboxUnavailable, Stopped
from graders_instructor.grading.platforms import Found

NO_NOTEBOOK = "no notebook"  # the outcome of a submission that held no notebook
RAN_NOTEBOOK = "ran.ipynb"  # beside results.json: the notebook as the sandbox ran it, with its outputs
# the batch's main thread waits for the next sandbox to end at most this long at a time, then looks again: a wait with
# no end let a Ctrl+C go unanswered (about one stop in thirty: the grader ran on with its sandbox, and never returned)
WAKE_S = 0.2
SUMMARY_FIELDS = (
    "submission", "student", "name", "platform", "late", "file", "score", "max_score", "outcome", "seconds", "note",
)  # fmt: skip


@dataclass(frozen=True)
class Submission:
    """One file to grade, the folder name its results go to, and the student it belongs to."""

    ident: str
    path: Path
    found: Found | None = None  # the student and the source (None: a notebook named on the command line)


def safe_names(keys: list[str]) -> list[str]:
    """Stable, unique, file-system-safe names from keys (a second `x` becomes `x-2`).

    Names have letters, digits, `_` and `-` only, so no result folder is a dot file or the summary; they are
    unique under casefold() too (Canvas's anonymous `abcde` and `ABCDE` are one folder on an exFAT stick).
    """
    taken: set[str] = set()
    result = []
    for key in keys:
        base = re.sub(r"[^A-Za-z0-9_-]+", "_", key).strip("_-") or "submission"
        ident, number = base, 1
        while ident.casefold() in taken:
            number += 1
            ident = f"{base}-{number}"
        taken.add(ident.casefold())
        result.append(ident)
    return result


def submissions(paths: list[Path]) -> list[Submission]:
    """Submissions named from their file names."""
    return [Submission(ident, path) for ident, path in zip(safe_names([p.stem for p in paths]), paths, strict=True)]


def students(found: list[Found]) -> list[Submission]:
    """Submissions named from their students' keys (`canvas-340934`): two students never share a folder."""
    idents = safe_names([item.student for item in found])
    return [Submission(ident, item.path, item) for ident, item in zip(idents, found, strict=True)]


def shown_path(path: Path) -> str:
    """A path as text that any CSV reader takes (a file name's undecodable bytes as escapes)."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def write_atomic(path: Path, text: str) -> None:
    """Write a file whole or not at all (a stopped grader leaves no half-written results)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def finished(exercise: Exercise, submission: Submission, out: Path) -> dict | None:
    """Earlier results for this very submission and exercise, if complete."""
    try:
        data = json.loads((out / submission.ident / "results.json").read_text(encoding="utf-8"))
        extra = data["extra_data"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    same_exercise = extra.get("exercise_fingerprint") == exercise.fingerprint
    same_file = extra.get("submission_sha256") == file_digest(submission.path)
    return data if same_exercise and same_file and isinstance(data.get("tests"), list) else None


class Progress:
    """A one-line progress bar on stderr (a line per update when stderr is not a terminal).

    It shows done of total, the rate and the time left; callback(Tick) gets the same figures
    (cosmos.ui.progress.Tick), e.g. to move a progress bar in a notebook.
    """

    def __init__(self, total: int, stream: TextIO | None = None, callback: Callable | None = None) -> None:
        self.total = total
        self.done = 0
        self.skipped = 0
        self.stream = stream if stream is not None else sys.stderr
        self.callback = callback
        self.started = time.monotonic()
        self.lock = threading.Lock()

    def advance(self, skipped: bool = False) -> None:
        """One more submission is done."""
        with self.lock:
            self.done += 1
            self.skipped += skipped
            self.draw()

    def draw(self) -> None:
        """Redraw the bar."""
        from cosmos.ui.progress import Tick, clock_text

        width = 30
        filled = width * self.done // max(self.total, 1)
        elapsed = time.monotonic() - self.started
        # the rate counts only what was graded in this run, not what an earlier run had done
        graded = Tick(self.done - self.skipped, self.total - self.skipped, elapsed, "submissions")
        if self.callback is not None:
            self.callback(graded)
        rate = f"{60 * graded.rate:.1f}/min" if graded.done else "-/min"
        left = "" if graded.remaining is None else f", {clock_text(graded.remaining)} left"
        line = (
            f"grading [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f" ({self.skipped} already done) {elapsed:.0f} s, {rate}{left}"
        )
        tty = self.stream.isatty()
        self.stream.write(("\r" + line + "\x1b[K") if tty else line + "\n")
        if tty and self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def grade_all(
    exercise: Exercise,
    paths: list[Path] | list[Submission],
    out: Path,
    jobs: int,
    limits: Limits,
    stream: TextIO | None = None,
    run_job: SandboxRun | None = None,
    on_progress: Callable | None = None,
    late_penalty: float = 0.0,
) -> list[tuple[Submission, dict]]:
    """Grade every submission not graded yet, jobs at a time; write results and the summary.

    run_job runs each sandbox elsewhere (graders_instructor.grading.cluster: on Dask workers); on_progress(Tick) as each
    is done.
    late_penalty: the percent taken off a late submission's score (results.json keeps the score before it).
    """
    limits = replace(limits, parallel=max(1, jobs))
    out.mkdir(parents=True, exist_ok=True)
    todo = [p for p in paths if isinstance(p, Submission)] or submissions([p for p in paths if isinstance(p, Path)])
    progress = Progress(len(todo), stream, on_progress)
    done: dict[str, dict] = {}
    pending: list[Submission] = []
    for submission in todo:
        earlier = finished(exercise, submission, out)
        if earlier is None:
            pending.append(submission)
        else:
            if with_penalty(earlier, late_penalty):  # the same grading, another penalty: only the score changes
                write_atomic(out / submission.ident / "results.json", json.dumps(earlier, indent=1) + "\n")
            done[submission.ident] = earlier
            progress.advance(skipped=True)

    stop = threading.Event()

    def work(submission: Submission) -> dict:
        try:
            if submission.found is not None and submission.found.no_notebook:
                data = not_graded(exercise, submission.found.no_notebook)
                data["extra_data"].update(outcome=NO_NOTEBOOK, no_notebook=submission.found.no_notebook)
            elif submission.found is not None and submission.found.error:  # nothing to run: the source said why
                data = not_graded(exercise, f"error: {submission.found.error}")
            else:
                data = grade_submission(exercise, submission.path, limits, stop=stop, run_job=run_job)
        except (Stopped, SandboxUnavailable):
            raise
        except Exception as error:  # one submission never stops the batch
            data = not_graded(exercise, f"error: the grader failed on this submission ({type(error).__name__})")
        if submission.found is not None:
            found = submission.found
            data["extra_data"].update(student=found.student, student_name=found.name, platform=found.platform,
                                      late=found.late)
            with_penalty(data, late_penalty)
        folder = out / submission.ident
        folder.mkdir(exist_ok=True)
        ran = data.pop(RAN_KEY, None)
        if ran is not None:  # for the instructor, when a student disputes a grade
            write_atomic(folder / RAN_NOTEBOOK, json.dumps(ran, indent=1) + "\n")
        write_atomic(folder / "results.json", json.dumps(data, indent=1) + "\n")
        return data

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        running: dict[Future, Submission] = {pool.submit(work, s): s for s in pending}
        try:
            while running:
                complete, _ = wait(running, timeout=WAKE_S, return_when=FIRST_COMPLETED)
                for future in complete:
                    done[running.pop(future).ident] = future.result()
                    progress.advance()
        except BaseException:
            stop.set()
            for future in running:
                future.cancel()
            raise
    graded = [(s, done[s.ident]) for s in todo]
    write_atomic(out / "summary.csv", summary_csv(graded))
    return graded


def with_penalty(data: dict, percent: float) -> bool:
    """Take percent off a late submission's score (from the score the checks gave); whether the score changed."""
    extra = data["extra_data"]
    raw = extra.get("score_before_penalty", data["score"])
    before = (data["score"], extra.get("late_penalty"))
    if extra.get("late") and percent > 0:
        data["score"] = round(raw * (1 - percent / 100), 4)
        extra.update(late_penalty=percent, score_before_penalty=raw)
    else:
        data["score"] = raw
        extra.pop("late_penalty", None)
        extra.pop("score_before_penalty", None)
    return (data["score"], extra.get("late_penalty")) != before


def tally(graded: list[tuple[Submission, dict]]) -> str:
    """The run's last line: every student accounted for."""
    outcomes = [data["extra_data"]["outcome"] for _, data in graded]
    missing = outcomes.count(NO_NOTEBOOK)
    errors = outcomes.count("error")  # the grader could not run it (a timeout or a dead kernel is graded)
    late = sum(bool(data["extra_data"].get("late")) for _, data in graded)
    return (f"{len(graded)} students: {len(graded) - missing - errors} graded, {missing} without a notebook, "
            f"{errors} errors" + (f" ({late} late)" if late else ""))


# = + - @, tab and CR start a formula in some spreadsheet; so may their full-width forms
FORMULA_STARTS = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20")


def spreadsheet_safe(text: str) -> str:
    """Text fit for a spreadsheet cell: one line, nothing invisible, never read as a formula.

    Control characters (newlines, tabs, carriage returns) and invisible ones are written as escapes; a cell
    that would start (after spaces) with = + - @ or their full-width forms gets a leading `'` (OWASP's advice
    for CSV injection).
    """
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return f"'{text}" if text.lstrip(" ")[:1] in FORMULA_STARTS else text


def csv_text(rows: list[list[str]]) -> str:
    """A CSV file's text with every cell spreadsheet-safe (every CSV the grader writes goes through here)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows([[spreadsheet_safe(str(cell)) for cell in row] for row in rows])
    return buffer.getvalue()


def row_note(found: Found | None, data: dict) -> str:
    """summary.csv's note: what the source said, why there was no notebook or it was not read, the late penalty."""
    extra = data["extra_data"]
    penalty = (f"late: {extra['late_penalty']:g}% taken off {extra['score_before_penalty']:g}"
               if extra.get("late_penalty") else "")
    parts = (found.note, found.no_notebook, found.error) if found else ()
    return "; ".join(part for part in (*parts, penalty) if part)


def summary_csv(graded: list[tuple[Submission, dict]]) -> str:
    """One row per submission: its name, file, score, outcome and time."""
    rows = [list(SUMMARY_FIELDS)]
    for submission, data in graded:
        found = submission.found
        rows.append(
            [
                submission.ident,
                found.student if found else submission.ident,
                found.name if found else "",
                found.platform if found else "file",
                ("yes" if found.late else "no") if found else "",
                found.origin if found else shown_path(submission.path),
                f"{data['score']:g}",
                f"{data['max_score']:g}",
                data["extra_data"]["outcome"],
                f"{data.get('execution_time', 0):g}",
                row_note(found, data),
            ]
        )
    return csv_text(rows)
