"""Progress of a long run (games played, submissions graded): done of total, rate and time left.

Shown on a terminal as one line redrawn in place, elsewhere as a line now and then; a notebook
passes a callback instead and gets a Tick each time. The clock here is for the eyes only: no
result ever depends on it.
"""
from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

__all__ = ["Progress", "Tick", "clock_text", "describe"]

REDRAW_SECONDS = 0.2  # a terminal line is redrawn at most this often (and at the end)
LINES = 10  # without a terminal: about this many lines over the whole run


@dataclass(frozen=True)
class Tick:
    """Where a run stands: how many are done of the total, after how many seconds."""

    done: int
    total: int
    elapsed: float
    what: str = "games"

    @property
    def rate(self) -> float:
        """Done per second so far (0 before the first is done)."""
        return self.done / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def remaining(self) -> float | None:
        """Seconds left at the rate so far (None before the first is done)."""
        if self.done >= self.total:
            return 0.0
        return (self.total - self.done) / self.rate if self.rate > 0 else None


def clock_text(seconds: float | None) -> str:
    """Seconds as m:ss (or h:mm:ss), '?' when unknown."""
    if seconds is None:
        return "?"
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def describe(tick: Tick) -> str:
    """One line: done/total, percent, rate, elapsed and time left."""
    percent = 100 * tick.done / tick.total if tick.total else 100.0
    per = f"{tick.rate:.1f} {tick.what}/s" if tick.rate >= 1 else f"{60 * tick.rate:.1f} {tick.what}/min"
    return (f"{tick.done}/{tick.total} {tick.what} ({percent:3.0f}%), {per}, "
            f"{clock_text(tick.elapsed)} elapsed, {clock_text(tick.remaining)} left")


class Progress:
    """Counts what is done; draws it on a stream (stderr by default) and/or calls a callback."""

    def __init__(self, total: int, what: str = "games", stream: TextIO | None = None,
                 callback: Callable[[Tick], None] | None = None, show: bool = True) -> None:
        self.total = total
        self.what = what
        self.done = 0
        self.stream = (stream if stream is not None else sys.stderr) if show else None
        self.callback = callback
        self.started = time.monotonic()
        self.drawn_at = -REDRAW_SECONDS
        self.lines = 0
        self.lock = threading.Lock()

    def tick(self) -> Tick:
        """Where the run stands now."""
        return Tick(self.done, self.total, time.monotonic() - self.started, self.what)

    def advance(self, count: int = 1) -> None:
        """count more are done."""
        with self.lock:
            self.done += count
            now = self.tick()
            if self.callback is not None:
                self.callback(now)
            if self.stream is not None:
                self._draw(now)

    def _draw(self, now: Tick) -> None:
        """Redraw the terminal line (throttled), or write a line at each tenth of the run."""
        last = now.done >= now.total
        assert self.stream is not None
        if self.stream.isatty():
            if last or now.elapsed - self.drawn_at >= REDRAW_SECONDS:
                self.drawn_at = now.elapsed
                self.stream.write("\r" + describe(now) + "\x1b[K" + ("\n" if last else ""))
                self.stream.flush()
            return
        step = LINES * now.done // max(now.total, 1)
        if step > self.lines or last:
            self.lines = max(step, self.lines + 1)
            self.stream.write(describe(now) + "\n")
            self.stream.flush()
