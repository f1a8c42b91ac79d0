"""The kit's words in each language of the course: tables of templates, chosen by the lesson, never the machine.

A template is written as the game's are (cosmos.text): "{count} {count:question|questions}" agrees a counted
word with its number by the language's plural rule.
"""
from __future__ import annotations

from collections.abc import Mapping

from cosmos.text import CountingFormatter
from graders.text import bg, en, es

LANGS = ("bg", "en", "es")  # the course's languages (the game also speaks German)
TABLES: Mapping[str, Mapping[str, str]] = {"bg": bg.TEXTS, "en": en.TEXTS, "es": es.TEXTS}


class Words:
    """The kit's texts in one language: words("key", name=value) fills a template."""

    def __init__(self, lang: str) -> None:
        if lang not in TABLES:
            raise ValueError(f"the course has no language {lang!r}: choose from {', '.join(LANGS)}")
        self.lang = lang
        self.entries = TABLES[lang]
        self.formatter = CountingFormatter(lang)

    def __call__(self, key: str, **fields: object) -> str:
        """The text for key with its placeholders filled in (and its counted words agreed)."""
        return self.formatter.vformat(self.entries[key], (), fields)
