"""Nothing lost in the moments the random fuzzers never reach. A game made of random table commands seldom
has a hull breach counting down, a torpedo running or a Stop! held when it is saved, so the save fuzzers,
the replay tests and the byte-exact round trips did not see those states (a breach's fields came back in
another order on load, and only a hand-written test found it). Each state here is forced by a table script
(`damage` lines, a mission's own script, the attack of rulebook §9.2, Captain Sonar's crews) and then put
through the three promises of host/README.md, "Saves":

- saved, read back and saved again, the file is the same bytes;
- a run split at that moment (saved, loaded, the rest of the script played on the loaded game) gives the
  event log and the final save of the run that was never interrupted;
- a damaged copy of that save (faultkit's damages, seeded) is refused with its reason and kept, or loads
  into a game that runs on and saves again; never a traceback.

`KALEUN_FUZZ_STATE_SAVES` sets how many damaged copies per state (default 12)."""

from __future__ import annotations

import io
import json
import os
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from faultkit import damage, refused_and_kept, resumed_or_refused
from kaleun.boards.loader import default_board
from kaleun.core.engine import Engine
from kaleun.games import make_table
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.saves import load_checked, open_save, read_save, save_game, save_text
from kaleun.sonar.game import new_game as new_sonar_game
from kaleun.sonar.game import referee
from kaleun.uboot.game import new_game
from kit import ROOT, write_script

for _folder in ("crew", "sonar"):
    if str(ROOT / "tests" / _folder) not in sys.path:
        sys.path.insert(0, str(ROOT / "tests" / _folder))

DAMAGED = int(os.environ.get("KALEUN_FUZZ_STATE_SAVES", "12"))
SCRIPTS = ROOT / "tests"

Line = dict[str, Any]


def _script(name: str) -> list[Line]:
    return [json.loads(line) for line in (SCRIPTS / name).read_text(encoding="utf-8").splitlines()
            if line.startswith("{")]


def _breach(t: float, section: int) -> Line:
    return {"t": t, "do": "damage", "kind": "hull_breach", "section": section}


#: lookouts on the bridge of a surfaced boat (rulebook §8.3)
LOOKOUTS: list[Line] = [{"t": 0, "do": "order", "order": "mobilize"},
                        {"t": 0, "do": "place", "figure": "navigator-square", "section": 8},
                        {"t": 0, "do": "place", "figure": "navigator-triangle", "section": 8},
                        {"t": 0, "do": "order", "order": "observe"}]


def _surfaced(seed: int, **changes: Any) -> Callable[[], Engine]:
    """A training game on a surfaced boat in clear weather, with the ships or aircraft given."""
    setup = {"surfaced": True, "course": 0, "start": "1942-06-20T12:00:00", "tubes_flooded": [], "vessel": [],
             "crew_rules": "advise", "wear": False, "weather": "clear", "weather_hold": True, **changes}
    return lambda: new_game(seed, "training", setup)


def _linked_part() -> Engine:
    """The second part of a linked patrol (rulebook §5.2): the crew, stores and a flooded section carried over."""
    from kaleun.uboot.missions.carry import extract
    from kaleun.uboot.missions.setup import GameSetup, start_game

    carry = {**extract(new_game(3, "sc_convoy_1940")), "flooded": [3]}
    return start_game(GameSetup(mission="weather_1940", seed=1, mode="linked", carry=carry))


@dataclass(frozen=True)
class Moment:
    """A state forced by a script: `lines` played on `start()` up to `cut` is in it (`holds`); `end` is where
    the whole run stops."""

    start: Callable[[], Engine]
    lines: list[Line]
    cut: float
    end: float
    holds: Callable[[Engine], bool]
    #: where in the save the state lives (the keys down to it): damage is aimed there too
    part: tuple[str, ...] = ()


def _saved(holds: Callable[[dict[str, Any]], bool]) -> Callable[[Engine], bool]:
    """Whether a game is in the state, read from what its save holds."""
    return lambda game: holds(json.loads(save_text(game)))


def _crew(state: dict[str, Any]) -> dict[str, Any]:
    return state["modules"]["crew"]


def _sea(state: dict[str, Any]) -> dict[str, Any]:
    return state["modules"]["sea"]


def _vessels(state: dict[str, Any]) -> list[dict[str, Any]]:
    return list(_sea(state)["vessels"].values())


