"""Names stand grammatically in every sentence: German cases, Spanish articles, Bulgarian agreement."""
from __future__ import annotations

from string import Formatter

import pytest

from cosmos.data import EMPIRE_DEFS
from cosmos.messages import MESSAGE_KEYS
from cosmos.text import LANGS, Texts, table
from cosmos.text.names import NAME_FORMS, SPECS
from cosmos.ui.render import render
from cosmos.ui.session import Session
from cosmos.world import new_world

NAME_FIELDS = frozenset({"empire", "other", "previous"})
# where a bare name is right: a title or a label ("Name: ..."), a number, or the canon's words
BARE_NAME_OK = frozenset({"header_turn", "emp_row", "emp_you_row", "report_side", "report_side_fort",
                          "err_no_empire", "planet_line"})
CANON_LINES = {"es": frozenset({"intro_start", "fleet_line", "fleet_line_moving"})}


def name_fields(template: str) -> list[tuple[str, str]]:
    """The name placeholders of a template with their specs ("" for the bare name)."""
    return [(field, spec or "") for _, field, spec, _ in Formatter().parse(template)
            if field in NAME_FIELDS]


@pytest.mark.parametrize("lang", LANGS)
def test_every_form_a_template_asks_for_exists_for_every_empire(lang: str) -> None:
    for key, template in table(lang).items():
        for _field, spec in name_fields(template):
            if spec and "|" not in spec:
                assert spec in SPECS[lang], (lang, key, spec)
                for definition in EMPIRE_DEFS:
                    assert spec in NAME_FORMS[lang][definition.key], (lang, key, definition.key)


@pytest.mark.parametrize("lang", ("de", "es"))
def test_in_german_and_spanish_every_sentence_gives_its_names_their_case_or_article(lang: str) -> None:
    bare = [key for key, template in table(lang).items()
            if key not in BARE_NAME_OK | CANON_LINES.get(lang, frozenset())
            and any(spec == "" for _field, spec in name_fields(template))]
    assert bare == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_with_a_name_renders_for_every_empire(lang: str) -> None:
    world, texts = new_world(6), Texts(lang)  # seed 6 has all four empires
    assert len(world.empires) == 4
    for key, names in MESSAGE_KEYS.items():
        if not NAME_FIELDS & set(names):
            continue
        for empire in range(4):
            values = {"empire": empire, "other": (empire + 1) % 4, "previous": (empire + 2) % 4,
                      "planet": 0, "system": 0, "fleet": 0, "kind": "F", "building": "lab",
                      "tech": 0, "victory": "science"}
            args = tuple((name, values.get(name, 1)) for name in names)
            text = render(world, texts, key, args)
            assert "{" not in text and text[0] == text[0].upper(), (lang, key, text)


NATIVE = {  # (lang, seed, lines typed) -> what a native speaker expects to read
    ("de", "sys 1"): "Flotte des Terranischen Imperiums: 3I 2B 2F",
    ("de", "peace B"): "Du hast der Orion-Hegemonie Frieden angeboten.",
    ("de", "war B"): "Du bist schon im Krieg mit der Orion-Hegemonie.",
    ("de", "fleets"): "Flotten des Terranischen Imperiums (go A B: eine Flotte bewegen)",
    ("de", "ship D 1 1"): "Schiffstyp Schlachtschiff: zuerst Schlachtschiffwerften erforschen",
    ("es", "fleets"): "Flotas del Imperio Terrano (go A B: mover una flota)",
    ("es", "peace C"): "Has ofrecido la paz a la Unión de Lira.",
    ("es", "accept C"): "La Unión de Lira no te ha hecho ninguna oferta.",
    ("es", "ship F 2 1"): "Encargo: 2 fragatas en el planeta 1 Elara I.",
    ("bg", "accept C"): "Няма предложение към теб от Съюз Лира.",
    ("bg", "ship F 2 1"): "Поръчка: 2 фрегати на планета 1 Elara I.",
}


@pytest.mark.parametrize(("lang", "line"), sorted(NATIVE))
def test_sentences_read_as_a_native_speaker_writes_them(lang: str, line: str) -> None:
    frame = Session(seed=2026, lang=lang).send(line)
    assert NATIVE[lang, line] in " ".join(frame.split()), frame


def test_german_and_spanish_news_name_the_empire_with_its_article() -> None:
    world = new_world(2026)
    arrived = (("empire", 0), ("fleet", 0), ("system", 1))
    assert render(world, Texts("es"), "news_arrived", arrived) == (
        "La flota 1 del Imperio Terrano ha llegado al sistema 2 Cygna.")
    assert render(world, Texts("de"), "news_arrived", arrived) == (
        "Flotte 1 des Terranischen Imperiums ist in System 2 Cygna angekommen.")
    taken = (("empire", 3), ("planet", 0), ("previous", 0))
    assert render(world, Texts("de"), "news_taken", taken).startswith(
        "Die Orion-Hegemonie hat dem Terranischen Imperium Planet 1")


def test_bulgarian_past_tenses_show_no_gender_that_a_name_could_contradict() -> None:
    for key, template in table("bg").items():
        if name_fields(template) or key == "relation_fallen":
            for participle in ("правила", "правил ", "паднала", "паднал ", "направила", "казала"):
                assert participle not in template, (key, template)


@pytest.mark.parametrize("lang", LANGS)
def test_only_the_maps_legend_cuts_names(lang: str) -> None:
    session = Session(seed=6, lang=lang)
    names = [empire.name_in(lang) for empire in session.world.empires]
    emp = " ".join(session.send("emp").split())
    assert all(name in emp for name in names)
