"""The seccomp filter's system-call numbers agree with the kernel's own headers (Debian's linux-libc-dev),
an independent source: a wrong number would refuse an innocent call and let the dangerous one through."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from graders import seccomp

# the kernel's unistd tables as the C library's headers ship them: x86_64's own, and the generic one
# that aarch64 (and every newer architecture) uses
HEADERS = {
    "x86_64": Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h"),
    "aarch64": Path("/usr/include/asm-generic/unistd.h"),
}
DEFINE = re.compile(r"^#define __NR_(\w+)\s+(\d+)\s*$", re.MULTILINE)
# the generic table numbers a call whose argument width differs by word size once, as __NR3264_name, and
# names it __NR_name on 64-bit machines (fcntl, fstatfs, lseek, mmap, ...)
DEFINE_3264 = re.compile(r"^#define __NR3264_(\w+)\s+(\d+)\s*$", re.MULTILINE)


def kernel_numbers(arch: str) -> dict[str, int]:
    """Every system call the header names with a number, by its name on a 64-bit machine (__NR_syscalls,
    the size of the table, is no call)."""
    text = HEADERS[arch].read_text()
    found = {name: int(number) for name, number in [*DEFINE_3264.findall(text), *DEFINE.findall(text)]}
    found.pop("syscalls", None)
    return found


@pytest.mark.parametrize("arch", sorted(seccomp.NUMBERS))
def test_every_number_in_the_filter_is_the_kernels(arch: str):
    assert HEADERS[arch].is_file(), f"{HEADERS[arch]} (Debian package linux-libc-dev) is the source to compare with"
    kernel = kernel_numbers(arch)
    assert len(kernel) > 250, "the header did not parse"
    known = {name: number for name, number in seccomp.NUMBERS[arch].items() if name in kernel or number is None}
    wrong = {name: (ours, kernel.get(name)) for name, ours in known.items() if kernel.get(name) != ours}
    assert wrong == {}, f"{arch}: ours vs the kernel's (None: no such call there)"


def test_calls_newer_than_the_headers_have_the_number_every_architecture_shares():
    # Since Linux 5.1 a new system call gets one number on every architecture (from 424 on), so a call
    # that this machine's headers do not know yet must come after all they know, the same on both.
    newest = {arch: max(kernel_numbers(arch).values()) for arch in HEADERS}
    for name in seccomp.NUMBERS["x86_64"]:
        if all(name not in kernel_numbers(arch) for arch in HEADERS):
            numbers = {seccomp.NUMBERS[arch][name] for arch in HEADERS}
            assert len(numbers) == 1, f"{name}: {numbers}"
            assert numbers.pop() > max(newest.values()), f"{name} is numbered among calls the headers know"


@pytest.mark.parametrize("arch", sorted(seccomp.NUMBERS))
def test_every_refused_call_has_its_number(arch: str):
    assert sorted(set(seccomp.DENIED) - set(seccomp.NUMBERS[arch])) == []


def test_the_headers_are_read_as_the_kernel_numbers_its_calls():
    # numbers fixed by the kernel's ABI since their calls were added
    assert kernel_numbers("x86_64")["ptrace"] == 101 and kernel_numbers("x86_64")["unshare"] == 272
    assert kernel_numbers("aarch64")["ptrace"] == 117 and "ioperm" not in kernel_numbers("aarch64")
    assert kernel_numbers("aarch64")["fcntl"] == 25 and kernel_numbers("x86_64")["fcntl"] == 72
