"""Digest §5, the systems' calls typed as a crew says them aloud at its console: [B] "Eine Mine zünden": „Zünde Mine
auf G7!“; [B] "Sonar": „Sonar Aktiviert!“; [Q] "Torpedo": „Torpedo abgefeuert, Einschlag in <Zeile><Spalte>“; [Q]
"Mine": „Mine gesetzt“, „Mine in <Zeile><Spalte> ausgelöst“; [Q] "Ingenieur": "Reparaturen" (the noun). Each was
refused ("unbekanntes Kommando „zünde“", "Aufruf: sonar [von=WER]"); a cell said in two words (`torpedo B 3`) got
only the usage line. The Russian table takes its own words the same way."""

from __future__ import annotations

import pytest
from kaleun.sonar.game import referee
from sonarkit import printed, said_to_yellow, seated

#: three courses that fill the mine gauge and bring yellow (from B2) to C4, at each table
FILL_MINE = {"en": ("course E mark=mine cross=E4", "course S mark=mine cross=S1", "course S mark=mine cross=S6"),
             "de": ("kurs O markieren=mine kreuzen=O4", "kurs S markieren=mine kreuzen=S1",
                    "kurs S markieren=mine kreuzen=S6"),
             "ru": ("курс В отметить=мина зачеркнуть=В4", "курс Ю отметить=мина зачеркнуть=Ю1",
                    "курс Ю отметить=мина зачеркнуть=Ю6")}
FILL_TORPEDO = {code: tuple(line.replace("mine", "torpedo").replace("мина", "торпеда") for line in lines)
                for code, lines in FILL_MINE.items()}


def _ready(code: str, lines: tuple[str, ...]):
    runtime, seats, outs = seated(code=code)
    for line in lines:
        printed(runtime, seats["yellow"], outs["yellow"], line)
    assert referee(runtime.game).team_status("yellow")["cell"] == "C4"
    return runtime, seats["yellow"], outs["yellow"]


@pytest.mark.parametrize(("code", "line"), [("en", "torpedo C 6"), ("en", "torpedo 6 C"), ("de", "torpedo c 6"),
                                            ("ru", "торпеда С 6")])
def test_5_a_cell_said_in_two_words_is_that_cell(code, line):
    """§5: `torpedo C 6` (the letter and the number as they are said) is the torpedo at C6, as `torpedo C6` is."""
    runtime, console, out = _ready(code, FILL_TORPEDO[code])
    printed(runtime, console, out, line)
    assert [b["cell"] for b in referee(runtime.game).team_status("yellow")["blasts"]] == ["C6"]


def test_5_a_mine_laid_at_a_cell_in_two_words_and_words_that_are_no_cell_still_refused():
    """§5: `mine B 4` lays the mine at B4; three words, or two that are no cell, still get the usage line."""
    runtime, console, out = _ready("en", FILL_MINE["en"])
    assert "usage: mine CELL" in printed(runtime, console, out, "mine B 4 5")
    assert "usage: mine CELL" in printed(runtime, console, out, "mine BB 4")
    printed(runtime, console, out, "mine B 4")
    assert referee(runtime.game).team_status("yellow")["mines"] == ["B4"]


@pytest.mark.parametrize(("code", "lay", "detonate"), [
    ("de", "Mine gesetzt B4", "Zünde Mine auf B4!"),
    ("de", "mine B 4", "Mine in B4 ausgelöst"),
    ("en", "mine laid at B4", "detonate mine at B4"),
    ("ru", "мина поставлена на B4", "подорвать мину на B4"),
    ("ru", "мина B4", "мина в B4 подорвана"),
])
def test_5_a_mine_laid_and_set_off_with_the_calls_words(code, lay, detonate):
    """§5 [B] „Zünde Mine auf G7!“, [Q] „Mine gesetzt“ and „Mine in <Zeile><Spalte> ausgelöst“: the mine is laid and
    set off (a move between the two activations, §4)."""
    runtime, console, out = _ready(code, FILL_MINE[code])
    printed(runtime, console, out, lay)
    status = referee(runtime.game).team_status("yellow")
    assert status["mines"] == ["B4"], out.getvalue()[-300:]
    east = FILL_MINE[code][0].replace("mine", "torpedo").replace("мина", "торпеда").replace("4", "5")  # to D4
    printed(runtime, console, out, east)
    printed(runtime, console, out, detonate)
    status = referee(runtime.game).team_status("yellow")
    assert status["mines"] == [] and [b["cell"] for b in status["blasts"]] == ["B4"], out.getvalue()[-300:]


@pytest.mark.parametrize(("code", "line"), [("de", "Sonar aktiviert"), ("de", "Sonar Aktiviert!"),
                                            ("en", "sonar activated"), ("ru", "сонар активирован")])
