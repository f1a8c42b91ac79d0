'''Write the Save files notebooks: the student's starter, the reference and the known-wrong solutions.

Run `python graders_instructor/hidden/06-save/make_notebooks.py` after changing it. Every wrong solution is
the reference with one realistic change, named after it; `python -m graders_instructor validate 06-save`
proves that the reference scores full marks and that each wrong one loses points.
'''

from __future__ import annotations

from pathlib import Path

import nbformat

from graders_instructor.authoring.scaffold import step_cells
from lessons import nbfile

HERE = Path(__file__).resolve().parent
EXERCISE = HERE.parents[2] / "exercises" / "06-save"

READER = '''import re
import zlib

MAGIC = "epic-cosmos save"
VERSION = 1
NUMBER = re.compile(r"-?[0-9]{1,20}")
SUM_LINE = re.compile(r"crc32 ([0-9a-f]{8})")
LINE_OK = re.compile(r"[ -~]{1,120}")


def crc(body):
    """The CRC-32 of the text above the checksum line, as 8 lower-case hex digits."""
    return f"{zlib.crc32(body.encode('ascii')):08x}"


def save_text(seed, lines):
    """The save of a game: header, one command a line, then the checksum of all that."""
    rows = [MAGIC, f"version {VERSION}", f"seed {seed}", f"lines {len(lines)}", *lines]
    body = "".join(row + "\\n" for row in rows)
    return f"{body}crc32 {crc(body)}\\n"


def header_number(rows, at, name):
    """The number of the header row `name N`: missing means truncated, malformed corrupt."""
    if at >= len(rows):
        raise ValueError("truncated: the header ends early")
    row = rows[at]
    prefix = name + " "
    if not row.startswith(prefix) or NUMBER.fullmatch(row[len(prefix):]) is None:
        raise ValueError(f"corrupt: row {at + 1} should be '{name} N'")
    return int(row[len(prefix):])


def read_save(text):
    """(seed, lines) of a save; ValueError starting with truncated, corrupt, foreign or newer."""
    magic = MAGIC + "\\n"
    if not text or (len(text) < len(magic) and magic.startswith(text)):
        raise ValueError("truncated: the file ends inside the first row")
    if not text.startswith(magic):
        raise ValueError("foreign: this is not an Epic Cosmos save")
    if not text.isascii():
        raise ValueError("corrupt: a character that a save never holds")
    rows = text.split("\\n")
    complete = rows.pop() == ""
    version = header_number(rows, 1, "version")
    if version > VERSION:
        raise ValueError(f"newer: version {version}, this game reads up to {VERSION}")
    if version < 1:
        raise ValueError("corrupt: there is no version below 1")
    if not complete or not rows or SUM_LINE.fullmatch(rows[-1]) is None:
        raise ValueError("truncated: no checksum line at the end")
    body = text[: len(text) - len(rows[-1]) - 1]
    if crc(body) != SUM_LINE.fullmatch(rows[-1]).group(1):
        raise ValueError("corrupt: the checksum does not match")
    seed = header_number(rows, 2, "seed")
    count = header_number(rows, 3, "lines")
    lines = rows[4:-1]
    if count != len(lines) or not all(LINE_OK.fullmatch(line) for line in lines):
        raise ValueError("corrupt: the command lines do not add up")
    return seed, lines
'''

GIVEN = '''REASONS = ("truncated", "corrupt", "foreign", "newer")


def verdict(text):
    """What read_save says about a text: "ok", or the reason word its ValueError starts with."""
    try:
        read_save(text)
    except ValueError as error:
        words = str(error).replace(":", " ").split()
        return words[0] if words and words[0] in REASONS else "a ValueError without a reason"
    return "ok"


def verdicts(texts):
    """The verdict of each text, in order (the grader calls this one with many texts at once)."""
    return [verdict(text) for text in texts]
'''

