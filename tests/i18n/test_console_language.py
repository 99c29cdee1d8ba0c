"""The text console reads the info feed in the table's language (`kaleun config set language`,
`runtime.language`); the event log stays English."""

from __future__ import annotations

import io
from types import SimpleNamespace

from kaleun.core.events import Event
from kaleun.core.messages import Msg
from kaleun.ui.console import Console


def _console(code: str) -> tuple[io.StringIO, SimpleNamespace]:
    out = io.StringIO()
    runtime = SimpleNamespace(game=None, table=None, listeners=[], problems=[], language=code)
    Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)  # type: ignore[arg-type]
    return out, runtime


def _event() -> Event:
    feed = Msg("{torpedo}: hit after {seconds} s!", torpedo=Msg("Torpedo {number} (tube {tube})", number=1, tube=3),
               seconds=74)
    return Event(600.0, "1941-09-11T02:10:00", "torpedo_hit", {}, feed)


def test_the_console_prints_the_feed_in_german_russian_and_english():
    expected = {"de": "[02:10:00] Torpedo 1 (Rohr 3): Treffer nach 74 s!",
                "ru": "[02:10:00] Торпеда 1 (аппарат 3): попадание через 74 с!",
                "en": "[02:10:00] Torpedo 1 (tube 3): hit after 74 s!"}
    for code, line in expected.items():
        out, runtime = _console(code)
        runtime.listeners[0](_event())
        assert out.getvalue().strip() == line
    assert _event().to_json()["feed"] == "Torpedo 1 (tube 3): hit after 74 s!"


def test_help_names_the_order_as_the_window_does_not_by_its_id():
    """`help COMMAND` said "gives the order 'new_speed' (New speed)": an id where a First Officer expects the
    order's name, at a German table "gibt den Befehl 'mobilize' (Mobilisieren)". It names the order as its button."""
    from kit import console_typed

    said = {code: console_typed(code, f"{word} {command}") for code, word, command in (
        ("en", "help", "speed"), ("de", "hilfe", "fahrt"), ("ru", "помощь", "скорость"))}
    assert '  gives the order "New speed"; check speed ... shows first who would carry it out' in said["en"]
    assert "  gibt den Befehl „Neue Geschwindigkeit“; prüfen fahrt ..." in said["de"]
    assert "  отдаёт приказ «Новая скорость»; проверить скорость ..." in said["ru"]
    assert not any("new_speed" in text for text in said.values())
