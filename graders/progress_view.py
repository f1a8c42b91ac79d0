"""What the student sees of their progress: a lesson's overview cell and the whole course's list, with reset."""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from graders import progress as store
from graders.progress import Tracker, course_lessons, course_lines, lesson_counts, progress_path, still_to_do
from graders.text import Words


def kept_in(path: Path) -> str:
    """Where the progress is kept, as HTML: the file's path in monospace, or the browser's storage in words."""
    return escape(store.where(path)) if store.in_browser_storage(path) else f"<code>{escape(path.as_posix())}</code>"


class Overview(widgets.VBox):
    """A lesson's first cell: its parts done, where they are kept, and a button that forgets them."""

    def __init__(self, lesson: str, tracker: Tracker | None = None, lang: str = "en") -> None:
        self.lesson = lesson
        self.tracker = tracker = tracker or store.TRACKER
        self.say = say = Words(lang)  # a lesson's language, checked before the lesson is opened in it
        tracker.open_lesson(lesson, lang)
        self.summary = widgets.HTML()
        self.summary.add_class("cosmos-progress")
        self.reset_button = widgets.Button(description=say("reset_lesson"), icon="trash",
                                           tooltip=say("reset_lesson_tip"),
                                           layout=widgets.Layout(width="auto"))  # never cut its label short
        self.armed = False
        self.reset_button.on_click(lambda _b: self.press_reset())
        super().__init__([self.summary, self.reset_button])
        self.add_class("cosmos-overview")
        tracker.listeners.append(self.redraw)
        self.redraw()

    def counts(self) -> tuple[int, int, int, int]:
        """(right, tried, known, hints) for this lesson now."""
        record = self.tracker.read()["lessons"].get(self.lesson, {})
        right, tried, known = lesson_counts(record, self.tracker.parts)
        hints = sum(int(p.get("hints", 0)) for p in record.get("parts", {}).values())
        return right, tried, known, hints

    def redraw(self) -> None:
        """Write the counts anew (the tracker calls this after every change)."""
        right, tried, known, hints = self.counts()
        notice = (f'<div style="color:#b45309">{escape(self.tracker.notice)}</div>'
                  if self.tracker.notice else "")
        record = self.tracker.read()["lessons"].get(self.lesson, {})
        left = still_to_do(record, self.tracker.parts)
        todo = (f'<div class="cosmos-todo">{escape(self.say("still_to_do", parts="; ".join(left)))}</div>'
                if left else "")
        self.summary.value = notice + self.say("progress_lesson", right=right, known=known, tried=tried, hints=hints,
                                               where=kept_in(progress_path())) + todo

    def press_reset(self) -> None:
        """First press: ask again; second press: forget this lesson's progress."""
        if not self.armed:
            self.armed = True
            self.reset_button.description = self.say("press_again")
            self.reset_button.button_style = "danger"
            return
        self.armed = False
        self.reset_button.description = self.say("reset_lesson")
        self.reset_button.button_style = ""
        self.tracker.reset(self.lesson)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus a sentence (the same for every student) for viewers that cannot run it."""
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self.say("progress_later")
        bundle["text/html"] = self.say("progress_static")
        return bundle


class CourseProgress(widgets.VBox):
    """Every lesson's parts done and every exercise's last self-check, with a button that forgets them all."""

    def __init__(self, tracker: Tracker | None = None) -> None:
        self.tracker = tracker or store.TRACKER
        self.say = say = Words(self.tracker.lang)
        self.listing = widgets.HTML()
        self.reset_button = widgets.Button(description=say("reset_course"), icon="trash",
                                           tooltip=say("reset_course_tip"),
                                           layout=widgets.Layout(width="auto"))  # never cut its label short
        self.armed = False
        self.reset_button.on_click(lambda _b: self.press_reset())
        super().__init__([self.listing, self.reset_button])
        self.redraw()

    def lines(self) -> list[str]:
        """The course's progress as lines of text."""
        return course_lines(self.tracker.read(), course_lessons(), self.tracker.lang)

    def redraw(self) -> None:
        """Write the list anew."""
        rows = "".join(f"<li>{escape(line)}</li>" for line in self.lines())
        self.listing.value = f"<b>{escape(self.say('course_title'))}</b><ul>{rows}</ul>"

    def press_reset(self) -> None:
        """First press: ask again; second press: forget everything."""
        self.armed = not self.armed
        self.reset_button.description = self.say("press_again_all" if self.armed else "reset_course")
        if not self.armed:
            self.tracker.reset()
            self.redraw()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = "\n".join(self.lines())
        bundle["text/html"] = self.say("course_later")
        return bundle


def overview(lesson: str, lang: str = "en") -> Overview:
    """The overview cell of a lesson, in the lesson's language (en, es or bg): its widgets speak it too."""
    return Overview(lesson, lang=lang)


def progress() -> CourseProgress:
    """The whole course's progress, as a widget."""
    return CourseProgress()
