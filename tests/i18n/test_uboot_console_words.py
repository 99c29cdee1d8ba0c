"""The First Officer's console, languages: a German or Russian First Officer types every command and the names of its
fields in the table's language (`kurs 90`, `beobachter anzahl=1`, `курс 90`), the English words work at every
table, `help` lists the table's words and `help COMMAND` adds the English ones, and refusals name words the
player can type. The game only ever sees the English ids: a sequence typed in any language gives the event log
of the same sequence typed in English, byte for byte (replays)."""

from __future__ import annotations

import re

import pytest
from kaleun.i18n import language
from kaleun.ui.actions import ACTIONS, find, in_words
from kaleun.ui.console import CONSOLE
from kit import console_played, console_typed

#: one short patrol start, typed at the console in each language: mobilize, a lookout up, speed and course, the order
#: assistant, dive to 80 m, the hydrophone, a correction, the attack disc, the periscope, surface, a refused repair,
#: undo, save; German and Russian lines name fields by their words (`tiefe_m=`, `глубина_м=`) and a few by the ids
SEQUENCE = {
    "en": ["mobilize", "place navigator-square 8", "end_mobilize", "observe count=1", "speed half_ahead",
           "course 270", "?depth 80", "dive", "depth depth_m=80", "hydrophone", "morale -1 why=card",
           "disc own=290 enemy=70 bearing=40", "periscope", "surface", "repair component=periscope", "undo", "save"],
    "de": ["mobilisieren", "setzen navigator-square 8", "auf_stationen", "beobachter anzahl=1", "fahrt half_ahead",
           "Kurs 270", "?tiefe 80", "tauchen", "tiefe tiefe_m=80", "hydrofon", "moral -1 grund=card",
           "scheibe eigen=290 enemy=70 peilung=40", "periskop", "auftauchen", "reparieren bauteil=periscope",
           "rückgängig", "speichern"],
    "ru": ["смена_позиций", "поставить navigator-square 8", "позиции_заняты", "сигнальщики число=1",
           "скорость half_ahead", "Курс 270", "?глубина 80", "погружение", "глубина глубина_м=80", "гидрофон",
           "мораль -1 причина=card", "диск свой=290 противник=70 пеленг=40", "перископ", "всплытие",
           "ремонт узел=periscope", "отменить", "сохранить"],
}


@pytest.fixture(scope="module")
def english() -> tuple[str, str]:
    return console_played("en", SEQUENCE["en"])


@pytest.mark.parametrize("code", ["de", "ru"])
def test_a_sequence_typed_in_german_or_russian_gives_the_events_of_the_english_one(english, code):
    """Every line of the sequence is taken (no refusal of an unknown command or field), and the event log is the
    English sequence's, byte for byte: orders, the dive, the disc, the refusals, all with the English ids."""
    said, log = console_played(code, SEQUENCE[code])
    assert log == english[1]
    for line in ("Order: new course 270.", "Order: new depth 80 m.", "Order: up periscope.", "Order: surface.",
                 '"own_course": 290'):
        assert line in log
    unknown = {"de": ("unbekannt", "kein Feld"), "ru": ("неизвестная", "нет поля")}[code]
    assert not any(word in said for word in unknown), said


@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_english_words_work_at_every_table(english, code):
    """A German or Russian table also takes the English sequence, with the same events."""
    assert console_played(code, SEQUENCE["en"])[1] == english[1]


@pytest.mark.parametrize(("code", "words"), [
    ("de", ["hilfe [KOMMANDO]", "kurs KURS", "tiefe TIEFE_M", "tauchen", "auftauchen", "periskop", "hydrofon",
            "beobachter [ANZAHL] [Schlüssel=Wert ...]", "los [ROHRE]", "prüfen BEFEHL", "beenden"]),
    ("ru", ["помощь [КОМАНДА]", "курс КУРС", "глубина ГЛУБИНА_М", "погружение", "всплытие", "перископ", "гидрофон",
            "сигнальщики [ЧИСЛО] [ключ=значение ...]", "пуск [АППАРАТЫ]", "проверить ПРИКАЗ", "выйти"]),
])
def test_help_lists_the_tables_words(code, words):
    said = console_typed(code, {"de": "hilfe", "ru": "помощь"}[code])
    for word in words:
        assert re.search(rf"^  {re.escape(word)}", said, re.M), (word, said)
    assert not re.search(r"^  course ", said, re.M)  # the table's word, not the English one
    assert {"de": "Kommandos (hilfe KOMMANDO zeigt", "ru": "Команды (помощь КОМАНДА показывает"}[code] in said


