"""The debrief in the table's language (rulebook §4.1: the outcome, the grade, the objectives, the ships sunk and
the crew lost; the missions, score and debrief): the console's lines, the saved chart and the window's debrief screen
say every word a player reads in German and Russian too — the dead by their figure and name, never by an id,
the objectives in the mission's own words, the ships by their class's name, the numbers with the
language's signs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.events import Event
from kaleun.i18n import language
from kaleun.runtime.script import ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines
from kit import FakeClock, Keeper
from missionkit import advance, chart_texts, game, lookouts, order

SCRIPTS = Path(__file__).resolve().parent / "scripts"


def played(mission: str, kind: str) -> tuple[Any, list[Event]]:
    g = new_game(0, mission)
    writer = Keeper()
    ScriptRun(g, default_board(), writer).run(SCRIPTS / f"{mission}.{kind}.jsonl")
    return g, writer.events


def two_lookouts_drowned() -> Any:
    """§9.3: the boat dives with two lookouts on the bridge; both die."""
    g = game("prize_rules_1939")
    lookouts(g)
    order(g, "dive")
    advance(g, 600)
    return g


@pytest.mark.parametrize(("code", "dead"), [
    ("en", ["  square navigator (Navigator): left outside when the boat dived",
            "  triangle navigator (Lookout Fischer): left outside when the boat dived"]),
    ("de", ["  Navigator-Quadrat (Navigator): draußen geblieben, als das Boot tauchte",
            "  Navigator-Dreieck (Beobachter Fischer): draußen geblieben, als das Boot tauchte"]),
])
def test_4_1_the_debrief_names_each_dead_sailor_by_figure_and_name_in_the_table_language(code, dead):
    g = two_lookouts_drowned()
    d = json.loads(json.dumps(debrief(g)))  # as the session saves it
    said = [language(code).render(m) for m in lines(d)]
    assert [x for x in said if x.startswith("  ") and ("navigator (" in x.lower() or "navigator-" in x.lower())] == dead
    assert not [x for x in said if "/1" in x]  # never the sailor's id


@pytest.mark.parametrize("code", ["de", "ru"])
def test_4_1_every_debrief_line_has_its_translation(code):
    lang = language(code)
    for mission, kind in (("torpedo_crisis_1940", "lose"), ("prize_rules_1939", "win")):
        g, _ = played(mission, kind)
        for line in lines(debrief(g)):
            assert lang.missing(line) == [], (mission, lang.render(line))
    for line in lines(debrief(two_lookouts_drowned())):
        assert lang.missing(line) == [], lang.render(line)


def test_4_1_the_saved_chart_in_german_groups_a_crew_lost_with_the_boat_and_writes_german_numbers(tmp_path,
                                                                                                monkeypatch):
    """The chart (the session's debrief PNG) of a boat lost with all hands: one line for the 32, numbers
    as German writes them ("Soll 1.700"), no sailor's id."""
    from kaleun.ui import debrief_chart

    g, _ = played("torpedo_crisis_1940", "lose")
    drawn = chart_texts(monkeypatch)
    debrief_chart.write_debrief(debrief(g), tmp_path / "d.png", "de")
    assert "32 Matrosen: mit dem Boot untergegangen" in [x.strip() for x in drawn]
    assert not [x for x in drawn if "/1:" in x or "/2:" in x]
    assert any("Soll 1.700" in x for x in drawn), [x for x in drawn if "Soll" in x]


def test_4_1_the_window_debrief_reads_objectives_ships_and_numbers_in_the_table_language():
    """The window's debrief screen of a German table after the prize-rules patrol: the objectives in German,
    the ships by their class's German name, GRT with German grouping; nothing drawn lacks a translation."""
    import pygame
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.ui.window import Window

    g, events = played("prize_rules_1939", "win")
    clock = FakeClock(0.0)
    runtime = Runtime(g, Table(default_board(), g), clock=clock)
    runtime.language = "de"
    win = Window(runtime, size=(800, 480), clock=clock)
    win.guard = False
    win._on_event(next(e for e in events if e.name == "mission_end"))
    drawn: list[Any] = []
    real = win.tr

    def spy(text: Any) -> str:
        drawn.append(text)
        return real(text)

    win.tr = spy  # type: ignore[method-assign]
    win.render(pygame.Surface((800, 480)))
    assert type(win.overlay).__name__ == "Debrief"
    said = [real(x) for x in drawn]
    assert "✓ Zwei Handelsschiffe mit dem Deckgeschütz versenken." in said
    assert "✗ Dem BdU einen Wetterbericht senden." in said
    assert "Trampdampfer, 4.800 BRT" in said and "Hog-Islander, 5.753 BRT" in said
    assert "2 Schiffe versenkt, 10.553 BRT" in said and "Punkte: 1.528" in said
    missing = [real(x) for x in drawn if not isinstance(x, str) and win.lang.missing(x)]
    assert missing == []


def test_4_1_a_debrief_of_a_mission_still_running_gives_no_empty_reason():
    """A debrief asked for while the mission runs says that there is no result yet and that the grade is
    provisional — no reason in brackets when there is none to give."""
    g = game("prize_rules_1939")
    advance(g, 60)
    said = [language(code).render(line) for code in ("en", "de") for line in lines(debrief(g))]
    assert any(line.startswith("Result: not yet, the patrol is still running. Provisional grade F: score 0 so far "
                               "of par") for line in said)
    assert any(line.startswith("Ergebnis: noch keines, die Feindfahrt läuft noch. Vorläufige Note F: bis jetzt "
                               "0 Punkte bei Soll") for line in said)
    assert not any("()" in line for line in said)


@pytest.mark.parametrize(("hours", "code", "days"), [
    (24, "en", "1 day at sea."), (36, "en", "1.5 days at sea."), (48, "en", "2 days at sea."),
    (24, "de", "1 Tag auf See."), (36, "de", "1,5 Tage auf See."),
    (24, "ru", "1 день в море."), (36, "ru", "1,5 дня в море."), (48, "ru", "2 дня в море."),
])
def test_4_1_the_debrief_counts_the_days_at_sea_in_the_language_s_plural(hours, code, days):
    """One day, a day and a half, two days: the days at sea take the plural the number asks for."""
    g = game("prize_rules_1939")
    advance(g, hours * 3600)
    first = language(code).render(lines(debrief(g))[0])
    assert first.endswith(f", {days}")


def run_with_debrief(tmp_path: Path, monkeypatch: Any, *options: str) -> tuple[int, list[str]]:
    """`kaleun run --debrief` of the prize-rules win, in this process: the exit status and every text the
    chart drew."""
    from kaleun.cli import main

    drawn = chart_texts(monkeypatch)
    status = main(["run", "--mission", "prize_rules_1939", "--script", str(SCRIPTS / "prize_rules_1939.win.jsonl"),
                   "--events", str(tmp_path / "events.jsonl"), "--debrief", str(tmp_path / "debrief.png"), *options])
    return status, drawn


def test_4_1_kaleun_run_draws_the_debrief_chart_in_the_language_given(home, tmp_path, monkeypatch):
    """`kaleun run --debrief` drew in English whatever the table spoke; --language (as `kaleun play`) chooses."""
    status, drawn = run_with_debrief(tmp_path, monkeypatch, "--language", "de")
    assert status == 0 and (tmp_path / "debrief.png").exists()
    assert "Stützpunkt: Wilhelmshaven" in drawn and "2 Schiffe versenkt, 10.553 BRT" in drawn
    assert "Punkte 1.528 bei Soll 1.680" in drawn
    assert not [x for x in drawn if "Base:" in x or "ships sunk" in x or x == "Objectives"]


def test_4_1_kaleun_run_draws_the_debrief_chart_in_the_preferred_language_of_the_config_folder(home, tmp_path,
                                                                                             monkeypatch):
    from kaleun.cli import main

    assert main(["config", "set", "language", "ru"]) == 0
    status, drawn = run_with_debrief(tmp_path, monkeypatch)
    assert status == 0
    assert any(x.startswith("База: ") for x in drawn), drawn
    status, drawn = run_with_debrief(tmp_path, monkeypatch, "--language", "en")
    assert status == 0 and "Base: Wilhelmshaven" in drawn


def test_kaleun_run_refuses_a_language_it_does_not_speak_before_running(home, tmp_path, monkeypatch, capsys):
    status, drawn = run_with_debrief(tmp_path, monkeypatch, "--language", "xx")
    assert status == 2 and drawn == [] and not (tmp_path / "events.jsonl").exists()
    assert "'xx' is not a language Kaleun speaks" in capsys.readouterr().err


def test_4_1_a_mission_lost_by_its_time_limit_is_no_loss_of_the_boat_in_russian():
    """A mission whose time ran out with its primary objective unmet ends `lost` with the boat afloat; the Russian
    debrief called that result "гибель" (the boat's destruction). It reads "провал" (a failure) now, which is
    also true of a boat lost (the reason says how)."""
    g = game("weather_1940", changes={"time_limit_h": 1})
    advance(g, 2 * 3600)
    told = [language("ru").render(line) for line in lines(debrief(g))]
    result = next(line for line in told if line.startswith("Итог:"))
    assert "провал" in result and "гибель" not in result, result


@pytest.mark.parametrize(("code", "sunk", "lost", "grouped"), [
    ("en", "0 ships sunk, 0 GRT", "Crew lost: 32.", "32 sailors: lost with the boat"),
    ("de", "0 Schiffe versenkt, 0 BRT", "Besatzungsverluste: 32.", "32 Matrosen: mit dem Boot untergegangen"),
    ("ru", "Потоплено 0 судов, 0 БРТ", "Погибло моряков: 32.", "32 моряка: гибель вместе с лодкой"),
])
def test_4_1_the_charts_headings_of_ships_sunk_and_crew_lost_begin_as_headings(tmp_path, monkeypatch, code, sunk,
                                                                                 lost, grouped):
    """The saved chart's headings over the ships sunk and the crew lost (rulebook §4.1) begin as a heading
    does in every language: Russian once read "потоплено …" and "потеряно …", the career line's phrase that
    stands within a sentence. The whole crew lost with the boat is counted in a line that agrees with 32."""
    from kaleun.ui import debrief_chart

    g, _ = played("torpedo_crisis_1940", "lose")
    drawn = chart_texts(monkeypatch)
    debrief_chart.write_debrief(debrief(g), tmp_path / "d.png", code)
    said = [x.strip() for x in drawn]
    assert sunk in said and lost in said and grouped in said


def test_4_1_the_career_keeps_its_sailors_lost_within_the_sentence():
    """The career line (`kaleun career`) keeps "{n} sailors lost" as a phrase within its sentence."""
    from kaleun.career import career_messages

    record = {"totals": {"missions": 1, "score": 10, "fame": 0, "grt": 0, "ships": 0, "crew_lost": 2},
              "missions": []}
    said = language("ru").render(career_messages(record)[0])
    assert said.endswith("0 судов потоплено, потеряно 2 моряка."), said


def test_4_1_a_boat_lost_with_all_hands_reads_once_lost_in_german():
    """§7.4 all hands lost: the German debrief's result read "Ergebnis: verloren (mit Mann und Maus verloren)", lost
    twice over; the cause is now the loss itself, "Untergang mit Mann und Maus"."""
    g = game("prize_rules_1939")
    g.apply({"do": "adjust_morale", "by": -11, "why": "morale cards"})  # an exhausted crew
    g.apply({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    assert g.module("mission").reason == "all_hands_lost"
    said = [language("de").render(line) for line in lines(debrief(g))]
    result = next(line for line in said if line.startswith("Ergebnis: "))
    assert result.startswith("Ergebnis: verloren (Untergang mit Mann und Maus)."), result
