"""The instructor's command line, `python -m graders_instructor`: validate, grade, new, report, gradescope,
beside the student's check and progress (which graders/__main__.py runs).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from graders.__main__ import Parser, add_check, add_limits, add_progress
from graders.__main__ import main as run_command_line
from graders.__main__ import run as run_students_command
from graders.exercise import Exercise, ExerciseError, load_exercise
from graders.grading import limits_for
from graders.sandbox import Limits


def parser() -> argparse.ArgumentParser:
    """Every command and its options: the instructor's and the student's."""
    main = Parser(prog="python -m graders_instructor", description="Check and grade exercises.")
    commands = main.add_subparsers(dest="command", required=True)
    validate = commands.add_parser(
        "validate", help="the reference passes, the starter and wrong solutions fail"
    )
    grade = commands.add_parser(
        "grade", help="grade submissions in the sandbox against every check"
    )
    add_check(commands)
    add_progress(commands)
    new = commands.add_parser("new", help="lay out a new exercise to fill in (then `validate` says what is left)")
    new.add_argument("name", help="NN-name, e.g. 08-trade-routes")
    new.add_argument("--root", type=Path, default=None, help="the course's folder (default: this course)")
    report = commands.add_parser("report", help="an HTML page of a graded batch's figures (report.html in OUT)")
    report.add_argument("out", type=Path, help="the folder `grade --out` wrote")
    report.add_argument("--csv", action="store_true", help="also the figures as CSV files beside it")
    gradescope = commands.add_parser("gradescope", help="build a Gradescope autograder zip for an exercise")
    gradescope.add_argument("exercise", help="an exercise name (01-islands) or folder")
    gradescope.add_argument("--out", type=Path, default=Path("autograder.zip"), help="the zip to write")
    gradescope.add_argument(
        "--hidden-visibility", default="after_published",
        choices=("after_published", "after_due_date", "hidden", "visible"),
        help="when students see the hidden checks' verdicts on Gradescope (default: after grades are published)",
    )
    for command in (validate, grade):
        command.add_argument("exercise", help="an exercise name (01-islands) or folder")
        command.add_argument(
            "--jobs", type=int, default=os.cpu_count() or 1,
            help="submissions at a time (default: the machine's %(default)s cores)",
        )
    grade.add_argument(
        "submissions", nargs="+", type=Path,
        help="notebooks, folders of students' folders, or Canvas/Moodle bulk-download zips",
    )
    grade.add_argument(
        "--out", type=Path, default=Path("grading-out"),
        help="folder for the results (default: %(default)s)",
    )
    grade.add_argument(
        "--canvas-assignment", metavar="ID",
        help="the Canvas assignment id, so canvas-grades.csv's column names that assignment",
    )
    grade.add_argument(
        "--late-penalty", type=float, default=0.0, metavar="PERCENT",
        help="take PERCENT off the score of a late submission (Canvas's LATE); the feedback says so",
    )
    from graders_instructor.grading.moodlelang import (
        LANGUAGES,  # the instructor's side only (not in the student edition)
    )

    grade.add_argument(
        "--lang", default="en", choices=LANGUAGES,
        help="the language of the feedback pages and comments, and of moodle-grades.csv's headers without "
             "--moodle-worksheet (Moodle compares them with its own)",
    )
    grade.add_argument(
        "--moodle-worksheet", type=Path, metavar="FILE",
        help="the grading worksheet downloaded from your Moodle assignment: moodle-grades.csv keeps its headers "
             "(any language) and its participants",
    )
    cluster = grade.add_mutually_exclusive_group()
    cluster.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="grade on the Dask cluster whose scheduler is at ADDRESS, each submission in a worker's sandbox",
    )
    cluster.add_argument(
        "--dask-scheduler-file", metavar="FILE", help="the same, the scheduler named by a Dask scheduler file"
    )
    for command in (validate, grade):
        add_limits(command)
    return main




def run(args: argparse.Namespace) -> int:
    """Run one command: the instructor's here, the student's by graders/__main__.py."""
    if args.command in ("check", "progress"):
        return run_students_command(args)
    if args.command == "new":
        from graders_instructor.authoring.scaffold import create

        if args.root is not None and not args.root.is_dir():
            raise ExerciseError(f"no folder {args.root}: make the course's folder first (--root is where it is)")
        written = create(args.name, *(() if args.root is None else (args.root,)))
        print(f"new exercise {args.name}:", *(str(path) for path in written), sep="\n  ")
        print(f"fill in every TODO, then: python -m graders_instructor validate {written[0].parent}")
        return 0
    if args.command == "report":
        from graders_instructor.grading.report import ReportError, write

        try:
            written = write(args.out, args.csv)
        except ReportError as error:
            raise ExerciseError(str(error)) from None
        print(f"wrote {', '.join(str(path) for path in written)}")
        return 0
    if args.command == "gradescope":
        from graders_instructor.release.gradescope import build

        exercise = load_exercise(args.exercise)
        files = build(exercise, args.out, args.hidden_visibility)
        print(f"wrote {args.out}: {len(files)} files (setup.sh, run_autograder, {exercise.name}'s checks, the grader); "
              "upload it as the assignment's autograder (Ubuntu 24.04 base image)")
        public = sum(not check.hidden for check in exercise.checks)
        print(f"In Gradescope, give the assignment {exercise.max_score:g} points (Autograder points): "
              f"{len(exercise.checks)} checks, {public} public and {len(exercise.checks) - public} hidden")
        return 0
    if (
        args.jobs < 1
        or (args.memory is not None and args.memory < 64)
        or (args.timeout is not None and args.timeout <= 0)
    ):
        raise ExerciseError(
            "--jobs must be at least 1, --memory at least 64 and --timeout positive"
        )
    if args.command == "validate":
        from graders.exercise import exercise_folder, hidden_root_for
        from graders_instructor.authoring.validate import missing

        folder = exercise_folder(args.exercise)
        left = missing(folder, hidden_root_for(folder) / folder.name)
        if left:
            print(f"{folder.name}: not ready to validate, still to do:", *left, sep="\n  ")
            return 1
    exercise = load_exercise(args.exercise)
    limits = limits_for(exercise, args.timeout, args.memory)
    if args.command == "validate":
        from graders_instructor.authoring.hints import hint_problems
        from graders_instructor.authoring.validate import describe, validate

        problems = hint_problems(exercise.folder / "exercise.json", exercise.hidden_folder / "hidden.json")
        if problems:
            print("\n".join(f"{exercise.name}: {problem}" for problem in problems))
            print("NOT valid: fix the hints first")
            return 1

        findings = validate(exercise, args.jobs, limits)
        print(describe(exercise, findings))
        return 0 if all(finding.ok for finding in findings) else 1
    return grade(args, exercise, limits)


def grade(args: argparse.Namespace, exercise: Exercise, limits: Limits) -> int:
    """`grade`: collect every source's submissions by student, grade them, write the summary and gradebooks."""
    from graders_instructor.grading.batch import grade_all, students
    from graders_instructor.grading.platforms import SourceError, collect

    if not 0 <= args.late_penalty <= 100:
        raise ExerciseError("--late-penalty is a percent, from 0 to 100")

    missing = [path for path in args.submissions if not os.path.lexists(path)]
    if missing:
        raise ExerciseError(f"no such submission: {missing[0]}")
    args.sheet = None
    if args.moodle_worksheet is not None:
        from graders_instructor.grading.moodlesheet import WorksheetError, read_sheet

        try:
            args.sheet = read_sheet(args.moodle_worksheet)
        except WorksheetError as error:
            raise ExerciseError(f"--moodle-worksheet {error}") from None
    with tempfile.TemporaryDirectory(prefix="cosmos-submissions-") as scratch:
        try:
            found, problems = collect(args.submissions, exercise.notebook.name, Path(scratch))
        except SourceError as error:
            raise ExerciseError(str(error)) from None
        for problem in problems:
            print(f"note: {problem}", file=sys.stderr)
        if not found:
            raise ExerciseError("no submission found in the sources given")
        if args.dask is None and args.dask_scheduler_file is None:
            graded = grade_all(exercise, students(found), args.out, args.jobs, limits, late_penalty=args.late_penalty)
        else:
            graded = grade_on_cluster(args, exercise, students(found), limits)
    write_outputs(args, exercise, graded)
    return 0


