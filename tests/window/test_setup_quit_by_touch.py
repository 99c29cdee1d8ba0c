"""The set-up screen a new game's window opens on (`kaleun play` on the 7" touch screen, full screen: no window
frame to close, no Escape key) could not be left by touch: Start was the only way out. And leaving it with Escape
or the window's close saved the never-played training game the window had opened on as the autosave, the crew's
last game moved aside under an earlier-game name: `kaleun resume` then continued an empty training patrol.

The set-up has **Quit** now. Leaving it, by Quit, Escape or the window closed, starts no game and keeps nothing of
the one the window opened on: the game saved before is where `kaleun resume` finds it again, with its journal."""

from __future__ import annotations

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game

from window.fingers import touch, window_on_the_set_up


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_quit_on_the_set_up_starts_nothing_and_puts_the_last_game_back(home, monkeypatch, code: str) -> None:
    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")  # last evening's game
    (home / "autosave.journal.jsonl").write_text("", encoding="utf-8")
    win = window_on_the_set_up(monkeypatch, code)
    assert open_save(home / "autosave.json").engine.seed == 5  # the window's game, saved at once ...
    assert [open_save(p).engine.seed for p in home.glob("autosave-*.json")] == [77]  # ... the last one kept aside
    touch(win, "setup.quit")
    assert not win.running
    win.runtime.close()  # as the window's loop does when it ends
    back = open_save(home / "autosave.json")
    assert back.engine.seed == 77 and back.engine.module("mission").mission == "exercise_convoy"
    assert not list(home.glob("autosave-*.json")), "the game saved before is in its place, not kept aside as well"
    told = language(code).render(win.farewell)
    assert told.startswith("kaleun: ")
    # in the table's language, naming the button before which it was left (not "Quit": Escape, the window closed
    # or a stop signal leave it the same way)
    assert language(code).render(Msg("Start")) in told and language(code).render(Msg("Quit")) not in told


def test_escape_on_the_set_up_leaves_it_the_same_way(home, monkeypatch) -> None:
    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")
    win = window_on_the_set_up(monkeypatch)
    win.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    assert not win.running
    win.runtime.close()
    assert open_save(home / "autosave.json").engine.seed == 77
    assert str(win.farewell) == ("kaleun: the set-up was left before Start: no game was started; the game saved "
                                 "before is in its place again (kaleun resume continues it)")


def test_quit_with_no_game_saved_before_leaves_no_save(home, monkeypatch) -> None:
    """Nothing to go back to: the never-played game's save goes too, so `kaleun resume` says there is no game
    rather than continuing an empty training patrol."""
    win = window_on_the_set_up(monkeypatch)
    assert (home / "autosave.json").exists()
    touch(win, "setup.quit")
    win.runtime.close()
    assert not (home / "autosave.json").exists() and not (home / "autosave.journal.jsonl").exists()
    assert str(win.farewell) == "kaleun: the set-up was left before Start: no game was started"


def test_a_game_started_from_the_set_up_quits_saved_as_before(home, monkeypatch) -> None:
    """After Start the window's Quit (the settings' Save and quit) saves the game played, as always."""
    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    setup.choose("exercise_convoy")
    setup.start()
    win.quit()
    assert win.farewell is None
    win.runtime.close()
    assert open_save(home / "autosave.json").engine.seed != 77
    assert [open_save(p).engine.seed for p in home.glob("autosave-*.json")] == [77]


def test_a_stop_signal_on_the_set_up_leaves_it_the_same_way(home, monkeypatch, capsys) -> None:
    """`systemctl stop` (SIGTERM) while the window waits on the set-up: no game was started, so none is saved;
    the game saved before is the one `kaleun resume` (or the next boot's `kaleun play --continue`) goes on with."""
    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")
    win = window_on_the_set_up(monkeypatch)
    win.runtime.request_stop()  # as the signal handler does
    assert win.run() == 0
    assert open_save(home / "autosave.json").engine.seed == 77
    assert not list(home.glob("autosave-*.json"))
    assert "the set-up was left before Start: no game was started" in capsys.readouterr().err


def test_a_window_failing_on_the_set_up_puts_the_last_game_back(home, monkeypatch, capsys) -> None:
    """The window fails while it shows the set-up (a fault of its own, nothing the crew did): it closed saving the
    never-played training game as the autosave, last evening's game aside under an earlier-game name, so `kaleun
    resume` continued an empty patrol. It leaves as by Quit: last evening's game is back, and the terminal says so
    before the failure's report."""
    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")
    win = window_on_the_set_up(monkeypatch)

    def broken(*args, **kwargs):
        raise RuntimeError("a fault of the window's own")

    monkeypatch.setattr(win, "frame", broken)
    with pytest.raises(RuntimeError, match="a fault of the window's own"):
        win.run()
    assert open_save(home / "autosave.json").engine.seed == 77
    assert not list(home.glob("autosave-*.json"))
    assert "the set-up was left before Start: no game was started" in capsys.readouterr().err
