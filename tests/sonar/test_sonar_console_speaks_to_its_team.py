"""A team's console speaks to that team: what the game waits for from it says "your" (its turn, its Stop!, the sonar
answer it owes, with what to type), what it waits for from the other team names that team; a refusal echoes a value
typed far too long cut short; the German repair refusals are sentences a Captain can read aloud."""

from __future__ import annotations

import io

import pytest
from kaleun.runtime.loop import Runtime
from kaleun.runtime.script import ScriptError
from kaleun.sonar.game import referee
from kaleun.ui.sonar_console import TeamConsole
from sonarkit import printed, run_lines, seated, start


def _table(code: str = "en", mode: str = "realtime") -> tuple[Runtime, dict[str, TeamConsole], dict[str, io.StringIO]]:
    """Both teams seated at consoles of a table in language `code`, started: yellow on B2, blue on N12."""
    return seated(mode=mode, code=code)



def _sonar_ready(code: str) -> tuple[Runtime, dict[str, TeamConsole], dict[str, io.StringIO]]:
    """Yellow runs east, south, south marking the sonar: its sonar is ready (a Stop! comes with an activation)."""
    runtime, seats, outs = _table(code)
    for direction, symbol in (("E", "E1"), ("S", "S1"), ("S", "S2")):
        printed(runtime, seats["yellow"], outs["yellow"], f"course {direction} mark=sonar cross={symbol}")
    return runtime, seats, outs


def _yellows_sonar(code: str) -> tuple[Runtime, dict[str, TeamConsole], dict[str, io.StringIO]]:
    """Yellow runs east, south, south marking the sonar and activates it: the game waits for blue's answer."""
    runtime, seats, outs = _sonar_ready(code)
    printed(runtime, seats["yellow"], outs["yellow"], "sonar")
    assert referee(runtime.game).turns.sonar == ("yellow", "blue")
    return runtime, seats, outs


@pytest.mark.parametrize(("code", "answering", "asking"), [
    ("en", "The sonar waits for your answer: answer row=ROW column=COLUMN (or sector=SECTOR), two kinds, exactly one "
           "of them true.", "Your sonar waits for Blue's answer."),
    ("de", "Das Sonar wartet auf eure Antwort: antwort zeile=ZEILE spalte=SPALTE (oder sektor=SEKTOR), zwei Arten, "
           "genau eine davon wahr.", "Euer Sonar wartet auf die Antwort von Blau."),
    ("ru", "Сонар ждёт вашего ответа: ответ строка=СТРОКА столбец=СТОЛБЕЦ (или сектор=СЕКТОР), два разных вида, "
           "ровно одно из них истинно.", "Ваш сонар ждёт ответа команды «Синие».")])
def test_5_the_sonar_status_tells_the_answering_team_what_to_type(code, answering, asking):
    """§5 [B] "Das Sonar aktivieren": the answering team's own `status` read "The sonar waits for Blue's answer."
    as if it spoke of someone else. Now it says "your answer" and how it is typed; the asking team reads whose
    answer its sonar waits for."""
    runtime, seats, outs = _yellows_sonar(code)
    blue = printed(runtime, seats["blue"], outs["blue"], "status")
    yellow = printed(runtime, seats["yellow"], outs["yellow"], "status")
    assert answering in blue.splitlines(), blue
    assert asking in yellow.splitlines(), yellow
    assert "Blue's answer" not in blue and "Blau." not in blue and "«Синие»" not in blue


def test_5_a_refusal_during_the_sonar_tells_each_team_whose_answer_it_waits_for():
    """§5: a course typed by the answering team while the sonar waits is refused with "your answer first" and what
    it is, and how the answer is typed; the asking team's with whose answer its sonar waits for; an answer nobody
    asked for says so to the team."""
    runtime, seats, outs = _yellows_sonar("en")
    said = printed(runtime, seats["blue"], outs["blue"], "n mark=torpedo cross=N1").splitlines()
    assert said[0].endswith("! course refused: Stop! Yellow's sonar waits for your answer first: two statements "
                            "of different kinds, exactly one of them true."), said
    assert said[1].startswith("  To answer: answer row=ROW column=COLUMN (or sector=SECTOR)"), said  # how, again
    assert printed(runtime, seats["yellow"], outs["yellow"], "n mark=torpedo cross=N2").endswith(
        "! course refused: Stop! your sonar waits for Blue's answer.\n")
    printed(runtime, seats["blue"], outs["blue"], "answer row=12 column=A")
    assert referee(runtime.game).turns.sonar is None
    assert printed(runtime, seats["yellow"], outs["yellow"], "answer row=3 column=B").endswith(
        "! sonar answer refused: no sonar asks you for an answer.\n")


