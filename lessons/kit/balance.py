"""Balance by simulation, for lesson 6: games as plain rows, tallies, confidence bands and SVG bar charts.

A row is one AI-only game as the real simulation played it: [the characters by seat as
initials ("bwbs"), the winning seat, the kind of victory, the turns]. The lesson's thousands
of games are rows stored in lessons/data/balance.json by lessons/data/make_balance.py.
"""
from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from html import escape
from importlib import resources
from pathlib import Path
from types import ModuleType

from cosmos.data import PERSONALITIES
from cosmos.simulate import KINDS, SEATS, GameResult, run_simulation

DATA_FILE = Path(str(resources.files("lessons.data") / "balance.json"))  # package data of the wheel, too
NAMES = tuple(sorted(PERSONALITIES))  # builder, scholar, warlord
INITIAL = {name: name[0] for name in NAMES}
OF_INITIAL = {name[0]: name for name in NAMES}
Z95 = 1.96  # a 95 % band


def row_of(result: GameResult) -> list:
    """One game as a plain row: characters as initials, winning seat, kind, turns."""
    return ["".join(INITIAL[name] for name in result.characters), result.winner, result.kind, result.turns]


def simulate_rows(n: int, rotate: bool = True, jobs: int | None = None) -> list[list]:
    """The rows of games 0..n-1, played by the real simulation (in index order)."""
    rows: list[list] = []
    run_simulation(n, jobs=jobs, rotate=rotate, on_game=lambda result, _report: rows.append(row_of(result)))
    return rows


def load_balance(path: Path = DATA_FILE) -> dict:
    """The stored thousands of games: {"games": n, "rotated": rows, "fixed": rows, ...}."""
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass
class Tally:
    """Counts over rows: wins and empires per character, wins and games per seat, kinds, lengths."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {name: 0 for name in NAMES})
    empires: dict[str, int] = field(default_factory=lambda: {name: 0 for name in NAMES})
    present: dict[str, int] = field(default_factory=lambda: {name: 0 for name in NAMES})
    fair: dict[str, float] = field(default_factory=lambda: {name: 0.0 for name in NAMES})
    seat_wins: list[int] = field(default_factory=lambda: [0] * SEATS)
    seat_games: list[int] = field(default_factory=lambda: [0] * SEATS)
    kinds: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in KINDS})
    turns: list[int] = field(default_factory=list)

    def add(self, row: Sequence) -> None:
        """Count one game's row in."""
        initials, winner, kind, turns = row
        characters = [OF_INITIAL[letter] for letter in initials]
        self.games += 1
        self.wins[characters[winner]] += 1
        self.seat_wins[winner] += 1
        self.kinds[kind] += 1
        self.turns.append(turns)
        for seat, name in enumerate(characters):
            self.empires[name] += 1
            self.seat_games[seat] += 1
        for name in NAMES:
            if name in characters:
                self.present[name] += 1
                self.fair[name] += characters.count(name) / len(characters)


def tally(rows: Sequence[Sequence]) -> Tally:
    """The tally of many rows."""
    counts = Tally()
    for row in rows:
        counts.add(row)
    return counts


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson band of a share wins/n: where the true share lies, 19 times in 20."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Bar:
    """One bar of a chart: a label, a share (0 to 1), its band, and an optional mark (the fair share)."""

    label: str
    share: float
    low: float
    high: float
    mark: float | None = None
    note: str = ""


COLOURS = ("#2563eb", "#16a34a", "#dc2626", "#9333ea", "#ea580c")


