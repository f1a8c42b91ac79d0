"""The German, Spanish and Bulgarian texts as a native editor reads them: every name in every slot,
one word per concept, one mood for the commands of help, the language's quotes and numbers, no English."""
from __future__ import annotations

import re
from string import Formatter

import pytest

from cosmos.data import TECHS
from cosmos.messages import MESSAGE_KEYS
from cosmos.simulate import format_report, run_simulation
from cosmos.text import Texts, placeholders, table
from cosmos.ui.commands import ALIASES, TOPICS, Verb
from cosmos.ui.panels import queue_body, tech_body
from cosmos.ui.render import render
from cosmos.world import new_world

REVIEWED = ("bg", "de", "es")
NAME_FIELDS = ("empire", "other", "previous")
PLURAL_TECH = next(tech_id for tech_id, tech in enumerate(TECHS) if tech.key == "bastions")


def rendered(lang: str) -> dict[str, list[str]]:
    """Every text that names an empire or a technology, with every empire of a four-empire galaxy in
    each of its name slots (and a technology whose name is plural)."""
    world, texts = new_world(6), Texts(lang)
    assert len(world.empires) == 4
    out: dict[str, list[str]] = {}
    for key, template in table(lang).items():
        names = MESSAGE_KEYS.get(key, placeholders(template))
        if not set(names) & {*NAME_FIELDS, "tech"}:
            continue
        lines = []
        for empire in range(4):
            for count in (1, 2):
                values = {"empire": empire, "other": (empire + 1) % 4, "previous": (empire + 3) % 4,
                          "planet": 0, "system": 0, "source": 0, "target": 1, "fleet": 0, "kind": "F",
                          "building": "lab", "tech": PLURAL_TECH, "missing": (0, PLURAL_TECH),
                          "victory": "science", "how": texts("victory_science"), "ships": "3I 2F",
                          "lost": count, "left": count - 1, "letter": "B"}
                lines.append(render(world, texts, key, tuple((n, values.get(n, count)) for n in names)))
        out[key] = lines
    return out


# --- names in every grammatical slot -------------------------------------------------------------

# a German name after an article or preposition is declined: these are the forms it may take
GERMAN_NAMES = {
    "Terranisch\\w* Imperium\\w*": ("Das Terranische Imperium", "das Terranische Imperium",
                                     "dem Terranischen Imperium", "des Terranischen Imperiums"),
    "Orion-Hegemonie": ("Die Orion-Hegemonie", "die Orion-Hegemonie", "der Orion-Hegemonie"),
    "Lyra-Union": ("Die Lyra-Union", "die Lyra-Union", "der Lyra-Union"),
    "Vega-Akademie": ("Die Vega-Akademie", "die Vega-Akademie", "der Vega-Akademie"),
}
SPANISH_NAMES = {  # a Spanish name in a sentence takes its article, contracted after de and a
    "Imperio Terrano": ("El Imperio Terrano", "el Imperio Terrano", "del Imperio Terrano",
                        "al Imperio Terrano"),
    "Hegemonía de Orión": ("La Hegemonía de Orión", "la Hegemonía de Orión"),
    "Unión de Lira": ("La Unión de Lira", "la Unión de Lira"),
    "Academia de Vega": ("La Academia de Vega", "la Academia de Vega"),
}
# where a bare name is right: a label ("Name: ..."), an id that names no empire, the header; and the
# lines of the published screens, which keep the canon's words
LABELS = frozenset({"report_side", "report_side_fort", "err_no_empire", "header_turn"})
CANON = {"es": frozenset({"intro_start", "fleet_line", "fleet_line_moving"}),
         "bg": frozenset({"intro_start", "fleet_line", "fleet_line_moving"}), "de": frozenset()}


@pytest.mark.parametrize(("lang", "names"), [("de", GERMAN_NAMES), ("es", SPANISH_NAMES)])
def test_every_name_in_every_sentence_carries_its_article_and_case(lang: str, names: dict) -> None:
    wrong = []
    for key, lines in rendered(lang).items():
        if key in LABELS | CANON[lang]:
            continue
        for line in lines:
            for pattern, forms in names.items():
                for match in re.finditer(pattern, line):
                    before = line[:match.end()]
                    if not before.endswith(forms):
                        wrong.append((key, line))
    assert wrong == []


def test_spanish_contracts_de_el_and_a_el() -> None:
    for key, lines in rendered("es").items():
        for line in lines:
            assert not re.search(r"\b(de|a) el\b", line), (key, line)