@pytest.mark.parametrize(("code", "own", "other"), [
    ("en", "Your Stop! holds both teams: activate the system, or type go to lift it.", "Stop! called by Yellow."),
    ("de", "Euer Stop! hält beide Besatzungen an: aktiviert das System, oder tippt los, um es aufzuheben.",
     "Stop! gerufen von Gelb."),
    ("ru", "Ваш «Стоп!» держит обе команды: активируйте систему или введите вперёд, чтобы его снять.",
     "«Стоп!» объявила команда «Жёлтые».")])
def test_6_the_own_stop_is_yours_in_the_status(code, own, other):
    """§6 real time: after Yellow's Stop! its own `status` said "Stop! called by Yellow."; it now says the Stop! is
    the team's own and how it is lifted; Blue's names who called it."""
    runtime, seats, outs = _sonar_ready(code)
    seats["yellow"].send({"do": "stop"})
    runtime.step()
    assert referee(runtime.game).turns.frozen_by == "yellow"
    yellow = printed(runtime, seats["yellow"], outs["yellow"], "status")
    blue = printed(runtime, seats["blue"], outs["blue"], "status")
    assert own in yellow.splitlines(), yellow
    assert other in blue.splitlines() and own not in blue, blue


@pytest.mark.parametrize(("code", "said"), [
    ("en", "you called Stop!: activate a system or call go."),
    ("de", "ihr habt Stop! gerufen: aktiviert ein System oder gebt mit „Los“ frei."),
    ("ru", "вы объявили «Стоп!»: активируйте систему или снимите стоп словом «вперёд».")])
def test_6_a_course_under_the_own_stop_names_the_word_that_lifts_it(code, said):
    """§6 real time: a course under the team's own Stop! is refused with the word that lifts it, as the console takes
    it and the window's button reads it (German "Los", Russian "вперёд"), not a paraphrase nobody can type."""
    runtime, seats, outs = _sonar_ready(code)
    seats["yellow"].send({"do": "stop"})
    runtime.step()
    assert printed(runtime, seats["yellow"], outs["yellow"], "n").endswith(said + "\n")


@pytest.mark.parametrize(("code", "own", "other"), [("en", "Your turn.", "Turn: {team}."),
                                                    ("de", "Ihr seid am Zug.", "Zug: {team}."),
                                                    ("ru", "Ваш ход.", "Ход: «{team}».")])
def test_6_turn_based_the_status_says_your_turn_to_the_team_whose_turn_it_is(code, own, other):
    """§6 turn-based: the team whose turn it is reads "Your turn." (as the window's top bar says), the other team
    whose turn it is."""
    runtime, seats, outs = _table(code, "turn")
    turn = referee(runtime.game).turns.current
    waiting = "blue" if turn == "yellow" else "yellow"
    names = {"en": {"yellow": "Yellow", "blue": "Blue"}, "de": {"yellow": "Gelb", "blue": "Blau"},
             "ru": {"yellow": "Жёлтые", "blue": "Синие"}}[code]
    assert own in printed(runtime, seats[turn], outs[turn], "status").splitlines()
    assert other.format(team=names[turn]) in printed(runtime, seats[waiting], outs[waiting], "status").splitlines()


# -- values typed far too long ---------------------------------------------------------------------
BIG = "9" * 400


@pytest.mark.parametrize(("line", "said"), [
    (f"torpedo A{BIG}", "! torpedo: cell 'A99999999999...999999' is not a cell of the map (A1 to O15)\n"),
    (f"detonate {BIG}", "! detonate: cell '999999999999...999999' is not a cell of the map (A1 to O15)\n"),
    ("drone 1e308", "! drone: sector must be between 1 and 9, got 100000000000...118336\n"),
    ("repair 1e308", "! repair: section must be between 1 and 4, got 100000000000...118336\n"),
    (f"course {BIG}", "! course: direction '999999999999...999999' is not one of: N, E, S, W\n"),
    (f"n mark={'x' * 400}", "! course: mark 'xxxxxxxxxxxx...xxxxxx' is not one of: mine, torpedo, drone, sonar, "
                            "silence, scenario\n"),
    (f"drone 4 by={'x' * 400}", "! drone: by 'xxxxxxxxxxxx...xxxxxx' is not one of this crew: captain, first_mate, "
                                "engineer, radio_operator\n"),
    (BIG, "! unknown command '999999999999...999999': type help\n"),
    (f"help {BIG}", "! help: no command '999999999999...999999': type help\n"),
])
def test_a_value_typed_far_too_long_is_echoed_cut_short(line, said):
    """Bad input gets a specific readable message: a cell typed as a 400-digit number, or a sector as 1e308 (a whole
    number of 309 digits), was echoed whole, a screenful of digits; the refusal now shows its beginning and end."""
    runtime, seats, outs = _table()
    got = printed(runtime, seats["yellow"], outs["yellow"], line)
    assert got == said, got
    assert max(len(text) for text in got.splitlines()) < 130


