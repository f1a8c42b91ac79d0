"""The balance simulation: N AI-only games on every core; the report does not depend on cores.

A character is not a seat: in the galaxy's own line-up seat 1 is always a Builder, so a Builder
plays every game. By default the simulation rotates the characters across the seats (seat s of
game i is played by CHARACTERS[(i + s) % 3]) and reports wins per character and per seat.

The games are cut into batches of consecutive seeds; a batch is the unit of work of a pool of
processes here or of a cluster (cosmos.cluster), and the results are counted in seed order.
"""
from __future__ import annotations

import functools
import os
import textwrap
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from cosmos.data import EMPIRE_DEFS, MAX_TURNS, PERSONALITIES, VICTORY_KINDS
from cosmos.game import play_turn
from cosmos.text import Texts
from cosmos.world import new_world

__all__ = [
    "CHARACTERS",
    "BatchPlayer",
    "GameResult",
    "Played",
    "Report",
    "batches",
    "format_report",
    "lineup_of_game",
    "play_batch",
    "play_game",
    "play_here",
    "run_simulation",
    "seed_of_game",
]

FIRST_SEED = 1  # game i of a simulation plays the galaxy of seed FIRST_SEED + i
# how an AI-only game can end ("defeat" needs a human player); "score" is the end of time
KINDS = tuple(kind for kind in VICTORY_KINDS if kind != "defeat")
CHARACTERS = tuple(PERSONALITIES)  # the order of the rotation
SEATS = len(EMPIRE_DEFS)  # a galaxy has 3 or 4 empires; seat s is the empire with id s
SIZES = (3, 4)  # the numbers of empires a galaxy can have
GLUE = "\x00"  # holds the words of a report's cell together while its line is wrapped
CHUNK = 4  # games handed to a worker at a time: small, so both cores stay busy to the end


@dataclass(frozen=True)
class GameResult:
    """How one AI-only game ended: index, seed, winning seat, its character, kind, turns, line-up."""

    index: int
    seed: int
    winner: int
    character: str
    kind: str
    turns: int
    characters: tuple[str, ...]  # the character of each seat, by empire id


def _per_character() -> dict[str, int]:
    """A zero for every character."""
    return {name: 0 for name in PERSONALITIES}


def _per_seat() -> dict[str, list[int]]:
    """A zero for every character in every seat."""
    return {name: [0] * SEATS for name in PERSONALITIES}


@dataclass
class Report:
    """The balance over many games: wins per character, per seat and per victory kind, game lengths."""

    games: int = 0
    rotated: bool = True
    total_turns: int = 0
    shortest: int = 0
    longest: int = 0
    wins_by_character: dict[str, int] = field(default_factory=_per_character)
    games_with_character: dict[str, int] = field(default_factory=_per_character)  # present at all
    empires_of_character: dict[str, int] = field(default_factory=_per_character)  # seats it took
    fair_wins: dict[str, float] = field(  # its wins if every empire of a game had the same chance
        default_factory=lambda: {name: 0.0 for name in PERSONALITIES})
    seat_games: dict[str, list[int]] = field(default_factory=_per_seat)  # [character][seat]
    seat_wins: dict[str, list[int]] = field(default_factory=_per_seat)
    wins_by_kind: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in KINDS})
    games_of_size: dict[int, int] = field(default_factory=lambda: {size: 0 for size in SIZES})
    turns_of_size: dict[int, int] = field(default_factory=lambda: {size: 0 for size in SIZES})
    size_wins: dict[int, dict[str, int]] = field(  # [empires in the game][character]
        default_factory=lambda: {size: _per_character() for size in SIZES})
    size_kinds: dict[int, dict[str, int]] = field(  # [empires in the game][victory kind]
        default_factory=lambda: {size: {kind: 0 for kind in KINDS} for size in SIZES})

    def add(self, result: GameResult) -> None:
        """Count one game in (results must be added in index order for the report to be fixed)."""
        self.games += 1
        self.total_turns += result.turns
        self.shortest = result.turns if self.games == 1 else min(self.shortest, result.turns)
        self.longest = max(self.longest, result.turns)
        self.wins_by_character[result.character] += 1
        self.seat_wins[result.character][result.winner] += 1
        self.wins_by_kind[result.kind] += 1
        size = len(result.characters)
        self.games_of_size[size] += 1
        self.turns_of_size[size] += result.turns
        self.size_wins[size][result.character] += 1
        self.size_kinds[size][result.kind] += 1
        for seat, name in enumerate(result.characters):
            self.empires_of_character[name] += 1
            self.seat_games[name][seat] += 1
        for name in PERSONALITIES:
            count = result.characters.count(name)
            if count:
                self.games_with_character[name] += 1
                self.fair_wins[name] += count / len(result.characters)

    @property
    def average_turns(self) -> float:
        """The average length of a game in turns."""
        return self.total_turns / self.games if self.games else 0.0

    def games_with_seat(self, seat: int) -> int:
        """How many games had an empire in this seat (seat 3 only in galaxies of four)."""
        return sum(counts[seat] for counts in self.seat_games.values())

    def wins_of_seat(self, seat: int) -> int:
        """How many games the empire in this seat won, whatever its character."""
        return sum(counts[seat] for counts in self.seat_wins.values())


