"""Digest §6 (turn-based and real-time) and §7 (scenarios Alpha to Echo), through table scripts.

Each test is named and cited as the kit says (sonarkit.py: the digest's §, the rulebook's heading, [gap]).
"""

from __future__ import annotations

import pytest
from kaleun.sonar.game import build_map
from kaleun.sonar.scenarios import scenarios
from sonarkit import YELLOW_FIRST, Crews, course, first_team, named, ref, refusals, run_lines, start


# -- §6 turn-based ---------------------------------------------------------------------------
def test_6_the_first_captain_is_drawn_from_the_seed():
    """§6 [B] "Der Kapitän": turn-based: a random first Captain (the same for the same seed)."""
    firsts = {first_team(seed) for seed in range(12)}
    assert firsts == {"yellow", "blue"}
    assert first_team(YELLOW_FIRST) == first_team(YELLOW_FIRST) == "yellow"


def test_6_turn_based_captains_alternate_and_wait_for_their_turn(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen": one action each in turn (a course or a surfacing); out of turn everything
    is refused."""
    crews = Crews()
    lines = [*start("H1", "H15"), crews.move("blue", "W"), crews.move("yellow", "E"),
             crews.move("yellow", "E"), crews.move("blue", "W"), crews.move("yellow", "E")]
    game, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events, "blue") == ["it is Yellow's turn"]
    assert refusals(events, "yellow") == ["it is Blue's turn"]
    assert [e["team"] for e in named(events, "course")] == ["yellow", "blue", "yellow"]
    assert ref(game).turns.current == "blue"


def test_6_turn_based_the_turn_passes_once_first_mate_and_engineer_confirmed(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen": the handshake applies in turn-based mode too; the turn passes when the
    move is confirmed."""
    lines = [*start("H1", "H15"), course("yellow", "E"), course("blue", "W"),
             {"team": "yellow", "do": "mark", "system": "torpedo"}, course("blue", "W"),
             {"team": "yellow", "do": "cross", "symbol": "E1"}, course("blue", "W", "torpedo", "W1")]
    _, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events, "blue") == ["it is Yellow's turn"] * 2
    assert [e["team"] for e in named(events, "turn")] == ["yellow", "blue", "yellow"]


def test_6_turn_based_a_system_is_activated_in_the_own_turn(tmp_path):
    """§6, our choice (rules.toml; [B] "Systeme aktivieren" says "zu einem beliebigen Zeitpunkt"): activations
    happen in the own turn, before the course (the turn passes with the move)."""
    crews = Crews()
    lines = [*start("A1", "O1")]
    for symbol in ("S1", "S2", "S4", "S6"):                      # no green symbol crossed
        lines += [crews.move("yellow", "S", mark="drone", cross=symbol), crews.move("blue", "S")]
    lines += [{"team": "blue", "do": "activate", "system": "torpedo", "cell": "O4"},
              {"team": "yellow", "do": "activate", "system": "drone", "sector": 2},
              crews.move("yellow", "S", cross="S3")]
    _, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events, "blue") == [OWN_TURN_REFUSAL]
    assert [(e["team"], e["answer"]) for e in named(events, "drone")] == [("yellow", True)]


#: an activation in the other team's turn: Kaleun's reading (rules.toml) explained in one line; it said "the
#: rulebook leaves it open", but [B] "Systeme aktivieren" says "zu einem beliebigen Zeitpunkt"
OWN_TURN_REFUSAL = ("it is Yellow's turn: in the turn-based game Kaleun keeps activations to the own turn (the "
                    "rulebook alternates only the courses; a mine may be set off at any time)")


def test_6_turn_based_an_activation_out_of_turn_is_refused_with_the_reading_that_refuses_it(tmp_path):
    """§6, our choice (rules.toml, turn-based activations): [B] "Systeme aktivieren" lets the Captain use a
    ready system "zu einem beliebigen Zeitpunkt" and [B] "Einen neuen Kurs ansagen" alternates only the
    courses; Kaleun keeps activations to the own turn and lets a mine be set off in the other team's turn;
    a crew refused a drone there is told in the same line why, not only whose turn it is."""
    crews = Crews()
    lines = [*start("A1", "O1")]
    for symbol in ("S1", "S2", "S4", "S6"):                      # no green symbol crossed
        lines += [crews.move("yellow", "S", cross=symbol), crews.move("blue", "S", mark="drone")]
    lines += [{"team": "blue", "do": "activate", "system": "drone", "sector": 1},
              {"team": "blue", "do": "course", "direction": "S"}]
    _, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events, "blue") == [OWN_TURN_REFUSAL, "it is Yellow's turn"]
    assert named(events, "drone") == []


