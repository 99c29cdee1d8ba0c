"""Damaged files other than a U-BOOT autosave never crash Kaleun: the career record (its
campaign, its linked patrol and the carry-over to the next part), a linked patrol's save,
Captain Sonar's saves, `settings.json`, and mission changes given on the command line.

Each is damaged as the save fuzzer damages a save (`faultkit.damage`: cut short, values of
another type, nesting thousands of levels deep, numbers beyond a float, keys dropped or added,
list entries doubled, texts changed, a stray byte). Every outcome is a refusal naming the
file and the reason, the file kept as it is, or a game that runs on for hours. Seeded;
`KALEUN_FUZZ_RECORDS` sets how many of each (default 120; figures with `pytest -s`)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from faultkit import damage, refused_and_kept
from kaleun.career import CareerError, career_path, load_career, record_mission, start_configured
from kaleun.core.engine import Engine
from kaleun.core.errors import CommandError, SaveError
from kaleun.saves import open_save, save_game
from kaleun.settings import Settings, SettingsError
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import run_kaleun, write_script

RECORDS = int(os.environ.get("KALEUN_FUZZ_RECORDS", "120"))
H = 3600.0
for _helpers in ("crew", "sonar"):  # random_table (a U-BOOT crew), random_sonar (two Captain Sonar crews)
    if str(Path(__file__).resolve().parents[1] / _helpers) not in sys.path:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / _helpers))


def damaged(text: str, rng: random.Random) -> tuple[str, str]:
    while True:
        try:
            return damage(text, rng)
        except IndexError:  # a kind of damage this text has no place for (no number to overflow)
            continue


def linked_patrol_in_progress() -> Engine:
    """Part 1 of the autumn 1940 patrol ended (a sailor lost, the periscope broken) and booked:
    the career record holds the patrol with its carry-over. Returns part 2 started from it."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                                       "air_cover": "none"})
    g.take_events()
    g.apply({"do": "kill", "figure": "engineer-square", "why": "washed overboard"})
    g.apply({"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    g.advance_to(2 * H + 10)
    assert record_mission(g) is not None
    return start_configured(GameSetup(mission="", seed=5, mode="linked"))


def runs_on(game: Engine) -> None:
    from random_table import step

    rng = random.Random(game.seed)
    for _ in range(10):
        step(rng, game)
    game.advance_to(game.t + 5 * H)
    game.apply({"do": "report"})
    json.dumps(game.to_state(), allow_nan=False)


@pytest.mark.slow
@pytest.mark.parametrize("base", ["linked", "campaign"])
def test_a_damaged_career_record_is_refused_and_kept_or_plays_on(home, base):
    """`kaleun career`, the next part of a linked patrol, the next campaign mission and booking a
    finished mission all read the record: each refuses a damaged one with the reason."""
    linked_patrol_in_progress()
    if base == "campaign":
        start_configured(GameSetup(mission="", seed=4, mode="campaign"))
    text = career_path().read_text()
    finished = new_game(5, "sc_convoy_1940", {"time_limit_h": 1, "encounter": [], "radio": [], "air_cover": "none"})
    finished.advance_to(H + 10)
    rng = random.Random(17)
    outcomes: Counter[str] = Counter()
    for number in range(RECORDS):
        bad, what = damaged(text, rng)
        career_path().write_text(bad, encoding="utf-8", errors="surrogatepass")
        before = career_path().read_bytes()
        try:
            load_career()
        except CareerError as exc:
            message = str(exc)
            assert message.startswith(f"{career_path()}: ") and "kept as it is" in message, (what, message)
            assert career_path().read_bytes() == before, what
            with pytest.raises(CareerError):
                start_configured(GameSetup(mission="", seed=5, mode="linked"))
            with pytest.raises(CareerError):
                record_mission(finished)
            assert career_path().read_bytes() == before, what
            outcomes["refused"] += 1
            continue
        except Exception as exc:
            raise AssertionError(f"damaged record #{number} ({what}) crashed: {exc!r}") from exc
        try:
            for mode in ("linked", "campaign"):
                career_path().write_bytes(before)
                try:
                    runs_on(start_configured(GameSetup(mission="", seed=5, mode=mode)))
                except (CareerError, ValueError) as exc:  # a set-up refused with its reason
                    assert "\n" not in str(exc), (what, str(exc))
            career_path().write_bytes(before)
            record_mission(finished)
            load_career()
        except Exception as exc:
            raise AssertionError(f"damaged record #{number} ({what}) loaded, then failed: {exc!r}") from exc
        outcomes["read"] += 1
    print(f"\ncareer fuzzer ({base}): {RECORDS} damaged records: {dict(outcomes)}")
    assert outcomes["refused"] > RECORDS / 2
    career_path().write_text('{"format": "kaleun-career", "version": 1, "missions": 7}')
    shown = run_kaleun("career", home=home)
    assert shown.returncode == 2 and "missions: a list was expected, found 7" in shown.stderr, shown.stderr
    assert "Traceback" not in shown.stderr


@pytest.mark.slow
def test_damaged_saves_of_a_linked_patrol_and_of_captain_sonar_are_refused_or_run_on(home, tmp_path):
    """A linked part keeps its carry-over in the save's settings; Captain Sonar keeps its
    scenario, mode, crews and the teams' pending moves: each damaged is refused or plays on."""
    from kaleun.sonar.game import new_game as new_sonar_game
    from random_sonar import play_random

    sonar = new_sonar_game(2, "alpha", "turn")
    play_random(sonar, random.Random(2), moves=40)
    bases = {"linked": json.dumps(linked_patrol_in_progress().to_state()), "sonar": json.dumps(sonar.to_state())}
    rng = random.Random(23)
    path = tmp_path / "autosave.json"
    outcomes: Counter[str] = Counter()
    for number in range(2 * RECORDS):
        kind = rng.choice(sorted(bases))
        text, what = damaged(bases[kind], rng)
        if number % 4 == 0:  # aim at the settings a game is rebuilt from (with a linked part's carry-over)
            state = json.loads(bases[kind])
            settings, what = damaged(json.dumps({"config": state["config"]}), rng)
            with contextlib.suppress(ValueError, RecursionError):  # not JSON any more: the save is as it was
                state.update(json.loads(settings))
            text, what = json.dumps(state), f"settings: {what}"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        before = path.read_bytes()
        try:
            opened = open_save(path)
        except SaveError as exc:
            assert str(exc).startswith(f"{path}: ") and path.read_bytes() == before, (what, str(exc))
            outcomes[f"{kind} refused"] += 1
            continue
        except Exception as exc:
            raise AssertionError(f"damaged {kind} save #{number} ({what}) crashed the resume: {exc!r}") from exc
        try:
            if kind == "sonar":
                play_random(opened.engine, random.Random(number), moves=60)
            else:
                runs_on(opened.engine)
            save_game(opened.engine, tmp_path / "again.json")
            open_save(tmp_path / "again.json")
        except Exception as exc:
            raise AssertionError(f"damaged {kind} save #{number} ({what}) loaded, then failed: {exc!r}") from exc
        outcomes[f"{kind} ran on"] += 1
    print(f"\nlinked and Captain Sonar saves: {2 * RECORDS} damaged: {dict(outcomes)}")


def test_a_captain_sonar_save_with_a_course_no_engineer_can_cross_is_refused(tmp_path):
    """A pending cross names the section of the last course (N, E, S, W): any other value would
    fail the first command that waits for it, so the save is refused with the place."""
    from kaleun.sonar.game import new_game as new_sonar_game

    game = new_sonar_game(1, "alpha", "turn")
    state = game.to_state()
    state["modules"]["sonar"]["teams"]["yellow"]["pending_cross"] = "x"
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match=r"modules.sonar.teams.yellow.pending_cross: one of E, N, S, W was expected"):
        open_save(path)
    state = game.to_state()
    state["config"] = [[[]]]
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match="the save's game settings are damaged"):
        open_save(path)


