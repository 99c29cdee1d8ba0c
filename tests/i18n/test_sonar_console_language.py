"""The First Officer's console, languages for Captain Sonar (Captain Sonar, interfaces for a real table): everything a
team reads at its console — `status`, `map`, `board`, `track`, `help`, `help COMMAND`, the refusals of malformed lines,
the prompt — is in the table's language (`--language`, `Runtime.language`); courses may be typed in it
(German N O S W as the rulebook's "Bereich (N/S/O/W)", Russian С В Ю З), the English ids work at
every table, and the game (its scripts and logs) only ever sees the ids."""

from __future__ import annotations

import io
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest
from kaleun.core.messages import Msg
from kaleun.games import make_table
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_commands import COMMANDS
from kaleun.ui.sonar_console import TeamConsole

VIEWS = ("status", "map", "board", "track", "help", "help course", "help silence", "help repair")

#: words typed at the console (command and field ids, choices) and names that stay as they are
TYPED = {word.lower() for c in COMMANDS for word in (c.name, *c.aliases, *(f.name for f in c.fields),
                                                       *(ch for f in c.fields for ch in f.choices))}
NAMES = {"json", "team", "training-aid", "archer", "echo", "first_mate", "radio_operator", "captain", "engineer"}
#: German words spelled as the English ones in the same place
SAME_IN_GERMAN = {"mine", "torpedo", "sonar", "route", "system", "symbol", "west", "teams"}


class Table:
    """A Captain Sonar game in real time with both teams' consoles at a table of `language`."""

    def __init__(self, language: str) -> None:
        game = new_game(4, "alpha", "realtime")
        self.runtime = Runtime(game, make_table(game, None), [], clock=lambda: 0.0)
        self.runtime.language = language
        self.events: list = []
        self.runtime.listeners.append(self.events.append)
        self.out = {team: io.StringIO() for team in ("yellow", "blue")}
        self.seat = {team: TeamConsole(self.runtime, team, io.StringIO(), self.out[team], interactive=False)
                     for team in self.out}
        self.runtime.step()

    def type(self, team: str, line: str) -> str:
        """What `team`'s console printed for `line`."""
        start = len(self.out[team].getvalue())
        self.seat[team].handle(line)
        self.runtime.step()
        return self.out[team].getvalue()[start:]


def played(language: str) -> dict[str, str]:
    """Each of yellow's views after a few moves (yellow moved east and broke its weapons, blue went
    north), blue's status while its crew is awaited, yellow's status surfaced in real time with a
    hull section outlined."""
    table = Table(language)
    table.type("yellow", "start B2")
    table.type("blue", "start N12")
    for line in ("e", "mark torpedo", "cross E1"):
        table.type("yellow", line)
    table.type("blue", "n")
    said = {view: table.type("yellow", view) for view in VIEWS}
    said["status waiting"] = table.type("blue", "status")  # blue's First Mate and Engineer are awaited
    table.type("yellow", "surface")
    table.type("yellow", "repair 1 engineer")
    said["status surfaced"] = table.type("yellow", "status")
    table.runtime.close()
    return said


@pytest.fixture(scope="module")
def english() -> dict[str, str]:
    return played("en")


def latin_words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z_'-]{2,}", text)}


def leftovers(english_text: str, text: str, same: set[str]) -> set[str]:
    """English words of `english_text` still in `text`, but the typed ids and names."""
    return (latin_words(english_text) & latin_words(text)) - TYPED - NAMES - same


@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_console_view_is_in_the_tables_language(english, language):
    """status, map, board, track, help and help COMMAND leave no English word behind (but the
    typed ids and names); a Russian view has no Latin word but those at all."""
    said = played(language)
    for view, text in said.items():
        assert text.strip() and text != english[view], view
        same = SAME_IN_GERMAN if language == "de" else set()
        assert leftovers(english[view], text, same) == set(), (view, text)
        if language == "ru":
            assert latin_words(text) - TYPED - NAMES - {"alpha"} == set(), (view, text)


