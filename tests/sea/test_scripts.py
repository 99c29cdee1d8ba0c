"""What the sea must show, as table scripts (tests/sea/scripts/*.jsonl), all
deterministic with a seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import SCRIPTS, run_script

HOST = Path(__file__).resolve().parents[2] / "host"


def of(events, name):
    return [e for e in events if e["event"] == name]


def test_convoy_reported_by_lookouts_with_target_data_and_identified():
    events = run_script("convoy_lookouts.jsonl", "exercise_convoy")
    assert of(events, "observation")[0]["lookouts"] == 4  # the figures placed in section 8
    reports = of(events, "contact_report")
    assert reports and reports[0]["feed"].startswith("Lookouts report")
    assert sum(r["ships"] for r in reports) >= 10
    target = of(events, "target_data")[0]
    for key in ("bearing", "rel_bearing", "range_nm", "course", "speed_kn"):
        assert target[key] is not None
    assert target["identified"] is False
    assert not of(events, "mission_end")  # the boat identifies while it is afloat
    summary = of(events, "identification")[0]
    assert summary["merchants"] >= 3 and summary["grt"] > 20000
    assert "GRT in sight" in summary["feed"]
    identified = of(events, "identified")
    # June 1941: no Liberty ships or T2 tankers yet
    assert {e["class"] for e in identified} <= {"hog_islander", "tramp", "tanker", "flower", "hunt"}
    grt = {"hog_islander": 5753, "tramp": 4800, "tanker": 8000}
    merchants = [e for e in identified if e["type"] == "merchant"]
    assert merchants and all(e["grt"] == grt[e["class"]] for e in merchants)
    later = of(events, "target_data")[-1]
    assert later["identified"] and later["class"] in grt


def test_escort_hunts_the_detected_boat_with_pings_and_depth_charges_that_damage_it():
    events = run_script("escort_hunt.jsonl", "exercise_escort")
    pings = of(events, "ping")
    assert pings and pings[0]["feed"].startswith("ASDIC!")
    assert of(events, "depth_charges")
    damage = of(events, "damage")
    assert damage
    for d in damage:  # the crew engine's contract
        assert d["kind"] in ("technical", "environmental", "hull_breach", "crew") and d["cause"]
    assert of(events, "report")[-1]["mission"]["result"] is None  # still afloat after an hour


def test_diving_switches_propulsion_and_the_battery_drains_and_recharges():
    events = run_script("dive_battery.jsonl", "training")
    reports = [r["boat"] for r in of(events, "report")]
    assert reports[0]["propulsion"] == "diesel" and reports[0]["battery_pct"] == 100
    assert of(events, "boat_submerged")[0]["propulsion"] == "electric"
    assert reports[1]["propulsion"] == "electric"
    assert reports[2]["battery_pct"] == pytest.approx(80, abs=1)  # 4 h at half ahead, 5 %/h
    assert of(events, "boat_surfaced")[0]["propulsion"] == "diesel"
    assert reports[3]["propulsion"] == "diesel"
    assert reports[4]["battery_pct"] > reports[3]["battery_pct"]
    assert of(events, "battery")[-1]["level"] == "charged"


def test_sextant_answers_only_when_surfaced_under_a_clear_sky():
    events = run_script("sextant.jsonl", "training")
    refused = [e["reason"] for e in of(events, "order_rejected") if e["order"] == "sextant"]
    assert refused == ["the sky is overcast", "the boat must be surfaced (the sextant is used on the bridge)"]
    fix = of(events, "sextant_fix")
    assert len(fix) == 1 and fix[0]["square"].startswith("AF")
    assert fix[0]["feed"].startswith("Sextant fix: the boat is in square")


def test_grounding_ends_the_mission():
    events = run_script("grounding.jsonl", "exercise_shoal")
    assert of(events, "grounded")[0]["place"] == "Dogger Bank"
    end = of(events, "mission_end")[0]
    assert end["result"] == "lost" and end["reason"] == "grounded"


@pytest.mark.parametrize(("script", "mission"), [
    ("convoy_lookouts.jsonl", "exercise_convoy"), ("escort_hunt.jsonl", "exercise_escort"),
])
def test_scripts_are_deterministic_with_a_seed(script, mission):
    assert run_script(script, mission, seed=3) == run_script(script, mission, seed=3)
    assert run_script(script, mission, seed=3) != run_script(script, mission, seed=4)


def test_kaleun_run_plays_a_sea_script_from_the_command_line(tmp_path):
    out = tmp_path / "events.jsonl"
    env = {**os.environ, "PYTHONPATH": str(HOST), "KALEUN_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "kaleun", "run", "--script", str(SCRIPTS / "grounding.jsonl"),
                           "--mission", "exercise_shoal", "--events", str(out), "--seed", "1"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    events = [json.loads(line) for line in out.read_text().splitlines()]
    assert events[-2]["event"] == "mission_end" or any(e["event"] == "mission_end" for e in events)


def test_a_bad_sea_command_stops_the_script_with_file_and_line(tmp_path):
    script = tmp_path / "bad.jsonl"
    script.write_text('{"t": 0, "do": "target", "contact": "c7"}\n')
    env = {**os.environ, "PYTHONPATH": str(HOST), "KALEUN_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "kaleun", "run", "--script", str(script), "--events",
                           str(tmp_path / "out.jsonl")], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2
    assert f"{script}:1:" in proc.stderr and "no contact 'c7'" in proc.stderr