def test_a_captain_sonar_save_awaiting_a_mark_no_full_gauge_takes_is_refused(tmp_path):
    """Digest §3: after a course the First Mate marks an empty box; a full gauge takes no more marks. A save
    whose team awaits a mark while every gauge is full loaded and then held the game for ever (every course,
    surfacing and mark refused, the other team waiting for its turn): it is refused with the place."""
    from kaleun.sonar.game import new_game as new_sonar_game
    from random_sonar import play_random

    game = new_sonar_game(2, "alpha", "turn")
    play_random(game, random.Random(2), moves=40)
    state = game.to_state()
    sonar = state["modules"]["sonar"]
    team = sonar["turns"]["current"]
    referee = game.module("sonar")
    sonar["teams"][team]["gauges"] = {system: referee.teams[team].gauges.size(system)
                                      for system in sonar["teams"][team]["gauges"]}
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state))
    assert not game.module("sonar").teams[team].pending_mark
    open_save(path)  # full gauges and no mark awaited: a game the rules reach
    sonar["teams"][team]["pending_mark"] = True
    refused_and_kept(path, state, rf"modules.sonar.teams.{team}.pending_mark: a mark is awaited, but every "
                     "gauge is full; the file was kept as it is")


def _sonar_under_way(mode: str) -> Engine:
    from kaleun.sonar.game import new_game as new_sonar_game
    from random_sonar import play_random

    game = new_sonar_game(3, "alpha", mode)
    play_random(game, random.Random(3), moves=10)
    assert game.module("sonar").phase == "play"
    return game