def test_help_in_english_is_as_it_was():
    said = console_typed("en", "help", "help course")
    assert "Commands (help COMMAND shows its fields;" in said
    assert re.search(r"^  course COURSE +order: a new course$", said, re.M)
    assert "also:" not in said  # an English table has no other words for `course`
    assert "  example: course 270" in said


@pytest.mark.parametrize(("code", "line", "lines"), [
    ("de", "hilfe beobachter", ["beobachter [ANZAHL] [figuren=A,B]", "  auch: observe",
                                "prüfen beobachter ... zeigt vorher", "  anzahl: wie viele Beobachter",
                                "auch als count=Wert]", "  Beispiel: beobachter anzahl=2"]),
    ("de", "help course", ["kurs KURS", "  auch: course", "darf ohne kurs= angegeben werden; auch als course=Wert]",
                           "  Beispiel: kurs 270"]),
    ("ru", "помощь курс", ["курс КУРС", "  также: course", "можно указывать без курс=; или как course=значение]",
                          "  пример: курс 270"]),
    ("ru", "помощь ремонт", ["ремонт [узел=", "  также: repair", "  узел: ", "  пример: ремонт узел=перископ"]),
])
def test_help_command_adds_the_english_words(code, line, lines):
    said = console_typed(code, line)
    for text in lines:
        assert text in said, (text, said)


@pytest.mark.parametrize(("code", "line", "said"), [
    ("de", "fliegen", "! unbekanntes Kommando „fliegen“: hilfe eingeben"),
    ("ru", "лететь", "! неизвестная команда «лететь»: введите помощь"),
    ("de", "hilfe fliegen", "! hilfe: kein Kommando „fliegen“: hilfe eingeben"),
    ("de", "beobachter foo=1", "! beobachter: kein Feld „foo“ (Felder: anzahl, figuren); Aufruf: beobachter "
                               "[ANZAHL] [figuren=A,B]"),
    ("ru", "курс", "! курс: не указано: курс; вызов: курс КУРС"),
    ("ru", "сигнальщики число=9", "! сигнальщики: число — от 1 до 6, а не 9"),
    ("de", "prüfen", "! Aufruf: prüfen BEFEHL [Felder...], z. B. prüfen fahrt halbe"),
    ("ru", "проверить полёт", "! проверить: «полёт» — не приказ (приказы: смена_позиций, скорость, курс, глубина, "),
    # the game's own refusal of a field it needs named the command and the field by their ids ("! damage: braucht
    # das Feld „section“"), which host/README.md's "Typing in the table's language" says no refusal does
    ("de", "schaden umgebung zustand=feuer", "! schaden: braucht das Feld „sektion“"),
    ("ru", "повреждение среда авария=пожар", "! повреждение: нужно поле «отсек»"),
    ("en", "damage environmental condition=fire", "! damage: needs the field 'section'"),
])
def test_a_refusal_names_words_the_player_can_type(code, line, said):
    assert said in console_typed(code, line)


def test_the_crew_hint_names_the_tables_words():
    """The first order short of its crew says where to look in the table's words (`mannschaft`, `setzen`)."""
    said = console_typed("de", "fahrt half_ahead")
    assert "  mannschaft zeigt Sektion und Symbole jedes Matrosen; mobilisieren, dann setzen FIGUR SEKTION" in said
    assert "?fahrt mit den Feldern des Befehls" in said


def test_the_windows_button_word_and_an_e_for_yo_are_taken():
    """The order's name on the window's button works beside the console's word (German `reparatur` beside
    `reparieren`), and a Russian ё may be typed as е (`отчет` is `отчёт`)."""
    assert console_typed("de", "reparatur bauteil=periskop") == console_typed("de", "reparieren bauteil=periskop") \
        == console_typed("de", "repair component=periscope")
    assert find("reparatur", code="de") is find("repair")
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


