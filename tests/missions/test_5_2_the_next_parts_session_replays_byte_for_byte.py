"""Same seed + same inputs => the same event log, across the console's `next`: host/README.md, "Running" — each
session writes a replayable table script whose first line says how to replay it. A linked patrol's next part
started with `next` at the console (rulebook §5.2: the crew's health, stores, fuel and the supply top-up carried
over in its `--changes`) gets a session of its own; both sessions' scripts, replayed by the `kaleun run` their
first lines name, give their event logs byte for byte: the finished part's and the next part's, with its orders,
an order checked first (a preview changes nothing and is not in the script) and a refusal. A script's last line
says how far the game ran after its last command (the part's end came 1.8 s after the crew's last line), so the
replay, given that `--until`, gives those events too."""

from __future__ import annotations

import re
import shlex

from kit import run_kaleun
from test_5_2_the_console_goes_on_after_the_end import played_on


def test_5_2_both_sessions_of_a_next_at_the_console_replay_their_event_logs_byte_for_byte(home, monkeypatch):
    code, out, err = played_on(monkeypatch, "en", "next\n", "\n", "\n", "\n", "\n", "check dive\n", "speed full\n",
                               "course 200\n", "order fire_torpedoes tubes=1\n", "mission\n", "quit\n")
    assert code == 0, err
    assert out.count("Kaleun console.") == 2, out  # the next part's console came up
    scripts = sorted((home / "sessions").glob("*.script.jsonl"))
    assert len(scripts) == 2, scripts
    second = scripts[1].read_text(encoding="utf-8")
    assert '"--changes' not in second and "--changes '" in second.splitlines()[0]  # the carry-over is in the header
    assert '"order": "new_speed"' in second and '"order": "fire_torpedoes"' in second and '"dive"' not in second
    for n, script in enumerate(scripts):
        header, *_, last = script.read_text(encoding="utf-8").splitlines()
        args = shlex.split(header.removeprefix("# Kaleun session: replay with kaleun run "))
        until = re.fullmatch(r"# Kaleun session: the game ran on to t=(\S+): kaleun run --until (\S+) replays its "
                             r"events after the last line too", last)
        assert until and until.group(1) == until.group(2), last
        args += ["--until", until.group(2)]
        events = home / f"replay{n}.events.jsonl"
        replay = run_kaleun("run", *args, "--script", str(script), "--events", str(events), home=home)
        assert replay.returncode == 0, replay.stderr
        played = script.with_name(script.name.replace(".script.jsonl", ".events.jsonl")).read_bytes()
        assert b"order_rejected" in played or n == 0
        assert events.read_bytes() == played, script.name
