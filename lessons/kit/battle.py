"""Lesson 3's battle, round by round: a trace recorded by the real `fight` through its watch
parameter, and the see-it frames drawn from it (bars per kind of ship, arrows of fire, the code).

The kit imports no engine module of lesson 3 itself (the kit is shared by every lesson): the
lesson hands in the real functions, `fight` to record with and `fire`/`take_damage` to show.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape

from cosmos.data import SHIP_KINDS
from lessons.kit.seeit import PANE_STYLE, code_pane, frame_html, line_of, svg_img

COLOURS = {"A": "#2563eb", "B": "#dc2626", "C": "#16a34a", "D": "#9333ea"}
GUN_NAMES = {-1: "fort"} | dict(enumerate(SHIP_KINDS))


@dataclass(frozen=True)
class Shot:
    """One share of damage: side `side` fires gun `gun` (a kind, -1 the fortress) at kind `kind`
    of side `target`."""

    side: int
    gun: int
    target: int
    kind: int
    damage: Fraction


@dataclass(frozen=True)
class Losses:
    """What one side took at the end of a round, and what it has left."""

    side: int
    damage: tuple[Fraction, ...]
    killed: tuple[int, ...]
    ships: tuple[int, ...]
    wounds: tuple[Fraction, ...]


@dataclass
class Round:
    """One round: every share of damage in the order fired, then each side's losses."""

    shots: list[Shot] = field(default_factory=list)
    losses: list[Losses] = field(default_factory=list)


@dataclass
class BattleTrace:
    """A whole battle as plain data, exactly as the real fight reported it to its watch."""

    system: int = -1
    empires: list[int] = field(default_factory=list)
    letters: list[str] = field(default_factory=list)
    ships: list[tuple[int, ...]] = field(default_factory=list)  # at the start
    attack: list[tuple[int, ...]] = field(default_factory=list)
    hp: list[tuple[Fraction, ...]] = field(default_factory=list)
    fort_attack: list[int] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)

    def watch(self, step: str, data: dict) -> None:
        """The observer handed to fight: notes each step it reports."""
        if step == "battle":
            self.system = data["system"]
            self.empires = list(data["empires"])
            self.ships = [tuple(s) for s in data["ships"]]
            self.attack = [tuple(a) for a in data["attack"]]
            self.hp = [tuple(h) for h in data["hp"]]
            self.fort_attack = list(data["fort_attack"])
        elif step == "shot":
            if not self.rounds or self.rounds[-1].losses:
                self.rounds.append(Round())
            self.rounds[-1].shots.append(Shot(data["side"], data["gun"], data["target"], data["kind"],
                                              data["damage"]))
        elif step == "losses":
            if not self.rounds or len(self.rounds[-1].losses) == len(self.empires):
                self.rounds.append(Round())
            self.rounds[-1].losses.append(Losses(data["side"], tuple(data["damage"]), tuple(data["killed"]),
                                                 tuple(data["ships"]), tuple(data["wounds"])))

    def ships_after(self, round_index: int) -> list[tuple[int, ...]]:
        """Every side's ships after a round (-1: before the first)."""
        if round_index < 0:
            return list(self.ships)
        return [loss.ships for loss in self.rounds[round_index].losses]

    def fired(self, round_index: int, side: int) -> list[Fraction]:
        """The damage a side dealt in a round to each kind of ship, all enemies together."""
        total = [Fraction(0)] * len(SHIP_KINDS)
        for shot in self.rounds[round_index].shots:
            if shot.side == side:
                total[shot.kind] += shot.damage
        return total


def record_battle(fight: Callable, world: object, system_id: int) -> tuple[object, BattleTrace]:
    """Run the real fight in a system with a BattleTrace watching; its report and the trace."""
    trace = BattleTrace()
    report = fight(world, system_id, watch=trace.watch)
    trace.letters = [world.empires[e].letter for e in trace.empires]  # type: ignore[attr-defined]
    return report, trace


def pane(source: object, line: int | None) -> str:
    """seeit's code pane with its indentation kept (white-space: pre), whatever that pane's style says."""
    html = code_pane(source, line)
    if "white-space" in PANE_STYLE:
        return html
    return html.replace(f'style="{PANE_STYLE}"', f'style="{PANE_STYLE};white-space:pre"', 1)