def test_the_views_say_concretely_what_they_show(english):
    german, russian = played("de"), played("ru")
    assert "Boat at C2, sector 1; damage 0; submerged." in english["status"]
    assert "Boot auf C2, Sektor 1; Schaden 0; getaucht." in german["status"]
    assert "Лодка на C2, сектор 1; повреждения 0; в подводном положении." in russian["status"]
    assert "Mine [...] (defekt)  Torpedo [x..] (defekt)  Drohne [....]" in german["status"]
    assert "мина [...] (не работает)  торпеда [x..] (не работает)  дрон [....]" in russian["status"]
    assert "Ausgefallen: Mine, Torpedo." in german["status"] and "Неисправны: мина, торпеда." in russian["status"]
    assert "Umrandete Reparaturen: 1 (Maschinist)." in german["status surfaced"]
    assert "Обведённые секции: 1 (механик)." in russian["status surfaced"]
    assert ("Waiting: the First Mate marks a gauge and the Engineer crosses a symbol of the north section."
            in english["status waiting"])
    assert "Warten: der Erste Offizier markiert eine Anzeige und " in german["status waiting"]
    assert "Ожидание: старпом отмечает шкалу и механик зачёркивает символ секции север." in russian["status waiting"]
    assert "@ Boot  + Route" in german["map"] and "@ лодка  + маршрут" in russian["map"]
    assert "Nord: " in german["board"] and "восток: [E1:К~]" in russian["board"]
    assert german["track"].startswith("Blau: N") and russian["track"].startswith("«Синие»: С")


@pytest.mark.parametrize(("language", "lines"), [
    ("de", ["schleichfahrt KURS STRECKE", "  Schleichfahrt 1 bis 4 Felder geradeaus", "  auch: silence",
            "  richtung: ein Kurs [N, E, S, W, O; erforderlich; auch als richtung=Wert]",
            "  strecke: Felder, 1 bis 4 [erforderlich; auch als strecke=Wert]", "  Beispiel: schleichfahrt O 3"]),
    ("ru", ["тишина КУРС РАССТОЯНИЕ", "  тишина: пройти от 1 до 4 клеток по прямой", "  также: silence",
            "  направление: курс [N, E, S, W, С, В, Ю, З; обязательно; или как направление=значение]",
            "  расстояние: клеток, от 1 до 4 [обязательно; или как расстояние=значение]", "  пример: тишина В 3"]),
    ("en", ["silence DIRECTION DISTANCE", "  run silent 1 to 4 cells in a straight line",
            "  direction: a course [N, E, S, W; required; also as direction=value]",
            "  distance: cells, 1 to 4 [required; also as distance=value]",
            "  example: silence E 3"]),
])
def test_help_command_shows_its_fields_in_the_tables_language(english, language, lines):
    said = english if language == "en" else played(language)
    assert said["help silence"].splitlines()[:len(lines)] == lines