#: fixed values typed in the table's words: the telegraph (the console's short word and the window's name), a figure
#: as the window names it, a condition, a component, a severity, the weather, the crew rules, the time compression,
#: a role, a gun, a task, the TDC's source and pistol, a deck torpedo, a card's deck, the puzzle, an item, a settled
#: move, a report, a ring, a dial turned to a telegraph position
VALUES = {
    "en": ["mobilize", "place navigator-square 8", "move_fix navigator-square mobilize", "end_mobilize",
           "observe figures=navigator-square", "speed half_ahead", "telegraph slow_ahead", "speed full_ahead",
           "weather fog hold=true", "damage environmental condition=fire section=5", "repair condition=fire section=5",
           "damage technical component=periscope severity=failure", "repair component=periscope",
           "crew_options rules=advise", "time fast_forward", "time real_time", "smoke officer", "cease gun_88",
           "join observation count=1", "tdc source=manual bearing=30 range_m=1200 course=90 speed_kn=8 "
           "pistol=magnetic", "reload from=deck room=1", "ailment engineer-square deck=shock wounds=1",
           "damage hull_breach section=4", "puzzle 4 solved", "move_item extinguisher 5", "enigma report=weather",
           "home disc_bearing", "lift engineer-hexagon", "place engineer-hexagon 5",
           "move_fix engineer-hexagon put_back", "dial telegraph half_ahead"],
    "de": ["mobilisieren", "setzen navigator-quadrat 8", "zug_klären Navigator-Quadrat mobilisieren", "auf_stationen",
           "beobachter figuren=navigator-quadrat", "fahrt halbe", "telegraf langsam_voraus", "fahrt volle",
           "wetter nebel halten=true", "schaden umgebung zustand=feuer sektion=5", "reparieren zustand=feuer sektion=5",
           "schaden technik bauteil=periskop schwere=ausfall", "reparieren bauteil=periskop",
           "mannschaftsregeln regeln=warnen", "zeit zeitraffer", "zeit echtzeit", "rauchen offizier",
           "feuer_einstellen kanone", "hinzu beobachtung anzahl=1", "tdc quelle=manuell peilung=30 entfernung_m=1200 "
           "kurs=90 fahrt_kn=8 pistole=magnet", "nachladen von=deck raum=1",
           "leiden maschinist-quadrat stapel=elektroschock wunden=1", "schaden hüllenbruch sektion=4",
           "rätsel 4 gelöst",
           "verlegen feuerlöscher 5", "enigma bericht=wetter", "nullstellen scheibe_peilung",
           "heben maschinist-sechseck", "setzen maschinist-sechseck 5", "zug_klären maschinist-sechseck zurückstellen",
           "drehregler telegraf halbe"],
    "ru": ["смена_позиций", "поставить штурман-квадрат 8", "уладить_ход штурман-квадрат смена_позиций",
           "позиции_заняты", "сигнальщики фигурки=штурман-квадрат", "скорость средний", "телеграф малый_вперёд",
           "скорость полный", "погода туман держать=true", "повреждение среда авария=пожар отсек=5",
           "ремонт авария=пожар отсек=5", "повреждение техника узел=перископ тяжесть=неисправность",
           "ремонт узел=перископ", "правила_экипажа правила=подсказки", "время ускорение", "время реальное_время",
           "перекур старпом", "прекратить_огонь орудие", "присоединить наблюдение число=1",
           "срп источник=вручную пеленг=30 дистанция_м=1200 курс=90 скорость_уз=8 взрыватель=неконтактный",
           "перезарядка откуда=палуба помещение=1", "недуг механик-квадрат колода=удар_током раны=1",
           "повреждение пробоина отсек=4", "головоломка 4 решено", "переложить огнетушитель 5", "энигма отчёт=погода",
           "обнулить диск_пеленг", "снять механик-шестиугольник", "поставить механик-шестиугольник 5",
           "уладить_ход механик-шестиугольник вернуть", "шкала телеграф средний"],
}


@pytest.fixture(scope="module")
def english_values() -> tuple[str, str]:
    return console_played("en", VALUES["en"])


@pytest.mark.parametrize("code", ["de", "ru"])
def test_values_typed_in_german_or_russian_give_the_events_of_the_english_ones(english_values, code):
    """Fixed values (a telegraph position, a figure, a condition, a component, the weather ...) typed in the table's
    words give the English ids: the event log of the same lines typed in English, byte for byte."""
    said, log = console_played(code, VALUES[code])
    assert log == english_values[1]
    for line in ('"speed": "half_ahead"', '"kind": "fog"', '"condition": "fire"', '"component": "periscope"',
                 '"severity": "failure"', '"rules": "advise"', '"pistol": "magnetic"', '"from": "deck"',
                 '"report": "weather"', '"choice": "put_back"'):
        assert line in log, line
    refused = {"de": ("ist keiner von", "kein Feld", "unbekannt"), "ru": ("не из", "нет поля", "неизвестная")}[code]
    assert not any(word in said for word in refused), said