def number(value: Fraction) -> str:
    """A fraction for a picture: whole numbers as they are, others to one decimal."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


# -- the picture ---------------------------------------------------------------------------

ROW_H = 34
TOP = 40
BAR_MAX = 100
WIDTH = 600
LEFT_X = 30  # the left side's bars start 20 further, the right side's at RIGHT_X
RIGHT_X = 370
ARROW_X = (272, 335)  # where arrows leave or reach the left and the right side


def bar_rows(trace: BattleTrace, side: int) -> list[int]:
    """The rows of a side's picture: its kinds of ship that took part, then its fortress."""
    rows = [k for k in range(len(SHIP_KINDS)) if trace.ships[side][k]]
    if trace.fort_attack[side]:
        rows.append(-1)
    return rows


def battle_svg(trace: BattleTrace, ships: Sequence[Sequence[int]], ghost: Sequence[Sequence[int]],
               wounds: Sequence[Sequence[Fraction]], arrows: Sequence[tuple[int, int, int, Fraction]],
               firing: int) -> str:
    """Two sides as bars per kind (ghost: what was there before this step), arrows of fire."""
    most = max(max(s) for s in trace.ships) or 1
    rows = [bar_rows(trace, i) for i in range(2)]
    height = TOP + ROW_H * max(len(r) for r in rows) + 10
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, sans-serif" font-size="12">',
             f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
             '<defs><marker id="tip" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto" '
             'markerUnits="userSpaceOnUse">'
             '<path d="M0,0 L8,4 L0,8 z" fill="#f59e0b"/></marker></defs>']
    row_y: dict[tuple[int, int], float] = {}
    for side in range(2):
        colour = COLOURS.get(trace.letters[side], "#334155")
        x0 = LEFT_X + 20 if side == 0 else RIGHT_X
        weight = "bold" if side == firing else "normal"
        fires = " (firing)" if side == firing else ""
        parts.append(f'<text x="{x0}" y="22" fill="{colour}" font-weight="{weight}" font-size="14">'
                     f'{escape(trace.letters[side])}: {sum(ships[side])} ships{fires}</text>')
        for r, kind in enumerate(rows[side]):
            y = TOP + r * ROW_H
            row_y[(side, kind)] = y + 11
            parts.append(f'<text x="{x0 - 6}" y="{y + 15}" text-anchor="end" fill="#334155">'
                         f'{GUN_NAMES[kind]}</text>')
            if kind < 0:
                parts.append(f'<rect x="{x0}" y="{y + 3}" width="40" height="16" fill="#94a3b8"/>'
                             f'<text x="{x0 + 46}" y="{y + 15}" fill="#334155">attack '
                             f'{trace.fort_attack[side]}</text>')
                continue
            was, now = ghost[side][kind], ships[side][kind]
            parts.append(f'<rect x="{x0}" y="{y + 3}" width="{BAR_MAX * was / most:.1f}" height="16" '
                         f'fill="{colour}" fill-opacity="0.18"/>')
            parts.append(f'<rect x="{x0}" y="{y + 3}" width="{BAR_MAX * now / most:.1f}" height="16" '
                         f'fill="{colour}"/>')
            wound = wounds[side][kind]
            extra = f" wound {number(wound)}/{number(trace.hp[side][kind])}" if wound else ""
            parts.append(f'<text x="{x0 + BAR_MAX * max(was, now) / most + 6:.1f}" y="{y + 15}" '
                         f'fill="#0f172a">{now}{extra}</text>')
    totals: dict[tuple[int, int], Fraction] = {}
    for gun_side, gun, kind, damage in arrows:
        target = 1 - gun_side
        x1, x2 = ARROW_X[gun_side], ARROW_X[target]
        width = 0.8 + min(4.0, float(damage) / 6)
        parts.append(f'<line x1="{x1}" y1="{row_y[(gun_side, gun)]:.1f}" x2="{x2}" '
                     f'y2="{row_y[(target, kind)]:.1f}" stroke="#f59e0b" stroke-width="{width:.1f}" '
                     f'stroke-opacity="0.7" marker-end="url(#tip)"/>')
        totals[(target, kind)] = totals.get((target, kind), Fraction(0)) + damage
    for (target, kind), damage in sorted(totals.items()):
        x = ARROW_X[target] + (-8 if target == 1 else 8)
        side_anchor = "end" if target == 1 else "start"
        parts.append(f'<text x="{x}" y="{row_y[(target, kind)] - 7:.1f}" text-anchor="{side_anchor}" '
                     f'fill="#b45309" font-weight="bold">{number(damage)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def gun_arrows(trace: BattleTrace, round_index: int, side: int) -> list[tuple[int, int, int, Fraction]]:
    """A side's fire in a round as (side, gun, kind hit, damage), one per gun and kind hit."""
    merged: dict[tuple[int, int], Fraction] = {}
    for shot in trace.rounds[round_index].shots:
        if shot.side == side:
            merged[(shot.gun, shot.kind)] = merged.get((shot.gun, shot.kind), Fraction(0)) + shot.damage
    return [(side, gun, kind, damage) for (gun, kind), damage in sorted(merged.items())]


def battle_frames_html(trace: BattleTrace, fire: Callable, take_damage: Callable) -> list[str]:
    """The see-it frames: the start, then per round each side's fire and the losses of both."""
    if len(trace.empires) != 2:
        raise ValueError("the picture draws a battle of two sides")
    shot_line = line_of(fire, "damage[i][j] += share")
    dead_line = line_of(take_damage, "side.ships[j] -= dead")
    zero = [[Fraction(0)] * len(SHIP_KINDS) for _ in range(2)]
    frames = []
    a, b = trace.letters

    def counters(round_no: int, ships: Sequence[Sequence[int]], dealt: Sequence[Fraction]) -> list:
        return [("round", f"{round_no} of {len(trace.rounds)}"), (f"{a} ships", sum(ships[0])),
                (f"{b} ships", sum(ships[1])), (f"damage by {a}", number(dealt[0])),
                (f"damage by {b}", number(dealt[1]))]

    frames.append(frame_html(
        svg_img(battle_svg(trace, trace.ships, trace.ships, zero, [], -1), "the two fleets before the battle"),
        f"Before the battle: {a} and {b} in system {trace.system + 1}. Each bar is one kind of ship.",
        counters(0, trace.ships, [Fraction(0), Fraction(0)]), pane(fire, None)))
    wounds: list[Sequence[Fraction]] = [w for w in zero]
    for r, rnd in enumerate(trace.rounds):
        start = trace.ships_after(r - 1)
        if not rnd.shots:
            frames.append(frame_html(
                svg_img(battle_svg(trace, start, start, wounds, [], -1), f"round {r + 1}: nobody fires"),
                f"Round {r + 1}: no side has both guns and an enemy ship left, so fire_round "
                "returns False and the battle ends early.",
                counters(r + 1, start, [Fraction(0), Fraction(0)]), pane(fire, None)))
            break
        dealt = [Fraction(0), Fraction(0)]
        for side in range(2):
            arrows = gun_arrows(trace, r, side)
            dealt[side] = sum(trace.fired(r, side), Fraction(0))
            picture = battle_svg(trace, start, start, wounds, arrows, side)
            frames.append(frame_html(
                svg_img(picture, f"round {r + 1}: {trace.letters[side]} fires"),
                f"Round {r + 1}: {trace.letters[side]} fires at the ships the round began with "
                f"({number(dealt[side])} damage, split over the enemy kinds). Nothing dies yet.",
                counters(r + 1, start, dealt), pane(fire, shot_line)))
        after = trace.ships_after(r)
        wounds = [loss.wounds for loss in rnd.losses]
        killed = [sum(loss.killed) for loss in rnd.losses]
        frames.append(frame_html(
            svg_img(battle_svg(trace, after, start, wounds, [], -1), f"round {r + 1}: the losses"),
            f"Round {r + 1}, the damage lands on both sides at once: {a} loses {killed[0]}, "
            f"{b} loses {killed[1]}; what is not enough for a whole ship stays as a wound.",
            counters(r + 1, after, dealt), pane(take_damage, dead_line)))
    return frames
