"""Digest §5: "Activation: full gauge, no breakdown of its colour, ask the engineer; Captain (or First Mate for
drone/sonar) raises a fist and calls Stop!". A Stop! comes with an activation that can be made ([B] "Systeme
aktivieren"; [Q] "Systeme aktivieren": "Voraussetzung: Alle Felder einer Anzeige sind markiert", then "2. Kommando
Stopp"): a real-time crew with nothing to activate could freeze the enemy at will with `stop` and `go`. Such a Stop!
is refused, saying why, in the table's language; one with something ready may still be lifted unused (the rulebook
does not forbid a crew to change its mind).
"""

from __future__ import annotations

import pytest
from kaleun.sonar.game import referee
from sonarkit import course, named, printed, refusals, run_lines, seated, start

NOTHING = ("a Stop! comes with an activation: no system is ready (a full gauge, no breakdown of its colour) and no "
           "mine of yours can be set off")


def walk(team: str, mark: str) -> list[dict]:
    """From A1: south, south, east, marking `mark` each time and crossing a yellow or radiation symbol only (S1,
    S6, E4): a gauge of 3 (mine, torpedo, sonar) is then full and working, the boat on B3."""
    return [course(team, "S", mark, "S1"), course(team, "S", mark, "S6"), course(team, "E", mark, "E4")]


def stop(team: str, by: str | None = None) -> dict:
    return {"team": team, "do": "stop", **({"by": by} if by else {})}


def test_5_a_stop_with_nothing_ready_is_refused_and_freezes_nobody(tmp_path):
    """§5: at the start no gauge is full and no mine is laid: Yellow's Stop! is refused, and Blue plays on (before,
    `stop` froze Blue until Yellow typed `go`)."""
    game, events = run_lines([*start("A1", "O15"), stop("yellow"), course("blue", "N", "torpedo", "N1")], tmp_path,
                             scenario="charlie")
    assert refusals(events, "yellow") == [NOTHING]
    assert named(events, "stop") == [] and referee(game).turns.frozen_by is None
    assert refusals(events, "blue") == [] and len(named(events, "course", team="blue")) == 1


