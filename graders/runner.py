"""Inside the sandbox: start the notebook's kernel, run the cleaned notebook, then every check; report JSON lines.

Usage (by graders.sandbox only): `python runner.py FD` with the job as JSON on stdin. Events go
to file descriptor FD, which the student's kernel never inherits. This program never sees an
expected value; the grader outside judges what it reports.

It speaks the Jupyter protocol to the kernel itself (zmq only, on the shell and stdin channels:
no nbclient, no jupyter_client, which cost half a second of CPU to import per submission). The
notebook's cells run one execute_request each. The checks then run in one cell that asks for them
one at a time through the kernel's stdin channel: each input_request carries the previous check's
answer, and only then does the input_reply carry the next check's input (public checks first).
"""

from __future__ import annotations

import ctypes
import hashlib
import hmac
import json
import math
import os
import subprocess
import sys
import time
import uuid
from typing import Any

PR_SET_DUMPABLE = 4
MAX_JOB_BYTES = 64 << 20
MAX_ANSWER_CHARS = 2_000_000  # the probe itself sends at most 1_000_000
MAX_MESSAGE_BYTES = 32 << 20  # a larger message from the kernel drops its connection: no flood fills our memory
KERNEL_ARGS = ["--HistoryManager.enabled=False", "--IPKernelApp.capture_fd_output=False"]
STARTUP_SECONDS = 60  # a kernel's start on a busy laptop; not the student's budget, only a guard against a hang
DELIMITER = b"<IDS|MSG>"
POLL_SECONDS = 0.05  # how often a wait looks whether the kernel is still alive
SERVE = "__cosmos_probe__.serve(globals())\n"
LOST = ("timeout", "died", "broken")  # statuses after which the kernel takes no more cells
# the notebook's own outputs, kept for the instructor (results' ran.ipynb): per output and for the whole notebook
MAX_OUTPUT_CHARS = 20_000
MAX_NOTEBOOK_OUTPUT_CHARS = 200_000
OUTPUT_COST = 100  # characters each output costs beyond its text: empty ones are not free (2,000 at most)
MAX_CELL_OUTPUTS = 100  # outputs kept of one cell; one last line counts the rest
IDLE_SECONDS = 1.0  # after a cell's reply, how long its last outputs may still take to arrive
IOPUB_SECONDS = 0.2  # after the kernel's first reply, how long its status may take to come on a connected iopub
OUTPUT_KINDS = {"stream": "", "execute_result": "result", "display_data": "display", "error": "error"}


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


