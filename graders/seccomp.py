"""The sandbox's system-call filter: a classic BPF program for bubblewrap's `--seccomp FD`.

It refuses what Docker's default seccomp profile refuses to an unprivileged container: the
kernel keyrings (which outlive a sandbox and are shared by its uid), namespaces and mounts,
ptrace and reading other processes' memory, bpf, perf_event_open, io_uring, kernel modules,
clocks, swap, reboot and the like. It also refuses what would let two sandboxes running at once
signal each other through a file both see: flock, fcntl's record locks, leases and directory
notifications, inotify (fanotify is on Docker's list), preadv2/pwritev2 and cachestat (whether a
page of a shared file is in the page cache), and sysinfo (the machine's process count and free
memory). A refused call fails with EPERM (clone3 with ENOSYS, so that the C library falls back to
clone, whose flags are checked). Everything else is allowed.
"""

from __future__ import annotations

import errno
import platform
import struct

# Names in the order Docker's profile lists them; each is refused with EPERM.
DENIED = (
    "acct", "add_key", "bpf", "clock_adjtime", "clock_settime", "create_module", "delete_module",
    "finit_module", "get_kernel_syms", "init_module", "ioperm", "iopl", "kcmp", "kexec_file_load",
    "kexec_load", "keyctl", "lookup_dcookie", "mount", "move_pages", "name_to_handle_at",
    "nfsservctl", "open_by_handle_at", "perf_event_open", "pivot_root", "process_vm_readv",
    "process_vm_writev", "ptrace", "query_module", "quotactl", "quotactl_fd", "reboot",
    "request_key", "setns", "settimeofday", "swapon", "swapoff", "sysfs", "_sysctl", "umount2",
    "unshare", "uselib", "userfaultfd", "ustat", "io_uring_setup", "io_uring_enter",
    "io_uring_register", "fsopen", "fsconfig", "fsmount", "fspick", "move_mount", "open_tree",
    "mount_setattr", "adjtimex", "syslog", "chroot", "vhangup", "pidfd_getfd", "process_madvise",
    "fanotify_init",
)  # fmt: skip
# Refused too, beyond Docker's list: what lets two sandboxes running at once signal each other through
# a file both can read (graders/SECURITY.md, "Concurrent submissions"): locks and change watches.
# preadv2/pwritev2 (RWF_NOWAIT tells whether a page of a shared file is cached) and cachestat likewise.
SHARED_OBJECTS = ("flock", "inotify_init", "inotify_init1", "inotify_add_watch", "sysinfo", "preadv2", "pwritev2",
                  "cachestat")
# fcntl commands refused for the same reason: record locks (classic and open-file-description),
# leases and directory notifications. F_GETLK, F_SETLK, F_SETLKW, F_OFD_*, F_SETLEASE, F_GETLEASE, F_NOTIFY.
FCNTL_REFUSED = (5, 6, 7, 36, 37, 38, 1024, 1025, 1026)

# System-call numbers by architecture (from the kernel's unistd headers); None: no such call.
NUMBERS: dict[str, dict[str, int | None]] = {
    "x86_64": {
        "acct": 163, "add_key": 248, "bpf": 321, "clock_adjtime": 305, "clock_settime": 227,
        "create_module": 174, "delete_module": 176, "finit_module": 313, "get_kernel_syms": 177,
        "init_module": 175, "ioperm": 173, "iopl": 172, "kcmp": 312, "kexec_file_load": 320,
        "kexec_load": 246, "keyctl": 250, "lookup_dcookie": 212, "mount": 165, "move_pages": 279,
        "name_to_handle_at": 303, "nfsservctl": 180, "open_by_handle_at": 304,
        "perf_event_open": 298, "pivot_root": 155, "process_vm_readv": 310,
        "process_vm_writev": 311, "ptrace": 101, "query_module": 178, "quotactl": 179,
        "quotactl_fd": 443, "reboot": 169, "request_key": 249, "setns": 308, "settimeofday": 164,
        "swapon": 167, "swapoff": 168, "sysfs": 139, "_sysctl": 156, "umount2": 166,
        "unshare": 272, "uselib": 134, "userfaultfd": 323, "ustat": 136, "io_uring_setup": 425,
        "io_uring_enter": 426, "io_uring_register": 427, "fsopen": 430, "fsconfig": 431,
        "fsmount": 432, "fspick": 433, "move_mount": 429, "open_tree": 428, "mount_setattr": 442,
        "adjtimex": 159, "syslog": 103, "chroot": 161, "vhangup": 153, "pidfd_getfd": 438,
        "process_madvise": 440, "fanotify_init": 300, "clone": 56, "clone3": 435,
        "flock": 73, "inotify_init": 253, "inotify_init1": 294, "inotify_add_watch": 254, "sysinfo": 99,
        "preadv2": 327, "pwritev2": 328, "cachestat": 451, "fcntl": 72,
    },
    "aarch64": {
        "acct": 89, "add_key": 217, "bpf": 280, "clock_adjtime": 266, "clock_settime": 112,
        "create_module": None, "delete_module": 106, "finit_module": 273, "get_kernel_syms": None,
        "init_module": 105, "ioperm": None, "iopl": None, "kcmp": 272, "kexec_file_load": 294,
        "kexec_load": 104, "keyctl": 219, "lookup_dcookie": 18, "mount": 40, "move_pages": 239,
        "name_to_handle_at": 264, "nfsservctl": 42, "open_by_handle_at": 265,
        "perf_event_open": 241, "pivot_root": 41, "process_vm_readv": 270,
        "process_vm_writev": 271, "ptrace": 117, "query_module": None, "quotactl": 60,
        "quotactl_fd": 443, "reboot": 142, "request_key": 218, "setns": 268, "settimeofday": 170,
        "swapon": 224, "swapoff": 225, "sysfs": None, "_sysctl": None, "umount2": 39,
        "unshare": 97, "uselib": None, "userfaultfd": 282, "ustat": None, "io_uring_setup": 425,
        "io_uring_enter": 426, "io_uring_register": 427, "fsopen": 430, "fsconfig": 431,
        "fsmount": 432, "fspick": 433, "move_mount": 429, "open_tree": 428, "mount_setattr": 442,
        "adjtimex": 171, "syslog": 116, "chroot": 51, "vhangup": 58, "pidfd_getfd": 438,
        "process_madvise": 440, "fanotify_init": 262, "clone": 220, "clone3": 435,
        "flock": 32, "inotify_init": None, "inotify_init1": 26, "inotify_add_watch": 27, "sysinfo": 179,
        "preadv2": 286, "pwritev2": 287, "cachestat": 451, "fcntl": 25,
    },
}  # fmt: skip
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
X32_BIT = 0x40000000  # x86_64's x32 calls: refused as a whole
# clone() flags that make a new namespace (user, pid, net, ipc, uts, mount, cgroup)
NEW_NAMESPACES = 0x10000000 | 0x20000000 | 0x40000000 | 0x08000000 | 0x04000000 | 0x00020000 | 0x02000000