@pytest.mark.parametrize("code", ["de", "ru"])
def test_the_english_values_work_at_every_table(english_values, code):
    """A German or Russian table also takes the values' English ids, with the same events."""
    assert console_played(code, VALUES["en"])[1] == english_values[1]


def test_an_english_table_types_the_telegraphs_short_words_as_a_german_one_does():
    """The telegraph's positions have a short word at every table, declared once (`speed half` as `fahrt halbe` and
    `скорость средний`): typed in English they give the events of the ids."""
    ids = ["mobilize", "place navigator-square 8", "end_mobilize", "speed half_ahead", "speed full_ahead",
           "speed slow_ahead", "telegraph full_astern", "dial telegraph half_ahead"]
    short = ["mobilize", "place navigator-square 8", "end_mobilize", "speed half", "speed full", "speed slow",
             "telegraph astern", "dial telegraph half"]
    said, log = console_played("en", short)
    assert "is not one of" not in said, said
    assert log == console_played("en", ids)[1]
    for speed in ("half_ahead", "full_ahead", "slow_ahead"):
        assert f'"speed": "{speed}"' in log, speed
    said = console_typed("en", "help speed")  # help names them beside the ids
    assert "astern (full_astern), stop, slow (slow_ahead), half (half_ahead), full (full_ahead)" in said, said


@pytest.mark.parametrize(("code", "line", "lines"), [
    ("de", "hilfe fahrt", ["fahrt zurück|stopp|langsam|halbe|volle", "[zurück (full_astern), stopp (stop), langsam "
                           "(slow_ahead), halbe (half_ahead), volle (full_ahead);", "  Beispiel: fahrt langsam"]),
    ("ru", "помощь скорость", ["скорость назад|стоп|малый|средний|полный", "средний (half_ahead)",
                               "  пример: скорость малый"]),
    ("de", "hilfe setzen", ["navigator-quadrat (navigator-square)", "  Beispiel: setzen maschinist-quadrat 5"]),
    ("ru", "помощь ремонт", ["  пример: ремонт узел=перископ", "пожар (fire)"]),
    ("de", "hilfe prüfen", ["  Beispiel: prüfen fahrt halbe"]),
    ("ru", "помощь контакты", ["контакты [ближние|новые|опознанные]", "  пример: контакты новые"]),
    ("en", "help speed", ["speed full_astern|stop|slow_ahead|half_ahead|full_ahead", "  example: speed slow_ahead"]),
])
def test_help_command_names_the_values_in_the_tables_words(code, line, lines):
    """`help COMMAND` lists a field's values as the table types them, each with its English id, and its example
    uses them."""
    said = console_typed(code, line)
    for text in lines:
        assert text in said, (text, said)


@pytest.mark.parametrize(("code", "lines"), [
    ("en", ["the commands; help COMMAND shows its fields; help commands: every game command",
            "(also ?ORDER)", "send any game command with key=value fields (help commands lists them)"]),
    ("de", ["die Kommandos; hilfe KOMMANDO zeigt seine Felder; hilfe kommandos: alle Spielkommandos",
            "(auch ?BEFEHL)", "Feldern Schlüssel=Wert senden (hilfe kommandos listet sie auf)"]),
    ("ru", ["команды; помощь КОМАНДА показывает её поля; помощь команды: все игровые команды",
            "(также ?ПРИКАЗ)", "с полями ключ=значение (их список: помощь команды)"]),
])
def test_the_help_check_and_do_summaries_name_the_tables_words(code, lines):
    """The summaries of `help`, `check` and `do` name `help COMMAND`, `?ORDER` and `help commands` as the table
    types them (and those lines work: `hilfe kommandos` is tested above)."""
    said = console_typed(code, {"en": "help", "de": "hilfe", "ru": "помощь"}[code])
    for text in lines:
        assert text in said, (text, said)
    assert "help commands" not in said or code == "en"


@pytest.mark.parametrize(("code", "said"), [
    ("en", "Warning: square navigator is still on the bridge or deck and dies in the dive; mobilize and bring him "
           "down first."),
    ("de", "Achtung: Navigator-Quadrat ist noch auf Brücke oder Deck und stirbt beim Tauchen; erst mobilisieren und "
           "ihn hereinholen."),
    ("ru", "Внимание: штурман-квадрат ещё на мостике или палубе и погибнет при погружении; сначала «смена_позиций», "
           "потом уведите его вниз."),
])
def test_the_dive_warning_names_the_mobilize_command_as_the_table_types_it(code, said):
    """Rulebook §3: a lookout left on the bridge dies in the dive. `?dive` warns of it and names the command that
    brings him down as the player types it at that table."""
    lines = [in_words(line, language(code)) for line in ("mobilize", "place navigator-square 8", "end_mobilize",
                                                          "observe count=1")]
    assert said in console_typed(code, *lines, "?" + find("dive").local(language(code)))