@pytest.mark.parametrize(("command", "said"), [
    ({"team": "yellow", "do": "activate", "system": "torpedo", "cell": "A" + BIG},
     "activate: cell 'A99999999999...999999' is not a cell of the map (A1 to O15)"),
    ({"team": "yellow", "do": "repair", "section": 1e308},
     "repair: section must be between 1 and 4, got 100000000000...118336"),
    ({"team": "y" * 400, "do": "stop"}, "stop: team 'yyyyyyyyyyyy...yyyyyy' is not one of: yellow, blue")])
def test_a_table_scripts_value_far_too_long_is_echoed_cut_short(tmp_path, command, said):
    """The same through a table script: the line's problem names the value cut short."""
    with pytest.raises(ScriptError) as problem:
        run_lines([*start("B2", "N12"), command], tmp_path)
    assert str(problem.value).endswith(f"script.jsonl:3: {said}"), str(problem.value)


# -- the German repair refusals ----------------------------------------------------------------------
def test_2_the_german_repair_refusals_read_aloud_as_sentences():
    """§2 real time, the repair ritual at a German table: "den ersten Abschnitt umrandet: Maschinist" was no
    sentence. The post stays without an article (a member may hold several posts), after "als": "wer als
    Maschinist spielt"."""
    runtime, seats, outs = _table("de")
    yellow, out = seats["yellow"], outs["yellow"]
    printed(runtime, yellow, out, "o markieren=torpedo kreuzen=O1")
    printed(runtime, yellow, out, "auftauchen")
    first = printed(runtime, yellow, out, "reparieren 1 kapitän")
    assert ("den ersten Abschnitt umrandet, wer als Maschinist spielt." in first), first
    printed(runtime, yellow, out, "reparieren 1 maschinist")
    again = printed(runtime, yellow, out, "reparieren 2 maschinist")
    assert "gebt den Bogen weiter: zuerst umrandet einen Abschnitt, wer als " in again, again
    assert again.rstrip().endswith(" spielt."), again


def test_9_a_russian_table_quotes_the_team_names_in_every_sentence():
    """§9 the feeds at a Russian table: the teams' names stand in «» ("Ход команды «Синие»", "«Синие»: курса ещё
    нет"), but the enemy's course read "Синие: курс на север!" and the status "Ход: Синие." beside them. Every
    sentence of the catalogue that names a team quotes it."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language
    from kaleun.sonar.team import team_name

    russian = language("ru")
    for template in ("{team}: course {direction}!", "Turn: {team}.", "{team}'s announced courses:", "{team}: no hit",
                     "{team}: {track}", "direct hit on {team}", "{team}: {command} refused: {reason}."):
        said = russian.render(Msg(template, team=team_name("blue"), direction="N", track="N", command="x", reason="y"))
        assert "«Синие»" in said, said


def test_2_status_while_the_hull_is_repaired_says_who_outlines_next_and_then_to_dive():
    """§2 [B] "Auftauchen: Echtzeit": "Der Maschinist beginnt mit den Reparaturen ... reicht er seinen Bogen an einen
    Mannschaftskollegen weiter ... „Bereit zum Tauchen!“". `status` promises what the game waits for; surfaced in real
    time it said only "Repairs outlined: 1 (engineer)." The repair panel of the window names who is next; so does
    the console's status now, and once the hull is repaired, the dive."""
    runtime, seats, outs = seated("charlie", "realtime")

    def status_after(line: str) -> str:
        printed(runtime, seats["yellow"], outs["yellow"], line)
        return printed(runtime, seats["yellow"], outs["yellow"], "status")

    assert "Waiting: the engineer outlines one of the hull sections 1, 2, 3, 4 (repair SECTION MEMBER).\n" \
        in status_after("surface")
    assert "Waiting: the captain, first mate or radio operator outlines one of the hull sections 2, 3, 4 (repair " \
           "SECTION MEMBER).\n" in status_after("repair 1 engineer")
    printed(runtime, seats["yellow"], outs["yellow"], "repair 2 captain")
    assert "Waiting: the first mate outlines hull section 4 (repair SECTION MEMBER).\n" \
        in status_after("repair 3 radio operator")
    assert "Ready to dive: type dive.\n" in status_after("repair 4 first mate")
    said = status_after("dive")
    assert "Waiting" not in said and "Ready to dive" not in said, said
    # the other team hears nothing of it
    assert "outlines" not in outs["blue"].getvalue()
