"""The First Officer's console, languages: a mistake typed at the console or sent from a window's order sheet is told in
the table's language, and a field's problem names the order ("fire_torpedoes: tubes ..."), not the
`order` command carrying it; scripts and the event log keep the English text."""

from __future__ import annotations

import pytest
from kaleun.core.args import Args
from kaleun.core.errors import CommandError
from kaleun.uboot.game import new_game
from kit import console_typed

typed = console_typed


@pytest.mark.parametrize(("language", "line", "said"), [
    # the command and its field are named as the table types them (the English word typed works too)
    ("ru", "course abc", "! курс: курс — целое число от 0 до 359, а не «abc»"),
    ("de", "course abc", "! kurs: kurs muss eine ganze Zahl von 0 bis 359 sein, nicht „abc“"),
    ("ru", "курс abc", "! курс: курс — целое число от 0 до 359, а не «abc»"),
    ("ru", "fly away", "! неизвестная команда «fly»: введите помощь"),
    ("de", "speed warp", "! fahrt: fahrt „warp“ ist keiner von: zurück, stopp, langsam, halbe, volle"),
    ("ru", '{"do": "order", "order": "fire_torpedoes", "tubes": "x"}',
     "! fire_torpedoes: tubes — список номеров аппаратов 1–5, а не 'x'"),
    ("de", '{"do": "order", "order": "new_course", "course": "abc"}',
     "! new_course: Feld „course“ muss eine ganze Zahl sein, nicht 'abc'"),
    ("en", '{"do": "order", "order": "new_course", "course": "abc"}',
     "! new_course: field 'course' must be a whole number, got 'abc'"),
    # the engine's own refusals (a command it does not know, a line without `do`)
    ("de", '{"do": "fly"}', "! unbekanntes Kommando „fly“ (bekannt: adjust_command, "),
    ("ru", '{"t": 1}', "! команде нужно поле «do», говорящее, что делать"),
    ("en", '{"do": "fly"}', "! unknown command 'fly' (known: adjust_command, "),
])
def test_a_mistake_is_told_in_the_table_language(language: str, line: str, said: str) -> None:
    assert said in typed(language, line)


def test_a_field_problem_names_the_order_for_scripts_too() -> None:
    game = new_game(0)
    with pytest.raises(CommandError) as err:
        game.apply({"do": "order", "order": "fire_torpedoes", "tubes": "x"})
    assert str(err.value).startswith("fire_torpedoes: tubes must be a list of tube numbers")
    with pytest.raises(CommandError, match=r"^flood_tubes: needs the field 'x'$"):
        Args({"do": "order", "order": "flood_tubes"}).str("x")
    with pytest.raises(CommandError, match=r"^place: unknown field\(s\) 'sectoin'$"):
        Args({"do": "place", "sectoin": 3}).finish()


@pytest.mark.parametrize(("language", "words"), [
    ("en", "for {minutes} minutes"), ("de", "seit {minutes} Minuten"), ("ru", "{minutes} мин"),
])
def test_4_2_help_return_says_how_long_the_quiet_before_a_return_to_base_lasts(language: str, words: str) -> None:
    """§4.2 return to base only out of combat: `help return` gives the quiet time the refusal asks
    for, read from mission_rules.toml."""
    from kaleun.uboot import data
    from kaleun.uboot.mission import QUIET_S

    minutes = data.load("mission_rules")["combat"]["quiet_min"]
    assert minutes * 60 == QUIET_S
    assert words.format(minutes=minutes) in typed(language, "help return")


@pytest.mark.parametrize(("language", "figure", "name"), [("en", "navigator-square", "Navigator"),
                                                      ("de", "navigator-quadrat", "Navigator"),
                                                      ("ru", "штурман-квадрат", "Штурман")])
def test_6_5_the_order_assistant_names_each_sailor_as_the_crew_list_does(language: str, figure: str,
                                                                         name: str) -> None:
    """§6.5: `?ORDER` lists who would carry the order out. Its sailor column gave the game's own id of the sailor
    ("navigator-square/1"), English at a German or Russian table, where `crew` names him ("Штурман"); the figure
    column names the figure as the table types it, as `crew` does (`штурман-квадрат`; English words work too)."""
    said = typed(language, "mobilize", "place navigator-square 8", "?observe")
    row = next(line.split() for line in said.splitlines() if line.strip().startswith(f"{figure} "))
    assert row[:3] == [figure, name, "8"], said
    assert "navigator-square/1" not in said
    assert figure in typed(language, "crew")


