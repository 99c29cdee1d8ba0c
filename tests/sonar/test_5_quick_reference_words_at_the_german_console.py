"""Digest §5, the German quick reference's words at a German table's console: [Q] "Systeme aktivieren": "2. Kommando
Stopp" and "5. Weiter"; [Q] "Ingenieur": "durchkreuzen"; [Q] "Mine": "ausgelöst". The console's own words follow the
rulebook ([B]: "Stop!", "Los", "kreuzen", "zünden"); a crew reading the quick reference types its words as well.
"""

from __future__ import annotations

from kaleun.sonar.game import referee
from kaleun.ui.sonar_commands import find
from sonarkit import printed, seated


def test_5_the_german_console_types_the_quick_references_stopp_weiter_and_durchkreuzen():
    """§5 [Q] "Systeme aktivieren": "2. Kommando Stopp" ... "5. Weiter"; [Q] "Ingenieur": "1 Symbol ... durchkreuzen":
    at a German table `stopp` calls the Stop!, `weiter` lifts it and `durchkreuzen=` names the Engineer's cross,
    beside the console's own words (`stop`, `los`, `kreuzen=`)."""
    runtime, seats, outs = seated(code="de")
    ref = referee(runtime.game)
    for line in ("kurs O markieren=torpedo durchkreuzen=O4", "kurs S markieren=torpedo kreuzen=S1",
                 "kurs S markieren=torpedo durchkreuzen=S6"):
        printed(runtime, seats["yellow"], outs["yellow"], line)
    assert ref.team_status("yellow")["gauges"]["torpedo"] == [3, 3]
    assert sorted(ref.team_status("yellow")["crossed"]) == ["E4", "S1", "S6"]
    printed(runtime, seats["yellow"], outs["yellow"], "stopp")
    assert ref.turns.frozen_by == "yellow"
    printed(runtime, seats["yellow"], outs["yellow"], "weiter")
    assert ref.turns.frozen_by is None
    printed(runtime, seats["yellow"], outs["yellow"], "stop")
    assert ref.turns.frozen_by == "yellow"
    printed(runtime, seats["yellow"], outs["yellow"], "los")
    assert ref.turns.frozen_by is None


def test_5_the_german_console_sets_off_a_mine_with_the_quick_references_ausloesen():
    """§5 [Q] "Mine": "Mine in <Zeile><Spalte> ausgelöst": `auslösen` (or `ausloesen`) is the detonation, as
    `zünden` is; English and Russian tables keep their words."""
    assert find("auslösen", "de") is find("zünden", "de") is find("detonate")
    assert find("ausloesen", "de") is find("detonate")
    assert find("weiter", "de") is find("go") and find("stopp", "de") is find("stop")
    assert find("stopp", "en") is None and find("weiter", "ru") is None
    runtime, seats, outs = seated(code="de")
    got = printed(runtime, seats["yellow"], outs["yellow"], "auslösen A1")
    assert "ihr habt keine Mine auf A1" in got, got


def test_5_the_calls_typed_as_the_rulebook_prints_them_keep_their_exclamation_marks():
    """§1, §5 [B] "Einen neuen Kurs ansagen": „Kurs Nord!“; [B] "Systeme aktivieren": „Stop!“; [B] "Auftauchen":
    „Auftauchen!“: a crew types the calls as the rulebook prints them. `Stop!` was "unbekanntes Kommando „stop!“" and
    `Kurs Ost!` "richtung „ost!“ ist keiner von ...": the exclamation marks that end a word are no part of it."""
    runtime, seats, outs = seated(code="de")
    ref = referee(runtime.game)
    for line in ("Kurs Ost! markieren=torpedo kreuzen=O4", "kurs S markieren=torpedo kreuzen=S1", "Kurs Süd!",
                 "markieren torpedo", "kreuzen S6!"):
        printed(runtime, seats["yellow"], outs["yellow"], line)
    assert ref.team_status("yellow")["cell"] == "C4"
    assert ref.team_status("yellow")["gauges"]["torpedo"] == [3, 3]
    assert sorted(ref.team_status("yellow")["crossed"]) == ["E4", "S1", "S6"]
    printed(runtime, seats["yellow"], outs["yellow"], "Stop!")
    assert ref.turns.frozen_by == "yellow"
    printed(runtime, seats["yellow"], outs["yellow"], "Los!!")
    assert ref.turns.frozen_by is None
    assert printed(runtime, seats["yellow"], outs["yellow"], "!") == ""  # a line of nothing but the mark is empty
    got = printed(runtime, seats["yellow"], outs["yellow"], "Auftauchen!")
    assert "Ihr taucht in Sektor 1 auf!" in got, got


def test_5_a_cell_named_row_first_as_the_quick_reference_writes_it_is_that_cell():
    """§5 [Q] "Torpedo": „Torpedo abgefeuert, Einschlag in <Zeile><Spalte>“, [Q] "Mine": „Mine in <Zeile><Spalte>
    ausgelöst“: a crew reading the quick reference names a cell row first. `torpedo 6C` was "feld „6C“ ist kein Feld
    der Karte"; it is the cell C6, as the rulebook's own examples write it ([B]: „Einschlag bei C6!“)."""
    runtime, seats, outs = seated(code="de")
    ref = referee(runtime.game)
    for line in ("kurs O markieren=torpedo kreuzen=O4", "kurs S markieren=torpedo kreuzen=S1",
                 "kurs S markieren=torpedo kreuzen=S6"):
        printed(runtime, seats["yellow"], outs["yellow"], line)
    assert ref.team_status("yellow")["cell"] == "C4"
    got = printed(runtime, seats["yellow"], outs["yellow"], "torpedo 6C")
    assert "Einschlag auf C6!" in got, got
    assert [b["cell"] for b in ref.team_status("yellow")["blasts"]] == ["C6"]
    # a word that is neither way round a cell is still refused by name
    assert "„6CC“ ist kein Feld der Karte" in printed(runtime, seats["yellow"], outs["yellow"], "mine 6CC")
