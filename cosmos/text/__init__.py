"""Every text the player sees, per language: tables of str.format templates and their lookup.

A counted word is written in a template as a format spec with its forms, one|other:
"{turns} {turns:turn|turns}" gives "1 turn", "2 turns" (cosmos.text.plural picks the form).
A name's form is a spec too: "{empire:dat}" (cosmos.text.names keeps the forms).
"""
from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

from cosmos.text import bg, de, en, es
from cosmos.text.names import Named
from cosmos.text.plural import plural

__all__ = ["DEFAULT_LANG", "LANGS", "Texts", "placeholders", "plural_specs", "table"]

LANGS = ("bg", "de", "en", "es")
DEFAULT_LANG = "en"
FORM_SEPARATOR = "|"

_TABLES: Mapping[str, Mapping[str, str]] = {
    "bg": bg.TEXTS, "de": de.TEXTS, "en": en.TEXTS, "es": es.TEXTS,
}


def table(lang: str) -> Mapping[str, str]:
    """The whole table of one language; ValueError for a language the game does not speak."""
    if lang not in _TABLES:
        raise ValueError(f"unknown language {lang!r}: choose from {', '.join(LANGS)}")
    return _TABLES[lang]


def placeholders(template: str) -> tuple[str, ...]:
    """The names of a template's {placeholders}, sorted and without repeats."""
    names = {field for _, field, _, _ in Formatter().parse(template) if field is not None}
    return tuple(sorted(names))


def plural_specs(template: str) -> list[tuple[str, tuple[str, ...]]]:
    """The counted words of a template: (placeholder, its forms) for each {name:one|other}."""
    return [(field, tuple(spec.split(FORM_SEPARATOR)))
            for _, field, spec, _ in Formatter().parse(template)
            if field is not None and spec and FORM_SEPARATOR in spec]


class _CountingFormatter(Formatter):
    """str.format, except that a spec one|other is the form of a counted word for the value."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        """The value formatted; for a one|other spec the word that agrees with it; for a name's
        spec ("dat", "del") that form of the name (a value that is no name stays as it is)."""
        if FORM_SEPARATOR in format_spec:
            return plural(self.lang, value, format_spec.split(FORM_SEPARATOR))
        if isinstance(value, Named) and format_spec:
            return value.form(format_spec)
        if isinstance(value, str) and format_spec.isalpha():
            return value  # e.g. the number of an empire that does not exist
        return super().format_field(value, format_spec)


class Texts:
    """The texts of one language: texts("key", name=value) fills a template."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.entries = table(lang)
        self.formatter = _CountingFormatter(lang)

    def __call__(self, key: str, **args: object) -> str:
        """The text for key with its placeholders filled in (and its counted words agreed)."""
        return self.formatter.vformat(self.entries[key], (), args)

    def has(self, key: str) -> bool:
        """Whether the table has a text for key."""
        return key in self.entries

    def counted(self, key: str, n: object) -> str:
        """The form of a counted word (an entry one|other, e.g. "frigate|frigates") for n."""
        return plural(self.lang, n, self.entries[key].split(FORM_SEPARATOR))
