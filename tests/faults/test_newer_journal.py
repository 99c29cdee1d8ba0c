"""A journal a newer Kaleun wrote (a table updated, played, and then run by an older Kaleun again: a card restored,
a package rolled back): nothing of it is lost, and what the crew reads says what to do.

`kaleun resume` refuses the game with both files as they were and says how to resume from the save alone;
`kaleun play --continue` (the service's start) begins a new game and keeps the saved game whole with its journal
as an earlier game. Its message once gave the resume's advice, "Move the journal away", for a path that the new
game's journal takes at once: done, it would have moved the new game's journal, not the old one's."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from kaleun.journal import journal_path
from kit import kaleun_env


def run_kaleun(*args: str, home: Path, input: str) -> subprocess.CompletedProcess[str]:
    """`python -m kaleun ARGS` with `input` typed at its console."""
    return subprocess.run([sys.executable, "-m", "kaleun", *args], input=input, capture_output=True, text=True,
                          env=kaleun_env(home), timeout=120, cwd=home)


def _newer(home: Path) -> dict[str, bytes]:
    """A game played and saved in `home`, its journal's header then made a newer Kaleun's; the files as they are."""
    played = run_kaleun("play", "--console", "--seed", "3", home=home, input="order new_course course=90\nquit\n")
    assert played.returncode == 0, played.stderr
    path = journal_path(home / "autosave.json")
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[0] = json.dumps({**json.loads(lines[0]), "version": 2})
    lines.append(json.dumps({"t": 1.0, "command": {"do": "report", "via": "console"}}))  # what the newer one wrote
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return {name: (home / name).read_bytes() for name in ("autosave.json", "autosave.journal.jsonl")}


def test_resume_refuses_a_newer_kaleuns_journal_says_how_to_go_on_and_keeps_both_files(tmp_path):
    files = _newer(tmp_path)
    resumed = run_kaleun("resume", "--console", home=tmp_path, input="quit\n")
    assert resumed.returncode == 2
    journal = journal_path(tmp_path / "autosave.json")
    assert f"{journal}: the journal holds what this Kaleun does not know (journal version 2; this one reads version " \
           "1): a newer Kaleun wrote it (update this one to resume the game), or it is damaged; the files were kept " \
           "as they are. Move the journal away to resume from the save alone" in resumed.stderr, resumed.stderr
    assert "Traceback" not in resumed.stderr
    assert {name: (tmp_path / name).read_bytes() for name in files} == files


def test_continue_keeps_a_game_with_a_newer_kaleuns_journal_whole_and_names_it_without_the_resumes_advice(tmp_path):
    files = _newer(tmp_path)
    started = run_kaleun("play", "--continue", "--console", home=tmp_path, input="quit\n")
    assert started.returncode == 0, started.stderr
    journal = journal_path(tmp_path / "autosave.json")
    assert f"kaleun: the autosave cannot be continued by this Kaleun: its journal {journal} was written by a newer " \
           "Kaleun (journal version 2; this one reads version 1). A new game starts, and the saved game is kept " \
           "whole with its journal as an earlier game (named below): update Kaleun to continue it" in started.stderr
    assert "Move the journal away" not in started.stderr
    kept = [p for p in tmp_path.glob("autosave-*.json")]
    assert len(kept) == 1 and f"the previous game was kept as {kept[0]}" in started.stderr
    assert kept[0].read_bytes() == files["autosave.json"]
    assert journal_path(kept[0]).read_bytes() == files["autosave.journal.jsonl"]  # the newer lines too
    # the new game's own files stand where the autosave belongs
    assert hashlib.sha256((tmp_path / "autosave.json").read_bytes()).digest() != \
        hashlib.sha256(files["autosave.json"]).digest()
    again = run_kaleun("resume", "--save", str(kept[0]), "--console", home=tmp_path, input="quit\n")
    assert again.returncode == 2 and f"{journal_path(kept[0])}: the journal holds what this Kaleun" in again.stderr
    assert journal_path(kept[0]).read_bytes() == files["autosave.journal.jsonl"]
