"""Table scripts: a crew plays through two watch changes with `kaleun run`; same seed, same log."""

from __future__ import annotations

import json

from crewkit import SCRIPTS, named, run_kaleun


def _run(tmp_path, *extra):
    out = tmp_path / "events.jsonl"
    result = run_kaleun("run", "--script", str(SCRIPTS / "two_watches.jsonl"), "--events", str(out), "--seed", "0",
                        *extra, home=tmp_path)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_6_8_a_crew_plays_through_two_watch_changes(tmp_path):
    events = _run(tmp_path)
    assert named(events, "order_rejected") == [] and named(events, "action_refused") == []
    changes = named(events, "crew_watch_change")
    assert [c["clock"][11:16] for c in changes] == ["06:00", "12:00"]
    first, second = changes
    assert {h["figure"]: h["extra_chip"] for h in first["handed"]} == {
        "navigator-square": True, "navigator-triangle": False,  # lookouts: the navigator's mate has no observation
        "engineer-square": False, "engineer-triangle": True}    # repairmen: stoker Hahn has no repair symbol
    assert first["command_bar"] == "VII" and first["watch"] == 2
    assert len(second["handed"]) == 3 and second["healed"] == ["officer-square"] and second["watch"] == 1
    # the repair ran on across the watch change and finished with the second watch
    assert named(events, "technical_repaired")[0]["clock"][11:16] == "06:35"
    assert [e["event"] for e in events if e["event"] in ("undone", "smoke_break", "first_aid_given")] == [
        "smoke_break", "first_aid_given", "undone"]
    report = named(events, "report")[-1]["crew"]
    assert report["watch"] == 1 and report["lookouts"] == 3 and report["bars"]["morale"] == "XI"


def test_the_crew_script_gives_the_same_log_every_time_and_resumes_from_a_save(tmp_path):
    whole = _run(tmp_path)
    again = _run(tmp_path)
    assert whole == again
    half = tmp_path / "half"
    half.mkdir()
    lines = (SCRIPTS / "two_watches.jsonl").read_text().splitlines()
    cut = next(i for i, line in enumerate(lines) if '"t": 10000' in line)
    (half / "first.jsonl").write_text("\n".join([*lines[:cut], '{"t": 9999, "do": "end"}']) + "\n")
    (half / "rest.jsonl").write_text("\n".join(lines[cut:]) + "\n")
    save = half / "save.json"
    r1 = run_kaleun("run", "--script", str(half / "first.jsonl"), "--events", str(half / "a.jsonl"), "--seed", "0",
                    "--save", str(save), home=half)
    assert r1.returncode == 0, r1.stderr
    r2 = run_kaleun("run", "--script", str(half / "rest.jsonl"), "--events", str(half / "b.jsonl"), "--load", str(save),
                    home=half)
    assert r2.returncode == 0, r2.stderr
    resumed = [json.loads(x) for f in ("a.jsonl", "b.jsonl") for x in (half / f).read_text().splitlines()]
    assert resumed == whole
