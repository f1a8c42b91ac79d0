"""Grade one submission: clean it, run it in the sandbox, judge every check outside."""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from graders import probe, sandbox
from graders.exercise import Check, Exercise
from graders.notebook import SubmissionError, clean, read_submission
from graders.runner import MAX_CELL_OUTPUTS, MAX_NOTEBOOK_OUTPUT_CHARS, OUTPUT_COST
from graders.sandbox import Limits, SandboxResult
from graders.scoring import Outcome, Verdict, check_events, judge, printable, results, run_summary

NOT_RUN = Verdict(False, "not run: the notebook did not get that far (see the summary)")
PROBE_SOURCE = Path(probe.__file__).read_text(encoding="utf-8")
# runs one job in a sandbox: sandbox.run here, or graders_instructor.grading.cluster's on a Dask worker's own sandbox
SandboxRun = Callable[[dict, Limits, "threading.Event | None"], SandboxResult]


def limits_for(
    exercise: Exercise, timeout: float | None = None, memory_mb: int | None = None
) -> Limits:
    """The exercise's limits, with the command line's overrides."""
    total = timeout if timeout is not None else exercise.timeout
    return replace(
        Limits(),
        timeout=total,
        check_timeout=min(exercise.check_timeout, total),
        memory_mb=memory_mb if memory_mb is not None else exercise.memory_mb,
    )


def job_for(checks: tuple[Check, ...], cells: list[str], limits: Limits) -> dict:
    """What the runner receives: code, inputs and time limits; never an expected answer."""
    return {
        "cells": cells,
        "checks": [
            {"kind": c.kind, "name": c.call, "payload": c.payload}
            for c in checks
        ],
        "budget": limits.timeout,
        "check_timeout": limits.check_timeout,
        "probe": PROBE_SOURCE,
    }


def file_digest(path: Path) -> str:
    """sha256 of a submitted file, read as read_submission reads it ("" if it cannot be)."""
    try:
        return hashlib.sha256(read_submission(path)).hexdigest()
    except SubmissionError:
        return ""


def grade_submission(
    exercise: Exercise,
    path: Path,
    limits: Limits,
    checks: tuple[Check, ...] | None = None,
    stop: threading.Event | None = None,
    run_job: SandboxRun | None = None,
) -> dict:
    """results.json for one submission; a broken or hostile submission scores, it never raises.

    Only sandbox.Stopped (the grader itself was stopped) and SandboxUnavailable escape. run_job
    runs the sandbox elsewhere (sandbox.run by default); the verdicts are always judged here.
    """
    checks = exercise.checks if checks is None else checks
    digest = ""
    try:
        submitted = read_submission(path)
        digest = hashlib.sha256(submitted).hexdigest()
        cells = clean(submitted)
    except SubmissionError as error:
        verdicts = [Verdict(False, "not run: the notebook could not be read") for _ in checks]
        return _finish(exercise, checks, verdicts, Outcome.ERROR, f"error: {error}", digest, 0.0)
    run = (run_job or sandbox.run)(job_for(checks, cells, limits), limits, stop)
    checked = any(event.get("event") == "check" for event in run.events)
    try:
        outcome, verdicts, output = interpret(exercise, checks, run, limits)
    except Exception as error:  # the last line of defence: what came back is never the batch's problem
        verdicts = [Verdict(False, "not run: the grader could not read the report") for _ in checks]
        outcome, output = Outcome.ERROR, f"error: the sandbox's report could not be read ({type(error).__name__})"
    # what the student may read before any hidden result is published: the run up to the first check
    before = run_summary(run.events, limits.timeout)[1] if checked else output
    data = _finish(exercise, checks, verdicts, outcome, output, digest, run.seconds, before)
    data["extra_data"]["limits"] = run.limits  # for the instructor: the control group's limits, or the rlimits alone
    data[RAN_KEY] = ran_notebook(cells, run.events)
    return data


RAN_KEY = "ran_notebook"  # the notebook as it ran: graders_instructor.grading.batch writes it as ran.ipynb
OUTPUT_STREAMS = {"stdout": "stdout", "stderr": "stderr"}


