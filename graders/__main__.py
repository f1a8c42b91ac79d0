"""The autograder's command line: `python -m graders validate|grade|check ...`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from graders.exercise import Exercise, ExerciseError, load_exercise
from graders.grading import limits_for
from graders.sandbox import Limits, SandboxUnavailable


def parser() -> argparse.ArgumentParser:
    """The three commands and their options."""
    main = argparse.ArgumentParser(
        prog="python -m graders", description="Check and grade exercises."
    )
    commands = main.add_subparsers(dest="command", required=True)
    validate = commands.add_parser(
        "validate", help="the reference passes, the starter and wrong solutions fail"
    )
    grade = commands.add_parser(
        "grade", help="grade submissions in the sandbox against every check"
    )
    check = commands.add_parser("check", help="run the public checks on your saved notebook")
    for command in (validate, grade):
        command.add_argument("exercise", help="an exercise name (01-islands) or folder")
        command.add_argument(
            "--jobs", type=int, default=os.cpu_count() or 1, help="submissions at a time"
        )
    grade.add_argument("submissions", nargs="+", type=Path, help="notebooks to grade")
    grade.add_argument(
        "--out", type=Path, default=Path("grading-out"), help="folder for the results"
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
    check.add_argument("notebook", type=Path)
    check.add_argument("--exercise", help="the exercise, if the notebook is not in its folder")
    for command in (validate, grade, check):
        command.add_argument(
            "--memory", type=int, metavar="MB", help="memory per process (default 1024)"
        )
        command.add_argument("--timeout", type=float, metavar="S", help="seconds per submission")
    return main


def main(argv: list[str] | None = None) -> int:
    """Run one command; problems become one clear line on stderr and exit code 2."""
    args = parser().parse_args(argv)
    try:
        return run(args)
    except (ExerciseError, SandboxUnavailable) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nstopped; run the same command again to carry on where it stopped", file=sys.stderr)
        return 130


def run(args: argparse.Namespace) -> int:
    """Dispatch a parsed command line."""
    if args.command == "check":
        from graders.selfcheck import check_notebook

        if not args.notebook.is_file():
            raise ExerciseError(f"no notebook {args.notebook}")
        passed, text = check_notebook(args.notebook, args.exercise)
        print(text)
        return 0 if passed else 1
    if (
        args.jobs < 1
        or (args.memory is not None and args.memory < 64)
        or (args.timeout is not None and args.timeout <= 0)
    ):
        raise ExerciseError(
            "--jobs must be at least 1, --memory at least 64 and --timeout positive"
        )
    exercise = load_exercise(args.exercise)
    limits = limits_for(exercise, args.timeout, args.memory)
    if args.command == "validate":
        from graders.validate import describe, validate

        findings = validate(exercise, args.jobs, limits)
        print(describe(exercise, findings))
        return 0 if all(finding.ok for finding in findings) else 1
    from graders.batch import grade_all

    missing = [path for path in args.submissions if not os.path.lexists(path)]
    if missing:
        raise ExerciseError(f"no such submission: {missing[0]}")
    if args.dask is None and args.dask_scheduler_file is None:
        graded = grade_all(exercise, args.submissions, args.out, args.jobs, limits)
    else:
        graded = grade_on_cluster(args, exercise, limits)
    total = sum(data["score"] for _, data in graded)
    print(
        f"graded {len(graded)} submissions into {args.out}/ (summary.csv); mean score "
        f"{total / max(len(graded), 1):.2f} of {exercise.max_score:g}"
    )
    return 0


def grade_on_cluster(args: argparse.Namespace, exercise: Exercise, limits: Limits) -> list:
    """grade_all with every sandbox on a worker of the Dask cluster (as many at once as it has threads)."""
    from cosmos.cluster import ClusterUnavailable, connect
    from graders.batch import grade_all
    from graders.cluster import cluster_threads, remote_run

    try:
        client = connect(args.dask, args.dask_scheduler_file)
    except ClusterUnavailable as error:
        raise ExerciseError(str(error)) from error
    with client:
        jobs = cluster_threads(client)
        return grade_all(exercise, args.submissions, args.out, jobs, limits, run_job=remote_run(client))


if __name__ == "__main__":
    sys.exit(main())