def seed_of_game(index: int) -> int:
    """The seed of game number index: fixed, so any core can play any game."""
    return FIRST_SEED + index


def lineup_of_game(index: int, rotate: bool = True) -> list[str] | None:
    """The character of each seat in game index: rotated by the index, or None (the galaxy's own)."""
    if not rotate:
        return None
    return [CHARACTERS[(index + seat) % len(CHARACTERS)] for seat in range(SEATS)]


def play_game(index: int, rotate: bool = True) -> GameResult:
    """Play one AI-only game to its end and say how it ended and who sat where."""
    seed = seed_of_game(index)
    world = new_world(seed, human=False, personalities=lineup_of_game(index, rotate), quiet=True)
    while world.victory is None:
        play_turn(world)
    victory = world.victory
    characters = tuple(empire.personality for empire in world.empires)
    turns = min(world.turn, MAX_TURNS)
    return GameResult(index, seed, victory.winner, characters[victory.winner], victory.kind, turns,
                      characters)


Played = list[GameResult]  # the results of one batch, in index order


def play_batch(games: range, rotate: bool = True) -> Played:
    """Play a batch of games in index order: the unit of work a pool or a cluster hands out."""
    return [play_game(index, rotate) for index in games]


def batches(n: int, size: int = CHUNK) -> list[range]:
    """Games 0..n-1 cut into batches of `size` consecutive indices (the last may be shorter)."""
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"a batch holds at least 1 game, not {size!r}")
    return [range(first, min(first + size, n)) for first in range(0, n, size)]


# player(play, batches) calls play(batch) for every batch (anywhere: here, in a pool, on a cluster)
# and gives each batch's results back in the order of the batches
BatchPlayer = Callable[[Callable[[range], Played], list[range]], Iterable[Played]]


def play_here(jobs: int, on_done: Callable[[int], None] | None = None) -> BatchPlayer:
    """A BatchPlayer on this machine: this process, or a pool of `jobs` processes; on_done(games) per batch."""

    def play(batch_of: Callable[[range], Played], todo: list[range]) -> Iterator[Played]:
        for batch in _play_here(batch_of, todo):
            if on_done is not None:
                on_done(len(batch))
            yield batch

    def _play_here(batch_of: Callable[[range], Played], todo: list[range]) -> Iterator[Played]:
        if jobs <= 1 or len(todo) <= 1:
            yield from map(batch_of, todo)
            return
        import multiprocessing

        # fork where there is one: workers start at once and need no `if __name__ == "__main__"`
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        with context.Pool(processes=min(jobs, len(todo))) as pool:
            # imap keeps the order of the batches whatever worker finishes first
            yield from pool.imap(batch_of, todo)

    return play


def _results(n: int, player: BatchPlayer, size: int, rotate: bool) -> Iterator[GameResult]:
    """The results of games 0..n-1 in index order, whoever played the batches."""
    todo = batches(n, size)
    expected = iter(range(n))
    for batch in player(functools.partial(play_batch, rotate=rotate), todo):
        for result in batch:
            if result.index != next(expected, None):
                raise RuntimeError(f"game {result.index} came back out of order")
            yield result
    if next(expected, None) is not None:
        raise RuntimeError("some games never came back")


