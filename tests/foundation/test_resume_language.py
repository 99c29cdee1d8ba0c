"""The table's language is kept with the game: a game played with `--language de` resumes in German (U-BOOT and
Captain Sonar), whatever `kaleun config` prefers, unless `kaleun resume --language` names another."""

from __future__ import annotations

import json

from kit import Terminal


def _played(home, *args: str, prompt: str = "> ") -> str:
    with Terminal(home, *args) as term:
        term.expect(prompt)
        term.send("quit")
        term.expect("kaleun resume")
        assert term.close() == 0
    return term.text


def test_a_uboot_game_started_in_german_resumes_in_german(tmp_path):
    _played(tmp_path, "play", "--seed", "3", "--language", "de")
    assert json.loads((tmp_path / "autosave.json").read_text())["table"]["language"] == "de"
    assert "Weiter mit: kaleun resume" in _played(tmp_path, "resume")
    again = _played(tmp_path, "resume", "--language", "en")  # --language wins, and is kept from then on
    assert "Continue with: kaleun resume" in again
    assert "Continue with: kaleun resume" in _played(tmp_path, "resume")


def test_a_captain_sonar_game_started_in_russian_resumes_in_russian(tmp_path):
    _played(tmp_path, "play", "--game", "sonar", "--console", "--language", "ru", prompt="> ")
    resumed = _played(tmp_path, "resume", "--console", prompt="> ")
    assert "жёлт" in resumed.lower(), resumed
    assert "yellow>" not in resumed
