"""Digest §2: surfacing, the turn-based bonus turns and the real-time repair ritual.

Each test is named and cited as the kit says (sonarkit.py: the digest's §, the rulebook's heading, [gap]).
"""

from __future__ import annotations

import pytest
from sonarkit import YELLOW_FIRST, Crews, named, ref, refusals, run_lines, start


def test_2_surfacing_announces_the_sector_erases_route_and_breakdowns_keeps_mines(tmp_path):
    """§2: "Auftauchen in Sektor N": route erased except the current cell and the mines, breakdowns erased."""
    crews = Crews()
    lines = [*start("A1", "O15")]
    for direction, symbol in zip("SSSEEE", ("S1", "S3", "S5", "E2", "E3", "E4"), strict=True):
        lines.append(crews.move("yellow", direction, cross=symbol))
    lines += [{"team": "yellow", "do": "activate", "system": "mine", "cell": "E3"},
              {"team": "yellow", "do": "surface"}]
    game, events = run_lines(lines, tmp_path)
    surfaced = named(events, "surfaced")
    assert [(e["team"], e["sector"]) for e in surfaced] == [("yellow", 1)] and "audience" not in surfaced[0]
    status = ref(game).team_status("yellow")
    assert status["route"] == ["D4"] and status["mines"] == ["E3"] and status["surfaced"] is True
    # real time: the breakdowns stay until the repair ritual is done
    assert status["crossed"] == ["E2", "E3", "E4", "S1", "S3", "S5"]


def test_2_turn_based_surfacing_erases_breakdowns_and_gives_three_turns_in_a_row(tmp_path):
    """§2 [B] "Auftauchen: rundenbasiert": turn-based: the Engineer erases all breakdowns; the opponent plays 3
    turns in a row."""
    crews = Crews()
    lines = [*start("H1", "H15"), crews.move("yellow", "E"), crews.move("blue", "W"),
             {"team": "yellow", "do": "surface"}]
    lines += [crews.move("blue", d) for d in "WWW"]
    lines += [crews.move("yellow", "W"), crews.move("blue", "N")]
    game, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events) == []
    turns = [(e["team"], e["extra"]) for e in named(events, "turn")]
    assert turns == [("yellow", 0), ("blue", 0), ("yellow", 0), ("blue", 1), ("blue", 2), ("blue", 3),
                     ("yellow", 0), ("blue", 0), ("yellow", 0)]
    assert named(events, "breakdowns_cleared", team="yellow")
    assert named(events, "dived", team="yellow")  # it dives again when its turn comes
    assert ref(game).team_status("yellow")["crossed"] == ["W1"]


def test_2_the_consoles_status_says_which_extra_turn_it_is(tmp_path):
    """§2 [B] "Auftauchen: rundenbasiert" ("Das gegnerische Team hat nun 3 Züge hintereinander"): the window's top bar
    said `your extra turn 2 of 3`, the console's `status` only "Turn: Blue.", though a crew that waits three turns
    wants to know how many are left. Both teams' `status` now says it, and the plain turn again once they are over."""
    from kaleun.i18n import language
    from kaleun.ui.sonar_text import describe_status

    crews = Crews()
    lines = [*start("H1", "H15"), crews.move("yellow", "E"), crews.move("blue", "W"),
             {"team": "yellow", "do": "surface"}, crews.move("blue", "W")]
    game, _ = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    for team in ("yellow", "blue"):
        status = ref(game).team_status(team)
        assert status["extra_turn"] == [2, 3]
        assert "Turn: Blue, extra turn 2 of 3." in describe_status(status, language("en")).splitlines()
        assert "Zug: Blau, Extrazug 2 von 3." in describe_status(status, language("de")).splitlines()
    game, _ = run_lines([*lines, crews.move("blue", "W"), crews.move("blue", "W")], tmp_path, mode="turn",
                        seed=YELLOW_FIRST)
    status = ref(game).team_status("blue")
    assert status["extra_turn"] is None
    assert "Turn: Yellow." in describe_status(status, language("en")).splitlines()


def test_2_surfacing_during_the_extra_turns_cancels_the_rest(tmp_path):
    """§2 [B] "Auftauchen: rundenbasiert": if the opponent surfaces during its extra turns, the rest are lost and
    play goes on normally."""
    crews = Crews()
    lines = [*start("H1", "H15"), crews.move("yellow", "E"), crews.move("blue", "W"),
             {"team": "yellow", "do": "surface"}, crews.move("blue", "W"), {"team": "blue", "do": "surface"},
             crews.move("yellow", "E"), crews.move("blue", "W")]
    _, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events) == []
    turns = [(e["team"], e["extra"]) for e in named(events, "turn")]
    assert turns == [("yellow", 0), ("blue", 0), ("yellow", 0), ("blue", 1), ("blue", 2), ("yellow", 0),
                     ("blue", 0), ("yellow", 0)]


