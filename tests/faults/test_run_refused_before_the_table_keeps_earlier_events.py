"""Nothing lost: `kaleun run` emptied its events file before it set up the table, so a table that could not be set
up (a Pi's board file on a PC, a deck hub that does not come online) or a stop signal while the run waited for its
deck hub left the events an earlier run wrote there as an empty file, and said "0 events written". The file is
emptied only once the table has started: until then it is kept as it was, and the run says nothing was written."""

from __future__ import annotations

import signal

import pytest
from faultkit import Console
from kit import BOARDS, run_kaleun, write_script

EARLIER = '{"t": 0, "event": "mission_start"}\n'


def test_a_table_that_cannot_be_set_up_leaves_the_events_of_an_earlier_run(tmp_path):
    events = tmp_path / "events.jsonl"
    events.write_text(EARLIER, encoding="utf-8")
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "do": "report"}])
    done = run_kaleun("run", "--board", str(BOARDS / "pi4-basic.toml"), "--script", str(script), "--events",
                      str(events), home=tmp_path)
    assert done.returncode == 2 and "cannot set up the table" in done.stderr, done.stderr
    assert "events written" not in done.stderr and "event written" not in done.stderr, done.stderr
    assert events.read_text(encoding="utf-8") == EARLIER


@pytest.mark.slow
def test_a_stop_signal_while_the_run_waits_for_its_deck_hub_leaves_the_events_of_an_earlier_run(home, tmp_path):
    board = tmp_path / "no-hub.toml"
    board.write_text((BOARDS / "fake-hub.toml").read_text().replace('url = "fake"',
                                                                     'url = "/dev/kaleun-test-no-such-hub"'))
    events = tmp_path / "events.jsonl"
    events.write_text(EARLIER, encoding="utf-8")
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "do": "report"}])
    run = Console(home, "run", "--board", str(board), "--script", str(script), "--events", str(events), "--save",
                  str(tmp_path / "save.json"))
    run.expect("does not answer yet")  # it says it waits for the hub, and waits
    run.proc.send_signal(signal.SIGTERM)
    assert run.finish() == 128 + signal.SIGTERM, run.text
    assert "stopped by SIGTERM" in run.text and "Traceback" not in run.text, run.text
    assert events.read_text(encoding="utf-8") == EARLIER and not (tmp_path / "save.json").exists()


def test_a_run_that_starts_writes_over_the_events_of_an_earlier_run(tmp_path):
    events = tmp_path / "events.jsonl"
    events.write_text(EARLIER * 50, encoding="utf-8")
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "do": "report"}])
    done = run_kaleun("run", "--script", str(script), "--events", str(events), home=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = events.read_text(encoding="utf-8").splitlines()
    assert '"mission_start", "mission": "training"' in lines[0] and EARLIER.strip() not in lines
