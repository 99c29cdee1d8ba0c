"""A group that saved with the previous release resumes with this one and loses nothing (rulebook §5.2: a linked
patrol carries over between evenings; §4.3: the campaign goes on).

The files in `previous_release/` were written by the release before the guns' tally, a depth charge's dropper and
the campaign's and linked patrol's marks were kept (commit 31e6276), as a group leaves them:

- `attack.autosave.json.gz` and its journal: a surfaced attack resumed at the console, two torpedoes running, the
  88 mm gun firing at a tramp, the 20 mm gun at a Sunderland whose depth charges are falling; then a third torpedo
  fired, the 88 mm gun stopped and ordered again, a dive, and the program killed with kill -9;
- `linked.career.json` and `linked.weather_1940.mid.json.gz`: the linked patrol autumn_1940 after its first part
  (booked) and its second part saved half-way (`kaleun run --linked ... --save`); `.rest.jsonl` plays the part on
  to its end as the mission's winning script does;
- `campaign.career.json` and `campaign.minefield_1939.mid.json.gz`: a campaign after its first mission, the second
  saved while the boat lays its mines; `.rest.jsonl` plays it to its end;
- `sonar.silent_run.json.gz`: Captain Sonar, scenario Charlie, real time, saved the moment Yellow ran silent (its
  Stop! holds both teams until the First Mate's mark and the Engineer's cross).

Each used to be refused on load ("the save is damaged at modules.weapons.gun_tally: the game does not keep what the
file holds there"): the game writes the fields an earlier release did not keep, and the check took them for damage.
"""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

from kaleun.saves import load_checked, open_save, save_text
from kit import run_kaleun

HERE = Path(__file__).resolve().parent / "previous_release"


def _unpack(name: str, to: Path) -> Path:
    to.write_bytes(gzip.decompress((HERE / name).read_bytes()))
    return to


def _played_on(save: Path, rest: str, home: Path) -> subprocess.CompletedProcess[str]:
    """`kaleun run --load` of a save the previous release wrote, with `rest` (a script of this folder: the rest of
    its game); the events go to out.jsonl in `home`."""
    return run_kaleun("run", "--load", str(save), "--script", str(HERE / rest), "--events", str(home / "out.jsonl"),
                      home=home)