def test_a_captain_sonar_save_with_a_silent_run_awaiting_nothing_is_refused(tmp_path):
    """Digest §5, silence (real time): the silent run's Stop! holds both teams until its mark and cross confirm it.
    A save whose silent run awaits neither loaded and held both boats for ever (the go refused for the handshake,
    every other command for the Stop!): it is refused with the place. The silent run the rules reach, its cross
    still awaited, loads."""
    game = _sonar_under_way("realtime")
    state = game.to_state()
    sonar = state["modules"]["sonar"]
    sonar["turns"].update(frozen_by="blue", sonar=None)
    sonar["teams"]["blue"].update(silent_run=True, pending_mark=False, pending_cross="N")
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state))
    open_save(path)
    sonar["teams"]["blue"]["pending_cross"] = None
    refused_and_kept(path, state, r"modules.sonar.teams.blue.silent_run: a silent run awaits its mark or cross, "
                     "and this one awaits neither; the file was kept as it is")


def test_a_turn_based_captain_sonar_save_holding_a_stop_is_refused(tmp_path):
    """Digest §6: "Stop!" freezes the real-time game; the turn-based game never calls it, so nothing there lifts one. A
    turn-based save holding a Stop! loaded and held both boats for ever (the holder's go refused as out of its turn,
    the other team's every command for the Stop!): it is refused with the place."""
    game = _sonar_under_way("turn")
    state = game.to_state()
    sonar = state["modules"]["sonar"]
    sonar["turns"]["frozen_by"] = "yellow" if sonar["turns"]["current"] == "blue" else "blue"
    refused_and_kept(tmp_path / "autosave.json", state,
                     r"modules.sonar.turns.frozen_by: the turn-based game has no Stop!")


def test_a_captain_sonar_save_whose_stop_is_held_by_a_surfaced_boat_is_refused(tmp_path):
    """Digest §6: a surfaced crew (real time) works only on its repairs while the enemy plays on; it calls no Stop!.
    A save whose Stop! is held by a surfaced boat loaded and held both boats for ever (its go refused as surfaced,
    its repairs and dive for the Stop!, the enemy's every command for the Stop!): it is refused with the place."""
    game = _sonar_under_way("realtime")
    state = game.to_state()
    sonar = state["modules"]["sonar"]
    sonar["teams"]["blue"]["surfaced"] = True
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state))
    open_save(path)  # a surfaced boat while nobody holds a Stop!: the rules reach it
    sonar["turns"].update(frozen_by="blue", sonar=None)
    refused_and_kept(path, state, r"modules.sonar.turns.frozen_by: blue is surfaced, and a surfaced crew holds "
                     "no Stop!")


