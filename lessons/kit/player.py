"""A step-through player for pre-drawn HTML frames: Play/Pause, step back and forward, a slider.

All frames live in the browser (a Stack linked to the slider and the Play timer), so the
animation plays even where no kernel runs: a saved notebook, a static HTML export.
"""
from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets


class StepPlayer(widgets.VBox):
    """Frames of HTML shown one at a time, with Play/Pause and step buttons."""

    def __init__(self, frames: Sequence[str], interval_ms: int = 700, fallback: int = -1) -> None:
        if not frames:
            raise ValueError("a StepPlayer needs at least one frame")
        self.frames = list(frames)
        self.fallback = fallback
        last = len(self.frames) - 1
        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms,
                                 description="Play", show_repeat=False)
        self.slider = widgets.IntSlider(value=0, min=0, max=last, step=1, readout=False,
                                        description="step", layout=widgets.Layout(width="320px"))
        self.back = widgets.Button(description="step back", icon="step-backward",
                                   layout=widgets.Layout(width="120px"))
        self.forward = widgets.Button(description="step forward", icon="step-forward",
                                      layout=widgets.Layout(width="130px"))
        self.stack = widgets.Stack([widgets.HTML(frame) for frame in self.frames], selected_index=0)
        self.links = (widgets.jslink((self.play, "value"), (self.slider, "value")),
                      widgets.jslink((self.slider, "value"), (self.stack, "selected_index")))
        self.back.on_click(lambda _button: self.step(-1))
        self.forward.on_click(lambda _button: self.step(+1))
        controls = widgets.HBox([self.play, self.back, self.forward, self.slider])
        super().__init__([controls, self.stack])
        self.add_class("cosmos-stepper")

    @property
    def index(self) -> int:
        """The frame on screen."""
        return self.slider.value

    def step(self, delta: int) -> None:
        """Go delta frames forward (or back), staying within the frames."""
        self.slider.value = min(max(self.slider.value + delta, 0), len(self.frames) - 1)
        self.play.value = self.slider.value

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus one frame as plain HTML for viewers that cannot run widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = f"StepPlayer: {len(self.frames)} frames (run the notebook to play)"
        bundle["text/html"] = self.frames[self.fallback]
        return bundle
