"""A table its service runs (`kaleun service install`, `Restart=always`) came back 5 s after every Save and quit: a
touch-only crew could neither leave it to the desktop nor shut the Pi down, and pulled the plug on a running
system. The settings offer the shut-down on such a table, confirmed first: the game is saved and the window ends
with the status the unit does not restart after (a system service then powers the Pi off, a user service leaves
the desktop). A table started by hand has Save and quit for that, and no shut-down button."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.core.messages import Msg
from kaleun.saves import open_save
from kaleun.service import SERVICE_VARIABLE, SHUT_DOWN
from kaleun.uboot.game import new_game
from kaleun.ui import display
from kaleun.ui.session import open_session
from kaleun.ui.theme import MIN_TARGET

from window.fingers import touch, window_on_the_set_up


def window_of_a_service(monkeypatch: pytest.MonkeyPatch, kind: str | None, code: str = "en"):
    """The window `kaleun play --fullscreen --continue` opens under a unit of `kind` (None: started by hand)."""
    if kind is None:
        monkeypatch.delenv(SERVICE_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(SERVICE_VARIABLE, kind)
    monkeypatch.setattr(display, "has_display", lambda: True)
    win = open_session(new_game(5, "training"), default_board(), language=code)
    win.guard = False
    win.dismiss_alarms()
    return win


def said(win) -> list[str]:
    """Every text the window draws in its next frame."""
    words: list[str] = []
    plain = win.tr
    win.tr = lambda text: words.append(plain(text)) or words[-1]
    try:
        win.render(pygame.Surface((800, 480)))
    finally:
        del win.tr
    return words


@pytest.mark.parametrize(("kind", "code"), [("system", "en"), ("system", "de"), ("system", "ru"), ("user", "de")])
def test_the_crew_shuts_the_table_down_from_the_settings_saved_and_not_restarted(home: Path, monkeypatch, capsys,
                                                                                  kind: str, code: str) -> None:
    win = window_of_a_service(monkeypatch, kind, code)
    win.runtime.submit({"do": "order", "order": "mobilize"})  # something the save must keep
    touch(win, "settings")
    # Save and quit brings a service's table back 5 s later: its button says so
    assert win.tr(Msg("Save and restart")) in said(win) and win.tr(Msg("Save and quit")) not in said(win)
    touch(win, "settings.shut_down")
    win.render(pygame.Surface((800, 480)))
    assert win.targets.get("settings.quit") is None, "the question's answers take the bottom row"
    touch(win, "settings.cancel")  # a slip of the finger changes nothing
    assert not win.shutting
    win.render(pygame.Surface((800, 480)))
    assert win.targets.get("settings.shut_down") is not None and win.targets.get("settings.shut_down.confirm") is None
    touch(win, "settings.shut_down")
    win.render(pygame.Surface((800, 480)))
    pygame.display.init()
    try:
        # the confirming touch reaches the window as the touch screen delivers it, in its own loop
        confirm = win.targets.get("settings.shut_down.confirm")
        assert confirm is not None
        for what in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(what, pos=confirm.rect.center, button=1))
        status = win.run()
    finally:
        pygame.display.quit()
    assert status == SHUT_DOWN
    saved = open_save(home / "autosave.json").engine
    assert saved.module("crew").status()["mobilization"], "the game is saved as the crew left it"
    assert capsys.readouterr().out.strip()  # the journal says why the table went


def test_a_table_started_by_hand_has_save_and_quit_and_no_shut_down(home: Path, monkeypatch) -> None:
    win = window_of_a_service(monkeypatch, None)
    touch(win, "settings")
    assert win.tr(Msg("Save and quit")) in said(win)
    assert win.targets.get("settings.quit") is not None
    assert win.targets.get("settings.shut_down") is None


@pytest.mark.parametrize(("kind", "code"), [("system", "en"), ("system", "ru"), ("user", "de")])
def test_a_service_table_on_the_set_up_shuts_down_leaving_the_last_game_as_it_was(home: Path, monkeypatch, capsys,
                                                                                   kind: str, code: str) -> None:
    """The service's table boots on the set-up when the last game was over, and its Quit only brought the set-up
    back 5 s later: the crew had to start a game to reach the settings' shut-down. The set-up has it beside Quit,
    confirmed first; no game is started, and the one saved before stays where `kaleun resume` finds it."""
    from kaleun.saves import save_game

    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")  # last evening's game
    monkeypatch.setenv(SERVICE_VARIABLE, kind)
    win = window_on_the_set_up(monkeypatch, code)
    touch(win, "setup.shut_down")
    win.render(pygame.Surface((800, 480)))
    assert win.targets.get("setup.quit") is None  # the question's answers in the title's row
    touch(win, "setup.cancel")
    win.render(pygame.Surface((800, 480)))
    assert win.targets.get("setup.quit") is not None and not win.shutting
    touch(win, "setup.shut_down")
    win.render(pygame.Surface((800, 480)))
    pygame.display.init()
    try:
        confirm = win.targets.get("setup.shut_down.confirm")
        assert confirm is not None and min(confirm.rect.size) >= MIN_TARGET
        for what in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(what, pos=confirm.rect.center, button=1))
        status = win.run()
    finally:
        pygame.display.quit()
    assert status == SHUT_DOWN
    assert open_save(home / "autosave.json").engine.seed == 77


def test_a_set_up_started_by_hand_has_quit_and_no_shut_down(home: Path, monkeypatch) -> None:
    monkeypatch.delenv(SERVICE_VARIABLE, raising=False)
    win = window_on_the_set_up(monkeypatch)
    win.render(pygame.Surface((800, 480)))
    assert win.targets.get("setup.quit") is not None and win.targets.get("setup.shut_down") is None
    win.runtime.close()


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_the_debrief_of_a_service_table_says_its_quit_restarts(home: Path, monkeypatch, code: str) -> None:
    """The debrief's Save and quit, like the settings', brings a service's table back 5 s later: it says so, whole."""
    win = window_of_a_service(monkeypatch, "system", code)
    win.open_debrief()
    assert win.tr(Msg("Save and restart")) in said(win)
    assert not win.cut, win.cut
    win.running = True  # as in its loop
    touch(win, "debrief.quit")
    assert not win.running and not win.shutting  # a quit: the service starts the table again
    win.runtime.close()
