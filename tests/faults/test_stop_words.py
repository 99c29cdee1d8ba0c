"""Issue 13: a stop signal while the game runs saves it, and the console's last line names the signal
as `kaleun: stopped by ...` names it before the game runs, in the table's language (it said only
"Game saved"). A damaged settings.json is warned about once per start (it was three times)."""

from __future__ import annotations

import signal

import pytest
from faultkit import Console


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "language", "line"), [
    (signal.SIGTERM, "en", "Stopped by SIGTERM: game saved. Continue with: kaleun resume"),
    (signal.SIGHUP, "en", "Stopped by SIGHUP (the terminal closed): game saved. Continue with: kaleun resume"),
    (signal.SIGINT, "de", "Durch SIGINT (Strg-C) angehalten: Spiel gespeichert. Weiter mit: kaleun resume"),
], ids=["SIGTERM", "SIGHUP", "SIGINT-de"])
def test_the_stop_line_names_the_signal_in_the_tables_language(tmp_path, sig, language, line):
    game = Console(tmp_path, "play", "--console", "--seed", "5", "--language", language)
    game.expect("> ")
    game.proc.send_signal(sig)
    assert game.finish() == 0, game.text
    assert line in game.text, game.text
    assert (tmp_path / "autosave.json").exists()


@pytest.mark.slow
def test_a_damaged_settings_file_is_warned_about_once_per_start(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "de",\n')
    game = Console(tmp_path, "play", "--console", "--seed", "5")
    game.expect("> ")
    game.send("quit")
    game.finish()
    assert game.text.count("settings ignored") == 1, game.text
    assert f"{tmp_path / 'settings.json'}:2: not valid JSON" in game.text, game.text
