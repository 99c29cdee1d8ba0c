"""§7 [B] "Delta Karte" at a team console: "Wenn ein Boot außerhalb der als Wasserlöcher markierten Felder auftaucht,
erleidet es 1 Schadenspunkt". The window's Surface said beforehand what surfacing here costs (`no water hole: 1
damage`, `the boat sinks!`); the console said nothing: its map draws the boat's `@` over a water hole's `o`, its
`status` did not say whether the boat lay on one, and `surface` broke through the ice at once, the fourth damage
sinking the boat. Now `status` says it, and a `surface` that costs damage is first answered with what it costs: typed
again at once, the boat surfaces (a table script's surface is not asked twice)."""

from __future__ import annotations

import io

import pytest
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_console import TeamConsole
from sonarkit import printed, seated


def _delta(code: str = "en", mode: str = "realtime") -> tuple[Runtime, TeamConsole, io.StringIO]:
    """Yellow's console on Delta (water holes on B2, B8, ...), both start cells marked: Yellow on B1, off the holes."""
    runtime, seats, outs = seated("delta", mode, code, cells=("B1", "H12"))
    return runtime, seats["yellow"], outs["yellow"]



def test_7_delta_the_consoles_status_says_what_surfacing_here_costs():
    """§7 Delta: off the water holes `status` says the damage a surfacing costs; on one (B2), that it costs none; the
    referee's status carries it for every front end (`surface_damage`, `surface_sinks`), in Delta only."""
    runtime, yellow, out = _delta()
    assert "No water hole here: surfacing costs 1 damage.\n" in printed(runtime, yellow, out, "status")
    printed(runtime, yellow, out, "s mark=torpedo cross=S6")
    said = printed(runtime, yellow, out, "status")
    assert "Boat at B2, sector 1" in said and "On a water hole: surfacing here costs no damage.\n" in said
    status = referee(runtime.game).team_status("yellow")
    assert (status["surface_damage"], status["surface_sinks"]) == (0, False)
    assert "surface_damage" not in referee(new_game(0, "alpha", "realtime")).team_status("yellow")


def test_7_delta_a_surface_off_the_water_holes_is_answered_with_its_cost_then_typed_again_surfaces():
    """§7 Delta: the first `surface` off a water hole tells the Captain what it costs and surfaces nothing; another
    line between takes the warning back; `surface` typed again at once surfaces, with the rulebook's 1 damage."""
    runtime, yellow, out = _delta()
    warning = "! No water hole at B1: surfacing here costs 1 damage. Type surface again to surface all the same.\n"
    assert printed(runtime, yellow, out, "surface") == warning
    ref = referee(runtime.game)
    assert not ref.teams["yellow"].surfaced and ref.teams["yellow"].damage == 0
    printed(runtime, yellow, out, "status")
    assert printed(runtime, yellow, out, "surface") == warning
    said = printed(runtime, yellow, out, "surface")
    assert "You surface in sector 1!" in said and "You break through the ice outside a water hole: 1 damage" in said
    assert ref.teams["yellow"].surfaced and ref.teams["yellow"].damage == 1


def test_7_delta_on_a_water_hole_surface_surfaces_at_once_and_a_json_line_is_never_asked_twice():
    """§7 Delta: on a water hole there is nothing to say first; a table script's line (JSON) surfaces at once."""
    runtime, yellow, out = _delta()
    printed(runtime, yellow, out, "s mark=torpedo cross=S6")                       # B2: a water hole
    assert "You surface in sector 1!" in printed(runtime, yellow, out, "surface")
    assert referee(runtime.game).teams["yellow"].damage == 0
    runtime, yellow, out = _delta()
    assert "You surface in sector 1!" in printed(runtime, yellow, out, '{"do": "surface"}')


def test_7_delta_a_surfacing_that_sinks_the_boat_says_so_first():
    """§7 Delta and §1 "Spielende": with 3 damage a surfacing off the water holes is the fourth and sinks the boat:
    `status` and the first `surface` say so (the window's Surface: `no water hole: the boat sinks!`)."""
    runtime, yellow, out = _delta()
    referee(runtime.game).teams["yellow"].damage = 3
    status = printed(runtime, yellow, out, "status")
    assert "No water hole here: surfacing costs 1 damage and sinks the boat.\n" in status
    assert printed(runtime, yellow, out, "surface") == (
        "! No water hole at B1: surfacing here costs 1 damage and sinks the boat. Type surface again to surface all "
        "the same.\n")
    assert "Your boat sinks: Blue wins!" in printed(runtime, yellow, out, "surface")


def test_7_delta_a_surface_the_referee_refuses_anyway_gets_the_referees_reason_not_the_cost():
    """§6 turn-based: out of turn a surfacing is refused for that; the cost is said only for a surfacing the referee
    would take (and the Engineer's cross still owed is named first, as for every course)."""
    runtime, yellow, out = _delta(mode="turn")
    if referee(runtime.game).turns.current == "yellow":
        printed(runtime, yellow, out, "e mark=torpedo cross=E5")
    assert printed(runtime, yellow, out, "surface").endswith("surface refused: it is Blue's turn.\n")


@pytest.mark.parametrize(("code", "status", "warning"), [
    ("de", "Kein Wasserloch hier: Auftauchen kostet 1 Schaden.",
     "! Kein Wasserloch auf B1: Auftauchen kostet hier 1 Schaden. Gebt noch einmal auftauchen ein, um trotzdem "
     "aufzutauchen."),
    ("ru", "Здесь нет полыньи: всплытие даст повреждений — 1.",
     "! На B1 нет полыньи: всплытие здесь даст повреждений — 1. Введите всплытие ещё раз, чтобы всё же всплыть.")])
def test_7_delta_the_cost_is_said_in_the_tables_language(code, status, warning):
    """§7 Delta at a German and a Russian table: the line and the word to type again in the table's language."""
    runtime, yellow, out = _delta(code)
    assert status in printed(runtime, yellow, out, "status")
    word = "auftauchen" if code == "de" else "всплытие"
    assert printed(runtime, yellow, out, word) == warning + "\n"
    assert referee(runtime.game).teams["yellow"].surfaced is False
    printed(runtime, yellow, out, word)
    assert referee(runtime.game).teams["yellow"].surfaced is True


def test_7_delta_a_cost_changed_since_it_was_said_is_said_again():
    """§7 Delta: told "1 damage", the crew is hit before it types surface again (the enemy's torpedo: now the ice
    would be its fourth damage); the second surface does not sink the boat unwarned: it says the new cost first."""
    runtime, yellow, out = _delta()
    assert "costs 1 damage. Type surface again" in printed(runtime, yellow, out, "surface")
    referee(runtime.game).teams["yellow"].damage = 3                     # the blast's damage, between the two lines
    assert "costs 1 damage and sinks the boat. Type surface again" in printed(runtime, yellow, out, "surface")
    assert not referee(runtime.game).teams["yellow"].surfaced
    assert "Your boat sinks: Blue wins!" in printed(runtime, yellow, out, "surface")