WIN_RATES = '''def win_rates(games):
    """Wins per empire played, for each character that played: {character: wins / empires}."""
    played, won = {}, {}
    for characters, winner in games:
        for name in characters:
            played[name] = played.get(name, 0) + 1
        won[characters[winner]] = won.get(characters[winner], 0) + 1
    return {name: won.get(name, 0) / played[name] for name in sorted(played)}
'''

VICTORY = '''ECONOMY_TARGET = 9800
MAX_TURNS = 150


def victory(empires, turn):
    """(kind, winner) if the game ends this turn, else ("none", -1): the checks in the rules' order."""
    def strongest(ids):
        return min(ids, key=lambda e: (-empires[e]["score"], -empires[e]["produced"],
                                       -empires[e]["planets"], e))

    living = [i for i, e in enumerate(empires) if e["alive"]]
    if not living:
        return "score", strongest([i for i, e in enumerate(empires) if e["fell_on"] == turn])
    if len(living) == 1:
        return "conquest", living[0]
    scholars = [i for i in living if empires[i]["stargate"]]
    if scholars:
        return "science", strongest(scholars)
    rich = [i for i in living if empires[i]["produced"] >= ECONOMY_TARGET]
    if rich:
        return "economy", strongest(rich)
    if any(e["human"] and not e["alive"] for e in empires):
        return "defeat", strongest(living)
    if turn >= MAX_TURNS:
        return "score", strongest(living)
    return "none", -1
'''

TRY_IT = '''text = save_text(2026, ["col 3", "end", "r 1", "end"])
print(text, end="")
print(read_save(text))
print(verdicts([text, text[:-1], text.replace("col 3", "col 4"), "hello\\n"]))
'''

STEP_IDS = ("4267b3a6", "998858f7")  # the ids the step cells were first stored with

CHECK = '''from graders import check_here

check_here(globals(), "06-save")
'''

INTRO = '''# Exercise: Save files

A save of Epic Cosmos holds no world at all: only the seed, the format's version and the
player's command lines, sealed with a checksum. Replaying the lines on the galaxy of the seed
gives the same game again. Here you write both halves of the format, exactly as the engine
writes and reads it (`cosmos/save.py`), byte for byte.

A save of seed 2026 with the four lines `col 3`, `end`, `r 1`, `end`:

```
epic-cosmos save
version 1
seed 2026
lines 4
col 3
end
r 1
end
crc32 86250abc
```

Every row ends with a newline `\\n`, the last one too. The last row is `crc32 ` and the
CRC-32 (`zlib.crc32`) of all the text above it, the newline before it included, encoded as
ASCII and written as 8 lower-case hex digits (`f"{value:08x}"`).
'''

RULES = '''## What the grader calls

| name | arguments | answer |
|---|---|---|
| `save_text(seed, lines)` | an `int`; a `list` of command lines (1 to 120 printable ASCII characters each) | a `str` |
| `read_save(text)` | a `str` | a tuple `(seed, lines)`: an `int` and a `list` of `str`; or it raises `ValueError` |
| `verdicts(texts)` | a `list` of `str` | given below: do not change it |
| `win_rates(games)` | see *More tasks* | a `dict` of `float` |
| `victory(empires, turn)` | see *More tasks* | a tuple `(kind, winner)`: a `str` and an `int` |

**Why a save is refused.** `read_save` raises `ValueError` whose message **starts with one of
four words**, followed by a colon and whatever explanation you like
(`ValueError("corrupt: the checksum does not match")`). It checks in this order and stops at
the first problem:

1. The text is empty, or it is shorter than the first row `epic-cosmos save\\n` and is the
   beginning of it: **truncated**.
2. The text does not begin with `epic-cosmos save\\n`: **foreign** (some other file).
3. A character is not ASCII (code 128 or more): **corrupt**.
4. Cut the text at every `\\n`. If it does not end with `\\n`, the last piece is a row cut off
   in the middle: note that, and leave that piece out.
5. Row 2 must be `version N`: missing, **truncated**; otherwise not of that form,
   **corrupt**. A number `N` is an optional minus sign and 1 to 20 digits 0-9, nothing else,
   not even a space. A version above 1 is **newer** (a later game wrote it); below 1, **corrupt**.
6. If the text did not end with `\\n`, or the last row is not `crc32 ` and 8 lower-case hex
   digits: **truncated**.
7. The checksum must be that of all the text above its row: if not, **corrupt**.
8. Rows 3 and 4 must be `seed N` and `lines N`; if not, **corrupt**. The checksum row counts:
   when it comes right after the version, it stands where the seed should be, and that is corrupt.
9. The rows between row 4 and the checksum are the command lines: there must be exactly `N`
   of them (from `lines N`), and each must be 1 to 120 characters from space to `~`; if not,
   **corrupt**.

The order matters: a save from a newer version of the game says **newer** even when its
checksum is computed some other way, and a save cut short says **truncated**, not corrupt.
The grader feeds `read_save` every truncation of a save and every single-bit change of one.
'''

