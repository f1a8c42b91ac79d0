"""What the jail refuses and hides, tested from inside real sandboxes: no call of Docker's deny list,
no state from one sandbox to the next or between two at once, no host path."""

from __future__ import annotations

import errno
import threading
from pathlib import Path

import pytest

from graders import sandbox, seccomp
from tests.graders.test_grader_sandbox import answer, run_cells

REPO = Path(__file__).resolve().parents[2]
LIMITS = sandbox.Limits(timeout=20, check_timeout=10, memory_mb=512)
pytestmark = pytest.mark.slow

SYSCALLS = """
import ctypes, os
libc = ctypes.CDLL(None, use_errno=True)

def call(number, *args):
    result = libc.syscall(ctypes.c_long(number), *(ctypes.c_long(a) for a in args))
    return 0 if result >= 0 else ctypes.get_errno()

def refused():
    return {name: call(number) for name, number in NUMBERS.items()}

def namespaces():
    return {"unshare user": call(UNSHARE, 0x10000000), "unshare mount": call(UNSHARE, 0x00020000),
            "clone new user": call(CLONE, 0x10000000 | 17, 0, 0, 0, 0), "clone3": call(CLONE3, 0, 0),
            "a thread still starts": __import__("threading").Thread(target=print).start() is None}
"""


def syscall_cells() -> list[str]:
    """The cells that try every refused call with harmless arguments, and the namespace calls."""
    numbers = seccomp.NUMBERS[seccomp.machine()]
    table = {name: numbers[name] for name in seccomp.DENIED if numbers[name] is not None}
    head = (f"NUMBERS = {table!r}\nUNSHARE = {numbers['unshare']}\nCLONE = {numbers['clone']}\n"
            f"CLONE3 = {numbers['clone3']}\n")
    return [head, SYSCALLS]


def test_every_call_of_the_deny_list_is_refused_inside_the_jail() -> None:
    result = run_cells(syscall_cells(), LIMITS, ["refused", "namespaces"])
    refused = answer(result, 0)
    assert isinstance(refused, dict) and set(refused) >= {"add_key", "keyctl", "ptrace", "mount", "bpf"}
    assert {name: code for name, code in refused.items() if code != errno.EPERM} == {}
    assert answer(result, 1) == {"unshare user": errno.EPERM, "unshare mount": errno.EPERM,
                                 "clone new user": errno.EPERM, "clone3": errno.ENOSYS,
                                 "a thread still starts": True}


LEAVE = """
import ctypes, os, socket
libc = ctypes.CDLL(None, use_errno=True)
libc.shmget.restype = ctypes.c_int

def leave():
    left = {}
    key = libc.syscall(ctypes.c_long(KEYCTL_ADD), b"user", b"cosmos-answers", b"42", 2, ctypes.c_long(-4))
    left["keyring"] = "stored" if key >= 0 else f"refused {ctypes.get_errno()}"
    left["sysv shm"] = "stored" if libc.shmget(0xC05, 4096, 0o1666) >= 0 else "refused"
    for path in ("/tmp/cosmos-answers", "/dev/shm/cosmos-answers"):
        try:
            with open(path, "w") as handle:
                handle.write("42")
            left[path] = "stored"
        except OSError as error:
            left[path] = f"refused {error.errno}"
    return left

def find():
    found = {}
    key = libc.syscall(ctypes.c_long(REQUEST_KEY), b"user", b"cosmos-answers", None, 0)
    found["keyring"] = key >= 0
    found["sysv shm"] = libc.shmget(0xC05, 0, 0o666) >= 0
    for path in ("/tmp/cosmos-answers", "/dev/shm/cosmos-answers"):
        found[path] = os.path.exists(path)
    return found
"""


def leave_cells() -> list[str]:
    """Cells that try to leave answers behind (leave) and look for them (find)."""
    numbers = seccomp.NUMBERS[seccomp.machine()]
    return [f"KEYCTL_ADD = {numbers['add_key']}\nREQUEST_KEY = {numbers['request_key']}\n", LEAVE]