def run_simulation(n: int, jobs: int | None = None, rotate: bool = True,
                   on_game: Callable[[GameResult, Report], None] | None = None,
                   player: BatchPlayer | None = None, batch_size: int = CHUNK) -> Report:
    """Play n AI-only games (on `jobs` processes, all cores by default) and sum up the balance.

    rotate=False keeps each galaxy's own characters (a Builder in seat 0 of every game);
    on_game(result, report) is called after each game is counted, in index order;
    player plays the batches elsewhere (e.g. cosmos.cluster.play_on_cluster): the report is the same.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"the number of games must be a whole number from 0, not {n!r}")
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"the number of processes must be at least 1, not {jobs!r}")
    report = Report(rotated=rotate)
    for result in _results(n, player or play_here(workers), batch_size, rotate):
        report.add(result)
        if on_game is not None:
            on_game(result, report)
    return report


def _decimal(texts: Texts, value: float, width: int) -> str:
    """A number with one decimal, written with the language's decimal mark ("92.3", "92,3")."""
    return f"{value:{width}.1f}".replace(".", texts("number_decimal"))


def _percent(texts: Texts, part: float, whole: float) -> str:
    """A share as a percentage with one decimal, as the language writes it ("66.7%", "66,7 %")."""
    return texts("number_percent", value=_decimal(texts, 100 * part / whole, 5)) if whole else "    -"


def _wrapped(text: str, width: int) -> list[str]:
    """A heading cut at spaces into lines of at most width characters (the lines after it indented)."""
    return textwrap.wrap(text, width, subsequent_indent="  ", break_long_words=False) or [text]


def _by_size(report: Report, texts: Texts, width: int) -> list[str]:
    """The results split by the number of empires: games, length, wins per character and per kind."""
    lines = _wrapped(texts("sim_sizes"), width)
    for size in SIZES:
        games = report.games_of_size[size]
        average = report.turns_of_size[size] / games if games else 0.0
        lines.append("  " + texts("sim_size", empires=size, games=games, average=_decimal(texts, average, 0)))
        rows = ([(f"sim_character_{name}", report.size_wins[size][name]) for name in sorted(report.size_wins[size])],
                [(f"sim_kind_{kind}", report.size_kinds[size][kind]) for kind in KINDS])
        for row in rows:
            cells = [f"{texts(key)} {count} ({_percent(texts, count, games).strip()})".replace(" ", GLUE)
                     for key, count in row]  # a cell is never cut across lines
            lines.extend(line.replace(GLUE, " ") for line in textwrap.wrap(
                "; ".join(cells), width, initial_indent="    ", subsequent_indent="    ", break_long_words=False))
    return lines


def format_report(report: Report, texts: Texts | None = None, screen: int = 100) -> str:
    """The report as plain text, one figure a line, in a fixed order (English unless texts);
    headings wrap at the screen's width."""
    texts = texts or Texts("en")
    screen = max(40, screen)
    lines = [*_wrapped(texts("sim_title", games=report.games), screen),
             *_wrapped(texts("sim_rotated" if report.rotated else "sim_fixed"), screen),
             *_wrapped(texts("sim_length", average=_decimal(texts, report.average_turns, 0),
                             shortest=report.shortest, longest=report.longest), screen),
             *_wrapped(texts("sim_characters"), screen)]
    names = {name: texts(f"sim_character_{name}") for name in report.wins_by_character}
    width = max(8, *(len(name) for name in names.values()))
    for name in sorted(report.wins_by_character):
        wins = report.wins_by_character[name]
        empires = report.empires_of_character[name]
        lines.append(f"  {names[name]:<{width}} {wins:5d}  {_percent(texts, wins, report.games)}  "
                     + texts("sim_present", rate=_percent(texts, wins, empires), present=f"{empires:<5d}")
                     + "  " + texts("sim_fair", fair=_decimal(texts, report.fair_wins[name], 7)))
    lines.extend(_wrapped(texts("sim_seats"), screen))
    seats = [texts("sim_seat", seat=seat + 1) for seat in range(SEATS)]
    seat_width = max(len(seat) for seat in seats)
    for seat in range(SEATS):
        wins, games = report.wins_of_seat(seat), report.games_with_seat(seat)
        lines.append(f"  {seats[seat]:<{seat_width}}   {wins:5d}  "
                     + texts("sim_present", rate=_percent(texts, wins, games), present=games))
    lines.extend(_wrapped(texts("sim_kinds"), screen))
    kinds = {kind: texts(f"sim_kind_{kind}") for kind in KINDS}
    kind_width = max(8, *(len(kind) for kind in kinds.values()))
    for kind in KINDS:
        count = report.wins_by_kind[kind]
        lines.append(f"  {kinds[kind]:<{kind_width}} {count:5d}  {_percent(texts, count, report.games)}")
    lines.extend(_by_size(report, texts, screen))
    return "\n".join(lines) + "\n"
