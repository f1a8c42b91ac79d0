"""Write the checks of Save files: the answers come from the engine itself (cosmos.save, cosmos.victory).

Run `python graders_instructor/hidden/06-save/make_hidden.py` after changing it: it writes hidden.json here
and the public checks into exercises/06-save/exercise.json. `python -m graders_instructor validate 06-save`
then proves the reference notebook agrees with every answer.
"""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import cosmos.victory  # noqa: E402
from cosmos.commands import apply  # noqa: E402
from cosmos.data import TECHS  # noqa: E402
from cosmos.envoy import diplomacy_moves  # noqa: E402
from cosmos.game import play_line  # noqa: E402
from cosmos.messages import RuleError  # noqa: E402
from cosmos.rivals import decide  # noqa: E402
from cosmos.rng import Random  # noqa: E402
from cosmos.save import SaveError, SaveGame, checksum  # noqa: E402
from cosmos.view import survey  # noqa: E402
from cosmos.world import Empire, new_world  # noqa: E402
from graders_instructor.authoring.hints import with_hints  # noqa: E402

HERE = Path(__file__).resolve().parent

# The hidden checks' hints, per function: a nudge that names no input and no answer.
HIDDEN_HINTS = {
    'save_text': (
        'Write the header rows, one command a line, then the checksum of all the text before it.'
    ),
    'read_save': (
        'Decide which of truncated, corrupt, foreign and newer applies, checking in the order the '
        "exercise's rules give."
    ),
    'verdicts': (
        'Call your read_save on each text and turn a ValueError into the first word of its message.'
    ),
    'victory': (
        'Check the ways a game can end in the order the rules list them; the first that holds decides.'
    ),
    'win_rates': (
        'For each character, count the empires it played and how many of them won, then divide.'
    ),
}

# The public checks' hints: the nudge and the lesson section that helps.
PUBLIC_HINTS = {
    'save_text': (
        'Write the header rows, one command a line, then the checksum of all the text before it. See '
        'lesson 6, section “What a save holds”.'
    ),
    'read_save': (
        'Decide which of truncated, corrupt, foreign and newer applies, checking in the order the '
        "exercise's rules give. See lesson 6, section “A save that cannot be read”."
    ),
    'verdicts': (
        'Call your read_save on each text and turn a ValueError into the first word of its message. See '
        'lesson 6, section “A save that cannot be read”.'
    ),
    'victory': (
        'Check the ways a game can end in the order the rules list them; the first that holds decides. '
        'See lesson 6, section “How a game ends”.'
    ),
    'win_rates': (
        'For each character, count the empires it played and how many of them won, then divide. See '
        'lesson 6, section “A character is not a seat”.'
    ),
}
EXERCISE = HERE.parents[2] / "exercises" / "06-save"
SEED = 6  # every random choice below comes from Random(SEED)
STARGATE = next(i for i, tech in enumerate(TECHS) if tech.key == "stargate")


def player_lines(seed: int, turns: int) -> list[str]:
    """The command lines of a real game: the rivals' own AI plays empire 0 for `turns` turns."""
    world = new_world(seed)
    lines: list[str] = []
    for _ in range(turns):
        for command in decide(world, 0, survey(world), envoy=diplomacy_moves):
            try:
                apply(world, command)
            except RuleError:
                continue
            lines.append(command.to_text())
        lines.append("end")
        play_line(world, "end")
        if world.victory is not None:
            break
    return lines


def engine_save(seed: int, lines: list[str]) -> str:
    """The engine's own save text."""
    return SaveGame(seed, tuple(lines)).to_text()


def engine_verdict(text: str) -> str:
    """What the engine says about a text: ok, or the reason word of its SaveError."""
    try:
        SaveGame.from_text(text)
    except SaveError as error:
        return error.message.key.removeprefix("err_save_")
    return "ok"


def truncations(text: str) -> list[str]:
    """Every proper prefix of a text, the empty one included."""
    return [text[:cut] for cut in range(len(text))]


def bit_flips(text: str) -> list[str]:
    """The text with one bit of one character's code flipped, for every character and bit 0 to 7."""
    return [text[:at] + chr(ord(text[at]) ^ (1 << bit)) + text[at + 1:]
            for at in range(len(text)) for bit in range(8)]


def resealed(seed: int, lines: list[str], version: int = 1, count: int | None = None) -> str:
    """A save with a chosen version or line count, and a checksum that fits it."""
    rows = ["epic-cosmos save", f"version {version}", f"seed {seed}",
            f"lines {len(lines) if count is None else count}", *lines]
    body = "".join(f"{row}\n" for row in rows)
    return f"{body}crc32 {checksum(body)}\n"


def verdict_check(name: str, texts: list[str]) -> dict:
    """One check: the verdicts of many texts at once."""
    return {"name": name, "call": "verdicts", "args": [texts], "expect": [engine_verdict(t) for t in texts]}


