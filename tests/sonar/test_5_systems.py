"""Digest §5: activating systems, torpedo, mine, blasts, drone, sonar, silence, Stop!, sinking.

Each test is named and cited as the kit says (sonarkit.py: the digest's §, the rulebook's heading, [gap]).
"""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from kaleun.sonar.game import new_game
from sonarkit import YELLOW_FIRST, activate, course, five_by_five, named, ref, refusals, run_lines, start


def walk(team: str, plan: str, mark: str | list[str]) -> list[dict]:
    """Courses from a plan of 'DIRECTION:SYMBOL' words, each with a mark."""
    marks = [mark] * len(plan.split()) if isinstance(mark, str) else mark
    return [course(team, w.split(":")[0], m, w.split(":")[1]) for w, m in zip(plan.split(), marks, strict=True)]


WALL = five_by_five("Wall", ". . . . .", ". . . . .", "# # # # .", ". . . . .", ". . . . .")


# -- activation ------------------------------------------------------------------------------
def test_5_activation_needs_a_full_gauge(tmp_path):
    """§5 [B] "Systeme aktivieren": a system is activated only with a full gauge."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S3", "torpedo"), activate("yellow", "torpedo", cell="A4")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["the torpedo gauge is not full (2 of 3)"]
    assert named(events, "torpedo") == [] and named(events, "blast") == []


def test_5_never_two_activations_without_a_move_in_between(tmp_path):
    """§5 [B] "Systeme aktivieren": a team may not activate two systems directly after each other; the boat must
    move between."""
    plan = "S:S1 S:S2 S:S4 S:S6 E:E1 E:E3 E:E4"          # no green symbol crossed
    lines = [*start("A1", "O15"), *walk("yellow", plan, ["drone"] * 4 + ["sonar"] * 3),
             activate("yellow", "drone", sector=1), activate("yellow", "sonar"),
             course("yellow", "E", cross="E5"), activate("yellow", "sonar")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["never two activations without a move in between"]
    assert [e["team"] for e in named(events, "sonar")] == ["yellow"]


def test_5_a_detonation_counts_as_an_activation(tmp_path):
    """§5 [B] "Eine Wassermine legen" [gap] (rules.toml detonation_is_activation): setting off a mine uses the mine
    system, so it is not allowed directly after laying one; after a move it is."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S3 S:S5", "mine"), activate("yellow", "mine", cell="B5"),
             {"team": "yellow", "do": "detonate", "cell": "B5"}, course("yellow", "E", "torpedo", "E2"),
             {"team": "yellow", "do": "detonate", "cell": "B5"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["never two activations without a move in between"]
    assert [e["cell"] for e in named(events, "mine_detonated")] == ["B5"] and ref(game).teams["yellow"].mines == []


def test_5_a_refusal_after_a_detonation_says_the_detonation_counted(tmp_path):
    """§5 [B] "Eine Wassermine legen" [gap] (rules.toml detonation_is_activation): the printed rules call detonating
    no activation of a ready system, so a crew refused a torpedo right after setting off a mine is told in the same
    line that the detonation counted as one (else it reads as a wrong refusal: "we have not activated")."""
    plan = "S:S1 S:S3 S:S5 E:E5 E:E6 N:N5"                  # nothing red crossed
    lines = [*start("A1", "O15"), *walk("yellow", plan, ["mine"] * 3 + ["torpedo"] * 3),
             activate("yellow", "mine", cell="D4"), course("yellow", "N", "drone", "N6"),
             {"team": "yellow", "do": "detonate", "cell": "D4"}, activate("yellow", "torpedo", cell="A2")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["never two activations without a move in between: the mine set off was "
                                          "the last one (the rulebook leaves open whether a detonation counts; "
                                          "Kaleun counts it)"]
    assert named(events, "torpedo") == []


def test_5_a_silent_run_is_no_move_between_two_activations(tmp_path):
    """§5 [B] "Systeme aktivieren" [gap] (rules.toml silence_counts_as_move): silence is an activation; its own run
    does not count as the move that must come before the next activation, a course does."""
    plan = "N:N5 N:N6 E:E2 E:E5 E:E6 S:S3 S:S5 W:W2 W:W4"     # nothing red or yellow, 4 radiation
    lines = [*start("B10", "O15"), *walk("yellow", plan, ["silence"] * 6 + ["torpedo"] * 3),
             activate("yellow", "silence", direction="S", distance=1),
             {"team": "yellow", "do": "mark", "system": "mine"}, {"team": "yellow", "do": "cross", "symbol": "S6"},
             activate("yellow", "torpedo", cell="C9"),
             course("yellow", "W", "mine", "W5"), activate("yellow", "torpedo", cell="C9")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == [SILENT_RUN_REFUSAL]
    assert [e["cell"] for e in named(events, "torpedo")] == ["C9"]


#: the refusal of an activation right after a silent run: the [gap] choice in one line
SILENT_RUN_REFUSAL = ("never two activations without a move in between: the silent run was the last one (the "
                      "rulebook leaves open whether its own cells count as a move; Kaleun does not count them)")


def test_5_the_first_mate_activates_only_drone_and_sonar(tmp_path):
    """§1/§5 [B] "Der Erste Offizier": drone and sonar by Captain or First Mate; mine, torpedo, silence, scenario by
    the Captain only."""
    plan = "S:S1 S:S2 S:S4 S:S6"
    lines = [*start("A1", "O15"), *walk("yellow", plan, "drone"),
             activate("yellow", "torpedo", cell="A3", by="first_mate"),
             activate("yellow", "mine", cell="B4", by="first_mate"),
             activate("yellow", "silence", direction="E", distance=1, by="first_mate"),
             activate("yellow", "drone", sector=9, by="first_mate")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["the first mate may activate only drone and sonar"] * 3
    assert named(events, "drone")[0]["by"] == "first_mate" and named(events, "drone")[0]["answer"] is True


@pytest.mark.parametrize("crews, by", [((3, 3), "captain"), ((2, 2), "captain"), ((4, 4), "first_mate")])
def test_1_a_post_is_named_by_its_role_whoever_holds_it(tmp_path, crews, by):
    """§1 [B] "Teamzusammenstellungen" ("In Dreierteams spielt ein Spieler den Kapitän und den Ersten Offizier"):
    in a crew of 3 a drone `by=first_mate` stopped the whole script as malformed ("by 'first_mate' is not one
    of this crew"), though the crew has a First Mate: the Captain. A post names the member who holds it."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4 S:S6", "drone"),
             activate("yellow", "drone", sector=9, by="first_mate"), {"team": "yellow", "do": "surface"},
             {"team": "yellow", "do": "repair", "section": 1, "by": "engineer"}]
    _, events = run_lines(lines, tmp_path, scenario="charlie", crews=list(crews))
    assert [e["by"] for e in named(events, "drone")] == [by]
    assert [e["by"] for e in named(events, "repair_section")] == ["engineer" if crews[0] > 2 else "captain"]


def test_5_the_engineer_and_the_radio_operator_activate_nothing_and_are_told_so(tmp_path):
    """§1/§5 [B] "Systeme aktivieren": only Captain and First Mate activate systems; the Engineer's or the Radio
    Operator's activation is refused with a reason that can be read aloud (it named an empty list of systems)."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4 S:S6", "drone"),
             activate("yellow", "drone", sector=9, by="engineer"),
             activate("yellow", "drone", sector=9, by="radio_operator")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    said = "activates no system: the Captain activates every system, the First Mate the drone and the sonar"
    assert refusals(events, "yellow") == [f"the engineer {said}", f"the radio operator {said}"]
    assert named(events, "drone") == [] and ref(game).team_status("yellow")["gauges"]["drone"] == [4, 4]


# -- torpedo ---------------------------------------------------------------------------------
def test_5_a_torpedo_at_5_cells_is_refused_at_4_it_runs(tmp_path):
    """§5 [B] "Einen Torpedo abfeuern": the impact cell is 1 to 4 cells away, counted orthogonally."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"),
             activate("yellow", "torpedo", cell="F4"), activate("yellow", "torpedo", cell="E3"),
             activate("yellow", "torpedo", cell="E4")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["F4 is more than 4 cells away counted orthogonally",
                                          "E3 is more than 4 cells away counted orthogonally"]
    assert [(e["team"], e["cell"]) for e in named(events, "torpedo")] == [("yellow", "E4")]


def test_5_islands_block_the_torpedo_path(tmp_path):
    """§5 [B] "Einen Torpedo abfeuern" [gap]: the torpedo runs over sea cells only (islands block) and cannot strike
    an island; the rulebook only counts orthogonal steps, so each refusal says in the same line that this is
    Kaleun's reading (a crew aiming next to an island otherwise reads it as a wrong count)."""
    game = new_game(0, "alpha", "realtime", map_text=WALL, map_source="wall.map")
    lines = [*start("C1", "B5"), *walk("yellow", "E:E2 S:S1 W:W2", "torpedo"),
             activate("yellow", "torpedo", cell="C4"), activate("yellow", "torpedo", cell="A3"),
             activate("yellow", "torpedo", cell="E4")]
    _, events = run_lines(lines, tmp_path, game=game)
    reading = "a torpedo runs over sea only (the rulebook leaves it open; Kaleun's reading)"
    assert refusals(events, "yellow") == [f"C4 is more than 4 cells away counted orthogonally around the islands: "
                                          f"{reading}", f"A3 is an island: {reading}"]
    assert [e["cell"] for e in named(events, "torpedo")] == ["E4"]


def test_5_the_torpedo_path_is_the_shortest_way_over_sea():
    """§5 [B] "Einen Torpedo abfeuern": the pruned search agrees with a plain breadth-first search over every start
    and target on Alpha."""
    from collections import deque

    from kaleun.sonar.game import build_map
    from kaleun.sonar.grid import DIRECTIONS, step
    from kaleun.sonar.systems import torpedo_distance

    sea = build_map("alpha", "realtime")
    for origin in sea.sea_cells()[::7]:
        plain = {origin: 0}
        todo = deque([origin])
        while todo:
            cell = todo.popleft()
            for d in DIRECTIONS:
                nxt = step(cell, d)
                if nxt not in plain and sea.is_sea(nxt) and plain[cell] < 4:
                    plain[nxt] = plain[cell] + 1
                    todo.append(nxt)
        for target in sea.sea_cells():
            assert torpedo_distance(sea, origin, target, 4, True) == plain.get(target), (origin, target)



def test_5_a_torpedo_at_the_boats_own_cell_is_refused_and_changes_nothing(tmp_path):
    """§5 [B] "Einen Torpedo abfeuern": the impact cell is 1 to 4 cells away: the boat's own cell is refused, the
    gauge stays full."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"),
             activate("yellow", "torpedo", cell="A4")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["a torpedo needs a target 1 to 4 cells away, not the boat's own cell"]
    assert named(events, "torpedo") == [] and named(events, "blast") == []
    assert ref(game).teams["yellow"].damage == 0 and ref(game).team_status("yellow")["gauges"]["torpedo"] == [3, 3]

# -- blasts ----------------------------------------------------------------------------------
def test_5_a_blast_hits_both_boats(tmp_path):
    """§5 [B] "Schaden durch Minen oder Torpedos": 2 damage on the impact cell, 1 on the 8 around it; both boats are
    checked (self-damage too)."""
    lines = [*start("E2", "F5"), *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"), activate("yellow", "torpedo", cell="F5")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    blast = named(events, "blast")[0]
    assert blast["hits"] == {"yellow": 1, "blue": 2} and "audience" not in blast
    assert blast["feed"] == "Blast at F5: Yellow: indirect hit, 1 damage; Blue: direct hit, 2 damage."
    assert [(e["team"], e["amount"]) for e in named(events, "damage")] == [("yellow", 1), ("blue", 2)]
    assert ref(game).teams["yellow"].damage == 1 and ref(game).teams["blue"].damage == 2


def test_5_a_torpedo_destroys_a_mine_on_its_impact_cell(tmp_path):
    """§5 [B] "Einen Torpedo abfeuern": a torpedo striking a cell with a mine destroys the mine (its owner is told,
    nobody else)."""
    lines = [*start("E2", "F8"), *walk("blue", "N:N1 N:N2 N:N5", "mine"), activate("blue", "mine", cell="G5"),
             *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"), activate("yellow", "torpedo", cell="G5")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert named(events, "blast")[0]["hits"] == {"yellow": 0, "blue": 1}
    destroyed = named(events, "mine_destroyed")
    assert [(e["audience"], e["cell"]) for e in destroyed] == [("blue", "G5")]
    assert ref(game).teams["blue"].mines == []


def test_5_a_mine_in_the_blast_area_off_the_impact_cell_stays_and_its_owner_is_told_why(tmp_path):
    """§5 [Q] "Einschlagsgebiet" [gap] (rules.toml blast_destroys_mines): [B] destroys a mine on the torpedo's
    impact cell, the quick reference [Q] every mine of the 3 x 3 area. Kaleun follows [B]; a crew reading the quick
    reference would erase its mine next to the impact, so its owner is told in one line that it stays (nobody
    else)."""
    lines = [*start("E2", "F8"), *walk("blue", "N:N1 N:N2 N:N5", "mine"), activate("blue", "mine", cell="G5"),
             *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"), activate("yellow", "torpedo", cell="G6")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert named(events, "mine_destroyed") == []
    kept = named(events, "mine_kept")
    assert [(e["audience"], e["cell"], e["feed"]) for e in kept] == [
        ("blue", "G5", "Your mine at G5 lies in the blast area and stays: only a mine on the impact cell is "
                       "destroyed (the base rules; the quick reference says the whole area).")]
    assert ref(game).teams["blue"].mines == [(6, 4)]


def test_5_four_damage_sinks_the_boat_and_ends_the_game(tmp_path):
    """§1/§5 [B] "Spielende": the first boat with 4 damage sinks; its team loses; nothing more is accepted."""
    lines = [*start("E2", "F5"), *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"), activate("yellow", "torpedo", cell="F5"),
             *walk("yellow", "W:W2 W:W3 W:W4", "torpedo"), activate("yellow", "torpedo", cell="F5"),
             course("blue", "N")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    over = named(events, "game_over")
    assert [(e["winner"], e["loser"]) for e in over] == [("yellow", "blue")]
    assert refusals(events, "blue") == ["the game is over"]
    assert ref(game).teams["blue"].damage == 4
    from kaleun.i18n import language
    from kaleun.ui.sonar_text import describe_status

    assert "The game is over: Yellow won." in describe_status(ref(game).team_status("blue"), language("en"))
    # the winner's own console speaks to it, as its feed and the window's "victory!" do
    assert "The game is over: you won." in describe_status(ref(game).team_status("yellow"), language("en"), "yellow")
    assert "The game is over: Yellow won." in describe_status(ref(game).team_status("blue"), language("en"), "blue")


def test_5_a_blast_that_sinks_both_boats_is_a_draw(tmp_path):
    """§1/§5 [B] "Spielende": a blast checks both boats; when it gives both their fourth damage both sink at once and
    nobody wins (rules.toml both_sunk = "draw", [gap]) — whichever team is checked first."""
    lines = [*start("E2", "F5"),
             *walk("yellow", "S:S1 S:S3 S:S5", "torpedo"), activate("yellow", "torpedo", cell="F5"),  # Y 1, B 2
             *walk("yellow", "W:W2 W:W3 W:W4", "torpedo"), activate("yellow", "torpedo", cell="A5"),  # Y 2
             *walk("yellow", "N:N1 N:N2 N:N5", "torpedo"), activate("yellow", "torpedo", cell="A1"),  # Y 3
             *walk("yellow", "E:E2 S:S6 E:E3", "torpedo"),                                           # Y at D3
             *walk("blue", "W:W2 N:N1 W:W3", "mine"),                                                # B at D4
             activate("yellow", "torpedo", cell="D4"), course("blue", "N")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert named(events, "blast")[-1]["hits"] == {"yellow": 1, "blue": 2}
    assert ref(game).teams["yellow"].damage == 4 and ref(game).teams["blue"].damage == 4
    over = named(events, "game_over")
    assert [(e["winner"], e["loser"], e["reason"]) for e in over] == [(None, None, "both_sunk")]
    assert over[0]["feed"] == "Both boats sink in the same blast: nobody wins (the rulebook names no winner for that)."
    names = [e["event"] for e in events]
    assert names.index("game_over") > max(i for i, n in enumerate(names) if n in ("damage", "hull"))
    assert refusals(events, "blue") == ["the game is over"] and ref(game).winner is None


# -- mines -----------------------------------------------------------------------------------
def test_5_a_mine_goes_next_to_the_boat_off_its_route_and_stays_secret(tmp_path):
    """§5 [B] "Eine Wassermine legen": a mine on one of the 8 cells around the boat, not on its route; "Mine
    gelegt!" names no cell."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S3 S:S5", "mine"),
             activate("yellow", "mine", cell="C4"), activate("yellow", "mine", cell="A3"),
             activate("yellow", "mine", cell="B5"), course("yellow", "E", cross="E2"),
             {"team": "yellow", "do": "detonate", "cell": "C9"}, {"team": "yellow", "do": "detonate", "cell": "B5"}]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["a mine goes on a cell next to the boat (diagonals too); C4 is not",
                                          "A3 is on your own route", "you have no mine at C9"]
    laid = named(events, "mine_laid")[0]
    assert set(laid) - {"t", "clock", "event", "feed"} == {"team"}
    assert named(events, "mine_placed")[0] == {**named(events, "mine_placed")[0], "audience": "yellow", "cell": "B5"}
    detonated = named(events, "mine_detonated")[0]
    assert detonated["cell"] == "B5" and "audience" not in detonated
    assert named(events, "blast")[0]["hits"] == {"yellow": 1, "blue": 0}   # B4 is next to B5



def test_5_a_second_mine_on_a_cell_that_holds_one_is_refused(tmp_path):
    """§5 [B] "Eine Wassermine legen": each of a team's mines has its own cell; laying another on it is refused and
    lays nothing."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S3 S:S5", "mine"), activate("yellow", "mine", cell="B5"),
             *walk("yellow", "E:E2 E:E3 S:S6", "mine"), activate("yellow", "mine", cell="B5")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["B5 already holds one of your mines"]
    assert [e["cell"] for e in named(events, "mine_placed")] == ["B5"] and len(named(events, "mine_laid")) == 1
    assert len(ref(game).teams["yellow"].mines) == 1 and ref(game).team_status("yellow")["gauges"]["mine"] == [3, 3]

# -- drone and sonar -------------------------------------------------------------------------
@pytest.mark.parametrize("sector, answer", [(9, True), (5, False)])
def test_5_the_drone_answer_is_the_truth(tmp_path, sector, answer):
    """§5 [B] "Eine Suchdrohne aussenden": "Seid ihr in Sektor N?" — the game answers truthfully (blue is at O15,
    sector 9)."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4 S:S6", "drone"),
             activate("yellow", "drone", sector=sector)]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    drone = named(events, "drone")[0]
    assert (drone["sector"], drone["answer"]) == (sector, answer) and "audience" not in drone
    assert drone["feed"].endswith(f"Blue: {'yes' if answer else 'no'}!")


def test_5_a_false_sonar_pair_is_refused_and_everything_waits_for_a_true_one(tmp_path):
    """§5 [B] "Das Sonar aktivieren": two statements of different kinds, exactly one true: the game checks and
    refuses a false pair."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4", "sonar"), activate("yellow", "sonar"),
             course("yellow", "S", cross="S6"),
             {"team": "blue", "do": "sonar_answer", "row": 3, "sector": 1},
             {"team": "blue", "do": "sonar_answer", "row": 15, "column": "O"},
             course("blue", "N", cross="N1"),
             {"team": "blue", "do": "sonar_answer", "column": "O", "sector": 1},
             course("yellow", "S", cross="S6")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["Stop! your sonar waits for Blue's answer"]
    assert refusals(events, "blue") == ["both statements are false; exactly one must be true",
                                        "both statements are true; exactly one must be false",
                                        "Stop! Yellow's sonar waits for your answer first: two statements of "
                                        "different kinds, exactly one of them true"]
    answer = named(events, "sonar_answer")
    assert [(e["team"], e.get("column"), e.get("sector")) for e in answer] == [("blue", "O", 1)]
    assert all(e["audience"] == "blue" for e in events if e["event"] == "refused" and e["team"] == "blue")
    assert ref(game).team_status("yellow")["cell"] == "A5"


def test_5_a_sonar_answer_is_two_statements_of_different_kinds():
    """§5 [B] "Das Sonar aktivieren": a third statement, or only one, is not an answer (malformed: refused before
    the rules)."""
    game = new_game(0, "charlie", "realtime")
    for command in ({"row": 1, "column": "A", "sector": 1}, {"row": 1}):
        with pytest.raises(CommandError, match="two of row, column, sector"):
            game.apply({"do": "sonar_answer", "team": "blue", **command})


@pytest.mark.parametrize("column", ["AB", "", "CD", "P"])
def test_5_a_sonar_statement_of_a_column_names_one_column_of_the_map(column):
    """§5 [B] "Das Sonar aktivieren" ("die Spalte ... in dem sich das Boot befindet"): "AB" or "" is no column; it
    was taken for the false statement of a true row and announced ("we are in row 15 and column AB")."""
    game = new_game(0, "charlie", "realtime")
    for team, cell in (("yellow", "A1"), ("blue", "O15")):
        game.apply({"do": "start", "team": team, "cell": cell})
    with pytest.raises(CommandError, match="is not a column of the map"):
        game.apply({"do": "sonar_answer", "team": "blue", "row": 15, "column": column})


# -- silence ---------------------------------------------------------------------------------
def test_5_silence_moves_1_to_4_cells_straight_and_only_the_own_team_sees_where(tmp_path):
    """§5 [B] "Schleichfahrt aktivieren": silence: 1-4 cells in a straight line, route rules apply; the course is
    shown to the own team only; the First Mate marks a box and the Engineer crosses a symbol of the direction
    moved."""
    plan = "S:S3 S:S5 S:S2 E:E1 E:E2 E:E5"           # no yellow symbol crossed
    lines = [*start("A1", "O15"), *walk("yellow", plan, "silence"),
             activate("yellow", "silence", direction="W", distance=1),
             activate("yellow", "silence", direction="E", distance=3),
             {"team": "yellow", "do": "cross", "symbol": "S1"},
             {"team": "yellow", "do": "cross", "symbol": "E3"},
             {"team": "yellow", "do": "mark", "system": "torpedo"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["silence west 1: C4 is on your own route since the last surfacing",
                                          "the silent run went east: cross a symbol of that section (E1 to E6)"]
    silence = named(events, "silence")[0]
    assert set(silence) - {"t", "clock", "event", "feed"} == {"team"}
    moved = named(events, "moved")[-1]
    assert moved["audience"] == "yellow" and moved["path"] == ["E4", "F4", "G4"] and moved["silent"] is True
    status = ref(game).team_status("yellow")
    assert status["cell"] == "G4" and status["gauges"]["silence"] == [0, 6] and status["waiting_for"] == []


# -- Stop! -----------------------------------------------------------------------------------
def test_5_stop_freezes_both_teams_until_the_activation_resolves(tmp_path):
    """§5 [B] "Systeme aktivieren", "Stop!": both teams freeze until the activation is resolved (real time)."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4 S:S6 E:E1 E:E4", ["drone"] * 4 + ["sonar"] * 2),
             {"team": "yellow", "do": "stop"}, course("blue", "N", "torpedo", "N1"),
             course("yellow", "E", cross="E1"), activate("yellow", "drone", sector=3),
             course("blue", "N", "torpedo", "N1"), course("yellow", "E", "sonar", "E5"),  # the sonar is ready
             {"team": "yellow", "do": "stop", "by": "engineer"}, {"team": "yellow", "do": "stop"},
             {"team": "yellow", "do": "go"}, course("blue", "N", "torpedo", "N2")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "blue") == ["Stop! Yellow is activating a system: wait"]
    assert refusals(events, "yellow") == ["you called Stop!: activate a system or call go",
                                          "Stop! is called by the Captain or the First Mate only"]
    assert [e["event"] for e in events if e["event"] in ("stop", "go", "drone")] == ["stop", "drone", "stop", "go"]
    assert len(named(events, "course", team="blue")) == 2