def test_bulgarian_writes_sas_before_s_and_z_and_gives_the_terran_empire_its_article() -> None:
    for key, lines in rendered("bg").items():
        for line in lines:
            assert not re.search(r"(^|\s)[сС] [сзСЗ]", line), (key, line)  # със Съюз Лира
            assert not re.search(r"(^|\s)[вВ] [вфВФ]", line), (key, line)  # във война
            if key not in LABELS | CANON["bg"]:
                assert "Земна империя" not in line, (key, line)  # Земната империя
    texts, world = Texts("bg"), new_world(6)
    at_peace = [render(world, texts, "err_at_peace", (("empire", empire),)) for empire in range(4)]
    assert sorted(at_peace) == sorted(["Вече си в мир със Земната империя.", "Вече си в мир с Хегемония Орион.",
                                       "Вече си в мир със Съюз Лира.", "Вече си в мир с Академия Вега."])


# a technology with a plural name ("Bastionen", "Bastiones", "Бастиони") is never the subject of a
# singular verb: the sentences are built so that its name stands where no verb agrees with it
SINGULAR_WITH_TECH = {
    "de": r"\b(wird|ist|braucht) Bastionen\b|(?<!Technologie )\bBastionen (ist|braucht|wird)\b",
    "es": r"\b(se investiga|requiere) Bastiones\b|(?<!tecnología )\bBastiones (está|requiere|ya está)\b",
    "bg": r"\b(се проучва|проучва се) Бастиони\b|(?<!Технологията )\bБастиони (изисква|е|вече е)\b",
}


@pytest.mark.parametrize("lang", REVIEWED)
def test_a_technology_with_a_plural_name_is_never_the_subject_of_a_singular_verb(lang: str) -> None:
    lines = [line for key, lines in rendered(lang).items() if "tech" in placeholders(table(lang)[key])
             for line in lines]
    assert len(lines) > 8
    assert not [line for line in lines if re.search(SINGULAR_WITH_TECH[lang], line)]


def literal_text(template: str) -> str:
    """What a template says in its own words: its text without the placeholders."""
    return " ".join(literal for literal, _, _, _ in Formatter().parse(template))


# --- one word per concept -----------------------------------------------------------------------

# the chosen word for each concept and the synonyms no catalogue may use for it (as regular
# expressions, matched case-insensitively at a word start); concepts the canon fixes keep its words
TERMS: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "fleet": {"de": ("Flotte", ("Geschwader", "Verband", "Armada")),
              "es": ("flota", ("escuadra", "armada", "escuadrón")),
              "bg": ("флот", ("флотилия", "ескадра", "армада"))},
    "lane": {"de": ("Route", ("Bahn", "Pfad", "Verbindung", "Strecke", "Weg\\b")),
             "es": ("ruta", ("carril", "vía\\b", "enlace", "camino")),
             "bg": ("път", ("маршрут", "линия", "коридор", "връзк"))},
    "yard": {"de": ("Werft", ("Dock", "Schiffswerft")),
             "es": ("astillero", ("dique", "muelle", "hangar")),
             "bg": ("корабостроителниц", ("док\\b", "докове", "верф", "хангар"))},
    "fortress": {"de": ("Festung", ("Burg", "Bollwerk", "Zitadelle")),
                 "es": ("fortaleza", ("fortín", "castillo", "ciudadela")),
                 "bg": ("крепост", ("форт\\b", "укреплени", "цитадел"))},
    "siege": {"de": ("belager", ("Blockade", "umzingel")),
              "es": ("asedi", ("sitiad", "bloqueo", "cerco")),
              "bg": ("обсад", ("блокад",))},
    "research": {"de": ("erforsch", ("untersuch", "Recherche", "entwickel")),
                 "es": ("investig", ("estudi", "desarroll")),
                 "bg": ("проуч", ("изследва", "изучава", "разработ"))},
    "turn": {"de": ("Zug", ("Runde",)), "es": ("turno", ("ronda",)), "bg": ("ход", ("рунд", "тур\\b"))},
    "order": {"de": ("Auftr", ("Bestellung",)), "es": ("encargo", ("pedido", "comanda")),
              "bg": ("поръчк", ("заявк",))},
    "save slot": {"de": ("Speicherplatz", ("Slot", "Steckplatz")), "es": ("ranura", ("casilla", "hueco")),
                  "bg": ("слот", ("гнезд", "клетк"))},
    "seat": {"de": ("Position", ("Sitz",)), "es": ("puesto", ("asiento",)), "bg": ("място", ("седалк",))},
    "character of a rival": {"de": ("Charakter", ("Persönlichkeit",)),
                             "es": ("personalidad", ("carácter\\b", "caracteres rotados")),
                             "bg": ("характер", ("личност",))},
    "news": {"de": ("Nachrichten", ("Neuigkeiten", "Meldungen")), "es": ("noticias", ("novedades",)),
             "bg": ("новини", ("съобщения",))},
    "battle": {"de": ("Kampf", ("Schlacht\\b", "Gefecht")), "es": ("batalla", ("pelea", "lucha")),
               "bg": ("битк", ("сражени", "бой\\b"))},
    "game": {"de": ("Spiel", ("Partie",)), "es": ("partida", ("sesión",)), "bg": ("игр", ("партия",))},
    "usage": {"de": ("Aufruf", ("So geht es", "Verwendung")), "es": ("Uso", ("Modo de empleo",)),
              "bg": ("Употреба", ("Използване",))},
    "breakthrough": {"de": ("Durchbruch", ("Entdeckung",)), "es": ("avance", ("descubrimiento",)),
                     "bg": ("Пробив", ("Откритие",))},
    "warlord": {"de": ("Kriegsherr", ("Feldherr",)), "es": ("Señor de la guerra", ("caudillo",)),
                "bg": ("Военачалник", ("Воин",))},
}
# the one place a rejected word means something else: Spanish counts text characters with carácter
TERM_EXCEPTIONS = {("es", "character of a rival"): frozenset({"parse_too_long"})}