@pytest.mark.parametrize(("code", "said"), [
    ("en", "Mobilize and bring him down first."),
    ("de", "erst Mobilisieren und ihn hereinholen."),
    ("ru", "сначала «Смена позиций», потом уведите его вниз."),
])
def test_the_windows_dive_warning_names_its_mobilize_button(code, said):
    """The window's order sheet shows the same warning (`order_warnings`): there it names the Mobilize button."""
    from kaleun.uboot.game import new_game
    from kaleun.ui.order_warnings import order_warnings

    game = new_game(0)
    warnings = order_warnings(game, {"order": "dive", "params": {}, "left_outside": ["navigator-square"]})
    assert said in language(code).render(warnings[0])


@pytest.mark.parametrize(("code", "said"), [
    ("en", "To settle it: mobilize (pays the Mobilize), or move_fix engineer-hexagon put_back."),
    ("de", "So klärt man es: mobilisieren (bezahlt das Mobilisieren) oder zug_klären maschinist-sechseck "
           "zurückstellen."),
    ("ru", "Как это уладить: смена_позиций (оплачивает смену позиций) или уладить_ход механик-шестиугольник вернуть."),
])
def test_a_move_without_mobilize_is_settled_with_the_tables_words(code, said):
    """Rulebook §6.4: a figure moved without a Mobilize is paid for or put back; the console's hint names the line
    to type in the table's words."""
    lift, place = (in_words(line, language(code)) for line in ("lift engineer-hexagon", "place engineer-hexagon 5"))
    assert said in console_typed(code, lift, place)


@pytest.mark.parametrize("code", ["de", "ru"])
def test_every_value_word_names_one_value(code):
    """A field's value words (its own and the window's names) each name one of its values, never another value's
    English id, and every value shown is one the field takes back."""
    lang = language(code)
    for action in (*ACTIONS, *CONSOLE):
        for f in action.fields:
            words = f.choice_words(lang)
            assert not set(words) & {c.lower() for c in f.choices}, (action.name, f.name)
            for choice in f.choices:
                assert f.read(f.choice_local(choice, lang), lang) in (choice, [choice]), (action.name, f.name, choice)


@pytest.mark.parametrize(("code", "words"), [
    ("de", ["halbe", "halb_voraus", "halbe_fahrt_voraus", "Halbe_Fahrt_Voraus", "half_ahead"]),
    ("ru", ["средний", "средний_вперёд", "средний_вперед", "half_ahead"]),
])
def test_a_telegraph_position_is_typed_as_the_console_or_the_window_says_it(code, words):
    """The console's word (`halbe`), the telegraph's scale on the window (`HALB VORAUS`), its order sheet (`halbe
    Fahrt voraus`) and the id all give the same order."""
    speed = find("speed").local(language(code))
    said = {console_typed(code, f"{speed} {word}") for word in words}
    assert len(said) == 1 and {"de": "halbe Fahrt voraus", "ru": "средний вперёд"}[code] in said.pop()


@pytest.mark.parametrize(("code", "line", "moved"), [
    ("de", "setzen navigator-quadrat 8", "  navigator-quadrat: Sektion 4 → 8."),
    ("ru", "поставить штурман-квадрат 8", "  штурман-квадрат: отсек 4 → 8."),
])
def test_the_first_steps_name_the_lookout_as_the_table_types_him(code, line, moved):
    """The first steps (the end of `help`) put a lookout on the bridge with a line in the table's words, figure
    included, and that line does it."""
    assert line in console_typed(code, {"de": "hilfe", "ru": "помощь"}[code])
    assert moved in console_typed(code, find("mobilize").local(language(code)), line)