def test_2_real_time_repair_ritual_needs_four_different_crew_members(tmp_path):
    """§2 [B] "Auftauchen: Echtzeit": real time: each of the 4 hull sections outlined by a different crew member,
    then dive."""
    crews = Crews()
    lines = [*start("H1", "H15"), crews.move("yellow", "E"), {"team": "yellow", "do": "surface"},
             {"team": "yellow", "do": "course", "direction": "S"},                  # surfaced: repairs only
             {"team": "yellow", "do": "dive"},                                      # not repaired yet
             {"team": "yellow", "do": "repair", "section": 1, "by": "engineer"},
             {"team": "yellow", "do": "repair", "section": 2, "by": "engineer"},    # pass the sheet on
             {"team": "yellow", "do": "repair", "section": 1, "by": "captain"},     # outlined already
             {"team": "yellow", "do": "repair", "section": 2, "by": "captain"},
             {"team": "yellow", "do": "repair", "section": 3, "by": "first_mate"},
             crews.move("blue", "W"),                                               # the enemy plays on
             {"team": "yellow", "do": "repair", "section": 4, "by": "radio_operator"},
             {"team": "yellow", "do": "dive"},
             crews.move("yellow", "S")]
    game, events = run_lines(lines, tmp_path)
    assert refusals(events, "yellow") == [
        "the boat is surfaced: the crew works only on the repairs, then dives",
        "the repairs are not finished: hull sections 1, 2, 3, 4 are still to outline",
        "pass the sheet on: the captain, first mate or radio operator outlines a section first",  # any of them
        "hull section 1 is outlined already (by the engineer)",
    ]
    assert refusals(events, "blue") == []
    assert [e["section"] for e in named(events, "repair_section", team="yellow")] == [1, 2, 3, 4]
    assert named(events, "ready_to_dive", team="yellow") and named(events, "breakdowns_cleared", team="yellow")
    assert [e["team"] for e in named(events, "dived")] == ["yellow"]
    assert ref(game).team_status("yellow")["cell"] == "I2"


def test_2_smaller_crews_outline_more_than_one_section_each(tmp_path):
    """§2 [B] "Auftauchen: Echtzeit": in a team of fewer than 4, players outline several sections, passing the sheet
    on."""
    lines = [*start("H1", "H15"), {"team": "yellow", "do": "surface"},
             {"team": "yellow", "do": "repair", "section": 1, "by": "captain"},
             {"team": "yellow", "do": "repair", "section": 2, "by": "captain"},
             {"team": "yellow", "do": "repair", "section": 2, "by": "radio_operator"},
             {"team": "yellow", "do": "repair", "section": 3, "by": "captain"},
             {"team": "yellow", "do": "repair", "section": 4, "by": "radio_operator"},
             {"team": "yellow", "do": "dive"}]
    _, events = run_lines(lines, tmp_path, crews=[2, 3])
    assert refusals(events, "yellow") == ["pass the sheet on: the radio operator outlines a section first"]
    assert named(events, "dived", team="yellow")


@pytest.mark.parametrize(("crews", "told"), [
    ([4, 4], "Yellow: repair the hull: 4 sections, each outlined by a different crew member, then dive."),
    ([3, 3], "Yellow: repair the hull: 4 sections, outlined by the crew members in turn, the Engineer first, then "
             "dive."),
    ([2, 3], "Yellow: repair the hull: 4 sections, outlined by the crew members in turn, the Engineer first, then "
             "dive."),
])
def test_2_the_repair_call_fits_the_crews_size(tmp_path, crews, told):
    """§2 [B] "Auftauchen: Echtzeit": a crew of 2 or 3 outlines the 4 hull sections passing the sheet round. Such a
    crew was told "4 sections, each outlined by a different crew member" and then saw its Captain outline two."""
    _, events = run_lines([*start("H1", "H15"), {"team": "yellow", "do": "surface"}], tmp_path, crews=crews)
    assert [e["feed"] for e in named(events, "repair_needed", team="yellow")] == [told]


def test_2_a_surfaced_boat_cannot_detonate_mines(tmp_path):
    """§2/§5 [B] "Eine Wassermine legen": a surfaced boat cannot detonate its mines (real time: the crew only
    repairs)."""
    crews = Crews()
    lines = [*start("A1", "O15")]
    for direction, symbol in zip("SSSEEE", ("S1", "S3", "S5", "E2", "E3", "E4"), strict=True):
        lines.append(crews.move("yellow", direction, cross=symbol))
    lines += [{"team": "yellow", "do": "activate", "system": "mine", "cell": "E3"},
              {"team": "yellow", "do": "surface"},
              {"team": "yellow", "do": "detonate", "cell": "E3"}]
    _, events = run_lines(lines, tmp_path)
    assert refusals(events, "yellow") == ["the boat is surfaced: the crew works only on the repairs, then dives"]
    assert named(events, "mine_detonated") == []


@pytest.mark.parametrize("crew, first", [(4, "engineer"), (3, "engineer"), (2, "captain")])
def test_2_the_engineer_begins_the_repairs(tmp_path, crew, first):
    """§2 [B] "Auftauchen: Echtzeit", step 1 ("Der Maschinist beginnt mit den Reparaturen"): the first hull section
    is outlined by whoever holds the Engineer's post (in a team of 2 the Captain)."""
    lines = [*start("H1", "H15"), {"team": "yellow", "do": "surface"},
             {"team": "yellow", "do": "repair", "section": 1, "by": "radio_operator"},
             {"team": "yellow", "do": "repair", "section": 1, "by": first}]
    game, events = run_lines(lines, tmp_path, crews=[crew, 3])
    holder = first.replace("_", " ")
    assert refusals(events, "yellow") == [f"the Engineer begins the repairs: the {holder} outlines the first section"]
    assert ref(game).team_status("yellow")["repairs"] == {"1": first}


def test_2_the_consoles_help_says_when_a_surfacing_erases_the_breakdowns():
    """§2 ([B] "Auftauchen: Echtzeit", step 4): in real time the breakdowns are erased with the repairs,
    not at the surfacing; the console's `help` said "route and breakdowns are cleared" for both modes."""
    from kaleun.ui.sonar_commands import COMMANDS

    summary = next(c.summary for c in COMMANDS if c.name == "surface")
    assert "at once (turn-based)" in summary and "with the repairs (real time)" in summary