@pytest.mark.parametrize(("language", "line", "refusal"), [
    ("de", "course", "! Aufruf: kurs KURS [markieren=SYSTEM] [kreuzen=SYMBOL]"),
    ("ru", "course", "! использование: курс КУРС [отметить=СИСТЕМА] [зачеркнуть=СИМВОЛ]"),
    ("de", "fly away", "! unbekanntes Kommando „fly“: hilfe eingeben"),
    ("ru", "fly away", "! неизвестная команда «fly»: введите помощь"),
    ("de", "repair 1 2 3", "! Aufruf: reparieren ABSCHNITT [WER]"),
    ("ru", "drone", "! использование: дрон СЕКТОР [кем=КТО]"),
    ("de", '{"do": "start", "team": "blue", "cell": "A1"}', "! diese Konsole spricht nur für Gelb"),
    ("ru", '{"do": "start", "team": "blue", "cell": "A1"}', "! эта консоль говорит только за команду «Жёлтые»"),
    ("de", "help sail", "! hilfe: kein Kommando „sail“: hilfe eingeben"),
    # a value's problem names the field and the choices as this table types them
    ("de", "schleichfahrt O 0", "! schleichfahrt: strecke muss mindestens 1 sein, nicht 0"),
    ("de", "drohne neun", "! drohne: Feld „sektor“ muss eine ganze Zahl sein, nicht 'neun'"),
    ("ru", "ремонт 5 механик", "! ремонт: секция — от 1 до 4, а не 5"),  # not "секция должно быть"
    ("ru", "отметить лазер", "! отметить: система «лазер» не из списка: мина, торпеда, дрон, сонар, тишина, "
                             "система_сценария, сценарий, mine, torpedo, drone, sonar, silence, scenario"),
    ("en", "course", "! usage: course DIRECTION [mark=SYSTEM] [cross=SYMBOL]"),
])
def test_a_malformed_command_is_refused_in_the_tables_language(home, language, line, refusal):
    table = Table(language)
    try:
        said = table.type("yellow", line)
    finally:
        table.runtime.close()
    assert said.strip() == refusal
    assert referee(table.runtime.game).teams["blue"].position is None


@pytest.mark.parametrize(("language", "east", "north"), [
    ("de", "o", "N"), ("de", "Ost", "nord"), ("ru", "в", "С"), ("ru", "восток", "север"), ("de", "e", "n"),
    ("ru", "e", "n")])
def test_2_courses_are_typed_in_the_tables_letters_and_words_and_reach_the_game_as_ids(home, language, east, north):
    """§2 courses N/S/E/W: at a German table also N O S W and Nord, Ost, Süd, West; at a Russian one
    С В Ю З and север ...; the English ids everywhere. The game's events carry the ids."""
    table = Table(language)
    try:
        table.type("yellow", "start B2")
        table.type("blue", "start N12")
        table.type("yellow", east)
        table.type("yellow", "mark torpedo")
        table.type("yellow", "cross " + {"de": "O1", "ru": "В1"}[language] if east != "e" else "cross E1")
        table.type("yellow", f"course {north}")
        state = referee(table.runtime.game).teams["yellow"]
        courses = [e.data["direction"] for e in table.events if e.name == "course"]
    finally:
        table.runtime.close()
    assert courses == ["E", "N"]
    assert "E1" in state.board.crossed and state.position == (2, 0)


def test_a_word_of_another_language_is_no_course_there(home):
    """Only the table's own language besides English: the German O is no course at a Russian table
    (the game refuses it by name), and the prompt names the team in the table's language."""
    table = Table("ru")
    try:
        table.type("yellow", "start B2")
        said = table.type("yellow", "course O")
        table.seat["yellow"].interactive = True
        table.seat["yellow"].prompt()
    finally:
        table.runtime.close()
    assert said.startswith("! ") and "O" in said
    assert table.out["yellow"].getvalue().endswith("жёлтые> ")


@pytest.mark.parametrize(("language", "letters"), [("en", "NWES"), ("de", "NWOS"), ("ru", "СЗВЮ")])
def test_the_windows_course_pad_shows_the_same_letters(home, language, letters):
    """The Captain's course pad on the team's screen shows the letters the console takes."""
    import pygame
    from kaleun.ui.sonar_screen import Hit
    from kaleun.ui.sonar_session import make_sonar_runtime
    from kaleun.ui.sonar_window import SonarWindow

    pygame.font.init()
    runtime = make_sonar_runtime(new_game(2, "alpha", "realtime"), language=language)
    try:
        window = SonarWindow(runtime, ["yellow"], size=(800, 480))
        runtime.step()
        screen = window.screens[0]
        shown: dict[str, str] = {}
        draw = screen.button

        def button(surface, rect, text, hit, *args, **kwargs):  # type: ignore[no-untyped-def]
            if hit.kind == "course":
                shown[hit.value] = screen.text(text)
            draw(surface, rect, text, hit, *args, **kwargs)

        screen.button = button  # type: ignore[method-assign]
        window.render(pygame.Surface((800, 480)))
    finally:
        runtime.close()
    assert "".join(shown[d] for d in "NWES") == letters
    assert Hit("course", "E") in [h for _, h in screen.hits]


