"""Two changes of the preferred settings at the same moment each keep the other's: `kaleun config set board`
over SSH while the window keeps the language chosen on its screen (or two `kaleun config set` of a set-up
script run together). Each read the file, changed its setting and wrote the file again; one of four such
pairs lost a setting. The settings' folder is now held from the reading to the writing."""

from __future__ import annotations

import contextlib
import io
import json
import threading

from kaleun import files
from kaleun.cli import main
from kaleun.settings import Settings


def test_a_setting_changed_while_another_change_is_under_way_is_kept(home, monkeypatch):
    from kaleun.ui.screens.settings import remember_language

    read = Settings.load.__func__  # type: ignore[attr-defined]
    second_tried = threading.Event()
    first_read = threading.Event()

    def first_reads_then_waits(cls, path=None):
        settings = read(cls, path)
        if threading.current_thread().name == "first":
            first_read.set()
            second_tried.wait()  # the other change comes between this reading and its writing
        return settings

    sleep = files.time.sleep

    def waiting_for_the_lock(seconds: float) -> None:
        if threading.current_thread().name == "second":
            second_tried.set()
        sleep(seconds)

    monkeypatch.setattr(Settings, "load", classmethod(first_reads_then_waits))
    monkeypatch.setattr(files.time, "sleep", waiting_for_the_lock)
    codes: dict[str, int] = {}

    def config_set() -> None:
        with contextlib.redirect_stdout(io.StringIO()):
            codes["config"] = main(["config", "set", "board", "fake-hub"])

    first = threading.Thread(name="first", target=config_set)
    first.start()
    assert first_read.wait(60)  # failure guard only
    second = threading.Thread(name="second", target=lambda: remember_language("de"))  # the window's choice
    second.start()
    second.join(60)
    second_tried.set()  # unheld, the window wrote without waiting: the config set writes over it now
    first.join(60)
    assert codes["config"] == 0
    kept = json.loads((home / "settings.json").read_text())
    assert kept.get("language") == "de" and kept.get("board", "").endswith("fake-hub"), kept