GIVEN_MD = '''`verdict` turns what `read_save` does into a word: `"ok"`, or the reason it raised. The grader
calls `verdicts` with many texts at once. Run this cell as it is; do not change it.
'''

MORE = '''## Two more functions, graded

These two are graded like the save functions: the public checks below and the grader's hidden
checks call `win_rates` and `victory` as well, so a notebook with only the save functions
scores part of the points.

- **Win rates.** A list of finished AI games, each `[characters, winner]`: `characters` is the
  character of each seat (`["builder", "warlord", "builder"]`) and `winner` the seat (from 0)
  that won. Write `win_rates(games)`: for each character that played at least once, its wins
  divided by the number of empires it played (a game with two Builders counts two Builder
  empires). Keys in any order; the values are compared to within 1e-9.
- **A victory checker.** `empires` is a list of dicts with the keys `alive`, `fell_on` (the
  turn it fell, 0 if alive), `human`, `stargate` (it has researched the Stargate), `produced`,
  `score` and `planets`; `turn` is the turn that just ended. Write `victory(empires, turn)`
  the way `cosmos/victory.py` decides: no empire alive, the strongest of those that fell on
  this turn wins on `"score"`; one alive, `"conquest"`; among the living, any Stargate,
  `"science"`; any with `produced` at least 9800, `"economy"`; a human empire fallen,
  `"defeat"` (the strongest living rival wins); turn 150 or later, `"score"`; otherwise
  `("none", -1)`. Whenever several qualify, the strongest wins: higher score, then more
  produced, then more planets, then the lower number.
'''

PAPER = '''## More tasks, not graded

- **On paper.** A CRC-32 catches every single-bit change of a save (the grader's hidden checks
  flip each bit of one, and none of the flips reads as `ok`). Can two changed bits get past it?
  Think of two bits in the command lines, then of one bit there and one in the `crc32` row.
- **A fairer study** and **Tune it**: the two ungraded rows of lesson 6's table of more tasks;
  they change a copy of the simulation, not this notebook.
'''

CHECK_MD = '''## Check yourself

This cell runs the public checks on your functions. The grader runs them too, and hidden
checks of its own. From a terminal, `python -m graders check exercises/06-save/save.ipynb`
runs the saved notebook exactly as the grader does.
'''

STUB_READER = '''def save_text(seed, lines):
    """The save of a game: header, one command a line, then the checksum of all that."""
    raise NotImplementedError("write save_text(seed, lines)")


def read_save(text):
    """(seed, lines) of a save; ValueError starting with truncated, corrupt, foreign or newer."""
    raise NotImplementedError("write read_save(text)")
'''

STUB_WIN_RATES = '''def win_rates(games):
    """Wins per empire played, for each character that played: {character: wins / empires}."""
    raise NotImplementedError("write win_rates(games)")
'''

