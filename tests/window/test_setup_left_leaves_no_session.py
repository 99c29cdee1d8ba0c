"""A set-up left before Start starts no game, so it keeps nothing of the one the window opened on: its save went,
but its session files stayed in the session folder (`<stamp>.events.jsonl`, `.script.jsonl`, `.log`) as if a
game had been played, and every such evening pushed a played session out of the fifty kept
(`kaleun.housekeeping`). They go now, as do those of the game that gives way to the one chosen at Start."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from window.fingers import touch, window_on_the_set_up


def session_stems(home: Path) -> set[str]:
    return {p.name.split(".")[0] for p in (home / "sessions").glob("*") if p.is_file()}


@pytest.mark.parametrize("how", ["quit", "escape"])
def test_a_set_up_left_before_start_leaves_no_session_files(home, monkeypatch, how: str) -> None:
    win = window_on_the_set_up(monkeypatch)
    assert session_stems(home), "the window's game writes its session files as it opens"
    if how == "quit":
        touch(win, "setup.quit")
    else:
        import pygame

        win.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=41))
    assert not win.running
    win.runtime.close()  # as the window's loop does when it ends
    logging.getLogger("kaleun").warning("a line logged after the set-up was left")
    assert not list((home / "sessions").glob("*")), list((home / "sessions").glob("*"))


def test_a_game_started_from_the_set_up_keeps_one_session(home, monkeypatch) -> None:
    """Start: the game chosen is the one played, its session the only one in the folder, with its log."""
    win = window_on_the_set_up(monkeypatch)
    first = session_stems(home)
    setup = win.overlay
    setup.choose("exercise_convoy")
    setup.start()
    logging.getLogger("kaleun").warning("a line of the game chosen")
    win.quit()
    win.runtime.close()
    stems = session_stems(home)
    assert len(stems) == 1, (first, stems)  # (the same name again when both started within one second)
    (stem,) = stems
    folder = home / "sessions"
    assert (folder / f"{stem}.events.jsonl").is_file()
    assert "exercise_convoy" in (folder / f"{stem}.script.jsonl").read_text(encoding="utf-8")
    assert "a line of the game chosen" in (folder / f"{stem}.log").read_text(encoding="utf-8")


def open_session_logs() -> list[logging.FileHandler]:
    from kaleun import session_log

    return [h for h in logging.getLogger().handlers if isinstance(h, session_log.SessionFile)]


def test_a_set_up_left_closes_its_log_file_in_a_home_named_through_another_folder(
        tmp_path, monkeypatch) -> None:
    """KALEUN_HOME as a unit file or a shell may give it, relative and through another folder (`x/../home`): the
    set-up left, its session files went, but its log file stayed open, every later line written to a file deleted
    (lost). It is closed with them."""
    from kit import program_logging

    (tmp_path / "x").mkdir()
    (tmp_path / "home").mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KALEUN_HOME", "x/../home")
    with program_logging(monkeypatch):
        win = window_on_the_set_up(monkeypatch)
        assert len(open_session_logs()) == 1
        touch(win, "setup.quit")
        win.runtime.close()
        logging.getLogger("kaleun").warning("a line logged after the set-up was left")
        assert not open_session_logs(), [h.baseFilename for h in open_session_logs()]
    assert not list((tmp_path / "home" / "sessions").glob("*"))


def test_the_game_chosen_at_the_set_up_keeps_the_start_s_log_lines(home, monkeypatch) -> None:
    """The lines logged at the start and on the set-up (the housekeeping, a silent bell, the deck hub found) went
    with the log of the game the window opened on, deleted at Start: the game chosen's log began at Start, and why
    its bell was silent was nowhere. They open its log now, each once, and nothing else writes to a deleted file."""
    from kaleun import session_log
    from kit import program_logging

    with program_logging(monkeypatch) as err:
        terminal = logging.getLogger().handlers[-1]
        session_log.quiet_terminal(terminal)
        logging.getLogger("kaleun.housekeeping").info("removed 3 file(s) of older sessions")
        win = window_on_the_set_up(monkeypatch)
        logging.getLogger("kaleun.ports.sound").warning("no sound: the bell stays silent")
        setup = win.overlay
        setup.choose("exercise_convoy")
        setup.start()
        logging.getLogger("kaleun").info("a line of the game chosen")
        (handler,) = open_session_logs()
        win.quit()
        win.runtime.close()
        (stem,) = session_stems(home)
        assert Path(handler.baseFilename) == (home / "sessions" / f"{stem}.log").absolute()
    kept = (home / "sessions" / f"{stem}.log").read_text(encoding="utf-8")
    lines = ["INFO kaleun.housekeeping: removed 3 file(s) of older sessions",
             "WARNING kaleun.ports.sound: no sound: the bell stays silent", "INFO kaleun: a line of the game chosen"]
    assert [kept.count(line) for line in lines] == [1, 1, 1], kept
    assert kept.index(lines[0]) < kept.index(lines[1]) < kept.index(lines[2])
    assert "removed 3 file(s)" not in err.getvalue()  # the terminal shows warnings only, as before