def bars_svg(title: str, bars: Sequence[Bar], top: float = 0.6, width: int = 420) -> str:
    """Horizontal bars with their 95 % band (a black whisker) and the mark (a dashed line)."""
    left, bar_h, gap = 110, 18, 10
    height = 34 + len(bars) * (bar_h + gap) + 18
    scale = (width - left - 60) / top
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="8" y="18" font-weight="bold">{escape(title)}</text>']
    for tick in range(0, int(round(top * 100)) + 1, 10 if top <= 0.7 else 20):
        x = left + tick / 100 * scale
        parts.append(f'<line x1="{x:.1f}" y1="28" x2="{x:.1f}" y2="{height - 16}" stroke="#e2e8f0"/>')
        parts.append(f'<text x="{x:.1f}" y="{height - 4}" text-anchor="middle" fill="#64748b">{tick}%</text>')
    for i, bar in enumerate(bars):
        y = 32 + i * (bar_h + gap)
        colour = COLOURS[i % len(COLOURS)]
        parts.append(f'<text x="{left - 6}" y="{y + 13}" text-anchor="end">{escape(bar.label)}</text>')
        parts.append(f'<rect x="{left}" y="{y}" width="{min(bar.share, top) * scale:.1f}" height="{bar_h}" '
                     f'fill="{colour}" opacity="0.75"/>')
        lo, hi = left + min(bar.low, top) * scale, left + min(bar.high, top) * scale
        mid = y + bar_h / 2
        parts.append(f'<line x1="{lo:.1f}" y1="{mid}" x2="{hi:.1f}" y2="{mid}" stroke="black" stroke-width="1.5"/>')
        for x in (lo, hi):
            parts.append(f'<line x1="{x:.1f}" y1="{y + 4}" x2="{x:.1f}" y2="{y + bar_h - 4}" stroke="black"/>')
        if bar.mark is not None:
            x = left + min(bar.mark, top) * scale
            parts.append(f'<line x1="{x:.1f}" y1="{y - 3}" x2="{x:.1f}" y2="{y + bar_h + 3}" stroke="#0f172a" '
                         'stroke-dasharray="3,2" stroke-width="1.5"/>')
        text = f"{100 * bar.share:.1f}%" + (f" {bar.note}" if bar.note else "")
        right = max(bar.high, bar.mark if bar.mark is not None else 0.0)  # the label clears whisker and mark
        parts.append(f'<text x="{left + min(right, top) * scale + 6:.1f}" y="{y + 13}">{escape(text)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def character_bars(counts: Tally) -> list[Bar]:
    """Per character: share of all games won, its band, and the fair share as the mark."""
    return [Bar(name, counts.wins[name] / max(counts.games, 1), *wilson(counts.wins[name], counts.games),
                mark=counts.fair[name] / max(counts.games, 1)) for name in NAMES]


def seat_bars(counts: Tally) -> list[Bar]:
    """Per seat: share of the games with that seat that it won, with its band."""
    return [Bar(f"seat {seat + 1}", counts.seat_wins[seat] / max(counts.seat_games[seat], 1),
                *wilson(counts.seat_wins[seat], counts.seat_games[seat]), note=f"of {counts.seat_games[seat]}")
            for seat in range(SEATS)]


def kind_bars(counts: Tally) -> list[Bar]:
    """Per kind of victory: share of all games, with its band."""
    return [Bar(kind, counts.kinds[kind] / max(counts.games, 1), *wilson(counts.kinds[kind], counts.games))
            for kind in KINDS]


def histogram_svg(title: str, turns: Sequence[int], bucket: int = 10, last: int = 150, width: int = 420) -> str:
    """How long the games lasted: one column per `bucket` turns."""
    columns = [0] * (last // bucket + 1)
    for value in turns:
        columns[min(value, last) // bucket] += 1
    height, base, left = 170, 140, 30
    peak = max(columns) or 1
    step = (width - left - 10) / len(columns)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="8" y="16" font-weight="bold" font-size="12">{escape(title)}</text>',
             f'<line x1="{left}" y1="{base}" x2="{width - 10}" y2="{base}" stroke="#64748b"/>']
    for i, count in enumerate(columns):
        h = count / peak * (base - 30)
        x = left + i * step
        parts.append(f'<rect x="{x + 1:.1f}" y="{base - h:.1f}" width="{step - 2:.1f}" height="{h:.1f}" '
                     'fill="#2563eb" opacity="0.75"/>')
        if i % 3 == 0:
            parts.append(f'<text x="{x:.1f}" y="{base + 14}" fill="#64748b">{i * bucket}</text>')
    parts.append(f'<text x="{width - 10}" y="{base + 26}" text-anchor="end" fill="#64748b">turns</text>')
    parts.append("</svg>")
    return "".join(parts)


@contextmanager
def tuned(module: ModuleType, name: str, value: object) -> Iterator[None]:
    """Change one number of a module for the length of a `with` block, and put it back after."""
    old = getattr(module, name)
    setattr(module, name, value)
    try:
        yield
    finally:
        setattr(module, name, old)