@pytest.mark.parametrize("lang", REVIEWED)
def test_every_concept_has_one_word_in_every_catalogue(lang: str) -> None:
    entries = {key: literal_text(template) for key, template in table(lang).items()}
    everything = "\n".join(entries.values())
    for concept, by_lang in TERMS.items():
        chosen, rejected = by_lang[lang]
        assert re.search(re.escape(chosen), everything, re.IGNORECASE), (lang, concept, chosen)
        skip = TERM_EXCEPTIONS.get((lang, concept), frozenset())
        for key, template in entries.items():
            for synonym in rejected:
                if key not in skip:
                    assert not re.search(r"(?<!\w)" + synonym, template, re.IGNORECASE), (lang, key, synonym)


# --- one mood for the commands of help ----------------------------------------------------------

HELP_KEYS = ("help_map", "help_sys", "help_emp", "help_tech", "help_fleets", "help_queue", "help_col",
             "help_build", "help_research", "help_ship", "help_go", "help_end", "help_diplomacy",
             "help_answer", "help_save", "help_battle")
# Bulgarian help speaks to the player (imperative); German and Spanish name the action (infinitive)
BULGARIAN_IMPERATIVES = frozenset({"покажи", "колонизирай", "построй", "проучи", "прати", "приключи",
                                   "предложи", "обяви", "отговори", "запиши", "зареди", "излез"})


def help_clauses(line: str) -> list[str]:
    """The descriptions of one help line: one for each command it explains."""
    description = re.split(r"\s{3,}|(?<=load K) ", line, maxsplit=1)[1]
    description = re.sub(r"\([^)]*\)", "", description)
    clauses = []
    for clause in description.split(";"):
        clause = re.sub(r"^\s*\w+( [A-Z])?:", "", clause).strip()  # "wait N: ..." or "quit: ..."
        clauses.append(clause)
    return clauses


def test_help_lines_all_name_their_action_in_one_mood() -> None:
    for lang in REVIEWED:
        entries = table(lang)
        for key in HELP_KEYS:
            for clause in help_clauses(entries[key]):
                words = re.findall(r"[^\W\d_]+", clause.split(":")[0])
                if lang == "de":  # the infinitive closes the clause: "Planet P besiedeln"
                    assert re.search(r"(en|ern|eln)$", words[-1]), (lang, key, clause)
                elif lang == "es":  # the infinitive opens it: "colonizar el planeta P"
                    assert re.search(r"(ar|er|ir)$", words[0]), (lang, key, clause)
                else:
                    assert words[0] in BULGARIAN_IMPERATIVES, (lang, key, clause)
    for key in ("cli_help_help", "cli_help_simulate"):  # the command line's actions as in help
        assert re.match(r"\w+(ar|er|ir)\b", table("es")[key]), key


# --- punctuation, quotes and numbers ------------------------------------------------------------

QUOTES = {"de": ("„", "“"), "es": ("«", "»"), "bg": ("„", "“")}


@pytest.mark.parametrize("lang", REVIEWED)
def test_quotes_and_question_marks_follow_the_language(lang: str) -> None:
    opening, closing = QUOTES[lang]
    for key, template in table(lang).items():
        text = "".join(literal for literal, _, _, _ in Formatter().parse(template))
        assert not set(text) & set("\"`'‘’"), (lang, key, template)  # no typewriter or English quotes
        assert text.count(opening) == text.count(closing), (lang, key)
        if lang == "es":
            assert text.count("¿") == text.count("?") and text.count("¡") == text.count("!"), key
        else:
            assert not set(text) & set("«»¿¡"), (lang, key)
    assert opening in table(lang)["cli_epilog"]


