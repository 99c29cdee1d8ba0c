"""The First Officer's console, languages: a German or Russian First Officer types every command and the names of its
fields in the table's language (`kurs 90`, `beobachter anzahl=1`, `курс 90`), the English words work at every
table, `help` lists the table's words and `help COMMAND` adds the English ones, and refusals name words the
player can type. The game only ever sees the English ids: a sequence typed in any language gives the event log
of the same sequence typed in English, byte for byte (replays)."""

from __future__ import annotations

import io
import re

import pytest
from kaleun.core.events import Event
from kaleun.i18n import language
from kaleun.runtime.script import EventWriter
from kaleun.ui.actions import ACTIONS, find
from kaleun.ui.console import CONSOLE
from kit import console_typed

#: one short patrol start, typed at the console in each language: mobilize, a lookout up, speed and course, the order
#: assistant, dive to 80 m, the hydrophone, a correction, the attack disc, the periscope, surface, a refused repair,
#: undo, save; German and Russian lines name fields by their words (`tiefe_m=`, `глубина_м=`) and a few by the ids
SEQUENCE = {
    "en": ["mobilize", "place navigator-square 8", "end_mobilize", "observe count=1", "speed half_ahead",
           "course 270", "?depth 80", "dive", "depth depth_m=80", "hydrophone", "morale -1 why=card",
           "disc own=290 enemy=70 bearing=40", "periscope", "surface", "repair component=periscope", "undo", "save"],
    "de": ["mobilisieren", "setzen navigator-square 8", "auf_stationen", "beobachter anzahl=1", "fahrt half_ahead",
           "Kurs 270", "?tiefe 80", "tauchen", "tiefe tiefe_m=80", "horchgerät", "moral -1 grund=card",
           "scheibe eigen=290 enemy=70 peilung=40", "sehrohr", "auftauchen", "reparieren bauteil=periscope",
           "rückgängig", "speichern"],
    "ru": ["смена_позиций", "поставить navigator-square 8", "позиции_заняты", "сигнальщики число=1",
           "скорость half_ahead", "Курс 270", "?глубина 80", "погружение", "глубина глубина_м=80", "гидрофон",
           "мораль -1 причина=card", "диск свой=290 противник=70 пеленг=40", "перископ", "всплытие",
           "ремонт узел=periscope", "отменить", "сохранить"],
}


def played(code: str, lines: list[str]) -> tuple[str, str]:
    """What the console printed for `lines` at a table of language `code`, and the event log they gave."""
    heard: list[Event] = []
    said = console_typed(code, *lines, heard=heard)
    log = io.StringIO()
    EventWriter(log).write(heard)
    return said, log.getvalue()


@pytest.fixture(scope="module")
def english() -> tuple[str, str]:
    return played("en", SEQUENCE["en"])


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_sequence_typed_in_german_or_russian_gives_the_events_of_the_english_one(english, code):
    """Every line of the sequence is taken (no refusal of an unknown command or field), and the event log is the
    English sequence's, byte for byte: orders, the dive, the disc, the refusals, all with the English ids."""
    said, log = played(code, SEQUENCE[code])
    assert log == english[1]
    for line in ("Order: new course 270.", "Order: new depth 80 m.", "Order: up periscope.", "Order: surface.",
                 '"own_course": 290'):
        assert line in log
    unknown = {"de": ("unbekannt", "kein Feld"), "ru": ("неизвестная", "нет поля")}[code]
    assert not any(word in said for word in unknown), said


@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_english_words_work_at_every_table(english, code):
    """A German or Russian table also takes the English sequence, with the same events."""
    assert played(code, SEQUENCE["en"])[1] == english[1]


@pytest.mark.parametrize(("code", "words"), [
    ("de", ["hilfe [KOMMANDO]", "kurs KURS", "tiefe TIEFE_M", "tauchen", "auftauchen", "sehrohr", "horchgerät",
            "beobachter [key=value ...]", "los [ROHRE]", "prüfen BEFEHL", "beenden"]),
    ("ru", ["помощь [КОМАНДА]", "курс КУРС", "глубина ГЛУБИНА_М", "погружение", "всплытие", "перископ", "гидрофон",
            "сигнальщики [key=value ...]", "пуск [АППАРАТЫ]", "проверить ПРИКАЗ", "выйти"]),
])
def test_help_lists_the_tables_words(code, words):
    said = console_typed(code, {"de": "hilfe", "ru": "помощь"}[code])
    for word in words:
        assert re.search(rf"^  {re.escape(word)}", said, re.M), (word, said)
    assert not re.search(r"^  course ", said, re.M)  # the table's word, not the English one
    assert {"de": "Befehle (hilfe BEFEHL zeigt", "ru": "Команды (помощь КОМАНДА показывает"}[code] in said


def test_help_in_english_is_as_it_was():
    said = console_typed("en", "help", "help course")
    assert "Commands (help COMMAND shows its fields;" in said
    assert re.search(r"^  course COURSE +order: a new course$", said, re.M)
    assert "also:" not in said  # an English table has no other words for `course`
    assert "  example: course 270" in said


