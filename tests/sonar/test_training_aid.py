"""Digest §9 / Captain Sonar, hidden information: the opt-in training aid (the enemy's possible cells), off by default.

The Radio Operator's deduction stays the players' work: without `training_aid` a `plot` is refused
and nothing of the aid is in the game. With it, the aid hears only the public announcements and
never loses the enemy boat's true cell.
"""

from __future__ import annotations

import random

import pytest
from kaleun.sonar import visibility
from kaleun.sonar.game import load_game, new_game, referee
from kaleun.sonar.grid import cell_name, parse_cell, step
from kaleun.sonar.plot import Plot
from kaleun.sonar.turns import TEAMS
from random_sonar import RandomCrews
from sonarkit import named, refusals, run_lines, start


def test_the_training_aid_is_off_by_default(tmp_path):
    """§9: off by default: a plot is refused to the team that asked, and the game keeps no plot."""
    game, events = run_lines([*start("A1", "O15"), {"team": "yellow", "do": "plot"}], tmp_path)
    assert refusals(events, "yellow") == ["the training aid is off: the Radio Operator plots the enemy's course "
                                          "(start a game with --training-aid to have it)"]
    assert named(events, "plot") == []
    assert "training_aid" not in game.to_state()["config"] and "plot" not in game.to_state()["modules"]["sonar"]


def test_before_the_enemy_marked_its_start_cell_the_aid_says_so(tmp_path):
    game = new_game(0, "alpha", "turn", training_aid=True)
    _, events = run_lines([{"team": "yellow", "do": "start", "cell": "B2"}, {"team": "yellow", "do": "plot"}],
                          tmp_path, game=game)
    assert [(e["feed"], e["cells"]) for e in named(events, "plot")] == [
        ("Training aid: Blue has not marked the start cell yet.", [])]


def test_the_training_aid_follows_the_announced_course(tmp_path):
    """§2/§9: the aid shifts every possible cell with each announced course and drops the cells a
    course would take off the map or onto an island; a surfacing keeps only the announced sector."""
    game = new_game(0, "alpha", "realtime", training_aid=True)
    lines = [*start("A1", "O15"), {"team": "blue", "do": "course", "direction": "W", "mark": "torpedo", "cross": "W1"},
             {"team": "yellow", "do": "plot"}, {"team": "blue", "do": "surface"}, {"team": "yellow", "do": "plot"}]
    game, events = run_lines(lines, tmp_path, game=game)
    first, second = named(events, "plot")
    sea = referee(game).sea
    after_west = sorted({step(c, "W") for c in sea.sea_cells() if sea.is_sea(step(c, "W"))}, key=lambda c: (c[1], c[0]))
    assert first["audience"] == "yellow" and first["enemy"] == "blue"
    assert first["cells"] == [cell_name(c) for c in after_west] and "O15" not in first["cells"]
    assert second["sectors"] == [9] and "N15" in second["cells"]
    assert second["cells"] == [n for n in first["cells"] if sea.sector(parse_cell(n), "realtime") == 9]
    assert second["feed"].startswith(f"Training aid: Blue may be on {len(second['cells'])} cells")


def test_a_direct_hit_pins_the_boat_to_one_cell(tmp_path):
    """§5/§9: a blast's public hits place the boat: a direct hit on the impact cell."""
    game = new_game(0, "charlie", "realtime", training_aid=True)
    plan = [("S", "S1"), ("S", "S3"), ("S", "S5")]
    lines = [*start("E2", "F5"), *[{"team": "yellow", "do": "course", "direction": d, "mark": "torpedo", "cross": s}
                                   for d, s in plan],
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "F5"},
             {"team": "yellow", "do": "plot"}, {"team": "blue", "do": "plot"}]
    _, events = run_lines(lines, tmp_path, game=game)
    by_yellow, by_blue = named(events, "plot")
    assert by_yellow["cells"] == ["F5"] and by_yellow["feed"] == "Training aid: Blue may be on 1 cell: F5."
    # yellow fired from within 4 cells of F5 and took an indirect hit: one of the 8 cells around F5
    assert set(by_blue["cells"]) <= {"E4", "F4", "G4", "E5", "G5", "E6", "F6", "G6"} and "E5" in by_blue["cells"]


@pytest.mark.parametrize("sector, answer", [(9, True), (5, False)])
def test_a_drone_answer_narrows_the_aid_to_its_sector_or_out_of_it(tmp_path, sector, answer):
    """§5/§9: "are you in sector N?" answered aloud: the asker's aid keeps only the cells the answer allows."""
    game = new_game(0, "charlie", "realtime", training_aid=True)
    walk = [("S", "S1"), ("S", "S2"), ("S", "S4"), ("S", "S6")]
    lines = [*start("A1", "O15"), *[{"team": "yellow", "do": "course", "direction": d, "mark": "drone", "cross": s}
                                    for d, s in walk],
             {"team": "yellow", "do": "activate", "system": "drone", "sector": sector},
             {"team": "yellow", "do": "plot"}]
    game, events = run_lines(lines, tmp_path, game=game)
    assert named(events, "drone")[0]["answer"] is answer
    cells = [parse_cell(n) for n in named(events, "plot")[0]["cells"]]
    sea = referee(game).sea
    assert "O15" in named(events, "plot")[0]["cells"] and len(cells) < len(sea.sea_cells())
    assert all((sea.sector(c, "realtime") == sector) is answer for c in cells)


