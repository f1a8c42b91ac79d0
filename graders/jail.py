"""The fallback jail's first step, as the sandbox's uid: load the seccomp filter, then become the runner.

Usage (by graders.sandbox only, without bubblewrap): `python jail.py FILTER_FD runner.py CHANNEL_FD`.
FILTER_FD holds the BPF program of graders/seccomp.py, as bubblewrap's `--seccomp` would read it.
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


class SockFprog(ctypes.Structure):
    """struct sock_fprog: the filter's length in instructions and where they are."""

    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def read_all(fd: int) -> bytes:
    """Everything in a pipe, then close it."""
    chunks = []
    while chunk := os.read(fd, 65536):
        chunks.append(chunk)
    os.close(fd)
    return b"".join(chunks)


def load_filter(code: bytes) -> None:
    """Install the filter for this process and everything it starts (no new privileges first, as the kernel asks)."""
    if not code or len(code) % struct.calcsize("<HBBI"):
        raise SystemExit("jail: no system-call filter")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise SystemExit(f"jail: no_new_privs refused ({os.strerror(ctypes.get_errno())})")
    buffer = ctypes.create_string_buffer(code, len(code))
    program = SockFprog(len(code) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(program), 0, 0) != 0:
        raise SystemExit(f"jail: the system-call filter was refused ({os.strerror(ctypes.get_errno())})")


def main(argv: list[str]) -> None:
    """Filter, then exec the runner with its channel."""
    load_filter(read_all(int(argv[1])))
    os.execv(sys.executable, [sys.executable, argv[2], argv[3]])


if __name__ == "__main__":
    main(sys.argv)