UBOOT: dict[str, Moment] = {
    # §10.2.2: a breach waits for its repair against a countdown; left alone it floods the section
    "hull breach counting down": Moment(lambda: new_game(0), [_breach(10, 4), {"t": 400, "do": "report"}], 30, 420,
                                        _saved(lambda s: bool(_crew(s)["breaches"]["breaches"])),
        part=("modules", "crew", "breaches")),
    "section flooded": Moment(lambda: new_game(0), [_breach(10, 4), {"t": 400, "do": "report"}], 240, 420,
                              _saved(lambda s: bool(_crew(s)["breaches"]["flooded"])),
        part=("modules", "crew", "breaches")),
    # §10.3.4: a fire chip in the diesel room, and the crew damage it brings
    "fire in a section": Moment(lambda: new_game(0), [
        {"t": 10, "do": "damage", "kind": "environmental", "condition": "fire", "section": 5},
        {"t": 100, "do": "order", "order": "repair", "condition": "fire", "section": 5}], 60, 400,
        _saved(lambda s: any(c["condition"] == "fire" for c in _crew(s)["hazards"]["chips"])),
        part=("modules", "crew", "hazards")),
    # §10.3.6: injured sailors wait for the First Officer to draw their cards
    "injuries waiting for their card": Moment(lambda: new_game(0), [
        *({"t": 10 + i, "do": "damage", "kind": "crew", "sections": [1, 2, 3, 4, 5, 6]} for i in range(3)),
        {"t": 200, "do": "report"}], 60, 300, _saved(lambda s: bool(_crew(s)["health"]["injuries"])),
        part=("modules", "crew", "health")),
    # §9.2: the night attack of the convoy exercise, torpedoes in the water, then the steamer going down
    "torpedoes running": Moment(lambda: new_game(0, "exercise_convoy_battle"),
                                _script("weapons/scripts/night_attack.jsonl"), 400, 800,
                                _saved(lambda s: bool(_sea(s)["torpedoes"])),
        part=("modules", "sea", "torpedoes")),
    "a ship sinking slowly": Moment(lambda: new_game(0, "exercise_convoy_battle"),
                                    _script("weapons/scripts/night_attack.jsonl"), 520, 800,
                                    _saved(lambda s: any(v["ai"].get("sinking_at") is not None for v in _vessels(s))),
        part=("modules", "sea", "vessels")),
    # §8.4: the 88 mm gun firing at a tramp; then the tramp going down
    "the deck gun firing": Moment(_surfaced(3, vessel=[{"class": "tramp", "bearing": 40, "range_nm": 2500 / 1852,
                                                        "course": 40, "speed_kn": 0}]),
                                  [*LOOKOUTS, {"t": 120, "do": "order", "order": "gun_88", "target": "c1",
                                               "rounds": 60}], 150, 400,
                                  _saved(lambda s: any(s["modules"]["weapons"]["firing"].values())),
        part=("modules", "weapons", "firing")),
    # §8.4: shells set a tanker's cargo burning; a second engagement sends it down
    "a tanker burning": Moment(_surfaced(3, vessel=[{"class": "tanker", "bearing": 40, "range_nm": 2500 / 1852,
                                                     "course": 40, "speed_kn": 0}]),
                               [*LOOKOUTS, {"t": 120, "do": "order", "order": "gun_88", "target": "c1", "rounds": 60},
                                {"t": 700, "do": "order", "order": "gun_88", "target": "c1", "rounds": 60}], 300, 900,
                               _saved(lambda s: any(v["ai"].get("burning") for v in _vessels(s))),
        part=("modules", "sea", "vessels")),
    # §8.3: an aircraft running in on the surfaced boat, its depth charges falling after
    "an aircraft attacking": Moment(_surfaced(0, aircraft=[{"type": "sunderland", "bearing": 90, "range_nm": 7.0}]),
                                    LOOKOUTS, 60, 400,
                                    _saved(lambda s: any(a["ai"].get("mode") == "attack"
                                                         for a in _sea(s)["aircraft"].values())),
        part=("modules", "sea", "aircraft")),
    "depth charges falling": Moment(lambda: new_game(0, "exercise_escort"), _script("sea/scripts/escort_hunt.jsonl"),
                                    660, 900, _saved(lambda s: bool(_sea(s)["charges"])),
        part=("modules", "sea", "charges")),
    # §10.2.2: a second flooded section sinks the boat: the mission is over and its clock stands (§4.1)
    "the mission ended": Moment(lambda: new_game(0), [_breach(10, 4), _breach(10, 5), {"t": 400, "do": "report"}],
                                240, 420, _saved(lambda s: s["modules"]["mission"]["result"] is not None),
        part=("modules", "mission")),
    # §5.2: a linked patrol's second part, what the first left carried over, with a breach of its own
    "a linked patrol's carry-over": Moment(_linked_part, [_breach(10, 4), {"t": 300, "do": "report"}], 30, 320,
                                           _saved(lambda s: "carry" in s["config"]["changes"]
                                                  and bool(_crew(s)["breaches"]["flooded"])),
        part=("config", "changes", "carry")),
}