def test_nothing_one_sandbox_leaves_reaches_the_next() -> None:
    first = run_cells(leave_cells(), LIMITS, ["leave"])
    left = answer(first)
    assert isinstance(left, dict) and left["keyring"] == f"refused {errno.EPERM}"
    assert left["/tmp/cosmos-answers"] == "stored"  # stored, but in the first sandbox's own /tmp
    second = run_cells(leave_cells(), LIMITS, ["find"])
    assert answer(second) == {"keyring": False, "sysv shm": False, "/tmp/cosmos-answers": False,
                              "/dev/shm/cosmos-answers": False}


SOCKETS = """
import socket, time

def serve():
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(b"\\0cosmos-answers")
    server.listen()
    start = time.monotonic()
    time.sleep(SECONDS)
    return ["served", start, time.monotonic()]

def connect():
    # Try the socket and look for what the server left (find) again and again for SECONDS.
    tries, found = [], {}  # tries: when, on the monotonic clock both sandboxes share
    end = time.monotonic() + SECONDS
    while time.monotonic() < end:
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            tries.append(time.monotonic())
            found = {name: seen or found.get(name, False) for name, seen in find().items()}
            client.connect(b"\\0cosmos-answers")
            return ["connected", tries, found]
        except OSError as error:
            refused = f"refused {error.errno}"
        finally:
            client.close()
        time.sleep(0.1)
    return [refused, tries, found]
"""
SOCKET_SECONDS = 15  # how long the server listens and the client tries: each is well inside the other's time
SOCKET_LIMITS = sandbox.Limits(timeout=120, check_timeout=60, memory_mb=512)


def test_two_sandboxes_at_once_share_no_abstract_socket_or_memory() -> None:
    results: dict[str, sandbox.SandboxResult] = {}
    head = f"SECONDS = {SOCKET_SECONDS}\n"

    def run(name: str, cells: list[str], calls: list[str]) -> None:
        results[name] = run_cells(cells, SOCKET_LIMITS, calls)

    # The server leaves what it can, then listens; the client tries to connect and to find it meanwhile.
    threads = [threading.Thread(target=run, args=("server", [head + SOCKETS, *leave_cells()], ["leave", "serve"])),
               threading.Thread(target=run, args=("client", [head + SOCKETS, *leave_cells()], ["connect"]))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    left = answer(results["server"], 0)
    served, start, end = answer(results["server"], 1)
    outcome, tries, found = answer(results["client"], 0)
    assert served == "served" and left["sysv shm"] == left["/dev/shm/cosmos-answers"] == "stored", left
    assert any(start < moment < end for moment in tries), "the client never tried while the server listened"
    assert outcome == f"refused {errno.ECONNREFUSED}"
    assert found == dict.fromkeys(["keyring", "sysv shm", "/tmp/cosmos-answers", "/dev/shm/cosmos-answers"], False)


HOST = """
import os

def host_paths():
    seen = {"/proc": os.path.exists("/proc/self"), "venv bin": sorted(os.listdir("/venv/bin")),
            "environment": [value for value in os.environ.values() if MARKS[0] in value or MARKS[1] in value]}
    hits = []
    for top in ("/venv", "/course", "/tmp", "/etc"):
        for folder, _dirs, files in os.walk(top):
            for name in files:
                if name.endswith(".so") or ".so." in name:
                    continue
                path = os.path.join(folder, name)
                try:
                    with open(path, "rb") as handle:
                        data = handle.read(1 << 20)
                except OSError:
                    continue
                if any(mark.encode() in data for mark in MARKS):
                    hits.append(path)
    seen["files naming the course or its venv"] = hits[:20]
    with open("/venv/pyvenv.cfg") as handle:
        seen["pyvenv.cfg"] = handle.read()
    return seen
"""


def test_nothing_inside_the_jail_names_the_course_folder_or_its_venv() -> None:
    venv = sandbox.venv_prefix()
    marks = [str(REPO), str(venv)]
    result = run_cells([f"MARKS = {marks!r}\n", HOST], sandbox.Limits(timeout=60, check_timeout=50), ["host_paths"])
    seen = answer(result)
    assert isinstance(seen, dict)
    assert seen["/proc"] is False
    assert seen["venv bin"] == [Path(sandbox.sandbox_python()).name]
    assert seen["environment"] == [] and seen["files naming the course or its venv"] == []
    assert str(venv) not in seen["pyvenv.cfg"] and "home = " in seen["pyvenv.cfg"]
