"""The forms an empire's name takes inside a sentence, per language: articles and cases.

A template asks for a form with a format spec: German "{empire:dat}" gives "dem Terranischen
Imperium", Spanish "{empire:del}" gives "de la Hegemonía de Orión". Without a spec the name is
the bare title of the legend and the header ("Terranisches Imperium"). English sentences use the
bare title. Bulgarian running text gives an adjective-led name its article ("Земната империя",
while "Съюз Лира" stays as it is, like "Република България") and writes "с" as "със" before с or
з ("със Съюз Лира"); its past tenses are written so that no gender shows.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["NAME_FORMS", "Named", "SPECS", "forms_of"]

# the specs each language's templates may use, and what they mean
SPECS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "de": ("Nom", "nom", "acc", "dat", "gen"),  # with the article; Nom starts a sentence
    "es": ("El", "el", "del", "al"),  # with the article, after de or a; El starts a sentence
    "en": (),
    "bg": ("def", "s"),  # def: the name in running text; s: with the preposition с / със
})


NAME_FORMS: Mapping[str, Mapping[str, Mapping[str, str]]] = MappingProxyType({
    "de": {  # neuter "das Imperium" declines; the three feminine names keep their noun
        "terran": {"Nom": "Das Terranische Imperium", "nom": "das Terranische Imperium",
                   "acc": "das Terranische Imperium", "dat": "dem Terranischen Imperium",
                   "gen": "des Terranischen Imperiums"},
        "orion": {"Nom": "Die Orion-Hegemonie", "nom": "die Orion-Hegemonie",
                  "acc": "die Orion-Hegemonie", "dat": "der Orion-Hegemonie",
                  "gen": "der Orion-Hegemonie"},
        "lyra": {"Nom": "Die Lyra-Union", "nom": "die Lyra-Union", "acc": "die Lyra-Union",
                 "dat": "der Lyra-Union", "gen": "der Lyra-Union"},
        "vega": {"Nom": "Die Vega-Akademie", "nom": "die Vega-Akademie",
                 "acc": "die Vega-Akademie", "dat": "der Vega-Akademie",
                 "gen": "der Vega-Akademie"},
    },
    "es": {  # el Imperio (masculine: del, al), la Hegemonía, la Unión, la Academia (de la, a la)
        "terran": {"El": "El Imperio Terrano", "el": "el Imperio Terrano",
                   "del": "del Imperio Terrano", "al": "al Imperio Terrano"},
        "orion": {"El": "La Hegemonía de Orión", "el": "la Hegemonía de Orión",
                  "del": "de la Hegemonía de Orión", "al": "a la Hegemonía de Orión"},
        "lyra": {"El": "La Unión de Lira", "el": "la Unión de Lira",
                 "del": "de la Unión de Lira", "al": "a la Unión de Lira"},
        "vega": {"El": "La Academia de Vega", "el": "la Academia de Vega",
                 "del": "de la Academia de Vega", "al": "a la Academia de Vega"},
    },
    "en": {},
    "bg": {  # "с" is "със" before a word that starts with с or з
        "terran": {"def": "Земната империя", "s": "със Земната империя"},
        "orion": {"def": "Хегемония Орион", "s": "с Хегемония Орион"},
        "lyra": {"def": "Съюз Лира", "s": "със Съюз Лира"},
        "vega": {"def": "Академия Вега", "s": "с Академия Вега"},
    },
})


class Named(str):
    """A name as the player reads it that also knows its forms inside a sentence."""

    forms: Mapping[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str]) -> Named:
        """The bare name, carrying its forms."""
        named = super().__new__(cls, text)
        named.forms = forms
        return named

    def form(self, spec: str) -> str:
        """The form a template asks for (KeyError for a form this language does not have)."""
        return self.forms[spec]


def forms_of(lang: str, empire_key: str) -> Mapping[str, str]:
    """Every form of one empire's name in one language (empty where the bare name serves)."""
    return NAME_FORMS.get(lang, {}).get(empire_key, {})
