"""`kaleun run` says on standard error how many events it wrote (host/README.md, "Table scripts"), in the run's
language and with the right form for one: "1 event written", never "1 events"."""

from __future__ import annotations

from kit import run_kaleun, write_script


def test_a_run_that_writes_one_event_says_1_event(home):
    script = write_script(home / "empty.jsonl", [])  # the run writes mission_start alone
    out = home / "out.jsonl"
    result = run_kaleun("run", "--script", str(script), "--events", str(out), home=home)
    assert result.returncode == 0, result.stderr
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1
    assert f"1 event written to {out} (game time 0 s)" in result.stderr
    assert "1 events" not in result.stderr


def test_a_run_counts_its_events_in_its_language(home):
    script = write_script(home / "s.jsonl", [{"t": 0, "do": "report"}])
    out = home / "out.jsonl"
    english = run_kaleun("run", "--script", str(script), "--events", str(out), home=home)
    assert f"2 events written to {out} (game time 0 s)" in english.stderr
    german = run_kaleun("run", "--script", str(script), "--events", str(out), "--language", "de", home=home)
    assert german.returncode == 0 and "events written" not in german.stderr and str(out) in german.stderr
    russian = run_kaleun("run", "--script", str(write_script(home / "e.jsonl", [])), "--events", str(out),
                         "--language", "ru", home=home)
    assert russian.returncode == 0 and "events written" not in russian.stderr and str(out) in russian.stderr
