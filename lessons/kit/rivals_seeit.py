"""See it, lesson 4: a rival's ranked options turn by turn, as plain data and as bar-chart frames.

The kit imports no engine module beyond lesson 1: the lesson hands it the real AI's plans
(`cosmos.rivals.plan`), and this module only copies them into plain data and draws them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from lessons.kit.player import StepPlayer
from lessons.kit.seeit import frame_html, svg_img

RESOURCES = ("M", "G", "C", "U")
ROW_H = 22
LABEL_W = 120
BAR_W = 300
CHOSEN = "#16a34a"
SKIPPED = "#cbd5e1"
SAVING = "#f59e0b"
MAX_ROWS = 12
CHAR_W = 7.3  # the width of one character of the 12-pixel monospace font, a little generous
CHART_TITLE = "utility (benefit per price), best first; green: chosen, amber: saved for, grey: not chosen"


def plan_data(plan: Any) -> dict:
    """A rival's Plan as plain data: its budget, its first orders, every option and what was taken."""
    taken = {id(option) for option in plan.taken}
    return {
        "turn": plan.view.world.turn,
        "character": plan.view.character.key,
        "limit": plan.limit,
        "budget": list(plan.budget),
        "spent": list(plan.spent),
        "first": [command.to_text() for command in plan.first],
        "options": [{"text": o.command.to_text(), "kind": type(o.command).__name__,
                     "utility": round(o.utility, 2), "cost": list(o.cost), "chosen": id(o) in taken}
                    for o in plan.ranked],
        "chosen": [command.to_text() for command in plan.chosen],
        "saving": plan.saving.command.to_text() if plan.saving else None,  # the option it saves up for
        "kept": list(plan.kept),  # the stock kept back for it
    }


def record_turns(turns: int, characters: Sequence[str], plan_of: Callable[[str], Any],
                 advance: Callable[[], None]) -> list[dict[str, dict]]:
    """For each of turns turns: every character's plan of the same view (plan_of), then advance."""
    trace = []
    for _ in range(turns):
        trace.append({key: plan_data(plan_of(key)) for key in characters})
        advance()
    return trace


def chart_svg(step: dict) -> str:
    """The step's options as a ranked bar chart: chosen ones green, the rest grey."""
    rows = step["options"][:MAX_ROWS]
    top = max([o["utility"] for o in rows] + [1.0])
    height = ROW_H * max(1, len(rows)) + 30
    body = []
    right = 4 + CHAR_W * len(CHART_TITLE)  # the picture is as wide as its widest text
    for i, option in enumerate(rows):
        y = 24 + i * ROW_H
        width = max(1.0, BAR_W * option["utility"] / top)
        fill = CHOSEN if option["chosen"] else SAVING if option["text"] == step.get("saving") else SKIPPED
        body.append(f'<text x="4" y="{y + 14}" fill="#0f172a">{escape(option["text"])}</text>')
        body.append(f'<rect x="{LABEL_W}" y="{y + 3}" width="{width:.1f}" height="{ROW_H - 6}" fill="{fill}"/>')
        cost = budget_text(option["cost"]) if any(option["cost"]) else "free"
        label = f'{option["utility"]:.2f} cost {cost}'
        body.append(f'<text x="{LABEL_W + width + 4:.1f}" y="{y + 14}" fill="#0f172a">{option["utility"]:.2f}'
                    f'<tspan fill="#64748b"> cost {cost}</tspan></text>')
        right = max(right, LABEL_W + width + 4 + CHAR_W * len(label))
    if not rows:
        body.append('<text x="4" y="38" fill="#64748b">no options this turn</text>')
    return "".join([f'<svg xmlns="http://www.w3.org/2000/svg" width="{right + 8:.0f}" height="{height}" '
                    'font-family="monospace" font-size="12">',
                    '<rect width="100%" height="100%" fill="#ffffff"/>',
                    f'<text x="4" y="14" fill="#334155">{CHART_TITLE}</text>', *body, "</svg>"])


def budget_text(values: Sequence[int]) -> str:
    """A cost or a stock as M30 G20 C10 U0."""
    return " ".join(f"{r}{v}" for r, v in zip(RESOURCES, values, strict=True))


def frame_of(step: dict, code: str) -> str:
    """One turn of one character as a see-it frame."""
    chosen = [o for o in step["options"] if o["chosen"]]
    caption = (f"Turn {step['turn']}, as a {step['character']}: first {', '.join(step['first']) or 'nothing'}; "
               f"then {', '.join(o['text'] for o in chosen) or 'no option it can pay for'}"
               + (f"; saving up for {step['saving']}." if step.get("saving") else "."))
    counters = [("turn", step["turn"]), ("options", len(step["options"])),
                ("orders", f"{len(step['chosen'])} of {step['limit']}"),
                ("budget", budget_text(step["budget"])), ("spent", budget_text(step["spent"])),
                ("kept", budget_text(step.get("kept", [0] * len(RESOURCES))))]
    picture = svg_img(chart_svg(step), f"ranked options of turn {step['turn']}")
    return frame_html(picture, caption, counters, f'<div style="white-space:pre">{code}</div>')  # keep indentation


class CharacterToggle(widgets.VBox):
    """Buttons that switch between one StepPlayer per character, all on the same step (linked in the browser)."""

    def __init__(self, players: dict[str, StepPlayer], fallback: str) -> None:
        self.players = players
        self.fallback = fallback
        self.buttons = widgets.ToggleButtons(options=list(players), description="character",
                                             tooltips=[f"score the same views as a {key}" for key in players])
        self.stack = widgets.Stack(list(players.values()), selected_index=0)
        self.link = widgets.jslink((self.buttons, "index"), (self.stack, "selected_index"))
        # one step for all: switching the character keeps the turn on screen (linked in the browser too)
        first, *others = players.values()
        self.step_links = [widgets.jslink((first.slider, "value"), (other.slider, "value")) for other in others]
        super().__init__([self.buttons, self.stack])
        self.add_class("cosmos-toggle")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        """The widget, plus the first character's last frame as plain HTML."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = f"CharacterToggle: {', '.join(self.players)} (run the notebook to play)"
        bundle["text/html"] = self.fallback
        return bundle


def character_toggle(trace: list[dict[str, dict]], code_for: Callable[[dict], str]) -> CharacterToggle:
    """A StepPlayer per character of the trace, the first character's first; buttons switch."""
    players, fallback = {}, ""
    for key in trace[0]:
        frames = [frame_of(turn[key], code_for(turn[key])) for turn in trace]
        players[key] = StepPlayer(frames, interval_ms=1200, fallback=0)
        fallback = fallback or frames[0]
    return CharacterToggle(players, fallback)
