"""Hints for an exercise's checks: the instructor's words, shown under a failed check, never its data.

A hint is written per function (or program) of the contract: a nudge first, and for a public check a
pointer to the lesson section that helps. `hint_problems` is what `python -m graders_instructor validate` runs
before grading: a hidden check's hint must not hold any written form of that check's input or answer,
and at least 90 % of all checks must have a hint.
"""
from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path

from graders_instructor.release.edition import check_needles, check_values, written_forms

MIN_SHARE = 0.9
WHITESPACE = re.compile(r"\s+")


def with_hints(checks: list[dict], hints: Mapping[str, str]) -> list[dict]:
    """The checks, each with the hint of the function or program it calls (unchanged where none is written)."""
    return [{**check, "hint": hints[check["call"]]} if check.get("call") in hints else check for check in checks]


def leaked(check: dict, shown: set[str]) -> list[str]:
    """The written forms of a hidden check's input or answer that its hint contains."""
    hint = WHITESPACE.sub("", check.get("hint", ""))
    if not hint:
        return []
    needles = set(check_needles(check, shown))
    for role, value in check_values(check):  # also shorter inputs, arguments and answers the public checks do not show
        name = role == "part" and isinstance(value, str) and value.isidentifier()
        if json.dumps(value, sort_keys=True) in shown or name:
            continue
        needles |= {form for form in written_forms(value) if len(form) >= (5 if role == "part" else 3)}
    return sorted(needle for needle in needles if needle and needle in hint)


def hint_problems(public_file: Path, hidden_file: Path | None) -> list[str]:
    """What is wrong with an exercise's hints: a hidden hint giving its check away, or too few hints."""
    public = json.loads(public_file.read_text(encoding="utf-8"))["checks"]
    hidden = []
    if hidden_file is not None and hidden_file.is_file():
        hidden = json.loads(hidden_file.read_text(encoding="utf-8"))["checks"]
    shown = {json.dumps(value, sort_keys=True) for check in public for _, value in check_values(check)}
    problems = [f"the hint of hidden check {check['name']!r} gives away its input or answer ({found[0]!r})"
                for check in hidden for found in [leaked(check, shown)] if found]
    every = public + hidden
    with_hint = sum(1 for check in every if str(check.get("hint", "")).strip())
    if every and with_hint < MIN_SHARE * len(every):
        problems.append(f"only {with_hint} of {len(every)} checks have a hint (at least {MIN_SHARE:.0%} should)")
    return problems
