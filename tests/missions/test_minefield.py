"""The minefield mission and the `mines` objective (the missions' "lay a minefield off a port"; the rulebook
has no mines, so the objective kind and its checks are ours). The mission is won and lost by its table
scripts in test_missions.py; here: what counts for the objective, the debrief, and the mission file's
new fields refused with `file:line: problem`."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions.catalogue import MissionError, check_text
from kaleun.uboot.missions.debrief import debrief, lines
from missionkit import advance, game, named, one, order

IN_THE_AREA = [54.7, -0.81]  # 1.7 nm east of the objective's point (off the coastal route): 20 m of water
UP_THE_COAST = [54.95, -1.25]  # the same shallows, 15 nm north: outside the area

GOOD = """\
name = "Mines"
start = "1939-11-20T15:00:00"
base = "wilhelmshaven"
square = "AN55"
time_limit_h = 24
loadout = "tmb_1939"

[[objective]]
id = "field"
kind = "mines"
count = 9
point = [54.7, -0.86]
radius_nm = 2.5
text = "Lay nine mines."
"""


def _laid_at(position: list[float]):
    g = game("minefield_1939", changes={"position": position, "surfaced": False, "course": 90})
    events = order(g, "lay_mines")
    return g, events


def test_4_1_mines_laid_in_the_area_meet_the_objective():
    g, events = _laid_at(IN_THE_AREA)
    assert one(events, "mines_laid")["count"] == 12
    met = [e for e in named(events, "objective") if e["state"] == "met"]
    assert met and met[0]["objective"] == "field" and met[0]["progress"] == 12.0
    log = g.module("mission").log["mines"]
    assert [(m["field"], m["count"], m["type"], m["water_m"]) for m in log] == [("f1", 12, "TMB", 20.0)]


def test_4_1_mines_laid_outside_the_area_do_not_count():
    g, events = _laid_at(UP_THE_COAST)
    one(events, "mines_laid")
    assert [e for e in named(events, "objective") if e["objective"] == "field"] == []
    assert g.module("mission").objectives["field"].progress == 0.0


def test_4_1_a_field_laid_after_dawn_comes_too_late():
    g = game("minefield_1939", changes={"position": IN_THE_AREA, "surfaced": False, "course": 90})
    events = advance(g, 16 * 3600 + 600)
    failed = [e for e in named(events, "objective") if e["state"] == "failed"]
    assert failed and failed[0]["objective"] == "field"


def test_the_debrief_names_the_mines_and_what_they_sank():
    g, _events = _laid_at(IN_THE_AREA)
    d = debrief(g)
    assert d["mines"][0]["count"] == 12 and d["mines"][0]["field"] == "f1"
    said = [str(line) for line in lines(d)]
    assert "Mines laid: 12 in 1 field." in said
    d["sunk"] = [{"class_name": "Tramp steamer", "grt": 4800, "cause": "mine"}]
    assert "  Tramp steamer (4,800 GRT, mine)" in [str(line) for line in lines(d)]


def test_a_good_minefield_file_passes():
    found = check_text(GOOD, "mine.toml", "mine")
    assert found["mine"]["loadout"] == "tmb_1939" and found["mine"]["objective"][0]["kind"] == "mines"


@pytest.mark.parametrize("change, line, problem", [
    (('loadout = "tmb_1939"', 'loadout = "mines_galore"'), 6, "loadout: 'mines_galore' is not one of: tmb_1939"),
    (("1939-11-20", "1939-08-20"), 6, "loadout: tmb_1939 carries TMB ground mines, not issued on 1939-08-20"),
    (('point = [54.7, -0.86]\nradius_nm = 2.5\n', ""), 8, "objective[0]: a mines objective needs a place"),
    (("count = 9", "count = 9\ntype = \"TMA\""), 12, "objective[0].type: 'TMA' is not one of: TMB"),
    (('loadout = "tmb_1939"', 'loadout = "tmb_1939"\ntubes_flooded = [2]'), 7,
     "tubes_flooded: tube 2 holds mines in the loadout tmb_1939"),
])
def test_a_mistake_in_the_new_fields_is_refused_with_file_and_line(change, line, problem):
    old, new = change
    with pytest.raises(MissionError) as err:
        check_text(GOOD.replace(old, new), "mine.toml", "mine")
    assert err.value.problems[0].startswith(f"mine.toml:{line}: mine: "), err.value.problems
    assert problem in err.value.problems[0]


def test_the_winning_script_lays_the_field_and_a_collier_runs_onto_it():
    """The table script end to end (`kaleun run --script`): the field laid before midnight across the coastal
    route, a tramp steamer bound south sunk by one of its mines some hours later; the GRT counts."""
    import io
    import json
    from pathlib import Path

    from kaleun.boards.loader import default_board
    from kaleun.runtime.script import EventWriter, ScriptRun
    from kaleun.uboot.game import new_game

    out = io.StringIO()
    ScriptRun(new_game(0, "minefield_1939"), default_board(), EventWriter(out)).run(
        Path(__file__).parent / "scripts" / "minefield_1939.win.jsonl")
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    laid = one(events, "mines_laid")
    assert laid["count"] == 12 and laid["water_m"] == 20.0 and laid["clock"] < "1939-11-21T00:00"
    hit, sunk = one(events, "mine_hit"), one(events, "ship_sunk")
    assert hit["vessel"] == sunk["vessel"] and sunk["class"] == "tramp" and sunk["cause"] == "mine"
    assert hit["t"] > laid["t"] + 3600  # armed an hour after it was laid
    end = one(events, "mission_end")
    assert end["result"] == "won" and end["grt"] == 4800