STUB_VICTORY = '''def victory(empires, turn):
    """(kind, winner) if the game ends this turn, else ("none", -1): the checks in the rules' order."""
    raise NotImplementedError("write victory(empires, turn)")
'''

# name -> (what is wrong, [(old, new)] applied to READER + WIN_RATES + VICTORY)
WRONG: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "checksum-before-version": (
        "Checks the checksum before the version, so a newer save with a changed version row "
        "is called corrupt.",
        [('''    version = header_number(rows, 1, "version")
    if version > VERSION:''', '''    body = text[: len(text) - len(rows[-1]) - 1]
    if complete and rows and SUM_LINE.fullmatch(rows[-1]) and crc(body) != SUM_LINE.fullmatch(rows[-1]).group(1):
        raise ValueError("corrupt: the checksum does not match")
    version = header_number(rows, 1, "version")
    if version > VERSION:''')]),
    "no-checksum-check": (
        "Never compares the checksum: a changed command line is read as if nothing happened.",
        [('''    body = text[: len(text) - len(rows[-1]) - 1]
    if crc(body) != SUM_LINE.fullmatch(rows[-1]).group(1):
        raise ValueError("corrupt: the checksum does not match")
''', "")]),
    "upper-case-checksum": (
        "Writes and expects the checksum in upper-case hex: not the engine's format.",
        [("08x}", "08X}"), ("[0-9a-f]{8}", "[0-9A-F]{8}")]),
    "checksum-of-the-lines-only": (
        "The checksum covers only the command lines, not the header above them.",
        [('''    return f"{body}crc32 {crc(body)}\\n"''',
          '''    return f"{body}crc32 {crc(''.join(line + chr(10) for line in lines))}\\n"'''),
         ('''    body = text[: len(text) - len(rows[-1]) - 1]''',
          '''    body = "".join(row + "\\n" for row in rows[4:-1])''')]),
    "cut-off-end-is-corrupt": (
        "A text that stops in the middle of its last row is called corrupt instead of truncated.",
        [('''    if not complete or not rows or SUM_LINE''', '''    if not complete:
        raise ValueError("corrupt: the last row has no end")
    if not rows or SUM_LINE''')]),
    "short-start-is-foreign": (
        "The first few characters of a save, cut off inside its first row, are called foreign.",
        [('''    if not text or (len(text) < len(magic) and magic.startswith(text)):''', '''    if not text:''')]),
    "newer-is-read-anyway": (
        "Reads a save of a newer version as if it were version 1.",
        [('''    if version > VERSION:
        raise ValueError(f"newer: version {version}, this game reads up to {VERSION}")
''', "")]),
    "line-count-not-checked": (
        "Trusts the rows and ignores `lines N`: a save whose count does not fit is read.",
        [("    if count != len(lines) or not all(", "    if not all("),
         ('    count = header_number(rows, 3, "lines")', '    header_number(rows, 3, "lines")')]),
    "lines-as-tuple": (
        "Returns the command lines as a tuple, not a list.",
        [("    return seed, lines\n", "    return seed, tuple(lines)\n")]),
    "splitlines-instead-of-newlines": (
        "Cuts the text with splitlines(), which also cuts at \\r, \\x0b, \\x0c and others, and "
        "loses whether the text ended with a newline.",
        [('''    rows = text.split("\\n")
    complete = rows.pop() == ""''', '''    rows = text.splitlines()
    complete = True''')]),
    "win-rate-per-game-present": (
        "Divides a character's wins by the games it was in, not by the empires it played.",
        [('''        for name in characters:
            played[name] = played.get(name, 0) + 1''', '''        for name in set(characters):
            played[name] = played.get(name, 0) + 1''')]),
    "economy-before-science": (
        "Checks the economy before the Stargate: the order of the rules is lost.",
        [('''    scholars = [i for i in living if empires[i]["stargate"]]
    if scholars:
        return "science", strongest(scholars)
    rich = [i for i in living if empires[i]["produced"] >= ECONOMY_TARGET]
    if rich:
        return "economy", strongest(rich)''',
         '''    rich = [i for i in living if empires[i]["produced"] >= ECONOMY_TARGET]
    if rich:
        return "economy", strongest(rich)
    scholars = [i for i in living if empires[i]["stargate"]]
    if scholars:
        return "science", strongest(scholars)''')]),
    "tie-break-by-the-first": (
        "Several empires qualify at once and the first of them wins, not the strongest.",
        [('''        return min(ids, key=lambda e: (-empires[e]["score"], -empires[e]["produced"],
                                       -empires[e]["planets"], e))''', '''        return ids[0]''')]),
}


