"""Helpers for the grader's tests: the command line, and one batch of 60 submissions."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from graders import sandbox
from graders.exercise import Exercise
from graders.grading import limits_for
from graders.notebook import read_cells
from graders_instructor.grading.batch import grade_all
from tests.graders.hostile_submissions import LOOPS, Hostile, attacks, write

REPO = Path(__file__).resolve().parents[2]
# every attack (29) and the starter, then good copies and wrong solutions in turn until all 9 wrong ones are in (and
# both good kinds: with and without a scratch cell that fails): a larger batch proves nothing more, it takes longer
BATCH_SIZE = 48
# The attacks that never end use all of their time, whatever it is: they get a short one (seconds per submission, per
# check), in one sandbox at a time beside the rest. Everything else gets the exercise's own limits (60 s, 10 s a check),
# which no submission that ends comes near on however busy a machine: a slow machine is not the student's fault.
ENDLESS = (*LOOPS, "check-blocks-the-alarm")
ENDLESS_TIMEOUT = 6.0
ENDLESS_CHECK_TIMEOUT = 3.0
ENDLESS_JOBS = 1
BATCH_JOBS = 2  # with the endless one: three sandboxes on the 2 cores (attacks that sleep or time out leave them idle)


def verdict_text(output: str) -> str:
    """A check's shown verdict without the hint line a failed check carries (the instructor's fixed text)."""
    return output.split("\nhint: ", 1)[0]


def graders_cli(*args: str, cwd: Path, timeout: float = 300,
                env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m graders_instructor ARGS` from this repository, as a teacher would (env: added to it)."""
    return subprocess.run(
        [sys.executable, "-m", "graders_instructor", *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@dataclass
class Batch:
    """A graded batch: where it is, what each submission was, and what happened around it."""

    out: Path
    kinds: dict[str, str]  # submission name -> "reference" | "wrong" | "starter" | "attack"
    attacks: dict[str, Hostile]
    results: dict[str, dict]
    seconds: float
    connections: int  # TCP connections the network attack made to our server
    leaks: list[str]  # processes left behind by a sandbox
    marker: Path  # a host file the forging attack tried to create


def listen() -> tuple[socket.socket, list[int]]:
    """A TCP server on every interface that counts connections (none may come from a sandbox)."""
    server = socket.create_server(("0.0.0.0", 0))
    count = [0]

    def serve() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            count[0] += 1
            connection.close()

    threading.Thread(target=serve, daemon=True).start()
    return server, count


def host_address() -> str:
    """This machine's address on its network (no packet is sent), or loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def sandbox_leaks() -> list[str]:
    """Processes running as a sandbox uid that no sandbox holds any more (nor an older grader's, in /tmp)."""
    leaks = []
    folders = [sandbox.private_folder(sandbox.uid_lock_folder())]
    if sandbox.uid_lock_folder() != sandbox.LEGACY_UID_LOCKS:
        folders.append(sandbox.legacy_folder())
    try:
        for uid in range(sandbox.UID_BASE, sandbox.UID_BASE + sandbox.UID_COUNT):
            held = [sandbox.try_lock(folder, str(uid)) for folder in folders]
            try:
                if None in held:
                    continue  # a sandbox is running as this uid right now
                for status in Path("/proc").glob("[0-9]*/status"):
                    try:
                        text = status.read_text()
                    except OSError:
                        continue
                    if f"\nUid:\t{uid}\t" in text:
                        leaks.append(f"uid {uid}: {text.splitlines()[0]}")
            finally:
                for fd in held:
                    if fd is not None and fd >= 0:
                        os.close(fd)
    finally:
        for folder in folders:
            if folder is not None:
                os.close(folder)
    return leaks


def build_batch(
    folder: Path, exercise: Exercise, out: Path, port: int, marker: Path
) -> tuple[list[Path], dict[str, str], dict[str, Hostile]]:
    """BATCH_SIZE submissions: the exercise's own notebooks, copies with harmless changes, and attacks."""
    folder.mkdir(parents=True)
    reference = read_cells(exercise.reference)
    hostile = attacks(reference, exercise, out, port, host_address(), marker)
    paths, kinds = [], {}

    def add(name: str, kind: str, path: Path) -> None:
        paths.append(path)
        kinds[name] = kind

    for name, attack in hostile.items():
        add(name, "attack", write(folder, name, attack))
    add("starter", "starter", shutil.copy(exercise.notebook, folder / "starter.ipynb"))
    wrong = exercise.wrong_solutions
    number = 0
    while len(paths) < BATCH_SIZE:
        number += 1
        if number % 2:
            cells = [*reference, "1 / 0  # a scratch cell that fails\n"] if number % 3 else reference
            add(
                f"good-{number}",
                "reference",
                write_notebook_copy(folder / f"good-{number}.ipynb", cells),
            )
        else:
            source = wrong[(number // 2) % len(wrong)]
            add(f"wrong-{number}", "wrong", shutil.copy(source, folder / f"wrong-{number}.ipynb"))
    used = {path.read_bytes() for path, kind in zip(paths, kinds.values(), strict=True) if kind == "wrong"}
    assert len(used) == len(wrong), f"{len(wrong) - len(used)} wrong solution(s) left out of the batch"
    return paths, kinds, hostile


def write_notebook_copy(path: Path, cells: list[str]) -> Path:
    """A code-only notebook."""
    from graders.notebook import write_notebook

    return write_notebook(path, cells)


def grade_batch(exercise: Exercise, shared: Path) -> None:
    """Grade the batch into shared/out and note what happened around it in shared/batch.json."""
    server, connections = listen()
    marker = Path("/tmp") / f"cosmos-forged-{os.getpid()}-{time.monotonic_ns()}"
    try:
        paths, kinds, _ = build_batch(shared / "submissions", exercise, shared / "out", server.getsockname()[1], marker)
        started = time.monotonic()
        grade_beside(exercise, paths, shared)
        seconds = time.monotonic() - started
    finally:
        server.close()
    info = {
        "kinds": kinds,
        "seconds": seconds,
        "connections": connections[0],
        "leaks": sandbox_leaks(),
        "marker": str(marker),
    }
    (shared / "batch.json").write_text(json.dumps(info))


def grade_beside(exercise: Exercise, paths: list[Path], shared: Path) -> None:
    """Grade the endless attacks with short limits at the same time as the rest with the exercise's own; then the
    whole batch once more, which finds every submission done and writes the summary of them all in their order."""
    endless = [path for path in paths if path.stem in ENDLESS]
    short = replace(limits_for(exercise, ENDLESS_TIMEOUT), check_timeout=ENDLESS_CHECK_TIMEOUT)
    failed: list[BaseException] = []

    def grade_endless() -> None:
        try:
            with open(shared / "progress-endless.txt", "w") as progress:
                grade_all(exercise, endless, shared / "out", ENDLESS_JOBS, short, stream=progress)
        except BaseException as error:  # noqa: B036 (raised again below, in the test's own thread)
            failed.append(error)

    beside = threading.Thread(target=grade_endless)
    beside.start()
    try:
        with open(shared / "progress.txt", "w") as rest:
            grade_all(exercise, [path for path in paths if path not in endless], shared / "out", BATCH_JOBS,
                      limits_for(exercise), stream=rest)
    finally:
        beside.join()
    if failed:
        raise failed[0]
    with open(shared / "progress-all.txt", "w") as progress:
        grade_all(exercise, paths, shared / "out", BATCH_JOBS, limits_for(exercise), stream=progress)