def ran_notebook(cells: list[str], events: list[dict]) -> dict:
    """The cleaned notebook as the sandbox ran it, with the outputs of its own cells (never a check's).

    The runner's caps are kept here too, as counts (what came back is untrusted): at most MAX_CELL_OUTPUTS and
    its counting line a cell, and as many outputs in all as the notebook's characters pay for.
    """
    outputs: list[list[dict]] = [[] for _ in cells]
    left = MAX_NOTEBOOK_OUTPUT_CHARS // OUTPUT_COST + len(cells)
    for event in events:
        index, text, kind = event.get("index"), event.get("text"), event.get("status")
        if event.get("event") != "output" or type(index) is not int or not 0 <= index < len(cells):
            continue
        if type(text) is not str or left <= 0 or len(outputs[index]) > MAX_CELL_OUTPUTS:
            continue
        left -= 1
        if kind in OUTPUT_STREAMS:
            outputs[index].append({"output_type": "stream", "name": kind, "text": text})
        elif kind == "error":
            outputs[index].append({"output_type": "error", "ename": "", "evalue": "", "traceback": text.split("\n")})
        else:
            outputs[index].append({"output_type": "display_data", "data": {"text/plain": text}, "metadata": {}})
    return {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": outputs[number],
                   "source": source} for number, source in enumerate(cells)],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                     "cosmos": {"note": "the notebook as the grader ran it: its code cells and their outputs"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def interpret(
    exercise: Exercise, checks: tuple[Check, ...], run: SandboxResult, limits: Limits
) -> tuple[Outcome, list[Verdict], str]:
    """Outcome, verdicts and the run's summary text from what the sandbox reported."""
    names = [event.get("event") for event in run.events]
    ended, summary = run_summary(run.events, limits.timeout)
    if ended is None and "done" not in names:
        if run.killed:
            ended, summary = (
                Outcome.TIMEOUT,
                "timeout: the submission was stopped by the grader's wall clock",
            )
        elif "kernel" not in names:
            ended, summary = (
                Outcome.ERROR,
                "error: the notebook's kernel could not start in the sandbox",
            )
        else:
            ended, summary = (
                Outcome.ERROR,
                ("error: the grading run ended early (did the notebook stop the grader's runner?)"),
            )
    if ended is None and run.garbled:
        ended, summary = Outcome.ERROR, "error: the grading run reported something unreadable"
    events = check_events(run.events, len(checks))
    verdicts = [
        judge(check, exercise.contract[check.call], event) if event else NOT_RUN
        for check, event in zip(checks, events, strict=True)
    ]
    if ended is None:
        endings = {verdict.ended for verdict in verdicts}
        if all(v.passed for v in verdicts):
            ended = Outcome.PASSED
        elif Outcome.DIED in endings:
            ended, summary = Outcome.DIED, _join(summary, "the kernel died during the checks")
        elif Outcome.TIMEOUT in endings:
            ended, summary = Outcome.TIMEOUT, _join(summary, "some checks ran out of time")
        elif Outcome.ERROR in endings:
            ended, summary = Outcome.ERROR, _join(summary, "the kernel broke during the checks")
        else:
            ended = Outcome.FAILED
    return ended, verdicts, summary


def _join(first: str, second: str) -> str:
    """Two lines of summary, either of which may be empty."""
    return "\n".join(line for line in (first, second) if line)


def not_graded(exercise: Exercise, output: str) -> dict:
    """results.json for a submission the grader could not grade: every check lost, the reason given."""
    verdicts = [Verdict(False, "not run: the grader could not grade this submission") for _ in exercise.checks]
    return _finish(exercise, exercise.checks, verdicts, Outcome.ERROR, output, "", 0.0)


def _finish(
    exercise: Exercise,
    checks: tuple[Check, ...],
    verdicts: list[Verdict],
    outcome: Outcome,
    output: str,
    digest: str,
    seconds: float,
    before_checks: str | None = None,
) -> dict:
    """The results dict with the bookkeeping that makes a batch resumable.

    extra_data.notebook_output is the part of the output about the notebook's own run, before any check
    (the Gradescope autograder shows only that and the public checks until the hidden ones are published).
    """
    graded = replace(exercise, checks=checks)
    data = results(graded, verdicts, outcome, output)
    data["execution_time"] = round(seconds, 3)
    data["extra_data"].update(submission_sha256=digest, exercise_fingerprint=exercise.fingerprint,
                              notebook_output=printable(output if before_checks is None else before_checks))
    return data
