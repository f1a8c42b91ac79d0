"""The venv's compiled bytecode, made to name the jail's paths instead of the host's.

A `.pyc` file carries the path of the source it was compiled from. Inside the jail the venv is
at `/venv`, but pip compiled it where it lies on the host, so every `.pyc` a submission can read
would name the course folder. Recompiled with the jail's path (once per set of installed
packages, recorded in a stamp file), they name only `/venv/...`. Outside the jail nothing
changes: Python sets a module's real path when it imports it.
"""

from __future__ import annotations

import compileall
import fcntl
import hashlib
import os
from pathlib import Path

STAMP = ".cosmos-jail-bytecode"


def site_packages(venv: Path) -> list[Path]:
    """The venv's site-packages folders."""
    return sorted(path for path in venv.glob("lib/python*/site-packages") if path.is_dir())


def installed(folder: Path) -> str:
    """A digest of what is installed in a site-packages folder (its distributions and versions)."""
    names = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith((".dist-info", ".egg-info")))
    return hashlib.sha256("\n".join(names).encode()).hexdigest()


def jail_bytecode(venv: Path, inside: str) -> bool:
    """Make the venv's bytecode name `inside` (the venv's path in the jail); False if it cannot be written."""
    for folder in site_packages(venv):
        stamp = folder / STAMP
        wanted = f"{inside}\n{installed(folder)}\n"
        if stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
            continue
        if not os.access(folder, os.W_OK):
            return False
        with open(folder / f"{STAMP}.lock", "w") as lock:  # one grader compiles, the others wait
            fcntl.flock(lock, fcntl.LOCK_EX)
            if stamp.exists() and stamp.read_text(encoding="utf-8") == wanted:
                continue
            jailed = f"{inside}/{folder.relative_to(venv).as_posix()}"
            if compileall.compile_dir(folder, stripdir=str(folder), prependdir=jailed, force=True, quiet=2,
                                      workers=min(4, os.cpu_count() or 1)):
                stamp.write_text(wanted, encoding="utf-8")
    return True
