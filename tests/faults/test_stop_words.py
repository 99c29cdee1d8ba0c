"""Nothing lost: a stop signal while the game runs saves it, and the console's last line names the signal
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


# -- the same stop line in every front end (the Captain Sonar consoles, the U-BOOT and Sonar windows) ---------

@pytest.mark.slow
@pytest.mark.parametrize(("sig", "line"), [
    (signal.SIGTERM, "Stopped by SIGTERM: game saved. Continue with: kaleun resume"),
    (signal.SIGHUP, "Stopped by SIGHUP (the terminal closed): game saved. Continue with: kaleun resume"),
], ids=["SIGTERM", "SIGHUP"])
def test_a_captain_sonar_console_names_the_stop_signal(tmp_path, sig, line):
    game = Console(tmp_path, "play", "--game", "sonar", "--mode", "realtime", "--console", "--seed", "3")
    game.expect("yellow> ")
    game.proc.send_signal(sig)
    assert game.finish() == 0, game.text
    assert line in game.text, game.text
    assert (tmp_path / "autosave.json").exists()


def test_the_sonar_window_names_the_stop_signal_in_the_tables_language(home, stopper, capsys):
    import os

    from kaleun.sonar.game import new_game
    from kaleun.ui.sonar_session import make_sonar_runtime
    from kaleun.ui.sonar_window import SonarWindow

    runtime = make_sonar_runtime(new_game(4, "alpha", "turn"), language="de")
    win = SonarWindow(runtime, ["yellow", "blue"], size=(800, 480))
    runtime.call(lambda: os.kill(os.getpid(), signal.SIGTERM))
    assert win.run() == 0
    out = capsys.readouterr().out
    assert "Durch SIGTERM angehalten: Spiel gespeichert. Weiter mit: kaleun resume" in out, out
    assert (home / "autosave.json").exists()


def test_the_uboot_window_names_the_stop_signal_in_the_tables_language(home, stopper, capsys):
    import os

    import pygame
    from kaleun.runtime.outputs import Autosave
    from window.fingers import Table_

    table = Table_(language="de")
    table.runtime.autosave = Autosave(table.game, home / "autosave.json")
    stopper.running(table.runtime.request_stop, table.runtime.continued)  # as the table's start does
    pygame.display.init()
    table.runtime.call(lambda: os.kill(os.getpid(), signal.SIGINT))
    assert table.window.run() == 0
    out = capsys.readouterr().out
    assert "Durch SIGINT (Strg-C) angehalten: Spiel gespeichert. Weiter mit: kaleun resume" in out, out
    assert (home / "autosave.json").exists()


def test_a_window_closed_by_hand_prints_no_stop_line(home, capsys):
    import pygame
    from kaleun.runtime.outputs import Autosave
    from window.fingers import Table_

    table = Table_()
    table.runtime.autosave = Autosave(table.game, home / "autosave.json")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert table.window.run() == 0
    assert "Stopped by" not in capsys.readouterr().out


def test_the_stop_line_is_worded_in_one_place():
    """Every front end says it through `kaleun.ui.session.saved_line`: no front end keeps its own copy."""
    from pathlib import Path

    import kaleun

    sources = Path(kaleun.__file__).parent.rglob("*.py")
    wording = [p.name for p in sources if "game saved. Continue with: kaleun resume" in p.read_text(encoding="utf-8")
               or "Game saved. Continue with: kaleun resume" in p.read_text(encoding="utf-8")]
    assert wording == ["session.py"], wording
