"""Digest §1 (the game ends; a team starts a new one where it sits with `new`): a stop signal (SIGTERM from
`systemctl stop`, Ctrl-C, a hang-up) that came just after `new` had ended the finished game and before the new game
ran was only noted, and the new game started to stop at once: its first save put the finished game aside and a game
nobody had played in its place. Now the signal stops the table there, as `kaleun play` stops before a game runs: one
line naming it, the finished game's save as it was, nothing of a new game written."""

from __future__ import annotations

import argparse
import io
import json
import os
import signal
import sys

import pytest
from kaleun.fronts import Opening
from kaleun.fronts.sonar import SonarFront
from kaleun.paths import autosave_path
from kaleun.sonar.game import new_game, referee

SIGNALS = [(signal.SIGTERM, "SIGTERM"), (signal.SIGINT, "SIGINT (Ctrl-C)"), (signal.SIGHUP, "SIGHUP (the terminal "
                                                                                         "closed)")]


@pytest.fixture()
def stopper():
    """The process's stop signals taken as `kaleun` takes them at its first line."""
    from kaleun.runtime.signals import STOPPER

    STOPPER.install()
    try:
        yield STOPPER
    finally:
        STOPPER.uninstall()
        STOPPER.mode, STOPPER.signum, STOPPER._stop = "raise", None, None


class Typed(io.StringIO):
    def isatty(self) -> bool:
        return False


def _sunk():
    """Alpha in real time, blue sunk (4 damage, §1): the game is over."""
    game = new_game(11, "alpha", "realtime")
    for team, cell in (("yellow", "B2"), ("blue", "N12")):
        game.apply({"do": "start", "team": team, "cell": cell})
    referee(game).take_damage("blue", 4, "test")
    return game


def _play(monkeypatch) -> tuple[int, str, str]:
    """The finished game at a console, where yellow types `new`, then a start cell and `quit` (the new game's):
    the exit status, what the console said and the terminal's error lines."""
    from kaleun.ui import display

    monkeypatch.setattr(display, "has_display", lambda: False)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdin", Typed("new\nstart C3\nquit\n"))
    monkeypatch.setattr(sys, "stdout", out)
    args = argparse.Namespace(headless=False, team="yellow", console=True, tty=None)
    code = SonarFront()._play(_sunk(), args, Opening(language="en", keep_previous=False, fullscreen=False,
                                                     resume=False))
    return code, out.getvalue(), err.getvalue()


def _only_the_finished_game_is_saved(home) -> None:
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert saved["seed"] == 11 and '"C3"' not in json.dumps(saved)  # the finished game, not a new one
    kept = [p.name for p in autosave_path().parent.glob("*.json") if p != autosave_path() and "autosave" in p.name]
    assert kept == []  # no new game's first save put it aside


@pytest.mark.parametrize(("sig", "said"), SIGNALS)
def test_1_a_stop_signal_right_after_new_stops_before_the_new_game(home, stopper, monkeypatch, sig, said):
    """The signal the moment the finished game has been closed for `new` and the new game is being made."""
    from kaleun.sonar import game as sonar_game

    made = sonar_game.again

    def again_with_a_signal(*args, **kwargs):
        os.kill(os.getpid(), sig)
        return made(*args, **kwargs)

    monkeypatch.setattr(sonar_game, "again", again_with_a_signal)
    code, text, err = _play(monkeypatch)
    assert code == 128 + sig, text
    assert f"kaleun: stopped by {said} before the game started; nothing was saved, the previous save is as it was" \
        in err, err
    assert "start C3" not in text and text.count("Kaleun: Captain Sonar") == 1, text  # no new game's console
    _only_the_finished_game_is_saved(home)


@pytest.mark.parametrize(("sig", "said"), SIGNALS)
def test_1_a_stop_signal_while_new_saves_the_finished_game_stops_there(home, stopper, monkeypatch, sig, said):
    """The signal while the finished game is being saved and closed for `new` (it waits for the save): the
    consoles said "A new game begins." and a new game started to stop at once; they now name the signal."""
    from kaleun.ui import sonar_console

    goodbye = sonar_console.say_goodbye

    def goodbye_with_a_signal(*args, **kwargs):
        os.kill(os.getpid(), sig)
        return goodbye(*args, **kwargs)

    monkeypatch.setattr(sonar_console, "say_goodbye", goodbye_with_a_signal)
    code, text, err = _play(monkeypatch)
    assert code == 128 + sig, text
    assert "A new game begins." not in text, text
    assert f"Stopped by {said}: game saved." in text, text
    assert "before the game started" not in err, err  # said once, with the finished game's save
    assert "start C3" not in text and text.count("Kaleun: Captain Sonar") == 1, text
    _only_the_finished_game_is_saved(home)
