"""Digest §9: every event is public or one team's; a team never receives the other's hidden state.

1. Over random games in every scenario and both modes: each event is declared in `visibility.py`,
   public events carry only their declared fields, private ones name their team as the audience,
   and a team's view (`kaleun run --events-for`) holds no event of the other team.
2. Non-interference: two games that differ only in one team's secrets (its start cell, hence its
   whole route, silent runs and mine cells) but not in what it announces give the other team
   exactly the same view, byte for byte.
3. The same for the First Mate's and the Engineer's secrets: other marks and other crosses behind the
   same courses give the other team the same view.
"""

from __future__ import annotations

import json
import random

import pytest
from kaleun.core.events import visible_to
from kaleun.sonar import visibility
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.grid import DIRECTIONS, around, cell_name, parse_cell, step
from kaleun.sonar.turns import OTHER, TEAMS
from random_sonar import play_random
from sonarkit import SCRIPTS, read_json_lines

OPEN_SEA = "name: Open\nsize: 15 x 15\nsectors realtime: 5 5 5 / 5 5 5\nsectors turn: 8 7 / 8 7\ngrid:\n" + \
    "    " + " ".join("ABCDEFGHIJKLMNO") + "\n" + "".join(f"{n:>2}  " + " ".join("." * 15) + "\n" for n in range(1, 16))


@pytest.mark.parametrize("scenario", ["alpha", "bravo", "charlie", "delta", "echo"])
@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_every_event_is_public_or_one_teams_and_views_keep_to_it(scenario, mode):
    for seed in range(4):
        game = new_game(seed, scenario, mode, crews=random.Random(seed).choice([[4, 4], [3, 2], [2, 3]]))
        _, events = play_random(game, random.Random(seed), moves=60)
        names = {e.name for e in events}
        assert {"course", "moved", "marked", "crossed"} <= names
        for event in events:
            if event.name in visibility.PUBLIC:
                assert event.audience is None, event
                assert set(event.data) <= visibility.PUBLIC[event.name], event
            else:
                assert event.name in visibility.PRIVATE, event.name
                assert event.audience in TEAMS and event.data["team"] == event.audience, event
        for team in TEAMS:
            view = visibility.view(events, team)
            assert all(e.audience in (None, team) for e in view)
            assert len(view) < len(events)


def test_refusals_reach_only_the_team_that_was_refused():
    game = new_game(5, "alpha", "realtime")
    _, events = play_random(game, random.Random(5), moves=80, blunders=0.3)
    refused = [e for e in events if e.name == "refused"]
    assert len(refused) > 20
    assert all(e.audience == e.data["team"] for e in refused)


def _world(seed: int, mode: str, shift: int, secret: str, plan: list[dict] | None) -> tuple[list[dict], list]:
    """Play a game on open sea where `secret` (one team) walks only inside a 7 x 7 box placed at
    (1 + shift, 1 + shift), never firing a weapon at a cell and never surfacing; the other team plays
    freely but never asks where `secret` is. With `plan` given, replay those commands shifted."""
    game = new_game(seed, "alpha", mode, map_text=OPEN_SEA, map_source="open.map")
    ref = referee(game)
    events = list(game.take_events())
    if plan is not None:
        for command in plan:
            events += game.apply(_shifted(command, shift) if command["team"] == secret else command)
        return plan, events
    rng = random.Random(seed)
    other = next(t for t in TEAMS if t != secret)
    box = range(1 + shift, 8 + shift)
    commands: list[dict] = []
    start = (rng.choice(box), rng.choice(box))
    other_start = (rng.randrange(15), rng.randrange(15))
    for command in ({"do": "start", "team": secret, "cell": cell_name(start)},
                    {"do": "start", "team": other, "cell": cell_name(other_start)}):
        commands.append(command)
        events += game.apply(command)
    for _ in range(400):
        turns = ref.turns
        team = turns.sonar[1] if turns.sonar else turns.current if turns.turn_based else rng.choice(TEAMS)
        command = _choose(ref, team, secret, box, rng)
        if command is None:
            break
        command["team"] = team
        commands.append(command)
        events += game.apply(command)
    return commands, events