@pytest.mark.parametrize(("code", "line", "lines"), [
    ("de", "hilfe beobachter", ["beobachter [anzahl=ANZAHL] [figuren=A,B]", "  auch: observe",
                                "prüfen beobachter ... zeigt vorher", "  anzahl: wie viele Beobachter",
                                "auch als count=Wert]", "  Beispiel: beobachter anzahl=2"]),
    ("de", "help course", ["kurs KURS", "  auch: course", "darf ohne kurs= angegeben werden; auch als course=Wert]",
                           "  Beispiel: kurs 270"]),
    ("ru", "помощь курс", ["курс КУРС", "  также: course", "можно указывать без курс=; или как course=значение]",
                          "  пример: курс 270"]),
    ("ru", "помощь ремонт", ["ремонт [узел=", "  также: repair", "  узел: ", "  пример: ремонт узел=periscope"]),
])
def test_help_command_adds_the_english_words(code, line, lines):
    said = console_typed(code, line)
    for text in lines:
        assert text in said, (text, said)


@pytest.mark.parametrize(("code", "line", "said"), [
    ("de", "fliegen", "! unbekannter Befehl „fliegen“: hilfe eingeben"),
    ("ru", "лететь", "! неизвестная команда «лететь»: введите помощь"),
    ("de", "hilfe fliegen", "! hilfe: kein Befehl „fliegen“: hilfe eingeben"),
    ("de", "beobachter foo=1", "! beobachter: kein Feld „foo“ (Felder: anzahl, figuren); Aufruf: beobachter "
                               "[anzahl=ANZAHL] [figuren=A,B]"),
    ("ru", "курс", "! курс: укажите курс; вызов: курс КУРС"),
    ("ru", "сигнальщики число=9", "! сигнальщики: число — от 1 до 6, а не 9"),
    ("de", "prüfen", "! Aufruf: prüfen BEFEHL [Felder...], z. B. prüfen fahrt half_ahead"),
    ("ru", "проверить полёт", "! проверить: «полёт» — не приказ (приказы: смена_позиций, скорость, курс, глубина, "),
])
def test_a_refusal_names_words_the_player_can_type(code, line, said):
    assert said in console_typed(code, line)


def test_the_crew_hint_names_the_tables_words():
    """The first order short of its crew says where to look in the table's words (`mannschaft`, `setzen`)."""
    said = console_typed("de", "fahrt half_ahead")
    assert "  mannschaft zeigt Sektion und Symbole jedes Seemanns; mobilisieren, dann setzen FIGUR SEKTION" in said
    assert "?fahrt mit den Feldern des Befehls" in said


def test_the_windows_button_word_and_an_e_for_yo_are_taken():
    """The order's name on the window's button works beside the console's word (German `periskop` beside
    `sehrohr`), and a Russian ё may be typed as е (`отчет` is `отчёт`)."""
    assert console_typed("de", "periskop") == console_typed("de", "sehrohr") == console_typed("de", "periscope")
    assert find("periskop", code="de") is find("periscope")
    assert find("отчет", code="ru") is find("report")


@pytest.mark.parametrize("code", ["de", "ru"])
def test_every_word_is_one_typed_word_that_names_one_thing(code):
    """Each command's and field's word is one word in lower case; no two commands share a word nor
    take another's English word, and no two fields of a command share a name (a typed word never means two
    things)."""
    lang = language(code)
    actions = (*ACTIONS, *CONSOLE)
    ids = {w for a in actions for w in a.words}
    seen: dict[str, str] = {}
    for action in actions:
        word = action.local(lang)
        assert word == word.lower() and " " not in word and word, action.name
        assert word not in ids or word == action.name, (action.name, word)
        assert seen.setdefault(word, action.name) == action.name, (action.name, word, seen[word])
        assert find(word, actions, code) is action
        names = [f.local(lang) for f in action.fields]
        assert len(set(names)) == len(names), (action.name, names)
        others = {f.name for f in action.fields} | {f.key for f in action.fields if f.key}
        for f in action.fields:
            assert f.local(lang) not in others or f.local(lang) == f.name, (action.name, f.name)


@pytest.mark.parametrize(("code", "line", "said"), [
    ("de", "hilfe kommandos", "Spielkommandos (Aufruf: ausführen KOMMANDO Schlüssel=Wert ...): adjust_command, "),
    ("de", "hilfe commands", "Spielkommandos (Aufruf: ausführen KOMMANDO Schlüssel=Wert ...): adjust_command, "),
    ("ru", "помощь команды", "Игровые команды (ввод: выполнить КОМАНДА ключ=значение ...): adjust_command, "),
])
def test_help_commands_in_the_tables_words(code, line, said):
    """`help commands` lists the game's commands (sent by `do` with their English ids) at any table."""
    assert console_typed(code, line).startswith(said)
