"""Inside the sandbox: run a cleaned notebook with nbclient, then every check; report JSON lines.

Usage (by graders.sandbox only): `python runner.py FD` with the job as JSON on stdin. Events go
to file descriptor FD, which the student's kernel never inherits. This program never sees an
expected value; the grader outside judges what it reports.
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import time
from typing import Any

PR_SET_DUMPABLE = 4
MAX_JOB_BYTES = 64 << 20
MAX_ANSWER_CHARS = 2_000_000  # the probe itself sends at most 1_000_000
KERNEL_NAME = "cosmos-grader"
KERNEL_ARGS = ["--HistoryManager.enabled=False", "--IPKernelApp.capture_fd_output=False"]
STARTUP_SECONDS = 30
JSONSCHEMA_FORMATS = (
    "rfc3987_syntax",
    "rfc3339_validator",
    "rfc3986_validator",
    "isoduration",
    "fqdn",
    "uri_template",
    "webcolors",
    "jsonpointer",
    "idna",
    "rfc3987",
)


def harden(fd: int) -> None:
    """Keep the result channel away from the kernel: not inherited, and no /proc access to us."""
    os.set_inheritable(fd, False)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
    except (OSError, AttributeError):
        pass


class Channel:
    """JSON lines to the grader, one event per line."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.started = time.monotonic()

    def send(self, **event: Any) -> None:
        """Write one event, whole."""
        event["t"] = round(time.monotonic() - self.started, 3)
        event["cpu"] = round(sum(os.times()[:2]), 3)
        data = (json.dumps(event) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data) :]


def install_kernel(folder: str) -> str:
    """The grader's own kernel spec (graders.kernel: no debugger, no history); its kernels dir."""
    kernels = os.path.join(folder, "kernels")
    os.makedirs(os.path.join(kernels, KERNEL_NAME), exist_ok=True)
    argv = [sys.executable, "-m", "graders.kernel", "-f", "{connection_file}", *KERNEL_ARGS]
    with open(os.path.join(kernels, KERNEL_NAME, "kernel.json"), "w") as handle:
        json.dump({"argv": argv, "display_name": "Python 3", "language": "python"}, handle)
    return kernels


def make_client(cells: list[str], channel: Channel, mime: str, count: int, kernels: str) -> Any:
    """An nbclient client that keeps no output; each probe answer goes straight to the channel."""
    for optional in JSONSCHEMA_FORMATS:  # nbformat validates nothing here; these cost seconds
        sys.modules[optional] = None  # type: ignore[assignment]
    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient

    class QuietClient(NotebookClient):
        """Drops every output, so no flood can fill memory; forwards the probe's answers."""

        answered: set[int]
        expecting: tuple[int, int] | None  # (cell, check): the one answer that may come now

        def output(self, outs: list, msg: dict, display_id: str | None, cell_index: int) -> None:
            if self.expecting is None or cell_index != self.expecting[0]:
                return None  # an answer from the notebook's own cells, or from another check's
            data = msg.get("content", {}).get("data")
            text = data.get(mime) if isinstance(data, dict) else None
            if isinstance(text, str) and len(text) <= MAX_ANSWER_CHARS:
                try:
                    number = json.loads(text).get("id")
                except (ValueError, AttributeError, RecursionError):
                    return None
                if number == self.expecting[1] and number not in self.answered:
                    self.answered.add(number)
                    channel.send(event="check", id=number, status="answer", answer=text)
            return None

        def handle_comm_msg(self, outs: list, msg: dict, cell_index: int) -> None:
            return None

        def clear_output(self, outs: list, msg: dict, cell_index: int) -> None:
            return None

    nb = nbformat.from_dict({"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": []})
    nb.cells = [code_cell(source) for source in cells]  # built, not validated: 0.3 s saved
    # An explicit kernel folder: searching the default ones imports all of IPython.
    specs = KernelSpecManager(kernel_dirs=[kernels])
    client = QuietClient(
        nb,
        km=AsyncKernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=specs),
        kernel_name=KERNEL_NAME,
        allow_errors=True,
        interrupt_on_timeout=False,
        shutdown_kernel="immediate",
        startup_timeout=STARTUP_SECONDS,
        iopub_timeout=2,
        raise_on_iopub_timeout=False,
    )
    client.answered = set()
    client.expecting = None
    client.replies = {}
    client.on_cell_executed = lambda cell, cell_index, execute_reply: client.replies.__setitem__(
        cell_index, execute_reply
    )
    return client


def code_cell(source: str) -> Any:
    """A notebook code cell, made without nbformat's schema validation."""
    import nbformat

    cell = {"cell_type": "code", "source": source, "metadata": {}, "outputs": []}
    return nbformat.from_dict({**cell, "execution_count": None})


