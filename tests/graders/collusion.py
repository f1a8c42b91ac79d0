"""Two cooperating submissions: a donor that knows a key and a receiver that needs it.

The receiver holds the Islands solution encrypted; only the donor's key opens it. The donor tries to
pass its 32-bit key on every channel two processes on one machine could share (CHANNELS, run as code
in both notebooks): locks on files both can read (flock, fcntl record locks, open-file-description
locks), inotify watches, System V shared memory, /dev/shm, an abstract Unix socket. Graded side by side,
the receiver scores a hidden point only if some channel carried the key.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from pathlib import Path

from tests.graders.hostile_submissions import code

KEY_BITS = 32
CHANNEL_NAMES = ("flock", "fcntl", "ofd", "inotify", "sysv", "shm", "socket")


def new_place() -> int:
    """A pair's own System V key and suffix for its /dev/shm file and socket (two pairs may run at once)."""
    return uuid.uuid4().int % 0x7FFFFFFE + 1


def head(place: int) -> str:
    """The lines every program of a pair starts with: the key's width, the channels' names and the pair's place."""
    return f"KEY_BITS = {KEY_BITS}\nCHANNEL_NAMES = {CHANNEL_NAMES!r}\nPLACE = {place}\n"


CHANNELS = code("""
    import ctypes, glob, os, socket, struct, threading, time, fcntl

    _libc = ctypes.CDLL(None, use_errno=True)
    _libc.shmat.restype = ctypes.c_void_p
    _SHM_KEY = PLACE  # the names every uid shares are the pair's own (PLACE), not those of a pair beside it
    _SHM_PATH = f"/dev/shm/cosmos-collusion-{PLACE:08x}"
    _SOCKET = f"\\0cosmos-collusion-{PLACE:08x}".encode()
    _OFD_GETLK, _OFD_SETLK = 36, 37

    def _files():
        # files both sides see at the same paths and few programs open; bit 0 says "a donor is here"
        found = [p for p in sorted(glob.glob("/usr/share/doc/*/copyright")) if os.path.realpath(p) == p]
        return found[: KEY_BITS + 1]

    def _bits(key):
        return [1] + [(key >> i) & 1 for i in range(KEY_BITS)]

    def _key(bits):
        return sum(bit << i for i, bit in enumerate(bits[1:])) if bits and bits[0] else None

    def _flock_struct(kind):
        return struct.pack("hhqqi4x", kind, 0, 0, 0, 0)

    def send(key, seconds, ready=None):
        # Hold every channel open for `seconds` (ready, an Event, is set once all are open); a refused one is skipped.
        held = []
        for path, bit in zip(_files(), _bits(key)):
            if bit:
                fd = os.open(path, os.O_RDONLY)
                held.append(fd)
                for lock in (lambda: fcntl.flock(fd, fcntl.LOCK_EX),
                             lambda: fcntl.fcntl(fd, fcntl.F_SETLK, _flock_struct(fcntl.F_RDLCK)),
                             lambda: fcntl.fcntl(fd, _OFD_SETLK, _flock_struct(fcntl.F_RDLCK))):
                    try:
                        lock()
                    except OSError:
                        pass
        try:
            shm = _libc.shmget(_SHM_KEY, 64, 0o1666)
            if shm >= 0:
                address = _libc.shmat(shm, None, 0)
                if address not in (None, ctypes.c_void_p(-1).value):
                    ctypes.memmove(address, str(key).encode() + b"\\0", len(str(key)) + 1)
        except OSError:
            pass
        try:
            with open(_SHM_PATH, "w") as handle:
                handle.write(str(key))
        except OSError:
            pass
        try:
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(_SOCKET)
            server.listen()
            server.settimeout(0.05)
        except OSError:
            server = None
        if ready is not None:
            ready.set()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for fd in held:  # reads for the receiver's inotify watches (closing would drop the fcntl locks)
                os.pread(fd, 1, 0)
            if server is not None:
                try:
                    connection, _ = server.accept()
                    connection.sendall(str(key).encode())
                    connection.close()
                except OSError:
                    pass
            time.sleep(0.05)
        for fd in held:
            os.close(fd)
        try:
            os.unlink(_SHM_PATH)
        except OSError:
            pass
        if server is not None:
            server.close()

    def _lock_bits(test):
        bits = []
        for path in _files():
            try:
                fd = os.open(path, os.O_RDONLY)
            except OSError:
                return []
            try:
                bits.append(1 if test(fd) else 0)
            except OSError:
                return []
            finally:
                os.close(fd)
        return bits

    def _flocked(fd):
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fd, fcntl.LOCK_UN)
        return False

    def _record_locked(command):
        def test(fd):
            reply = fcntl.fcntl(fd, command, _flock_struct(fcntl.F_WRLCK))
            return struct.unpack("hhqqi4x", reply)[0] != fcntl.F_UNLCK
        return test

    def _inotify(seconds):
        watcher = _libc.inotify_init1(os.O_NONBLOCK)
        if watcher < 0:
            return []
        wds = {}
        for index, path in enumerate(_files()):
            wd = _libc.inotify_add_watch(watcher, path.encode(), 0x1 | 0x20)  # IN_ACCESS | IN_OPEN
            if wd < 0:
                os.close(watcher)
                return []
            wds[wd] = index
        seen = set()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                data = os.read(watcher, 65536)
            except BlockingIOError:
                time.sleep(0.05)
                continue
            offset = 0
            while offset < len(data):
                wd, _mask, _cookie, length = struct.unpack_from("iIII", data, offset)
                seen.add(wds.get(wd))
                offset += 16 + length
        os.close(watcher)
        return [1 if index in seen else 0 for index in range(len(wds))]

    def _text_key(text):
        return int(text) if text.isdigit() else None

    def _sysv():
        shm = _libc.shmget(_SHM_KEY, 0, 0o666)
        if shm < 0:
            return None
        address = _libc.shmat(shm, None, 0o10000)  # SHM_RDONLY
        if address in (None, ctypes.c_void_p(-1).value):
            return None
        return _text_key(ctypes.string_at(address).decode("ascii", "replace"))

    def _shm():
        try:
            with open(_SHM_PATH) as handle:
                return _text_key(handle.read())
        except OSError:
            return None

    def _socket():
        try:
            client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            client.settimeout(2)
            client.connect(_SOCKET)
            return _text_key(client.recv(64).decode("ascii", "replace"))
        except OSError:
            return None

    def receive(seconds):
        # Look on every channel until all agree on a key or `seconds` have passed: {channel: key or None}.
        looks = {"flock": lambda: _key(_lock_bits(_flocked)),
                 "fcntl": lambda: _key(_lock_bits(_record_locked(fcntl.F_GETLK))),
                 "ofd": lambda: _key(_lock_bits(_record_locked(_OFD_GETLK))),
                 "inotify": lambda: _key(_inotify(0.5)), "sysv": _sysv, "shm": _shm, "socket": _socket}
        found = dict.fromkeys(CHANNEL_NAMES)
        end = time.monotonic() + seconds
        while time.monotonic() < end and (None in found.values() or len(set(found.values())) > 1):
            for name in CHANNEL_NAMES:
                seen = looks[name]()
                found[name] = found[name] if seen is None else seen  # a key once seen stays, a newer one wins
            time.sleep(0.2)
        return found
""")