def test_5_a_ready_system_lets_the_captain_call_stop_and_lift_it_unused(tmp_path):
    """§5: with the torpedo ready the Captain's Stop! holds both teams; the crew may think better of it and lift it
    with go (allowed: the rulebook does not forbid it), and Blue plays on."""
    lines = [*start("A1", "O15"), *walk("yellow", "torpedo"), stop("yellow"), course("blue", "N", "torpedo", "N1"),
             {"team": "yellow", "do": "go"}, course("blue", "N", "torpedo", "N2")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == []
    assert refusals(events, "blue") == ["Stop! Yellow is activating a system: wait"]
    assert [e["event"] for e in events if e["event"] in ("stop", "go")] == ["stop", "go"]


def test_5_the_first_mates_stop_is_for_the_drone_or_the_sonar(tmp_path):
    """§1, §5: the First Mate activates only the drone and the sonar; with only the torpedo ready the First Mate's
    Stop! is refused, naming why, while the Captain's is not."""
    lines = [*start("A1", "O15"), *walk("yellow", "torpedo"), stop("yellow", "first_mate"), stop("yellow")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == [
        "a Stop! comes with an activation: the First Mate activates only the drone and the sonar, and neither is "
        "ready (a full gauge, no breakdown of its colour)"]
    assert [(e["event"], e["by"]) for e in named(events, "stop")] == [("stop", "captain")]


def test_5_a_sonar_ready_lets_the_first_mate_call_stop(tmp_path):
    """§5: "Captain (or First Mate for drone/sonar)": with the sonar ready the First Mate's Stop! holds."""
    lines = [*start("A1", "O15"), *walk("yellow", "sonar"), stop("yellow", "first_mate")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == [] and referee(game).turns.frozen_by == "yellow"


def test_5_after_an_activation_a_stop_waits_for_the_next_move(tmp_path):
    """§5: never two activations without a move in between: right after its torpedo a crew has nothing it could
    activate (its full mine gauge waits for a move), so its Stop! is refused with that rule; after the next course
    it holds."""
    lines = [*start("A1", "O15"), *walk("yellow", "torpedo"), course("yellow", "S", "mine", "S3"),
             course("yellow", "S", "mine", "S5"), course("yellow", "E", "mine", "E5"),
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "C8"},
             stop("yellow"), course("yellow", "E", "sonar", "E6"), stop("yellow")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == [
        "a Stop! comes with an activation: never two activations without a move in between"]
    assert len(named(events, "stop")) == 1 and referee(game).turns.frozen_by == "yellow"


def test_5_a_laid_mine_is_something_to_set_off(tmp_path):
    """§5: a mine is detonated at any time except surfaced, without a full gauge: a crew with a mine laid (and a
    move since) may call Stop! for it, and setting it off resolves the Stop!."""
    lines = [*start("A1", "O15"), *walk("yellow", "mine"),
             {"team": "yellow", "do": "activate", "system": "mine", "cell": "A4"},
             course("yellow", "E", "torpedo", "E5"), stop("yellow"), {"team": "yellow", "do": "detonate", "cell": "A4"},
             course("blue", "N", "torpedo", "N1")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events) == []
    assert [e["event"] for e in events if e["event"] in ("stop", "mine_detonated")] == ["stop", "mine_detonated"]
    assert referee(game).turns.frozen_by is None and len(named(events, "course", team="blue")) == 1


@pytest.mark.parametrize(("code", "said"), [
    ("en", NOTHING),
    ("de", "ein Stop! gehört zu einer Aktivierung: kein System ist bereit (volle Anzeige, kein Ausfall seiner Farbe), "
           "und keine eigene Mine kann gezündet werden"),
    ("ru", "«Стоп!» объявляют только вместе с активацией: ни одна система не готова (полная шкала, нет поломки её "
           "цвета), и подорвать свою мину нельзя")])
def test_5_the_refused_stop_says_why_in_the_tables_language(code, said):
    """§5: the console's refusal of a Stop! with nothing ready, in English, German and Russian; the German table
    types the quick reference's word `stopp` ([Q] "2. Kommando Stopp") as well as `stop`."""
    runtime, seats, outs = seated(code=code)
    for word in ("stop", "stopp") if code == "de" else ("stop",):
        got = printed(runtime, seats["yellow"], outs["yellow"], word)
        assert said in got, got
    assert referee(runtime.game).turns.frozen_by is None


def test_5_a_silent_run_is_ready_only_once_the_last_course_is_confirmed(tmp_path):
    """§5, §6: a silent run is a move, and the next move waits for the last course's mark and cross (the
    handshake). With only silence ready and the last course unconfirmed, nothing can be activated at that moment:
    the Stop! is refused saying what the course still waits for (under a Stop! the mark and the cross would wait
    too); once they are made the Stop! holds."""
    plan = (("S", "S3"), ("S", "S5"), ("S", "S2"), ("E", "E1"), ("E", "E2"), ("E", "E5"))   # no yellow symbol
    lines = [*start("A1", "O15"), *(course("yellow", d, "silence", c) for d, c in plan),
             {"team": "yellow", "do": "course", "direction": "E"}, stop("yellow"),
             {"team": "yellow", "do": "mark", "system": "torpedo"}, {"team": "yellow", "do": "cross", "symbol": "E6"},
             stop("yellow")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    said = refusals(events, "yellow")
    assert len(said) == 1 and said[0].startswith("a Stop! comes with an activation: the last course"), said
    assert len(named(events, "stop")) == 1 and referee(game).turns.frozen_by == "yellow"


@pytest.mark.parametrize(("code", "said"), [("en", "with a system ready or a mine to set off"),
                                            ("de", "mit einem bereiten System oder einer Mine zum Zünden"),
                                            ("ru", "когда готова система или есть мина для подрыва")])
def test_5_help_stop_says_a_stop_needs_something_ready(code, said):
    """§5: `help stop` said only that Stop! freezes both teams, and a crew learnt the rule from a refusal; it now
    says the Stop! needs a system ready or a mine to set off."""
    runtime, seats, outs = seated(code=code)
    word = {"en": "help stop", "de": "hilfe stop", "ru": "помощь стоп"}[code]
    got = printed(runtime, seats["yellow"], outs["yellow"], word)
    assert said in got, got


ONE_ARCHER = "\n".join(["name: Echo", "size: 15 x 15", "sectors realtime: 5 5 5 / 5 5 5", "sectors turn: 8 7 / 8 7",
                        "grid:", "    " + " ".join("ABCDEFGHIJKLMNO"),
                        *(f"{row:2d}  " + " ".join("a" if (row, col) == (8, 7) else "." for col in range(15))
                          for row in range(1, 16))]) + "\n"


def test_7_a_full_scenario_gauge_with_no_archer_mine_left_is_nothing_to_activate(tmp_path):
    """§5, §7 Echo: an Archer mine "works once, then erased by both Captains". On a map with one Archer mine, once
    it has gone off, a full scenario gauge has nothing left to set off: the Stop! is refused and says so, while
    before, with the mine on the map, the same full gauge let the Captain call it."""
    from kaleun.sonar.game import new_game

    scenario = [course("yellow", "S", "scenario", "S2"), course("yellow", "S", "scenario", "S3"),
                course("yellow", "S", "scenario", "S4"), course("yellow", "E", "scenario", "E1")]  # no yellow symbol
    again = [course("yellow", "E", "scenario", "E2"), course("yellow", "S", "scenario", "S5"),
             course("yellow", "S", "scenario", "S6"), course("yellow", "E", "scenario", "E5")]
    lines = [*start("A1", "O15"), *scenario, stop("yellow"),
             {"team": "yellow", "do": "activate", "system": "scenario", "cell": "H8"}, *again, stop("yellow")]
    game = new_game(0, "echo", "realtime", map_text=ONE_ARCHER, map_source="one.map")
    _, events = run_lines(lines, tmp_path, game=game)
    assert [e["event"] for e in events if e["event"] in ("stop", "archer_mine")] == ["stop", "archer_mine"]
    assert referee(game).team_status("yellow")["gauges"]["scenario"] == [4, 4]
    assert refusals(events, "yellow") == [
        "a Stop! comes with an activation: no system is ready and no mine of yours can be set off; the scenario gauge "
        "is full, but no Archer mine is left on the map"]
    assert referee(game).turns.frozen_by is None