def _events(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_8_4_a_mid_attack_autosave_and_its_journal_after_a_kill_resume_with_every_command(tmp_path):
    """§8.4, §12: torpedoes running, both guns firing, depth charges falling: the autosave and its journal of a
    game killed with kill -9 resume with all four commands the journal holds, and the attack plays on."""
    save = _unpack("attack.autosave.json.gz", tmp_path / "autosave.json")
    shutil.copy(HERE / "attack.autosave.journal.jsonl", tmp_path / "autosave.journal.jsonl")
    saved = json.loads(save.read_text(encoding="utf-8"))["modules"]
    assert saved["sea"]["charges"] and len(saved["weapons"]["running"]) == 2  # the moment the files hold
    assert all(saved["weapons"]["firing"].values()) and "gun_tally" not in saved["weapons"]
    opened = open_save(save)
    g = opened.engine
    assert opened.replayed == 4 and not opened.notes
    weapons = g.module("weapons")
    assert len(weapons.torpedo_firing.running) == 3  # two before the save, the third from the journal
    assert weapons.torpedo_firing.fired == 3 and not g.module("boat").surfaced  # the dive replayed
    # what the old save held of the guns' engagements is their tally now
    guns = weapons.status()["guns"]
    assert guns["gun_88"]["shots"] >= 1 and guns["gun_20"]["shots"] >= 1
    events = [e.name for e in g.advance(900)]
    assert sum(e in ("torpedo_hit", "torpedo_miss", "torpedo_dud") for e in events) == 3  # each run comes to its end
    # the game written again by this release loads again
    assert load_checked(json.loads(save_text(g))).t == g.t


def test_12_a_charge_of_an_earlier_save_names_its_aircraft_as_the_crew_knows_it(tmp_path):
    """§12 (the depth-charge alarm names the attacker): a charge saved before it kept who dropped it is the one
    Sunderland's, in sight as contact c2: the alarm names it, not "no contact"."""
    save = _unpack("attack.autosave.json.gz", tmp_path / "autosave.json")
    g = open_save(save, with_journal=False).engine
    alarm = next(e for e in g.advance(60) if e.name == "depth_charges")
    assert alarm.data["contact"] == "c2"
    assert str(alarm.feed).endswith("Attacker: Short Sunderland (c2).")


def test_5_2_a_linked_part_saved_half_way_ends_and_is_booked_in_its_patrol(tmp_path):
    """§5.2: the second part of autumn_1940, saved half-way by the previous release, is played to its end: booked
    in the career record with the first, and the patrol is over."""
    shutil.copy(HERE / "linked.career.json", tmp_path / "career.json")
    save = _unpack("linked.weather_1940.mid.json.gz", tmp_path / "part2.json")
    done = _played_on(save, "linked.weather_1940.rest.jsonl", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "the mission's result (won, grade A) is booked" in done.stderr
    assert "the linked patrol is over" in done.stderr
    career = run_kaleun("career", home=tmp_path)
    assert "Career: 2 missions, score 3,888" in career.stdout and "Linked patrol" not in career.stdout


def test_5_2_the_next_part_of_a_patrol_booked_by_the_previous_release_starts_with_its_carry_over(tmp_path):
    """§5.2: `kaleun run --linked` (as `kaleun play --linked`) from a career record the previous release wrote
    between two evenings starts weather_1940 with what sc_convoy_1940 left: the sextant's failure, the refill kit,
    ten torpedoes."""
    shutil.copy(HERE / "linked.career.json", tmp_path / "career.json")
    script = tmp_path / "evening.jsonl"
    script.write_text('{"t": 0, "do": "report"}\n', encoding="utf-8")
    done = run_kaleun("run", "--linked", "--script", str(script), "--events", str(tmp_path / "out.jsonl"),
                      home=tmp_path)
    assert done.returncode == 0, done.stderr
    events = _events(tmp_path / "out.jsonl")
    carried = next(e for e in events if e["event"] == "carried_over")
    assert carried["mission"] == "sc_convoy_1940" and carried["torpedoes"] == 10
    assert events[0]["mission"] == "weather_1940"


def test_4_3_a_campaign_mission_saved_half_way_ends_and_the_campaign_goes_on(tmp_path):
    """§4.3: the campaign's second mission, saved by the previous release while the boat lays its mines, is played
    to its end: booked in the campaign (grades B A), which goes on with its third mission."""
    shutil.copy(HERE / "campaign.career.json", tmp_path / "career.json")
    save = _unpack("campaign.minefield_1939.mid.json.gz", tmp_path / "mines.json")
    done = _played_on(save, "campaign.minefield_1939.rest.jsonl", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "the campaign goes on with The torpedo crisis" in done.stderr
    career = run_kaleun("career", home=tmp_path)
    assert "running; next: The torpedo crisis. 2 missions (B A)" in career.stdout, career.stdout


def test_sonar_5_a_silent_run_saved_under_its_stop_is_confirmed_after_the_resume(tmp_path):
    """Captain Sonar §5 (silence): a real-time game saved while Yellow's silent run waits for its mark and cross
    resumes under the Stop!, and the First Mate's mark and the Engineer's cross confirm the run."""
    save = _unpack("sonar.silent_run.json.gz", tmp_path / "autosave.json")
    g = open_save(save).engine
    assert g.module("sonar").team_status("yellow")["silent_run"]
    events = g.apply({"do": "mark", "team": "yellow", "system": "torpedo"})
    events += g.apply({"do": "cross", "team": "yellow", "symbol": "E3"})
    assert "silence_done" in [e.name for e in events]
    assert g.module("sonar").team_status("yellow")["cell"] == "G4"


def test_5_2_a_part_saved_by_the_previous_release_leaves_a_newer_patrol_as_it_is(tmp_path):
    """§5.2 (the record keeps one linked patrol): the group began a newer linked patrol, spring_1941, after the
    previous release saved weather_1940 (part 2 of autumn_1940) half-way; that save, played to its end later, is
    booked with the career's missions only, and spring_1941 goes on with agents_1941 as before. The save keeps no
    mark of the record it was set up from: a later part whose patrol the record no longer holds at that part is of
    an earlier patrol."""
    shutil.copy(HERE / "linked.career.json", tmp_path / "career.json")
    save = _unpack("linked.weather_1940.mid.json.gz", tmp_path / "part2.json")
    newer = run_kaleun("run", "--linked", "--mission", "shadow_1941", "--script",
                       str(Path(__file__).resolve().parents[1] / "missions" / "scripts" / "shadow_1941.win.jsonl"),
                       "--events", str(tmp_path / "newer.jsonl"), home=tmp_path)
    assert "the linked patrol Spring 1941 goes on with Two passengers" in newer.stderr, newer.stderr
    done = _played_on(save, "linked.weather_1940.rest.jsonl", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "its result is booked with the career's missions only" in done.stderr
    career = run_kaleun("career", home=tmp_path)
    assert "Linked patrol Spring 1941 goes on with Two passengers" in career.stdout, career.stdout
    assert "Weather boat (weather_1940)\n      linked   won" in career.stdout, career.stdout