@pytest.mark.parametrize(("language", "line", "said"), [
    # the game's and the table's own refusals begin as the console's do: the command as the table types it, unquoted
    ("en", "target c9", "! target: no contact 'c9' (contacts: none yet)"),
    ("de", "ziel c9", "! ziel: kein Kontakt „c9“ (Kontakte: noch keine)"),
    ("ru", "цель c9", "! цель: нет контакта «c9» (контакты: пока нет)"),
    ("en", "press pause", "! press: the board 'Simulated table' has no buttons"),
    ("de", "drücken pause", "! drücken: das Board 'Simulated table' hat keine Taster"),
    ("en", "home disc_bearing", "! home: the attack disc, top pointer"),
    ("de", "nullstellen scheibe_peilung", "! nullstellen: Angriffsscheibe, oberer Zeiger"),
    ("de", "beobachter figuren=navigator-quadrat anzahl=2", "! beobachter: entweder die Figuren"),
])
def test_a_refusal_of_the_game_names_its_command_in_the_console_style(language: str, line: str, said: str) -> None:
    out = typed(language, line)
    assert said in out, out
    assert "'target'" not in out and "'press'" not in out and "'home'" not in out


@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "reparieren", "! reparieren: sagen, was repariert wird: ein Bauteil (bauteil=funkanlage), ein Zustand "
                         "in einer Sektion (zustand=feuer sektion=3) oder ein Hüllenbruch (hüllenbruch=3)"),
    ("ru", "ремонт", "! ремонт: укажите, что ремонтировать: узел (узел=радиостанция), состояние в отсеке "
                     "(авария=пожар отсек=3) или пробоину корпуса (пробоина=3)"),
    ("en", "repair", "! repair: say what to repair: a component (component=radio), a condition in a section "
                     "(condition=fire section=3) or a hull breach (breach=3)"),
])
def test_a_repair_without_a_target_gives_examples_the_table_can_type(language: str, line: str, said: str) -> None:
    """§10.3: a repair names a component, a condition in a section or a breach; the refusal's examples are in the
    table's words, so typing one of them works."""
    assert said in typed(language, line)


@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "tdc entfernung_sm=99,5", "! tdc: entfernung_sm muss von 0,03 bis 13,5 reichen, nicht 99,5"),
    ("ru", "срп дистанция_мили=99,5", "от 0,03 до 13,5"),
    ("de", "hilfe tdc", "entfernung_sm: Entfernung, Seemeilen [von 0,03 bis 13,5;"),
    ("en", "tdc range_nm=99.5", "! tdc: range_nm must be from 0.03 to 13.5, not 99.5"),
])
def test_bounds_are_written_with_the_tables_decimal_sign(language: str, line: str, said: str) -> None:
    """§12 (the TDC's range): a field's bounds, in help and in a refusal, use the decimal sign the table writes."""
    assert said in typed(language, line)


def test_a_german_crew_types_a_decimal_comma() -> None:
    """§12: `entfernung_sm=0,5` at a German table is half a sea mile, as `range_nm=0.5` is at an English one."""
    heard: list = []
    typed("de", "tdc quelle=manuell peilung=10 entfernung_sm=0,5 kurs=90 fahrt_kn=8", heard=heard)
    english: list = []
    typed("en", "tdc source=manual bearing=10 range_nm=0.5 course=90 speed_kn=8", heard=english)
    assert [e.name for e in heard] == [e.name for e in english]
    assert [e.data for e in heard] == [e.data for e in english]
    assert "0,5" not in str([e.data for e in heard])


@pytest.mark.parametrize(("language", "lines", "said", "absent"), [
    ("de", ["reparieren bauteil=periskop erweitert=ja"], "[04:00:00] Reparatur abgelehnt", "erweitert muss"),
    ("de", ["reparieren bauteil=periskop erweitert=vielleicht"],
     "! reparieren: erweitert muss ja oder nein sein, nicht „vielleicht“", "true"),
    ("ru", ["ремонт узел=перископ усиленный=Да"], "[04:00:00] Ремонт: отказано", "усиленный —"),
    ("ru", ["ремонт узел=перископ усиленный=может"], "! ремонт: усиленный — да или нет, а не «может»", "true"),
    ("de", ["hilfe reparieren"], "[erweitert=ja|nein]", "true|false"),
    ("ru", ["помощь ремонт"], "[усиленный=да|нет]", "true|false"),
    ("en", ["help repair"], "[advanced=true|false]", "yes|no"),
])
def test_a_yes_or_no_field_takes_the_tables_words(language: str, lines: list[str], said: str, absent: str) -> None:
    """§10.3.3 (an engineer card's advanced effect on a repair): a yes-or-no field is typed `ja`/`nein` at a German
    table, `да`/`нет` at a Russian one, and help and its refusal show those words."""
    out = typed(language, *lines)
    assert said in out and absent not in out


@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "hilfe", "  beobachter [ANZAHL] [Schlüssel=Wert ...]"),
    ("ru", "помощь", "  сигнальщики [ЧИСЛО] [ключ=значение ...]"),
    ("en", "help", "  observe [COUNT] [key=value ...]"),
])
def test_help_writes_its_key_value_placeholder_in_the_tables_language(language: str, line: str, said: str) -> None:
    """The console's help (host README, "The text console") shows every placeholder in the table's words."""
    assert said in typed(language, line)


