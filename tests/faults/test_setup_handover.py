"""The window's new-game set-up (`kaleun play` with a display and no --mission, the usual start):
the window opens on a game held before its clock starts, saved at once (the previous game kept
aside); Start with another mission builds the chosen game's runtime. The game it replaces never
ran: closing it must not write it over the chosen game's autosave, and its table must let go of
the deck hub's port (opened exclusively) before the new table opens it.

Before this was guarded, the replaced game's close saved the default training game over the
chosen one and started its journal afresh, so every command of the evening was journaled on top of
the wrong save: a kill -9 or a power cut before the first watch change resumed the training patrol
at 04:00. With a deck hub the new table found the port locked by the old one, waited its 10 s for
the hub and started without it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from kaleun.boards.loader import load_board
from kaleun.hub.fake import FAKE_UID, FakeHub
from kaleun.hub.options import hub_config
from kaleun.hub.tags import simulated_uid
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game
from kit import BOARDS
from window.fingers import window_on_the_set_up


def test_the_game_chosen_at_the_set_up_is_the_one_a_crash_resumes(home, monkeypatch):
    save_game(new_game(77), home / "autosave.json")  # last evening's game
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    setup.choose("exercise_convoy")
    setup.start()
    runtime = win.runtime
    assert runtime.game.module("mission").mission == "exercise_convoy"
    runtime.post({"do": "order", "order": "mobilize"})
    runtime.step()
    # kill -9 now: the autosave and its journal are all a resume has
    opened = open_save(home / "autosave.json")
    assert opened.engine.module("mission").mission == "exercise_convoy" and opened.notes == []
    assert opened.replayed == 1 and opened.engine.to_state() == runtime.game.to_state()
    assert [open_save(p).engine.seed for p in home.glob("autosave-*.json")] == [77]  # last evening's, kept
    win.runtime.close()  # quit: the chosen game saved, the replaced one never again
    assert open_save(home / "autosave.json").engine.module("mission").mission == "exercise_convoy"


def test_a_set_up_refused_leaves_the_open_game_saving_as_before(home, monkeypatch):
    """A set-up the career record refuses builds nothing: the game on the screen is not retired."""
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    setup.set_mode("linked")  # no linked patrol in progress and no mission named
    setup.mission = ""
    setup.start()
    assert setup.problem is not None and win.runtime.autosave.abandoned is None
    win.runtime.close()
    assert open_save(home / "autosave.json").engine.module("mission").mission == "training"


@pytest.mark.slow
def test_the_new_table_takes_the_deck_hub_from_the_replaced_one_at_once(home, monkeypatch, caplog):
    link = home / "usb-Raspberry_Pi_Pico-if02"
    text = (BOARDS / "fake-hub.toml").read_text().replace('url = "fake"', f'url = "{link}"')
    (home / "hub.toml").write_text(text)
    board = load_board(home / "hub.toml")
    hub = FakeHub(hub_config(board), link=link, uid=FAKE_UID)
    hub.place_tag(simulated_uid("engineer-square"), 5)
    hub.start()
    try:
        win = window_on_the_set_up(monkeypatch, board=board)
        setup = win.overlay
        setup.choose("exercise_convoy")
        with caplog.at_level(logging.WARNING, logger="kaleun.hub.sensor"):
            setup.start()  # the new table waits (up to 10 s) until its hub is online
        assert not [r for r in caplog.records if "not online yet" in r.getMessage()], caplog.text
        assert win.runtime.table.sensor.link.core.state == "online"
        win.runtime.close()
    finally:
        hub.stop()


def test_a_replaced_game_is_never_saved_again(home, monkeypatch):
    """What the hand-over does to the replaced runtime, seen directly: its autosave writes nothing more."""
    from kaleun.ui.session import retire

    win = window_on_the_set_up(monkeypatch)
    old = win.runtime
    before = Path(home / "autosave.json").read_bytes()
    retire(old)
    old.game.advance_to(600)
    old.close()
    assert (home / "autosave.json").read_bytes() == before


def test_the_chosen_game_keeps_its_speaker_when_the_replaced_one_closes(home, monkeypatch, caplog):
    """Both games' speakers share pygame's mixer. The replaced game was closed after the new one had
    made its speaker, and its close shut the mixer: the chosen game played its evening in silence
    ('the sound bell could not play: mixer not initialized' at every cue)."""
    import pygame

    win = window_on_the_set_up(monkeypatch)
    assert win.runtime.sounder.available  # SDL's dummy audio driver: a mixer that plays
    setup = win.overlay
    setup.choose("exercise_convoy")
    setup.start()
    sounder = win.runtime.sounder
    assert sounder.available and pygame.mixer.get_init() is not None
    with caplog.at_level(logging.WARNING, logger="kaleun.ports.sound"):
        sounder.bell([2, 2])
    assert not [r for r in caplog.records if "could not play" in r.getMessage()], caplog.text
    win.runtime.close()


def test_a_chosen_game_that_cannot_be_saved_is_refused_on_the_set_up_and_a_stop_signal_still_ends_the_window(
        home, monkeypatch):
    """The chosen game's first save fails (the storage filled up since the window opened): the set-up says
    why and nothing is played; a stop signal must still end the window (it was sent to the chosen game's
    runtime, closed at once, while the window went on showing the one it opened with)."""
    from kaleun.runtime.signals import STOPPER
    from kaleun.ui import session

    win = window_on_the_set_up(monkeypatch)
    real = session.first_save

    def full(runtime):
        monkeypatch.setattr(session, "first_save", real)  # once
        runtime.autosave.abandon("test")
        runtime.close()
        raise session.AutosaveFailed("the game cannot be saved in the test's autosave (No space left on device)")

    monkeypatch.setattr(session, "first_save", full)
    setup = win.overlay
    setup.choose("exercise_convoy")
    setup.start()
    assert "No space left on device" in str(setup.problem)
    STOPPER._stop()  # what a SIGTERM does now
    assert win.runtime.stopping
    setup.start()  # there is room again: the chosen game starts
    assert win.runtime.game.module("mission").mission == "exercise_convoy" and not win.runtime.stopping
    win.runtime.close()


def _first_save_fails_once(monkeypatch) -> None:
    """The chosen game's first save fails (the storage filled up since the window opened), once."""
    from kaleun.ui import session

    real = session.first_save

    def full(runtime):
        monkeypatch.setattr(session, "first_save", real)
        runtime.autosave.abandon("test")
        runtime.close()
        raise session.AutosaveFailed("the game cannot be saved in the test's autosave (No space left on device)")

    monkeypatch.setattr(session, "first_save", full)


