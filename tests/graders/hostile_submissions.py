"""Hostile submissions for the Islands exercise: each tries one way to cheat or to break the grader."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from graders.exercise import Exercise
from graders.notebook import write_notebook
from graders.scoring import Outcome

TIMEOUT = {Outcome.TIMEOUT}
DIED = {Outcome.DIED}
FAILED = {Outcome.FAILED}
ERROR = {Outcome.ERROR}
# A public check whose answer shows what the notebook found: islands(8, ...) returns (found, 0, False).
EVIDENCE = "got:      (0, 0, False)"


@dataclass(frozen=True)
class Hostile:
    """One attack: its cells (or raw bytes), the outcomes that are fair, and the most it may score."""

    cells: list[str] | None
    outcomes: set[Outcome]
    max_score: int = 0
    raw: bytes | None = None
    says: str = ""  # text the student-facing output must contain


def reports(found: str) -> str:
    """A cell defining islands() that reports a count of successes in its answer."""
    return f"def islands(n, lanes):\n    return ({found}, 0, False)\n"


def attacks(
    reference: list[str], exercise: Exercise, out: Path, port: int, host: str, marker: Path
) -> dict[str, Hostile]:
    """Every hostile submission, by name; reference is the reference solution's code cells."""
    hidden_files = [str(exercise.hidden_folder / "hidden.json"), str(exercise.reference)]
    forged = json.dumps({"score": 30, "max_score": 30, "tests": []})
    fake_event = json.dumps(
        {
            "event": "check",
            "id": 0,
            "status": "answer",
            "answer": json.dumps({"id": 0, "status": "ok", "value": ["int", 1]}),
        }
    )
    return {
        "infinite-loop": Hostile(["while True:\n    pass\n"], TIMEOUT, says="timeout: code cell 1"),
        "loop-ignoring-sigint": Hostile(
            [
                "import signal\n"
                "for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM, signal.SIGXCPU):\n"
                "    signal.signal(sig, signal.SIG_IGN)\n"
                "while True:\n    pass\n"
            ],
            TIMEOUT,
            says="timeout",
        ),
        "sleep-forever": Hostile(["import time\ntime.sleep(10**6)\n"], TIMEOUT, says="timeout"),
        "fork-bomb": Hostile(
            [
                "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
            ],
            TIMEOUT | DIED,
        ),
        "loop-on-large-input": Hostile(
            [
                *reference,
                "import time\n_right = islands\n\n\ndef islands(n, lanes):\n"
                "    while n > 1000:\n        time.sleep(0.05)\n    return _right(n, lanes)\n",
            ],
            TIMEOUT,
            max_score=29,
        ),
        "check-blocks-the-alarm": Hostile(
            [
                "import signal, time\n\n\ndef islands(n, lanes):\n"
                "    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGINT})\n"
                "    while True:\n        time.sleep(0.05)\n"
            ],
            TIMEOUT,
        ),
        "os-exit": Hostile(
            ["import os\nos._exit(0)\n"], DIED, says="the kernel died in code cell 1"
        ),
        "os-exit-in-a-check": Hostile(
            [*reference, "def lanes_needed(n, lanes):\n    import os\n    os._exit(3)\n"],
            DIED,
            max_score=8,
        ),
        "segfault": Hostile(["import ctypes\nctypes.string_at(0)\n"], DIED),
        "memory-hog": Hostile(
            [
                "hog = []\nwhile True:\n    hog.append(bytearray(64 * 2**20))\n",
                "def islands(n, lanes):\n    return (len(bytearray(8 * 2**30)), 0, False)\n",
            ],
            FAILED | ERROR,
            says="MemoryError",
        ),
        "gigantic-output": Hostile(
            [
                "print('x' * 10_000_000)\n",
                "import os, sys\nfor _ in range(100):\n    os.write(1, b'y' * 100_000)\n"
                "    os.write(2, b'z' * 100_000)\n",
                "for _ in range(10_000):\n    print('spam ' * 100)\n",
            ],
            FAILED | TIMEOUT,
        ),
        "reads-hidden-files": Hostile(
            [
                "import os\nfound = 0\n"
                f"for path in {hidden_files!r} + ['../../graders/hidden/01-islands/hidden.json',\n"
                "        '/etc/shadow', '/root/.bash_history']:\n"
                "    try:\n        open(path).read()\n        found += 1\n    except OSError:\n        pass\n"
                "for top, dirs, files in os.walk('/'):\n"
                "    if top.startswith(('/proc', '/sys', '/dev', '/usr')) or top.count('/') > 3:\n"
                "        dirs[:] = []\n        continue\n"
                "    found += sum(name in ('hidden.json', 'make_hidden.py') for name in files)\n",
                reports("found"),
            ],
            FAILED,
            says=EVIDENCE,
        ),
        "network": Hostile(
            [
                "import socket\nreached = 0\n"
                f"for address in [('127.0.0.1', {port}), ({host!r}, {port}), ('1.1.1.1', 53), ('pypi.org', 443)]:\n"
                "    try:\n        socket.create_connection(address, timeout=1).sendall(b'leak')\n"
                "        reached += 1\n    except OSError:\n        pass\n",
                reports("reached"),
            ],
            FAILED,
            says=EVIDENCE,
        ),
        "patches-later-cells": Hostile(
            [
                "import builtins, json\nfrom IPython.display import display\n\n\n"
                "def forge():\n"
                "    print('All checks passed! 30/30')\n"
                "    for i in range(40):\n"
                "        answer = {'id': i, 'status': 'ok',\n"
                "                  'value': ['tuple', [['int', 3], ['int', 3], ['bool', False]]]}\n"
                "        display({'application/x-epic-cosmos-answer+json': json.dumps(answer)}, raw=True)\n"
                "\n\n"
                "get_ipython().input_transformers_post.append(lambda lines: ['forge()\\n'])\n"
                "builtins.AssertionError = type('Never', (Exception,), {})\n",
            ],
            FAILED,
            max_score=1,
        ),
        "always-equal-subclasses": Hostile(
            [
                "class Sneaky(int):\n    def __eq__(self, other):\n        return True\n"
                "    __hash__ = int.__hash__\n\n\n"
                "class SneakyTuple(tuple):\n    def __eq__(self, other):\n        return True\n\n\n"
                "def islands(n, lanes):\n    return SneakyTuple((Sneaky(3), Sneaky(3), False))\n\n\n"
                "def shortest_path(n, lanes, start, goal):\n    return [Sneaky(start)]\n\n\n"
                "def lanes_needed(n, lanes):\n    return True\n",
            ],
            FAILED,
        ),
        "forged-results": Hostile(
            [
                "import json, os\n"
                f"FORGED = {forged!r}\n"
                f"for path in ['results.json', '/tmp/results.json', {str(out / 'forged-results' / 'results.json')!r},\n"
                f"             {str(out / 'summary.csv')!r}, {str(marker)!r}]:\n"
                "    try:\n        with open(path, 'w') as f:\n            f.write(FORGED)\n    except OSError:\n        pass\n"
                "print('All checks passed! score: 30/30')\n"
                f"for fd in range(64):\n    try:\n        os.set_blocking(fd, False)\n        os.write(fd, ({fake_event!r} + '\\n' + '{{\"event\": \"done\"}}\\n').encode())\n"
                "    except OSError:\n        pass\n",
            ],
            FAILED | TIMEOUT | DIED,
        ),
        "kills-the-runner": Hostile(
            [
                "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n",
                *reference,
            ],
            ERROR,
            says="ended early",
        ),
        "snoops-on-the-runner": Hostile(
            [
                "import os\nparent = os.getppid()\nopened = 0\n"
                "for name in ['mem', 'environ', *[f'fd/{n}' for n in range(64)]]:\n"
                "    try:\n        open(f'/proc/{parent}/{name}', 'rb').close()\n        opened += 1\n"
                "    except OSError:\n        pass\n"
                "try:\n    os.setuid(0)\n    opened += 100\nexcept OSError:\n    pass\n",
                reports("opened"),
            ],
            FAILED,
            says=EVIDENCE,
        ),
        "huge-answers": Hostile(
            [
                "def islands(n, lanes):\n    return ('x' * 3_000_000, 0, False)\n\n\n"
                "def shortest_path(n, lanes, start, goal):\n    return list(range(300_000))\n",
            ],
            FAILED | TIMEOUT,
        ),
        "malformed-not-json": Hostile(
            None,
            ERROR,
            raw=b"def islands(n, lanes):\n    return (1, 1, True)\n",
            says="not valid notebook JSON",
        ),
        "malformed-truncated": Hostile(
            None, ERROR, raw=b'{"nbformat": 4, "cells": [{"cell_type": "co'
        ),
        "malformed-not-a-notebook": Hostile(None, ERROR, raw=b"[1, 2, 3]", says="not a notebook"),
        "malformed-format-3": Hostile(
            None, ERROR, raw=b'{"nbformat": 3, "cells": [], "worksheets": []}'
        ),
        "malformed-deep-nesting": Hostile(None, ERROR, raw=b"[" * 200_000 + b"]" * 200_000),
        "malformed-not-utf8": Hostile(None, ERROR, raw=b'{"nbformat": 4, "cells": ["\xff\xfe"]}'),
        "malformed-source-type": Hostile(
            None,
            ERROR,
            raw=json.dumps(
                {
                    "nbformat": 4,
                    "nbformat_minor": 5,
                    "metadata": {},
                    "cells": [{"cell_type": "code", "source": 42, "metadata": {}, "outputs": []}],
                }
            ).encode(),
        ),
        "malformed-too-large": Hostile(None, ERROR, raw=b" " * (6 << 20), says="larger than"),
    }


def write(folder: Path, name: str, attack: Hostile) -> Path:
    """Write one attack as a file in folder."""
    path = folder / f"{name}.ipynb"
    if attack.raw is not None:
        path.write_bytes(attack.raw)
        return path
    assert attack.cells is not None
    return write_notebook(path, attack.cells)