def cell(kind: str, source: str, cell_id: str | None = None) -> dict:
    """A notebook cell (ids, unless given, are given when the notebook is written)."""
    made = {"cell_type": "markdown", "metadata": {}, "source": source} if kind == "markdown" else {
        "cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [], "source": source}
    return {**made, "id": cell_id} if cell_id else made


def notebook(cells: list[dict]) -> dict:
    """A notebook of these cells, the ones without an id numbered in order."""
    for number, one in enumerate(one for one in cells if "id" not in one):
        one["id"] = f"cell-{number:02d}"
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                                        "language": "python"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def step_cells_here() -> list[dict]:
    """The starter's step-through cells (made from a public check's example, with their first ids)."""
    text, code = step_cells(EXERCISE / "exercise.json", "save_text: the lesson's four lines")
    return [cell("markdown", text, STEP_IDS[0]), cell("code", code, STEP_IDS[1])]


def solution_cells(reader: str, win_rates: str, victory: str, title: str | None = None,
                   step: bool = False) -> list[dict]:
    """The exercise's cells with these three code cells in place of the stubs (and the step cells, if asked)."""
    cells = [cell("markdown", title)] if title else []
    steps = step_cells_here() if step else []
    return [*cells, cell("markdown", INTRO), cell("markdown", RULES), cell("code", reader), *steps,
            cell("markdown", GIVEN_MD), cell("code", GIVEN), cell("code", TRY_IT), cell("markdown", MORE),
            cell("code", win_rates), cell("code", victory), cell("markdown", PAPER), cell("markdown", CHECK_MD),
            cell("code", CHECK)]


def starter_cells() -> list[dict]:
    """The student's notebook: stubs to fill in, and the cell that steps through their save_text."""
    return solution_cells(STUB_READER, STUB_WIN_RATES, STUB_VICTORY, step=True)


def write(path: Path, cells: list[dict]) -> None:
    """Write a notebook as JupyterLab saves it."""
    nbfile.store(nbfile.with_kernel_metadata(nbformat.from_dict(notebook(cells))), path)


def broken(name: str) -> tuple[str, str, str]:
    """The three solution cells with the named bug in them."""
    parts = [READER, WIN_RATES, VICTORY]
    for old, new in WRONG[name][1]:
        hits = [i for i, part in enumerate(parts) if old in part]
        if len(hits) != 1 or parts[hits[0]].count(old) != 1:
            raise ValueError(f"{name}: {old!r} must occur exactly once")
        parts[hits[0]] = parts[hits[0]].replace(old, new)
    if parts == [READER, WIN_RATES, VICTORY]:
        raise ValueError(f"{name} changes nothing")
    return parts[0], parts[1], parts[2]


def main() -> None:
    """Write save.ipynb, reference.ipynb and wrong/*.ipynb."""
    write(EXERCISE / "save.ipynb", starter_cells())
    write(HERE / "reference.ipynb", solution_cells(READER, WIN_RATES, VICTORY))
    folder = HERE / "wrong"
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.ipynb"):
        old.unlink()
    for name, (why, _changes) in WRONG.items():
        write(folder / f"{name}.ipynb", solution_cells(*broken(name), title=f"# Known wrong: {name}\n\n{why}"))


if __name__ == "__main__":
    main()
