"""The reference facts the tests hold the course to, and readers for them (tests read, never copy, the numbers).

The facts live in tests/reference/, a verbatim copy of the workplace's shared/reference/ folder,
so that a clone of this repository alone can run its tests; test_reference_copy.py checks that
the copy still equals shared/reference/ wherever that folder sits beside the project.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tests" / "reference"
# the folder the copy is taken from, where it exists (only beside the project in the workplace)
SHARED_REFERENCE = Path(os.environ.get("COSMOS_SHARED", ROOT.parent / "shared")) / "reference"


def lesson1_outputs() -> dict[str, str]:
    """The output blocks of lesson 1, by their heading in outputs.md."""
    text = (REFERENCE / "lesson1" / "outputs.md").read_text(encoding="utf-8")
    blocks = {}
    for match in re.finditer(r"^## (.+?)\n```\n(.*?)```", text, re.S | re.M):
        blocks[match.group(1).strip()] = match.group(2)
    return blocks


def lesson1_fact(pattern: str) -> re.Match[str]:
    """A regular-expression match on the prose of outputs.md (facts stated outside code blocks)."""
    text = (REFERENCE / "lesson1" / "outputs.md").read_text(encoding="utf-8")
    match = re.search(pattern, text)
    if match is None:
        raise LookupError(f"outputs.md does not say {pattern!r}")
    return match


def screen(name: str, lang: str, seed: int = 2026) -> str:
    """A published screen, e.g. screen("sys1", "en")."""
    return (REFERENCE / "screens" / f"seed{seed}-{name}.{lang}.txt").read_text(encoding="utf-8")


def reference_facts() -> str:
    """The prose of the reference README (facts of the real game)."""
    return (REFERENCE / "README.md").read_text(encoding="utf-8")