def test_6_turn_based_a_silent_run_is_the_turns_move_and_a_course_after_it_is_told_so(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen" [gap] (turns.py): turn-based, the Captains alternate their moves; a silent
    run moves the boat, so it is the turn's move and the turn passes once it is confirmed. A crew that reads silence
    as one more system before its course is refused that course with this reading in the same line."""
    crews = Crews()
    lines = [*start("A1", "O10")]
    for direction, symbol, other in zip("SSSEEE", ("S2", "S3", "S4", "E1", "E2", "E5"), "SWSWSW", strict=True):
        lines += [crews.move("yellow", direction, mark="silence", cross=symbol), crews.move("blue", other)]
    lines += [{"team": "yellow", "do": "activate", "system": "silence", "direction": "S", "distance": 2},
              {"team": "yellow", "do": "mark", "system": "torpedo"}, {"team": "yellow", "do": "cross", "symbol": "S5"},
              course("yellow", "E"), crews.move("blue", "S")]
    game, events = run_lines(lines, tmp_path, mode="turn", scenario="charlie", seed=YELLOW_FIRST)
    assert refusals(events, "yellow") == [
        "it is Blue's turn: the silent run was Yellow's move of this turn (the rulebook leaves it open; Kaleun "
        "counts a silent run as the turn's move)"]
    assert ref(game).teams["yellow"].position == (3, 5) and ref(game).turns.current == "yellow"
    # surfaced next instead of a course, the silent run is no longer the turn's move: the plain refusal
    later = [{"t": 100, "team": "yellow", "do": "surface"}, {"t": 101, **course("yellow", "E")}]
    _, events = run_lines(later, tmp_path, game=game)
    assert refusals(events, "yellow") == ["it is Blue's turn"]


def test_6_turn_based_a_mine_may_be_set_off_in_the_other_team_s_turn(tmp_path):
    """§5 [B] "Eine Wassermine legen": "zu einem beliebigen Zeitpunkt, außer wenn das Boot aufgetaucht ist"
    (rules.toml detonate_in_any_turn): in Blue's turn Yellow still sets off its mine; its course waits for its turn."""
    crews = Crews()
    lines = [*start("A1", "O1")]
    for symbol in ("S1", "S3", "S5"):                            # no red symbol crossed
        lines += [crews.move("yellow", "S", mark="mine", cross=symbol), crews.move("blue", "S")]
    lines += [{"team": "yellow", "do": "activate", "system": "mine", "cell": "B5"}, crews.move("yellow", "S"),
              crews.move("yellow", "S"), {"team": "yellow", "do": "detonate", "cell": "B5"}]
    game, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events, "yellow") == ["it is Blue's turn"]
    detonated = named(events, "mine_detonated")
    assert [e["cell"] for e in detonated] == ["B5"]
    turns = [e for e in events if e["event"] in ("turn", "mine_detonated")]
    assert turns[-2:] == [{**turns[-2], "event": "turn", "team": "blue"}, detonated[0]]
    assert ref(game).turns.current == "blue"


def test_6_turn_based_a_surfaced_boat_sets_off_no_mine(tmp_path):
    """§5 [B] "Eine Wassermine legen": mines go off at any moment except while the own boat is surfaced (during the
    other team's extra turns after a surfacing, say); the mine stays in the water."""
    crews = Crews()
    lines = [*start("A1", "O1")]
    for symbol in ("S1", "S3", "S5"):                            # no red symbol crossed
        lines += [crews.move("yellow", "S", mark="mine", cross=symbol), crews.move("blue", "S")]
    lines += [{"team": "yellow", "do": "activate", "system": "mine", "cell": "B5"},
              {"team": "yellow", "do": "surface"}, {"team": "yellow", "do": "detonate", "cell": "B5"}]
    game, events = run_lines(lines, tmp_path, mode="turn", seed=YELLOW_FIRST)
    assert refusals(events, "yellow") == ["a surfaced boat cannot set off its mines"]
    assert named(events, "mine_detonated") == [] and len(ref(game).teams["yellow"].mines) == 1


