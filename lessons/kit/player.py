"""A step-through player for pre-drawn HTML frames: Play/Pause, step back and forward, a slider.

All frames live in the browser (a Stack linked to the slider and the Play timer), so the
animation plays even where no kernel runs: a saved notebook, a static HTML export. Every
control is a real button or slider: labelled, with a tooltip, reachable with Tab and pressed
with Enter or Space; on the slider the arrow keys step.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

# The Play widget's own buttons are icons only: give them words (CSS, as the widget has no label API).
STYLE = """<style>
.cosmos-stepper .widget-play { width: auto !important; }
.cosmos-stepper .widget-play button { width: auto !important; flex: 0 0 auto !important; padding: 0 10px; }
.cosmos-stepper .widget-play button:nth-of-type(1)::after { content: " Play / Pause"; }
.cosmos-stepper .widget-play button:nth-of-type(2)::after { content: " Stop"; }
</style>"""
KEYS_HINT = ("Keyboard: Tab to a control, Enter or Space presses a button; "
             "on the slider \u2190 and \u2192 step, Home and End jump to the first and last step.")


class StepPlayer(widgets.VBox):
    """Frames of HTML shown one at a time, with Play/Pause and step buttons."""

    def __init__(self, frames: Sequence[str], interval_ms: int = 700, fallback: int = -1,
                 title: str = "") -> None:
        if not frames:
            raise ValueError("a StepPlayer needs at least one frame")
        self.frames = list(frames)
        self.fallback = fallback
        self.title = title
        last = len(self.frames) - 1
        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms,
                                 show_repeat=False, layout=widgets.Layout(width="auto"),  # no description: the
                                 # tooltip then lands on the Play/Pause and Stop buttons' own box (ipywidgets' rule)
                                 tooltip="Play the steps one after another; pause, or stop to go back to the start")
        self.back = widgets.Button(description="Back", icon="step-backward",
                                   tooltip="One step back", layout=widgets.Layout(width="auto"))
        self.forward = widgets.Button(description="Forward", icon="step-forward",
                                      tooltip="One step forward", layout=widgets.Layout(width="auto"))
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, readout=False,
                                        description="Step", continuous_update=True,
                                        tooltip=f"Drag, or use the arrow keys: {len(self.frames)} steps",
                                        layout=widgets.Layout(width="320px"))
        self.position = widgets.HTML(self.where(0))
        self.stack = widgets.Stack([widgets.HTML(frame) for frame in self.frames], selected_index=0)
        self.links = (widgets.jslink((self.play, "value"), (self.slider, "value")),
                      widgets.jslink((self.slider, "value"), (self.stack, "selected_index")))
        self.back.on_click(lambda _button: self.step(-1))
        self.forward.on_click(lambda _button: self.step(+1))
        self.slider.observe(lambda change: setattr(self.position, "value", self.where(change["new"])),
                            names="value")
        controls = widgets.HBox([self.play, self.back, self.forward, self.slider, self.position],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        hint = widgets.HTML(f'{STYLE}<span style="font-size:11px;color:#64748b">{escape(KEYS_HINT)}</span>')
        super().__init__([controls, hint, self.stack])
        self.add_class("cosmos-stepper")

    def where(self, index: int) -> str:
        """The position as the player reads it: step 3 of 40."""
        return f'<span class="cosmos-position">step <b>{index + 1}</b> of {len(self.frames)}</span>'

    @property
    def index(self) -> int:
        """The frame on screen."""
        return self.slider.value

    def step(self, delta: int) -> None:
        """Go delta frames forward (or back), staying within the frames."""
        self.slider.value = min(max(self.slider.value + delta, 0), len(self.frames) - 1)
        self.play.value = self.slider.value

    def static_html(self) -> str:
        """What a viewer without widgets shows: one frame, and a word on the others."""
        shown = self.fallback % len(self.frames)
        note = (f"<p><i>Step {shown + 1} of {len(self.frames)} of the animation"
                f"{': ' + escape(self.title) if self.title else ''}. "
                "Run the notebook to play all of them.</i></p>")
        return note + self.frames[self.fallback]

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus one frame as plain HTML for viewers that cannot run widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = f"StepPlayer: {len(self.frames)} frames (run the notebook to play)"
        bundle["text/html"] = self.static_html()
        return bundle