# classic BPF opcodes and seccomp return values
LD_ABS_W, JEQ, JGE, JSET, RET = 0x20, 0x15, 0x35, 0x45, 0x06
ALLOW, KILL_PROCESS, RET_ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
NR, ARCH, ARG0, ARG1 = 0, 4, 16, 24  # offsets in struct seccomp_data (the arguments' low 32 bits)


class UnknownArchitecture(RuntimeError):
    """No filter is known for this machine's architecture."""


def machine() -> str:
    """This machine's architecture, as the tables name it."""
    name = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(name, name)


def program(arch: str | None = None) -> bytes:
    """The filter as bytes of `struct sock_filter`, ready for `bwrap --seccomp FD`."""
    arch = arch or machine()
    if arch not in NUMBERS:
        raise UnknownArchitecture(f"the sandbox has no system-call filter for {arch}")
    numbers = NUMBERS[arch]
    denied = sorted({number for name in (*DENIED, *SHARED_OBJECTS) if (number := numbers[name]) is not None})

    def call(name: str) -> int:
        """The number of a call the filter treats apart (every supported architecture has it)."""
        number = numbers[name]
        if number is None:
            raise UnknownArchitecture(f"{arch} has no {name} system call: the sandbox's filter needs it")
        return number

    # (op, jump-if-true label, jump-if-false label, k): labels resolve to forward offsets below.
    code: list[tuple[int | str, int | str, int | str, int]] = [
        (LD_ABS_W, 0, 0, ARCH),
        (JEQ, 1, 0, AUDIT_ARCH[arch]),
        (RET, 0, 0, KILL_PROCESS),  # a call from another ABI: no way round the table
        (LD_ABS_W, 0, 0, NR),
    ]
    if arch == "x86_64":
        code.append((JGE, "eperm", 0, X32_BIT))
    code += [(JEQ, "clone", 0, call("clone")), (JEQ, "enosys", 0, call("clone3")), (JEQ, "fcntl", 0, call("fcntl"))]
    code += [(JEQ, "eperm", 0, number) for number in denied]
    code += [(RET, 0, 0, ALLOW), ("clone", 0, 0, 0), (LD_ABS_W, 0, 0, ARG0), (JSET, "eperm", "allow", NEW_NAMESPACES),
             ("fcntl", 0, 0, 0), (LD_ABS_W, 0, 0, ARG1)]
    code += [(JEQ, "eperm", 0, command) for command in FCNTL_REFUSED]
    code += [("allow", 0, 0, 0), (RET, 0, 0, ALLOW), ("eperm", 0, 0, 0), (RET, 0, 0, RET_ERRNO | errno.EPERM),
             ("enosys", 0, 0, 0), (RET, 0, 0, RET_ERRNO | errno.ENOSYS)]
    return assemble(code)


def assemble(code: list[tuple]) -> bytes:
    """Resolve labels (an instruction whose op is a str marks the place of that label) and pack."""
    places: dict[str, int] = {}
    instructions: list[tuple] = []
    for instruction in code:
        if isinstance(instruction[0], str):
            places[instruction[0]] = len(instructions)
        else:
            instructions.append(instruction)
    packed = []
    for index, (op, jt, jf, k) in enumerate(instructions):
        jt, jf = (places[j] - index - 1 if isinstance(j, str) else j for j in (jt, jf))
        if op in (JEQ, JGE, JSET) and not (0 <= jt <= 255 and 0 <= jf <= 255):
            raise AssertionError("a jump of the filter is out of range")
        packed.append(struct.pack("<HBBI", op, jt, jf, k))
    return b"".join(packed)


def run_filter(code: bytes, arch: int, nr: int, arg0: int = 0, arg1: int = 0) -> int:
    """Interpret the filter on one call (for tests): the seccomp return value."""
    data = struct.pack("<iIQ6Q", nr, arch, 0, arg0, arg1, 0, 0, 0, 0)
    instructions = [struct.unpack_from("<HBBI", code, offset) for offset in range(0, len(code), 8)]
    pc, accumulator = 0, 0
    while True:
        op, jt, jf, k = instructions[pc]
        if op == LD_ABS_W:
            accumulator = struct.unpack_from("<I", data, k)[0]
            pc += 1
        elif op == RET:
            return k
        else:
            taken = {JEQ: accumulator == k, JGE: accumulator >= k, JSET: bool(accumulator & k)}[op]
            pc += 1 + (jt if taken else jf)