# -- §6 real time ----------------------------------------------------------------------------
def test_6_the_real_time_handshake_blocks_a_second_course(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen": real time: the next course only after First Mate and Engineer confirmed
    the last one."""
    lines = [*start("A1", "O15"), course("yellow", "S"), course("yellow", "S"),
             {"team": "yellow", "do": "mark", "system": "torpedo"}, course("yellow", "S"),
             {"team": "yellow", "do": "cross", "symbol": "S1"}, course("yellow", "S", "torpedo", "S3")]
    game, events = run_lines(lines, tmp_path)
    assert refusals(events, "yellow") == [
        "the last course is not confirmed yet: the First Mate marks a gauge and the Engineer crosses a symbol "
        "of the south section",
        "the last course is not confirmed yet: the Engineer crosses a symbol of the south section"]
    assert ref(game).team_status("yellow")["cell"] == "A3"


def test_6_real_time_both_teams_move_at_will(tmp_path):
    """§6 [B] "Einen neuen Kurs ansagen": real time: no turns; each team moves whenever its handshake is done."""
    crews = Crews()
    lines = [*start("H1", "H15"), *crews.moves("yellow", "EEE"), crews.move("blue", "W"), crews.move("yellow", "E")]
    _, events = run_lines(lines, tmp_path)
    assert refusals(events) == [] and named(events, "turn") == []
    assert [e["team"] for e in named(events, "course")] == ["yellow"] * 3 + ["blue", "yellow"]


# -- §7 scenarios ----------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["alpha", "bravo", "charlie", "delta", "echo"])
@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_7_every_scenario_has_its_map_in_both_modes(scenario, mode):
    """§7 [B] "Die Szenarien": Alpha to Echo ship their maps (15 x 15; 4 sectors turn-based, 9 real-time)."""
    sea = build_map(scenario, mode)
    assert (sea.columns, sea.rows) == (15, 15)
    assert sea.sector_count(mode) == (4 if mode == "turn" else 9)
    assert len(sea.sea_cells()) > 150


def test_7_alpha_bravo_charlie_have_no_special_rules():
    """§7 [B] "Alpha Karte", "Bravo Karte", "Charlie Karte": Alpha (many small islands), Bravo (more open), Charlie
    (open sea): no special rules."""
    table = scenarios()
    islands = [len(build_map(s, "turn").islands) for s in ("alpha", "bravo", "charlie")]
    assert islands == sorted(islands, reverse=True) and islands[-1] <= 5
    for sid in ("alpha", "bravo", "charlie"):
        assert table[sid].system is None and table[sid].surface_outside is None


@pytest.mark.parametrize(("scenario", "rule"), [
    ("delta", "Under the ice: surfacing outside a water hole costs 1 damage."),
    ("echo", "The old battlefield: set off an Archer mine with a full scenario gauge."),
    ("alpha", "Many small islands: the first game, best in turn-based mode.")])
def test_7_the_game_start_tells_both_teams_the_scenarios_special_rule(tmp_path, scenario, rule):
    """§7 [B] "Delta Karte", "Echo Karte": the scenario sheets print their special rules ("SONDERREGELN": Delta's
    water holes, Echo's Archer mines); the referee says the scenario's line (scenarios.toml `about`) in the public
    feed that opens the game, which both teams' consoles and windows show, in the table's language."""
    _, events = run_lines(start("A1", "O15"), tmp_path, scenario=scenario, mode="turn")
    created = named(events, "game_created")[0]
    assert "audience" not in created and rule in created["feed"]
    assert created["feed"].index(rule) < created["feed"].index("Captains, mark your start cells.")


def test_7_delta_surfacing_outside_a_water_hole_costs_1_damage(tmp_path):
    """§7 [B] "Delta Karte": surfacing outside the marked water holes costs 1 damage, before the repair."""
    lines = [*start("B2", "E5"), {"team": "yellow", "do": "surface"}, {"team": "blue", "do": "surface"}]
    game, events = run_lines(lines, tmp_path, scenario="delta")
    ice = named(events, "ice_damage")
    assert [(e["audience"], e["amount"]) for e in ice] == [("blue", 1)]
    assert named(events, "damage") == []           # nobody announces it: the enemy does not learn it
    assert ref(game).teams["blue"].damage == 1 and ref(game).teams["yellow"].damage == 0


def test_7_echo_a_torpedo_on_an_archer_mine_leaves_it_and_both_teams_are_told_why(tmp_path):
    """§7 [B] "Echo Karte" [gap] (rules.toml blast_destroys_mines): only the scenario system sets an Archer mine off, a
    blast neither destroys nor sets it off. [B] destroys a mine a torpedo strikes, so both crews, who erase
    Archer mines together, are told in one public line that it stays."""
    plan = [("N", "N5"), ("N", "N6"), ("E", "E5")]                         # no red symbol crossed
    lines = [*start("C6", "O15"), *[course("yellow", d, "torpedo", s) for d, s in plan],
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "C3"}]
    game, events = run_lines(lines, tmp_path, scenario="echo")
    kept = named(events, "archer_mine_kept")
    assert [("audience" in e, e["cell"], e["feed"]) for e in kept] == [
        (False, "C3", "The Archer mine at C3 stays: only a full scenario gauge sets it off (the rulebook leaves it "
                      "open; Kaleun's reading).")]
    assert "C3" in ref(game).team_status("blue")["archer_mines"] and named(events, "archer_mine") == []


def test_7_echo_archer_mines_blast_once_with_a_full_scenario_gauge(tmp_path):
    """§7 [B] "Echo Karte": a full 4-box scenario gauge sets off any Archer mine; it blasts like a mine, works once,
    both Captains erase it; the gauge empties and can be filled again. A refusal says whether the cell never held an
    Archer mine or held one that went off already (both said "no Archer mine left")."""
    plan = [("S", "S3"), ("S", "S5"), ("S", "S2"), ("S", "S4")]             # no yellow symbol crossed
    lines = [*start("A1", "H9"), *[course("yellow", d, "scenario", s) for d, s in plan],
             {"team": "yellow", "do": "activate", "system": "scenario", "cell": "H8"},
             {"team": "yellow", "do": "activate", "system": "scenario", "cell": "G8"},
             course("yellow", "E", "scenario", "E1")]
    lines += [course("yellow", "E", "scenario", s) for s in ("E2", "E5", "E6")]
    lines += [{"team": "yellow", "do": "activate", "system": "scenario", "cell": "G8"},
              {"team": "yellow", "do": "activate", "system": "scenario", "cell": "C3"}]
    game, events = run_lines(lines, tmp_path, scenario="echo")
    assert refusals(events, "yellow") == ["H8 holds no Archer mine",
                                          "the Archer mine at G8 has gone off already: each works once"]
    archer = named(events, "archer_mine")
    assert [(e["team"], e["cell"]) for e in archer] == [("yellow", "G8"), ("yellow", "C3")]
    assert "audience" not in archer[0]
    assert [e["hits"] for e in named(events, "blast")] == [{"yellow": 0, "blue": 1}, {"yellow": 0, "blue": 0}]
    assert ref(game).team_status("blue")["archer_mines"] == ["M3", "H6", "I8", "H10", "C13", "M13"]
    assert ref(game).team_status("yellow")["gauges"]["scenario"] == [0, 4]


def test_7_echo_an_archer_mine_does_not_block_a_course(tmp_path):
    """§2 + §7 [B] "Einen neuen Kurs ansagen": "Ein Boot darf weder auf Inselfelder fahren, noch auf Felder, in denen
    eigene Wasserminen liegen"; an Archer mine is nobody's own mine, so a boat may enter its cell ([gap], our reading,
    scenarios.toml) — and sits on it should it go off."""
    lines = [*start("B3", "O15"), course("yellow", "E", "torpedo", "E5")]            # C3 holds an Archer mine
    game, events = run_lines(lines, tmp_path, scenario="echo")
    assert refusals(events) == [] and ref(game).team_status("yellow")["cell"] == "C3"
    assert "C3" in ref(game).team_status("yellow")["archer_mines"]


# -- §1 line-ups -----------------------------------------------------------------------------
def test_1_the_crews_are_the_line_ups_of_the_rules():
    """§1 [B] "Teamzusammenstellungen": 8 players 4 vs 4, 7: 4 vs 3, 6: 3 vs 3, 5: 3 vs 2, 4: 2 vs 2; nothing else."""
    from kaleun.core.errors import CommandError
    from kaleun.sonar.game import new_game

    for crews in ([4, 4], [4, 3], [3, 4], [3, 3], [3, 2], [2, 2]):
        assert ref(new_game(0, "alpha", "turn", crews=crews)).teams["blue"].crew.size == crews[1]
    for crews in ([4, 2], [2, 4]):
        with pytest.raises(CommandError, match="are not a line-up of the rules"):
            new_game(0, "alpha", "turn", crews=crews)