def _choose(ref, team: str, secret: str, box: range, rng: random.Random) -> dict | None:
    status = ref.team_status(team)
    state = ref.teams[team]
    if ref.turns.sonar is not None:
        cell = state.cell
        true_kind, false_kind = rng.sample(["row", "column", "sector"], 2)
        truth = {"row": cell[1] + 1, "column": "ABCDEFGHIJKLMNO"[cell[0]], "sector": ref.sea.sector(cell, ref.mode)}
        lies = {"row": [r for r in range(1, 16) if r != truth["row"]],
                "column": [c for c in "ABCDEFGHIJKLMNO" if c != truth["column"]],
                "sector": [s for s in range(1, ref.sea.sector_count(ref.mode) + 1) if s != truth["sector"]]}
        return {"do": "sonar_answer", true_kind: truth[true_kind], false_kind: rng.choice(lies[false_kind])}
    if status["surfaced"] and ref.mode == "realtime":
        done = {int(k): v for k, v in status["repairs"].items()}
        left = [s for s in range(1, 5) if s not in done]
        member = ["engineer", "captain", "first_mate", "radio_operator"][len(done) % 4]
        return {"do": "repair", "section": left[0], "by": member} if left else {"do": "dive"}
    if "mark" in status["waiting_for"]:
        systems = [s for s, (f, n) in status["gauges"].items() if f < n]
        return {"do": "mark", "system": rng.choice(systems)}
    if "cross" in status["waiting_for"]:
        direction = status["course_to_cross"]
        layout = state.board.layout
        options = [s for s in layout.by_direction[direction] if s not in status["crossed"]]
        return {"do": "cross", "symbol": rng.choice(options)}
    inside = (lambda c: c[0] in box and c[1] in box) if team == secret else ref.sea.on_map

    def free(cell, passed=()) -> bool:
        return inside(cell) and cell not in state.route_set and cell not in state.mines and cell not in passed

    def onward(cell, passed=()) -> bool:
        """The secret boat keeps a way on from `cell` (it must never be forced to surface)."""
        return team != secret or any(free(step(cell, d), passed) for d in DIRECTIONS)
    ready = [s for s, (f, n) in status["gauges"].items() if f >= n and s not in status["broken"]]
    if ready and not status["activated_since_move"] and rng.random() < 0.3:
        system = rng.choice(ready)
        if system in ("drone", "sonar") and team == secret:        # asking about the other boat is fine
            return {"do": "activate", "system": system, **({"sector": rng.randint(1, 4)} if system == "drone" else {})}
        if system == "mine":
            cells = [c for c in around(state.cell) if ref.sea.on_map(c) and c not in state.route_set
                     and c not in state.mines and (team != secret or not inside(c))]
            if cells:
                return {"do": "activate", "system": "mine", "cell": cell_name(rng.choice(cells))}
        if system == "silence":
            runs = [(d, n) for d in DIRECTIONS for n in range(1, 5)
                    if all(free(step(state.cell, d, k)) for k in range(1, n + 1))
                    and onward(step(state.cell, d, n), [step(state.cell, d, k) for k in range(n)])]
            if runs:
                direction, distance = rng.choice(runs)
                return {"do": "activate", "system": "silence", "direction": direction, "distance": distance}
    options = [d for d in DIRECTIONS if free(step(state.cell, d)) and onward(step(state.cell, d), [state.cell])]
    if not options:
        return None if team == secret else {"do": "surface"}
    return {"do": "course", "direction": rng.choice(options)}


def _shifted(command: dict, shift: int) -> dict:
    if "cell" not in command:
        return command
    cell = parse_cell(command["cell"])
    assert cell is not None
    return {**command, "cell": cell_name((cell[0] + shift, cell[1] + shift))}


def _view(events: list, team: str) -> list[str]:
    return [json.dumps(e.to_json()) for e in events if visible_to(e, team)]


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("secret", TEAMS)
def test_a_team_never_receives_the_other_teams_hidden_state(mode, secret):
    """Non-interference: moving one team's whole secret game 6 cells away changes nothing the other sees."""
    other = next(t for t in TEAMS if t != secret)
    for seed in range(6):
        plan, near = _world(seed, mode, 0, secret, None)
        _, far = _world(seed, mode, 6, secret, plan)
        assert sum(1 for c in plan if c["team"] == secret and c["do"] in ("course", "activate")) > 10
        assert _view(near, other) == _view(far, other)
        assert _view(near, secret) != _view(far, secret)   # the secret team's own view did change
        assert [e.name for e in near] == [e.name for e in far]


