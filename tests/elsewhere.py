"""Run a few lines in a fresh Python process with a hash seed of its own, for tests of determinism."""
from __future__ import annotations

import os
import subprocess
import sys

from tests.reference import ROOT


def printed_elsewhere(code: str, hash_seed: int) -> str:
    """What `code` prints when run by a new interpreter whose str and bytes hashes use `hash_seed`."""
    env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout
