"""How the rivals play: N AI-only games from fixed seeds, measured per character with the real engine.

Run from the repository root:  python benchmarks/rivals_bench.py [GAMES] [--jobs N] [--fixed]
(default 90 games, characters rotated across the seats as in `python -m cosmos --simulate`;
benchmarks/rivals_bench_results.txt keeps the figures from before and after the retuning).
For every character it prints the median planets held at turns 25, 50 and 100, the median turn of
its 2nd and 4th planet, the median unspent metal, gas, crystal and uranium at turns 50 and 100 and
the share of all that came in that was spent by then, ships built by kind, buildings built,
technologies researched, and its wins; then wins per seat,
how the games ended and how long they took. A median "at turn T" is over the empires whose game
was still running at T (the count is printed beside it). Deterministic: the same figures every run.
"""
from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cosmos.bus import Event  # noqa: E402
from cosmos.data import PERSONALITIES, RES_COUNT, SHIP_KINDS, START_STOCK  # noqa: E402
from cosmos.game import play_turn  # noqa: E402
from cosmos.simulate import KINDS, SEATS, lineup_of_game, seed_of_game  # noqa: E402
from cosmos.world import World, new_world, owned_planets  # noqa: E402

CHECK_TURNS = (25, 50, 100)  # planets held at these turns
STOCK_TURNS = (50, 100)  # unspent stock at these turns
NTH_PLANETS = (2, 4)  # the turn an empire first holds this many planets
STOCK_NAMES = ("metal", "gas", "crystal", "uranium")
STOCK_INDEX = (0, 1, 2, 3)  # M, G, C, U


@dataclass
class EmpireLog:
    """One empire's game, as measured: planets per turn, stocks, what it built and researched."""

    seat: int
    character: str
    planets: dict[int, int] = field(default_factory=dict)  # turn -> planets held at its end
    stock: dict[int, tuple[int, ...]] = field(default_factory=dict)  # turn -> stock at its end
    came: list[int] = field(default_factory=lambda: list(START_STOCK))  # the start stock plus all income so far
    came_by: dict[int, tuple[int, ...]] = field(default_factory=dict)  # turn -> what had come in by its end
    techs: dict[int, int] = field(default_factory=dict)  # turn -> technologies known
    reached: dict[int, int] = field(default_factory=dict)  # n planets -> first turn it held them
    ships: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in SHIP_KINDS})
    buildings: int = 0
    colonies: int = 0
    conquests: int = 0
    final_techs: int = 0
    won: bool = False


@dataclass
class GameLog:
    """One AI-only game: each empire's log, how it ended and when."""

    index: int
    empires: list[EmpireLog]
    kind: str
    turns: int
    winner: int


def listen(world: World, logs: list[EmpireLog]) -> None:
    """Count ships, buildings, colonies and conquests per empire from the engine's own events."""

    def heard(event: Event) -> None:
        data = event.data
        if event.kind == "ships_built":
            logs[data["empire"]].ships[data["kind"]] += data["count"]
        elif event.kind == "building_completed":
            logs[data["empire"]].buildings += 1
        elif event.kind == "planet_colonised":
            logs[data["empire"]].colonies += 1
        elif event.kind == "planet_taken":
            logs[data["empire"]].conquests += 1
        elif event.kind == "resources_produced":
            came = logs[data["empire"]].came
            came[:] = [have + more for have, more in zip(came, data["income"], strict=True)]

    for kind in ("ships_built", "building_completed", "planet_colonised", "planet_taken", "resources_produced"):
        world.bus.subscribe(kind, heard)


def play_logged(index: int, rotate: bool = True) -> GameLog:
    """Play game `index` of the simulation (same seed and line-up) and measure every empire."""
    world = new_world(seed_of_game(index), human=False, personalities=lineup_of_game(index, rotate), quiet=True)
    logs = [EmpireLog(e.id, e.personality) for e in world.empires]
    listen(world, logs)
    while world.victory is None:
        turn = world.turn
        play_turn(world)
        for empire, log in zip(world.empires, logs, strict=True):
            held = len(owned_planets(world, empire.id))
            log.planets[turn] = held
            log.stock[turn] = tuple(empire.stock)
            log.came_by[turn] = tuple(log.came)
            log.techs[turn] = len(empire.techs)
            for n in NTH_PLANETS:
                if held >= n and n not in log.reached:
                    log.reached[n] = turn
    for empire, log in zip(world.empires, logs, strict=True):
        log.final_techs = len(empire.techs)
    victory = world.victory
    logs[victory.winner].won = True
    return GameLog(index, logs, victory.kind, min(world.turn, 150), victory.winner)