class Kernel:
    """The notebook's IPython kernel (graders.kernel) and a small client of it: the shell and stdin channels."""

    def __init__(self, folder: str) -> None:
        import zmq

        os.makedirs(folder, mode=0o700, exist_ok=True)
        self.key = os.urandom(32).hex().encode()
        self.session = uuid.uuid4().hex
        base = os.path.join(folder, "k")
        connection = {
            "transport": "ipc", "ip": base, "shell_port": 1, "iopub_port": 2, "stdin_port": 3,
            "control_port": 4, "hb_port": 5, "key": self.key.decode(), "signature_scheme": "hmac-sha256",
        }  # fmt: skip
        path = os.path.join(folder, "kernel.json")
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w") as handle:
            json.dump(connection, handle)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "graders.kernel", "-f", path, *KERNEL_ARGS], stdin=subprocess.PIPE, close_fds=True
        )
        self.context = zmq.Context()
        self.sockets = {}
        self.poller = zmq.Poller()
        for name, port in (("shell", 1), ("stdin", 3), ("iopub", 2)):
            socket = self.context.socket(zmq.SUB if name == "iopub" else zmq.DEALER)
            if name == "iopub":  # the cells' outputs (only the notebook's own cells' are kept)
                socket.setsockopt(zmq.SUBSCRIBE, b"")
            else:
                socket.setsockopt(zmq.IDENTITY, self.session.encode())  # input_request goes to the shell's id
            socket.setsockopt(zmq.MAXMSGSIZE, MAX_MESSAGE_BYTES)
            socket.setsockopt(zmq.LINGER, 0)
            if name == "stdin":  # the kernel drops an input_request to a client not yet connected: wait for it
                self.stdin_connected = socket.get_monitor_socket(zmq.EVENT_HANDSHAKE_SUCCEEDED)
            socket.connect(f"ipc://{base}-{port}")
            self.sockets[name] = socket
            self.poller.register(socket, zmq.POLLIN)

    def sign(self, frames: list[bytes]) -> bytes:
        """The HMAC of a message's four JSON frames."""
        digest = hmac.new(self.key, digestmod=hashlib.sha256)
        for frame in frames:
            digest.update(frame)
        return digest.hexdigest().encode()

    def send(self, channel: str, msg_type: str, content: dict, parent: dict | None = None) -> str:
        """Send one message on a channel; its msg_id."""
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id, "msg_type": msg_type, "username": "grader", "session": self.session,
            "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.3",
        }  # fmt: skip
        frames = [json.dumps(part).encode() for part in (header, parent or {}, {}, content)]
        self.sockets[channel].send_multipart([DELIMITER, self.sign(frames), *frames])
        return msg_id

    def receive(self, channel: str) -> dict | None:
        """One message from a channel, decoded and its signature checked; None if it is not a valid message."""
        frames = self.sockets[channel].recv_multipart()
        if DELIMITER not in frames:
            return None
        at = frames.index(DELIMITER)
        signature, parts = frames[at + 1 : at + 2], frames[at + 2 : at + 6]
        if len(parts) < 4 or not hmac.compare_digest(signature[0], self.sign(parts)):
            return None
        try:
            header, parent, _, content = (json.loads(part) for part in parts)
        except (ValueError, RecursionError):
            return None
        if not all(type(part) is dict for part in (header, parent, content)):
            return None
        return {"header": header, "msg_type": header.get("msg_type"), "parent": parent.get("msg_id"),
                "content": content}

    def next_message(self, deadline: float) -> tuple[str, dict | None]:
        """("shell" | "stdin" | "iopub", message) as soon as one comes; ("timeout" | "died" | "broken", None)
        otherwise."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", None
            ready = dict(self.poller.poll(math.ceil(1000 * min(left, POLL_SECONDS))))
            for channel, socket in self.sockets.items():
                if socket in ready:
                    message = self.receive(channel)
                    return (channel, message) if message is not None else ("broken", None)
            if self.process.poll() is not None:
                return "died", None

    def execute(self, code: str, allow_stdin: bool = False, store_history: bool = True) -> str:
        """Send an execute_request; its msg_id."""
        content = {"code": code, "silent": False, "store_history": store_history, "user_expressions": {},
                   "allow_stdin": allow_stdin, "stop_on_error": False}  # fmt: skip
        return self.send("shell", "execute_request", content)

    def ready(self, seconds: float) -> bool:
        """Wait until the kernel answers a kernel_info_request, its outputs reach us and the stdin channel is
        connected; False if the kernel died or was not ready in time."""
        deadline = time.monotonic() + seconds
        heard = "again"
        while heard == "again":
            heard = self.ask_info(deadline)
        if heard != "ready":
            return False
        while not self.stdin_connected.poll(math.ceil(1000 * POLL_SECONDS)):
            if time.monotonic() > deadline or self.process.poll() is not None:
                return False
        return True

    def ask_info(self, deadline: float) -> str:
        """Ask for the kernel's info: "ready" once its reply came and the kernel's status for the request reached
        the iopub channel too; "again" if the status did not come; else why the kernel is lost. (A SUB socket
        misses what is published before its subscription reaches the kernel: the first cell's outputs, and the
        status that ends them, would be lost.)"""
        asked = self.send("shell", "kernel_info_request", {})
        replied, published, wait = False, False, deadline
        while not (replied and published):
            channel, message = self.next_message(wait)
            if channel in LOST:
                return "again" if channel == "timeout" and wait < deadline else channel
            if message is None or message["parent"] != asked:
                continue
            published = published or channel == "iopub"
            if message["msg_type"] == "kernel_info_reply" and not replied:
                replied, wait = True, min(deadline, time.monotonic() + IOPUB_SECONDS)
        return "ready"


class Outputs:
    """One cell's outputs as they come, each cut and all capped: a flood of output keeps nothing more in memory."""

    def __init__(self, left: int) -> None:
        self.left = left  # characters still allowed in the notebook
        self.kept: list[tuple[str, str]] = []  # (stdout | stderr | result | display | error, text)
        self.dropped = 0  # outputs not kept: the cell's or the notebook's share was used up
        self.idle = False  # the kernel said the cell is done

    def add(self, message: dict) -> None:
        """Keep what an iopub message of the cell shows (a stream, a result, a display, an error)."""
        kind, content = message["msg_type"], message["content"]
        if kind == "status":
            self.idle = self.idle or content.get("execution_state") == "idle"
            return
        if kind not in OUTPUT_KINDS:
            return
        if self.left <= 0 or len(self.kept) >= MAX_CELL_OUTPUTS:
            self.dropped += 1
            return
        if kind == "stream":
            status, text = ("stderr" if content.get("name") == "stderr" else "stdout"), content.get("text")
        elif kind == "error":
            lines = content.get("traceback")
            status, text = "error", "\n".join(str(line)[:MAX_OUTPUT_CHARS] for line in lines[:200]) if isinstance(
                lines, list) else ""
        else:
            data = content.get("data")
            status, text = OUTPUT_KINDS[kind], data.get("text/plain") if isinstance(data, dict) else ""
        text = text if isinstance(text, str) else ""
        cap = min(MAX_OUTPUT_CHARS, self.left)
        if len(text) > cap:
            text = text[:cap] + f"\n[... output cut at {cap} characters]"
        self.left -= len(text) + OUTPUT_COST
        self.kept.append((status, text))

    def shown(self) -> list[tuple[str, str]]:
        """The outputs kept, and a line that counts those that were not."""
        if not self.dropped:
            return self.kept
        return [*self.kept, ("stderr", f"[... {self.dropped} more outputs not kept: at most {MAX_CELL_OUTPUTS} "
                                       f"a cell, {MAX_NOTEBOOK_OUTPUT_CHARS} characters a notebook, "
                                       f"each output costing {OUTPUT_COST} beside its text]")]