def _sonar_moment(seed: int, part: str, holds: Callable[[Any], bool]) -> Moment:
    """A Captain Sonar game (real time) of random crews played until `holds(referee)`, then on for 40 commands;
    the crews' commands are the script."""
    from random_sonar import RandomCrews

    game = new_sonar_game(seed, "alpha", "realtime")
    rng = random.Random(seed)
    crews = RandomCrews(game, rng, aggression=0.6)
    lines: list[Line] = []
    t, cut, after = 0.0, None, 0
    ref = referee(game)
    for _ in range(5000):
        if ref.phase == "over" or (cut is not None and after >= 40):
            break
        command = crews.command()
        t += rng.choice((0.5, 1, 2))  # each line after the last: a cut between two lines is clean
        game.advance_to(t)
        lines.append({"t": t, **command})
        game.apply(command)
        if cut is None and holds(ref):
            cut = t
        elif cut is not None:
            after += 1
    assert cut is not None, "the random crews never reached the state"
    return Moment(lambda: new_sonar_game(seed, "alpha", "realtime"), lines, cut, lines[-1]["t"],
                  lambda game: holds(referee(game)), part=("modules", "sonar", part))


SONAR: dict[str, tuple[int, str, Callable[[Any], bool]]] = {
    "Captain Sonar: Stop! held": (1, "turns", lambda ref: ref.turns.frozen_by is not None and ref.turns.sonar is None
                                  and not any(t.silent_run for t in ref.teams.values())),
    "Captain Sonar: sonar awaiting its answer": (2, "turns", lambda ref: ref.turns.sonar is not None),
    "Captain Sonar: silent run pending": (3, "teams", lambda ref: any(t.silent_run for t in ref.teams.values())),
}
NAMES = [*UBOOT, *SONAR]


def _moment(name: str) -> Moment:
    if name in UBOOT:
        return UBOOT[name]
    return _sonar_moment(*SONAR[name])


def _play(game: Engine, lines: list[Line], until: float, tmp_path: Path) -> list[str]:
    script = write_script(tmp_path / "script.jsonl", [*lines])
    out = io.StringIO()
    if game.game == "sonar":
        ScriptRun(game, None, EventWriter(out), table=make_table(game, None)).run(script, until=until)
    else:
        ScriptRun(game, default_board(), EventWriter(out)).run(script, until=until)
    return out.getvalue().splitlines()


def _in_the_state(name: str, tmp_path: Path) -> tuple[Moment, Engine, list[str]]:
    """The game at the moment's cut, the events so far; fails unless the game is in the state named."""
    moment = _moment(name)
    game = moment.start()
    events = _play(game, [line for line in moment.lines if line["t"] <= moment.cut], moment.cut, tmp_path)
    assert moment.holds(game), f"{name}: not in that state at t = {moment.cut}"
    return moment, game, events


@pytest.mark.parametrize("name", NAMES)
def test_a_save_in_that_state_reads_back_and_saves_to_the_same_bytes(tmp_path, name):
    _, game, _ = _in_the_state(name, tmp_path)
    path = tmp_path / "game.json"
    save_game(game, path)
    state, first = read_save(path)
    assert first == save_text(game)
    second = save_text(load_checked(state))
    assert second == first, f"{name}: a load changed the save"
    assert save_text(load_checked(json.loads(second))) == first


@pytest.mark.parametrize("name", NAMES)
def test_a_run_split_in_that_state_plays_as_the_whole_run(tmp_path, name):
    moment, game, first = _in_the_state(name, tmp_path)
    resumed = load_checked(json.loads(save_text(game)))
    rest = _play(resumed, [line for line in moment.lines if line["t"] > moment.cut], moment.end, tmp_path)
    whole_game = moment.start()
    whole = _play(whole_game, moment.lines, moment.end, tmp_path)
    assert len(whole) > len(first)
    assert first + rest == whole, f"{name}: the resumed run told another story"
    assert save_text(resumed) == save_text(whole_game), f"{name}: the resumed run ended in another game"


def _runs_on(game: Engine, rng: random.Random) -> None:
    """What a crew does after a resume: a few commands, the clock run on (U-BOOT: past the next watch change,
    where the crew's bookkeeping touches every sailor), a report; the game then saves strict JSON."""
    if game.game == "sonar":
        from random_sonar import play_random

        play_random(game, rng, moves=4, limit=60)
    else:
        from random_table import step

        for _ in range(8):
            step(rng, game)
        game.advance_to(game.module("watch").next_change + 60)
        game.apply({"do": "report"})
    json.dumps(game.to_state(), allow_nan=False)