def test_a_sonar_answer_keeps_the_cells_where_exactly_one_statement_is_true(tmp_path):
    """§5/§9: Blue at O15 answers "column O, sector 1": one is true, so Yellow's aid keeps the cells in column O
    outside sector 1 and the cells of sector 1 outside column O."""
    game = new_game(0, "charlie", "realtime", training_aid=True)
    walk = [("S", "S1"), ("S", "S2"), ("S", "S4")]
    lines = [*start("A1", "O15"), *[{"team": "yellow", "do": "course", "direction": d, "mark": "sonar", "cross": s}
                                    for d, s in walk],
             {"team": "yellow", "do": "activate", "system": "sonar"},
             {"team": "blue", "do": "sonar_answer", "column": "O", "sector": 1},
             {"team": "yellow", "do": "plot"}]
    game, events = run_lines(lines, tmp_path, game=game)
    assert len(named(events, "sonar_answer")) == 1
    names = named(events, "plot")[0]["cells"]
    sea = referee(game).sea
    assert "O15" in names and len(names) < len(sea.sea_cells())
    assert all((n[0] == "O") != (sea.sector(parse_cell(n), "realtime") == 1) for n in names)

def test_a_torpedo_places_its_firing_boat_within_reach_of_the_impact(tmp_path):
    """§5/§9: a torpedo is announced with its impact cell, so the firing boat is 1 to 4 cells from it."""
    game = new_game(0, "charlie", "realtime", training_aid=True)
    walk = [("S", "S1"), ("S", "S3"), ("S", "S5")]
    lines = [*start("A1", "O15"), *[{"team": "yellow", "do": "course", "direction": d, "mark": "torpedo", "cross": s}
                                    for d, s in walk],
             {"team": "yellow", "do": "activate", "system": "torpedo", "cell": "E4"},
             {"team": "blue", "do": "plot"}]
    game, events = run_lines(lines, tmp_path, game=game)
    names = named(events, "plot")[0]["cells"]
    assert "A4" in names
    impact = parse_cell("E4")
    assert all(2 <= abs(c[0] - impact[0]) + abs(c[1] - impact[1]) <= 4 for c in map(parse_cell, names))

@pytest.mark.parametrize("scenario", ["alpha", "delta", "echo"])
@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_the_training_aid_never_loses_the_true_cell(scenario, mode):
    """§9: over random games (courses, silent runs, surfacing, drones, sonar answers, torpedoes, blasts)
    the boat's true cell is always among the aid's possible cells, and a plot is private to the asker."""
    for seed in range(4):
        game = new_game(seed, scenario, mode, training_aid=True)
        ref = referee(game)
        crews = RandomCrews(game, random.Random(seed), aggression=0.4)
        narrowed = 0
        for step_ in range(500):
            if ref.phase == "over":
                break
            game.apply(crews.command())
            assert ref.plot is not None
            for team in TEAMS:
                where = ref.teams[team].position
                if where is not None and ref.phase != "setup":
                    assert where in ref.plot.cells[team], (seed, step_, team, cell_name(where))
                    narrowed += len(ref.plot.cells[team]) < 40
            if step_ % 50 == 0:
                asker = TEAMS[step_ // 50 % 2]
                shown = game.apply({"do": "plot", "team": asker})
                assert [(e.name, e.audience) for e in shown] == [("plot", asker)]
        assert narrowed
        copy = load_game(game.to_state())
        assert copy.to_state() == game.to_state() and referee(copy).plot is not None


def test_the_aid_hears_only_public_events():
    """§9: the referee hands the aid the public announcements only (`announce`); private events never."""
    game = new_game(1, "alpha", "realtime", training_aid=True)
    ref = referee(game)
    heard: list[str] = []
    hear = Plot.hear

    def spy(self: Plot, name: str, data: dict) -> None:
        heard.append(name)
        hear(self, name, data)

    Plot.hear = spy  # type: ignore[method-assign]
    try:
        crews = RandomCrews(game, random.Random(1), aggression=0.4)
        for _ in range(300):
            game.apply(crews.command())
    finally:
        Plot.hear = hear  # type: ignore[method-assign]
    assert ref.phase != "setup" and {"course", "team_ready"} <= set(heard)
    assert set(heard) <= set(visibility.PUBLIC)


def test_kaleun_run_with_the_training_aid(tmp_path):
    """`kaleun run --game sonar --training-aid`: a plot reaches only the team that asked."""
    from kit import run_kaleun, write_script
    from sonarkit import read_json_lines

    script = write_script(tmp_path / "s.jsonl", [*[{"t": 0, **line} for line in start("H1", "H15")],
                                                 {"t": 1, "team": "blue", "do": "surface"},
                                                 {"t": 2, "team": "yellow", "do": "plot"}])
    for aid in ((), ("--training-aid",)):
        done = run_kaleun("run", "--game", "sonar", "--mode", "realtime", *aid, "--script", str(script),
                          "--events", str(tmp_path / "out.jsonl"), "--events-for", "blue", home=tmp_path)
        assert done.returncode == 0, done.stderr
        assert named(read_json_lines(tmp_path / "out.jsonl"), "plot") == []
        done = run_kaleun("run", "--game", "sonar", "--mode", "realtime", *aid, "--script", str(script),
                          "--events", str(tmp_path / "out.jsonl"), "--events-for", "yellow", home=tmp_path)
        plots = named(read_json_lines(tmp_path / "out.jsonl"), "plot")
        assert [p["sectors"] for p in plots] == ([[8]] if aid else [])
