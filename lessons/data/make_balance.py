"""Write lessons/data/balance.json: thousands of AI-only games, played by the real simulation.

`python -m lessons.data.make_balance` plays GAMES games with the characters rotated across the
seats and GAMES with the galaxy's own line-up (a Builder in seat 1 of every game), on every
core, and stores one row per game. It skips the work when a sample of the stored games,
replayed now, comes out the same (so moving engine code around costs a few games, not thousands).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from cosmos.simulate import play_game
from lessons.kit.balance import DATA_FILE, row_of, simulate_rows

GAMES = 1500


def balance_data(games: int = GAMES, jobs: int | None = None) -> dict:
    """The data file's content: both line-ups, one row per game."""
    return {
        "format": 1,
        "about": "one row per AI-only game i (seed i + 1): characters by seat as initials, "
                 "winning seat (from 0), kind of victory, turns",
        "games": games,
        "rotated": simulate_rows(games, rotate=True, jobs=jobs),
        "fixed": simulate_rows(games, rotate=False, jobs=jobs),
    }


def balance_text(data: dict) -> str:
    """The file's text: the header on top, one game a line."""
    text = json.dumps(data, separators=(",", ":"))
    return text.replace("],[", "],\n[") + "\n"


def sample(games: int = GAMES) -> range:
    """The games replayed to tell whether the file is current: six spread across it."""
    return range(0, games, max(1, games // 6))


def current(path: Path = DATA_FILE) -> bool:
    """Does the file hold GAMES games, and does today's engine play its sample the same way?"""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if data.get("format") != 1 or data.get("games") != GAMES:
        return False
    return all(data[mode][index] == row_of(play_game(index, rotate=rotate))
               for index in sample() for mode, rotate in (("rotated", True), ("fixed", False)))


def main(argv: list[str]) -> int:
    """Make the file unless it is current (--force: always)."""
    if "--force" not in argv and current():
        print(f"{DATA_FILE.name} is current", flush=True)
        return 0
    print(f"playing {2 * GAMES} AI-only games for {DATA_FILE.name}", flush=True)
    DATA_FILE.write_text(balance_text(balance_data()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