def _session_stems(home: Path) -> set[str]:
    return {p.name.split(".")[0] for p in (home / "sessions").glob("*") if p.is_file()}


def test_after_a_refused_start_the_window_s_own_mission_is_played_live_and_saved(home, monkeypatch):
    """A Start refused (the chosen game's first save failed) has retired the game the window opened on. Its
    mission chosen next (the training patrol, room made again) took the plain way of the game open and played that
    retired game: its table closed (figures, dials and buttons fed nothing), nothing of it journaled or saved, so
    a kill -9 or a power cut lost the whole evening and the session of the refused Start stayed in the folder as a
    game played. The game played now is a live one, journaled as it goes, in the only session kept."""
    win = window_on_the_set_up(monkeypatch)
    _first_save_fails_once(monkeypatch)
    setup = win.overlay
    setup.choose("exercise_convoy")
    setup.start()
    assert "No space left on device" in str(setup.problem)
    setup.choose("training")
    setup.start()
    runtime = win.runtime
    assert win.overlay is None and not runtime.closed
    assert runtime.game.module("mission").mission == "training"
    runtime.post({"do": "order", "order": "mobilize"})
    runtime.step()
    # kill -9 now: the autosave and its journal are all a resume has
    opened = open_save(home / "autosave.json")
    assert opened.replayed == 1 and opened.engine.to_state() == runtime.game.to_state()
    assert len(_session_stems(home)) == 1, _session_stems(home)
    runtime.close()


def test_a_chosen_game_whose_table_cannot_open_is_refused_on_the_set_up_and_quit_puts_the_last_game_back(
        home, monkeypatch):
    """The chosen game's table cannot open its hardware (its GPIO pins taken meanwhile, a lamp scene file broken
    since the window opened): the window ended with a traceback, the never-played training game in the autosave
    and last evening's game aside. The set-up says why; Quit then puts last evening's game back, and the refused
    Start leaves no session files."""
    from kaleun.runtime.table import TableError
    from kaleun.ui import session

    save_game(new_game(77, "exercise_convoy"), home / "autosave.json")  # last evening's game
    win = window_on_the_set_up(monkeypatch)
    monkeypatch.setattr(session, "Table", lambda *a, **k: (_ for _ in ()).throw(TableError("GPIO busy")))
    setup = win.overlay
    setup.choose("exercise_convoy_battle")
    setup.start()
    assert str(setup.problem) == "cannot set up the table: GPIO busy"
    assert not _session_stems(home), _session_stems(home)
    win.quit()
    assert not win.running
    win.runtime.close()
    assert open_save(home / "autosave.json").engine.seed == 77
    assert not list(home.glob("autosave-*.json"))