# -- the commands in the table's words -------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_command_and_field_has_one_word_of_its_own_in_the_tables_language(language):
    """Each command's and field's word is a catalogue entry (context `TYPED`): one word a player can type, no
    command's word is another's or a course, and every command is found by its word and by its English id."""
    from kaleun.i18n import language as lang_of
    from kaleun.ui.sonar_commands import command_words, course_words, find

    lang = lang_of(language)
    words = [c.local(lang) for c in COMMANDS]
    assert len(set(words)) == len(words), words
    assert not set(words) & set(course_words(language)), words
    assert all(w and " " not in w and "=" not in w for w in words), words
    assert sum(c.local(lang) != c.name for c in COMMANDS) >= len(COMMANDS) // 2  # translated, not left English
    for c in COMMANDS:
        assert find(c.local(lang), language) is c and find(c.name, language) is c
        fields = [f.local(lang) for f in c.fields]
        assert len(set(fields)) == len(fields) and all(" " not in f and "=" not in f for f in fields), fields
    assert set(command_words(language).values()) <= set(COMMANDS)


@pytest.mark.parametrize(("language", "lines"), [
    ("de", ["start B2", "kurs O markieren=Torpedo kreuzen=O1", "Kurs S", "markieren drohne", "kreuzen S1",
            "course s mark=drone cross=S2", "zünden B2", "drohne 1 von=erster_offizier", "status"]),
    ("ru", ["старт B2", "курс В отметить=торпеда зачеркнуть=В1", "Курс Ю", "отметить дрон", "зачеркнуть Ю1",
            "course s mark=drone cross=S2", "подрыв B2", "дрон 1 кем=старпом", "состояние"]),
])
def test_a_team_types_its_commands_in_the_tables_language_and_the_game_gets_the_ids(home, language, lines):
    """A German or Russian crew types `kurs`, `markieren`, `курс`, `отметить` and the fields' names as its
    catalogue says them, the systems and crew members as its status names them; the English words work too;
    the game (its events and the event log) only ever sees the ids."""
    table = Table(language)
    try:
        table.type("blue", "start N12")
        said = "".join(table.type("yellow", line) for line in lines)
        status = referee(table.runtime.game).team_status("yellow")
        courses = [e.data["direction"] for e in table.events if e.name == "course"]
        refused = [e.data for e in table.events if e.name == "refused"]
    finally:
        table.runtime.close()
    assert courses == ["E", "S", "S"], said
    assert status["cell"] == "C4" and status["crossed"] == ["E1", "S1", "S2"], said
    assert status["gauges"]["torpedo"][0] == 1 and status["gauges"]["drone"][0] == 2, said
    # the game understood the last two: no mine on B2, and the drone's gauge is not full yet
    assert [r.get("command") for r in refused] == ["detonate", "activate"], refused
    assert "! " + {"de": "unbekannter", "ru": "неизвестная"}[language] not in said
    assert {"de": "Boot auf C4", "ru": "Лодка на C4"}[language] in said


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_help_lists_the_words_the_table_types_and_every_refusal_names_one(home, language):
    """`help` begins each line with the command's word in the table's language, and that word runs the command;
    the refusals (an unknown word, a wrong number of values, a beginning of the word that leaves) name words
    this console takes."""
    from kaleun.i18n import language as lang_of
    from kaleun.ui.sonar_commands import find

    lang = lang_of(language)
    table = Table(language)
    try:
        listed = table.type("yellow", "help").splitlines()[1:len(COMMANDS) + 1]
        refusals = [table.type("yellow", line).strip() for line in ("fly", "course", "qu", "help fly")]
    finally:
        table.runtime.close()
    assert [line.split()[0] for line in listed] == [c.local(lang) for c in COMMANDS]
    for refusal in refusals:
        named = [w.strip("„“«»'.,:()") for w in refusal.split()]
        assert any(find(w, language) is not None and find(w, language).name in ("help", "course", "quit")
                   for w in named if w), refusal
    if language != "en":
        assert not any(w in refusal.split() for refusal in refusals for w in ("help", "course"))