class Runner:
    """Runs the notebook and then the checks inside one kernel, within one time budget."""

    def __init__(self, job: dict, channel: Channel, kernels: str) -> None:
        self.job = job
        self.channel = channel
        self.deadline = time.monotonic() + STARTUP_SECONDS + float(job["budget"])
        count = len(job["checks"])
        self.client = make_client(job["cells"], channel, job["mime"], count, kernels)

    def start_clock(self) -> None:
        """The budget counts from a ready kernel: a slow machine is not the student's fault."""
        self.deadline = time.monotonic() + float(self.job["budget"])

    def remaining(self) -> float:
        """Seconds left of the budget."""
        return self.deadline - time.monotonic()

    def execute(self, source: str, index: int, timeout: float) -> tuple[str, dict]:
        """Run one cell: ("ok"|"error"|"timeout"|"died", details)."""
        from nbclient.exceptions import CellTimeoutError, DeadKernelError

        if index >= len(self.client.nb.cells):
            self.client.nb.cells.append(code_cell(source))
        self.client.timeout = max(1, int(timeout + 0.999))
        try:
            self.client.execute_cell(self.client.nb.cells[index], index, store_history=False)
        except CellTimeoutError:
            return "timeout", {}
        except DeadKernelError:
            return "died", {}
        except Exception as error:  # a kernel can send anything, even badly signed messages
            return "broken", {"ename": type(error).__name__}
        reply = self.client.replies.get(index, {}).get("content", {})
        if reply.get("status") == "error":
            return "error", {
                "ename": str(reply.get("ename"))[:80],
                "evalue": str(reply.get("evalue"))[:300],
            }
        return "ok", {}

    def run_notebook(self) -> bool:
        """Every cell in order; a raising cell does not stop the rest. False: the kernel is lost."""
        for index, source in enumerate(self.job["cells"]):
            if self.remaining() <= 0:
                self.channel.send(event="cell", index=index, status="timeout")
                return False
            status, details = self.execute(source, index, self.remaining())
            if status != "ok":
                self.channel.send(event="cell", index=index, status=status, **details)
            if status in ("timeout", "died", "broken"):
                return False
        return True

    def run_checks(self) -> None:
        """The probe, then one cell per check in order (public ones first): no check's input is in
        the kernel before its turn, and only that cell's answer counts for it."""
        checks = self.job["checks"]
        seconds = float(self.job["check_timeout"])
        setup = (
            "import types as __cosmos_types__\n"
            "__cosmos_probe__ = __cosmos_types__.ModuleType('cosmos_probe')\n"
            f"exec({self.job['probe']!r}, __cosmos_probe__.__dict__)\n"
        )
        status, details = self.execute(setup, len(self.client.nb.cells), max(0.0, self.remaining()))
        lost = None if status == "ok" else (status, details)  # why the kernel can take no more checks
        for number, check in enumerate(checks):
            if lost is None and self.remaining() <= 0:
                lost = ("timeout", {})
            if lost is None:
                status, details = self.run_check(number, check, seconds)
                if status in ("timeout", "died", "broken"):
                    lost = (status, details)
                if number in self.client.answered:
                    continue
            else:
                status, details = lost
            self.channel.send(event="check", id=number, status="no answer" if status == "ok" else status, **details)

    def run_check(self, number: int, check: dict, seconds: float) -> tuple[str, dict]:
        """One check in a cell of its own; its answer is accepted from that cell only."""
        call = (number, check["kind"], check["name"], check["payload"], seconds)
        index = len(self.client.nb.cells)
        self.client.expecting = (index, number)
        try:
            return self.execute(f"__cosmos_probe__.run_one(globals(), {', '.join(map(repr, call))})\n", index,
                                self.remaining())
        finally:
            self.client.expecting = None


def main(argv: list[str]) -> int:
    """Read the job, run it, report; always end with a "done" event if we get that far."""
    fd = int(argv[1])
    harden(fd)
    channel = Channel(fd)
    job = json.loads(sys.stdin.buffer.read(MAX_JOB_BYTES))
    kernels = install_kernel(os.path.join(os.environ.get("TMPDIR", "/tmp"), ".cosmos-kernel"))  # plain jail: its home
    channel.send(event="start")
    runner = Runner(job, channel, kernels)
    with runner.client.setup_kernel():
        channel.send(event="kernel")
        runner.start_clock()
        if runner.run_notebook():
            channel.send(event="notebook")
            runner.run_checks()
        channel.send(event="done")
        # The sandbox ends with this process: its pid namespace takes the kernel down with it.
        os._exit(0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