def test_5_the_sonar_called_as_the_rulebook_calls_it(code, line):
    """§5 [B] „Sonar Aktiviert!“: the sonar's call is the sonar (refused here for its empty gauge, not for its
    words)."""
    runtime, console, out = _ready(code, FILL_MINE[code])
    got = printed(runtime, console, out, line)
    assert "3" in got and "0" in got and "Aufruf" not in got and "usage" not in got and "использование" not in got, got


@pytest.mark.parametrize(("code", "line", "refused"), [
    ("de", "reparatur 1 maschinist", "Reparatur abgelehnt: das Boot ist nicht aufgetaucht"),
    ("ru", "ремонтировать 1 механик", "лодка не в надводном положении"),
])
def test_5_repair_typed_as_the_quick_references_noun(code, line, refused):
    """§2 [Q] "Ingenieur": "Reparaturen": `reparatur` is the repair, as `reparieren` is (refused here: the boat is
    not surfaced)."""
    assert refused in said_to_yellow(line, code)


def test_1_3_a_russian_course_typed_as_the_feed_calls_it_and_the_gauge_as_the_object():
    """§1 (the Captain's call: the feed says «Курс на восток!») and §3 (the First Mate marks a gauge): `курс на
    восток` was the usage line and `отметить торпеду` (the object's form, as the Russian rulebook writes «торпеду»)
    "система «торпеду» не из списка"; they are the course east and the torpedo gauge. The lists still name each system
    once, as the status does."""
    runtime, seats, outs = seated(code="ru")
    console, out = seats["yellow"], outs["yellow"]
    for line in ("Курс на восток! отметить торпеду зачеркнуть В4", "курс на юг", "отметить торпеду", "зачеркнуть Ю1"):
        printed(runtime, console, out, line)
    status = referee(runtime.game).team_status("yellow")
    assert status["cell"] == "C3" and status["gauges"]["torpedo"] == [2, 3], out.getvalue()[-400:]
    assert "торпеду" not in printed(runtime, console, out, "помощь отметить")


def test_5_a_russian_silent_run_typed_with_its_course_as_the_feed_calls_it():
    """§5 (silence: 1 to 4 cells straight): `тишина на восток 3` was the usage line; it is `тишина В 3` (refused
    here for its empty gauge, not for its words)."""
    got = said_to_yellow("тишина на восток 3", "ru")
    assert "шкала «тишина» не заполнена" in got and "использование" not in got, got


@pytest.mark.parametrize(("code", "line", "refused"), [
    ("de", "Drohne in Sektor 4", "die Anzeige Drohne ist nicht voll"),
    ("en", "drone in sector 4", "the drone gauge is not full"),
    ("ru", "дрон в секторе 4", "шкала «дрон» не заполнена"),
])
def test_5_the_drone_typed_with_the_sector_as_a_sentence_names_it(code, line, refused):
    """§5 (the drone asks whether the enemy is in a sector; [Q] „Bist du in <Sektor>?“): `drohne in sektor 4` was the
    usage line; it is `drohne 4` (refused here for its empty gauge, not for its words)."""
    got = said_to_yellow(line, code)
    assert refused in got, got


@pytest.mark.parametrize(("code", "line", "told"), [
    ("de", "Auftauchen in Sektor 1!", "Ihr taucht in Sektor 1 auf!"),
    ("en", "surface in sector 1", "You surface in sector 1!"),
    ("ru", "всплытие в секторе 1", "Вы всплываете в секторе 1!"),
])
def test_2_surfacing_called_with_its_sector_surfaces(code, line, told):
    """§2 (surfacing: the sector is announced; [Q] „Auftauchen in Sektor <Nr.>“): the call with the boat's sector
    surfaces, as `auftauchen` does."""
    runtime, seats, outs = seated(code=code)
    got = printed(runtime, seats["yellow"], outs["yellow"], line)
    assert told in got, got
    assert referee(runtime.game).team_status("yellow")["surfaced"]


@pytest.mark.parametrize(("code", "line", "refused"), [
    ("de", "Auftauchen in Sektor 4", "euer Boot ist in Sektor 1, nicht 4"),
    ("en", "surface 4", "your boat is in sector 1, not 4: surfacing announces the sector it is in"),
])
def test_2_surfacing_called_with_another_sector_is_refused_with_the_true_one(code, line, refused):
    """§2: the Captain announces the boat's sector; a call naming another is refused (nothing surfaces) and says the
    true one, which the team knows."""
    runtime, seats, outs = seated(code=code)
    got = printed(runtime, seats["yellow"], outs["yellow"], line)
    assert refused in got, got
    assert not referee(runtime.game).team_status("yellow")["surfaced"]