def reply_details(message: dict) -> tuple[str, dict]:
    """("ok" | "error", details) from an execute_reply."""
    content = message["content"]
    if content.get("status") == "error":
        return "error", {"ename": str(content.get("ename"))[:80], "evalue": str(content.get("evalue"))[:300]}
    return "ok", {}


class Runner:
    """Runs the notebook and then the checks inside one kernel, within one time budget."""

    def __init__(self, job: dict, channel: Channel, kernel: Kernel) -> None:
        self.job = job
        self.channel = channel
        self.kernel = kernel
        self.deadline = time.monotonic() + STARTUP_SECONDS + float(job["budget"])

    def start_clock(self) -> None:
        """The budget counts from a ready kernel: a slow machine is not the student's fault."""
        self.deadline = time.monotonic() + float(self.job["budget"])

    def remaining(self) -> float:
        """Seconds left of the budget."""
        return self.deadline - time.monotonic()

    def execute(self, source: str, store_history: bool = True, outputs: Outputs | None = None) -> tuple[str, dict]:
        """Run one cell: ("ok"|"error"|"timeout"|"died"|"broken", details); its outputs into outputs if given."""
        asked = self.kernel.execute(source, store_history=store_history)
        while True:
            channel, message = self.kernel.next_message(self.deadline)
            if channel in LOST:
                return channel, {}
            if message is None or message["parent"] != asked:
                continue
            if channel == "iopub" and outputs is not None:
                outputs.add(message)
            elif message["msg_type"] == "execute_reply":
                if outputs is not None:
                    self.drain(asked, outputs)
                return reply_details(message)

    def drain(self, asked: str, outputs: Outputs) -> None:
        """The cell's outputs that come after its reply, until the kernel says it is idle (or a second passed)."""
        deadline = min(self.deadline, time.monotonic() + IDLE_SECONDS)
        while not outputs.idle:
            channel, message = self.kernel.next_message(deadline)
            if channel in LOST:
                return
            if channel == "iopub" and message is not None and message["parent"] == asked:
                outputs.add(message)

    def run_notebook(self) -> bool:
        """Every cell in order; a raising cell does not stop the rest. False: the kernel is lost."""
        left = MAX_NOTEBOOK_OUTPUT_CHARS
        for index, source in enumerate(self.job["cells"]):
            if self.remaining() <= 0:
                self.channel.send(event="cell", index=index, status="timeout")
                return False
            outputs = Outputs(left)
            status, details = self.execute(source, outputs=outputs)
            for kind, text in outputs.shown():
                self.channel.send(event="output", index=index, status=kind, text=text)
            left = outputs.left
            if status != "ok":
                self.channel.send(event="cell", index=index, status=status, **details)
            if status in LOST:
                return False
        return True

    def run_checks(self) -> None:
        """The probe in a cell of its own, then the checks in order (public ones first), each sent only
        when the one before has answered: no check's input is in the kernel before its turn."""
        setup = (
            "import types as __cosmos_types__\n"
            "__cosmos_probe__ = __cosmos_types__.ModuleType('cosmos_probe')\n"
            f"exec({self.job['probe']!r}, __cosmos_probe__.__dict__)\n"
        )
        status, details = self.execute(setup, store_history=False)
        count = len(self.job["checks"])
        number = 0
        while status == "ok" and number < count:
            number, status, details = self.serve(number)
        for rest in range(number, count):  # the kernel can take no more checks
            self.channel.send(event="check", id=rest, status=status, **details)

    def serve(self, first: int) -> tuple[int, str, dict]:
        """One cell in which the probe asks for checks from `first` on through the stdin channel.

        Each input_request's prompt is the answer to the check sent before (accepted once, from this
        cell only); its input_reply is the next check, or null when there is none or no time is left.
        Returns the first check not yet reported, and the status that ended the cell.
        """
        checks = self.job["checks"]
        seconds = float(self.job["check_timeout"])
        asked = self.kernel.execute(SERVE, allow_stdin=True, store_history=False)
        running: int | None = None  # the check whose answer the next input_request carries
        number = first
        while True:
            channel, message = self.kernel.next_message(self.deadline)
            if channel in LOST:
                return (running if running is not None else number), channel, {}
            if message is None or message["parent"] != asked:
                continue  # from another cell (the notebook's, or forged): never an answer
            if channel == "stdin" and message["msg_type"] == "input_request":
                if running is not None:
                    self.answer(running, message["content"].get("prompt"))
                    running = None
                request: object = None
                if number < len(checks) and self.remaining() > 0:
                    check = checks[number]
                    request = [number, check["kind"], check["name"], check["payload"], seconds]
                    running, number = number, number + 1
                self.kernel.send("stdin", "input_reply", {"value": json.dumps(request)}, message["header"])
            elif channel == "shell" and message["msg_type"] == "execute_reply":
                status, details = reply_details(message)
                if running is None and number == first and number < len(checks):
                    running, number = number, number + 1  # a cell that asked for nothing still uses up a check
                if running is not None:
                    self.channel.send(event="check", id=running, status="no answer" if status == "ok" else status,
                                      **details)
                if number < len(checks) and self.remaining() <= 0:
                    return number, "timeout", {}
                return number, "ok", {}

    def answer(self, number: int, prompt: object) -> None:
        """Report check number's answer (the probe's JSON, with that id), or that none came."""
        try:
            valid = type(prompt) is str and len(prompt) <= MAX_ANSWER_CHARS and json.loads(prompt).get("id") == number
        except (ValueError, AttributeError, RecursionError):
            valid = False
        if valid:
            self.channel.send(event="check", id=number, status="answer", answer=prompt)
        else:
            self.channel.send(event="check", id=number, status="no answer")


def main(argv: list[str]) -> int:
    """Read the job, run it, report; always end with a "done" event if we get that far."""
    fd = int(argv[1])
    harden(fd)
    channel = Channel(fd)
    job = json.loads(sys.stdin.buffer.read(MAX_JOB_BYTES))
    channel.send(event="start")
    kernel = Kernel(os.path.join(os.environ.get("TMPDIR", "/tmp"), ".cosmos-kernel"))  # plain jail: its home
    runner = Runner(job, channel, kernel)
    if kernel.ready(STARTUP_SECONDS):
        channel.send(event="kernel")
        runner.start_clock()
        if runner.run_notebook():
            channel.send(event="notebook")
            runner.run_checks()
        channel.send(event="done")
    # The sandbox ends with this process: its pid namespace takes the kernel down with it.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