def test_the_balance_report_writes_numbers_as_each_language_does() -> None:
    report = run_simulation(1, jobs=1)
    english, german = format_report(report, Texts("en")), format_report(report, Texts("de"))
    spanish, bulgarian = format_report(report, Texts("es")), format_report(report, Texts("bg"))
    assert re.search(r"\d\.\d%", english) and not re.search(r"\d,\d", english)
    for text in (german, spanish, bulgarian):
        assert not re.search(r"\d\.\d", text) and re.search(r"\d,\d", text)
    assert re.search(r"\d,\d %", german) and re.search(r"\d,\d %", spanish)  # DIN 5008, RAE
    assert re.search(r"\d,\d%", bulgarian) and not re.search(r"\d %", bulgarian)  # Bulgarian practice


def test_a_long_technology_name_widens_the_column_instead_of_pushing_its_row() -> None:
    world = new_world(2026)
    for lang in ("bg", "de", "en", "es"):
        rows = [line for line, _style in [(row if isinstance(row, tuple) else (row, None))
                                          for row in tech_body(world, Texts(lang))]
                if re.match(r"^[ \d]\d ", line)]
        assert len(rows) == len(TECHS)
        columns = {re.search(r"\d+(?=  )", row[3:]).end() for row in rows}
        assert len(columns) == 1, (lang, rows)


# --- no English left ----------------------------------------------------------------------------

# what the player types or reads as it is in every language: commands, options, file and key names
TYPED = ({verb.value for verb in Verb} | set(ALIASES) | set(TOPICS)
         | {"mine", "lab", "yard", "fort", "plain", "simulate", "saves", "dask", "scheduler", "file", "seed",
            "lang", "python", "cosmos", "tcp", "txt", "Epic", "Cosmos", "Dask", "Enter", "Ctrl", "Strg"})
# words the language has of its own that English happens to spell alike
NATIVE_ALIKE = {
    "de": {"Balance", "Bomber", "Chance", "Cluster", "Mine", "Pipe", "Planet", "Scheduler", "Siege", "System",
           "Terminal", "Text", "Version", "In", "in", "an", "dir", "was", "Gas"},
    "es": {"Has", "has", "No", "metal", "no", "Red", "capital", "convoy", "error", "final", "gas", "interceptor",
           "plasma", "produce", "terminal"},
    "bg": set(),
}


def english_words() -> set[str]:
    """Every word of the English catalogue."""
    words: set[str] = set()
    for template in table("en").values():
        literal = " ".join(text for text, _, _, _ in Formatter().parse(template))
        words |= set(re.findall(r"[A-Za-z]{2,}", literal))
    return words


@pytest.mark.parametrize("lang", REVIEWED)
def test_no_english_word_is_left_in_a_catalogue(lang: str) -> None:
    english = english_words() | {word.lower() for word in english_words()}
    allowed = TYPED | NATIVE_ALIKE[lang]
    left = set()
    for template in table(lang).values():
        literal = " ".join(text for text, _, _, _ in Formatter().parse(template))
        left |= {word for word in re.findall(r"[A-Za-zÀ-ÿ]{2,}", literal) if word in english} - allowed
    assert left == set()
    if lang == "bg":  # Bulgarian writes Latin letters only for what is typed, a resource or a ship type
        latin = {word for template in table(lang).values()
                 for word in re.findall(r"[A-Za-z]{2,}", " ".join(t for t, _, _, _ in Formatter().parse(template)))}
        assert latin <= TYPED | {"komandi"}, latin - TYPED


def test_the_command_lines_placeholders_follow_the_language() -> None:
    from cosmos.__main__ import make_parser

    german, bulgarian = make_parser("de").format_help(), make_parser("bg").format_help()
    assert "--dask ADRESSE" in german and "--saves ORDNER" in german and "ADDRESS" not in german
    assert "--dask-scheduler-file ФАЙЛ" in bulgarian and "DIR" not in bulgarian


def test_a_long_name_in_the_price_list_widens_its_column_instead_of_touching_the_price() -> None:
    world = new_world(2026)
    for lang in ("bg", "de", "en", "es"):
        rows = [row for row in queue_body(world, Texts(lang))
                if isinstance(row, str) and re.match(r"^  \S.* M\d", row)]
        assert len(rows) == 9, (lang, rows)  # the colony, four buildings, four ship types
        assert len({re.search(r" M\d", row).start() for row in rows}) == 1, (lang, rows)