def test_events_for_writes_one_teams_view(tmp_path):
    """`kaleun run --events-for blue` writes blue's view: public events and blue's own, nothing of yellow's."""
    from kit import run_kaleun

    script = SCRIPTS / "worked_example.jsonl"
    for team in TEAMS:
        out = tmp_path / f"{team}.jsonl"
        done = run_kaleun("run", "--game", "sonar", "--scenario", "alpha", "--mode", "realtime", "--script",
                          str(script), "--events", str(out), "--events-for", team, home=tmp_path)
        assert done.returncode == 0, done.stderr
        view = read_json_lines(out)
        assert view and all(e.get("audience", team) == team for e in view)
        assert any(e.get("audience") == team for e in view)
    full = tmp_path / "all.jsonl"
    run_kaleun("run", "--game", "sonar", "--scenario", "alpha", "--mode", "realtime", "--script", str(script),
               "--events", str(full), home=tmp_path)
    everything = read_json_lines(full)
    yellow, blue = read_json_lines(tmp_path / "yellow.jsonl"), read_json_lines(tmp_path / "blue.jsonl")
    public = [e for e in everything if "audience" not in e]
    assert [e for e in yellow if "audience" not in e] == public == [e for e in blue if "audience" not in e]
    assert len(yellow) + len(blue) - len(public) == len(everything)



