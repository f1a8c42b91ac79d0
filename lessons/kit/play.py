"""The finished game in a notebook: the console Session behind a screen and a command line.

This is the one piece of courseware that reaches beyond its lesson: it plays the whole game,
so it needs the modules of lesson 6. The Session is imported only when a game starts, and
`lessons.kit` never imports this module by itself.

Saves go to a folder of the student's own (`~/.local/share/epic-cosmos/saves`, or under
$XDG_DATA_HOME), never into the course's folder, and the widget names that folder.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from graders.progress import user_data_dir

LANGUAGES = (("English", "en"), ("Español", "es"), ("Deutsch", "de"), ("Български", "bg"))
SCREEN_STYLE = ("background:#0b1020;color:#e2e8f0;padding:10px 14px;margin:0;line-height:1.3;"
                "font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:13px;"
                "width:max-content;min-width:64ch;border-radius:4px")


def clock_seed(clock: Callable[[], float] = time.time) -> int:
    """A seed from the clock, as the game in the browser takes it: whole seconds, 32 bits."""
    return int(clock()) & 0xFFFFFFFF


def saves_folder(saves_dir: str | Path | None = None, environ: dict[str, str] | None = None) -> Path:
    """Where the widget's saves go: a relative name (default "saves") is a folder in user_data_dir()."""
    folder = Path("saves" if saves_dir is None else saves_dir).expanduser()
    return folder if folder.is_absolute() else user_data_dir(environ) / folder


def screen_html(frame: str) -> str:
    """A frame of the game as a dark terminal screen."""
    return f'<pre class="cosmos-screen" style="{SCREEN_STYLE}">{escape(frame)}</pre>'


class GameWidget(widgets.VBox):
    """The real game: its screen, a command line under it, New game and the language."""

    def __init__(self, seed: int = 2026, lang: str = "en", saves_dir: str | Path | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        self.saves_dir = saves_folder(saves_dir)
        self.clock = clock
        self.screen = widgets.HTML()
        self.command = widgets.Text(
            placeholder="type a command and press Enter (help: all commands)",
            layout=widgets.Layout(width="420px"))
        self.send_button = widgets.Button(description="Send", button_style="primary",
                                          tooltip="send the line (an empty line shows the map)")
        self.new_button = widgets.Button(description="New game", icon="refresh",
                                         tooltip="a new galaxy: the seed comes from the clock")
        self.language = widgets.Dropdown(options=LANGUAGES, value=lang,
                                         layout=widgets.Layout(width="130px"))
        self.status = widgets.HTML()
        self.command.on_msg(self._on_message)
        self.send_button.on_click(lambda _button: self.submit())
        self.new_button.on_click(lambda _button: self.new_game())
        self.language.observe(lambda _change: self.switch_language(), names="value")
        controls = widgets.HBox([self.command, self.send_button, self.new_button, self.language])
        super().__init__([self.screen, controls, self.status])
        self.add_class("cosmos-play")
        self.start(seed)

    def start(self, seed: int) -> None:
        """Begin a game with this seed in the chosen language."""
        from cosmos.ui.session import Session

        self.seed = seed
        self.history: list[str] = []
        self.session = Session(seed=seed, lang=self.language.value, saves_dir=self.saves_dir)
        self.show(self.session.frame())

    def show(self, frame: str) -> None:
        """Put a frame on the screen and say where the game stands."""
        self.frame = frame
        self.screen.value = screen_html(frame)
        over = " · <b>the game is over</b>: press New game" if self.session.finished else ""
        typed = (f"you typed <code>{escape(self.history[-1]) or '(an empty line)'}</code> · "
                 if self.history else "")
        self.status.value = (f"<small>{typed}seed {self.seed} · <code>save 1</code> writes into the folder "
                             f"<code>{escape(self.saves_dir.as_posix())}/</code>{over}</small>")
        self.command.disabled = self.send_button.disabled = self.session.finished

    def submit(self, line: str | None = None) -> str:
        """Send a line (by default what is typed) to the game; return the new frame."""
        text = self.command.value if line is None else line
        self.command.value = ""
        if self.session.finished:
            return self.frame
        self.history.append(text)
        self.show(self.session.send(text))
        return self.frame

    def new_game(self) -> None:
        """A new galaxy, with a seed from the clock."""
        self.start(clock_seed(self.clock))

    def switch_language(self) -> None:
        """The same game in another language: replay what was typed in a new session."""
        lines = [line for line in self.history if not line.strip().lower().startswith("save")]
        self.start(self.seed)
        for line in lines:
            self.submit(line)

    def _on_message(self, _widget: Any, content: dict, _buffers: Any) -> None:
        """The browser says Enter was pressed in the command line."""
        if content.get("event") == "submit":
            self.submit()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus the current screen for viewers that cannot run widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self.frame
        bundle["text/html"] = screen_html(self.frame) + "<p><i>Run this cell to play.</i></p>"
        return bundle