@pytest.mark.parametrize(("code", "figure", "waiting", "card"), [
    ("de", "  navigator-sechseck ", "(leiden verletzung=1 stapel=wunden ...)",
     "leiden verletzung=1 stapel=wunden wunden=1"),
    ("ru", "  штурман-шестиугольник ", "(недуг ранение=1 колода=ранения ...)",
     "недуг ранение=1 колода=ранения раны=1"),
])
def test_the_crew_view_names_figures_and_the_card_line_as_the_table_types_them(code, figure, waiting, card):
    """Rulebook §6.14: an injury waits for its card. The crew view lists the figures as the table types them and
    says the line that enters the card in the table's words; typed so, the card is entered."""
    lang = language(code)
    said = console_typed(code, in_words("damage crew sections=4", lang), find("crew", CONSOLE).local(lang), card)
    assert figure in said and waiting in said, said
    assert {"de": "Karte Wunden, 1 Rotes Kreuz.", "ru": "1 красный крест."}[code] in said, said


@pytest.mark.parametrize(("code", "line", "said"), [
    ("de", "karte AL28 AL29", "! karte: ein Quadrat der strategischen Karte angeben, z. B. karte AL28"),
    ("ru", "карта XX99", "! карта: квадрата «XX99» нет на стратегической карте"),
])
def test_the_chart_refusals_name_the_chart_command_as_typed(code, line, said):
    assert said in console_typed(code, line)


@pytest.mark.parametrize(("code", "lines"), [
    ("de", ["mobilisieren", "setzen navigator-quadrat 8", "setzen navigator-dreieck 8", "auf_stationen",
            "beobachter anzahl=1", "hinzu Beobachter anzahl=1"]),
    ("ru", ["смена_позиций", "поставить navigator-square 8", "поставить navigator-triangle 8", "позиции_заняты",
            "сигнальщики число=1", "присоединить сигнальщики число=1"]),
])
def test_more_lookouts_join_by_the_rulebooks_word_for_them(code, lines):
    """§6.3 (lookouts): more sailors join the lookouts as the crew says it, German `hinzu Beobachter` (the word the
    order `beobachter` and the window's "Mehr Beobachter" use; it was refused as not one of `beobachtung,
    reparatur`), Russian `сигнальщики`; the English `join lookouts` too, all with the events of `join observation`."""
    english = ["mobilize", "place navigator-square 8", "place navigator-triangle 8", "end_mobilize", "observe count=1"]
    said, log = console_played(code, lines)
    assert "Lookouts on the bridge: 2." in log and "refused" not in log, said
    assert log == console_played("en", [*english, "join observation count=1"])[1], said
    assert console_played("en", [*english, "join lookouts count=1"])[1] == log


@pytest.mark.parametrize(("code", "line"), [("en", "observe 2"), ("de", "beobachter 2"), ("ru", "сигнальщики 2")])
def test_the_lookouts_count_is_typed_without_its_name(code, line):
    """§6.3: how many lookouts go up is typed as the other orders' one value is (`tiefe 80`, `los 1,2`): German
    `beobachter 2` was refused with "was ist „2“?"; it gives the events of `observe count=2`."""
    start = {"en": ["mobilize", "place navigator-square 8", "place navigator-triangle 8", "end_mobilize"],
             "de": ["mobilisieren", "setzen navigator-quadrat 8", "setzen navigator-dreieck 8", "auf_stationen"],
             "ru": ["смена_позиций", "поставить navigator-square 8", "поставить navigator-triangle 8",
                    "позиции_заняты"]}[code]
    said, log = console_played(code, [*start, line])
    assert "2 lookouts on the bridge" in log, said
    assert log == console_played("en", [*start[:0], *start, "observe count=2"] if code == "en" else
                                 ["mobilize", "place navigator-square 8", "place navigator-triangle 8", "end_mobilize",
                                  "observe count=2"])[1]


@pytest.mark.parametrize(("code", "line"), [
    ("de", "mannschaftsregeln schwierigkeit=erster_offizier:leicht,erster_maschinist:schwer"),
    ("de", "mannschaftsregeln schwierigkeit=offizier:leicht,maschinist:schwer"),
    ("en", "crew_options difficulty=first_officer:easy,chief_engineer:hard"),
    ("ru", "правила_экипажа сложность=старпом:лёгкая,механик:трудная"),
])
def test_a_role_is_typed_by_the_posts_name_the_set_up_asks_for(code, line):
    """§5.3 difficulty per role: the set-up asks "Schwierigkeit – Erster Offizier", "… – Erster Maschinist"; the
    crew rules take the post so named (`erster_offizier:leicht` was refused: only `offizier` was taken)."""
    said, log = console_played(code, [line])
    assert '"difficulty": {"captain": "normal", "officer": "easy", "navigator": "normal", "engineer": "hard"}' in log, \
        said
