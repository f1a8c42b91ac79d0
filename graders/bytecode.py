"""The venv's compiled bytecode, made to name the jail's paths instead of the host's.

A `.pyc` file carries the path of the source it was compiled from. Inside the jail the venv is
at `/venv`, but pip compiled it where it lies on the host, so every `.pyc` a submission can read
would name the course folder. Once per set of installed packages (recorded in a stamp file) the
grader rewrites the path in every `.pyc` of the venv to the jail's `/venv/...`: the code objects
are read with marshal, given the new file name and written back, without compiling anything (a
few seconds, where recompiling the venv took a minute). The header is kept, so each `.pyc` stays
valid for its unchanged source, in the jail and outside, where Python sets a module's real path
when it imports it.
"""

from __future__ import annotations

import fcntl
import hashlib
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


def rename_bytecode(folder: Path, jailed: str) -> int:
    """Make every `.pyc` of this Python under folder name its source under jailed; how many were rewritten."""
    count = 0
    for pyc in sorted(folder.rglob(f"__pycache__/*.{sys.implementation.cache_tag}*.pyc")):
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


def jail_bytecode(venv: Path, inside: str) -> bool:
    """Make the venv's bytecode name `inside` (the venv's path in the jail); False if it cannot be written."""
    for folder in site_packages(venv):
        stamp = folder / STAMP
        wanted = f"{inside}\n{installed(folder)}\n"
        if stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
            continue
        if not os.access(folder, os.W_OK):
            return False
        with open(folder / f"{STAMP}.lock", "w") as lock:  # one grader rewrites, the others wait
            fcntl.flock(lock, fcntl.LOCK_EX)
            if stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
                continue
            rename_bytecode(folder, f"{inside}/{folder.relative_to(venv).as_posix()}")
            stamp.write_text(wanted, encoding="utf-8")
    return True
