"""The balance simulation: N AI-only games on every core; the report does not depend on cores."""
from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from cosmos.data import MAX_TURNS, PERSONALITIES, VICTORY_KINDS
from cosmos.game import play_turn
from cosmos.text import Texts
from cosmos.world import new_world

__all__ = ["GameResult", "Report", "format_report", "play_game", "run_simulation", "seed_of_game"]

FIRST_SEED = 1  # game i of a simulation plays the galaxy of seed FIRST_SEED + i
# how an AI-only game can end ("defeat" needs a human player); "score" is the end of time
KINDS = tuple(kind for kind in VICTORY_KINDS if kind != "defeat")
CHUNK = 4  # games handed to a worker at a time: small, so both cores stay busy to the end


@dataclass(frozen=True)
class GameResult:
    """How one AI-only game ended: index, seed, winner and character, kind of victory, turns."""

    index: int
    seed: int
    winner: int
    character: str
    kind: str
    turns: int


@dataclass
class Report:
    """The balance over many games: wins per character and per victory kind, game lengths."""

    games: int = 0
    total_turns: int = 0
    shortest: int = 0
    longest: int = 0
    wins_by_character: dict[str, int] = field(
        default_factory=lambda: {name: 0 for name in PERSONALITIES})
    games_with_character: dict[str, int] = field(
        default_factory=lambda: {name: 0 for name in PERSONALITIES})
    wins_by_kind: dict[str, int] = field(
        default_factory=lambda: {kind: 0 for kind in KINDS})

    def add(self, result: GameResult, characters: tuple[str, ...]) -> None:
        """Count one game in (results must be added in index order for the report to be fixed)."""
        self.games += 1
        self.total_turns += result.turns
        self.shortest = result.turns if self.games == 1 else min(self.shortest, result.turns)
        self.longest = max(self.longest, result.turns)
        self.wins_by_character[result.character] += 1
        self.wins_by_kind[result.kind] += 1
        for name in sorted(set(characters)):
            self.games_with_character[name] += 1

    @property
    def average_turns(self) -> float:
        """The average length of a game in turns."""
        return self.total_turns / self.games if self.games else 0.0


def seed_of_game(index: int) -> int:
    """The seed of game number index: fixed, so any core can play any game."""
    return FIRST_SEED + index


def play_game(index: int) -> tuple[GameResult, tuple[str, ...]]:
    """Play one AI-only game to its end and say how it ended (and which characters took part)."""
    seed = seed_of_game(index)
    world = new_world(seed, human=False, quiet=True)
    while world.victory is None:
        play_turn(world)
    victory = world.victory
    winner = victory.winner
    character = world.empires[winner].personality
    characters = tuple(empire.personality for empire in world.empires)
    turns = min(world.turn, MAX_TURNS)
    return GameResult(index, seed, winner, character, victory.kind, turns), characters


def _results(n: int, jobs: int) -> Iterator[tuple[GameResult, tuple[str, ...]]]:
    """The results of games 0..n-1 in index order, played by one process or by a pool."""
    if jobs <= 1 or n <= 1:
        yield from map(play_game, range(n))
        return
    import multiprocessing

    # fork where there is one: workers start at once and need no `if __name__ == "__main__"`
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with context.Pool(processes=min(jobs, n)) as pool:
        # imap keeps the order of the indices whatever worker finishes first
        yield from pool.imap(play_game, range(n), chunksize=CHUNK)


def run_simulation(n: int, jobs: int | None = None) -> Report:
    """Play n AI-only games (on `jobs` processes, all cores by default) and sum up the balance."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of games must be a whole number from 0, not {n!r}")
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"the number of processes must be at least 1, not {jobs!r}")
    report = Report()
    for result, characters in _results(n, workers):
        report.add(result, characters)
    return report


def _percent(part: int, whole: int) -> str:
    """A share as a percentage with one decimal."""
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def format_report(report: Report, texts: Texts | None = None) -> str:
    """The report as plain text, one figure a line, in a fixed order (English unless texts)."""
    texts = texts or Texts("en")
    lines = [texts("sim_title", games=report.games),
             texts("sim_length", average=f"{report.average_turns:.1f}", shortest=report.shortest,
                   longest=report.longest),
             texts("sim_characters")]
    names = {name: texts(f"personality_{name}") for name in report.wins_by_character}
    width = max(len(name) for name in names.values())
    for name in sorted(report.wins_by_character):
        wins = report.wins_by_character[name]
        present = report.games_with_character[name]
        lines.append(f"  {names[name]:<{width}} {wins:5d}  {_percent(wins, report.games)}  "
                     + texts("sim_present", rate=_percent(wins, present), present=present))
    lines.append(texts("sim_kinds"))
    kinds = {kind: texts(f"sim_kind_{kind}") for kind in KINDS}
    kind_width = max(len(kind) for kind in kinds.values())
    for kind in KINDS:
        count = report.wins_by_kind[kind]
        lines.append(f"  {kinds[kind]:<{kind_width}} {count:5d}  {_percent(count, report.games)}")
    return "\n".join(lines) + "\n"