@pytest.mark.parametrize(("language", "line"), [
    ("de", "mannschaftsregeln schwierigkeit=kapitän:schwer,offizier:leicht leichter_wachwechsel=offizier:ja"),
    ("ru", "правила_экипажа сложность=командир:трудная,старпом:лёгкая лёгкая_смена_вахты=старпом:да"),
    ("en", "crew_options difficulty=captain:hard,officer:easy easy_watch_change=officer:true"),
    ("en", """crew_options difficulty='{"captain":"hard","officer":"easy"}' easy_watch_change='{"officer":true}'"""),
])
def test_the_difficulty_per_role_is_typed_in_the_tables_words(language: str, line: str) -> None:
    """§5.3 (a difficulty for each role) and §6.8 (the easy watch change for a role on easy): typed as role:value
    pairs in the table's words (JSON still works), with the same effect at every table."""
    game = new_game(0)
    out = typed(language, line, game=game)
    assert "!" not in out and "abgelehnt" not in out and "отказано" not in out, out
    crew = game.module("crew")
    assert crew.difficulty["captain"] == "hard" and crew.difficulty["officer"] == "easy"
    assert crew.easy["officer"] is True


@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "hilfe mannschaftsregeln",
     "[schwierigkeit=kapitän:schwer,offizier:leicht] [leichter_wachwechsel=offizier:ja]"),
    ("ru", "правила_экипажа сложность=командир:ужас", "! правила_экипажа: сложность: «ужас» — не из списка: лёгкая, "
                                                     "обычная, трудная"),
    ("de", "mannschaftsregeln schwierigkeit=schwer", "! mannschaftsregeln: schwierigkeit nimmt Paare Rolle:Wert wie "
                                                    "kapitän:schwer,offizier:leicht, nicht „schwer“"),
])
def test_help_and_refusals_of_the_difficulty_use_the_tables_words(language: str, line: str, said: str) -> None:
    """§5.3: help shows an example of the difficulty in the table's words; a wrong level or pair says what to type."""
    assert said in typed(language, line)


@pytest.mark.parametrize(("language", "lines", "said"), [
    ("de", ["schaden umgebung zustand=feuer sektion=3", "reparaturen"],
     "(mobilisieren, setzen FIGUR 3, tragen FIGUR feuerlöscher)"),
    ("ru", ["повреждение среда авария=пожар отсек=3", "ремонты"],
     "(смена_позиций, поставить ФИГУРКА 3, нести ФИГУРКА огнетушитель)"),
    ("en", ["damage environmental condition=fire section=3", "repairs"],
     "(mobilize, place FIGURE 3, carry FIGURE extinguisher)"),
])
def test_the_way_to_carry_an_extinguisher_is_in_the_tables_words(language: str, lines: list[str], said: str) -> None:
    """§6.4 (a sailor moved in a mobilization carries an equipment chip): with no sailor by the chip, the repairs view
    names the figure to send by the placeholder the table's help uses."""
    assert said in typed(language, *lines)


@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "leiden matrose=offizier-quadrat/2 stapel=wunden wunden=1",
     "Offizier-Quadrat (Rudergänger Vogt): Karte Wunden"),
    ("ru", "недуг моряк=старпом-квадрат/2 колода=ранения раны=1", "Старпом-квадрат (Рулевой Фогт): карта «ранения»"),
    ("en", "ailment sailor=officer-square/2 deck=wounds wounds=1", "Square officer (Helmsman Vogt): wounds card"),
    ("de", "hilfe leiden", "matrose: ein Matrose einer der beiden Wachen: <Figur>/1 oder <Figur>/2"),
    ("ru", "помощь недуг", "моряк: моряк любой вахты: <фигурка>/1 или <фигурка>/2"),
])
def test_a_sailor_of_the_other_watch_is_named_in_the_tables_words(language: str, line: str, said: str) -> None:
    """§6.14 (corrections) and §6.8 (two watches): a card for a sailor of the watch off duty names him as
    <figure>/2 with the figure in the table's words (a feed line begins with a capital)."""
    assert said in typed(language, line)


@pytest.mark.parametrize(("language", "line", "said"), [
    ("de", "mannschaftsregeln schwierigkeit=kapitän:leicht leichter_wachwechsel=kapitän:ja verschleiß=ja",
     "  Besatzungsoptionen: Regeln nur warnen; Schwierigkeit Kapitän leicht, Offizier normal, Navigator normal, "
     "Maschinist normal; leichter Wachwechsel Kapitän; Verschleiß ja."),
    ("en", "crew_options rules=enforce",
     "  Crew settings: rules enforce; difficulty captain normal, officer normal, navigator normal, engineer normal; "
     "easy watch change none; wear no."),
])
def test_the_console_answers_new_crew_settings(language: str, line: str, said: str) -> None:
    """§5.3 (difficulty) and §6.8 (easy watch change): changing the crew's settings is answered with them, in the
    table's language (it has no feed line)."""
    assert said in typed(language, line)