def write_outputs(args: argparse.Namespace, exercise: Exercise, graded: list) -> None:
    """Every file made from the results: gradebooks, feedback pages, Moodle's feedback zip, Canvas's folders."""
    from graders_instructor.grading.batch import tally, write_atomic
    from graders_instructor.grading.feedback import CANVAS_FOLDER, MOODLE_ZIP, PAGE, canvas_folders, moodle_zip, page
    from graders_instructor.grading.gradebook import anonymous_note, canvas_column, canvas_csv, is_anonymous, moodle_csv
    from graders_instructor.grading.moodlelang import words

    for submission, data in graded:
        who = submission.found.name if submission.found else submission.ident
        write_atomic(args.out / submission.ident / PAGE, page(exercise, data, who, args.lang))
    platforms = {submission.found.platform for submission, _ in graded if submission.found}
    written = ["summary.csv", f"{PAGE} per student"]
    if "canvas" in platforms:
        canvas = [submission.found for submission, _ in graded if submission.found and submission.found.platform
                  == "canvas"]
        anonymous = sum(is_anonymous(found) for found in canvas)
        if anonymous < len(canvas):
            column = canvas_column(exercise.title, args.canvas_assignment)
            write_atomic(args.out / "canvas-grades.csv", canvas_csv(graded, column, exercise.max_score))
            written.append("canvas-grades.csv")
        if anonymous:
            print(f"note: {anonymous_note(anonymous, len(canvas))}", file=sys.stderr)
        canvas_folders(exercise, graded, args.out / CANVAS_FOLDER, args.lang)
        written.append(f"{CANVAS_FOLDER}/")
    if "moodle" in platforms:
        modified = datetime.now(UTC).replace(microsecond=0).isoformat()  # when these grades were made
        if args.sheet is None:
            write_atomic(args.out / "moodle-grades.csv", moodle_csv(graded, args.lang, modified))
            note = words(args.lang)[1]
            if note:
                print(f"note: {note}", file=sys.stderr)
            print(f"note: Moodle skips a grade above the assignment's maximum grade: give the assignment "
                  f"{exercise.max_score:g} points", file=sys.stderr)
        else:
            write_worksheet(args, exercise, graded, modified)
        moodle_zip(exercise, graded, args.out / MOODLE_ZIP, args.lang)
        written += ["moodle-grades.csv", MOODLE_ZIP]
    elif args.sheet is not None:
        print("note: no Moodle submission was graded, so --moodle-worksheet was not used", file=sys.stderr)
    total = sum(data["score"] for _, data in graded)
    late = any(data["extra_data"].get("late") for _, data in graded)
    penalty = f"; late submissions lost {args.late_penalty:g}%" if args.late_penalty and late else ""
    if (args.out / "report.html").is_file():  # a regrade into a reported folder: the report follows the grades
        from graders_instructor.grading.report import write as write_report

        write_report(args.out, with_csv=(args.out / "report-scores.csv").is_file())
        written.append("report.html (made anew)")
    print(f"wrote {args.out}/ ({', '.join(written)}); mean score {total / max(len(graded), 1):.2f} of "
          f"{exercise.max_score:g}{penalty}")
    print(tally(graded))