@contextmanager
def figures(table: list[dict]):
    """The real victory check, reading score and planets from the table instead of a galaxy."""
    with mock.patch.object(cosmos.victory, "score", lambda world, e: table[e]["score"]), \
            mock.patch.object(cosmos.victory, "owned_planets", lambda world, e: [0] * table[e]["planets"]):
        yield


def engine_victory(empires: list[dict], turn: int) -> list:
    """What the engine's decide says about empires with these figures on this turn."""
    world = new_world(1, human=False)
    world.empires = [Empire(i, world.empires[0].definition, "builder") for i in range(len(empires))]
    for empire, row in zip(world.empires, empires, strict=True):
        empire.alive, empire.fell_on, empire.human = row["alive"], row["fell_on"], row["human"]
        empire.produced = row["produced"]
        empire.techs = [STARGATE] if row["stargate"] else []
    world.turn = turn
    with figures(empires):
        result = cosmos.victory.decide(world)
    return ["none", -1] if result is None else [result.kind, result.winner]


def random_empires(rng: Random, count: int, turn: int) -> list[dict]:
    """Figures of `count` empires that make every branch of the victory check likely."""
    rows = []
    for _ in range(count):
        alive = rng.next_int(4) > 0
        rows.append({
            "alive": alive,
            "fell_on": 0 if alive else rng.range(max(1, turn - 2), turn),
            "human": False,
            "stargate": alive and rng.next_int(8) == 0,
            "produced": rng.range(9000, 10000) if rng.next_int(3) == 0 else rng.range(0, 9000),
            "score": rng.range(40, 60),
            "planets": rng.range(1, 4),
        })
    if rng.next_int(3) == 0:
        rows[0]["human"] = True
    return rows


def victory_cases() -> list[tuple[str, list[dict], int]]:
    """Named victory cases, hand-made ones first, then seeded random ones."""
    def row(alive=True, fell_on=0, human=False, stargate=False, produced=1000, score=50, planets=3):
        return {"alive": alive, "fell_on": fell_on, "human": human, "stargate": stargate,
                "produced": produced, "score": score, "planets": planets}

    cases = [
        ("two Stargates: the higher score wins",
         [row(stargate=True, score=40), row(), row(stargate=True, score=70)], 80),
        ("the Stargate beats an economy that is also there", [row(produced=9900, score=90), row(stargate=True)], 90),
        ("equal scores: more produced wins", [row(produced=9800), row(produced=9850)], 70),
        ("equal scores and produced: more planets wins",
         [row(produced=9800, planets=2), row(produced=9800, planets=5)], 70),
        ("all equal: the lower number wins", [row(), row(produced=9801), row(produced=9801)], 60),
        ("the last two fell on the same turn", [row(alive=False, fell_on=12), row(alive=False, fell_on=40, score=10),
                                                 row(alive=False, fell_on=40, score=12)], 40),
        ("one survivor", [row(alive=False, fell_on=3), row(), row(alive=False, fell_on=9)], 9),
        ("the human fell: defeat", [row(alive=False, fell_on=30, human=True), row(score=20), row(score=30)], 31),
        ("turn 150 ends the game", [row(score=20), row(score=30)], 150),
        ("turn 149 does not", [row(score=20), row(score=30)], 149),
        ("a dead empire's Stargate does not count", [row(alive=False, fell_on=5, stargate=True), row(), row()], 60),
    ]
    rng = Random(SEED)
    for number in range(30):
        turn = rng.range(20, 150)
        cases.append((f"random figures {number + 1}", random_empires(rng, 3 + rng.next_int(2), turn), turn))
    return cases


def games_from_simulation(count: int) -> list[list]:
    """[characters by seat, winning seat] of seeded made-up games (the arithmetic is what is checked)."""
    rng = Random(SEED + 1)
    names = ["builder", "scholar", "warlord"]
    games = []
    for _ in range(count):
        characters = [names[rng.next_int(3)] for _ in range(3 + rng.next_int(2))]
        games.append([characters, rng.next_int(len(characters))])
    return games


def engine_win_rates(games: list[list]) -> dict[str, float]:
    """Wins per empire played (the measure the lesson's report prints)."""
    played: dict[str, int] = {}
    won: dict[str, int] = {}
    for characters, winner in games:
        for name in characters:
            played[name] = played.get(name, 0) + 1
        won[characters[winner]] = won.get(characters[winner], 0) + 1
    return {name: won.get(name, 0) / played[name] for name in sorted(played)}