@pytest.mark.parametrize(("language", "words"), [("de", ("Schleichfahrt", "szenario", "Szenario-System", "Drohne")),
                                                 ("ru", ("тишина", "сценарий", "система_сценария", "дрон"))])
def test_4_a_gauge_is_named_as_the_status_names_it_or_by_the_word_of_its_command(home, language, words):
    """§4 the First Mate marks one gauge per course: at a German or Russian table it is named as the status and
    the feed name it, or by the word of the command that activates it; the game gets the ids."""
    from kaleun.ui.sonar_commands import system_id

    assert [system_id(w, language) for w in words] == ["silence", "scenario", "scenario", "drone"]
    table = Table(language)
    try:
        table.type("yellow", "start B2")
        table.type("blue", "start N12")
        table.type("yellow", {"de": "kurs O kreuzen=O1", "ru": "курс В зачеркнуть=В1"}[language])
        table.type("yellow", f"{ {'de': 'markieren', 'ru': 'отметить'}[language]} {words[0]}")
        status = referee(table.runtime.game).team_status("yellow")
    finally:
        table.runtime.close()
    assert status["gauges"]["silence"][0] == 1


def test_a_russian_word_with_yo_is_also_typed_with_ye(home):
    """`вперёд` (Go, as the window's button says it) is typed `вперед` on most Russian keyboards: both lift the
    Stop!."""
    table = Table("ru")
    try:
        table.type("yellow", "старт B2")
        table.type("blue", "старт N12")
        table.type("yellow", "стоп")
        said = table.type("yellow", "вперед")
    finally:
        table.runtime.close()
    assert "«Стоп!»" in said and not said.startswith("!"), said
    assert referee(table.runtime.game).turns.frozen_by is None