def test_5_a_refused_activation_under_the_own_stop_says_the_stop_still_holds(tmp_path):
    """§5 [B] "Systeme aktivieren": "Stop!" freezes both teams until the activation is resolved: an activation the
    rules refuse resolves nothing, so the crew that called Stop! is told in the same line that its Stop! still holds
    (the other crew waits for it), then activates or calls go."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4 S:S6", "drone"),  # the drone is ready
             {"team": "yellow", "do": "stop"}, activate("yellow", "torpedo", cell="A3"),
             {"team": "yellow", "do": "detonate", "cell": "B2"}, {"team": "yellow", "do": "go"},
             activate("yellow", "torpedo", cell="A3")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    holds = "; your Stop! still holds: activate a system or call go"
    assert refusals(events, "yellow") == [f"the torpedo gauge is not full (0 of 3){holds}",
                                          f"you have no mine at B2{holds}", "the torpedo gauge is not full (0 of 3)"]


def test_5_the_one_who_called_stop_lifts_it_unused_with_go(tmp_path):
    """§5 [B] "Systeme aktivieren", "Stop!": the First Mate raises the fist for a drone, then thinks better of it:
    `go` names who lifts it as `stop` names who called it (host/README.md, Commands: `stop` / `go`, optional
    `by`)."""
    lines = [*start("A1", "O15"), *walk("yellow", "S:S1 S:S2 S:S4 S:S6", "drone"),  # the drone is ready
             {"team": "yellow", "do": "stop", "by": "first_mate"},
             {"team": "yellow", "do": "go", "by": "first_mate"}, course("blue", "N", "torpedo", "N1")]
    _, events = run_lines(lines, tmp_path, scenario="charlie")
    assert [(e["event"], e["by"]) for e in events if e["event"] in ("stop", "go")] == [
        ("stop", "first_mate"), ("go", "first_mate")]
    assert refusals(events) == [] and len(named(events, "course", team="blue")) == 1


def test_5_stop_belongs_to_the_real_time_game(tmp_path):
    """§5/§6 [B] "Systeme aktivieren": in turn-based mode systems are activated in the own turn; there is no Stop!
    to call."""
    _, events = run_lines([*start("A1", "O15"), {"team": "yellow", "do": "stop"}], tmp_path, mode="turn",
                          seed=YELLOW_FIRST)
    assert refusals(events, "yellow") == ["Stop! is for the real-time game; in turn-based mode activate in your turn"]


def test_5_a_silent_runs_own_mark_cannot_go_on_the_silence_gauge(tmp_path):
    """§5 [B] "Schleichfahrt aktivieren", [Q] "Schleichfahrt": after the silent run the First Mate marks a box and
    the Engineer crosses a symbol, *then* the First Mate erases the silence gauge: the run's own mark cannot
    recharge silence."""
    plan = "S:S3 S:S5 S:S2 E:E1 E:E2 E:E5"           # no yellow symbol crossed
    lines = [*start("A1", "O15"), *walk("yellow", plan, "silence"),
             activate("yellow", "silence", direction="E", distance=2),
             {"team": "yellow", "do": "mark", "system": "silence"},
             {"team": "yellow", "do": "cross", "symbol": "E3"}]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["the silence gauge is erased only after this silent run: mark another gauge"]
    status = ref(game).team_status("yellow")
    assert status["gauges"]["silence"] == [6, 6] and status["waiting_for"] == ["mark"]
    game, events = run_lines([{"t": 60, "team": "yellow", "do": "mark", "system": "torpedo"}], tmp_path, game=game)
    status = ref(game).team_status("yellow")
    assert status["gauges"]["silence"] == [0, 6] and status["gauges"]["torpedo"] == [1, 3]
    assert status["waiting_for"] == [] and refusals(events) == []


# -- malformed lines at a German or Russian table ----------------------------------------------
@pytest.mark.parametrize("line", [
    {"team": "blue", "do": "activate", "system": "torpedo", "cell": "Z99"},
    {"team": "blue", "do": "course", "direction": "X"},
    {"team": "blue", "do": "activate", "system": "drone", "sector": 2, "by": "cook"},
    {"team": "blue", "do": "cross", "symbol": "Q7"},
    {"team": "blue", "do": "sonar_answer", "column": "Z", "sector": 2},
    {"team": "blue", "do": "sonar_answer", "row": 12},
    {"team": "blue", "do": "activate", "system": "scenario", "cell": "Z99"}])
def test_5_a_malformed_command_is_refused_in_the_tables_language(line):
    """§5 (and host/README.md: everything the console prints is in the table's language, the refusals
    of malformed lines too): a crew answering a sonar with one statement, naming a cell off the map or
    a crew member it has not is told so in German or Russian, not in English."""
    from kaleun.core.messages import Msg, of_error
    from kaleun.i18n import language

    game = new_game(0, "echo", "realtime")
    for command in (*start("A1", "M12"), {"team": "blue", "do": "course", "direction": "N"}):
        game.apply(command)
    with pytest.raises(CommandError) as caught:
        game.apply(line)
    said = of_error(caught.value)
    assert isinstance(said, Msg), said
    for code in ("de", "ru"):
        assert language(code).missing(said) == [], (code, said.template)


def test_5_the_refusal_names_the_reason_that_stands_after_the_other_is_put_right(tmp_path):
    """§5 [B] "Systeme aktivieren": a system needs a full gauge, no breakdown of its colour and a move since the last
    activation. Where two fail, the refusal names the one a single fix leaves standing: a gauge fills only by the
    First Mate's marks after courses, so right after the drone its empty gauge is named, not the missing move, and
    one move later the gauge (1 of 4) still stands while the missing move is gone. A full gauge without a move
    names the move. The checks change nothing: the team's state is the same before and after them."""
    plan = "S:S1 S:S2 S:S4 S:S6 E:E1 E:E3 E:E4"          # no green symbol crossed
    lines = [*start("A1", "O15"), *walk("yellow", plan, ["drone"] * 4 + ["sonar"] * 3),
             activate("yellow", "drone", sector=1), activate("yellow", "drone", sector=1), activate("yellow", "sonar")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["the drone gauge is not full (0 of 4)",
                                          "never two activations without a move in between"]
    team = ref(game).teams["yellow"]
    before = team.to_state()
    assert [team.activation_check(s) for s in ("drone", "sonar")] == ["gauge", "move"]
    assert team.to_state() == before
    lines += [course("yellow", "E", "drone", "E5"), activate("yellow", "drone", sector=1)]
    (tmp_path / "again").mkdir()
    _, events = run_lines(lines, tmp_path / "again", scenario="charlie")
    assert refusals(events, "yellow")[-1] == "the drone gauge is not full (1 of 4)"


def test_5_a_breakdown_is_named_before_the_missing_move(tmp_path):
    """§5 [B] "Systeme aktivieren", §4: a crossed symbol of its colour stops a system. A surfacing repairs it and is no
    move, a course seldom repairs one: of a breakdown and a missing move the breakdown is named (it still stands
    after the move), as the window's button says ("broken")."""
    plan = "S:S2 S:S1 S:S4 S:S6 E:E1 E:E3 E:E4"          # S2 and S4 red: the torpedo breaks down; no green
    lines = [*start("A1", "O15"), *walk("yellow", plan, ["torpedo"] * 3 + ["drone"] * 4),
             activate("yellow", "drone", sector=1), activate("yellow", "torpedo", cell="A4")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "yellow") == ["the torpedo is broken down: a symbol of its colour is crossed on the "
                                          "Engineer's board"]
    team = ref(game).teams["yellow"]
    assert team.gauges.full("torpedo") and team.activated
    assert team.activation_check("torpedo") == "broken"


def test_5_a_silent_runs_stop_holds_both_teams_until_its_mark_and_cross(tmp_path):
    """§5 [B] "Systeme aktivieren" (Stop!: "Alle anderen Spieler (auch die gegnerischen) unterbrechen sofort ihre
    jeweilige Tätigkeit"; "Das Spiel wird normal fortgeführt" once the activation is done) and "Schleichfahrt
    aktivieren" ("Der Erste Offizier markiert ein Feld eines Schalters und der Maschinist kreuzt ein Defektsymbol
    an. Anschließend ... wird das Spiel normal weitergeführt"): in real time the silent run's Stop! holds Blue until
    Yellow's First Mate and Engineer confirmed the run; Yellow's Captain waits for them too, and a go does not lift
    it."""
    plan = "S:S3 S:S5 S:S2 E:E1 E:E2 E:E5"           # no yellow symbol crossed
    lines = [*start("A1", "O15"), *walk("yellow", plan, "silence"),
             activate("yellow", "silence", direction="E", distance=3),
             course("blue", "N", "torpedo", "N1"),
             course("yellow", "S"), {"team": "yellow", "do": "go"},
             {"team": "yellow", "do": "mark", "system": "torpedo"},
             course("blue", "N", "torpedo", "N1"),
             {"team": "yellow", "do": "cross", "symbol": "E3"},
             course("blue", "N", "torpedo", "N1")]
    game, events = run_lines(lines, tmp_path, scenario="charlie")
    assert refusals(events, "blue") == ["Stop! Yellow is activating a system: wait"] * 2
    assert refusals(events, "yellow") == [
        "the silent run is not confirmed yet: the First Mate marks a gauge and the Engineer crosses a symbol of the "
        "east section"] * 2
    assert [e["team"] for e in named(events, "course")][-1] == "blue"
    assert ref(game).turns.frozen_by is None and ref(game).team_status("blue")["cell"] == "O14"



def test_5_the_end_of_a_silent_runs_stop_is_said_to_both_teams(tmp_path):
    """§5 "Das Spiel wird normal weitergeführt" after the silent run's mark and cross: Blue, refused while Yellow's
    Stop! held, heard of the Stop! ("Stop! Yellow runs silent.") but never that it was over, so it could only try
    its course again and again. The end is said aloud now, once, after the cross, and names no cell or
    direction; turn-based, where no Stop! holds, nothing is said."""
    plan = "S:S3 S:S5 S:S2 E:E1 E:E2 E:E5"
    lines = [*start("A1", "O15"), *walk("yellow", plan, "silence"),
             activate("yellow", "silence", direction="E", distance=3),
             {"team": "yellow", "do": "mark", "system": "torpedo"},
             {"team": "yellow", "do": "cross", "symbol": "E3"},
             course("blue", "N", "torpedo", "N1")]
    _, events = run_lines(lines, tmp_path, scenario="charlie", viewer="blue")
    done = named(events, "silence_done")
    assert [{k: v for k, v in e.items() if k not in ("t", "clock", "feed")} for e in done] == \
           [{"event": "silence_done", "team": "yellow"}], done
    assert done[0]["feed"] == "Yellow's silent run is confirmed: play on."
    assert events.index(done[0]) > events.index(named(events, "silence")[0])
    assert events.index(done[0]) < events.index(named(events, "course", team="blue")[0])
    assert not refusals(events, "blue")
    _, turn_based = run_lines([*start("A1", "O15"), *walk("yellow", plan, "silence")], tmp_path, scenario="charlie",
                              mode="turn")
    assert not named(turn_based, "silence_done")
