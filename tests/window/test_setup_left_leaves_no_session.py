"""A set-up left before Start starts no game, so it keeps nothing of the one the window opened on: its save went,
but its session files stayed in the session folder (`<stamp>.events.jsonl`, `.script.jsonl`, `.log`) as if a
game had been played, and every such evening pushed a played session out of the fifty kept
(`kaleun.housekeeping`). They go now, as do those of the game that gives way to the one chosen at Start."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from window.test_setup_quit_by_touch import touch, window_on_the_set_up


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