def write_worksheet(args: argparse.Namespace, exercise: Exercise, graded: list, modified: str) -> None:
    """moodle-grades.csv from the instructor's worksheet; say which students either side lacks."""
    from graders_instructor.grading.batch import write_atomic
    from graders_instructor.grading.gradebook import moodle_from_sheet

    text, missing, absent = moodle_from_sheet(args.sheet, graded, modified, args.lang)
    write_atomic(args.out / "moodle-grades.csv", text)
    print(f"note: moodle-grades.csv follows {args.moodle_worksheet}: {args.sheet.columns()}", file=sys.stderr)
    if args.sheet.maximum_note(exercise.max_score):
        print(f"note: {args.sheet.maximum_note(exercise.max_score)}", file=sys.stderr)
    if missing:
        print(f"note: {len(missing)} graded Moodle student(s) not in the worksheet, so not in moodle-grades.csv "
              f"(a worksheet of another assignment or group?): {', '.join(missing)}", file=sys.stderr)
    if absent:
        print(f"note: {len(absent)} participant(s) of the worksheet with no submission here, left out of "
              f"moodle-grades.csv (Moodle keeps their grades as they are): {', '.join(absent)}", file=sys.stderr)


def grade_on_cluster(args: argparse.Namespace, exercise: Exercise, found: list, limits: Limits) -> list:
    """grade_all with every sandbox on a worker of the Dask cluster (as many at once as it has threads)."""
    from cosmos.cluster import ClusterUnavailable, connect
    from graders_instructor.grading.batch import grade_all
    from graders_instructor.grading.cluster import cluster_threads, remote_run

    try:
        client = connect(args.dask, args.dask_scheduler_file)
    except ClusterUnavailable as error:
        raise ExerciseError(str(error)) from error
    with client:
        jobs = cluster_threads(client)
        return grade_all(exercise, found, args.out, jobs, limits, run_job=remote_run(client),
                         late_penalty=args.late_penalty)


def main(argv: list[str] | None = None) -> int:
    """Run one command of the instructor's command line (problems: one line on stderr, exit code 2)."""
    return run_command_line(argv, parser, run)