def typed_line(command: dict, language: str) -> str:
    """A table script's command as a crew at a table of `language` types it: every command, field, course,
    system, symbol and crew member in the table's words (German `kurs O markieren=Drohne kreuzen=O1`)."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language as lang_of
    from kaleun.sonar.grid import COURSE_LETTERS
    from kaleun.sonar.team import SYSTEM_NAMES
    from kaleun.ui.sonar_commands import command as declared
    from kaleun.ui.sonar_commands import member_words, typed_word

    lang = lang_of(language)
    members = {member: text for text, member in member_words(language).items()}

    def word(name: str) -> str:
        return declared(name).local(lang)

    def key(name: str, field: str) -> str:
        return next(f.local(lang) for f in declared(name).fields if f.name == field)

    def letter(direction: str) -> str:
        return lang.text(COURSE_LETTERS[direction])

    def system(name: str) -> str:  # as the status names it at one table, by its command's word at the other
        return typed_word(Msg(SYSTEM_NAMES[name]), lang) if language == "de" else word(name)

    do = command["do"]
    if do == "course":
        extra = [f"{key('course', 'mark')}={system(command['mark'])}"] if "mark" in command else []
        if "cross" in command:
            extra.append(f"{key('course', 'cross')}={letter(command['cross'][0])}{command['cross'][1:]}")
        return " ".join([word("course"), letter(command["direction"]), *extra])
    if do == "mark":
        return f"{word('mark')} {system(command['system'])}"
    if do == "cross":
        return f"{word('cross')} {letter(command['symbol'][0])}{command['symbol'][1:]}"
    if do in ("start", "detonate"):
        return f"{word(do)} {command['cell']}"
    if do == "activate":
        name = command["system"]
        values = {"drone": [str(command.get("sector"))], "sonar": [],
                  "silence": [letter(str(command.get("direction", "N"))), str(command.get("distance"))]}
        line = [word(name), *values.get(name, [str(command.get("cell"))])]
        if "by" in command:
            line.append(f"{key(name, 'by')}={members[command['by']]}")
        return " ".join(line)
    if do == "sonar_answer":
        return " ".join([word("answer"), *(f"{key('answer', k)}={v}" for k, v in command.items()
                                           if k not in ("do", "team", "t"))])
    if do == "repair":
        return " ".join([word("repair"), str(command["section"]), members[command["by"]]])
    return word(do)  # surface, dive, stop, go, plot


@pytest.mark.parametrize(("language", "mode", "seed"), [("de", "turn", 1), ("ru", "realtime", 2),
                                                       ("de", "realtime", 3), ("ru", "turn", 4)])
def test_a_whole_random_game_typed_in_the_tables_words_is_the_game_its_script_plays(home, language, mode, seed):
    """A whole game (random crews, both modes: courses, marks, crosses, every system, Stop!, sonar answers,
    surfacing, the real-time repairs, mines set off; to the end or 60 moves a team) typed at the two team consoles
    in German or Russian words gives the game exactly the events its table script gives it: nothing typed in the
    table's language is lost, misread or refused for its words."""
    import random

    from kaleun.sonar.game import new_game
    from sonar.random_sonar import play_random

    script, expected = play_random(new_game(seed, "echo", mode), random.Random(seed), moves=60, blunders=0.0,
                                   aggression=0.5)
    game = new_game(seed, "echo", mode)
    runtime = Runtime(game, make_table(game, None), [], clock=lambda: 0.0)
    runtime.language = language
    got: list = []
    runtime.listeners.append(got.append)
    out = {team: io.StringIO() for team in ("yellow", "blue")}
    seats = {team: TeamConsole(runtime, team, io.StringIO(), out[team], interactive=False) for team in out}
    runtime.step()
    try:
        for line in script:
            seats[line["team"]].handle(typed_line(line, language))
            runtime.step()
    finally:
        runtime.close()
    said = "".join(o.getvalue() for o in out.values()).splitlines()
    assert [line for line in said if line.startswith("! ")] == []  # no line refused for its words
    assert [(e.name, e.data) for e in got] == [(e.name, e.data) for e in expected]
    # each team's console printed exactly the feed of the events that team may know, in the table's language, its
    # sentences about itself spoken to it (sonar.address)
    from kaleun.core.events import visible_to
    from kaleun.i18n import language as lang_of
    from kaleun.ui.sonar_text import feed_line

    for team, text in out.items():
        feed = [line for line in text.getvalue().splitlines() if line.startswith("[")]
        assert feed == [f"[{e.clock[11:]}] {feed_line(e, lang_of(language), team)}" for e in got
                        if e.feed is not None and visible_to(e, team)], team


def test_3_a_broken_or_ready_system_reads_right_beside_every_system_name_in_russian():
    """Digest §3/§4: a gauge of a broken system, in Russian. "Торпеда неисправно" put a neuter word beside a
    feminine name (as "Торпеда готово" did for a full gauge): the notes are words that agree with every system's
    name, the mine and the silence (feminine) as the drone and the sonar (masculine)."""
    from kaleun.i18n import language
    from kaleun.sonar.team import SYSTEM_NAMES
    from kaleun.ui.sonar_text import draw_gauges

    ru = language("ru")
    status = {"gauges": {s: (1, 3) for s in SYSTEM_NAMES}, "broken": list(SYSTEM_NAMES)}
    line = draw_gauges(status, ru)
    for system in SYSTEM_NAMES:
        assert f"{ru.text(SYSTEM_NAMES[system])} [x..] (не работает)" in line, line
    for note in ("broken", "ready"):
        assert not ru.render(Msg(note)).endswith("о"), ru.render(Msg(note))  # no neuter short form (неисправно)
