"""Stop signals after the console's `next` or `new` (rulebook §5.2, §4.3: the group goes on at the same terminal once
a mission is over). The finished game was saved and closed, and from its closing save on a stop signal was only noted
until the program had gone: the new game's set-up then asked its questions with SIGTERM (`systemctl stop`), Ctrl-C
and a hang-up unanswered, and a game answered into started only to stop at once. The next game's set-up and start now
stop on a signal as `kaleun play`'s do: one line naming it, the finished game's save and booking as they were, nothing
of a next game written."""

from __future__ import annotations

import json
import signal

import pytest
from faultkit import Console
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for

H = 3600.0
HERE = {"id": "here", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def saved_just_before_its_end(home) -> None:
    """The first part of the linked patrol Autumn 1940, shortened to an hour, saved 30 game seconds before its end."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    game = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 1.0, "encounter": [], "radio": [],
                                          "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [HERE]})
    game.advance_to(H - 30)
    save_game(game, home / "autosave.json")


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "said"), [(signal.SIGTERM, "SIGTERM"), (signal.SIGINT, "SIGINT (Ctrl-C)"),
                                           (signal.SIGHUP, "SIGHUP (the terminal closed)")])
def test_5_2_a_stop_signal_at_the_set_up_that_new_asks_stops_it_the_finished_game_kept(home, sig, said):
    saved_just_before_its_end(home)
    table = Console(home, "resume", "--console")
    table.expect("> ")
    table.send("time transit")
    table.expect("What comes next")
    table.send("new")
    table.expect("Mission (number or id) [training]: ")  # the set-up's first question, waiting for its answer
    table.proc.send_signal(sig)
    assert table.finish() == 128 + sig, table.text  # it ends (it waited for answers that never came)
    assert f"kaleun: stopped by {said} before the game started; nothing was saved, the previous save is as it " \
           "was" in table.text, table.text
    finished = open_save(home / "autosave.json").engine  # the finished part, where `kaleun play --linked` finds it
    assert finished.config["mission"] == "sc_convoy_1940" and finished.module("mission").over
    assert not list(home.glob("autosave-*.json"))  # no next game saved, none kept aside for it
    career = json.loads((home / "career.json").read_text(encoding="utf-8"))
    assert [m["mission"] for m in career["missions"]] == ["sc_convoy_1940"]  # booked once
    assert career["patrol"]["next"] == "weather_1940"


def test_5_2_a_stop_signal_as_next_saves_the_finished_game_ends_there_and_names_the_signal(home, stopper, monkeypatch):
    """SIGTERM the moment `next` saves the finished game (systemctl stop as the crew types): the loop ends on it, and
    the console said "Now the next game." and left with no next game and no word of the signal."""
    import argparse
    import io
    import os
    import sys
    import time

    from kaleun.boards.loader import default_board
    from kaleun.fronts import Opening
    from kaleun.fronts.uboot import UbootFront
    from kaleun.ui import display
    from kaleun.ui.console import Console

    monkeypatch.setattr(display, "has_display", lambda: False)
    saved_just_before_its_end(home)
    game = open_save(home / "autosave.json").engine
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)

    class Typist:
        """The crew types `next` once the debrief has been printed."""

        def isatty(self) -> bool:
            return False

        def __iter__(self):
            yield "time transit\n"
            deadline = time.monotonic() + 60  # failure guard only
            while "What comes next" not in out.getvalue() and time.monotonic() < deadline:
                time.sleep(0.01)
            yield "next\n"
            yield "quit\n"

    quit_ = Console._quit

    def quit_with_a_signal(console: Console, words: list[str], again: str = "quit") -> None:
        if console.then is not None:  # `next`, which saves and leaves as quit does: the signal comes with it
            os.kill(os.getpid(), signal.SIGTERM)
        quit_(console, words, again)

    monkeypatch.setattr(Console, "_quit", quit_with_a_signal)
    monkeypatch.setattr(sys, "stdin", Typist())
    args = argparse.Namespace(command="resume", console=True, headless=False, mission=None, linked=False,
                              campaign=False, difficulty=None, easy_watch=None, setup=False, seed=3, language="en")
    code = UbootFront().play(game, default_board(), args, Opening(language="en", keep_previous=False,
                                                                  fullscreen=False, resume=True))
    text = out.getvalue()
    assert code == 0 and "Now the next game." not in text, text
    assert text.rstrip().endswith("Stopped by SIGTERM: game saved. The mission is over (won) and cannot be played on; "
                                  "the linked patrol Autumn 1940 goes on with Weather boat: kaleun play --linked."), \
        text[-600:]
    finished = open_save(home / "autosave.json").engine
    assert finished.config["mission"] == "sc_convoy_1940" and finished.module("mission").over
    assert not list(home.glob("autosave-*.json"))  # no next game was started