def median(values: list[float]) -> str:
    """The median of some values, or '-' if there are none."""
    return f"{statistics.median(values):g}" if values else "-"


def character_lines(games: list[GameLog], name: str) -> list[str]:
    """The figures of one character over all its empires."""
    logs = [log for game in games for log in game.empires if log.character == name]
    lines = [f"{name} ({len(logs)} empires)"]
    held = []
    for turn in CHECK_TURNS:
        values = [log.planets[turn] for log in logs if turn in log.planets]
        held.append(f"t{turn} {median(values)} (n={len(values)})")
    lines.append("  planets held (median): " + ", ".join(held))
    reached = []
    for n in NTH_PLANETS:
        turns = [log.reached[n] for log in logs if n in log.reached]
        reached.append(f"planet {n}: turn {median(turns)} ({len(turns)}/{len(logs)} got there)")
    lines.append("  first turn holding: " + ", ".join(reached))
    for turn in STOCK_TURNS:
        stocks = [log.stock[turn] for log in logs if turn in log.stock]
        parts = [f"{res} {median([s[r] for s in stocks])}" for res, r in zip(STOCK_NAMES, STOCK_INDEX, strict=True)]
        lines.append(f"  unspent at t{turn} (median, n={len(stocks)}): " + ", ".join(parts))
        spent = [[100 * (1 - log.stock[turn][r] / log.came_by[turn][r]) for log in logs if turn in log.stock]
                 for r in range(RES_COUNT)]
        if stocks:
            lines.append(f"  spent of all that came in by t{turn} (median %): " + ", ".join(
                f"{res} {statistics.median(spent[r]):.0f}" for res, r in zip(STOCK_NAMES, STOCK_INDEX, strict=True)))
    ships = {kind: sum(log.ships[kind] for log in logs) / len(logs) for kind in SHIP_KINDS}
    lines.append("  ships built per empire (mean): " + ", ".join(f"{k} {v:.1f}" for k, v in ships.items()))
    lines.append(f"  buildings per empire (mean): {sum(log.buildings for log in logs) / len(logs):.1f}; "
                 f"colonies {sum(log.colonies for log in logs) / len(logs):.1f}, "
                 f"conquests {sum(log.conquests for log in logs) / len(logs):.2f}")
    techs50 = [log.techs[50] for log in logs if 50 in log.techs]
    lines.append(f"  technologies: at t50 median {median(techs50)} (n={len(techs50)}), "
                 f"at the end mean {sum(log.final_techs for log in logs) / len(logs):.1f}")
    wins = sum(log.won for log in logs)
    kinds = [game.kind for game in games for log in game.empires if log.character == name and log.won]
    lines.append(f"  wins: {wins} of {len(logs)} empires ({100 * wins / len(logs):.1f}%): "
                 + ", ".join(f"{kind} {kinds.count(kind)}" for kind in KINDS))
    return lines


def report(games: list[GameLog]) -> str:
    """Everything measured, as text."""
    lines = [f"{len(games)} AI-only games (seeds {seed_of_game(0)} to {seed_of_game(len(games) - 1)})"]
    for name in PERSONALITIES:
        lines += character_lines(games, name)
    lines.append("wins per seat:")
    for seat in range(SEATS):
        present = [game for game in games if len(game.empires) > seat]
        wins = sum(game.winner == seat for game in present)
        if present:
            lines.append(f"  seat {seat + 1}: {wins} of {len(present)} ({100 * wins / len(present):.1f}%)")
    lines.append("victory kinds: " + ", ".join(f"{kind} {sum(g.kind == kind for g in games)}" for kind in KINDS))
    turns = [game.turns for game in games]
    lines.append(f"game length: mean {sum(turns) / len(turns):.1f}, median {median(turns)}, "
                 f"shortest {min(turns)}, longest {max(turns)}")
    return "\n".join(lines) + "\n"


def play_all(n: int, jobs: int, rotate: bool) -> list[GameLog]:
    """Games 0..n-1, on `jobs` processes, in index order."""
    if jobs <= 1:
        return [play_logged(i, rotate) for i in range(n)]
    import functools
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(functools.partial(play_logged, rotate=rotate), range(n), chunksize=4)


def main() -> None:
    """Measure the rivals over N games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=90)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1: the machine is shared)")
    parser.add_argument("--fixed", action="store_true", help="the galaxies' own line-ups, not rotated")
    args = parser.parse_args()
    print(report(play_all(args.games, args.jobs, not args.fixed)), end="")


if __name__ == "__main__":
    main()