def test_events_for_takes_a_saved_game_and_writes_the_same_view_as_one_run(tmp_path):
    """Digest §9: a game split with `--save` and `--load` gives each team the view one run gives it.
    The save holds the game, not whose view a run writes, so `--events-for` goes with `--load`."""
    from kit import run_kaleun, write_script

    lines = [json.loads(line) for line in (SCRIPTS / "worked_example.jsonl").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    cut = 6
    first = write_script(tmp_path / "first.jsonl", [line for line in lines if line["t"] <= cut] +
                         [{"t": cut, "do": "end"}])
    rest = write_script(tmp_path / "rest.jsonl", [line for line in lines if line["t"] > cut])
    new = ("run", "--game", "sonar", "--scenario", "alpha", "--mode", "realtime")
    for team in TEAMS:
        whole, part1, part2 = (tmp_path / f"{team}.{name}.jsonl" for name in ("whole", "part1", "part2"))
        done = run_kaleun(*new, "--script", str(SCRIPTS / "worked_example.jsonl"), "--events", str(whole),
                          "--events-for", team, home=tmp_path)
        assert done.returncode == 0, done.stderr
        save = tmp_path / f"{team}.save.json"
        done = run_kaleun(*new, "--script", str(first), "--events", str(part1), "--events-for", team,
                          "--save", str(save), home=tmp_path)
        assert done.returncode == 0, done.stderr
        done = run_kaleun("run", "--load", str(save), "--script", str(rest), "--events", str(part2),
                          "--events-for", team, home=tmp_path)
        assert done.returncode == 0, done.stderr
        split = read_json_lines(part1) + read_json_lines(part2)
        assert any(e.get("audience") == team for e in read_json_lines(part2))
        assert all(e.get("audience", team) == team for e in split)
        assert split == read_json_lines(whole)


def _front_ends(plan: list[dict], shift: int, secret: str, mode: str, seed: int, viewer: str,
                folder) -> tuple[str, list[str], str]:
    """Replay `plan` (the secret team's commands shifted by `shift`) through a runtime with `viewer`'s
    console, `viewer`'s window (training aid shown) and `viewer`'s event log as a session writes it;
    every few commands the console types status, map, board and plot, and the window draws a frame.
    Returns the console's text, the frames' digests and the event log's text."""
    import hashlib
    import io
    import itertools

    import pygame
    from kaleun.games import make_table
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.outputs import EventLog
    from kaleun.ui.sonar_console import TeamConsole
    from kaleun.ui.sonar_window import SonarWindow

    pygame.font.init()
    game = new_game(seed, "alpha", mode, map_text=OPEN_SEA, map_source="open.map", training_aid=True)
    ticks = itertools.count()
    log_path = folder / f"{viewer}-{shift}.events.jsonl"
    log_path.unlink(missing_ok=True)
    runtime = Runtime(game, make_table(game, None), [EventLog(log_path, viewer=viewer)],
                      clock=lambda: float(next(ticks)))
    out = io.StringIO()
    console = TeamConsole(runtime, viewer, io.StringIO(), out, interactive=False)
    window = SonarWindow(runtime, [viewer], size=(800, 480))
    window.screens[0].plotting = True
    surface = pygame.Surface((800, 480))
    frames: list[str] = []
    runtime.step()
    try:
        for i, command in enumerate(plan):
            runtime.submit(_shifted(command, shift) if command["team"] == secret else command)
            runtime.step()
            if i % 15 == 0 or i == len(plan) - 1:
                for line in ("status", "map", "board", "plot"):
                    console.handle(line)
                runtime.step()
                window.render(surface)
                frames.append(hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest())
    finally:
        runtime.close()
    return out.getvalue(), frames, log_path.read_text(encoding="utf-8")


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("secret", TEAMS)
def test_a_teams_console_window_and_view_log_never_show_the_other_teams_hidden_state(home, mode, secret):
    """Captain Sonar, hidden information (console, window, event stream): over random games, moving one team's whole
    secret game 6 cells away changes nothing the other team's console prints (its feed, status, map, board and
    the training aid's plot), nothing its window draws (with the training aid shown), pixel for pixel,
    and not a byte of its session view log; the secret team's own console, window and log do change."""
    other = next(t for t in TEAMS if t != secret)
    for seed in range(3):
        plan, _ = _world(seed, mode, 0, secret, None)
        near_text, near_frames, near_log = _front_ends(plan, 0, secret, mode, seed, other, home)
        far_text, far_frames, far_log = _front_ends(plan, 6, secret, mode, seed, other, home)
        assert near_text == far_text
        assert near_frames == far_frames
        assert near_log == far_log and near_log.count("\n") > 30
        own_near = _front_ends(plan, 0, secret, mode, seed, secret, home)
        own_far = _front_ends(plan, 6, secret, mode, seed, secret, home)
        assert all(a != b for a, b in zip(own_near, own_far, strict=True))


def _crew_game(seed: int, mode: str, secret: str) -> tuple[list[str], list[str]]:
    """One game on the open sea: both boats sail a fixed plan; `secret`'s First Mate marks and Engineer
    crosses are drawn from `seed` (never a cross that fills a section or the reactor: no damage is said
    aloud). Returns the other team's view and the secret team's."""
    other = next(t for t in TEAMS if t != secret)
    game = new_game(1, "alpha", mode, map_text=OPEN_SEA, map_source="open.map")
    ref = referee(game)
    rng = random.Random(seed)
    events = list(game.take_events())
    for team, cell in ((secret, "C3"), (other, "M13")):
        events += game.apply({"do": "start", "team": team, "cell": cell})
    plans = {secret: "EEESSSWWSSEE", other: "WWWNNNEENNWW"}
    for i in range(len(plans[secret])):
        for team in ((ref.turns.current, OTHER[ref.turns.current]) if ref.turns.turn_based else TEAMS):
            direction = plans[team][i]
            events += game.apply({"do": "course", "team": team, "direction": direction})
            status = ref.team_status(team)
            open_gauges = sorted(s for s, (f, n) in status["gauges"].items() if f < n)
            board = ref.teams[team].board
            safe = [s for s in board.open_symbols(direction)
                    if not all(x in board.crossed | {s} for x in board.layout.by_direction[direction])
                    and not all(x in board.crossed | {s} for x in board.layout.radiation)]
            mark, cross = (rng.choice(open_gauges), rng.choice(safe)) if team == secret else (open_gauges[0], safe[0])
            events += game.apply({"do": "mark", "team": team, "system": mark})
            events += game.apply({"do": "cross", "team": team, "symbol": cross})
    assert ref.phase == "play" and not [e for e in events if e.name in ("refused", "damage")]
    return _view(events, other), _view(events, secret)



@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("secret", TEAMS)
def test_a_teams_gauges_and_engineer_board_never_reach_the_other_team(mode, secret):
    """Non-interference for the First Mate's and the Engineer's secrets (digest §9: gauges, breakdowns):
    the same courses with other marks and other crosses give the other team the same view byte for byte."""
    views = [_crew_game(seed, mode, secret) for seed in range(5)]
    assert len({tuple(other) for other, _ in views}) == 1
    assert len({tuple(own) for _, own in views}) == 5        # the secret team's own view did change
