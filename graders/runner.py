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
KERNEL_ARGS = ["--HistoryManager.enabled=False", "--IPKernelApp.capture_fd_output=False"]
PING_SECONDS = 2.0


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
        data = (json.dumps(event) + "\n").encode()
        while data:
            data = data[os.write(self.fd, data) :]


def make_client(cells: list[str]) -> Any:
    """An nbclient client for the cleaned cells that keeps no output but the probe's answers."""
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # jsonschema: 3 s of grammar
    import nbformat
    from nbclient import NotebookClient

    from_probe = _probe_mime()

    class QuietClient(NotebookClient):
        """Drops every output (no flood can fill memory) except the last probe answer."""

        answer: str | None = None

        def output(self, outs: list, msg: dict, display_id: str | None, cell_index: int) -> None:
            data = msg.get("content", {}).get("data")
            if isinstance(data, dict) and isinstance(data.get(from_probe), str):
                self.answer = data[from_probe]
            return None

        def handle_comm_msg(self, outs: list, msg: dict, cell_index: int) -> None:
            return None

        def clear_output(self, outs: list, msg: dict, cell_index: int) -> None:
            return None

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    client = QuietClient(
        nb,
        kernel_name="python3",
        allow_errors=True,
        interrupt_on_timeout=False,
        shutdown_kernel="immediate",
        extra_arguments=KERNEL_ARGS,
        iopub_timeout=2,
        raise_on_iopub_timeout=False,
    )
    client.replies = {}
    client.on_cell_executed = lambda cell, cell_index, execute_reply: client.replies.__setitem__(
        cell_index, execute_reply
    )
    return client


def _probe_mime() -> str:
    """The probe's MIME type, read from the job's probe source at start-up."""
    return os.environ.get("COSMOS_PROBE_MIME", "application/x-epic-cosmos-answer+json")


class Runner:
    """Runs the notebook and the checks inside one kernel, within one time budget."""

    def __init__(self, job: dict, channel: Channel) -> None:
        self.job = job
        self.channel = channel
        self.deadline = time.monotonic() + float(job["budget"])
        self.client = make_client(job["cells"])

    def remaining(self) -> float:
        """Seconds left of the budget."""
        return self.deadline - time.monotonic()

    def execute(self, source: str, index: int, timeout: float) -> tuple[str, dict]:
        """Run one cell: ("ok"|"error"|"timeout"|"died", details)."""
        from nbclient.exceptions import CellTimeoutError, DeadKernelError

        cell = self.client.nb.cells[index] if index < len(self.client.nb.cells) else None
        if cell is None:
            import nbformat

            cell = nbformat.v4.new_code_cell(source)
            self.client.nb.cells.append(cell)
        self.client.timeout = max(1, int(timeout + 0.999))
        self.client.answer = None
        try:
            self.client.execute_cell(cell, index, store_history=False)
        except CellTimeoutError:
            return "timeout", {}
        except DeadKernelError:
            return "died", {}
        reply = self.client.replies.get(index, {}).get("content", {})
        if reply.get("status") == "error":
            return "error", {
                "ename": str(reply.get("ename"))[:80],
                "evalue": str(reply.get("evalue"))[:300],
            }
        return "ok", {}

    def recover(self) -> bool:
        """After a timeout: interrupt the kernel and see whether it answers again."""
        try:
            self.client.km.interrupt_kernel()
        except Exception:  # the kernel may be gone already
            return False
        status, _ = self.execute(
            "pass", len(self.client.nb.cells), min(PING_SECONDS, self.remaining())
        )
        return status == "ok"

    def run_notebook(self) -> bool:
        """Every cell in order; a raising cell does not stop the rest. False: the kernel is lost."""
        for index, source in enumerate(self.job["cells"]):
            if self.remaining() <= 0:
                self.channel.send(event="cell", index=index, status="timeout")
                return False
            status, details = self.execute(source, index, self.remaining())
            if status != "ok":
                self.channel.send(event="cell", index=index, status=status, **details)
            if status in ("timeout", "died"):
                return False
        return True

    def run_checks(self) -> None:
        """Set up the probe, then one cell per check."""
        setup = (
            "import types as __cosmos_types__\n"
            "__cosmos_probe__ = __cosmos_types__.ModuleType('cosmos_probe')\n"
            f"exec({self.job['probe']!r}, __cosmos_probe__.__dict__)\n"
        )
        status, details = self.execute(setup, len(self.client.nb.cells), min(10, self.remaining()))
        if status != "ok":
            self.channel.send(event="probe", status=status, **details)
            return
        stuck = None
        for number, check in enumerate(self.job["checks"]):
            if stuck is not None or self.remaining() <= 0:
                self.channel.send(event="check", id=number, status=stuck or "timeout")
                continue
            source = (
                f"__cosmos_probe__.emit(__cosmos_probe__.run_check("
                f"globals(), {check['kind']!r}, {check['name']!r}, {check['payload']!r}))"
            )
            timeout = min(float(self.job["check_timeout"]), self.remaining())
            status, details = self.execute(source, len(self.client.nb.cells), timeout)
            if status == "ok" and self.client.answer is not None:
                self.channel.send(
                    event="check", id=number, status="answer", answer=self.client.answer
                )
            elif status == "ok":
                self.channel.send(event="check", id=number, status="no answer")
            else:
                self.channel.send(event="check", id=number, status=status, **details)
            if status == "died":
                stuck = "died"
            elif status == "timeout" and not self.recover():
                stuck = "timeout"


def main(argv: list[str]) -> int:
    """Read the job, run it, report; always end with a "done" event if we get that far."""
    fd = int(argv[1])
    harden(fd)
    channel = Channel(fd)
    job = json.loads(sys.stdin.buffer.read(MAX_JOB_BYTES))
    os.environ["COSMOS_PROBE_MIME"] = job["mime"]
    channel.send(event="start")
    runner = Runner(job, channel)
    with runner.client.setup_kernel():
        channel.send(event="kernel")
        if runner.run_notebook():
            channel.send(event="notebook")
            runner.run_checks()
        channel.send(event="done")
        # The sandbox ends with this process: its pid namespace takes the kernel down with it.
        os._exit(0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