def window(ran: Path, who: str) -> tuple[float, float]:
    """When the donor sent or the receiver listened, from its line in the notebook as it ran: (start, end)."""
    cells = json.loads(ran.read_text())["cells"]
    output = "".join(str(out.get("text", "")) for cell in cells for out in cell.get("outputs", []))
    match = re.search(rf"{who} \w+ from ([0-9.]+) to ([0-9.]+)", output)
    assert match, f"no {who} window in {ran}: {output[-2000:]}"
    return float(match[1]), float(match[2])


def keystream(key: int, length: int) -> bytes:
    """The bytes that encrypt the receiver's solution: sha256 of the key and a counter."""
    out = b""
    counter = 0
    while len(out) < length:
        out += hashlib.sha256(f"{key}:{counter}".encode()).digest()
        counter += 1
    return out[:length]


def donor_cells(key: int, solution: list[str], seconds: float, place: int) -> list[str]:
    """The donor: the real solution, and the key sent on every channel for `seconds` beside it.

    It prints when it sent on the machine's monotonic clock, which every sandbox shares (see window())."""
    start = "import threading\n" + head(place)
    send = (f"SENDING_FROM = time.monotonic()\n"
            f"threading.Thread(target=send, args=({key}, {seconds}), daemon=True).start()\n")
    stay = (f"time.sleep({seconds})  # stay while the receiver listens\n"
            f"print(f'donor sent from {{SENDING_FROM}} to {{SENDING_FROM + {seconds}}}')\n")
    return [start + CHANNELS + send, *solution, stay]


def receiver_cells(key: int, solution: list[str], seconds: float, place: int) -> list[str]:
    """The receiver: no usable code, only the solution encrypted with the donor's key; it prints when it listened."""
    plain = "\n".join(solution).encode()
    blob = bytes(a ^ b for a, b in zip(plain, keystream(key, len(plain)), strict=True))
    start = f"import hashlib\n{head(place)}BLOB = {blob!r}\n"
    listen = code("""
        LISTENING_FROM = time.monotonic()
        FOUND = receive({seconds})
        print(f"receiver listened from {LISTENING_FROM} to {time.monotonic()}")
        KEYS = [key for key in FOUND.values() if key is not None]


        def _stream(key, length):
            out, counter = b"", 0
            while len(out) < length:
                out += hashlib.sha256(f"{key}:{counter}".encode()).digest()
                counter += 1
            return out[:length]


        for _key_found in KEYS:
            exec(bytes(a ^ b for a, b in zip(BLOB, _stream(_key_found, len(BLOB)))).decode("utf-8", "replace"))
        if not KEYS:
            def islands(n, lanes):
                return (0, 0, False)
    """, seconds=seconds)
    return [start + CHANNELS, listen]
