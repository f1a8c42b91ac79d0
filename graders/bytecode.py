"""The venv's compiled bytecode, made to name the jail's paths instead of the host's.

A `.pyc` file carries the path of the source it was compiled from. Inside the jail the venv is
at `/venv`, but pip compiled it where it lies on the host, so every `.pyc` a submission can read
would name the course folder. Once per set of installed packages (recorded in a stamp file) the
grader rewrites the path in every `.pyc` of the venv to the jail's `/venv/...`: the code objects
are read with marshal, given the new file name and written back, without compiling anything (a
few seconds, where recompiling the venv took a minute). The header is kept, so each `.pyc` stays
valid for its unchanged source, in the jail and outside, where Python sets a module's real path
when it imports it. A `.pyc` written later on the host (pytest caches the modules of its plugins'
packages, hypothesis's among them, as it rewrites their asserts) changes the time of its
`__pycache__` folder, which the stamp records: the next sandbox rewrites that folder's files.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import marshal
import os
import sys
import types
from pathlib import Path

STAMP = ".cosmos-jail-bytecode"
HEADER_BYTES = 16  # magic, flags, and the source's mtime and size (or its hash)


def site_packages(venv: Path) -> list[Path]:
    """The venv's site-packages folders."""
    return sorted(path for path in venv.glob("lib/python*/site-packages") if path.is_dir())


def installed(folder: Path) -> str:
    """A digest of what is installed in a site-packages folder (its distributions and versions)."""
    names = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith((".dist-info", ".egg-info")))
    return hashlib.sha256("\n".join(names).encode()).hexdigest()


def renamed(code: types.CodeType, filename: str) -> types.CodeType:
    """The code object with filename as its file, and so every code object it holds."""
    consts = tuple(renamed(const, filename) if isinstance(const, types.CodeType) else const for const in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def cache_folders(folder: Path) -> dict[str, int]:
    """Every `__pycache__` folder under folder (its path relative to folder) and the time it last changed, in ns."""
    found = {}
    for root, dirs, _ in os.walk(folder):
        if "__pycache__" in dirs:
            cache = os.path.join(root, "__pycache__")
            found[os.path.relpath(cache, folder)] = os.stat(cache).st_mtime_ns
    return found


def changed_since(folder: Path, recorded: dict[str, int]) -> list[str]:
    """The recorded `__pycache__` folders that changed (or went) since their times were recorded."""
    changed = []
    for cache, mtime in recorded.items():
        try:
            now = os.stat(folder / cache).st_mtime_ns
        except OSError:
            now = None
        if now != mtime:
            changed.append(cache)
    return changed


def rename_bytecode(folder: Path, jailed: str, caches: list[str] | None = None) -> int:
    """Make every `.pyc` of this Python under folder (or only in these of its `__pycache__` folders) name its
    source under jailed; how many were rewritten."""
    pattern = f"*.{sys.implementation.cache_tag}*.pyc"
    if caches is None:
        pycs = sorted(folder.rglob(f"__pycache__/{pattern}"))
    else:
        pycs = sorted(pyc for cache in caches for pyc in (folder / cache).glob(pattern))
    count = 0
    for pyc in pycs:
        source = pyc.parent.parent / f"{pyc.name.split('.', 1)[0]}.py"
        data = pyc.read_bytes()
        try:
            code = marshal.loads(data[HEADER_BYTES:])
        except (ValueError, EOFError, TypeError):
            code = None
        if not isinstance(code, types.CodeType):
            pyc.unlink()  # unreadable: Python compiles the source instead
            continue
        name = f"{jailed}/{source.relative_to(folder).as_posix()}"
        rewritten = data[:HEADER_BYTES] + marshal.dumps(renamed(code, name))
        if rewritten != data:
            temporary = pyc.with_name(f".{pyc.name}.{os.getpid()}.tmp")
            temporary.write_bytes(rewritten)
            os.replace(temporary, pyc)  # a sandbox reading it meanwhile sees the old file or the new, whole
            count += 1
    return count


def read_stamp(stamp: Path) -> dict:
    """What the stamp recorded at the last rewrite (nothing if it is missing or unreadable)."""
    try:
        record = json.loads(stamp.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return record if isinstance(record, dict) and isinstance(record.get("caches"), dict) else {}


def to_rename(folder: Path, record: dict, inside: str) -> list[str] | None:
    """The `__pycache__` folders to rewrite: none if the stamp is current, None for all of them."""
    if record.get("inside") != inside or record.get("installed") != installed(folder):
        return None
    return changed_since(folder, record["caches"])


def jail_bytecode(venv: Path, inside: str) -> bool:
    """Make the venv's bytecode name `inside` (the venv's path in the jail); False if it cannot be written."""
    for folder in site_packages(venv):
        stamp = folder / STAMP
        if to_rename(folder, read_stamp(stamp), inside) == []:
            continue
        if not os.access(folder, os.W_OK):
            return False
        with open(folder / f"{STAMP}.lock", "w") as lock:  # one grader rewrites, the others wait
            fcntl.flock(lock, fcntl.LOCK_EX)
            caches = to_rename(folder, read_stamp(stamp), inside)
            if caches == []:
                continue
            # the times before the rewrite: the folders it writes in are looked at once more, then stay as they are
            times = cache_folders(folder)
            rename_bytecode(folder, f"{inside}/{folder.relative_to(venv).as_posix()}", caches)
            record = {"inside": inside, "installed": installed(folder), "caches": times}
            temporary = stamp.with_name(f".{STAMP}.{os.getpid()}.tmp")
            temporary.write_text(json.dumps(record), encoding="utf-8")
            os.replace(temporary, stamp)
    return True