@pytest.mark.parametrize("aimed", [False, True], ids=["anywhere", "at the state"])
@pytest.mark.parametrize("name", NAMES)
def test_a_damaged_save_of_that_state_is_refused_and_kept_or_runs_on(tmp_path, name, aimed):
    """Damage anywhere in the save, and damage aimed at the values of the state itself (a random pick from the
    whole save seldom lands on the few values a breach or a running torpedo has)."""
    moment, game, _ = _in_the_state(name, tmp_path)
    base = save_text(game).decode("utf-8")
    rng = random.Random(f"{name} {aimed}")
    path = tmp_path / "autosave.json"
    for number in range(DAMAGED):
        text, what = damage(base, rng, moment.part if aimed else ())
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        resumed_or_refused(path, what, f"{name}: damaged save #{number}", _runs_on, number, tmp_path / "again.json")


#: the moments a `kaleun run` starts by itself (a shipped mission and a seed), with its options
CLI = {"hull breach counting down": ["--seed", "0"], "section flooded": ["--seed", "0"],
       "injuries waiting for their card": ["--seed", "0"], "the mission ended": ["--seed", "0"],
       "torpedoes running": ["--seed", "0", "--mission", "exercise_convoy_battle"],
       "depth charges falling": ["--seed", "0", "--mission", "exercise_escort"]}


def _kaleun_run(*args: str) -> None:
    import contextlib

    from kaleun.cli import main

    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["run", *args])
    assert code == 0, err.getvalue()


@pytest.mark.parametrize("name", list(CLI))
def test_kaleun_run_saved_in_that_state_and_loaded_gives_the_whole_runs_log_and_save(tmp_path, name):
    """The same split as a group makes it: `kaleun run --save` stopped in the state, `kaleun run --load` on."""
    moment = _moment(name)
    whole = write_script(tmp_path / "whole.jsonl", list(moment.lines))
    first = write_script(tmp_path / "first.jsonl", [line for line in moment.lines if line["t"] <= moment.cut])
    rest = write_script(tmp_path / "rest.jsonl", [line for line in moment.lines if line["t"] > moment.cut])
    until, end = str(moment.cut), str(moment.end)
    _kaleun_run("--script", str(whole), "--events", str(tmp_path / "whole.events"), "--save",
                str(tmp_path / "whole.json"), "--until", end, *CLI[name])
    _kaleun_run("--script", str(first), "--events", str(tmp_path / "first.events"), "--save",
                str(tmp_path / "half.json"), "--until", until, *CLI[name])
    assert moment.holds(open_save(tmp_path / "half.json").engine), f"{name}: the half-way save is not in that state"
    _kaleun_run("--script", str(rest), "--events", str(tmp_path / "rest.events"), "--load", str(tmp_path / "half.json"),
                "--save", str(tmp_path / "resumed.json"), "--until", end)
    resumed = (tmp_path / "first.events").read_bytes() + (tmp_path / "rest.events").read_bytes()
    assert resumed == (tmp_path / "whole.events").read_bytes()
    assert (tmp_path / "resumed.json").read_bytes() == (tmp_path / "whole.json").read_bytes()


@pytest.mark.parametrize("team", ["yellow", "blue"])
def test_a_captain_sonar_save_that_lost_a_teams_boat_is_refused_and_kept(tmp_path, team):
    """Found by the damage aimed at a silent run's save: a save whose `teams` lost one team passed the shape check
    (at most two teams) and then failed as it loaded with KeyError: 'yellow', a traceback instead of a refusal."""
    _, game, _ = _in_the_state("Captain Sonar: silent run pending", tmp_path)
    state = json.loads(save_text(game))
    del state["modules"]["sonar"]["teams"][team]
    refused_and_kept(tmp_path / "autosave.json", state,
                     rf"damaged at modules\.sonar\.teams: a game holds both teams' boats, {team}'s is missing")


@pytest.mark.parametrize("speed", [-1, 0, 0.5, 1e3])
def test_9_2_a_save_whose_running_torpedo_has_no_speed_ahead_is_refused_not_a_hang(tmp_path, speed):
    """Found by the damage aimed at the torpedoes of a save taken while they run: a torpedo saved with speed -1 passed
    the shape check (any speed a ship may have) and the resume's trial run never ended (the torpedo's run never
    came to its end). A torpedo's speed is at least 1 kn."""
    _, game, _ = _in_the_state("torpedoes running", tmp_path)
    state = json.loads(save_text(game))
    torpedo = next(iter(state["modules"]["sea"]["torpedoes"].values()))
    torpedo["speed"] = speed
    refused_and_kept(tmp_path / "autosave.json", state,
                     r"damaged at modules\.sea\.torpedoes\.t\d+\.speed: a number from 1 to 100")
