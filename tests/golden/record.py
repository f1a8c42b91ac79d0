"""Re-record the recorded playthrough: python -m tests.golden.record [--keep-commands]

Plans the command lines again (tests/golden/plan.py: a player that wins seed 2026 in about
200 lines, so a change of the rules or the rivals' tuning gets a new winning game), writes
tests/golden/commands.txt, then plays it in every language exactly as
`python -m cosmos --plain --seed=2026 --lang=L < commands.txt` does and writes
tests/golden/transcript.L.txt. With --keep-commands only the transcripts are re-recorded.
Review the diff before committing it.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

from cosmos.text import LANGS
from cosmos.ui.session import Session
from cosmos.ui.terminal import play
from tests.golden.plan import best_plan

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
COMMANDS = HERE / "commands.txt"
SEED = 2026


def transcript_path(lang: str) -> Path:
    """Where the golden transcript of one language lives."""
    return HERE / f"transcript.{lang}.txt"


def play_transcript(lang: str, commands: str) -> str:
    """What the plain game prints for these commands, in one language (saves kept in memory)."""
    out = io.StringIO()
    play(Session(seed=SEED, lang=lang, saves_dir=None), io.StringIO(commands), out,
         colour=False, echo=True)
    return out.getvalue()


def main(argv: list[str]) -> int:
    """Plan the commands (unless kept), record every language's transcript, report the sizes."""
    if "--keep-commands" not in argv:
        lines = best_plan(SEED)
        COMMANDS.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8",
                            newline="\n")
    commands = COMMANDS.read_text(encoding="utf-8")
    count = len(commands.splitlines())
    for lang in LANGS:
        text = play_transcript(lang, commands)
        transcript_path(lang).write_text(text, encoding="utf-8", newline="\n")
        print(f"{transcript_path(lang).relative_to(ROOT)}: {count} commands, "
              f"{text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