def public_checks() -> list[dict]:
    """The checks the student sees."""
    lines = ["col 3", "end", "r 1", "end"]
    text = engine_save(2026, lines)
    return [
        {"name": "save_text: the lesson's four lines", "call": "save_text", "args": [2026, lines],
         "expect": text},
        {"name": "save_text: a save with no lines", "call": "save_text", "args": [7, []],
         "expect": engine_save(7, [])},
        {"name": "read_save: the lesson's save", "call": "read_save", "args": [text], "expect": [2026, lines]},
        verdict_check("verdicts: the lesson's save, cut short, changed, foreign, from a newer game",
                      [text, text[:-1], text.replace("col 3", "col 4"), "hello\n", resealed(2026, lines, 2)]),
        {"name": "win_rates: two games", "call": "win_rates",
         "args": [[[["builder", "warlord", "builder"], 0], [["scholar", "warlord", "builder"], 1]]],
         "expect": engine_win_rates([[["builder", "warlord", "builder"], 0], [["scholar", "warlord", "builder"], 1]]),
         "tolerance": 1e-9},
        *[{"name": f"victory: {name}", "call": "victory", "args": [empires, turn],
           "expect": engine_victory(empires, turn)} for name, empires, turn in victory_cases()[:2]],
    ]


def hidden_checks() -> list[dict]:
    """The grader's own checks."""
    rng = Random(SEED)
    games = [(seed, player_lines(seed, turns)) for seed, turns in
             ((1, 12), (2026, 30), (-5, 8), (4294967295, 20), (rng.range(1, 10**9), 40))]
    checks = []
    for seed, lines in games:
        checks.append({"name": f"save_text: a real game of {len(lines)} lines (seed {seed})",
                       "call": "save_text", "args": [seed, lines], "expect": engine_save(seed, lines)})
        checks.append({"name": f"read_save: a real game of {len(lines)} lines (seed {seed})",
                       "call": "read_save", "args": [engine_save(seed, lines)], "expect": [seed, lines]})
    small_seed, small = 2026, games[1][1][:6]
    small_text = engine_save(small_seed, small)
    checks.append(verdict_check("verdicts: every truncation of a save", truncations(small_text)))
    checks.append(verdict_check("verdicts: every single-bit flip of a save", bit_flips(small_text)))
    checks.append(verdict_check("verdicts: every truncation of a save without lines", truncations(engine_save(3, []))))
    checks.append(verdict_check("verdicts: a newer version, resealed, and version 0", [
        resealed(5, small, 2), resealed(5, small, 10**6), resealed(5, small, 0), resealed(5, small, -1)]))
    checks.append(verdict_check("verdicts: line counts that do not fit, resealed", [
        resealed(5, small, count=len(small) + 1), resealed(5, small, count=len(small) - 1),
        resealed(5, small, count=0)]))
    checks.append(verdict_check("verdicts: header rows that are not numbers, resealed", [
        resealed(5, small).replace("seed 5", "seed five"), resealed(5, small).replace("version 1", "version one"),
        resealed(5, small).replace("seed 5", "seed 5 ")]))
    checks.append(verdict_check("verdicts: other files and other line ends", [
        "", "\n", "epic-cosmos", "Epic-cosmos save\n", small_text.replace("\n", "\r\n"),
        small_text + "\n", " " + small_text, small_text.upper()]))
    bad_line = resealed(5, ["col 3", "x" * 121]), resealed(5, ["col 3", "tab\there"]), resealed(5, ["", "end"])
    checks.append(verdict_check("verdicts: command lines a save cannot hold, resealed", list(bad_line)))
    checks.append(verdict_check("verdicts: a character outside ASCII", [small_text.replace("col", "cöl")]))
    for count in (1, 40, 300):
        games_list = games_from_simulation(count)
        checks.append({"name": f"win_rates: {count} games", "call": "win_rates", "args": [games_list],
                       "expect": engine_win_rates(games_list), "tolerance": 1e-9})
    checks.append({"name": "win_rates: a character that plays but never wins", "call": "win_rates",
                   "args": [[[["warlord", "scholar", "warlord"], 1]]],
                   "expect": engine_win_rates([[["warlord", "scholar", "warlord"], 1]]), "tolerance": 1e-9})
    for name, empires, turn in victory_cases()[2:]:
        checks.append({"name": f"victory: {name}", "call": "victory", "args": [empires, turn],
                       "expect": engine_victory(empires, turn)})
    return checks


def write_lines(data: dict, path: Path) -> None:
    """JSON with one check a line."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    path.write_text(text.replace('{"name"', '\n{"name"') + "\n", encoding="utf-8")


def main() -> None:
    """Write hidden.json beside this script and the public checks into the exercise."""
    write_lines({"format": 1, "checks": with_hints(hidden_checks(), HIDDEN_HINTS)}, HERE / "hidden.json")
    exercise = json.loads((EXERCISE / "exercise.json").read_text(encoding="utf-8"))
    exercise["checks"] = with_hints(public_checks(), PUBLIC_HINTS)
    write_lines(exercise, EXERCISE / "exercise.json")


if __name__ == "__main__":
    main()
