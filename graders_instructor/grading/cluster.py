"""Grading on a Dask cluster: each submission runs in the sandbox of the worker that takes it.

What travels to a worker is the job the sandbox gets anyway (the cleaned cells, the checks'
inputs, the probe: never an expected answer). The worker runs it with sandbox.run, the very
jail and limits of local grading, after it has checked once that its own sandbox works; a
worker that cannot make the sandbox refuses the work (SandboxUnavailable), it never runs a
submission without it. What comes back is plain data, read here as untrusted: only events of
the runner's exact shape are kept (sandbox.well_formed). The verdicts are judged here, by the
same code as local grading, so the scores are the same.
"""

from __future__ import annotations

import math
import threading
from dataclasses import replace
from typing import Any

from graders import sandbox
from graders.sandbox import Limits, SandboxResult, SandboxUnavailable, Stopped

__all__ = ["cluster_threads", "on_worker", "received", "remote_run", "sandbox_on_worker"]

TRIAL_JOB = {"cells": ["pass"], "checks": [], "budget": 30, "check_timeout": 10}
TRIAL_LIMITS = Limits(timeout=30.0)
WAIT_SECONDS = 0.2  # how often a waiting grader thread looks whether it was asked to stop


def trial_job() -> dict:
    """An empty notebook: what a worker runs once to see that its sandbox works."""
    from graders.grading import PROBE_SOURCE

    return {**TRIAL_JOB, "probe": PROBE_SOURCE}


def sandbox_works() -> str:
    """Why this machine cannot run a submission in the sandbox, or "" when it can (an empty notebook ran)."""
    try:
        result = sandbox.run(trial_job(), TRIAL_LIMITS)
    except SandboxUnavailable as error:
        return str(error)
    except OSError as error:
        return f"the sandbox could not start ({error})"
    names = [event.get("event") for event in result.events]
    if "kernel" in names and "done" in names and not result.killed:
        return ""
    last = result.log.strip().splitlines()[-1:] or ["no message"]
    return f"an empty notebook did not run in the sandbox (exit code {result.returncode}: {last[0][:200]})"


def on_worker(job: dict, limits: Limits, worker: Any) -> dict:
    """Run one job in this worker's sandbox, as plain data; refuse (SandboxUnavailable) without one."""
    verdict = getattr(worker, "epic_cosmos_sandbox", None)
    if verdict is None:  # checked once per worker process, then remembered on the worker
        verdict = sandbox_works()
        worker.epic_cosmos_sandbox = verdict
    if verdict:
        raise SandboxUnavailable(f"the Dask worker {worker.address} refuses to grade: {verdict}")
    # without root the sandboxes of one machine share a uid: its process limit counts the worker's threads
    result = sandbox.run(job, replace(limits, parallel=max(1, worker.state.nthreads)))
    return {
        "events": result.events,
        "killed": result.killed,
        "returncode": result.returncode,
        "log": result.log,
        "garbled": result.garbled,
        "seconds": result.seconds,
        "limits": result.limits,
    }


def sandbox_on_worker(job: dict, limits: Limits) -> dict:
    """The Dask task: on_worker on the worker that runs it."""
    from distributed import get_worker

    return on_worker(job, limits, get_worker())


def received(data: object, limits: Limits) -> SandboxResult:
    """A worker's answer read as untrusted: a SandboxResult of checked types; anything else is garbled."""
    result = SandboxResult(garbled=True)
    if type(data) is not dict:
        return result
    events = data.get("events")
    if type(events) is list:
        result.events = [event for event in events if sandbox.well_formed(event)]
        result.garbled = len(result.events) != len(events) or data.get("garbled") is not False
    killed, returncode, log, seconds, held = (
        data.get(key) for key in ("killed", "returncode", "log", "seconds", "limits"))
    result.killed = killed is True
    result.returncode = returncode if type(returncode) is int else None
    result.log = log[: limits.log_kb << 10] if type(log) is str else ""
    result.limits = f"on the Dask worker: {held[:2000]}" if type(held) is str else ""
    if (type(seconds) is int or type(seconds) is float) and math.isfinite(seconds) and seconds >= 0:
        result.seconds = min(float(seconds), limits.timeout + sandbox.GRACE_SECONDS)
    return result


def remote_run(client: Any) -> Any:
    """A SandboxRun (graders.grading) that runs each job on a worker of the client's cluster."""

    def run(job: dict, limits: Limits, stop: threading.Event | None = None) -> SandboxResult:
        # pure=False: every submission is run afresh, even one the cluster has seen
        future = client.submit(sandbox_on_worker, job, limits, pure=False)
        waiting = stop if stop is not None else threading.Event()
        try:
            while not future.done():
                if waiting.wait(WAIT_SECONDS):
                    raise Stopped
            if future.status == "error":
                error = future.exception()
                if isinstance(error, SandboxUnavailable):
                    raise SandboxUnavailable(str(error))
                raise RuntimeError(f"the Dask task failed ({type(error).__name__}: {error})")
            return received(future.result(), limits)
        finally:
            future.cancel()

    return run


def cluster_threads(client: Any) -> int:
    """How many tasks the cluster runs at once now (its workers' threads), at least 1."""
    return max(1, sum(client.nthreads().values()))
