"""The recorded playthrough: about 200 commands from turn 1 to a victory, byte for byte."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cosmos.text import LANGS
from cosmos.ui.session import Session
from tests.golden import record
from tests.golden.plan import TARGET_LINES
from tests.reference import ROOT

SCREEN_WIDTH = 64


def commands() -> str:
    """The recorded commands, one a line."""
    return record.COMMANDS.read_text(encoding="utf-8")


def first_difference(actual: str, expected: str) -> str:
    """Where two transcripts part, as a short message (a full diff of thousands of lines is noise)."""
    got, want = actual.split("\n"), expected.split("\n")
    for number, (line, golden) in enumerate(zip(got, want, strict=False), start=1):
        if line != golden:
            return f"line {number}: got {line!r}, golden {golden!r}"
    return f"lengths differ: {len(got)} lines against {len(want)} golden"


@pytest.mark.parametrize("lang", LANGS)
def test_the_playthrough_matches_its_golden_transcript(lang: str) -> None:
    expected = record.transcript_path(lang).read_text(encoding="utf-8")
    actual = record.play_transcript(lang, commands())
    assert actual == expected, (
        f"{first_difference(actual, expected)}; if the change of the game is intended, "
        "re-record with `python -m tests.golden.record` and review the diff")


def test_the_playthrough_is_about_200_commands_and_ends_in_the_players_victory() -> None:
    lines = commands().splitlines()
    assert len(lines) in TARGET_LINES
    session = Session(seed=record.SEED, lang="en")
    for line in lines:
        session.send(line)
    victory = session.world.victory
    assert victory is not None and victory.winner == 0 and victory.kind != "defeat"
    assert session.left  # the file ends by quitting after the end screen


def test_every_frame_of_the_transcripts_fits_the_screen() -> None:
    for lang in LANGS:
        text = record.transcript_path(lang).read_text(encoding="utf-8")
        for line in text.split("\n"):
            if not line.startswith("> "):  # the echoed commands are the player's
                assert len(line) <= SCREEN_WIDTH, (lang, line)


def test_the_program_prints_the_same_bytes_under_two_hash_seeds(tmp_path: Path) -> None:
    expected = record.transcript_path("de").read_text(encoding="utf-8")
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-m", "cosmos", "--plain", "--seed=2026", "--lang=de",
             f"--saves={tmp_path}"], input=commands(), capture_output=True, text=True,
            encoding="utf-8", env=env, cwd=ROOT, timeout=600)
        assert result.returncode == 0 and result.stderr == ""
        assert result.stdout == expected
