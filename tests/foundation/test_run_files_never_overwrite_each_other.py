"""`kaleun run` never writes one of its files over another (host/README.md, "Saving and resuming in scripts"): a
group that names an evening's files alike (`--save part1.json --debrief part1.png`, whose data goes to
part1.json) is refused before the run, and the save, the script and the events are kept as they were."""

from __future__ import annotations

from kit import run_kaleun, write_script

END = [{"t": 0, "do": "end"}]


def test_a_debrief_whose_data_would_overwrite_the_save_is_refused_before_the_run(home):
    script = write_script(home / "s.jsonl", END)
    result = run_kaleun("run", "--mission", "prize_rules_1939", "--script", str(script), "--events",
                        str(home / "part1.jsonl"), "--save", str(home / "part1.json"), "--debrief",
                        str(home / "part1.png"), home=home)
    assert result.returncode == 2
    assert f"kaleun run: --debrief (its data) would overwrite the file of --save: {home / 'part1.json'}" \
        in result.stderr
    assert not (home / "part1.json").exists() and not (home / "part1.jsonl").exists()


def test_a_loaded_save_is_never_overwritten_by_the_debrief_and_may_be_saved_again(home):
    script = write_script(home / "s.jsonl", END)
    save = home / "game.json"
    first = run_kaleun("run", "--mission", "prize_rules_1939", "--script", str(script), "--events",
                       str(home / "e.jsonl"), "--save", str(save), home=home)
    assert first.returncode == 0, first.stderr
    kept = save.read_bytes()
    clash = run_kaleun("run", "--load", str(save), "--script", str(script), "--events", str(home / "e2.jsonl"),
                       "--debrief", str(home / "game.png"), home=home)
    assert clash.returncode == 2 and "would overwrite the file of --load" in clash.stderr
    assert save.read_bytes() == kept
    again = run_kaleun("run", "--load", str(save), "--script", str(script), "--events", str(home / "e3.jsonl"),
                       "--save", str(save), home=home)
    assert again.returncode == 0, again.stderr


def test_the_save_or_the_events_over_the_script_or_each_other_are_refused_in_the_runs_language(home):
    script = write_script(home / "s.jsonl", END)
    over_script = run_kaleun("run", "--script", str(script), "--events", str(home / "e.jsonl"), "--save",
                             str(script), home=home)
    assert over_script.returncode == 2 and "--save would overwrite the file of --script" in over_script.stderr
    assert script.read_text(encoding="utf-8").strip() == '{"t": 0, "do": "end"}'
    both = run_kaleun("run", "--script", str(script), "--events", str(home / "x.json"), "--save",
                      str(home / "x.json"), "--language", "de", home=home)
    assert both.returncode == 2 and "--save" in both.stderr and "--events" in both.stderr
    assert "would overwrite" not in both.stderr  # said in German