def test_a_linked_part_whose_carry_over_is_damaged_is_refused_with_the_place(home, tmp_path):
    game = linked_patrol_in_progress()
    state = game.to_state()
    state["config"]["changes"]["carry"]["weapons"]["racks"] = "torpedoes"
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match=r"carry.weapons.racks: an object was expected"):
        open_save(path)
    record = load_career()
    record["patrol"]["carry"]["flooded"] = [9]
    career_path().write_text(json.dumps(record))
    with pytest.raises(CareerError, match=r"patrol.carry.flooded\[0\]: a whole number from 1 to 8 was expected"):
        start_configured(GameSetup(mission="", seed=5, mode="linked"))


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"board": ' + "[" * 70 + "]" * 70 + "}",
                                  '{"language": NaN}', '{"language": 1e999}'])
def test_a_damaged_settings_file_is_reported_not_a_traceback(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    with pytest.raises(SettingsError, match=f"{path}: "):
        Settings.load(path)
    assert path.read_text() == text


@pytest.mark.parametrize(("changes", "reason"), [
    ('{"time_limit_h": 1e999}', "the number 1e999 is too large"),
    ('{"time_limit_h": NaN}', "NaN is not a JSON number"),
    ('{"ammo": {"gun_88": -1e999}}', "the number -1e999 is too large"),
    ('{"time_limit_h": 1e308}', "time_limit_h = 1e+308 is out of range"),
    ('{"encounter": 7}', "with these changes: encounter must be an array of tables ([[encounter]]), got 7\n"),
    ('{"radio": [5]}', "radio[0] must be a table, got 5"),
    ('{"setup": 5}', "setup: must be a table of mode, patrol and part"),
    ('{"carry": {"version": 1, "flooded": [9]}}', "carry.flooded[0]: a whole number from 1 to 8 was expected"),
])
def test_mission_changes_of_the_wrong_kind_or_beyond_a_float_are_refused(tmp_path, changes, reason):
    """`--changes` is read as strict JSON and checked as a mission file is: nothing of it reaches
    the event log as Infinity, no field of the wrong kind reaches the rules."""
    script = write_script(tmp_path / "s.jsonl", [{"t": 10, "do": "report"}])
    result = run_kaleun("run", "--mission", "sc_convoy_1940", "--changes", changes, "--script", str(script),
                        "--events", str(tmp_path / "e.jsonl"), home=tmp_path)
    assert result.returncode == 2 and reason in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / "e.jsonl").exists()


@pytest.mark.parametrize("changes", [{"time_limit_h": float("inf")}, {"time_limit_h": float("nan")},
                                     {"convoy": {"bearing": float("-inf")}}, {"encounter": 7}])
def test_mission_changes_from_outside_are_checked_as_a_mission_file(changes):
    from kaleun.uboot.game import check_changes

    with pytest.raises(CommandError, match="mission sc_convoy_1940 with these changes: "):
        check_changes("sc_convoy_1940", changes)


def test_the_campaigns_own_patrol_is_read_and_a_damaged_carry_over_in_it_is_refused(home):
    """The campaign keeps its own patrol in progress beside a linked one (rulebook §4.3, §5.2):
    a record holding it is read, and a damaged carry-over in it is refused with the place."""
    linked_patrol_in_progress()
    record = load_career()
    record["campaign"] = {"state": "running", "started": "2026-01-01T20:00", "done": [], "next": "sc_convoy_1940",
                          "score": 0, "fame": 0, "grt": 0, "grades": [],
                          "patrol": {**record["patrol"], "mode": "campaign"}}
    career_path().write_text(json.dumps(record))
    assert load_career()["campaign"]["patrol"]["carry"] == record["patrol"]["carry"]
    record["campaign"]["patrol"]["carry"]["weapons"]["racks"] = "torpedoes"
    career_path().write_text(json.dumps(record))
    before = career_path().read_bytes()
    with pytest.raises(CareerError, match=r"campaign.patrol.carry.weapons.racks: an object was expected"):
        load_career()
    assert career_path().read_bytes() == before
